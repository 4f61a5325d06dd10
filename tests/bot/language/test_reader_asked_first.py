"""A yes/no question asked before the rule's own question is a question of its own: answered
where the rule decides it, said not answered where it does not. A question ending in a day
with its year still ends in its question mark, and a candidate's qualifications are asked of no
rule. The phrasings are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from bot.language.parts import first_yes_no, later_questions
from tests.support.service import packaged_service

SERVICE = packaged_service()
SPRING_2026 = date(2026, 4, 1)


def test_a_yes_no_asked_first_is_a_part_of_its_own() -> None:
    text = (
        "If our running mate withdraws, does the gov candidate have to refile too, and when is "
        "the new LG's certificate due with withdrawals closing March 6, 2026?"
    )
    first = first_yes_no(text, list(later_questions(text)))
    assert first is not None and first[0].strip().startswith("does the gov candidate")
    # (the later question ends with a day and its year, and still asks)
    assert [q for q, _ in later_questions(text)] == [
        "and when is the new LG's certificate due with withdrawals closing March 6, 2026"
    ]


def test_a_yes_no_first_that_the_rule_does_not_decide_is_said_not_answered() -> None:
    # § 5-903(b) times the successor's certificate; whether the Governor candidate refiles is
    # not part of it.
    reply = SERVICE.ask(
        "If our running mate withdraws, does the gov candidate have to refile too, and when is "
        "the new LG's certificate due with withdrawals closing March 6, 2026?",
        today=SPRING_2026,
    )
    assert (reply.status, reply.rule) == ("answered_in_part", "md-successor-lt-gov")
    assert reply.reading is not None
    assert any("refile" in part for part in reply.reading.not_answered)


@pytest.mark.parametrize(
    "question",
    [
        # § 5-903(a): whether a successor may be designated is the rule's answer ("replace").
        "LG candidate died 3/12/2026. can the governor candidate replace her, and by when?",
        # § 5-903(a)(1): whether the section applies is its answer too.
        "does 5-903 even apply, and when's the successor's deadline? LG withdrew 3/30/2026",
    ],
)
def test_a_yes_no_first_that_the_rule_decides_is_answered(question: str) -> None:
    reply = SERVICE.ask(question, today=SPRING_2026)
    assert reply.rule == "md-successor-lt-gov"
    assert reply.status != "answered_in_part"


def test_a_candidates_qualifications_are_asked_of_no_rule() -> None:
    facts = read_facts("does the replacement need three years as a resident?", today=SPRING_2026)
    assert "other-question" in facts.values("asks")


def test_a_later_part_naming_another_filings_deadline_is_a_question() -> None:
    # c. 53, § 14, sentence 7 times the vacancy certificates; a deadline named after "also",
    # with the filing it belongs to first, is a question of its own.
    text = "MA vacancy certs due when? also the nomination papers deadline for the special?"
    assert [q.strip() for q, _ in later_questions(text)] == [
        "also the nomination papers deadline for the special"
    ]
