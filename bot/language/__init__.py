"""Reading questions: the facts a question states (`read_facts`: typed, each with its role and
words, staff vocabulary from `lexicon.yaml`), the rules those facts rule out (each rule's frame,
`frames.yaml` in its statute folder), which compatible rule the words are about (`Matcher`,
together: `match_question`), and the facts as that rule's parameters (`params_for`).

No per-rule code lives here: each rule reads its parameters from the facts in its statute
folder (`rules/<state>/<statute>/params.py`, `RuleSpec.from_facts`), and its words are that
folder's `phrases.yaml`.
"""

from __future__ import annotations

from datetime import date

from bot.language.choosing import match_question
from bot.language.frames import Frame, frame_of, ruled_out
from bot.language.matching import Matcher, MatchResult, RulePhrases, build_matcher
from bot.language.read import extract, params_for
from rules.engine.facts import Facts


def read_facts(text: str, *, today: date) -> Facts:
    """Everything one question states (`today`, in America/New_York, resolves "tomorrow" and
    dates written without a year). Never raises on user text: see `Facts.problems`."""
    return extract(text, today=today)


__all__ = [
    "Frame",
    "MatchResult",
    "Matcher",
    "RulePhrases",
    "build_matcher",
    "extract",
    "frame_of",
    "match_question",
    "params_for",
    "read_facts",
    "ruled_out",
]
