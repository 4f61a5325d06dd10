"""Dates as people write them around a deadline: a weekday that settles a year left unwritten,
an election named only to say whose deadline it is, and an hour said after a day given twice.
Mass. G.L. c. 53, § 14, sentence 7 counts from the last day (and hour) for filing withdrawals,
so each of these is the value that decides the answer."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest

from bot.language import extract

NY = "America/New_York"


def _deadline(text: str, today: date) -> tuple[date, time | None]:
    facts = extract(text, today=today)
    assert facts.problems == []
    (found,) = [d for d in facts.dates if d.role == "withdrawal_deadline"]
    return found.value, found.time


@pytest.mark.parametrize(
    ("text", "today", "day", "hour"),
    [
        # Asked in December 2027: June 9 is a Friday in 2028, not in 2027.
        (
            "Looking ahead: withdrawals for statewide offices close Friday June 9 at 5 p.m.",
            date(2027, 12, 1),
            date(2028, 6, 9),
            time(17, 0),
        ),
        # The year the question names is the weekday's year, however far back.
        (
            "In 2022, withdrawals for state offices closed Friday, June 10 at 5 p.m.",
            date(2026, 3, 10),
            date(2022, 6, 10),
            time(17, 0),
        ),
    ],
)
def test_a_weekday_said_with_a_day_settles_the_year_left_unwritten(
    text: str, today: date, day: date, hour: time
) -> None:
    assert _deadline(text, today) == (day, hour)


def test_a_weekday_no_nearby_year_agrees_with_is_reported_never_corrected() -> None:
    # June 9 is a Tuesday in 2026, a Monday in 2025 and a Wednesday in 2027.
    facts = extract("withdrawals close Sunday June 9", today=date(2026, 3, 10))
    assert facts.problems == ["'sunday june 9': June 9, 2026 is a Tuesday"]
    # ... and a year the question names is never swapped for another to make a weekday fit.
    named = extract("In 2026, withdrawals close Friday June 9", today=date(2026, 3, 10))
    assert named.problems == ["'friday june 9': June 9, 2026 is a Tuesday"]


@pytest.mark.parametrize(
    "text",
    [
        "The last day for withdrawals for the 2030 state primary is this Friday, June 7, 5 p.m.",
        "Withdrawals for the state primary close Fri June 7 2030 at 5 p.m.",
    ],
)
def test_an_election_named_after_a_deadline_only_says_whose_deadline_it_is(text: str) -> None:
    assert _deadline(text, date(2030, 6, 3)) == (date(2030, 6, 7), time(17, 0))


def test_an_hour_said_after_a_day_given_twice_is_that_days_hour() -> None:
    text = "Withdrawals from primary nominations close today (Sept. 4) at noon."
    assert _deadline(text, date(2026, 9, 4)) == (date(2026, 9, 4), time(12, 0))
    stamp = extract(text, today=date(2026, 9, 4)).dates[0].as_datetime()
    assert stamp == datetime(2026, 9, 4, 12, 0, tzinfo=stamp.tzinfo) and str(stamp.tzinfo) == NY


# ------------------------------------------------------------------ numbers that are not sums


def test_a_telephone_number_and_a_districts_letter_are_neither_sums_nor_errors() -> None:
    facts = extract(
        "Call me back at 410-555-0143. Legislative District 12B has 21,950 eligible voters as "
        "of January 1.",
        today=date(2026, 3, 10),
    )
    assert facts.problems == [] and facts.amounts == []
    assert [(c.value, c.role) for c in facts.numbers] == [
        (12, "district"),
        (21950, "registered_voters"),
    ]
    # ... while "18k voters" after "district" is still eighteen thousand voters.
    voters = extract("small district 18k voters, signatures?", today=date(2026, 3, 10))
    assert [(c.value, c.role) for c in voters.numbers] == [(18000, "registered_voters")]


def test_a_name_initial_after_a_sum_is_no_multiplier() -> None:
    facts = extract("A. Smith  $250.00  B. Jones  $75.00  M. Park  $40", today=date(2026, 3, 10))
    assert [a.value for a in facts.amounts] == [250, 75, 40]
