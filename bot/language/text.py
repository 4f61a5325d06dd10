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


# A sentence's words, up to the mark that ends it ("?" right after one: it asks).
SENTENCE = re.compile(r"[^.?!\n]+")


def sentences(text: str) -> list[tuple[re.Match[str], bool]]:
    """Each sentence of `text` (`SENTENCE`), with whether it asks (a "?" right after it)."""
    return [(s, text.startswith("?", s.end())) for s in SENTENCE.finditer(text)]


def sentence_at(
    said: list[tuple[re.Match[str], bool]], at: int
) -> tuple[re.Match[str], bool] | None:
    """The sentence of `said` (`sentences`) that holds position `at`, or None."""
    return next(((s, asks) for s, asks in said if s.start() <= at < s.end()), None)


def in_asking_sentence(text: str, at: int) -> bool:
    """Whether position `at` of `text` is in a sentence that asks (`sentences`)."""
    held = sentence_at(sentences(text), at)
    return held is not None and held[1]


def blank(text: str, start: int, end: int) -> str:
    """`text` with characters start..end replaced by spaces (positions stay the same)."""
    return text[:start] + " " * (end - start) + text[end:]


def apostrophes_blanked(text: str) -> str:
    """`text` with each apostrophe a space (positions stay the same): the form lexicon terms
    are matched in, so "party's" and the phrase written "party's" or "party s" meet."""
    return text.replace("'", " ").replace("’", " ")


# A mail's header line that dates the message ("Sent: Mon, Nov 4, 2029 9:12 AM", "> On Tue, Sep
# 7, 2027 at 4:05 PM Dana Lee <dl@x.gov> wrote:").
_HEADER_LINE = re.compile(
    r"[ \t>]*(?:sent|date|received)\s*:|[ \t>]*on\b[^\n]*\bwrote\s*:", re.IGNORECASE
)


def in_mail_header(text: str, at: int) -> bool:
    """Whether position `at` of `text` is in a mail's header line that dates the message."""
    return bool(_HEADER_LINE.match(text, text.rfind("\n", 0, at) + 1))


# A letter's sign-off ("Regards, M. Tran, campaign manager", "Thank you,\nDenise Kowalczyk\n
# Election Director, Frederick County Board of Elections", "-- D."): who writes, never what the
# question is about, so a title or a county in it is no fact of the question. (A mail's headers
# stay: their year may be the one a day written without its year is in.)
_NAME_LINE = r"(?-i:(?:[A-Z][\w.'’-]*|of|for|the|and|&|,|[ \t])+)"
_SIGN_OFF = re.compile(
    r"^[\s>]*(?:(?:best|kind|warm)\s+regards|regards|thanks|thank\s+you|many\s+thanks|best"
    r"|sincerely|cheers|respectfully|v/r)(?:\s*,[^\n?\d]{0,50})?\s*$"
    # (the name and title lines under it: capitalised words only)
    r"(?:\n[\s>]*" + _NAME_LINE + r"$){0,3}"
    r"|^[\s>]*(?:--|—)\s*" + _NAME_LINE + r"$",
    re.IGNORECASE | re.MULTILINE,
)


def without_sign_off(text: str) -> str:
    """`text` with a letter's sign-off blanked (positions stay the same); a message that is
    only a sign-off ("thanks, that's all for now!") stays as written."""
    out = _SIGN_OFF.sub(lambda m: " " * len(m.group(0)), text)
    return out if out.strip() else text
