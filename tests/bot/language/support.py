"""What the reader tests share: the rule a question reaches and the parameters it fills, as the
answering service reads them (one matcher, built once; the question sets' day)."""

from __future__ import annotations

from datetime import date

from bot.language import build_matcher, match_question, params_for, read_facts
from rules import RULES
from rules.values import param_strings

TODAY = date(2026, 3, 10)
# The question sets under tests/ (the helpers' own and the external ones written by people who
# never saw the reader), by file name.
QUESTION_SETS = (
    "questions",
    "questions_external",
    "questions_external2",
    "questions_external3",
    "questions_external4",
    "questions_external5",
)
MATCHER = build_matcher(RULES)


def rule_for(question: str) -> str | None:
    """The rule the question reaches among those its facts are compatible with."""
    return match_question(MATCHER, question, read_facts(question, today=TODAY))[0].rule


def params(rule: str, question: str) -> dict[str, str]:
    return param_strings(params_for(rule, read_facts(question, today=TODAY)))
