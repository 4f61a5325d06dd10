"""What a question asks of the service itself: a section's text, the season's window."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from bot.language.intents import asks_for_text, cited_sections, due_window

TODAY = date(2026, 3, 10)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("what's due this month?", 21),  # to March 31
        ("what's due next month?", 21 + 30),  # through April 30
        ("anything due this week?", 7),
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
        # A month with a day is a date, not a window; a month without due words asks nothing.
        ("what's due by June 5?", None),
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
