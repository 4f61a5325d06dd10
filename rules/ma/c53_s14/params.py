"""What a question states for c. 53 § 14's rules."""

from __future__ import annotations

import re

from rules.engine.facts import FactCount, Facts

_LT_GOVERNOR = re.compile(r"\b(?:lieutenant|lt\.?)\s*gov(?:ernor)?\b|\blg\b")
_GOVERNOR = re.compile(r"\bgovernor\b")


def vacancy_certificate(facts: Facts) -> dict[str, object]:
    """Sentence 7: the last day (and hour) for withdrawals, and the kind of office.

    Sentence 7 counts from the *last day for filing withdrawals*, not from the day a candidate
    withdrew: a withdrawal date is the event's date, never this parameter (the rule then takes
    the last day from the calendar, or asks). A lone date with no role is taken only when the
    question names no withdrawal event it could be the date of."""
    p: dict[str, object] = {}
    found = facts.date_with_role("withdrawal_deadline") or (
        None if facts.event or facts.cause else facts.only_date((None,))
    )
    if found:
        p["withdrawal_deadline"] = found.as_param()
    office = facts.office or _level(facts, by_election=True)
    if office:
        p["office"] = office
    kinds = {_DISTRICT[o] for o in facts.values("office") if o in _DISTRICT}
    if office == "state" and len(kinds) == 1:
        p["district"] = kinds.pop()
    elif office == "state" and not kinds and "statewide-office" in facts.values("detail"):
        p["district"] = False  # "a statewide office": elected by the whole state
    return p


# Before the primary a district or county office's withdrawals close a week before a federal or
# statewide office's (c. 53 § 48 sets their papers' days): which kind each office named is.
_DISTRICT = {
    "state-legislator": True,
    "governors-council": True,
    "county-office": True,
    "governor": False,
    "lieutenant-governor": False,
    "attorney-general": False,
    "secretary-of-state": False,
    "treasurer": False,
    "auditor": False,
    "member-of-congress": False,
}


# Sentence 7's 72 hours are for state offices, 48 for city and town ones: the level of each
# office the reader names (federal offices are left to the user: the rule asks).
_LEVELS = {
    "lieutenant-governor": "state",
    "governor": "state",
    "attorney-general": "state",
    "secretary-of-state": "state",
    "treasurer": "state",
    "auditor": "state",
    "state-legislator": "state",
    "mayor": "city",
    "city-council": "city",
    "town-office": "town",
}


def _level(facts: Facts, *, by_election: bool = False) -> str | None:
    """The one level of the offices the question names, if they share one; with no office
    named and `by_election`, a state primary or election's offices are state offices (all of
    them, the Governor's too, have sentence 7's 72 hours)."""
    levels = {_LEVELS[o] for o in facts.values("office") if o in _LEVELS}
    if by_election and not levels and "state-election" in facts.values("detail"):
        return "state"
    return levels.pop() if len(levels) == 1 else None


def delegates(facts: Facts) -> dict[str, object]:
    """Sentences 4–5: the votes cast, and whether the district takes in only parts of wards or
    towns."""
    n = facts.count("votes")
    # "our senate candidate got 9,400 and our governor candidate 8,800 votes": of the votes
    # counted, those nearest the governor's candidate said (sentence 4 counts only theirs).
    governor = [
        (m.start, m.start + len(m.span)) for m in facts.mentions if m.value == "votes-governor"
    ]
    # ("3,102 votes for president and our gubernatorial candidate 2,488": the governor's count
    # is said without its noun; every count of votes, or of nothing said, is weighed)
    votes = [c for c in facts.numbers if c.role in ("votes", None)]
    if governor and len(votes) > 1:

        def apart(c: FactCount) -> int:
            end = c.start + len(c.span)
            return min(max(c.start - e, s - end, 0) for s, e in governor)

        n = min(votes, key=apart).value
    p: dict[str, object] = {"votes": n} if n is not None else {}
    district = facts.values("district")
    if "partial" in district:
        p["partial_district"] = True  # sentence 5: parts of wards or towns
    elif "whole" in district:
        p["partial_district"] = False  # "the whole ward is in the district"
    return p


def who_fills(facts: Facts) -> dict[str, object]:
    """Sentences 1–3 and 6: how the candidate was nominated, the office, the cause, and the
    primary the nomination came from when the question dates it."""
    p: dict[str, object] = {}
    # Sentence 2 of c. 53 § 14 singles out governor and lieutenant governor: keep which.
    office: str | None = facts.office or _level(facts)
    named = (facts.office_name or "").lower()
    # Whose vacancy it is ("the Governor candidate died — the LG is still in") before any office
    # merely named beside it.
    offices = facts.values("event_office") or facts.values("office")
    if "lieutenant-governor" in offices or _LT_GOVERNOR.search(named):
        office = "lieutenant-governor"
    elif "governor" in offices or _GOVERNOR.search(named):
        office = "governor"
    cause: str | None = facts.cause
    if cause == "disqualification" and "insufficient-signatures" in facts.values("detail"):
        cause = "disqualification-insufficient-signatures"  # sentence 2's own exception
    for name, value in (
        ("nomination", facts.nomination),
        ("office", office),
        ("cause", cause),
    ):
        if value:
            p[name] = value
    # 2025 Mass. Acts c. 34 § 4 turns on which primary the nomination came from (a special
    # primary's too: "the nominee from the 4/27/27 special primary").
    primary = facts.date_with_role("primary") or facts.date_with_role("special_primary")
    if primary:
        p["primary_date"] = primary.value
    return p
