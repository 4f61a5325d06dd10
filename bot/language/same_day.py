"""The candidacy filing deadline said only by its hour, on the day the question names ("withdrew
at 10:30 p.m. on Feb 24, after the 9 p.m. COC cutoff that same night")."""

from __future__ import annotations

import re
from datetime import time

from bot.language.date_roles import said_hour
from rules.engine.facts import FactDate


# "withdrew at 10:30 p.m. on Feb 24, after the 9 p.m. COC cutoff that same night": the
# candidacy filing deadline, said only by its hour, on the day the sentence names.
def _hour(n: int) -> str:
    """An hour with a.m. or p.m. ("9 pm", "9:00 p.m."), its groups numbered `n`."""
    return rf"(?P<h{n}>\d{{1,2}})(?::(?P<m{n}>\d{{2}}))?\s*(?P<pm{n}>[ap])\.?\s?m\b\.?"


_CUTOFF = (
    # ("the 9 p.m. certificate-of-candidacy cutoff", "the 9pm cutoff for certs of candidacy")
    r"(?:(?:coc|candidacy|candidate|certificates?|certs?|filing|of)[\s-]+){0,4}"
    r"(?:cut-?off|deadline|close|closing)"
    r"(?:\s+for\s+(?:certs?|certificates?|cocs?)(?:\s+of\s+candidacy)?)?"
)
_SAME_DAY = r"(?:that|the)\s+(?:same\s+)?(?:day|night|evening)|same\s+(?:day|night|evening)"
_SAME_DAY_CUTOFF = re.compile(
    "|".join(
        (
            # "the 9 pm COC cutoff that same night", "the 9pm filing close that day"
            rf"\b{_hour(1)}\s+{_CUTOFF}\s+(?:{_SAME_DAY})\b",
            # "that evening's 9 p.m. candidacy filing cutoff"
            rf"\b(?:that|the\s+same)\s+(?:day|night|evening)['’]s\s+{_hour(2)}\s+{_CUTOFF}",
            # "filing closed at 9:00 pm that night"
            rf"\b(?:filing|coc|candidacy)\s+(?:closed|closes|closing)\s+at\s+{_hour(3)}"
            rf"\s+(?:{_SAME_DAY})\b",
            # "withdrew at 10:30 last night, which was after filing closed at 9": candidacy
            # filing's hour (9 p.m., § 5-303) said bare, the event's day being the deadline's
            r"\b(?:after|before)\s+(?:the\s+)?(?:filing|coc|candidacy)\s+(?:had\s+)?"
            r"(?:closed|closes|close)\s+at\s+(?P<h5>9)(?::(?P<m5>00))?\b(?!\s*[ap]\.?\s?m)",
            # "half an hour after the 9 pm COC deadline", "ninety minutes after the 9 p.m. …"
            rf"\b(?:minutes?|half\s+an\s+hour|an\s+hour|hours?)\s+(?:after|past|before)\s+the\s+"
            rf"{_hour(4)}\s+{_CUTOFF}",
            # "pulled out last night at 10:15pm, after the 9pm cutoff for certs of candidacy"
            rf"\bafter\s+the\s+{_hour(6)}\s+{_CUTOFF}",
            # "the COC cutoff was 9 pm that day"
            rf"\b{_CUTOFF}\s+(?:was|is)\s+(?:at\s+)?{_hour(7)}\s+(?:on\s+)?(?:{_SAME_DAY})\b",
            # "died on Feb 26, the COC deadline day (filing closed at 9 p.m.)", "… (closes 9pm)"
            rf"\bday\s*\(\s*(?:(?:filing|coc|candidacy)\s+)?(?:closed|closes)\s+(?:at\s+)?"
            rf"{_hour(8)}\s*\)",
        )
    )
)


def same_day_cutoff(low: str, dates: list[FactDate]) -> FactDate | None:
    """The candidacy filing deadline said only by its hour on the day the question names
    ("withdrew at 10:30 p.m. on Feb 24, after the 9 p.m. COC cutoff that same night"): that
    day at that hour. None when the question gives the deadline's day itself, or names no one
    day for it to be on (the event's day, else the only date said)."""
    given = [d for d in dates if d.role == "filing_deadline"]
    if any(d.time is not None for d in given):
        return None
    m = _SAME_DAY_CUTOFF.search(low)
    if m is None:
        return None
    events = [d for d in dates if d.role == "event_date"]
    day = events[0] if len(events) == 1 else (dates[0] if len(dates) == 1 else None)
    found = said_hour(m)
    if day is None or found is None:
        return None
    hour, minute, pm = found
    evening = (pm or "p") == "p"  # (candidacy filing's bare "9" is § 5-303's 9 p.m.)
    said = time(hour % 12 + 12 * evening, minute)
    if given:
        # "dropped out 2/24 @ 9:40pm; filing closed at 9:00 pm that night (Feb 24)": the day
        # said is the deadline's, and the hour said of that same night is its hour.
        for d in given:
            # (a day said without its year is in the event's, settled later)
            if d.value == day.value or (
                not d.year_written
                and (d.value.month, d.value.day) == (day.value.month, day.value.day)
            ):
                d.time = said
        return None
    return FactDate(
        value=day.value,
        time=said,
        span=m.group(0),
        start=m.start(),
        role="filing_deadline",
        year_written=day.year_written,
    )
