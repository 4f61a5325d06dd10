"""Mass. Gen. Laws ch. 53, § 14 — vacancies in nominations.

Everything about this statute's rules is in this folder: the logic and rule spec of each rule
(`certificate.py`: sentences 7–9, the certificate deadline; `delegates.py`: sentences 4–5;
`who_fills.py`: sentences 1–3 and 6), the law key (`section.py`), reading their parameters from
a question's facts (`params.py`), the words staff use (`phrases.yaml`), the pinned text
(`pins.toml`), season deadlines (`season.yaml`) and golden cases (`golden/`).
"""

from rules.engine import RuleSpec
from rules.ma.c53_s14.certificate import CERTIFICATE
from rules.ma.c53_s14.delegates import DELEGATES
from rules.ma.c53_s14.who_fills import WHO_FILLS

RULES: tuple[RuleSpec, ...] = (CERTIFICATE, DELEGATES, WHO_FILLS)
