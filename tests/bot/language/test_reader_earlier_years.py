"""What a question tells of other years and other lines, and what it asks of its own: the year
its question sentence names, the election that year holds, the count and the Fund of the latest
year, an event remembered from an earlier cycle, a pasted sheet kept row by row when its "as of"
date is split off, a column of sums to the cent, a sum named again, and the court that rules
rather than a judge's office. Each decides a value the answer turns on. The phrasings here are
not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.support.service import filled, packaged_service

DAY = date(2030, 3, 20)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 5-703(c)(1): the declaration of the year the question sentence asks about, and the
        # election that year holds, never the years its background names.
        (
            "Back in 2026 the declaration was tied to the February filing deadline; 2028 was a "
            "presidential year and a different story. What is the declaration of intent deadline "
            "for a petition candidate in the 2030 gubernatorial election?",
            "md-petition-declaration",
            {"year": "2030", "election": "gubernatorial"},
        ),
        # § 5-703(d)(1): the year asked, not the year of the calendar it is compared with.
        (
            "Our binder says the unaffiliated certificate of candidacy was due Aug 3 in 2026. "
            "When is it due in 2030?",
            "md-petition-certificate",
            {"year": "2030"},
        ),
        # c. 53, § 14, sentence 4: the governor candidate's votes of the last state election;
        # the Lieutenant Governor candidate's are another office's.
        (
            "Ward 5: our candidate for governor had 2,210 votes in 2022 and 2,480 in 2026, and "
            "our LG candidate 2,455 in 2026. How many delegates can the ward committee choose?",
            "ma-vacancy-delegates",
            {"votes": "2480"},
        ),
        # c. 53, § 14, sentence 5: a ward split by the district ("the part in the senate
        # district gave …") is a district of parts of wards.
        (
            "Ward 9 is split; the part in the senate district gave our governor candidate 812 "
            "votes. How many delegates?",
            "ma-vacancy-delegates",
            {"votes": "812", "partial_district": "true"},
        ),
        # § 5-703(e)(3): the registered voters as of January 1 of the election's year, beside
        # counts of earlier years.
        (
            "District 4 figures: 51,300 registered back in 2026, 53,870 registered as of "
            "January 1, 2030, 40,100 voted in 2028. Signatures needed for a petition candidate "
            "in 2030?",
            "md-petition-signatures",
            {"registered_voters": "53870"},
        ),
        # § 5-703(e)(3): "as of January 1" after the voters dates the count, not the law.
        (
            "Registered voters countywide as of January 1, 2030: 212,400. How many signatures "
            "does an independent for county executive need, and is 10,000 the most?",
            "md-petition-signatures",
            {"registered_voters": "212400"},
        ),
        # § 15-106(d): the Fund as it stands now, not its balance of an earlier cycle.
        (
            "For context, in 2026 the Fund held roughly $8M. In 2030 it has $2,400,000 and the "
            "tickets are owed $1,500,000, $900,000 and $700,000. Prorated amounts?",
            "md-public-financing-proration",
            {"fund": "2400000", "entitlements": "1500000;900000;700000"},
        ),
        # § 15-106(d): a pasted sheet dated "as of" keeps its rows when the date is split off.
        (
            "Fund worksheet (as of 3/18):\nTicket 1    1,400,000\nTicket 2    1,100,000\n"
            "Fund balance: 2,000,000\nWhat does each ticket get?",
            "md-public-financing-proration",
            {"fund": "2000000", "entitlements": "1400000;1100000"},
        ),
        # § 15-106(c): a column of sums written to the cent is money.
        (
            "Batch 12:\nLopez ....... 60.00\nKerr ........ 125.00\nAbadi ....... 20.00\n"
            "What is the primary public match?",
            "md-public-financing-primary",
            {"contributions": "60;125;20"},
        ),
        # § 15-106(c): a gift named again in the question is the one listed, not one more.
        (
            "Contributions to match:\nPark $150\nReyes $75\nStone $250 (late card)\nWhat is the "
            "match, and does Stone's $250 count?",
            "md-public-financing-primary",
            {"contributions": "150;75;250"},
        ),
        # § 5-903(b): the event of the question; the one remembered from 2026 is history.
        (
            "Our LG candidate died on April 9, 2030; the primary is June 25, 2030 and filing "
            "closed February 26, 2030 at 9 p.m. In 2026 we only ever saw a withdrawal. When is "
            "the successor's certificate due?",
            "md-successor-lt-gov",
            {"event": "death", "event_date": "2030-04-09"},
        ),
        # § 5-903(b): the circuit court that rules names no judicial office.
        (
            "Per the circuit court, Vance (LG) was ruled ineligible on April 2, 2030. Primary June "
            "25, 2030; certificates closed Feb 26, 2030 at 9 pm. What is the governor candidate's "
            "successor deadline?",
            "md-successor-lt-gov",
            {"event": "disqualification", "event_date": "2030-04-02"},
        ),
        # § 5-903(b)(2): the filing deadline "having closed at 9 p.m. on February 26".
        (
            "If our running mate were to die on May 12, 2030, with the primary June 25, 2030 and "
            "candidacy filing having closed at 9 p.m. on February 26, when is the successor due?",
            "md-successor-lt-gov",
            {"filing_deadline": "2030-02-26T21:00", "event_date": "2030-05-12"},
        ),
        # § 5-903(b): a day said in words ("April first").
        (
            "The LG candidate passed away April first, 2030; primary June 25, 2030, filing closed "
            "Feb 26, 2030 at 9 pm. When must the successor file?",
            "md-successor-lt-gov",
            {"event": "death", "event_date": "2030-04-01"},
        ),
        # § 15-106(c): gifts received over a span of days ("Feb 3–9, 2030") are read, the span
        # a date, never a negative number.
        (
            "Ticket batch 9: contributions of $60, $110 and $240 came in Mar 2–6, 2030. "
            "What is the primary match?",
            "md-public-financing-primary",
            {"contributions": "60;110;240"},
        ),
        # § 15-106(d): what the tickets "would each otherwise get" is their entitlement.
        (
            "three point two million in the fund, and the two tickets would each otherwise get "
            "two million. split? does any of it stay in the fund?",
            "md-public-financing-proration",
            {"fund": "3200000", "entitlements": "2000000;2000000"},
        ),
        # § 5-703(e): "1% of the N registered voters is M" — N is the count, M the share.
        (
            "The campaign figures 1% of the 840,000 registered voters eligible for the office is "
            "8,400. Is 8,400 the number of signatures they need?",
            "md-petition-signatures",
            {"registered_voters": "840000"},
        ),
    ],
)
def test_the_value_of_the_question_own_year_and_line(
    question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == rule
    assert filled(reply, expected) == expected


def test_a_misspelt_withdrawal_is_still_one() -> None:
    """§ 5-903(a)(1): "withdrawng" is the withdrawal the successor rule counts from."""
    reply = SERVICE.ask(
        "our lg candidate is withdrawng on March 2 2030 — primary 6/25/2030, COC deadline was "
        "2/26/2030 9pm. successor deadline?",
        today=DAY,
    )
    assert reply.rule == "md-successor-lt-gov"
    assert filled(reply, ["event", "event_date"]) == {
        "event": "withdrawal",
        "event_date": "2030-03-02",
    }


def test_primary_money_skipped_or_received_in_plain_words() -> None:
    """§ 15-106's general-election provisions turn on whether the ticket took primary money:
    "skipped primary funding" says no, "we got our primary public contribution" yes."""
    no = SERVICE.ask(
        "We skipped primary funding and are the nominee; $2M remains with 2 nominee tickets. "
        "General share?",
        today=DAY,
    )
    yes = SERVICE.ask(
        "We got our primary public contribution and we're the nominee; $2M remains with 2 "
        "nominee tickets. General share?",
        today=DAY,
    )
    assert no.rule == yes.rule == "md-public-financing-general"
    assert no.params.get("received_primary") == "false"
    assert yes.params.get("received_primary") == "true"


def test_a_side_yes_or_no_does_not_silence_the_deadline_asked() -> None:
    """§ 5-703(c)(1): the declaration's deadline is answered; the fee's yes-or-no is never the
    reason to answer nothing, and the answer settles it ((c)(4): no fee may be charged)."""
    reply = SERVICE.ask(
        "For our 2028 binder: what's the declaration of intent date for petition candidates in "
        "the presidential year, and may the board charge a filing fee for it?",
        today=DAY,
    )
    assert reply.rule == "md-petition-declaration"
    assert reply.status == "answered" and reply.reading and not reply.reading.not_answered
    assert reply.params.get("year") == "2028"


def test_a_yes_or_no_about_money_after_a_withdrawal_is_no_deadline_question() -> None:
    """§ 5-903 times a successor's certificate; "does the ticket repay the Fund?" asks no
    deadline, however an LG withdrawal is told in it."""
    reply = SERVICE.ask(
        "If our ticket takes public money and then the LG withdraws, does the ticket have to pay "
        "any of it back?",
        today=DAY,
    )
    assert reply.status == "no_match"


def test_a_pasted_list_row_is_context() -> None:
    """§ 5-703(f): the petition filing deadline is answered; the rows' "validated" is context."""
    reply = SERVICE.ask(
        "Tracker:\n- Ames (Council D4): 900 of 1,000, validated\n- Roy (Sheriff): 450 of 400, "
        "validated\nBoth are on the 2030 general ballot. When is the last day to file the "
        "petitions?",
        today=DAY,
    )
    assert reply.rule == "md-petition-filing"
    assert reply.status in ("answered", "answered_in_part")


def test_a_day_told_in_a_sentence_of_its_own_story_is_not_the_event() -> None:
    """§ 5-903(b): the successor deadline counts from the day of the death the question tells,
    not from a day told of something else in a sentence that names no event."""
    reply = SERVICE.ask(
        "FYI our director retired last Friday. Thu 3/14 our lt gov candidate died — primary "
        "June 25, 2030, filing closed Feb 26, 2030 at 9 pm. What date is the successor COC due?",
        today=date(2030, 3, 20),
    )
    assert reply.rule == "md-successor-lt-gov"
    assert filled(reply, ["event", "event_date"]) == {
        "event": "death",
        "event_date": "2030-03-14",
    }
    # (and the reading says the other day was read, and not used)
    assert reply.reading is not None
    assert "day told in passing (not used) 2030-03-15" in reply.reading.line()


def test_a_weekday_ending_a_sentence_is_not_the_next_date_weekday() -> None:
    """§ 5-703(f): "… last Friday. Aug 3 …" — the stop ends a sentence; "Aug 3" is read alone
    (never refused as "Friday, Aug 3", which is a Monday)."""
    reply = SERVICE.ask(
        "FYI our director retired last Friday. Aug 3 5pm still the petition deadline this yr?",
        today=date(2026, 6, 5),
    )
    assert reply.rule == "md-petition-filing"
    assert reply.status != "invalid_input"


def test_a_day_placed_relative_to_today_names_no_election_year() -> None:
    """§ 15-106(a): the election year is the one said ("'30"), not today's year of a day told
    relative to today ("last Friday")."""
    reply = SERVICE.ask(
        "FYI our director retired last Friday. earliest public $$ from the Fund for the '30 gov "
        "race?",
        today=date(2026, 6, 5),
    )
    assert reply.rule == "md-public-financing-schedule"
    assert reply.params.get("year") == "2030"


@pytest.mark.parametrize(
    ("question", "today", "rule", "expected"),
    [
        # § 5-703(e)(3): a CSV whose column is named with its year, and its one row.
        (
            "district,reg_voters_jan1_2030\nLD-14,61230\nsigs needed for an unaffiliated cand?",
            date(2030, 3, 20),
            "md-petition-signatures",
            {"registered_voters": "61230"},
        ),
        # § 15-106(c): a CSV followed by a question with a comma of its own.
        (
            "donor_id,amount\n2001,40\n2002,125\n2003,250\nwhat is the match on these, and what "
            "does each one bring in?",
            date(2030, 3, 20),
            "md-public-financing-primary",
            {"contributions": "40;125;250"},
        ),
        # § 5-703(c)(1): "Isn't the declaration …?" asks about the declaration, never denies it.
        (
            "Isn't the declaration of intent for petition candidates due in July in presidential "
            "years? Checking 2028 for the website.",
            date(2028, 5, 10),
            "md-petition-declaration",
            {"year": "2028"},
        ),
        # § 5-703(f): "this fall's general" is this year's.
        (
            "Petitions from independents for this fall's general: what is the deadline?",
            date(2028, 5, 10),
            "md-petition-filing",
            {"year": "2028"},
        ),
        # § 5-703(d)(1): "November '28" names 2028.
        (
            "Unaffiliated candidate for county council, November '28: when is the certificate of "
            "candidacy due?",
            date(2027, 9, 1),
            "md-petition-certificate",
            {"year": "2028"},
        ),
        # § 5-703(e)(3): the registered voters "came to" the count.
        (
            "Statewide unaffiliated run in 2030: registered voters as of Jan 1, 2030 came to "
            "4,198,300. How many signatures, and does the 10,000 figure control?",
            date(2030, 3, 20),
            "md-petition-signatures",
            {"registered_voters": "4198300"},
        ),
    ],
)
def test_a_sheet_or_a_phrasing_read_whole(
    question: str, today: date, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=today)
    assert reply.rule == rule
    assert filled(reply, expected) == expected


def test_a_giver_named_again_is_named_in_whole_words() -> None:
    """§ 15-106(c): "Jan's $100" is not Dejan's listed $100 said again ("jan" is inside
    "Dejan" only as letters), so it stays a gift of its own."""
    facts = read_facts("Dejan $100\nJan $50\nIs Jan's $100 matched too?", today=DAY)
    assert [a.role for a in facts.amounts].count("again") == 0
    again = read_facts("Dejan $100\nJan $50\nIs Dejan's $100 matched too?", today=DAY)
    assert [a.role for a in again.amounts][-1] == "again"
