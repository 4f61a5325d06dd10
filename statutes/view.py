"""The corpus as one text per law: node ids, citation lookup, and the fallback for partial texts.

A view quotes one version of each law (`view.laws`). Node ids do not carry the version (pins
keep their ids); `node.law.version` says which text a node comes from.

A *partial* version lists subsections it does not hold (`missing`, e.g. "(e)(3)"). Asked for a
node inside one, the view answers with the node of the newest earlier version that holds it,
and says so (`view.fallback(node)`), so an answer can state first that this part is quoted from
an older text. Nothing is ever filled in silently: a node whose own version lacks part of it
lists what is missing in `node.not_held`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

from statutes.citations import (
    CitationNotFound,
    CitationSyntaxError,
    ParsedCitation,
    parse_citation,
)
from statutes.in_force import InForce
from statutes.manifest import Manifest
from statutes.model import Law, Node
from statutes.versions import Version


class VersionUnsettled(CitationNotFound):
    """The view cannot quote a law because it is not settled which text was in force on its
    day (several candidates, or none held); `in_force` tells the caller which ones."""

    def __init__(self, message: str, in_force: InForce) -> None:
        super().__init__(message)
        self.in_force = in_force


@dataclass(frozen=True, slots=True)
class Fallback:
    """A node a view quotes from an earlier text because its own version does not hold it."""

    node_id: str
    pinned: Version  # the version the view quotes for this law
    quoted: Version  # the earlier version the node's text comes from
    missing: str  # the pinpoint the pinned version lacks, as cited: "(f)"


@dataclass(eq=False, kw_only=True)
class CorpusView:
    """One version per law, addressed like a corpus: `node`, `has_node`, `lookup`, `nodes`,
    `laws`, `version`. A view for a day (`Corpus.at`) leaves out laws whose text in force that
    day is not settled (`unsettled`): asking for them raises `VersionUnsettled`."""

    laws: dict[str, Law] = field(default_factory=dict)
    manifest: Manifest = field(default_factory=Manifest.load)
    # Every held version of each law, oldest first (shared by the corpus and its views).
    held: dict[str, list[Law]] = field(default_factory=dict, repr=False)
    as_of: date | None = None  # a view for a day (`Corpus.at`): that day
    # For a view for a day: what `Corpus.in_force` found for each law with version metadata,
    # and the laws among them it cannot quote (no single text settled for the day).
    in_force_on_day: dict[str, InForce] = field(default_factory=dict)
    unsettled: dict[str, InForce] = field(default_factory=dict)
    _nodes: dict[str, Node] = field(default_factory=dict, repr=False)
    _lookup_cache: dict[str, str] = field(default_factory=dict, repr=False)
    _built: set[str] = field(default_factory=set, repr=False)

    # --- addressing ------------------------------------------------------------------------
    def node(self, node_id: str) -> Node:
        """A node by id (KeyError if the view has no such node; `VersionUnsettled` if it is in a
        law whose text in force on the view's day is not settled)."""
        found = self._nodes.get(node_id)
        if found is not None:
            return found
        parts = node_id.split("/")
        for n in (4, 3):  # "ma/mgl/c53/14/…" or "md/gel/5-903/…"
            key = "/".join(parts[:n])
            if key in self.unsettled:
                raise self._unsettled(key)
            law = self.laws.get(key)
            if law is not None and law.key not in self._built:
                self._materialize(law)
                return self._nodes[node_id]
        raise KeyError(node_id)

    def has_node(self, node_id: str) -> bool:
        try:
            self.node(node_id)
        except (KeyError, VersionUnsettled):
            return False
        return True

    @property
    def nodes(self) -> dict[str, Node]:
        """Every node by id (builds every law's tree)."""
        for law in self.laws.values():
            if law.key not in self._built:
                self._materialize(law)
        return self._nodes

    def _materialize(self, law: Law) -> None:
        self._nodes.update(self._addressable(law))
        self._built.add(law.key)

    def _chain(self, law: Law) -> list[Law]:
        """`law`, then the earlier held versions of the same law, newest first."""
        versions = self.held.get(law.key, [law])
        upto = next((i for i, v in enumerate(versions) if v is law), None)
        return [law] if upto is None else versions[upto::-1]

    def _addressable(self, law: Law) -> dict[str, Node]:
        """The nodes this view quotes for `law`: its own, and for each part it does not hold,
        the nodes of the newest earlier version that does not list that part as missing."""
        if not law.partial:
            return {node.id: node for node in law.walk()}
        chain = self._chain(law)
        out: dict[str, Node] = {}
        for version in chain:
            for node in version.walk():
                if node.id not in out and newest_holding(chain, node.path) is version:
                    out[node.id] = node
        return out

    # --- fallbacks -------------------------------------------------------------------------
    def fallback(self, node: Node) -> Fallback | None:
        """How this view came to quote `node` from an older text, or None if it did not."""
        pinned = self.laws.get(node.law.key)
        if pinned is None or node.law is pinned or not self.has_node(node.id):
            return None
        if self.node(node.id) is not node:
            return None
        missing = next(
            pin
            for pin, path in zip(pinned.version.missing, pinned.version.missing_paths, strict=True)
            if node.path[: len(path)] == path
        )
        return Fallback(node.id, pinned.version, node.law.version, missing)

    @property
    def fallbacks(self) -> dict[str, Fallback]:
        """Every node this view quotes from an older text than the one it is pinned to."""
        out: dict[str, Fallback] = {}
        for law in self.laws.values():
            if not law.partial:
                continue
            if law.key not in self._built:
                self._materialize(law)
            for older in self._chain(law)[1:]:
                for node in older.walk():
                    if self._nodes.get(node.id) is node:
                        found = self.fallback(node)
                        if found is not None:
                            out[node.id] = found
        return out

    # --- citations -------------------------------------------------------------------------
    def lookup(self, citation: str) -> Node:
        """Resolve a citation as staff type it; raises `CitationError` with a helpful message."""
        cached = self._lookup_cache.get(citation)
        if cached is not None:
            return self.node(cached)
        parsed = parse_citation(
            citation,
            self.manifest.aliases,
            self.manifest.jurisdiction_codes,
            self.manifest.known,
        )
        node = self._resolve(parsed, citation)
        if len(self._lookup_cache) < 10_000:
            self._lookup_cache[citation] = node.id
        return node

    def _resolve(self, parsed: ParsedCitation, citation: str) -> Node:
        keys = []
        for jurisdiction, code in parsed.codes:
            chapter = f"c{parsed.chapter}/" if parsed.chapter else ""
            key = f"{jurisdiction}/{code}/{chapter}{parsed.section}"
            if key in self.laws or key in self.unsettled:
                keys.append(key)
        if not keys:
            held = "; ".join(sorted(law.cite() for law in self.laws.values()))
            what = f"§ {parsed.section}"
            if parsed.chapter:
                what = f"ch. {parsed.chapter}, {what}"
            raise CitationNotFound(f"{what} is not in the corpus. The corpus holds: {held}.")
        if len(keys) > 1:
            options = "; ".join(self._cite(key) for key in keys)
            raise CitationSyntaxError(f"{citation!r} is ambiguous; name the code: {options}.")
        if keys[0] in self.unsettled:
            raise self._unsettled(keys[0])
        node = self.node(keys[0])  # builds the tree and indexes its nodes
        law = self.laws[keys[0]]
        for i, part in enumerate(parsed.path):
            nxt = self._nodes.get(f"{node.id}/{part}")
            if nxt is None:
                wanted = "".join(f"({p})" for p in parsed.path[: i + 1])
                if part.startswith("s") and part[1:].isdigit():
                    wanted = f"sentence {part[1:]}"
                if law.version.lacks(parsed.path[: i + 1]):
                    raise CitationNotFound(_not_held_message(law, wanted))
                raise CitationNotFound(_not_found_message(node, self._children(law, node), wanted))
            node = nxt
        return node

    def _cite(self, key: str) -> str:
        law = self.laws.get(key) or self.held[key][-1]
        return law.cite()

    def _unsettled(self, key: str) -> VersionUnsettled:
        in_force = self.unsettled[key]
        return VersionUnsettled(unsettled_message(in_force, self._cite(key)), in_force)

    def _children(self, law: Law, node: Node) -> list[Node]:
        """The children of `node` this view quotes (its own version's and any fallbacks)."""
        if not law.partial:
            return node.children
        out: dict[str, Node] = {}
        for version in self._chain(law):
            same = version.find(node.path)
            for child in same.children if same is not None else ():
                quoted = self._nodes.get(child.id)
                if quoted is not None:
                    out.setdefault(child.id, quoted)
        return list(out.values())

    # --- integrity -------------------------------------------------------------------------
    @cached_property
    def version(self) -> str:
        """One hash over every node's text: changes whenever any quoted text changes."""
        return hash_pairs((node_id, node.text_sha256) for node_id, node in self.nodes.items())


def newest_holding(chain: list[Law], path: tuple[str, ...]) -> Law | None:
    """The newest version in `chain` that does not list `path` as missing."""
    return next((law for law in chain if not law.version.lacks(path)), None)


def hash_pairs(pairs: Iterable[tuple[str, str]]) -> str:
    h = hashlib.sha256()
    for node_id, sha in sorted(pairs):
        h.update(node_id.encode())
        h.update(sha.encode())
    return h.hexdigest()


def unsettled_message(in_force: InForce, what: str) -> str:
    """Why a view for a day cannot quote law `what`: the versions that may have been in force."""
    day = in_force.day.isoformat()
    if len(in_force.versions) == 1 and not in_force.versions[0].held:
        only = in_force.versions[0]
        return f"{what}: the text in force on {day} is version {only.id}, whose text I do not hold."
    if in_force.versions:
        options = "; ".join(
            f"{v.summary()}" if v.held else f"version {v.id} (text not held)"
            for v in in_force.versions
        )
        return f"{what}: it is not known which text was in force on {day}. It may be: {options}."
    return f"{what}: no text held for {day}: no version of it is known to cover that day."


def _not_held_message(law: Law, wanted: str) -> str:
    return (
        f"{law.cite(wanted)} is not held: the text quoted here (version {law.version.id}) "
        f"does not include it, and no earlier text held does."
    )


def _not_found_message(ancestor: Node, children: list[Node], wanted: str) -> str:
    kind = (
        "sentence"
        if wanted.startswith("sentence")
        else {0: "subsection", 1: "paragraph", 2: "subparagraph"}.get(len(ancestor.path), "item")
    )
    name = ancestor.cite
    have = ", ".join(c.pinpoint.removeprefix(ancestor.pinpoint) for c in children)
    if wanted.startswith("sentence"):
        have = f"sentences 1–{len(children)}" if children else ""
    target = (
        wanted.removeprefix("sentence ")
        if kind == "sentence"
        else wanted.removeprefix(ancestor.pinpoint)
    )
    tail = f"; it has {have}." if have else "; it has no subdivisions."
    return f"{name} has no {kind} {target}. Nearest existing: {name}{tail}"
