"""What `deadline-bot lint` reports about a loaded corpus, beyond files that cannot be loaded.

Text findings (repairs, unresolved references, structure) for every held version, and what the
version metadata says about each text (issue 11): a file without metadata, copies that were
not shown identical, partial texts, unofficial copies, versions known but not held.
Contradictions that make the metadata unusable (a file without an entry beside described
versions, unknown keys, impossible dates, overlapping versions) are load errors instead
(`corpus.errors`), because no answer can rest on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from statutes.model import Finding, Law
from statutes.safexml import shown
from statutes.versions import VERSIONS_FILE
from statutes.view import newest_holding

if TYPE_CHECKING:
    from statutes.corpus import Corpus


def corpus_findings(corpus: Corpus) -> list[Finding]:
    out = list(corpus.load_findings)
    corpus.nodes  # noqa: B018 - builds every tree of the default view
    for versions in corpus.held.values():
        for law in versions:
            out.extend(text_findings(law))
            out.extend(version_findings(corpus, law))
    out.extend(timeline_findings(corpus))
    return out


def text_findings(law: Law) -> list[Finding]:
    """Tree findings, repairs and unresolved references of one text."""
    nodes = law.walk()  # builds the tree, which records its findings
    out = list(law.tree_findings)
    for node in nodes:
        if node.sentence:
            continue  # sentences are cut from already-repaired text
        for r in node.repairs:
            out.append(
                Finding(
                    shown(law.source),
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
                        shown(law.source),
                        "reference-unresolved",
                        f"{ref.text!r} → {ref.target_cite} is not in the corpus",
                        node.id,
                    )
                )
    return out


def version_findings(corpus: Corpus, law: Law) -> list[Finding]:
    """What the metadata of one held text says about it."""
    file, v = shown(law.source), law.version
    if not v.dated:
        where = "its entry in" if corpus.versions_file else "a"
        return [
            Finding(
                file,
                "version-metadata-missing",
                f"no version metadata for {file}: loaded as one undated text "
                f"(add {where} {VERSIONS_FILE} at the corpus root)",
            )
        ]
    out = []
    if v.comparison != "identical":
        out.append(
            Finding(
                file,
                "version-comparison",
                f"version {v.id}: copies not shown identical: {v.comparison}",
            )
        )
    if v.missing:
        chain = corpus._chain(law)
        parts = []
        for pin, path in zip(v.missing, v.missing_paths, strict=True):
            quoted = newest_holding(chain, path)
            if quoted is not None and quoted.find(path) is not None:
                parts.append(f"{pin} quoted from version {quoted.version.id}")
            else:
                parts.append(f"{pin} not held in any version")
            if law.find(path) is not None:
                out.append(
                    Finding(
                        file,
                        "version-missing-held",
                        f"version {v.id} lists {pin} as missing but the file holds it; "
                        "the file's text of it is never quoted",
                    )
                )
        out.append(
            Finding(file, "version-partial", f"version {v.id} is partial: {'; '.join(parts)}")
        )
    if not v.official:
        out.append(
            Finding(
                file,
                "version-unofficial",
                f"version {v.id} is an unofficial copy: {v.source}",
                info=True,
            )
        )
    return out


def timeline_findings(corpus: Corpus) -> list[Finding]:
    """Versions known to exist whose text the corpus does not hold."""
    out = []
    where = shown(corpus.versions_file)
    for key, timeline in corpus.timelines.items():
        latest = corpus.laws[key].version
        for v in timeline:
            if v.held:
                continue
            out.append(
                Finding(
                    where,
                    "version-not-held",
                    f"{key}: version {v.id} is known, text not held",
                    info=True,
                )
            )
        if not timeline[-1].held:
            out.append(
                Finding(
                    where,
                    "version-newest-not-held",
                    f"{key}: the newest version ({timeline[-1].id}) is not held; without a day, "
                    f"the corpus quotes version {latest.id}",
                )
            )
    return out
