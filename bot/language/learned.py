"""Which rule a question resembles, learned from the questions staff wrote: a linear model over
the question's words and the facts the reader found in it, trained on the tuning question sets
(never the held-out ones) by `benchmarks/train_reader.py` and shipped as data
(`learned_model.json` beside this module).

It never answers on its own and never overrides a fact: a rule whose frame a stated fact
contradicts stays out of the running. It only settles what words alone could not
(`bot.language.choosing.match_question`):

- a question none of whose words are a rule's topic words, or whose words fit several rules;
- a question the reader took to ask something a rule does not compute (its yes/no clause, its
  kind of answer), when it reads overwhelmingly like that rule's questions;
- a question whose words matched a rule but which reads overwhelmingly like the questions the
  rules do not cover: it is declined, never answered.

The model is plain numbers (a weight per feature and class, an intercept per class): applying
it needs no learning library, and the file says which questions it was trained on, so a test
notices when the question sets or the reader change and the model was not trained again.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.engine.facts import Facts

MODEL_FILE = Path(__file__).resolve().parent / "learned_model.json"
NONE = "none"  # the class of questions no rule covers
# Maryland's and Massachusetts' names as the matcher reads them (stemmed).
OUR_STATES = frozenset(("maryland", "md", "massachusett", "massachusetts", "mass", "ma"))


def features(said: Sequence[str], facts: Facts) -> frozenset[str]:
    """What the model sees of one question: its words and word pairs (`said`: as the matcher
    reads them, after the lexicon has written out staff shorthand, with misspellings
    corrected), and the facts the reader found — each term with its role, what each date, sum
    and count is, and the event. Never which of our states it names."""
    # Which of our two states is named is left to the frames (`covers: state`): questions that
    # name it are not likelier to be out of scope, though many written to test the bot were.
    # Numbers are seen as the facts they are (what each date, sum and count is), never as the
    # digits one question happened to use.
    said = [w for w in said if w not in OUR_STATES and not any(c.isdigit() for c in w)]
    found = {f"w:{w}" for w in said}
    found.update(f"b:{a}_{b}" for a, b in itertools.pairwise(said))
    found.update(f"m:{m.role}:{m.value}" for m in facts.mentions if m.role != "state")
    found.update(f"d:{d.role or '?'}" for d in facts.dates)
    found.update(f"a:{a.role or '?'}" for a in facts.amounts)
    found.update(f"n:{n.role or '?'}" for n in facts.numbers)
    if len(facts.amounts) > 1:
        found.add("a:several")
    if facts.cause:
        found.add(f"cause:{facts.cause}")
    return frozenset(found)


def fingerprint(examples: Iterable[tuple[Iterable[str], str]]) -> str:
    """A digest of training examples (features, label), whatever their order: the same
    questions read the same way give the same digest."""
    lines = sorted(" ".join(sorted(feats)) + " => " + label for feats, label in examples)
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class LearnedModel:
    """Class names (rule ids and `NONE`), an intercept per class, a weight per feature and
    class, and what it was trained on."""

    classes: tuple[str, ...]
    intercepts: tuple[float, ...]
    weights: Mapping[str, Sequence[float]]
    trained_on: Mapping[str, object]

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> LearnedModel:
        classes = tuple(str(c) for c in data["classes"])  # type: ignore[attr-defined]
        intercepts = tuple(float(v) for v in data["intercepts"])  # type: ignore[attr-defined]
        weights = {
            str(f): tuple(float(v) for v in ws)
            for f, ws in data["weights"].items()  # type: ignore[attr-defined]
        }
        if len(intercepts) != len(classes) or any(len(w) != len(classes) for w in weights.values()):
            raise ValueError("learned model: every weight list needs one number per class")
        return cls(classes, intercepts, weights, dict(data.get("trained_on") or {}))  # type: ignore[call-overload]

    def unfamiliar(self, word: str) -> bool:
        """Whether `word` (a stem, as the matcher reads it) is no rule's: never seen in two
        training questions, or leaning at least as much to the questions no rule covers as
        to any rule's ("pencil", "robocall"; never "ticket" or "delegate")."""
        row = self.weights.get(f"w:{word}")
        if row is None:
            return True
        none = self.classes.index(NONE)
        return row[none] >= max(w for i, w in enumerate(row) if i != none)

    def foreign(self, word: str, rule: str) -> bool:
        """Whether `word` (a stem) leans no more to `rule`'s questions than to those no rule
        covers (or was never seen): "wire" in a proration question."""
        row = self.weights.get(f"w:{word}")
        if row is None or rule not in self.classes:
            return True
        return row[self.classes.index(rule)] <= row[self.classes.index(NONE)]

    def probabilities(self, feats: Iterable[str]) -> dict[str, float]:
        """class → probability (they sum to 1)."""
        scores = list(self.intercepts)
        for feat in feats:
            row = self.weights.get(feat)
            if row is not None:
                for i, w in enumerate(row):
                    scores[i] += w
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {c: e / total for c, e in zip(self.classes, exps, strict=True)}


@cache
def learned_model() -> LearnedModel:
    """The shipped model (read once)."""
    return LearnedModel.from_mapping(json.loads(MODEL_FILE.read_text(encoding="utf-8")))
