"""Values said the way staff write them: a month and day joined by a hyphen, "final day for
filing withdrawals", sums in words with a part ("a million and a quarter"), a sum each of several
tickets gets in full, a town's total beside the district's count, one place's row among several,
one giver's two gifts, a pasted sheet's lines joined by leader dots (a 24-hour time before its
day), and a withdrawal dated after the calendar's last day for withdrawals.
Each decides a value the answer turns on. The phrasings here are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.support.service import filled, packaged_service

DAY = date(2028, 8, 22)
SERVICE = packaged_service(DAY)


# Asked on the sets' day: the question, its rule and the values it must read.
ON_THE_DAY = [
    # c. 53, § 14, sentence 7 counts from the last day for filing withdrawals: the day said
    # with a hyphen after a cue or a weekday, or after "final day for filing withdrawals".
    (
        "select board seat, town election: withdrawl deadline 9-12. replacement cert due?",
        "ma-vacancy-certificate",
        {"withdrawal_deadline": "2028-09-12"},
    ),
    (
        "Town clerk: our posted last day for withdrawal is Friday 9-15 at 5 pm (library "
        "trustee seat). When are vacancy certificates due?",
        "ma-vacancy-certificate",
        {"withdrawal_deadline": "2028-09-15T17:00"},
    ),
    (
        "Final day for filing withdrawals is Tue Sept 26, 5 PM, town office. When are the "
        "nomination certificates filling a withdrawal vacancy due?",
        "ma-vacancy-certificate",
        {"withdrawal_deadline": "2028-09-26T17:00"},
    ),
    # § 15-106(b): the Fund said in words with a part, and each ticket's full contribution.
    (
        "Fund holds a million and a half; three tickets, $700k full contribution each. shares?",
        "md-public-financing-proration",
        {"fund": "1500000", "entitlements": "700000;700000;700000"},
    ),
    # § 5-703(e)(1): "a million and ten thousand" is one count.
    (
        "statewide unaffiliated run; roughly a million and twenty thousand registered voters. "
        "how many signatures?",
        "md-petition-signatures",
        {"registered_voters": "1020000"},
    ),
    # Sentences 4-5: the votes in the part of the town inside the district, not the town's.
    (
        "Town total for our gov candidate in 2026: 4,100. The precincts that are actually in "
        "the rep district gave him 1,350. How many delegates?",
        "ma-vacancy-delegates",
        {"votes": "1350"},
    ),
    # Sentence 4: of several wards' votes, those of the ward whose committee asks.
    (
        "Gov votes by ward for our party:\nWard 3 - 1,480\nWard 5 - 2,230\nWard 8 - 960\n"
        "How many delegates does Ward 5 get?",
        "ma-vacancy-delegates",
        {"votes": "2230"},
    ),
    # § 15-106(c): one giver's two gifts are one contribution ($200 in all).
    (
        "Lena Ortiz (Laurel) gave $100 in March and another $100 in May; Sam Fox gave $40. "
        "Both Maryland residents with cards. match?",
        "md-public-financing-primary",
        {"contributions": "200;40"},
    ),
    # § 15-106(c): a giver's town in brackets after the sum is no county program.
    (
        "two gifts: $120 (Rockville) and $80 (Bethesda). what's the state match?",
        "md-public-financing-primary",
        {"contributions": "120;80"},
    ),
    # § 5-903(b): the candidates' filing deadline said as a window shutting.
    (
        "if the LG candidate is DQ'd 3/10/30, successor deadline? primary 6/25/30, COC "
        "window shuts 2/26/30 9pm",
        "md-successor-lt-gov",
        {"filing_deadline": "2030-02-26T21:00", "event_date": "2030-03-10"},
    ),
    # § 5-903(b): a pasted sheet, each label and its day on one line joined by leader dots;
    # the label on the next line is the next line's (the primary is no filing deadline).
    (
        "from the ticket's timeline:\nGubernatorial primary ...... 6/25/2030\n"
        "Cert. of candidacy cutoff .. 2/26/2030 9 pm\nRunning mate withdrew ... 3/3/2030\n"
        "when must the new running mate file?",
        "md-successor-lt-gov",
        {
            "primary": "2030-06-25",
            "filing_deadline": "2030-02-26T21:00",
            "event_date": "2030-03-03",
        },
    ),
    # § 5-703(c)(3)(ii): the proclamation's certificate-of-candidacy day and hour, the hour in
    # 24-hour form before the day.
    (
        "proclamation for the CD-2 special, as circulated:\n  COC filing closes .. 16:30, "
        "11/6/2028\n  special primary .. 12/12/2028\nunaffiliated candidate's declaration of "
        "intent — deadline?",
        "md-petition-declaration",
        {"election": "special-congressional", "proclamation_deadline": "2028-11-06T16:30"},
    ),
]


def test_a_range_of_precincts_is_no_date() -> None:
    # Sentence 4: "precincts 2-4" counts precincts; no date is read from it.
    reply = SERVICE.ask(
        "precincts 2-4 of our town are in the district; our gov candidate got 1,020 votes "
        "there. delegates?",
        today=DAY,
    )
    assert reply.reading is not None
    assert not any(f.role.endswith("deadline") or "2028-0" in f.value for f in reply.reading.facts)


def test_a_withdrawal_after_the_calendars_last_day_asks_for_that_day() -> None:
    # Sentence 7 counts from the last day for filing withdrawals; a withdrawal dated after the
    # calendar's last day is another election's (or a special's), so the day is asked for.
    reply = SERVICE.ask(
        "our state senate nominee withdrew Sept 28. when are the replacement certificates due?",
        today=DAY,
    )
    assert (reply.status, reply.rule) == ("needs_input", "ma-vacancy-certificate")
    assert "withdrawal_deadline" in [p.name for p in reply.prompts]
    assert "my calendars hold" in reply.message


@pytest.mark.parametrize(
    "question",
    [
        "Last day to withdraw for the 2030 state primary, and when would the replacement "
        "certificate be due for a statewide office?",
        "state rep nominee withdrew in 2030; replacement certificate deadline?",
    ],
)
def test_a_year_no_calendar_holds_asks_for_the_last_day_for_withdrawals(question: str) -> None:
    # Sentence 7 counts from that election's last day for filing withdrawals: with 2030 named,
    # the 2028 calendar's day is not it, so the day is asked for, never taken from 2028.
    reply = SERVICE.ask(question, today=date(2028, 10, 24))
    assert (reply.status, reply.rule) == ("needs_input", "ma-vacancy-certificate")
    assert "withdrawal_deadline" in [p.name for p in reply.prompts]
    assert reply.message.startswith("You said “2030”")


def test_an_acts_year_is_no_election_year() -> None:
    # 2025 Mass. Acts c. 34 times the 2026 primary's vacancies: its year is the act's, so the
    # 2026 calendar's last day for withdrawals still answers (sentence 7).
    reply = SERVICE.ask(
        "Per St. 2025, c. 34, our state senate nominee withdrew. When's the certificate due?",
        today=date(2026, 9, 3),
    )
    assert (reply.status, reply.rule) == ("answered", "ma-vacancy-certificate")


def test_a_withdrawal_before_the_calendars_last_day_is_answered_from_it() -> None:
    # … while one before that day is answered from the calendar's last day (sentence 7).
    reply = SERVICE.ask(
        "our state senate nominee withdrew May 20. when are the replacement certificates due?",
        today=date(2028, 5, 21),
    )
    assert (reply.status, reply.rule) == ("answered", "ma-vacancy-certificate")
    assert reply.result is not None
    assert reply.result.inputs["withdrawal_deadline"].origin == "calendar"


@pytest.mark.parametrize(
    ("day", "question", "rule", "expected"),
    [
        *((DAY, *case) for case in ON_THE_DAY),
        # § 15-106(c): a CSV export's quoted names keep their commas; its ZIP column is no sum.
        (
            DAY,
            'eligible gifts, from our export:\nname,city,zip,amount\n"Ng, B.",Laurel,20707,'
            '120.00\n"Roe, C.",Bowie,20715,35.00\nwhat is the match?',
            "md-public-financing-primary",
            {"contributions": "120;35"},
        ),
        # § 5-703(c)(3)(ii): "the upcoming special" says which election, not a 30-day window.
        (
            DAY,
            "nomination petition due date for the upcoming special congressional election?",
            "md-petition-filing",
            {"election": "special-congressional"},
        ),
        # c. 53, § 14, sentences 1-2: the committee on the papers says how she was nominated.
        (
            DAY,
            "MA: independent candidate for governor withdrew. can the committee of five on her "
            "papers name the substitute?",
            "ma-vacancy-who-fills",
            {"nomination": "nomination-papers"},
        ),
        # § 5-903(a)(1): "the 26th" after "Feb 19" in the same stretch is February's.
        (
            date(2030, 2, 18),
            "if the LG candidate withdraws Tuesday (Feb 19), i.e. before the COC filing closes "
            "on the 26th, is there a successor deadline? primary June 25.",
            "md-successor-lt-gov",
            {"event_date": "2030-02-19", "filing_deadline": "2030-02-26"},
        ),
    ],
)
def test_values_said_the_staff_way_are_read(
    day: date, question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=day)
    assert reply.rule == rule
    assert filled(reply, expected) == expected


def test_a_day_of_the_month_between_two_months_dates_is_asked() -> None:
    # § 5-903(a)(1): "the 26th" after dates in February and June is not guessed.
    reply = SERVICE.ask(
        "same hypo: COC cutoff 9 pm 2/26/30, primary 6/25/30, and the LG's withdrawal is "
        "stamped 7 pm on the 26th. does 5-903 apply?",
        today=date(2030, 2, 18),
    )
    assert reply.status == "invalid_input"
    assert "names no month" in reply.message


@pytest.mark.parametrize(
    "question",
    [
        "can the campaign drop off its final petition boxes after 5 on the due date?",
        # (what is dropped off said before it: "can they be dropped off up to midnight?")
        "Indie petitions for 2030: can they be dropped off up to midnight on the due date?",
        "the petitions were dropped off at the board at 4:50",
    ],
)
def test_dropping_off_petitions_is_no_withdrawal(question: str) -> None:
    # § 5-703(c)(3): dropping off petition boxes files them; no one withdraws (§ 5-502).
    assert read_facts(question, today=DAY).event is None


@pytest.mark.parametrize(
    ("question", "entitlements"),
    [
        # § 15-106(b) prorates each ticket's entitlement: how many tickets each sum is said of.
        (
            "Four tickets are in: three at $800k each and one at $400k. The Fund has $2.1M. "
            "shares?",
            "800000;800000;800000;400000",
        ),
        (
            "fund $1.9M, 3 tickets, $900k each for two of them and $300k for the third. prorate?",
            "900000;900000;300000",
        ),
        (
            "fund balance 4M; two tickets, 2.5M and 1.5M full contributions. shares?",
            "2500000;1500000",
        ),
        (
            "fund $5M. two tickets at $1.8M full contribution each plus one at $2.2M. shares?",
            "1800000;1800000;2200000",
        ),
    ],
)
def test_how_many_tickets_each_sum_is_said_of(question: str, entitlements: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == "md-public-financing-proration"
    assert reply.params.get("entitlements") == entitlements


def test_a_limit_the_law_sets_is_no_sum_of_the_question() -> None:
    # § 15-106(c): "the $3M limit" asked about is the statute's figure, not a contribution;
    # nor is "the $250 eligibility cap" (§ 15-102(e)).
    reply = SERVICE.ask(
        "match on these two, $80 and $90, and do they count toward the $3M limit?", today=DAY
    )
    assert reply.params == {"contributions": "80;90"}
    facts = read_facts("gifts $500 and $100; is the $500 over the $250 eligibility cap?", today=DAY)
    assert [a.role for a in facts.amounts if a.value == 250] == ["limit"]


def test_a_csv_table_with_a_sentence_holding_a_comma_after_it() -> None:
    # § 15-106(b): both rows are entitlements; the Fund is said after the table in a sentence
    # whose own comma makes it no row.
    reply = SERVICE.ask(
        "ticket,entitlement\nAlpha-Beta,2600000\nGamma-Delta,1400000\nfund on hand: 3,100,000. "
        "prorate pls",
        today=DAY,
    )
    assert reply.params == {"fund": "3100000", "entitlements": "2600000;1400000"}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # § 15-106(c): a sum said as the gift's kind ("a forty-dollar contribution").
        ("match on one thirty-dollar eligible contribution?", {"contributions": "30"}),
        # § 15-106(c): a table's "type" column says a row's sum is a loan, no gift to match.
        (
            "giver,type,amount\nP,contribution,90\nQ,loan,2000\nR,contribution,35\nmatch?",
            {"contributions": "90;35"},
        ),
        # § 5-703(e): a column of registered voters named with its day ("registered_jan1").
        (
            "district,registered_jan1,turnout_2026\nLD-7,88120,51002\n\nsigs for an indie in LD-7?",
            {"registered_voters": "88120"},
        ),
        # § 5-703(e): the county's count said of "our county" only places the district's.
        (
            "Our county has 650k registered, but the council district is 91,300. Signatures "
            "for an unaffiliated council candidate?",
            {"registered_voters": "91300"},
        ),
    ],
)
def test_sums_and_counts_said_in_passing(question: str, expected: dict[str, str]) -> None:
    assert SERVICE.ask(question, today=DAY).params == expected
