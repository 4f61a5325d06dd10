"""Pinned statute text: each rule relies on the subsections it cites, and its statute folder's
`pins.toml` records the text hash of each as the rule was written. If the loaded corpus differs
(an amended statute was dropped in), the rule refuses with a message naming the changed
subsection instead of computing from text it was not written for.

A rule written for several text versions pins each implementation apart, one table level down:
`[md-petition-signatures."2014"]`, `[md-petition-signatures."2025"]`; each is checked against
the view of the corpus quoting that implementation's texts (so drift refusal holds per version).
A rule with one unversioned text keeps the flat `[rule-id]` table.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from statutes import CitationNotFound, CorpusView

#: rule id → implementation id ("" for a flat table) → {node id: sha256}
Pins = dict[str, dict[str, dict[str, str]]]


def load_pins(path: Path) -> Pins:
    """rule id → implementation id → {node id: sha256 of the text it was written against}, from
    one folder's `pins.toml` (empty when the folder has none). A flat `[rule-id]` table of
    hashes is the one implementation "" of an unversioned rule."""
    if not path.is_file():
        return {}
    out: Pins = {}
    for rule_id, table in tomllib.loads(path.read_text(encoding="utf-8")).items():
        if all(isinstance(v, str) for v in table.values()):
            out[rule_id] = {"": dict(table)}
        elif all(isinstance(v, dict) for v in table.values()):
            out[rule_id] = {impl: dict(pinned) for impl, pinned in table.items()}
        else:
            raise RuntimeError(f"{path}: [{rule_id}] mixes hashes and implementation tables")
    return out


@dataclass(frozen=True)
class RuleCheck:
    """Whether a rule (or one implementation of it, `version`) may answer from the corpus.

    For a rule, `implementations` holds the check of each; the rule is "refused" when any is
    (it must be reviewed), and each problem names its version."""

    rule: str
    state: Literal["ok", "refused"]
    problems: tuple[str, ...] = ()
    version: str = ""  # the implementation checked ("" for an unversioned rule)
    implementations: tuple[RuleCheck, ...] = ()

    @property
    def message(self) -> str:
        return "ok" if self.state == "ok" else " ".join(self.problems)


def check_pins(
    rule_id: str, pinned: Mapping[str, str] | None, corpus: CorpusView, *, version: str = ""
) -> RuleCheck:
    """Whether every subsection `rule_id` (implementation `version`) pins is in `corpus` with
    the text it was written for."""
    what = f"{rule_id} (version {version})" if version else rule_id
    if not pinned:
        return RuleCheck(rule_id, "refused", (f"{what} pins no statute text.",), version)
    problems = []
    for node_id, digest in pinned.items():
        try:
            node = corpus.node(node_id)
        except (KeyError, CitationNotFound):  # not held, or a view that cannot quote the law
            problems.append(f"{node_id} is missing from the loaded statutes.")
            continue
        if node.text_sha256 != digest:
            problems.append(f"{node.cite} has changed since the rule was written.")
    return RuleCheck(rule_id, "refused" if problems else "ok", tuple(problems), version)


def combined(rule_id: str, checks: list[RuleCheck]) -> RuleCheck:
    """A rule's check from its implementations': refused if any is, each problem prefixed with
    its version when the rule has several."""
    if len(checks) == 1 and not checks[0].version:
        return checks[0]
    problems = tuple(
        f"Version {c.version}: {p}" if c.version else p for c in checks for p in c.problems
    )
    state: Literal["ok", "refused"] = "refused" if problems else "ok"
    return RuleCheck(rule_id, state, problems, implementations=tuple(checks))
