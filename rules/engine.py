"""The machinery every rule shares: typed parameters, calendar defaults, pins, and the result.

A rule is a `RuleSpec` (id, params, the law it implements) plus a pure `compute(ctx)` function;
the subsections it relies on, with the text hash it was written against, are pinned in
`rules/pins.toml`. `run()` parses and checks the inputs, fills
defaults from the jurisdiction's current calendar (saying so), refuses when a pinned subsection's
text changed, and never raises for bad input.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any, Literal

from rules.calendar import Calendar, CalendarSet, default_calendars
from rules.result import Alternative, Citation, InputValue, Result, TraceStep
from rules.timecalc import NY, is_business_day, next_business_day
from statutes import Corpus, default_corpus

Kind = Literal[
    "date", "datetime", "date_or_datetime", "int", "money", "money_list", "bool", "choice"
]
CENT = Decimal("0.01")


class InvalidInput(ValueError):
    """A value that cannot be used; the message names the parameter and what is accepted."""


class NeedsInput(Exception):
    """Raised by a rule that discovers, from the values given, that it needs another parameter."""

    def __init__(self, *names: str, reason: str = "") -> None:
        super().__init__(", ".join(names))
        self.names = names
        self.reason = reason


@dataclass(frozen=True)
class Param:
    name: str
    kind: Kind
    description: str
    required: bool = True
    choices: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)  # typed word → choice
    calendar: tuple[str, ...] = ()  # calendar date keys that can supply a missing value
    default: Any = None
    time_default: time | None = None  # for date_or_datetime: the hour a bare date means
    min_value: int = 0  # for int
    max_value: int | None = None  # for int: an upper bound (e.g. years)

    def accepted(self) -> str:
        return {
            "date": "a date as YYYY-MM-DD",
            "datetime": "a date and time as YYYY-MM-DDTHH:MM (America/New_York)",
            "date_or_datetime": "a date YYYY-MM-DD or date and time YYYY-MM-DDTHH:MM",
            "int": (
                f"a year such as 2026 ({self.min_value}–{self.max_value})"
                if self.name == "year"
                else "a whole number ≥ 0, e.g. 123456"
            ),
            "money": "an amount in dollars ≥ 0, e.g. 90000 or 90000.50",
            "money_list": "amounts separated by ';', e.g. 100000;250000",
            "bool": "yes or no",
            "choice": "one of: " + ", ".join(self.choices),
        }[self.kind]


@dataclass(frozen=True)
class RuleSpec:
    id: str
    title: str
    jurisdiction: str  # "md" | "ma"
    section: str  # the law it implements, e.g. "md/gel/5-903"
    params: tuple[Param, ...]
    compute: Callable[[Context], None]
    aliases: tuple[str, ...] = ()
    caveat: str = ""  # said in every answer (e.g. the loaded text is older than current law)

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


@dataclass
class Context:
    """What a rule's compute function works with, and the result it builds."""

    spec: RuleSpec
    corpus: Corpus
    calendars: CalendarSet
    today: date
    values: dict[str, Any]
    result: Result
    calendar_used: Calendar | None = None

    # --- reading -------------------------------------------------------------------------
    def __getitem__(self, name: str) -> Any:
        """A parameter's value; an optional one not given is looked up in the calendar now,
        so only values the rule actually used are reported as taken from a calendar."""
        if self.values.get(name) is None:
            param = self.spec.param(name)
            if param is not None and param.calendar:
                self.from_calendar(param)
        return self.values.get(name)

    def from_calendar(self, param: Param) -> None:
        """Default a missing parameter from the jurisdiction's calendar, saying so."""
        if not param.calendar or self.values.get(param.name) is not None:
            return
        given = [
            v.astimezone(NY).date() if isinstance(v, datetime) else v
            for k, v in self.values.items()
            if isinstance(v, date)
            and self.result.inputs.get(k, InputValue(value=v)).origin == "user"
        ]
        cal = calendar_for(
            self.calendars,
            self.spec.jurisdiction,
            today=self.today,
            given=given,
            year=self.values.get("year"),
        )
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
            key = next((k for k in present if cal.get(k).day >= self.today), present[-1])
            entry = cal.get(key)
            value = parse_value(param, entry.value)
            label, shown, source = entry.label, fmt(entry.value), cal.source_for(key)
        self.values[param.name] = value
        self.calendar_used = cal
        self.result.inputs[param.name] = InputValue(value=value, origin="calendar", source=source)
        self.step(
            f"{param.name} not given: using {label}, {shown}, from calendar {source}.",
            source="calendar",
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
        self.result.alternatives.append(
            Alternative(label=label, basis=basis, result=result, answer=answer)
        )

    def answer(self, text: str, **result: Any) -> None:
        self.result.result.update(result)
        self.result.answer = text

    def office_practice_roll(
        self, deadline: date | datetime, what: str, *, limit: date | None = None
    ) -> None:
        """Maryland SBE calendars move a weekend/holiday deadline to the next business day.

        The statute in our corpus does not say so: keep the statutory date and show the rolled
        one beside it, labelled as office practice — unless the statute sets an outer `limit`
        the rolled date would pass, in which case no later date is offered at all.
        """
        day = deadline.date() if isinstance(deadline, datetime) else deadline
        if is_business_day(day, self.spec.jurisdiction):
            return
        rolled_day = next_business_day(day, self.spec.jurisdiction)
        if limit is not None and rolled_day > limit:
            self.assume(
                f"{fmt(day)} is not a business day, but the statute forbids filing after "
                f"{fmt(limit)}, so no next-business-day adjustment is offered: file earlier."
            )
            return
        rolled: date | datetime = rolled_day
        if isinstance(deadline, datetime):
            rolled = datetime.combine(rolled_day, deadline.timetz().replace(tzinfo=None), NY)
        why = "a Saturday or Sunday" if day.weekday() >= 5 else "a legal holiday"
        self.alternative(
            label="Office practice: next business day",
            basis=(
                f"The statutory date falls on {why}. State Board of Elections calendars show "
                "an 'adjusted date' on the next business day; that practice is not in the "
                "statute text we hold, so the statutory date is the default."
            ),
            answer=f"{what}: {fmt(rolled)} (adjusted date, office practice)",
            deadline=rolled,
        )


# --- formatting ------------------------------------------------------------------------------


def fmt(value: date | datetime) -> str:
    """Human form used in answers: "Thursday, May 14, 2026" / "… at 5:00 p.m."."""
    if isinstance(value, datetime):
        local = value.astimezone(NY)
        hour = local.strftime("%I:%M").lstrip("0")
        suffix = "a.m." if local.hour < 12 else "p.m."
        clock = "noon" if (local.hour, local.minute) == (12, 0) else f"{hour} {suffix}"
        if (local.hour, local.minute, local.second) == (23, 59, 59):
            clock = "11:59:59 p.m. (the end of the day)"
        return f"{local:%A, %B} {local.day}, {local.year} at {clock} (Eastern)"
    return f"{value:%A, %B} {value.day}, {value.year}"


def money(value: Decimal) -> str:
    return f"${value:,.2f}"


def floor_cent(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_DOWN)


# --- parsing ---------------------------------------------------------------------------------

_TRUE = {"yes", "y", "true", "t", "1", "on"}
_FALSE = {"no", "n", "false", "f", "0", "off"}
_DATE_US = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
_TIME = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$", re.IGNORECASE)
_THOUSANDS = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$")


def _parse_date(text: str) -> date:
    m = _DATE_US.match(text)
    if m:
        return date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    return date.fromisoformat(text)


def _parse_time(text: str) -> time:
    if text.lower() == "noon":
        return time(12)
    m = _TIME.match(text)
    if not m:
        return time.fromisoformat(text)
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    ampm = (m.group(3) or "").lower().replace(".", "")
    if ampm == "pm" and hour < 12:
        hour += 12
    if ampm == "am" and hour == 12:
        hour = 0
    return time(hour, minute)


def _parse_datetime(text: str, *, time_default: time | None) -> date | datetime:
    """ "2026-06-05", "2026-06-05T17:00", "2026-06-05 17:00", "2026-06-05 5pm"; local NY time.

    A full ISO 8601 value with an offset ("2026-06-05T17:00:00-04:00") is converted to NY time.
    """
    try:
        parsed = datetime.fromisoformat(text.strip())
    except ValueError:
        parsed = None
    if parsed is not None and len(text.strip()) > 10:
        return parsed.astimezone(NY) if parsed.tzinfo else parsed.replace(tzinfo=NY)
    cleaned = text.strip().replace("T", " ", 1) if "T" in text[:11] else text.strip()
    date_part, _, time_part = cleaned.partition(" ")
    day = _parse_date(date_part)
    if not time_part:
        return datetime.combine(day, time_default, NY) if time_default else day
    clock = _parse_time(time_part.strip())
    if clock.tzinfo is not None:
        raise ValueError("give the local (Eastern) time without an offset")
    return datetime.combine(day, clock, NY)


def _parse_money(text: str) -> Decimal:
    t = text.strip().replace("$", "").replace(" ", "")
    multiplier = Decimal(1)
    if t[-1:].lower() == "k":
        t, multiplier = t[:-1], Decimal(1000)
    elif t[-1:].lower() == "m":
        t, multiplier = t[:-1], Decimal(1_000_000)
    if "," in t and not _THOUSANDS.match(t):
        raise ValueError("misplaced comma")
    value = Decimal(t.replace(",", "")) * multiplier
    if not value.is_finite() or value < 0:
        raise ValueError("negative")
    if value != value.quantize(CENT):
        raise ValueError("more than two decimal places")
    return value


def parse_value(param: Param, raw: Any) -> Any:
    """Turn a raw value (CLI string or typed) into the parameter's type, or raise InvalidInput."""
    bad = InvalidInput(f"{param.name}: {str(raw)[:60]!r} is not valid; expected {param.accepted()}")
    try:
        if param.kind == "choice":
            key = str(raw).strip().lower().replace("_", "-").replace(" ", "-")
            key = param.aliases.get(key, key)
            if key not in param.choices:
                raise bad
            return key
        if param.kind == "bool":
            if isinstance(raw, bool):
                return raw
            key = str(raw).strip().lower()
            key = param.aliases.get(key, key)
            if key in _TRUE:
                return True
            if key in _FALSE:
                return False
            raise bad
        if param.kind == "int":
            if isinstance(raw, bool):
                raise bad
            if isinstance(raw, int):
                value = raw
            else:
                text = str(raw).strip()
                if "," in text and not _THOUSANDS.match(text):
                    raise bad
                value = int(text.replace(",", ""))
            if value < param.min_value or (param.max_value is not None and value > param.max_value):
                raise bad
            return value
        if param.kind == "money":
            if isinstance(raw, float):
                raise bad  # money is never float
            return raw if isinstance(raw, Decimal) and raw >= 0 else _parse_money(str(raw))
        if param.kind == "money_list":
            items = raw if isinstance(raw, list | tuple) else _split_money_list(str(raw))
            values = [_parse_money(str(i)) if not isinstance(i, Decimal) else i for i in items]
            if not values:
                raise bad
            return values
        if param.kind == "date":
            if isinstance(raw, datetime):
                return raw.astimezone(NY).date() if raw.tzinfo else raw.date()
            if isinstance(raw, date):
                return raw
            return _parse_date(str(raw).strip())
        if param.kind in ("datetime", "date_or_datetime"):
            if isinstance(raw, datetime):
                return raw.astimezone(NY) if raw.tzinfo else raw.replace(tzinfo=NY)
            if isinstance(raw, date):
                if param.time_default:
                    return datetime.combine(raw, param.time_default, NY)
                if param.kind == "datetime":
                    raise bad
                return raw
            value = _parse_datetime(str(raw), time_default=param.time_default)
            if param.kind == "datetime" and not isinstance(value, datetime):
                raise bad
            return value
    except InvalidInput:
        raise
    except (ValueError, InvalidOperation, TypeError, IndexError, OverflowError):
        raise bad from None
    raise bad


def _split_money_list(text: str) -> list[str]:
    """Items of a money list written "100000;250000", "100000 250000", "[100000, 250000]",
    "100000,250000" or "$100,000; $250,000": a comma separates items unless it groups thousands."""
    text = text.strip().strip("[]()")
    parts = [p for p in re.split(r"[;|\s]+", text) if p.strip(",")]
    if len(parts) == 1 and "," in parts[0] and not _THOUSANDS.match(parts[0].lstrip("$")):
        parts = parts[0].split(",")
    return [q for q in (p.strip(",\"' ") for p in parts) if q]


# --- running ---------------------------------------------------------------------------------


def calendar_for(
    calendars: CalendarSet,
    jurisdiction: str,
    *,
    today: date,
    given: list[date],
    year: int | None = None,
) -> Calendar | None:
    """The calendar whose election a question is about, or None (then the rule asks).

    - a `year` was given: that year's calendar;
    - dates were given (an event date, a primary…): the calendar of their year, and only if the
      earliest falls on or before its general election — a 2022 event is never completed with
      2026 dates;
    - otherwise `today`'s season: the calendar of this year or next whose general election is
      still ahead.
    """
    cals = calendars.for_jurisdiction(jurisdiction)
    if year is not None:
        return next((c for c in cals if c.year == year), None)
    if given:
        first = min(given)
        return next((c for c in cals if c.year == first.year and first <= c.general), None)
    return next(
        (c for c in cals if c.year in (today.year, today.year + 1) and today <= c.general), None
    )


def run_spec(
    spec: RuleSpec,
    params: Mapping[str, Any],
    *,
    today: date,
    corpus: Corpus | None = None,
    calendars: CalendarSet | None = None,
    pin_problems: list[str] | None = None,
) -> Result:
    corpus = corpus or default_corpus()
    calendars = calendars or default_calendars()
    result = Result(rule=spec.id)
    if pin_problems:
        result.status = "refused"
        result.answer = (
            f"I can't answer {spec.id}: the statute text it was written for has changed. "
            + " ".join(pin_problems)
            + " The rule must be reviewed against the new text before it answers again."
        )
        return result

    values: dict[str, Any] = {}
    problems: list[str] = []
    for name, raw in params.items():
        param = spec.param(name)
        if param is None:
            accepted = ", ".join(p.name for p in spec.params)
            problems.append(f"{name}: unknown parameter for {spec.id}; accepted: {accepted}")
            continue
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            continue
        try:
            values[name] = parse_value(param, raw)
        except InvalidInput as exc:
            problems.append(str(exc))
    for name, value in values.items():
        result.inputs[name] = InputValue(value=value, origin="user")
    if problems:
        result.status = "invalid_input"
        result.answer = "I can't use these inputs: " + "; ".join(problems) + "."
        return result

    ctx = Context(spec, corpus, calendars, today, values, result)
    for p in spec.params:
        if p.required and values.get(p.name) is None:
            ctx.from_calendar(p)
        if p.name not in values and p.default is not None:
            values[p.name] = p.default
            result.inputs[p.name] = InputValue(value=p.default, origin="default")
    missing = [p.name for p in spec.params if p.required and values.get(p.name) is None]
    if missing:
        return _needs(result, spec, missing)
    try:
        spec.compute(ctx)
    except NeedsInput as exc:
        return _needs(result, spec, list(exc.names), exc.reason)
    except InvalidInput as exc:
        result.status = "invalid_input"
        result.answer = f"I can't use these inputs: {exc}."
        return result
    except OverflowError:
        result.status = "invalid_input"
        result.answer = "I can't compute with dates that far in the future; check the dates."
        return result
    if spec.caveat:
        ctx.assume(spec.caveat)
    if ctx.calendar_used is not None:
        used = ", ".join(
            f"{k.replace('_', ' ')} {_show(v.value)}"
            for k, v in result.inputs.items()
            if v.origin == "calendar"
        )
        result.answer += f" (Not given, so taken from calendar {ctx.calendar_used.id}: {used}.)"
    return result


def _show(value: Any) -> str:
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d %H:%M}"
    return value.isoformat() if isinstance(value, date) else str(value)


def _needs(result: Result, spec: RuleSpec, missing: list[str], reason: str = "") -> Result:
    result.status = "needs_input"
    result.missing = missing
    described = "; ".join(
        f"{n} ({spec.param(n).description}; {spec.param(n).accepted()})"  # type: ignore[union-attr]
        for n in missing
    )
    result.answer = f"I need more to answer {spec.id}: {described}." + (
        f" {reason}" if reason else ""
    )
    return result


def check_election_year(year: int, kind: str) -> None:
    """Maryland elects its Governor in years ≡ 2 (mod 4), the President in leap years, and holds
    general elections only in even years; a year that cannot be one is an input error."""
    if kind == "gubernatorial" and year % 4 != 2:
        raise InvalidInput(f"year: Maryland elects its Governor in 2026, 2030, …, not {year}")
    if kind == "presidential" and year % 4 != 0:
        raise InvalidInput(f"year: {year} is not a presidential election year")
    if kind == "general" and year % 2 != 0:
        raise InvalidInput(f"year: Maryland general elections are in even years; {year} is not")


def year_param(description: str, *, required: bool = True) -> Param:
    """The election year: a calendar can supply it; four digits (a typo is an input error)."""
    return Param(
        "year",
        "int",
        description,
        required=required,
        calendar=("year",),
        min_value=1900,
        max_value=2999,
    )


def days(n: int) -> timedelta:
    return timedelta(days=n)
