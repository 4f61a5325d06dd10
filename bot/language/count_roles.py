"""Which of a question's counts is which: "roughly 512K registered (Jan 1 count: 512,337)" is
the exact count; "town cast 6,020 votes in all; our candidate got 2,749 of them" the part; "1.1
million for the whole region -- the district itself is 512,880" the district's; "4,210 votes in
2022 and 3,877 in 2026" the latest year's; "402,118 as of January 1; 405,006 now" January's.
The others keep a role of their own ("total", "was") so no rule takes them for the count it
needs."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from rules.engine.facts import FactCount

# "statewide registration on 1/1/2030 (active + inactive) was 4,312,509", "registered voters
# … as of jan 1 = 41,330": the voters counted, said before it (dates blanked by then).
_VOTERS_BEFORE = re.compile(
    # (not after their own number: "1% of the 1,050,000 registered voters … is 10,500")
    r"(?<!\d\s)\b(?:registered\s+voters?|registration|voter\s+(?:count|rolls?|registration)"
    r"|(?:count|number)\s+of\s+(?:eligible\s+|active\s+)*(?:registered\s+)?voters"
    # ("voters eligible for the office: 25000": (e)(1)'s own words)
    r"|(?<!registered\s)voters\s+eligible\s+(?:to\s+vote\s+)?(?:for|in)\b)"
    # (never across a line's end but after a colon: "… as of Jan 1\n38,700 voted" is its own)
    r"[^.?!;\d$\n]{0,60}?(?:\b(?:was|is|were|are|at|to\s+be|totals?|of|c[ao]me?s?\s+to)|=|:)"
    r"[ \t]*(?::\s*)?\Z"
)
_ANOTHER_NUMBER = re.compile(r"[ \t]*(?:[,/;]|\b(?:and|or)\b)?[ \t]*\d")


def voters_said_before(low: str, start: int, end: int) -> bool:
    """Whether the number at `start`..`end` of `low` is the registered voters said before it
    ("registered voters … as of jan 1 = 41,330") — never the first of several said in a row:
    "(registered voters): 24960 25001 31877" says which is the office's no more than it says
    the others."""
    said = _VOTERS_BEFORE.search(low, max(0, start - 90), start)
    return said is not None and not _ANOTHER_NUMBER.match(low, end)


_OF_THEM = re.compile(r"\s+of\s+(?:them|those|these)\b")
_IN_ALL = re.compile(r"[^.;?!\d]{0,30}?\b(?:in\s+all|in\s+total|altogether|total)\b")
# ("Ward 7 as a whole gave our candidate 2,940 votes, but those two precincts cast 1,260 of
# them": the whole said before its count)
_WHOLE_BEFORE = re.compile(r"\b(?:as\s+a\s+whole|whole|entire|overall)\b[^.;?!\d]{0,50}$")


def part_of_total(low: str, counts: list[FactCount]) -> None:
    """ "town cast 6,020 votes for governor in all; our party's candidate got 2,749 of them":
    the count said "of them" is the part asked about, with the total's role; the total is
    said only to place it (role "total")."""
    for part in [c for c in counts if c.role is None]:
        if not _OF_THEM.match(low, part.start + len(part.span)):
            continue
        whole = [
            c
            for c in counts
            if c.start < part.start
            and c.role
            and (
                _IN_ALL.match(low, c.start + len(c.span))
                or _WHOLE_BEFORE.search(low, max(0, c.start - 70), c.start)
            )
        ]
        if whole:
            part.role, whole[-1].role = whole[-1].role, "total"


_ROUGHLY = re.compile(
    r"(?:\b(?:roughly|about|around|approx\w*|nearly|almost|some)|~)\s*$"
    # ("somewhere between 95k and 100k voters, but the Jan 1 count says 97,412": a range's end)
    r"|\bbetween\s+\S+\s+and\s+$"
)


def exact_over_rough(low: str, counts: list[FactCount]) -> None:
    """ "roughly 512K registered (Jan 1 count: 512,337)": a count said roughly and then exactly
    is the exact one (within 5 % of the rough one), with the rough one's role."""
    for rough in [c for c in counts if c.role and _ROUGHLY.search(low, 0, c.start)]:
        exact = next(
            (
                c
                for c in counts
                if c is not rough
                and c.role in (None, rough.role)
                and c.value != rough.value
                and abs(c.value - rough.value) <= rough.value * 0.05
            ),
            None,
        )
        if exact is not None:
            exact.role = rough.role
            counts.remove(rough)


# "1,100,000 for the whole region", "3,455 votes townwide", "the county overall has …": a count
# said of an area wider than the district asked about.
_WIDER_AFTER = re.compile(
    r"(?:\s+(?:registered\s+)?(?:voters|votes))?\s*,?\s*(?:\b(?:town|city|county|state)-?wide\b"
    r"|\boverall\b|\b(?:for|in|across)\s+the\s+(?:whole|entire)\s+"
    r"(?:region|county|state|city|town|area|jurisdiction)\b"
    # ("district 12 has about 92,000 voters but she runs in subdistrict 12A, which has 31,000")
    r"|\bbut\b[^.?!;\d]{0,80}\bsub-?district\b)"
)
_WIDER_BEFORE = re.compile(
    r"\b(?:(?:town|city|county|state)-?wide|overall|(?:whole|entire)[\s-]+(?:region|county|state"
    # ("Town-wide the party's gov candidate got 5,900 votes, but 1,130 in those precincts")
    r"|city|town|area))\b[^.?!;\d]{0,50}$"
    # ("Town total for our party's governor candidate last state election: 6,240")
    # (a year may be said between: "Town total for our gov candidate in 2026: 4,100")
    r"|\b(?:town|city|county)\s+total\b(?:[^.?!;\d]|(?<!\d)20\d\d(?!\d)){0,60}$"
    # ("the county has 1,050,000 registered but only 750,250 are in the district", "our county
    # has 700k registered, but the council district is 98,760")
    r"|\b(?:the|our|my|this)\s+(?:county|city|state|town|region)\s+(?:as\s+a\s+whole\s+)?"
    r"(?:has|had|is\s+at)\s*$"
)


def wider_area(low: str, counts: list[FactCount]) -> None:
    """ "1,100,000 for the whole region -- the district itself is 512,880": of two counts of
    one kind, the one said of a wider area only places the other, which is the district's
    (§ 5-703(e)'s voters, c. 53 § 14's votes in the part of a town): role "total"."""
    kinds = ("registered_voters", "votes")
    for wide in [c for c in counts if c.role in (*kinds, None)]:
        end = wide.start + len(wide.span)
        if not (
            _WIDER_AFTER.match(low, end)
            or _WIDER_BEFORE.search(low, max(0, wide.start - 80), wide.start)
        ):
            continue
        # ("roughly 1.1 million registered? no wait, it's 1,100,000 for the whole region"):
        # the same number said before is the same count, with its kind
        same = [c for c in counts if c is not wide and c.value == wide.value]
        role = wide.role or next((c.role for c in same if c.role in kinds), None)
        # (only a count said of the district itself: "the council district has 52,000")
        smaller = [c for c in counts if c.value < wide.value and _of_the_district(low, c)]
        # (the same kind said of the district, else the one count said of nothing near it)
        other = [c for c in smaller if role and c.role == role] or [
            c for c in smaller if c.role is None and abs(c.start - wide.start) <= 100
        ]
        if len(other) == 1:
            other[0].role = role
            for c in (wide, *same):
                c.role = "total"


_DISTRICT_SAID = re.compile(
    r"\b(?:district|subdistrict|wards?|precincts?|itself|inside|in\s+the\s+part|portion)\b"
)


def _of_the_district(low: str, count: FactCount) -> bool:
    """Whether the words just around a count say it is the district's (or its part's)."""
    end = count.start + len(count.span)
    return bool(
        _DISTRICT_SAID.search(low, max(0, count.start - 50), count.start)
        or _DISTRICT_SAID.search(low, end, end + 30)
    )


# A count's own year: said right after it ("4,210 votes there in 2022") or before it in its
# sentence, with no other number between ("Last cycle (2026) the district had 39,800", "the
# Jan. 1, 2030 figure is 41,205").
# ("2,996 votes for Healey in Ward 11 in 2022": a ward's number may stand between)
_YEAR_AFTER_COUNT = re.compile(
    # ("97,215 registered as of January 1, 2030", "… on 1/1/2030": a day's year)
    r"[^.;?!$\n]{0,60}?\b(?:in|for|of|as\s+of|on)\s+"
    # ("2,640 in Nov 2026": a month's year)
    r"(?:[a-z]{3,9}\s+\d{1,2}(?:st|th)?,?\s*|\d{1,2}/\d{1,2}/"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(20\d\d)\b"
)
_YEAR_BEFORE_COUNT = re.compile(r"\b(20\d\d)\b[^.;?!\d]{0,60}$")
_SAID_OF_A_YEAR = ("registered_voters", "votes")
_ANOTHER_KIND_BEFORE = re.compile(
    r"\b(?:active|inactive|turnout|voted|ballots\s+cast|population|residents)\b[^.;?!\n]{0,30}$"
)
_WHOSE_COUNT = re.compile(
    r"\b(?:candidate|nominee|president\w*|senat\w*|governor|gubernatorial|mayor|congress\w*"
    r"|ticket)\b"
)


# "our LG candidate got 3,600": the votes of the ticket's other office, said just before them.
_ANOTHER_OFFICE_BEFORE = re.compile(
    r"\b(?:lieutenant\s+governor|lt\.?\s*gov(?:ernor)?|lg)\b(?:['’]?s)?\s+(?!and\b|&|/)"
    r"[^.;,?!\d]{0,30}$"
)


# A list's row or a clause naming whose votes it counts ("- 2028 presidential vote for our
# nominee in town: 6,102"), from its start to the count.
_ROW_START = re.compile(r"[\n|;]")
_OTHER_OFFICE = re.compile(
    r"\b(?:president\w*|senat\w*|congress\w*|mayor\w*|auditor|treasurer|attorney\s+general"
    r"|secretary\s+of|sheriff|district\s+attorney)\b"
)
_GOVERNOR = re.compile(r"\b(?:gov(?:ernor)?|gubernatorial)\b")


def _rows_office(low: str, count: FactCount) -> str | None:
    """Whose votes the row or clause `count` ends names: "governor", "another" office, or None
    (neither, or both)."""
    begin = max((m.end() for m in _ROW_START.finditer(low, 0, count.start)), default=0)
    # (else the line's, a table's row said in words: "Governor, our candidate: L. Fitz;
    # votes in town: 4480")
    line = low.rfind("\n", 0, count.start) + 1
    for row in (low[begin : count.start], low[line : count.start]):
        governor, other = bool(_GOVERNOR.search(row)), bool(_OTHER_OFFICE.search(row))
        if governor != other:
            return "governor" if governor else "another"
    return None


def another_offices_votes(low: str, counts: list[FactCount]) -> None:
    """ "governor candidate got 3,310 votes …; our LG candidate got 3,600": c. 53 § 14 counts
    the votes for governor, so a count said of the Lieutenant Governor candidate — or, on a
    row of its own, of the presidential or senate candidate — is another office's (role
    "another_office") when a count for governor is said too."""
    votes = [c for c in counts if c.role in (None, "votes")]
    rows = {id(c): _rows_office(low, c) for c in votes}
    theirs = [
        c
        for c in votes
        if _ANOTHER_OFFICE_BEFORE.search(low, max(0, c.start - 50), c.start)
        or rows[id(c)] == "another"
    ]
    # (a count for governor: said to be votes, or on a row of the governor's own)
    ours = [
        c for c in votes if c not in theirs and (c.role == "votes" or rows[id(c)] == "governor")
    ]
    if theirs and ours:
        for c in theirs:
            c.role = "another_office"


def of_the_latest_year(low: str, counts: list[FactCount]) -> None:
    """ "4,210 votes there in 2022 and 3,877 in 2026", "Last cycle (2026) the district had 39,800
    registered voters; the Jan. 1, 2030 figure is 41,205": of two counts of one kind each said
    of its own year, the latest year's is the count (§ 5-703(e) counts the voters of the
    election's year, c. 53 § 14 the votes of the last election); the earlier ones are history
    (role "was"). An unlabelled count joins a labelled one's kind only when it is of the same
    size (within a factor of two)."""
    for kind in _SAID_OF_A_YEAR:
        labelled = [c for c in counts if c.role == kind]
        if not labelled:
            continue
        rivals = [
            c
            for c in counts
            if c.role is None
            and any(c.value <= 2 * k.value and k.value <= 2 * c.value for k in labelled)
            # ("active voters only (Jan 1 2030): 74,300": a count of another kind, said so)
            and not _ANOTHER_KIND_BEFORE.search(low, max(0, c.start - 40), c.start)
        ]
        group = labelled + rivals
        found = {id(c): _year_of_count(low, c, counts) for c in group}
        said = {key: at for key, at in found.items() if at is not None}
        if len({c.value for c in group}) < 2 or len(said) != len(group):
            continue
        years = {key: year for key, (year, _) in said.items()}
        if len(set(years.values())) != len(group):
            continue
        # (the counts of one thing: "3,102 votes in 2024 and our gubernatorial candidate 2,488
        # in 2022" are two candidates' counts, which the rule tells apart by whose they are;
        # "1,804 votes for our governor candidate in 2022; for 2026 it was 1,744" one's)
        first = min(group, key=lambda c: c.start)
        last = max(c.start for c in group)
        whose = [m.start() for m in _WHOSE_COUNT.finditer(low, said[id(first)][1], last)]
        # ("our presidential nominee got 4,480 votes in 2024; our governor candidate got 2,975
        # in 2022 and 3,120 in 2026": the latest of each candidate's own counts)
        for own in _by_whose(group, whose):
            latest = max(own, key=lambda c: years[id(c)])
            for c in own if len(own) > 1 else ():
                c.role = kind if c is latest else "was"


def _by_whose(group: list[FactCount], whose: list[int]) -> list[list[FactCount]]:
    """The counts of `group` in runs, a new run after each word saying whose they are
    (`whose`: where those words are said)."""
    runs: dict[int, list[FactCount]] = {}
    for c in sorted(group, key=lambda c: c.start):
        runs.setdefault(bisect.bisect_left(whose, c.start), []).append(c)
    return list(runs.values())


def _year_of_count(
    low: str, count: FactCount, counts: Sequence[FactCount]
) -> tuple[int, int] | None:
    """The year said of `count`, right after it or before it in its sentence (`_YEAR_…`), and
    where what is said of the count ends."""
    end = count.start + len(count.span)
    after = _YEAR_AFTER_COUNT.match(low, end)
    # (never a year past another count: "4,210 in 2022" is 4,210's, not the count before it)
    if after and not any(end < c.start < after.end() and c.role != "district" for c in counts):
        return int(after.group(1)), after.end()
    before = max((c.start + len(c.span) for c in counts if c.start < count.start), default=0)
    said = _YEAR_BEFORE_COUNT.search(low, max(before, count.start - 80), count.start)
    return (int(said.group(1)), end) if said else None


# "402,118 as of January 1, 2028; 405,006 as of last week": a count said of January 1, and
# one of a later day ("now", "last week", "as of March 1").
_JANUARY_FIRST = r"(?:jan(?:uary|\.)?\s+1(?:st)?\b|1/1\b)"
_ON_JANUARY_FIRST = re.compile(
    r"[^.;?!\d]{0,12}?\b(?:as\s+of|on|at)\s+" + _JANUARY_FIRST + r"|\s*\(\s*" + _JANUARY_FIRST
)
_JANUARY_FIRST_BEFORE = re.compile(
    r"\b(?:as\s+of\s+|on\s+)?" + _JANUARY_FIRST + r"(?:,?\s*20\d\d)?[^.;?!\d]{0,25}$"
)
_LATER_DAY = re.compile(
    r"[^.;?!\d]{0,12}?\b(?:now|today|currently|as\s+of\s+(?:last|this|today|now|the\s+latest)"
    r"|(?:as\s+of|on)\s+(?:feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)"
)
_REGISTERED = re.compile(r"\bregistered\b|\bvoters?\b")
_JANUARY_FIRST_YEAR = re.compile(_JANUARY_FIRST + r",?\s*(20\d\d)\b")


def as_of_january_first(low: str, counts: list[FactCount]) -> None:
    """ "Citywide registered voters: 402,118 as of January 1, 2028; 405,006 as of last week":
    § 5-703(e)(3) counts the registered voters as of January 1 of the election's year, so of a
    count said of January 1 and one said of a later day, the January count is the count and
    the later one history (role "was")."""
    group = [c for c in counts if c.role in (None, "registered_voters")]
    if len(group) < 2 or not _REGISTERED.search(low):
        return
    later = [c for c in group if _LATER_DAY.match(low, c.start + len(c.span))]
    # (a count said of a later day is never January's, though "Jan 1" stands just before it:
    # "463,880 as of Jan 1 and 466,102 as of last Friday")
    january = [
        c
        for c in group
        if c not in later
        and (
            _ON_JANUARY_FIRST.match(low, c.start + len(c.span))
            or _JANUARY_FIRST_BEFORE.search(low, max(0, c.start - 45), c.start)
        )
    ]
    if len(january) != 1 or not later:
        return
    # (a January 1 of an earlier year than one the question names is not the election year's:
    # "411,000 as of Jan 1, 2027; 415,000 now — for the 2028 race" is asked, never guessed)
    said = _JANUARY_FIRST_YEAR.search(low, january[0].start, january[0].start + 60)
    if said and any(int(y) > int(said.group(1)) for y in re.findall(r"\b(20\d\d)\b", low)):
        return
    january[0].role = "registered_voters"
    for c in later:
        c.role = "was"


# "the Democratic nominee for governor got 1,342 votes here, ours got 611": the count said of
# the asker's own party's candidate, beside one said of another party's.
_OURS_BEFORE = re.compile(
    r"\b(?:ours|our\s+(?:party['’]?s\s+)?(?:guy|gal|candidate|nominee|pick)(?:\s+for\s+governor)?)"
    r"\s+(?:got|had|received|pulled|drew|took)\s*$"
)
_THEIRS_BEFORE = re.compile(
    r"\b(?:democratic|democrat|republican|gop|libertarian|green|other\s+party['’]?s|their)"
    r"\s+(?:nominee|candidate|guy|gal)\b[^.?!;\d]{0,50}$"
)


def ours_over_theirs(low: str, counts: list[FactCount]) -> None:
    """Of a count said of the asker's own candidate ("ours got 611") and counts said of another
    party's ("the Democratic nominee got 1,342"), c. 53 § 14 counts the party's own: the others
    are "theirs"."""
    ours = [
        c
        for c in counts
        if c.role in (None, "votes") and _OURS_BEFORE.search(low, max(0, c.start - 40), c.start)
    ]
    if len(ours) != 1:
        return
    theirs = [
        c
        for c in counts
        if c is not ours[0]
        and c.role in (None, "votes")
        and _THEIRS_BEFORE.search(low, max(0, c.start - 70), c.start)
    ]
    if theirs:
        ours[0].role = "votes"
        for c in theirs:
            c.role = "theirs"
