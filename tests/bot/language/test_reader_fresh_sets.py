"""Readings found on outside tuning sets before they were tuned on: a proclamation that "came
out" on a day sets no deadline that day; a count of gifts said before a sum the list made;
a ticket's row label; a deadline cue linked to the date after it; a Fund balance the year
started at beside the one available now; each candidate's latest count of votes; a results
line naming the governor's candidate; a leftover vote. The phrasings are not the question
sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.support.service import packaged_service

SERVICE = packaged_service()
SPRING_2027 = date(2027, 3, 22)
FALL_2029 = date(2029, 11, 12)


def test_the_day_a_proclamation_came_out_is_not_its_deadline() -> None:
    # § 5-703(c)(3)(ii): a special election's declaration is timed from the certificate
    # deadline its proclamation sets, not from the day the proclamation was issued.
    reply = SERVICE.ask(
        "Special for CD-7: the Governor's proclamation went out on May 3, 2027. It puts the "
        "certificate of candidacy deadline at Tuesday, June 8, 2027, 9 p.m. When is the "
        "unaffiliated candidate's declaration of intent due?",
        today=SPRING_2027,
    )
    assert reply.rule == "md-petition-declaration"
    assert reply.params["proclamation_deadline"] == "2027-06-08T21:00"
    assert "coc_deadline" not in reply.params


def test_what_a_proclamation_sets_said_farther_on_is_its_deadline() -> None:
    # § 5-703(c)(3)(ii): the deadline the proclamation sets, a few words after "sets".
    reply = SERVICE.ask(
        "The proclamation for the CD-2 special sets candidate filing for 4:00 p.m. on Tuesday, "
        "June 8, 2027. When is the unaffiliated candidate's declaration of intent due?",
        today=SPRING_2027,
    )
    assert reply.rule == "md-petition-declaration"
    assert reply.params["proclamation_deadline"] == "2027-06-08T16:00"


def test_a_count_of_gifts_before_a_listed_sum_is_how_many_of_it() -> None:
    # § 15-106(c): each eligible contribution is matched — two of 150 are two.
    reply = SERVICE.ask(
        "we got 2k from the candidate's aunt plus two 150 contributions. the match?",
        today=FALL_2029,
    )
    assert reply.rule == "md-public-financing-primary"
    assert reply.params["contributions"] == "2000;150;150"
    # ... and a sum said to have "come in" from its giver is that giver's one contribution.
    reply = SERVICE.ask(
        "$900 came in from the treasurer's cousin and $40 from Ann. Primary match?",
        today=FALL_2029,
    )
    assert reply.params["contributions"] == "900;40"
    # (a number of the list is a sum, never how many of the next: "25 50 100 250")
    facts = read_facts("what's the match on 40 80 120 contribs?", today=FALL_2029)
    assert [(a.value, a.times) for a in facts.amounts] == [(40, 1), (80, 1), (120, 1)]


def test_a_tickets_row_label_is_no_sum() -> None:
    # § 15-106(b): the entitlements prorated are the tickets' sums, not their row numbers.
    reply = SERVICE.ask(
        "| Ticket | Entitled |\n|---|---|\n| Ticket 1 | 1,900,000 |\n| Ticket 2 | 1,400,000 |\n"
        "\nFund on hand: 2,500,000. Proration?",
        today=FALL_2029,
    )
    assert reply.rule == "md-public-financing-proration"
    assert reply.params == {"fund": "2500000", "entitlements": "1900000;1400000"}


def test_a_deadline_cue_linked_to_the_date_after_it_is_that_dates() -> None:
    # § 5-903(b)(2): the filing deadline is the one "having been" said, not the worked-out day
    # of death before it.
    reply = SERVICE.ask(
        "what if our LG candidate died two weeks before the june 24 2030 primary (so june 10), "
        "filing deadline having been feb 26 2030 9pm — when is the successor's COC due?",
        today=FALL_2029,
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.params["filing_deadline"] == "2030-02-26T21:00"
    assert reply.params["event_date"] == "2030-06-10"


@pytest.mark.parametrize(
    "said",
    [
        "The Fund started the year at $8.4M, but only $2,900,000 is available after the first "
        "distributions.",
        "The Fund began the quarter with $8.4M; after the primary payouts $2.9M is left.",
    ],
)
def test_the_fund_available_now_is_the_fund_not_what_it_started_at(said: str) -> None:
    # § 15-106(b): the money in the Fund when it is short is prorated, not its earlier balance.
    reply = SERVICE.ask(
        f"{said} Two tickets are owed $2,000,000 and $1,500,000. Shares?", today=FALL_2029
    )
    assert reply.rule == "md-public-financing-proration"
    assert reply.params["fund"] == "2900000"


@pytest.mark.parametrize(
    ("said", "votes"),
    [
        # c. 53, § 14, sentence 4: the last state election's votes for the governor's candidate.
        ("Ward 4: governor candidate votes were 1,920 in 2022 and 2,240 in 2026.", "2240"),
        # ... said of the governor's nominee beside a Senate nominee's
        (
            "In Ward 2 our US Senate nominee got 3,400 votes and our governor nominee got 2,750.",
            "2750",
        ),
        # ... said as what the candidate got, beside the ballots cast
        (
            "Town clerk: 8,420 ballots were cast here in Nov 2026; our party's candidate for "
            "governor got 2,905 of them.",
            "2905",
        ),
        # ... on its own row of a table of offices, its column's name said with a year
        (
            "office,our nominee,votes in ward (Nov 2026)\nU.S. Senate,T. Okoro,3990\n"
            "Governor,M. Reyes,3315\nTreasurer,J. Flynn,3120\n",
            "3315",
        ),
        # ... the later year said with its month
        ("Ward 6: our governor nominee had 1,730 votes in 2022 and 1,985 in Nov. 2026.", "1985"),
        (
            "Our presidential nominee got 5,100 votes here in 2024; our governor candidate got "
            "2,700 in 2022 and 2,950 in 2026.",
            "2950",
        ),
        # ... said on a results line beside another office's
        ("Results for our party: governor candidate 1,805; U.S. Senate candidate 2,311.", "1805"),
        # ... said on its own row of a list beside the presidential nominee's
        (
            "Town figures:\n- 2024 presidential vote for our nominee: 4,870\n"
            "- 2026 governor vote for our candidate: 2,615\n- registered Republicans: 7,300\n",
            "2615",
        ),
        # ... and never a leftover vote asked about
        (
            "ward 8 gov vote at the last state election was 703 — does the leftover 3 votes count?",
            "703",
        ),
    ],
)
def test_the_governors_candidates_latest_votes_are_the_count(said: str, votes: str) -> None:
    reply = SERVICE.ask(f"{said} How many delegates?", today=SPRING_2027)
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params["votes"] == votes


def test_a_year_after_the_governors_candidate_is_no_count_of_votes() -> None:
    # § 5-703(c)(3): "gov candidate 2030" names the election's year.
    reply = SERVICE.ask(
        "unaffiliated gov candidate 2030 — declaration of intent deadline?", today=FALL_2029
    )
    assert reply.params["year"] == "2030"


def test_a_cue_wrapped_onto_the_line_before_its_date_is_that_dates() -> None:
    # § 5-903(b)(2): the filing deadline said at a line's end, its date on the next line (an
    # email's wrapped prose), is still the filing deadline.
    reply = SERVICE.ask(
        "For the drill: the running mate dies Thursday, April 4, 2030. We are using a primary\n"
        "of June 25, 2030 and a certificate of candidacy deadline of\n"
        "February 26, 2030 at 9 p.m. When is the successor's certificate due?",
        today=FALL_2029,
    )
    assert reply.params["filing_deadline"] == "2030-02-26T21:00"


def test_the_day_a_paper_was_received_is_no_cues_date() -> None:
    # § 5-903(b)(2): the primary is the one said as the primary, not the day the review file
    # was received, though "primary" is said just before it.
    reply = SERVICE.ask(
        "Closing the 2026 primary audit (packet received by our office on 4/14/2026): the "
        "running mate withdrew 3/3/2026; COC deadline 2/24/2026 at 9 p.m.; withdrawal deadline "
        "3/6/2026; primary 6/23/2026. When was the successor's certificate due?",
        today=FALL_2029,
    )
    assert reply.params["primary"] == "2026-06-23"


def test_a_year_naming_the_next_column_is_no_count_of_voters() -> None:
    # § 5-703(e)-style count: the header's "2026 turnout" names a column; the year is not the
    # registered voters, and no count is taken from it (the reply asks instead).
    reply = SERVICE.ask(
        "Placeholders for the sheet:\n\n| district | registered voters (Jan 1) | 2026 turnout |\n"
        "|---|---|---|\n| CD-4 | 455,102 | 298,660 |\n\nSignatures for an unaffiliated CD-4 "
        "candidate?",
        today=SPRING_2027,
    )
    assert (reply.status, reply.rule) == ("needs_input", "md-petition-signatures")
    assert "registered_voters" not in reply.params


@pytest.mark.parametrize(
    ("question", "voters"),
    [
        # § 5-703(e): the registered voters said right after their noun, in thousands.
        ("reg'd voters 54.2k in the district -- sigs for an indie?", "54200"),
        # ... and the statute's own floor of 250 asked about is no count of voters
        (
            "registered voters in the ward: 16,400. how many signatures, and does the 250 floor "
            "matter here?",
            "16400",
        ),
    ],
)
def test_the_registered_voters_said_beside_the_floor(question: str, voters: str) -> None:
    reply = SERVICE.ask(question, today=SPRING_2027)
    assert reply.rule == "md-petition-signatures"
    assert reply.params == {"registered_voters": voters}
