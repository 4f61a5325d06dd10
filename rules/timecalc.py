"""Calendar arithmetic for deadline rules: pure functions, no clock, no I/O.

Times are tz-aware in ``America/New_York``; dates are ``datetime.date``. Legal-holiday lists are
built from the ``holidays`` package and then corrected to each state's statutory list (the
package is a convenience, not the law); ``legal_holiday_discrepancies`` re-derives the statutory
list independently so a package upgrade that changes an entry is caught.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Literal
from zoneinfo import ZoneInfo

import holidays as holidays_pkg
from dateutil.easter import easter
from dateutil.relativedelta import FR, MO, TH, TU, relativedelta
from dateutil.relativedelta import weekday as Weekday

NY = ZoneInfo("America/New_York")
Jurisdiction = Literal["md", "ma"]
JURISDICTIONS: tuple[Jurisdiction, ...] = ("md", "ma")

SATURDAY, SUNDAY = 5, 6
_ONE_DAY = timedelta(days=1)
_MAX_SPAN_DAYS = 3660  # a window longer than ten years means the skip predicate skips everything


# --- dates and times -------------------------------------------------------------------------


def at_local(d: date, hour: int, minute: int = 0) -> datetime:
    """``d`` at ``hour:minute`` wall-clock time in America/New_York (aware)."""
    return datetime.combine(d, time(hour, minute), tzinfo=NY)


def to_local(value: datetime) -> datetime:
    """An aware datetime expressed in America/New_York; naive input is refused."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"naive datetime {value.isoformat()}: times must be tz-aware")
    return value.astimezone(NY)


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


def add_days(d: date, n: int) -> date:
    """``d`` plus ``n`` calendar days (statutes that count days never mean months)."""
    return d + timedelta(days=n)


def is_weekend(d: date) -> bool:
    """Saturday or Sunday."""
    return d.weekday() >= SATURDAY


# --- legal holidays --------------------------------------------------------------------------


def _package_entries(subdiv: str, year: int) -> list[tuple[date, str]]:
    """(date, name) pairs from the ``holidays`` package, one per name (dates may share)."""
    table = holidays_pkg.country_holidays("US", subdiv=subdiv, years=year)
    return [(d, name) for d in sorted(table) if d.year == year for name in table.get_list(d)]


def _is_observed(name: str) -> bool:
    return name.endswith("(observed)")


def _sunday_observance(d: date, name: str) -> list[tuple[date, str]]:
    """A fixed-date holiday and, when it falls on a Sunday, the following Monday."""
    out = [(d, name)]
    if d.weekday() == SUNDAY:
        out.append((d + _ONE_DAY, f"{name} (observed)"))
    return out


def _as_dict(entries: Iterable[tuple[date, str]]) -> dict[date, str]:
    out: dict[date, list[str]] = {}
    for d, name in sorted(entries):
        names = out.setdefault(d, [])
        if name not in names:
            names.append(name)
    return {d: "; ".join(names) for d, names in sorted(out.items())}


# Suffolk-County-only days (G.L. c. 136 § 12: state offices elsewhere stay open); never
# statewide legal holidays for a filing deadline.
_MA_SUFFOLK_ONLY = ("Evacuation Day", "Bunker Hill Day")
# Juneteenth is treated as a Massachusetts legal holiday from 2022 (project reference notes);
# leaving 2021 out is the conservative choice (fewer holidays never lengthens a deadline).
_MA_JUNETEENTH_FROM = 2022


@cache
def _ma_holidays(year: int) -> tuple[tuple[date, str], ...]:
    kept: list[tuple[date, str]] = []
    for d, name in _package_entries("MA", year):
        if any(s in name for s in _MA_SUFFOLK_ONLY):
            continue  # county-only, see above
        if "Juneteenth" in name and year < _MA_JUNETEENTH_FROM:
            continue
        if _is_observed(name) and d.weekday() != MO.weekday:
            continue  # cl. 18 moves only Sunday holidays, to "the day following"
        kept.append((d, name))
    return tuple(kept)


def ma_legal_holidays(year: int) -> dict[date, str]:
    """Massachusetts legal holidays in ``year`` (G.L. c. 4 § 7 cl. 18).

    Base: ``holidays.country_holidays("US", subdiv="MA")`` — New Year's Day, MLK Day,
    Washington's Birthday, Patriots' Day (third Monday in April), Memorial Day, Juneteenth,
    Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving, Christmas, and the
    Monday after any of the fixed-date ones that falls on a Sunday. Dropped: Evacuation Day and
    Bunker Hill Day if the package lists them (Suffolk County only; state offices stay open),
    any "(observed)" entry that is not a Monday (cl. 18 has no Saturday-to-Friday rule), and
    Juneteenth before 2022. A Saturday holiday stays on the Saturday.
    """
    return _as_dict(_ma_holidays(year))


# Maryland Gen. Prov. § 1-111(a) days missing from the package's US-MD list.
_MD_ADDED_FIXED = (
    (2, 12, "Lincoln's Birthday"),
    (3, 25, "Maryland Day"),
    (9, 12, "Defenders' Day"),
)
_MD_JUNETEENTH_FROM = 2022  # § 1-111(a)(8) added in 2022; earlier years conservatively left out


def _general_election_day(year: int) -> date:
    """Tuesday after the first Monday in November (the statewide general election day)."""
    return first_weekday_of_month(year, 11, MO) + _ONE_DAY


@cache
def _md_holidays(year: int) -> tuple[tuple[date, str], ...]:
    kept: list[tuple[date, str]] = []
    for d, name in _package_entries("MD", year):
        if "Inauguration Day" in name:
            continue  # not in § 1-111(a); only a Governor/President designation would add it
        if "Juneteenth" in name and year < _MD_JUNETEENTH_FROM:
            continue
        if _is_observed(name) and d.weekday() != MO.weekday:
            continue  # the package moves Saturday holidays to Friday; § 1-111(b) moves Sundays only
        kept.append((d, name))
    for month, day, name in _MD_ADDED_FIXED:  # § 1-111(a)(3), (5), (11); Sunday rule (b)(2)
        kept.extend(_sunday_observance(date(year, month, day), name))
    kept.append((easter(year) - timedelta(days=2), "Good Friday"))  # § 1-111(a)(6)
    if year % 2 == 0:  # § 1-111(a)(17): statewide general elections are held in even years
        kept.append((_general_election_day(year), "Statewide general election day"))
    return tuple(kept)


def md_legal_holidays(year: int) -> dict[date, str]:
    """Maryland legal holidays in ``year`` (Md. Code, Gen. Prov. § 1-111).

    Base: ``holidays.country_holidays("US", subdiv="MD")``. Kept: New Year's Day, MLK Day,
    Presidents' Day (the statute's Washington's birthday), Memorial Day, Juneteenth (from 2022),
    Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving, American Indian
    Heritage Day, Christmas, and Sunday holidays observed the next Monday (§ 1-111(b)(2)).
    Dropped: the package's Friday "(observed)" entries for Saturday holidays (the statute has no
    such rule) and Inauguration Day. Added: Lincoln's Birthday (Feb 12), Maryland Day (Mar 25),
    Good Friday, Defenders' Day (Sep 12), each observed Monday when on a Sunday, and the
    statewide general election day. Days designated ad hoc under § 1-111(a)(18) are not known
    in advance and are not included. Note: several of these are days State offices are open
    (State Personnel & Pensions § 9-201 is a different list).
    """
    return _as_dict(_md_holidays(year))


def legal_holidays(jurisdiction: Jurisdiction, year: int) -> dict[date, str]:
    """The statewide legal holidays of ``jurisdiction`` ("md" or "ma") in ``year``."""
    if jurisdiction == "ma":
        return ma_legal_holidays(year)
    if jurisdiction == "md":
        return md_legal_holidays(year)
    raise ValueError(f"unknown jurisdiction {jurisdiction!r} (expected 'md' or 'ma')")


def is_legal_holiday(d: date, jurisdiction: Jurisdiction) -> bool:
    """Whether ``d`` is a legal holiday in ``jurisdiction``."""
    return d in _holiday_dates(jurisdiction, d.year)


@cache
def _holiday_dates(jurisdiction: Jurisdiction, year: int) -> frozenset[date]:
    return frozenset(legal_holidays(jurisdiction, year))


# Independent statutory tables, used only to check the package-derived lists above.
_Rule = Callable[[int], date]


def _fixed(month: int, day: int) -> _Rule:
    return lambda y: date(y, month, day)


def _nth(month: int, wd: Weekday, n: int) -> _Rule:
    return lambda y: nth_weekday_of_month(y, month, wd, n)


_MA_CLAUSE_18: tuple[tuple[_Rule, bool, int], ...] = (  # (day, Sunday moves to Monday, since)
    (_fixed(1, 1), True, 0),
    (_nth(1, MO, 3), False, 0),
    (_nth(2, MO, 3), False, 0),
    (_nth(4, MO, 3), False, 0),  # Patriots' Day
    (_nth(5, MO, -1), False, 0),
    (_fixed(6, 19), True, _MA_JUNETEENTH_FROM),
    (_fixed(7, 4), True, 0),
    (_nth(9, MO, 1), False, 0),
    (_nth(10, MO, 2), False, 0),
    (_fixed(11, 11), True, 0),
    (_nth(11, TH, 4), False, 0),
    (_fixed(12, 25), True, 0),
)
_MD_1_111: tuple[tuple[_Rule, bool, int], ...] = (
    (_fixed(1, 1), True, 0),
    (_nth(1, MO, 3), True, 0),  # (a)(2)(ii): the day Congress designates
    (_fixed(2, 12), True, 0),
    (_nth(2, MO, 3), True, 0),
    (_fixed(3, 25), True, 0),
    (lambda y: easter(y) - timedelta(days=2), False, 0),
    (_nth(5, MO, -1), True, 0),  # (a)(7)(ii)
    (_fixed(6, 19), True, _MD_JUNETEENTH_FROM),
    (_fixed(7, 4), True, 0),
    (_nth(9, MO, 1), True, 0),
    (_fixed(9, 12), True, 0),
    (_nth(10, MO, 2), True, 0),  # (a)(12)(ii)
    (_fixed(11, 11), True, 0),
    (_nth(11, TH, 4), True, 0),
    (lambda y: nth_weekday_of_month(y, 11, TH, 4) + _ONE_DAY, True, 2008),  # (a)(15)
    (_fixed(12, 25), True, 0),
)


def _statutory_dates(jurisdiction: Jurisdiction, year: int) -> set[date]:
    table = _MA_CLAUSE_18 if jurisdiction == "ma" else _MD_1_111
    out: set[date] = set()
    for rule, sunday_moves, since in table:
        if year < since:
            continue
        d = rule(year)
        out.add(d)
        if sunday_moves and d.weekday() == SUNDAY:
            out.add(d + _ONE_DAY)
    if jurisdiction == "md" and year % 2 == 0:
        out.add(_general_election_day(year))
    return out


def legal_holiday_discrepancies(jurisdiction: Jurisdiction, years: Iterable[int]) -> list[str]:
    """Differences between ``legal_holidays`` and the statutory list re-derived from the text.

    An empty list means the package-derived list matches the statute for those years.
    """
    problems: list[str] = []
    for year in years:
        built = set(legal_holidays(jurisdiction, year))
        expected = _statutory_dates(jurisdiction, year)
        for d in sorted(built - expected):
            problems.append(f"{jurisdiction} {year}: {d} listed but not a statutory legal holiday")
        for d in sorted(expected - built):
            problems.append(f"{jurisdiction} {year}: statutory legal holiday {d} missing")
    return problems


# --- business days and rolls -----------------------------------------------------------------


def is_business_day(d: date, jurisdiction: Jurisdiction) -> bool:
    """Not a Saturday, Sunday or legal holiday of ``jurisdiction``."""
    return not is_weekend(d) and not is_legal_holiday(d, jurisdiction)


def next_business_day(d: date, jurisdiction: Jurisdiction, *, after: bool = False) -> date:
    """First business day on or after ``d`` (strictly after when ``after=True``).

    The "adjusted date" of Maryland SBE calendars (office practice rolls a weekend deadline to
    the next business day); the authority for the roll is not in our corpus.
    """
    current = d + _ONE_DAY if after else d
    for _ in range(_MAX_SPAN_DAYS):
        if is_business_day(current, jurisdiction):
            return current
        current += _ONE_DAY
    raise ValueError(f"no business day within {_MAX_SPAN_DAYS} days of {d}")


def ma_roll_last_day(d: date) -> date:
    """G.L. c. 4 § 9: a last day on a Sunday or legal holiday moves to the next business day.

    A Saturday last day does not move (the section names Sundays and legal holidays only).
    """
    if d.weekday() == SUNDAY or is_legal_holiday(d, "ma"):
        return next_business_day(d, "ma", after=True)
    return d


# --- week-day hours (G.L. c. 53 § 14) ----------------------------------------------------------


SkipDay = Callable[[date], bool]


def weekend_or_legal_holiday(jurisdiction: Jurisdiction) -> SkipDay:
    """A skip predicate for weekends plus ``jurisdiction``'s legal holidays."""
    if jurisdiction not in JURISDICTIONS:
        raise ValueError(f"unknown jurisdiction {jurisdiction!r} (expected 'md' or 'ma')")
    return lambda d: not is_business_day(d, jurisdiction)


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
        next_midnight = datetime.combine(day + _ONE_DAY, time())
        real_end = next_midnight.replace(tzinfo=NY).astimezone(UTC)
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
        wall_cursor, real_cursor, day = next_midnight, real_end, day + _ONE_DAY
    else:
        raise ValueError(f"no countable day within {_MAX_SPAN_DAYS} days of {local.isoformat()}")
    assert wall_result is not None and real_result is not None
    # A wall-clock result inside a spring-forward gap is normalised through UTC.
    wall = wall_result.replace(tzinfo=NY).astimezone(UTC).astimezone(NY)
    elapsed = real_result.astimezone(NY)
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
    "JURISDICTIONS",
    "MO",
    "NY",
    "TH",
    "TU",
    "Jurisdiction",
    "SkipDay",
    "WeekdayHours",
    "add_days",
    "at_local",
    "count_weekday_hours",
    "first_weekday_of_month",
    "is_business_day",
    "is_legal_holiday",
    "is_weekend",
    "legal_holiday_discrepancies",
    "legal_holidays",
    "ma_legal_holidays",
    "ma_roll_last_day",
    "md_legal_holidays",
    "next_business_day",
    "nth_weekday_of_month",
    "to_local",
    "weekday_hours_after",
    "weekend_or_legal_holiday",
]
