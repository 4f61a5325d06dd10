"""Whose number, and of which day: an opponent's money beside the asker's gifts, a gift from a
named giver in a list, money from the Fund beside gifts, one ward's row in a line of wards, the
January 1 count beside a later one, and the Fund after the primary payouts beside its balance at
the start of the year. Each decides a value the answer turns on; none is dropped or taken for
another. The phrasings here are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import filled, packaged_service

DAY = date(2028, 3, 3)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 15-106(c): the contributions matched are the ticket's own, listed after a named
        # giver; the opponent's total is not theirs to match.
        (
            "The other campaign raised $380k in February. Ours this month: $200 from Mr. Osei, "
            "$75, $50 and another $120. Public match?",
            "md-public-financing-primary",
            {"contributions": "200;75;50;120"},
        ),
        # § 15-106(c): money the Fund paid is no contribution, however it is listed.
        (
            "Ticket got $250 from Ana, $90 from Raj, and $1,600 from the Fund last month. What's "
            "the primary match on the two gifts?",
            "md-public-financing-primary",
            {"contributions": "250;90"},
        ),
        # c. 53, § 14, sentence 4: the ward the question names, its row in a line of rows.
        (
            "gov votes by ward — Ward 2: 1,870 | Ward 4: 2,215 | Ward 6: 930. how many delegates "
            "can Ward 4 send?",
            "ma-vacancy-delegates",
            {"votes": "2215"},
        ),
        # § 5-703(e)(3): the registered voters as of January 1, never a later day's count.
        (
            "Countywide registered voters: 212,406 as of January 1, 2028 and 213,950 as of last "
            "Friday. Signatures for an unaffiliated county executive candidate?",
            "md-petition-signatures",
            {"registered_voters": "212406"},
        ),
        (
            "district registered voters are 58,300 today; on Jan 1 they were 57,910. indie sigs?",
            "md-petition-signatures",
            {"registered_voters": "57910"},
        ),
        # § 15-106: the Fund left after the primary payouts, not its balance in January.
        (
            "Fund had $6.4M on January 1 and $2.6M after the primary distributions; two nominee "
            "tickets owed $1.5M each. Shares?",
            "md-public-financing-proration",
            {"fund": "2600000", "entitlements": "1500000;1500000"},
        ),
    ],
)
def test_whose_number_is_read(question: str, rule: str, expected: dict[str, str]) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == rule
    assert filled(reply, expected) == expected


def test_as_of_a_count_dates_the_count_not_the_law() -> None:
    # § 5-703(e)(3): "as of January 1" said of a count is the count's day; the law is today's.
    reply = SERVICE.ask(
        "402,118 registered voters as of January 1, 2028 in the city. Mayoral petition "
        "candidate: how many signatures?",
        today=DAY,
    )
    assert reply.as_of is None
    assert reply.params.get("registered_voters") == "402118"
    # … while "as of" after a section or a question asks for the law in force then.
    cited = SERVICE.ask("what did 5-903 say as of June 1, 2014?", today=DAY)
    assert cited.as_of == date(2014, 6, 1)


@pytest.mark.parametrize(
    ("day", "question", "rule", "expected"),
    [
        # § 15-106(b): "a quarter million" is $250,000 — never "two and a half million"'s half.
        (
            DAY,
            "a quarter million left in the Fund; tickets owed 150k and 140k. shares?",
            "md-public-financing-proration",
            {"fund": "250000", "entitlements": "150000;140000"},
        ),
        (
            DAY,
            "Fund: two and a half million. Three tickets owed 1M each. prorated shares?",
            "md-public-financing-proration",
            {"fund": "2500000", "entitlements": "1000000;1000000;1000000"},
        ),
        # § 15-106(c): one sum that every one of a number of donors gave.
        (
            DAY,
            "$1,080 from 9 donors -- every one of them gave exactly $120. What's the state match?",
            "md-public-financing-primary",
            {"contributions": ";".join(["120"] * 9)},
        ),
        # c. 53, § 14, sentence 4: a CSV of wards by number; the ward the question names.
        (
            DAY,
            "gov votes from 2026:\n\nward,votes\n1,2210\n2,1675\n3,980\n\nward 3 — how many "
            "delegates?",
            "ma-vacancy-delegates",
            {"votes": "980"},
        ),
        # § 15-107: a year remembered from a note is not the year asked about.
        (
            date(2030, 1, 22),
            "I have a memo from 2018 saying distributions begin by Feb 1. Is Feb 1, 2030 still "
            "right?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
        # § 5-903(a)(1): the hour of a death said before "on filing night" and its day.
        (
            date(2030, 1, 22),
            "if our LG candidate died at 11:15 pm on filing night, Feb 26, what would the "
            "successor's deadline be? primary June 25.",
            "md-successor-lt-gov",
            {"event_date": "2030-02-26T23:15"},
        ),
    ],
)
def test_numbers_said_the_staff_way(
    day: date, question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=day)
    assert reply.rule == rule
    assert filled(reply, expected) == expected
