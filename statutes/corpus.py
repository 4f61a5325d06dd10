"""The loaded corpus: every law, every node by id, citation lookup, lint findings."""

from __future__ import annotations

import gc
import hashlib
import os
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from statutes.citations import (
    CitationNotFound,
    CitationSyntaxError,
    ParsedCitation,
    alias_key,
    parse_citation,
)
from statutes.loader import CodeEntry, CorpusLoadError, load_law
from statutes.model import Finding, Law, Node, code_label

PACKAGE_DIR = Path(__file__).resolve().parent
DEFAULT_XML_DIR = PACKAGE_DIR / "xml"
MANIFEST = PACKAGE_DIR / "manifest.toml"


def default_corpus_dir() -> Path:
    return Path(os.environ.get("DEADLINE_BOT_CORPUS") or DEFAULT_XML_DIR)


@dataclass
class Manifest:
    codes: dict[str, list[CodeEntry]]  # jurisdiction → codes

    @classmethod
    def load(cls, path: Path = MANIFEST) -> Manifest:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        codes = {
            j: [CodeEntry.from_manifest(j, c, e) for c, e in body.get("codes", {}).items()]
            for j, body in data["jurisdictions"].items()
        }
        return cls(codes)

    @cached_property
    def aliases(self) -> dict[str, tuple[str, str]]:
        out: dict[str, tuple[str, str]] = {}
        for entries in self.codes.values():
            for e in entries:
                for a in (*e.aliases, e.code, e.name):
                    out[alias_key(a)] = (e.jurisdiction, e.code)
        return out

    @cached_property
    def known(self) -> str:
        """The codes, as named in error messages: "Md. Code, Elec. Law (EL, gel); …"."""
        names = []
        for entries in self.codes.values():
            for e in entries:
                short = [a for a in e.aliases if len(a) <= 6][:3]
                names.append(f"{code_label(e.cite)} ({', '.join(short)})")
        return "; ".join(names)


@dataclass
class Corpus:
    root: Path
    laws: dict[str, Law] = field(default_factory=dict)
    _nodes: dict[str, Node] = field(default_factory=dict, repr=False)
    load_findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # files that could not be loaded (lenient)
    manifest: Manifest = field(default_factory=Manifest.load)
    _lookup_cache: dict[str, str] = field(default_factory=dict, repr=False)
    _built: set[str] = field(default_factory=set, repr=False)

    # --- addressing ------------------------------------------------------------------------
    def node(self, node_id: str) -> Node:
        """A node by id (KeyError if the corpus has no such node)."""
        found = self._nodes.get(node_id)
        if found is not None:
            return found
        parts = node_id.split("/")
        for n in (4, 3):  # "ma/mgl/c53/14/…" or "md/gel/5-903/…"
            law = self.laws.get("/".join(parts[:n]))
            if law is not None and law.key not in self._built:
                self._materialize(law)
                return self._nodes[node_id]
        raise KeyError(node_id)

    def has_node(self, node_id: str) -> bool:
        try:
            self.node(node_id)
        except KeyError:
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
        nodes = {node.id: node for node in law.walk()}
        self._nodes.update(nodes)
        self._built.add(law.key)

    def lookup(self, citation: str) -> Node:
        """Resolve a citation as staff type it; raises `CitationError` with a helpful message."""
        cached = self._lookup_cache.get(citation)
        if cached is not None:
            return self.node(cached)
        parsed = parse_citation(
            citation,
            self.manifest.aliases,
            {j: [e.code for e in es] for j, es in self.manifest.codes.items()},
            self.manifest.known,
        )
        node = self._resolve(parsed, citation)
        if len(self._lookup_cache) < 10_000:
            self._lookup_cache[citation] = node.id
        return node

    def _resolve(self, parsed: ParsedCitation, citation: str) -> Node:
        laws = []
        for jurisdiction, code in parsed.codes:
            chapter = f"c{parsed.chapter}/" if parsed.chapter else ""
            law = self.laws.get(f"{jurisdiction}/{code}/{chapter}{parsed.section}")
            if law is not None:
                laws.append(law)
        if not laws:
            held = "; ".join(sorted(law.cite() for law in self.laws.values()))
            what = f"§ {parsed.section}"
            if parsed.chapter:
                what = f"ch. {parsed.chapter}, {what}"
            raise CitationNotFound(f"{what} is not in the corpus. The corpus holds: {held}.")
        if len(laws) > 1:
            options = "; ".join(law.cite() for law in laws)
            raise CitationSyntaxError(f"{citation!r} is ambiguous; name the code: {options}.")
        node = self.node(laws[0].key)  # builds the tree and indexes its nodes
        for i, part in enumerate(parsed.path):
            nxt = node.child(part)
            if nxt is None:
                wanted = "".join(f"({p})" for p in parsed.path[: i + 1])
                if part.startswith("s") and part[1:].isdigit():
                    wanted = f"sentence {part[1:]}"
                raise CitationNotFound(_not_found_message(node, wanted))
            node = nxt
        return node

    # --- integrity -------------------------------------------------------------------------
    @cached_property
    def version(self) -> str:
        """One hash over every node's text: changes whenever any quoted text changes."""
        h = hashlib.sha256()
        for node_id in sorted(self.nodes):
            h.update(node_id.encode())
            h.update(self.nodes[node_id].text_sha256.encode())
        return h.hexdigest()

    @property
    def findings(self) -> list[Finding]:
        """Everything lint reports: load-time findings, repairs and unresolved references."""
        out = list(self.load_findings)
        self.nodes  # noqa: B018 - builds every tree, which records its findings
        for law in self.laws.values():
            out.extend(law.tree_findings)
            for node in law.walk():
                if node.sentence:
                    continue  # sentences are cut from already-repaired text
                for r in node.repairs:
                    out.append(
                        Finding(
                            str(law.source),
                            f"{r.kind}-repaired" if r.kind == "mojibake" else r.kind,
                            f"{r.before!r} → {r.after!r} ({r.detail})"
                            if r.detail
                            else f"{r.before!r} → {r.after!r}",
                            node.id,
                        )
                    )
                for ref in node.references:
                    if not ref.in_corpus:
                        out.append(
                            Finding(
                                str(law.source),
                                "reference-unresolved",
                                f"{ref.text!r} → {ref.target_cite} is not in the corpus",
                                node.id,
                            )
                        )
        return out


def _not_found_message(ancestor: Node, wanted: str) -> str:
    kind = (
        "sentence"
        if wanted.startswith("sentence")
        else {0: "subsection", 1: "paragraph", 2: "subparagraph"}.get(len(ancestor.path), "item")
    )
    name = ancestor.cite
    have = ", ".join(c.pinpoint.removeprefix(ancestor.pinpoint) for c in ancestor.children)
    if wanted.startswith("sentence"):
        have = f"sentences 1–{len(ancestor.children)}" if ancestor.children else ""
    target = (
        wanted.removeprefix("sentence ")
        if kind == "sentence"
        else wanted.removeprefix(ancestor.pinpoint)
    )
    tail = f"; it has {have}." if have else "; it has no subdivisions."
    return f"{name} has no {kind} {target}. Nearest existing: {name}{tail}"


def load_corpus(path: Path | None = None, *, strict: bool = True) -> Corpus:
    """Load every `<jurisdiction>/*.xml` under `path`.

    strict: raise `CorpusLoadError` naming the first file that cannot be loaded; otherwise keep
    going and list such files in `corpus.errors` (lint).
    """
    root = Path(path) if path is not None else default_corpus_dir()
    if not root.is_dir():
        raise CorpusLoadError(f"{root}: corpus folder does not exist")
    corpus = Corpus(root=root)
    # Nodes point at their parents (cycles); pausing the cyclic GC while building the tree keeps
    # loading linear instead of rescanning an ever-growing heap.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        _load_into(corpus, root, strict)
    finally:
        if gc_was_enabled:
            gc.enable()
    return corpus


def _load_into(corpus: Corpus, root: Path, strict: bool) -> None:
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        codes = corpus.manifest.codes.get(folder.name)
        if codes is None:
            corpus.load_findings.append(
                Finding(str(folder), "unknown-jurisdiction", "folder not in the manifest; skipped")
            )
            continue
        names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".xml"))
        for file in (folder / n for n in names):
            try:
                law, findings = load_law(file, folder.name, codes)
            except CorpusLoadError as exc:
                if strict:
                    raise
                corpus.errors.append(str(exc))
                continue
            if law.key in corpus.laws:
                msg = f"{file}: duplicate of {corpus.laws[law.key].source} ({law.cite()})"
                if strict:
                    raise CorpusLoadError(msg)
                corpus.errors.append(msg)
                continue
            law.exists = corpus.has_node
            corpus.laws[law.key] = law
            corpus.load_findings.extend(findings)
    if not corpus.laws and strict:
        raise CorpusLoadError(f"{root}: no statute XML found (expected <jurisdiction>/*.xml)")


_DEFAULT: dict[Path, Corpus] = {}


def default_corpus(path: Path | None = None) -> Corpus:
    """The corpus for `path` (default folder if None), loaded once per process."""
    # Keyed by the path as given: this runs on every answer, and resolving costs syscalls.
    key = Path(path) if path is not None else default_corpus_dir()
    if key not in _DEFAULT:
        _DEFAULT[key] = load_corpus(key)
    return _DEFAULT[key]
