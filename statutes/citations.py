"""Parse what staff type into a citation: code, section, pinpoint path.

Accepted (case-insensitive, spacing-tolerant): `5-903(b)(2)(ii)`, `§ 5-903 (b)(2)(ii)`,
`EL 5-903(b)(2)`, `Md. Code Ann., Elec. Law § 5-903(b)`, `Election Law 5-703(e)(1)`,
`gel-5-903`, `G.L. c. 53 § 14`, `MGL ch 53 s 14`, `c.53 §14 sentence 3`,
`Mass. Gen. Laws ch. 53, § 14, sentence 7`. The code names come from the manifest's aliases.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


class CitationError(ValueError):
    """A citation that cannot be answered; the message is written for the person who typed it."""


class CitationSyntaxError(CitationError):
    pass


class CitationNotFound(CitationError):
    pass


EXAMPLES = (
    "'Md. Code, Elec. Law § 5-903(b)(2)(ii)', 'EL 5-703(e)(1)' or 'G.L. c. 53, § 14, sentence 7'"
)


@dataclass(frozen=True, slots=True)
class ParsedCitation:
    codes: tuple[tuple[str, str], ...]  # candidate (jurisdiction, code); several if none was named
    section: str
    chapter: str | None
    path: tuple[str, ...]


_MA = re.compile(
    r"^(?P<prefix>.*?)\b(?:c|ch|chap|chapter)\s*\.?\s*(?P<chapter>\d+[a-z]?)\s*,?\s*"
    r"(?:§+|s\.?|sec\.?|section)\s*(?P<section>\d+[a-z]?)\b(?P<rest>.*)$",
    re.IGNORECASE,
)
_MD = re.compile(
    r"^(?P<prefix>.*?)(?P<section>\d+[a-z]?-\d+(?:\.\d+)?[a-z]?)\s*(?P<rest>.*)$", re.IGNORECASE
)
_PIN = re.compile(r"^(?:\(\s*[0-9a-z]+\s*\)\s*)*$", re.IGNORECASE)
_PIN_PART = re.compile(r"\(\s*([0-9a-z]+)\s*\)", re.IGNORECASE)
_SENTENCE = re.compile(r"^,?\s*(?:sentence|sent\.?|s\.?)\s*(\d+)\s*$", re.IGNORECASE)
_SECTION_WORD = re.compile(r"(?:§+|\bsec(?:tion)?\.?|\bs\.?)\s*$", re.IGNORECASE)


def alias_key(text: str) -> str:
    """Normalize a code name for alias matching: letters and digits only, single spaces."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def parse_citation(
    text: str,
    aliases: dict[str, tuple[str, str]],
    jurisdiction_codes: dict[str, list[str]],
    known: str = "",
) -> ParsedCitation:
    """Parse `text`. `aliases` maps alias_key → (jurisdiction, code); `known` names the codes."""
    raw = " ".join(unicodedata.normalize("NFKC", text).split())
    if not raw or len(raw) > 300:
        raise CitationSyntaxError(f"Could not read that as a citation. Try {EXAMPLES}.")

    m = _MA.match(raw)
    if m:
        codes = _codes_for(m.group("prefix"), aliases, jurisdiction_codes, "ma", raw, known)
        path = parse_pinpoint(m.group("rest"), whole=raw)
        return ParsedCitation(codes, m.group("section").upper(), m.group("chapter").upper(), path)

    m = _MD.match(raw)
    if m:
        prefix = m.group("prefix")
        # "gel-5-903" is the State Decoded section number itself.
        prefix = re.sub(r"-\s*$", " ", prefix)
        prefix = _SECTION_WORD.sub("", prefix.strip().rstrip(",")).strip().rstrip(",")
        codes = _codes_for(prefix, aliases, jurisdiction_codes, "md", raw, known)
        path = parse_pinpoint(m.group("rest"), sentences=False, whole=raw)
        return ParsedCitation(codes, m.group("section").upper(), None, path)

    raise CitationSyntaxError(f"Could not read {raw!r} as a citation. Try {EXAMPLES}.")


def parse_pinpoint(text: str, *, sentences: bool = True, whole: str = "") -> tuple[str, ...]:
    """A pinpoint as written after the section number → node path: `(b)(2)(ii)` → ("b", "2",
    "ii"), `sentence 7` → ("s7",), "" → (). Raises `CitationSyntaxError`; `whole` is the full
    citation it came from, for the message. `sentences`: accept `sentence N` (flat sections)."""
    rest = text.strip()
    if not rest:
        return ()
    if sentences:
        s = _SENTENCE.match(rest)
        if s:
            return (f"s{int(s.group(1))}",)
    if _PIN.match(rest):
        # Prefixes are lower-case letters/roman numerals or digits; "(B)" means "(b)".
        return tuple(p.lower() for p in _PIN_PART.findall(rest))
    raise _syntax(whole or rest, rest)


def _codes_for(
    prefix: str,
    aliases: dict[str, tuple[str, str]],
    jurisdiction_codes: dict[str, list[str]],
    default: str,
    raw: str,
    known: str,
) -> tuple[tuple[str, str], ...]:
    key = alias_key(prefix)
    if not key:
        return tuple((default, code) for code in jurisdiction_codes.get(default, []))
    if key in aliases:
        return (aliases[key],)
    raise CitationSyntaxError(
        f"Unknown code {prefix.strip()!r} in {raw!r}. Known codes: {known}. Try {EXAMPLES}."
    )


def _syntax(raw: str, rest: str) -> CitationSyntaxError:
    return CitationSyntaxError(
        f"Could not read {rest!r} in {raw!r} as a subsection. Write subsections like (b)(2)(ii), "
        f"or 'sentence 7' for Massachusetts sections. Try {EXAMPLES}."
    )
