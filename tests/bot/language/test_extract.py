"""Parameters pulled from free text: each supported form, roles, problems and hostile input."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import yaml

from bot.language import extract, params_for
from bot.language.text import MAX_ITEMS
from rules.registry import canonical_params
from rules.values import param_strings
from tests.bot.language.support import QUESTION_SETS

TODAY = date(2026, 3, 10)  # a Tuesday
# The tuning set and the external ones (written by people who never saw the reader).
SETS: dict[str, dict[str, Any]] = {
    name: yaml.safe_load(
        (Path(__file__).resolve().parents[2] / f"{name}.yaml").read_text(encoding="utf-8")
    )
    for name in QUESTION_SETS
}


def dates(text: str) -> list[date]:
    return [d.value for d in extract(text, today=TODAY).dates]


def sums_read(question: str, rule: str, key: str) -> object:
    """The list of sums `rule`'s parameter `key` takes from the question."""
    return params_for(rule, extract(question, today=TODAY))[key]


# ------------------------------------------------------------------------------------ dates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("died 2026-05-01", date(2026, 5, 1)),
        ("died 5/1/2026", date(2026, 5, 1)),
        ("died 5/1/26", date(2026, 5, 1)),
        ("died 5/1", date(2026, 5, 1)),  # year from today
        ("died May 1, 2026", date(2026, 5, 1)),
        ("died May 1 2026", date(2026, 5, 1)),
        ("died 1 May 2026", date(2026, 5, 1)),
        ("died the 1st of May", date(2026, 5, 1)),
        ("died May 1st", date(2026, 5, 1)),
        ("died Sept. 14, 2026", date(2026, 9, 14)),
        ("died Fri June 5 2026", date(2026, 6, 5)),
        ("died Friday, June 5, 2026", date(2026, 6, 5)),
        ("died yesterday", date(2026, 3, 9)),
        ("died today", date(2026, 3, 10)),
        ("dies tomorrow", date(2026, 3, 11)),
    ],
)
def test_date_forms(text: str, expected: date) -> None:
    assert dates(text) == [expected]


@pytest.mark.parametrize(
    ("text", "clock"),
    [
        ("withdrawals closed June 5 at 5pm", time(17, 0)),
        ("withdrawals closed June 5, 5 p.m.", time(17, 0)),
        ("withdrawals closed June 5 5:30 PM", time(17, 30)),
        ("withdrawals closed June 5 at noon", time(12, 0)),
        ("withdrawals closed June 5 17:00", time(17, 0)),
        ("withdrawals closed at 5 p.m. on June 5", time(17, 0)),
        ("withdrawals closed 2026-06-05T17:00", time(17, 0)),
        ("withdrawals closed June 5", None),
        ("withdrawals closed Friday, June 5 (5 p.m.)", time(17, 0)),
        # One day said twice ("tomorrow, Friday June 5") is one date, with the hour said after.
        ("withdrawals close tomorrow, Friday June 5, at 5:00 PM", time(17, 0)),
        # An hour in words with its part of the day; a bare one is never read.
        ("withdrawals closed June 5, five in the afternoon", time(17, 0)),
        ("withdrawals closed at nine p.m. on June 5", time(21, 0)),
        ("withdrawals closed June 5, five", None),
    ],
)
def test_times_attach_to_their_date(text: str, clock: time | None) -> None:
    found = extract(text, today=date(2026, 6, 4)).dates
    assert [d.value for d in found] == [date(2026, 6, 5)]
    assert found[0].time == clock


def test_date_with_time_becomes_tz_aware_new_york_datetime() -> None:
    found = extract("June 5 at 5pm", today=TODAY).dates[0]
    moment = found.as_datetime()
    assert moment == datetime(2026, 6, 5, 17, 0, tzinfo=ZoneInfo("America/New_York"))
    assert moment is not None and moment.utcoffset() is not None
    assert extract("June 5", today=TODAY).dates[0].as_datetime() is None


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("died 2026-13-45", "'2026-13-45' is not a valid date"),
        ("died Feb 30", "'feb 30' is not a valid date"),
        ("died 2/30/2026", "'2/30/2026' is not a valid date"),
        ("withdrew June 5 at 13pm", "not a valid time"),
    ],
)
def test_invalid_dates_are_reported_not_raised(text: str, problem: str) -> None:
    ex = extract(text, today=TODAY)
    assert any(problem in p for p in ex.problems), ex.problems
    if "time" not in problem:
        assert ex.dates == []


def test_weekday_that_disagrees_with_the_date_is_reported() -> None:
    ex = extract("withdrawals closed Fri June 6 2026", today=TODAY)
    assert ex.dates[0].value == date(2026, 6, 6)
    assert any("Saturday" in p for p in ex.problems)


def test_things_that_look_like_dates_but_are_not() -> None:
    ex = extract("we work 24/7; weekday names alone like Friday are not dates", today=TODAY)
    assert ex.dates == [] and ex.problems == []
    assert dates("the candidate may file") == []  # "may" the verb


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("our LG died May 1", "event_date"),
        ("on May 1 the LG passed away", "event_date"),
        ("withdrawals closed June 5", "withdrawal_deadline"),
        ("the withdrawal deadline is June 5", "withdrawal_deadline"),
        ("last day for filing withdrawals was June 5", "withdrawal_deadline"),
        ("the primary is on June 23", "primary"),
        ("June 23 primary", "primary"),
        ("special primary April 28", "special_primary"),
        ("the COC deadline is Feb 24", "filing_deadline"),
        ("see you June 5", None),
    ],
)
def test_date_roles_from_nearby_words(text: str, role: str | None) -> None:
    assert extract(text, today=TODAY).dates[0].role == role


def test_each_date_gets_its_own_role() -> None:
    # § 5-903(b)(2)(ii)/(iii) need both the event date and the primary date.
    ex = extract("LG died 4/20/26; primary is June 23, 2026", today=TODAY)
    assert [(d.value, d.role) for d in ex.dates] == [
        (date(2026, 4, 20), "event_date"),
        (date(2026, 6, 23), "primary"),
    ]


# ------------------------------------------------------------------------- money and counts


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("raised $90,000", Decimal("90000")),
        ("raised 90k", Decimal("90000")),
        ("raised $1.5 million", Decimal("1500000")),
        ("raised 90,000 dollars", Decimal("90000")),
        ("raised $2m", Decimal("2000000")),
        ("raised $1,234.56", Decimal("1234.56")),
    ],
)
def test_money_forms_are_decimal(text: str, amount: Decimal) -> None:
    money = extract(text, today=TODAY).money
    assert money == [amount]
    assert all(isinstance(m, Decimal) for m in money)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("with 123,456 registered voters", 123456),
        ("1,000 voters", 1000),
        ("600 votes for governor", 600),
        ("1.2 million registered voters", 1_200_000),
        ("three nominee tickets", 3),
    ],
)
def test_count_forms(text: str, count: int) -> None:
    assert extract(text, today=TODAY).counts == [count]


def test_counts_exclude_dates_money_years_times_percent_citations_and_durations() -> None:
    ex = extract(
        "In 2028, per § 5-703(e) and c. 53 § 14, 1% of voters; $250 raised May 1 at 5 p.m.; "
        "72 week-day hours; one per 500 votes",
        today=TODAY,
    )
    assert ex.counts == []
    assert ex.year == 2028
    assert ex.money == [Decimal("250")]
    assert [d.value for d in ex.dates] == [date(2028, 5, 1)]  # the year the question names


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # § 5-703(c)(3)(i) counts from the certificate of candidacy deadline of the election's
        # year: "that year" is 2030, not today's 2026.
        ("in 2030? COC deadline that year is feb 26 at 9 pm", date(2030, 2, 26)),
        ("the 2028 primary; LG died 5/1", date(2028, 5, 1)),
        # The date's own year wins; with two years named, no year is taken from the question.
        ("in 2030 the COC deadline was Feb 26, 2026", date(2026, 2, 26)),
        ("2028 or 2030? died May 1", date(2026, 5, 1)),
        ("in 2026, died May 1", date(2026, 5, 1)),
    ],
)
def test_a_date_without_its_year_is_in_the_one_year_the_question_names(
    text: str, expected: date
) -> None:
    assert dates(text) == [expected]


def test_money_roles_for_the_fund_and_entitlements() -> None:
    # § 15-106(b): proportionate shares; every sum of a list has its head's role.
    ex = extract(
        "fund has $2,000,000; tickets entitled to $1.5 million and $1,000,000", today=TODAY
    )
    assert [(a.value, a.role) for a in ex.amounts] == [
        (Decimal("2000000"), "fund"),
        (Decimal("1500000"), "entitlement"),
        (Decimal("1000000"), "entitlement"),
    ]


# --------------------------------------------------------------------------- labelled facts


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("our LG withdrew", "withdrawal"),
        ("the running mate dropped out", "withdrawal"),
        ("she pulled out of the race", "withdrawal"),
        ("he resigned from the ticket", "withdrawal"),
        ("the LG died", "death"),
        ("our candidate passed away", "death"),
        ("the deceased candidate", "death"),
        ("after the death of the LG", "death"),
        ("the LG was disqualified", "disqualification"),
        ("ruled ineligible", "disqualification"),
        ("withdrawals closed June 5", None),  # a deadline, not an event
        ("the withdrawal deadline", None),
    ],
)
def test_event_words(text: str, event: str | None) -> None:
    assert extract(text, today=TODAY).event == event


def test_cause_keeps_the_finer_massachusetts_words() -> None:
    # c. 53 § 14 names death, withdrawal, ineligibility and (physical) disability.
    assert extract("found ineligible", today=TODAY).cause == "ineligibility"
    assert extract("the nominee is disabled", today=TODAY).cause == "disability"
    assert extract("the nominee is disabled", today=TODAY).event is None


def test_two_different_events_are_not_guessed() -> None:
    ex = extract("the LG withdrew, or maybe died?", today=TODAY)
    assert ex.event is None
    assert ex.problems


@pytest.mark.parametrize(
    ("text", "office"),
    [
        ("a state office", "state"),
        ("statewide race", "state"),
        ("the state rep seat", "state"),
        ("candidate for governor", "state"),
        ("city council race", "city"),
        ("the mayor's race", "city"),
        ("a ward seat", "city"),
        ("town office", "town"),
        ("selectman", "town"),
        ("for a state office, ignoring the town committee", "state"),  # "X office" is explicit
        ("mayor or selectman?", None),
    ],
)
def test_office_words(text: str, office: str | None) -> None:
    assert extract(text, today=TODAY).office == office


@pytest.mark.parametrize(
    ("text", "opposed"),
    [
        ("unopposed ticket", False),
        ("uncontested primary", False),
        ("no opponent in the primary", False),
        ("not opposed", False),
        ("nobody is running against us", False),
        ("opposed ticket", True),
        ("a contested primary", True),
        ("has an opponent", True),
        ("faces a challenger", True),
        ("opposed or unopposed?", None),
        ("ticket raised money", None),
    ],
)
def test_opposed_words(text: str, opposed: bool | None) -> None:
    assert extract(text, today=TODAY).opposed is opposed


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("in Maryland", "md"),
        ("MD question", "md"),
        ("under Md. law", "md"),
        ("in Massachusetts", "ma"),
        ("Mass. question", "ma"),
        ("MA: question", "ma"),
        ("ma and pa", None),  # lower-case "ma" is not the state
        ("Maryland or Massachusetts?", None),
    ],
)
def test_state_words(text: str, state: str | None) -> None:
    assert extract(text, today=TODAY).state == state


@pytest.mark.parametrize(
    ("text", "election"),
    [
        ("in a gubernatorial year", "gubernatorial"),
        ("an independent for governor", "gubernatorial"),
        ("in a presidential year", "presidential"),
        ("the special election for Congress", "special-congressional"),
        ("special congressional election", "special-congressional"),
        ("the regular election", "regular"),
        ("for lieutenant governor", None),
    ],
)
def test_election_words(text: str, election: str | None) -> None:
    assert extract(text, today=TODAY).election == election


@pytest.mark.parametrize(
    ("text", "nomination"),
    [
        ("nominated at the primary", "primary"),
        ("the primary winner", "primary"),
        ("nominated by convention", "convention"),
        ("a caucus nominee", "caucus"),
        ("on nomination papers", "nomination-papers"),
        ("the primary is in June", None),
    ],
)
def test_nomination_words(text: str, nomination: str | None) -> None:
    assert extract(text, today=TODAY).nomination == nomination


@pytest.mark.parametrize(
    ("text", "received", "exceeded"),
    [
        ("did not get primary money and stayed under the primary limit", False, False),
        ("got public money in the primary and exceeded the primary expenditure limit", True, True),
        ("no primary public funds; went over the spending limit", False, True),
        ("general election share", None, None),
    ],
)
def test_general_election_booleans(text: str, received: bool | None, exceeded: bool | None) -> None:
    # § 15-106(d)(4): a ticket without a primary contribution qualifies only under the limit.
    ex = extract(text, today=TODAY)
    assert ex.received_primary is received
    assert ex.exceeded_primary_limit is exceeded


# -------------------------------------------------------------------------------- params_for


# Parameters added to a rule after these sets were written: the sets' keys do not name them,
# and their reading has tests of its own (c. 53 § 14's district window:
# test_service_reading.test_a_district_offices_vacancy_counts_from_its_own_earlier_withdrawal_day).
ADDED_SINCE = {"ma-vacancy-certificate": {"district"}}


@pytest.mark.parametrize("data", SETS.values(), ids=SETS)
def test_params_for_every_question_in_the_set(data: dict[str, Any]) -> None:
    today = data["today"]
    wrong = []
    for item in data["in_scope"]:
        if item.get("reader_gap"):
            continue  # a known gap the set names (test_service_reading holds it to the note)
        own = item.get("today") or today
        said = param_strings(params_for(item["rule"], extract(item["q"], today=own)))
        got = canonical_params(
            item["rule"], said
        )  # (as the rule reads it: "650000.50" is 650000.5)
        want = canonical_params(item["rule"], item.get("params") or {})
        for name in ADDED_SINCE.get(item["rule"], set()) - set(want):
            got.pop(name, None)
        if got != want:
            wrong.append((item["q"], want, got))
    assert wrong == []


def test_params_for_keeps_python_types() -> None:
    # § 15-106(c): money stays Decimal, opposed stays bool.
    p = params_for(
        "md-public-financing-primary", extract("unopposed ticket raised $90,000", today=TODAY)
    )
    assert p == {"private_contributions": Decimal("90000"), "opposed": False}
    # c. 53 § 14: the withdrawal deadline keeps its time, tz-aware.
    p = params_for(
        "ma-vacancy-certificate",
        extract("withdrawals closed June 5 at 5pm, state office", today=TODAY),
    )
    assert p["withdrawal_deadline"] == datetime(2026, 6, 5, 17, tzinfo=ZoneInfo("America/New_York"))
    assert p["office"] == "state"


def test_proration_each_amount_repeats_per_ticket() -> None:
    # § 15-106(b)
    p = params_for(
        "md-public-financing-proration",
        extract("fund has $1.2 million, three tickets entitled to $500,000 each", today=TODAY),
    )
    assert p == {"fund": Decimal("1200000"), "entitlements": [Decimal("500000")] * 3}


@pytest.mark.parametrize(
    ("question", "fund", "entitlements"),
    [
        # § 15-106(b): the Fund said as where the money sits, the tickets' claims as what they
        # need or claim.
        (
            "$3M from Maryland taxpayers is in the fund and tickets need 2M and 2M. proration?",
            "3000000",
            ["2000000", "2000000"],
        ),
        (
            "with 3.5M in the fund and claims of 2M and 2.5M, how is it prorated",
            "3500000",
            ["2000000", "2500000"],
        ),
    ],
)
def test_the_fund_and_the_claims_said_in_other_words(
    question: str, fund: str, entitlements: list[str]
) -> None:
    p = params_for("md-public-financing-proration", extract(question, today=TODAY))
    assert p["fund"] == Decimal(fund)
    assert p["entitlements"] == [Decimal(v) for v in entitlements]


def test_params_for_unknown_rule_is_empty() -> None:
    assert params_for("no-such-rule", extract("died May 1", today=TODAY)) == {}


# ---------------------------------------------------------------------------- hostile input


@pytest.mark.parametrize(
    "text",
    [
        "x" * 100_000,
        "5/1 " * 25_000,
        "$1 " * 30_000,
        "May 1 at 5pm " * 8_000,
        "\x00\x07\x1b[2J\u202e\u2066 died May 1 \x7f",
        "🎉" * 50_000,
        "مرحبا بالعالم " * 8_000,
        "<!channel> <@U123> <https://example.com|link> LG died May 1",
        "9" * 5_000,
        "",
    ],
    ids=[
        "100k-x",
        "100k-dates",
        "100k-money",
        "100k-times",
        "control",
        "emoji",
        "rtl",
        "slack",
        "long-number",
        "empty",
    ],
)
def test_hostile_text_does_not_crash(text: str) -> None:
    ex = extract(text, today=TODAY)
    assert len(ex.dates) <= MAX_ITEMS
    assert len(ex.amounts) + len(ex.numbers) <= MAX_ITEMS + 10


def test_control_characters_do_not_hide_a_date() -> None:
    ex = extract("LG\x00 died\u202e May 1\x07", today=TODAY)
    assert ex.event == "death"
    assert [(d.value, d.role) for d in ex.dates] == [(date(2026, 5, 1), "event_date")]


def test_huge_paste_is_cut_and_says_so() -> None:
    ex = extract("5/1 " * 25_000, today=TODAY)
    assert ex.truncated
    assert len(ex.dates) == MAX_ITEMS
    assert any("only the first" in p for p in ex.problems)


# ------------------------------------------------------------- numbers not read as written


@pytest.mark.parametrize(
    ("text", "shown", "why"),
    [
        ("signatures for 1e400 voters", "'1e400'", "scientific notation"),
        ("raised $1e9999999999", "'$1e9999999999'", "scientific notation"),
        ("1.5E+3 registered voters", "'1.5e+3'", "scientific notation"),
        ("-123,456 registered voters", "'-123,456'", "negative"),
        ("raised -$500", "'-$500'", "negative"),
        ("raised $-500", "'$-500'", "negative"),
        ("–2,000 votes", "'–2,000'", "negative"),  # an en dash typed as a minus
        ("123,4567 voters", "'123,4567'", "commas in the wrong places"),
        ("1,23 voters", "'1,23'", "commas in the wrong places"),
        ("9" * 30 + " voters", "'" + "9" * 30 + "'", "far too large"),
    ],
)
def test_numbers_not_read_as_written_are_problems_never_partial_reads(
    text: str, shown: str, why: str
) -> None:
    # "1e400 voters" was read as 1, "-123,456" as 123456, "$1e9999999999" as $1.00.
    ex = extract(text, today=TODAY)
    assert ex.counts == [] and ex.money == [], (ex.counts, ex.money)
    (problem,) = ex.problems
    assert shown in problem and why in problem


def test_plain_numbers_beside_refused_ones_still_read_exactly() -> None:
    ex = extract(
        "between 1 - 5 days, 5–10 weeks; 123,456 voters; § 5-903; $1.5 million raised", today=TODAY
    )
    assert ex.problems == []
    assert ex.money == [Decimal("1500000")]
    assert [n.value for n in ex.numbers if n.role == "registered_voters"] == [123456]
    # A list of long numbers is a list, not a misplaced comma.
    assert extract("500000,600000", today=TODAY).counts == [500000, 600000]
    # 24 significant digits times a million: exact, not rounded to 28 digits.
    big = extract("$123456789012345678901234 million", today=TODAY).money
    assert big == [Decimal("123456789012345678901234000000")]


@pytest.mark.parametrize(
    ("text", "year"),
    [
        # A year said as two numbers, as voice typing writes it.
        ("declaration of intent for the twenty twenty eight presidential election", 2028),
        ("independent candidates' certificate of candidacy, twenty thirty", 2030),
        ("when does the fund start paying in twenty thirty-four", 2034),
        # A two-digit year before an election's word.
        ("Unaffil. cand, '26 gubernatorial - DOI due?", 2026),
    ],
)
def test_a_year_said_in_words_or_two_digits_is_the_election_year(text: str, year: int) -> None:
    assert extract(text, today=TODAY).year == year


def test_twenty_five_is_a_number_not_a_year() -> None:
    facts = extract("a ticket with twenty five contributions", today=TODAY)
    assert facts.year is None
    assert 25 in facts.counts


def test_a_million_said_before_and_a_count_is_not_one_number() -> None:
    # § 15-106(b): "five million and two tickets" is the Fund and a count of tickets.
    facts = extract(
        "the fund only has five million and two tickets are each owed three million", today=TODAY
    )
    assert Decimal("5000000") in facts.money
    assert 5000002 not in facts.counts


def test_a_day_said_as_a_cardinal_is_a_date() -> None:
    # § 5-903(b)(2)(i): the withdrawal deadline, said by voice typing.
    facts = extract("the withdrawal deadline is march six and june twenty one", today=TODAY)
    assert [d.value for d in facts.dates] == [date(2026, 3, 6), date(2026, 6, 21)]


def test_the_second_said_of_a_month_is_its_2nd() -> None:
    # § 5-903(b)(2): counted from the day of the death, said in words.
    facts = extract(
        "the LG candidate dies on the second of April; or was it April second?", today=TODAY
    )
    assert [d.value for d in facts.dates] == [date(2026, 4, 2), date(2026, 4, 2)]
    # ... but "the second Tuesday of May" is a weekday's place, and "wait a second" no date.
    assert [d.value for d in extract("wait a second", today=TODAY).dates] == []
    assert [d.value for d in extract("the second Tuesday of May", today=TODAY).dates] == [
        date(2026, 5, 12)
    ]


def test_a_sum_taken_back_after_a_dash_is_the_corrected_one() -> None:
    # § 15-106(b): the Fund as corrected.
    facts = extract("Fund is $3.3M -- no, $3.03M -- entitlements 2M and 1.5M", today=TODAY)
    assert Decimal("3030000") in facts.money
    assert Decimal("3300000") not in facts.money


@pytest.mark.parametrize(
    "text",
    [
        "Budget office here (Rm 4B, ext 3301): when do distributions begin in 2026?",
        "Suite 12 called about the 2026 schedule",
    ],
)
def test_a_room_or_line_number_is_neither_count_nor_sum(text: str) -> None:
    facts = extract(text, today=TODAY)
    assert not facts.amounts
    assert not [c for c in facts.numbers if c.value in (4, 3301, 12)]


def test_a_list_a_sentence_introduces_with_a_colon_is_the_contributions() -> None:
    # § 15-106(c)(1): each eligible private contribution is matched on its own.
    facts = extract(
        "Two new contributions arrived via the portal (batch 7711-C): $40, $85. Match?",
        today=TODAY,
    )
    assert [(a.value, a.role) for a in facts.amounts] == [
        (Decimal(40), "contribution"),
        (Decimal(85), "contribution"),
    ]


def test_the_funds_balance_said_beside_a_batch_is_no_contribution() -> None:
    # § 15-106(c)(1): each contribution of the batch is matched; the Fund's balance is not one.
    facts = extract(
        "FYI the Fund is at $12.9M. Batch:\n\ngiver,amount\nP. Nunez,60\nR. Akhtar,200\n\n"
        "Match for the batch?",
        today=TODAY,
    )
    assert param_strings(params_for("md-public-financing-primary", facts)) == {
        "contributions": "60;200"
    }


def test_full_amounts_that_add_up_to_a_sum_are_the_parts_not_the_sum() -> None:
    # § 15-106(e): the entitlements are the tickets' own sums; their total is not one of them.
    facts = extract(
        "$4 million available; the tickets' full amounts add up to $4.5M (2.5M + 2M). Shares?",
        today=TODAY,
    )
    roles = {a.value: a.role for a in facts.amounts}
    assert roles[Decimal(4500000)] == "total"


def test_a_bare_p_after_the_hour_is_pm() -> None:
    # c. 53, § 14, sentence 7 counts from five o'clock on the last day for withdrawals.
    facts = extract("withdr deadline 4/10 5p, vacancy certs due?", today=TODAY)
    assert [d.as_datetime() for d in facts.dates] == [
        datetime(2026, 4, 10, 17, 0, tzinfo=ZoneInfo("America/New_York"))
    ]


@pytest.mark.parametrize(
    "text",
    [
        # § 15-106(b): a ticket's full contribution, said with "would be", is its entitlement.
        "Our full contribution would be $1.8M and the Fund has $3M. Share?",
    ],
)
def test_what_a_ticket_would_get_in_full_is_its_entitlement(text: str) -> None:
    facts = extract(text, today=TODAY)
    assert [a.role for a in facts.amounts if a.value == Decimal(1800000)] == ["entitlement"]


def test_point_said_without_a_whole_number_is_a_fraction() -> None:
    # § 5-703(e): "point six million voters" is 600,000, never 6,000,000.
    facts = extract("point six million registered voters, how many signatures?", today=TODAY)
    assert [c.value for c in facts.numbers if c.role == "registered_voters"] == [600000]


def test_a_sum_each_of_several_donors_gave_is_that_many_contributions() -> None:
    # § 15-106(c)(1): each eligible contribution is matched on its own.
    facts = extract(
        "Three supporters maxed out at $250 each, plus one who gave $40. Match?", today=TODAY
    )
    assert params_for("md-public-financing-primary", facts)["contributions"] == [
        Decimal(250),
        Decimal(250),
        Decimal(250),
        Decimal(40),
    ]


def test_the_funds_total_is_the_fund() -> None:
    # § 15-106(b): the money in the Fund, said as its total.
    facts = extract(
        "the fund is nearly broke, $900k total; we're owed 500k, they're owed 700k", today=TODAY
    )
    assert [a.value for a in facts.amounts if a.role == "fund"] == [Decimal(900000)]


def test_candidacy_filing_closing_is_the_filing_deadline_not_the_withdrawal_deadline() -> None:
    # § 5-903(a)(1) counts from the § 5-303 filing deadline; § 5-502's withdrawals are another day.
    facts = extract(
        "candidacy filing closes Feb 26, 2030 at 9 p.m., withdrawals close 3/8/2030", today=TODAY
    )
    assert [d.role for d in facts.dates] == ["filing_deadline", "withdrawal_deadline"]


def test_an_hour_of_the_night_or_evening_is_pm_and_o_clock_is_no_count() -> None:
    # § 5-903(a)(1): whether the LG candidate withdrew after the 9 p.m. certificate deadline
    # turns on the hour of the withdrawal.
    facts = extract(
        "LG pulled out at 10:30 that night, Feb 24, after the 9 o'clock cutoff.", today=TODAY
    )
    assert facts.dates[0].time == time(22, 30)
    assert facts.numbers == []


def test_contributions_each_said_with_its_noun_are_one_list() -> None:
    # § 15-107 (current text, under § 15-106(c)): each contribution is matched.
    facts = extract("What's the match on a $40 contrib + a $15 one?", today=TODAY)
    assert params_for("md-public-financing-primary", facts)["contributions"] == [
        Decimal("40"),
        Decimal("15"),
    ]


def test_shares_given_to_be_checked_are_no_entitlements() -> None:
    # § 15-106(b): the entitlements are the inputs; the shares the asker computed are what the
    # answer checks, never more entitlements.
    facts = extract(
        "Fund $300,000, entitlements $200k and $400k: the shares came out to $100,000 and "
        "$200,000, right?",
        today=TODAY,
    )
    assert params_for("md-public-financing-proration", facts)["entitlements"] == [
        Decimal("200000"),
        Decimal("400000"),
    ]


def test_a_sum_said_again_with_the_is_the_same_sum() -> None:
    # § 15-106(b): the Fund said again ("is any of the $6M held back?") is no fourth
    # entitlement; "each with a full contribution of $2.5M" is each of the three tickets'.
    facts = extract(
        "$6M in the Fund, three nominee tickets each with a full contribution of $2.5M. How is "
        "it allocated, and is any of the $6M held back?",
        today=TODAY,
    )
    got = params_for("md-public-financing-proration", facts)
    assert got["fund"] == Decimal("6000000")
    assert got["entitlements"] == [Decimal("2500000")] * 3


def test_sums_joined_by_and_a_are_one_list() -> None:
    # § 15-107 (current text, under § 15-106(c)): both contributions are matched.
    facts = extract("match on a $30 and a $120 contribution?", today=TODAY)
    assert params_for("md-public-financing-primary", facts)["contributions"] == [
        Decimal("30"),
        Decimal("120"),
    ]


def test_a_withdrawal_deadlines_office_hour_may_follow_a_long_clause() -> None:
    # c. 53, § 14, sentence 7 counts from the last day *and hour* for filing withdrawals.
    facts = extract(
        "Last day to withdraw from town nominations is this Thursday 3/12 at 5. Vacancy "
        "certificate due?",
        today=TODAY,
    )
    assert facts.dates[0].time == time(17, 0)


def test_days_counted_from_today_are_a_date() -> None:
    # § 5-703(g): the special primary the petition deadline is counted from.
    facts = extract("the special congressional primary is two weeks from today", today=TODAY)
    assert facts.dates[0].value == TODAY + timedelta(days=14)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # Asked on Monday 2027-09-20: tomorrow is Tue 09-21, the coming Friday 09-24.
        ("a week from tomorrow", date(2027, 9, 28)),
        ("two weeks from tomorrow", date(2027, 10, 5)),
        ("two weeks from friday", date(2027, 10, 8)),
        ("10 days from this coming friday", date(2027, 10, 4)),
    ],
)
def test_days_counted_from_tomorrow_or_a_coming_weekday_are_a_date(
    said: str, expected: date
) -> None:
    # § 5-703(g) counts from the special primary; the day is said counted from another.
    facts = extract(f"the special congressional primary is {said}", today=date(2027, 9, 20))
    assert [d.value for d in facts.dates] == [expected]


def test_weeks_from_todays_own_weekday_is_not_read() -> None:
    # Said on a Monday, "two weeks from monday" may count from today or from next Monday: the
    # day is asked for, never guessed.
    facts = extract("the special primary is two weeks from monday", today=date(2027, 9, 20))
    assert facts.dates == []


@pytest.mark.parametrize(
    ("text", "today", "expected"),
    [
        # In December, "the 11th of January" is next month's.
        ("the special primary is on the 11th of january", date(2027, 12, 1), date(2028, 1, 11)),
        # In January, "withdrew Dec 28" is last month's.
        ("LG candidate withdrew Dec 28", date(2026, 1, 6), date(2025, 12, 28)),
        # A year named in the question keeps its days in it.
        (
            "disqualified April 30, 2026; CoC deadline Feb. 24",
            date(2026, 11, 23),
            date(2026, 2, 24),
        ),
    ],
)
def test_a_day_without_its_year_near_the_new_year(text: str, today: date, expected: date) -> None:
    assert extract(text, today=today).dates[-1].value == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # § 5-703(g) counts from a special primary still to come: said in November, "if the
        # special primary is March 14" is next March's.
        ("if the special primary is March 14, when is the petition due?", date(2027, 3, 14)),
        ("the special primary will be on March 14", date(2027, 3, 14)),
        ("the special primary is scheduled for March 14", date(2027, 3, 14)),
        # Said of the past, the day keeps this year's.
        ("the special primary was March 14", date(2026, 3, 14)),
        ("the LG candidate died March 14", date(2026, 3, 14)),
    ],
)
def test_a_day_said_to_come_is_not_one_already_past(text: str, expected: date) -> None:
    assert [d.value for d in extract(text, today=date(2026, 11, 29)).dates] == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # § 15-107 (current text, under § 15-106(c)): each contribution, however it is listed.
        ("we got 40 bucks, 60 bucks and 15 bucks from two donors. public match?", [40, 60, 15]),
        ("Three $50 contributions and two $10 contributions: matching?", [50, 50, 50, 10, 10]),
        ("match for contributions of 30 dollars 45 dollars and 90 dollars", [30, 45, 90]),
        ("2k, 300, 75 -- match?", [2000, 300, 75]),
        ("contributions of ten dollars and a hundred twenty dollars, match?", [10, 120]),
        # …each after its giver's name, once the list is said to be of gifts…
        ("Ann gave 250, Bob 100, Carl 40. what's the FCFF match?", [250, 100, 40]),
        ("donor list: Lee 75 / Ortiz 150 / Smith 250. public match?", [75, 150, 250]),
        # …or counted by the dozen or the pair.
        ("half a dozen $20 donations. match?", [20] * 6),
        ("a dozen people gave $10 each. match", [10] * 12),
        ("a pair of $100 contributions and a $25 one. whats the match", [100, 100, 25]),
        ("two of them gave fifty each and one gave $20. match on those three?", [50, 50, 20]),
        ("- 1 donor @ $250\n- 3 donors @ $100\nmatch?", [250, 100, 100, 100]),
        # …or said as the parts of a total said before them.
        (
            "we have 5 eligible contributions adding up to $690 — 250, 200, 100, 100, 40. "
            "primary public contribution?",
            [250, 200, 100, 100, 40],
        ),
        # A loan is no contribution.
        (
            "Besides the candidate's $20,000 loan, we've got these from supporters: $100, $80 "
            "and $45. match?",
            [100, 80, 45],
        ),
    ],
)
def test_contributions_listed_in_everyday_ways(text: str, expected: list[int]) -> None:
    got = params_for("md-public-financing-primary", extract(text, today=TODAY))
    assert got["contributions"] == [Decimal(v) for v in expected]


def test_only_our_ticket_and_another_is_two_tickets_not_one() -> None:
    # § 15-106(d): the nominee tickets the Fund is shared among.
    got = params_for(
        "md-public-financing-general",
        extract("Fund: 3.3M. Only our ticket and the R ticket are nominees. share?", today=TODAY),
    )
    assert "nominee_tickets" not in got  # two are said, never one
    got = params_for(
        "md-public-financing-general",
        extract("fund has 3M left and only our ticket qualifies. share?", today=TODAY),
    )
    assert got["nominee_tickets"] == 1


def test_both_tickets_amounts_are_each_ones() -> None:
    # § 15-106(b): "both tickets' full amounts are 1.5M" is 1.5M for each of the two.
    assert (
        sums_read(
            "if the fund has 2 million and both tickets' full amounts are 1.5M, any cut?",
            "md-public-financing-proration",
            "entitlements",
        )
        == [Decimal("1500000")] * 2
    )


def test_a_word_naming_a_number_is_no_givers_name() -> None:
    # § 15-106(d): "tickets 2" after the Fund is a count of tickets, not a second gift.
    got = params_for("md-public-financing-general", extract("fund 3M, tickets 2", today=TODAY))
    assert got["fund_remaining"] == Decimal("3000000")
    assert got["nominee_tickets"] == 2


@pytest.mark.parametrize(
    ("question", "rule", "key", "expected"),
    [
        # § 15-107 (current text, under § 15-106(c)): each contribution is matched on its own,
        # so one said "N of" is N of them.
        (
            "our ticket received 6 contributions of $25 and one of $250. public match?",
            "md-public-financing-primary",
            "contributions",
            ["25"] * 6 + ["250"],
        ),
        (
            "ticket got 2 contributions of $500 and 3 contributions for $20. match?",
            "md-public-financing-primary",
            "contributions",
            ["500", "500", "20", "20", "20"],
        ),
        # …but a count before a list is the list's length, not a repeat of its head.
        (
            "three contributions of $100, $200 and $250. match?",
            "md-public-financing-primary",
            "contributions",
            ["100", "200", "250"],
        ),
        (
            "ten guests, each gave exactly fifty bucks. what's the match?",
            "md-public-financing-primary",
            "contributions",
            ["50"] * 10,
        ),
        # § 15-106(b): each ticket's entitlement, said once with how many claim it.
        (
            "$100 fund, three $50 claims - shares?",
            "md-public-financing-proration",
            "entitlements",
            ["50", "50", "50"],
        ),
        # …or said of each of the tickets counted in its own clause, beside another ticket's.
        (
            "Fund has $5M. Ticket A is entitled to $3M, two others are entitled to 2M each.",
            "md-public-financing-proration",
            "entitlements",
            ["3000000", "2000000", "2000000"],
        ),
        (
            "Fund has $5M; three tickets: one entitled to 3 million and two entitled to 2 million "
            "apiece. Proration?",
            "md-public-financing-proration",
            "entitlements",
            ["3000000", "2000000", "2000000"],
        ),
        (
            "fund 4M. the other two tickets are each owed $1.5M and ours $2M. prorate",
            "md-public-financing-proration",
            "entitlements",
            ["1500000", "1500000", "2000000"],
        ),
    ],
)
def test_a_sum_said_with_how_many_of_it_is_that_many(
    question: str, rule: str, key: str, expected: list[str]
) -> None:
    assert sums_read(question, rule, key) == [Decimal(v) for v in expected]


@pytest.mark.parametrize(
    ("question", "rule", "key", "expected"),
    [
        # § 15-107 (current text, under § 15-106(c)): only contributions kept are matched.
        (
            "contributions of $20, $80 and $120 — the $120 one got refunded, so match?",
            "md-public-financing-primary",
            "contributions",
            ["20", "80"],
        ),
        (
            "$125 from a teacher and $75 from her son (he also tried to give $40, and we sent "
            "that one back). match?",
            "md-public-financing-primary",
            "contributions",
            ["125", "75"],
        ),
        (
            "four donors gave $50 each, but the $50 from Bob was refunded. match?",
            "md-public-financing-primary",
            "contributions",
            ["50", "50", "50"],
        ),
        # … but another giver's bounced or rejected check takes back none of these.
        (
            "contributions: $250 from Ann, and Bob's check bounced. match?",
            "md-public-financing-primary",
            "contributions",
            ["250"],
        ),
        (
            "$75 from Ann and $40 from Carl, Bob's was rejected. match?",
            "md-public-financing-primary",
            "contributions",
            ["75", "40"],
        ),
        # § 15-106(b): a withdrawn ticket's void entitlement is not prorated.
        (
            "Fund $9M. A entitled to $2M; B to $2.5M. C withdrew and its $1.5M entitlement is "
            "void. prorate?",
            "md-public-financing-proration",
            "entitlements",
            ["2000000", "2500000"],
        ),
    ],
)
def test_a_sum_taken_back_is_not_counted(
    question: str, rule: str, key: str, expected: list[str]
) -> None:
    assert sums_read(question, rule, key) == [Decimal(v) for v in expected]


@pytest.mark.parametrize(
    ("question", "rule", "key", "expected"),
    [
        # § 15-106(b): "total owed" is the sum of the entitlements, never one of them.
        (
            "Total owed is $7M ($4M + $3M) and the Fund holds $6.5M; prorated amounts?",
            "md-public-financing-proration",
            "entitlements",
            ["4000000", "3000000"],
        ),
        # § 15-107 (current text, under § 15-106(c)): sums that add up to the total said are
        # its contributions …
        (
            "3 contributions totaling $390 ($250, $100, $40). match?",
            "md-public-financing-primary",
            "contributions",
            ["250", "100", "40"],
        ),
        # … each one said with its giver's name …
        (
            "we got $250 from Ann Lee, $100 from Bob and $40 from Carl. public match?",
            "md-public-financing-primary",
            "contributions",
            ["250", "100", "40"],
        ),
        # … or title, and in words the short way ("two-fifty"; "250 from Dr." is no street).
        (
            "one hundred dollars from Ms. Lee, sixty from Mr. Park, and two-fifty from Dr. "
            "Ames. What does the Fund match?",
            "md-public-financing-primary",
            "contributions",
            ["100", "60", "250"],
        ),
        # … or with a space in a list ("two fifty,"), never a time said that way ("at one
        # thirty,") …
        (
            "We met at one thirty, and gifts of two fifty, forty and one twenty-five dollars came "
            "in. What does the Fund match?",
            "md-public-financing-primary",
            "contributions",
            ["250", "40", "125"],
        ),
        # § 15-102(e) counts one contribution per contributor: one named giver's two gifts
        # are one, said with "another" …
        (
            "Our donor Gina Ferro gave $40 in March and another $60 in June. What's matched?",
            "md-public-financing-primary",
            "contributions",
            ["100"],
        ),
        # … or one after the other, each with its month …
        (
            "Carol Abbot gave $200 in February and $100 in August. How much is matched?",
            "md-public-financing-primary",
            "contributions",
            ["300"],
        ),
        # … each giver's own, when several give …
        (
            "Ann Lee gave $40 in March and another $60 in June; Bob Hart gave $100. match?",
            "md-public-financing-primary",
            "contributions",
            ["100", "100"],
        ),
        # … but "one donor gave $500 and another $75" is another donor's …
        (
            "One donor gave $500 and another $75, both Marylanders. What's the match?",
            "md-public-financing-primary",
            "contributions",
            ["500", "75"],
        ),
        # … a gift given without the contribution card is not one …
        (
            "Lou Park gave $80 but never signed a contribution card; Al Day gave $80 with a "
            "card. What's the match?",
            "md-public-financing-primary",
            "contributions",
            ["80"],
        ),
        # … and "four at $100" after "six contributions at $25" is four of them.
        (
            "six contributions at $25 and four at $100. match?",
            "md-public-financing-primary",
            "contributions",
            ["25"] * 6 + ["100"] * 4,
        ),
        # … a giver named with a town, and one sum given by that many givers …
        (
            "List for matching: $100 from Jen in Annapolis; $25 each from four coworkers in "
            "Towson. What's matched?",
            "md-public-financing-primary",
            "contributions",
            ["100"] + ["25"] * 4,
        ),
        # … each count said before its sum, in words or digits, never a sum of its own …
        (
            "contributions so far: three at $250 and ten at $20. public match?",
            "md-public-financing-primary",
            "contributions",
            ["250"] * 3 + ["20"] * 10,
        ),
        (
            "120 gifts of $10, 35 at $50, 8 maxed at $250. contested primary. public $?",
            "md-public-financing-primary",
            "contributions",
            ["10"] * 120 + ["50"] * 35 + ["250"] * 8,
        ),
        # … a gift refunded is no contribution, and "one of them" only one of several …
        (
            "we got 6 contributions of $200 each, but we refunded one of them. what's our match?",
            "md-public-financing-primary",
            "contributions",
            ["200"] * 5,
        ),
        # … one unnamed giver's gifts, each placed in time, are one …
        (
            "one donor in Annapolis gave us $200 in March and another $50 in June. what does "
            "the Fund match on her?",
            "md-public-financing-primary",
            "contributions",
            ["250"],
        ),
        # … and "one Maryland resident gives the ticket $150" is one contribution.
        (
            "If one Maryland resident gives the ticket $150, how many matching dollars is that?",
            "md-public-financing-primary",
            "contributions",
            ["150"],
        ),
        # § 15-106(b): the others' full shares said after ours are entitlements, not the Fund.
        (
            "We're entitled to $2.2M, the other two are at $1.9M and $700K. Prorated shares?",
            "md-public-financing-proration",
            "entitlements",
            ["2200000", "1900000", "700000"],
        ),
        (
            "fund has six million dollars; our ticket is owed two point four million, the "
            "other ticket three million. prorated?",
            "md-public-financing-proration",
            "entitlements",
            ["2400000", "3000000"],
        ),
        (
            "Our share was supposed to be $1,300,000 but the Fund has $2,000,000 for us and "
            "the other ticket (owed $1.7M). What do we get?",
            "md-public-financing-proration",
            "entitlements",
            ["1300000", "1700000"],
        ),
        # § 15-106(b): "each" between the count and the sum makes it every ticket's …
        (
            "Say the Fund holds $9M and five qualified tickets each claim a full primary "
            "public contribution of $2,000,000. Prorate?",
            "md-public-financing-proration",
            "entitlements",
            ["2000000"] * 5,
        ),
        # … ours and the others counted …
        (
            "fund is 5M; our ticket and two others are each owed $2.5M. shares?",
            "md-public-financing-proration",
            "entitlements",
            ["2500000"] * 3,
        ),
        # … but not when a list of sums follows, one each …
        (
            "Fund holds $6M. Three tickets are each entitled to full amounts of $3M, $2.5M "
            "and $1M. Prorate?",
            "md-public-financing-proration",
            "entitlements",
            ["3000000", "2500000", "1000000"],
        ),
        # … and "ours is …, theirs is …" are each one ticket's.
        (
            "fund = $4m; ours is $2.5M, theirs is 2,000,000. paid in full?",
            "md-public-financing-proration",
            "entitlements",
            ["2500000", "2000000"],
        ),
        # § 15-107 (current text): a count of givers said before "each gave" a sum.
        (
            "three neighbors each gave the governor campaign forty dollars, and one gave "
            "$200. match?",
            "md-public-financing-primary",
            "contributions",
            ["40", "40", "40", "200"],
        ),
    ],
)
def test_whose_sum_each_is(question: str, rule: str, key: str, expected: list[str]) -> None:
    assert sums_read(question, rule, key) == [Decimal(v) for v in expected]


def test_an_elections_day_is_not_the_deadline_said_for_that_election() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for withdrawals, not the election's day.
    facts = extract(
        "Withdrawal deadline for the Nov 14 special town election is Friday Oct 6 at 5. If "
        "the planning board candidate withdraws, when is the replacement certificate due?",
        today=date(2028, 8, 20),
    )
    deadline = next(d for d in facts.dates if d.role == "withdrawal_deadline")
    assert (deadline.value, deadline.time) == (date(2028, 10, 6), time(17, 0))


def test_a_deadlines_hour_said_after_its_own_words_is_the_deadlines() -> None:
    # c. 53, § 14, sentence 7: the hour of the last day for withdrawals moves the 72 hours.
    facts = extract(
        "if Tom wins the state rep primary and then withdraws, the withdrawal deadline we "
        "were given is 5pm Monday 9/11. By when is the certificate for his replacement due?",
        today=date(2028, 8, 20),
    )
    deadline = next(d for d in facts.dates if d.role == "withdrawal_deadline")
    assert (deadline.value, deadline.time) == (date(2028, 9, 11), time(17, 0))


def test_the_last_weekday_of_a_month_is_that_day_when_its_year_is_said() -> None:
    # § 5-303 (through § 5-903(b)): the certificate of candidacy deadline, said as a weekday.
    said = extract("COC closed on the last Tuesday of February 2030", today=date(2028, 8, 20))
    assert [d.value for d in said.dates] == [date(2030, 2, 26)]
    # Without its year, which February's is not guessed, nor is it "last Tuesday".
    unsaid = extract("filing closed on the last Tuesday of February", today=date(2028, 8, 20))
    assert unsaid.dates == []


def test_a_fund_balance_money_has_since_gone_out_of_is_not_the_fund() -> None:
    # § 15-106(b) prorates the money available now: a past balance is not it, nor is the money
    # paid out since; the rule asks for the Fund rather than take either.
    question = (
        "The Fund held $8,000,000 in January and $1.5M has already been paid out. Tickets are "
        "owed 3 million and 2 million. Prorate?"
    )
    params = params_for("md-public-financing-proration", extract(question, today=TODAY))
    assert "fund" not in params
    assert params["entitlements"] == [Decimal(3000000), Decimal(2000000)]


def test_the_money_left_after_the_primary_is_shared_for_the_general() -> None:
    # § 15-106(b) through (d): what remains once the primary's share is paid is the general's.
    question = "money left in the fund after the primary: $4M. nominees owed $3M and $2M. shares?"
    params = params_for("md-public-financing-proration", extract(question, today=TODAY))
    assert params["election"] == "general"


def test_the_year_of_a_copy_of_the_law_is_not_the_election_year() -> None:
    # § 15-106(a): the schedule asked for is 2030's; 2014 dates the binder's printout.
    question = "The 2014 printout in our binder says the Fund starts paying Feb 1. Same for 2030?"
    params = params_for("md-public-financing-schedule", extract(question, today=TODAY))
    assert params["year"] == 2030


@pytest.mark.parametrize(
    "question",
    [
        # c. 53, § 14, sentence 3: the committee named on nomination papers is counted by its
        # members, never read as registered voters (§ 5-703(e)) or votes (sentence 4).
        "can the 7-member committee on her papers name someone else?",
        "the 5-person committee listed on his papers wants to replace him",
        # Sentence 4 counts votes, not the delegates already chosen.
        "the ward committee already picked four delegates for the meeting",
    ],
)
def test_people_counted_are_no_rules_count(question: str) -> None:
    facts = extract(question, today=TODAY)
    assert facts.count("registered_voters") is None
    assert facts.count("votes") is None


def test_the_governors_votes_are_chosen_over_the_presidents() -> None:
    # c. 53, § 14, sentence 4 counts the votes for the party's candidate for governor.
    question = (
        "Our ward gave our presidential candidate 4,210 votes in 2024 and our gubernatorial "
        "candidate 3,377 in 2022. How many delegates for the vacancy?"
    )
    params = params_for("ma-vacancy-delegates", extract(question, today=TODAY))
    assert params["votes"] == 3377


def test_a_nominee_dated_by_the_primary_was_nominated_at_it() -> None:
    # c. 53, § 14, sentence 1: a vacancy in a nomination made at a primary.
    facts = extract("our state senate nominee (Sept 1 primary) died. who fills it?", today=TODAY)
    assert facts.nomination == "primary"


def test_the_withdrawal_deadline_after_the_primary_is_the_withdrawal_deadline() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for filing withdrawals; "after the
    # primary" says which one, and the day said is it, not the primary's.
    facts = extract(
        "the withdrawal deadline after the primary was Tue 9/8 at 5 pm. senate replacement "
        "certificate due when?",
        today=date(2026, 8, 1),
    )
    assert [(d.value, d.role) for d in facts.dates] == [(date(2026, 9, 8), "withdrawal_deadline")]


def test_a_withdrawal_deadline_said_with_its_day_is_not_what_is_asked() -> None:
    # Sentence 7: the day given for the last day for withdrawals is counted from, not asked.
    facts = extract(
        "withdrawal ddl for the library trustee race is Memorial Day itself (Mon 5/31/2027) "
        "by bylaw, odd I know. replacement certificate due?",
        today=date(2027, 8, 1),
    )
    assert "withdrawal-deadline" not in facts.values("asks")


def test_a_day_naming_the_election_a_deadline_is_for_is_the_elections() -> None:
    # § 5-502's deadline is asked, for the primary dated after "for the": the date is the
    # primary's, never a withdrawal deadline c. 53, § 14 could count from.
    facts = extract(
        "what is the withdrawal deadline for the June 27 2034 gubernatorial primary?",
        today=date(2031, 8, 20),
    )
    assert [(d.value, d.role) for d in facts.dates] == [(date(2034, 6, 27), "primary")]


def test_a_weekday_before_an_iso_date_is_that_dates_own() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for withdrawals: "closed Monday
    # 2030-06-03" names one day, not that day and a Monday near today.
    facts = extract("withdrawals closed Monday 2030-06-03 at 5 p.m.", today=date(2029, 10, 16))
    assert [d.value for d in facts.dates] == [date(2030, 6, 3)]
    wrong = extract("withdrawals closed Tuesday 2030-06-03", today=date(2029, 10, 16))
    assert wrong.problems == ["'tuesday 2030-06-03': June 3, 2030 is a Monday"]


def test_the_districts_own_voters_are_counted_not_the_countys() -> None:
    # § 5-703(e) counts the registered voters of the area the office is voted in: the county's
    # count only places the district's.
    facts = extract(
        "congressional district: the county has 1,050,000 registered but only 750,250 are in "
        "the district. petition signatures for an independent?",
        today=date(2029, 10, 16),
    )
    assert params_for("md-petition-signatures", facts) == {"registered_voters": 750250}


@pytest.mark.parametrize(
    ("text", "office"),
    [
        # c. 53, § 14, sentence 7: 72 hours for a state office, 48 for a city or town one.
        # A legislative district's make-up is no town office …
        ("a primary nominee's spot opens up in a one-town rep district", "state"),
        # … a council special is a city's (never the Governor's Council) …
        ("withdrawals for the District 7 council special closed March 16", "city"),
        ("Gov Council nominee withdrew", "state"),
        # … and "state offices don't" close is said of buildings, not the office.
        (
            "council special: withdrawals closed March 16; City Hall closes the 17th, state "
            "offices don't",
            "city",
        ),
        ("withdrawals for state offices closed Friday, June 10 at 5 p.m.", "state"),
        ("the nominee from the April 6 special senate primary died", "state"),
    ],
)
def test_the_office_is_the_nominations_not_a_word_near_it(text: str, office: str) -> None:
    assert extract(text, today=date(2027, 2, 9)).office == office


@pytest.mark.parametrize(
    ("text", "votes"),
    [
        # c. 53, § 14, sentence 4 counts the votes for governor: "2 thousand 250" is one number.
        ("our gov votes were 2 thousand 250 last time. delegates?", 2250),
        ("votes for governor: 4 thousand and 12. delegates?", 4012),
    ],
)
def test_thousands_said_in_words_then_digits_are_one_number(text: str, votes: int) -> None:
    assert params_for("ma-vacancy-delegates", extract(text, today=date(2027, 2, 9))) == {
        "votes": votes
    }


def test_the_day_candidates_could_back_out_until_is_the_last_day_for_withdrawals() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for filing withdrawals.
    facts = extract(
        "Candidates could back out until Thursday the 11th at 5pm, and one nominee backed out.",
        today=date(2027, 2, 9),
    )
    assert [(d.role, d.value) for d in facts.dates] == [("withdrawal_deadline", date(2027, 2, 11))]
    assert facts.event == "withdrawal"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # c. 53, § 14, sentence 7 counts from 5 p.m. of the last day for withdrawals; the hour
        # they closed is kept as said: after "@" …
        ("withdrawals closed fri 2/26/27 @ 5", datetime(2027, 2, 26, 17, 0)),
        # … and before the day, across a dash.
        (
            "withdrawals close at noon — 9/22/28 — does the clock start then?",
            datetime(2028, 9, 22, 12),
        ),
    ],
)
def test_the_hour_withdrawals_closed_is_read_wherever_it_is_said(
    text: str, expected: datetime
) -> None:
    (found,) = extract(text, today=date(2027, 2, 9)).dates
    assert (found.value, found.time) == (expected.date(), expected.time())
