"""Deterministic rules core: typed inputs → a cited, traced `Result`. No I/O, no clock.

`engine/` is the law-free machinery, `values` the vocabulary of dates, times, money and counts;
each statute's rules live in its own folder under `md/` or `ma/`, found by `registry`.
"""

from rules.registry import ALIASES, RULES, RuleCheck, check_rules, resolve, run
from rules.result import Alternative, Citation, InputValue, Result, TraceStep

__all__ = [
    "ALIASES",
    "RULES",
    "Alternative",
    "Citation",
    "InputValue",
    "Result",
    "RuleCheck",
    "TraceStep",
    "check_rules",
    "resolve",
    "run",
]
