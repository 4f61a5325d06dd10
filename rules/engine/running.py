"""Running one implementation of a rule: parse and check the inputs, fill defaults from the
jurisdiction's calendar (saying so), refuse when a pinned subsection's text changed, and never
raise for bad input. Choosing the implementation for the law in force is `rules.engine.versioned`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from rules.calendar import CalendarSet, default_calendars
from rules.engine.context import Context, NeedsInput
from rules.engine.params import InvalidInput, parse_value
from rules.engine.spec import Implementation, RuleSpec
from rules.result import InputValue, Result
from rules.values import TZ
from statutes import CorpusView, default_corpus


def parse_inputs(spec: RuleSpec, params: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The parameters given, parsed to their types, and one message per value that cannot be
    used (unknown parameter, unreadable value). Empty values are left out."""
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
    return values, problems


def invalid_result(spec: RuleSpec, values: Mapping[str, Any], problems: list[str]) -> Result:
    result = Result(rule=spec.id, status="invalid_input")
    for name, value in values.items():
        result.inputs[name] = InputValue(value=value, origin="user")
    result.answer = "I can't use these inputs: " + "; ".join(problems) + "."
    return result


def refused_result(spec: RuleSpec, problems: list[str], under: str = "") -> Result:
    """The rule's pinned text changed (or is not loaded): refuse, naming what changed."""
    return Result(
        rule=spec.id,
        status="refused",
        answer=(
            f"I can't answer {spec.id}{under}: the statute text it was written for has changed. "
            + " ".join(problems)
            + " The rule must be reviewed against the new text before it answers again."
        ),
    )


def deciding_date(
    spec: RuleSpec,
    values: Mapping[str, Any],
    *,
    today: date,
    corpus: CorpusView,
    calendars: CalendarSet,
) -> date | None:
    """The day the rule says decides which text applies (`RuleSpec.decides`), from the values
    given and the calendar defaults it would use; None when it names none."""
    if spec.decides is None:
        return None
    probe = Context(spec, corpus, calendars, today, dict(values), Result(rule=spec.id))
    try:
        day = spec.decides(probe)
    except (NeedsInput, InvalidInput, ArithmeticError, ValueError):
        return None  # the run itself reports the problem
    if isinstance(day, datetime):
        return day.astimezone(TZ).date() if day.tzinfo else day.date()
    return day


def run_spec(
    spec: RuleSpec,
    params: Mapping[str, Any],
    *,
    today: date,
    corpus: CorpusView | None = None,
    calendars: CalendarSet | None = None,
    pin_problems: list[str] | None = None,
    implementation: Implementation | None = None,
) -> Result:
    """Run one implementation (default: the rule's first) on `corpus` as given."""
    if pin_problems:
        return refused_result(spec, pin_problems)
    values, problems = parse_inputs(spec, params)
    if problems:
        return invalid_result(spec, values, problems)
    return run_parsed(
        spec,
        implementation or spec.impls[0],
        values,
        given=set(params),
        today=today,
        corpus=default_corpus() if corpus is None else corpus,
        calendars=calendars,
    )


def run_parsed(
    spec: RuleSpec,
    impl: Implementation,
    values: Mapping[str, Any],
    *,
    given: set[str],
    today: date,
    corpus: CorpusView,
    calendars: CalendarSet | None,
) -> Result:
    """Run `impl` on parsed `values` (a copy is kept: calendar defaults are added to it)."""
    # `is None`, not `or`: an empty CalendarSet is falsy and must stay empty (no calendar
    # defaults), not be swapped for the packaged calendars.
    calendars = default_calendars() if calendars is None else calendars
    result = Result(rule=spec.id)
    values = dict(values)
    for name, value in values.items():
        result.inputs[name] = InputValue(value=value, origin="user")
    ctx = Context(spec, corpus, calendars, today, values, result)
    for p in spec.params:
        if p.required and values.get(p.name) is None:
            ctx.from_calendar(p)
        if p.name not in values and p.default is not None:
            values[p.name] = p.default
            result.inputs[p.name] = InputValue(value=p.default, origin="default")
    missing = [p.name for p in spec.params if p.required and values.get(p.name) is None]
    if missing:
        return needs_result(result, spec, missing, *ctx.calendar_note(missing))
    try:
        impl.compute(ctx)
    except NeedsInput as exc:
        plain, operator = ctx.calendar_note(exc.names)
        reason = " ".join(filter(None, [exc.reason, plain]))
        return needs_result(result, spec, list(exc.names), reason, operator)
    except InvalidInput as exc:
        result.status = "invalid_input"
        result.answer = f"I can't use these inputs: {exc}."
        return result
    except ArithmeticError:
        # Date arithmetic past the end of the calendar (OverflowError) or a decimal signal on
        # the user's amounts: their values, not the rule, are out of range. Name them.
        result.status = "invalid_input"
        shown = ", ".join(f"{k}={_show(v)}" for k, v in values.items() if k in given)
        result.answer = (
            f"I can't compute {spec.id} with these values ({shown[:300]}): a date or amount is "
            "out of the range I can calculate with; check them."
        )
        return result
    if impl.caveat:
        ctx.assume(impl.caveat)
    if ctx.calendar_used is not None:
        used = ", ".join(
            f"{k.replace('_', ' ')} {_show(v.value)}"
            for k, v in result.inputs.items()
            if v.origin == "calendar"
        )
        result.answer += f" (Not given, so taken from calendar {ctx.calendar_used.id}: {used}.)"
    return result


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ";".join(_show(v) for v in value)
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d %H:%M}"
    return value.isoformat() if isinstance(value, date) else str(value)


def needs_result(
    result: Result, spec: RuleSpec, missing: list[str], reason: str = "", operator: str = ""
) -> Result:
    """`result` asking for `missing`, saying why (`reason`, for staff) and what an operator can
    do so it need not ask (`operator`: the calendar file to add)."""
    result.status = "needs_input"
    result.missing = missing
    result.operator_note = operator
    described = "; ".join(
        f"{n} ({spec.param(n).description}; {spec.param(n).accepted()})"  # type: ignore[union-attr]
        for n in missing
    )
    result.answer = f"I need more to answer {spec.id}: {described}." + (
        f" {reason}" if reason else ""
    )
    return result
