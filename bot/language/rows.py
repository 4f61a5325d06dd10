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
    r"(?P<place>(?:ward|precinct|pct|district)\s+\d{1,2}[a-z]?|[a-z][a-z'’.-]{2,20}"
    r"(?:\s+[a-z][a-z'’.-]{2,20})??)"
    # ("rehoboth, gov (d): 3,217": a pasted table's row, its name apart from its column's)
    r",?(?:\s+[a-z()]{1,8}){0,2}\s*[-–—:|=]+\s*$"
)
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
        if count.role not in (None, "votes", "registered_voters"):
            continue
        line_start = low.rfind("\n", 0, count.start) + 1
        m = _ROW.search(low, max(0, line_start - 1), count.start)
        if m is None or m.group("place") in _NOT_PLACES:
            continue
        rows[" ".join(m.group("place").split())] = count
        spans.append((m.start("place"), count.start + len(count.span)))
    if len(rows) < 2:
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
