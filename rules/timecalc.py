"""Calendar arithmetic for deadline rules, law-free: pure functions, no clock, no I/O.

Times are tz-aware in ``America/New_York``; dates are ``datetime.date``. What a state's law says
(its legal holidays, when a last day rolls) lives with that state's rules (``rules/md/``,
``rules/ma/``); here are the weekday arithmetic, week-day hours, the next day a predicate
accepts, and the pieces the states build their holiday lists from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache

import holidays as holidays_pkg
from dateutil.relativedelta import FR, MO, TH, TU, relativedelta
from dateutil.relativedelta import weekday as Weekday

from rules.values import TZ

# Kept only for `bot/audit.py` until the bot side imports `rules.values.TZ` (same object).
NY = TZ

SATURDAY, SUNDAY = 5, 6
ONE_DAY = timedelta(days=1)
_MAX_SPAN_DAYS = 3660  # a window longer than ten years means the skip predicate skips everything


# --- dates and times -------------------------------------------------------------------------


def at_local(d: date, hour: int, minute: int = 0) -> datetime:
    """``d`` at ``hour:minute`` wall-clock time in America/New_York (aware)."""
    return datetime.combine(d, time(hour, minute), tzinfo=TZ)


def to_local(value: datetime) -> datetime:
    """An aware datetime expressed in America/New_York; naive input is refused."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"naive datetime {value.isoformat()}: times must be tz-aware")
    return value.astimezone(TZ)


def nth_weekday_of_month(year: int, month: int, weekday: Weekday, n: int) -> date:
    """The ``n``-th ``weekday`` of a month (``n=-1``: the last), via dateutil relativedelta."""
    if n == 0:
        raise ValueError("n must be non-zero")
    if n > 0:
        return date(year, month, 1) + relativedelta(weekday=weekday(n))
    return date(year, month, 1) + relativedelta(day=31, weekday=weekday(n))


def first_weekday_of_month(year: int, month: int, weekday: Weekday = MO) -> date:
    """First ``weekday`` of a month, e.g. "the first Monday in August" (default Monday)."""
    return nth_weekday_of_month(year, month, weekday, 1)


def is_weekend(d: date) -> bool:
    """Saturday or Sunday."""
    return d.weekday() >= SATURDAY


# --- building blocks of the states' holiday lists ---------------------------------------------


def package_entries(subdiv: str, year: int) -> list[tuple[date, str]]:
    """(date, name) pairs from the ``holidays`` package, one per name (dates may share)."""
    table = holidays_pkg.country_holidays("US", subdiv=subdiv, years=year)
    return [(d, name) for d in sorted(table) if d.year == year for name in table.get_list(d)]


def is_observed(name: str) -> bool:
    return name.endswith("(observed)")


def sunday_observance(d: date, name: str) -> list[tuple[date, str]]:
    """A fixed-date holiday and, when it falls on a Sunday, the following Monday."""
    out = [(d, name)]
    if d.weekday() == SUNDAY:
        out.append((d + ONE_DAY, f"{name} (observed)"))
    return out


def as_dict(entries: Iterable[tuple[date, str]]) -> dict[date, str]:
    """(date, name) pairs as {date: "name; other name"}, by date."""
    out: dict[date, list[str]] = {}
    for d, name in sorted(entries):
        names = out.setdefault(d, [])
        if name not in names:
            names.append(name)
    return {d: "; ".join(names) for d, names in sorted(out.items())}


# A day of the year by rule, for the statutory tables the package-derived lists are checked
# against.
DayRule = Callable[[int], date]


def fixed(month: int, day: int) -> DayRule:
    return lambda y: date(y, month, day)


def nth(month: int, wd: Weekday, n: int) -> DayRule:
    return lambda y: nth_weekday_of_month(y, month, wd, n)


def statutory_dates(table: Iterable[tuple[DayRule, bool, int]], year: int) -> set[date]:
    """The days of a statutory table of (day rule, Sunday moves to Monday, in force since)."""
    out: set[date] = set()
    for rule, sunday_moves, since in table:
        if year < since:
            continue
        d = rule(year)
        out.add(d)
        if sunday_moves and d.weekday() == SUNDAY:
            out.add(d + ONE_DAY)
    return out


# --- business days ---------------------------------------------------------------------------

SkipDay = Callable[[date], bool]


def next_day_where(accept: SkipDay, d: date, *, after: bool = False) -> date:
    """First day on or after ``d`` (strictly after when ``after=True``) that ``accept`` accepts,
    e.g. the next business day given a state's business-day predicate."""
    current = d + ONE_DAY if after else d
    for _ in range(_MAX_SPAN_DAYS):
        if accept(current):
            return current
        current += ONE_DAY
    raise ValueError(f"no business day within {_MAX_SPAN_DAYS} days of {d}")


@dataclass(frozen=True)
class BusinessDays:
    """One jurisdiction's business days: not a Saturday or Sunday, not one of its legal
    holidays (`holidays(year)`: the state's list, each state module builds its own)."""

    holidays: Callable[[int], Mapping[date, str]]

    def is_legal_holiday(self, d: date) -> bool:
        return d in _holiday_dates(self.holidays, d.year)

    def is_business_day(self, d: date) -> bool:
        return not is_weekend(d) and not self.is_legal_holiday(d)

    def next_business_day(self, d: date, *, after: bool = False) -> date:
        """First business day on or after ``d`` (strictly after when ``after=True``)."""
        return next_day_where(self.is_business_day, d, after=after)

    def last_business_day(self, d: date) -> date:
        """Last business day on or before ``d``: the last day an office can receive papers
        that are due by ``d``."""
        while not self.is_business_day(d):
            d -= ONE_DAY
        return d

    def weekend_or_legal_holiday(self) -> SkipDay:
        """A skip predicate for weekends plus the legal holidays."""
        return lambda d: not self.is_business_day(d)


@cache
def _holiday_dates(holidays: Callable[[int], Mapping[date, str]], year: int) -> frozenset[date]:
    return frozenset(holidays(year))


# --- week-day hours (G.L. c. 53 § 14) ----------------------------------------------------------


@dataclass(frozen=True)
class WeekdayHours:
    """A week-day-hours count with both readings of "hour" across a DST change.

    ``wall_clock`` counts every counted day as 24 clock hours; ``elapsed`` counts real elapsed
    hours (a spring-forward day has 23, a fall-back day 25). ``deadline`` is the earlier of the
    two (conservative). US clocks change at 2 a.m. on a Sunday, so whenever Sundays are skipped
    (the default, and the holiday variant) the two readings cannot differ.
    """

    start: datetime
    hours: int
    wall_clock: datetime
    elapsed: datetime
    skipped: tuple[date, ...]

    @property
    def deadline(self) -> datetime:
        return min(self.wall_clock, self.elapsed)

    @property
    def later(self) -> datetime:
        return max(self.wall_clock, self.elapsed)

    @property
    def differs(self) -> bool:
        return self.wall_clock != self.elapsed


def count_weekday_hours(start: datetime, hours: int, *, skip: SkipDay = is_weekend) -> WeekdayHours:
    """Count ``hours`` hours after ``start``, counting only hours on days ``skip`` rejects.

    G.L. c. 53 § 14: "within seventy-two week day hours ... succeeding five o'clock in the
    afternoon of the last day for filing withdrawals". The literal default skips Saturdays and
    Sundays (as Massachusetts published calendars do: Fri 5 p.m. + 72 -> Wed 5 p.m.). When the
    count ends exactly at the midnight closing a counted day, the deadline is that midnight
    (00:00 of the next calendar day), even if the next day is skipped.
    """
    if hours < 0:
        raise ValueError(f"hours must be >= 0, got {hours}")
    local = to_local(start)
    naive = local.replace(tzinfo=None)
    wall_remaining = elapsed_remaining = timedelta(hours=hours)
    wall_cursor: datetime = naive
    real_cursor: datetime = local.astimezone(UTC)
    wall_result: datetime | None = None
    real_result: datetime | None = None
    skipped: list[date] = []
    day = naive.date()
    for _ in range(_MAX_SPAN_DAYS + hours // 24):
        next_midnight = datetime.combine(day + ONE_DAY, time())
        real_end = next_midnight.replace(tzinfo=TZ).astimezone(UTC)
        if skip(day):
            skipped.append(day)
        else:
            if wall_result is None:
                segment = next_midnight - wall_cursor
                if wall_remaining <= segment:
                    wall_result = wall_cursor + wall_remaining
                wall_remaining -= segment
            if real_result is None:
                segment = real_end - real_cursor
                if elapsed_remaining <= segment:
                    real_result = real_cursor + elapsed_remaining
                elapsed_remaining -= segment
            if wall_result is not None and real_result is not None:
                break
        wall_cursor, real_cursor, day = next_midnight, real_end, day + ONE_DAY
    else:
        raise ValueError(f"no countable day within {_MAX_SPAN_DAYS} days of {local.isoformat()}")
    assert wall_result is not None and real_result is not None
    # A wall-clock result inside a spring-forward gap is normalised through UTC.
    wall = wall_result.replace(tzinfo=TZ).astimezone(UTC).astimezone(TZ)
    elapsed = real_result.astimezone(TZ)
    last = max(wall, elapsed).date()
    return WeekdayHours(
        start=local,
        hours=hours,
        wall_clock=wall,
        elapsed=elapsed,
        skipped=tuple(d for d in skipped if d <= last),
    )


def weekday_hours_after(start: datetime, hours: int, *, skip: SkipDay = is_weekend) -> datetime:
    """Deadline ``hours`` week-day hours after ``start`` (the earlier reading across DST)."""
    return count_weekday_hours(start, hours, skip=skip).deadline


__all__ = [
    "FR",
    "MO",
    "NY",
    "ONE_DAY",
    "TH",
    "TU",
    "SkipDay",
    "WeekdayHours",
    "at_local",
    "count_weekday_hours",
    "first_weekday_of_month",
    "is_weekend",
    "next_day_where",
    "nth_weekday_of_month",
    "to_local",
    "weekday_hours_after",
]
