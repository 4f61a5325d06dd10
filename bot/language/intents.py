"""What a question asks of the service itself rather than of one rule: the text of a section it
names ("what does 15-106(c) say?"), or the season's deadlines over a window ("what's due this
month?", "anything due in the next 10 days?")."""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator
from datetime import date, timedelta

# A section a question names: "15-106(c)", "§ 5-903(b)(2)", "c. 53 § 14".
_CITED = re.compile(
    r"(?:§+\s*)?\b\d+-\d+(?:\([a-z0-9]+\))*|\bc(?:h|hapter)?\.?\s*\d+,?\s*(?:§+|s\.?|sec\.?|section)"
    r"\s*\d+[a-z]?",
    re.IGNORECASE,
)
# Asking for a section's text ("what does 15-106(c) say?", "quote 5-903(b)").
_QUOTE = re.compile(
    r"\bwhat\s+(?:does|do)\b[^?]{0,60}\bsay\b|\bquote\b|\btext\s+of\b|\bwording\s+of\b"
    r"|\bread\s+me\b|\bshow\s+me\b",
    re.IGNORECASE,
)
# "What's due this month?", "upcoming deadlines", "anything due in the next 10 days?": the
# season's deadlines over a window (the group names say which window).
_DUE = re.compile(
    r"\b(?P<which>this|next)\s+(?P<unit>week|month)\b"
    r"|\bnext\s+(?P<n>\d{1,3}|two|three|four|few)\s+(?P<units>days|weeks)\b"
    # ("a special election coming up" says when the election is, not what is asked)
    r"|\b(?P<soon>(?<!election\s)(?<!primary\s)(?<!elections\s)coming\s+up|upcoming"
    r"|this\s+season|key\s+dates|election\s+calendar)\b",
    re.IGNORECASE,
)
_DUE_WORDS = re.compile(r"\b(?:due|deadlines?|dates|calendar)\b", re.IGNORECASE)
# "anything due in August?", "what's on the MA calendar for June?": one month named.
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_IN_MONTH = re.compile(
    r"\b(?:due|deadlines?|dates|calendar|coming|anything)\b[^.?!]{0,25}?"
    r"\b(?:in|for|during|through)\s+(?P<month>january|february|march|april|may|june|july"
    r"|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov"
    r"|dec)\b\.?(?!\s*\d)",
    re.IGNORECASE,
)
# "upcoming?", "what's upcoming": the whole question is the window word.
_ONLY_SOON = re.compile(
    r"^\W*(?:what(?:'|’)?s|what\s+is|anything)?\s*(?:upcoming|coming\s+up)\W*$", re.IGNORECASE
)
_BESIDE = 24  # characters between a window and its due words in one rule's question
_FEW = {"two": 2, "three": 3, "four": 4, "few": 3}


def citations(text: str) -> Iterator[re.Match[str]]:
    """Each section citation `text` names, where it stands ("15-106(c)", "§ 5-903(b)(2)")."""
    return _CITED.finditer(text)


def cited_sections(text: str) -> Iterator[str]:
    """The section citations `text` names, in order (the corpus decides which exist)."""
    return (m.group(0) for m in citations(text))


def asks_for_text(text: str) -> bool:
    """Whether `text` asks for a section's words ("what does … say", "quote …") and names one."""
    return bool(_QUOTE.search(text)) and bool(_CITED.search(text))


def due_window(text: str, today: date, *, one_rule: bool = False) -> tuple[date, date] | None:
    """The days a "what's due this month?" question asks about, first and last (None: it asks
    no such thing). "This month" runs from `today` to the month's end, "next month" through
    the next one's, a month named ("due in August") is that month (from `today` if it is this
    one); "upcoming" is 30 days, "this season" or "key dates" a year. In one rule's question
    (`one_rule`: its words matched a rule) no month named is a window ("is the petition due in
    August?" asks that rule) and a window counts only beside its due words."""
    days = _days_ahead(text, today, one_rule=one_rule)
    if days is not None:
        return today, today + timedelta(days=days)
    named = None if one_rule else _IN_MONTH.search(text)
    if named is None:
        return None
    month = _MONTHS.index(named.group("month").lower()[:3]) + 1
    year = today.year + (month < today.month)
    last = date(year, month, calendar.monthrange(year, month)[1])
    return max(today, date(year, month, 1)), last


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
    m = _DUE.search(text)
    if m is None or not _DUE_WORDS.search(text):
        return None
    if one_rule and not any(_beside(text, w, m) for w in _DUE_WORDS.finditer(text)):
        return None
    if m.group("soon"):
        return 30 if m.group("soon").lower() in ("coming up", "upcoming") else 366
    if m.group("n"):
        count = _FEW.get(m.group("n").lower()) or int(m.group("n"))
        return count * (7 if m.group("units").lower() == "weeks" else 1)
    this = m.group("which").lower() == "this"
    if m.group("unit").lower() == "week":
        return 7 if this else 14
    left = calendar.monthrange(today.year, today.month)[1] - today.day
    if this:
        return left
    following = date(today.year + today.month // 12, today.month % 12 + 1, 1)
    return left + calendar.monthrange(following.year, following.month)[1]
