"""Reading questions: which rule a free-text question is about (`Matcher`), and the facts it
states (`read_facts`) as that rule's parameters (`params_for`).

No per-rule code lives here: each rule reads its parameters from the facts in its statute
folder (`rules/<state>/<statute>/params.py`, `RuleSpec.from_facts`), and its words are that
folder's `phrases.yaml`.
"""

from __future__ import annotations

from datetime import date

from bot.language.matching import Matcher, MatchResult, RulePhrases, build_matcher
from bot.language.read import extract, params_for
from rules.engine.facts import Facts


def read_facts(text: str, *, today: date) -> Facts:
    """Everything one question states (`today`, in America/New_York, resolves "tomorrow" and
    dates written without a year). Never raises on user text: see `Facts.problems`."""
    return extract(text, today=today)


__all__ = [
    "MatchResult",
    "Matcher",
    "RulePhrases",
    "build_matcher",
    "extract",
    "params_for",
    "read_facts",
]
