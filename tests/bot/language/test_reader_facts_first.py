"""Reader rules found on the third external set and the retired held-out set: facts point to a
rule when no word does, facts a rule requires, whose event it is, a rule's scope limits, numbers
in words, and values kept as given. The phrasings here are not the sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.bot.language.support import TODAY, params, rule_for
from tests.support.service import packaged_service

SERVICE = packaged_service()


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # c. 53, § 14, sentence 7 counts from the last day for filing withdrawals: stating that
        # day points to the certificates, however they are named.
        (
            "select board race: withdrawals end 4/6/27 5pm. when is the filler paper due?",
            "ma-vacancy-certificate",
        ),
        # § 5-703(e)(1): a count of registered voters is the signature rule's.
        (
            "unaffiliated, 8,400 registered in the district, what's the number?",
            "md-petition-signatures",
        ),
        # c. 53, § 14, sentences 1-3: who fills, from how the nominee was nominated.
        ("caucus nominee for town moderator withdrew — who fills it?", "ma-vacancy-who-fills"),
    ],
)
def test_a_fact_only_one_rule_takes_points_to_it(question: str, rule: str) -> None:
    assert rule_for(question) == rule


def test_a_shared_fact_never_competes_with_a_rule_named_in_words() -> None:
    # § 5-903(b)(2)(i) also takes the § 5-502 withdrawal deadline; c. 53 § 14 must not be asked
    # about when the words name the LG successor.
    question = "LG withdrew 2/27, withdrawal deadline 3/6 — when does the successor file?"
    assert rule_for(question) == "md-successor-lt-gov"


@pytest.mark.parametrize(
    "question",
    [
        # Sentence 7 fills a vacancy; a party's own nomination certificate is another filing.
        "the Libertarian Party wants its nominee on the ballot; nomination certificate due when?",
        # § 5-903(b) follows the LG candidate's withdrawal, death or disqualification.
        "can the governor candidate choose a running mate who is a registered Republican?",
        # The Governor candidate's own death is § 5-904's, even with the running mate named.
        "the head of the ticket died on 4/2; when must the running mate find a new governor "
        "candidate?",
        # Town offices are not nominated under § 5-703; party candidates need no petition.
        "how many signatures for an unaffiliated candidate for select board in our town?",
        "dem running for county exec — how many signatures to get on the primary ballot?",
    ],
)
def test_a_question_without_what_the_rule_requires_reaches_no_rule(question: str) -> None:
    assert rule_for(question) is None


def test_whose_event_it_is_is_the_office_named_before_it() -> None:
    facts = read_facts("the governor candidate's running mate died on 3/4", today=TODAY)
    assert facts.values("event_office") == ["lieutenant-governor"]
    facts = read_facts("top of the ticket withdrew, the running mate stays", today=TODAY)
    assert facts.values("event_office") == ["governor"]
    # (an office naming a ticket says which ticket, not whose event)
    facts = read_facts(
        "the running mate on one of the new governor tickets died Sunday", today=TODAY
    )
    assert facts.values("event_office") == ["lieutenant-governor"]


def test_an_event_after_the_primary_is_the_rules_question_and_not_covered() -> None:
    # § 5-903(a)(1) and (c): only events before the primary; the reply names the rule and says
    # it does not cover the case, never a deadline.
    reply = SERVICE.ask("our LG nominee withdrew after the primary; successor deadline?")
    assert reply.rule == "md-successor-lt-gov"
    assert reply.status == "not_covered"
    assert "§ 5-1005" in reply.message
    assert reply.result is None


def test_a_rule_that_answers_its_statute_does_not_apply_replies_not_covered() -> None:
    # § 5-903(a)(1): a death before the certificate-of-candidacy deadline (2026-02-24).
    reply = SERVICE.ask(
        "LG candidate died 2/10; when does the successor file?", today=date(2026, 2, 11)
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.status == "not_covered"
    assert reply.result is not None and reply.result.result["outcome"] == "not_applicable"


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 5-703(e)(1): registered voters written in words.
        (
            "twenty-two thousand five hundred registered voters, signatures for an independent?",
            "md-petition-signatures",
            {"registered_voters": "22500"},
        ),
        # § 5-703(e)(1): thousands set apart by a space, what they count being said.
        (
            "independent, 12 000 voters in the district: signatures?",
            "md-petition-signatures",
            {"registered_voters": "12000"},
        ),
        # § 15-106(b): entitlements in words, "one and a half million" included.
        (
            "fund has four million; tickets are owed three million, two million and one and a "
            "half million. shares?",
            "md-public-financing-proration",
            {"fund": "4000000", "entitlements": "3000000;2000000;1500000"},
        ),
        # c. 53, § 14, sentence 4: votes in words.
        (
            "eleven hundred and one votes for governor in our ward, vacancy delegates?",
            "ma-vacancy-delegates",
            {"votes": "1101"},
        ),
        # § 15-107(c)(2): one sum given by a stated number of donors, each matched.
        (
            "four donors gave $50 each; primary match?",
            "md-public-financing-primary",
            {"contributions": "50;50;50;50"},
        ),
        # § 15-106(b): a list set apart by semicolons.
        (
            "fund 700,000; entitlements: 400,000; 300,000; 200,000. shares?",
            "md-public-financing-proration",
            {"fund": "700000", "entitlements": "400000;300000;200000"},
        ),
        # § 15-106(a): the year the election is named by, not another year mentioned.
        (
            "could money go out in December 2029? when do distributions for the 2030 election "
            "begin?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
    ],
)
def test_values_are_read_as_written(question: str, rule: str, expected: dict[str, str]) -> None:
    assert rule_for(question) == rule
    assert params(rule, question) == expected


def test_spaced_digits_that_could_be_two_numbers_are_refused_not_joined() -> None:
    # "ward 5 500 votes": ward 5 with 500 votes, or 5,500 votes? Never guessed (sentence 4).
    facts = read_facts("ward 5 500 votes for governor, delegates?", today=TODAY)
    assert facts.problems and not facts.numbers


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # § 5-903(b): the event's day in the forms staff write it.
        ("the running mate withdrew last Friday; successor COC due?", "2026-03-06"),
        ("LG cand withdrew 3.3.26. successor due?", "2026-03-03"),
        ("LG died on the twentieth of February; successor?", "2026-02-20"),
    ],
)
def test_event_days_as_staff_write_them(question: str, day: str) -> None:
    assert params("md-successor-lt-gov", question).get("event_date") == day


def test_a_bare_office_hour_is_read_only_where_it_cannot_be_a_morning() -> None:
    # c. 53, § 14, sentence 7 counts from 5 p.m.; "at 5" is 5 p.m., "at 9" is left unread.
    at_five = params("ma-vacancy-certificate", "MA: withdrawals closed 6/5 at 5, state office")
    assert at_five["withdrawal_deadline"] == "2026-06-05T17:00"
    at_nine = params("ma-vacancy-certificate", "MA: withdrawals closed 6/5 at 9, state office")
    assert at_nine["withdrawal_deadline"] == "2026-06-05"


@pytest.mark.parametrize(
    "question",
    [
        # "still" alone is no deadline question: whether a candidate stays on the ballot, files
        # for another office, or gets public money is not what § 5-903(b) computes.
        "LG candidate died 3/4 — is the governor candidate still on the ballot?",
        "LG candidate resigned from the ticket to run for comptroller — can she still file for "
        "comptroller?",
        "LG candidate was disqualified 5/1 — can the ticket still get public financing?",
    ],
)
def test_still_is_a_deadline_question_only_about_the_rules_filing(question: str) -> None:
    assert rule_for(question) is None


def test_can_they_still_file_the_rules_filing_asks_its_deadline() -> None:
    # § 5-903(b)(2): whether the successor's certificate can still be filed is its deadline.
    question = "the old LG withdrew March 2nd; can the gov candidate still file a new one?"
    assert rule_for(question) == "md-successor-lt-gov"


@pytest.mark.parametrize(
    ("question", "rule", "name", "expected"),
    [
        # An hour without a.m./p.m. is read only as a filing office's afternoon hour (c. 53,
        # § 14, sentence 7 counts from 5 p.m.); an event's bare hour is never guessed.
        (
            "MA: withdrawals closed on June 5 at 5:00. state rep. certificate due?",
            "ma-vacancy-certificate",
            "withdrawal_deadline",
            "2026-06-05T17:00",
        ),
        ("LG withdrew 6/5 at 2, COC due?", "md-successor-lt-gov", "event_date", "2026-06-05"),
        ("LG withdrew 6/5 at 9:30, COC due?", "md-successor-lt-gov", "event_date", "2026-06-05"),
        # § 15-106(b): "each" applies the count said before it; money already paid out is no
        # entitlement.
        (
            "two tickets each owed $1M and a third owed $500k; fund $2M. shares?",
            "md-public-financing-proration",
            "entitlements",
            "1000000;1000000;500000",
        ),
        (
            "3 tickets, each entitled to $600k; the fund has $900k and one ticket already got "
            "$100k. shares?",
            "md-public-financing-proration",
            "entitlements",
            "600000;600000;600000",
        ),
        # § 15-107(c)(2): what the donors gave, one by one.
        (
            "5 donors gave $100, $50, $25, $25 and $10. match?",
            "md-public-financing-primary",
            "contributions",
            "100;50;25;25;10",
        ),
    ],
)
def test_values_are_never_guessed(question: str, rule: str, name: str, expected: str) -> None:
    assert params(rule, question)[name] == expected
