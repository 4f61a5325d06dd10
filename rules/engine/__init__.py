"""The law-free machinery every rule shares: typed parameters, the context a rule computes in,
its specification, running it, and the facts a question states.

A rule is a `RuleSpec` (id, params, the law it implements) plus a pure `compute(ctx)` function;
the subsections it relies on, with the text hash it was written against, are pinned in its
statute folder's `pins.toml`.
"""

from rules.engine.context import Context, NeedsInput
from rules.engine.facts import Facts
from rules.engine.params import InvalidInput, Kind, Param, parse_value, year_param
from rules.engine.running import run_spec
from rules.engine.spec import Implementation, RuleSpec

__all__ = [
    "Context",
    "Facts",
    "Implementation",
    "InvalidInput",
    "Kind",
    "NeedsInput",
    "Param",
    "RuleSpec",
    "parse_value",
    "run_spec",
    "year_param",
]
