"""Md. Code, Elec. Law § 5-903 — successor candidate for Lieutenant Governor.

Everything about this statute's rule is in this folder: the logic and rule spec
(`successor.py`), reading its parameters from a question's facts (`params.py`), the words staff
use (`phrases.yaml`), the pinned text (`pins.toml`), its season deadlines (`season.yaml`) and
its golden cases (`golden/`).
"""

from rules.engine import RuleSpec
from rules.md.gel_5_903.successor import SPEC

RULES: tuple[RuleSpec, ...] = (SPEC,)
