"""A number's comma or point never splits a question into parts: "90,000 voters" stays in the
part that asks of it, "$2.5M" is no list label ("2." as in "2) and …"), and an item told with
a number after "plus" or "also" adds no question of its own. A part another rule answers is
said asked apart ("ask it on its own"), not beyond every rule. The phrasings are not the
question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import packaged_service

DAY = date(2030, 3, 2)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    "question",
    [
        # § 5-703(f): the petition's day, then § 5-703(e)'s count for a district of 61,500.
        "2034 cycle: when do we turn in the indie petition, and how many signatures for a "
        "district of 61,500 registered voters?",
        "when's the nominating petition due for 2032, and how many sigs if 48,250 voters?",
    ],
)
def test_a_part_another_rule_answers_is_asked_apart(question: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert (reply.status, reply.rule) == ("answered_in_part", "md-petition-filing")
    assert reply.reading is not None
    assert reply.reading.not_answered == []
    assert len(reply.reading.asked_apart) == 1
    # (the part whole, with its number: the comma of "61,500" splits nothing)
    assert "," in reply.reading.asked_apart[0] and "signatures" in reply.in_part.replace(
        "sigs", "signatures"
    )
    assert "ask that on its own" in reply.in_part


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 15-106(b): three claims, one said "$1.5M" — no "2." list label in it.
        (
            "Fund holds $4.9M. Three tickets are owed $3M, $2.5M and $1M. What is each share?",
            "md-public-financing-proration",
        ),
        # § 5-703(e)(1): the precincts told after "Also" add no question.
        (
            "Sigs needed statewide? About 4.3 million registered voters. (Also we have some "
            "2,050 precincts statewide, if that matters.)",
            "md-petition-signatures",
        ),
        # § 15-106(c): an item added with "plus" and a number is told, not asked.
        (
            "Gifts: $80 from a neighbor; plus the $3,000 the candidate lent, which I think is "
            "excluded. Match?",
            "md-public-financing-primary",
        ),
    ],
)
def test_a_number_told_adds_no_question(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert (reply.status, reply.rule) == ("answered", rule)
