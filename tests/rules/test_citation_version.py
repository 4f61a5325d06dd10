"""A citation records which version of the law its text was quoted from
(`Citation.version`, from `node.law.version.as_dict()`), and the pinpoints inside the node that
version does not hold (`not_held`) — with or without versioned statutes loaded."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

import rules
from rules.result import Citation
from statutes import default_corpus


@dataclass
class _LawWithoutVersion:
    key: str = "md/gel/5-903"


@dataclass
class _Version:
    data: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return dict(self.data)


@dataclass
class _LawWithVersion:
    version: _Version
    key: str = "md/gel/5-903"


@dataclass
class _Node:
    law: Any
    cite: str = "Md. Code Ann., Elec. Law § 5-903(b)(1)"
    id: str = "md/gel/5-903/b/1"
    text: str = "The successor candidate shall file a certificate of candidacy."
    lead_in: str = ""
    text_sha256: str = "0" * 64
    not_held: tuple[str, ...] = field(default_factory=tuple)


def test_a_law_without_versions_gives_no_version() -> None:
    citation = Citation.of(_Node(law=_LawWithoutVersion()))  # type: ignore[arg-type]
    assert citation.version is None
    assert citation.not_held == ()


def test_a_versioned_law_gives_its_version_and_what_it_does_not_hold() -> None:
    version = {"law": "md/gel/5-703", "id": "2025", "in_force_to": "current", "missing": ["(f)"]}
    node = _Node(law=_LawWithVersion(_Version(version)), not_held=("(e)(3)",))
    citation = Citation.of(node)  # type: ignore[arg-type]
    assert citation.version == version
    assert citation.not_held == ("(e)(3)",)
    assert citation.model_dump(mode="json")["version"]["id"] == "2025"


def test_an_answer_cites_the_packaged_2014_text_by_version() -> None:
    # § 5-903(b)(2)(iii): the shipped seed is the 2014 version of the section.
    result = rules.run(
        "md-successor-lt-gov",
        {"event": "death", "event_date": "2026-05-01"},
        today=date(2026, 4, 1),
    )
    node = default_corpus().node("md/gel/5-903/b/2/iii")
    cited = next(c for c in result.citations if c.id == node.id)
    assert cited.version == node.law.version.as_dict()
    assert cited.version is not None and cited.version["law"] == "md/gel/5-903"
