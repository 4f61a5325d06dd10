"""What a rule's compute function works with: its values, the corpus, the calendars, today —
and the result it builds (steps citing subsections, assumptions, alternatives, the answer).

Two things hold for every rule, so they live here rather than in each rule:
- a deadline before `today` is said first ("This deadline has passed: it was …") and flagged in
  the result data (`passed: true`), for the answer and for each alternative;
- when a value a calendar could supply is missing because no loaded calendar covers the
  question's year (or the calendar lacks that date), `calendar_note` says which calendars
  exist and how to add one — the sentence the needs-input reply ends with.

Law-free: anything one state's law decides (e.g. Maryland's office-practice roll) lives with
that state's rules under `rules/md/`, `rules/ma/`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from rules.calendar import PACKAGED_DIR, Calendar, CalendarDate, CalendarSet, calendar_for
from rules.engine.params import InvalidInput, Param, parse_value
from rules.engine.spec import RuleSpec
from rules.result import Alternative, Citation, InputValue, Result, TraceStep
from rules.values import TZ, format_human
from statutes import CorpusView

__all__ = ["Context", "InvalidInput", "NeedsInput"]


class NeedsInput(Exception):
    """Raised by a rule that discovers, from the values given, that it needs another parameter."""

    def __init__(self, *names: str, reason: str = "") -> None:
        super().__init__(", ".join(names))
        self.names = names
        self.reason = reason


#: The first words of the notice an answer whose deadline is before `today` begins with.
PASSED = "This deadline has passed"


@dataclass
class Context:
    """What a rule's compute function works with, and the result it builds."""

    spec: RuleSpec
    corpus: CorpusView
    calendars: CalendarSet
    today: date
    values: dict[str, Any]
    result: Result
    calendar_used: Calendar | None = None
    # The calendar the question is about, once looked up, even if it lacked every date asked
    # of it (`calendar_used` is set only when it supplied one).
    calendar_seen: Calendar | None = None
    # The year a calendar was looked for and not found (None: found, or never looked for).
    calendar_missing: int | str | None = None
    # The trace step that reported each calendar-supplied value (so a rule can re-pick it).
    _calendar_steps: dict[str, TraceStep] = field(default_factory=dict)

    # --- reading -------------------------------------------------------------------------
    def __getitem__(self, name: str) -> Any:
        """A parameter's value; an optional one not given is looked up in the calendar now,
        so only values the rule actually used are reported as taken from a calendar."""
        if self.values.get(name) is None:
            param = self.spec.param(name)
            if param is not None and param.calendar:
                self.from_calendar(param)
        return self.values.get(name)

    def _calendar(self) -> Calendar | None:
        """The calendar the question is about (`rules.calendar.calendar_for`), from the dates
        the user gave, the `year`, or today's season; records the year sought when none is."""
        given = [
            v.astimezone(TZ).date() if isinstance(v, datetime) else v
            for k, v in self.values.items()
            if isinstance(v, date)
            and self.result.inputs.get(k, InputValue(value=v)).origin == "user"
        ]
        year = self.values.get("year")
        cal = calendar_for(
            self.calendars, self.spec.jurisdiction, today=self.today, given=given, year=year
        )
        if cal is None:
            self.calendar_missing = year or (min(given).year if given else "season")
        self.calendar_seen = cal
        return cal

    def from_calendar(self, param: Param, *, key: str | None = None) -> None:
        """Default a missing parameter from the jurisdiction's calendar, saying so.

        With `key`, take that calendar date instead of the default pick (the next one due),
        replacing a value taken from the calendar before — for a rule that must choose among
        several of the calendar's dates by what it computes from each (see `calendar_choices`).
        """
        if not param.calendar:
            return
        if key is not None:
            self._forget_calendar_value(param.name)
        if self.values.get(param.name) is not None:
            return
        cal = self.calendar_used or self._calendar()
        if cal is None:
            return
        if param.name == "year":
            value: Any = cal.year
            label, shown, source = "the election year", str(cal.year), f"{cal.id}: {cal.source}"
        else:
            # Several keys (e.g. pre- and post-primary withdrawal deadlines): the next one due.
            present = [k for k in param.calendar if cal.get(k) is not None]
            if not present:
                return
            if key is None:
                key = next((k for k in present if cal.dates[k].day >= self.today), present[-1])
            entry = cal.dates[key]
            value = parse_value(param, entry.value)
            label, shown, source = entry.label, format_human(entry.value), cal.source_for(key)
        self.values[param.name] = value
        self.calendar_used = cal
        self.result.inputs[param.name] = InputValue(value=value, origin="calendar", source=source)
        self.step(
            f"{param.name} not given: using {label}, {shown}, from calendar {source}.",
            source="calendar",
        )
        self._calendar_steps[param.name] = self.result.trace[-1]

    def calendar_choices(self, name: str) -> list[tuple[str, CalendarDate]]:
        """The calendar dates that could supply parameter `name`, in the parameter's key order —
        only when its value was taken from a calendar (a value the user gave is theirs)."""
        param = self.spec.param(name)
        given = self.result.inputs.get(name)
        if param is None or given is None or given.origin != "calendar":
            return []
        cal = self.calendar_used
        if cal is None:
            return []
        return [(k, cal.dates[k]) for k in param.calendar if cal.get(k) is not None]

    def drop_calendar_values(self) -> list[str]:
        """Forget every value taken from the calendar (e.g. the calendar is of the wrong kind of
        election for this rule); returns their names, for `NeedsInput`."""
        names = [k for k, v in self.result.inputs.items() if v.origin == "calendar"]
        for name in names:
            self._forget_calendar_value(name)
        self.calendar_used = None
        return names

    def _forget_calendar_value(self, name: str) -> None:
        given = self.result.inputs.get(name)
        if given is None or given.origin != "calendar":
            return
        del self.result.inputs[name]
        self.values.pop(name, None)
        step = self._calendar_steps.pop(name, None)
        if step is not None:
            self.result.trace = [s for s in self.result.trace if s is not step]

    def calendar_note(self, names: Iterable[str]) -> tuple[str, str]:
        """For a needs-input reply whose missing values a calendar could supply: one sentence
        for staff (which calendars are held, in plain words) and one for the operator (the
        file to add and its keys), or two empty strings."""
        params = [p for p in (self.spec.param(n) for n in names) if p is not None and p.calendar]
        if not params:
            return "", ""
        j = self.spec.jurisdiction
        have = self.calendars.for_jurisdiction(j)
        listed = ", ".join(f"{c.id} ({c.title})" for c in have) or "none"
        folder = (
            "rules/calendars/"
            if self.calendars.directory in (None, PACKAGED_DIR)
            else f"{self.calendars.directory}/"
        )
        wanted = [*dict.fromkeys(k for p in params for k in p.calendar if k != "year")]
        entry = "each with value, label and source"
        cal = self.calendar_used or self.calendar_seen
        if cal is not None:
            # A calendar was found: name only the dates it lacks (none: the rule refused a
            # date it has, and said why itself).
            lacking = [k for k in wanted if cal.get(k) is None]
            if not lacking:
                return "", ""
            return (
                f"The calendar I hold for that election ({cal.title}) does not give that date.",
                f"Calendar {cal.id} has no {', '.join(lacking)}: add it to {folder}{cal.id}.toml "
                f"as [dates.<key>] ({entry}).",
            )
        if self.calendar_missing is None:
            return "", ""
        year = self.calendar_missing
        which = (
            f"an election still ahead in {self.today.year} or {self.today.year + 1}"
            if year == "season"
            else str(year)
        )
        name = f"{j}-YYYY" if year == "season" else f"{j}-{year}"
        tables = ", ".join(dict.fromkeys([*wanted, "general"]))
        held = ", ".join(c.title for c in have) or "none"
        return (
            f"I hold no {j.upper()} election calendar for {which} (I hold: {held}).",
            f"No {j.upper()} calendar covers {which} (loaded: {listed}); to add one, create "
            f"{folder}{name}.toml with id, jurisdiction, election, year, title and source, and "
            f"[dates.<key>] tables for {tables} ({entry}).",
        )

    def require(self, *names: str, reason: str = "") -> None:
        missing = [n for n in names if self[n] is None]
        if missing:
            raise NeedsInput(*missing, reason=reason)

    # --- writing -------------------------------------------------------------------------
    def cite(self, node_id: str) -> Citation:
        """Quote a node (once) and return its citation."""
        node = self.corpus.node(node_id)
        for c in self.result.citations:
            if c.id == node_id:
                return c
        citation = Citation.of(node)
        self.result.citations.append(citation)
        return citation

    def step(self, text: str, node_id: str | None = None, source: str | None = None) -> None:
        """A trace step; with `node_id` its basis is that subsection, which is also cited."""
        if node_id is not None:
            c = self.cite(node_id)
            self.result.trace.append(TraceStep(step=text, source="statute", cite=c.cite, id=c.id))
        else:
            self.result.trace.append(TraceStep(step=text, source=source or "assumption"))  # type: ignore[arg-type]

    def assume(self, text: str) -> None:
        if text not in self.result.assumptions:
            self.result.assumptions.append(text)
            self.result.trace.append(TraceStep(step=text, source="assumption"))

    def alternative(self, label: str, basis: str, answer: str, **result: Any) -> None:
        """Another reading; one whose date is before `today` is marked passed, like the answer."""
        passed = self._passed(result.get("deadline"))
        if passed:
            result["passed"] = True
            answer = f"This date has passed. {answer}"
        self.result.alternatives.append(
            Alternative(label=label, basis=basis, result=result, answer=answer)
        )

    def answer(self, text: str, **result: Any) -> None:
        """The answer; a deadline before `today` puts "This deadline has passed" first among the
        result's notices (which the registry places, first, at the start of the answer)."""
        self.result.result.pop("passed", None)
        self.result.notices = [n for n in self.result.notices if not n.startswith(PASSED)]
        self.result.result.update(result)
        passed = self._passed(self.result.result.get("deadline"))
        if passed:
            self.result.result["passed"] = True
            self.result.notices.insert(0, f"{PASSED}: it was {format_human(passed)}.")
        self.result.answer = text

    def _passed(self, deadline: Any) -> date | datetime | None:
        """`deadline` when it is a date (or moment) whose local day is before `today`.

        A moment later today is not called passed: rules have no clock, only today's date."""
        if not isinstance(deadline, date):
            return None
        day = deadline.astimezone(TZ).date() if isinstance(deadline, datetime) else deadline
        return deadline if day < self.today else None
