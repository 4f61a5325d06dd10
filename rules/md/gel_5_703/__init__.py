"""Md. Code, Elec. Law § 5-703 — nomination by petition (candidates not affiliated with a party).

Everything about this statute's rules is in this folder: the rule specs and which day decides
the text in force (`specs.py`), the logic for each text version (`text_2014.py`,
`text_2025.py`, and `petition.py` for what both texts share), reading their parameters from a
question's facts (`params.py`), the words staff use (`phrases.yaml`), the pinned text per
version (`pins.toml`), season deadlines (`season.yaml`) and golden cases (`golden/`).
"""

from rules.engine import RuleSpec
from rules.md.gel_5_703.specs import CERTIFICATE, DECLARATION, FILING, SIGNATURES

RULES: tuple[RuleSpec, ...] = (DECLARATION, CERTIFICATE, SIGNATURES, FILING)
