"""Times of day said with a question's dates: "June 5 at 5pm", "5 p.m. on June 5", "noon",
"9 o'clock", "21:40", "10:30 last night" (`bot.language.dates` reads the dates; a time written
without a.m./p.m. is read only where an office hour is meant, never guessed).
"""

from __future__ import annotations

import re
from datetime import time

from rules.engine.facts import FactDate

# ("4/10 5p": a bare "p" right after the hour is p.m.; a bare "a" is left alone — "district 5a")
# ("pulled out at 10:30 that night": the evening's hours are p.m. too)
AMPM = (
    r"(a\.?\s?m\b\.?|p\.?\s?m\b\.?|(?<=\d)p\b|(?:that|at|last)\s+(?:same\s+)?night\b"
    # ("9 in evening": the article dropped)
    # ("at 9 that evening of Feb 26": the hour, then its day)
    r"|(?:that|this|in\s+the|in)\s+(?:same\s+)?(?:evening|afternoon)(?:\s+of)?\b"
    # ("quarter past nine on the evening of Tuesday, February 26")
    r"|on\s+the\s+(?:evening|night)\s+of\b)"
)
# After a bare "at 5": not a count of something ("at 5 votes") nor part of a date or number.
_NOT_A_COUNT = (
    r"(?![:/.,\-]?\d)(?!\s*(?:%|days?|weeks?|hours?|votes?|tickets?|towns?|wards?|precincts?))"
    # ("the fund sits at 6 million": a sum, never 6 o'clock)
    r"(?!\s*(?:k|m|mm|mil|million|thousand|billion|bn|grand|dollars?|bucks)\b)"
)
_TIME_AFTER = re.compile(
    # ("close today (Sept. 4) at noon": past the parenthesis that closes a day said twice;
    # "this Friday (the 20th) at 5": past one that says it again)
    r"\)?\s*(?:\([^()]{0,15}\)\s*)?"
    # ("the last day to withdraw was yesterday, Monday, at 5 pm": the day named again)
    r"(?:[,(]\s*(?:mon|tues|wednes|thurs|fri|satur|sun)day\)?\s*)?"
    # ("withdraws tuesday night at 10 pm")
    r"(?:(?:night|evening|morning|afternoon)\s+)?"
    # ("the 2/26 filing deadline (9 pm)", "the 9/12 withdrawal deadline (5pm)": the
    # deadline's hour, said after its name)
    r"(?:(?:filing|coc|candidacy|certificate|withdrawals?)\s+(?:deadline|cut-?off)\s*)?"
    # ("Feb 26 2030, deadline was 9 pm": the day's deadline, its hour said after it)
    r"(?:,\s*(?:the\s+)?(?:deadline|cut-?off)\s+(?:was|is)\s+)?"
    # ("Friday, September 22, at five o'clock in the afternoon")
    r"(?:,\s*(?:at\b)?|\bat\b|@|\bby\b|-|–|—|\()?\s*"
    # ("last day for withdrawals: Tuesday 2/15/2028, closing at noon")
    r"(?:(?:closing|closes|closed|ending|ends)\s+)?(?:at\s+|a\s+las\s+|[àa]s\s+)?(?:(?:around|about|approximately|like)\s+)?"
    r"(?:(\d{1,2})(?::(\d{2}))?\s*" + AMPM + r"|(?:12\s+)?(noon)\b|(\d{1,2}):(\d{2})\b"
    # "closes fri 6/5 at 5", "Sept 15th, 5 o'clock": an office hour without a.m./p.m. (read by
    # `_office_hour`: 1 to 6 as p.m., a candidacy deadline's 9 as 9 p.m., no other)
    # ("withdrawals closed fri 2/26 @ 5")
    r"|(?:(?<=at\s)|(?<=@\s)|(?<=@))([1-69])\b" + _NOT_A_COUNT + r"|(\d{1,2})\s*o['’]?\s?clock\b)"
)
_TIME_BEFORE = re.compile(
    # (never the end of a number cut by the search's window: "9:15 on the evening of" is not 5)
    r"(?<![\d:])(?:(\d{1,2})(?::(\d{2}))?\s*" + AMPM + r"|(?:12\s+)?(noon)"
    # ("at 22:15 on Feb 26", "COC filing ... 17:00, 5/3/2027": a 24-hour time, from 13:00 on,
    # is no other number)
    r"|(1[3-9]|2[0-3]):([0-5]\d)"
    # ("the COC deadline at 5 o'clock on april 9": an office hour, read as `_office_hour` does)
    r"|(\d{1,2})\s*o['’]?\s?clock"
    # ("withdrawals closed at 5 today": an office hour, then its day)
    r"|(?<=at\s)([1-6])(?=\s))"
    # ("tomorrow's noon cutoff (Fri 9/4)": the deadline's hour, then its day)
    # ("withdrawals close Friday at noon — 9/22": the day said after a dash)
    # ("died at about 10:30 pm on filing night, Feb 26": the night named, then its day)
    r"(?:\s+(?:cut-?off|deadline)\s*\(?)?\s*"
    # ("died 9:00pm on the dot Tues 2/26", "5 pm sharp, Friday": the hour said exactly)
    r"(?:(?:sharp|exactly|on\s+the\s+dot)\s*)?"
    # ("close at noon this friday")
    r"(?:on\s+(?:the\s+)?(?:filing|deadline)[\s-]+(?:night|day)\s*,?\s*|on\s+|,\s*|[—–-]+\s*"
    r"|this\s+(?:coming\s+)?)?$"
)
ANY_TIME = re.compile(
    # ("the 9 o'clock cutoff": an hour, never a count)
    r"\b\d{1,2}\s*o['’]?\s?clock\b|"
    r"\b\d{1,2}(?::\d{2})?\s*"
    + AMPM
    + r"|(?:\b12\s+)?\bnoon\b|\b\d{1,2}:\d{2}\b|(?<=\bat\s)[1-6]\b"
    + _NOT_A_COUNT
)


def clock_time(
    hour: int, minute: int, ampm: str | None, problems: list[str], span: str
) -> time | None:
    if ampm:
        if not 1 <= hour <= 12:
            problems.append(f"{span.strip()!r} is not a valid time")
            return None
        evening = ampm.startswith("p") or any(w in ampm for w in ("night", "evening", "afternoon"))
        hour = hour % 12 + (12 if evening else 0)
    try:
        return time(hour, minute)
    except ValueError:
        problems.append(f"{span.strip()!r} is not a valid time")
        return None


# Words before a date that make it a filing deadline, whose hour is an office hour.
_DEADLINE_BEFORE = re.compile(
    r"\b(?:clos\w*|deadline|due|ends?|ended|cut-?off|(?:last|final)\s+day|until|by|proclamation"
    r"|sets?)\b"
)


_DEADLINE_AFTER = re.compile(
    r"[^.?!;]{0,16}?\b(?:is|was|will\s+be)\s+(?:the\s+)?(?:last\s+day|deadline|cut-?off)\b"
)
_CANDIDACY_BEFORE = re.compile(
    r"\b(?:coc|certificates?\s+of\s+candidacy|candidacy|candidate\s+filing|filing)\s+"
    r"(?:deadline|cut-?off|closed|closes|close)\b[^.?!]{0,16}$"
)


def _office_hour(low: str, d: FactDate, hour: int, minute: int) -> time | None:
    """An hour written without a.m./p.m. ("at 5", "5:00"): a filing deadline's 1 to 6 is in the
    afternoon (no filing office closes between 1 and 6 in the morning). Any other such hour, or
    one on a date that is no deadline ("died 6/5 at 3"), is left unread: never guessed."""
    # ("Last day to withdraw from town nominations is this Thursday 3/11 at 5": the deadline's
    # words may stand a long clause before its day)
    if 1 <= hour <= 6 and (
        _DEADLINE_BEFORE.search(low, max(0, d.start - 70), d.start)
        # ("this friday 10/8 at 5 is the last day to withdraw": the deadline named after)
        or _DEADLINE_AFTER.match(low, d.start + len(d.span))
    ):
        return time(hour + 12, minute)
    # "COC deadline was 2/26/30 at 9": candidacy filing closes at 9 p.m. (Md. Elec. Law
    # § 5-303), never in the morning
    if hour == 9 and _CANDIDACY_BEFORE.search(low, max(0, d.start - 40), d.start):
        return time(21, minute)
    return None


# A day said by name ("today", "friday"), which a bare "at 5" may stand before.
_NAMED_DAY = re.compile(r"(?:today|tomorrow|yesterday|mon|tue|wed|thu|fri|sat|sun)")
_CLOCK_BEFORE_NIGHT = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*$")


def attach_time(low: str, d: FactDate, problems: list[str], said_after: int) -> int:
    """A time written right after ("June 5 at 5pm") or right before ("5 p.m. on June 5"); a
    time already said after the previous date ("Feb 24 at 9 p.m. On May 20 …") is not this
    one's. Returns where a time written after this date ends (else `said_after`)."""
    if d.time is not None:
        return said_after
    end = d.start + len(d.span)
    # (wide enough for a deadline's name between: "10/3/2029 withdrawal deadline (4 pm)")
    after = _TIME_AFTER.match(low, end, min(len(low), end + 32))
    if after:
        said_after = after.end()
        if after.group(4):
            d.time = time(12, 0)
        elif after.group(7) or after.group(8):
            d.time = _office_hour(low, d, int(after.group(7) or after.group(8)), 0)
        elif after.group(1):
            d.time = clock_time(
                int(after.group(1)),
                int(after.group(2) or 0),
                after.group(3),
                problems,
                after.group(0),
            )
        else:
            hour, minute = int(after.group(5)), int(after.group(6))
            if 1 <= hour <= 11:
                # "closed June 5 at 5:00": no a.m./p.m., read as an office hour or not at all.
                d.time = _office_hour(low, d, hour, minute)
            else:
                d.time = clock_time(hour, minute, None, problems, after.group(0))
        return said_after
    night = _CLOCK_BEFORE_NIGHT.search(low, max(0, d.start - 12, said_after), d.start)
    if night and d.span in ("last night", "tonight"):
        # "withdrew at 10:30 last night": an hour said of a night is in the evening
        hour, minute = int(night.group(1)), int(night.group(2) or 0)
        if 1 <= hour <= 12 and minute < 60:
            d.time = time(hour % 12 + 12, minute)
        return said_after
    before = _TIME_BEFORE.search(low, max(0, d.start - 30, said_after), d.start)
    if before:
        if before.group(4):
            d.time = time(12, 0)
        elif before.group(5):
            d.time = time(int(before.group(5)), int(before.group(6)))
        elif before.group(7):
            d.time = _office_hour(low, d, int(before.group(7)), 0)
        elif before.group(8):
            # (only before a day said by name: "at 5 June 5" is no hour read)
            if _NAMED_DAY.match(d.span):
                d.time = _office_hour(low, d, int(before.group(8)), 0)
        else:
            d.time = clock_time(
                int(before.group(1)),
                int(before.group(2) or 0),
                before.group(3),
                problems,
                before.group(0),
            )
    return said_after
