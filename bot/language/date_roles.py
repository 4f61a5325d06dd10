"""What each date of a question is — a withdrawal deadline, the primary, the day of the event,
a certificate deadline … — from the role cues in the words around it (`bot.language.dates`
reads the dates themselves)."""

from __future__ import annotations

import bisect
import re
from datetime import time, timedelta
from itertools import pairwise

from bot.language.number_words import WORD_NUMBERS
from bot.language.text import in_mail_header
from rules.engine.facts import FactDate

# "the ruling was dated May 28", "the withdrawal is dated 3/9": the paper of the event itself,
# whose day is the event's (never a paper's own day, `_DATED`).
_EVENTS_PAPER = (
    r"(?:determination|ruling|decision|order|withdrawal)\s+(?:itself\s+)?(?:(?:is|was)\s+)?"
    r"(?:dated|issued|signed)"
)
# Words near a date that say what the date is. Longer cues win over shorter ones they contain.
_DATE_ROLES: list[tuple[str, re.Pattern[str]]] = [
    (
        "withdrawal_deadline",
        re.compile(
            # ("post-primary state senate withdrawal — deadline 9/4 noon")
            # ("withdrawl deadline 8-29": spelt as said)
            r"withdraw(?:a?l)?s?\s*(?:[—–-]+\s*)?(?:deadline|closed?|closes|closing|cut-?off|ended|ends?"
            r"|period|window)"
            # "withdrawals for our town election closed Tuesday 3/24"
            # ("withdrawals for the 14th essex rep special closed")
            # ("withdrawals for Governor's Council closed at noon")
            r"|withdrawals?\s+(?:[a-z0-9/'’]+\s+){1,7}?(?:closed?|closes|ended|ends?)\b"
            # "file her withdrawal before tomorrow's noon cutoff (Fri 9/4)": the withdrawals'
            # cutoff, when no other filing's is named between
            # ("files a withdrawal before the 3/8 withdraw deadline": the withdrawal, then the
            # withdrawals' own deadline; no cue spans the two)
            r"|withdrawals?\s+(?:(?!coc|filing|candidacy|certificate|primary|petition|withdraw)"
            r"[a-z0-9/'’]+\s+){1,5}?(?:cut-?off|deadline)\b"
            r"|withdrawals\s+(?:were|are|was|is)\s+due"
            # ("the last hour to file withdrawals was 5pm Thursday April 15")
            # ("Final day for filing withdrawals is Fri Oct 6, 5 PM")
            r"|(?:deadline|(?:last|final)\s+(?:day|date|hour)(?:\s+and\s+hour)?|cut-?off|close)"
            r"\s+(?:for|to|of)\s+"
            r"(?:filing\s+|file\s+)?"
            r"(?:a\s+|the\s+)?withdraw(?:al)?s?"
            r"|withdrawal\s+day"
            # ("5-502 ddl 3/8", "the § 5-502 deadline was March 8": the withdrawal section's)
            # ("the 5-502 window closed March 8")
            # ("the § 5-502 last day was March 8")
            r"|5-502\s+(?:withdrawal\s+)?(?:deadline|cut-?off|date|window|period|(?:last|final)\s+day)"
            # ("last day for LG candidates to withdraw")
            # ("last day for district/county offices to withdraw")
            r"|last\s+day\s+(?:[\w/.-]+\s+){0,4}(?:could|can|may|to)\s+(?:drop\s+out|withdraw|pull\s+out)"
            # ("candidates could withdraw until Thursday the 11th at 5pm")
            r"|(?:could|can|may|were\s+able\s+to)\s+(?:withdraw|drop\s+out|pull\s+out)\s+(?:until|till|through)"
        ),
    ),
    (
        "event_date",
        re.compile(
            r"\b(?:died|dies|die|dying|dead|pass(?:es|ed)?\s+away|death|deceased|withdrew"
            # ("passed 5/2": died; "the COC deadline already passed (Feb 26)": no event)
            r"|(?<!deadline\s)(?<!already\s)(?<!has\s)(?<!had\s)(?<!have\s)passed"
            r"|withdrawn|withdraws"
            # ("she'll withdraw monday 3/9": a withdrawal to come)
            # ("the running mate tried to withdraw on March 12": the attempt's day)
            r"|(?:will|['’]ll|going\s+to|plans?\s+to|intends?\s+to|tried\s+to|attempted\s+to)"
            r"\s+withdraw"
            r"|withdrawal|dropped\s+out|drops\s+out|pulled\s+out|resigned|quit|stepped\s+down|dropped\s+off|left\s+the\s+(?:ticket|race)"
            r"|disqualified|disqualification|ineligible"
            # ("the determination itself is dated last Thursday, May 30": the ruling's day)
            # ("the LG candidate's withdrawal was dated Monday, March 9": the withdrawal's day)
            r"|" + _EVENTS_PAPER + r"(?:\s+on)?(?:\s+last)?)\b"
        ),
    ),
    ("special_primary", re.compile(r"special\s+primary")),
    # ("last day for withdrawals (state offices, pre-primary) is Fri 6/7/30": not the primary's)
    ("primary", re.compile(r"(?<!pre-)(?<!post-)(?<!pre\s)(?<!post\s)\bprimary\b")),
    (
        "filing_deadline",
        re.compile(
            r"(?:filing|coc|certificate\s+of\s+candidacy|candidacy)\s+(?:deadline|cut-?off)"
            # "the COC deadline for the 2028 primary is Jan 21": the deadline's date, not the
            # primary's
            r"(?:\s+for\s+the\s+(?:\d{4}\s+)?(?:gubernatorial\s+|presidential\s+)?primary)?"
            # "cert deadline was 2/26/2030", "COC cutoff 2/26/30", "certs closed Feb 26 '30"
            r"|\bcert\s+(?:deadline|cut-?off)|\b(?:certs|cocs|certificates)\s+(?:closed|close|closes)\b"
            # ("two weeks before the 2/24 certificate deadline": the day said as its name's)
            r"|(?<=\d\s)certificate\s+(?:deadline|cut-?off)\b"
            # ("certificates of candidacy closed at 9:00 p.m. on February 26, 2030", "the
            # deadline of certificates of candidacy was 26 February 2030 at 9 pm")
            # ("cert of candidacy closed 2/26/30")
            r"|\b(?:certs?|certificates?)\s+of\s+candidacy\s+(?:closed|close|closes|were\s+due"
            r"|are\s+due)\b"
            r"|\bdeadline\s+(?:of|for)\s+(?:the\s+)?(?:certificates?\s+of\s+candidacy|cocs?)\b"
            # "still due w/ the COC (2/26/30, 9pm)?", "same as the COC, 2/26/30 9pm?": the day
            # said right after the certificate is its deadline's
            # ("due with the COCs, tuesday 2/24 at 9pm")
            r"|\b(?:cocs?|certificates?\s+of\s+candidacy)\s*"
            r"(?=[(,]\s*(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?\d)"
            # "Certificate deadline was Feb 26 at 9pm": the candidacy deadline, past
            r"|\bcertificate\s+(?:deadline|cut-?off)\s+(?:was|had\s+been)\b"
            # ("primary 6/23/26, cert deadline Feb 24 '26 9 p.m.": the day said right after it;
            # never a successor's, replacement's or vacancy's certificate, the one asked for)
            r"|(?<!successor\s)(?<!successor['’]s\s)(?<!replacement\s)(?<!vacancy\s)(?<!new\s)"
            r"\bcertificate\s+(?:deadline|cut-?off)\s*(?:is\b|:|[—–-]+)?\s*"
            r"(?=(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
            r"(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))"
            # "the § 5-303 certificate deadline was 9 p.m. on Feb. 26"
            r"|5-303\s+(?:certificate\s+|filing\s+|coc\s+)?deadline"
            # ("I read the candidate sign-up deadline was Feb 26")
            r"|\b(?:candidate\s+)?sign[\s-]?up\s+(?:deadline|cut-?off)"
            # "candidacy filing closes Feb 26, 2030 at 9 p.m.", "filing closes …": candidates'
            # filing, not a petition's
            # ("candidate filing for the primary doesn't close until 9pm on 2/26/2030")
            r"|(?<!petition\s)(?<!petitions\s)\b(?:filing|coc|cocs)\s+"
            r"(?:for\s+the\s+(?:\d{4}\s+)?(?:gubernatorial\s+|presidential\s+)?primary\s+)?"
            r"(?:had\s+|has\s+|having\s+|doesn['’]?t\s+|does\s+not\s+|won['’]?t\s+|will\s+)?"
            r"(?:closes|closed|closing|close|ends|ended)"
            # ("COC window shuts 2/26 9pm", "the filing period closed Feb 26")
            r"|(?<!petition\s)\b(?:filing|coc|cocs|candidacy)\s+(?:window|period)\s+"
            r"(?:shuts|shut|closes|closed|ends|ended)"
            r"|deadline\s+(?:for|to)\s+(?:file\s+|filing\s+)?(?:a\s+|the\s+)?"
            r"(?:cocs?|certificates?\s+of\s+candidacy)"
        ),
    ),
    # The proclamation's deadline, not the day it was issued ("proclamation issued 3/1").
    (
        "proclamation_deadline",
        # ("the Governor's proclamation came out March 15")
        re.compile(
            r"proclamation(?!\s+(?:(?:was\s+)?(?:issued|dated|signed|made|published|released)"
            r"|came\s+out|went\s+out)\b)"
        ),
    ),
    ("general", re.compile(r"general\s+election")),
    # "wd deadline 3/6/26 so successor COC due 3/11, correct?", "i figure the successor has
    # till june 17": the answer the asker worked out, to be checked — no fact of the question.
    (
        "answer",
        re.compile(
            r"\b(?:so|i\s+(?:figure|think|believe|assume|guess)|meaning|which\s+means)\b"
            r"(?:\s+[\w'’/-]+){0,8}?\s+(?:due|(?:un)?till)\b"
        ),
    ),
]
_ROLE_BEFORE = 45  # a cue up to this many characters before a date labels it
_ROLE_AFTER = 25  # ... or this many after ("June 23 primary"), at a small handicap
# "proclamation sets the … COC deadline", "the proclamation for the CD-2 special says filing
# closes …": its words up to this before
_PROCLAMATION_REACH = 45


# "the last day for withdrawals for the 2030 state primary is June 7": an election named after
# a deadline says which election's deadline it is, and names no date of its own.
DEADLINES = ("withdrawal_deadline", "filing_deadline", "proclamation_deadline")
_ELECTIONS = ("primary", "special_primary", "general")
_WHICH_ELECTION = re.compile(
    # ("withdrawal deadline after the primary was Fri 9/4 at noon": the post-primary one)
    r"^\s+(?:for|of|before|after|in)\s+(?:the\s+|this\s+|our\s+)?(?:\d{4}\s+)?(?:[a-z.']+\s+){0,2}$"
)


def cue_spans(low: str) -> list[tuple[int, int, str]]:
    """Role cues in text order; a cue inside a longer cue is dropped ("withdrawal" inside
    "withdrawal deadline"), and so is an election that only says whose deadline a deadline
    cue just before it is."""
    spans = sorted(
        ((m.start(), m.end(), role) for role, rx in _DATE_ROLES for m in rx.finditer(low)),
        key=lambda c: (c[0], c[0] - c[1]),
    )
    kept: list[tuple[int, int, str]] = []
    reach = -1  # furthest end of any cue so far
    for start, end, role in spans:
        if end <= reach and not (kept and kept[-1][:2] == (start, end)):
            continue
        if (
            role in _ELECTIONS
            and kept
            and kept[-1][2] in DEADLINES
            and _WHICH_ELECTION.match(low[kept[-1][1] : start])
        ):
            continue
        kept.append((start, end, role))
        reach = max(reach, end)
    return kept


# A sentence's end, not the stop of "5 p.m." or "Sept." ("the COC deadline at 5 p.m. on April
# 17" is one sentence).
_SENTENCE_END = re.compile(
    r"(?<!\bp\.m)(?<!\ba\.m)(?<!\bpm)(?<!\bam)"
    r"(?<!\bjan)(?<!\bfeb)(?<!\bmar)(?<!\bapr)(?<!\bjun)(?<!\bjul)(?<!\baug)(?<!\bsep)(?<!\bsept)"
    r"(?<!\boct)(?<!\bnov)(?<!\bdec)(?<!\bst)(?<!\bno)"
    # ("the Sept 17, 2030 Mass. primary", "the Md. primary": a state's abbreviation)
    r"(?<!\bmass)(?<!\bmd)"
    # ("primary ........ 2030-06-25": a leader's dots end no sentence)
    r"(?<!\.)[.?!;]\s"
)
_WORKED_OUT = re.compile(
    r"\s*\(\s*(?:so|i\.?e\.?,?|that\s+is|that['’]s|which\s+is)\s*"
    # ("dies ten days before the primary, which makes it Saturday 6/15")
    r"|\s*,\s*(?:which\s+(?:makes\s+it|would\s+make\s+it|puts\s+it\s+on|would\s+be)|i\.e\.,?)\s+"
    # ("dies 5 days before the primary -- say June 18, 2026": the day, as an example)
    r"|\s*(?:--|[—–,:])?\s*(?:say|e\.g\.,?|for\s+example,?|for\s+instance,?)\s+"
    # ("LG death 44 days before the 2030 primary -- so Sunday May 12, 2030")
    r"|\s*(?:--|[—–])\s*so\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?"
)
_RELATIVE_GAP = re.compile(r"\b(?:before|after|prior\s+to|until|since|ahead\s+of)\b")


def _names_next(low: str, cue_end: int, later: list[tuple[int, int]]) -> bool:
    """Whether the next date starts right after a cue ("special primary Nov 16")."""
    return bool(later) and bool(_CUE_THEN_DATE.fullmatch(low, cue_end, later[0][0]))


# ("certificate of candidacy deadline was 9 pm on Feb 26": the hour may come first)
_CUE_THEN_DATE = re.compile(
    # ("filing deadline having been feb 26 2030 9pm")
    r"\s*(?::|is|was|on|of|(?:having\s+)?been|being)?\s*"
    r"(?:(?:at\s+)?\d{1,2}(?::\d\d)?\s*(?:a\.?m|p\.?m)\.?\s*,?\s*(?:on\s+)?)?"
)
_DATED = re.compile(
    # (never a ruling's day: "a board ruling dated May 28")
    r"(?<!determination\s)(?<!ruling\s)(?<!decision\s)(?<!order\s)(?<!itself\s)"
    r"\b(?:dated|issued|signed|published)\s+(?:on\s+)?$"
    # ("file received by our unit on 4/10/2026": the day a paper came in)
    r"|\b(?:received|logged|stamped)(?:\s+by(?:\s+[\w'’.-]+){1,3})?\s+on\s+$"
)
_EVENTS_PAPER_DATED = re.compile(r"\b" + _EVENTS_PAPER + r"\s+(?:on\s+)?$")
_SET_BY_PROCLAMATION = re.compile(
    r"\bproclamation\b[^.?!;\n]{0,100}?\b(?:sets?|puts?|fix(?:es|ed)?|establish(?:es|ed)?"
    # ("proclamation … says candidacy papers close 5 p.m. Saturday, January 15")
    r"|says?\b[^.?!;\n\d]{0,40}?\b(?:close[sd]?|due))\b"
    # ("sets candidate filing for 5:00 p.m. on Monday, September 10")
    r"[^.?!;\n\d]{0,30}(?:\d{1,2}(?::\d\d)?\s*(?:a\.?m\.?|p\.?m\.?)\s*(?:on\s+)?)?$"
)
_WRAPPED = re.compile(r"[ \t]*(?:of|is|was|on|at|by|for)[ \t]*\n")
_LABEL_AFTER = re.compile(r",?\s*(?:\d{1,2}(?::\d\d)?\s*(?:a\.?m\.?|p\.?m\.?)\s*)?:\s*")
_UNNAMED_DEADLINE = re.compile(r"\s+(?:deadline|cut-?off)\b")
_BEFORE_OR_AFTER = re.compile(r"\b(?:before|after|prior\s+to|ahead\s+of)\s+(?:the\s+)?$")


def label_dates(cues: list[tuple[int, int, str]], dates: list[FactDate], low: str = "") -> None:
    """Give each date the role of its nearest cue in the same sentence ("June 10. successor
    COC deadline?": the deadline cue is not June 10's)."""
    starts = [c[0] for c in cues]
    bounds = [(d.start, d.start + len(d.span)) for d in dates]
    # "the Nov 14 special town election": each date said as an election's day, read once.
    elections = [bool(_ELECTION_AFTER_DATE.match(low, end)) for _, end in bounds]
    claimed: list[tuple[int, int, FactDate] | None] = []  # (distance, cue start, date)
    for i, d in enumerate(dates):
        start, end = bounds[i]
        lo = bisect.bisect_left(starts, start - _ROLE_BEFORE - 60)
        hi = bisect.bisect_right(starts, end + _ROLE_AFTER)
        # Only a neighbouring date can lie between this date and one of its cues ("withdrawal
        # deadline for the Nov 14 special town election is Oct 6": never an election's day,
        # which is said of the election, not of the cue).
        between = [bounds[j] for j in (i - 1, i + 1) if 0 <= j < len(bounds) and not elections[j]]
        best: tuple[int, str, int] | None = None
        # ("a draft, dated 9/13": the day a paper was written is no deadline's or event's;
        # "the Nov 14 special town election": an election's day claims no deadline's cue)
        dated = elections[i] or bool(
            _DATED.search(low, max(0, start - 40), start)
            and not _EVENTS_PAPER_DATED.search(low, max(0, start - 40), start)
        )
        for cs, ce, role in [] if dated else cues[lo:hi]:
            # ("the withdrawal deadline was set (by the select board, don't ask) for Monday,
            # October 11th": an aside in parentheses is no distance)
            apart = len(_without_asides(low[ce:start])) if ce <= start else 0
            # ("2026-02-24 21:00  COC filing closes\n2026-02-24 22:15  LG pronounced dead": a
            # cue on an earlier line that has a day of its own is that day's)
            # (never prose wrapped after the cue's linking word: "… a certificate of candidacy
            # cutoff of\nFebruary 26, 2030 at 9 p.m.")
            if ce <= start and "\n" in low[ce:start] and not _WRAPPED.match(low, ce, start):
                own_line = low.rfind("\n", 0, cs) + 1
                if any(own_line <= b < cs for b, _ in bounds):
                    continue
            if ce <= start and apart <= _ROLE_BEFORE:
                gap_lo, gap_hi, dist = ce, start, apart
            elif cs >= end and cs - _past_hour(low, end) <= _ROLE_AFTER and "\n" not in low[end:cs]:
                # (a cue on the next line is the next line's: "primary …… 2030-06-25" above
                # "COC deadline … 2030-02-26" in a pasted sheet)
                # ("Fri Oct 13, 2028, 5 pm: last day for withdrawals": a calendar's line, its
                # label after its day and a colon, is that day's before any next one's)
                labelled = _LABEL_AFTER.fullmatch(low, end, cs)
                gap_lo, gap_hi, dist = end, cs, 0 if labelled else cs - end + 8
            else:
                continue
            # "withdrew before the 9/4 withdrawal deadline", "died after the June 23 primary":
            # a date placed relative to the event is not the event's day.
            # So is a date placed before or after a cue named after it ("withdrew 10:30 p.m. on
            # Feb. 24 — after the 9 p.m. filing cutoff"): that date is not the cue's.
            if (
                (role == "event_date" and gap_hi == start) or gap_lo == end
            ) and _RELATIVE_GAP.search(low, gap_lo, gap_hi):
                continue
            # ("last day to withdraw after the Sept 17 primary": a deadline placed after a
            # date is not on it; "open until June 9" is)
            if (
                role in DEADLINES
                and gap_hi == start
                and _BEFORE_OR_AFTER.search(low[gap_lo:gap_hi])
            ):
                continue
            # ("the withdrawal deadline for the June 25 2030 gubernatorial primary": the day
            # names the election the deadline is for, not the deadline)
            if (
                role in DEADLINES
                and gap_hi == start
                and _FOR_THE.search(low, gap_lo, gap_hi)
                and _ELECTION_NAMED_AFTER.match(low, end)
            ):
                continue
            # "dies 6 days before the 6/25 primary (so 6/19)": a day the asker worked out from
            # the words before is not the day of the cue named just before it.
            if gap_hi == start and _WORKED_OUT.fullmatch(low, gap_lo, gap_hi):
                continue
            # A cue separated from this date by another date belongs to that one.
            if any(gap_lo <= s and e <= gap_hi for s, e in between):
                continue
            if _SENTENCE_END.search(low, gap_lo, gap_hi):
                continue
            # ("COC deadline at 9 pm on Oct 12, special primary Nov 16": a cue after a comma
            # that names the date right after it is that date's)
            # ("election May 15, 2029: last day to withdraw is Monday, March 5": after a colon too)
            if (
                gap_lo == end
                # (never the colon of an hour: "2026-02-24 21:00  COC filing closes")
                # ("… so Sunday May 12, 2030 (primary Tue 6/25 …)": after a bracket too)
                and re.search(r",|\(|:(?!\d)", low[gap_lo:gap_hi])
                and _names_next(low, ce, bounds[i + 1 :])
            ):
                continue
            if best is None or dist < best[0]:
                best = (dist, role, cs)
        d.role = _whose_deadline(cues, low, best[2], best[1]) if best else None
        claimed.append((best[0], best[2], d) if best else None)
        # ("Governor's proclamation for the special in the 5th congressional district sets
        # 9 pm on March 15 as the filing date": what the proclamation sets, said farther on)
        if best is None and not dated:
            said = _SET_BY_PROCLAMATION.search(low, max(0, start - 140), start)
            if said and not any(said.start() <= s < start for s, _ in bounds[:i]):
                d.role = "proclamation_deadline"
    # One cue names one date: "the deadline was Feb 26 and the primary falls on June 25" —
    # both dates are near "primary", which is June 25's; the date farther from it is unnamed.
    by_cue: dict[int, list[tuple[int, FactDate]]] = {}
    for claim in claimed:
        if claim is not None:
            by_cue.setdefault(claim[1], []).append((claim[0], claim[2]))
    for claims in by_cue.values():
        for _, farther in sorted(claims, key=lambda c: c[0])[1:]:
            farther.role = None
    # "last day to withdraw for city council nov 27 election?": a date said as an election's
    # is that election's day, whatever deadline is named before it.
    for d, election in zip(dates, elections, strict=True):
        if election:
            d.role = "general"
    # ("LG withdrew before the 3/6 cutoff": a deadline the event is placed by, never the
    # event's own day; which deadline is not said)
    for d in dates:
        start = d.start
        if (
            d.role is None
            and _UNNAMED_DEADLINE.match(low, start + len(d.span))
            and _BEFORE_OR_AFTER.search(low, max(0, start - 20), start)
        ):
            d.role = "aside"
    _day_said_again(dates, low)
    _event_hour_first(cues, dates, low)


# "2026-02-24 22:15  LG pronounced dead": the hour said right after a day is the day's, no
# distance to the cue after it.
_HOUR_RIGHT_AFTER = re.compile(r"\s*(?:at\s+)?\d{1,2}:\d\d(?:\s*[ap]\.?m\.?)?")


def _past_hour(low: str, end: int) -> int:
    """Where what is said of the day ending at `end` goes on, past an hour said right after it."""
    hour = _HOUR_RIGHT_AFTER.match(low, end)
    return hour.end() if hour else end


def _day_said_again(dates: list[FactDate], low: str) -> None:
    """One day said twice a few words apart, once by its role and once with its hour ("passed
    away Tuesday night, about 10:30pm on Feb 26 2030"), is one date: the role's, with the hour.
    Read apart, the event's hour is lost and the rule cannot tell it from the deadline's."""
    for first, second in pairwise(dates):
        said, unnamed = (first, second) if second.role is None else (second, first)
        gap = low[first.start + len(first.span) : second.start]
        if (
            first.value != second.value
            or said.role is None
            or unnamed.role is not None
            or len(gap) > 30
            or _SENTENCE_END.search(gap)
            # (a mail header's day dates the message: its hour is no event's)
            or in_mail_header(low, unnamed.start)
            or (said.time is not None and unnamed.time not in (None, said.time))
        ):
            continue
        said.time = said.time or unnamed.time
        said.year_written = said.year_written or unnamed.year_written
        dates.remove(unnamed)
        return _day_said_again(dates, low)


# "the LG candidate's death occurs at 10:30 pm on Feb 26, 2030, the COC deadline day": the hour
# said between the event and the day is the event's.
_HOUR_THEN_DAY = re.compile(
    r"\s*(?:at|@|around|about|,)?\s*\d{1,2}(?::\d{2})?\s*[ap]\.?\s?m\b\.?\s*(?:on\s+)?$"
)


# "the withdrawal deadline we were given is 5pm Monday 9/11": what the deadline is, said of it
# (never "died the evening of the filing deadline, like 10:30 pm on Feb 26": the event's hour).
_DEADLINE_IS = re.compile(r"[^,;.?!]{0,30}\b(?:is|was|are|were|will\s+be)\b[^,;.?!]{0,25}$")


def _event_hour_first(cues: list[tuple[int, int, str]], dates: list[FactDate], low: str) -> None:
    """A deadline's date with an hour said before it, just after an event's words ("died …
    at 10:30 pm on Feb 26, the COC deadline day"), is the event's day and hour; the deadline
    keeps the day, never the event's hour (§ 5-303's is its own). Only the candidacy filing
    deadline takes an hour, and only its own: a withdrawal or proclamation deadline is a day,
    never the candidacy cutoff's hour said elsewhere in the question."""
    if any(d.role == "event_date" for d in dates):
        return
    for d in list(dates):
        if d.role not in DEADLINES or d.time is None:
            continue
        event = [c for c in cues if c[2] == "event_date" and c[1] <= d.start]
        if not event or d.start - event[-1][1] > 2 * _ROLE_BEFORE:
            continue
        between = low[event[-1][1] : d.start]
        # ("if he then withdraws, the withdrawal deadline we were given is 5pm Monday 9/11":
        # the deadline's own words, said after the event's, make the hour the deadline's)
        if _SENTENCE_END.search(between) or any(
            role == d.role
            and event[-1][1] <= start < d.start
            and _DEADLINE_IS.match(low, end, d.start)
            for start, end, role in cues
        ):
            continue
        # ("drops out the night of the COC deadline, 2/26/30, at 10:15 pm — after the 9 o'clock
        # close": the hour after the day is the event's when the deadline's own is said apart)
        own = _deadline_hour(low, d.time) if d.role == "filing_deadline" else None
        if not _HOUR_THEN_DAY.search(between) and (own is None or own == d.time):
            continue
        # The filing deadline takes its own hour when one is said ("(deadline 9 pm)", "after the
        # 9 o'clock cutoff"); else it is the day alone, and the rule asks the hour, never
        # answering from a guess.
        hour = _deadline_hour(low, d.time) if d.role == "filing_deadline" else None
        dates.append(d.model_copy(update={"time": hour}))
        d.role = "event_date"
    dates.sort(key=lambda x: x.start)


_DEADLINE_HOUR = re.compile(
    r"\b(?:deadline|cut-?off|filing\s+close[sd]?)\s*(?:is\s+|was\s+|at\s+|of\s+)?"
    r"(?P<h1>\d{1,2})(?::(?P<m1>\d{2}))?\s*(?:(?P<pm1>[ap])\.?\s?m\b|o['’]?\s?clock)"
    r"|\b(?P<h2>\d{1,2})(?::(?P<m2>\d{2}))?\s*(?:(?P<pm2>[ap])\.?\s?m\b\.?|o['’]?\s?clock)\s+"
    r"(?:coc\s+|filing\s+|candidacy\s+)?(?:deadline|cut-?off|close)"
)


def _deadline_hour(low: str, event: time) -> time | None:
    """The hour a deadline is said to fall at; "9 o'clock" is the evening's when the event,
    said to come after it, is in the evening."""
    m = _DEADLINE_HOUR.search(low)
    found = said_hour(m) if m else None
    if found is None:
        return None
    hour, minute, pm = found
    evening = pm == "p" or (pm is None and event.hour >= hour + 12)
    if pm is None and not evening:
        return None
    return time(hour % 12 + 12 * evening, minute)


def said_hour(m: re.Match[str]) -> tuple[int, int, str | None] | None:
    """The hour, minute and a.m./p.m. letter (None: not said) a match's numbered groups hold
    (`h1`, `m1`, `pm1` …, as `_hour` names them), or None when they are no time of day."""
    said = {k.rstrip("0123456789"): v for k, v in m.groupdict().items() if v}
    hour, minute = int(said["h"]), int(said.get("m") or 0)
    if not 1 <= hour <= 12 or minute > 59:
        return None
    return hour, minute, said.get("pm")


_FOR_THE = re.compile(r"\b(?:for|of)\s+(?:the\s+|this\s+|our\s+)?$")
_ELECTION_NAMED_AFTER = re.compile(
    r"(?:,?\s*\d{4})?\s+(?:[a-z]+\s+){0,2}(?:primary|election|general)\b"
)
_ELECTION_AFTER_DATE = re.compile(
    # (on the date's own line: "December 7, 2027\n  Special General Election: …" names the next)
    r"(?:,[ \t]*\d{4})?[ \t]+"
    r"(?:(?:annual|town|city|municipal|state|local|general|regular|special)\s+){0,2}"
    # ("withdrawal deadline for the Nov 2 municipal: Tue Sep 21": the municipal election's day)
    r"elections?\b|(?:,[ \t]*\d{4})?[ \t]+municipal\b"
)


def _whose_deadline(cues: list[tuple[int, int, str]], low: str, at: int, role: str) -> str:
    """ "the proclamation sets the COC deadline 4/13 at 9 pm": a filing deadline the
    Governor's proclamation sets is the proclamation's deadline."""
    if role != "filing_deadline":
        return role
    for _, ce, other in cues:
        # ("the proclamation (a draft we were shown, dated 9/13) puts the COC deadline at …")
        between = _without_asides(low[ce:at]) if ce <= at else ""
        if (
            other == "proclamation_deadline"
            and ce <= at
            and len(between) <= _PROCLAMATION_REACH
            and not _SENTENCE_END.search(between)
        ):
            return other
    return role


_ASIDE = re.compile(r"\([^()]{0,80}\)")


def _without_asides(text: str) -> str:
    """`text` without its asides in parentheses: an aside is no distance between a cue and the
    date it names."""
    return _ASIDE.sub("", text)


# "the LG candidate dies exactly 50 days before the June 23, 2026 primary", "is disqualified
# three weeks before the primary": the event's day, counted from the primary's.
_FROM_PRIMARY = re.compile(
    # ("passed away a week before the June 25, 2030 primary")
    r"\b(?P<n>\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?P<unit>days?|weeks?)\s+(?P<dir>before|prior\s+to|ahead\s+of|out\s+from"
    r"|after|following)\s+(?:the\s+|our\s+|that\s+)?(?:[^.?!;]{0,25}?\s)?primary\b"
)


def event_from_primary(low: str, cues: list[tuple[int, int, str]], dates: list[FactDate]) -> None:
    """The event's day said only by how far it falls from the primary, whose day the question
    gives ("dies 50 days before the June 23, 2026 primary"): that day, counted, is the
    event's — only when an event is said just before it and no other day is the event's."""
    primary = next((d for d in dates if d.role == "primary"), None)
    if primary is None or any(d.role == "event_date" for d in dates):
        return
    for m in _FROM_PRIMARY.finditer(low):
        event = [c for c in cues if c[2] == "event_date" and c[1] <= m.start()]
        if not event or _SENTENCE_END.search(low, event[-1][1], m.start()):
            continue
        n = m.group("n")
        days = (int(n) if n.isdigit() else WORD_NUMBERS.get(n, 1)) * (
            7 if m.group("unit").startswith("week") else 1
        )
        after = m.group("dir") in ("after", "following")
        dates.append(
            FactDate(
                value=primary.value + timedelta(days=days if after else -days),
                span=m.group(0),
                start=m.start(),
                role="event_date",
                year_written=primary.year_written,
            )
        )
        dates.sort(key=lambda d: d.start)
        return
