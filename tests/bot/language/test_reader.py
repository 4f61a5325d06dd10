"""The question reader (issue 12): the staff lexicon, typed facts with roles and words,
negation, and rule frames."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from bot.language import Frame, read_facts, ruled_out
from bot.language.frames import all_frames
from bot.language.lexicon import Lexicon, lexicon
from rules import RULES

TODAY = date(2026, 3, 10)


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("how many sigs for an indie", "how many signatures for an independent"),
        ("SBE DQ'd the LG", "SBE disqualified the LG"),
        ("the DOI deadline", "the declaration of intent deadline"),
        ("FCFF balance", "Fair Campaign Financing Fund balance"),
        ("public $ for a gov ticket", "public funds for a gubernatorial ticket"),
        ("special election in CD-6", "special election in congressional district 6"),
        # Whole words only: "signal" is not "sig", "$400" after "public" is an amount.
        ("signal the governor", "signal the governor"),
        ("public $400", "public $400"),
    ],
)
def test_staff_abbreviations_are_written_out(typed: str, written: str) -> None:
    assert lexicon().expand(typed) == written
    assert lexicon().expand(written) == written  # idempotent: reading twice changes nothing


def test_offices_keep_their_words_and_negation_makes_a_not_office() -> None:
    facts = read_facts("Gov candidate (not the LG) died on May 3", today=TODAY)
    assert facts.values("office") == ["governor"]
    assert facts.values("not_office") == ["lieutenant-governor"]
    [negated] = [m for m in facts.mentions if m.role == "not_office"]
    assert negated.span == "LG"  # the user's own words
    [office] = [m for m in facts.mentions if m.role == "office"]
    assert office.span == "Gov"  # as typed, though read as "governor"
    # The longest phrase wins: "lieutenant governor" is not also a "governor".
    lg = read_facts("the lieutenant governor candidate withdrew", today=TODAY)
    assert lg.values("office") == ["lieutenant-governor"]


def test_topics_asks_and_details_are_read_as_facts() -> None:
    facts = read_facts(
        "the incumbent resigned, vacancy in the office — when is the special election?",
        today=TODAY,
    )
    assert facts.values("topic") == ["vacancy-in-office"]
    assert "election-date" in facts.values("asks")
    dq = read_facts("LG disqualified for insufficient signatures", today=TODAY)
    assert dq.values("detail") == ["insufficient-signatures"]
    # A "..." gap never crosses a sentence: this names the last day, it doesn't ask it.
    named = read_facts("When is the certificate due? Last day to withdraw was June 5.", today=TODAY)
    assert "withdrawal-deadline" not in named.values("asks")


def test_sums_without_a_dollar_sign_are_money_when_the_words_say_whose() -> None:
    facts = read_facts("raised 300,000; fund remaining 3,000,000; 2 tickets", today=TODAY)
    assert facts.amount("private") == Decimal(300000)
    assert facts.amount("fund") == Decimal(3000000)
    assert facts.count("tickets") == 2
    # A bare number with no money words stays a count.
    plain = read_facts("a district of 300,000 registered voters", today=TODAY)
    assert plain.amounts == [] and plain.count("registered_voters") == 300000


def test_dotted_dates_need_their_year_and_a_district_number_is_no_count() -> None:
    facts = read_facts("CD-6 special primary 5.9.26, fund 4.5 million", today=TODAY)
    assert [d.value for d in facts.dates] == [date(2026, 5, 9)]
    assert facts.counts == []
    assert facts.amounts[0].value == Decimal(4500000)


def test_a_frame_rules_out_by_cover_and_by_exclusion_with_its_reason() -> None:
    frame = Frame.from_mapping(
        "zz-rule",
        {
            "asks": "a test deadline",
            "covers": {"office": {"values": ["mayor"], "reason": "Mayors only; not the {value}."}},
            "rules_out": [{"role": "topic", "value": "county-program", "reason": "No counties."}],
        },
    )
    assert frame.conflict(read_facts("the mayor died", today=TODAY)) is None
    assert frame.conflict(read_facts("the comptroller died", today=TODAY)) == (
        "Mayors only; not the Comptroller candidate."
    )
    # Both offices named: the covered one keeps the rule in.
    assert frame.conflict(read_facts("the mayor and the comptroller", today=TODAY)) is None
    assert frame.conflict(read_facts("Howard County program", today=TODAY)) == "No counties."


def test_every_frame_belongs_to_a_rule_and_fills_its_parameters() -> None:
    frames = all_frames()
    assert set(frames) == set(RULES)
    for rule_id, frame in frames.items():
        spec = RULES[rule_id]
        assert frame.asks, rule_id
        assert set(frame.fills or {}) <= {p.name for p in spec.params}, rule_id
        for cover in frame.covers:
            assert cover.values and cover.reason, rule_id
        for exclusion in frame.rules_out:
            assert exclusion.reason, rule_id


def test_facts_that_fit_rule_nothing_out() -> None:
    facts = read_facts("MD: LG candidate died May 1 2026, successor deadline?", today=TODAY)
    out = ruled_out(facts, RULES)
    assert "md-successor-lt-gov" not in out
    # Massachusetts rules: another state; a count or an amount: not what is asked.
    assert {r for r in RULES if r.startswith("ma-")} <= set(out)
    assert "Massachusetts" in out["ma-vacancy-delegates"] or "asks" in out["ma-vacancy-delegates"]
    assert "your question asks a deadline" in out["md-petition-signatures"]


def test_a_lexicon_is_data() -> None:
    small = Lexicon.from_mapping(
        {"synonyms": {"qq": "quorum"}, "terms": {"office": {"clerk": ["town clerk"]}}}
    )
    assert small.expand("the qq is") == "the quorum is"
    [found] = small.mentions("not the town clerk")
    assert (found.role, found.value, found.span) == ("not_office", "clerk", "town clerk")


def test_a_denied_event_is_no_event() -> None:
    # § 5-903(b)(2): death and withdrawal have different deadlines; "didn't withdraw" is neither.
    facts = read_facts("the LG didn't withdraw, she died on May 3", today=TODAY)
    assert (facts.event, facts.problems) == ("death", [])
    assert facts.date_with_role("event_date") is not None


def test_state_keywords_count_only_once_the_state_is_named() -> None:
    from bot.language import Matcher

    matcher = Matcher(
        {
            "ma-x": {
                "state": "ma",
                "keywords": ["quorum"],
                "state_keywords": ["replacement"],
                "cues": ["when"],
                "examples": ["when is the replacement due", "when is the quorum"],
            }
        }
    )
    assert matcher.match("when is the replacement due?").candidates == ()
    assert matcher.match("when is the replacement due in Massachusetts?").rule == "ma-x"
    assert matcher.match("when is the quorum?").rule == "ma-x"


def test_a_misspelt_lieutenant_does_not_leave_a_governor() -> None:
    # Half-read, "leiutenant governor" would be a Governor candidate and contradict § 5-903(b).
    facts = read_facts("our leiutenant governor candidate died May 1", today=TODAY)
    assert facts.values("office") == ["lieutenant-governor"]
    [office] = [m for m in facts.mentions if m.role == "office"]
    assert office.span == "leiutenant governor"  # the user's words, as typed
    # Inflections are not typos: "eligible" stays "eligible", "withdraws" stays "withdraws".
    assert lexicon().expand("eligible, withdraws, signature") == "eligible, withdraws, signature"


def test_a_total_is_no_tickets_entitlement_and_both_is_two() -> None:
    # § 15-106(b) prorates each ticket's entitlement, never the sum of them.
    # ("2 tickets of $1.5M each": each ticket's, twice)
    facts = read_facts("$2M available vs $3M in total for 2 tickets of $1.5M each", today=TODAY)
    assert [(a.role, a.times) for a in facts.amounts] == [
        ("fund", 1),
        ("total", 1),
        ("entitlement", 2),
    ]
    assert read_facts("both tickets are nominees", today=TODAY).count("tickets") == 2


@pytest.mark.parametrize(
    ("question", "role", "value"),
    [
        # § 5-703(c)(3)'s general election, said by its month with an apostrophe.
        ("indie petition deadline ahead of November's election?", "stage", "general"),
        # § 15-106(e): a ticket that is its party's nominee (written with the apostrophe).
        ("our ticket is its party's nominee now, what do we get", "detail", "nominee"),
    ],
)
def test_a_lexicon_phrase_written_with_an_apostrophe_is_matched(
    question: str, role: str, value: str
) -> None:
    """Mentions are matched with apostrophes blanked; a phrase written "party's" is read the
    same way, not silently never matched."""
    found = lexicon().mentions(question.lower())
    assert (role, value) in {(m.role, m.value) for m in found}
