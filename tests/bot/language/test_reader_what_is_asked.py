"""What a question asks and what it only mentions: a named deadline that is itself the thing
asked, whether a deadline exists, an event set in contrast, an event timed before the filing
deadline. Found on the twelfth external set; the phrasings here are not the set's own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.bot.language.support import TODAY, rule_for
from tests.support.service import packaged_service

SERVICE = packaged_service()


@pytest.mark.parametrize(
    "question",
    [
        # c. 53, § 14, sentence 7 counts *from* the last day for filing withdrawals; a question
        # whose only deadline asked is that day asks something no rule computes.
        "Last day for filing withdrawals for the May town election?",
        "withdrawal deadline for a state senate candidate in MA?",
        # § 5-903(b)(2)(i) also counts from the § 5-502 withdrawal deadline, never computes it.
        "LG candidate withdrawal deadline?",
    ],
)
def test_a_question_asking_only_the_named_withdrawal_deadline_is_not_answered(
    question: str,
) -> None:
    assert "withdrawal-deadline" in read_facts(question, today=TODAY).values("asks")
    assert SERVICE.ask(question, today=TODAY).status == "no_match"


@pytest.mark.parametrize(
    "question",
    [
        # The last day is stated, and the certificates' deadline is what is asked.
        "last day for filing withdrawals was Friday Aug 14 2026 at 5pm, town office. when are "
        "the vacancy certs due?",
        # "how many hours after the withdrawal deadline": the deadline is named, a count asked.
        "how many hours after the withdrawal deadline are vacancy certs due for state offices "
        "in MA?",
    ],
)
def test_a_named_withdrawal_deadline_beside_another_question_is_not_what_is_asked(
    question: str,
) -> None:
    assert "withdrawal-deadline" not in read_facts(question, today=TODAY).values("asks")
    assert rule_for(question) == "ma-vacancy-certificate"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(d): asking whether a petition candidate's certificate deadline exists asks it.
        (
            "I'm gathering petition signatures as an unaffiliated candidate for the House of "
            "Delegates in 2026. Is there a separate certificate of candidacy deadline for me?",
            "md-petition-certificate",
        ),
        # § 15-107(a)(2) (current text; § 15-106 in the seed): when distributions begin.
        (
            "When can the governor tickets get the public money this year? Is there a fixed "
            "start date in the law?",
            "md-public-financing-schedule",
        ),
    ],
)
def test_asking_whether_a_deadline_exists_asks_for_it(question: str, rule: str) -> None:
    assert rule_for(question) == rule


def test_asking_whether_there_is_a_fee_with_the_deadline_is_still_a_yes_no_question() -> None:
    # § 5-703(c) sets the declaration's deadline; a fee is something else asked yes or no.
    facts = read_facts(
        "is there a fee with the declaration of intent deadline for petition candidates?",
        today=TODAY,
    )
    assert "yes-no" in facts.values("asks")


def test_a_date_asked_for_after_a_confirming_question_is_a_deadline_asked() -> None:
    # § 5-703(f): "What is the exact calendar date that year?" asks the filing deadline.
    question = (
        "Is the petition filing deadline for unaffiliated candidates in the 2032 general "
        "election still in August? What is the exact calendar date that year?"
    )
    assert rule_for(question) == "md-petition-filing"


def test_whether_everyone_is_paid_in_full_asks_the_proration() -> None:
    # § 15-106(b) (seed; § 15-107 now) prorates when the Fund cannot pay every entitlement.
    question = (
        "Fund has $6 million and two tickets' full entitlements are $2.5M apiece: does "
        "everybody get paid in full?"
    )
    assert rule_for(question) == "md-public-financing-proration"


def test_an_illness_is_not_a_5_903_event_and_a_contrasted_event_is_not_the_event() -> None:
    # § 5-903(a)(1) names withdrawal, death and disqualification only; "as opposed to dying or
    # withdrawing" names the events the question sets aside, and says nothing about opposition.
    question = (
        "Does the successor rule apply to an LG candidate who is hospitalized and medically "
        "unable to campaign, as opposed to dying or withdrawing?"
    )
    facts = read_facts(question, today=TODAY)
    assert facts.cause == "disability"
    assert facts.opposed is None
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.status != "answered"
    assert reply.rule is None


def test_an_lg_vacancy_before_the_filing_deadline_is_not_a_5_903_one() -> None:
    # § 5-903(a)(1): "after the deadline for filing a certificate of candidacy".
    reply = SERVICE.ask(
        "LG candidate dropped out before the filing deadline. When must the successor file?",
        today=date(2026, 2, 10),
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.status == "not_covered"
    assert "§ 5-903(a)(1)" in reply.message
