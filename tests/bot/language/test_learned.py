"""The learned model (`bot.language.learned`) and how it settles what a question's words left
open (`bot.language.choosing.settle`): it picks among compatible rules, overrules only what the
question was read to ask, declines a match that reads like the questions no rule covers, and
never overrides a fact the question states."""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path
from types import ModuleType

import pytest

from bot.language import MatchResult, read_facts
from bot.language.choosing import (
    DECLINE,
    DECLINE_WEAK,
    HARDLY,
    OVERRULE,
    PAST_WORDS,
    RESCUE,
    SETTLE,
    SWITCH,
    WEAK,
    settle,
)
from bot.language.frames import Conflict
from bot.language.learned import MODEL_FILE, NONE, LearnedModel, features, learned_model
from bot.language.lexicon import lexicon
from rules import RULES
from tests.support.benchmarks import benchmark_script
from tests.support.service import packaged_service

ROOT = Path(__file__).resolve().parents[3]
DAY = date(2026, 3, 10)
SERVICE = packaged_service(DAY)
LG = "md-successor-lt-gov"
CERT = "ma-vacancy-certificate"


def _trainer() -> ModuleType:
    return benchmark_script("train_reader")


def test_the_shipped_model_is_trained_on_the_tuning_sets_as_the_reader_now_reads_them() -> None:
    # Change a tuning set, the lexicon or the reader, and this fails until
    # `benchmarks/train_reader.py` has trained the model again.
    trainer = _trainer()
    found = trainer.examples()
    shipped = json.loads(MODEL_FILE.read_text(encoding="utf-8"))["trained_on"]
    assert shipped["fingerprint"] == trainer.fingerprint((f, y) for _, f, y in found)
    assert shipped["questions"] == len(found)
    # Never a held-out set: those measure the reader, and a model trained on them would too.
    question_sets = sys.modules["question_sets"]
    assert not set(shipped["sets"]) & set(question_sets.HELDOUT_FOLDERS)
    assert all(
        not name.startswith("heldout") or name.endswith("_retired") for name in shipped["sets"]
    )


def test_every_question_folder_is_either_tuned_on_or_held_out() -> None:
    # A held-out folder left off HELDOUT_FOLDERS would be measured by nothing (and guarded by
    # nothing); a tuning folder left off QUESTION_FOLDERS would never be read or trained on.
    _trainer()  # puts benchmarks/ on the path, where question_sets lives
    question_sets = sys.modules["question_sets"]
    folders = {p.parent.name for p in question_sets.TESTS.glob("*/questions.yaml")}
    held = {f for f in folders if f.startswith("heldout") and not f.endswith("_retired")}
    assert held == set(question_sets.HELDOUT_FOLDERS)
    assert folders - held == set(question_sets.QUESTION_FOLDERS.values())


def test_the_model_weighs_every_rule_and_the_questions_none_covers() -> None:
    model = learned_model()
    assert set(model.classes) == {*RULES, NONE}
    question = "LG candidate died May 1 2026, successor deadline?"  # § 5-903(b)
    said = SERVICE.matcher.read_words(lexicon().expand(question))
    p = model.probabilities(features(said, read_facts(question, today=DAY)))
    assert abs(sum(p.values()) - 1.0) < 1e-9
    assert max(p, key=p.__getitem__) == LG


def test_a_model_with_a_weight_list_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(ValueError, match="one number per class"):
        LearnedModel.from_mapping(
            {"classes": ["a", "b"], "intercepts": [0, 0], "weights": {"w:x": [1.0]}}
        )


def _p(top: str, sure: float) -> dict[str, float]:
    """Probabilities with `sure` on `top` and the rest spread over the others."""
    others = [c for c in (*RULES, NONE) if c != top]
    return {top: sure, **{c: (1 - sure) / len(others) for c in others}}


NO_WORDS = MatchResult("no_match", reason="no rule's topic words appear in the question")
BOTH = MatchResult("ambiguous", candidates=((LG, 0.7), (CERT, 0.68)), choices=(LG, CERT))
WORDS_MATCHED = MatchResult("matched", candidates=((LG, 0.8),), choices=(LG,))
WEAKLY_MATCHED = MatchResult("matched", candidates=((LG, WEAK - 0.05),), choices=(LG,))


@pytest.mark.parametrize(
    ("result", "probabilities", "conflicts", "rule", "learned"),
    [
        # No rule's words: a rule it reads like is picked only when the model is sure enough.
        (NO_WORDS, _p(CERT, RESCUE), {}, CERT, "chosen"),
        (NO_WORDS, _p(CERT, RESCUE - 0.01), {}, None, ""),
        # Words that fit two rules: the one it reads like, if it is one of them.
        (BOTH, _p(CERT, SETTLE), {}, CERT, "chosen"),
        (BOTH, _p("md-petition-filing", 0.99), {}, None, ""),
        # A rule ruled out only by what the question was read to ask ("Was that late?").
        (NO_WORDS, _p(LG, OVERRULE), {LG: Conflict("asks else", about_asking=True)}, LG, "chosen"),
        (NO_WORDS, _p(LG, OVERRULE - 0.01), {LG: Conflict("x", about_asking=True)}, None, ""),
        # A stated fact ("the Governor candidate, not the LG") is never overruled.
        (NO_WORDS, _p(LG, 0.999), {LG: Conflict("another office")}, None, ""),
        # Words no rule computes ("filing fee") are set aside only when the question reads all
        # but certainly like one rule's (and that part is said not to be answered).
        (
            MatchResult("no_match", out_of_scope=("filing fee",)),
            _p(LG, PAST_WORDS - 0.001),
            {},
            None,
            "",
        ),
        (
            MatchResult("no_match", out_of_scope=("filing fee",)),
            _p(LG, PAST_WORDS),
            {},
            LG,
            "chosen",
        ),
        # Words matched a rule, but the question reads like those no rule covers: declined.
        (WORDS_MATCHED, _p(NONE, DECLINE), {}, None, "declined"),
        (WORDS_MATCHED, _p(NONE, DECLINE - 0.01), {}, LG, ""),
        # ... and sooner when the words match it only weakly.
        (WEAKLY_MATCHED, _p(NONE, DECLINE_WEAK), {}, None, "declined"),
        (WORDS_MATCHED, _p(NONE, DECLINE_WEAK), {}, LG, ""),
        # Words matched one rule, but the question reads all but certainly like another
        # compatible rule's and hardly like the matched one's: the other answers.
        (WORDS_MATCHED, _p(CERT, SWITCH), {}, CERT, "chosen"),
        (WORDS_MATCHED, _p(CERT, SWITCH), {CERT: Conflict("another state")}, LG, ""),
        (WORDS_MATCHED, {**_p(CERT, SWITCH), LG: HARDLY + 0.01}, {}, LG, ""),
        # Nothing to settle when the model's best guess is that no rule covers it.
        (NO_WORDS, _p(NONE, 0.9), {}, None, ""),
    ],
)
def test_settling_what_the_words_left_open(
    result: MatchResult,
    probabilities: dict[str, float],
    conflicts: dict[str, Conflict],
    rule: str | None,
    learned: str,
) -> None:
    settled = settle(result, probabilities, conflicts)
    assert settled.rule == rule
    assert settled.learned == learned
    if learned == "chosen":
        assert settled.candidates[0][0] == rule and rule not in settled.excluded
        assert settled.set_aside == result.out_of_scope


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # Md. Elec. Law § 5-903(b): no rule's topic words, but a running mate's death and a
        # replacement's paperwork.
        (
            "the second half of our governor team passed away on March 20, 2030; primary June "
            "25, 2030, sign-up cutoff Feb 26 at 9 pm. when is the new running partner's "
            "paperwork due?",
            LG,
        ),
        # § 5-903(b): "Was that late?" is read as a yes/no clause no frame words cover; the
        # successor rule answers with the deadline to compare against.
        (
            "Their LG pick withdrew on 3/2/26 and the gov candidate named a new one on 3/12. "
            "Was that late?",
            LG,
        ),
    ],
)
def test_questions_the_words_left_open_are_answered_by_the_rule_they_read_like(
    question: str, rule: str
) -> None:
    reply = SERVICE.ask(question)
    assert reply.rule == rule and reply.status not in ("no_match", "ambiguous")


def test_a_stated_office_still_rules_the_successor_rule_out() -> None:
    # § 5-903(b) is the Lieutenant Governor candidate's successor only.
    reply = SERVICE.ask("Gov candidate (not the LG) died on May 3 — deadline to replace him?")
    assert reply.status == "no_match" and reply.rule is None
    assert reply.reading is not None
    assert any(r.rule == LG for r in reply.reading.ruled_out)


def test_a_question_reading_like_those_no_rule_covers_is_declined_not_answered() -> None:
    # What a ticket must raise to qualify for public financing is no subsection these rules
    # compute from (§ 15-106(c) is the contribution once qualified).
    reply = SERVICE.ask(
        "How much does a gubernatorial ticket have to raise in qualifying contributions before "
        "it's eligible for Maryland public financing?"
    )
    assert reply.status == "no_match" and reply.result is None
    assert "reads like the ones about something none of my rules computes" in reply.message


def test_a_yes_no_question_about_what_no_rule_decides_is_never_overruled() -> None:
    # § 5-703(f) sets the petition deadline; whether it is waived is nothing it decides.
    reply = SERVICE.ask("is the petition filing deadline waived for a special election?")
    assert reply.status == "no_match" and reply.rule is None


def test_naming_our_state_does_not_make_a_question_read_as_out_of_scope() -> None:
    # The frames decide whose state a question is (`covers: state`); the learned model never
    # sees it, so "(Maryland)" cannot make a § 5-903(b) question read as one no rule covers.
    facts = read_facts("LG candidate died (Maryland)", today=DAY)
    seen = features(["lg", "candidat", "died", "maryland", "md"], facts)
    assert not any("maryland" in f or f.endswith((":md", ":ma")) for f in seen)
    reply = SERVICE.ask("LG candidate died; when must the replacement be named? (Maryland)")
    assert reply.rule == LG


def test_words_no_rule_computes_are_never_set_aside_when_they_are_all_the_question_asks() -> None:
    # "When must the registrars certify the replacement's signatures?" may read all but
    # certainly like c. 53, § 14's certificate, but the registrars' review is its only ask.
    vetoed = MatchResult("no_match", out_of_scope=("registrars certify",))
    assert settle(vetoed, _p(CERT, 0.999), {}, asked_besides=False).rule is None
    assert settle(vetoed, _p(CERT, 0.999), {}, asked_besides=True).rule == CERT
