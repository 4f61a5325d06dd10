"""Rules per statute version (issue 11, point 3): the implementation for the text in force on the
deciding date runs; when that is not known, the answer says so first and gives the result under
each candidate text, the conservative one leading; never a silent pick.

A test rule with one implementation per text of § 5-703 (2014, 2025) runs on the packaged corpus,
whose version metadata gives: 2014-06-01 only the 2014 text can be in force (not confirmed);
2016-11-08 the 2014 text or the 2015 text, which is not held; 2018-06-01 the 2014, 2015 (not
held) or 2025 texts; from 2025-01-01 the 2025 text is known in force. Each test names what it
checks; the rules' own answers are in the statute folders' golden cases.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from rules.calendar import CalendarSet
from rules.engine import Context, Implementation, NeedsInput, Param, RuleSpec
from rules.engine.spec import Conservative
from rules.engine.versioned import run_versioned
from rules.pins import RuleCheck, combined, load_pins
from rules.result import Result
from rules.values import TZ
from statutes import load_corpus
from tests.statutes.corpora import entry, seeds, write_versions

LAW = "md/gel/5-703"
NODE = f"{LAW}/d/1"  # (d)(1) reads the same in both texts
NO_CALENDARS = CalendarSet([], version="none")
CORPUS = load_corpus()


def rule(
    values: dict[str, Any],
    *,
    key: str = "deadline",
    conservative: Conservative = ("deadline", "min"),
    asks: dict[str, str] | None = None,
) -> RuleSpec:
    """A rule answering `values[version]` under each text of § 5-703 (or asking for
    `asks[version]`)."""

    def implementation(vid: str) -> Implementation:
        def compute(ctx: Context) -> None:
            if asks and vid in asks:
                raise NeedsInput(asks[vid], reason=f"version {vid} needs it")
            ctx.step(f"under {vid}", NODE)
            ctx.answer(f"Answer under {vid}.", **{key: values[vid]})

        return Implementation(vid, {LAW: vid}, compute)

    return RuleSpec(
        id="test-rule",
        title="test",
        jurisdiction="md",
        section=LAW,
        params=(Param("x", "int", "a value", required=False),),
        implementations=tuple(implementation(v) for v in values),
        conservative=conservative,
    )


def run(
    spec: RuleSpec,
    day: date,
    *,
    corpus: Any = CORPUS,
    check: Callable[[Implementation, Any], RuleCheck] | None = None,
    today: date = date(2026, 6, 1),
) -> Result:
    return run_versioned(
        spec,
        {},
        today=today,
        corpus=corpus,
        calendars=NO_CALENDARS,
        as_of=day,
        check=check or (lambda impl, view: RuleCheck(spec.id, "ok", version=impl.id)),
        pinned=lambda impl: {NODE},
    )


DAYS = {"2014": date(2018, 9, 1), "2025": date(2018, 7, 1)}


def test_a_text_known_in_force_runs_alone():
    result = run(rule(DAYS), date(2026, 3, 1))
    assert (result.in_force, result.versions) == ("known", {LAW: "2025"})
    assert result.result["deadline"] == date(2018, 7, 1) and result.alternatives == []
    # The rule's deadline (2018-07-01) is before `today`: that is said first, then the text used.
    assert result.notices == [
        "This deadline has passed: it was Sunday, July 1, 2018.",
        "Text used: § 5-703, the 2025 text — an unofficial copy, in force on 2026-03-01.",
    ]
    assert result.answer == " ".join(result.notices) + " Answer under 2025."
    assert result.in_force_on == date(2026, 3, 1)
    assert {c.version["id"] for c in result.citations} == {"2025"}
    # A day still ahead is not called "in force" because the text is the newest known.
    ahead = run(rule(DAYS), date(2026, 11, 3), today=date(2026, 1, 15))
    assert ahead.notices == [
        "This deadline has passed: it was Sunday, July 1, 2018.",
        "Text used: § 5-703, the 2025 text — an unofficial copy, the current text, applied to "
        "2026-11-03.",
    ]


def test_the_only_possible_text_runs_and_is_not_called_confirmed():
    # 2014-06-01: the 2014 text (known in force only on 2014-05-16) is the only candidate.
    result = run(rule(DAYS), date(2014, 6, 1))
    assert (result.in_force, result.versions) == ("unconfirmed", {LAW: "2014"})
    assert result.notices == [
        "This deadline has passed: it was Saturday, September 1, 2018.",
        "Text used: § 5-703, the 2014 text — an unofficial copy, since amended, not confirmed in "
        "force on 2014-06-01.",
    ]
    assert result.alternatives == []


def test_several_texts_the_earliest_deadline_leads_whatever_its_version():
    # 2018-06-01: 2014 and 2025 held, 2015 not held. The 2025 text gives the earlier date.
    result = run(rule(DAYS), date(2018, 6, 1))
    assert (result.in_force, result.versions) == ("uncertain", {LAW: "2025"})
    assert result.result["deadline"] == date(2018, 7, 1)
    assert result.notices[:3] == [
        "I can't tell which text of § 5-703 was in force on 2018-06-01.",
        "A text I do not hold may have been in force: § 5-703 version 2015 (not before "
        "2015-01-14).",
        "Below is the earliest deadline among the texts I hold; the result under each other text "
        "follows as an alternative.",
    ]
    assert result.answer.startswith(" ".join(result.notices))
    (other,) = result.alternatives
    assert other.label == "Under § 5-703, the 2014 text"
    assert other.versions == {LAW: "2014"} and other.result["deadline"] == date(2018, 9, 1)
    assert {c.version["id"] for c in other.citations} == {"2014"}
    assert other.answer.endswith("Answer under 2014.")
    assert other.basis.startswith("version 2014: in force from an unknown day")


def test_a_date_only_deadline_means_that_whole_day():
    # 9 a.m. under one text is earlier than "July 1" (until the end of the day) under another.
    morning = datetime.combine(date(2018, 7, 1), time(9), TZ)
    result = run(rule({"2014": morning, "2025": date(2018, 7, 1)}), date(2018, 6, 1))
    assert result.versions == {LAW: "2014"} and result.result["deadline"] == morning


def test_the_larger_requirement_and_the_smaller_amount_lead():
    counts = rule({"2014": 42000, "2025": 10000}, key="count", conservative=("count", "max"))
    result = run(counts, date(2018, 6, 1))
    assert result.result["count"] == 42000 and result.versions == {LAW: "2014"}
    assert "Below is the larger requirement among the texts I hold" in result.answer
    amounts = rule(
        {"2014": Decimal("90000.00"), "2025": Decimal("800.00")},
        key="amount",
        conservative=("amount", "min"),
    )
    result = run(amounts, date(2018, 6, 1))
    assert result.result["amount"] == Decimal("800.00") and result.versions == {LAW: "2025"}


def test_a_text_not_held_is_named_even_with_one_held_candidate():
    # 2016-11-08: the 2014 text or the 2015 text (not held): never a silent pick.
    result = run(rule(DAYS), date(2016, 11, 8))
    assert result.in_force == "uncertain" and result.versions == {LAW: "2014"}
    assert result.notices[:3] == [
        "I can't tell which text of § 5-703 was in force on 2016-11-08.",
        "A text I do not hold may have been in force: § 5-703 version 2015 (not before "
        "2015-01-14).",
        "Below is the result under the only text I hold that may apply: § 5-703, the 2014 text.",
    ]
    assert result.alternatives == []


def test_a_day_no_held_text_covers_gives_every_result(tmp_path: Path):
    # The 2014 text ended 2014-12-31, the 2025 one began 2020-01-01: in 2017 neither.
    root = seeds(tmp_path)
    (root / "md" / "gel-5-703.2025.xml").write_bytes(
        (Path(CORPUS.root) / "md" / "gel-5-703.2025.xml").read_bytes()
    )
    others = [
        entry("md/gel/15-106", "2014", "md/gel-15-106.xml"),
        entry("md/gel/5-903", "seed", "md/gel-5-903.xml"),
        entry("ma/mgl/c53/14", "seed", "ma/c53-s14.xml"),
    ]
    write_versions(
        root,
        [
            entry(LAW, "2014", "md/gel-5-703.xml", in_force_to=date(2014, 12, 31)),
            entry(LAW, "2025", "md/gel-5-703.2025.xml", in_force_from=date(2020, 1, 1)),
            *others,
        ],
    )
    result = run(rule(DAYS), date(2017, 1, 1), corpus=load_corpus(root))
    assert result.in_force == "uncovered" and result.versions == {LAW: "2025"}
    assert (
        result.notices[0]
        == "No text of § 5-703 I hold is known to have been in force on 2017-01-01."
    )
    assert [a.versions for a in result.alternatives] == [{LAW: "2014"}]


def test_a_refused_candidate_refuses_and_an_asking_one_asks():
    def refuse_2014(impl: Implementation, view: Any) -> RuleCheck:
        state = "refused" if impl.id == "2014" else "ok"
        return RuleCheck("test-rule", state, ("(d)(1) changed.",) if state != "ok" else ())

    result = run(rule(DAYS), date(2018, 6, 1), check=refuse_2014)
    assert result.status == "refused" and result.in_force == "uncertain"
    assert result.answer.startswith(
        "I can't tell which text of § 5-703 was in force on 2018-06-01."
    )
    assert "under § 5-703, the 2014 text" in result.answer and "(d)(1) changed." in result.answer
    # ... but only when that text is a candidate: in 2026 the 2025 text answers.
    assert run(rule(DAYS), date(2026, 3, 1), check=refuse_2014).status == "answered"
    # A candidate that needs a value makes the answer ask for it (with the others' needs).
    asking = rule(DAYS, asks={"2014": "x"})
    result = run(asking, date(2018, 6, 1))
    assert result.status == "needs_input" and result.missing == ["x"]
    assert result.notices[0].startswith("I can't tell which text")


def test_a_fixed_view_is_taken_as_the_text_in_force():
    # A view pinned to a version (no version metadata to reason with): its text runs, "known".
    result = run(rule(DAYS), date(2018, 6, 1), corpus=CORPUS.view({LAW: "2014"}))
    assert result.in_force == "known" and result.versions == {LAW: "2014"}


def test_pins_per_implementation_and_rule_checks(tmp_path: Path):
    path = tmp_path / "pins.toml"
    path.write_text(
        '[a]\n"n/1" = "x"\n\n[b."2014"]\n"n/1" = "y"\n\n[b."2025"]\n"n/1" = "z"\n',
        encoding="utf-8",
    )
    assert load_pins(path) == {
        "a": {"": {"n/1": "x"}},
        "b": {"2014": {"n/1": "y"}, "2025": {"n/1": "z"}},
    }
    path.write_text('[c]\n"n/1" = "x"\n\n[c."2014"]\n"n/1" = "y"\n', encoding="utf-8")
    with pytest.raises(RuntimeError, match="mixes hashes and implementation tables"):
        load_pins(path)
    ok, bad = RuleCheck("b", "ok", version="2014"), RuleCheck("b", "refused", ("gone.",), "2025")
    check = combined("b", [ok, bad])
    assert check.state == "refused" and check.problems == ("Version 2025: gone.",)
    assert check.implementations == (ok, bad)
    assert combined("b", [ok, ok]).message == "ok"


def test_a_rule_gives_compute_or_implementations_with_distinct_texts():
    impl = Implementation("2014", {LAW: "2014"}, lambda ctx: None)
    with pytest.raises(ValueError, match="either compute or implementations"):
        RuleSpec("r", "t", "md", LAW, (), compute=lambda ctx: None, implementations=(impl,))
    with pytest.raises(ValueError, match="distinct ids and texts"):
        RuleSpec("r", "t", "md", LAW, (), implementations=(impl, impl))
    plain = RuleSpec("r", "t", "md", LAW, (), compute=lambda ctx: None)
    (only,) = plain.impls
    assert (only.id, dict(only.texts)) == ("", {})
