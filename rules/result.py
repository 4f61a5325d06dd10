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

    @classmethod
    def of(cls, node: Node) -> Citation:
        """Quote a corpus node exactly as loaded."""
        return cls(
            cite=node.cite,
            id=node.id,
            text=node.text,
            lead_in=node.lead_in,
            text_sha256=node.text_sha256,
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
    """Another reading of the law and what it would give."""

    label: str
    basis: str
    result: dict[str, Any] = Field(default_factory=dict)
    answer: str = ""


class Result(BaseModel):
    status: Status = "answered"
    rule: str
    inputs: dict[str, InputValue] = Field(default_factory=dict)
    result: dict[str, Any] = Field(default_factory=dict)
    answer: str = ""
    citations: list[Citation] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    alternatives: list[Alternative] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)

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
