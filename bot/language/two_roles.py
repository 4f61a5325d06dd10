"""A day that plays two roles: "withdrew April 18, 2022, which was the last day to withdraw",
"died Feb 26, the day COC filing closed", "died on the day COC filing closed, Feb 26": the day
said of the event is the deadline's too (or the deadline's, the event's), so each role has it."""

from __future__ import annotations

import re
from datetime import date, time

from bot.language.date_roles import DEADLINES
from bot.language.times import attach_time
from rules.engine.facts import FactDate

# "April 18, 2022, which was the last day …", "Sept 8, the last day …", "Feb 26, the day COC
# filing closed", "…, which was also the day …": what joins a day to another role's cue.
_WHICH_WAS = re.compile(
    # ("feb 26 2030 -- that was COC deadline day", "Feb 26 — the same day …"; never "March 2
    # -- the last day to withdraw", which may set the deadline beside the day)
    r"\s*(?:(?:,|--|—|–)?\s*(?:which|that)\s+(?:was|is|were)\s+(?:also\s+)?(?:the\s+)?"
    r"|,?\s*(?:the\s+|also\s+the\s+)|(?:--|—|–)\s*(?:also\s+)?the\s+(?=(?:very\s+|same\s+)?day\b))"
    r"(?P<day>(?:very\s+|same\s+)?day\s+(?:that\s+|when\s+)?(?:the\s+)?)?"
)
# "died on the day COC filing closed", "withdrew the same day the withdrawal period closed":
# an event said to fall on another role's day.
_ON_THE_DAY = re.compile(
    r"\s+(?:on\s+)?(?:the\s+(?:very\s+|same\s+)?|that\s+)day\s+(?:that\s+|when\s+|as\s+)?(?:the\s+)?"
    # ("disqualified on the filing deadline day itself, Feb 26", "dies on COC deadline day")
    r"|\s+on\s+(?:the\s+)?(?=[a-z ]{1,30}?\s(?:day|night)\b)"
)
# A document's name between the joining words and the cue ("the day COC filing closed").
_NAMED = re.compile(r"(?:[a-z0-9'’-]+\s+){0,2}")


def _cue_at(
    cues: list[tuple[int, int, str]], low: str, at: int, day: bool
) -> tuple[int, int, str] | None:
    """The cue that begins at `at`, or, after "the day", at most two words on ("the day COC
    filing closed"; never "that is inside the withdrawal window")."""
    reach = _NAMED.match(low, at) if day else None
    end = reach.end() if reach else at
    return next((c for c in cues if at <= c[0] <= end), None)


def _hour_after(low: str, cue: tuple[int, int, str]) -> time | None:
    """The hour said right after a deadline's cue ("closed at 9 p.m."), or None."""
    said = FactDate(value=date.min, span=low[cue[0] : cue[1]], start=cue[0])
    attach_time(low, said, [], 0)
    return said.time


def dates_said_twice(low: str, cues: list[tuple[int, int, str]], dates: list[FactDate]) -> None:
    """A date followed by "which was" or ", the (day)" and another role's cue ("April 18, 2022,
    which was the last day to withdraw") has both roles: a copy of it with the second is
    added. A deadline copied so has only an hour said after its own cue ("…, the same day
    certificates closed at 9 p.m."): an hour said with the date is the event's, never the
    deadline's (§ 5-303's hour is its own; with the day alone the rule asks it). An event
    said to fall "on the day" a deadline's cue names ("died on the day COC filing closed, Feb
    26") has that deadline's day, alone: the hour said is the deadline's."""
    for d in list(dates):
        m = _WHICH_WAS.match(low, d.start + len(d.span))
        cue = _cue_at(cues, low, m.end(), bool(m.group("day"))) if m else None
        if not m or not cue or cue[2] == d.role or any(o.role == cue[2] for o in dates):
            continue
        day_only = {"time": _hour_after(low, cue)} if cue[2] in DEADLINES else {}
        dates.append(d.model_copy(update={"role": cue[2], "start": m.end(), **day_only}))
    if not any(d.role == "event_date" for d in dates):
        for _, end, role in cues:
            m = _ON_THE_DAY.match(low, end) if role == "event_date" else None
            deadline = _cue_at(cues, low, m.end(), True) if m else None
            kind = deadline[2] if deadline and deadline[2] in DEADLINES else None
            said = [d for d in dates if kind and d.role == kind]
            if m and len(said) == 1:
                dates.append(said[0].model_copy(update={"role": role, "start": end, "time": None}))
                break
    dates.sort(key=lambda x: x.start)
