"""Pick the rule a free-text question is about — or say honestly that none fits.

A wrong rule answered with confidence is the worst failure (docs/STANDARDS.md), so fuzzy
similarity alone never picks a rule. A rule becomes a *candidate* only with domain evidence:
one of its topic `keywords` appears in the question (typos tolerated) and, when the rule lists
`cues`, one of those too. Only candidates are scored, by keyword evidence plus rapidfuzz
similarity to the rule's example questions. Any out-of-scope signal ("voter registration",
"filing fee", ...) vetoes every rule.

The matcher only ranks words: which rules a question's *facts* allow is each rule's frame
(`bot.language.frames`); the caller passes the rules those facts rule out as `exclude`
(`match_question` does both), so similarity only chooses among compatible rules.

Scaling: phrases are indexed by their first word (an inverted index), so a question only touches
the phrases whose first word it contains; typo correction looks only at vocabulary words with the
same first letter; example similarity runs only for the shortlisted candidates.

The phrases are data, not code: each rule's live in its statute folder's `phrases.yaml`
(`rules/md/gel_5_903/phrases.yaml`, …), the out-of-scope ones in `out_of_scope.yaml` beside this
module; `build_matcher` puts them together with each rule's title, aliases and state from its
RuleSpec. Per rule id a `phrases.yaml` entry has:

  keywords  TOPIC words: at least one must appear in a question (typos tolerated) before the
            rule is considered at all. Never generic words ("deadline", "file", "candidate").
  cues      WHAT-IS-ASKED words: when the list is present, at least one must appear too.
            They keep "when does the LG's term begin?" away from the successor rule.
  boosts    words that only add weight (never enough on their own).
  excludes  words that take the rule out of the running (e.g. "Democrat" for the petition
            signature rule: party candidates need no petition).
  act_questions  phrasings that ask whether or how to do the act that triggers the rule
            ("can ... withdraw"): they take the rule out of the running too, unless
  still_asks     one of these shows the question asks what the rule computes after all.
  state_keywords TOPIC words that count as keywords only when the question names the rule's
                 state ("replacement" means c. 53 § 14 only once "Massachusetts" is said).
  examples  questions staff really ask; used for fuzzy similarity once a rule is a candidate.

Multi-word keywords match when their words appear in order with at most two other words between
them ("who can fill" matches "who fills"), five across a "..." ("can ... withdraw"); small words
(of, the, for, ...) are ignored.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from rapidfuzz import fuzz, process

from bot.language.lexicon import lexicon
from bot.language.words import GENERIC, MAX_CHARS, raw_words, stem, words
from rules.engine import RuleSpec
from rules.registry import phrases

Decision = Literal["matched", "ambiguous", "no_match"]
PhraseKind = Literal["keyword", "state_keyword", "cue", "boost", "exclude", "act", "still"]

MIN_SCORE = 0.5  # best candidate below this → no_match
AMBIGUITY_MARGIN = 0.06  # runner-up within this of the best → ambiguous
CROSS_STATE_MARGIN = 0.10  # ... or a rule of another state within this, when none is named
STATE_MISMATCH_FACTOR = 0.7  # a question naming the other state counts against a rule
MAX_GAP = 2  # words allowed between the words of a multi-word phrase
WIDE_GAP = 5  # ... where the phrase writes "..." between them ("can ... withdraw")
_ELLIPSIS = "\u2026"  # the token "..." becomes inside a phrase's words
# Where a sentence ends (never inside "U.S." or "..."), or a line or a table's cell does: the
# words of a veto stand within one.
_BETWEEN_SENTENCES = re.compile(r"(?<!\.[a-zA-Z])(?<!\.)\.(?=\s)|[?!]+(?=\s)|\n")

# Weights of the phrase kinds in a rule's evidence sum (the last three only decide, never weigh).
KIND_WEIGHT: dict[str, float] = {
    "keyword": 1.0,
    "state_keyword": 1.0,
    "cue": 0.6,
    "boost": 0.3,
    "exclude": 0.0,
    "act": 0.0,
    "still": 0.0,
}
# Mix of keyword evidence and example similarity in the final score.
EVIDENCE_SHARE = 0.6

_STATE_WORDS: dict[str, frozenset[str]] = {
    state: frozenset(stem(w) for w in names)
    for state, names in {"md": ("maryland", "md"), "ma": ("massachusetts", "mass", "ma")}.items()
}


@dataclass(frozen=True)
class RulePhrases:
    """What the matcher knows about one rule (its phrases.yaml entry, title, aliases, state)."""

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
    state_keywords: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()

    @classmethod
    def from_mapping(cls, rule_id: str, data: Mapping[str, Any]) -> RulePhrases:
        """Build from a mapping of the fields above, accepting lists or missing fields."""

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
            state_keywords=strings("state_keywords"),
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
    # Rules the question's words point to that the caller ruled out (their frames contradict
    # the question's facts), in catalog order.
    excluded: tuple[str, ...] = ()
    # Out-of-scope words of a part of the question set aside (its other part asks what the
    # rule computes): the reply says that part is not answered.
    set_aside: tuple[str, ...] = ()
    # What the learned model (`bot.language.learned`) did: "chosen" (it picked the rule the
    # words left open), "declined" (the words matched, but the question reads like those no
    # rule covers), or "" (nothing).
    learned: str = ""

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
        self.state_of: dict[str, str | None] = {rule.id: rule.state for rule in self.rules}
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
                ("state_keyword", rule.state_keywords),
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
        # Bounded memo: hostile input can't grow it.
        self._nearest = lru_cache(maxsize=50_000)(self._nearest_word)

        self._examples: list[list[str]] = [
            [self._content(words(e)) for e in rule.examples] for rule in self.rules
        ]
        self._needs_cue = [bool(rule.cues) for rule in self.rules]

    @property
    def rule_ids(self) -> list[str]:
        """Rule ids in catalog order."""
        return [r.id for r in self.rules]

    def _intern(self, text: str) -> _Phrase:
        self._phrase_texts.append(text)
        key = _phrase_key(text)
        if not key or key[0] == _ELLIPSIS or key[-1] == _ELLIPSIS:
            raise ValueError(f"phrase {text!r} has no words (or starts or ends with '...')")
        phrase = self._phrases.get(key)
        if phrase is None:
            phrase = self._phrases[key] = _Phrase(words=key, text=text)
        return phrase

    @staticmethod
    def _content(ws: Sequence[str]) -> str:
        return " ".join(w for w in ws if w not in GENERIC)

    def read_words(self, text: str) -> list[str]:
        """The question's words as the matcher compares them: normalized, small words dropped,
        stemmed, misspellings of the phrase vocabulary corrected ("leiutenant govenor")."""
        return [self._correct(w) for w in raw_words(text)]

    def _correct(self, raw: str) -> str:
        """Stem of `raw`, mapped onto the phrase vocabulary if misspelt ('leiutenant')."""
        word = stem(raw)
        if word in self._vocab or len(raw) < 5 or word in GENERIC or raw.isdigit():
            return word
        return self._nearest(raw)

    def _nearest_word(self, raw: str) -> str:
        """The stem of the vocabulary word closest to `raw`, else `raw`'s own stem."""
        bucket = self._buckets.get(raw[0], ())
        cutoff = 84 if len(raw) >= 7 else 88
        best = process.extractOne(raw, bucket, scorer=fuzz.ratio, score_cutoff=cutoff)
        # A word that only adds letters to a vocabulary word is another word, not its typo:
        # "county" is no "count", "commissioner" no "commission".
        if best is None or raw.startswith(best[0]):
            return stem(raw)
        return stem(best[0])

    @staticmethod
    def _occurs(
        phrase: tuple[str, ...], positions: Mapping[str, list[int]], near: int = MAX_GAP
    ) -> bool:
        """Do the phrase's words occur in order, at most `near` words apart (WIDE_GAP across
        a "...")?"""
        ends = positions.get(phrase[0], [])
        gap = near
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
            gap = near
        return bool(ends)

    def match(
        self,
        text: str,
        exclude: Collection[str] = (),
        stated: Mapping[str, Sequence[str]] | None = None,
    ) -> MatchResult:
        """Rank the rules for one question and decide: matched, ambiguous or no_match.

        `exclude`: rule ids out of the running whatever the words (their frames contradict the
        question's facts); those the words pointed to are listed in `MatchResult.excluded`.
        `stated`: rule id → the typed facts the question states that only that rule takes
        ("withdrawal_deadline date"); when no rule's words point to the question, each counts
        as one of the rule's topic words."""
        ws = self.read_words(text)
        positions: dict[str, list[int]] = {}
        for i, w in enumerate(ws):
            positions.setdefault(w, []).append(i)
        # A veto silences every rule, so it must be said as written: a word corrected onto the
        # vocabulary ("written" → "writein") never vetoes.
        # (nor across a table's cells: "| registered | votes cast |" is no "register to vote",
        # nor across sentences: "(Jan 1 count). Sig requirement …" says no "count signatures")
        as_written: dict[str, list[int]] = {}
        at = 0
        for piece in _BETWEEN_SENTENCES.split(text[:MAX_CHARS].replace("|", "\n")):
            for w in raw_words(piece):
                as_written.setdefault(stem(w), []).append(at)
                at += 1
            at += 1

        found: list[_Phrase] = []
        for w in positions:
            for phrase in self._by_first.get(w, ()):
                # An out-of-scope phrase vetoes every rule: its words must stand together
                # ("registered voters eligible to vote" is not "register to vote"), save
                # across a "...".
                # So must a phrase that only rules a rule out: "party candidate" is not "third-
                # party and independent candidates".
                only_rules_out = bool(phrase.owners) and all(
                    k == "exclude" for _, k in phrase.owners
                )
                veto = phrase.out_of_scope and not phrase.owners
                near = 0 if veto or only_rules_out else MAX_GAP
                if self._occurs(phrase.words, as_written if veto else positions, near):
                    found.append(phrase)

        said = {p.text for p in found if p.out_of_scope}
        # One piece of wording is one veto: "fee" inside "filing fee" is not named again.
        vetoes = tuple(
            sorted(v for v in said if not any(v != o and f" {v} " in f" {o} " for o in said))
        )
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
        named_states = {s for s, names in _STATE_WORDS.items() if names & positions.keys()}
        for index, hits in per_rule.items():
            for phrase, kind in hits:
                if kind == "state_keyword" and self.rules[index].state not in named_states:
                    continue  # a generic word: topic evidence only once the state is named
                if kind in deciding:
                    deciding[kind].add(index)
                    continue
                if kind != "boost":
                    telling.setdefault(index, set()).add(phrase.words)
                if kind in ("keyword", "state_keyword"):
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
        pointed = [
            i for i in has_keyword if (not self._needs_cue[i] or i in has_cue) and i not in excluded
        ]
        shortlist = [i for i in pointed if self.rules[i].id not in exclude]
        if not shortlist:
            # No rule's words point to the question: a fact only one rule takes ("withdrawals
            # end 4/6 5pm … filler cert due?") is topic evidence for it. Only then, so a fact
            # two laws share (a withdrawal deadline) never competes with a rule named in words.
            by_id = {rule.id: i for i, rule in enumerate(self.rules)}
            for rule_id, descriptions in (stated or {}).items():
                if rule_id not in by_id or rule_id in exclude or by_id[rule_id] in excluded:
                    continue
                index = by_id[rule_id]
                telling.setdefault(index, set()).update(("fact", d) for d in descriptions)
                seen.setdefault(index, []).extend(descriptions)
                evidence[index] = evidence.get(index, 0.0) + len(descriptions)
                shortlist.append(index)
        ruled_out = tuple(self.rules[i].id for i in sorted(pointed) if i not in shortlist)
        if not shortlist:
            return MatchResult(
                "no_match",
                reason="no rule's topic words appear in the question"
                if not ruled_out
                else "the question's facts rule out every rule its words point to",
                evidence={self.rules[i].id: tuple(v) for i, v in seen.items()},
                excluded=ruled_out,
            )

        content = self._content(ws)
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
                excluded=ruled_out,
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
                excluded=ruled_out,
            )
        return MatchResult(
            "matched",
            candidates=ranked,
            evidence=ev_by_id,
            choices=(ranked[0][0],),
            excluded=ruled_out,
        )


def _similarity(a: str, b: str, **kwargs: Any) -> float:
    """Token-set similarity tempered by token-sort, so a two-word question is not a 100% match
    for every example that happens to contain both words."""
    cutoff = kwargs.get("score_cutoff") or 0
    score = 0.5 * fuzz.token_set_ratio(a, b) + 0.5 * fuzz.token_sort_ratio(a, b)
    return score if score >= cutoff else 0.0


OUT_OF_SCOPE_FILE = Path(__file__).resolve().parent / "out_of_scope.yaml"


@cache
def _phrase_key(text: str) -> tuple[str, ...]:
    """A phrase's stemmed words; "can ... withdraw": the parts may stand up to WIDE_GAP words
    apart (an ellipsis marker between them)."""
    parts = [tuple(words(part)) for part in text.split("...")]
    return tuple(w for i, part in enumerate(parts) for w in ((_ELLIPSIS,) * bool(i) + part))


def veto_said(veto: str, said: Sequence[str]) -> bool:
    """Whether the out-of-scope phrase `veto` is said in the stemmed words `said` as the
    matcher finds it: its words in a row, or up to WIDE_GAP apart across a "..."."""
    positions: dict[str, list[int]] = {}
    for i, word in enumerate(said):
        positions.setdefault(word, []).append(i)
    return Matcher._occurs(_phrase_key(veto), positions, near=0)


@cache
def _out_of_scope_file() -> dict[str, list[str]]:
    return yaml.safe_load(OUT_OF_SCOPE_FILE.read_text(encoding="utf-8")) or {}


def out_of_scope() -> tuple[str, ...]:
    """The out-of-scope phrases (global, not any rule's): those that rule out the whole
    question, then the side asks, which rule out only their own part (`side_asks`)."""
    data = _out_of_scope_file()
    return tuple(dict.fromkeys([*(data.get("phrases") or ()), *(data.get("side_asks") or ())]))


def never_decided() -> tuple[str, ...]:
    """Words that, in a yes/no clause, ask what no rule decides ("is the deadline waived?")."""
    return tuple(_out_of_scope_file().get("never_decided") or ())


def side_asks() -> frozenset[str]:
    """The out-of-scope phrases that rule out only the part of a question asking them."""
    return frozenset(_out_of_scope_file().get("side_asks") or ())


def build_matcher(rules: Mapping[str, RuleSpec] | Iterable[RuleSpec]) -> Matcher:
    """A matcher for `rules` (e.g. `rules.RULES`): each rule's phrases from its statute folder,
    its title, aliases and state from its RuleSpec, and the out-of-scope phrases. Building takes
    tens of milliseconds: build once and keep it."""
    specs = list(rules.values()) if isinstance(rules, Mapping) else list(rules)
    lexicon()  # compiled now, with the matcher, so the first question doesn't wait for it
    words = phrases()
    catalog = {
        spec.id: RulePhrases.from_mapping(
            spec.id,
            {
                **words.get(spec.id, {}),
                "title": spec.title,
                "aliases": spec.aliases,
                "state": spec.jurisdiction,
            },
        )
        for spec in specs
    }
    return Matcher(catalog, out_of_scope())
