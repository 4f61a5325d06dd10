"""Numbers as staff paste and check them: a table's rows and a form's fields, what each giver
gave, a result the asker worked out, a count said roughly and then exactly, a sum corrected
before the words name it. Each is a value a rule's answer turns on (Md. Elec. Law § 15-106(b)
prorates each entitlement, § 15-106(c) matches each contribution, § 5-703(e)(1) counts from the
registered voters). The phrasings here are not the question sets' own."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from bot.language import extract, params_for

TODAY = date(2029, 5, 1)


def _params(rule: str, text: str) -> dict[str, object]:
    return params_for(rule, extract(text, today=TODAY))


def test_a_tables_rows_are_read_by_their_columns_and_labels() -> None:
    # § 15-106(b): each row's full contribution is an entitlement; the Fund is its own field.
    table = "ticket | full contribution\nOrtiz | 2,400,000\nLee | 1,600,000\nFund: 3,000,000"
    assert _params("md-public-financing-proration", table) == {
        "fund": Decimal(3000000),
        "entitlements": [Decimal(2400000), Decimal(1600000)],
    }
    # § 15-106(c): a row's letter after a sum is a label, never billions.
    rows = "giver | amount\nA | 40\nB | 90\nC | 250\nwhat's the matching on these?"
    assert _params("md-public-financing-primary", rows) == {
        "contributions": [Decimal(40), Decimal(90), Decimal(250)]
    }


def test_a_forms_next_label_is_not_the_count_before_it() -> None:
    # § 5-703(e)(1): the voters are the field before "Pages turned in:", not pages.
    form = "District voters as of Jan 1 per list #4-C: 301,455 Signatures so far: 2,010 need?"
    assert _params("md-petition-signatures", form) == {"registered_voters": 301455}
    # A noun after a count that is no field's value stays its noun.
    said = "With 18,002 registered voters: is 1% 180.02, so 250?"
    assert _params("md-petition-signatures", said) == {"registered_voters": 18002}


def test_what_each_giver_gave_is_one_contribution() -> None:
    # § 15-106(c): one giver's sum is one contribution, however the givers are counted.
    text = "$200 from one neighbor, $60 from another and $15 from a fourth - match?"
    assert _params("md-public-financing-primary", text)["contributions"] == [
        Decimal(200),
        Decimal(60),
        Decimal(15),
    ]
    assert _params("md-public-financing-primary", "what's the match on a $90 check?") == {
        "contributions": [Decimal(90)]
    }


def test_a_result_the_asker_worked_out_is_no_entitlement() -> None:
    # § 15-106(b): "so they get …" is what the asker wants checked, not another ticket's sum.
    text = "Fund $900k, tickets owed 600k and 300k - so they get 600,000.00 and 300,000.00?"
    assert _params("md-public-financing-proration", text)["entitlements"] == [
        Decimal(600000),
        Decimal(300000),
    ]


def test_no_count_of_tickets_is_said_in_millions() -> None:
    text = "fund 6M tickets owed 4M 3M - prorate?"
    assert _params("md-public-financing-proration", text) == {
        "fund": Decimal(6000000),
        "entitlements": [Decimal(4000000), Decimal(3000000)],
    }


def test_a_count_said_roughly_then_exactly_is_the_exact_one() -> None:
    # § 5-703(e)(1) counts from the exact number of registered voters.
    text = "about 310K registered voters (official: 309,871) - sigs needed?"
    assert _params("md-petition-signatures", text) == {"registered_voters": 309871}


def test_a_sum_corrected_before_the_words_name_it_is_the_corrected_one() -> None:
    # § 15-106(c): the $85 taken back is not a second contribution.
    text = "match for an $85 - sorry $95 - donation?"
    assert _params("md-public-financing-primary", text) == {"contributions": [Decimal(95)]}


def test_identifiers_beside_sums_written_with_dollars_are_no_contributions() -> None:
    # § 15-106(c): the ZIP codes of a pasted batch are not contributions.
    text = "Batch:\n- A. Diaz, 20850, $35\n- B. Cole, 21740, $210\nAll Maryland residents. Match?"
    assert _params("md-public-financing-primary", text) == {
        "contributions": [Decimal(35), Decimal(210)]
    }


def test_contributions_written_without_dollars_are_no_identifiers() -> None:
    # § 15-106(c): with no sum written with "$" beside them, four digits are sums.
    text = "contributions of 1500, 2200 and 3000 - match?"
    assert _params("md-public-financing-primary", text)["contributions"] == [
        Decimal(1500),
        Decimal(2200),
        Decimal(3000),
    ]


def test_a_sum_given_by_thousands_of_donors_leaves_the_total_raised() -> None:
    # § 15-106(c): 9,000 contributions of $40 are no list to match one by one; the total is.
    text = "9,000 donors x $40 = 360k total. primary public contribution?"
    assert _params("md-public-financing-primary", text) == {
        "private_contributions": Decimal(360000)
    }


@pytest.mark.parametrize(
    ("text", "fund", "entitlements"),
    [
        # § 15-106(b): "each" said of two tickets, though the Fund's sum follows in the list.
        ("two tickets each entitled to $1.6M, $2.4M in the fund - shares?", 2400000, [1600000] * 2),
        # "each qualify for" is each ticket's full entitlement.
        (
            "fund only has 2.5 million, 2 tickets each qualify for 2,000,000 - split?",
            2500000,
            [2000000] * 2,
        ),
    ],
)
def test_each_tickets_entitlement_beside_the_fund(
    text: str, fund: int, entitlements: list[int]
) -> None:
    params = _params("md-public-financing-proration", text)
    assert params["fund"] == Decimal(fund)
    assert params["entitlements"] == [Decimal(e) for e in entitlements]


def test_the_funds_sum_and_the_count_of_tickets_are_not_one_list() -> None:
    # § 15-106(d): the money remaining and the nominee tickets.
    text = "fund remaining after the primary 4,200,000; three nominee tickets. general share?"
    params = _params("md-public-financing-general", text)
    assert (params["fund_remaining"], params["nominee_tickets"]) == (Decimal(4200000), 3)
    split = _params("md-public-financing-general", "2 nominee tickets split 5,000,000 - each?")
    assert split["fund_remaining"] == Decimal(5000000)


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        # § 15-106(c): "total match" asks the total; no sum is one.
        ("donations of $30, $75 and $250 - total match?", [30, 75, 250]),
        ("match on a $400 contribution and a $35 one?", [400, 35]),
        ("if my neighbor gives $60 to the gov ticket, what's the match?", [60]),
        # A sentence before the list, about the Fund, says nothing of its sums.
        ("Our ticket qualified for the Fund. Contributions this week: $20, $45.", [20, 45]),
        # One contribution said before its sum is that one, not the total raised.
        ("only one eligible contribution so far, $180 even. match?", [180]),
    ],
)
def test_contributions_in_everyday_sentences(text: str, listed: list[int]) -> None:
    params = _params("md-public-financing-primary", text)
    assert params["contributions"] == [Decimal(v) for v in listed]


def test_givers_sums_said_in_words_after_one_in_dollars() -> None:
    # § 15-106(c): each giver's sum is a contribution, written with "dollars" or not.
    text = "two donors: forty dollars from my cousin and ninety from the neighbor. the match?"
    assert _params("md-public-financing-primary", text)["contributions"] == [
        Decimal(40),
        Decimal(90),
    ]


def test_a_past_distribution_said_for_context_is_no_entitlement() -> None:
    # § 15-106(b): only the entitlements are prorated.
    text = (
        "Fund has $2,000,000 for the general; the two tickets are owed $1.5M and $1M. "
        "(The primary distribution was $3.2M.) Shares?"
    )
    assert _params("md-public-financing-proration", text)["entitlements"] == [
        Decimal(1500000),
        Decimal(1000000),
    ]


def test_a_markdown_table_of_givers_is_one_contribution_per_row() -> None:
    # § 15-106(c): each row of a table of donors is one contribution, matched on its own;
    # the batch number is no contribution.
    table = (
        "batch 9, cards on file:\n\n| donor | amt |\n|---|---|\n| P.Q. | 35 |\n"
        "| M. Ruiz | 110 |\n| K.T. | 240 |\n\nmatch on this batch?"
    )
    assert _params("md-public-financing-primary", table)["contributions"] == [
        Decimal(35),
        Decimal(110),
        Decimal(240),
    ]
    # A numbered table keeps its row numbers out of the contributions.
    numbered = (
        "Contributions in this batch:\n\n| # | contributor | amount |\n|---|---|---|\n"
        "| 1 | P. Quinn | $35 |\n| 2 | M. Ruiz | $110 |\n\nmatch?"
    )
    assert _params("md-public-financing-primary", numbered)["contributions"] == [
        Decimal(35),
        Decimal(110),
    ]


def test_a_markdown_table_of_full_contributions_is_the_entitlements() -> None:
    # § 15-106(b): the column of full public contributions is what each ticket is entitled to.
    table = (
        "| ticket | full public contribution |\n|---|---|\n| X | 2,200,000 |\n| Y | 1,700,000 |"
        "\n\nfund on hand: $3.1M. shares?"
    )
    assert _params("md-public-financing-proration", table) == {
        "fund": Decimal(3100000),
        "entitlements": [Decimal(2200000), Decimal(1700000)],
    }
    # Beside a column of what each ticket raised itself, which is no entitlement.
    raised = (
        "| ticket | full public contribution | private $ raised |\n|---|---|---|\n"
        "| X | 2,200,000 | 3,400,000 |\n| Y | 1,700,000 | 900,000 |\n\nfund on hand: $3.1M. shares?"
    )
    assert _params("md-public-financing-proration", raised) == {
        "fund": Decimal(3100000),
        "entitlements": [Decimal(2200000), Decimal(1700000)],
    }
    # Said in a sentence, with the tickets between the words and the list.
    said = (
        "Fund balance 9,000,000. Full public contributions for the three tickets come to "
        "2,500,000 / 2,000,000 / 900,000. each gets?"
    )
    assert _params("md-public-financing-proration", said)["entitlements"] == [
        Decimal(2500000),
        Decimal(2000000),
        Decimal(900000),
    ]


@pytest.mark.parametrize(
    ("text", "contributions"),
    [
        # § 15-106(c): so many contributions of one sum each, then so many of another.
        ("five eligible contributions of $40 each and two of $300. match?", [40] * 5 + [300] * 2),
        ("we got 3 contributions of $60 each and one of $500. match?", [60, 60, 60, 500]),
        ("two eligible private contribs of $175 each -- public money?", [175, 175]),
        # A matching schedule's ratios ("8/6/2/0") are no contributions.
        ("is a $300 contribution matched 8/6/2/0, so $900?", [300]),
    ],
)
def test_how_many_of_each_sum_were_given(text: str, contributions: list[int]) -> None:
    said = _params("md-public-financing-primary", text)["contributions"]
    assert said == [Decimal(c) for c in contributions]


def test_a_sum_from_a_named_giver_starts_a_list() -> None:
    # § 15-106(c): "$300 from a Bethesda donor, plus $150 and $50" is three contributions.
    said = _params(
        "md-public-financing-primary", "$300 from a Laurel donor, plus $125 and $60 -- match?"
    )
    assert said["contributions"] == [Decimal(300), Decimal(125), Decimal(60)]


def test_an_abbreviated_year_is_no_count_and_the_correction_is_the_votes() -> None:
    # c. 53, § 14, sentence 5: the votes cast, the corrected number ("in '26" is a year).
    said = _params(
        "ma-vacancy-delegates", "Ward 9 gave our gov nominee 2,200 votes in '26 -- sorry, 2,020."
    )
    assert said["votes"] == 2020


def test_the_askers_worked_out_share_is_not_the_fund() -> None:
    # § 15-106(d): the Fund left after the primary, not the share the asker worked out.
    said = _params(
        "md-public-financing-general",
        "after the primary, 8M left in the Fund, two nominee tickets -- equal split = 4M each?",
    )
    assert said["fund_remaining"] == Decimal(8000000)
    assert said["nominee_tickets"] == 2


@pytest.mark.parametrize(
    ("rule", "text", "expected"),
    [
        # § 15-106(b): the Fund by its balance, then each ticket's full amount a line.
        (
            "md-public-financing-proration",
            "FCFF short. balance 2,900,000. full amounts:\nTicket A  1,500,000\n"
            "Ticket B  1,100,000\nTicket C    800,000\nshares?",
            {
                "fund": Decimal(2900000),
                "entitlements": [Decimal(1500000), Decimal(1100000), Decimal(800000)],
            },
        ),
        (
            "md-public-financing-proration",
            "shares pls\nfund: 2,000,000\nticket A owed 1,500,000\nticket B 900,000",
            {"fund": Decimal(2000000), "entitlements": [Decimal(1500000), Decimal(900000)]},
        ),
        # § 5-703(e)(1): the registered voters, dated in passing, in a form.
        (
            "md-petition-signatures",
            "petition math:\nregistered voters (1/1/2030): 404,321\n1%: 4,043.21\ntarget: 4,044",
            {"registered_voters": 404321},
        ),
        # c. 53, § 14, sentence 4: the governor candidate's votes; the asker's guesses aside.
        (
            "ma-vacancy-delegates",
            "Ward 8, gov race, our party's candidate: 2,101. delegates? I think 4 but someone "
            "said 5.",
            {"votes": 2101},
        ),
        # § 15-106(c): the private total, not the public sum the asker worked out from it.
        (
            "md-public-financing-primary",
            "unopposed, eligible private contribs are 60k total. one-for-three means 20k, right?",
            {"private_contributions": Decimal(60000), "opposed": False},
        ),
        # § 15-106(d): how many nominee tickets, said of "us", and the nomination won.
        (
            "md-public-financing-general",
            "We won our party's nomination; all three of us are eligible nominee tickets. "
            "4,200,000 remains. our share?",
            {"nominee": True, "nominee_tickets": 3, "fund_remaining": Decimal(4200000)},
        ),
    ],
)
def test_forms_and_workings_reach_the_values(
    rule: str, text: str, expected: dict[str, object]
) -> None:
    said = _params(rule, text)
    assert {k: said.get(k) for k in expected} == expected


def test_a_sum_the_words_call_an_entitlement_is_never_the_fund() -> None:
    # § 15-106(b): with no Fund said, the rule asks for it rather than take a ticket's sum.
    said = _params("md-public-financing-proration", "ticket A owed $2.75M, ticket B owed $1.5M")
    assert "fund" not in said
    assert said["entitlements"] == [Decimal(2750000), Decimal(1500000)]


def test_a_ticket_owed_what_two_others_are_owed_together_is_a_ticket() -> None:
    # § 15-106(b) prorates each ticket's full contribution: a third sum equal to the first two
    # together is not read as their total.
    for three in ("fund $4M, tickets entitled to $1M, $1M and $2M", "fund 4M. tickets: 1M, 1M, 2M"):
        assert _params("md-public-financing-proration", three)["entitlements"] == [
            Decimal(1000000),
            Decimal(1000000),
            Decimal(2000000),
        ]


@pytest.mark.parametrize(
    ("text", "fund", "entitlements"),
    [
        # "at 6 million" is a sum, never six o'clock.
        ("the fund is at 6 million; tickets entitled to 4M and 3M", 6000000, [4000000, 3000000]),
        # "each due 1,000,000": every ticket's full contribution, without "$".
        ("3,500,000 in the fund, four tickets each due 1,000,000", 3500000, [1000000] * 4),
        # A sum restating the listed entitlements' total, and the Fund set against it, are
        # neither a fourth nor a fifth ticket.
        (
            "Fund holds $5.1M; the tickets are owed $2.6M, $1.9M and $1.5M -- that's $6M "
            "against $5.1M. each ticket's share?",
            5100000,
            [2600000, 1900000, 1500000],
        ),
        # A table pasted as text: each row's label, two spaces or more, then its sum; the Fund
        # said before the table is not a row.
        (
            "fund holds 5.2M. tickets entitled: Ruiz/Kahn    2,800,000 Obi/Lin       1,900,000 "
            "Park/Wu  1,300,000 prorate?",
            5200000,
            [2800000, 1900000, 1300000],
        ),
    ],
)
def test_the_fund_and_each_tickets_entitlement(
    text: str, fund: int, entitlements: list[int]
) -> None:
    # § 15-106(b): the Fund and each ticket's full contribution.
    assert _params("md-public-financing-proration", text) == {
        "fund": Decimal(fund),
        "entitlements": [Decimal(e) for e in entitlements],
    }


def test_active_voters_are_not_the_registered_voters() -> None:
    # § 5-703(e)(1) counts registered voters: a sheet's "Active voters" line is another number,
    # never taken for them beside the registered line.
    sheet = "Registered voters (1/1/2028): 18,512. Active voters: 17,904. sigs needed for an indie?"
    assert _params("md-petition-signatures", sheet) == {"registered_voters": 18512}


@pytest.mark.parametrize(
    ("text", "contributions"),
    [
        # A contribution card is one giver's contribution; "three $250 cards" are three.
        ("three $250 cards -- what's the match?", [250, 250, 250]),
        ("match on a single $60 card?", [60]),
    ],
)
def test_contribution_cards_are_contributions(text: str, contributions: list[int]) -> None:
    # § 15-106(c) matches each eligible contribution.
    assert _params("md-public-financing-primary", text) == {
        "contributions": [Decimal(c) for c in contributions]
    }
