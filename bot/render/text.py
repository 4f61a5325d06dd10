"""Terminal rendering of a reply (the CLI face of the dispatcher)."""

from __future__ import annotations

import textwrap
from datetime import date

from bot.reply import Reply
from rules.result import Result


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(text, width=96, initial_indent=indent, subsequent_indent=indent)


def render_result(result: Result, *, show_trace: bool = True) -> str:
    lines = [f"[{result.status}] {result.rule}", _wrap(result.answer, "")]
    value = result.result
    for key in ("deadline", "amount", "count", "outcome"):
        if key in value:
            shown = value[key]
            if isinstance(shown, date):  # datetime is a date too
                shown = shown.isoformat()
            lines.append(f"  {key}: {shown}")
    if result.missing:
        lines.append("  missing: " + ", ".join(result.missing))
    for c in result.citations:
        lines.append("")
        lines.append(f"  {c.cite}")
        if c.lead_in:
            lines.append(_wrap(c.lead_in, "    │ "))
        lines.append(_wrap(c.text, "    │ "))
    if result.alternatives:
        lines.append("\nOther readings:")
        for a in result.alternatives:
            lines.append(_wrap(f"⚠ {a.label}: {a.answer}", "  "))
            lines.append(_wrap(a.basis, "      "))
    if result.assumptions:
        lines.append("\nAssumptions:")
        for assumption in result.assumptions:
            lines.append(_wrap(f"• {assumption}", "  "))
    if show_trace and result.trace:
        lines.append("\nHow this was worked out:")
        for i, step in enumerate(result.trace, 1):
            basis = step.cite or step.source
            lines.append(_wrap(f"{i}. {step.step} [{basis}]", "  "))
    return "\n".join(lines)


def render(reply: Reply, *, show_trace: bool = True) -> str:
    if reply.result is not None:
        text = render_result(reply.result, show_trace=show_trace)
        if reply.status == "needs_input" and reply.command:
            example = " ".join(f"{name}=…" for name in reply.result.missing)
            text += f"\n\nRun: deadline-bot run {reply.command} {example}"
        return text
    lines = [f"[{reply.status}] {reply.message}"]
    if reply.suggestions:
        lines.append("Did you mean: " + ", ".join(reply.suggestions))
    return "\n".join(lines)
