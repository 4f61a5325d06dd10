"""A list of several places' numbers and the one place the question is about: "Ward 1 - 2,044 /
Ward 2 - 1,388 / Ward 7 - 1,912 … How many can Ward 7 send?" gives Ward 7's votes; "Dighton |
1,702 / Rehoboth | 3,217 … The Rehoboth committee wants its delegate number" Rehoboth's. The
other rows only place it (role "other_place"), as a county's count places a district's."""

from __future__ import annotations

import re

from rules.engine.facts import FactCount

# A row of a list: its place's name first on the line, a short column name or two, then the
# number ("ward 7 - 1,912", "rehoboth gov (d): 3,217", "precinct 4a: 873").
_ROW = re.compile(
    # ("Ward 1: 1,102 | Ward 2: 2,048 | Ward 3: 760": rows run on in one line, each after a bar,
    # a slash, a semicolon, or the colon or dash that opens the list)
    r"(?:^|\n|\s[|/—–]|[;:])[ \t]*[|/*•-]?[ \t]*"
    # ("legislative district 12", as "LD-12" is written out)
    r"(?P<place>(?:[a-z]+\s+)?(?:ward|precinct|pct|district)\s+\d{1,3}[a-z]?"
    r"|[a-z][a-z'’.-]{2,20}"
    r"(?:\s+[a-z][a-z'’.-]{2,20})??"
    # ("LD-12", "ld 30a": a district known by letters and its number)
    r"|[a-z]{1,3}[ -]?\d{1,3}[a-z]?)"
    # ("rehoboth, gov (d): 3,217": a pasted table's row, its name apart from its column's)
    # (a dash set apart: "in ld-7" is a place's name, no row)
    r"(?:,?(?:\s+[a-z()]{1,8}){0,2}(?:\s*[–—:|=]+|\s+-+)"
    # ("ward 7, gov votes (last state election): 988", as `tables` writes a CSV's row out)
    r"|,(?:\s+[a-z0-9()]{1,12}){1,8}:)\s*$"
)
_ROW_ROLES = (None, "votes", "registered_voters")  # the counts a place's row may hold
# Words that head a column or a sum, never a place.
_NOT_PLACES = frozenset(
    {"total", "totals", "gov", "governor", "votes", "vote", "dem", "rep", "ward", "town", "sum"}
)


def subject_row(low: str, counts: list[FactCount]) -> None:
    """Of several counts each on its own place's row, the one whose place the question names
    again outside the rows keeps its role; the others are "other_place"."""
    rows: dict[str, FactCount] = {}
    spans: list[tuple[int, int]] = []
    for count in counts:
        if count.role not in _ROW_ROLES:
            continue
        line_start = low.rfind("\n", 0, count.start) + 1
        m = _ROW.search(low, max(0, line_start - 1), count.start)
        if m is None or m.group("place") in _NOT_PLACES:
            continue
        place = " ".join(m.group("place").split())
        if place in rows:
            # ("…; our candidate: 988" on every row: a column's name, no place)
            return
        rows[place] = count
        # (the number as written here: a table's row is read in the words `tables` wrote it
        # out in, its span the whole table as the user pasted it)
        number = re.match(r"[\d,.]*", low[count.start :])
        spans.append((m.start("place"), count.start + len(number.group(0) if number else "")))
    if len(rows) < 2:
        return

    # ("ward 7, total gov votes: 2114; our candidate: 988": a row of two counts says not which
    # one is asked — left for the reader's other rules, or for asking)
    def line(count: FactCount) -> int:
        return low.count("\n", 0, count.start)

    values = {id(c) for c in rows.values()}
    beside = [
        (line(c), c.role)
        for c in counts
        if c.role in _ROW_ROLES
        and id(c) not in values
        and not any(start <= c.start < end for start, end in spans)
    ]
    # (a count of another kind beside it, "registered: 7,022" beside the votes, is no rival;
    # one of no kind yet may be)
    if any(
        at == line(c) and (None in (role, c.role) or role == c.role)
        for c in rows.values()
        for at, role in beside
    ):
        return
    outside = list(low)
    for start, end in spans:
        outside[start:end] = " " * (end - start)
    rest = "".join(outside)
    named = [
        place
        for place in rows
        if re.search(r"\b" + re.escape(place).replace(r"\ ", r"\s*") + r"\b", rest)
    ]
    if len(named) != 1:
        return
    for place, count in rows.items():
        if place != named[0]:
            count.role = "other_place"
