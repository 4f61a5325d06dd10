"""The states whose election law the rules cover, and their calendars of legal holidays.

Each state's law lives in its own package (`rules/md/`, `rules/ma/`); this module only says
which states there are and, given a state's code, asks that state's `holidays` module.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from types import ModuleType
from typing import Literal

from rules.ma import holidays as ma_holidays
from rules.md import holidays as md_holidays
from rules.timecalc import SkipDay

Jurisdiction = Literal["md", "ma"]
JURISDICTIONS: tuple[Jurisdiction, ...] = ("md", "ma")
_HOLIDAYS: dict[str, ModuleType] = {"md": md_holidays, "ma": ma_holidays}


def holidays_of(jurisdiction: str) -> ModuleType:
    """The `holidays` module of ``jurisdiction`` (ValueError naming the known ones)."""
    module = _HOLIDAYS.get(jurisdiction)
    if module is None:
        raise ValueError(f"unknown jurisdiction {jurisdiction!r} (expected 'md' or 'ma')")
    return module


def legal_holidays(jurisdiction: Jurisdiction, year: int) -> dict[date, str]:
    """The statewide legal holidays of ``jurisdiction`` ("md" or "ma") in ``year``."""
    return holidays_of(jurisdiction).legal_holidays(year)  # type: ignore[no-any-return]


def is_legal_holiday(d: date, jurisdiction: Jurisdiction) -> bool:
    """Whether ``d`` is a legal holiday in ``jurisdiction``."""
    return holidays_of(jurisdiction).is_legal_holiday(d)  # type: ignore[no-any-return]


def is_business_day(d: date, jurisdiction: Jurisdiction) -> bool:
    """Not a Saturday, Sunday or legal holiday of ``jurisdiction``."""
    return holidays_of(jurisdiction).is_business_day(d)  # type: ignore[no-any-return]


def next_business_day(d: date, jurisdiction: Jurisdiction, *, after: bool = False) -> date:
    """First business day of ``jurisdiction`` on or after ``d`` (strictly after if ``after``)."""
    return holidays_of(jurisdiction).next_business_day(d, after=after)  # type: ignore[no-any-return]


def weekend_or_legal_holiday(jurisdiction: Jurisdiction) -> SkipDay:
    """A skip predicate for weekends plus ``jurisdiction``'s legal holidays."""
    business_day = holidays_of(jurisdiction).is_business_day  # an unknown one fails here, now
    return lambda d: not business_day(d)


def legal_holiday_discrepancies(jurisdiction: Jurisdiction, years: Iterable[int]) -> list[str]:
    """Differences between ``legal_holidays`` and the statutory list re-derived from the text.

    An empty list means the package-derived list matches the statute for those years.
    """
    module = holidays_of(jurisdiction)
    problems: list[str] = []
    for year in years:
        built = set(module.legal_holidays(year))
        expected = module.statutory_holidays(year)
        for d in sorted(built - expected):
            problems.append(f"{jurisdiction} {year}: {d} listed but not a statutory legal holiday")
        for d in sorted(expected - built):
            problems.append(f"{jurisdiction} {year}: statutory legal holiday {d} missing")
    return problems
