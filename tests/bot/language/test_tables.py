"""Tables pasted into a question (CSV, tab-separated, pipe rows) are read row by row, each
value after its column's name; text that only looks like one is left as written."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from bot.language import extract, params_for

TODAY = date(2029, 10, 6)


def read(rule: str, question: str) -> dict[str, object]:
    return params_for(rule, extract(question, today=TODAY))


def test_a_csv_of_contributions_is_each_rows_amount_never_its_record_number() -> None:
    # § 15-107 (current text, under § 15-106(c)): each contribution is matched on its own.
    got = read(
        "md-public-financing-primary",
        "CSV export:\n\ncontributor_id,amount,state,card_on_file\n1001,25.00,MD,Y\n"
        "1002,250.00,MD,Y\n1003,120.50,MD,Y\n\nwhat does the Fund pay on this batch?",
    )
    assert got["contributions"] == [Decimal("25"), Decimal("250"), Decimal("120.50")]


def test_a_csv_of_full_public_contributions_is_the_tickets_entitlements() -> None:
    # § 15-106(b): each ticket's full entitlement, prorated against the Fund.
    got = read(
        "md-public-financing-proration",
        "ticket,full_public_contribution\nMoore-Ruiz,2400000\nPark-Hale,1850000\n"
        "Owens-Tate,975000\n\nfund balance: 3,900,000. what does each ticket get?",
    )
    assert got["fund"] == Decimal("3900000")
    assert got["entitlements"] == [Decimal("2400000"), Decimal("1850000"), Decimal("975000")]


def test_a_row_of_values_under_their_column_names() -> None:
    # § 15-106(d): the money remaining and the nominee tickets, one row under its header.
    got = read(
        "md-public-financing-general",
        "fund remaining | nominee tickets | opposed in general\n$2,750,000     | 2 | yes\n\n"
        "general election share for our ticket?",
    )
    assert got["fund_remaining"] == Decimal("2750000")
    assert got["nominee_tickets"] == 2


def test_a_row_named_registered_in_a_table_of_voter_counts() -> None:
    # § 5-703(e): the registered voters, not the active ones.
    got = read(
        "md-petition-signatures",
        "metric | count\nregistered (1/1/32) | 512,903\nactive only | 488,140\n"
        "signatures needed for the unaffiliated cand in our CD?",
    )
    assert got["registered_voters"] == 512903


def test_numbered_lines_with_commas_are_no_table() -> None:
    # § 5-903(b): a numbered list of facts keeps its dates where they were said.
    facts = extract(
        "1. LG nominee (won the June 25, 2030 primary)\n2. died August 10, 2030\n"
        "3. general election Nov 5, 2030\nWhen must the replacement be designated?",
        today=TODAY,
    )
    assert [d.value for d in facts.dates] == [
        date(2030, 6, 25),
        date(2030, 8, 10),
        date(2030, 11, 5),
    ]
    assert facts.event == "death"


def test_rows_of_empty_cells_are_no_table_and_never_break_the_reading() -> None:
    # § 15-106(c): lines of nothing but separators hold no contributions (and are no crash).
    facts = extract(",,\n,,\n,,\nmatch?", today=TODAY)
    assert facts.amounts == []
