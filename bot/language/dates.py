"""Reading dates and times out of question text: "2026-06-05", "6/5/26", "June 5th", "5 June",
"Fri June 5 at 5pm", "tomorrow" (what each date is — a withdrawal deadline, the primary, … — is
`bot.language.date_roles`'s).

Only explicit forms are read; nothing is guessed from a lone number, so dateutil's fuzzy parser
is deliberately not used — it invents dates out of counts and sums. Impossible dates ("Feb 30")
and weekdays that do not match ("Friday June 4, 2026") are reported, never corrected.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from datetime import date, time, timedelta

from dateutil.relativedelta import FR, MO, SA, SU, TH, TU, WE

from bot.language.months import MONTH_NAME, MONTHS
from bot.language.next_weekday import NEXT_WEEKDAY, WEEKDAY_FULL, days_to_next
from bot.language.text import MAX_ITEMS, in_mail_header
from bot.language.times import attach_time, clock_time
from rules.engine.facts import FactDate
from rules.timecalc import nth_weekday_of_month

_MONTH = r"(" + MONTH_NAME + r")\.?"
WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_RDWEEKDAYS = (MO, TU, WE, TH, FR, SA, SU)  # dateutil's, by the same numbers
# "the 2028 deadlines", "a 2030 scenario": a year written on its own, not inside a date.
YEAR_ALONE = re.compile(r"(?<![\d/.-])(?:19|20)\d\d(?![\d/.-])")
_WEEKDAY_NAME = WEEKDAY_FULL + r"|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun"
_WEEKDAY = r"(?:(" + _WEEKDAY_NAME + r")(?:(?<!day)\.)?,?\s+)?"  # ("Fri. Aug 3"; "Friday. Aug")
_ORD = r"(?:st|nd|rd|th)?"

# ("closed Monday 2030-06-03": the weekday said is the date's own, not a Monday of its own)
# ("primary 2034.06.27", "2034/06/27": the year first, with dots or slashes too)
_ISO = re.compile(
    r"(?<![\d.$,])\b"
    + _WEEKDAY.replace("?:(", "?:(?P<wd>", 1)
    + r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:t(\d{1,2}):(\d{2}))?\b(?![.,/-]?\d)"
)
_NUMERIC = re.compile(
    r"(?<![\d/$.,])\b"
    + _WEEKDAY.replace("?:(", "?:(?P<wd>", 1)
    + r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/%])"
)
_YEAR_AFTER = r"\b(?:,?\s*['’]?(\d{4}|(?<=['’])\d{2})\b)?"  # ("Feb 28 '34, 9 p.m.": '34)
# ("received Feb 3–9, 2030": a span of days is read as its first, in the year written after it)
_DAYS_TO = r"(?:[-–]\d{1,2}(?![\d:.]|\s*[ap]\.?m))?"
_MONTH_DAY = re.compile(r"\b" + _WEEKDAY + _MONTH + r"\s+(\d{1,2})" + _ORD + _DAYS_TO + _YEAR_AFTER)
_DAY_MONTH = re.compile(
    r"\b"
    + _WEEKDAY
    + r"(?:the\s+)?(\d{1,2})"
    + _ORD
    + r"\s+(?:of\s+|de\s+)?"
    + _MONTH
    + r"(?![a-z])"
    + r"(?:,?\s*(?:de\s+)?(\d{4})\b)?"
)
# "5.9.26", "5-9-26": staff shorthand, read only with its year (a lone "5.9" is a number, and
# "5-903" a section). A sentence's full stop may follow ("on 5.13.26."), a further number not.
_DOTTED = re.compile(r"(?<![\d.$,\-])\b(\d{1,2})([.\-])(\d{1,2})\2(\d{4}|\d{2})\b(?![.\-]?\d)")
# "Thursday 8-31", "withdrawl deadline 8-29": a month and day joined by a hyphen, read without a
# year only after a weekday or a word that dates what follows ("precincts 1-3" is a range).
_HYPHENED = re.compile(
    r"(?:\b(?P<wd>" + _WEEKDAY_NAME + r")\.?,?\s+"
    r"|\b(?:deadline|due|on|by|until|till|thru|through|closes?|closed|ends?|ended)\s+"
    r"(?:is\s+|was\s+)?)"
    r"(?P<m>1[0-2]|0?[1-9])-(?P<d>3[01]|[12]\d|0?[1-9])(?![\d/-]|\.\d)"
)
# "the third Tuesday of May", "2nd Monday in June 2030": the weekday that often in the month
# (number words are digits by now: "3rd"; "second" is left as a word, being a unit of time too).
_NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
_NTH_WEEKDAY = re.compile(
    r"\b([1-5](?:st|nd|rd|th)|first|second|third|fourth|fifth|last)\s+(?P<wd>"
    + WEEKDAY_FULL
    + r")\s+(?:of|in)\s+"
    + _MONTH
    + r"(?![a-z])(?:,?\s*(\d{4})\b)?"
)
# "died on the 4th": a day of this month, read only when it has already come (a later day
# could be last month's or a future one: the user is asked for the month, never a guess).
# Not "the 4th district".
_ON_THE_DAY = re.compile(
    r"\bon\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b"
    r"(?!\s*(?:of\b|ward|district|precinct|congressional|legislative|round|ballot|try|floor"
    # "on the 3rd Tuesday" is a weekday of some month, not this month's 3rd
    r"|" + WEEKDAY_FULL + r"))"
)
_RELATIVE = re.compile(r"\b(yesterday|today|tomorrow|last\s+night|this\s+morning|tonight)\b")
_SHIFT = {"yesterday": -1, "last night": -1, "today": 0, "this morning": 0, "tonight": 0}
# "3 days ago", "a week ago": a day counted back from today.
_AGO = re.compile(
    r"\b(\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|week)s?\s+ago\b"
)
# "two weeks from today", "10 days from now", "a week from tomorrow", "two weeks from friday":
# a day counted forward from today, tomorrow or the coming weekday.
_FROM_TODAY = re.compile(
    r"\b(\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|week)s?\s+"
    r"from\s+(?:(?P<anchor>today|now|tomorrow)|(?:this\s+(?:coming\s+)?)?(?P<wd>"
    + WEEKDAY_FULL
    + r"))\b"
)
# "last Friday", "this past Monday" (never "next Friday" or "this Friday": those could be
# either side of today).
_PAST_WEEKDAY = re.compile(r"\b(?:last|this\s+past|past)\s+(?P<wd>" + _WEEKDAY_NAME + r")\b")
# "Friday the 13th", "Thursday the 16th at 5", "Wed the 23rd": a weekday and a day of the month
# with no month said name the one such day nearest today.
_WEEKDAY_THE_DAY = re.compile(
    r"\b(?P<wd>" + _WEEKDAY_NAME + r")\.?,?\s+(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)\b"
    r"(?!\s*(?:of\b|,?\s*(?:" + MONTH_NAME + r")\b))"
    # ("Friday the 27th (March)", "Monday the 15th (March '27)": the month said after it)
    r"(?:\s*\((?P<month>" + MONTH_NAME + r")\.?(?:,?\s*['’]?(?P<year>\d{4}|\d{2}))?\))?"
)
_NEAREST_MONTHS = 6  # months either side of today searched for that weekday and day
# "died Sunday", "withdrew on Monday": a bare weekday after an event already past is the last one.
_EVENT_WEEKDAY = re.compile(
    r"\b(?:died|withdrew|resigned|quit|passed(?:\s+away)?|dropped\s+out|pulled\s+out|was\s+disqualified"
    r"|was\s+dq'?d)\s+(?:on\s+|last\s+)?(?P<wd>" + WEEKDAY_FULL + r")\b"
)
# "she'll pull out tuesday", "if an LG candidate files a withdrawal tuesday night": an event
# still to come on a bare weekday is on the coming one ("next tuesday" is either: not read).
_EVENT_WEEKDAY_AHEAD = re.compile(
    r"\b(?:will|['’]ll|going\s+to|plans?\s+to|planning\s+to|intends?\s+to|expects?\s+to"
    r"|if\s+(?:she|he|they|(?:the|an?|our|their)\s+[\w-]+(?:\s+[\w-]+)?))\s+(?:\w+\s+){0,2}?"
    r"(?:withdraws?|pulls?\s+out|drops?\s+out|dies|die|resigns?|quits?"
    r"|files?\s+(?:a|her|his|the|their)\s+(?:certificate\s+of\s+)?withdrawal)\s+"
    r"(?:on\s+|this\s+(?:coming\s+)?)?(?P<wd>" + WEEKDAY_FULL + r")\b"
)
# "withdrawals close Friday at noon", "last day is this Friday": a day still to come on a bare
# weekday is the coming one; "withdrawals closed friday at 5" the last one.
# (never when the day is written out just after: "close Friday at noon — 9/22" is 9/22)
_DAY_WRITTEN_AFTER = r"(?![^.?!;]{0,25}?(?:\d{1,2}/\d{1,2}|\b(?:" + MONTH_NAME + r")\.?\s+\d))"
# ("the last day for withdrawals is Friday at 5:00", "deadline was Monday": said of the day)
_DEADLINE_IS = r"\b(?:last\s+day|deadline|cut-?off)\b[^.?!;]{0,40}?\b"
_CLOSES_WEEKDAY = re.compile(
    r"(?:\b(?:close|closes|closing|end|ends)\s+(?:on\s+)?|\bthis\s+(?:coming\s+)?"
    r"|" + _DEADLINE_IS + r"(?:is|falls\s+on|will\s+be)\s+(?:on\s+)?)"
    r"(?P<wd>" + WEEKDAY_FULL + r")\b" + _DAY_WRITTEN_AFTER
)
_CLOSED_WEEKDAY = re.compile(
    r"(?:\b(?:closed|ended)|"
    + _DEADLINE_IS
    + r"(?:was|fell\s+on))\s+(?:on\s+|last\s+)?(?P<wd>"
    + WEEKDAY_FULL
    + r")\b"
    + _DAY_WRITTEN_AFTER
)
# "the nominee from Tuesday's primary": a weekday's election already held is the last one.
WEEKDAYS_ELECTION = re.compile(
    r"(?<!next\s)(?<!coming\s)(?<!upcoming\s)\b(?P<wd>" + WEEKDAY_FULL + r")'?s\s+"
    r"(?:state\s+|party\s+|special\s+)?(?:primary|election|convention|caucus)\b"
)
_SMALL = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SMALL |= {"seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _anchor_ahead(m: re.Match[str], today: date) -> int | None:
    """Days from today to what "N weeks from …" counts from: today, tomorrow, or the coming
    weekday (None when that weekday is today's: this one or next week's is not said)."""
    if m.group("wd") is None:
        return 1 if m.group("anchor") == "tomorrow" else 0
    ahead = (WEEKDAYS[m.group("wd")[:3]] - today.weekday()) % 7
    return ahead or None


def month_number(name: str) -> int:
    """1 to 12 for a month's name or abbreviation ("Sept" → 9)."""
    return MONTHS[name.lower()[:3]]


def in_year(day: date, year: int) -> date:
    """The same day in `year` (a Feb 29 with no such day that year stays as it is)."""
    try:
        return day.replace(year=year)
    except ValueError:
        return day


def _year(raw: str | None, today: date) -> int:
    if raw is None:
        return today.year
    return 2000 + int(raw) if len(raw) == 2 else int(raw)


def _across_new_year(value: date, today: date) -> date:
    """A day written without its year, in today's year unless that is most of a year away and
    the same day in the year next to it is close: in December "the 11th of January" is next
    month's, in January "withdrew Dec 28" last month's."""
    if abs((value - today).days) <= 270:
        return value
    for year in (today.year + 1, today.year - 1):
        near = in_year(value, year)
        if abs((near - today).days) <= 100:
            return near
    return value


# Words right before a day that say it is still to come ("if the special primary is March 14",
# "the primary will be on June 25", "scheduled for Jan 9"): said of a day already past this
# year, they mean next year's.
_SAID_AHEAD = re.compile(
    r"\b(?:will\s+be|would\s+be|(?:is|are)\s+(?:going\s+to\s+be\s+)?(?:scheduled|set|slated"
    r"|planned|expected)\s+(?:for|on)|scheduled\s+(?:for|on)|set\s+for|slated\s+for"
    r"|(?:if|when|once|assuming|suppose|say)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}\s+(?:is|falls"
    r"|lands)(?:\s+on)?|upcoming|coming)\s+(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur"
    r"|sun)day,?\s+)?$"
)


def _ahead_if_said_ahead(value: date, today: date, before: str) -> date:
    """A day written without its year that the words before it say is still to come, read in
    the next year when this year's is already past ("if the special primary is March 14",
    asked in November, is next March's); a day said of the past keeps today's year."""
    if value >= today or not _SAID_AHEAD.search(before):
        return value
    ahead = in_year(value, value.year + 1)
    return ahead if (ahead - today).days <= 300 else value


def settle_weekdays(
    dates: list[FactDate],
    today: date,
    problems: list[str],
    *,
    year_said: bool,
    years: Iterable[int] = (),
) -> None:
    """A date written with its weekday but not its year ("Friday June 9") is in the question's
    year when it names one (`year_said`), and the weekday must agree — of several years said
    (`years`: "an email of Sep 2027 … the 2030 cycle … Friday March 8th"), the one year where
    it does; with no year said, it is the year nearest today (this one, the next or the last)
    whose day falls on that weekday. A weekday that agrees with none is reported, never
    corrected."""
    for found in dates:
        if found.weekday is None or found.weekday == found.value.weekday():
            continue
        near = [] if year_said else [today.year - 1, today.year + 1]
        for candidates in (near, sorted(set(years))):
            moved = (in_year(found.value, y) for y in candidates)
            agreeing = sorted(
                (d for d in moved if d.weekday() == found.weekday),
                key=lambda d: abs((d - today).days),
            )
            if agreeing and (candidates is near or len(agreeing) == 1):
                found.value = agreeing[0]
                break
        if found.weekday == found.value.weekday():
            continue
        problems.append(f"{found.span.strip()!r}: {found.value:%B %-d, %Y} is a {found.value:%A}")


def _weekday_and_day(
    weekday: int, day: int, today: date, month_said: int | None = None
) -> date | None:
    """The date nearest `today` (within `_NEAREST_MONTHS` months) that is day `day` of its
    month (`month_said`, when the question says which) and falls on `weekday`, or None."""
    found = []
    for shift in range(-_NEAREST_MONTHS, _NEAREST_MONTHS + 1):
        month = (today.month - 1 + shift) % 12 + 1
        year = today.year + (today.month - 1 + shift) // 12
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if candidate.weekday() == weekday and month_said in (None, candidate.month):
            found.append(candidate)
    return min(found, key=lambda d: abs((d - today).days), default=None)


def _weekday_problem(weekday: str | None, value: date, span: str) -> str | None:
    if not weekday:
        return None
    if WEEKDAYS[weekday[:3]] != value.weekday():
        return f"{span.strip()!r}: {value:%B %-d, %Y} is a {value:%A}"
    return None


def find_dates(low: str, today: date, problems: list[str]) -> tuple[list[FactDate], str]:
    """All dates in `low` (lowercased text), earliest first; returns text with them blanked."""
    found: list[FactDate] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    def add(
        start: int,
        end: int,
        y: int,
        m: int,
        d: int,
        weekday: str | None,
        report_invalid: bool,
        clock: time | None = None,
        year_written: bool = True,
    ) -> None:
        span = low[start:end]
        taken.append((start, end))
        try:
            value = date(y, m, d)
        except ValueError:
            if report_invalid:
                problems.append(f"{span.strip()!r} is not a valid date")
            return
        said_weekday = None
        if not year_written:
            value = _across_new_year(value, today)
            value = _ahead_if_said_ahead(value, today, low[max(0, start - 60) : start])
            # ("Friday June 9": which year's June 9 is a Friday is settled with the question's
            # year, `settle_weekdays`)
            said_weekday = WEEKDAYS[weekday[:3]] if weekday else None
        elif (problem := _weekday_problem(weekday, value, span)) and not in_mail_header(low, start):
            # (a mail's header dates the message, not anything asked: a slip in its weekday
            # leaves the question readable)
            problems.append(problem)
        found.append(
            FactDate(
                value=value,
                time=clock,
                span=span,
                start=start,
                year_written=year_written,
                weekday=said_weekday,
            )
        )

    def matches() -> Iterable[tuple[str, re.Match[str]]]:
        for kind, rx in (
            ("iso", _ISO),
            ("md", _MONTH_DAY),
            ("dm", _DAY_MONTH),
            ("num", _NUMERIC),
            ("dot", _DOTTED),
            ("hyph", _HYPHENED),
            ("nth", _NTH_WEEKDAY),
            ("wd_day", _WEEKDAY_THE_DAY),
            ("day", _ON_THE_DAY),
            ("from_today", _FROM_TODAY),
            ("rel", _RELATIVE),
            ("ago", _AGO),
            ("past", _PAST_WEEKDAY),
            ("event_day", _EVENT_WEEKDAY),
            ("event_day", WEEKDAYS_ELECTION),
            ("event_ahead", _EVENT_WEEKDAY_AHEAD),
            ("event_ahead", _CLOSES_WEEKDAY),
            ("next", NEXT_WEEKDAY),
            ("event_day", _CLOSED_WEEKDAY),
        ):
            for m in rx.finditer(low):
                yield kind, m

    for kind, m in matches():
        if len(taken) >= MAX_ITEMS:
            problems.append(f"only the first {MAX_ITEMS} dates were read")
            break
        if not free(*m.span()):
            continue
        if kind == "iso":
            clock = None
            if m.group(5):
                clock = clock_time(int(m.group(5)), int(m.group(6)), None, problems, m.group(0))
            add(
                m.start(),
                m.end(),
                int(m.group(2)),
                int(m.group(3)),
                int(m.group(4)),
                m.group("wd"),
                True,
                clock,
            )
        elif kind == "md":
            add(
                m.start(),
                m.end(),
                _year(m.group(4), today),
                MONTHS[m.group(2)[:3]],
                int(m.group(3)),
                m.group(1),
                True,
                year_written=m.group(4) is not None,
            )
        elif kind == "dm":
            add(
                m.start(),
                m.end(),
                _year(m.group(4), today),
                MONTHS[m.group(3)[:3]],
                int(m.group(2)),
                m.group(1),
                True,
                year_written=m.group(4) is not None,
            )
        elif kind == "num":
            # "24/7" or "1/3" without a year is not reported; with a year it clearly meant a date.
            add(
                m.start(),
                m.end(),
                _year(m.group(4), today),
                int(m.group(2)),
                int(m.group(3)),
                m.group("wd"),
                m.group(4) is not None,
                year_written=m.group(4) is not None,
            )
        elif kind == "hyph":
            # (the word before the day is a cue, not the date's: the date starts at its weekday
            # or its month)
            begin = m.start("wd") if m.group("wd") else m.start("m")
            if not free(begin, m.end()):
                continue
            add(
                begin,
                m.end(),
                _year(None, today),
                int(m.group("m")),
                int(m.group("d")),
                m.group("wd"),
                False,
                year_written=False,
            )
        elif kind == "dot":
            add(
                m.start(),
                m.end(),
                _year(m.group(4), today),
                int(m.group(1)),
                int(m.group(3)),
                None,
                True,
            )
        elif kind == "nth":
            year, month = _year(m.group(4), today), MONTHS[m.group(3)[:3]]
            nth = _NTH.get(m.group(1)) or int(m.group(1)[0])
            if nth < 0 and m.group(4) is None:
                # "the last Tuesday of February" with no year: which February's is not
                # guessed (nor is it "last Tuesday", the one before today)
                taken.append(m.span())
                continue
            weekday = _RDWEEKDAYS[WEEKDAYS[m.group("wd")[:3]]]
            said = nth_weekday_of_month(year, month, weekday, nth)
            # ("the 5th Tuesday of May" that May does not have is reported as no date)
            day = said.day if said.month == month else 32
            add(m.start(), m.end(), year, month, day, None, True)
        elif kind == "wd_day":
            said_wd, said_day = WEEKDAYS[m.group("wd")[:3]], int(m.group("day"))
            month_said = MONTHS[m.group("month")[:3]] if m.group("month") else None
            # ("October 13, 2027 … (sorry - Tuesday the 12th)": in a month the question's
            # other dates name, when that day falls on that weekday there)
            named = [
                d.value.replace(day=said_day)
                for d in found
                if said_day <= calendar.monthrange(d.value.year, d.value.month)[1]
                and d.value.replace(day=said_day).weekday() == said_wd
            ]
            # (its year said too: searched around that month of that year, which is that day)
            said_in = _year(m.group("year"), today) if m.group("year") else None
            around = date(said_in, month_said, 1) if said_in and month_said else today
            near = named[0] if named else _weekday_and_day(said_wd, said_day, around, month_said)
            if near is None:
                taken.append(m.span())
                problems.append(f"{m.group(0)!r}: no month near today has that day on that weekday")
            else:
                add(
                    m.start(),
                    m.end(),
                    near.year,
                    near.month,
                    near.day,
                    None,
                    True,
                    year_written=False,
                )
        elif kind == "day":
            day = int(m.group(1))
            # "the old one withdrew March 2nd … file a new one on the 12th?": the month the
            # question's other dates are all in
            months = {(d.value.year, d.value.month) for d in found}
            # ("disqualifies her this Wednesday (Feb 20), before filing closes on the 26th":
            # the month of the date said just before, when the day comes after it)
            # (only when every date said in that stretch is in one month: "COC cutoff 2/26/30,
            # primary 6/25/30, … time-stamped on the 26th" is asked, not guessed)
            before_it = [d for d in found if 0 < m.start() - d.start <= 100]
            said_near = {(d.value.year, d.value.month) for d in before_it}
            if len(said_near) == 1 and any(d.value.day < day for d in before_it):
                months = said_near
            if len(months) == 1:
                (year, month), *_ = months
                add(m.start(), m.end(), year, month, day, None, True, year_written=False)
            elif day <= today.day:
                add(m.start(), m.end(), today.year, today.month, day, None, False)
            else:
                taken.append(m.span())  # not a count either
                problems.append(f"{m.group(0)!r} names no month; write it like May 28 or 5/28")
        elif kind in ("past", "event_day"):
            # "last Friday", "died Sunday": the most recent such day before today. "last
            # Friday" is the date's words; after an event, only the weekday is.
            at = 0 if kind == "past" else "wd"
            back = (today.weekday() - WEEKDAYS[m.group("wd")[:3]] - 1) % 7 + 1
            taken.append(m.span(at))
            found.append(
                FactDate(value=today - timedelta(days=back), span=m.group(at), start=m.start(at))
            )
        elif kind in ("event_ahead", "next"):
            # "she'll pull out tuesday": the coming such day (not read said on that weekday)
            ahead = (WEEKDAYS[m.group("wd")[:3]] - today.weekday()) % 7
            if ahead := days_to_next(ahead, today) if kind == "next" else ahead:
                taken.append(m.span("wd"))
                value = today + timedelta(days=ahead)
                found.append(FactDate(value=value, span=m.group("wd"), start=m.start("wd")))
        elif kind in ("ago", "from_today"):
            n = _SMALL.get(m.group(1)) or int(m.group(1))
            days = n * (7 if m.group(2) == "week" else 1)
            if kind == "from_today":
                # counted from tomorrow, or from the coming weekday ("two weeks from friday"
                # said on a Friday could mean today's or next week's: not read, the rule asks)
                start = _anchor_ahead(m, today)
                if start is None:
                    continue
                days += start
            taken.append(m.span())
            value = today + timedelta(days=days if kind == "from_today" else -days)
            found.append(FactDate(value=value, span=m.group(0), start=m.start()))
        else:
            shift = _SHIFT.get(" ".join(m.group(1).split()), 1)
            taken.append(m.span())
            found.append(
                FactDate(value=today + timedelta(days=shift), span=m.group(0), start=m.start())
            )

    found.sort(key=lambda d: d.start)
    found = _one_day_said_twice(low, found)
    said_after = 0  # where the last time written after a date ends
    for d in found:
        said_after = attach_time(low, d, problems, said_after)
    chars = list(low)
    for start, end in taken:
        chars[start:end] = " " * (end - start)
    return found, "".join(chars)


# "yesterday, Tuesday June 5": one day said twice, the second naming it.
_APPOSITION = re.compile(r"\s*(?:[,(–—-]\s*|,?\s*(?:which\s+(?:was|is)|i\.e\.,?)\s+)$")


def _one_day_said_twice(low: str, found: list[FactDate]) -> list[FactDate]:
    """A date said again right after itself in other words ("was yesterday, Tuesday June 5,
    at 5:00 PM") is one date: its words are both spans, its hour the one written after.
    When the words name another day than the one written out ("withdrew yesterday, March 4"
    in a forwarded email), the day written out is the one meant: "yesterday" was the
    writer's, not today's."""
    kept: list[FactDate] = []
    for d in found:
        last = kept[-1] if kept else None
        if (
            last is not None
            and (last.value == d.value or (_in_words(last.span) and not _in_words(d.span)))
            and _APPOSITION.match(low[last.start + len(last.span) : d.start])
        ):
            # (another day than the words' is the writer's: its year is as written, so a year
            # the question names can still place it — "Sent: April 4, 2030 … yesterday, the
            # third of April")
            same = last.value == d.value
            last.value = d.value
            last.span = low[last.start : d.start + len(d.span)]
            last.year_written = (last.year_written or d.year_written) if same else d.year_written
            continue
        kept.append(d)
    return kept


def _in_words(span: str) -> bool:
    """A day named in words only ("yesterday", "last Tuesday"), no day of the month written."""
    return not any(c.isdigit() for c in span)
