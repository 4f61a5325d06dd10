"""Calendar export: every computed deadline of an election calendar as an iCalendar file.

One VEVENT per deadline of `rules.season.season_deadlines`, with the rule's answer and the
quoted subsection(s) it rests on in the description. UIDs come from the deadline's stable key,
so re-importing an updated file moves events instead of duplicating them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime

from icalendar import Calendar, Event

from bot.ops.db import utcnow
from bot.reminders.planning import DeadlineLike, DeadlineSource

PRODID = "-//deadline-bot//election filing deadlines//EN"
UID_DOMAIN = "deadline-bot"


def event_uid(key: str) -> str:
    """A stable UID for the deadline `key` ("md-2026/md-petition-certificate")."""
    return f"{re.sub(r'[^A-Za-z0-9._-]+', '.', key)}@{UID_DOMAIN}"


def event_description(deadline: DeadlineLike) -> str:
    """The answer, then each cited subsection quoted in full, then any calendar change."""
    result = deadline.result
    parts = [result.answer or deadline.title]
    for citation in result.citations:
        quoted = " ".join(p for p in (citation.lead_in, citation.text) if p)
        parts.append(f"{citation.cite}:\n“{quoted}”")
    if deadline.basis_changed:
        parts.append(f"Date changed: {deadline.basis_changed}")
    parts.append(f"Rule: {deadline.rule} ({deadline.calendar_id})")
    return "\n\n".join(parts)


def deadlines_ics(calendar_id: str, deadlines: Sequence[DeadlineLike], *, stamp: datetime) -> bytes:
    """The iCalendar bytes for already computed `deadlines`."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", f"Filing deadlines {calendar_id}")
    for d in sorted(deadlines, key=lambda d: (d.deadline, d.key)):
        event = Event()
        event.add("uid", event_uid(d.key))
        event.add("dtstamp", stamp)
        # A date-only statutory deadline (SeasonDeadline.all_day) is an all-day event.
        all_day = getattr(d, "all_day", False)
        event.add("dtstart", d.deadline.date() if all_day else d.deadline)
        event.add("summary", d.title)
        event.add("description", event_description(d))
        event.add("categories", [d.rule])
        cites = "; ".join(c.cite for c in d.result.citations)
        if cites:
            event.add("x-deadline-bot-citations", cites)
        cal.add_component(event)
    cal.add_missing_timezones()
    return cal.to_ical()


def calendar_ics(
    calendar_id: str,
    *,
    today: date,
    source: DeadlineSource,
    rule_ids: list[str] | None = None,
    stamp: datetime | None = None,
) -> bytes:
    """Every deadline of `calendar_id` from `source` (optionally only `rule_ids`) as .ics
    bytes, stamped `stamp` (default: now).

    Raises what the deadline source raises for an unknown calendar or rule.
    """
    deadlines = source(calendar_id, today, rule_ids)
    return deadlines_ics(calendar_id, deadlines, stamp=stamp or utcnow())
