"""Small helpers on question text: cleaning it before reading, blanking what has been read."""

from __future__ import annotations

import unicodedata

from bot.sanitize import sanitize

MAX_CHARS = 2_000  # questions are a sentence or two; the rest of a huge paste is ignored
MAX_ITEMS = 40  # dates, and numbers, read per question; more is a paste, not a question


def clean(text: str) -> str:
    """NFKC, then the one input sanitizer (`bot.sanitize`): control, zero-width, bidi and
    lone-surrogate characters to spaces, so positions stay positions in the normalized text."""
    return sanitize(unicodedata.normalize("NFKC", text))


def blank(text: str, start: int, end: int) -> str:
    """`text` with characters start..end replaced by spaces (positions stay the same)."""
    return text[:start] + " " * (end - start) + text[end:]
