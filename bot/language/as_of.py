""" "as of 2014-06-01" / "as of June 1, 2014" in a question: the day whose law in force answers it.

The phrase is split off before the question is read, so its date is never taken for an event,
a deadline or any other fact of the question; "as of" said of an event ("withdrawn as of June
1") or of a count or sum ("402,118 as of January 1") dates that fact instead. The date itself
is read by `bot.language.dates` (the one date reader), so every form it reads works here and
nothing else does.
"""

from __future__ import annotations

import re
from datetime import date

from bot.language.dates import find_dates

_AS_OF = re.compile(r"\b(?:law\s+)?as\s+of\s+", re.IGNORECASE)
# "deceased as of 5/28", "withdrawn as of June 1": the date the event took effect, a fact of the
# question, not the day whose law answers it.
_EVENT_BEFORE = re.compile(
    r"\b(?:dead|deceased|died|passed|withdrawn|withdrew|disqualified|dq\W?d|resigned|removed"
    r"|ineligible|incapacitated|disabled|vacant|effective|out|off\s+the\s+ballot)\s*$",
    re.IGNORECASE,
)
# "402,118 as of January 1, 2028", "registered voters as of Jan 1", "the Fund balance as of
# June 30": the day a count or a sum was taken, a fact of the question (never a section's
# number: "what did 5-903 say as of June 1, 2014" asks for the law then).
_COUNT_BEFORE = re.compile(
    # (a sum, a count written with its thousands, or one written short — never a year or a
    # day: "died May 1 2014, as of June 1, 2014")
    # ("registered_voters=4200000 as of June 1, 2014": a command's value, then the law's day)
    r"(?:(?<![=\w])(?:\$\s?\d[\d,]*(?:\.\d+)?|(?<![-\d.,§])\d{1,3}(?:,\d{3})+"
    r"|\d+(?:\.\d+)?\s*(?:k|m|mm|million|thousand)\b|\d{5,})(?:\s+[a-z']+){0,3}"
    # ("registered voters statewide as of January 1, 2030", "voters in the county as of …")
    r"|\b(?:voters?|registration|registered|count|figure|number|balance|total|fund|tally)"
    r"(?:\s+(?!law\b|statute\b|rule\b)[a-z']+){0,3})\s*$",
    re.IGNORECASE,
)
# How far after "as of" a date may run ("Wednesday, June 1, 2014 at 5pm" fits).
_WINDOW = 40


def split_as_of(text: str, *, today: date) -> tuple[str, date | None, str | None]:
    """(the text without its "as of DATE" phrase, that date, a problem) — the date None when
    the text names none; the problem a sentence when "as of" is followed by a date that is not
    valid ("as of Feb 30, 2014"). "As of now" and other non-dates are left in the text."""
    for match in _AS_OF.finditer(text):
        before = text[max(0, match.start() - 30) : match.start()]
        if _EVENT_BEFORE.search(before) or _COUNT_BEFORE.search(before):
            continue
        after = text[match.end() : match.end() + _WINDOW]
        problems: list[str] = []
        dates, _ = find_dates(after.lower(), today, problems)
        first = dates[0] if dates else None
        if first is not None and first.start == 0:
            end = match.end() + len(first.span)
            # (the lines kept as they were: a pasted sheet "(as of 7/15):\nTicket A 1,200,000
            # …" is still read row by row)
            rest = f"{text[: match.start()].rstrip(' ')} {text[end:].lstrip(' ')}"
            return rest.strip().strip(" ,;:"), first.value, None
        own = [p for p in problems if _about_start(p, after.lower())]
        if own:
            return text, None, f"I couldn't read the date after “as of”: {own[0]}."
    return text, None, None


def _about_start(problem: str, after: str) -> bool:
    """Whether a problem the date reader found is about the words right after "as of" (its
    problems begin with the words they are about, quoted)."""
    quoted = re.match(r"""^['"](.+?)['"]""", problem)
    return quoted is not None and after.startswith(quoted.group(1))
