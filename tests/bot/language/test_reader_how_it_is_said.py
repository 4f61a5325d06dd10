"""Values said in the ways staff write them: sums in words with cents, a million and a few, a
sum in apposition ("each gave the max, $250"), how many tickets said after the sum, a markdown
table's amounts without "$", a short year on its own, a day given as an example, hours before
their day, and shorthand for the withdrawal period. The phrasings are not the question sets'
own."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from bot.language import read_facts
from tests.support.service import filled, packaged_service

SERVICE = packaged_service()


def _reads(question: str, day: date, rule: str, expected: dict[str, str]) -> None:
    """The question reaches `rule` with (at least) the `expected` parameters."""
    reply = SERVICE.ask(question, today=day)
    assert reply.rule == rule
    assert filled(reply, expected) == expected


@pytest.mark.parametrize(
    ("question", "day", "rule", "expected"),
    [
        # § 5-703(e)(1): one million and five voters is one count, not five.
        (
            "Suppose a county had one million and five registered voters: how many signatures "
            "would an unaffiliated candidate need?",
            date(2027, 5, 3),
            "md-petition-signatures",
            {"registered_voters": "1000005"},
        ),
        # § 15-106(c)(1): "eighteen dollars forty cents" is one contribution of $18.40.
        (
            "match on a hundred dollars and eighteen dollars forty cents?",
            date(2029, 3, 1),
            "md-public-financing-primary",
            {"contributions": "100;18.40"},
        ),
        # § 15-106(c)(1): a sum each of three donors gave, said after a comma.
        (
            "Four supporters each gave the most that can be matched, $250. What's the match?",
            date(2029, 3, 1),
            "md-public-financing-primary",
            {"contributions": "250;250;250;250"},
        ),
        # § 15-106(b): how many tickets claim the sum, said after it.
        (
            "The Fund will have $5,100,000. The qualifying tickets are each entitled to "
            "$2,000,000, and there are three of them. What does each get?",
            date(2029, 3, 1),
            "md-public-financing-proration",
            {"fund": "5100000", "entitlements": "2000000;2000000;2000000"},
        ),
        # § 15-106(b): what the tickets "must receive", without "$".
        (
            "Fund has 3,000,000 dollars. The tickets must receive 1,500,000, 1,250,000 and "
            "750,000. Prorated amounts?",
            date(2029, 3, 1),
            "md-public-financing-proration",
            {"fund": "3000000", "entitlements": "1500000;1250000;750000"},
        ),
        # § 15-107 (general distribution): tickets counted with their adjectives, and each
        # one opposed.
        (
            "$6.3M left for the general, 3 publicly funded nominee tickets, each with an "
            "opponent. How much per ticket?",
            date(2029, 3, 1),
            "md-public-financing-general",
            {"fund_remaining": "6300000", "nominee_tickets": "3", "opposed": "true"},
        ),
        # § 5-703(c)(3): "'26" on its own is the year.
        (
            "decl of intent ddl, '26, unaffiliated?",
            date(2026, 1, 5),
            "md-petition-declaration",
            {"year": "2026"},
        ),
    ],
)
def test_sums_counts_and_years_said_otherwise(
    question: str, day: date, rule: str, expected: dict[str, str]
) -> None:
    _reads(question, day, rule, expected)


def test_a_markdown_tables_amount_column_is_money_and_a_county_cell_is_a_givers_place() -> None:
    # § 15-106(c)(1): the amounts column holds contributions though written without "$"; the
    # county column says where each giver lives, not a county's own program.
    reply = SERVICE.ask(
        "can you total the match?\n"
        "| name | county | amt |\n"
        "|---|---|---|\n"
        "| L. Ortiz | Prince George's | 120 |\n"
        "| M. Cho | Howard | 60 |",
        today=date(2029, 3, 1),
    )
    assert reply.rule == "md-public-financing-primary"
    assert reply.params.get("contributions") == "120;60"


@pytest.mark.parametrize(
    ("question", "day", "rule", "expected"),
    [
        # § 5-903(b)(2): the day after "say" is the example day of the death, not the primary.
        (
            "Hypothetically the LG candidate dies a week before the primary, say June 16, "
            "2026. Successor deadline?",
            date(2026, 1, 5),
            "md-successor-lt-gov",
            {"event": "death", "event_date": "2026-06-16"},
        ),
        # § 5-903(b)(2): the filing deadline said as when the certificates closed, its hour
        # before its day.
        (
            "The LG candidate withdrew on March 12, 2030; the withdrawal period ended March 8; "
            "certificates of candidacy closed at 9 that evening of Feb 26, 2030; primary June "
            "25, 2030. Successor deadline?",
            date(2029, 12, 1),
            "md-successor-lt-gov",
            {"filing_deadline": "2030-02-26T21:00"},
        ),
        (
            "LG candidate disqualified on 4 June 2030. Primary on 25 June 2030. The deadline of "
            "certificates of candidacy was 26 February 2030, 9 in evening. Successor files by?",
            date(2029, 12, 1),
            "md-successor-lt-gov",
            {"event_date": "2030-06-04", "filing_deadline": "2030-02-26T21:00"},
        ),
        # § 5-903(b)(2): the hour of a death said "on the dot" before its day, beside the
        # certificate deadline's own hour.
        (
            "Running mate died 8:15pm on the dot Tues 2/26/30, before COC filing closed that "
            "night at 9pm. Primary 6/25/30. Successor deadline?",
            date(2029, 12, 1),
            "md-successor-lt-gov",
            {"event_date": "2030-02-26T20:15"},
        ),
        # § 5-903(b)(2): the primary said only by its day of the month, after the event's
        # date of that month, is that month's day.
        (
            "LG candidate died June 11, 2030 and the primary is the 25th; COC closed 2/26/2030 "
            "at 9pm. Successor deadline?",
            date(2029, 12, 1),
            "md-successor-lt-gov",
            {"event_date": "2030-06-11", "primary": "2030-06-25"},
        ),
        # c. 53, § 14, sentence 7: "w/d closed" is the last day for withdrawals.
        (
            "city w/d closed 11/2 5p. replacement cert due when?",
            date(2027, 10, 20),
            "ma-vacancy-certificate",
            {"withdrawal_deadline": "2027-11-02T17:00", "office": "city"},
        ),
        # c. 53, § 14, sentence 7: a weekday and day with its month and year in brackets.
        (
            "The town's last day to withdraw is Wednesday the 17th (March '27), 5 pm. If a "
            "nominee withdraws, when is the certificate due?",
            date(2026, 11, 2),
            "ma-vacancy-certificate",
            {"withdrawal_deadline": "2027-03-17T17:00"},
        ),
        # c. 53, § 14, sentence 7: a senate district's nominee is a district office.
        (
            "Last day to withdraw was 9/4/2026 at 5 pm. When is the certificate for the senate "
            "district nominee's replacement due?",
            date(2026, 9, 8),
            "ma-vacancy-certificate",
            {"office": "state", "district": "true"},
        ),
    ],
)
def test_days_and_hours_said_otherwise(
    question: str, day: date, rule: str, expected: dict[str, str]
) -> None:
    _reads(question, day, rule, expected)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # c. 53, § 14, sentence 1: nominated at the primary, said as one word.
        (
            "A primary-nominated candidate for state senate has died. Who fills the vacancy?",
            {"nomination": "primary", "cause": "death"},
        ),
        # c. 53, § 14, sentence 6: nominated by papers, said as one word.
        (
            "our papers-nominated candidate for select board withdrew. who picks the replacement?",
            {"nomination": "nomination-papers", "cause": "withdrawal"},
        ),
        # c. 53, § 14, sentence 2: a disqualification for too few signatures, said plainly.
        (
            "LG candidate on nomination papers was disqualified, her signatures came up short. "
            "can the committee replace her?",
            {"cause": "disqualification-insufficient-signatures"},
        ),
    ],
)
def test_how_a_nomination_came_and_ended_said_otherwise(
    question: str, expected: dict[str, str]
) -> None:
    _reads(question, date(2026, 9, 8), "ma-vacancy-who-fills", expected)


def test_who_with_an_adverb_asks_who_fills() -> None:
    # c. 53, § 14, sentence 1: "who actually has the authority to pick" asks who fills, so the
    # deadline asked beside it (a death, which sentence 7 does not time) rules nothing out.
    reply = SERVICE.ask(
        "Our state rep nominee from the Sept 1 primary died Sunday. Who actually has the "
        "authority to pick a replacement nominee now, and is there a deadline on it?",
        today=date(2026, 9, 8),
    )
    assert reply.rule == "ma-vacancy-who-fills"
    # ... and so does "who filled", looking back on a vacancy that was filled.
    reply = SERVICE.ask(
        "Looking back: our state senate nominee from the Sept 1, 2026 primary withdrew. Who "
        "filled the nomination, and by when?",
        today=date(2028, 10, 24),
    )
    assert reply.rule == "ma-vacancy-who-fills"


def test_did_i_already_miss_it_asks_whether_the_deadline_passed() -> None:
    # § 5-703(c)(3): whether the declaration's deadline has passed is the declaration's question.
    reply = SERVICE.ask(
        "independent for county council, 2026 ballot: did I already miss the declaration of "
        "intent?",
        today=date(2026, 9, 8),
    )
    assert (reply.rule, reply.params.get("year")) == ("md-petition-declaration", "2026")


def test_shorthand_for_the_general_distribution_and_what_remains() -> None:
    # § 15-107 (general distribution): "gen dist", "rem" and "tix" in a clerk's note.
    reply = SERVICE.ask("gen dist: 5.2M rem, 2 tix. per tix?", today=date(2026, 9, 8))
    assert reply.rule == "md-public-financing-general"
    assert reply.params.get("fund_remaining") == "5200000"
    assert reply.params.get("nominee_tickets") == "2"


@pytest.mark.parametrize(
    ("question", "rule", "words"),
    [
        # § 5-703(c)(3): the date is answered; filing electronically is not.
        (
            "When is the declaration of intent due for 2030, and can we file it electronically?",
            "md-petition-declaration",
            "electronically",
        ),
        # § 5-703(d)(1): the date is answered; what filing costs is not.
        (
            "petition candidate certificate deadline for 2030? and what does it cost to file?",
            "md-petition-certificate",
            "what does it cost",
        ),
        # c. 53, § 14, sentence 4: the delegates are counted; the committee's own election is
        # not a deadline any rule computes.
        (
            "2,250 votes for our governor candidate in this ward: how many delegates? and when "
            "is the next ward committee election?",
            "ma-vacancy-delegates",
            "committee election",
        ),
    ],
)
def test_a_side_question_in_other_words_is_answered_in_part(
    question: str, rule: str, words: str
) -> None:
    reply = SERVICE.ask(question, today=date(2029, 3, 1))
    assert (reply.status, reply.rule) == ("answered_in_part", rule)
    assert reply.reading is not None and words in reply.reading.not_answered


def test_withdrawing_a_petition_candidates_certificate_is_not_its_deadline() -> None:
    # § 5-703(d) times filing the certificate, not withdrawing it (§ 5-502, not held).
    reply = SERVICE.ask(
        "last day for an independent candidate to withdraw the certificate of candidacy next year?",
        today=date(2029, 3, 1),
    )
    assert reply.status == "no_match"
    assert reply.reading is not None and any(
        "withdraw" in r.reason for r in reply.reading.ruled_out
    )


def test_the_askers_own_division_is_a_result_to_check_not_a_given() -> None:
    # § 15-107 (general distribution): "$7M and 2 nominees is $3.5M each" divides the Fund;
    # the $3.5M is the asker's result, never the Fund or a ticket's entitlement.
    facts = read_facts(
        "the general money is whatever is left, split evenly: $7M and 2 nominees is $3.5M "
        "each, right?",
        today=date(2026, 9, 8),
    )
    assert [(a.value, a.role) for a in facts.amounts if a.value == Decimal("3500000")] == [
        (Decimal("3500000"), "result")
    ]


def test_a_value_corrected_after_an_ellipsis_and_wait_is_the_corrected_one() -> None:
    # c. 53, § 14, sentence 4: the delegates are counted from the votes as corrected.
    reply = SERVICE.ask(
        "our ward gave the governor candidate 1,830 votes... wait, 1,380. delegates?",
        today=date(2026, 11, 28),
    )
    assert (reply.rule, reply.params.get("votes")) == ("ma-vacancy-delegates", "1380")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # § 15-106(c), § 15-102(e): one giver's two rows are one contribution ($90 + $90); the
        # giver from Delaware is no eligible contributor.
        (
            "match on this export?\n\n"
            "date,contributor,residence,amount\n"
            "2029-02-01,K. Imes,Bel Air MD,90.00\n"
            "2029-02-03,T. Vance,Dover DE,60.00\n"
            "2029-02-09,K. Imes,Bel Air MD,90.00\n"
            "2029-02-11,R. Solis,Towson MD,40.00",
            "180;40",
        ),
        # The same, the state said after the sum, and tab-separated.
        (
            "what's matched?\n\nname\tgift\tstate\nA. Wu\t120\tMD\nB. Roy\t200\tPA\nC. Day\t35\tMD",
            "120;35",
        ),
        # A markdown table: one giver's two rows added up.
        (
            "matching for these?\n\n| donor | city | amount |\n|---|---|---|\n"
            "| P. Gant | Easton | $60 |\n| Q. Lee | Salisbury | $30 |\n| P. Gant | Easton | $45 |",
            "105;30",
        ),
    ],
)
def test_a_pasted_tables_givers_are_added_up_and_placed(question: str, expected: str) -> None:
    reply = SERVICE.ask(question, today=date(2029, 3, 1))
    assert reply.rule == "md-public-financing-primary"
    assert reply.params.get("contributions") == expected


def test_a_calendar_lines_label_after_its_day_is_that_days() -> None:
    # c. 53, § 14, sentence 7: "Fri Oct 12, 5 pm: last day for withdrawals" names Oct 12, not
    # the next line's day.
    reply = SERVICE.ask(
        "From the clerk's calendar:\n> Oct 1: papers certified\n> Fri Oct 12, 2029, 5 pm: last "
        "day for withdrawals (city election)\n> Oct 23: ballots to printer\nIf a council nominee "
        "withdraws, when is the certificate filling the vacancy due?",
        today=date(2029, 6, 1),
    )
    assert reply.rule == "ma-vacancy-certificate"
    assert reply.params.get("withdrawal_deadline") == "2029-10-12T17:00"


@pytest.mark.parametrize(
    ("question", "rule", "words"),
    [
        # § 5-703(e)(1): the count is answered; where to get the forms is not.
        (
            "How many sigs does an unaffiliated candidate need with 22,400 voters? also where do "
            "I pick up the blank petition forms",
            "md-petition-signatures",
            "blank petition",
        ),
        # § 15-106(a): the first day is answered; which report to file is not.
        (
            "1. When can Fund distributions start for 2030? 2. What report asks for the first "
            "distribution?",
            "md-public-financing-schedule",
            "what report",
        ),
        # c. 53, § 14, sentence 4: the delegates are counted; how long the office takes is not.
        (
            "1,420 votes for the party's governor candidate in our ward. How many delegates, and "
            "how long does the Secretary's office take to process the certificate?",
            "ma-vacancy-delegates",
            "how long does ... take",
        ),
    ],
)
def test_paperwork_and_processing_asked_beside_are_answered_in_part(
    question: str, rule: str, words: str
) -> None:
    reply = SERVICE.ask(question, today=date(2029, 3, 1))
    # Never answered as if it were all the question asks: the rule's part answered and the
    # other part named, or (where the learned model reads the whole as beyond the rules) none.
    assert reply.status in ("answered_in_part", "no_match")
    if reply.status == "answered_in_part":
        assert reply.rule == rule
        assert reply.reading is not None and words in reply.reading.not_answered


def test_two_markdown_rows_written_alike_are_both_kept() -> None:
    # § 15-106(c): a row is never lost; two rows the text can't tell apart stay as written.
    reply = SERVICE.ask(
        "matching for these?\n\n| donor | city | amount |\n|---|---|---|\n"
        "| P. Gant | Easton | $60 |\n| Q. Lee | Salisbury | $30 |\n| P. Gant | Easton | $60 |",
        today=date(2029, 3, 1),
    )
    assert reply.params.get("contributions") == "60;30;60"
