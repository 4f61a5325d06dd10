"""What the dispatcher gives back for one question, before any rendering."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from rules.result import Result

ReplyStatus = Literal[
    "answered", "needs_input", "invalid_input", "refused", "no_match", "ambiguous", "help", "cite"
]
PromptKind = Literal["date", "datetime", "choice", "text", "number", "money"]


class ParamPrompt(BaseModel):
    """A missing parameter the user can supply (Slack: datepicker/select/buttons)."""

    name: str
    description: str
    kind: PromptKind = "text"
    choices: list[str] = Field(default_factory=list)


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
    extra: dict[str, Any] = Field(default_factory=dict)

    @property
    def command(self) -> str:
        """The structured invocation that reproduces this reply (for `deadline-bot run`)."""
        if not self.rule:
            return ""
        args = " ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.rule} {args}".strip()
