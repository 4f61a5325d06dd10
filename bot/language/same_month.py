"""A day of the month said alone after a date of that month ("dies on June 18, 2030 and the
primary is the 25th"): that month's day. Read only after the date, in its sentence, and only a
later day of it; an earlier one could be the next month's, which the rule asks for."""

from __future__ import annotations

import re

from bot.language.months import MONTH_NAME
from bot.language.text import blank
from rules.engine.facts import FactDate

_THE_NTH = re.compile(
    r"\b(?:is|was|on|by|until)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b"
    r"(?!\s*(?:of\b|ward|district|precinct|congressional|legislative|round|ballot|try|floor))"
)
# The earlier date names its month ("June 18", "6/18"), never only a relative day.
_MONTH_SAID = re.compile(r"\b(?:" + MONTH_NAME + r")\b|\d{1,2}/\d")


def days_of_the_same_month(low: str, dates: list[FactDate], rest: str) -> str:
    """Add each day of the month said alone after a date of that month to `dates`; returns
    `rest` with it blanked (it is no count)."""
    for m in _THE_NTH.finditer(low):
        if any(d.start <= m.start(1) < d.start + len(d.span) for d in dates):
            continue
        opens = max(low.rfind(stop, 0, m.start()) for stop in ".?!;\n") + 1
        said = [d for d in dates if opens <= d.start < m.start() and _MONTH_SAID.search(d.span)]
        day = int(m.group(1))
        if not said or day <= said[-1].value.day:
            continue
        try:
            value = said[-1].value.replace(day=day)
        except ValueError:
            continue
        dates.append(
            FactDate(
                value=value,
                span=low[m.start(1) : m.end()],
                start=m.start(1),
                year_written=said[-1].year_written,
            )
        )
        rest = blank(rest, m.start(1), m.end())
    dates.sort(key=lambda d: d.start)
    return rest
