"""Words of a question or phrase as the matcher compares them: normalized (case, punctuation,
apostrophes, "non-party"), small words dropped, stemmed — the same function for both sides."""

from __future__ import annotations

import re
import unicodedata

MAX_CHARS = 2_000  # matching looks at the first 2,000 characters; 100 KB inputs stay fast

# Small words dropped before phrase matching, so "certificate of candidacy" matches
# "certificate candidacy" and "the certificate for candidacy" alike.
_SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "from",
        "with",
        "and",
        "or",
        "as",
        "s",
    ]
)
# Words with no domain meaning: never a topic keyword, and left out of example similarity.
_GENERIC_WORDS = (
    "when what whats which where how is are was were do does did done be been being will would "
    "should shall must can could may might have has had get gets got need needs i we our my "
    "us you your they their it its this that there here please thanks thank hi hello hey "
    "deadline deadlines due date dates day days last time file files filed filing "
    "candidate candidates election elections office run running question answer tell know "
    "about after before by until into out up if then so also just still yet any some all"
)

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
# "non-party", "non party", "nonpartisan": one word, so "party candidate" never matches inside it.
_NON_PREFIX = re.compile(r"\bnon[\s-]+(?=[a-z])")
_APOSTROPHE_S = re.compile(r"['’]s\b")
_APOSTROPHE = re.compile(r"['’]")


def stem(word: str) -> str:
    """A deliberately tiny suffix stripper so 'filed', 'filing', 'files' and 'file' agree.

    It only has to be consistent: phrases and questions go through the same function.
    """
    w = word
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def normalize(text: str, limit: int = MAX_CHARS) -> str:
    """Lowercase, drop punctuation and control characters, collapse whitespace, cap length."""
    head = unicodedata.normalize("NFKC", text[: limit * 2]).casefold()
    head = _APOSTROPHE_S.sub("", head)
    head = _APOSTROPHE.sub("", head)
    head = _NON_PREFIX.sub("non", head)
    return " ".join(_NON_WORD.sub(" ", head).split())[:limit].rstrip()


def raw_words(text: str, limit: int = MAX_CHARS) -> list[str]:
    """Normalized words of `text` without the small words (not stemmed)."""
    return [w for w in normalize(text, limit).split() if w not in _SMALL_WORDS]


def words(text: str, limit: int = MAX_CHARS) -> list[str]:
    """Normalized, stemmed words of `text` without the small words."""
    return [stem(w) for w in raw_words(text, limit)]


GENERIC = frozenset(stem(w) for w in _GENERIC_WORDS.split())
