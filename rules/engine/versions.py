"""Which implementation of a rule to run: the text version(s) in force on the deciding date.

For each implementation (the texts it was written for, {law key: version id}) the corpus's
version metadata (`Corpus.in_force`) tells whether its texts are *known* in force on the day, or
*can have been*. Then (`select`):

- exactly one implementation known in force → run it ("known");
- else exactly one that can have been, and no text we do not hold may have been → run it, and
  say its text was not confirmed in force that day ("unconfirmed");
- else every implementation that can have been ("uncertain"), or, when none covers the day,
  every implementation ("uncovered"): the answer says so first and gives the result under each.

Law-free: laws are named by their keys; the wording of the notices is `rules.engine.notices`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date

from rules.engine.spec import Implementation, RuleSpec
from statutes import CitationNotFound, Corpus, CorpusView, InForce, Version

Texts = dict[str, str]  # {law key: version id}


def resolved_texts(spec: RuleSpec, impl: Implementation, corpus: CorpusView) -> Texts:
    """The texts an implementation runs on: those it declares, or — for a rule with one
    unversioned text — the corpus's own text of the rule's section (empty if not loaded)."""
    if impl.texts:
        return dict(impl.texts)
    law = corpus.laws.get(spec.section)
    return {spec.section: law.version.id} if law is not None else {}


def view_for(corpus: CorpusView, texts: Mapping[str, str]) -> CorpusView:
    """The corpus quoting `texts`; raises `CitationNotFound` when one of them is not held."""
    if isinstance(corpus, Corpus):
        return corpus.view(texts)
    for key, vid in texts.items():  # a fixed view: it holds these texts or it does not
        law = corpus.laws.get(key)
        if law is None or law.version.id != vid:
            raise CitationNotFound(f"{key} version {vid} is not in the loaded statutes.")
    return corpus


def in_force(corpus: CorpusView, key: str, day: date) -> InForce:
    """`Corpus.in_force`, or for a fixed view (no version metadata to reason with) its one
    text, taken as the text in force."""
    if isinstance(corpus, Corpus) and (key in corpus.held or key in corpus.timelines):
        return corpus.in_force(key, day)
    law = corpus.laws.get(key)
    if law is None:
        return InForce(law=key, day=day, certain=None, candidates=[], versions=[])
    return InForce(law=key, day=day, certain=law, candidates=[law], versions=[law.version])


@dataclass(frozen=True)
class Choice:
    """One implementation to run, with the texts it runs on."""

    impl: Implementation
    texts: Texts
    known: bool  # each of its texts known in force on the day


@dataclass(frozen=True)
class Selection:
    """The implementations to run for `day`, and what is known about the texts in force."""

    day: date
    state: str  # "known" | "unconfirmed" | "uncertain" | "uncovered" (`Result.in_force`)
    chosen: tuple[Choice, ...]  # in the rule's order (oldest text first)
    # Texts not held that may have been in force on the day (of the laws the chosen run on).
    unheld: tuple[Version, ...] = ()
    found: dict[str, InForce] = field(default_factory=dict)  # law key → what in_force said
    today: date | None = None  # the day the question is asked (None: `day`)

    def open_laws(self) -> list[str]:
        """The laws whose text in force on the day is open: not one held text known or the only
        candidate (all the chosen implementations' laws when none is singled out)."""
        keys = sorted({k for c in self.chosen for k in c.texts}) or sorted(self.found)
        open_ = [k for k in keys if k in self.found and self.found[k].single is None]
        return open_ or keys


def select(
    spec: RuleSpec, corpus: CorpusView, day: date, *, today: date | None = None
) -> Selection:
    """Which implementation(s) of `spec` to run for the law in force on `day` (see module);
    `today` is kept for the wording of the answer."""
    found: dict[str, InForce] = {}

    def on(key: str) -> InForce:
        if key not in found:
            found[key] = in_force(corpus, key, day)
        return found[key]

    known: list[Choice] = []
    possible: list[Choice] = []
    every: list[Choice] = []
    for impl in spec.impls:
        texts = resolved_texts(spec, impl, corpus)
        is_known = bool(texts) and all(
            (c := on(k).certain) is not None and c.version.id == v for k, v in texts.items()
        )
        can_be = all(v in {c.version.id for c in on(k).candidates} for k, v in texts.items())
        choice = Choice(impl, texts, is_known)
        every.append(choice)
        if is_known:
            known.append(choice)
        if can_be and texts:
            possible.append(choice)
    relevant = possible or every
    unheld: dict[tuple[str, str], Version] = {}
    for choice in relevant:
        for key in choice.texts:
            for v in on(key).unheld:
                unheld.setdefault((v.law, v.id), v)
    if len(known) == 1:
        return Selection(day, "known", (known[0],), (), found, today)
    if len(possible) == 1 and not unheld:
        return Selection(day, "unconfirmed", (possible[0],), (), found, today)
    state = "uncertain" if possible else "uncovered"
    chosen = tuple(c for c in relevant if c.texts) or tuple(every)
    return Selection(day, state, chosen, tuple(unheld.values()), found, today)
