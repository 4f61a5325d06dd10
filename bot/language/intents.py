"""What a question asks of the service itself rather than of one rule: the text of a section it
names ("what does 15-106(c) say?"), or the season's deadlines over a window ("what's due this
month?", "anything due in the next 10 days?")."""

from __future__ import annotations

import calendar
import itertools
import re
from collections.abc import Iterator, Mapping
from datetime import date, timedelta

from bot.language.dates import (
    MONTH_NAME,
    WEEKDAY_FULL,
    WEEKDAYS,
    YEAR_ALONE,
    find_dates,
    in_year,
    month_number,
)
from bot.language.lexicon import lexicon
from rules.ma.holidays import legal_holidays

# A section a question names: "15-106(c)", "§ 5-903(b)(2)", "c. 53 § 14".
_CITED = re.compile(
    r"(?:§+\s*)?\b\d+-\d+(?:\([a-z0-9]+\))*|\bc(?:h|hapter)?\.?\s*\d+,?\s*(?:§+|s\.?|sec\.?|section)"
    r"\s*\d+[a-z]?",
    re.IGNORECASE,
)
# Asking for a section's text ("what does 15-106(c) say?", "quote 5-903(b)").
_QUOTE = re.compile(
    r"\bwhat\s+(?:does|do)\b[^?]{0,60}\bsay\b|\bquote\b|\btext\s+of\b|\bwording\s+of\b"
    r"|\bread\s+me\b|\bshow\s+me\b|\bpaste\b"
    # ("exact statutory language in G.L. c. 53 § 14 about …")
    r"|\bexact\s+(?:statutory\s+|statute\s+)?(?:language|wording|words|text)\b"
    r"|\bstatutory\s+(?:language|text|wording)\b"
    r"|\blanguage\s+of\b",
    re.IGNORECASE,
)
# "the next five weeks", "the next few days": a window's length in words.
_FEW_SAID = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_FEW_SAID |= {"nine": 9, "ten": 10, "twelve": 12, "thirty": 30, "sixty": 60, "ninety": 90, "few": 3}
# "What's due this month?", "upcoming deadlines", "anything due in the next 10 days?": the
# season's deadlines over a window (the group names say which window).
_DUE = re.compile(
    r"\b(?P<which>this|next)\s+(?P<unit>week|month)\b"
    r"|\bnext\s+(?P<n>\d{1,3}|" + "|".join(_FEW_SAID) + r")\s+(?P<units>days|weeks)\b"
    # ("a special election coming up" says when the election is, not what is asked)
    r"|\b(?P<soon>(?<!election\s)(?<!primary\s)(?<!elections\s)coming\s+up|upcoming"
    # ("Key dates: special primary April 11 …" gives dates, asks none)
    r"|this\s+season|key\s+dates|election\s+calendar)\b(?!\s*:)",
    re.IGNORECASE,
)
_DUE_WORDS = re.compile(r"\b(?:due|deadlines?|dates|calendar)\b", re.IGNORECASE)
_SOON = re.compile(r"\b(?:coming\s+up|upcoming|happening)\b", re.IGNORECASE)
# "the upcoming special", "upcoming 2028 primary": a soon word saying which election.
_OF_AN_ELECTION = re.compile(
    r"\s+(?:(?!(?:for|in|of|at|on|to|the|this|that|a|an)\b)[\w-]+\s+)?"
    r"(?:special|election|primary|general|race|cycle|congressional)\b",
    re.IGNORECASE,
)
_SEVERAL_DUE = re.compile(r"\b(?:deadlines|dates)\b", re.IGNORECASE)
# Words asking for a list, not one deadline: a year or "the rest of the year" is a window only
# beside these ("the 2028 deadlines", "what's due in 2028", not "the COC deadline in 2030").
_LIST_WORDS = re.compile(
    r"\b(?:deadlines|dates|calendar|schedule|what(?:'|’)?s\s+due|anything|everything"
    r"|coming\s+up|upcoming|list)\b",
    re.IGNORECASE,
)
# "anything due in August?", "what's on the MA calendar for June?": one month named.
_MONTH = r"(?P<month>" + MONTH_NAME + r")\b"
_IN_MONTH = re.compile(
    r"\b(?:due|deadlines?|dates|calendar|coming|anything)\b[^.?!]{0,25}?"
    # ("in June 2030" is the month; "in June 5" a day)
    r"\b(?:in|for|during|through|this)\s+" + _MONTH + r"\.?(?!\s*\d{1,2}\b)"
    # ("in June 2028": that June)
    r"(?:,?\s+(?P<year>(?:19|20)\d\d)\b)?",
    re.IGNORECASE,
)
# "upcoming?", "what's upcoming": the whole question is the window word.
_ONLY_SOON = re.compile(
    r"^\W*(?:what(?:'|’)?s|what\s+is|anything)?\s*(?:upcoming|coming\s+up)\W*$", re.IGNORECASE
)
# "between March 1 and March 15", "from 3/1 to 3/15": the words joining a window's two dates.
_RANGE_JOIN = re.compile(r"^\s*(?:-|–|—|to|through|thru|until|and)\s*$")
_RANGE_OPEN = re.compile(r"\b(?:between|from)\s*$")
# "what's due before June 5?", "anything by 6/5": from today up to a date.
_UP_TO = re.compile(
    r"\b(?:before|by|until|till|through|thru|up\s+to|between\s+(?:now|today)\s+and)\s*$"
)
_REST_OF = re.compile(
    r"\b(?:(?:end|rest|remainder)\s+of\s+(?:the\s+|this\s+)?(?P<unit>year|month)"
    r"|year[\s-]end)\b",
    re.IGNORECASE,
)
_MONTH_YEAR = re.compile(r"\b" + _MONTH + r"\.?,?\s+(?P<year>(?:19|20)\d\d)\b", re.IGNORECASE)
# "what's the next deadline?", "what's next?": the deadlines ahead, from today.
_NEXT = re.compile(
    r"\bnext\s+(?:(?:filing|election)\s+)?(?:deadlines?|due\s+dates?|dates?)\b"
    r"|\bwhat(?:'|’)?s\s+next\b",
    re.IGNORECASE,
)
_AHEAD = 731  # days "the next deadlines" looks ahead: one two-year cycle of calendars
_BESIDE = 24  # characters between a window and its due words in one rule's question


def citations(text: str) -> Iterator[re.Match[str]]:
    """Each section citation `text` names, where it stands ("15-106(c)", "§ 5-903(b)(2)")."""
    return _CITED.finditer(text)


def cited_sections(text: str) -> Iterator[str]:
    """The section citations `text` names, in order (the corpus decides which exist)."""
    return (m.group(0) for m in citations(text))


def asks_for_text(text: str) -> bool:
    """Whether `text` asks for a section's words ("what does … say", "quote …") and names one."""
    return bool(_QUOTE.search(text)) and bool(_CITED.search(text))


# "anything due b4 thanksgiving?", "between now and end of May": a day named by a holiday or as
# a month's end, written as its date so a window can end on it.
_HOLIDAY_SAID = re.compile(
    r"\b(?P<name>thanksgiving|labor\s+day|memorial\s+day|christmas|juneteenth|veterans\s+day"
    r"|columbus\s+day|patriots['’]?\s+day|new\s+year['’]?s(?:\s+day)?|mlk\s+day"
    r"|presidents['’]?\s+day|independence\s+day)\b",
    re.IGNORECASE,
)
_HOLIDAY_NAMES = {
    "mlk": "Martin Luther King",
    "presidents": "Washington",
    "new": "New Year",
    "patriots": "Patriots",
}
_MONTH_END = re.compile(r"\b(?:the\s+)?end\s+of\s+" + _MONTH, re.IGNORECASE)
# "between now and next Tuesday", "anything due by Friday?": a window's end on a weekday is the
# coming one (a list a few days longer than meant shows each deadline with its date).
_COMING_WEEKDAY = re.compile(
    r"\b(?:(?:next|this(?:\s+coming)?|coming)\s+)?(?P<wd>" + WEEKDAY_FULL + r")\b", re.IGNORECASE
)


def _holiday(name: str, today: date) -> date | None:
    """The next day on or after `today` that is the Massachusetts legal holiday named `name`
    (its federal ones, and Patriots' Day)."""
    first = name.split()[0].lower().rstrip("'’s")
    key = _HOLIDAY_NAMES.get(first, first).lower()
    days = {**legal_holidays(today.year), **legal_holidays(today.year + 1)}
    return min((d for d, n in days.items() if key in n.lower() and d >= today), default=None)


# "between now and the primary", "before the Sept primary": a window ending on the next primary
# the calendars hold (of the state named, else the first of either).
_PRIMARY_SAID = re.compile(
    r"\b(?:the\s+)?(?:(?P<state>md|maryland|ma|mass\.?|massachusetts)\s+)?(?:(?:state|"
    + MONTH_NAME
    + r")\.?\s+)?primary\b(?!\s+(?:on|of)\b)",
    re.IGNORECASE,
)


def _primary(
    said: str | None, text: str, today: date, primaries: Mapping[str, list[date]]
) -> date | None:
    """The next primary day on or after `today` among `primaries` (jurisdiction → days), of the
    state `said` beside it or named in `text`, else of either."""
    named = (said or "").lower()[:2] or next(
        (m.group(1).lower()[:2] for m in re.finditer(r"\b(md|maryland|ma|mass)\b", text.lower())),
        None,
    )
    days = [d for j, ds in primaries.items() if named in (None, j) for d in ds if d >= today]
    return min(days, default=None)


def _named_days(text: str, today: date, primaries: Mapping[str, list[date]] | None = None) -> str:
    """`text` with a holiday, a month's end or a weekday written as its next date
    ("thanksgiving" → "2026-11-26", "end of May" → "2027-05-31", "next Tuesday" → the coming
    Tuesday, "the primary" → the next primary of `primaries`)."""

    def holiday(m: re.Match[str]) -> str:
        day = _holiday(m.group("name"), today)
        return day.isoformat() if day else m.group(0)

    def month_end(m: re.Match[str]) -> str:
        month = month_number(m.group("month"))
        year = today.year + (month < today.month)
        return date(year, month, calendar.monthrange(year, month)[1]).isoformat()

    def weekday(m: re.Match[str]) -> str:
        wanted = WEEKDAYS[m.group("wd")[:3].lower()]
        return (today + timedelta(days=(wanted - today.weekday() - 1) % 7 + 1)).isoformat()

    def primary(m: re.Match[str]) -> str:
        day = _primary(m.group("state"), text, today, primaries or {})
        return day.isoformat() if day else m.group(0)

    text = _MONTH_END.sub(month_end, _HOLIDAY_SAID.sub(holiday, text))
    return _PRIMARY_SAID.sub(primary, _COMING_WEEKDAY.sub(weekday, text))


def due_window(
    text: str,
    today: date,
    *,
    one_rule: bool = False,
    primaries: Mapping[str, list[date]] | None = None,
) -> tuple[date, date] | None:
    """The days a "what's due this month?" question asks about, first and last (None: it asks
    no such thing). "This month" runs from `today` to the month's end, "next month" through
    the next one's, a month named ("due in August") is that month (from `today` if it is this
    one); "upcoming" is 30 days, "this season" or "key dates" a year. A question asking for a
    list may bound it with dates ("between March 1 and March 15", "before June 5"), a month
    and year, a year ("the 2028 deadlines"), "the rest of the year", or ask for "the next
    deadlines" (two years ahead). In one rule's question (`one_rule`: its words matched a rule)
    none of these but a window beside its due words counts ("is the petition due in August?"
    asks that rule). `primaries`: the primary days the calendars hold, by jurisdiction, for a
    window ending "before the primary"."""
    text = lexicon().expand(text)  # staff words written out ("this wk")
    if not one_rule and _DUE_WORDS.search(text) and _LIST_WORDS.search(text):
        between = _between_dates(_named_days(text, today, primaries), today)
        if between is not None:
            return between
    later = {int(y) for y in YEAR_ALONE.findall(text)} if not one_rule else set()
    if len(later) == 1 and min(later) > today.year and _LIST_WORDS.search(text):
        # "deadlines coming up for 2028": the year named, not the next 30 days.
        return _named_period(text, today)
    days = _days_ahead(text, today, one_rule=one_rule)
    if days is not None:
        return today, today + timedelta(days=days)
    # "what's coming up in August?", and in one rule's words "any vacancy-certificate
    # deadlines in June?" (several deadlines asked: a list, not "is it due in June?").
    named = _IN_MONTH.search(text)
    if (
        named is not None
        and (_DUE_WORDS.search(text) or _SOON.search(text))
        and (not one_rule or _SEVERAL_DUE.search(text))
    ):
        month = month_number(named.group("month"))
        if named.group("year"):
            return _month(int(named.group("year")), month, today)
        return _month(today.year + (month < today.month), month, today)
    if one_rule or not _DUE_WORDS.search(text):
        return None
    asks_list = _LIST_WORDS.search(text) or _NEXT.search(text)
    return _named_period(text, today) if asks_list else None


def _month(year: int, month: int, today: date) -> tuple[date, date]:
    """A month's days, from `today` if it is this one (a month past is all of it)."""
    first, last = date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
    return (today if first <= today <= last else first), last


def _named_period(text: str, today: date) -> tuple[date, date] | None:
    """A period a question asking for a list names: "in March 2028", "before the end of the
    year", "the 2028 deadlines", "what are the next deadlines?" (None: none named)."""
    said = _MONTH_YEAR.search(text)
    if said is not None:
        return _month(int(said.group("year")), month_number(said.group("month")), today)
    rest = _REST_OF.search(text)
    if rest is not None:
        if (rest.group("unit") or "year").lower() == "month":
            return _month(today.year, today.month, today)
        return today, date(today.year, 12, 31)
    years = {int(y) for y in YEAR_ALONE.findall(text)}
    if len(years) == 1:
        (year,) = years
        if year >= today.year:
            return max(today, date(year, 1, 1)), date(year, 12, 31)
    if _NEXT.search(text):
        return today, today + timedelta(days=_AHEAD)
    return None


def _between_dates(text: str, today: date) -> tuple[date, date] | None:
    """A window the question bounds with dates: "between March 1 and March 15, 2026", "from
    3/1 to 3/15", "anything due before June 5?" (from today)."""
    low = text.lower()
    found, _ = find_dates(low, today, [])
    found.sort(key=lambda d: d.start)
    for first, second in itertools.pairwise(found):
        joined = low[first.start + len(first.span) : second.start]
        if _RANGE_JOIN.match(joined) and _RANGE_OPEN.search(low[: first.start]):
            # "March 1 … March 15, 2026": a year written once counts for both ends.
            start = first.value
            if not first.year_written and second.year_written:
                start = in_year(start, second.value.year)
            if start <= second.value:
                return start, second.value
    ups = [d for d in found if _UP_TO.search(low[: d.start])]
    if len(found) == 1 and ups and ups[0].value >= today:
        return today, ups[0].value
    return None


def _beside(text: str, a: re.Match[str], b: re.Match[str]) -> bool:
    """Whether two phrases stand close together in one sentence."""
    between = text[min(a.end(), b.end()) : max(a.start(), b.start())]
    return len(between) <= _BESIDE and not re.search(r"[.?!]", between)


def _days_ahead(text: str, today: date, *, one_rule: bool = False) -> int | None:
    """Days a window that starts today runs ("this month", "next 10 days", "upcoming"); in one
    rule's question (`one_rule`) only a window said beside its due words ("what's due next
    week?", not "died today, when is the certificate due? we meet next week")."""
    if _ONLY_SOON.match(text):
        return 30
    # "what's coming up next week?": the week said, not "coming up"'s 30 days; "coming up in
    # August" is the month's (the caller reads it).
    # ("petition deadline for the upcoming special congressional?": which election, no window)
    found = [f for f in _DUE.finditer(text) if not _OF_AN_ELECTION.match(text, f.end())]
    m = next((f for f in found if not f.group("soon")), found[0] if found else None)
    if m is not None and m.group("soon") and _IN_MONTH.search(text):
        return None
    # (soon words ask for the list too, outside one rule's words)
    if m is None or not (_DUE_WORDS.search(text) or (not one_rule and _SOON.search(text))):
        return None
    if one_rule and not any(_beside(text, w, m) for w in _DUE_WORDS.finditer(text)):
        return None
    if m.group("soon"):
        return 30 if m.group("soon").lower() in ("coming up", "upcoming") else 366
    if m.group("n"):
        count = _FEW_SAID.get(m.group("n").lower()) or int(m.group("n"))
        return count * (7 if m.group("units").lower() == "weeks" else 1)
    this = m.group("which").lower() == "this"
    if m.group("unit").lower() == "week":
        return 7 if this else 14
    left = calendar.monthrange(today.year, today.month)[1] - today.day
    if this:
        return left
    following = date(today.year + today.month // 12, today.month % 12 + 1, 1)
    return left + calendar.monthrange(following.year, following.month)[1]
