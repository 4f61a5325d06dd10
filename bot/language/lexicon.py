"""The staff vocabulary (`lexicon.yaml` beside this module): abbreviations expanded into the
words the reader and the matcher know, and the terms a question mentions — offices (and offices
it says it is *not* about), what it asks, topics and event details — each kept with its role and
the words it came from (`rules.engine.facts.FactMention`).

Everything here is data-driven and statute-free: which terms put a rule out of the running is
each rule's frame (`bot.language.frames`, the statute folders' `frames.yaml`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from pathlib import Path

import yaml
from rapidfuzz import fuzz, process

from bot.language.text import apostrophes_blanked
from rules.engine.facts import FactMention

LEXICON_FILE = Path(__file__).resolve().parent / "lexicon.yaml"
_LONG_WORD = re.compile(r"\b[A-Za-z]{7,}\b")  # only long words are spell-corrected
MAX_GAP_WORDS = 6  # words a "..." in a term may stand for, within one sentence
# Between two words of a phrase: spaces and light punctuation, never a sentence's end.
_JOIN = r"[\s,()\-–—:/\"'§*_]+"  # ("our *senate* candidate": emphasis marks too)
_GAP = r"(?:" + _JOIN + r"[\w$]+){0," + str(MAX_GAP_WORDS) + r"}?" + _JOIN
# Words just before an office that say the question is *not* about it ("Gov candidate (not the
# LG)", "other than the governor").
_NEGATION = re.compile(
    r"(?:\bnot|\bisn\s?t|\bnor|\bother\s+than|\brather\s+than|\binstead\s+of|\bexcept(?:\s+for)?"
    r"|\bbesides|\b(?:separate|separately|apart|aside)\s+from"
    # "setting aside the petition itself, …"
    r"|\b(?:setting|set|leaving|leave|putting|put)\s+aside)"
    # "he is not in any Baltimore City municipal race", "not running for a town office",
    # "will not appear on any Baltimore City municipal ballot"
    r"(?:\s+(?:(?:running|run|appear(?:ing)?|be|listed|compet\w*|participat\w*)\s+)?"
    # ("Not about indies — for Democratic and Republican candidates")
    r"(?:in|on|part\s+of|for|about)"
    # "not asking about her replacement yet"
    r"|\s+(?:asking|wondering|talking|worried|concerned)\s+(?:about|re)(?:\s+(?:who|what))?"
    # "instead of naming a successor", "rather than filing the COC": what is done instead
    r"|(?<=of|an)\s+(?:naming|picking|choosing|filing|designating|appointing|submitting)"
    r")?"
    r"[\s(,]*(?:the|a|an|any|our|his|her|their|its)?\s*$"
)
_NEGATION_WINDOW = 32  # characters before an office searched for a negation
_NOT_ASKING = re.compile(r"\b(?:not|never)\s+(?:asking|wondering)\b[^.?!;—–]{0,20}$")
# "No governor/LG involved": "no" right before the word (never "No, the LG died").
_NO_BEFORE = re.compile(r"\bno\s+$")
_ASKED_NOT = re.compile(r"isn\s?t\b|aren\s?t\b|wasn\s?t\b")
_SENTENCE_BEFORE = re.compile(r"(?:^|[.?!\n:]\s*)$")


def negated(text: str, start: int) -> bool:
    """Whether the words just before `start` deny what follows ("not the LG", "not a town
    office", "other than the governor", "no governor")."""
    begin = max(0, start - _NEGATION_WINDOW)
    said = _NEGATION.search(text, begin, start)
    # ("Isn't the declaration due July 1?": a question opening with "isn't" denies nothing)
    if (
        said
        and _ASKED_NOT.match(text, said.start())
        and _SENTENCE_BEFORE.search(text[: said.start()])
    ):
        said = None
    return bool(said or _NO_BEFORE.search(text, begin, start))


def _edge(text: str, at_start: bool) -> str:
    """A word boundary on the phrase's edge when that edge is a word character."""
    char = text[0] if at_start else text[-1]
    if not (char.isalnum() or char == "_"):
        # "public $" is not the start of "public $400": a number after it is the sum itself.
        return "" if at_start else r"(?!\s?\d)"
    return r"(?<![\w$])" if at_start else r"(?![\w])"


def _phrase_pattern(phrase: str) -> str:
    """The regex for one lexicon phrase: its words (escaped), light punctuation between them,
    "..." as a gap of up to MAX_GAP_WORDS words, "{n}" as a number."""
    parts = []
    for i, chunk in enumerate(phrase.lower().split("...")):
        words = [re.escape(w).replace(r"\{n\}", r"(\d+)") for w in chunk.split()]
        if i:
            parts.append(_GAP)
        parts.append(_JOIN.join(words))
    body = "".join(parts)
    return _edge(phrase.strip(), True) + body + _edge(phrase.strip(), False)


@dataclass(frozen=True)
class Expanded:
    """Expanded text, and for each of its characters the span it came from in the original."""

    text: str
    starts: list[int]
    ends: list[int]

    def substitute(
        self, pattern: re.Pattern[str], replace: Callable[[re.Match[str]], str]
    ) -> Expanded:
        """This text with each match of `pattern` replaced, positions carried along."""
        pieces: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        pos = 0
        for m in pattern.finditer(self.text):
            replacement = replace(m)
            pieces += [self.text[pos : m.start()], replacement]
            starts += self.starts[pos : m.start()] + [self.starts[m.start()]] * len(replacement)
            ends += self.ends[pos : m.start()] + [self.ends[m.end() - 1]] * len(replacement)
            pos = m.end()
        if not pos:
            return self
        pieces.append(self.text[pos:])
        return Expanded("".join(pieces), starts + self.starts[pos:], ends + self.ends[pos:])

    def original(self, source: str, start: int, length: int) -> str:
        """The words of `source` (the text before expansion) that `length` characters of the
        expanded text from `start` came from."""
        if length <= 0 or start + length > len(self.starts):
            return ""
        return source[self.starts[start] : self.ends[start + length - 1]]


# "subsection (d) of 5-703", "subsec. c of § 15-106": the pinpoint citation, "5-703(d)".
_SUBSECTION_OF = re.compile(
    r"\bsub(?:section|sec)\.?\s*\(?([a-z]|\d{1,2})\)?\s+of\s+(?:§+\s*|section\s+)?(\d+-\d+)\b",
    re.IGNORECASE,
)


def _pinpoint(m: re.Match[str]) -> str:
    return f"{m.group(2)}({m.group(1).lower()})"


@dataclass(frozen=True)
class _Synonym:
    pattern: re.Pattern[str]
    replacement: str
    words: tuple[str, ...]  # every word the phrase writes out: a text without one can't match


@dataclass(frozen=True)
class _Term:
    role: str
    value: str
    pattern: re.Pattern[str]
    first: str
    words: tuple[str, ...] = ()  # every word the phrase writes out, each in any text it matches


def _first_word(phrase: str) -> str:
    return phrase.lower().split()[0].replace("{n}", "")


def _written_words(phrase: str) -> tuple[str, ...]:
    """The words of a phrase as its pattern matches them literally (a number "{n}" and a gap
    "..." are no words): a text lacking one of them cannot match, and is not searched."""
    return tuple(phrase.lower().replace("...", " ").replace("{n}", " ").split())


@dataclass(frozen=True)
class Lexicon:
    """The compiled lexicon: build once (`lexicon()`), use for every question."""

    synonyms: tuple[_Synonym, ...]
    terms: tuple[_Term, ...]
    plain_words: dict[str, str]
    spelled: tuple[str, ...] = ()  # key words whose misspellings are corrected
    _by_first: dict[str, tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def from_mapping(cls, data: dict[str, object]) -> Lexicon:
        synonyms_data = data.get("synonyms") or {}
        terms_data = data.get("terms") or {}
        assert isinstance(synonyms_data, dict) and isinstance(terms_data, dict)
        synonyms = tuple(
            _Synonym(
                re.compile(_phrase_pattern(str(k)), re.IGNORECASE),
                str(v),
                _written_words(str(k)),
            )
            for k, v in sorted(synonyms_data.items(), key=lambda kv: -len(str(kv[0])))
        )
        terms: list[tuple[int, _Term]] = []
        for role, values in terms_data.items():
            for value, phrases in (values or {}).items():
                for written in phrases or ():
                    # Matched where apostrophes are blanked (`mentions`), so written alike.
                    phrase = apostrophes_blanked(str(written))
                    rx = re.compile(_phrase_pattern(phrase))
                    term = _Term(
                        str(role), str(value), rx, _first_word(phrase), _written_words(phrase)
                    )
                    terms.append((len(phrase), term))
        terms.sort(key=lambda t: -t[0])  # longest first: "lieutenant governor" before "governor"
        plain = {str(k): str(v) for k, v in (data.get("plain") or {}).items()}  # type: ignore[attr-defined]
        spelled = tuple(str(w).lower() for w in data.get("spelling") or ())  # type: ignore[attr-defined]
        return cls(synonyms, tuple(t for _, t in terms), plain, spelled)

    def expand(self, text: str) -> str:
        """`text` with staff abbreviations written out ("sigs" → "signatures", "CD-6" →
        "congressional district 6")."""
        return self.expand_mapped(text).text

    def __post_init__(self) -> None:
        # One question is expanded by the service, the reader and the matcher in turn: the
        # same text is written out once (a result is never changed after it is made).
        object.__setattr__(self, "expand_mapped", lru_cache(maxsize=256)(self._expand_mapped))
        # Terms by their first word: a question names a few dozen of the four hundred first
        # words, so only those words' terms are tried (in the terms' own order, longest first).
        by_first: dict[str, list[int]] = {}
        for i, term in enumerate(self.terms):
            by_first.setdefault(term.first, []).append(i)
        object.__setattr__(self, "_by_first", {k: tuple(v) for k, v in by_first.items()})

    def expand_mapped(self, text: str) -> Expanded:
        """`expand`, keeping where each character of the result came from in `text`, so a
        fact read in the expanded words is shown in the user's own ("Lt.Gov.", not
        "lieutenant governor"). Misspelt key words are corrected first ("leiutenant")."""
        return self._expand_mapped(text)  # replaced by its cached form in __post_init__

    def _expand_mapped(self, text: str) -> Expanded:
        out = Expanded(text, list(range(len(text))), list(range(1, len(text) + 1)))
        if self.spelled:
            out = out.substitute(_LONG_WORD, self._spelling)
        low = out.text.lower()
        for syn in self.synonyms:
            # (the first word alone rules out most: tested before building the rest's test)
            if (
                syn.words[0] in low
                and all(word in low for word in syn.words)
                and syn.pattern.search(out.text)
            ):
                out = out.substitute(syn.pattern, partial(_fill, syn.replacement))
                low = out.text.lower()
        return out.substitute(_SUBSECTION_OF, _pinpoint)

    def _spelling(self, m: re.Match[str]) -> str:
        """The key word `m` misspells, else `m` as written."""
        word = m.group(0)
        low = word.lower()
        if low in self.spelled:
            return word
        best = process.extractOne(low, self.spelled, scorer=fuzz.ratio, score_cutoff=84)
        if best is None or _inflected(low, str(best[0])):
            return word
        return str(best[0])

    def mentions(self, low: str) -> list[FactMention]:
        """The terms `low` (lower-cased, expanded) mentions, in text order; an office preceded
        by a negation is a `not_office` (a topic, a `not_topic`; a document, a `not_document`;
        a detail, a `not_detail`: "not for insufficient signatures").
        Within a role, overlaps go to the longest phrase."""
        text = apostrophes_blanked(low)
        taken: dict[str, list[tuple[int, int]]] = {}  # per role: terms of one role don't overlap
        found: list[FactMention] = []
        tried = sorted(i for first, at in self._by_first.items() if first in text for i in at)
        for term in (self.terms[i] for i in tried):
            if not all(word in text for word in term.words):
                continue
            spans = taken.setdefault(term.role, [])
            for m in term.pattern.finditer(text):
                start, end = m.span()
                if any(start < e and s < end for s, e in spans):
                    continue
                spans.append((start, end))
                role = term.role
                if (role == "other_state" or term.value in _COUNTY_PLACES) and (
                    names_origin(text, end)
                    or (role != "other_state" and _WHOSE_TOWN.match(text, end))
                    or said_as_home(text, start)
                    or _AFTER_A_SUM.search(text, max(0, start - 20), start)
                    or (
                        _A_CELL_OF_ITS_OWN.search(text, max(0, start - 4), start)
                        and _CELL_ENDS.match(text, end)
                    )
                ):
                    # "a Virginia donor", "donors live in Anne Arundel": where someone is from,
                    # not whose law or whose program
                    continue
                # "(not a Baltimore City race)", "not the DOI, the COC": a negated office, topic
                # or document is one the question is *not* about, which no frame may take for
                # the question's own.
                if role in (
                    "office",
                    "topic",
                    "document",
                    "detail",
                    "affiliation",
                    "district",
                ) and negated(text, start):
                    role = f"not_{role}"
                # "Not asking when it's due — just what has to be on the form": not asked.
                if role == "asks" and _NOT_ASKING.search(text, max(0, start - 24), start):
                    continue
                found.append(
                    FactMention(role=role, value=term.value, span=low[start:end], start=start)
                )
        found.sort(key=lambda f: f.start)
        return _done_documents_set_aside(text, found)

    def plain(self, value: str) -> str:
        """Plain words for a canonical value ("lieutenant-governor" → "LG candidate")."""
        return self.plain_words.get(value, value.replace("-", " ").replace("_", " "))


# A filing already made or a deadline already known ("filed her DOI already", "I already know
# the declaration of intent deadline"): not what is asked, when another filing is named.
_DONE_BEFORE = re.compile(
    r"\balready\s+(?:\w+\s+){0,2}?(?:filed|submitted|turned\s+in|sent\s+in|handed\s+in|did|done"
    r"|know|knows|have|has|got)\s+(?:the|her|his|their|our|its|a|an|my)?\s*$"
    # "We filed our declaration of intent back in the spring": filed by whoever asks
    r"|\b(?:we|i|she|he|they)\s+(?:filed|submitted|turned\s+in|sent\s+in|handed\s+in)\s+"
    r"(?:the|her|his|their|our|its|my)\s+$"
)
_DONE_AFTER = re.compile(
    r"\s*(?:deadline\s+|form\s+)?(?:already\b|(?:is|was|are|were|has\s+been)\s+(?:already\s+)?"
    r"(?:in|done|filed|submitted|taken\s+care\s+of)\b)"
)


def _done_documents_set_aside(text: str, found: list[FactMention]) -> list[FactMention]:
    """`found`, with a document already filed (or whose deadline is already known) made a
    `not_document` when the question names another document it has not done."""
    done = {
        id(f)
        for f in found
        if f.role == "document"
        and (
            _DONE_BEFORE.search(text, max(0, f.start - 48), f.start)
            or _DONE_AFTER.match(text, f.start + len(f.span))
        )
    }
    others = {f.value for f in found if f.role == "document" and id(f) not in done}
    return [
        f.model_copy(update={"role": "not_document"}) if id(f) in done and others - {f.value} else f
        for f in found
    ]


# A state or place named as where a person or thing is from ("a $500 check from a Virginia
# donor", "$50 from a Gaithersburg nurse").
_WHOSE = re.compile(
    r"\s+(?:donors?|residents?|contributors?|supporters?|givers?|address(?:es)?|banks?"
    r"|compan(?:y|ies)|business(?:es)?|firms?|checks?|corporations?|pac|pacs|llc)\b",
    re.IGNORECASE,
)
# A town named as where a giver lives ("$50 from a Gaithersburg nurse"): said of a place with
# a program of its own, never of a state ("an NH friend asks" asks about NH's law).
_WHOSE_TOWN = re.compile(
    r"\s+(?:nurses?|teachers?|retirees?|couples?|famil(?:y|ies)|neighbou?rs?|doctors?"
    r"|dentists?|students?|roommates?|grandm\w+|grandp\w+|vets?|veterans?|farmers?)\b",
    re.IGNORECASE,
)


# Where someone lives, said before the place ("all three donors live in Anne Arundel", "one
# for 300 from a donor in Rockville").
_LIVES_IN = re.compile(
    r"\b(?:(?:lives?|lived|living|resides?|residing|residents?|based|domiciled)\s+in"
    # ("the nominee moved to Vermont", "someone registered in Delaware", "a resident of Maine":
    # where a person went or votes, not whose law is asked)
    r"|(?:moved|moving|moves|relocated|relocating)\s+(?:back\s+)?to"
    r"|registered\s+(?:to\s+vote\s+)?in|residents?\s+of"
    r"|(?:donors?|contributors?|givers?|supporters?)\s+(?:in|from|of)"
    # ("twenty bucks from someone in Gaithersburg")
    r"|(?:some(?:one|body)|a\s+(?:person|neighbor|neighbour|friend|couple|voter))\s+(?:in|from))\s+$"
)
# A place in brackets just after a sum ("$250.01 (Rockville)"): where its giver lives.
_AFTER_A_SUM = re.compile(r"\$\s?\d[\d,.]*\s*\(\s*$")
# A place that fills a table's cell ("| R. Patel | Rockville | 150 |"): a row's giver's town.
_A_CELL_OF_ITS_OWN = re.compile(r"\|\s*$")
# ("| Prince George's |": a county's name, possessive)
_CELL_ENDS = re.compile(r"(?:\s?['’]?\s?s\b)?(?:,\s*[a-z]{2})?\s*\|", re.IGNORECASE)
# Besides another state, the terms that name a place: a county with its own public financing.
_COUNTY_PLACES = frozenset({"county-program"})


# A code after a town's name is an address ("$100 from my roommate in Arlington VA", "| Dover,
# DE |"): where someone lives, not whose law is asked.
_A_PLACE_BEFORE = re.compile(
    r"(?<![\w'’])(?!(?:Does|Do|Did|Is|Are|In|For|From|What|How|When|Who|Hi|Hello|Hey|Re|Fwd"
    r"|Question|Quick|And|But|So|Also|The|A|An|Our|My|Under|Per|Law|Not|Same|Like|Unlike"
    r"|Maryland|Massachusetts)\b)[A-Z][a-z]+(?:\s[A-Z][a-z]+)?,?\s+$"
)


def after_a_town(text: str, start: int) -> bool:
    """Whether the state's postal code at `start` of `text` (as written) follows a town's name,
    as in an address ("Arlington VA", "Dover, DE")."""
    return _A_PLACE_BEFORE.search(text, max(0, start - 40), start) is not None


def said_as_home(text: str, start: int) -> bool:
    """Whether the place at `start` of `text` is said as where someone lives ("lives in VA",
    a table's place column as the reader writes it out)."""
    return _LIVES_IN.search(text, max(0, start - 30), start) is not None


def names_origin(text: str, end: int) -> bool:
    """Whether the state name ending at `end` says where someone or something is from ("a
    Virginia donor"), not whose law the question asks."""
    return _WHOSE.match(text, end) is not None


def _inflected(word: str, key: str) -> bool:
    """Whether `word` is `key` built on rather than misspelt: one inside the other
    ("independently", "unaffiliated" for "affiliated") or the same but for an ending
    ("signature" for "signatures")."""
    if key in word or word in key:
        return True
    common = next((i for i, (a, b) in enumerate(zip(word, key, strict=False)) if a != b), None)
    shorter = min(len(word), len(key))
    return (shorter if common is None else common) >= shorter - 1


def _fill(replacement: str, m: re.Match[str]) -> str:
    return replacement.replace("{n}", m.group(1)) if "{n}" in replacement else replacement


@cache
def lexicon() -> Lexicon:
    """The packaged lexicon, compiled once per process."""
    return Lexicon.from_mapping(yaml.safe_load(LEXICON_FILE.read_text(encoding="utf-8")) or {})
