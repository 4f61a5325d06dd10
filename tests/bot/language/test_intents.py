"""What a question asks of the service itself: a section's text, the season's window."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from bot.language.intents import asks_for_text, cited_sections, due_window
from tests.support.service import packaged_service

TODAY = date(2026, 3, 10)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("what's due this month?", 21),  # to March 31
        ("what's due next month?", 21 + 30),  # through April 30
        ("anything due this week?", 7),
        ("whats due this wk", 7),
        ("deadlines in the next 10 days", 10),
        ("what's due in the next two weeks", 14),
        ("any deadlines coming up?", 30),
        ("key dates for independent candidates", 366),
        # Window words without due/deadline words, and deadline words without a window.
        ("this month the LG died", None),
        ("LG died, successor deadline?", None),
    ],
)
def test_the_season_window(text: str, days: int | None) -> None:
    window = due_window(text, TODAY)
    assert window == (None if days is None else (TODAY, TODAY + timedelta(days=days)))


def test_the_next_month_of_december_is_january() -> None:
    assert due_window("what's due next month?", date(2026, 12, 30)) == (
        date(2026, 12, 30),
        date(2027, 1, 31),
    )


@pytest.mark.parametrize(
    ("text", "window"),
    [
        # A month named is that month, from today if it is this one, next year's if past.
        ("anything due in August for Maryland?", (date(2026, 8, 1), date(2026, 8, 31))),
        ("What's on the MA calendar for June?", (date(2026, 6, 1), date(2026, 6, 30))),
        ("which deadlines fall in March?", (TODAY, date(2026, 3, 31))),
        ("deadlines in February?", (date(2027, 2, 1), date(2027, 2, 28))),
        ("upcoming?", (TODAY, TODAY + timedelta(days=30))),
        ("what's coming up in August?", (date(2026, 8, 1), date(2026, 8, 31))),
        ("what's coming up next week?", (TODAY, TODAY + timedelta(days=14))),
        # A month with a day is a date; "by" it bounds the list from today.
        ("what's due by June 5?", (TODAY, date(2026, 6, 5))),
        ("the LG died in June", None),
    ],
)
def test_a_month_named_is_its_window(text: str, window: tuple[date, date] | None) -> None:
    assert due_window(text, TODAY) == window


def test_a_request_for_a_sections_text_needs_a_section() -> None:
    assert asks_for_text("what does 15-106(c) say?")
    assert asks_for_text("quote c. 53 § 14")
    assert not asks_for_text("what does the successor rule say?")
    assert list(cited_sections("compare 5-903(b)(2) and § 5-703(e)(1)")) == [
        "5-903(b)(2)",
        "§ 5-703(e)(1)",
    ]


def test_in_one_rules_question_only_a_window_beside_its_due_words_counts() -> None:
    # "…when are the vacancy certificates due? committee wants to meet next week": the week is
    # when they meet, not the window asked about (c. 53 § 14 sentence 7 answers it).
    question = "last day for withdrawals is Sept 14. when are they due? we meet next week"
    assert due_window(question, TODAY, one_rule=True) is None
    assert due_window("what's due next week?", TODAY, one_rule=True) == (
        TODAY,
        TODAY + timedelta(days=14),
    )


@pytest.mark.parametrize(
    ("text", "window"),
    [
        # Dates bounding a list: both ends, and one year written for both.
        (
            "list every deadline that falls between March 1 and March 15, 2026",
            (date(2026, 3, 1), date(2026, 3, 15)),
        ),
        ("what's due from 4/1/2026 to 4/30/2026?", (date(2026, 4, 1), date(2026, 4, 30))),
        ("anything due before 7/1?", (TODAY, date(2026, 7, 1))),
        ("list the deadlines between now and March 1, 2028", (TODAY, date(2028, 3, 1))),
        # A month and its year; a year alone, even beside "coming up"; the rest of the year.
        ("what deadlines are there in March 2028?", (date(2028, 3, 1), date(2028, 3, 31))),
        ("what filing deadlines are coming up for 2028?", (date(2028, 1, 1), date(2028, 12, 31))),
        ("any MA deadlines before the end of the year?", (TODAY, date(2026, 12, 31))),
        ("what's the next deadline?", (TODAY, TODAY + timedelta(days=731))),
        # One deadline asked about is not a list: the rule's question, not the season's.
        ("When is the certificate of candidacy deadline for county council in 2030?", None),
        ("the LG died between May 1 and May 3", None),
    ],
)
def test_a_list_asked_for_takes_the_period_the_question_names(
    text: str, window: tuple[date, date] | None
) -> None:
    assert due_window(text, TODAY) == window


def test_in_one_rules_question_dates_and_years_are_the_rules_not_a_window() -> None:
    # "LG died May 1 2026, what's the next deadline?" asks § 5-903's deadline from the death.
    assert due_window("LG died May 1 2026, what's the next deadline?", TODAY, one_rule=True) is None
    assert due_window("petition deadlines for 2028?", TODAY, one_rule=True) is None


def test_a_window_from_a_leap_day_to_a_later_year_does_not_raise() -> None:
    # "Feb 29 … March 3, 2029": the year written once has no Feb 29, so the first end keeps
    # the leap day it was read as, rather than failing on user text.
    today = date(2028, 2, 10)
    assert due_window("what deadlines fall between Feb 29 and March 3, 2029?", today) == (
        date(2028, 2, 29),
        date(2029, 3, 3),
    )


def test_in_one_rules_question_several_deadlines_in_a_month_are_a_window() -> None:
    # "any vacancy-certificate deadlines in June?" asks the list of that rule's June deadlines;
    # "are the petitions due in August?" asks the rule itself.
    assert due_window("any vacancy-certificate deadlines in June?", TODAY, one_rule=True) == (
        date(2026, 6, 1),
        date(2026, 6, 30),
    )
    assert due_window("are the petitions due in August?", TODAY, one_rule=True) is None


def test_asking_to_paste_a_sections_exact_language_asks_for_its_text() -> None:
    # c. 53, § 14 asked for in the words of someone taking minutes.
    assert asks_for_text("can you paste the exact language of c. 53 § 14 for the minutes?")


@pytest.mark.parametrize(
    ("today", "text", "window"),
    [
        # A holiday is its next date (federal or Massachusetts; Thanksgiving 2026 is Nov 26).
        (
            date(2026, 6, 1),
            "anything due b4 thanksgiving md side",
            (date(2026, 6, 1), date(2026, 11, 26)),
        ),
        (
            date(2026, 6, 1),
            "anything due for petition candidates before Labor Day?",
            (date(2026, 6, 1), date(2026, 9, 7)),
        ),
        (
            date(2026, 10, 1),
            "deadlines between now and Patriots' Day?",
            (date(2026, 10, 1), date(2027, 4, 19)),
        ),
        # A month's end is its last day, the next one on or after today's month.
        (
            date(2026, 6, 1),
            "deadlines between now and end of August?",
            (date(2026, 6, 1), date(2026, 8, 31)),
        ),
        (
            date(2026, 11, 10),
            "What deadlines fall between now and the end of January?",
            (date(2026, 11, 10), date(2027, 1, 31)),
        ),
    ],
)
def test_a_window_may_end_on_a_holiday_or_a_months_end(
    today: date, text: str, window: tuple[date, date]
) -> None:
    assert due_window(text, today) == window


@pytest.mark.parametrize(
    ("today", "text", "window"),
    [
        # A weekday is the coming one (2026-09-02 is a Wednesday; the next Tuesday is Sept 8).
        (
            date(2026, 9, 2),
            "What's due between now and next Tuesday?",
            (date(2026, 9, 2), date(2026, 9, 8)),
        ),
        (date(2026, 9, 2), "anything due by friday?", (date(2026, 9, 2), date(2026, 9, 4))),
        # "The primary" is the next one the calendars hold, of the state named.
        (
            date(2026, 5, 15),
            "what MA deadlines are coming between now and the Sept primary?",
            (date(2026, 5, 15), date(2026, 9, 1)),
        ),
        (
            date(2026, 5, 15),
            "anything due between now and the primary?",
            (date(2026, 5, 15), date(2026, 6, 23)),
        ),
    ],
)
def test_a_window_may_end_on_a_weekday_or_the_primary(
    today: date, text: str, window: tuple[date, date]
) -> None:
    primaries = {"md": [date(2026, 6, 23)], "ma": [date(2026, 9, 1)]}
    assert due_window(text, today, primaries=primaries) == window


@pytest.mark.parametrize(
    ("today", "text", "window"),
    [
        # A month with its year is that month, all of it when past ("in June 2028" asked in 2029).
        (date(2029, 10, 1), "Mass. deadlines in June 2028?", (date(2028, 6, 1), date(2028, 6, 30))),
        (
            date(2027, 10, 5),
            "Anything due in Massachusetts during September 2026?",
            (date(2026, 9, 1), date(2026, 9, 30)),
        ),
        (
            "2028-05-15",
            "What Maryland deadlines land this August?",
            (date(2028, 8, 1), date(2028, 8, 31)),
        ),
        # A window's length in words.
        (
            date(2026, 7, 1),
            "Maryland: which filing deadlines fall in the next five weeks?",
            (date(2026, 7, 1), date(2026, 8, 5)),
        ),
    ],
)
def test_a_month_with_its_year_and_a_length_in_words(
    today: date | str, text: str, window: tuple[date, date]
) -> None:
    assert due_window(text, date.fromisoformat(str(today))) == window


def test_listing_the_filing_deadlines_is_the_season_not_a_list_of_filers() -> None:
    service = packaged_service(date(2026, 8, 20))
    listed = service.ask("Please list every filing deadline between now and the end of the month")
    assert listed.status == "help"
    assert listed.extra.get("season") is not None or listed.extra.get("next")
    # A list of who filed is still a records lookup no rule computes.
    filers = service.ask("is there a public list of who has filed a declaration of intent?")
    assert filers.status == "no_match"
