"""A pasted table of several places and the one place the question is about: the count is that
row's, found where the table is written out ("LD-7, registered voters: 61204."); a row holding
two counts of the kind asked is not guessed at. Found on outside tuning sets e124–e126 before
they were tuned on; the tables are not the question sets' own."""

from __future__ import annotations

from datetime import date

from tests.support.service import packaged_service

SERVICE = packaged_service()
DAY = date(2029, 10, 2)


def test_a_csv_rows_district_known_by_letters_and_number() -> None:
    # § 5-703(e)(1): 1 % of the registered voters of the district, here LD-7's 61,204 → 613.
    reply = SERVICE.ask(
        "jurisdiction,voters_registered_jan1\nLD-3,58110\nLD-7,61204\nLD-21,70332\n"
        "unaffiliated candidate in LD-7: how many petition signatures?",
        today=DAY,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.params["registered_voters"] == "61204"
    assert reply.result is not None and reply.result.result["count"] == 613


def test_a_wards_row_under_a_column_named_with_a_parenthesis() -> None:
    # c. 53, § 14: one delegate per 500 votes for the party's governor candidate, or part:
    # Ward 4's 1,230 → 3.
    reply = SERVICE.ask(
        "Ward,Gov votes (at the last state election)\n2,1780\n4,1230\n9,2410\n\n"
        "How many vacancy delegates may ward 4 choose?",
        today=DAY,
    )
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params["votes"] == "1230"


def test_a_row_of_two_vote_counts_is_not_guessed_at() -> None:
    # Which of the row's two counts is the governor candidate's vote (c. 53, § 14) the table
    # does not say: the count is asked for, never taken from the wrong column.
    reply = SERVICE.ask(
        "Ward | All gov votes | Our nominee\n2 | 2,050 | 1,115\n4 | 2,310 | 1,020\n\n"
        "delegates for ward 4?",
        today=DAY,
    )
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params.get("votes") not in ("2310", "2050", "1115")
