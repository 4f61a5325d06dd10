"""Terminal rendering of a reply (the CLI face of the dispatcher).

The notices of a result (which text of the law was used, what is uncertain, a deadline already
passed) come first, before the answer; then how the question was read, the values, and each
quote with the text version it comes from.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from datetime import date

from bot.render.prompts import question_of
from bot.render.versions import calendar_values, headline, rule_title, version_line, why_missing
from bot.reply import Reply
from rules.result import Citation, Result

# Re-exported for `deadline-bot cite`, which prints the same line for a subsection.
__all__ = ["render", "render_result", "version_line"]


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(text, width=96, initial_indent=indent, subsequent_indent=indent)


def render_result(
    result: Result,
    *,
    show_trace: bool = True,
    reading: str = "",
    questions: Sequence[str] = (),
    in_part: str = "",
) -> str:
    """A result for the terminal; `questions`: the plain questions for what is missing, asked
    instead of the rule's list of parameters; `in_part`: the part of the question left
    unanswered, said first."""
    shown: str = "answered in part" if in_part else result.status_shown
    lines = [f"[{shown}] {result.rule}"]
    if in_part:
        lines.append(_wrap(f"⚠ {in_part}", ""))
    lines.extend(_wrap(f"⚠ {notice}", "") for notice in result.notices)
    if questions:
        lines.append(f"To answer {rule_title(result.rule)}, I need to know:")
        lines.extend(_wrap(f"• {q}", "  ") for q in questions)
        if why_missing(result):
            lines.append(_wrap(why_missing(result), ""))
    else:
        lines.append(_wrap(headline(result), ""))
    if reading:
        lines.append(_wrap(f"Read as: {reading}", ""))
    from_calendar = calendar_values(result)
    if from_calendar:
        lines.append(_wrap(f"From the calendar: {from_calendar}", ""))
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
        lines.extend(_quote(c))
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
    reading = reply.reading.line() if reply.reading else ""
    if reply.result is not None:
        questions = [question_of(p) for p in reply.prompts]
        text = render_result(
            reply.result,
            show_trace=show_trace,
            reading=reading,
            questions=questions,
            in_part=reply.in_part,
        )
        if reply.status == "needs_input":
            text += _run_line(reply)
        return text
    if reply.status == "cite":
        return _cite(reply)
    lines = [f"[{reply.status}] {reply.message}"]
    if reading:
        lines.append(f"Read as: {reading}")
    if reply.reading is not None:
        lines.extend(f"Not {r.rule}: {r.reason}" for r in reply.reading.ruled_out)
    if reply.suggestions:
        lines.append("Did you mean: " + ", ".join(reply.suggestions))
    return "\n".join(lines)


def _quote(c: Citation) -> list[str]:
    """A citation's version and words, as every quote is shown."""
    lines = [_wrap(f"({version_line(c.version)})", "    ")] if c.version else []
    if c.lead_in:
        lines.append(_wrap(c.lead_in, "    │ "))
    lines.append(_wrap(c.text, "    │ "))
    return lines


def _cite(reply: Reply) -> str:
    """A section's text asked for in a question ("what does 15-106(c) say?"): the citation,
    what is uncertain about its version, then the version quoted and the words."""
    citation = reply.quoted
    lines = [f"[cite] {citation.cite if citation else ''}"]
    lines.extend(_wrap(f"⚠ {notice}", "") for notice in reply.extra.get("notices") or [])
    return "\n".join(lines + (_quote(citation) if citation else []))


def _run_line(reply: Reply) -> str:
    """The command that supplies what is missing."""
    if not reply.command or reply.result is None:
        return ""
    as_of = f" --as-of {reply.as_of.isoformat()}" if reply.as_of else ""
    return f"\n\nRun: deadline-bot run {reply.completing(reply.result.missing)}{as_of}"
