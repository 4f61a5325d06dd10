"""An objection to a certificate is its own question: set aside beside a part a rule computes
(in either order), no rule's when it is all that is asked. Facts told in staff shorthand are
read: "cert deadline Feb 24 '26 9 p.m.", a year-first "2034.06.27", "zero votes", a
"state-level race", a "precinct-split district", and Massachusetts' "nomination papers" named
only beside a Maryland question. The phrasings are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import packaged_service

DAY = date(2029, 12, 3)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    "question",
    [
        # c. 53, § 14, sentence 7 times the certificate; the objection's own day is no rule's.
        "Withdrawals for the state senate seat closed Fri Sept 6, 2030 at 5 pm. When's the "
        "vacancy certificate due, and by when must objections to it be filed?",
        "what is the objection deadline for vacancy certificates, and when are the certificates "
        "themselves due if withdrawals for a state office closed Friday 9/6/2030?",
    ],
)
def test_an_objection_asked_beside_the_certificate_is_said_not_answered(question: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert (reply.status, reply.rule) == ("answered_in_part", "ma-vacancy-certificate")
    assert reply.params["withdrawal_deadline"].startswith("2030-09-06")
    assert reply.reading is not None
    assert any("objection" in part for part in reply.reading.not_answered)


@pytest.mark.parametrize(
    "question",
    [
        # Sentence 8 only opens certificates to objections; no rule times one.
        "Our replacement certificates are due Wednesday. How long does a voter have to file an "
        "objection to them?",
        "what's the deadline to object to a certificate filling a vacancy?",
    ],
)
def test_an_objection_alone_is_no_rules(question: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.status == "no_match" and reply.rule is None


def test_a_cert_deadline_told_with_its_day_is_the_filing_deadline() -> None:
    # § 5-903(b)(2): the successor's day is counted from the event, bounded by the filing
    # deadline told in shorthand.
    reply = SERVICE.ask(
        "suppose the LG candidate had been disqualified on May 28 2030 (primary 6/25/30, cert "
        "deadline Feb 26 '30 9 p.m.) -- by what date must the successor file?",
        today=DAY,
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.params["filing_deadline"] == "2030-02-26T21:00"
    assert reply.params["primary"] == "2030-06-25"


def test_a_year_first_date_with_dots_is_read() -> None:
    # § 5-903(b)(2): the primary's day, written 2030.06.25.
    reply = SERVICE.ask(
        "Running mate died 2030.05.20, primary 2030.06.25, COC deadline was 2/26/30 9 pm. "
        "When must the successor file?",
        today=DAY,
    )
    assert reply.rule == "md-successor-lt-gov"
    assert (reply.params["event_date"], reply.params["primary"]) == ("2030-05-20", "2030-06-25")


def test_zero_votes_is_a_count_of_none() -> None:
    # c. 53, § 14, sentence 4 counts delegates from the governor candidate's votes.
    reply = SERVICE.ask(
        "In Ward 9 our governor candidate received zero votes. How many vacancy delegates?",
        today=DAY,
    )
    assert reply.rule == "ma-vacancy-delegates" and reply.params.get("votes") == "0"


def test_a_state_level_race_is_a_state_office() -> None:
    # Sentence 7: 72 hours for a state office.
    reply = SERVICE.ask(
        "state-level contest; withdrawals closed Fri 6/7/2030 at 5. when are vacancy certs due?",
        today=DAY,
    )
    assert reply.rule == "ma-vacancy-certificate" and reply.params.get("office") == "state"


def test_a_precinct_split_district_takes_in_part_of_a_town() -> None:
    # Sentence 5: a district of parts of wards or towns.
    reply = SERVICE.ask(
        "split precincts here: 2,315 votes for our party's governor candidate in the precincts "
        "within the district. how many delegates?",
        today=DAY,
    )
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params.get("partial_district") == "true"


def test_nomination_papers_named_beside_a_maryland_question_rule_out_nothing() -> None:
    # § 5-703(e)(1): 1% of 41,000 registered voters; "nomination papers" only compared.
    reply = SERVICE.ask(
        "Back home we filed nomination papers, but this is a Maryland seat: 41,000 registered "
        "voters, unaffiliated candidate. Signatures needed?",
        today=DAY,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.params.get("registered_voters") == "41000"


def test_the_vote_a_delegates_meeting_needs_is_not_the_delegates_count() -> None:
    # Sentence 4 counts delegates; the vote their meeting needs is no rule's.
    reply = SERVICE.ask(
        "Our governor candidate got 1,240 votes in town. How many delegates do we get, and what "
        "majority does their meeting need to name the nominee?",
        today=DAY,
    )
    assert reply.status != "answered"


@pytest.mark.parametrize(
    ("question", "today", "withdrawals_closed"),
    [
        # Sentence 7 counts from the last day for filing withdrawals, said as a bare weekday:
        # one still to come is the coming one ...
        (
            "selectboard seat: our last day for withdrawals is Thursday at 5 pm. A nominee "
            "pulled out. When is the replacement certificate due?",
            date(2031, 4, 14),
            "2031-04-17",
        ),
        # ... one already past, the last one.
        (
            "City council race -- the withdrawal deadline was Monday. The nominee withdrew; "
            "when are vacancy certificates due?",
            date(2031, 4, 16),
            "2031-04-14",
        ),
    ],
)
def test_a_deadline_said_as_a_weekday_is_that_day(
    question: str, today: date, withdrawals_closed: str
) -> None:
    reply = SERVICE.ask(question, today=today)
    assert reply.rule == "ma-vacancy-certificate"
    assert reply.params["withdrawal_deadline"].startswith(withdrawals_closed)


def test_withdrawals_closed_for_an_office_named_with_an_apostrophe() -> None:
    # Sentence 7: the Governor's Council is a state office; the day is the withdrawals' last.
    reply = SERVICE.ask(
        "Withdrawals for the Governor's Council seat closed at noon Friday 6/6/2031. Is the "
        "certificate clock 72 hours from noon?",
        today=date(2031, 6, 9),
    )
    assert reply.rule == "ma-vacancy-certificate"
    assert reply.params["withdrawal_deadline"].startswith("2031-06-06")
