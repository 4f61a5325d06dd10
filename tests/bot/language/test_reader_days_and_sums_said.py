"""Days and sums as people say them, found on outside tuning sets e120 and e121 before they were
tuned on: "next Tuesday" where it can name only one day, cents said in words, a death said
"passed Friday", the day a withdrawal is dated or was tried, the winner of a primary, a town's
count beside its precincts', two gifts said "one gave …, the other …", a sheet's amount under a
line naming the Fund, and re-filing asked beside the successor's deadline. The phrasings are
not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.support.service import packaged_service

SERVICE = packaged_service()
WEDNESDAY = date(2030, 6, 19)
MONDAY = date(2029, 9, 3)
TUESDAY = date(2029, 9, 4)


def test_next_tuesday_said_on_a_wednesday_is_the_coming_one() -> None:
    # § 5-903(b)(2)(iii) counts back from the primary; "next Tuesday" said on a Wednesday is
    # six days on, whichever week it is counted in.
    reply = SERVICE.ask(
        "Our running mate died this morning and the primary is next Tuesday. When is the "
        "successor's certificate due?",
        today=WEDNESDAY,
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.params["primary"] == "2030-06-25"


def test_next_tuesday_said_on_a_tuesday_is_a_week_on() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for withdrawals.
    reply = SERVICE.ask(
        "Fitchburg city preliminary: withdrawals close next Tuesday. A council candidate may "
        "drop out; when is the certificate filling the vacancy due?",
        today=TUESDAY,
    )
    assert reply.rule == "ma-vacancy-certificate"
    assert reply.params["withdrawal_deadline"] == "2029-09-11"


def test_next_friday_said_on_a_monday_is_asked_not_guessed() -> None:
    # Said on a Monday, "next Friday" is four days on or eleven: c. 53, § 14, sentence 7 needs
    # the day, so it is asked for.
    reply = SERVICE.ask(
        "Town election: withdrawals close next Friday. If the select board nominee drops out, "
        "when is the vacancy certificate due?",
        today=MONDAY,
    )
    assert reply.rule == "ma-vacancy-certificate"
    assert "withdrawal_deadline" not in reply.params


def test_cents_said_in_words_are_a_sum_under_a_dollar() -> None:
    # § 15-106(c): each eligible contribution is matched, a contribution of 75 cents too.
    reply = SERVICE.ask(
        "contributions so far: $100, $40 and seventy-five cents. what's the public match?",
        today=TUESDAY,
    )
    assert reply.rule == "md-public-financing-primary"
    assert reply.params["contributions"] == "100;40;0.75"


def test_a_penny_not_to_lose_is_no_sum() -> None:
    # § 15-106(b): the shares of the Fund, with no penny read as one more ticket's claim.
    facts = read_facts(
        "Fund has $900,000; three tickets are owed $400,000 each. Prorate it without losing "
        "a penny?",
        today=TUESDAY,
    )
    assert [a.value for a in facts.amounts] == [900000, 400000]


@pytest.mark.parametrize(
    ("text", "death"),
    [
        ("Our LG candidate passed Friday 5/17/2030. Successor deadline?", True),
        ("The bill passed Tuesday; does it move the LG successor deadline?", False),
    ],
)
def test_passed_on_a_weekday_is_a_persons_death(text: str, death: bool) -> None:
    # § 5-903(a)(1): a death; a bill passing is none.
    facts = read_facts(text, today=TUESDAY)
    said = {(m.role, m.value) for m in facts.mentions}
    assert (("event", "death") in said) is death


def test_the_day_a_withdrawal_is_dated_is_the_withdrawals() -> None:
    # § 5-903(b)(2)(i) counts from the withdrawal; the cutoff is another day.
    reply = SERVICE.ask(
        "From counsel: the lieutenant governor candidate's withdrawal is dated Tuesday, March "
        "10, 2026, after the 3/6 withdrawal cutoff. Is there still a successor deadline?",
        today=TUESDAY,
    )
    assert reply.params["event_date"] == "2026-03-10"
    assert reply.params["withdrawal_deadline"] == "2026-03-06"


def test_a_withdrawal_tried_and_the_5_502_last_day() -> None:
    # § 5-903(b)(2)(i): the day the LG candidate tried to withdraw, and § 5-502's last day.
    facts = read_facts(
        "The LG hopeful tried to withdraw on March 11, 2030, but the 5-502 last day was March "
        "8. Successor deadline?",
        today=TUESDAY,
    )
    roles = {d.role: d.value for d in facts.dates}
    assert roles["event_date"] == date(2030, 3, 11)
    assert roles["withdrawal_deadline"] == date(2030, 3, 8)


def test_the_winner_of_a_primary_was_nominated_at_it() -> None:
    # c. 53, § 14: who fills turns on how the candidate was nominated.
    reply = SERVICE.ask(
        "The winner of our September 3 state primary for state senate has died. Who fills "
        "the nomination?",
        today=TUESDAY,
    )
    assert reply.rule == "ma-vacancy-who-fills"
    assert reply.params["nomination"] == "primary"


def test_a_towns_count_beside_its_precincts_is_not_the_districts() -> None:
    # c. 53, § 14: a ward or town committee counts the votes in the part of the town in the
    # district.
    reply = SERVICE.ask(
        "Two wards of our town are in the rep district. Town-wide our party's candidate for "
        "governor got 8,200 votes, but 2,450 in those two wards. How many delegates?",
        today=TUESDAY,
    )
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params["votes"] == "2450"


def test_one_gave_the_other_gave_are_two_gifts() -> None:
    # § 15-106(c): two contributions, never two tickets' entitlements.
    reply = SERVICE.ask(
        "Two donors: one gave exactly $200.00, the other $200.50. Match on each?",
        today=TUESDAY,
    )
    assert reply.rule == "md-public-financing-primary"
    assert reply.params["contributions"] == "200;200.50"


def test_a_sheets_amount_under_a_line_naming_the_fund_is_no_fund() -> None:
    # § 15-106(c): the rows are contributions, the Fund named only in the sheet's title.
    reply = SERVICE.ask(
        "From the Fair Campaign Financing Fund intake sheet:\n"
        "record_id,amount\n17,40\n18,125\n19,250\nWhat's the public contribution?",
        today=TUESDAY,
    )
    assert reply.rule == "md-public-financing-primary"
    assert reply.params["contributions"] == "40;125;250"


def test_refiling_asked_beside_the_successors_deadline_is_set_aside() -> None:
    # § 5-903(b): the successor's deadline is answered; re-filing is no rule's.
    reply = SERVICE.ask(
        "Our LG candidate died on April 2, 2026. When was the successor's certificate due, and "
        "did the governor candidate have to refile his own?",
        today=TUESDAY,
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.status == "answered_in_part"


@pytest.mark.parametrize(
    "text",
    [
        "For 2030, do an independent's petitions come in on the same day as her COC? What hour?",
        "Please confirm by when the signed petition must be filed with the county board for a "
        "2030 unaffiliated candidate for sheriff.",
    ],
)
def test_the_petition_said_filed_is_the_petitions_deadline(text: str) -> None:
    # § 5-703(f): the petition's own filing deadline, even beside the certificate of candidacy.
    reply = SERVICE.ask(text, today=TUESDAY)
    assert reply.rule == "md-petition-filing"
    assert reply.params["year"] == "2030"


def test_another_filings_deadline_asked_beside_is_said_not_answered() -> None:
    # § 5-703(c) times the declaration; the certificate of candidacy's deadline is (d)'s, a
    # question of its own that this answer does not give.
    reply = SERVICE.ask(
        "For a 2030 independent: when does the declaration of intent have to be in, and when "
        "is her certificate of candidacy due?",
        today=TUESDAY,
    )
    assert reply.rule == "md-petition-declaration"
    assert reply.status == "answered_in_part"
    assert reply.reading is not None
    assert [p for p in reply.reading.asked_apart if "certificate of candidacy" in p]
    # ... said as left to be asked alone, never as what no rule computes ((d) is a rule's)
    assert "ask that on its own" in reply.in_part
    assert "none of my rules computes" not in reply.in_part


def test_a_day_asked_beside_who_fills_is_said_not_answered() -> None:
    # c. 53, § 14 says who fills a nomination; the date of a primary is no answer of it.
    reply = SERVICE.ask(
        "What date is the Massachusetts state primary this year, and if our primary nominee for "
        "state rep dies, who fills the nomination?",
        today=date(2030, 3, 4),
    )
    assert reply.rule == "ma-vacancy-who-fills"
    assert reply.status == "answered_in_part"


def test_what_the_answer_states_beside_its_number_is_answered() -> None:
    # § 5-703(e)(1): the registered voters are counted as of January 1, said with the count.
    reply = SERVICE.ask(
        "District of 52,000 registered voters: how many signatures does an unaffiliated "
        "candidate need, and as of what date is the voter count taken?",
        today=TUESDAY,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.status == "answered"
