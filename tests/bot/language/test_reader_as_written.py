"""Values as people write them: a weekday that settles a year left unwritten, an election named
only to say whose deadline it is, an hour said after a day given twice or after a deadline's
name, numbers that are no sums, sums written to the cent or set out in a table, corrections,
elections named by their kind. Each is a value some rule's answer turns on (Mass. G.L. c. 53,
§ 14, sentence 7 counts from the last day and hour for withdrawals; Md. Elec. Law § 5-903(b)
from the event and the candidacy filing deadline; § 15-106(b) prorates each entitlement)."""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal

import pytest

from bot.language import extract, params_for
from bot.language.lexicon import lexicon
from tests.support.service import packaged_service

NY = "America/New_York"
SERVICE = packaged_service(date(2027, 12, 1))


def _deadline(text: str, today: date) -> tuple[date, time | None]:
    facts = extract(text, today=today)
    assert facts.problems == []
    (found,) = [d for d in facts.dates if d.role == "withdrawal_deadline"]
    return found.value, found.time


@pytest.mark.parametrize(
    ("text", "today", "day", "hour"),
    [
        # Asked in December 2027: June 9 is a Friday in 2028, not in 2027.
        (
            "Looking ahead: withdrawals for statewide offices close Friday June 9 at 5 p.m.",
            date(2027, 12, 1),
            date(2028, 6, 9),
            time(17, 0),
        ),
        # The year the question names is the weekday's year, however far back.
        (
            "In 2022, withdrawals for state offices closed Friday, June 10 at 5 p.m.",
            date(2026, 3, 10),
            date(2022, 6, 10),
            time(17, 0),
        ),
        # Of two years a pasted thread names (its own date's, the scenario's), the one where
        # the weekday agrees: March 8 is a Friday in 2030, a Monday in 2027.
        (
            "From: counsel - Thu, Sep 16, 2027 4:12 PM. In the 2030 cycle withdrawals close "
            "Friday March 8th at 5 p.m.",
            date(2027, 9, 20),
            date(2030, 3, 8),
            time(17, 0),
        ),
    ],
)
def test_a_weekday_said_with_a_day_settles_the_year_left_unwritten(
    text: str, today: date, day: date, hour: time
) -> None:
    assert _deadline(text, today) == (day, hour)


def test_a_weekday_no_nearby_year_agrees_with_is_reported_never_corrected() -> None:
    # June 9 is a Tuesday in 2026, a Monday in 2025 and a Wednesday in 2027.
    facts = extract("withdrawals close Sunday June 9", today=date(2026, 3, 10))
    assert facts.problems == ["'sunday june 9': June 9, 2026 is a Tuesday"]
    # ... and a year the question names is never swapped for another to make a weekday fit.
    named = extract("In 2026, withdrawals close Friday June 9", today=date(2026, 3, 10))
    assert named.problems == ["'friday june 9': June 9, 2026 is a Tuesday"]


@pytest.mark.parametrize(
    "text",
    [
        "The last day for withdrawals for the 2030 state primary is this Friday, June 7, 5 p.m.",
        "Withdrawals for the state primary close Fri June 7 2030 at 5 p.m.",
    ],
)
def test_an_election_named_after_a_deadline_only_says_whose_deadline_it_is(text: str) -> None:
    assert _deadline(text, date(2030, 6, 3)) == (date(2030, 6, 7), time(17, 0))


def test_a_date_said_as_an_elections_is_no_withdrawal_deadline() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for withdrawals, never the election's.
    facts = extract(
        "what's the last day to withdraw before the dec 2 city election?", today=date(2027, 9, 1)
    )
    assert [d.role for d in facts.dates] == ["general"]


def test_an_hour_said_after_a_day_given_twice_is_that_days_hour() -> None:
    text = "Withdrawals from primary nominations close today (Sept. 4) at noon."
    assert _deadline(text, date(2026, 9, 4)) == (date(2026, 9, 4), time(12, 0))
    stamp = extract(text, today=date(2026, 9, 4)).dates[0].as_datetime()
    assert stamp == datetime(2026, 9, 4, 12, 0, tzinfo=stamp.tzinfo) and str(stamp.tzinfo) == NY


# ------------------------------------------------------------------ numbers that are not sums


def test_a_telephone_number_and_a_districts_letter_are_neither_sums_nor_errors() -> None:
    facts = extract(
        "Call me back at 410-555-0143. Legislative District 12B has 21,950 eligible voters as "
        "of January 1.",
        today=date(2026, 3, 10),
    )
    assert facts.problems == [] and facts.amounts == []
    assert [(c.value, c.role) for c in facts.numbers] == [
        (12, "district"),
        (21950, "registered_voters"),
    ]
    # ... while "18k voters" after "district" is still eighteen thousand voters.
    voters = extract("small district 18k voters, signatures?", today=date(2026, 3, 10))
    assert [(c.value, c.role) for c in voters.numbers] == [(18000, "registered_voters")]


def test_a_name_initial_after_a_sum_is_no_multiplier() -> None:
    facts = extract("A. Smith  $250.00  B. Jones  $75.00  M. Park  $40", today=date(2026, 3, 10))
    assert [a.value for a in facts.amounts] == [250, 75, 40]


# ------------------------------------------------- the candidacy filing deadline by its hour


@pytest.mark.parametrize(
    "text",
    [
        "The LG candidate filed her withdrawal on 2/24 at 10:30 pm -- after the 9 pm COC cutoff "
        "that same night.",
        "the candidate withdrew at 10:15 p.m. on 24 February 2026 — after that evening's 9 p.m. "
        "candidacy filing cutoff.",
        "LG candidate withdrew at 9:30 pm on Feb 24 2026, half an hour after the 9 pm COC "
        "deadline.",
        "Running mate dropped out 2/24 @ 9:40pm; filing closed at 9:00 pm that night.",
    ],
)
def test_a_filing_deadline_said_by_its_hour_is_on_the_day_the_question_names(text: str) -> None:
    # Md. Elec. Law § 5-903(b)(1): whether the event came after the certificate of candidacy
    # deadline decides whether a successor may be designated at all, to the minute.
    facts = extract(text, today=date(2026, 2, 25))
    (deadline,) = [d for d in facts.dates if d.role == "filing_deadline"]
    assert (deadline.value, deadline.time) == (date(2026, 2, 24), time(21, 0))


def test_an_hour_alone_with_no_day_for_it_is_not_a_deadline() -> None:
    facts = extract("what happens after the 9 pm COC cutoff that night?", today=date(2026, 2, 25))
    assert [d for d in facts.dates if d.role == "filing_deadline"] == []


# ------------------------------------------------------- corrections and elections by name


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("FCFF start date for 2026 — no, 2030?", 2030),
        ("petition candidate certificate deadline for 2028 - sorry, I mean 2030", 2030),
        # a year asked about after "sorry" is no correction of the one before
        ("for 2026, sorry if dumb: when is it due?", 2026),
    ],
)
def test_a_year_taken_back_is_not_the_year_asked_about(text: str, year: int) -> None:
    assert extract(text, today=date(2027, 6, 10)).year == year


def test_a_sum_a_count_and_an_event_taken_back_are_not_the_ones_read() -> None:
    fund = extract("Fund's at $2,900,000 — wait, $2,090,000. Split?", today=date(2030, 3, 2))
    assert [a.value for a in fund.amounts] == [2090000]
    tickets = extract("three nominee tickets — sorry, two — $3.6m left", today=date(2030, 3, 2))
    assert [(c.value, c.role) for c in tickets.numbers] == [(2, "tickets")]
    event = extract(
        "Our LG candidate withdrew — sorry, correction, she was disqualified on May 28, 2026.",
        today=date(2026, 6, 1),
    )
    assert event.cause == "disqualification" and event.problems == []


@pytest.mark.parametrize(
    ("text", "today", "year"),
    [
        # Md. Const.: the Governor is elected in 2026, 2030, …; the President in leap years.
        ("distributions in the next gubernatorial election?", date(2027, 6, 10), 2030),
        ("distributions in the next gubernatorial election?", date(2026, 3, 10), 2026),
        ("distributions in the next gubernatorial election?", date(2026, 11, 28), 2030),
        ("declaration of intent this presidential cycle?", date(2027, 6, 10), 2028),
        ("start for the upcoming governor's race?", date(2027, 6, 10), 2030),
    ],
)
def test_an_election_named_by_its_kind_is_the_next_one_of_that_kind(
    text: str, today: date, year: int
) -> None:
    assert extract(text, today=today).year == year


def test_a_sum_said_at_a_number_of_tickets_is_each_tickets_entitlement() -> None:
    # § 15-106(b) prorates each ticket's full entitlement: "3 tickets at $2.2M" is three.
    facts = extract(
        "3 tickets at $2.2M and only $5M in the Fund — shares?", today=date(2026, 3, 10)
    )
    assert [(a.value, a.role, a.each) for a in facts.amounts] == [
        (2200000, "entitlement", True),
        (5000000, "fund", False),
    ]
    listed = extract("fund 7.35 mil; 4 tix at 3m, 2.2m, 1.1m, 650k", today=date(2026, 3, 10))
    assert [a.each for a in listed.amounts] == [False] * 5


# ------------------------------------------------------------ sums as tables and lists


def test_sums_written_to_the_cent_are_money_even_in_a_table() -> None:
    facts = extract(
        "Entitlements per SBE letter: Ticket A  1,250,000.00 Ticket B    875,500.50 Ticket C"
        "    430,000.00 Fund balance 1.9M.",
        today=date(2026, 3, 10),
    )
    assert [a.value for a in facts.amounts] == [1250000, Decimal("875500.50"), 430000, 1900000]
    assert facts.numbers == []


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("two $250 contribs and one $10 — match?", [250, 10]),
        ("one contribution of $250 plus another of $75. match?", [250, 75]),
    ],
)
def test_a_list_joined_by_its_nouns_or_plus_is_one_list(text: str, values: list[int]) -> None:
    facts = extract(text, today=date(2026, 3, 10))
    assert [a.value for a in facts.amounts] == values
    assert {a.role for a in facts.amounts} == {"contribution"}


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Fund total is $14M. Four tickets with full entitlements of 3M and 2.5M.", "fund"),
        ("three tickets whose full public contributions would come to $3,000,000", "entitlement"),
    ],
)
def test_whose_money_a_sum_is_said_in_other_words(text: str, role: str) -> None:
    assert extract(text, today=date(2026, 3, 10)).amounts[0].role == role


# ------------------------------------------------------------------ hours and reference years


def test_a_candidacy_deadlines_hour_said_after_its_name_or_bare() -> None:
    # Md. Elec. Law § 5-303: candidacy filing closes at 9 p.m.; "at 9" is never the morning.
    after_name = extract("six days before the 2/26 filing deadline (9 pm)", today=date(2030, 3, 2))
    bare = extract("COC deadline was 2/26/30 at 9, primary's June 25", today=date(2030, 3, 2))
    for facts in (after_name, bare):
        deadline = next(d for d in facts.dates if d.value == date(2030, 2, 26))
        assert deadline.time == time(21, 0)


def test_a_withdrawal_deadlines_hour_said_after_its_name() -> None:
    # c. 53, § 14, sentence 7 counts from the last day (and hour) for filing withdrawals.
    facts = extract(
        "she withdrew before the 10/3/2029 withdrawal deadline (4 pm)", today=date(2029, 9, 1)
    )
    deadline = next(d for d in facts.dates if d.value == date(2029, 10, 3))
    assert deadline.time == time(16, 0)


@pytest.mark.parametrize(
    ("text", "hour"),
    [
        ("the last day for withdrawals is this Friday at 5", time(17, 0)),
        ("withdrawals close at noon this friday", time(12, 0)),
        ("the last day to withdraw is this Friday (the 23rd) at 4", time(16, 0)),
    ],
)
def test_this_weekday_is_the_coming_one_with_its_hour(text: str, hour: time) -> None:
    # c. 53, § 14, sentence 7 counts from the last day (and hour) for withdrawals: "this
    # Friday" said on Monday 2029-11-19 is Friday 2029-11-23.
    facts = extract(text, today=date(2029, 11, 19))
    assert [(d.value, d.time) for d in facts.dates] == [(date(2029, 11, 23), hour)]


def test_a_year_the_asked_one_is_placed_by_is_not_the_year_asked_about() -> None:
    text = "For the gubernatorial cycle after 2030 — when do distributions begin in 2034?"
    assert extract(text, today=date(2027, 6, 10)).year == 2034


# ------------------------------------------------------------- Spanish and Portuguese mixed in


def test_dates_and_events_said_in_spanish_or_portuguese() -> None:
    # Md. Elec. Law § 5-903(b): the event, its day and the candidacy deadline decide.
    es = extract(
        "el candidato a vice-gobernador murió el 18 de junio 2030. La primaria es el 25 de "
        "junio. El deadline de COC fue 26 feb 2030 a las 9pm.",
        today=date(2030, 6, 20),
    )
    assert es.cause == "death" and es.values("office") == ["lieutenant-governor"]
    assert [(d.value, d.role, d.time) for d in es.dates] == [
        (date(2030, 6, 18), "event_date", None),
        (date(2030, 6, 25), "primary", None),
        (date(2030, 2, 26), "filing_deadline", time(21, 0)),
    ]
    pt = extract("O último dia para withdrawals foi 8 de março de 2030.", today=date(2030, 3, 20))
    assert [(d.value, d.role) for d in pt.dates] == [(date(2030, 3, 8), "withdrawal_deadline")]
    # English words that are Spanish or Portuguese month abbreviations are not months.
    assert (
        extract("set 5 aside; out of date two weeks ago", today=date(2030, 3, 20)).dates[0].span
        == "two weeks ago"
    )


def test_a_date_said_to_be_another_roles_too_has_both() -> None:
    facts = extract(
        "their LG candidate withdrew April 18, 2022, which was the last day to withdraw that "
        "year. Filing had closed April 15 at 9pm",
        today=date(2026, 3, 10),
    )
    assert {(d.value, d.role) for d in facts.dates} >= {
        (date(2022, 4, 18), "event_date"),
        (date(2022, 4, 18), "withdrawal_deadline"),
        (date(2022, 4, 15), "filing_deadline"),
    }


# ------------------------------------------------------- days said by their distance or month


@pytest.mark.parametrize(
    ("text", "event"),
    [
        # Md. Elec. Law § 5-903(b)(2), (3): the event's day decides which deadline applies.
        (
            "the LG candidate dies exactly 50 days before the June 23, 2026 primary",
            date(2026, 5, 4),
        ),
        (
            "the LG hopeful is disqualified three weeks before the June 25, 2030 primary",
            date(2030, 6, 4),
        ),
    ],
)
def test_an_event_said_by_its_distance_from_the_primary_is_that_day(text: str, event: date) -> None:
    facts = extract(text, today=date(2026, 3, 10))
    assert [d.value for d in facts.dates if d.role == "event_date"] == [event]


def test_a_day_said_without_its_month_is_in_the_month_the_other_dates_are_in() -> None:
    facts = extract(
        "can the gov candidate still file a new lt governor on the 12th? the old one withdrew "
        "March 2nd",
        today=date(2026, 3, 10),
    )
    assert facts.problems == []
    assert sorted(d.value for d in facts.dates) == [date(2026, 3, 2), date(2026, 3, 12)]


# ----------------------------------------------------------------- facts said in passing


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Mass. G.L. c. 53, § 14, sentence 5: a district of parts of wards or towns.
        ("Ward 7 (only pcts 1-2 in the district): 740 for our gov. Delegates?", "partial"),
        ("Part-ward district: 740 votes for the party's gov candidate. How many?", "partial"),
        ("Ward is fully inside the district, 10,250 votes. Delegates number?", "whole"),
        (
            "how many delegates for exactly 500 votes? the whole town, not a partial district",
            "whole",
        ),
    ],
)
def test_whether_the_district_takes_in_whole_wards_or_parts(text: str, said: str) -> None:
    assert extract(text, today=date(2026, 3, 10)).values("district") == [said]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        # § 5-703(c)(3)(ii): a Baltimore City municipal election's filing deadline.
        ("REQ: indie DOI deadline, 2028 pres, not Balt City", "not_topic"),
        ("decl of intent deadline, 2028 pres, Balt City muni candidate?", "topic"),
        ("We are not in Baltimore City. DOI deadline?", "not_topic"),
    ],
)
def test_whether_the_candidate_runs_in_baltimore_citys_municipal_election(
    text: str, role: str
) -> None:
    assert "baltimore-city-municipal" in extract(text, today=date(2026, 3, 10)).values(role)


# ------------------------------------------------------------------ more ways of saying it


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "first donations: 20 dollar, 45 dollar and 130 dollar. How much will the state give?",
            [20, 45, 130],
        ),
        (
            "Donations so far: $10, $75, $300 (one donor, single check), $150. Match?",
            [10, 75, 300, 150],
        ),
        ("Contributions were $75, $150 and $40 - no, make the last one $45. Match?", [75, 150, 45]),
    ],
)
def test_sums_listed_in_everyday_ways(text: str, values: list[int]) -> None:
    assert [a.value for a in extract(text, today=date(2026, 3, 10)).amounts] == values


def test_each_tickets_entitlement_said_with_how_many_tickets() -> None:
    # § 15-106(b): each ticket's full entitlement, as many times as there are tickets.
    facts = extract(
        "each of the two nominee tickets would be owed $1.5M in full, but the Fund only has "
        "$2,000,000 left",
        today=date(2028, 7, 20),
    )
    assert (facts.amounts[0].value, facts.amounts[0].role, facts.amounts[0].each) == (
        1500000,
        "entitlement",
        True,
    )
    tickets = extract(
        "three governor tickets are each entitled to $2.5 million", today=date(2028, 7, 20)
    )
    assert [(c.value, c.role) for c in tickets.numbers] == [(3, "tickets")]


@pytest.mark.parametrize(
    ("text", "check"),
    [
        ("Registered voters in the district are 91,000 - wait, no, 19,100.", "19100"),
        ("The primary is June 30 — no wait, they moved it, it's the 23rd now.", "2026-06-23"),
    ],
)
def test_values_taken_back_are_not_the_ones_read(text: str, check: str) -> None:
    facts = extract(text, today=date(2026, 3, 10))
    said = {str(c.value) for c in facts.numbers} | {d.value.isoformat() for d in facts.dates}
    assert check in said
    assert not ({"91000", "2026-06-30"} & said)


def test_a_year_remembered_is_not_the_year_of_the_dates_given() -> None:
    facts = extract(
        "that's how it worked in 2014. The filing deadline is Feb 26, 2030, 9 p.m.",
        today=date(2026, 3, 10),
    )
    assert facts.year is None and facts.year_of_dates() == {"year": 2030}


def test_an_hour_said_of_last_night_and_filing_closed_at_nine() -> None:
    # § 5-903(b)(1): a withdrawal after the 9 p.m. candidacy deadline the same day.
    facts = extract(
        "Our LG candidate withdrew at 10:30 last night, which was after filing closed at 9.",
        today=date(2026, 2, 25),
    )
    assert [(d.value, d.time, d.role) for d in facts.dates] == [
        (date(2026, 2, 24), time(22, 30), "event_date"),
        (date(2026, 2, 24), time(21, 0), "filing_deadline"),
    ]


@pytest.mark.parametrize(
    ("text", "role", "value"),
    [
        ("when the other person on the governor's team drops out", "office", "lieutenant-governor"),
        ("MD 2028 dec of intent deadline?", "document", "declaration-of-intent"),
        (
            "a form where you tell the election people you're going to collect signatures instead",
            "document",
            "declaration-of-intent",
        ),
        (
            "an independent who isn't involved in any Baltimore City race",
            "not_topic",
            "baltimore-city-municipal",
        ),
    ],
)
def test_things_named_in_plain_words(text: str, role: str, value: str) -> None:
    assert value in extract(text, today=date(2026, 3, 10)).values(role)


def test_special_said_as_not_special_is_the_regular_election() -> None:
    # § 5-703(f)(1), not (f)(2): "not a special" denies the special election.
    facts = extract(
        "For the regular November 2026 general (not a special), petition deadline?",
        today=date(2026, 3, 10),
    )
    assert facts.values("election_word") == []
    assert params_for("md-petition-filing", facts) == {"year": 2026, "election": "regular"}


# -------------------------------------------------------------- municipal elections in Maryland


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703 does not govern a municipality's own election (other than Baltimore City's).
        (
            "independent candidate for Annapolis mayor — petition due date for the city election?",
            None,
        ),
        (
            "for the Annapolis city election, when are petitions due for an independent alderman?",
            None,
        ),
        # Baltimore City's municipal election is § 5-703(c)(3)(ii)'s.
        (
            "Baltimore City resident, unaffiliated, running for City Council in the 2028 "
            "municipal election by petition. When's the declaration of intent due?",
            "md-petition-declaration",
        ),
        # Annapolis as the place the State Board sits is no municipal election.
        (
            "petition filing deadline for an unaffiliated House candidate in 2028? our driver "
            "is going down to Annapolis with the boxes",
            "md-petition-filing",
        ),
    ],
)
def test_a_municipal_election_is_not_section_5_703s_but_baltimore_citys_is(
    question: str, rule: str | None
) -> None:
    assert SERVICE.ask(question).rule == rule


def test_the_withdrawal_cutoff_said_around_other_words_and_the_act_said_not_asked() -> None:
    # c. 53, § 14, sentence 7 counts from the last day and hour for filing withdrawals.
    first = extract(
        "withdrawals after the 9/19 primary close Fri 9/22 at 5pm. our nominee will file his "
        "withdrawal tomorrow morning. when's the latest we can file the vacancy certificate?",
        today=date(2028, 9, 20),
    )
    deadline = first.date_with_role("withdrawal_deadline")
    assert deadline is not None and (deadline.value, deadline.time) == (
        date(2028, 9, 22),
        time(17, 0),
    )
    assert "withdrawal-deadline" not in first.values("asks")
    second = extract(
        "Our nominee will file her withdrawal before tomorrow's noon cutoff (Fri 9/4). "
        "Replacement certs due when?",
        today=date(2026, 9, 3),
    )
    deadline = second.date_with_role("withdrawal_deadline")
    assert deadline is not None
    assert (deadline.value, deadline.time) == (date(2026, 9, 4), time(12, 0))


@pytest.mark.parametrize(
    ("text", "today", "day"),
    [
        # c. 53, § 14, sentence 7: the last day for withdrawals, said by weekday and day only.
        ("the last day for withdrawals was Friday the 13th", date(2027, 8, 16), date(2027, 8, 13)),
        ("withdrawals closed Wed the 23rd at 5", date(2026, 9, 25), date(2026, 9, 23)),
        ("last day to withdraw was Friday the 27th (March)", date(2026, 3, 10), date(2026, 3, 27)),
        # a month the question names elsewhere, when the day falls on that weekday there
        (
            "withdrawals closed Wednesday October 13, 2027 at 5 p.m. (sorry - Tuesday the 12th)",
            date(2027, 10, 20),
            date(2027, 10, 12),
        ),
    ],
)
def test_a_weekday_and_day_of_the_month_name_the_nearest_such_day(
    text: str, today: date, day: date
) -> None:
    facts = extract(text, today=today)
    assert facts.problems == []
    assert [d.value for d in facts.dates if d.role == "withdrawal_deadline"] == [day]


def test_both_states_named_the_first_is_the_questions_and_a_denied_one_is_not_it() -> None:
    both = extract(
        "Select board race in Massachusetts: withdrawals closed Monday, March 6, 2028. I'm a "
        "Maryland law student comparing the two states.",
        today=date(2027, 12, 1),
    )
    assert both.problems == [] and both.state == "ma"
    # (never an error: it was "the question names both Maryland and Massachusetts")
    compared = extract(
        "Does Massachusetts have public financing for governor candidates the way Maryland "
        "does, and when does money go out?",
        today=date(2027, 6, 10),
    )
    assert compared.state == "ma"
    assert (
        SERVICE.ask(
            "Does Massachusetts have public financing for governor candidates the way Maryland "
            "does, and when does money go out?"
        ).rule
        is None
    )
    denied = extract("Clerk here (MA, not MD). withdrawals close June 9", today=date(2028, 2, 15))
    assert denied.state == "ma"


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("UA CoC ddl '28?", "unaffiliated CoC deadline '28?"),
        (
            "UA pet ddl, CD7 special, SP 5/9?",
            "unaffiliated petition deadline, congressional district 7 special, special "
            "primary 5/9?",
        ),
        (
            "48h cert ddl? town off., WD ddl Thu 3/23 5p",
            "48 hours certificate deadline? town office, withdrawal deadline Thu 3/23 5p",
        ),
        (
            "bal $7.5M, ents $3M/$3M/$2M, GE",
            "bal $7.5M, entitlements $3M/$3M/$2M, general election",
        ),
        (
            "PF match? contribs 200/200/10, opp'd",
            "public financing match? contributions 200/200/10, opposed",
        ),
    ],
)
def test_staff_slack_shorthand_is_written_out(typed: str, written: str) -> None:
    assert lexicon().expand(typed) == written


def test_a_letter_o_typed_for_a_zero_inside_a_number_is_the_zero() -> None:
    facts = extract("our ward cmte: 1,7OO votes for our gov candidate", today=date(2026, 3, 10))
    assert [(c.value, c.role) for c in facts.numbers] == [(1700, "votes")]


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(e)(1) computes signatures from the voter count; the count itself is the
        # State Board's figure.
        ("How many registered voters were in Legislative District 21 on Jan 1, 2030?", None),
        ("need the official registered voter count as of Jan 1, 2027. What is that number?", None),
        (
            "How many registered voters in the district, and how many signatures does an "
            "independent need?",
            "md-petition-signatures",
        ),
    ],
)
def test_the_voter_count_asked_itself_is_not_the_signature_rules(
    question: str, rule: str | None
) -> None:
    assert SERVICE.ask(question).rule == rule


def test_an_hour_said_as_oclock_or_in_24_hours() -> None:
    # c. 53, § 14, sentence 7 counts from the last day *and hour* for withdrawals.
    facts = extract(
        "withdrawal deadline was Friday Oct 2nd, 4 o'clock. cert due?", today=date(2026, 9, 1)
    )
    assert [(d.role, d.time) for d in facts.dates] == [("withdrawal_deadline", time(16, 0))]
    # § 5-903(a)(1): the event's hour, said on a 24-hour clock before its day.
    facts = extract("the LG candidate withdrew at 21:40 on Feb 24, 2026", today=date(2026, 3, 1))
    assert [(d.role, d.time) for d in facts.dates] == [("event_date", time(21, 40))]


def test_an_hour_said_in_words_or_apart_from_its_day() -> None:
    # § 5-903(a)(1): a death after the 9 p.m. candidacy deadline (§ 5-303) turns on the hour.
    said = "Our LG candidate passed away at quarter past nine on the evening of Feb 26, 2030."
    facts = extract(said, today=date(2030, 2, 18))
    assert [(d.role, d.time) for d in facts.dates] == [("event_date", time(21, 15))]
    facts = extract("LG withdrew at a quarter to five p.m. on June 3", today=date(2026, 6, 1))
    assert [d.time for d in facts.dates] == [time(16, 45)]
    # The day named by its weekday, then written with its hour, is one date.
    facts = extract(
        "LG passed away Tuesday night, about 10:30pm on Feb 26 2030", today=date(2030, 2, 28)
    )
    assert [(d.role, d.value, d.time) for d in facts.dates] == [
        ("event_date", date(2030, 2, 26), time(22, 30))
    ]
    # An hour without a.m./p.m. on a day that is no deadline is never guessed.
    facts = extract("LG withdrew at a quarter to five on June 3", today=date(2026, 6, 1))
    assert [d.time for d in facts.dates] == [None]


def test_an_hour_said_after_the_day_named_again() -> None:
    # c. 53 § 14 sentence 7 counts from the last day *and hour* for filing withdrawals.
    facts = extract(
        "the last day to withdraw was yesterday, Monday, at 5 pm. cert due?",
        today=date(2030, 3, 12),
    )
    assert [(d.value, d.time) for d in facts.dates] == [(date(2030, 3, 11), time(17, 0))]


def test_an_event_to_come_on_a_bare_weekday_is_the_coming_one() -> None:
    # § 5-903(a)(1): a withdrawal after the 9 p.m. candidacy deadline (Tue 2026-02-24) turns on
    # its day and hour; said on Friday 2026-02-20, "tuesday" is the coming one.
    friday = date(2026, 2, 20)
    facts = extract(
        "if an LG candidate files a withdrawal tuesday night at 10, what then?", today=friday
    )
    assert [(d.role, d.value, d.time) for d in facts.dates] == [
        ("event_date", date(2026, 2, 24), time(22, 0))
    ]
    facts = extract("she'll pull out tuesday at like 8:45pm", today=friday)
    assert [(d.value, d.time) for d in facts.dates] == [(date(2026, 2, 24), time(20, 45))]
    # "next tuesday" said on a Friday is next week's, which is the coming one: one day. Said
    # on a Monday, "next friday" may be four days on or eleven; said on a Tuesday, "tuesday"
    # may be today: neither is read.
    facts = extract("she'll pull out next tuesday", today=friday)
    assert [d.value for d in facts.dates] == [date(2026, 2, 24)]
    assert extract("she'll pull out next friday", today=date(2026, 2, 23)).dates == []
    assert extract("she'll pull out tuesday", today=date(2026, 2, 24)).dates == []
    # A past event's bare weekday stays the last one.
    facts = extract("she withdrew tuesday", today=friday)
    assert [d.value for d in facts.dates] == [date(2026, 2, 17)]


def test_a_deadline_on_a_bare_weekday_is_read_by_its_tense() -> None:
    # c. 53 § 14 sentence 7 counts from the last day for withdrawals: said on Wednesday
    # 2026-09-02, "close Friday" is 9/4 and "closed Friday" was 8/28; a day written just after
    # the weekday is the day.
    wednesday = date(2026, 9, 2)
    facts = extract("withdrawals close Friday at noon. certs due?", today=wednesday)
    assert [(d.value, d.time) for d in facts.dates] == [(date(2026, 9, 4), time(12, 0))]
    facts = extract("withdrawals closed Friday at 5. certs due?", today=wednesday)
    assert [(d.value, d.time) for d in facts.dates] == [(date(2026, 8, 28), time(17, 0))]
    facts = extract("withdrawals close Friday at noon — 9/22 — certs due?", today=wednesday)
    assert [d.value for d in facts.dates] == [date(2026, 9, 22)]


def test_an_office_hour_said_as_oclock_before_its_day() -> None:
    # § 5-703(c)(3)(ii): the proclamation's deadline hour, said before its day.
    facts = extract("the COC deadline at 5 o'clock on april 9", today=date(2027, 3, 15))
    assert [d.time for d in facts.dates] == [time(17, 0)]


def test_a_deadline_placed_after_a_date_is_not_on_it() -> None:
    # c. 53 § 14 sentence 7 counts from the last day for withdrawals: "the last day to withdraw
    # after the Sept 17 primary" names the primary's day, never that last day.
    facts = extract(
        "Last day to withdraw after the Sept 17, 2030 Mass. primary?", today=date(2026, 12, 7)
    )
    assert [(d.value, d.role) for d in facts.dates] == [(date(2030, 9, 17), "primary")]
    # ... while a deadline said before the primary, then its day, is that day.
    said = extract(
        "Last day for withdrawals before the primary: Friday, June 2, 2028, 5 pm.",
        today=date(2026, 12, 7),
    )
    assert [(d.value, d.role) for d in said.dates] == [(date(2028, 6, 2), "withdrawal_deadline")]


def test_the_proclamations_deadline_past_an_aside_a_papers_date_and_the_next_cue() -> None:
    # § 5-703(c)(3)(ii): a special election's declaration is due with the deadline the
    # proclamation sets. The day a draft is dated is no deadline; an aside in parentheses is
    # no distance; "special primary" after a comma names the date right after it.
    facts = extract(
        "The proclamation (a draft we saw, dated 9/13) puts the certificate of candidacy "
        "deadline at 9 in the evening on Tuesday, Oct. 12th, special primary Nov 16.",
        today=date(2027, 9, 20),
    )
    assert [(d.value, d.role) for d in facts.dates] == [
        (date(2027, 9, 13), None),
        (date(2027, 10, 12), "proclamation_deadline"),
        (date(2027, 11, 16), "special_primary"),
    ]
    assert facts.dates[1].time == time(21, 0)


def test_a_day_worked_out_from_the_primary_is_not_the_primarys() -> None:
    # § 5-903(c)(1): "less than 10 days before the primary" turns on the primary's own day;
    # "ten days before the primary, which makes it Saturday 6/15" works out the event's day.
    facts = extract(
        "LG candidate dies ten days before the primary, which makes it Saturday 6/15/2030; "
        "primary Tue 6/25/2030. successor deadline?",
        today=date(2027, 9, 20),
    )
    primary = [d.value for d in facts.dates if d.role == "primary"]
    assert primary == [date(2030, 6, 25)]


def test_an_aside_in_parentheses_is_no_distance_from_a_deadline_to_its_day() -> None:
    # c. 53 § 14 sentence 7 counts from the last day for withdrawals, said after an aside.
    facts = extract(
        "Our town's withdrawal deadline was set (by the select board, long story, don't ask) "
        "for Monday, October 11th. vacancy certificates due when?",
        today=date(2027, 9, 20),
    )
    assert [(d.value, d.role) for d in facts.dates] == [(date(2027, 10, 11), "withdrawal_deadline")]


def test_the_5_502_deadline_is_the_withdrawal_deadline() -> None:
    # § 5-903(b)(2)(i) counts five days from the § 5-502 withdrawal deadline, never from the
    # day the candidate withdrew.
    facts = extract(
        "our LG withdrew 3/4/30. 5-502 ddl 3/8, primary 6/25. successor COC due?",
        today=date(2028, 3, 1),
    )
    roles = {d.role: d.value for d in facts.dates}
    assert roles["withdrawal_deadline"] == date(2030, 3, 8)
    assert roles["event_date"] == date(2030, 3, 4)
