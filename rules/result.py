"""The one result shape every rule returns (issue: rules core).

Pure data: a rule fills it, the bot renders it (Block Kit, terminal, JSON), the audit trail stores
it. Nothing here knows Slack.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from statutes import Node

Status = Literal["answered", "needs_input", "invalid_input", "refused"]
# What a result shows itself as: "not_covered" is an answer that the statute does not decide.
ShownStatus = Literal["answered", "not_covered", "needs_input", "invalid_input", "refused"]
Origin = Literal["user", "calendar", "default"]
StepSource = Literal["statute", "assumption", "calendar", "input"]


class Citation(BaseModel):
    """A corpus node quoted verbatim."""

    model_config = ConfigDict(frozen=True)

    cite: str
    id: str
    text: str
    lead_in: str = ""
    text_sha256: str = ""
    # Which version of the law the text was quoted from (`Version.as_dict()`: its id, dates in
    # force, source, official, …) — for a subsection quoted from an older text because the
    # newer one does not hold it, the older text's — and the pinpoints inside the node that
    # version does not hold. Renderers show it near the quote ("text in force from …").
    version: dict[str, Any] | None = None
    not_held: tuple[str, ...] = ()

    @classmethod
    def of(cls, node: Node) -> Citation:
        """Quote a corpus node exactly as loaded, with the version it came from (if its law
        records one)."""
        version = getattr(node.law, "version", None)
        return cls(
            cite=node.cite,
            id=node.id,
            text=node.text,
            lead_in=node.lead_in,
            text_sha256=node.text_sha256,
            version=version.as_dict() if version is not None else None,
            not_held=tuple(getattr(node, "not_held", ())),
        )


class InputValue(BaseModel):
    """A resolved input and where it came from."""

    value: Any
    origin: Origin = "user"
    source: str | None = None  # calendar id + its published source, when origin == "calendar"


class TraceStep(BaseModel):
    """One step of the computation; every step names its basis."""

    step: str
    source: StepSource
    cite: str | None = None  # cite string of the subsection, when source == "statute"
    id: str | None = None


class Alternative(BaseModel):
    """Another reading of the law and what it would give — or, when it is not known which text
    of a law was in force, the result under another text (`versions`, with its `citations`)."""

    label: str
    basis: str
    result: dict[str, Any] = Field(default_factory=dict)
    answer: str = ""
    # For the result under another text version: {law key: version id} and the text it quotes.
    versions: dict[str, str] = Field(default_factory=dict)
    citations: list[Citation] = Field(default_factory=list)


InForce = Literal["known", "unconfirmed", "uncertain", "uncovered"]
# Outcomes by which a rule answers that its statute does not decide the case ("§ 5-903 does not
# apply: the death was before the filing deadline"): an honest answer, but no deadline or sum.
NOT_COVERED_OUTCOMES = frozenset({"not_applicable", "not_covered"})


class Result(BaseModel):
    """What a rule answers. `answer` begins with `notices` (the sentences that must come first:
    which text of the law was used and what is not certain about it), so any consumer sees them
    first; `notices` keeps them apart for renderers that show them separately."""

    status: Status = "answered"
    rule: str
    inputs: dict[str, InputValue] = Field(default_factory=dict)
    result: dict[str, Any] = Field(default_factory=dict)
    notices: list[str] = Field(default_factory=list)
    answer: str = ""
    # The text version(s) the result was computed under ({law key: version id}), the day whose
    # law in force decided it, and what is known about that: "known" (each text known in force
    # that day), "unconfirmed" (the only text that can have been, not shown in force),
    # "uncertain" (several texts, or one not held, may have been: the result under each other
    # text is an alternative) or "uncovered" (no text held is known to cover the day).
    versions: dict[str, str] = Field(default_factory=dict)
    in_force_on: date | None = None
    in_force: InForce | None = None
    citations: list[Citation] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    alternatives: list[Alternative] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)
    # What an operator can do so the rule need not ask (the calendar file to add, its keys):
    # for `deadline-bot run` and the JSON, never in a reply to staff.
    operator_note: str = ""

    @property
    def covered(self) -> bool:
        """False when the rule answered that its statute does not decide the case."""
        return self.result.get("outcome") not in NOT_COVERED_OUTCOMES

    @property
    def status_shown(self) -> ShownStatus:
        """The status to show: "not_covered" for an answer that the statute does not decide
        the case, so no reader takes it for a deadline or sum; else `status`."""
        return "not_covered" if self.status == "answered" and not self.covered else self.status

    @property
    def deadline(self) -> date | datetime | None:
        value = self.result.get("deadline")
        return value if isinstance(value, date) else None

    @property
    def amount(self) -> Decimal | None:
        value = self.result.get("amount")
        return value if isinstance(value, Decimal) else None

    def to_json_dict(self) -> dict[str, Any]:
        """JSON-ready dict: dates ISO 8601, Decimal as string, counts as int."""
        return self.model_dump(mode="json")
