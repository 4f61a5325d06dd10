"""Numbers written in a form that is not read — scientific notation, a minus sign, commas in
the wrong places: each is refused with the reason and blanked, never read in part ("1e400" is
not 1, "-123,456" is not 123,456, "123,4567" is not 123,456)."""

from __future__ import annotations

import re

from bot.language.text import blank

_REFUSED: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"(?<![\w.])\$?\s?\d[\d,]*(?:\.\d+)?e[+-]?\d+\b"),
        "is in scientific notation, which I don't read; write the number out in full",
    ),
    (
        # A minus sign (hyphen, U+2212, or the en dash editors substitute) right before the
        # number or its $: "1 - 5", "5-903" and "5–10" are not negatives.
        re.compile(r"(?<![\w.,/\-−–])(?:[-−–]\$?|\$[-−–])\d[\d,]*(?:\.\d+)?"),
        "is negative; amounts and counts can't be",
    ),
    (
        # Digits joined by commas that are neither thousands groups nor a list of numbers of
        # four digits or more ("500000,600000"): "1,23", "123,4567".
        re.compile(
            r"(?<![\w.,$])\$?(?!\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]))"
            r"(?!\d{4,}(?:,\d{4,})+(?![\d,]))\d+(?:,\d+)+(?:\.\d+)?(?![\d,])"
        ),
        "has its commas in the wrong places; write it like 123,456 or 123456",
    ),
]


def refused_forms(low: str, problems: list[str]) -> str:
    """`low` with each number written in a refused form blanked, its reason in `problems`."""
    for rx, why in _REFUSED:
        for m in rx.finditer(low):
            problems.append(f"{m.group(0).strip()[:40]!r} {why}")
            low = blank(low, m.start(), m.end())
    return low
