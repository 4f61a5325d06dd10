"""State Decoded XML → `Law`.

Repairs happen here and are reported as findings; the statute text in the files is never edited.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from statutes.model import Finding, Law, Node, Unit
from statutes.safexml import XMLRefused, parse_bytes, read_statute_file, shown
from statutes.text import clean


class CorpusLoadError(ValueError):
    """A file that cannot be loaded at all; the message is one line naming the file."""


@dataclass(frozen=True)
class CodeEntry:
    """A code as the manifest describes it."""

    jurisdiction: str
    code: str
    name: str
    cite: str
    aliases: tuple[str, ...]
    section_number_prefix: str | None = None
    chapter_unit_label: str | None = None

    @classmethod
    def from_manifest(cls, jurisdiction: str, code: str, entry: dict[str, Any]) -> CodeEntry:
        return cls(
            jurisdiction=jurisdiction,
            code=code,
            name=entry["name"],
            cite=entry["cite"],
            aliases=tuple(entry.get("aliases", ())),
            section_number_prefix=entry.get("section_number_prefix"),
            chapter_unit_label=entry.get("chapter_unit_label"),
        )


# A sentence ends at ". " before a capital letter, unless the period closes an abbreviation.
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z“\"(])")
_ABBREVIATION = re.compile(
    r"\(?(?:[a-z]|p\.m|a\.m|ch|St|No|Nos|Mr|Mrs|Ms|Dr|Gen|Sec|Sect|par|cl|U\.S|vs|e\.g|i\.e|"
    r"etc|Inc|Co|Corp|Jr|Sr)\.",
    re.IGNORECASE,
)
# A catch line that is only dots, or a sentence cut off with an ellipsis, is not a title.
_ELLIPSIS = re.compile(r"(\.\.\.|…)\s*$")


def split_sentences(text: str) -> list[str]:
    """Split a flat section into sentences, keeping abbreviations such as "p.m." intact."""
    sentences: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        candidate = text[start : m.start()]
        if _ABBREVIATION.fullmatch(candidate.rsplit(" ", 1)[-1]):
            continue
        sentences.append(candidate)
        start = m.end()
    tail = text[start:]
    if tail:
        sentences.append(tail)
    return sentences


def _prefix_name(prefix: str) -> str:
    return prefix.strip().strip("()").strip()


# A section number or chapter becomes part of a node id ("md/gel/5-903/b"): anything longer, or
# with spaces, slashes or control characters, is not an address a person could type.
_ADDRESS = re.compile(r"[^\s/]{1,40}")


def load_law(path: Path, codes: list[CodeEntry]) -> tuple[Law, list[Finding]]:
    """Load one XML file as a law of whichever of `codes` it belongs to.

    Raises `CorpusLoadError` with a one-line message naming the file for anything that cannot be
    loaded, hostile files included (see `statutes.safexml`).
    """
    name = shown(path)
    try:
        data = read_statute_file(path)
        root = parse_bytes(data, name)
    except XMLRefused as exc:
        raise CorpusLoadError(str(exc)) from None
    if root.tag != "law":
        raise CorpusLoadError(
            f"{name}:{root.sourceline}: root element is <{shown(root.tag, 80)}>, not <law>"
        )
    findings: list[Finding] = []

    number_el = root.find("section_number")
    number = (number_el.text or "").strip() if number_el is not None else ""
    if not number:
        raise CorpusLoadError(f"{name}: no <section_number>: cannot address this law")
    if not _ADDRESS.fullmatch(number) or not number.isprintable():
        raise CorpusLoadError(
            f"{name}:{number_el.sourceline}: section number {shown(number, 40)!r} "
            "cannot be used as an address"
        )

    units = [
        Unit(
            label=u.get("label", ""),
            identifier=u.get("identifier", ""),
            level=_level(u.get("level")),
            order_by=u.get("order_by", ""),
            name=clean(u.text)[0] if u.text else "",
        )
        for u in root.iterfind("structure/unit")
    ]

    entry, section, chapter = _identify(name, number, units, codes)
    findings.extend(_check_units(name, entry, units))

    raw_catch = root.findtext("catch_line") or ""
    catch_line, catch_finding = _catch_line(name, raw_catch, root)
    if catch_finding:
        findings.append(catch_finding)

    law = Law(
        jurisdiction=entry.jurisdiction,
        code=entry.code,
        code_name=entry.name,
        section=section,
        chapter=chapter,
        catch_line=catch_line,
        raw_catch_line=raw_catch,
        units=units,
        source=path,
        cite_template=entry.cite,
    )
    if root.find("text") is None:
        raise CorpusLoadError(f"{name}: no <text>: nothing to quote")
    law.xml = data
    law.build = build_tree
    return law, findings


def _level(value: str | None) -> int | None:
    """A unit's level, if it is a small number (int() refuses "²" and 5,000-digit strings)."""
    if value and len(value) <= 4 and value.isdecimal():
        return int(value)
    return None


def build_tree(law: Law) -> Node:
    """The law's node tree, built from its (already validated) XML on first use."""
    name = shown(law.source)
    text_el = parse_bytes(law.xml, name).find("text")
    root = Node(law=law, path=(), parent=None)
    _fill(root, text_el, name, law.tree_findings)
    if not root.children and root.segments:
        _add_sentences(root)
    law.xml = b""  # the tree now holds everything; free the bytes
    return root


def _identify(
    name: str, number: str, units: list[Unit], codes: list[CodeEntry]
) -> tuple[CodeEntry, str, str | None]:
    for entry in codes:
        if entry.section_number_prefix and number.startswith(entry.section_number_prefix):
            return entry, number.removeprefix(entry.section_number_prefix), None
    for entry in codes:
        if entry.chapter_unit_label:
            chapter = next(
                (u.identifier for u in units if u.label == entry.chapter_unit_label), None
            )
            if chapter:
                if not _ADDRESS.fullmatch(chapter) or not chapter.isprintable():
                    raise CorpusLoadError(
                        f"{name}: chapter {shown(chapter, 40)!r} cannot be used as an address"
                    )
                return entry, number, chapter
    where = " or ".join(sorted({e.jurisdiction for e in codes}))
    raise CorpusLoadError(
        f"{name}: section number {shown(number, 40)!r} matches no code the manifest lists "
        f"for {where or 'any jurisdiction'}"
    )


def _check_units(name: str, entry: CodeEntry, units: list[Unit]) -> list[Finding]:
    """Report structure metadata that contradicts the manifest (the manifest wins)."""
    out: list[Finding] = []
    for u in units:
        if entry.section_number_prefix and u.identifier == entry.code:
            if u.name and u.name != entry.name:
                out.append(
                    Finding(
                        name,
                        "unit-conflict",
                        f"structure says {u.label} {u.identifier!r} is {u.name!r}; "
                        f"the manifest names it {entry.name!r} (manifest used)",
                    )
                )
            elif not u.name:
                out.append(
                    Finding(
                        name,
                        "unit-unnamed",
                        f"structure {u.label} {u.identifier!r} has no name; "
                        f"the manifest names it {entry.name!r}",
                    )
                )
            if u.label not in ("article",):
                out.append(
                    Finding(
                        name,
                        "unit-label",
                        f"structure labels article code {u.identifier!r} as a {u.label!r}",
                    )
                )
    return out


def _catch_line(name: str, raw: str, root: etree._Element) -> tuple[str | None, Finding | None]:
    text = clean(raw)[0]
    if not text or not text.strip(". …"):
        what = "empty" if not text else f"only {text!r}"
        return None, Finding(name, "catch-line-missing", f"catch line is {what}")
    if _ELLIPSIS.search(text):
        return None, Finding(
            name, "catch-line-truncated", f"catch line is a truncated sentence: {text!r}"
        )
    stem = text.rstrip(".… ")
    if len(stem) <= 40:
        return text, None
    body_el = root.find("text")
    body = " ".join("".join(body_el.itertext()).split()) if body_el is not None else ""
    if stem in body:
        return None, Finding(
            name, "catch-line-truncated", f"catch line is the start of the text: {text!r}"
        )
    return text, None


def _fill(node: Node, el: etree._Element, name: str, findings: list[Finding]) -> None:
    """Copy `el`'s content into `node.segments` in document order, recursing into sections."""
    if el.text:
        node.segments.append(el.text)
    seen: set[str] = set()
    for child in el:
        if child.tag == "section":
            prefix = (child.get("prefix") or "").strip()
            key = _prefix_name(prefix)
            if not key:
                # An unprefixed section has no address of its own: keep its content in place,
                # inside its parent, rather than inventing a path element.
                findings.append(
                    Finding(
                        name,
                        "section-unprefixed",
                        f"line {child.sourceline}: <section> without prefix kept inline",
                        node.id,
                    )
                )
                _fill(node, child, name, findings)
            else:
                if key in seen:
                    findings.append(
                        Finding(
                            name,
                            "section-duplicate",
                            f"line {child.sourceline}: second {prefix} under one parent; "
                            "addressed as the first only",
                            node.id,
                        )
                    )
                    key = f"{key}~{len(node.children) + 1}"
                seen.add(key)
                sub = Node(law=node.law, path=(*node.path, key), parent=node, prefix=prefix)
                node.children.append(sub)
                node.segments.append(sub)
                _fill(sub, child, name, findings)
        else:
            findings.append(
                Finding(
                    name,
                    "unknown-element",
                    f"line {child.sourceline}: <{shown(child.tag, 80)}> inside text; its text kept",
                    node.id,
                )
            )
            if child.text:
                node.segments.append(child.text)
        if child.tail:
            node.segments.append(child.tail)


def _add_sentences(root: Node) -> None:
    """A flat section is addressed by sentence: § 14, sentence 7 → path ("s7",)."""
    for i, sentence in enumerate(split_sentences(root.text), start=1):
        root.children.append(
            Node(
                law=root.law,
                path=(f"s{i}",),
                parent=root,
                segments=[sentence],
                sentence=True,
            )
        )
