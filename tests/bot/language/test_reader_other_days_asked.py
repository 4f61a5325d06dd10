"""Questions in a rule's words that ask for a day the rule does not compute get no rule's
answer: when the Fund's distributions *end*, or when the *general election's* begin (§ 15-106(a)
times only the primary's start); when filing *opens* (the rules compute the last day to file);
when the board must *certify* what was filed; how many signatures fail review, or how a count
splits by county; and whether a step taken was *valid* or may be *rescinded*. The phrasings are
not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import packaged_service

DAY = date(2029, 6, 1)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    "question",
    [
        # § 15-106(a)(1)(ii) (and § 15-107(a)(2) now) says when distributions begin, not end.
        "For the 2030 primary, on what date do Fund distributions stop?",
        "2030 primary: Fund distributions are due to end on what date?",
        # § 15-106(a)(2): the general's share is paid promptly after the primary, on no day.
        "When do Fund distributions for the 2030 general election start going out?",
        # § 5-703(c), (d): the last day to file, never the first.
        "When can an independent start filing her certificate of candidacy for 2030?",
        "petition candidate, 2030 cycle: what's the earliest date to file the declaration?",
        "First day they can file a declaration of intent for the 2030 election?",
        # § 5-703(f) times the petition's filing, not the board's review of it.
        "2030: deadline for SBE to certify an unaffiliated candidate's petition?",
        # § 5-703(e) gives the number required, not how many fail review or come from where.
        "District with 52,000 registered voters: how many signatures typically get rejected?",
        "Statewide indie run, 4.3M registered voters: signatures per county?",
        # c. 53, § 14 times the certificate; whether a late withdrawal is valid is no rule's.
        "MA: our state rep nominee withdrew on Sept 11; the last day to withdraw was Sept 9. "
        "Legal?",
        "MA: the nominee withdrew Sept 8, two days before the last day to withdraw on Sept 10. "
        "permitted?",
        # § 5-703 times the filings: not when circulating may begin, nor taking a filing back.
        "Our indie filed the declaration in June 2030. When can volunteers start collecting "
        "signatures?",
        "is there a cutoff for a petition candidate to withdraw the declaration of intent?",
        # § 5-703(f) times the petition; which board takes it is not in its answer.
        "Which board does our unaffiliated Senate candidate hand the petition to, SBE or the "
        "county board?",
    ],
)
def test_another_day_or_question_in_a_rules_words_is_not_answered(question: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.status not in ("answered", "needs_input"), (reply.status, reply.rule)


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 15-107(a)(2) (current text): the primary distributions' start is still answered.
        ("When can Fund distributions for the 2030 primary begin?", "md-public-financing-schedule"),
        # § 5-703(c): the declaration's last day, asked plainly.
        (
            "Last day to file the declaration of intent for the 2030 election?",
            "md-petition-declaration",
        ),
        # § 5-703(c)(3): the declaration's answer names the board it is filed with.
        (
            "2030 declaration of intent for an unaffiliated House candidate: due when, and which "
            "board takes it?",
            "md-petition-declaration",
        ),
        # § 5-703(e): the number required ("valid" describes the signatures counted).
        ("District with 52,000 registered voters: how many signatures?", "md-petition-signatures"),
        (
            "Congressional district, 761,000 registered voters. valid signatures required?",
            "md-petition-signatures",
        ),
    ],
)
def test_the_rules_own_day_is_still_answered(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert (reply.status, reply.rule) == ("answered", rule)


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(c): the declaration's deadline; a committee's paperwork after a label is its
        # own question.
        (
            "Two questions: declaration of intent deadline for an unaffiliated 2030 candidate "
            "for Congress, and does she need to form a campaign committee first?",
            "md-petition-declaration",
        ),
        # c. 53, § 14, sentence 2: who fills; whether fresh signatures are needed is no rule's.
        (
            "Quick one: in MA who fills the vacancy if the lieutenant governor nominee on papers "
            "withdraws, and does the new one need fresh signatures?",
            "ma-vacancy-who-fills",
        ),
        # § 15-107(a)(2): when distributions may begin; a later part naming another deadline
        # ("and the deadline to …?") is its own question.
        (
            "Two things - first possible date for Fund distributions in the 2034 cycle, and the "
            "deadline to leave the public financing program?",
            "md-public-financing-schedule",
        ),
    ],
)
def test_a_later_question_of_its_own_subject_is_said_not_answered(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert (reply.status, reply.rule) == ("answered_in_part", rule)
    assert reply.reading is not None and reply.reading.not_answered
