"""“next Tuesday”: some mean the coming Tuesday, some the Tuesday of next week. The two agree
when the coming Tuesday already falls in next week, whichever day a week is taken to start on
(Monday, as ISO has it, or Sunday, as American wall calendars do): said on a Wednesday, or on a
Tuesday itself, "next Tuesday" is one day. Said on a Monday, "next Friday" may be four days
away or eleven, and is not read: the rule asks for the date instead of guessing."""

from __future__ import annotations

import re
from datetime import date, timedelta

WEEKDAY_FULL = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
NEXT_WEEKDAY = re.compile(r"\bnext\s+(?P<wd>" + WEEKDAY_FULL + r")\b")


def _week(day: date, starts_sunday: bool) -> tuple[int, int]:
    """The (year, week) `day` is in, weeks starting on Monday or on Sunday."""
    return (day + timedelta(days=1 if starts_sunday else 0)).isocalendar()[:2]


def days_to_next(ahead: int, today: date) -> int:
    """Days from `today` to the day "next <weekday>" names, given `ahead`, the days to the
    coming such weekday (0 when it is today's); 0 when the words could name either of two days."""
    ahead = ahead or 7
    coming = today + timedelta(days=ahead)
    in_next_week = all(_week(coming, s) != _week(today, s) for s in (False, True))
    return ahead if in_next_week else 0
