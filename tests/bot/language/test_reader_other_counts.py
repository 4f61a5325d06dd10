"""Parts a count rule does not answer, and facts said in the statute's own words: "how many"
asked of something the rule does not count; an official's discretion to extend or waive; the
registered voters said as "voters eligible for the office"; one contribution said "private";
a certificate-of-candidacy deadline said as the day's name or as "closed". The phrasings are
not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from bot.language.frames import frame_of
from bot.language.parts import later_questions
from tests.support.service import packaged_service

SERVICE = packaged_service()
SPRING_2026 = date(2026, 4, 1)


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # c. 53, § 14, sentence 4 counts delegates, not the members of a ward committee.
        (
            "MA: our gov candidate got 3,120 votes in ward 9 - how many delegates for the "
            "vacancy, and how many members sit on the ward committee?",
            "ma-vacancy-delegates",
        ),
        # c. 53, § 14, sentence 4: the delegates, not their alternates.
        (
            "Massachusetts vacancy: 1,640 votes for our party's governor candidate. delegates "
            "we may choose? and how many alternates?",
            "ma-vacancy-delegates",
        ),
        # § 5-703(e)(1) counts signatures, not the pages they are written on.
        (
            "how many signatures does an indie need with 61,000 registered voters, and how many "
            "pages can one petition hold?",
            "md-petition-signatures",
        ),
    ],
)
def test_a_count_of_something_else_is_a_part_not_answered(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=SPRING_2026)
    assert (reply.status, reply.rule) == ("answered_in_part", rule)
    assert reply.reading is not None and reply.reading.not_answered


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # c. 53, § 14, sentence 4: "how many people can we send?" asks the delegates.
        (
            "MA: 2,760 votes for our governor candidate in the town. how many delegates, and "
            "how many people can we send in all?",
            "ma-vacancy-delegates",
        ),
        # § 5-703(e)(1): "how many voters must sign" asks the signatures.
        (
            "how many signatures with 48,200 registered voters, and how many voters must sign "
            "at the least?",
            "md-petition-signatures",
        ),
    ],
)
def test_a_count_of_the_rules_own_thing_is_answered(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=SPRING_2026)
    assert (reply.status, reply.rule) == ("answered", rule)


def test_a_count_asked_as_needed_is_the_first_question() -> None:
    # § 5-703(e)(1): "sigs needed" asks the count, so the part after it is a later question.
    text = "sigs needed w/ 61,000 registered voters, and how many pages can one petition hold?"
    assert [q for q, _ in later_questions(text)] == ["and how many pages can one petition hold"]


def test_what_a_count_rule_counts_is_read_from_its_frame() -> None:
    # c. 53, § 14, sentence 4: delegates (and the people sent), never a committee's members.
    delegates = frame_of("ma-vacancy-delegates")
    assert delegates.counts_another("and how many members does the ward committee have")
    assert not delegates.counts_another("and how many do we get")
    assert not delegates.counts_another("how many more delegates with 1,001 votes")
    # A rule that counts nothing declares no count words.
    assert not frame_of("md-petition-filing").counts_another("how many pages")


def test_an_officials_discretion_to_extend_is_not_answered() -> None:
    # c. 53, § 14, sentence 7 times the certificates; whether the Secretary may waive the
    # deadline is no part of it.
    reply = SERVICE.ask(
        "MA: state senate nominee withdrew; the last day for withdrawals was June 2, 2026. "
        "When are the replacement certificates due? Could the Secretary's office waive it for "
        "a filing one day late?",
        today=SPRING_2026,
    )
    assert (reply.status, reply.rule) == ("answered_in_part", "ma-vacancy-certificate")
    facts = read_facts("could the town clerk extend the 48 hours for us?", today=SPRING_2026)
    assert "other-question" in facts.values("asks")


def test_the_laws_own_roll_to_the_next_business_day_is_answered() -> None:
    # § 5-703(f)(1): whether the petitions' deadline moves is the rule's to say; no official's
    # discretion is asked.
    facts = read_facts(
        "petitions due Aug 3, 2026 - is that extended to the next business day?",
        today=SPRING_2026,
    )
    assert "other-question" not in facts.values("asks")


def test_voters_eligible_for_the_office_are_the_registered_voters() -> None:
    # § 5-703(e)(1): 1% of the registered voters eligible to vote for the office.
    reply = SERVICE.ask(
        "voters eligible for this office: 83400. how many petition sigs?",
        today=SPRING_2026,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.params["registered_voters"] == "83400"
    assert reply.result is not None and reply.result.result["count"] == 834


def test_one_private_contribution_is_a_contribution_not_the_total_raised() -> None:
    # § 15-106(c): the match is on each eligible private contribution.
    facts = read_facts(
        "match for one $140 eligible private contribution from a Towson resident?",
        today=SPRING_2026,
    )
    assert [(a.value, a.role) for a in facts.amounts] == [(140, "contribution")]


def test_private_contributions_in_the_plural_are_the_total_raised() -> None:
    # § 15-106(c)(2): a sum said of the contributions in the plural is what was raised in all,
    # however far the plural's "s" falls from the sum.
    facts = read_facts(
        "opposed ticket with $275k eligible private contributions: primary public money?",
        today=SPRING_2026,
    )
    assert [(a.value, a.role) for a in facts.amounts] == [(275000, "private")]


@pytest.mark.parametrize(
    "question",
    [
        # § 5-903(b)(2)(iii): the certificate-of-candidacy deadline, said as the day's name.
        "LG candidate died March 30, 2030, a month after the 2/26 certificate deadline; "
        "primary June 25, 2030. successor due?",
        # ... and said as the certificate of candidacy having closed on it.
        "LG candidate died March 30, 2030; cert of candidacy closed 2/26/2030; primary June 25, "
        "2030. successor due?",
    ],
)
def test_the_certificate_deadline_said_of_its_day(question: str) -> None:
    reply = SERVICE.ask(question, today=SPRING_2026)
    assert reply.rule == "md-successor-lt-gov"
    assert reply.params["filing_deadline"].startswith("2030-02-26")
    assert reply.params["event_date"] == "2030-03-30"


def test_registered_voters_said_after_a_colon_are_the_count() -> None:
    # § 5-703(e)(1): the registered voters, said after a colon.
    reply = SERVICE.ask(
        "unaffiliated for county exec. Registered voters eligible for the county as of Jan 1: "
        "402,118 -- signatures?",
        today=SPRING_2026,
    )
    assert reply.params["registered_voters"] == "402118"


def test_the_first_of_several_voter_counts_in_a_row_is_not_taken_for_the_office() -> None:
    # § 5-703(e)(1) counts one office's voters: of three said in a row, none is taken.
    reply = SERVICE.ask(
        "registered voters by district as of 1/1: 31005 28470 40112. we need the second. "
        "how many signatures?",
        today=SPRING_2026,
    )
    assert reply.params.get("registered_voters") != "31005"


@pytest.mark.parametrize(
    "question",
    [
        # § 15-106(c)(3) (2014): $1 for each $3 when unopposed — a rate, not a sum raised.
        "unopposed ticket, $72,000 in eligible private contributions. the old rule was $1 in "
        "public money for every $3 raised; what is it now?",
        # § 15-106(c)(2) (2014): $1 for each $1 when opposed.
        "opposed ticket brought in $72,000; still $1-for-$1 on the match?",
    ],
)
def test_a_rate_the_law_sets_is_no_sum_of_the_question(question: str) -> None:
    facts = read_facts(question, today=SPRING_2026)
    assert [a.value for a in facts.amounts if a.role not in ("limit",)] == [72000]
