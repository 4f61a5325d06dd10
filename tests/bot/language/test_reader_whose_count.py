"""Whose number and whose day a question gives: a count said of a wider area than the district,
a sum taken back, a date a proclamation sets far from its name, an election year behind the
asker, a statewide office. Each decides a value the answer turns on. The phrasings here are not
the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.bot.language.support import TODAY
from tests.support.service import packaged_service

SERVICE = packaged_service(TODAY)


@pytest.mark.parametrize(
    ("day", "question", "rule", "expected"),
    [
        # § 5-703(e)(1): the registered voters of the district the candidate runs in, not of
        # the county or region it lies in.
        (
            date(2029, 6, 1),
            "Countywide there are 640,000 registered voters; the council district itself has "
            "58,300. signatures for an indie?",
            "md-petition-signatures",
            {"registered_voters": "58300"},
        ),
        (
            date(2029, 6, 1),
            "roughly 700k registered? No wait, it's 700,000 for the whole county -- the "
            "district itself is 233,120. How many sigs for an unaffiliated candidate?",
            "md-petition-signatures",
            {"registered_voters": "233120"},
        ),
        # c. 53, § 14, sentences 4-5: the governor candidate's votes in the part of the town
        # inside the district, not townwide.
        (
            date(2027, 3, 16),
            "our governor candidate got 4,120 votes townwide but 2,210 in precincts 2-4, "
            "the part in the rep district. how many delegates?",
            "ma-vacancy-delegates",
            {"votes": "2210"},
        ),
        # § 5-703(c)(3)(ii): the date and hour a special election's proclamation sets, however
        # far in the sentence from the word "proclamation".
        (
            date(2027, 9, 1),
            "The Governor's proclamation for the special election in the 3rd congressional "
            "district sets 5 pm on January 18, 2028 as the filing date. indie DOI due?",
            "md-petition-declaration",
            {"proclamation_deadline": "2028-01-18T17:00"},
        ),
        # § 15-106(a): the election a finished cycle is not; the next gubernatorial one is.
        (
            date(2026, 12, 1),
            "2026 is over now -- when could the Fund first pay out for the next Maryland "
            "governor election?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
        # § 5-703(f)(1): "next November", said in December, is the next year's general.
        (
            date(2029, 12, 10),
            "indie petition sheets: due at the board when, for next November's general?",
            "md-petition-filing",
            {"year": "2030"},
        ),
        # c. 53, § 14, sentence 7 (and c. 53, § 48): a statewide office is no district office.
        (
            date(2029, 12, 10),
            "Statewide office vacancy: withdrawals close Fri 6/7/2030 at 5. certificate due?",
            "ma-vacancy-certificate",
            {"district": "false"},
        ),
        # § 5-903(b)(2)(iii): "pri" is the primary.
        (
            date(2029, 12, 10),
            "LG cand died 5/20/30. pri 6.25.30, COC ddl 2/26/30 9pm. successor ddl?",
            "md-successor-lt-gov",
            {"primary": "2030-06-25"},
        ),
        # § 15-107 (current text, under § 15-106(c)): dollars and cents listed after
        # "cards:" are contributions.
        (
            date(2029, 6, 1),
            "gov ticket match, cards: 17.25 / 40 / 40",
            "md-public-financing-primary",
            {"contributions": "17.25;40;40"},
        ),
        # § 15-106(b): a full contribution said to "work out to" a sum is an entitlement.
        (
            date(2029, 6, 1),
            "Ticket A's full public contribution works out to $1.8M and ticket B's to $1.2M; "
            "the Fund holds $2.4M. prorated shares?",
            "md-public-financing-proration",
            {"fund": "2400000", "entitlements": "1800000;1200000"},
        ),
        # … and a sum on the next line is labelled by that line, not by this one.
        (
            date(2029, 6, 1),
            "proration please:\nticket      full contribution\nAdams/Ng    $1,600,000\n"
            "Baker/Ruiz  $900,000\nFund available:   $2,000,000",
            "md-public-financing-proration",
            {"fund": "2000000", "entitlements": "1600000;900000"},
        ),
    ],
)
def test_whose_value_a_question_gives(
    day: date, question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=day)
    assert reply.rule == rule
    assert {k: reply.params.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("day", "question"),
    [
        # c. 53, § 14, sentence 4 fills a vacancy in a nomination, not in an office …
        (
            date(2027, 3, 16),
            "A selectman died in office. How many delegates does each ward send to pick his "
            "replacement?",
        ),
        # … and counts the votes for the governor candidate, not another candidate's.
        (
            date(2027, 3, 16),
            "it was our state rep candidate, not the gov candidate, who got 2,400 in the ward "
            "-- how many vacancy delegates?",
        ),
        # § 5-903 is for a candidate; the officeholder leaving is a vacancy in office.
        (
            date(2029, 6, 1),
            "The LG, the one in office now, is resigning in March. Who appoints a replacement?",
        ),
    ],
)
def test_a_vacancy_or_votes_no_rule_counts_are_not_answered(day: date, question: str) -> None:
    assert SERVICE.ask(question, today=day).status == "no_match"


def test_a_committee_member_who_asks_is_no_vacancy_in_office() -> None:
    # c. 53, § 14, sentences 4-5: the member is the asker; the vacancy is the nomination's.
    reply = SERVICE.ask(
        "State committee member for a Plymouth County rep district. In Ward 3 (partly in) our "
        "governor candidate got 1,260 votes in the precincts inside the district. Delegates?",
        today=date(2027, 3, 16),
    )
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params.get("votes") == "1260"
