"""The deadlines of an election season, computed from a calendar and the rules.

Reminders, the App Home tab and the iCalendar export all read this one list, so a calendar
change (a court order moves a date) moves every one of them. Law-free: the entries are each
statute folder's `season.yaml` (`rules.registry.season_templates`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any

from rules.calendar import Calendar, CalendarSet, default_calendars
from rules.registry import RULES, run, season_templates
from rules.result import Result
from rules.values import END_OF_DAY, TZ
from statutes import CorpusView

_CAL_REF = re.compile(r"^calendar:(?P<key>[a-z0-9_]+)(?:(?P<sign>[+-])(?P<n>\d+)d)?$")


@dataclass(frozen=True)
class SeasonDeadline:
    key: str  # "md-2026/petition-certificate"
    calendar_id: str
    rule: str
    params: dict[str, str]
    deadline: datetime  # aware; a date-only deadline is the end of that day (all_day=True)
    title: str
    result: Result
    all_day: bool = False
    basis_changed: str | None = None

    @property
    def day(self) -> date:
        return self.deadline.date()


def _iso_local(value: date) -> str:
    """How an invocation shows a calendar value: local time without an offset."""
    return f"{value:%Y-%m-%dT%H:%M}" if isinstance(value, datetime) else value.isoformat()


def _value(raw: Any, cal: Calendar) -> str | None:
    text = str(raw)
    m = _CAL_REF.match(text)
    if not m:
        return text
    entry = cal.get(m.group("key"))
    if entry is None:
        return None
    value = entry.value
    if m.group("n"):
        shift = timedelta(days=int(m.group("n")) * (1 if m.group("sign") == "+" else -1))
        value = value + shift
    return _iso_local(value)


def _invocation(template: dict[str, Any], cal: Calendar) -> dict[str, str] | None:
    spec = RULES[template["rule"]]
    params: dict[str, str] = {}
    for name, raw in (template.get("params") or {}).items():
        value = _value(raw, cal)
        if value is None:
            return None  # this calendar lacks the date the template needs
        params[name] = value
    for p in spec.params:
        if p.name in params or not p.calendar:
            continue
        if p.name == "year":
            params["year"] = str(cal.year)
            continue
        entry = next((cal.get(k) for k in p.calendar if cal.get(k) is not None), None)
        if entry is not None:
            params[p.name] = _iso_local(entry.value)
    return params


def season_deadlines(
    calendar_id: str,
    *,
    today: date,
    rule_ids: Iterable[str] | None = None,
    corpus: CorpusView | None = None,
    calendars: CalendarSet | None = None,
) -> list[SeasonDeadline]:
    """Every answered deadline of `calendar_id` (optionally only `rule_ids`), by date."""
    calendars = default_calendars() if calendars is None else calendars
    cal = calendars.get(calendar_id)
    if cal is None:
        raise KeyError(f"no calendar {calendar_id!r} (have: {', '.join(calendars.ids())})")
    invocations = []
    for template in _templates(cal.jurisdiction, rule_ids):
        if any(getattr(cal, k) != v for k, v in (template.get("when") or {}).items()):
            continue
        params = _invocation(template, cal)
        if params is not None:
            invocations.append((template, params))
    return _answered(cal.id, invocations, today=today, corpus=corpus, calendars=calendars)


def year_deadlines(
    jurisdiction: str,
    year: int,
    *,
    today: date,
    rule_ids: Iterable[str] | None = None,
    corpus: CorpusView | None = None,
    calendars: CalendarSet | None = None,
) -> list[SeasonDeadline]:
    """The season deadlines of `year` that its rules compute from the year alone — for a year
    whose calendar is not held (the petition candidates' certificate and petitions are due on
    days the statute names). A deadline counted from a calendar's date (a primary, a last day
    for withdrawals) or a rule with no year to give is not listed: dates from the world are
    data, never made up. Keys read "md-2030/…" with `calendar_id` "md-2030 (no calendar)"."""
    held = f"{jurisdiction}-{year}"
    invocations = []
    for template in _templates(jurisdiction, rule_ids):
        params = {k: str(v) for k, v in (template.get("params") or {}).items()}
        # Only a rule the year decides, each checking its own year's election (a gubernatorial
        # declaration of intent in 2028 is refused, and so not listed).
        if any(_CAL_REF.match(v) for v in params.values()) or not any(
            p.name == "year" for p in RULES[template["rule"]].params
        ):
            continue
        invocations.append((template, {**params, "year": str(year)}))
    found = _answered(
        f"{held} (no calendar)", invocations, today=today, corpus=corpus, calendars=calendars
    )
    return [
        replace(d, key=d.key.replace(" (no calendar)", "")) for d in found if d.day.year == year
    ]


def _templates(jurisdiction: str, rule_ids: Iterable[str] | None) -> list[dict[str, Any]]:
    wanted = set(rule_ids) if rule_ids else None
    return [
        t for t in season_templates().get(jurisdiction, []) if wanted is None or t["rule"] in wanted
    ]


def _answered(
    calendar_id: str,
    invocations: list[tuple[dict[str, Any], dict[str, str]]],
    *,
    today: date,
    corpus: CorpusView | None,
    calendars: CalendarSet | None,
) -> list[SeasonDeadline]:
    """The invocations run, those answered with a deadline kept, by date."""
    out: list[SeasonDeadline] = []
    for template, params in invocations:
        result = run(template["rule"], params, today=today, corpus=corpus, calendars=calendars)
        deadline = result.result.get("deadline")
        if result.status != "answered" or not isinstance(deadline, date):
            continue
        all_day = not isinstance(deadline, datetime)
        when = (
            deadline
            if isinstance(deadline, datetime)
            else datetime.combine(deadline, END_OF_DAY, TZ)
        )
        out.append(
            SeasonDeadline(
                key=f"{calendar_id}/{template['key']}",
                calendar_id=calendar_id,
                rule=template["rule"],
                params=params,
                deadline=when,
                title=template["title"],
                result=result,
                all_day=all_day,
            )
        )
    return sorted(out, key=lambda d: (d.deadline, d.key))
