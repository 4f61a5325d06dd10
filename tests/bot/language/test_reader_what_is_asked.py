"""What a question asks and what it only mentions: a named deadline that is itself the thing
asked, whether a deadline exists, an event set in contrast, an event timed before the filing
deadline. Found on the twelfth external set; the phrasings here are not the set's own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.bot.language.support import TODAY, params, rule_for
from tests.support.service import packaged_service

SERVICE = packaged_service()


@pytest.mark.parametrize(
    "question",
    [
        # c. 53, § 14, sentence 7 counts *from* the last day for filing withdrawals; a question
        # whose only deadline asked is that day asks something no rule computes.
        "Last day for filing withdrawals for the May town election?",
        "withdrawal deadline for a state senate candidate in MA?",
        # § 5-903(b)(2)(i) also counts from the § 5-502 withdrawal deadline, never computes it.
        "LG candidate withdrawal deadline?",
    ],
)
def test_a_question_asking_only_the_named_withdrawal_deadline_is_not_answered(
    question: str,
) -> None:
    assert "withdrawal-deadline" in read_facts(question, today=TODAY).values("asks")
    assert SERVICE.ask(question, today=TODAY).status == "no_match"


@pytest.mark.parametrize(
    "question",
    [
        # The last day is stated, and the certificates' deadline is what is asked.
        "last day for filing withdrawals was Friday Aug 14 2026 at 5pm, town office. when are "
        "the vacancy certs due?",
        # "how many hours after the withdrawal deadline": the deadline is named, a count asked.
        "how many hours after the withdrawal deadline are vacancy certs due for state offices "
        "in MA?",
    ],
)
def test_a_named_withdrawal_deadline_beside_another_question_is_not_what_is_asked(
    question: str,
) -> None:
    assert "withdrawal-deadline" not in read_facts(question, today=TODAY).values("asks")
    assert rule_for(question) == "ma-vacancy-certificate"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(d): asking whether a petition candidate's certificate deadline exists asks it.
        (
            "I'm gathering petition signatures as an unaffiliated candidate for the House of "
            "Delegates in 2026. Is there a separate certificate of candidacy deadline for me?",
            "md-petition-certificate",
        ),
        # § 15-107(a)(2) (current text; § 15-106 in the seed): when distributions begin.
        (
            "When can the governor tickets get the public money this year? Is there a fixed "
            "start date in the law?",
            "md-public-financing-schedule",
        ),
    ],
)
def test_asking_whether_a_deadline_exists_asks_for_it(question: str, rule: str) -> None:
    assert rule_for(question) == rule


def test_asking_whether_there_is_a_fee_with_the_deadline_is_still_a_yes_no_question() -> None:
    # § 5-703(c) sets the declaration's deadline; a fee is something else asked yes or no.
    facts = read_facts(
        "is there a fee with the declaration of intent deadline for petition candidates?",
        today=TODAY,
    )
    assert "yes-no" in facts.values("asks")


def test_a_date_asked_for_after_a_confirming_question_is_a_deadline_asked() -> None:
    # § 5-703(f): "What is the exact calendar date that year?" asks the filing deadline.
    question = (
        "Is the petition filing deadline for unaffiliated candidates in the 2032 general "
        "election still in August? What is the exact calendar date that year?"
    )
    assert rule_for(question) == "md-petition-filing"


def test_whether_everyone_is_paid_in_full_asks_the_proration() -> None:
    # § 15-106(b) (seed; § 15-107 now) prorates when the Fund cannot pay every entitlement.
    question = (
        "Fund has $6 million and two tickets' full entitlements are $2.5M apiece: does "
        "everybody get paid in full?"
    )
    assert rule_for(question) == "md-public-financing-proration"


def test_an_illness_is_not_a_5_903_event_and_a_contrasted_event_is_not_the_event() -> None:
    # § 5-903(a)(1) names withdrawal, death and disqualification only; "as opposed to dying or
    # withdrawing" names the events the question sets aside, and says nothing about opposition.
    question = (
        "Does the successor rule apply to an LG candidate who is hospitalized and medically "
        "unable to campaign, as opposed to dying or withdrawing?"
    )
    facts = read_facts(question, today=TODAY)
    assert facts.cause == "disability"
    assert facts.opposed is None
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.status != "answered"
    assert reply.rule is None


def test_an_lg_vacancy_before_the_filing_deadline_is_not_a_5_903_one() -> None:
    # § 5-903(a)(1): "after the deadline for filing a certificate of candidacy".
    reply = SERVICE.ask(
        "LG candidate dropped out before the filing deadline. When must the successor file?",
        today=date(2026, 2, 10),
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.status == "not_covered"
    assert "§ 5-903(a)(1)" in reply.message


def test_die_and_passes_away_time_the_event_so_the_primary_cue_after_is_not_its() -> None:
    # § 5-903(b)(2): the event's day and the primary are different parameters; "to die on
    # May 1, 2030 -- primary is June 25" names the death day, then the primary.
    facts = read_facts(
        "if our LG candidate were to die on May 1, 2030 -- primary is June 25, 2030 -- when "
        "does the successor file?",
        today=TODAY,
    )
    roles = {d.role: d.value for d in facts.dates}
    assert roles == {"event_date": date(2030, 5, 1), "primary": date(2030, 6, 25)}
    facts = read_facts("LG passes away on June 15th and the primary is June 23", today=TODAY)
    assert [d.role for d in facts.dates] == ["event_date", "primary"]


@pytest.mark.parametrize(
    "question",
    [
        # § 5-502's withdrawal deadline, which § 5-903 counts from and no rule computes.
        "whats the last day for our lg candidate to withdraw in 2030",
        "LG withdrew March 2, 2030. what was the last day he could have withdrawn?",
        # § 5-903(a)(1) names no illness.
        "LG candidate is very sick in hospital. Governor candidate want replace him. deadline?",
        # Taking back a withdrawal is a legal question, not a deadline.
        "our LG filed a certificate of withdrawal on 3/3. can he take back the withdrawal?",
    ],
)
def test_questions_about_the_withdrawal_itself_or_an_illness_get_no_successor_answer(
    question: str,
) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.status == "no_match"


def test_a_nominee_who_won_the_primary_is_past_5_903() -> None:
    # § 5-903 governs vacancies before the primary; "won the primary" places it after.
    reply = SERVICE.ask(
        "LG nominee (won the June 25, 2030 primary) died August 10, 2030. When must the "
        "replacement be designated?",
        today=TODAY,
    )
    assert (reply.rule, reply.status) == ("md-successor-lt-gov", "not_covered")


def test_the_number_two_on_the_ticket_is_the_lg_candidate_and_still_time_asks_the_deadline() -> (
    None
):
    # § 5-903(c): a death within 10 days of the primary leaves the name on the ballot — the
    # rule answers "is there still time".
    question = (
        "If the #2 on a governor's ticket passes away on June 15th and the primary is June "
        "23, is there still time to put a new person in?"
    )
    assert rule_for(question) == "md-successor-lt-gov"
    roles = {d.role for d in read_facts(question, today=TODAY).dates}
    assert roles == {"event_date", "primary"}


def test_not_having_enough_signatures_is_the_cause_sentence_2_excludes() -> None:
    # c. 53, § 14, sentence 2 excludes a disqualification for insufficient signatures.
    question = (
        "MA: governor candidate on nomination papers was knocked off for not having enough "
        "signatures. who fills it?"
    )
    assert params("ma-vacancy-who-fills", question)["cause"] == (
        "disqualification-insufficient-signatures"
    )


def test_millions_said_one_after_another_are_a_list_not_one_sum() -> None:
    # § 15-106(b) (seed; § 15-107 now) prorates among the tickets' entitlements, one each.
    question = (
        "fund is ten million primary entitlements two million three million and one point "
        "five million do we prorate"
    )
    assert params("md-public-financing-proration", question)["entitlements"] == (
        "2000000;3000000;1500000"
    )
    # One number's scales fall: "two million three hundred thousand" is one sum.
    facts = read_facts("fund two million three hundred thousand", today=TODAY)
    assert [a.value for a in facts.amounts] == [2_300_000]


def test_twelve_noon_is_the_hour_of_the_last_day_for_withdrawals() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for filing withdrawals, at its hour.
    facts = read_facts("last day for withdraw was 4 September 2026 at 12 noon", today=TODAY)
    assert [(d.value, d.time and d.time.hour) for d in facts.dates] == [(date(2026, 9, 4), 12)]


def test_a_day_written_out_beside_a_relative_word_is_the_day_meant() -> None:
    # § 5-903(b)(2) counts from the LG candidate's withdrawal: the forwarded email's
    # "yesterday, March 4, 2026" is March 4, not the day before the question is asked.
    facts = read_facts(
        "> Our Lt. Governor candidate filed a certificate of withdrawal yesterday, March 4, 2026.",
        today=date(2026, 4, 2),
    )
    assert [(d.value, d.role) for d in facts.dates] == [(date(2026, 3, 4), "event_date")]


def test_full_amounts_listed_are_the_tickets_entitlements() -> None:
    # § 15-106(b) (seed; § 15-107 now): the Fund prorated among the tickets' full amounts.
    question = (
        "1. Fund balance: $6,000,000 | 2. primary distribution | 3. four eligible tickets, "
        "full amounts $1,000,000 / $900,000 / $750,000 / $600,000 | How much does each get?"
    )
    assert rule_for(question) == "md-public-financing-proration"
    assert params("md-public-financing-proration", question)["entitlements"] == (
        "1000000;900000;750000;600000"
    )


def test_from_which_date_the_board_gives_public_money_asks_the_schedule() -> None:
    # § 15-107(a)(2) (current text): distributions begin not earlier than January 1.
    question = "2030 governor election: from which date Board give public money?"
    assert rule_for(question) == "md-public-financing-schedule"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(d): the declaration is done; the certificate is what is asked.
        (
            "our unaffiliated candidate already turned in the declaration of intent. when is "
            "her certificate of candidacy due in 2026?",
            "md-petition-certificate",
        ),
        # § 5-703(f): the declaration's deadline is known; the petition's is asked.
        (
            "independent for the 2030 general: we already know the declaration of intent "
            "deadline. what is the deadline for the nomination petition?",
            "md-petition-filing",
        ),
        # § 5-703(d): "apart from" sets the petition aside like "not".
        (
            "Apart from the petition, when is a 2026 unaffiliated candidate's certificate of "
            "candidacy due?",
            "md-petition-certificate",
        ),
    ],
)
def test_a_filing_already_made_or_set_apart_is_not_what_is_asked(question: str, rule: str) -> None:
    assert rule_for(question) == rule


def test_a_filing_already_made_is_still_what_is_asked_when_no_other_is_named() -> None:
    # § 5-703(c): whether the declaration filed was in time asks its deadline.
    question = "She already filed the declaration of intent for 2026 on July 1 — was that on time?"
    assert "declaration-of-intent" in read_facts(question, today=TODAY).values("document")


def test_a_committee_chair_who_calls_is_not_a_vacancy_in_office() -> None:
    # c. 53, § 14, sentence 7: a city office's vacancy in a nomination, not in the office.
    question = (
        "Withdrawals for our city election closed Monday, August 10 at 5 PM; a council "
        "candidate withdrew Aug 6. When is the certificate of nomination filling the spot due? "
        "The ward committee chair keeps calling me."
    )
    assert "vacancy-in-office" not in read_facts(question, today=TODAY).values("topic")
    assert rule_for(question) == "ma-vacancy-certificate"


@pytest.mark.parametrize(
    "question",
    [
        # The primary expenditure limit is set outside § 15-106; asked tersely, it is the limit
        # itself that is asked, not § 15-106(c)'s public contribution.
        "primary expenditure limit for a publicly funded governor ticket, 2030?",
        "What's the spending cap on a public-financing gubernatorial ticket in the primary?",
    ],
)
def test_asking_the_spending_limit_itself_is_not_a_public_contribution(question: str) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert (reply.status, reply.rule) == ("no_match", None)


def test_a_ticket_that_exceeded_the_spending_limit_is_still_a_general_election_question() -> None:
    # § 15-106(d)(2): a ticket that received no primary contribution and exceeded the primary
    # expenditure limit is not eligible for the general election contribution.
    reply = SERVICE.ask(
        "Our ticket took no primary public money and went over the primary spending limit for "
        "publicly financed tickets. Any general election money for us?",
        today=TODAY,
    )
    assert reply.rule == "md-public-financing-general"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(c): telling the board one will petition is the declaration of intent.
        (
            "An unaffiliated candidate for county council in 2026 asks by when she must let "
            "the board know she is doing petitions.",
            "md-petition-declaration",
        ),
        # § 5-703(c)(3): a bare "declaration", beside a special election's proclamation date.
        (
            "Special election for the 6th congressional district; the Governor's proclamation "
            "sets 5 p.m. on April 9, 2027. When is the petition candidate's declaration due?",
            "md-petition-declaration",
        ),
        # § 5-703(f): the petitions' own deadline.
        ("Unaffiliated petitions deadline for the 2030 general?", "md-petition-filing"),
    ],
)
def test_everyday_names_of_the_petition_filings(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert (reply.rule, reply.status) == (rule, "answered")


def test_matching_dollars_counted_ask_a_sum() -> None:
    # § 15-106(c)(1): the public contribution matching an eligible private contribution.
    reply = SERVICE.ask(
        "One eligible private contribution of $90. How many matching dollars would the ticket "
        "get in the primary?",
        today=TODAY,
    )
    assert (reply.rule, reply.status) == ("md-public-financing-primary", "answered")


def test_a_question_word_before_an_aside_is_not_a_yes_no_question() -> None:
    # § 5-703(f)(2)(ii): a special congressional election's petitions are due with the special
    # primary; "must … be filed" after "When, and with which board," continues the question.
    reply = SERVICE.ask(
        "Vacant U.S. House seat; special primary is Tuesday, April 6, 2027. When, and with "
        "which office, must an independent candidate's petition be filed?",
        today=TODAY,
    )
    assert (reply.rule, reply.status) == ("md-petition-filing", "answered")
    assert reply.params.get("election") == "special-congressional"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(d): "drop-dead" is the deadline, not a death; "non-affiliated", unaffiliated.
        (
            "non-affiliated candidate for county sheriff in 2026: COC drop-dead date?",
            "md-petition-certificate",
        ),
        # § 5-703(c): "the latest" date asks the deadline, beside a fee asked apart.
        (
            "Unaffiliated candidate for delegate: what's the latest she can file the declaration "
            "of intent this year, and does the board charge for it?",
            "md-petition-declaration",
        ),
        # § 15-106(b): a request to the bot ("can the bot give us …") asks for the date.
        (
            "We need the date Fair Campaign Financing Fund distributions can begin for 2026. "
            "Can the bot give us that?",
            "md-public-financing-schedule",
        ),
        # c. 53, § 14, sentence 2: a nominee "on papers" was nominated by nomination papers.
        (
            "MA indep governor candidate on papers died. who names the replacement?",
            "ma-vacancy-who-fills",
        ),
        # § 15-106(c): donors living in a county with its own program are not that program.
        (
            "Contributions of $25 and $60 from donors who live in Montgomery County. "
            "Primary match from the State Fund?",
            "md-public-financing-primary",
        ),
    ],
)
def test_staff_words_read_for_what_they_mean(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.rule == rule
    assert reply.status in ("answered", "needs_input")


def test_a_request_to_translate_is_not_a_deadline_question() -> None:
    reply = SERVICE.ask(
        "Could the bot translate the declaration of intent form into Spanish?", today=TODAY
    )
    assert (reply.status, reply.rule) == ("no_match", None)


def test_a_payout_is_a_distribution() -> None:
    # § 15-106(b): when distributions from the Fund may begin.
    reply = SERVICE.ask("15-106: first possible payout date for 2030?", today=TODAY)
    assert (reply.rule, reply.status) == ("md-public-financing-schedule", "answered")


def test_petition_candidates_said_not_to_be_asked_about_are_not_the_question() -> None:
    # § 5-703(a): petition candidates are those not affiliated with a party; party candidates'
    # certificates of candidacy are another section's.
    reply = SERVICE.ask(
        "COC deadline for party candidates in 2030? Not petition candidates - the Democrats.",
        today=TODAY,
    )
    assert (reply.status, reply.rule) == ("no_match", None)


@pytest.mark.parametrize(
    "question",
    [
        # The last day for withdrawals itself: sentence 7 counts from it, never computes it.
        "Not the certificate deadline - the last moment a nominee can still withdraw in MA?",
        # A contribution limit, which no rule computes.
        "What's the most a single person can give a governor ticket, the legal maximum?",
    ],
)
def test_what_no_rule_computes_is_not_routed_into_one(question: str) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.status == "no_match"


def test_whether_distributions_may_begin_by_a_day_is_the_schedules_question() -> None:
    # § 15-106(a): when the Board may begin distributing from the Fund.
    reply = SERVICE.ask("Fund payouts for 2030: could they start before January?", today=TODAY)
    assert reply.rule == "md-public-financing-schedule"


def test_a_question_phrase_before_an_aside_is_not_a_yes_no_question() -> None:
    # § 5-703(d): the petition candidate's certificate of candidacy deadline, in a past year.
    reply = SERVICE.ask(
        "For a sidebar: on what day, and at what hour, was the certificate of candidacy due for "
        "unaffiliated candidates in 2022?",
        today=TODAY,
    )
    assert (reply.rule, reply.status) == ("md-petition-certificate", "answered")


def test_what_is_set_aside_is_not_what_is_asked() -> None:
    # § 5-703(d): "setting aside the petition itself" leaves the certificate of candidacy.
    facts = read_facts(
        "Setting aside the petition itself, when is the certificate of candidacy due?",
        today=TODAY,
    )
    assert "petition" not in facts.values("document")
    assert "petition" in facts.values("not_document")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(c)(3): whether the declaration's deadline has passed asks for it.
        ("has the declaration of intent deadline passed for 2028?", "md-petition-declaration"),
        ("did we already blow past the declaration of intent for 2028?", "md-petition-declaration"),
        # § 5-703(f)(1): the hour asked by naming it ("5 pm or 9 pm?") asks the deadline.
        (
            "Is it 5 pm or 9 pm for unaffiliated COCs in 2030? Party candidates file until 9.",
            "md-petition-certificate",
        ),
        # § 5-903(b)(2)(i): "is there still a … deadline" asks for it.
        (
            "LG candidate withdrew 3/20/2026, after withdrawals closed. Is there still a "
            "successor deadline?",
            "md-successor-lt-gov",
        ),
    ],
)
def test_whether_a_deadline_has_passed_or_its_hour_asks_for_it(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=date(2028, 10, 24))
    assert reply.rule == rule and reply.status not in ("no_match", "ambiguous")


def test_petitions_delivered_and_a_table_header_are_no_event_nor_veto() -> None:
    # § 5-703(f): "dropped off their sigs" delivers the petition (no withdrawal), and the
    # deadline asked is the petition's.
    reply = SERVICE.ask(
        "They dropped off their sigs on Monday. When was the petition actually due? Checking "
        "they weren't late.",
        today=date(2028, 7, 31),
    )
    assert reply.rule == "md-petition-filing"
    # § 5-703(e): "| registered | votes cast |" is two columns, never "register to vote".
    reply = SERVICE.ask(
        "| office | registered | votes cast |\n|---|---|---|\n| Council | 91,000 | 40,100 |\n\n"
        "petition signatures for an unaffiliated council candidate?",
        today=date(2028, 7, 31),
    )
    assert reply.rule == "md-petition-signatures"


def test_the_hour_asked_beside_a_deadline_that_has_one_is_answered() -> None:
    # § 5-703(d): the certificate's 5 p.m. is said with its date.
    reply = SERVICE.ask(
        "2028 indie certificate of candidacy: which day, and what time does the window close?",
        today=date(2028, 5, 15),
    )
    assert (reply.rule, reply.status) == ("md-petition-certificate", "answered")
