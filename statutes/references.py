"""Cross-references inside statute text, resolved against the corpus where it holds the target.

Maryland drafting uses relative forms: "§ 5-303 of this title", "subsection (b)(2)(ii) of this
section", "paragraph (1) of this subsection". eyecite does not resolve these, hence our own.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from statutes.model import Node, Reference, code_label

_PIN = r"((?:\([0-9A-Za-z]+\))+)"
_SECTION_REF = re.compile(
    r"§\s*(\d+[A-Z]?-\d+(?:\.\d+)?[A-Z]?)" + _PIN + r"?\s+of this (?:title|article)"
)
_LOCAL_REF = re.compile(
    r"\b(subsection|paragraph|subparagraph|item)\s+"
    + _PIN
    + r"\s+of this (section|subsection|paragraph)"
)
_STRUCTURE_REF = re.compile(r"\b(Subtitle|Title|Part)\s+(\d+[A-Z]?)\s+of this (title|article)")
_PARTS = re.compile(r"\(([0-9A-Za-z]+)\)")

# "of this section" is relative to the section; "of this subsection" to the node's subsection
# (depth 1); "of this paragraph" to its paragraph (depth 2).
_ANCHOR_DEPTH = {"section": 0, "subsection": 1, "paragraph": 2}


def find_references(node: Node, exists: Callable[[str], bool]) -> list[Reference]:
    """References in the node's own text (not its children's, which list their own)."""
    own = " ".join(seg for seg in node.segments if isinstance(seg, str))
    if node.sentence:
        own = node.text
    if "of this" not in own:
        return []
    text = " ".join(own.split())
    law = node.law
    refs: list[Reference] = []
    for m in _SECTION_REF.finditer(text):
        section, pin = m.group(1), m.group(2) or ""
        parts = _PARTS.findall(pin)
        target = "/".join((law.jurisdiction, law.code, section, *parts))
        cite = law.cite_template.format(section=section, chapter=law.chapter or "", pinpoint=pin)
        refs.append(Reference(m.group(0), "section", target, cite, exists(target)))
    for m in _LOCAL_REF.finditer(text):
        parts = _PARTS.findall(m.group(2))
        depth = _ANCHOR_DEPTH[m.group(3)]
        if len(node.path) < depth:
            continue  # "of this subsection" in a node that is not inside one: leave unresolved
        path = (*node.path[:depth], *parts)
        target = "/".join((law.key, *path))
        pin = "".join(f"({p})" for p in path)
        refs.append(Reference(m.group(0), "subsection", target, law.cite(pin), exists(target)))
    for m in _STRUCTURE_REF.finditer(text):
        # "Subtitle 3 of this title" sits in the title the section number starts with (5-703 → 5).
        unit = f"{m.group(1)} {m.group(2)}"
        if m.group(3) == "title" and "-" in law.section:
            unit = f"Title {law.section.split('-')[0]}, {unit}"
        where = code_label(law.cite_template)
        refs.append(Reference(m.group(0), "structure", None, f"{where}, {unit}", False))
    return refs
