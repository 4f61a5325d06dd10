"""The loaded corpus: every law and every version of it, the default view, lint findings."""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property, partial
from pathlib import Path

from statutes.citations import CitationNotFound
from statutes.in_force import InForce, in_force_versions, timeline_problems
from statutes.lint import corpus_findings
from statutes.loader import CodeEntry, CorpusLoadError, load_law
from statutes.manifest import MANIFEST, Manifest
from statutes.model import Finding, Law
from statutes.safexml import shown
from statutes.versions import VERSIONS_FILE, Version, entry_label, read_versions
from statutes.view import CorpusView, hash_pairs, newest_holding

__all__ = ["DEFAULT_XML_DIR", "LAYOUT", "MANIFEST", "Corpus", "Manifest", "load_corpus"]

PACKAGE_DIR = Path(__file__).resolve().parent
DEFAULT_XML_DIR = PACKAGE_DIR / "xml"


def default_corpus_dir() -> Path:
    """The packaged statute folder. The bot's settings read `DEADLINE_BOT_CORPUS` and pass the
    folder in: nothing in `statutes/` reads the environment."""
    return DEFAULT_XML_DIR


@dataclass(eq=False, kw_only=True)
class Corpus(CorpusView):
    """Every law of a corpus folder, with every version of each.

    As a view, the corpus quotes each law's *latest* held version (the last listed; the one in
    force "now" when its `in_force_to` is "current"): statutes has no clock, so anything else
    is asked for with a day (`at`, `in_force`) or a version (`view`).
    """

    root: Path
    load_findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # files that could not be loaded (lenient)
    # Every version, held or not, of each law that versions.toml describes, oldest first.
    timelines: dict[str, list[Version]] = field(default_factory=dict, repr=False)
    versions_file: Path | None = None  # the versions.toml read, if the folder has one
    _views: dict[object, CorpusView] = field(default_factory=dict, repr=False)
    _views_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    # --- versions --------------------------------------------------------------------------
    def versions(self, law_key: str) -> list[Law]:
        """The held versions of a law, oldest first (KeyError if the corpus has no such law)."""
        return list(self.held[law_key])

    def timeline(self, law_key: str) -> list[Version]:
        """Every version of a law, held or not, oldest first (KeyError if unknown)."""
        found = self.timelines.get(law_key)
        if found is not None:
            return list(found)
        return [law.version for law in self.held[law_key]]

    def in_force(self, law_key: str, day: date) -> InForce:
        """Which text of a law was in force on `day`, as far as its version metadata tells."""
        timeline = self.timeline(law_key)
        certain, possible = in_force_versions(timeline, day)
        held = {law.version.id: law for law in self.held.get(law_key, ())}
        return InForce(
            law=law_key,
            day=day,
            certain=held.get(certain.id) if certain is not None else None,
            candidates=[held[v.id] for v in possible if v.id in held],
            versions=possible,
        )

    def view(self, pins: Mapping[str, str] | None = None) -> CorpusView:
        """The corpus quoting version `pins[law_key]` of each law named (an id such as "2014")
        and the latest version of every other law. Raises `CitationNotFound` for a version not
        held."""
        laws = dict(self.laws)
        for key, version_id in (pins or {}).items():
            versions = self.held.get(key)
            if versions is None:
                raise CitationNotFound(f"{key} is not in the corpus.")
            found = next((law for law in versions if law.version.id == version_id), None)
            if found is None:
                ids = ", ".join(law.version.id for law in versions)
                raise CitationNotFound(
                    f"{versions[-1].cite()} has no held version {version_id!r}; held: {ids}."
                )
            laws[key] = found
        changed = tuple(sorted(k for k, law in laws.items() if law is not self.laws[k]))
        if not changed:
            return self
        return self._cached(
            ("pins", *((k, laws[k].version.id) for k in changed)),
            lambda: CorpusView(laws=laws, manifest=self.manifest, held=self.held),
        )

    def at(self, day: date) -> CorpusView:
        """The corpus as in force on `day`: each law's version known in force then, or the only
        held text that can have been. A law for which that is not settled (several candidates,
        or none held) is not quoted: asking for it raises `VersionUnsettled`, whose `in_force`
        lists the candidates; `view.in_force_on_day` keeps what was found for each dated law."""

        def build() -> CorpusView:
            laws: dict[str, Law] = {}
            found: dict[str, InForce] = {}
            for key, latest in self.laws.items():
                if key not in self.timelines:
                    laws[key] = latest  # one undescribed file: the only text there is
                    continue
                found[key] = self.in_force(key, day)
                single = found[key].single
                if single is not None:
                    laws[key] = single
            unsettled = {key: f for key, f in found.items() if key not in laws}
            return CorpusView(
                laws=laws,
                manifest=self.manifest,
                held=self.held,
                as_of=day,
                in_force_on_day=found,
                unsettled=unsettled,
            )

        return self._cached(("at", day), build)

    def _cached(self, key: object, build: Callable[[], CorpusView]) -> CorpusView:
        with self._views_lock:  # Slack listeners answer in threads
            view = self._views.get(key)
            if view is None:
                if len(self._views) >= 256:  # views index their own nodes: keep a bounded few
                    self._views.pop(next(iter(self._views)))
                view = self._views[key] = build()
            return view

    def _reference_exists(self, origin: Law, target: str) -> bool:
        """Whether a reference in `origin`'s text points at a node the corpus holds: within the
        same law, in the text a view pinned to `origin` quotes; elsewhere, in the default view."""
        if target == origin.key:
            return True
        if not target.startswith(f"{origin.key}/"):
            return self.has_node(target)
        path = tuple(target[len(origin.key) + 1 :].split("/"))
        provider = newest_holding(self._chain(origin), path)
        return provider is not None and provider.find(path) is not None

    def require_laws(self) -> None:
        """Raise `CorpusLoadError` if nothing loaded: an empty corpus is never "all is well"."""
        if not self.laws:
            raise CorpusLoadError(
                f"{shown(self.root)}: no statute loaded from this folder; expected {LAYOUT}"
            )

    # --- integrity -------------------------------------------------------------------------
    @cached_property
    def version(self) -> str:
        """One hash over every node's text, of every version: changes whenever any text the
        corpus can quote changes. (With one version per law, the default view's hash.)"""
        pairs = [(node_id, node.text_sha256) for node_id, node in self.nodes.items()]
        for key, versions in self.held.items():
            for law in versions:
                if law is not self.laws[key]:
                    vid = law.version.id
                    pairs.extend((f"{n.id}@{vid}", n.text_sha256) for n in law.walk())
        return hash_pairs(pairs)

    @property
    def findings(self) -> list[Finding]:
        """Everything lint reports: load-time findings, repairs, unresolved references, and
        what the version metadata says about each text (see `statutes.lint`)."""
        return corpus_findings(self)


# How a corpus folder is laid out, as error messages name it.
LAYOUT = "<jurisdiction>/*.xml such as md/gel-5-903.xml, or *.xml directly in the folder"


def load_corpus(path: Path | None = None, *, strict: bool = True) -> Corpus:
    """Load the statute XML under `path`.

    Two layouts, which may be mixed: `<jurisdiction>/*.xml`, a folder per manifest jurisdiction
    (`md/`, `ma/`), and a flat folder of `*.xml`, where each file's code and jurisdiction are
    identified from its content by the manifest (a `gel-` section number is Maryland's Election
    Law; a `<unit label="chapter">` is a Massachusetts chapter), exactly as inside a folder.

    strict: raise `CorpusLoadError` naming the first file that cannot be loaded, or the folder if
    it holds no law at all; otherwise keep going and list such files in `corpus.errors` (lint,
    which then reports an empty corpus through `require_laws`).
    """
    root = Path(path) if path is not None else default_corpus_dir()
    try:
        if not root.is_dir():
            what = "is a file, not a folder" if root.exists() else "does not exist"
            raise CorpusLoadError(f"{shown(root)}: corpus folder {what}")
    except OSError as exc:
        raise CorpusLoadError(_unreadable(root, exc)) from None
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
    if strict:
        corpus.require_laws()
    return corpus


def _xml_names(folder: Path) -> tuple[list[str], list[str]]:
    """The `*.xml` names in `folder`, and its sub-folders (both sorted, one directory read)."""
    xml, folders = [], []
    with os.scandir(folder) as entries:
        for e in entries:
            if e.name.endswith(".xml"):
                xml.append(e.name)  # whatever it is: the loader refuses non-regular files
            else:
                try:
                    if e.is_dir():
                        folders.append(e.name)
                except OSError:
                    continue  # a symlink loop or the like is not a folder we can read
    return sorted(xml), sorted(folders)


def _load_into(corpus: Corpus, root: Path, strict: bool) -> None:
    every_code = [entry for entries in corpus.manifest.codes.values() for entry in entries]
    batches: list[tuple[Path, str, list[CodeEntry]]] = []  # file, its name in the folder, codes
    try:
        flat, folders = _xml_names(root)
    except OSError as exc:
        raise CorpusLoadError(_unreadable(root, exc)) from None
    for name in folders:
        folder = root / name
        codes = corpus.manifest.codes.get(name)
        if codes is None:
            skipped = "folder not in the manifest; skipped"
            corpus.load_findings.append(Finding(shown(folder), "unknown-jurisdiction", skipped))
            continue
        try:
            names = _xml_names(folder)[0]
        except OSError as exc:
            _fail(corpus, strict, _unreadable(folder, exc))
            continue
        batches.extend((folder / n, f"{name}/{n}", codes) for n in names)
    batches.extend((root / n, n, every_code) for n in flat)
    entries = _read_metadata(corpus, root, strict)
    by_file = {v.file: v for v in entries if v.file is not None}
    # law key → its texts, each with its entry and load findings
    loaded: dict[str, list[tuple[Law, Version | None, list[Finding]]]] = {}
    for file, name, codes in batches:
        try:
            law, findings = load_law(file, codes)
        except CorpusLoadError as exc:
            _fail(corpus, strict, str(exc))
            continue
        entry = by_file.get(name)
        if entry is not None and entry.law != law.key:
            _fail(corpus, strict, _entry_error(corpus, entry, f"law: {name} holds {law.key}"))
            continue
        loaded.setdefault(law.key, []).append((law, entry, findings))
    for key, texts in loaded.items():
        # Two texts of one law are two versions only when versions.toml says which is which: a
        # text without an entry beside another text is a duplicate, as it was before versions.
        listed = [law for law, entry, _ in texts if entry is not None]
        kept = listed or [texts[0][0]]
        for law, entry, findings in texts:
            if entry is not None:
                law.version = entry
            if law in kept:
                corpus.load_findings.extend(findings)
            else:
                _fail(
                    corpus,
                    strict,
                    f"{shown(law.source)}: duplicate of {shown(kept[0].source)} ({law.cite()}); "
                    f"versions of one law each need an entry in {VERSIONS_FILE}",
                )
        for law in kept:
            law.exists = partial(corpus._reference_exists, law)
        corpus.held[key] = kept
    if entries:
        _order_versions(corpus, entries, {name for _, name, _ in batches}, strict)
    corpus.laws = {key: versions[-1] for key, versions in corpus.held.items() if versions}


def _read_metadata(corpus: Corpus, root: Path, strict: bool) -> list[Version]:
    """The entries of the folder's versions.toml ([] when it has none)."""
    path = root / VERSIONS_FILE
    if not os.path.lexists(path):
        return []
    corpus.versions_file = path
    entries, errors = read_versions(path)
    for message in errors:
        _fail(corpus, strict, message)
    return entries


def _order_versions(corpus: Corpus, entries: list[Version], names: set[str], strict: bool) -> None:
    """Put each described law's versions in the order versions.toml lists them (oldest first),
    and refuse metadata that names no file, a law the corpus lacks, or impossible dates."""
    timelines: dict[str, list[Version]] = {}
    for entry in entries:
        if entry.file is not None and entry.file not in names:
            _fail(
                corpus,
                strict,
                _entry_error(corpus, entry, f"file: {entry.file} is not in the folder"),
            )
            continue
        loaded = next((law for law in corpus.held.get(entry.law, ()) if law.version is entry), None)
        if entry.held and loaded is None:
            continue  # its file could not be loaded: already reported
        timelines.setdefault(entry.law, []).append(entry)
    for key, timeline in timelines.items():
        laws = {law.version.id: law for law in corpus.held.get(key, ())}
        if not laws:
            message = f"law: {key} has no text in the folder, only versions not held"
            _fail(corpus, strict, _entry_error(corpus, timeline[0], message))
            continue
        for problem in timeline_problems(timeline):
            _fail(corpus, strict, f"{shown(corpus.versions_file)}: {problem}")
        corpus.timelines[key] = timeline
        corpus.held[key] = [laws[v.id] for v in timeline if v.held]


def _entry_error(corpus: Corpus, entry: Version, problem: str) -> str:
    return f"{shown(corpus.versions_file)}: {entry_label(entry.law, entry.id)}: {problem}"


def _unreadable(folder: Path, exc: OSError) -> str:
    return f"{shown(folder)}: folder cannot be read: {exc.strerror}"


def _fail(corpus: Corpus, strict: bool, message: str) -> None:
    if strict:
        raise CorpusLoadError(message)
    corpus.errors.append(message)


_DEFAULT: dict[Path, Corpus] = {}


def default_corpus(path: Path | None = None) -> Corpus:
    """The corpus for `path` (default folder if None), loaded once per process."""
    # Keyed by the path as given: this runs on every answer, and resolving costs syscalls.
    key = Path(path) if path is not None else default_corpus_dir()
    if key not in _DEFAULT:
        _DEFAULT[key] = load_corpus(key)
    return _DEFAULT[key]
