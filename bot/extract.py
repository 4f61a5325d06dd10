"""Pull parameters out of a free-text question: dates, money, counts and a few labelled facts.

Only explicit forms are read (see the regexes below); nothing is guessed from a lone number, so
dateutil's fuzzy parser is deliberately not used — it invents dates out of counts and sums.
Money is `Decimal`; dates are `datetime.date`; a time of day stays separate until a rule needs a
tz-aware `datetime` in America/New_York (`ExtractedDate.as_datetime`).

`extract()` never raises on user text: impossible dates ("2026-13-45", "Feb 30") are listed in
`Extracted.problems`, and only the first `MAX_CHARS` characters are read so a 100 KB paste stays
fast. `params_for()` maps what was found onto one rule's parameter names (the public contract).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import BaseModel, Field

ClockTime = time  # the field ExtractedDate.time shadows the type name inside the class
NEW_YORK = ZoneInfo("America/New_York")
MAX_CHARS = 2_000  # questions are a sentence or two; the rest of a huge paste is ignored
MAX_ITEMS = 40  # dates, and numbers, read per question; more is a paste, not a question

Event = Literal["withdrawal", "death", "disqualification"]
Cause = Literal["withdrawal", "death", "disqualification", "ineligibility", "disability"]
Office = Literal["state", "city", "town"]
State = Literal["md", "ma"]
Election = Literal["gubernatorial", "presidential", "special-congressional", "regular"]
Nomination = Literal["primary", "convention", "caucus", "nomination-papers"]


class ExtractedDate(BaseModel):
    """One date found in the text, with the clock time written next to it (if any)."""

    value: date
    time: ClockTime | None = None
    span: str
    start: int = 0
    role: str | None = None  # event_date, withdrawal_deadline, primary, special_primary, ...

    def as_datetime(self) -> datetime | None:
        """The tz-aware moment (America/New_York), only when a time was written."""
        if self.time is None:
            return None
        return datetime.combine(self.value, self.time, tzinfo=NEW_YORK)

    def as_param(self) -> date | datetime:
        """The datetime when a time was given, else the date."""
        return self.as_datetime() or self.value


class ExtractedAmount(BaseModel):
    """A sum of money and what the nearby words say it is (private, fund, entitlement)."""

    value: Decimal
    span: str
    start: int = 0
    role: str | None = None
    each: bool = False  # "$500,000 each": one amount per ticket


class ExtractedCount(BaseModel):
    """A plain count (voters, votes, tickets) and the noun that follows it."""

    value: int
    span: str
    start: int = 0
    role: str | None = None  # registered_voters, votes, tickets, signatures, ...


class Extracted(BaseModel):
    """Everything `extract` found; every field is optional."""

    dates: list[ExtractedDate] = Field(default_factory=list)
    money: list[Decimal] = Field(default_factory=list)
    amounts: list[ExtractedAmount] = Field(default_factory=list)  # money, with roles
    counts: list[int] = Field(default_factory=list)
    numbers: list[ExtractedCount] = Field(default_factory=list)  # counts, with roles
    year: int | None = None
    event: Event | None = None
    cause: Cause | None = None  # finer than `event`: ineligibility, disability (Mass. § 14)
    office: Office | None = None
    office_name: str | None = None  # the words used: "state rep", "mayor", "governor", ...
    opposed: bool | None = None
    state: State | None = None
    election: Election | None = None
    nomination: Nomination | None = None
    received_primary: bool | None = None
    exceeded_primary_limit: bool | None = None
    problems: list[str] = Field(default_factory=list)
    truncated: bool = False

    def date_with_role(self, role: str) -> ExtractedDate | None:
        """The first date labelled `role`."""
        return next((d for d in self.dates if d.role == role), None)


# ----------------------------------------------------------------------------------- helpers

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def _clean(text: str) -> str:
    """NFKC, control and bidi characters to spaces; length unchanged after the cap."""
    text = unicodedata.normalize("NFKC", text)
    return _CONTROL.sub(" ", text)


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


_MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_WEEKDAY = (
    r"(?:(monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\.?,?\s+)?"
)
_ORD = r"(?:st|nd|rd|th)?"

_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})(?:t(\d{1,2}):(\d{2}))?\b")
_NUMERIC = re.compile(
    r"(?<![\d/$.,])\b"
    + _WEEKDAY.replace("?:(", "?:(?P<wd>", 1)
    + r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/%])"
)
_MONTH_DAY = re.compile(
    r"\b" + _WEEKDAY + _MONTH + r"\s+(\d{1,2})" + _ORD + r"\b(?:,?\s*(\d{4})\b)?"
)
_DAY_MONTH = re.compile(
    r"\b"
    + _WEEKDAY
    + r"(\d{1,2})"
    + _ORD
    + r"\s+(?:of\s+)?"
    + _MONTH
    + r"(?![a-z])"
    + r"(?:,?\s*(\d{4})\b)?"
)
_RELATIVE = re.compile(r"\b(yesterday|today|tomorrow)\b")
_AMPM = r"(a\.?\s?m\b\.?|p\.?\s?m\b\.?)"
_TIME_AFTER = re.compile(
    r"\s*(?:,|\bat\b|@|\bby\b|-|–|—)?\s*(?:at\s+)?"
    r"(?:(\d{1,2})(?::(\d{2}))?\s*" + _AMPM + r"|(noon)\b|(\d{1,2}):(\d{2})\b)"
)
_TIME_BEFORE = re.compile(r"(?:(\d{1,2})(?::(\d{2}))?\s*" + _AMPM + r"|(noon))\s*(?:on\s+|,\s*)?$")
_ANY_TIME = re.compile(r"\b\d{1,2}(?::\d{2})?\s*" + _AMPM + r"|\bnoon\b|\b\d{1,2}:\d{2}\b")
# Statute citations and section numbers are not counts.
_CITATION = re.compile(
    r"§+\s*[\w.\-()]+|\b\d+-\d+(?:\([\w]+\))*|\b(?:c|ch|chapter|sec|section|art|article)\.?\s*\d+"
    r"[a-z]?\b"
)


def _year(raw: str | None, today: date) -> int:
    if raw is None:
        return today.year
    return 2000 + int(raw) if len(raw) == 2 else int(raw)


def _weekday_problem(weekday: str | None, value: date, span: str) -> str | None:
    if not weekday:
        return None
    if _WEEKDAYS[weekday[:3]] != value.weekday():
        return f"{span.strip()!r}: {value:%B %-d, %Y} is a {value:%A}"
    return None


def _find_dates(low: str, today: date, problems: list[str]) -> tuple[list[ExtractedDate], str]:
    """All dates in `low` (lowercased text), earliest first; returns text with them blanked."""
    found: list[ExtractedDate] = []
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
    ) -> None:
        span = low[start:end]
        taken.append((start, end))
        try:
            value = date(y, m, d)
        except ValueError:
            if report_invalid:
                problems.append(f"{span.strip()!r} is not a valid date")
            return
        problem = _weekday_problem(weekday, value, span)
        if problem:
            problems.append(problem)
        found.append(ExtractedDate(value=value, time=clock, span=span, start=start))

    def matches() -> Iterable[tuple[str, re.Match[str]]]:
        for kind, rx in (
            ("iso", _ISO),
            ("md", _MONTH_DAY),
            ("dm", _DAY_MONTH),
            ("num", _NUMERIC),
            ("rel", _RELATIVE),
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
            if m.group(4):
                clock = _clock(int(m.group(4)), int(m.group(5)), None, problems, m.group(0))
            add(
                m.start(),
                m.end(),
                int(m.group(1)),
                int(m.group(2)),
                int(m.group(3)),
                None,
                True,
                clock,
            )
        elif kind == "md":
            add(
                m.start(),
                m.end(),
                _year(m.group(4), today),
                _MONTHS[m.group(2)[:3]],
                int(m.group(3)),
                m.group(1),
                True,
            )
        elif kind == "dm":
            add(
                m.start(),
                m.end(),
                _year(m.group(4), today),
                _MONTHS[m.group(3)[:3]],
                int(m.group(2)),
                m.group(1),
                True,
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
            )
        else:
            shift = {"yesterday": -1, "today": 0, "tomorrow": 1}[m.group(1)]
            taken.append(m.span())
            found.append(
                ExtractedDate(value=today + timedelta(days=shift), span=m.group(0), start=m.start())
            )

    found.sort(key=lambda d: d.start)
    for d in found:
        _attach_time(low, d, problems)
    chars = list(low)
    for start, end in taken:
        chars[start:end] = " " * (end - start)
    return found, "".join(chars)


def _clock(hour: int, minute: int, ampm: str | None, problems: list[str], span: str) -> time | None:
    if ampm:
        if not 1 <= hour <= 12:
            problems.append(f"{span.strip()!r} is not a valid time")
            return None
        hour = hour % 12 + (12 if ampm.startswith("p") else 0)
    try:
        return time(hour, minute)
    except ValueError:
        problems.append(f"{span.strip()!r} is not a valid time")
        return None


def _attach_time(low: str, d: ExtractedDate, problems: list[str]) -> None:
    """A time written right after ("June 5 at 5pm") or right before ("5 p.m. on June 5")."""
    if d.time is not None:
        return
    end = d.start + len(d.span)
    after = _TIME_AFTER.match(low, end, min(len(low), end + 24))
    if after:
        if after.group(4):
            d.time = time(12, 0)
        elif after.group(1):
            d.time = _clock(
                int(after.group(1)),
                int(after.group(2) or 0),
                after.group(3),
                problems,
                after.group(0),
            )
        else:
            d.time = _clock(
                int(after.group(5)), int(after.group(6)), None, problems, after.group(0)
            )
        return
    before = _TIME_BEFORE.search(low, max(0, d.start - 20), d.start)
    if before:
        if before.group(4):
            d.time = time(12, 0)
        else:
            d.time = _clock(
                int(before.group(1)),
                int(before.group(2) or 0),
                before.group(3),
                problems,
                before.group(0),
            )


# Words near a date that say what the date is. Longer cues win over shorter ones they contain.
_DATE_ROLES: list[tuple[str, re.Pattern[str]]] = [
    (
        "withdrawal_deadline",
        re.compile(
            r"withdrawals?\s+(?:deadline|closed?|closes|closing|cut-?off|ended|ends?|period)"
            r"|(?:deadline|last\s+day|cut-?off|close)\s+(?:for|to|of)\s+(?:filing\s+|file\s+)?"
            r"(?:a\s+|the\s+)?withdraw(?:al)?s?"
            r"|withdrawal\s+day"
        ),
    ),
    (
        "event_date",
        re.compile(
            r"\b(?:died|dies|dead|passed\s+away|passed|death|deceased|withdrew|withdrawn|withdraws"
            r"|withdrawal|dropped\s+out|drops\s+out|pulled\s+out|resigned|quit|stepped\s+down"
            r"|disqualified|disqualification|ineligible)\b"
        ),
    ),
    ("special_primary", re.compile(r"special\s+primary")),
    ("primary", re.compile(r"\bprimary\b")),
    (
        "filing_deadline",
        re.compile(
            r"(?:filing|coc|certificate\s+of\s+candidacy|candidacy)\s+deadline"
            r"|deadline\s+(?:for|to)\s+(?:file\s+|filing\s+)?(?:a\s+|the\s+)?"
            r"(?:cocs?|certificates?\s+of\s+candidacy)"
        ),
    ),
    ("proclamation_deadline", re.compile(r"proclamation")),
    ("general", re.compile(r"general\s+election")),
]
_ROLE_BEFORE = 45  # a cue up to this many characters before a date labels it
_ROLE_AFTER = 25  # ... or this many after ("June 23 primary"), at a small handicap


def _cue_spans(low: str) -> list[tuple[int, int, str]]:
    """Role cues in text order; a cue inside a longer cue is dropped ("withdrawal" inside
    "withdrawal deadline")."""
    spans = sorted(
        ((m.start(), m.end(), role) for role, rx in _DATE_ROLES for m in rx.finditer(low)),
        key=lambda c: (c[0], c[0] - c[1]),
    )
    kept: list[tuple[int, int, str]] = []
    reach = -1  # furthest end of any cue so far
    for start, end, role in spans:
        if end <= reach and not (kept and kept[-1][:2] == (start, end)):
            continue
        kept.append((start, end, role))
        reach = max(reach, end)
    return kept


def _label_dates(cues: list[tuple[int, int, str]], dates: list[ExtractedDate]) -> None:
    starts = [c[0] for c in cues]
    bounds = [(d.start, d.start + len(d.span)) for d in dates]
    for i, d in enumerate(dates):
        start, end = bounds[i]
        lo = bisect.bisect_left(starts, start - _ROLE_BEFORE - 60)
        hi = bisect.bisect_right(starts, end + _ROLE_AFTER)
        # Only a neighbouring date can lie between this date and one of its cues.
        between = [bounds[j] for j in (i - 1, i + 1) if 0 <= j < len(bounds)]
        best: tuple[int, str] | None = None
        for cs, ce, role in cues[lo:hi]:
            if ce <= start and start - ce <= _ROLE_BEFORE:
                gap_lo, gap_hi, dist = ce, start, start - ce
            elif cs >= end and cs - end <= _ROLE_AFTER:
                gap_lo, gap_hi, dist = end, cs, cs - end + 8
            else:
                continue
            # A cue separated from this date by another date belongs to that one.
            if any(gap_lo <= s and e <= gap_hi for s, e in between):
                continue
            if best is None or dist < best[0]:
                best = (dist, role)
        d.role = best[1] if best else None


# --------------------------------------------------------------------------- money and counts

_NUMBER = re.compile(
    r"(?<![\w.$])(\$\s?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s*(k|thousand|mm|mil|million|m|bn|billion|b)\b)?"
    r"(\s*(?:dollars|usd|bucks)\b)?(\s*%|\s*percent\b|\s*per\s*cent\b)?"
)
_MULTIPLIER = {
    "k": 1_000,
    "thousand": 1_000,
    "m": 1_000_000,
    "mm": 1_000_000,
    "mil": 1_000_000,
    "million": 1_000_000,
    "b": 1_000_000_000,
    "bn": 1_000_000_000,
    "billion": 1_000_000_000,
}
_COUNT_NOUNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "registered_voters",
        re.compile(
            r"\s*(?:total\s+|active\s+|eligible\s+|registered\s+|qualified\s+)*(?:registered\s+)?"
            r"voters?\b"
        ),
    ),
    ("votes", re.compile(r"\s*(?:\w+\s+){0,1}votes?\b")),
    ("signatures", re.compile(r"\s*(?:valid\s+)?signatures?\b")),
    (
        "tickets",
        re.compile(
            r"\s*(?:eligible\s+|nominee\s+|nominated\s+|gubernatorial\s+|general\s+election\s+)*"
            r"(?:tickets?|nominees?)\b"
        ),
    ),
    (
        "duration",
        re.compile(
            r"\s*(?:week[\s-]?day\s+|business\s+|calendar\s+)?"
            r"(?:hours?|days?|weeks?|months?|years?)\b"
        ),
    ),
]
_WORD_NUMBERS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_WORD_TICKETS = re.compile(
    r"\b(two|three|four|five|six|seven|eight|nine|ten)\s+(?:eligible\s+|nominee\s+|nominated\s+"
    r"|gubernatorial\s+)*(?:tickets?|nominees?)\b"
)
_EACH_AFTER = re.compile(r"\s*(?:apiece|each|per\s+ticket)\b")
_RATE_BEFORE = re.compile(r"(?:\bper|\beach|\bevery|\bfor\s+each|\bfor\s+every)\s*$")
_MONEY_ROLES: list[tuple[str, re.Pattern[str], re.Pattern[str]]] = [
    # (role, words just before, words just after)
    (
        "fund",
        re.compile(r"\bfund\b[^$\d]{0,25}$"),
        re.compile(r"^[^$\d]{0,12}\b(?:left|remain\w*|in\s+the\s+fund|available)\b"),
    ),
    (
        "entitlement",
        re.compile(r"\bentitle\w*[^$\d]{0,25}$|\bentitlements?\b[^$\d]{0,10}$"),
        re.compile(r"^\s*(?:each\s+)?entitle\w*"),
    ),
    (
        "private",
        re.compile(r"\b(?:raised|raise|private|collected|brought\s+in)\b[^$\d]{0,25}$"),
        re.compile(r"^[^$\d]{0,12}\b(?:raised|in\s+(?:eligible\s+)?private|private)\b"),
    ),
]


def _money_role(low: str, start: int, end: int) -> str | None:
    before = low[max(0, start - 40) : start]
    after = low[end : end + 30]
    for role, _, rx_after in _MONEY_ROLES:
        if rx_after.search(after):
            return role
    best: tuple[int, str] | None = None
    for role, rx_before, _ in _MONEY_ROLES:
        m = rx_before.search(before)
        if m and (best is None or len(before) - m.start() < best[0]):
            best = (len(before) - m.start(), role)
    return best[1] if best else None


def _numbers(
    low: str, problems: list[str]
) -> tuple[list[ExtractedAmount], list[ExtractedCount], list[int]]:
    amounts: list[ExtractedAmount] = []
    counts: list[ExtractedCount] = []
    years: list[int] = []
    for m in _NUMBER.finditer(low):
        if len(amounts) + len(counts) + len(years) >= MAX_ITEMS:
            problems.append(f"only the first {MAX_ITEMS} numbers were read")
            break
        dollar, raw, mult, dollars, percent = m.groups()
        if percent:
            continue
        try:
            value = Decimal(raw.replace(",", ""))
        except InvalidOperation:  # pragma: no cover - the regex only admits digits
            continue
        if mult:
            value *= _MULTIPLIER[mult]
        rest = low[m.end() : m.end() + 40]
        noun = next((role for role, rx in _COUNT_NOUNS if rx.match(rest)), None)
        if dollar or dollars or (mult and noun is None):
            amounts.append(
                ExtractedAmount(
                    value=Decimal(int(value)) if value == value.to_integral() else value,
                    span=m.group(0).strip(),
                    start=m.start(),
                    role=_money_role(low, m.start(), m.end()),
                    each=bool(_EACH_AFTER.match(low, m.end())),
                )
            )
            continue
        if value != value.to_integral():
            continue
        number = int(value)
        if (
            noun is None
            and not mult
            and "," not in raw
            and len(raw) == 4
            and 1900 <= number <= 2199
        ):
            years.append(number)
            continue
        if _RATE_BEFORE.search(low[max(0, m.start() - 12) : m.start()]):
            noun = "rate"  # "one per 500 votes": a statutory ratio, not the user's count
        counts.append(
            ExtractedCount(value=number, span=m.group(0).strip(), start=m.start(), role=noun)
        )
    for m in _WORD_TICKETS.finditer(low):
        counts.append(
            ExtractedCount(
                value=_WORD_NUMBERS[m.group(1)], span=m.group(0), start=m.start(), role="tickets"
            )
        )
    counts.sort(key=lambda c: c.start)
    return amounts, counts, years


# ------------------------------------------------------------------------------ labelled facts

_EVENTS: list[tuple[Cause, re.Pattern[str]]] = [
    (
        "withdrawal",
        re.compile(
            r"\bwithdr[ae]w(?:s|n|ing)?\b|\bwithdrawal\b|\b(?:dropped|drops?|dropping|pulled|pulls?"
            r"|pulling|bowed|bows?)\s+out\b|\bresign(?:ed|s|ing)?\b|\bquit(?:s|ting)?\b"
            r"|\bstepp?(?:ed|s)?\s+(?:down|aside)\b"
        ),
    ),
    (
        "death",
        re.compile(
            r"\b(?:died|dies|dead|death|deceased|passed\s+away|passes\s+away|passing|killed)\b"
            r"|\bpassed\s+on\b"
        ),
    ),
    (
        "disqualification",
        re.compile(r"\bdisqualifi(?:ed|cation|es)\b|\bremoved\s+from\s+the\s+ballot\b"),
    ),
    ("ineligibility", re.compile(r"\bineligib(?:le|ility)\b|\bnot\s+eligible\b")),
    ("disability", re.compile(r"\b(?:disabled|disability|incapacitated|incapacity)\b")),
]
_TO_EVENT: dict[str, Event | None] = {
    "withdrawal": "withdrawal",
    "death": "death",
    "disqualification": "disqualification",
    "ineligibility": "disqualification",
    "disability": None,
}

_OFFICE_EXPLICIT = re.compile(r"\b(state|city|town)(?:wide)?\s+(?:office|offices|race|seat)\b")
_OFFICES: list[tuple[Office, re.Pattern[str]]] = [
    (
        "state",
        re.compile(
            r"\bstate\s+(?:rep(?:resentative)?s?|senat(?:e|or|ors)|house|legislat\w+)\b|\bstatewide\b"
            r"|\b(?:lieutenant\s+|lt\.?\s+)?governor\b|\battorney\s+general\b"
            r"|\bsecretary\s+of\s+(?:the\s+)?(?:commonwealth|state)\b|\btreasurer\b|\bauditor\b"
            r"|\bdistrict\s+attorney\b|\bsheriff\b|\bcongress\w*\b"
        ),
    ),
    (
        "city",
        re.compile(r"\bcity\s+council\w*|\bcity\b|\bmayor\w*|\balder\w*|\bward\b|\bcouncilors?\b"),
    ),
    (
        "town",
        re.compile(r"\btown\b|\bselect\s*(?:man|men|woman|women|board|person)\b|\bmoderator\b"),
    ),
]
_OFFICE_NAME = re.compile(
    r"\b(?:state\s+(?:rep(?:resentative)?|senator)|lieutenant\s+governor|lt\.?\s+gov(?:ernor)?"
    r"|governor|attorney\s+general|secretary\s+of\s+(?:the\s+)?(?:commonwealth|state)"
    r"|treasurer|auditor|district\s+attorney|sheriff|mayor|city\s+council(?:or)?"
    r"|select\s*(?:man|men|woman|board)|town\s+(?:clerk|moderator)|school\s+committee)\b"
)

_UNOPPOSED = re.compile(
    r"\bun(?:opposed|contested|challenged)\b|\bno\s+(?:primary\s+)?(?:opponents?|opposition"
    r"|challengers?|competition)\b|\bwithout\s+(?:an?\s+|any\s+)?(?:opponents?|opposition"
    r"|challengers?)\b|\bnot\s+(?:opposed|contested)\b|\b(?:nobody|no\s+one)\s+(?:is\s+)?"
    r"(?:running|ran)\s+against\b|\brun(?:s|ning)?\s+alone\b"
)
_OPPOSED = re.compile(
    r"\bopposed\b|\bcontested\b|\bha(?:s|ve|d)\s+(?:an?\s+|one\s+or\s+more\s+)?(?:primary\s+)?"
    r"(?:opponents?|challengers?)\b|\bfac(?:es|ed|ing)\s+(?:an?\s+)?(?:primary\s+)?"
    r"(?:opponents?|challengers?|opposition)\b|\bcompetitive\b"
)

_STATES: list[tuple[State, re.Pattern[str]]] = [
    ("md", re.compile(r"\bmaryland\b|\bMd\.|\bMD\b|\bannapolis\b|\bbaltimore\b", re.I)),
    ("ma", re.compile(r"\bmassachusetts\b|\bmass\b\.?|\bboston\b", re.I)),
]
_STATE_CASED: list[tuple[State, re.Pattern[str]]] = [
    ("md", re.compile(r"\bMD\b|\bMd\.")),
    ("ma", re.compile(r"\bMA\b")),
]

_ELECTIONS: list[tuple[Election, re.Pattern[str]]] = [
    (
        "special-congressional",
        re.compile(
            r"\bspecial\b[^.?!]{0,40}\b(?:congress\w*|u\.?s\.?\s+house|representative\s+in\s+congress)"
            r"|\bcongress\w*\s+special\b"
        ),
    ),
    ("presidential", re.compile(r"\bpresident(?:ial)?\b")),
    (
        "gubernatorial",
        re.compile(
            r"\bgubernatorial\b|(?<!lieutenant )(?<!lt\. )(?<!lt )"
            r"\bgovernor(?:'?s)?\s+(?:race|election|year)\b"
            r"|\b(?:for|elects?\s+(?:a|the))\s+governor\b|\bbaltimore\s+city\s+municipal\b"
        ),
    ),
    ("regular", re.compile(r"\bregular\s+(?:general\s+)?election\b")),
]
_NOMINATIONS: list[tuple[Nomination, re.Pattern[str]]] = [
    ("nomination-papers", re.compile(r"\bnominat(?:ion|ing)\s+papers?\b|\bby\s+papers\b")),
    ("convention", re.compile(r"\bconvention\b")),
    ("caucus", re.compile(r"\bcaucus(?:es)?\b")),
    (
        "primary",
        re.compile(
            r"\b(?:nominated|chosen|selected|picked|elected)\s+(?:at|in|by)\s+(?:the\s+)?"
            r"(?:state\s+|party\s+)?primary\b"
            r"|\bprimary\s+(?:winner|nominee)\b|\b(?:won|wins?|winning)\s+the\s+primary\b|\bdirect\s+nomination\b"
        ),
    ),
]

_NOT = r"(?:did\s*n[o']?t|didnt|never|has\s*n[o']?t|hasnt|have\s*n[o']?t|havent|was\s*n[o']?t|not)"
_GOT = r"(?:get|got|receive|received|take|took|taken|accept|accepted|qualify\s+for)"
_PUBLIC = (
    r"(?:any\s+|a\s+)?(?:primary\s+)?(?:public\s+)?(?:money|funds?|funding|contributions?"
    r"|financing|matching\s+funds)"
)
_RECEIVED_NO = re.compile(
    _NOT + r"\s+" + _GOT + r"\s+" + _PUBLIC + r"(?:\s+in\s+the\s+primary)?"
    r"|\bno\s+(?:primary\s+)?public\s+(?:money|funds?|contributions?)\b"
    r"|\b(?:skipped|declined|opted\s+out\s+of|passed\s+on)\s+(?:the\s+)?(?:primary\s+)?public"
    r"\s+(?:money|funds?|financing|contributions?)"
)
_RECEIVED_YES = re.compile(
    r"\b(?:got|received|receiving|took|accepted)\s+" + _PUBLIC + r"(?:\s+in\s+the\s+primary)?"
)
_EXCEEDED_NO = re.compile(
    _NOT + r"\s+(?:exceed|go\s+over|went\s+over|overspend|surpass|break)\b"
    r"|\bstay(?:ed|s)?\s+(?:under|within|below)\b|\b(?:within|under|below)\s+the\s+(?:primary\s+)?"
    r"(?:expenditure\s+|spending\s+)?(?:limit|cap)\b"
)
_EXCEEDED_YES = re.compile(
    r"\b(?:exceeded|exceeds|went\s+over|goes\s+over|overspent|over\s*spent|surpassed|broke"
    r"|blew\s+(?:through|past))\b|\bover\s+the\s+(?:primary\s+)?(?:expenditure\s+|spending\s+)?"
    r"(?:limit|cap)\b"
)


def _first(low: str, table: Iterable[tuple[str, re.Pattern[str]]]) -> list[tuple[int, str]]:
    hits = []
    for label, rx in table:
        m = rx.search(low)
        if m:
            hits.append((m.start(), label))
    return sorted(hits)


def _spaces(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


def _near_primary(low: str, m: re.Match[str]) -> bool:
    window = low[max(0, m.start() - 40) : m.end() + 40]
    return "primary" in window


# ------------------------------------------------------------------------------------ extract


def extract(text: str, *, today: date) -> Extracted:
    """Read dates, money, counts and labelled facts from one question.

    `today` is the caller's date in America/New_York; it resolves "today", "tomorrow", and dates
    written without a year.
    """
    problems: list[str] = []
    truncated = len(text) > MAX_CHARS
    raw = _clean(text[:MAX_CHARS])
    low = raw.lower()

    dates, rest = _find_dates(low, today, problems)
    cues = _cue_spans(low)
    _label_dates(cues, dates)
    # Times, citations and date spans are not counts or sums.
    for m in list(_ANY_TIME.finditer(rest)) + list(_CITATION.finditer(rest)):
        rest = _blank(rest, m.start(), m.end())
    amounts, numbers, years = _numbers(rest, problems)

    result = Extracted(
        dates=dates,
        amounts=amounts,
        money=[a.value for a in amounts],
        numbers=numbers,
        counts=[c.value for c in numbers if c.role not in ("duration", "rate")],
        year=years[0] if years else None,
        problems=problems,
        truncated=truncated,
    )

    # A withdrawal *deadline* is not a withdrawal event.
    event_text = low
    for start, end, role in cues:
        if role == "withdrawal_deadline":
            event_text = _blank(event_text, start, end)
    causes = _first(event_text, _EVENTS)
    if causes:
        result.cause = causes[0][1]  # type: ignore[assignment]
        kinds = {_TO_EVENT[c] for _, c in causes} - {None}
        if len(kinds) == 1:
            result.event = kinds.pop()
        elif len(kinds) > 1:
            result.problems.append(
                "the question mentions more than one of withdrawal, death and disqualification"
            )

    explicit = {m.group(1) for m in _OFFICE_EXPLICIT.finditer(low)}
    offices = explicit or {label for _, label in _first(low, _OFFICES)}
    if len(offices) == 1:
        result.office = offices.pop()  # type: ignore[assignment]
    name = _OFFICE_NAME.search(low)
    result.office_name = name.group(0) if name else None

    unopposed = _UNOPPOSED.search(low)
    opposed = _OPPOSED.search(_UNOPPOSED.sub(_spaces, low))
    if unopposed and not opposed:
        result.opposed = False
    elif opposed and not unopposed:
        result.opposed = True

    states = {label for _, label in _first(raw, _STATES)}
    states |= {label for _, label in _first(raw, _STATE_CASED)}
    if len(states) == 1:
        result.state = states.pop()  # type: ignore[assignment]
    elif states:
        result.problems.append("the question names both Maryland and Massachusetts")

    elections = _first(low, _ELECTIONS)
    if elections:
        priority = [e for e, _ in _ELECTIONS]
        result.election = min((label for _, label in elections), key=priority.index)  # type: ignore[assignment]
    nominations = _first(low, _NOMINATIONS)
    if nominations:
        result.nomination = nominations[0][1]  # type: ignore[assignment]

    no = next((m for m in _RECEIVED_NO.finditer(low) if _near_primary(low, m)), None)
    yes = next(
        (
            m
            for m in _RECEIVED_YES.finditer(_RECEIVED_NO.sub(_spaces, low))
            if _near_primary(low, m)
        ),
        None,
    )
    if no:
        result.received_primary = False
    elif yes:
        result.received_primary = True
    if _EXCEEDED_NO.search(low):
        result.exceeded_primary_limit = False
    elif _EXCEEDED_YES.search(low):
        result.exceeded_primary_limit = True
    return result


# -------------------------------------------------------------------------- rule parameters


def _one_unlabelled(ex: Extracted, allowed: tuple[str | None, ...]) -> ExtractedDate | None:
    free = [d for d in ex.dates if d.role in allowed]
    return free[0] if len(free) == 1 else None


def _by_role(items: Sequence[ExtractedAmount] | Sequence[ExtractedCount], role: str) -> Any:
    """The value labelled `role`, else the only unlabelled one (never a guess among several)."""
    labelled = [i.value for i in items if i.role == role]
    if labelled:
        return labelled[0]
    plain = [i.value for i in items if i.role is None]
    return plain[0] if len(plain) == 1 else None


def _count(ex: Extracted, role: str) -> int | None:
    return _by_role(ex.numbers, role)


def _money(ex: Extracted, role: str) -> Decimal | None:
    return _by_role(ex.amounts, role)


def _successor(ex: Extracted) -> dict[str, object]:
    p: dict[str, object] = {}
    if ex.event:
        p["event"] = ex.event
    event_date = ex.date_with_role("event_date") or (
        _one_unlabelled(ex, (None,)) if ex.event else None
    )
    for name, found in (
        ("event_date", event_date),
        ("primary", ex.date_with_role("primary")),
        ("withdrawal_deadline", ex.date_with_role("withdrawal_deadline")),
        ("filing_deadline", ex.date_with_role("filing_deadline")),
    ):
        if found:
            p[name] = found.value
    return p


def _declaration(ex: Extracted) -> dict[str, object]:
    p: dict[str, object] = {}
    if ex.election and ex.election != "regular":
        p["election"] = ex.election
    if ex.year:
        p["year"] = ex.year
    for name, role in (
        ("coc_deadline", "filing_deadline"),
        ("proclamation_deadline", "proclamation_deadline"),
    ):
        found = ex.date_with_role(role)
        if found:
            p[name] = found.as_param()
    return p


def _year_only(ex: Extracted) -> dict[str, object]:
    return {"year": ex.year} if ex.year else {}


def _signatures(ex: Extracted) -> dict[str, object]:
    n = _count(ex, "registered_voters")
    return {"registered_voters": n} if n is not None else {}


def _petition_filing(ex: Extracted) -> dict[str, object]:
    p = _year_only(ex)
    if ex.election in ("regular", "special-congressional"):
        p["election"] = ex.election
    special = ex.date_with_role("special_primary")
    if special is None and ex.election == "special-congressional":
        special = ex.date_with_role("primary") or _one_unlabelled(ex, (None,))
    if special:
        p["special_primary"] = special.value
    return p


def _financing_primary(ex: Extracted) -> dict[str, object]:
    p: dict[str, object] = {}
    amount = _money(ex, "private")
    if amount is not None:
        p["private_contributions"] = amount
    if ex.opposed is not None:
        p["opposed"] = ex.opposed
    return p


def _proration(ex: Extracted) -> dict[str, object]:
    if not ex.amounts:
        return {}
    fund = next((a for a in ex.amounts if a.role == "fund"), ex.amounts[0])
    p: dict[str, object] = {"fund": fund.value}
    rest = [a.value for a in ex.amounts if a is not fund]
    others = [a for a in ex.amounts if a is not fund]
    tickets = [c.value for c in ex.numbers if c.role == "tickets"]
    if len(others) == 1 and others[0].each and tickets:
        rest = rest * tickets[0]  # "three tickets entitled to $500,000 each"
    if rest:
        p["entitlements"] = rest
    return p


def _financing_general(ex: Extracted) -> dict[str, object]:
    p: dict[str, object] = {}
    amount = _money(ex, "fund")
    if amount is not None:
        p["fund_remaining"] = amount
    tickets = [c.value for c in ex.numbers if c.role == "tickets"]
    if tickets:
        p["nominee_tickets"] = tickets[0]
    for name in ("opposed", "received_primary", "exceeded_primary_limit"):
        value = getattr(ex, name)
        if value is not None:
            p[name] = value
    return p


def _vacancy_certificate(ex: Extracted) -> dict[str, object]:
    p: dict[str, object] = {}
    found = ex.date_with_role("withdrawal_deadline") or _one_unlabelled(ex, (None, "event_date"))
    if found:
        p["withdrawal_deadline"] = found.as_param()
    if ex.office:
        p["office"] = ex.office
    return p


def _delegates(ex: Extracted) -> dict[str, object]:
    n = _count(ex, "votes")
    return {"votes": n} if n is not None else {}


_LT_GOVERNOR = re.compile(r"\b(?:lieutenant|lt\.?)\s*gov(?:ernor)?\b|\blg\b")
_GOVERNOR = re.compile(r"\bgovernor\b")


def _who_fills(ex: Extracted) -> dict[str, object]:
    p: dict[str, object] = {}
    # Sentence 2 of c. 53 § 14 singles out governor and lieutenant governor: keep which.
    office: str | None = ex.office
    named = (ex.office_name or "").lower()
    if _LT_GOVERNOR.search(named):
        office = "lieutenant-governor"
    elif _GOVERNOR.search(named):
        office = "governor"
    for name, value in (("nomination", ex.nomination), ("office", office), ("cause", ex.cause)):
        if value:
            p[name] = value
    return p


_PARAMS: dict[str, Callable[[Extracted], dict[str, object]]] = {
    "md-successor-lt-gov": _successor,
    "md-petition-declaration": _declaration,
    "md-petition-certificate": _year_only,
    "md-petition-signatures": _signatures,
    "md-petition-filing": _petition_filing,
    "md-public-financing-schedule": _year_only,
    "md-public-financing-primary": _financing_primary,
    "md-public-financing-proration": _proration,
    "md-public-financing-general": _financing_general,
    "ma-vacancy-certificate": _vacancy_certificate,
    "ma-vacancy-delegates": _delegates,
    "ma-vacancy-who-fills": _who_fills,
}


def params_for(rule_id: str, ex: Extracted) -> dict[str, object]:
    """The rule's parameters (by their public names) that the question supplied.

    Only what the text states; calendar defaults are the rule's business. Unknown rules → {}.
    """
    build = _PARAMS.get(rule_id)
    return build(ex) if build else {}


def param_string(value: object) -> str:
    """The `key=value` form of one parameter (ISO dates, plain Decimals, lower-case booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.replace(tzinfo=None).isoformat(timespec="minutes")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral() else str(value)
    if isinstance(value, list | tuple):
        return ",".join(param_string(v) for v in value)
    return str(value)


def param_strings(params: Mapping[str, object]) -> dict[str, str]:
    """`param_string` over a whole parameter mapping (for `Reply.params` and comparisons)."""
    return {k: param_string(v) for k, v in params.items()}
