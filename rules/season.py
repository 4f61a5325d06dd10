"""The deadlines of an election season, computed from a calendar and the rules.

Reminders, the App Home tab and the iCalendar export all read this one list, so a calendar
change (a court order moves a date) moves every one of them. Law-free: the entries are each
statute folder's `season.yaml` (`rules.registry.season_templates`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
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
    wanted = set(rule_ids) if rule_ids else None
    out: list[SeasonDeadline] = []
    for template in season_templates().get(cal.jurisdiction, []):
        if wanted is not None and template["rule"] not in wanted:
            continue
        if any(getattr(cal, k) != v for k, v in (template.get("when") or {}).items()):
            continue
        params = _invocation(template, cal)
        if params is None:
            continue
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
                key=f"{cal.id}/{template['key']}",
                calendar_id=cal.id,
                rule=template["rule"],
                params=params,
                deadline=when,
                title=template["title"],
                result=result,
                all_day=all_day,
            )
        )
    return sorted(out, key=lambda d: (d.deadline, d.key))
