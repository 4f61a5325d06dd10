"""Of several counts or sums, the one the rule needs: the latest year's of two counts of one kind
each said of its year, the part "of them" after a whole said "as a whole", a precinct's number
never a count, the Fund said to be there now after the balance it was, a pasted table followed
by a sentence holding a comma. And a withdrawal vacancy "on the council" is a nominee's, and
staff side questions of further kinds are said not answered. The phrasings are not the
question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.support.service import packaged_service

SERVICE = packaged_service()
SUMMER_2030 = date(2030, 7, 8)


def test_of_two_years_counts_the_latest_years_is_the_count() -> None:
    # c. 53, § 14, sentence 4: the votes of the party's candidate for governor at the last
    # state election — 2026's, not 2022's.
    reply = SERVICE.ask(
        "Precinct 9 gave our governor candidate 3,015 votes in 2022 and 2,870 votes in 2026. "
        "How many delegates for the vacancy meeting?",
        today=SUMMER_2030,
    )
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params["votes"] == "2870"
    # § 5-703(e)(1): the registered voters of the election's year, not the last cycle's.
    reply = SERVICE.ask(
        "In 2026 the district had 52,300 registered voters; the 2030 figure is 55,140. How many "
        "signatures does an unaffiliated candidate need?",
        today=SUMMER_2030,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.params == {"registered_voters": "55140"}


def test_two_candidates_counts_are_told_apart_by_whose_they_are_not_by_year() -> None:
    # c. 53, § 14, sentence 4 counts the governor's candidate's votes, whatever the year.
    said = (
        "Our ward gave the party's presidential candidate 4,480 votes in 2024 and our "
        "gubernatorial candidate 3,960 in 2022. Delegates for the vacancy?"
    )
    reply = SERVICE.ask(said, today=date(2026, 10, 5))
    assert reply.params["votes"] == "3960"


def test_the_part_of_a_whole_said_as_a_whole_is_the_count() -> None:
    # c. 53, § 14, sentence 5: the votes in the part of the ward inside the district.
    reply = SERVICE.ask(
        "Only precincts 4 and 6 of Ward 2 are in the district. Ward 2 as a whole gave our "
        "candidate for governor 3,300 votes, and those two precincts cast 1,410 of them. How "
        "many delegates?",
        today=SUMMER_2030,
    )
    assert reply.params == {"votes": "1410", "partial_district": "true"}


@pytest.mark.parametrize(
    ("said", "votes"),
    [
        ("precincts 3 and 8 only, 2,115 votes for our governor candidate", 2115),
        ("ward 11, 640 votes for the party's gubernatorial nominee", 640),
    ],
)
def test_a_precincts_number_is_no_count(said: str, votes: int) -> None:
    facts = read_facts(said + ". delegate count?", today=SUMMER_2030)
    assert facts.count("votes") == votes


def test_the_fund_said_to_be_there_now_is_the_fund() -> None:
    # § 15-107(b): the shares are of the money available now, not of January's balance.
    reply = SERVICE.ask(
        "In March the Fund balance was $8.4M; what's available now is $5.5M. Two tickets are "
        "owed $3M and $2.75M. Proportionate shares?",
        today=SUMMER_2030,
    )
    assert reply.rule == "md-public-financing-proration"
    assert reply.params == {"fund": "5500000", "entitlements": "3000000;2750000"}


def test_a_pasted_table_ends_where_its_separator_does() -> None:
    # § 15-107(b): every row of the pasted table is a ticket's entitlement.
    said = (
        "ticket\tentitlement\nA\t1,200,000\nB\t2,100,000\nC\t880,000\n"
        "fund on hand: 3,500,000, shares?"
    )
    facts = read_facts(said, today=SUMMER_2030)
    assert [a.value for a in facts.amounts if a.role == "entitlement"] == [1200000, 2100000, 880000]
    assert facts.amount("fund") == 3500000


def test_a_withdrawal_vacancy_on_the_council_is_a_nominees() -> None:
    # c. 53, § 14, sentence 7: certificates filling a withdrawal vacancy.
    reply = SERVICE.ask(
        "Withdrawals for the city election closed Wednesday, September 4, 2030 at 5 pm. When are "
        "certificates due to fill a withdrawal vacancy on the council?",
        today=SUMMER_2030,
    )
    assert reply.rule == "ma-vacancy-certificate" and reply.status == "answered"


@pytest.mark.parametrize(
    "side",
    [
        "Also, when is the Board's next webinar for treasurers?",
        "Can they sign it with DocuSign?",
        "She's a federal employee - is that a problem under the Hatch Act?",
        "How do I get a certified copy of the certificate?",
    ],
)
def test_staff_side_questions_are_said_not_answered(side: str) -> None:
    # § 5-703(e)(1): 1% of 48,000 registered voters.
    reply = SERVICE.ask(
        f"How many signatures does a petition candidate need with 48,000 registered voters? {side}",
        today=SUMMER_2030,
    )
    assert reply.status != "answered"
    if reply.status == "answered_in_part":
        assert reply.rule == "md-petition-signatures"
        assert reply.reading is not None and reply.reading.not_answered


@pytest.mark.parametrize(
    "question",
    [
        # the marker in a part of its own, the question after it
        "1) Signatures needed with 30,500 registered voters? One more thing: how do I sign up "
        "for the clerks' spring workshop?",
        "1) Signatures needed with 30,500 registered voters? Separately: is there somewhere to "
        "park near the Board's building?",
        "1) Signatures needed with 30,500 registered voters? 2) How long must the candidate "
        "have resided there?",
        "How many signatures with 30,500 registered voters? Also our webmaster is out this "
        "week -- how do we get the county site updated?",
        # further markers
        "How many signatures with 30,500 registered voters? And while I have you, is the annex "
        "building open on Saturdays?",
        # a deadline of a subject of its own
        "How many signatures with 30,500 registered voters? Also when are we supposed to hold "
        "the public demonstration of the voting equipment?",
    ],
)
def test_an_added_question_is_said_not_answered(question: str) -> None:
    # § 5-703(e)(1): 1% of 30,500 registered voters is 305.
    reply = SERVICE.ask(question, today=SUMMER_2030)
    assert reply.status == "answered_in_part" and reply.rule == "md-petition-signatures"
    assert reply.reading is not None and reply.reading.not_answered


def test_a_phrase_with_a_gap_is_shown_with_an_ellipsis() -> None:
    # No rule computes when results are certified (§ 15-107(a) times only the Fund's start).
    reply = SERVICE.ask(
        "Fund distributions for 2034 start when? the Board has to certify the primary results "
        "first, right?",
        today=SUMMER_2030,
    )
    assert reply.status == "no_match"
    assert "certify … results" in reply.message and "..." not in reply.message


def test_a_number_in_a_table_rows_name_is_no_count() -> None:
    # § 5-703(e)(1): the registered voters are the column's, not the "LD 44" in the row's name.
    said = "from the sheet:\n\ndistrict,registered_voters_jan1\nLD 44,61200\n\nsignatures needed?"
    assert read_facts(said, today=SUMMER_2030).count("registered_voters") == 61200


def test_remind_me_then_the_subject_asks_again() -> None:
    # § 15-107(a)(2): distributions begin no earlier than January 1 of the election year.
    reply = SERVICE.ask(
        "remind me, for the 2034 governor's race when can the Fund start paying out?",
        today=SUMMER_2030,
    )
    assert reply.rule == "md-public-financing-schedule" and reply.status == "answered"


def test_a_deadline_named_with_its_hour_first_is_that_dates() -> None:
    # § 5-903(b)(2)(ii): the filing deadline (§ 5-303) is Feb 26, not the primary's June 25.
    facts = read_facts(
        "LG candidate dies May 14, 2030\nprimary that year is June 25, certificate of "
        "candidacy deadline was 9 pm on Feb 26\nsuccessor's certificate due when?",
        today=date(2027, 9, 15),
    )
    roles = {d.role: d.value for d in facts.dates}
    assert roles["primary"] == date(2030, 6, 25)
    assert roles["filing_deadline"] == date(2030, 2, 26)


def test_givers_said_by_the_verb_alone_are_counted() -> None:
    # § 15-107(c): each eligible private contribution is matched, so both $40 gifts count.
    facts = read_facts(
        "One supporter gave $120 and two gave forty dollars apiece. What's the match?",
        today=SUMMER_2030,
    )
    assert [(a.value, a.times) for a in facts.amounts] == [(120, 1), (40, 2)]


@pytest.mark.parametrize(
    ("said", "voters"),
    [
        # a range's end is no count when the exact one follows
        ("They guess between 60k and 65k voters; the Jan 1 list says 63,118 exactly.", 63118),
        # a district's count, then the subdistrict the candidate runs in
        (
            "District 9 has roughly 88,000 voters, but he is running in subdistrict 9B, which "
            "has 29,400.",
            29400,
        ),
    ],
)
def test_the_count_of_the_office_asked_about_is_the_count(said: str, voters: int) -> None:
    # § 5-703(e)(1): the registered voters eligible to vote for the office.
    facts = read_facts(said + " Signatures needed?", today=SUMMER_2030)
    assert facts.count("registered_voters") == voters


def test_a_wards_number_between_a_count_and_its_year_is_passed_over() -> None:
    # c. 53, § 14, sentence 4: the last state election's count (2026), said after the 2022 one.
    facts = read_facts(
        "We had 1,804 votes for our governor candidate in Ward 3 in 2022; for 2026 it was "
        "1,744. Delegates?",
        today=SUMMER_2030,
    )
    assert facts.count("votes") == 1744


@pytest.mark.parametrize(
    ("said", "day"),
    [("died Febuary 12, 2030", date(2030, 2, 12)), ("died Novmber 3, 2029", date(2029, 11, 3))],
)
def test_a_long_months_name_misspelt_is_that_month(said: str, day: date) -> None:
    # § 5-903(b): the day of the death decides the successor's deadline; never dropped.
    facts = read_facts(f"LG candidate {said}. successor deadline?", today=date(2029, 6, 1))
    assert [d.value for d in facts.dates] == [day]


def test_a_sum_with_a_decimal_point_is_not_joined_to_the_next() -> None:
    # § 15-107(b): three entitlements, the last said in thousands.
    facts = read_facts(
        "Fund has 2.6 million; tickets are owed 1.9 million, 1.3 million and 600 thousand. Shares?",
        today=SUMMER_2030,
    )
    assert [a.value for a in facts.amounts if a.role == "entitlement"] == [
        1900000,
        1300000,
        600000,
    ]


def test_tickets_named_by_their_election_at_a_sum_each_are_that_many() -> None:
    # § 15-107(b): two tickets of $2.5M each against $4.4M.
    facts = read_facts(
        "$4.4M in the Fund and two general-election tickets at $2.5M each. Anyone cut?",
        today=SUMMER_2030,
    )
    assert [(a.value, a.times) for a in facts.amounts if a.role == "entitlement"] == [(2500000, 2)]


def test_a_cue_after_a_colon_that_names_the_next_date_is_that_dates() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for withdrawals, never the election day.
    facts = read_facts(
        "Town of Ashby, election May 19, 2029: last day to withdraw is Tuesday, March 6, 2029 "
        "at 5 p.m. Replacement certificate due when, town office?",
        today=date(2029, 2, 12),
    )
    assert facts.date_with_role("withdrawal_deadline") is not None
    assert facts.date_with_role("withdrawal_deadline").value == date(2029, 3, 6)  # type: ignore[union-attr]


def test_the_count_said_of_our_own_candidate_beside_another_partys_is_the_count() -> None:
    # c. 53, § 14, sentence 4: the votes of the party's own candidate for governor.
    reply = SERVICE.ask(
        "Green-Rainbow ward committee here. The Republican nominee for governor got 2,115 "
        "votes in our ward, ours got 388. Delegates?",
        today=SUMMER_2030,
    )
    assert reply.rule == "ma-vacancy-delegates" and reply.params["votes"] == "388"
