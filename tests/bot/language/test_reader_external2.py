"""Reader rules found on the second external question set (tests/questions_external2.yaml),
each a general rule other phrasings hit too: yes/no questions, what rules a rule out, and which
values the user gave are kept as given. The phrasings here are not the set's own."""

from __future__ import annotations

import pytest

from bot.language import read_facts
from tests.bot.language.support import TODAY, params, rule_for


@pytest.mark.parametrize(
    "question",
    [
        # A yes/no question about something the rule does not compute: § 5-903(b) gives the
        # successor's deadline, not whether a court may move it or a rule "applies".
        "will the successor deadline for the LG be pushed back if the primary is postponed?",
        "is the petition filing deadline waived for a special election?",
        "does the signature requirement apply to town council races in Rockville?",
        "can the Governor candidate run alone if the LG withdraws?",
        # A vacancy in the office itself, not in a nomination (§ 5-903, c. 53 § 14).
        "the Lt. Governor resigned from office last week; who picks the replacement?",
        # A school board is elected without party nominations: no § 5-703 petition.
        "declaration of intent deadline for a school board candidate?",
        "when is the declaration of intent due for board of education candidates?",
        # Ballot access everywhere at once is no one state's law.
        "petition filing deadline for an independent presidential candidate nationwide?",
        # A limit the law sets, and a past figure, are not § 15-106's sums.
        "what's the general election spending limit for a gubernatorial ticket?",
        "how much public money did last cycle's Democratic ticket receive in the primary?",
    ],
)
def test_near_misses_reach_no_rule(question: str) -> None:
    assert rule_for(question) is None


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 15-106(d)(4): whether the ticket gets a general election contribution is the
        # rule's own answer.
        (
            "we stayed under the primary spending limit, do we qualify for a general election "
            "public contribution?",
            "md-public-financing-general",
        ),
        # § 5-903(b)(1): the Governor candidate designates the successor.
        (
            "LG candidate died May 3, can the governor candidate name someone?",
            "md-successor-lt-gov",
        ),
        ("our LG withdrew 3/2, can she be replaced?", "md-successor-lt-gov"),
        (
            "our ticket is unopposed in the general; are we still entitled to public money for "
            "the general?",
            "md-public-financing-general",
        ),
    ],
)
def test_yes_no_questions_the_rule_decides_reach_it(question: str, rule: str) -> None:
    assert rule_for(question) == rule


def test_a_deadline_named_in_a_yes_no_question_is_its_subject_not_its_ask() -> None:
    facts = read_facts("is the successor deadline extended by a court order?", today=TODAY)
    asks = facts.values("asks")
    assert "yes-no" in asks
    assert "a-deadline" not in asks
    # "is there a deadline …?" does ask for the deadline (§ 5-703(c)).
    facts = read_facts("is there a deadline for an independent's declaration?", today=TODAY)
    assert "a-deadline" in facts.values("asks")
    assert "yes-no" not in facts.values("asks")


def test_a_statement_going_on_is_no_yes_no_question() -> None:
    # "…, and did not exceed the limit" states a fact (§ 15-106(d)(4)(ii)).
    facts = read_facts(
        "ticket took no primary money, and did not exceed the limit; how much for the general?",
        today=TODAY,
    )
    assert "yes-no" not in facts.values("asks")


def test_a_list_of_sums_is_read_whole_never_cut_to_its_first() -> None:
    # § 15-106(b): every ticket's entitlement is prorated; dropping one would misread them.
    got = params(
        "md-public-financing-proration",
        "the Fund holds 900000 and the tickets are owed 500000, 300000 and 200000; shares?",
    )
    assert got == {"fund": "900000", "entitlements": "500000;300000;200000"}
    # § 15-107 (current text): each listed contribution is matched, written with or without $.
    got = params(
        "md-public-financing-primary",
        "opposed ticket, eligible contributions of 40, 60 and 250 — primary public contribution?",
    )
    assert got == {"contributions": "40;60;250", "opposed": "true"}


def test_a_count_named_by_its_noun_is_not_a_district_number() -> None:
    # § 5-703(e)(1): "district 25k voters" counts voters; "district 6" names a district.
    got = params("md-petition-signatures", "house district 25k voters, signatures needed?")
    assert got == {"registered_voters": "25000"}
    got = params(
        "md-petition-signatures", "signatures for an independent in two hundred thousand voters"
    )
    assert got == {"registered_voters": "200000"}


def test_on_the_nth_is_this_month_only_once_it_has_come() -> None:
    # § 5-903(b): the event's date is the user's; today is March 10.
    got = params("md-successor-lt-gov", "LG candidate withdrew on the 2nd, successor deadline?")
    assert got == {"event": "withdrawal", "event_date": "2026-03-02"}
    later = read_facts("LG candidate withdrew on the 20th, successor deadline?", today=TODAY)
    assert later.dates == []  # February's or a future one: asked, not guessed
    assert "names no month" in later.problems[0]


def test_massachusetts_facts_stated_plainly() -> None:
    # c. 53 § 14, sentence 5: a district taking in whole wards does not use the partial count.
    got = params("ma-vacancy-delegates", "ward gave 900 votes for governor, entire ward is in it")
    assert got == {"votes": "900", "partial_district": "false"}
    # Sentence 1: a nominee "from the primary" was nominated at a primary.
    got = params("ma-vacancy-who-fills", "MA: state senate nominee from the primary withdrew")
    assert got["nomination"] == "primary"


def test_general_election_facts_decide_between_the_financing_rules() -> None:
    # § 15-106(d)(4)(i): "the party nominee" is the nominee fact; a ticket that already took
    # its primary contribution asks about the general's, not (c)'s.
    question = (
        "Ours is the Republican nominee and received primary public funds; unopposed in the "
        "general. how much will we get?"
    )
    assert rule_for(question) == "md-public-financing-general"
    assert params("md-public-financing-general", question) == {
        "nominee": "true",
        "opposed": "false",
        "received_primary": "true",
    }
    # § 15-106(b): tickets' entitlements are prorated, not (d)'s equal share nor (c)'s match.
    assert (
        rule_for("general: fund has $5M, three tickets each entitled to $2M. what does each get?")
        == "md-public-financing-proration"
    )


def test_private_contributions_received_are_not_public_money_received() -> None:
    # § 15-106(c): "received contributions of $25" are the ticket's private contributions.
    facts = read_facts("ticket received contributions of $25 and $75 in the primary", today=TODAY)
    assert facts.received_primary is None


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # A request ("can you tell me…", "does anyone know…") asks what follows it.
        (
            "LG candidate died May 3 -- can you tell me the successor deadline?",
            "md-successor-lt-gov",
        ),
        (
            "does anyone know how many sigs an indie needs with 20,000 registered voters",
            "md-petition-signatures",
        ),
        # Whether there is a deadline at all asks for it (§ 5-903(b)).
        (
            "LG candidate died on 5/3, do we have a deadline for the successor?",
            "md-successor-lt-gov",
        ),
        (
            "LG candidate died 4/2. does the gov candidate have to file the successor's COC by a "
            "certain date?",
            "md-successor-lt-gov",
        ),
        # A value to confirm is the rule's to compute (§ 5-903(b)).
        ("our LG withdrew 3/2, is the successor deadline March 11?", "md-successor-lt-gov"),
    ],
)
def test_requests_and_confirmations_are_not_yes_no_questions(question: str, rule: str) -> None:
    assert "yes-no" not in read_facts(question, today=TODAY).values("asks")
    assert rule_for(question) == rule
