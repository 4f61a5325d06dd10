"""Who is asking, and so no fact of the question: "the campaign manager is asking me to confirm
…", "Campaign manager here.", "Auditor's question on the 2030 Fund", "From: Comptroller liaison";
and whom a figure comes from ("Fund balance from the Comptroller").
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
    # "The Comptroller's office just confirmed the Fund balance": the office's staff doing its
    # work (confirming, reporting, certifying a figure), not a candidate for the office
    r"|['’]s\s+office\s+(?:(?:has|had|just|also|now)\s+){0,2}(?:confirm|report|certif|transfer"
    r"|project|post|calculat|estimat|notif|sent\b|send)"
)
# "Office of the Attorney General (SBE counsel)": the office as an agency, by its formal name.
_AGENCY_BEFORE = re.compile(r"\boffice\s+of\s+(?:the\s+)?(?:state\s+)?$")


# "Exact Fund balance from the Comptroller", "per the Treasurer": the office a figure comes
# from (never the Governor or the LG, whose tickets the rules are about).
_SOURCE_BEFORE = re.compile(r"\b(?:from|per|according\s+to)\s+(?:the\s+)?(?:state\s+)?$")
_TICKET_OFFICES = ("governor", "lieutenant-governor")
# ("a withdrawal from the board of health race": a candidacy, not a source)
_CANDIDACY_AFTER = re.compile(r"\s*(?:race|seat|candidate|nominee|contest|ballot|nomination)\b")


def not_askers(low: str, facts: Facts) -> None:
    """Drop a campaign's staff member, or an office's, mentioned only as the one asking or
    the one a figure comes from."""
    facts.mentions = [
        m
        for m in facts.mentions
        if not (
            (m.value == "campaign-staff" and _ASKING.match(low, m.start + len(m.span)))
            or (m.role == "office" and _STAFF_OF_THE_OFFICE.match(low, m.start + len(m.span)))
            or (m.role == "office" and _AGENCY_BEFORE.search(low, max(0, m.start - 20), m.start))
            or (
                m.role == "office"
                and m.value not in _TICKET_OFFICES
                and _SOURCE_BEFORE.search(low, max(0, m.start - 30), m.start)
                and not _CANDIDACY_AFTER.match(low, m.start + len(m.span))
            )
        )
    ]
