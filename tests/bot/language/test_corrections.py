"""A value the user corrects is read as the corrected one (a fact the user took back is never
the one answered from)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import pytest

from bot.language import params_for, read_facts
from rules.values import TZ

TODAY = date(2026, 3, 10)


def test_a_corrected_date_replaces_the_one_taken_back_and_keeps_its_role() -> None:
    # § 5-903(b)(2): the successor's deadline counts from the day of the death.
    facts = read_facts("LG candidate passed away 4/9, I mean 4/19. successor COC due?", today=TODAY)
    assert params_for("md-successor-lt-gov", facts)["event_date"] == date(2026, 4, 19)
    assert len(facts.dates) == 1


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # "scratch that" takes back all said before: the day may come sentences on.
        (
            "our LG candidate died yesterday -- no wait, scratch that, I'm thinking of the "
            "training exercise, not real life. Exercise facts: death on Friday May 1, 2026. "
            "successor COC?",
            date(2026, 5, 1),
        ),
        # "hold on" takes a day back like "sorry".
        (
            "LG candidate was disqualified on Monday May 11 -- hold on, it was Tuesday the 12th "
            "of May, 2026. successor COC due?",
            date(2026, 5, 12),
        ),
    ],
)
def test_a_day_taken_back_is_the_one_said_after(text: str, day: date) -> None:
    # § 5-903(b)(2): the successor's deadline counts from the day of the event as corrected.
    facts = read_facts(text, today=TODAY)
    assert params_for("md-successor-lt-gov", facts)["event_date"] == day


def test_a_corrected_day_keeps_the_month_year_and_hour_said_before() -> None:
    # c. 53 § 14 sentence 7 counts from the last day (and hour) for filing withdrawals.
    facts = read_facts(
        "last day for filing withdrawals was Thursday, June 11, 2026 at 5 pm (oops - Wednesday "
        "the 10th). state office. when are vacancy certificates due?",
        today=TODAY,
    )
    assert params_for("ma-vacancy-certificate", facts)["withdrawal_deadline"] == datetime(
        2026, 6, 10, 17, 0, tzinfo=TZ
    )


def test_the_value_named_after_not_is_the_one_corrected() -> None:
    # § 15-107(c)(2) (current text) matches each contribution: the corrected one is in the list.
    facts = read_facts(
        "contributions of $20, $75 and $200 — correction: $250 not $75. opposed. match?",
        today=TODAY,
    )
    assert params_for("md-public-financing-primary", facts)["contributions"] == [
        Decimal("20"),
        Decimal("250"),
        Decimal("200"),
    ]


def test_a_corrected_count_is_the_count_read() -> None:
    # § 5-703(e): 1 % of the registered voters.
    facts = read_facts(
        "district has 12,400 voters - sorry, 14,200. petition signatures?", today=TODAY
    )
    assert facts.counts == [14200]


def test_a_marker_with_no_value_after_it_changes_nothing() -> None:
    facts = read_facts(
        "sorry to bother you again. LG died May 2, 2026; when is the successor certificate due?",
        today=TODAY,
    )
    assert [d.value for d in facts.dates] == [date(2026, 5, 2)]
    facts = read_facts("LG died May 2, 2026. Sorry, one more: primary is June 23", today=TODAY)
    assert sorted(d.value for d in facts.dates) == [date(2026, 5, 2), date(2026, 6, 23)]


def test_a_value_asked_about_after_a_marker_is_no_correction() -> None:
    facts = read_facts("LG died 5/1/2026, I mean, when is the successor due, 5/14?", today=TODAY)
    assert [d.value for d in facts.dates][:1] == [date(2026, 5, 1)]


def test_a_list_said_again_after_a_correction_replaces_the_list() -> None:
    # § 15-107 (current text, matched under § 15-106(c)): each contribution is matched, so a
    # list taken back must not be matched.
    facts = read_facts(
        "contributions of $25, $40 and $90 -- sorry, 25, 40 and 95. primary match?", today=TODAY
    )
    assert params_for("md-public-financing-primary", facts)["contributions"] == [
        Decimal("25"),
        Decimal("40"),
        Decimal("95"),
    ]


def test_a_count_taken_back_with_a_bare_no_is_the_corrected_one() -> None:
    # c. 53 § 14, sentence 5: delegates are counted from the votes, the corrected ones.
    facts = read_facts("Ware: 3,410 votes for gov in our ward, no, 3,140. delegates?", today=TODAY)
    assert params_for("ma-vacancy-delegates", facts)["votes"] == 3140


def test_a_day_moved_by_a_later_act_is_the_moved_day() -> None:
    # § 5-703(f)(2) counts from the special primary: the day the amended proclamation set.
    facts = read_facts(
        "the special primary is Nov 7. scratch that, the amended proclamation moved it to Nov "
        "14. unaffiliated petitions due when?",
        today=TODAY,
    )
    params = params_for("md-petition-filing", facts)
    assert params["special_primary"] == date(2026, 11, 14)


def test_a_count_said_again_without_its_noun_is_still_the_count() -> None:
    # § 5-703(e): 1 % of the registered voters; "521k" alone reads as a sum, but said again
    # after "wait" it corrects the count said before it.
    facts = read_facts("petition candidate, CD-3, 512k voters — wait, 521k. sigs?", today=TODAY)
    assert params_for("md-petition-signatures", facts)["registered_voters"] == 521000
    assert facts.money == []
    # With "$" it stays a sum, and the count said before it stands.
    facts = read_facts("512k voters — wait, $521k in the fund?", today=TODAY)
    assert facts.counts == [512000]
    facts = read_facts("512k voters — wait, 521k dollars in the fund?", today=TODAY)
    assert facts.counts == [512000]


def test_a_corrected_day_named_in_apposition_keeps_both_roles() -> None:
    # § 5-903(b)(2)(i): a withdrawal on the last day for withdrawals; the day corrected is the
    # withdrawal's, and the appositive names it the last day too.
    facts = read_facts(
        "running mate filed her withdrawal on march 5 - sorry, march 6, the last day for "
        "withdrawals. successor coc deadline?",
        today=TODAY,
    )
    params = params_for("md-successor-lt-gov", facts)
    assert params["event_date"] == date(2026, 3, 6)
    assert params["withdrawal_deadline"] == date(2026, 3, 6)


def test_not_this_but_that_takes_the_value_after_it() -> None:
    # § 5-703(e): 1 % of the registered voters said instead, not those taken back.
    facts = read_facts(
        "correction to my last msg: not 65k registered, it's 56,420. petition sigs?", today=TODAY
    )
    assert params_for("md-petition-signatures", facts)["registered_voters"] == 56420


def test_sums_listed_after_a_sum_given_n_times_are_the_same_n() -> None:
    # § 15-107 (current text) matches each contribution: four, listed again, are still four.
    facts = read_facts(
        "4 donors at $150 each, all MD residents with contribution cards: $150, $150, $150, "
        "$150. Match amount?",
        today=TODAY,
    )
    assert params_for("md-public-financing-primary", facts)["contributions"] == [Decimal("150")] * 4
    # Two more said after them are two more.
    facts = read_facts("4 donors at $150 each and $150, $150 more. Match?", today=TODAY)
    assert params_for("md-public-financing-primary", facts)["contributions"] == [Decimal("150")] * 6


def test_er_and_a_longer_aside_still_correct() -> None:
    # § 5-703(c)(3): the declaration's year is the one said after "er"; § 5-703(e): the count
    # said after an aside about the one taken back.
    facts = read_facts(
        "declaration of intent for the 2026 -- er, 2028 -- cycle, indie?", today=TODAY
    )
    assert params_for("md-petition-declaration", facts)["year"] == 2028
    facts = read_facts(
        "district has 44,918 -- no wait that's the june number, jan 1 count was 44,605. sigs?",
        today=TODAY,
    )
    assert facts.counts == [44605]


def test_a_sum_said_again_without_its_scale_keeps_the_scale() -> None:
    # § 15-106(c)(3) (2025 text): the Fund prorated is the corrected balance, $6.01 million.
    facts = read_facts(
        "fund balance 6.1 mil — sorry, 6.01 — three tickets each entitled to 2.5M. shares?",
        today=TODAY,
    )
    assert params_for("md-public-financing-proration", facts)["fund"] == Decimal("6010000")
    # A number with a word after it counts something: the Fund said before stands.
    facts = read_facts("fund is $3M — sorry, 2 tickets each owed $2M. shares?", today=TODAY)
    assert params_for("md-public-financing-proration", facts)["fund"] == Decimal("3000000")


def test_a_nomination_route_corrected_is_the_one_said_after() -> None:
    # c. 53 § 14 sentence 2: who fills turns on how the candidate was nominated.
    facts = read_facts(
        "city council candidate — nominated by caucus — no wait, by nomination papers — died. "
        "who fills?",
        today=TODAY,
    )
    assert facts.nomination == "nomination-papers"


def test_a_list_goes_on_after_a_corrected_item() -> None:
    # § 15-107 (current text) matches each contribution: the one after the aside is one more.
    for said, want in (
        ("contribs of 75, 120 -- no wait, 125 -- and 60. match?", ["75", "125", "60"]),
        ("contributions of $60, $110 — no, $120 — and $250. match?", ["60", "120", "250"]),
    ):
        facts = read_facts(said, today=TODAY)
        got = params_for("md-public-financing-primary", facts)["contributions"]
        assert got == [Decimal(w) for w in want]


def test_a_part_of_a_total_said_of_them_is_the_part() -> None:
    # c. 53 § 14 sentence 4 counts the votes for the party's candidate for governor, not all.
    facts = read_facts(
        "town cast 6,020 votes for governor in all; our party's candidate got 2,749 of them. "
        "how many delegates?",
        today=TODAY,
    )
    assert params_for("ma-vacancy-delegates", facts)["votes"] == 2749


def test_an_office_corrected_is_not_the_questions() -> None:
    # § 5-703(e): a county commissioner's petition; the school board (nonpartisan) was taken
    # back, so it rules nothing out.
    facts = read_facts(
        "my son is running for school board, no wait, it's county commissioner (the school "
        "board one is nonpartisan), as an independent. 61,250 registered voters. sigs?",
        today=TODAY,
    )
    assert "school-committee" not in facts.values("office")
    assert "county-office" in facts.values("office")
