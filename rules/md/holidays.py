"""Maryland legal holidays (Md. Code, Gen. Prov. § 1-111) and business days.

The list is built from the ``holidays`` package and then corrected to the statute (the package
is a convenience, not the law); ``STATUTORY`` re-derives the list from the statute's text
independently, so a package upgrade that changes an entry is caught
(``rules.jurisdictions.legal_holiday_discrepancies``).
"""

from __future__ import annotations

from datetime import date, timedelta
from functools import cache

from dateutil.easter import easter

from rules.timecalc import (
    MO,
    ONE_DAY,
    TH,
    BusinessDays,
    DayRule,
    as_dict,
    first_weekday_of_month,
    fixed,
    is_observed,
    nth,
    nth_weekday_of_month,
    package_entries,
    statutory_dates,
    sunday_observance,
)

# Maryland Gen. Prov. § 1-111(a) days missing from the package's US-MD list.
_MD_ADDED_FIXED = (
    (2, 12, "Lincoln's Birthday"),
    (3, 25, "Maryland Day"),
    (9, 12, "Defenders' Day"),
)
_MD_JUNETEENTH_FROM = 2022  # § 1-111(a)(8) added in 2022; earlier years conservatively left out


def general_election_day(year: int) -> date:
    """Tuesday after the first Monday in November (the statewide general election day)."""
    return first_weekday_of_month(year, 11, MO) + ONE_DAY


@cache
def _md_holidays(year: int) -> tuple[tuple[date, str], ...]:
    kept: list[tuple[date, str]] = []
    for d, name in package_entries("MD", year):
        if "Inauguration Day" in name:
            continue  # not in § 1-111(a); only a Governor/President designation would add it
        if "Juneteenth" in name and year < _MD_JUNETEENTH_FROM:
            continue
        if is_observed(name) and d.weekday() != MO.weekday:
            continue  # the package moves Saturday holidays to Friday; § 1-111(b) moves Sundays only
        kept.append((d, name))
    for month, day, name in _MD_ADDED_FIXED:  # § 1-111(a)(3), (5), (11); Sunday rule (b)(2)
        kept.extend(sunday_observance(date(year, month, day), name))
    kept.append((easter(year) - timedelta(days=2), "Good Friday"))  # § 1-111(a)(6)
    if year % 2 == 0:  # § 1-111(a)(17): statewide general elections are held in even years
        kept.append((general_election_day(year), "Statewide general election day"))
    return tuple(kept)


def legal_holidays(year: int) -> dict[date, str]:
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
    return as_dict(_md_holidays(year))


# Business days: neither a weekend day nor a § 1-111 legal holiday. Not the SBE's "adjusted
# date": that follows State government workdays (State Personnel and Pensions § 9-201), a
# different list — see `rules.md.practice`.
_DAYS = BusinessDays(legal_holidays)
is_legal_holiday = _DAYS.is_legal_holiday
is_business_day = _DAYS.is_business_day
next_business_day = _DAYS.next_business_day


# § 1-111(a), re-derived from the text: (day, Sunday moves to Monday, in force since).
STATUTORY: tuple[tuple[DayRule, bool, int], ...] = (
    (fixed(1, 1), True, 0),
    (nth(1, MO, 3), True, 0),  # (a)(2)(ii): the day Congress designates
    (fixed(2, 12), True, 0),
    (nth(2, MO, 3), True, 0),
    (fixed(3, 25), True, 0),
    (lambda y: easter(y) - timedelta(days=2), False, 0),
    (nth(5, MO, -1), True, 0),  # (a)(7)(ii)
    (fixed(6, 19), True, _MD_JUNETEENTH_FROM),
    (fixed(7, 4), True, 0),
    (nth(9, MO, 1), True, 0),
    (fixed(9, 12), True, 0),
    (nth(10, MO, 2), True, 0),  # (a)(12)(ii)
    (fixed(11, 11), True, 0),
    (nth(11, TH, 4), True, 0),
    (lambda y: nth_weekday_of_month(y, 11, TH, 4) + ONE_DAY, True, 2008),  # (a)(15)
    (fixed(12, 25), True, 0),
)


def statutory_holidays(year: int) -> set[date]:
    """§ 1-111's days in ``year`` from ``STATUTORY``, plus (a)(17) general election day."""
    out = statutory_dates(STATUTORY, year)
    if year % 2 == 0:
        out.add(general_election_day(year))
    return out
