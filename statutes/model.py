"""Typed model of a law: structure, catch line, and a tree of addressable nodes.

A node keeps its content as *segments* in document order: raw text and child nodes interleaved,
so the text before, between and after child sections is never lost or reordered (the original
State Decoded importer did both). Quoted text is computed from the segments, once, on first use.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from statutes.safexml import shown
from statutes.text import Repair, clean
from statutes.versions import Version

_BUILD_LOCK = threading.RLock()


def code_label(cite_template: str) -> str:
    """The code's name as cited, without section: "Md. Code, Elec. Law", "Mass. Gen. Laws"."""
    return cite_template.split(" §")[0].split(" ch. {")[0].rstrip(",")


@dataclass(frozen=True, slots=True)
class Unit:
    """A `<structure><unit>` of the XML, as the file states it (not trusted for naming)."""

    label: str
    identifier: str
    level: int | None
    order_by: str
    name: str


@dataclass(frozen=True, slots=True)
class Reference:
    """A cross-reference found in a node's text."""

    text: str  # the words in the statute, e.g. "§ 5-303 of this title"
    kind: str  # "section", "subsection", "structure"
    target_id: str | None  # e.g. "md/gel/5-303", "md/gel/5-903/b/2/ii"; None for structure refs
    target_cite: str
    in_corpus: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "text": self.text,
            "kind": self.kind,
            "target_id": self.target_id,
            "target_cite": self.target_cite,
            "in_corpus": self.in_corpus,
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """A data-quality finding for lint."""

    file: str
    code: str  # mojibake-repaired, catch-line-missing, catch-line-truncated, unit-conflict, ...
    message: str
    node_id: str | None = None
    info: bool = False  # worth listing, not a defect (e.g. "unofficial copy")

    def __str__(self) -> str:
        where = f" [{self.node_id}]" if self.node_id else ""
        code = f"{self.code} (info)" if self.info else self.code
        return f"{self.file}: {code}: {self.message}{where}"


@dataclass(eq=False)
class Law:
    """One `<law>` file: one version of a section of a code."""

    jurisdiction: str  # "md", "ma"
    code: str  # "gel", "mgl"
    code_name: str  # from the manifest: "Election Law"
    section: str  # "5-903" or "14"
    chapter: str | None  # "53" for Massachusetts
    catch_line: str | None
    raw_catch_line: str
    units: list[Unit]
    source: Path
    cite_template: str
    xml: bytes = field(default=b"", repr=False)  # kept until the tree is built
    build: Callable[[Law], Node] | None = field(default=None, repr=False)
    exists: Callable[[str], bool] = field(default=lambda _id: False, repr=False)
    tree_findings: list[Finding] = field(default_factory=list, repr=False)
    _root: Node | None = field(default=None, repr=False)
    _version: Version | None = field(default=None, repr=False)

    @property
    def version(self) -> Version:
        """Which text of the law this file holds (undated when no metadata describes it)."""
        if self._version is None:
            # Built on first use: a corpus without versions.toml pays nothing for it at load.
            self._version = Version.undated(self.key, shown(self.source))
        return self._version

    @version.setter
    def version(self, version: Version) -> None:
        self._version = version

    @property
    def partial(self) -> bool:
        """Whether this version lists subsections it does not hold (`version.missing`)."""
        return self._version is not None and bool(self._version.missing)

    @property
    def root(self) -> Node:
        """The node tree, built on first use (loading only parses and validates)."""
        if self._root is None:
            with _BUILD_LOCK:  # Slack listeners run in threads: build each tree once
                if self._root is None:
                    if self.build is None:
                        raise RuntimeError(f"{self.source}: no tree builder")
                    self._root = self.build(self)
        return self._root

    @root.setter
    def root(self, node: Node) -> None:
        self._root = node

    @property
    def key(self) -> str:
        if self.chapter is not None:
            return f"{self.jurisdiction}/{self.code}/c{self.chapter}/{self.section}"
        return f"{self.jurisdiction}/{self.code}/{self.section}"

    def cite(self, pinpoint: str = "") -> str:
        if pinpoint and not pinpoint.startswith("("):
            pinpoint = f", {pinpoint}"  # "…§ 14, sentence 7"
        return self.cite_template.format(
            section=self.section, chapter=self.chapter or "", pinpoint=pinpoint
        )

    def find(self, path: tuple[str, ...]) -> Node | None:
        """The node at `path` in this version's own tree, if it has one."""
        node: Node | None = self.root
        for part in path:
            if node is None:
                return None
            node = node.child(part)
        return node

    def walk(self) -> list[Node]:
        out: list[Node] = []
        stack = [self.root]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out


@dataclass(eq=False)
class Node:
    """An addressable part of a law: the whole section, a subsection, or a sentence."""

    law: Law
    path: tuple[str, ...]
    parent: Node | None
    prefix: str = ""  # as written in the XML, e.g. "(b)"
    segments: list[str | Node] = field(default_factory=list)
    sentence: bool = False  # a sentence of a flat section (not part of its parent's segments)
    children: list[Node] = field(default_factory=list)
    _cleaned: bool = field(default=False, repr=False)
    _repairs: list[Repair] = field(default_factory=list, repr=False)
    _text: str | None = field(default=None, repr=False)
    _sha: str | None = field(default=None, repr=False)

    @cached_property
    def references(self) -> list[Reference]:
        """Cross-references in this node's own text, resolved against the corpus."""
        from statutes.references import find_references

        return find_references(self, self.law.exists)

    @property
    def id(self) -> str:
        return "/".join((self.law.key, *self.path))

    @property
    def pinpoint(self) -> str:
        if self.sentence:
            return f"sentence {self.path[-1].removeprefix('s')}"
        return "".join(f"({p})" for p in self.path)

    @property
    def cite(self) -> str:
        return self.law.cite(self.pinpoint)

    @property
    def label(self) -> str:
        """What the statute calls this level: subsection (a), paragraph (1), subparagraph (i)."""
        if self.sentence:
            return "sentence"
        return ("section", "subsection", "paragraph", "subparagraph", "item")[
            min(len(self.path), 4)
        ]

    def _clean(self) -> list[str | Node]:
        """Clean the raw text segments once, in place (raw text is not kept: memory)."""
        if not self._cleaned:
            cleaned: list[str | Node] = []
            for seg in self.segments:
                if isinstance(seg, Node):
                    cleaned.append(seg)
                    continue
                text, repairs = clean(seg)
                if repairs:
                    self._repairs.extend(repairs)
                if text:
                    cleaned.append(text)
            self.segments = cleaned
            self._cleaned = True
        return self.segments

    @property
    def chapeau(self) -> str:
        """Text before the first child (USLM's "chapeau"): the lead-in of the children."""
        parts: list[str] = []
        for seg in self._clean():
            if isinstance(seg, Node):
                break
            parts.append(seg)
        return " ".join(parts)

    @property
    def text(self) -> str:
        """The node's quoted text, children included with their prefixes, in document order."""
        if self._text is not None:
            return self._text
        parts = [
            (f"{seg.prefix} {seg.text}" if seg.prefix else seg.text)
            if isinstance(seg, Node)
            else seg
            for seg in self._clean()
        ]
        text = " ".join(parts)
        if not self.children:
            self._text = text  # leaves keep their text; parents rebuild theirs (memory)
        return text

    @property
    def lead_in(self) -> str:
        """The ancestors' lead-in text, outermost first ("" when none)."""
        if self.sentence:
            return ""
        chain = [a.chapeau for a in self.ancestors()]
        return " ".join(c for c in chain if c)

    @property
    def text_sha256(self) -> str:
        if self._sha is None:
            self._sha = hashlib.sha256(self.text.encode("utf-8")).hexdigest()
        return self._sha

    @property
    def repairs(self) -> list[Repair]:
        self._clean()
        return self._repairs

    def child(self, name: str) -> Node | None:
        for c in self.children:
            if c.path[-1] == name:
                return c
        return None

    def ancestors(self) -> list[Node]:
        out: list[Node] = []
        node = self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    @property
    def not_held(self) -> tuple[str, ...]:
        """The pinpoints inside this node (or around it) that its version does not hold: the
        node's text is incomplete there, e.g. ("(e)(3)",) for (e) of a partial version."""
        path = self.path
        return tuple(
            pin
            for pin, missing in zip(
                self.law.version.missing, self.law.version.missing_paths, strict=True
            )
            if missing[: len(path)] == path or path[: len(missing)] == missing
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "cite": self.cite,
            "law": self.law.key,
            "path": list(self.path),
            "id": self.id,
            "text": self.text,
            "lead_in": self.lead_in,
            "references": [r.as_dict() for r in self.references],
            "text_sha256": self.text_sha256,
            "version": self.law.version.as_dict(),
            "not_held": list(self.not_held),
        }
