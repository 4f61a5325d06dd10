"""Deterministic rules core: typed inputs → a cited, traced `Result`. No I/O, no clock."""

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
