"""Words for which text of a law an answer quotes, shared by the terminal, Slack and `cite`.

A citation carries its version as a dict (`statutes.versions.Version.as_dict`); these turn it
into the line shown near the quote — "version 2025: text in force from 2025-01-01 (or earlier)
to the present — source …; unofficial copy" — with an unknown day written "unknown".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from rules import RULES
from rules.result import Result

# The rule's own note of calendar values; renderers list them apart, each with its source.
_CALENDAR_NOTE = re.compile(r"\s*\(Not given, so taken from calendar [^()]*\)")


def _day(version: Mapping[str, Any], key: str) -> str:
    value = version.get(key)
    if value == "current":
        return "the present"
    shown = value if isinstance(value, str) and value else "unknown"
    bound = version.get(f"{key}_not_before")
    if isinstance(bound, str) and bound and shown == "unknown":
        # What is known of an unknown day: the text was not in force before `bound` (from),
        # or still in force on `bound` (to).
        if key == "in_force_from":
            return f"unknown (not before {bound})"
        return f"unknown (in force at least to {bound})"
    return shown


def version_line(version: Mapping[str, Any] | None, *, source_chars: int | None = None) -> str:
    """One line for people about a citation's text version ("" when none is recorded)."""
    if not version:
        return ""
    start, end = _day(version, "in_force_from"), _day(version, "in_force_to")
    source = str(version.get("source") or "unknown")
    if source_chars is not None and len(source) > source_chars:
        source = source[: source_chars - 1] + "…"
    official = version.get("official")
    status = (
        "official text"
        if official is True
        else "unofficial copy"
        if official is False
        else "status unknown"
    )
    held = "" if version.get("held", True) else "; text not held"
    return (
        f"{version.get('id', '?')} text, in force from {start} to {end} — "
        f"source {source}; {status}{held}"
    )


def headline(result: Result) -> str:
    """The answer without the notices it begins with (they are shown first, apart) and without
    the rule's note of calendar values (`calendar_values` lists them apart, with sources)."""
    answer = result.answer
    for notice in result.notices:
        stripped = answer.lstrip()
        if stripped.startswith(notice):
            answer = stripped[len(notice) :]
    if calendar_values(result):
        answer = _CALENDAR_NOTE.sub("", answer)
    return answer.strip() or result.answer


def calendar_values(result: Result) -> str:
    """The values a rule took from a calendar rather than the question, grouped by the calendar
    they came from: "primary 2026-06-23, filing_deadline 2026-02-24 21:00 (md-2026: Maryland
    State Board of Elections, 2026 election calendar)"; "" when none."""
    by_source: dict[str, list[str]] = {}
    for name, value in result.inputs.items():
        if value.origin == "calendar":
            shown = _when(value.value)
            by_source.setdefault(value.source or "calendar", []).append(f"{name} {shown}")
    return "; ".join(f"{', '.join(values)} ({source})" for source, values in by_source.items())


def _when(value: object) -> str:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    return value.isoformat() if isinstance(value, date) else str(value)


def rule_title(rule_id: str) -> str:
    """The rule's title from the registry ("Successor Lieutenant Governor candidate …"), else
    its id: what a reply calls a rule, never its internal name where a title exists."""
    spec = RULES.get(rule_id)
    return (spec.title if spec is not None else "") or rule_id


def why_missing(result: Result) -> str:
    """The rule's answer without its notices (each renderer shows them apart, first) and its
    list of missing parameters (each is asked as a question instead): what remains says why,
    e.g. which calendars exist and how to add one."""
    answer = result.answer
    # ("I can't tell which text of § 15-107 was in force … I need more to answer …": the
    # notices lead the rule's answer; said once, above it)
    for notice in result.notices:
        if answer.startswith(notice):
            answer = answer[len(notice) :].lstrip()
    if not answer.startswith("I need more to answer") or not result.missing:
        return answer
    last = answer.find(f"{result.missing[-1]} (")
    end = answer.find(").", last) if last != -1 else -1
    return answer[end + 2 :].strip() if end != -1 else ""
