"""The rule registry: every rule by id and alias, its pinned statute text, and `run()`.

Each rule relies on the subsections it cites; `rules/pins.toml` records the text hash of each
as the rule was written. If the loaded corpus differs (an amended statute was dropped in), the
rule refuses with a message naming the changed subsection instead of computing from text it was
not written for.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any, Literal

from rules import ma_c53_s14, md_5_703, md_5_903, md_15_106
from rules.calendar import CalendarSet
from rules.engine import RuleSpec, run_spec
from rules.result import Result
from statutes import Corpus, default_corpus

PINS_FILE = Path(__file__).resolve().parent / "pins.toml"

RULES: dict[str, RuleSpec] = {
    spec.id: spec
    for spec in (
        md_5_903.SPEC,
        md_5_703.DECLARATION,
        md_5_703.CERTIFICATE,
        md_5_703.SIGNATURES,
        md_5_703.FILING,
        md_15_106.SCHEDULE,
        md_15_106.PRIMARY,
        md_15_106.PRORATION,
        md_15_106.GENERAL,
        ma_c53_s14.CERTIFICATE,
        ma_c53_s14.DELEGATES,
        ma_c53_s14.WHO_FILLS,
    )
}
ALIASES: dict[str, str] = {a: spec.id for spec in RULES.values() for a in spec.aliases}


@cache
def pins() -> dict[str, dict[str, str]]:
    """rule id → {node id: sha256 of the text the rule was written against}."""
    return tomllib.loads(PINS_FILE.read_text(encoding="utf-8"))


def resolve(name: str) -> RuleSpec | None:
    """A rule by id or alias (case-insensitive)."""
    key = name.strip().lower()
    return RULES.get(key) or RULES.get(ALIASES.get(key, ""))


@dataclass(frozen=True)
class RuleCheck:
    rule: str
    state: Literal["ok", "refused"]
    problems: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        return "ok" if self.state == "ok" else " ".join(self.problems)


def check_rule(rule_id: str, corpus: Corpus) -> RuleCheck:
    pinned = pins().get(rule_id)
    if not pinned:
        return RuleCheck(rule_id, "refused", (f"{rule_id} pins no statute text.",))
    problems = []
    for node_id, digest in pinned.items():
        try:
            node = corpus.node(node_id)
        except KeyError:
            problems.append(f"{node_id} is missing from the loaded statutes.")
            continue
        if node.text_sha256 != digest:
            problems.append(f"{node.cite} has changed since the rule was written.")
    return RuleCheck(rule_id, "refused" if problems else "ok", tuple(problems))


def check_rules(corpus: Corpus | None = None) -> dict[str, RuleCheck]:
    corpus = corpus or default_corpus()
    return {rule_id: check_rule(rule_id, corpus) for rule_id in RULES}


def run(
    rule: str,
    params: Mapping[str, Any],
    *,
    today: date,
    corpus: Corpus | None = None,
    calendars: CalendarSet | None = None,
) -> Result:
    """Run a rule by id or alias. Never raises for bad input: see `Result.status`."""
    spec = resolve(rule)
    if spec is None:
        known = ", ".join(RULES)
        return Result(
            rule=rule,
            status="invalid_input",
            answer=f"Unknown rule {rule!r}. Known rules: {known}.",
        )
    corpus = corpus or default_corpus()
    check = check_rule(spec.id, corpus)
    result = run_spec(
        spec,
        params,
        today=today,
        corpus=corpus,
        calendars=calendars,
        pin_problems=list(check.problems) if check.state == "refused" else None,
    )
    unpinned = {c.id for c in result.citations} - set(pins().get(spec.id, {}))
    if unpinned:  # a rule citing text it did not pin is a programming error, not a user error
        raise RuntimeError(f"{spec.id} cites unpinned nodes: {sorted(unpinned)}")
    return result
