"""More of the forms staff write facts in: the nominating petition by its long name
("petitions for nomination"), sums each said with an article and a comma ("a $40, a $75 and a
$300 gift") — never joining the Fund's sum said before the tickets' — and a two-digit year
before a colon or a sentence's end ("ahead to '28:"). The phrasings are not the question
sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import packaged_service

DAY = date(2027, 2, 9)
SERVICE = packaged_service(DAY)


def test_petitions_for_nomination_are_the_nominating_petition() -> None:
    # § 5-703(f): the petition's own filing day.
    reply = SERVICE.ask(
        "Is 5 pm the cutoff for petitions for nomination, and on what day in 2030?", today=DAY
    )
    assert (reply.status, reply.rule) == ("answered", "md-petition-filing")
    assert reply.params == {"year": "2030"}


def test_sums_each_with_an_article_are_one_list() -> None:
    # § 15-106(c) (2014 text, the one in force on this day): each eligible contribution counts.
    reply = SERVICE.ask(
        "public match for a $40, a $75 and a $300 gift from MD residents?", today=date(2014, 5, 1)
    )
    assert reply.rule == "md-public-financing-primary"
    assert reply.params["contributions"] == "40;75;300"


def test_the_funds_sum_before_the_tickets_joins_no_list() -> None:
    # § 15-106(e) (2014 text): the Fund's balance is not one of the tickets' sums.
    reply = SERVICE.ask(
        "fund holds $4M, a $3M ticket and a $2M ticket. prorated shares?", today=date(2014, 5, 1)
    )
    assert reply.rule == "md-public-financing-proration"
    assert (reply.params["fund"], reply.params["entitlements"]) == ("4000000", "3000000;2000000")


@pytest.mark.parametrize(
    "question",
    [
        "Thinking ahead to '30: when does an indie candidate's petition have to be in?",
        "Petition due date for unaffiliated candidates? Her race is '30.",
    ],
)
def test_a_two_digit_year_before_a_colon_or_a_full_stop(question: str) -> None:
    # § 5-703(f): the year the petition is filed for.
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == "md-petition-filing"
    assert reply.params.get("year") == "2030"
