"""What the words around a fact say of it: an election denied, an office's candidate, a fact
corrected with "? no" or moved "from … to …", a year remembered or asked about, a date the asker
worked out, a delivery that is no withdrawal, a word that only looks like a topic ("I recall").
Each changes a value or a rule a deadline turns on (Md. Elec. Law § 5-703(c) and (f), § 5-903(b),
§ 15-106(a); Mass. G.L. c. 53, § 14, sentence 7). The phrasings here are not the question sets'
own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import extract, params_for
from tests.support.service import packaged_service

TODAY = date(2029, 5, 1)
SERVICE = packaged_service(TODAY)


def _params(rule: str, text: str, today: date = TODAY) -> dict[str, object]:
    return params_for(rule, extract(text, today=today))


def test_a_denied_election_is_not_the_questions() -> None:
    # § 5-703(f)(1), not (f)(2): the regular general, the special congressional denied.
    text = "independent for the 2030 general (not the special congressional) - petitions due?"
    assert _params("md-petition-filing", text) == {"year": 2030, "election": "regular"}
    assert _params("md-petition-filing", "petition ddl, regular gen 2030")["election"] == "regular"


def test_a_governor_candidates_election_is_the_gubernatorial_one() -> None:
    # § 5-703(c)(3): the declaration's year is the gubernatorial election's.
    text = "unaffiliated governor candidate in 2030 - declaration of intent due?"
    assert _params("md-petition-declaration", text) == {"election": "gubernatorial", "year": 2030}


def test_none_unopposed_says_every_ticket_is_opposed() -> None:
    # § 15-106(d): whether the nominee tickets are opposed.
    text = "two nominee tickets share $6M left in the Fund; none unopposed. each gets?"
    assert _params("md-public-financing-general", text)["opposed"] is True


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # c. 53, § 14, sentence 7: the weekday said with the corrected day is checked with it.
        ("state rep withdrawals close thu 6/6? no fri 6/7 5pm. cert due?", date(2030, 6, 7)),
        # A day moved "from … to …" is the one it was moved to.
        (
            "the town moved the withdrawal deadline from 4/12 to 4/15 - replacement cert due?",
            date(2030, 4, 15),
        ),
    ],
)
def test_a_day_corrected_or_moved_is_the_new_day(text: str, day: date) -> None:
    facts = extract(text, today=date(2030, 3, 1))
    assert facts.problems == []
    assert [d.value for d in facts.dates] == [day]


def test_a_year_said_of_how_things_were_is_not_the_year_asked_about() -> None:
    # § 15-106(a): distributions for the year asked, not the year remembered.
    text = "In 2014 it was 'not later than Feb 1'. What's the rule for 2030?"
    assert _params("md-public-financing-schedule", text) == {"year": 2030}
    table = "year | due\n2026 | Aug 3\n2030 | ?\nfill in 2030 please"
    assert _params("md-petition-filing", table) == {"year": 2030}


def test_a_date_the_asker_worked_out_is_no_fact_of_the_question() -> None:
    # § 5-903(b)(2)(i): counted from the last day for withdrawals; "due 3/9" is the check.
    text = "LG nominee dropped. withdrawals closed 3/4/30 so the successor COC is due 3/9, right?"
    params = _params("md-successor-lt-gov", text)
    assert params["event"] == "withdrawal"
    assert "event_date" not in params


def test_delivering_a_filing_is_no_withdrawal() -> None:
    # § 5-703(d)(1): the certificate's deadline, asked of a candidate who delivered one.
    reply = SERVICE.ask("unaffiliated candidate dropped off her COC at 5:10pm on 8/6/30. late?")
    assert (reply.status, reply.rule) == ("answered", "md-petition-certificate")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # "I recall" is remembering, not a recall election (§ 5-703(d)(1)).
        (
            "I recall non-party candidates' certificates of candidacy were due the first Monday "
            "in August. "
            "What date is that for the 2030 general?",
            "md-petition-certificate",
        ),
        # The auditor asking is no Auditor candidate (§ 15-106(a)).
        (
            "auditor wants the statutory date 2030 Fund distributions to gov tickets could begin",
            "md-public-financing-schedule",
        ),
        # "signatures due …?" asks their day (§ 5-703(f)), not how many.
        ("independent's signatures due aug 2 2030?", "md-petition-filing"),
    ],
)
def test_words_that_only_look_like_another_topic(question: str, rule: str) -> None:
    reply = SERVICE.ask(question)
    assert (reply.status, reply.rule) == ("answered", rule)


def test_a_campaign_finance_entitys_deadline_is_not_covered() -> None:
    question = "when must an independent set up a campaign finance entity for 2030?"
    assert SERVICE.ask(question).status == "no_match"
