"""A value the user corrects is the corrected one: "died on 5/12 - sorry, 5/21", "$10, $30 and
$125? sorry, the last one was $120 not $125", "Wednesday October 13 (sorry - Tuesday the 12th)".

Reading both values would answer from the one the user took back (a fact misread). A correction
is a marker ("sorry", "I meant", "correction", "no wait", …) with a value of the same kind right
after it: that value replaces the one before the marker — the nearest, or the one it names after
"not" ("$120 not $125") — which keeps its place, its role and its time of day. A value the words
give another role ("sorry, one more: the primary is June 23") corrects nothing. Only values
(dates, sums, counts) are corrected here; a marker with no value right after it changes nothing
("Sorry if dumb question. …"). Which of several counts is meant, when none is corrected, is
`count_roles`' business.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from bot.language.dates import WEEKDAY_FULL, in_year
from bot.language.lists import UNIT_SAID, listed_next
from bot.language.number_words import IN_WORDS, WORD_NUMBERS
from bot.language.text import in_asking_sentence
from rules.engine.facts import FactAmount, FactCount, FactDate, FactMention

_MARKER = re.compile(
    r"\b(?:sorry|correction|i\s+mean|i\s+meant|no\s+wait|wait\s+no|scratch\s+that|make\s+that"
    r"|oops|typo|should\s+(?:have\s+)?(?:be|been|read|say|said)"
    # ("ruled ineligible on Sunday May 12 -- hold on, the ruling was Saturday the 11th")
    r"|(?:hold|hang)\s+on(?!\s+to\b)|my\s+bad|forget\s+(?:that|it)|never\s*mind)\b"
    # "Fund is $3.3M -- no, $3.03M": a dash, then "no"; "$2,900,000 — wait, $2,090,000"
    r"|(?:--|—|–|\s-)\s*no\b|(?:--|—|–|\s-|,|\.\.\.|…)\s*wait\b"
    # ("for the 2026 -- er, 2028 -- cycle")
    r"|(?:--|—|–|\s-|,)\s*(?:er|erm|uh|um)\b"
    # "wd deadline mon 10/11? no tue 10/12 5p"
    r"|\?\s*(?:no|nope|actually)\b"
    # "12,004 votes for our gov candidate, no, 1,204"
    r"|,\s*no\s*,"
)
# "the amended proclamation moved the special primary from 11/16 to 11/23": the day it was
# moved to replaces the day it was moved from ("to" is the marker).
_MOVED = re.compile(
    r"\b(?:moved|changed|pushed|rescheduled|shifted|amended|bumped)\b[^.?!]{0,60}?\bfrom\s+"
    r"[^.?!]{1,25}?(?P<to>\s+to\s+)"
    # "Oct 3 — no wait, … the amended proclamation moved it to Oct 10": "it" is the day said.
    r"|\b(?:moved|changed|pushed|rescheduled|shifted|bumped)\s+it(?:\s+back)?(?P<to2>\s+to\s+)"
)
_TO = re.compile(r"\s+to\s+")
MARKER = _MARKER
# characters from a marker to the corrected value ("44,918 -- no wait that's the june number,
# jan 1 count was 44,605")
_REACH = 60
_TAKEN_BACK = re.compile(r"\bscratch\s+that\b")
_FAR_REACH = 160
# "sorry - Tuesday the 12th": a day of the month, the month being the corrected date's.
_DAY_ONLY = re.compile(
    # ("— no wait, they moved it, it's the 23rd now")
    r"\W*(?:wait\W+)?(?:(?:they|we|it)\s+(?:moved|changed|pushed)\s+it\W+)?"
    r"(?:it\s+(?:was|is)\s+|it['’]s\s+)?(?:(?:" + WEEKDAY_FULL + r"),?\s+(?:the\s+)?|the\s+)"
    r"(\d{1,2})(?:st|nd|rd|th)\b"
)
_NOT = re.compile(r"\W*(?:and\s+|,\s*)?not\s+")
_ASKING = re.compile(r"\?|\b(?:when|what|how|due|deadline)\b")

Value = FactDate | FactAmount | FactCount


def correct(
    low: str, dates: list[FactDate], amounts: list[FactAmount], counts: list[FactCount]
) -> None:
    """Apply each correction in `low` (the lower-cased question) to the values read from it, in
    place: the corrected value takes the new one, the new one (and one named after "not") go."""
    markers = [*_MARKER.finditer(low)]
    moves = [
        m
        for moved in _MOVED.finditer(low)
        if (m := _TO.match(low, moved.start("to") if moved.group("to") else moved.start("to2")))
    ]
    _not_this_but_that(low, dates, amounts, counts)
    for marker in sorted([*markers, *moves], key=lambda m: m.start()):
        _count_said_again(low, marker, amounts, counts)
        if _scale_said_once(low, marker, amounts, counts):
            continue
        if _correct_list(low, marker, amounts, counts):
            continue
        for values in (dates, amounts, counts):
            if _correct_one(low, marker, values, moved=marker in moves):
                break
        else:
            if not _correct_day(low, marker, dates):
                _correct_count_in_words(low, marker, counts)


# "correction: not 65k registered, it's 56,420": the value after "not" is taken back, the one
# after "it's" (or "but", "rather") said instead.
_NOT_BEFORE = re.compile(r"\bnot\s+(?:the\s+|a\s+)?$")
_BUT_INSTEAD = re.compile(
    r"[^.?!;\d$]{0,25}?(?:,|—|–|-)?\s*(?:it['’]?s|it\s+is|it\s+was|but|rather)\s+$"
)


def _not_this_but_that(
    low: str, dates: list[FactDate], amounts: list[FactAmount], counts: list[FactCount]
) -> None:
    """ "not 65k registered, it's 56,420": the value after "it's" replaces the one after "not",
    and takes its role."""
    kinds: tuple[list[Value], ...] = (dates, amounts, counts)  # type: ignore[assignment]
    for values in kinds:
        for old, new in pairwise(list(values)):
            if not _NOT_BEFORE.search(low, max(0, old.start - 12), old.start):
                continue
            if not _BUT_INSTEAD.fullmatch(low, old.start + len(old.span), new.start):
                continue
            new.role = new.role or old.role
            values.remove(old)


# A year said on its own: "for 2026 — no, 2030", "the 2028 cycle, sorry, I mean 2030".
_YEAR = re.compile(r"(?<![\d/.,$-])(?:19|20)\d\d(?![\d/.,-]\d)")


# "my old binder (2014 printout)": the year a copy was made, not an election's.
_YEAR_OF_A_COPY = re.compile(
    r"\s*(?:edition|printout|print-out|printing|binder|manual|handbook|guidebook|memo|copy"
    r"|version|pamphlet|packet|slides|training)\b"
)


def correct_years(low: str, years: list[int]) -> list[int]:
    """The years said on their own, with a year taken back by a correction left out ("FCFF
    start date for 2026 — no, 2030?": 2030) and the corrected one first; a year said only of a
    copy of the law ("2014 printout") is left out when another year is said."""
    written = [
        (int(m.group(0)), bool(_YEAR_OF_A_COPY.match(low, m.end()))) for m in _YEAR.finditer(low)
    ]
    copies = {year for year, copy in written if copy}
    copies -= {year for year, copy in written if not copy}
    kept = [y for y in years if y not in copies] if set(years) - copies else list(years)
    for marker in _MARKER.finditer(low):
        new = _YEAR.search(low, marker.end(), marker.end() + 24)
        old = [m for m in _YEAR.finditer(low, max(0, marker.start() - 40), marker.start())]
        if new is None or not old or _ASKING.search(low, marker.end(), new.start()):
            continue
        taken_back, said = int(old[-1].group(0)), int(new.group(0))
        if taken_back in kept and said in kept and taken_back != said:
            kept.remove(taken_back)
            kept.remove(said)
            kept.insert(0, said)
    return kept


# "three nominee tickets — sorry, two": a count said again in words.
_COUNT_IN_WORDS = re.compile(
    r"\W*(?:(?:it\s+(?:is|was)|it['’]s|make\s+it|only|just)\s+)?"
    rf"({IN_WORDS})\b"
)


def _correct_count_in_words(low: str, marker: re.Match[str], counts: list[FactCount]) -> None:
    m = _COUNT_IN_WORDS.match(low, marker.end())
    before = [c for c in counts if c.start + len(c.span) <= marker.start()]
    if m is not None and before and marker.start() - (before[-1].start + len(before[-1].span)) < 40:
        before[-1].value = WORD_NUMBERS[m.group(1)]


def _count_said_again(
    low: str, marker: re.Match[str], amounts: list[FactAmount], counts: list[FactCount]
) -> None:
    """ "512k voters — wait, 521k": a number said again after a marker, with no "$" or
    "dollars", is the same kind as the count it corrects, though "521k" alone reads as a sum."""
    numbers: list[FactAmount | FactCount] = sorted([*amounts, *counts], key=lambda v: v.start)
    after = [v for v in numbers if marker.end() <= v.start <= marker.end() + _REACH]
    before = [v for v in numbers if v.start + len(v.span) <= marker.start()]
    if after and before and isinstance(before[-1], FactAmount):
        _sum_said_again(low, after, amounts, counts)
        return
    if not after or not before or not isinstance(before[-1], FactCount):
        return
    new = after[0]
    if (
        not isinstance(new, FactAmount)
        or "$" in new.span
        or new.value != new.value.to_integral_value()
        or UNIT_SAID.search(new.span)  # ("521k dollars": said as money)
    ):
        return
    amounts.remove(new)
    counts.append(FactCount(value=int(new.value), span=new.span, start=new.start))
    counts.sort(key=lambda c: c.start)


# (a number with a word after it is a count of something: "$3M fund — sorry, 2 tickets")
_BARE = re.compile(r"\W*\$?(\d{1,3}(?:\.\d{1,3})?)(?![\d.,%])(?!\s*[a-z])")
_SCALED = re.compile(r"(\d+(?:\.\d+)?)\s*(?:k|m|mm|mil|million|thousand)\b")


def _scale_said_once(
    low: str, marker: re.Match[str], amounts: list[FactAmount], counts: list[FactCount]
) -> bool:
    """ "fund balance 6.1 mil — sorry, 6.01": a number said again after a marker without the
    scale of the sum it corrects ("mil", "k") is in that scale — 6.01 million, never $6.01."""
    m = _BARE.match(low, marker.end())
    before = [a for a in amounts if a.start + len(a.span) <= marker.start()]
    said = _SCALED.search(before[-1].span) if before else None
    if m is None or said is None or marker.start() - (before[-1].start + len(before[-1].span)) > 12:
        return False
    old = before[-1]
    scale = old.value / Decimal(said.group(1))
    value = Decimal(m.group(1)) * scale
    old.value = value.quantize(Decimal(1)) if value == value.to_integral_value() else value
    # (the bare number, read as a count or a small sum, is gone: it was this sum said again)
    counts[:] = [c for c in counts if c.start != m.start(1)]
    amounts[:] = [a for a in amounts if a.start != m.start(1) or a is old]
    return True


_COUNTING = re.compile(r"\s+(?:of|more|times|x|others?)\b")


def _sum_said_again(
    low: str,
    after: list[FactAmount | FactCount],
    amounts: list[FactAmount],
    counts: list[FactCount],
) -> None:
    """ "contribs of 75, 120 -- no wait, 125 -- and 60": a bare number said again after a sum
    is a sum too, and so is one the list goes on with."""
    said = after[0]
    # (never "… oops, 3 of them", "2 more": a count of the sums, not a sum)
    while (
        isinstance(said, FactCount)
        and said.role is None
        and not _COUNTING.match(low, said.start + len(said.span))
    ):
        counts.remove(said)
        amounts.append(FactAmount(value=Decimal(said.value), span=said.span, start=said.start))
        m = _GOES_ON.match(low, said.start + len(said.span))
        said = next((c for c in counts if m is not None and c.start == m.end()), None)  # type: ignore[assignment]
    amounts.sort(key=lambda a: a.start)


def _correct_one(
    low: str, marker: re.Match[str], values: Sequence[Value], moved: bool = False
) -> bool:
    """Correct the value said before `marker` with the one said right after it. A day moved
    ("moved it to Oct 10") is the same fact's, whatever the words around the new day name."""
    # ("died yesterday -- no wait, scratch that, this is the tabletop … death on June 18"):
    # all said before is taken back, the value may come a few sentences on
    reach = _FAR_REACH if _TAKEN_BACK.search(low, marker.start(), marker.end() + 16) else _REACH
    after = [v for v in values if marker.end() <= v.start <= marker.end() + reach]
    before = [v for v in values if v.start + len(v.span) <= marker.start()]
    if after and not before:
        # "Correction: gov votes were 3,760 not 3,670": the value named after "not" is the
        # one taken back, though it was never said before.
        first = min(after, key=lambda v: v.start)
        named = _named_after_not(low, first, values)
        if named is None:
            return False
        values[:] = [v for v in values if v is not named]  # type: ignore[index]
        return True
    if not after or not before:
        return False
    new = min(after, key=lambda v: v.start)
    if any(marker.end() <= v.start < new.start for v in values):
        return False
    if _ASKING.search(low, marker.end(), new.start):
        return False  # "LG died 5/1, I mean, when is the successor due, 5/14?" asks, not corrects
    old = before[-1]
    # "$120 not $125": the value taken back is the one named after "not".
    named = _named_after_not(low, new, values)
    if named is not None:
        old = next((v for v in reversed(before) if _same(v, named)), old)
    # "Sorry, one more: the primary is June 23" adds a fact, corrects none; "a $120 - sorry
    # $125 - contribution" corrects a sum the words name only after the correction.
    keep_new = False
    if new.role is not None and new.role != old.role and not moved:
        if (
            isinstance(old, FactDate)
            and isinstance(new, FactDate)
            and _also_named(low, marker, new)
        ):
            keep_new = True  # ("march 5 - sorry, march 6, the last day for withdrawals")
        elif isinstance(old, FactDate) or old.role is not None:
            return False
        else:
            old.role = new.role
    _replace(old, new)
    if not isinstance(old, FactDate):
        _list_goes_on(low, old, new.start + len(new.span), values)
    gone = ({id(new)} if not keep_new else set()) | ({id(named)} if named is not None else set())
    kept = [v for v in values if id(v) not in gone]
    values[:] = kept  # type: ignore[index]
    return True


# "75, 120 -- no wait, 125 -- and 60": after the corrected value the list goes on.
_GOES_ON = re.compile(r"\s*(?:--|—|–|-|,)\s*(?:and|&|plus)\s+\$?")


def _list_goes_on(low: str, old: Value, end: int, values: Sequence[Value]) -> None:
    """The value said right after a correction's aside, joined by "and", is one more of the list
    the corrected value belongs to: it takes that value's role."""
    m = _GOES_ON.match(low, end)
    if m is None:
        return
    following = next((v for v in values if v.start == m.end() or v.start == m.end() - 1), None)
    if following is not None and following.role is None:
        following.role = old.role


def _listed(low: str, values: list[FactAmount | FactCount]) -> list[FactAmount | FactCount]:
    """The first of `values` (in text order) and those listed right after it ("60, 120 and
    180"), joined as the reader joins any list (`numbers.listed_next`)."""
    listed = values[:1]
    for value in values[1:]:
        if not listed_next(low, listed[-1], value):
            break
        listed.append(value)
    return listed


def _correct_list(
    low: str, marker: re.Match[str], amounts: list[FactAmount], counts: list[FactCount]
) -> bool:
    """ "contributions 60, 120 and 80 dollars -- no sorry, 60, 120 and 180": a list said again
    after a marker replaces the list of as many values said just before it, value for value
    (said again without "$" or "dollars", a list of sums is still sums)."""
    numbers: list[FactAmount | FactCount] = sorted([*amounts, *counts], key=lambda v: v.start)
    after = [v for v in numbers if v.start >= marker.end()]
    if not after or after[0].start > marker.end() + _REACH:
        return False
    again = _listed(low, after)
    said = [v for v in numbers if v.start + len(v.span) <= marker.start()][-len(again) :]
    if len(again) < 2 or len(said) < len(again) or len(_listed(low, said)) < len(again):
        return False
    if len({type(v) for v in said}) > 1 or len({v.role for v in said}) > 1:
        return False
    for old, new in zip(said, again, strict=True):
        old.value = type(old.value)(new.value)  # type: ignore[assignment]
    gone = {id(v) for v in again}
    amounts[:] = [a for a in amounts if id(a) not in gone]
    counts[:] = [c for c in counts if id(c) not in gone]
    return True


# "march 6, the last day for withdrawals": a day said, then named in apposition.
_APPOSITION = re.compile(r"\s*[,(–—-]\s*(?:(?:which|that)\s+(?:was|is)\s+(?:also\s+)?)?the\b")


def _also_named(low: str, marker: re.Match[str], new: FactDate) -> bool:
    """Whether the day said right after a marker is named in apposition ("sorry, march 6, the
    last day for withdrawals"): it corrects the day said before the marker and keeps its own
    role too (the appositive names it; it adds no other fact)."""
    between = low[marker.end() : new.start]
    return not between.strip(" ,:;-–—") and bool(_APPOSITION.match(low, new.start + len(new.span)))


def _named_after_not(low: str, new: Value, values: Sequence[Value]) -> Value | None:
    end = new.start + len(new.span)
    m = _NOT.match(low, end)
    if m is None:
        return None
    return next((v for v in values if v.start == m.end() and type(v) is type(new)), None)


def _same(said: Value, named: Value) -> bool:
    """Whether `named` ("not 3/4") is the value `said` earlier ("3/4/2030")."""
    if isinstance(said, FactDate) and isinstance(named, FactDate) and not named.year_written:
        return (said.value.month, said.value.day) == (named.value.month, named.value.day)
    return said.value == named.value


def _replace(old: Value, new: Value) -> None:
    if isinstance(old, FactDate) and isinstance(new, FactDate):
        value = new.value
        if not new.year_written and old.year_written:
            value = in_year(value, old.value.year)
        old.value = value
        old.time = new.time or old.time
        old.weekday = new.weekday  # ("mon 10/11? no tue 10/12": the weekday said with it)
        old.year_written = old.year_written or new.year_written
    else:
        old.value = new.value  # type: ignore[assignment]


def _correct_day(low: str, marker: re.Match[str], dates: list[FactDate]) -> bool:
    """ "October 13, 2027 (sorry - Tuesday the 12th)": the day changes, the month stays."""
    m = _DAY_ONLY.match(low, marker.end())
    before = [d for d in dates if d.start + len(d.span) <= marker.start()]
    if m is None or not before:
        return False
    old = before[-1]
    try:
        old.value = old.value.replace(day=int(m.group(1)))
    except ValueError:
        return False
    return True


def itemised_again(low: str, amounts: list[FactAmount]) -> None:
    """ "4 donors at $150 each …: $150, $150, $150, $150": the sums listed after a sum given
    N times, N of them and each the same, are those N again — never N more."""
    for i, repeated in enumerate(amounts):
        if repeated.times < 2:
            continue
        after = amounts[i + 1 : i + 1 + repeated.times]
        if (
            len(after) == repeated.times
            and all(a.value == repeated.value for a in after)
            and after[0].start - (repeated.start + len(repeated.span)) <= 80
            and all(listed_next(low, a, b) for a, b in pairwise(after))
        ):
            for a in after:
                a.role = "again"


# "does Dube's $300 get matched?", "is that $300 from Dube eligible?": a sum pointed back to.
_NAMED_BEFORE = re.compile(
    r"\b(?!(?:it|that|what|there|here|he|she|who|one|today|year)['’])([a-z][a-z-]+)['’]s\s+"
    r"(?:\$\s?)?$"
)
_POINTED_BACK = re.compile(r"\b(?:that|this)\s+(?:\$\s?)?$")


def named_again(low: str, amounts: list[FactAmount]) -> None:
    """ "Alvarez $250 / … / Dube $300 (I know, over the limit). Does Dube's $300 get matched
    at all?": a sum said again of its giver ("Dube's $300"), or pointed back to ("that $300"),
    in a later sentence, is the one listed before — never one more."""
    for i, later in enumerate(amounts):
        before = low[max(0, later.start - 30) : later.start]
        named = _NAMED_BEFORE.search(before)
        earlier = [
            a
            for a in amounts[:i]
            if a.value == later.value
            and a.role != "again"
            and re.search(r"[.?!\n]", low[a.start : later.start])
            and (
                (named and re.search(rf"\b{named.group(1)}\b", low[max(0, a.start - 30) : a.start]))
                or (not named and _POINTED_BACK.search(before))
            )
        ]
        if len(earlier) == 1:
            later.role = "again"


# "Whole-town gov vote for us was 5,400": the area a count is of, not the district's extent.
_A_COUNT_OF_IT = re.compile(
    r"[\s-]*(?:(?:gov\w*|party['’]?s?)\s+)?(?:votes?|totals?|counts?|turnout)\b"
)


# "… is it the same 72 hours as for state offices?", "unlike a city seat": an office named
# only to compare the question's own with.
_COMPARED_WITH = re.compile(
    r"\b(?:(?:as|than)\s+(?:for|with|in)|(?:un)?like|compared\s+(?:to|with)|versus|vs\.?)\s+"
    r"(?:the\s+|an?\s+)?$"
)


def compared_with(low: str, at: int) -> bool:
    """Whether what is named at `at` is named only to compare with ("like MD's LG rule")."""
    return bool(_COMPARED_WITH.search(low, max(0, at - 24), at))


def asked_of(text: str, at: int) -> bool:
    """Whether what is named at `at` of `text` is named in a sentence that asks, and not only
    to compare with ("… is there a declaration of intent like Maryland's?")."""
    return in_asking_sentence(text, at) and not compared_with(text.lower(), at)


def uncompared(low: str, offices: list[tuple[int, str]]) -> set[str]:
    """The offices of `offices` (where each is said, and which) not named only to compare the
    question's own with ("… the same 72 hours as for state offices?")."""
    compared = {o for at, o in offices if compared_with(low, at)}
    return {o for _, o in offices} - compared


def offices_taken_back(low: str, mentions: list[FactMention]) -> list[FactMention]:
    """ "running for school board, no wait, it's county commissioner (the school board one is
    nonpartisan)": an office said, then corrected right after a marker, is not the question's —
    wherever else its name comes up; nor is one named only to compare another with ("town
    election … the same 72 hours as for state offices?"). (And "whole-town vote" says what a
    count is of, never that the whole town is in the district.)"""
    offices = [m for m in mentions if m.role == "office"]
    gone: set[str] = set()
    for said, then in pairwise(offices):
        between = low[said.start + len(said.span) : then.start]
        if said.value != then.value and len(between) <= 50 and _MARKER.search(between):
            gone.add(said.value)
    gone |= {m.value for m in offices} - uncompared(low, [(m.start, m.value) for m in offices])
    return [
        m
        for m in mentions
        if not (m.role == "office" and m.value in gone)
        and not (
            m.role == "district"
            and m.value == "whole"
            and _A_COUNT_OF_IT.match(low, m.start + len(m.span))
        )
    ]
