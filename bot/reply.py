"""What the answering service gives back for one question, before any rendering, and the
prompts for the values a rule still needs (`prompts_for`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, Field

from rules.engine import Param, RuleSpec
from rules.result import Citation, Result

# "not_covered": a rule ran and answered that its statute does not decide the case (the
# reply quotes why); distinct from "answered" so no consumer takes it for a deadline or sum.
# "answered_in_part": the question asked more than one thing and a rule answered one of them;
# what no rule computes is named in `reading.not_answered`, so no consumer takes the reply for an
# answer to the whole question.
ReplyStatus = Literal[
    "answered",
    "answered_in_part",
    "not_covered",
    "needs_input",
    "invalid_input",
    "refused",
    "no_match",
    "ambiguous",
    "help",
    "cite",
]
PromptKind = Literal["date", "datetime", "choice", "text", "number", "money"]


class ParamPrompt(BaseModel):
    """A missing parameter the user can supply (Slack: datepicker/select/buttons)."""

    name: str
    description: str
    kind: PromptKind = "text"
    question: str = ""  # the plain question to ask ("When did the LG candidate die?")
    choices: list[str] = Field(default_factory=list)


FactSource = Literal["question", "calendar", "default"]


class ReadFact(BaseModel):
    """One fact the reader took from the question: its role ("state", "office", "event",
    "event_date", "amount", "count", "not_office", …), its value in plain words, and the words
    of the question it came from ("" when it came from a calendar or a default)."""

    role: str
    value: str
    words: str = ""
    source: FactSource = "question"


class RuledOut(BaseModel):
    """A rule the question's facts contradict, and why, in a sentence for staff."""

    rule: str
    reason: str


class Reading(BaseModel):
    """How a question was read: the facts, what it asks, and the rules its facts rule out."""

    facts: list[ReadFact] = Field(default_factory=list)
    asks: str = ""  # what is asked, in plain words ("successor certificate deadline")
    ruled_out: list[RuledOut] = Field(default_factory=list)
    # What else the question asks that no rule computes ("fee"): that part is not answered.
    not_answered: list[str] = Field(default_factory=list)
    # Another question asked beside it that this answer does not give ("…, and when is her
    # certificate of candidacy due?" beside the declaration): another rule may, asked alone.
    asked_apart: list[str] = Field(default_factory=list)
    # What the asker set aside as background ("…, which I'm not asking about"): not read.
    asides: list[str] = Field(default_factory=list)

    def line(self) -> str:
        """ "Maryland · LG candidate · death on 2026-05-03 · asks: successor certificate
        deadline" — the question's own facts only (calendar values are shown apart)."""
        parts = [f.value for f in self.facts if f.source == "question"]
        if self.asks:
            parts.append(f"asks: {self.asks}")
        if self.not_answered:
            parts.append(
                f"not answered: {quoted_words(self.not_answered)} (none of my rules computes it)"
            )
        if self.asked_apart:
            parts.append(f"not answered here: {quoted_words(self.asked_apart)} (ask it on its own)")
        if self.asides:
            # (the first words of each stretch: enough to recognise it, short for a channel)
            shown = [
                a if len(a.split()) <= 8 else " ".join(a.split()[:8]) + " …" for a in self.asides
            ]
            parts.append(f"set aside as background: {quoted_words(shown)}")
        return " · ".join(parts)


def quoted_words(said: Sequence[str]) -> str:
    """Words read in a question, each in quotes: "“filing fee”, “certify … results”" (a phrase's
    gap, written "..." in the phrase lists, shown as the ellipsis it stands for)."""
    return ", ".join(f"“{w.replace(' ... ', ' … ')}”" for w in said)


class Reply(BaseModel):
    status: ReplyStatus
    text_in: str = ""  # what the user asked (raw, unescaped; renderers escape it)
    rule: str | None = None
    params: dict[str, str] = Field(default_factory=dict)  # the invocation, as key=value strings
    result: Result | None = None
    message: str = ""  # a plain sentence for statuses without a Result (no_match, help, ...)
    suggestions: list[str] = Field(default_factory=list)  # rule ids, best first
    prompts: list[ParamPrompt] = Field(default_factory=list)  # for needs_input
    confidence: float | None = None
    reading: Reading | None = None  # how a free-text question was read (None for commands)
    as_of: date | None = None  # the day whose law in force was asked for (`--as-of`, "as of …")
    extra: dict[str, Any] = Field(default_factory=dict)

    @property
    def in_part(self) -> str:
        """For an answer to one part of a question, the sentence saying which part it leaves
        unanswered; else ""."""
        if self.status != "answered_in_part" or self.reading is None:
            return ""
        said = []
        if self.reading.not_answered:
            said.append(f"none of my rules computes {quoted_words(self.reading.not_answered)}")
        if self.reading.asked_apart:
            said.append(f"it leaves {quoted_words(self.reading.asked_apart)}: ask that on its own")
        return f"This answers only part of your question: {'; '.join(said)}."

    @property
    def command(self) -> str:
        """The structured invocation that reproduces this reply (for `deadline-bot run`)."""
        return self.completing(()) if self.rule else ""

    def completing(self, missing: Sequence[str]) -> str:
        """The invocation with `missing` left to fill in (`name=…`): a value given but not
        enough (a date without the hour it needs) is asked again, never typed twice."""
        rule = self.rule or (self.result.rule if self.result else "")
        if not rule:
            return ""
        given = [f"{k}={v}" for k, v in self.params.items() if k not in missing]
        return " ".join([rule, *given, *(f"{name}=…" for name in missing)])

    @property
    def quoted(self) -> Citation | None:
        """The section a `cite` reply quotes, as a citation (None when it holds no text)."""
        cite, text = self.extra.get("cite"), self.extra.get("text")
        if not isinstance(cite, str) or not isinstance(text, str):
            return None
        version = self.extra.get("version")
        return Citation(
            cite=cite,
            id=str(self.extra.get("id", "")),
            text=text,
            lead_in=str(self.extra.get("lead_in") or ""),
            version=version if isinstance(version, dict) else None,
        )

    @property
    def as_of_words(self) -> str:
        """ " as of YYYY-MM-DD" when a day's law was asked for (what `ask` reads back), else ""."""
        return f" as of {self.as_of.isoformat()}" if self.as_of else ""


PROMPT_KINDS: dict[str, PromptKind] = {
    "date": "date",
    "datetime": "datetime",
    "date_or_datetime": "date",
    "choice": "choice",
    "bool": "choice",
    "int": "number",
    "money": "money",
    "money_list": "text",
}


def prompts_for(
    spec: RuleSpec, names: list[str], known: Mapping[str, Any] | None = None
) -> list[ParamPrompt]:
    """A prompt (date picker, choice, text) for each missing parameter of `spec`, asking its
    plain question (sharpened by the values `known`, e.g. "When did the LG candidate die?")."""
    out = []
    for name in names:
        param: Param | None = spec.param(name)
        if param is None:
            continue
        if param.kind == "choice":
            choices = list(param.choices)
        else:
            choices = ["yes", "no"] if param.kind == "bool" else []
        out.append(
            ParamPrompt(
                name=name,
                description=param.description,
                question=param.question_for(known or {}) or _as_question(param.description),
                kind=PROMPT_KINDS[param.kind],
                choices=choices,
            )
        )
    return out


def _as_question(description: str) -> str:
    """A parameter without a written question: its description, as something to supply."""
    return f"What is {description}?" if description else ""
