"""Rule frames: what each rule computes (`asks`), the facts it covers and the facts that rule it
out — data in each statute folder's `frames.yaml` (loaded by `rules.registry.frames`). This
module knows no statute: it compares a question's typed facts with each frame.

A question is matched by compatibility first: a rule whose frame a stated fact contradicts
("Gov candidate (not the LG)" against the successor-LG rule) is out of the running whatever its
words' similarity, and the reply says why in the frame's own sentence. Similarity (the
`Matcher`) only chooses among the compatible rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from functools import cache
from typing import Any

from bot.language.asks import ANSWER_KINDS
from bot.language.learned import NONE, features, learned_model
from bot.language.lexicon import lexicon
from bot.language.matching import Matcher, MatchResult, never_decided, side_asks
from bot.language.parts import (
    added_questions,
    asked_besides,
    later_questions,
    unfamiliar_questions,
    unsaid,
    without_side_asks,
    without_side_sentences,
    yes_no_set_aside,
)
from bot.language.stated import judging, said_in, stated
from rules.engine.facts import Facts
from rules.registry import frames as frame_data
from rules.result import Result
from rules.values import format_human


@dataclass(frozen=True)
class Conflict:
    """Why a question's facts rule a rule out. `about_asking`: only what the question was read
    to ask (its kind of answer, its yes/no clause) differs from what the rule computes — no fact
    it states contradicts the rule, so the learned model may overrule it."""

    reason: str
    about_asking: bool = False


@dataclass(frozen=True)
class Cover:
    """A role whose stated values must include one of `values`."""

    role: str
    values: frozenset[str]
    reason: str


@dataclass(frozen=True)
class Exclusion:
    """A fact (role and value) that puts the rule out of the running — unless the question
    also states one of `unless` ("role: value" facts: "asks: who")."""

    role: str
    value: str
    reason: str
    unless: tuple[tuple[str, str], ...] = ()
    # `other_than`: the entry is met by any stated value of the role but `value` ("whose event
    # it was: anyone but the LG candidate")
    other_than: bool = False

    def met(self, facts: Facts) -> bool:
        """Whether the question states the entry's fact (and none of its `unless`)."""
        given = stated(facts, self.role)
        hit = bool(given) and self.value not in given if self.other_than else self.value in given
        return hit and not any(value in stated(facts, role) for role, value in self.unless)


@dataclass(frozen=True)
class Frame:
    """One rule's frame."""

    rule: str
    asks: str = ""
    fills: Mapping[str, str] | None = None
    covers: tuple[Cover, ...] = ()
    rules_out: tuple[Exclusion, ...] = ()
    # Facts that keep a question this rule's but outside what it covers ("the LG candidate died
    # after the primary": § 5-903's, not covered by it): the reply says so, with the reason.
    limits: tuple[Exclusion, ...] = ()
    # The parameter to ask for, rather than let the rule assume it, when the question places
    # the event relative to another date ("after the primary") instead of giving its day.
    date_needed: str = ""
    # The kinds of answer the rule gives (lexicon `asks` values: a-deadline, a-count,
    # an-amount, who): a question asking only for other kinds is not this rule's.
    answers: frozenset[str] = frozenset()
    # Words that make a yes/no question ("can we still get general election money?") this
    # rule's: whether its result is given ("get", "eligible"). Any other yes/no question ("is
    # the deadline extended?", "does the 1% rule apply to…?") is about something it does not
    # compute.
    yes_no: re.Pattern[str] | None = None
    # Typed facts ("date: withdrawal_deadline", "count: registered_voters") that point to this
    # rule as its topic words do: a question stating the last day for withdrawals is about
    # sentence 7's certificates however it names them ("filler cert").
    evidence: tuple[tuple[tuple[str, str], ...], ...] = ()
    # Facts of which the question must state at least one (a vacancy, a withdrawal, the last
    # day for withdrawals), and what the reply says when it states none: "how many delegates
    # does the ward committee elect to the state committee?" is not about a vacancy at all.
    requires: tuple[tuple[str, str], ...] = ()
    requires_reason: str = ""
    # The subsections it computes from ("5-703(f)"): a question naming another subsection of
    # the same section ("REQ: 5-703(f) petition deadline") is about that one, not this rule.
    subsections: tuple[str, ...] = ()

    @classmethod
    def from_mapping(cls, rule: str, data: Mapping[str, Any]) -> Frame:
        covers = tuple(
            Cover(
                role=str(role),
                values=frozenset(str(v) for v in spec.get("values") or ()),
                reason=" ".join(str(spec.get("reason", "")).split()),
            )
            for role, spec in (data.get("covers") or {}).items()
        )
        rules_out = _exclusions(data.get("rules_out"))
        fills = {str(k): str(v) for k, v in (data.get("fills") or {}).items()}
        requires = data.get("requires") or {}
        return cls(
            rule,
            str(data.get("asks", "")),
            fills,
            covers,
            rules_out,
            _exclusions(data.get("limits")),
            str(data.get("date_needed", "")),
            _strings(data.get("answers")),
            _words(data.get("yes_no")),
            tuple(_facts(item) for item in data.get("evidence") or ()),
            tuple(f for f in map(_fact, requires.get("any") or ()) if f),
            " ".join(str(requires.get("reason", "")).split()),
            tuple(str(c) for c in data.get("subsections") or ()),
        )

    def stated_evidence(self, facts: Facts) -> list[str]:
        """The frame's evidence the question states, described ("withdrawal_deadline date");
        an item of several facts ("asks: who + event: withdrawal") counts when all are."""
        return [
            " + ".join(f"{value} {role}" for role, value in item)
            for item in self.evidence
            if all(value in stated(facts, role) for role, value in item)
        ]

    def missing_date(self, facts: Facts, params: Mapping[str, object]) -> str | None:
        """The parameter to ask for when the question does not give it and times the event
        only relative to another date ("withdrew after the primary"), or names a special
        election, whose days are its own: the calendars held are the regular elections'."""
        if not self.date_needed or self.date_needed in params:
            return None
        if facts.values("timing") or "special" in facts.values("election_word"):
            return self.date_needed
        return None

    def calendar_before_event(self, facts: Facts, result: Result | None) -> tuple[str, str] | None:
        """`date_needed`, and why it is asked, when the rule took it from a calendar and the
        question's event came after that day ("our nominee withdrew Sept 22" against a
        calendar's June 2 last day for withdrawals): that calendar is not this election's."""
        event = facts.date_with_role("event_date")
        taken = result.inputs.get(self.date_needed or "") if result else None
        if event is None or taken is None or taken.origin != "calendar" or not self.date_needed:
            return None
        day = taken.value.date() if isinstance(taken.value, datetime) else taken.value
        if not isinstance(day, date) or event.value <= day:
            return None
        return self.date_needed, (
            f"that is {format_human(event.value)}, after {format_human(day)}, the day my "
            "calendars hold, so they are not this election's"
        )

    def beyond(self, facts: Facts) -> str | None:
        """Why the question, though this rule's, is outside what it covers (a `limits` fact),
        or None."""
        return _first_stated(self.limits, facts)

    def conflict(self, facts: Facts) -> str | None:
        """Why the question's facts rule this rule out, or None when they are compatible."""
        found = self.conflicts_with(facts)
        return found.reason if found else None

    def conflicts_with(self, facts: Facts) -> Conflict | None:
        """How the question's facts rule this rule out (None: they are compatible): the reason
        given is the first of whose state or office it is about, what it asks, and the other
        facts it states."""
        covered = self._cover_conflict(facts)
        asked = self._asked_conflict(facts)
        other = self._fact_conflict(facts)
        reason = covered or asked or other
        if reason is None:
            return None
        return Conflict(reason, about_asking=not (covered or other or _never_decided(facts)))

    def _asked_conflict(self, facts: Facts) -> str | None:
        """Why what the question was read to ask (its kind of answer, its yes/no clauses) is
        not what this rule computes, or None."""
        if not self.answers:
            return None
        kinds = [k for k in stated(facts, "asks") if k in ANSWER_KINDS]
        if kinds and not self.answers.intersection(kinds):
            return f"I compute {self.asks}; your question asks {lexicon().plain(kinds[0])}."
        if not kinds and not self._answers_yes_no(facts):
            return f"I compute {self.asks}; your yes-or-no question is about something else."
        return None

    def answers_none_of(self, facts: Facts, part: str) -> bool:
        """Whether `facts` (those of `part`) ask only kinds of answer this rule does not give,
        about nothing it decides ("what happens if it lands on a weekend?" is its own)."""
        kinds = {k for k in stated(facts, "asks") if k in ANSWER_KINDS}
        decides = kinds == {"other-question"} and self.yes_no and self.yes_no.search(part)
        return bool(kinds and self.answers and not self.answers & kinds and not decides)

    def _cover_conflict(self, facts: Facts) -> str | None:
        """Why the state, office or other fact the rule covers is another in the question."""
        for cover in self.covers:
            given = stated(facts, cover.role)
            if given and not cover.values.intersection(given):
                return cover.reason.format(value=lexicon().plain(given[0]))
            # "Virginia question: … does Maryland's five-day rule have any bearing?": another
            # state named beside one of ours is the state asked about.
            elsewhere = facts.values("other_state") if cover.role == "state" else []
            if elsewhere:
                return cover.reason.format(value=lexicon().plain(elsewhere[0]))
        return None

    def _fact_conflict(self, facts: Facts) -> str | None:
        """Why another fact the question states (or fails to state) rules this rule out: a
        fact it states first ("asks the last day to withdraw"), which says more than one it
        fails to state ("names no withdrawal")."""
        other = self._other_subsection(facts)
        if other:
            mine = ", ".join(f"§ {s}" for s in self.subsections)
            return f"I compute {self.asks} ({mine}); your question names § {other}."
        stated_fact = _first_stated(self.rules_out, facts)
        unstated = self.requires and not any(v in stated(facts, r) for r, v in self.requires)
        if stated_fact is None and unstated:
            return self.requires_reason
        return stated_fact

    def _other_subsection(self, facts: Facts) -> str | None:
        """A subsection the question names of this rule's section that is none of its own."""
        sections = {s.split("(")[0] for s in self.subsections}
        named = [c for c in facts.values("cites") if c.split("(")[0] in sections and "(" in c]
        if not named or any(c.startswith(s) for c in named for s in self.subsections):
            return None
        return named[0]

    def _answers_yes_no(self, facts: Facts) -> bool:
        """Whether every yes/no clause of the question (none: True) asks what this rule
        decides."""
        clauses = [m.span for m in facts.mentions if m.role == "asks" and m.value == "yes-no"]
        return all(self.yes_no is not None and self.yes_no.search(c) for c in clauses)


@cache
def _never_decided_words() -> re.Pattern[str]:
    return re.compile(
        r"\b(?:" + "|".join(re.escape(w) for w in never_decided()) + r")\w*", re.IGNORECASE
    )


def _never_decided(facts: Facts) -> bool:
    """Whether a yes/no clause asks what no rule decides ("is the deadline waived?")."""
    clauses = [m.span for m in facts.mentions if m.role == "asks" and m.value == "yes-no"]
    return any(_never_decided_words().search(c) for c in clauses)


def _exclusions(items: object) -> tuple[Exclusion, ...]:
    """A frame's `rules_out` or `limits` entries."""
    return tuple(
        Exclusion(
            role=str(item["role"]),
            value=str(item.get("value", item.get("other_than", ""))),
            reason=" ".join(str(item.get("reason", "")).split()),
            unless=tuple(f for f in map(_fact, sorted(_strings(item.get("unless")))) if f),
            other_than="other_than" in item,
        )
        for item in items or ()  # type: ignore[attr-defined]
    )


def _first_stated(exclusions: tuple[Exclusion, ...], facts: Facts) -> str | None:
    """The reason of the first entry whose fact the question states (and not its `unless`);
    "{value}" in it is the question's fact in plain words."""
    met = next((e for e in exclusions if e.met(facts)), None)
    if met is None:
        return None
    return met.reason.format(value=lexicon().plain(stated(facts, met.role)[0]))


def _words(value: object) -> re.Pattern[str] | None:
    """A frame's `yes_no` words as one pattern of words beginning with them ("replace":
    "replaced", "replacing")."""
    words = sorted(_strings(value), key=len, reverse=True)
    if not words:
        return None
    # ("DO WE NEED A NEW COC?" is asked in capitals too)
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\w*", re.IGNORECASE)


def _strings(value: object) -> frozenset[str]:
    """A frame field given as one string or a list of them."""
    if not value:
        return frozenset()
    if isinstance(value, str):
        return frozenset({value})
    return frozenset(str(v) for v in value)  # type: ignore[attr-defined]


def _facts(text: object) -> tuple[tuple[str, str], ...]:
    """ "asks: who + event: withdrawal" → (("asks", "who"), ("event", "withdrawal"))."""
    return tuple(f for f in map(_fact, str(text).split("+")) if f)


def _fact(text: object) -> tuple[str, str] | None:
    """ "asks: who" → ("asks", "who")."""
    if not text:
        return None
    role, _, value = str(text).partition(":")
    return role.strip(), value.strip()


@cache
def all_frames() -> dict[str, Frame]:
    """rule id → its frame (rules without a `frames.yaml` entry have an empty frame)."""
    return {rule: Frame.from_mapping(rule, data) for rule, data in frame_data().items()}


def frame_of(rule: str) -> Frame:
    return all_frames().get(rule) or Frame(rule)


def conflicts(facts: Facts, rules: Iterable[str]) -> dict[str, Conflict]:
    """rule id → how its frame rules the question out, for each of `rules` it does."""
    out: dict[str, Conflict] = {}
    with judging(facts):
        for rule in rules:
            found = frame_of(rule).conflicts_with(facts)
            if found:
                out[rule] = found
    return out


def ruled_out(facts: Facts, rules: Iterable[str]) -> dict[str, str]:
    """rule id → the reason its frame rules the question out, for each of `rules` it does."""
    return {rule: c.reason for rule, c in conflicts(facts, rules).items()}


def match_question(matcher: Matcher, text: str, facts: Facts) -> tuple[MatchResult, dict[str, str]]:
    """Match a question among the rules its facts are compatible with: (the match, rule id →
    reason for each rule its words pointed to that its facts ruled out)."""
    with judging(facts):  # (one reading of the facts for the conflicts and the evidence)
        found = conflicts(facts, matcher.rule_ids)
        evidence = {rule: frame_of(rule).stated_evidence(facts) for rule in matcher.rule_ids}
    ruled = {rule: c.reason for rule, c in found.items()}
    expanded = lexicon().expand(text)
    stated = {r: e for r, e in evidence.items() if e}
    result = matcher.match(expanded, exclude=ruled, stated=stated)
    vetoes = result.out_of_scope
    # "do they owe a fee, and when is the declaration due?": the part no rule computes is set
    # aside (and the reply says so) when another part asks what a rule does.
    rest = without_side_asks(expanded, vetoes)
    if rest is not None:
        # (a yes-or-no asked only in the part set aside rules no rule out for the rest)
        kept, kept_found, kept_ruled = yes_no_set_aside(facts, expanded, vetoes, rest), found, ruled
        if kept is not facts:
            with judging(kept):
                kept_found = conflicts(kept, matcher.rule_ids)
            kept_ruled = {rule: c.reason for rule, c in kept_found.items()}
        again = matcher.match(rest, exclude=kept_ruled, stated=stated)
        if again.decision == "matched":
            result, found, ruled = replace(again, set_aside=vetoes), kept_found, kept_ruled
    elif vetoes and set(vetoes) <= side_asks():
        # ("does the declaration of intent need to be notarized?": asked alone, the side
        # question is the whole question; the frames say why no rule answers it — it asks
        # another kind of answer — better than naming its words)
        why = matcher.match(unsaid(expanded, vetoes), exclude=ruled, stated=stated)
        if why.excluded and all(r in found and found[r].about_asking for r in why.excluded):
            result = replace(why, decision="no_match", out_of_scope=vetoes)
    if result.decision == "ambiguous":
        result = _told_apart(matcher, result, stated)
    said = features(judged_words(matcher, expanded, rest), judged_facts(facts, rest))
    # (whether another part asks matters only where words no rule computes were found)
    besides = not result.out_of_scope or asked_besides(expanded, result.out_of_scope)
    settled = settle(result, learned_model().probabilities(said), found, besides)
    # "$150 from a Virginia resident -- matched?": a question the matched rule's frame says is
    # beyond what it covers gets that reply, which says why, rather than a bare decline.
    if (
        settled.learned != "declined"
        or result.rule is None
        or not frame_of(result.rule).beyond(facts)
    ):
        result = settled
    if result.decision == "matched" and not result.set_aside:
        # ("… when is it due? Also, can she drop it off at the county office?": an added
        # question none of the rules' words are in is said not answered, however the rest
        # was settled)
        added = [a for a in added_questions(expanded) if not matcher.match(a).candidates]
        # ("… how many signatures, and can a signer take back their signature?": a question
        # of a subject of its own, in words no rule's questions use)
        added = added or [
            a
            for a in unfamiliar_questions(expanded, matcher.read_words, learned_model().unfamiliar)
            if not matcher.match(a).candidates
        ]
        result = replace(result, set_aside=tuple(added)) if added else result
    return result, {rule: ruled[rule] for rule in result.excluded}


def match_asked(
    matcher: Matcher, text: str, facts: Facts, read: Callable[[str], Facts]
) -> tuple[MatchResult, dict[str, str], Facts]:
    """`match_question`; a later question that asks, by the terms read in it, what the
    matched rule's frame rules out is said not answered; and when the whole question matches
    no rule but questions added after it ("One more thing: how do I sign up for …?") ask what
    none of the rules' words are in, or a side ask stands in a question sentence of its own,
    the question is read again without them, those said not answered — an added question's
    "how do I" is not what the first one asks. Returns the facts the match was made on."""
    result, relevant = match_question(matcher, text, facts)
    if result.decision == "matched":
        if result.rule and not result.set_aside:
            # ("When's the petition due, and when will the special general be held?", "How
            # many delegates, and what's the date we send the names by?": a later question
            # asking, by the words read in it, what the frame rules out or another kind of answer)
            frame = frame_of(result.rule)
            parts = [(q, said_in(facts, at, at + len(q))) for q, at in later_questions(text)]
            beyond = [
                question.strip()
                for question, part in parts
                if any(e.role == "asks" and e.met(part) for e in frame.rules_out)
                or frame.answers_none_of(part, question)
            ]
            result = replace(result, set_aside=tuple(beyond)) if beyond else result
        return result, relevant, facts
    # (only a question added by its own marker: a side question's words in a question of
    # its own, "If a ticket gets public money and the LG withdraws, does it repay?", may be
    # all the question asks; read again without them, the rest would look like a rule's)
    added = [a for a in added_questions(text) if not matcher.match(lexicon().expand(a)).candidates]
    rest = text
    for part in added:
        rest = rest.replace(part, " ", 1)
    if not added:
        # ("Fund has $4M, two tickets owed $3M each. Shares? Also, who do we call at SBE about
        # it?": a side ask in a question sentence of its own; its "who" is not the main
        # question's, so the facts are read again without that sentence)
        apart = without_side_sentences(text, result.out_of_scope)
        added = list(result.out_of_scope) if apart is not None else []
        rest = apart or ""
    if not added or not rest.strip():
        return result, relevant, facts
    # (read again from the user's own words, never the matcher's normalized ones: "1.2M")
    rest_facts = read(rest)
    again, rest_relevant = match_question(matcher, rest, rest_facts)
    if again.decision != "matched":
        return result, relevant, facts
    return replace(again, set_aside=(*again.set_aside, *added)), rest_relevant, rest_facts


def judged_facts(facts: Facts, rest: str | None) -> Facts:
    """The facts the learned model judges: with a side question set aside (`rest`: the text
    without it), not the yes/no form that question was asked in ("… and can they also run in
    a party primary?" asks the rest as a deadline)."""
    if rest is None:
        return facts
    kept = [m for m in facts.mentions if not (m.role == "asks" and m.value == "yes-no")]
    return facts.model_copy(update={"mentions": kept})


def _told_apart(
    matcher: Matcher, result: MatchResult, stated: Mapping[str, Sequence[str]]
) -> MatchResult:
    """An ambiguous match settled on the one rule, of those its words leave tied, whose frame
    takes a fact the question states ("the paper saying she intends to petition": a document
    only the declaration's rule times); never across states ("LG died, who fills the
    vacancy?" asks which state's law)."""
    told = [rule for rule in result.choices if stated.get(rule)]
    if len(told) != 1 or len({r.state for r in matcher.rules if r.id in result.choices}) != 1:
        return result
    first = sorted(result.candidates, key=lambda c: c[0] != told[0])
    return replace(result, decision="matched", choices=(told[0],), candidates=tuple(first))


def judged_words(matcher: Matcher, expanded: str, rest: str | None) -> list[str]:
    """The words the learned model judges a question by (`expanded`: as the lexicon writes it
    out; `rest`: it without a side question that is set aside, `parts.without_side_asks`, or
    None): as the matcher reads them — "when is the COC due and what is the filing fee?" is
    judged by its main question, never by the fee. Training reads them the same way."""
    return matcher.read_words(rest if rest is not None else expanded)


# How sure the learned model must be (`bot.language.learned`), chosen by leaving one tuning
# set out at a time and on new sets before they were tuned on (never on a held-out set):
# ... to pick a rule no rule's words pointed to (leaving one of the 33 tuning sets out at a
# time: 0.6 picks 32 in-scope questions' rule and 2 out-of-scope ones; 0.8: 28 and 2)
RESCUE = 0.6
SETTLE = 0.8  # ... to pick one of the rules the words could not tell apart
# ... to answer a question read to ask what the rule does not compute (0.8: 42 in-scope and
# 1 out-of-scope; 0.95: 31 and 1)
OVERRULE = 0.8
# ... that a question whose words matched a rule is one no rule covers. Leaving one of the 27
# tuning sets out at a time, 0.95 declines 22 of the 50 out-of-scope questions the words
# matched and 8 of the 3,055 in-scope ones (0.97: 20 and 4); on external sets 18-21 before
# they were tuned on, 8 of 19 and 1 of 383 (0.97: 5 and 0). An answer to a question no rule
# covers is the worse failure.
DECLINE = 0.95
# ... and for a match the words make only weakly (the matcher's score under WEAK; it needs 0.5
# to match at all): leaving one set out, 2 more out-of-scope questions declined, 1 in-scope.
WEAK = 0.65
DECLINE_WEAK = 0.8
PAST_WORDS = 0.99  # ... to answer a question despite words no rule computes (set aside)
# ... to answer with another compatible rule than the words matched, when the matched one's
# probability is at most HARDLY (leaving one set out: 9 questions' rule put right, none wrong)
SWITCH = 0.9
HARDLY = 0.05


def settle(
    result: MatchResult,
    probabilities: Mapping[str, float],
    found: Mapping[str, Conflict],
    asked_besides: bool = True,
) -> MatchResult:
    """The match, with what the words left open settled by the learned model (the thresholds
    above say how sure it must be): a rule picked where no words, or several rules' words,
    pointed; a question read to ask something else answered by the rule it reads like; a
    matched question declined when it reads like those no rule covers, or answered by another
    compatible rule it reads all but certainly like; and words no rule computes set aside only
    when the question reads all but certainly like one rule's. Never a rule a stated fact rules
    out (`found`)."""
    top = max(probabilities, key=probabilities.__getitem__)
    sure = probabilities[top]
    if result.decision == "matched":
        if probabilities.get(NONE, 0.0) >= (DECLINE if result.confidence >= WEAK else DECLINE_WEAK):
            return replace(
                result,
                decision="no_match",
                reason="the question reads like those about what no rule here computes",
                learned="declined",
            )
        # The words matched one rule, but the question reads all but certainly like another
        # compatible rule's and hardly at all like the matched one's ("… full contributions
        # of $2.1M and $1.9M … proportionate shares?" is (b)'s proration, not (d)'s share).
        other = found.get(top)
        if (
            top not in (NONE, result.rule)
            and sure >= SWITCH
            and probabilities.get(result.rule or "", 0.0) <= HARDLY
            and (other is None or other.about_asking)
        ):
            return _chosen(result, top, sure)
        return result
    conflict = found.get(top)
    if top == NONE or (conflict and not conflict.about_asking):
        return result
    if result.out_of_scope:
        # Words no rule computes ("fee", "verifying", "register to vote") in a question that
        # reads, all but certainly, like one rule's: that rule answers, and the reply says the
        # part those words ask is not answered. Leaving one set out, 0.99 overrules 13 of the
        # 3,249 in-scope questions such words silenced and none of the out-of-scope ones.
        # Never when those words are all the question asks: "When must the registrars certify
        # the replacement's signatures?" reads like § 14's certificate, yet asks nothing a
        # rule computes (`asked_besides`: no part without those words asks anything).
        if sure < PAST_WORDS or not asked_besides:
            return result
        return replace(_chosen(result, top, sure), set_aside=result.out_of_scope, out_of_scope=())
    if result.decision == "ambiguous":
        chosen = top in result.choices and sure >= SETTLE
    elif conflict is not None:
        chosen = sure >= OVERRULE
    else:
        chosen = sure >= RESCUE
    if not chosen:
        return result
    return _chosen(result, top, sure)


def _chosen(result: MatchResult, top: str, sure: float) -> MatchResult:
    """The match settled on `top`, as sure as the learned model is."""
    return replace(
        result,
        decision="matched",
        candidates=((top, round(sure, 4)), *(c for c in result.candidates if c[0] != top)),
        evidence={**result.evidence, top: (*result.evidence.get(top, ()), "learned")},
        choices=(top,),
        excluded=tuple(r for r in result.excluded if r != top),
        learned="chosen",
    )


def covered() -> str:
    """What the rules compute, from their frames: "the successor … deadline; …"."""
    return "; ".join(f.asks for f in all_frames().values() if f.asks)
