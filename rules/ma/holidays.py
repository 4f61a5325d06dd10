"""Massachusetts legal holidays (G.L. c. 4 § 7 cl. 18), business days, and the two rolls of a
last day falling on a Sunday or holiday: G.L. c. 4 § 9 (general) and c. 50 § 4 (elections).

The list is built from the ``holidays`` package and then corrected to the statute (the package
is a convenience, not the law); ``STATUTORY`` re-derives it from the clause independently
(``rules.jurisdictions.legal_holiday_discrepancies``).
"""

from __future__ import annotations

from datetime import date
from functools import cache

from rules.timecalc import (
    MO,
    ONE_DAY,
    SUNDAY,
    TH,
    BusinessDays,
    DayRule,
    as_dict,
    fixed,
    is_observed,
    nth,
    package_entries,
    statutory_dates,
)

# Suffolk-County-only days (G.L. c. 136 § 12: state offices elsewhere stay open); never
# statewide legal holidays for a filing deadline.
_MA_SUFFOLK_ONLY = ("Evacuation Day", "Bunker Hill Day")
# Juneteenth is treated as a Massachusetts legal holiday from 2022 (project reference notes);
# leaving 2021 out is the conservative choice (fewer holidays never lengthens a deadline).
_MA_JUNETEENTH_FROM = 2022


@cache
def _ma_holidays(year: int) -> tuple[tuple[date, str], ...]:
    kept: list[tuple[date, str]] = []
    for d, name in package_entries("MA", year):
        if any(s in name for s in _MA_SUFFOLK_ONLY):
            continue  # county-only, see above
        if "Juneteenth" in name and year < _MA_JUNETEENTH_FROM:
            continue
        if is_observed(name) and d.weekday() != MO.weekday:
            continue  # cl. 18 moves only Sunday holidays, to "the day following"
        kept.append((d, name))
    return tuple(kept)


def legal_holidays(year: int) -> dict[date, str]:
    """Massachusetts legal holidays in ``year`` (G.L. c. 4 § 7 cl. 18).

    Base: ``holidays.country_holidays("US", subdiv="MA")`` — New Year's Day, MLK Day,
    Washington's Birthday, Patriots' Day (third Monday in April), Memorial Day, Juneteenth,
    Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving, Christmas, and the
    Monday after any of the fixed-date ones that falls on a Sunday. Dropped: Evacuation Day and
    Bunker Hill Day if the package lists them (Suffolk County only; state offices stay open),
    any "(observed)" entry that is not a Monday (cl. 18 has no Saturday-to-Friday rule), and
    Juneteenth before 2022. A Saturday holiday stays on the Saturday.
    """
    return as_dict(_ma_holidays(year))


# Business days (weekends and the legal holidays above) for c. 4 § 9 and c. 53 § 14's week days.
_DAYS = BusinessDays(legal_holidays)
is_legal_holiday = _DAYS.is_legal_holiday
is_business_day = _DAYS.is_business_day
next_business_day = _DAYS.next_business_day
last_business_day = _DAYS.last_business_day
weekend_or_legal_holiday = _DAYS.weekend_or_legal_holiday


def roll_last_day(d: date) -> date:
    """G.L. c. 4 § 9: a last day on a Sunday or legal holiday moves to the next business day.

    A Saturday last day does not move (the section names Sundays and legal holidays only).
    """
    if d.weekday() == SUNDAY or is_legal_holiday(d):
        return next_business_day(d, after=True)
    return d


def election_final_day(d: date) -> date:
    """G.L. c. 50 § 4 (election statutes): when the last day of a period falls on a Sunday or a
    holiday, "the following day" is the final day — applied again while that day is also a
    Sunday or legal holiday. Unlike c. 4 § 9 (`roll_last_day`), a Saturday can be the result."""
    while d.weekday() == SUNDAY or is_legal_holiday(d):
        d = d + ONE_DAY
    return d


# Clause 18, re-derived from the text: (day, Sunday moves to Monday, in force since).
STATUTORY: tuple[tuple[DayRule, bool, int], ...] = (
    (fixed(1, 1), True, 0),
    (nth(1, MO, 3), False, 0),
    (nth(2, MO, 3), False, 0),
    (nth(4, MO, 3), False, 0),  # Patriots' Day
    (nth(5, MO, -1), False, 0),
    (fixed(6, 19), True, _MA_JUNETEENTH_FROM),
    (fixed(7, 4), True, 0),
    (nth(9, MO, 1), False, 0),
    (nth(10, MO, 2), False, 0),
    (fixed(11, 11), True, 0),
    (nth(11, TH, 4), False, 0),
    (fixed(12, 25), True, 0),
)


def statutory_holidays(year: int) -> set[date]:
    """Clause 18's days in ``year`` from ``STATUTORY``."""
    return statutory_dates(STATUTORY, year)
