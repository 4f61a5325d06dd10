"""What the dates of a law's versions tell about the text in force on a day (issue 11).

For one law, its versions (held or not) in the order `versions.toml` lists them, oldest first.
A version is:

- *known* in force from `in_force_from` (or, unknown, its earliest dated day) through
  `in_force_to` (or, unknown, the latest of `in_force_from`, `text_as_of` and
  `in_force_to_not_before`), open-ended when it is "current" — the days on which some source
  shows this text in force;
- *possibly* in force from `in_force_from` (or, unknown, the latest of `in_force_from_not_before`
  and the day after the known end of every earlier version) through `in_force_to` (or, unknown,
  the day before the known start of every later version); either end is open when nothing bounds
  it. Versions whose text is not held take part in this reasoning like the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import pairwise
from typing import TYPE_CHECKING

from statutes.versions import CURRENT, Version

if TYPE_CHECKING:
    from statutes.model import Law

_DAY = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class Span:
    """Days from `first` through `last`; None is open (no bound known on that side)."""

    first: date | None
    last: date | None

    def __contains__(self, day: object) -> bool:
        if not isinstance(day, date):
            return False
        return (self.first is None or self.first <= day) and (self.last is None or day <= self.last)

    def __str__(self) -> str:
        first = self.first.isoformat() if self.first else "…"
        last = self.last.isoformat() if self.last else "…"
        return f"{first} to {last}"


def known_span(v: Version) -> Span | None:
    """The days on which this version is known to have been in force (None: no such day)."""
    to = v.in_force_to if isinstance(v.in_force_to, date) else None
    days = [d for d in (v.in_force_from, v.text_as_of, to, v.in_force_to_not_before) if d]
    if not days:
        return None
    first = v.in_force_from or min(days)
    if v.in_force_to == CURRENT:
        return Span(first, None)
    return Span(first, to or max(days))


def possible_spans(timeline: Sequence[Version]) -> list[Span]:
    """For each version of one law (oldest first), the days on which it may have been in force."""
    known = [known_span(v) for v in timeline]
    spans = []
    for i, v in enumerate(timeline):
        first = v.in_force_from
        if first is None:
            # Never before an earlier version's last known day (when that day is known).
            bounds = [k.last + _DAY for k in known[:i] if k is not None and k.last is not None]
            if v.in_force_from_not_before is not None:
                bounds.append(v.in_force_from_not_before)
            first = max(bounds, default=None)
        if isinstance(v.in_force_to, date):
            last: date | None = v.in_force_to
        elif v.in_force_to == CURRENT:
            last = None
        else:
            # Never after a later version's first known day.
            last = min((k.first - _DAY for k in known[i + 1 :] if k and k.first), default=None)
        spans.append(Span(first, last))
    return spans


def timeline_problems(timeline: Sequence[Version]) -> list[str]:
    """What makes the dated order of one law's versions (oldest first) impossible."""
    problems: list[str] = []
    for v, after in pairwise(timeline):
        if v.in_force_to == CURRENT:
            later = after.id
            problems.append(
                f'{v.law}: version {v.id!r} is "current" but version {later!r} is listed after it'
            )
    known = [known_span(v) for v in timeline]
    for i, (a, ka) in enumerate(zip(timeline, known, strict=True)):
        for b, kb in zip(timeline[i + 1 :], known[i + 1 :], strict=True):
            if ka is None or kb is None or ka.first is None or kb.first is None:
                continue
            if ka.last is not None and ka.last < kb.first:
                continue
            if kb.last is not None and kb.last < ka.first:
                problems.append(
                    f"{a.law}: version {b.id!r} is listed after {a.id!r} (oldest first) but is "
                    f"known in force earlier ({kb} before {ka})"
                )
            else:
                both = max(ka.first, kb.first).isoformat()
                problems.append(
                    f"{a.law}: versions {a.id!r} and {b.id!r} are both known in force on {both} "
                    f"({ka}; {kb})"
                )
    for v, span in zip(timeline, possible_spans(timeline), strict=True):
        if span.first and span.last and span.first > span.last:
            problems.append(
                f"{v.law}: version {v.id!r} cannot have been in force on any day: its dates "
                f"and its neighbours' leave {span.first.isoformat()} to {span.last.isoformat()}"
            )
    return problems


def in_force_versions(
    timeline: Sequence[Version], day: date
) -> tuple[Version | None, list[Version]]:
    """The version known to be in force on `day` (None unless exactly one), and every version
    that may have been (oldest first; the known one included)."""
    known = [v for v in timeline if (k := known_span(v)) is not None and day in k]
    spans = possible_spans(timeline)
    possible = [v for v, span in zip(timeline, spans, strict=True) if day in span or v in known]
    return (known[0] if len(known) == 1 else None), possible


@dataclass(frozen=True)
class InForce:
    """Which text of a law was in force on a day, as far as the version metadata tells.

    `certain` is the held version known to be in force on `day`; `candidates` every held version
    that may have been (oldest first, `certain` included; empty when no held version covers the
    day); `versions` every version that may have been, held or not: a version whose text we do
    not hold can be in force, and then the text in force may be one we cannot quote.
    """

    law: str
    day: date
    certain: Law | None
    candidates: list[Law]
    versions: list[Version]

    @property
    def unheld(self) -> list[Version]:
        """Versions that may have been in force whose text is not held."""
        return [v for v in self.versions if not v.held]

    @property
    def single(self) -> Law | None:
        """The one held text that can have been in force: `certain`, or else the only candidate
        when no other version (held or not) may have been in force. None when it is open."""
        if self.certain is not None:
            return self.certain
        if len(self.versions) == 1 and len(self.candidates) == 1:
            return self.candidates[0]
        return None
