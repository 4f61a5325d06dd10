"""When reminders go out: due times before a deadline, and the end of a date-only deadline's day.

All in America/New_York: a reminder "7 days before at 9:00" posts at 9:00 local time on that
local day, whatever the daylight-saving offset.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from bot.ops.clock import local_day
from rules.values import END_OF_DAY, TZ


def due_time(deadline: datetime, offset_days: int, post_time: time) -> datetime:
    """When the reminder `offset_days` before `deadline` goes out: that local day at post_time."""
    day = local_day(deadline) - timedelta(days=offset_days)
    return datetime.combine(day, post_time, TZ)


def end_of_day(value: date | datetime) -> datetime:
    """A date-only deadline is met until the end of that day; a datetime is itself."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=TZ)
    return datetime.combine(value, END_OF_DAY, TZ)
