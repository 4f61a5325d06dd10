"""The rule registry: every statute folder under `rules/md/` and `rules/ma/`, every rule by id
and alias, their pinned text, phrases, frames, season entries and golden cases — and `run()`.

A statute folder is a package exporting `RULES: tuple[RuleSpec, ...]`, beside its data files
(`pins.toml`, `phrases.yaml`, `frames.yaml`, `season.yaml`, `golden/*.yaml`). Folders are found
with pkgutil, so adding a statute touches its folder only (its state's `STATUTES` fixes the
listing order).

A rule may have several implementations, one per text version of its law; `run` answers under
the text in force on the deciding date (`rules.engine.versioned`), and `check_rules` checks each
implementation's pins against the view of the corpus quoting its texts.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from rules.calendar import CalendarSet
from rules.engine import Implementation, RuleSpec
from rules.engine.params import InvalidInput, parse_value
from rules.engine.versioned import run_versioned
from rules.engine.versions import resolved_texts, view_for
from rules.jurisdictions import JURISDICTIONS
from rules.pins import RuleCheck, check_pins, combined, load_pins
from rules.result import Result
from rules.values import param_string
from statutes import CitationNotFound, CorpusView, default_corpus


@dataclass(frozen=True)
class Statute:
    """One statute folder: its package name, state, folder and rules."""

    name: str  # "rules.md.gel_5_903"
    jurisdiction: str
    folder: Path
    rules: tuple[RuleSpec, ...]

    def data(self, name: str) -> Any:
        """A YAML data file of the folder (None when absent)."""
        path = self.folder / name
        return yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None


def _discover() -> tuple[Statute, ...]:
    found: list[Statute] = []
    for jurisdiction in JURISDICTIONS:
        state = importlib.import_module(f"rules.{jurisdiction}")
        order: tuple[str, ...] = getattr(state, "STATUTES", ())
        names = sorted(
            (m.name for m in pkgutil.iter_modules(state.__path__) if m.ispkg),
            key=lambda n: (order.index(n) if n in order else len(order), n),
        )
        for name in names:
            module = importlib.import_module(f"{state.__name__}.{name}")
            folder = Path(module.__file__ or "").resolve().parent
            found.append(Statute(module.__name__, jurisdiction, folder, tuple(module.RULES)))
    return tuple(found)


STATUTES: tuple[Statute, ...] = _discover()
RULES: dict[str, RuleSpec] = {spec.id: spec for st in STATUTES for spec in st.rules}
ALIASES: dict[str, str] = {a: spec.id for spec in RULES.values() for a in spec.aliases}


@cache
def pins() -> dict[str, dict[str, dict[str, str]]]:
    """rule id → implementation id → {node id: sha256 of the text it was written against},
    every folder's (implementation "" for a rule with one unversioned text)."""
    merged: dict[str, dict[str, dict[str, str]]] = {}
    for st in STATUTES:
        own = {spec.id: spec for spec in st.rules}
        for rule_id, tables in load_pins(st.folder / "pins.toml").items():
            spec = own.get(rule_id)
            if spec is None:
                raise RuntimeError(f"{st.folder / 'pins.toml'} pins {rule_id}, not a rule of it")
            if set(tables) != {i.id for i in spec.impls}:
                raise RuntimeError(
                    f"{st.folder / 'pins.toml'}: [{rule_id}] pins {sorted(tables)}, but the rule's "
                    f"implementations are {sorted(i.id for i in spec.impls)}"
                )
            merged[rule_id] = tables
    return merged


@cache
def phrases() -> dict[str, dict[str, Any]]:
    """rule id → its entry of its folder's `phrases.yaml` (the words staff use for it)."""
    return {
        rule_id: entry
        for st in STATUTES
        for rule_id, entry in (st.data("phrases.yaml") or {}).items()
    }


@cache
def frames() -> dict[str, dict[str, Any]]:
    """rule id → its entry of its folder's `frames.yaml`: what the rule computes (`asks`), the
    facts it covers and the facts that rule it out, each with its reason (read by
    `bot.language.frames`; the engine knows no frame)."""
    return {
        rule_id: entry
        for st in STATUTES
        for rule_id, entry in (st.data("frames.yaml") or {}).items()
    }


@cache
def season_templates() -> dict[str, list[dict[str, Any]]]:
    """jurisdiction → the season entries of its statute folders (`season.yaml`), in order."""
    out: dict[str, list[dict[str, Any]]] = {}
    for st in STATUTES:
        out.setdefault(st.jurisdiction, []).extend(st.data("season.yaml") or [])
    return out


def golden_files() -> list[Path]:
    """Every statute folder's golden case files (`golden/<rule id>.yaml`)."""
    return [path for st in STATUTES for path in sorted((st.folder / "golden").glob("*.yaml"))]


def resolve(name: str) -> RuleSpec | None:
    """A rule by id or alias (case-insensitive)."""
    key = name.strip().lower()
    return RULES.get(key) or RULES.get(ALIASES.get(key, ""))


def canonical_params(rule_id: str | None, params: Mapping[str, object]) -> dict[str, str]:
    """`params` in one `key=value` form, for comparing values given in two: a sum or a list of
    sums as the rule reads it ("1240000.00" as "1240000"; "25,75,200" and "25;75;200" both
    "25;75;200"), a YAML `true` and a "yes" both "true", a choice by its name ("papers" and
    "nomination-papers" both "nomination-papers": the rule reads either). Nothing else is
    parsed (a date stays a date: no time of day is filled in)."""
    spec = RULES.get(rule_id or "")
    parsed = ("money", "money_list", "bool", "choice")
    lists = {p.name: p for p in spec.params if p.kind in parsed} if spec else {}
    out: dict[str, str] = {}
    for key, raw in params.items():
        try:
            value = parse_value(lists[key], raw) if key in lists else raw
        except InvalidInput:
            value = raw
        # ("2345678.90" and a YAML 2345678.9 are one sum)
        if isinstance(value, Decimal):
            value = value.normalize()
        elif isinstance(value, list):
            value = [v.normalize() if isinstance(v, Decimal) else v for v in value]
        out[key] = param_string(value)
    return out


def check_implementation(spec: RuleSpec, impl: Implementation, corpus: CorpusView) -> RuleCheck:
    """Whether `impl`'s pinned text is in `corpus` as it was written for (`corpus`: a view
    quoting the implementation's texts)."""
    return check_pins(spec.id, pins().get(spec.id, {}).get(impl.id), corpus, version=impl.id)


def check_rule(rule_id: str, corpus: CorpusView) -> RuleCheck:
    """Every implementation of a rule, each against the view of the corpus quoting its texts."""
    spec = RULES[rule_id]
    checks = []
    for impl in spec.impls:
        texts = resolved_texts(spec, impl, corpus)
        try:
            view = view_for(corpus, texts)
        except CitationNotFound as exc:
            checks.append(RuleCheck(rule_id, "refused", (str(exc),), impl.id))
            continue
        checks.append(check_implementation(spec, impl, view))
    return combined(rule_id, checks)


def check_rules(corpus: CorpusView | None = None) -> dict[str, RuleCheck]:
    """rule id → its check; `RuleCheck.implementations` holds each version's (refused when any
    version's pinned text changed; each problem names its version)."""
    corpus = default_corpus() if corpus is None else corpus
    return {rule_id: check_rule(rule_id, corpus) for rule_id in RULES}


def run(
    rule: str,
    params: Mapping[str, Any],
    *,
    today: date,
    corpus: CorpusView | None = None,
    calendars: CalendarSet | None = None,
    as_of: date | None = None,
) -> Result:
    """Run a rule by id or alias under the law in force on `as_of` (default: the day the rule
    says decides, e.g. the event date; else `today`). Never raises for bad input: see
    `Result.status`; `Result.notices` (also the start of `answer`), `versions`, `in_force_on`
    and `in_force` say which text of the law was used and what is uncertain about it."""
    spec = resolve(rule)
    if spec is None:
        known = ", ".join(RULES)
        return Result(
            rule=rule,
            status="invalid_input",
            answer=f"Unknown rule {rule!r}. Known rules: {known}.",
        )
    return run_versioned(
        spec,
        params,
        today=today,
        corpus=default_corpus() if corpus is None else corpus,
        calendars=calendars,
        as_of=as_of,
        check=lambda impl, view: check_implementation(spec, impl, view),
        pinned=lambda impl: set(pins().get(spec.id, {}).get(impl.id, {})),
    )
