"""Gifts said the way a treasurer writes them: a sum with how many times it came in brackets
("$250 (x2)"), and one more gift said as "one for $249" or "a $200 one" after a contribution
was named. Each decides the § 15-106(c) match; the phrasings are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import packaged_service

DAY = date(2030, 3, 2)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    ("question", "contributions"),
    [
        # § 15-106(c)(1): each qualifying contribution is matched; "(x3)" is three of them.
        ("match on these please: $75 (x3), $20", "75;75;75;20"),
        ("cards in: $120 ( x2 ) and $60. public match?", "120;120;60"),
        # "one for $180" after a contribution was named is another contribution.
        ("A $90 contribution came in Monday and one for $180 today. matching total?", "90;180"),
        ("we logged a $40 donation. What would a $160 one be matched at?", "40;160"),
    ],
)
def test_each_gift_said_is_matched(question: str, contributions: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert (reply.status, reply.rule) == ("answered", "md-public-financing-primary")
    assert reply.params.get("contributions") == contributions


def test_one_for_a_sum_is_no_gift_before_a_gift_is_named() -> None:
    # With no contribution named first, "one for $2M" is no gift: § 15-106(b)'s claims stay
    # the tickets' own.
    reply = SERVICE.ask("Fund at $5M; one ticket is owed $3M and one for $2M. prorated?", today=DAY)
    assert reply.rule == "md-public-financing-proration"
    assert "contributions" not in reply.params


def test_matching_money_on_two_gifts_counts_both() -> None:
    # § 15-106(c): each eligible private contribution is matched; "matching money on a $100
    # and a $250 gift" names two of them.
    reply = SERVICE.ask("how much matching money on a $100 and a $250 gift?", today=DAY)
    assert reply.rule == "md-public-financing-primary"
    assert reply.params["contributions"] == "100;250"
