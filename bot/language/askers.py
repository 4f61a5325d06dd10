"""Who is asking, and so no fact of the question: "the campaign manager is asking me to confirm
…", "Campaign manager here.", "Auditor's question on the 2030 Fund", "From: Comptroller liaison".
A campaign's staff member or an official's office said only as the one who asks is dropped from
the facts, so the Comptroller who asks never makes the question a Comptroller candidate's."""

from __future__ import annotations

import re

from rules.engine.facts import Facts

# "the campaign manager is asking me to confirm …": the person asking is not what is asked about.
_ASKING = re.compile(
    r"\s+(?:is\s+|was\s+|has\s+been\s+|just\s+)?(?:ask|want|wonder|call|email|text)"
    r"\w*\b(?!\s+(?:out|off|in\s+sick))"
    # "Campaign manager here.": who is writing
    r"|\s+here\b\s*[.,:;!—–-]"
)
# "Auditor's question", "Comptroller liaison", "the Treasurer's office here": an office's staff
# or its question, not a candidate for it ("the senator's office says he will withdraw" still
# names the senator's own nomination).
_STAFF_OF_THE_OFFICE = re.compile(
    r"(?:['’]s)?\s+(?:question|liaison|desk)\b"
    r"|['’]s\s+office\s+(?:here\b|(?:is\s+)?ask)"
)


def not_askers(low: str, facts: Facts) -> None:
    """Drop a campaign's staff member, or an office's, mentioned only as the one asking."""
    facts.mentions = [
        m
        for m in facts.mentions
        if not (
            (m.value == "campaign-staff" and _ASKING.match(low, m.start + len(m.span)))
            or (m.role == "office" and _STAFF_OF_THE_OFFICE.match(low, m.start + len(m.span)))
        )
    ]
