"""Messages written as letters and stories: a sign-off names who writes, not what is asked; a
long sentence telling the story may hold words no rule computes without silencing the question;
"passing along" a question is no death; "last year" said of someone moving is not the year
asked about; a sum said of an earlier cycle and a table's TOTAL row are never prorated; an
office hour said after a comma; and side questions of further kinds (notarizing, emailing a
scan, a form, where to file) are said not answered. The phrasings are not the question sets'
own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from bot.language.text import without_sign_off
from tests.support.service import packaged_service

SERVICE = packaged_service()
SPRING = date(2026, 5, 6)  # md-2026: primary 2026-06-23


def test_a_sign_off_is_blanked_and_keeps_positions() -> None:
    letter = (
        "> When is it due?\n> Kind regards, J. Park, campaign manager\n\n"
        "Thank you,\nAlex Moreno\nDeputy Director, Carroll County Board of Elections"
    )
    out = without_sign_off(letter)
    assert len(out) == len(letter)
    assert "When is it due?" in out
    assert "campaign manager" not in out and "Carroll County" not in out
    # A line that thanks and then tells (or asks) is no sign-off.
    assert without_sign_off("Thanks! The LG died May 3") == "Thanks! The LG died May 3"
    assert without_sign_off("thanks, when is it due?") == "thanks, when is it due?"


def test_the_writers_title_in_a_sign_off_does_not_rule_out_the_question() -> None:
    # § 5-903(b)(2)(iii): a death 49 days before the 2026-06-23 primary: 40 days before it.
    reply = SERVICE.ask(
        "Forwarding from a campaign:\n\n> Our running mate for lieutenant governor passed away "
        "on May 5. By what date must the replacement file the certificate of candidacy?\n"
        "> Regards, J. Park, campaign manager\n\nThanks,\nAlex Moreno",
        today=SPRING,
    )
    assert reply.rule == "md-successor-lt-gov" and reply.status == "answered"
    assert reply.params == {"event": "death", "event_date": "2026-05-05"}


def test_passing_along_a_question_is_no_death() -> None:
    said = "Passing along a question from a voter who wants to run as an independent."
    assert read_facts(said, today=SPRING).cause is None
    assert read_facts("after her passing on May 1", today=SPRING).cause == "death"


def test_last_year_said_of_a_move_is_not_the_year_asked_about() -> None:
    # § 5-903(b)(2)(iii): the disqualification is this May's, not last year's.
    reply = SERVICE.ask(
        "The LG candidate was disqualified on 5/8. When must the successor file? Our pick "
        "only moved here last year, if that matters.",
        today=SPRING,
    )
    assert reply.params.get("event_date") == "2026-05-08"


def test_a_sum_said_of_an_earlier_cycle_is_history() -> None:
    # § 15-106(b): the Fund now and the three entitlements are prorated, never last cycle's.
    question = (
        "Say the Fund holds $3.3M and three tickets are owed $1.5M, $1.2M and $0.9M. (Last "
        "cycle the Fund had about $8M.) How is it split?"
    )
    assert [a.role for a in read_facts(question, today=date(2029, 3, 1)).amounts][-1] == "was"
    reply = SERVICE.ask(question, today=date(2029, 3, 1))
    assert reply.params == {"fund": "3300000", "entitlements": "1500000;1200000;900000"}


def test_a_tables_total_row_is_a_total_not_another_ticket() -> None:
    # § 15-106(b): two tickets' entitlements; the TOTAL row adds them up.
    reply = SERVICE.ask(
        "Fund on hand: 2.9M\n\nticket,entitlement\nNorth,1600000\nSouth,1700000\n"
        "Total,3300000\n\nhow is the 2.9M divided?",
        today=date(2029, 3, 1),
    )
    assert reply.rule == "md-public-financing-proration"
    assert reply.params == {"fund": "2900000", "entitlements": "1600000;1700000"}


@pytest.mark.parametrize("between", ["\t", " ", ": "])
def test_the_row_before_a_total_row_is_a_contribution_not_a_total(between: str) -> None:
    # § 15-106(a)-style primary matching: three givers' rows, each its own contribution; the
    # TOTAL row's label is its own sum's, never the row above it.
    rows = "\n".join(f"{name}{between}${sum_}" for name, sum_ in (("Reyes", 60), ("Okafor", 85)))
    reply = SERVICE.ask(
        f"Gifts in this batch:\n{rows}\nLindqvist{between}$200\nTOTAL{between}$345\n\n"
        "what public match do these draw?",
        today=SPRING,
    )
    assert reply.rule == "md-public-financing-primary"
    assert reply.params.get("contributions") == "60;85;200"


def test_an_office_hour_said_after_a_comma_and_a_final_day() -> None:
    # c. 53, § 14, sentence 7: the last day for withdrawals and its hour, as written.
    reply = SERVICE.ask(
        "If the final day for withdrawals is Tuesday, September 19, at four o'clock, when are "
        "certificates for a state office due?",
        today=date(2028, 9, 1),
    )
    assert reply.params.get("withdrawal_deadline") == "2028-09-19T16:00"


@pytest.mark.parametrize(
    ("question", "rule", "words"),
    [
        # § 5-703(c)(2): the certificate's deadline is answered; notarizing it is not.
        (
            "When is an unaffiliated candidate's certificate of candidacy due for 2030, and "
            "does it have to be notarized?",
            "md-petition-certificate",
            "notarized",
        ),
        # § 5-703(c)(1): the declaration's deadline is answered; emailing a scan is not.
        (
            "what's the cutoff for the declaration of intent in 2030? can she email a scanned "
            "copy?",
            "md-petition-declaration",
            "email a scanned",
        ),
        # c. 53, § 14, sentence 3: who fills it is answered; the form is not.
        (
            "Our state senate nominee from the primary withdrew. Who fills the vacancy, and is "
            "there a form for it?",
            "ma-vacancy-who-fills",
            "is there a form",
        ),
        # § 5-703(f): the petition's deadline is answered; where it goes is not.
        (
            "When is the petition due for the 2030 general, and where do we drop it off?",
            "md-petition-filing",
            "where do we",
        ),
    ],
)
def test_side_questions_of_further_kinds_are_said_not_answered(
    question: str, rule: str, words: str
) -> None:
    reply = SERVICE.ask(question, today=date(2029, 3, 1))
    assert reply.rule == rule and reply.status in ("answered_in_part", "needs_input")
    assert reply.reading is not None and words in reply.reading.not_answered


def test_a_story_sentence_holding_side_words_does_not_silence_the_question() -> None:
    # § 5-903(b)(2)(iii): the question is answered; the sentence about qualifications is told,
    # and the reply says it was not answered rather than declining the whole message.
    reply = SERVICE.ask(
        "The court is still weighing our running mate's qualifications and may rule on May 8. "
        "If she is disqualified that day, when must the successor for lieutenant governor file?",
        today=SPRING,
    )
    assert reply.rule == "md-successor-lt-gov" and reply.status == "answered_in_part"
    assert reply.reading is not None and "qualifications" in reply.reading.not_answered
    # A short subject ("For the filing fee,") still rules the whole question out.
    assert SERVICE.ask("For the filing fee, when is it due?", today=SPRING).status == "no_match"


def test_an_added_question_no_rules_words_are_in_is_said_not_answered() -> None:
    # c. 53, § 14, sentence 7: the certificate's deadline is answered; "PS …" asks more.
    reply = SERVICE.ask(
        "withdrawals closed Fri 9/22/28 at 5 for our state rep nominee -- when is the vacancy "
        "certificate due? PS does the town committee chair have to be present",
        today=date(2028, 9, 25),
    )
    assert reply.rule == "ma-vacancy-certificate" and reply.status == "answered_in_part"
    assert reply.reading is not None
    assert reply.reading.not_answered == ["PS does the town committee chair have to be present"]
    # An added question in a rule's own words is the rule's to answer.
    same = SERVICE.ask(
        "withdrawals closed Fri 9/22/28 at 5 for our state rep nominee. Also, when is the "
        "vacancy certificate due?",
        today=date(2028, 9, 25),
    )
    assert same.status == "answered" and same.reading is not None
    assert same.reading.not_answered == []


def test_a_markdown_table_of_names_written_last_name_first() -> None:
    # § 15-106(c)(1): every row's contribution is matched, "Diaz, R." included.
    reply = SERVICE.ask(
        "match these?\n\n| Donor | Amount |\n|---|---|\n| Okafor, N. | $120 |\n"
        "| Lund Family | $80 |\n| Diaz, R. | $35 |",
        today=date(2029, 3, 1),
    )
    assert reply.params.get("contributions") == "120;80;35"


def test_an_office_hour_said_before_today() -> None:
    # c. 53, § 14, sentence 7: withdrawals closed at 5 p.m. today.
    reply = SERVICE.ask(
        "withdrawals for the town special closed at 4 today. when are the vacancy "
        "certificates due?",
        today=date(2027, 6, 17),
    )
    assert reply.params.get("withdrawal_deadline") == "2027-06-17T16:00"
    # A death "at 5 today" is no deadline's hour: never guessed as 5 p.m.
    died = SERVICE.ask("the LG died at 5 today, successor deadline?", today=date(2027, 6, 17))
    assert died.params.get("event_date") == "2027-06-17"


def test_a_bare_hour_before_a_written_date_is_not_read_and_does_not_fail() -> None:
    # c. 53, § 14, sentence 7: "at 5 June 5" names the day; its hour is not guessed.
    reply = SERVICE.ask(
        "withdrawals closed at 5 June 5 for the town office, when is the certificate due?",
        today=date(2026, 6, 8),
    )
    assert reply.rule == "ma-vacancy-certificate"
    assert reply.params.get("withdrawal_deadline") == "2026-06-05"


def test_a_day_without_its_year_is_in_the_year_its_own_sentence_names() -> None:
    # § 5-903(b)(2)(i): the scenario's 2030 days, not the year of the mail around it.
    reply = SERVICE.ask(
        "Date: Thu, Jan 11, 2029\nSubject: binder scenario\n\n"
        "Scenario: 2030 withdrawal deadline March 8; primary June 25. The LG candidate "
        "withdraws on March 4. When must the new running mate file?",
        today=date(2029, 1, 11),
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.params.get("withdrawal_deadline") == "2030-03-08"
    assert reply.params.get("primary") == "2030-06-25"
    # (the withdrawal's day, in a sentence naming no year, is in the scenario's year too)
    assert reply.params.get("event_date") == "2030-03-04"
