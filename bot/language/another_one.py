"""A sum said as another of the contributions told before it: "We also got one for $249",
"what does a $200 one get?" (§ 15-106(c) matches each eligible private contribution)."""

from __future__ import annotations

import re

from bot.language.lists import end_of
from rules.engine.facts import FactAmount

# "We also got one for $249", "what does a $200 one get?": another of the things said before.
_ONE_FOR_BEFORE = re.compile(r"\b(?:another|one(?:\s+more)?|a\s+second)\s+(?:for|of|at)\s+$")
_A_SUM_ONE = re.compile(r"\b(?:a|an|another)\s+$")
_ONE_AFTER = re.compile(r"\s+one\b")


def another_one(low: str, amounts: list[FactAmount]) -> None:
    """Once a sum is said to be a contribution, a sum said as "one for $249" or "a $200 one" is
    another contribution: the "one" is the contribution said before, not something new."""
    named = False  # a contribution said before this sum
    for amount in amounts:
        if named and amount.role is None:
            before = max(0, amount.start - 24)
            if _ONE_FOR_BEFORE.search(low, before, amount.start) or (
                _A_SUM_ONE.search(low, before, amount.start)
                and _ONE_AFTER.match(low, end_of(low, amount))
            ):
                amount.role = "contribution"
        named = named or amount.role == "contribution"
