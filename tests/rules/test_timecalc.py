"""Calendar arithmetic (rules/timecalc.py) and each state's legal holidays and business-day rolls
(rules/md/holidays.py, rules/ma/holidays.py, through rules/jurisdictions.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.jurisdictions import (
    is_business_day,
    is_legal_holiday,
    legal_holiday_discrepancies,
    next_business_day,
    weekend_or_legal_holiday,
)
from rules.ma.holidays import legal_holidays as ma_legal_holidays
from rules.ma.holidays import roll_last_day as ma_roll_last_day
from rules.md.holidays import legal_holidays as md_legal_holidays
from rules.timecalc import (
    MO,
    TU,
    at_local,
    count_weekday_hours,
    first_weekday_of_month,
    nth_weekday_of_month,
    weekday_hours_after,
)
from rules.values import TZ as NY

# --- week-day hours: G.L. c. 53 § 14 ("seventy-two week day hours ... succeeding five o'clock
# in the afternoon of the last day for filing withdrawals") ----------------------------------


@pytest.mark.parametrize(
    ("start", "hours", "expected"),
    [
        # G.L. c. 53 § 14, state offices: Friday 5 p.m. withdrawal deadline -> Wednesday 5 p.m.
        (at_local(date(2026, 6, 5), 17), 72, at_local(date(2026, 6, 10), 17)),
        # G.L. c. 53 § 14, state offices: Monday 5 p.m. -> Thursday 5 p.m. (2017 calendar)
        (at_local(date(2017, 10, 16), 17), 72, at_local(date(2017, 10, 19), 17)),
        # G.L. c. 53 § 14, city or town offices: 48 week day hours, Friday -> Tuesday 5 p.m.
        (at_local(date(2026, 6, 5), 17), 48, at_local(date(2026, 6, 9), 17)),
    ],
)
def test_published_weekday_hour_examples(start: datetime, hours: int, expected: datetime) -> None:
    result = weekday_hours_after(start, hours)
    assert result == expected
    assert result.tzinfo is NY
    assert result.utcoffset() == expected.utcoffset()


def test_start_given_in_utc_is_counted_in_new_york_time() -> None:
    # G.L. c. 53 § 14: the same instant written in UTC gives the same deadline.
    start = at_local(date(2026, 6, 5), 17).astimezone(UTC)
    assert weekday_hours_after(start, 72) == at_local(date(2026, 6, 10), 17)


def test_zero_hours_is_the_start() -> None:
    start = at_local(date(2026, 6, 5), 17)
    assert weekday_hours_after(start, 0) == start


def test_naive_start_and_negative_hours_are_refused() -> None:
    with pytest.raises(ValueError, match="tz-aware"):
        weekday_hours_after(datetime(2026, 6, 5, 17), 72)
    with pytest.raises(ValueError, match=">= 0"):
        weekday_hours_after(at_local(date(2026, 6, 5), 17), -1)


def test_count_ending_at_midnight_ends_at_the_close_of_the_counted_day() -> None:
    # Thursday 5 p.m. + 31 hours = 7 (Thu) + 24 (Fri): the instant Friday ends.
    result = weekday_hours_after(at_local(date(2026, 6, 4), 17), 31)
    assert result == at_local(date(2026, 6, 6), 0)


def test_holiday_variant_skips_columbus_day() -> None:
    # G.L. c. 53 § 14 with G.L. c. 4 § 7 cl. 18: Friday 2026-10-09 5 p.m.; Monday 2026-10-12 is
    # Columbus Day. Literal count: Wednesday; skipping the holiday too: Thursday.
    start = at_local(date(2026, 10, 9), 17)
    assert weekday_hours_after(start, 72) == at_local(date(2026, 10, 14), 17)
    with_holidays = count_weekday_hours(start, 72, skip=weekend_or_legal_holiday("ma"))
    assert with_holidays.deadline == at_local(date(2026, 10, 15), 17)
    assert date(2026, 10, 12) in with_holidays.skipped


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        # DST starts Sunday 2026-03-08: the skipped Sunday absorbs the change.
        (at_local(date(2026, 3, 6), 17), at_local(date(2026, 3, 11), 17)),
        # DST ends Sunday 2026-11-01.
        (at_local(date(2026, 10, 30), 17), at_local(date(2026, 11, 4), 17)),
    ],
)
def test_dst_weekend_does_not_shift_the_5pm_deadline(start: datetime, expected: datetime) -> None:
    # G.L. c. 53 § 14: with Sundays skipped, wall-clock and elapsed readings agree.
    count = count_weekday_hours(start, 72)
    assert count.deadline == expected
    assert not count.differs
    assert count.deadline.hour == 17  # 5 p.m. local, not 4 or 6 p.m.


def test_spring_forward_counted_day_offers_the_later_elapsed_reading() -> None:
    # If a Sunday were counted, 2026-03-08 has 23 real hours: wall-clock gives Tue 5 p.m.,
    # elapsed gives Tue 6 p.m.; the conservative deadline is the earlier one.
    count = count_weekday_hours(at_local(date(2026, 3, 7), 17), 72, skip=lambda d: False)
    assert count.wall_clock == at_local(date(2026, 3, 10), 17)
    assert count.elapsed == at_local(date(2026, 3, 10), 18)
    assert count.deadline == count.wall_clock
    assert count.later == count.elapsed
    # Same-zone subtraction is wall-clock in Python; compare real elapsed time in UTC.
    assert count.elapsed.astimezone(UTC) - count.start.astimezone(UTC) == timedelta(hours=72)


def test_fall_back_counted_day_makes_elapsed_the_earlier_reading() -> None:
    count = count_weekday_hours(at_local(date(2026, 10, 31), 17), 72, skip=lambda d: False)
    assert count.wall_clock == at_local(date(2026, 11, 3), 17)
    assert count.elapsed == at_local(date(2026, 11, 3), 16)
    assert count.deadline == count.elapsed
    assert count.differs


def _oracle(start: datetime, hours: int, skip: object) -> datetime:
    """Hour-by-hour wall-clock count (independent of the day-stepping implementation)."""
    assert callable(skip)
    cursor = start.replace(tzinfo=None)
    counted = 0
    while counted < hours:
        if not skip(cursor.date()):
            counted += 1
        cursor += timedelta(hours=1)
    return cursor.replace(tzinfo=NY)


_STARTS = st.builds(
    at_local,
    st.dates(min_value=date(2000, 1, 1), max_value=date(2045, 12, 31)),
    st.sampled_from([0, 9, 12, 17, 23]),  # never 2 a.m.: that local hour can be missing
)


@settings(max_examples=300, deadline=None)
@given(start=_STARTS, hours=st.integers(min_value=1, max_value=240))
def test_weekday_hours_properties(start: datetime, hours: int) -> None:
    # G.L. c. 53 § 14 (literal reading: Saturdays and Sundays are not week days).
    count = count_weekday_hours(start, hours)
    deadline = count.deadline
    assert deadline > start
    assert not count.differs  # Sundays skipped: DST can never split the readings
    closing_midnight = deadline.hour == 0 and deadline.minute == 0
    last_counted_day = deadline.date() - timedelta(days=1) if closing_midnight else deadline.date()
    assert last_counted_day.weekday() < 5
    assert deadline == _oracle(start, hours, lambda d: d.weekday() >= 5)

    with_holidays = weekday_hours_after(start, hours, skip=weekend_or_legal_holiday("ma"))
    assert with_holidays >= deadline
    assert not is_legal_holiday(
        with_holidays.date() - timedelta(days=1)
        if with_holidays.hour == 0 and with_holidays.minute == 0
        else with_holidays.date(),
        "ma",
    )


# --- month weekdays ----------------------------------------------------------------------------


def test_first_monday_in_august() -> None:
    # Md. Code, Elec. Law § 5-703(d)(1), (f)(1): "the first Monday in August"
    assert first_weekday_of_month(2026, 8) == date(2026, 8, 3)
    assert first_weekday_of_month(2024, 8) == date(2024, 8, 5)
    # A month that starts on a Monday keeps its first day.
    assert first_weekday_of_month(2026, 6, MO) == date(2026, 6, 1)


def test_last_and_fourth_tuesdays() -> None:
    # § 5-303: last Tuesday in February; § 8-201 (2025): fourth Tuesday in June.
    assert nth_weekday_of_month(2026, 2, TU, -1) == date(2026, 2, 24)
    assert nth_weekday_of_month(2026, 6, TU, 4) == date(2026, 6, 23)
    with pytest.raises(ValueError):
        nth_weekday_of_month(2026, 6, TU, 0)


# --- legal holidays ----------------------------------------------------------------------------


def test_massachusetts_2026_legal_holidays() -> None:
    # G.L. c. 4 § 7 cl. 18
    hol = ma_legal_holidays(2026)
    assert "Patriots" in hol[date(2026, 4, 20)]
    assert "Juneteenth" in hol[date(2026, 6, 19)]
    assert "Columbus" in hol[date(2026, 10, 12)]
    assert date(2026, 6, 17) not in hol  # Bunker Hill Day: Suffolk County only
    assert date(2026, 3, 17) not in hol  # Evacuation Day: Suffolk County only
    assert len(hol) == 12


def test_massachusetts_sunday_holiday_moves_to_monday_saturday_does_not() -> None:
    # G.L. c. 4 § 7 cl. 18: "or the day following when any of said days occurs on Sunday"
    assert date(2027, 7, 5) in ma_legal_holidays(2027)  # July 4, 2027 is a Sunday
    assert date(2026, 7, 3) not in ma_legal_holidays(2026)  # July 4, 2026 is a Saturday


def test_maryland_2026_statutory_holidays() -> None:
    # Md. Code, Gen. Prov. § 1-111(a)
    hol = md_legal_holidays(2026)
    assert hol[date(2026, 2, 12)] == "Lincoln's Birthday"  # (a)(3)
    assert hol[date(2026, 3, 25)] == "Maryland Day"  # (a)(5)
    assert hol[date(2026, 4, 3)] == "Good Friday"  # (a)(6)
    assert hol[date(2026, 9, 12)] == "Defenders' Day"  # (a)(11), a Saturday: not moved
    assert date(2026, 11, 3) in hol  # (a)(17) statewide general election day
    assert date(2026, 11, 27) in hol  # (a)(15) American Indian Heritage Day
    # § 1-111(b): no Saturday-to-Friday move (the package's US-MD list has 2026-07-03).
    assert date(2026, 7, 3) not in hol
    assert date(2026, 9, 11) not in hol


def test_maryland_sunday_rule_and_odd_year_without_election_day() -> None:
    # § 1-111(b)(2): a Sunday holiday is observed the next Monday.
    hol = md_legal_holidays(2027)
    assert date(2027, 9, 13) in hol  # Defenders' Day 2027-09-12 is a Sunday
    assert date(2027, 7, 5) in hol
    assert date(2027, 11, 2) not in hol  # no statewide general election in 2027


@pytest.mark.parametrize("jurisdiction", ["ma", "md"])
def test_holiday_lists_match_the_statutory_tables(jurisdiction: str) -> None:
    assert legal_holiday_discrepancies(jurisdiction, range(2022, 2041)) == []  # type: ignore[arg-type]


def test_unknown_jurisdiction_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown jurisdiction"):
        is_business_day(date(2026, 1, 2), "va")  # type: ignore[arg-type]


# --- business days and rolls ---------------------------------------------------------------


def test_business_days_follow_each_states_list() -> None:
    assert not is_business_day(date(2026, 4, 20), "ma")  # Patriots' Day
    assert is_business_day(date(2026, 4, 20), "md")
    assert not is_business_day(date(2026, 4, 3), "md")  # Good Friday, § 1-111(a)(6)
    assert is_business_day(date(2026, 4, 3), "ma")


def test_next_business_day_roll() -> None:
    # SBE "adjusted date": a Saturday deadline moves to Monday (Independence Day is Saturday).
    assert next_business_day(date(2026, 7, 4), "md") == date(2026, 7, 6)
    assert next_business_day(date(2026, 3, 6), "md") == date(2026, 3, 6)
    assert next_business_day(date(2026, 3, 6), "md", after=True) == date(2026, 3, 9)
    # Thanksgiving Thursday -> Monday in Maryland (Friday is American Indian Heritage Day).
    assert next_business_day(date(2026, 11, 26), "md") == date(2026, 11, 30)
    assert next_business_day(date(2026, 11, 26), "ma") == date(2026, 11, 27)


def test_ma_last_day_roll_sunday_and_holiday_not_saturday() -> None:
    # G.L. c. 4 § 9
    assert ma_roll_last_day(date(2026, 4, 18)) == date(2026, 4, 18)  # Saturday stays
    assert ma_roll_last_day(date(2026, 4, 19)) == date(2026, 4, 21)  # Sunday, then Patriots' Day
    assert ma_roll_last_day(date(2026, 10, 12)) == date(2026, 10, 13)  # Columbus Day
    assert ma_roll_last_day(date(2026, 10, 13)) == date(2026, 10, 13)


def test_at_local_is_aware_with_the_seasonal_offset() -> None:
    assert at_local(date(2026, 2, 24), 21).utcoffset() == timedelta(hours=-5)
    assert at_local(date(2026, 8, 3), 17).utcoffset() == timedelta(hours=-4)
    assert at_local(date(2026, 8, 3), 17).astimezone(UTC) == datetime(2026, 8, 3, 21, tzinfo=UTC)
