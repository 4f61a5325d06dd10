"""Pick the rule a free-text question is about — or say honestly that none fits.

A wrong rule answered with confidence is the worst failure (docs/STANDARDS.md), so fuzzy
similarity alone never picks a rule. A rule becomes a *candidate* only with domain evidence:
one of its topic `keywords` appears in the question (typos tolerated) and, when the rule lists
`cues`, one of those too. Only candidates are scored, by keyword evidence plus rapidfuzz
similarity to the rule's example questions. Any out-of-scope signal ("voter registration",
"filing fee", ...) vetoes every rule.

Scaling: phrases are indexed by their first word (an inverted index), so a question only touches
the phrases whose first word it contains; typo correction looks only at vocabulary words with the
same first letter; example similarity runs only for the shortlisted candidates.

The phrases live next to the rules in `rules/phrases.yaml` (data, not code).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from rapidfuzz import fuzz, process

Decision = Literal["matched", "ambiguous", "no_match"]
PhraseKind = Literal["keyword", "cue", "boost", "exclude", "act", "still"]

MAX_CHARS = 2_000  # matching looks at the first 2,000 characters; 100 KB inputs stay fast
MIN_SCORE = 0.5  # best candidate below this → no_match
AMBIGUITY_MARGIN = 0.06  # runner-up within this of the best → ambiguous
CROSS_STATE_MARGIN = 0.10  # ... or a rule of another state within this, when none is named
STATE_MISMATCH_FACTOR = 0.7  # a question naming the other state counts against a rule
MAX_GAP = 2  # words allowed between the words of a multi-word phrase
WIDE_GAP = 5  # ... where the phrase writes "..." between them ("can ... withdraw")
_ELLIPSIS = "\u2026"  # the token "..." becomes inside a phrase's words

# Weights of the phrase kinds in a rule's evidence sum (the last three only decide, never weigh).
KIND_WEIGHT: dict[str, float] = {
    "keyword": 1.0,
    "cue": 0.6,
    "boost": 0.3,
    "exclude": 0.0,
    "act": 0.0,
    "still": 0.0,
}
# Mix of keyword evidence and example similarity in the final score.
EVIDENCE_SHARE = 0.6

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

_STATE_WORDS: dict[str, frozenset[str]] = {
    state: frozenset(stem(w) for w in names)
    for state, names in {"md": ("maryland", "md"), "ma": ("massachusetts", "mass", "ma")}.items()
}


@dataclass(frozen=True)
class RulePhrases:
    """What the matcher knows about one rule (one entry of phrases.yaml)."""

    id: str
    title: str = ""
    state: str | None = None
    aliases: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    cues: tuple[str, ...] = ()
    boosts: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    act_questions: tuple[str, ...] = ()
    still_asks: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()

    @classmethod
    def from_mapping(cls, rule_id: str, data: Mapping[str, Any]) -> RulePhrases:
        """Build from one phrases.yaml entry, accepting lists or missing fields."""

        def strings(key: str) -> tuple[str, ...]:
            return tuple(str(v) for v in (data.get(key) or ()))

        return cls(
            id=rule_id,
            title=str(data.get("title", "")),
            state=data.get("state"),
            aliases=strings("aliases"),
            keywords=strings("keywords"),
            cues=strings("cues"),
            boosts=strings("boosts"),
            excludes=strings("excludes"),
            act_questions=strings("act_questions"),
            still_asks=strings("still_asks"),
            examples=strings("examples"),
        )


@dataclass(frozen=True)
class MatchResult:
    """The matcher's verdict on one question.

    `candidates` are (rule id, score 0..1), best first; `decision` says what the caller may do:
    `matched` → run `rule`; `ambiguous` → ask which of `choices`; `no_match` → say so honestly
    (`reason` explains, `out_of_scope` lists any out-of-scope signals seen).
    """

    decision: Decision
    candidates: tuple[tuple[str, float], ...] = ()
    evidence: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    out_of_scope: tuple[str, ...] = ()
    reason: str = ""
    choices: tuple[str, ...] = ()

    @property
    def rule(self) -> str | None:
        """The chosen rule id, only when the decision is `matched`."""
        return self.candidates[0][0] if self.decision == "matched" else None

    @property
    def confidence(self) -> float:
        """Score of the best candidate (0 when there is none)."""
        return self.candidates[0][1] if self.candidates else 0.0


@dataclass
class _Phrase:
    words: tuple[str, ...]
    owners: list[tuple[int, PhraseKind]] = field(default_factory=list)
    out_of_scope: bool = False
    text: str = ""


class Matcher:
    """Matches questions against a catalog of rule phrases; build once, call `match` often."""

    def __init__(
        self,
        catalog: Mapping[str, RulePhrases | Mapping[str, Any]],
        out_of_scope: Iterable[str] = (),
    ) -> None:
        self.rules: list[RulePhrases] = [
            r if isinstance(r, RulePhrases) else RulePhrases.from_mapping(rid, r)
            for rid, r in catalog.items()
        ]
        self._phrases: dict[tuple[str, ...], _Phrase] = {}
        self._phrase_texts: list[str] = []
        for index, rule in enumerate(self.rules):
            for kind, texts in (
                ("keyword", rule.keywords),
                ("cue", rule.cues),
                ("boost", rule.boosts),
                ("exclude", rule.excludes),
                ("act", rule.act_questions),
                ("still", rule.still_asks),
            ):
                for text in texts:
                    phrase = self._intern(text)
                    if kind == "keyword" and all(w in GENERIC for w in phrase.words):
                        raise ValueError(
                            f"{rule.id}: keyword {text!r} has only generic words; it would let "
                            "any question reach the rule"
                        )
                    if (index, kind) not in phrase.owners:
                        phrase.owners.append((index, kind))  # type: ignore[arg-type]
        for text in out_of_scope:
            self._intern(text).out_of_scope = True

        # Inverted index: first word → phrases starting with it.
        self._by_first: dict[str, list[_Phrase]] = {}
        for phrase in self._phrases.values():
            self._by_first.setdefault(phrase.words[0], []).append(phrase)

        # Specific phrases weigh more than ones many rules share.
        self._weight: dict[tuple[tuple[str, ...], int, str], float] = {}
        for phrase in self._phrases.values():
            rules_sharing = len({i for i, _ in phrase.owners})
            idf = 1.0 / (1.0 + math.log(rules_sharing)) if rules_sharing else 0.0
            for index, kind in phrase.owners:
                self._weight[(phrase.words, index, kind)] = KIND_WEIGHT[kind] * idf

        # Typo correction compares unstemmed words ("matchng" is close to "matching", not to
        # its stem "match"), bucketed by first letter: typos rarely hit the first letter.
        self._vocab = {w for p in self._phrases.values() for w in p.words}
        raw_vocab = {w for text in self._phrase_texts for w in raw_words(text) if len(w) >= 5}
        self._buckets: dict[str, list[str]] = {}
        for word in sorted(raw_vocab):
            self._buckets.setdefault(word[0], []).append(word)
        self._corrections: dict[str, str] = {}

        self._examples: list[list[str]] = [
            [self._content(words(e)) for e in rule.examples] for rule in self.rules
        ]
        self._needs_cue = [bool(rule.cues) for rule in self.rules]

    @classmethod
    def from_yaml(cls, path: Path) -> Matcher:
        """Load a phrases.yaml file (`rules:` mapping plus optional `out_of_scope:` list)."""
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        return cls(data.get("rules") or {}, data.get("out_of_scope") or ())

    @property
    def rule_ids(self) -> list[str]:
        """Rule ids in catalog order."""
        return [r.id for r in self.rules]

    def title(self, rule_id: str) -> str:
        """The one-line title of a rule ("" if unknown)."""
        return next((r.title for r in self.rules if r.id == rule_id), "")

    def _intern(self, text: str) -> _Phrase:
        self._phrase_texts.append(text)
        # "can ... withdraw": the parts may stand up to WIDE_GAP words apart.
        parts = [tuple(words(part)) for part in text.split("...")]
        key = tuple(w for i, part in enumerate(parts) for w in ((_ELLIPSIS,) * bool(i) + part))
        if not key or key[0] == _ELLIPSIS or key[-1] == _ELLIPSIS:
            raise ValueError(f"phrase {text!r} has no words (or starts or ends with '...')")
        phrase = self._phrases.get(key)
        if phrase is None:
            phrase = self._phrases[key] = _Phrase(words=key, text=text)
        return phrase

    @staticmethod
    def _content(ws: Sequence[str]) -> str:
        return " ".join(w for w in ws if w not in GENERIC)

    def _correct(self, raw: str) -> str:
        """Stem of `raw`, mapped onto the phrase vocabulary if misspelt ('leiutenant')."""
        word = stem(raw)
        if word in self._vocab or len(raw) < 5 or word in GENERIC or raw.isdigit():
            return word
        hit = self._corrections.get(raw)
        if hit is None:
            bucket = self._buckets.get(raw[0], ())
            cutoff = 84 if len(raw) >= 7 else 88
            best = process.extractOne(raw, bucket, scorer=fuzz.ratio, score_cutoff=cutoff)
            hit = stem(best[0]) if best else word
            if len(self._corrections) > 50_000:  # bounded memo; hostile input can't grow it
                self._corrections.clear()
            self._corrections[raw] = hit
        return hit

    @staticmethod
    def _occurs(phrase: tuple[str, ...], positions: Mapping[str, list[int]]) -> bool:
        """Do the phrase's words occur in order, at most MAX_GAP words apart (WIDE_GAP across
        a "...")?"""
        ends = positions.get(phrase[0], [])
        gap = MAX_GAP
        for w in phrase[1:]:
            if w == _ELLIPSIS:
                gap = WIDE_GAP
                continue
            nxt = positions.get(w)
            if not nxt:
                return False
            ends = [p for p in nxt if any(0 < p - e <= gap + 1 for e in ends)]
            if not ends:
                return False
            gap = MAX_GAP
        return bool(ends)

    def match(self, text: str) -> MatchResult:
        """Rank the rules for one question and decide: matched, ambiguous or no_match."""
        ws = [self._correct(w) for w in raw_words(text)]
        positions: dict[str, list[int]] = {}
        for i, w in enumerate(ws):
            positions.setdefault(w, []).append(i)

        found: list[_Phrase] = []
        for w in positions:
            for phrase in self._by_first.get(w, ()):
                if self._occurs(phrase.words, positions):
                    found.append(phrase)

        vetoes = tuple(sorted({p.text for p in found if p.out_of_scope}))
        if vetoes:
            return MatchResult(
                "no_match",
                out_of_scope=vetoes,
                reason="the question is about "
                + ", ".join(repr(v) for v in vetoes)
                + ", which no rule here computes",
            )

        # Per rule, a phrase inside a longer matched phrase of the same kind adds no weight of
        # its own ("vacancy" inside "fill vacancy"): one piece of wording is one piece of
        # evidence.
        per_rule: dict[int, list[tuple[_Phrase, PhraseKind]]] = {}
        for phrase in found:
            for index, kind in phrase.owners:
                per_rule.setdefault(index, []).append((phrase, kind))
        evidence: dict[int, float] = {}
        has_keyword: set[int] = set()
        has_cue: set[int] = set()
        # Kinds that only decide whether a rule is in the running (KIND_WEIGHT 0).
        deciding: dict[str, set[int]] = {"exclude": set(), "act": set(), "still": set()}
        seen: dict[int, list[str]] = {}
        telling: dict[int, set[tuple[str, ...]]] = {}  # keywords and cues, not boosts
        for index, hits in per_rule.items():
            for phrase, kind in hits:
                if kind in deciding:
                    deciding[kind].add(index)
                    continue
                if kind != "boost":
                    telling.setdefault(index, set()).add(phrase.words)
                if kind == "keyword":
                    has_keyword.add(index)
                elif kind == "cue":
                    has_cue.add(index)
                seen.setdefault(index, []).append(phrase.text)
                inner = any(
                    other_kind == kind
                    and len(other.words) > len(phrase.words)
                    and set(phrase.words) <= set(other.words)
                    for other, other_kind in hits
                )
                if not inner:
                    evidence[index] = (
                        evidence.get(index, 0.0) + self._weight[(phrase.words, index, kind)]
                    )

        # A question about doing the rule's triggering act ("can an LG candidate withdraw?") is
        # not about what the rule computes, unless it also asks for that.
        excluded = deciding["exclude"] | (deciding["act"] - deciding["still"])
        shortlist = [
            i for i in has_keyword if (not self._needs_cue[i] or i in has_cue) and i not in excluded
        ]
        if not shortlist:
            return MatchResult(
                "no_match",
                reason="no rule's topic words appear in the question",
                evidence={self.rules[i].id: tuple(v) for i, v in seen.items()},
            )

        content = self._content(ws)
        named_states = {s for s, names in _STATE_WORDS.items() if names & positions.keys()}
        scored: list[tuple[str, float]] = []
        index_of: dict[str, int] = {}
        for i in shortlist:
            index_of[self.rules[i].id] = i
            ev = 1.0 - math.exp(-evidence[i])
            sim = 0.0
            if content and self._examples[i]:
                best = process.extractOne(content, self._examples[i], scorer=_similarity)
                sim = best[1] / 100.0 if best else 0.0
            score = EVIDENCE_SHARE * ev + (1.0 - EVIDENCE_SHARE) * sim
            state = self.rules[i].state
            if named_states and state and state not in named_states:
                score *= STATE_MISMATCH_FACTOR
            scored.append((self.rules[i].id, round(score, 4)))
        scored.sort(key=lambda item: (-item[1], item[0]))
        ranked = tuple(scored)
        ev_by_id = {self.rules[i].id: tuple(seen[i]) for i in shortlist}

        top = ranked[0][1]
        if top < MIN_SCORE:
            return MatchResult(
                "no_match",
                candidates=ranked,
                evidence=ev_by_id,
                reason=f"best rule scored {top:.2f}, below {MIN_SCORE}",
            )
        # Ambiguous when the words can't tell the best rule from another (everything that made
        # the best a candidate fits the other too, so only example similarity separates them),
        # or when another scores nearly as well without being outmatched word for word (a
        # rule whose words are a strict subset of the best one's is not a real contender).
        best_words = telling[index_of[ranked[0][0]]]
        # The same words mean different laws in different states: with no state named, a
        # credible rule from another state is worth asking about.
        best_state = self.rules[index_of[ranked[0][0]]].state
        margin = {
            rid: CROSS_STATE_MARGIN
            if not named_states and self.rules[index_of[rid]].state != best_state
            else AMBIGUITY_MARGIN
            for rid, _ in ranked
        }
        close = tuple(
            rid
            for rid, s in ranked
            if best_words <= telling[index_of[rid]]
            or (
                top - s < margin[rid] and s >= MIN_SCORE and not telling[index_of[rid]] < best_words
            )
        )
        if len(close) > 1:
            return MatchResult(
                "ambiguous",
                candidates=ranked,
                evidence=ev_by_id,
                choices=close,
                reason="several rules fit about equally well",
            )
        return MatchResult("matched", candidates=ranked, evidence=ev_by_id, choices=(ranked[0][0],))


def _similarity(a: str, b: str, **kwargs: Any) -> float:
    """Token-set similarity tempered by token-sort, so a two-word question is not a 100% match
    for every example that happens to contain both words."""
    cutoff = kwargs.get("score_cutoff") or 0
    score = 0.5 * fuzz.token_set_ratio(a, b) + 0.5 * fuzz.token_sort_ratio(a, b)
    return score if score >= cutoff else 0.0


def phrases_path() -> Path:
    """Where the packaged rules/phrases.yaml lives."""
    import rules

    return Path(rules.__file__).resolve().parent / "phrases.yaml"


@lru_cache(maxsize=1)
def default_matcher() -> Matcher:
    """The matcher for the packaged phrases (built once per process)."""
    return Matcher.from_yaml(phrases_path())


def match(text: str) -> MatchResult:
    """Match one question against the packaged rules (see `Matcher.match`)."""
    return default_matcher().match(text)
