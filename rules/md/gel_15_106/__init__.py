"""Public financing of gubernatorial tickets — distributions from the Fair Campaign Financing
Fund: Md. Code, Elec. Law § 15-106 as of 2014, and since the 2021 rewrite § 15-107 (with the
definitions of § 15-102). One folder for the rules, whichever section holds their law today
(see `specs.py`).

Everything about these rules is in this folder: the rule specs and which day decides the text
in force (`specs.py`), the logic for each text (`financing.py`: the 2014 § 15-106;
`text_2025.py`: §§ 15-107 and 15-102 as read today), reading their parameters from a question's
facts (`params.py`), the words staff use (`phrases.yaml`), the pinned text per version
(`pins.toml`), season deadlines (`season.yaml`) and golden cases (`golden/`).
"""

from rules.engine import RuleSpec
from rules.md.gel_15_106.specs import GENERAL, PRIMARY, PRORATION, SCHEDULE

RULES: tuple[RuleSpec, ...] = (SCHEDULE, PRIMARY, PRORATION, GENERAL)
