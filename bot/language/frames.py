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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from typing import Any

from bot.language.asks import ANSWER_KINDS
from bot.language.lexicon import lexicon
from bot.language.matching import never_decided
from bot.language.parts import part_holding, questions_asked
from bot.language.stated import judging, stated
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
    # Words of what its answer states beside its value ("does it go to the State Board or my
    # county?": the declaration's board, said with its date): a later question in them is
    # answered, never set aside as another subject.
    states: re.Pattern[str] | None = None
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
    # Side asks (out_of_scope.yaml) its answer states beside its value ("fee" of the
    # declaration, whose answer says none may be charged): answered, never said not answered.
    side_asks_answered: frozenset[str] = frozenset()
    # The documents whose deadlines or counts it computes ("certificate-of-candidacy"): a part
    # asking with a question word of another document only ("…, and when is her certificate
    # of candidacy due?" beside the declaration's rule) is left unanswered, and said so.
    documents: frozenset[str] = frozenset()
    # Words of what its count counts ("delegates", "people"): "how many" asked of something
    # else ("…, and how many alternates?") is a count it does not give.
    counts: re.Pattern[str] | None = None

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
            _words(data.get("states")),
            tuple(_facts(item) for item in data.get("evidence") or ()),
            tuple(f for f in map(_fact, requires.get("any") or ()) if f),
            " ".join(str(requires.get("reason", "")).split()),
            tuple(str(c) for c in data.get("subsections") or ()),
            frozenset(str(v) for v in data.get("answers_side_asks") or ()),
            frozenset(str(v) for v in data.get("documents") or ()),
            _words(data.get("counts")),
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

    def calendar_not_this_election(
        self, facts: Facts, result: Result | None
    ) -> tuple[str, str] | None:
        """The words that show it, and why `date_needed` is asked, when the rule took it
        from a calendar that is not the question's election's: the question's event came after
        that day ("our nominee withdrew Sept 22" against a calendar's June 2 last day for
        withdrawals), or every year the question names is another ("the 2030 state primary"
        against the 2028 calendar's day)."""
        taken = result.inputs.get(self.date_needed or "") if result else None
        if taken is None or taken.origin != "calendar" or not self.date_needed:
            return None
        day = taken.value.date() if isinstance(taken.value, datetime) else taken.value
        if not isinstance(day, date):
            return None
        event = facts.date_with_role("event_date")
        if event is not None and event.value > day:
            return (
                event.span,
                f"that is {format_human(event.value)}, after {format_human(day)}, the day my "
                "calendars hold, so they are not this election's",
            )
        if facts.years and day.year not in facts.years:
            return (
                str(facts.years[0]),
                f"the day my calendars hold is {format_human(day)}, so they are not that "
                "election's",
            )
        return None

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
        kinds = _asked_kinds(facts)
        if kinds and not self.answers.intersection(kinds):
            return f"I compute {self.asks}; your question asks {lexicon().plain(kinds[0])}."
        if not kinds and not self._answers_yes_no(facts):
            return f"I compute {self.asks}; your yes-or-no question is about something else."
        return None

    def decides(self, facts: Facts, part: str) -> bool:
        """Whether `part` (`facts`: its facts) asks a kind of answer this rule gives, a
        yes/no question of what it decides, or what its answer states."""
        kinds = set(_asked_kinds(facts))
        return bool(self.answers & kinds or self.yes_no_decided(part) or self.says(part))

    def yes_no_decided(self, part: str) -> bool:
        """Whether `part` is a yes/no question of what this rule decides (its `yes_no` words)."""
        return bool(self.yes_no and self.yes_no.search(part))

    def says(self, part: str) -> bool:
        """Whether `part` asks what this rule's answer states beside its value (`states`)."""
        return bool(self.states and self.states.search(part))

    def answers_side_ask(self, veto: str, text: str, read: Callable[[str], Facts]) -> bool:
        """Whether this rule's answer states what the side ask `veto` asks (`answers_side_asks`),
        of no document but the rule's own (the part of `text` saying it is read only for such
        a veto)."""
        if veto not in self.side_asks_answered:
            return False
        return set(stated(read(part_holding(text, veto)), "document")) <= self.documents

    def dated_answer_answers(self, facts: Facts) -> bool:
        """Whether a part asking only a deadline ("and by when?") is answered by this rule's
        answer where it names a day, though the rule answers another kind ("who fills it, and
        by when?" of the 2026 special act's committee); never another deadline beside a rule
        of deadlines, which is another filing's."""
        return "a-deadline" not in self.answers and _asked_kinds(facts) == ["a-deadline"]

    def leaves(self, part: str, read: Callable[[str], Facts], dated: bool) -> bool:
        """Whether this rule's answer leaves `part`, one of several questions asked, unanswered:
        it asks of documents none of which is the rule's ("…, and when is her certificate of
        candidacy due?" beside the declaration's rule), or only for a day of a rule that gives
        none ("When's the 2028 state primary, and who fills the spot?" beside who fills) —
        unless the answer names a day that answers it (`dated`: "who fills it, and by when?")
        or states what it asks (`states`: "… and as of what date is the voter count taken?")."""
        if self.says(part):
            return False
        facts = read(part)
        if dated and self.dated_answer_answers(facts):
            return False
        named = set(stated(facts, "document"))
        only_a_day = _asked_kinds(facts) == ["a-deadline"] and "a-deadline" not in self.answers
        return bool(named and not named & self.documents) or only_a_day

    def counts_another(self, part: str) -> bool:
        """Whether `part` asks how many of something this rule does not count ("how many
        members can the ward committee have?" beside the delegates' rule): the words after
        "how many" name a thing, and none of the next few is one the rule counts."""
        if self.counts is None:
            return False
        for m in _HOW_MANY.finditer(part.lower()):
            named = m.group(1).split()
            if named[0] not in _NO_THING and not any(self.counts.match(w) for w in named):
                return True
        return False

    def answers_none_of(self, facts: Facts, part: str) -> bool:
        """Whether `facts` (those of `part`) ask only kinds of answer this rule does not give,
        about nothing it decides ("what happens if it lands on a weekend?" is its own)."""
        kinds = set(_asked_kinds(facts))
        # ("… and does it go to the State Board or the county board?": the answer names the
        # board it goes to — what it states beside its value answers the part)
        decides = kinds == {"other-question"} and (self.yes_no_decided(part) or self.says(part))
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
        return all(self.yes_no_decided(c) for c in clauses)


def _asked_kinds(facts: Facts) -> list[str]:
    """The kinds of answer the question was read to ask (a-deadline, a-count, …), in order."""
    return [k for k in stated(facts, "asks") if k in ANSWER_KINDS]


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


# "how many valid petition signatures", "how many people can we send": the words that say what
# is counted, a few after "how many" (past a word of degree).
_HOW_MANY = re.compile(
    r"\bhow\s+many\s+(?:more\s+|additional\s+|extra\s+|total\s+|of\s+(?:the|those|them)\s+)?"
    r"([a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,2})"
)
# Words after "how many" that name no thing: "how many do we need?", "how many can it send?".
_NO_THING = frozenset(
    re.findall(
        r"\w+",
        "do does did are is was were can could will would should must may might have has we they"
        " you i he she it there in at for per exactly of",
    )
)


def _words(value: object) -> re.Pattern[str] | None:
    """A frame's `yes_no` words as one pattern of words beginning with them ("replace":
    "replaced", "replacing"), never the noun made of one ("does the replacement have to
    collect signatures?" asks of the replacement, not whether to replace)."""
    words = sorted(_strings(value), key=len, reverse=True)
    if not words:
        return None
    # ("DO WE NEED A NEW COC?" is asked in capitals too)
    return re.compile(
        r"\b(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w*ment\b)\w*", re.IGNORECASE
    )


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


def left_unanswered(
    rule: str | None, parts: Iterable[str], dated: bool, read: Callable[[str], Facts], text: str
) -> tuple[list[str], list[str]]:
    """The parts set aside as asking what no rule computes that the answer leaves unanswered
    (`dated`: it names a day): a part asking only when, of a rule answering who, is answered
    after all where the answer names the day ("Who fills it, and by when?"); and a side ask
    (`text`: the question) that the answer states beside its value, asked of the rule's own
    document ("… and is there a fee?" of the declaration, whose answer says none may be
    charged — never the fee on a certificate of candidacy); then, apart, of the several
    questions `text` asks, those the answer leaves (`Frame.leaves`: another filing's deadline,
    which another rule may answer when asked on its own)."""
    frame = frame_of(rule) if rule else None
    unanswered = [
        p
        for p in parts
        if not (
            frame
            and (
                (dated and frame.dated_answer_answers(read(p)))
                or frame.answers_side_ask(p, text, read)
            )
        )
    ]
    if frame is None:
        return unanswered, []
    return unanswered, [
        p for p in questions_asked(text) if p not in unanswered and frame.leaves(p, read, dated)
    ]


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


def covered() -> str:
    """What the rules compute, from their frames: "the successor … deadline; …"."""
    return "; ".join(f.asks for f in all_frames().values() if f.asks)
