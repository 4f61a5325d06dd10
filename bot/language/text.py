"""Small helpers on question text: cleaning it before reading, blanking what has been read."""

from __future__ import annotations

import re
import unicodedata

from bot.sanitize import sanitize

MAX_CHARS = 2_000  # questions are a sentence or two; the rest of a huge paste is ignored
MAX_ITEMS = 40  # dates, and numbers, read per question; more is a paste, not a question


# "1,7OO votes": a letter O typed for a zero inside a number.
_O_FOR_ZERO = re.compile(r"\b\d[\d,]*[oO][\doO,]*\b")


def clean(text: str) -> str:
    """NFKC, then the one input sanitizer (`bot.sanitize`): control, zero-width, bidi and
    lone-surrogate characters to spaces, so positions stay positions in the normalized text;
    a letter O typed inside a number is its zero (one character for one)."""
    out = sanitize(unicodedata.normalize("NFKC", text))
    return _O_FOR_ZERO.sub(lambda m: m.group(0).replace("o", "0").replace("O", "0"), out)


def blank(text: str, start: int, end: int) -> str:
    """`text` with characters start..end replaced by spaces (positions stay the same)."""
    return text[:start] + " " * (end - start) + text[end:]


def apostrophes_blanked(text: str) -> str:
    """`text` with each apostrophe a space (positions stay the same): the form lexicon terms
    are matched in, so "party's" and the phrase written "party's" or "party s" meet."""
    return text.replace("'", " ").replace("’", " ")
