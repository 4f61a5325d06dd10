"""Typed rule parameters and how a raw value (CLI string or Python value) becomes one.

A value is refused, never reinterpreted: `parse_value` raises `InvalidInput` naming the
parameter, the value, why when the reason is short (negative, scientific notation, out of
bounds) and what is accepted. The parsing of each kind of value is `rules.values`'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, Literal

from rules.values import (
    MAX_COUNT,
    MAX_MONEY,
    MAX_YEAR,
    MIN_YEAR,
    TZ,
    Refused,
    check_count,
    check_money,
    check_year,
    format_money,
    parse_date,
    parse_datetime,
    parse_money,
    parse_whole,
)

Kind = Literal[
    "date", "datetime", "date_or_datetime", "int", "money", "money_list", "bool", "choice"
]


class InvalidInput(ValueError):
    """A value that cannot be used; the message names the parameter and what is accepted."""


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
    max_value: int = MAX_COUNT  # for int: an upper bound (a count, or a year)
    # The plain question a person is asked when the value is missing ("When did the LG
    # candidate die?"); "" falls back to the description. `questions_if` holds sharper ones
    # that apply when another parameter has a value: ((param, value, question), ...).
    question: str = ""
    questions_if: tuple[tuple[str, str, str], ...] = ()

    def question_for(self, known: Mapping[str, Any]) -> str:
        """The plain question to ask, given the values already known (canonical values)."""
        for other, value, question in self.questions_if:
            if str(known.get(other, "")) == value:
                return question
        return self.question

    def accepted(self) -> str:
        return {
            "date": f"a date as YYYY-MM-DD (years {MIN_YEAR}–{MAX_YEAR})",
            "datetime": "a date and time as YYYY-MM-DDTHH:MM (America/New_York)",
            "date_or_datetime": "a date YYYY-MM-DD or date and time YYYY-MM-DDTHH:MM",
            "int": (
                f"a year such as 2026 ({self.min_value}–{self.max_value})"
                if self.name == "year"
                else f"a whole number from {self.min_value:,} to {self.max_value:,}, e.g. 123456"
            ),
            "money": (
                f"an amount in dollars from 0 to {format_money(MAX_MONEY)}, e.g. 90000 or 90000.50"
            ),
            "money_list": (
                f"amounts separated by ';', each from 0 to {format_money(MAX_MONEY)}, "
                "e.g. 100000;250000"
            ),
            "bool": "yes or no",
            "choice": "one of: " + ", ".join(self.choices),
        }[self.kind]


def year_param(description: str, *, required: bool = True, question: str = "") -> Param:
    """The election year: a calendar can supply it; four digits (a typo is an input error)."""
    return Param(
        "year",
        "int",
        description,
        required=required,
        question=question or "Which election year?",
        calendar=("year",),
        min_value=MIN_YEAR,
        max_value=MAX_YEAR,
    )


_TRUE = {"yes", "y", "true", "t", "1", "on"}
_FALSE = {"no", "n", "false", "f", "0", "off"}
_THOUSANDS = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$")


def _shown(raw: Any) -> str:
    """The value as the user gave it, short enough to quote back."""
    try:
        text = str(raw)
    except ValueError:  # an int too long for str() (sys.get_int_max_str_digits)
        return "<a number with thousands of digits>"
    return repr(text[:60])


def parse_value(param: Param, raw: Any) -> Any:
    """Turn a raw value (CLI string or typed) into the parameter's type, or raise InvalidInput."""
    try:
        return _parse_value(param, raw)
    except InvalidInput:
        raise
    # ArithmeticError: decimal.Overflow/InvalidOperation on absurd values, OverflowError on
    # dates near the end of the calendar.
    except (ValueError, ArithmeticError, TypeError, IndexError) as exc:
        why = f" ({exc})" if isinstance(exc, Refused) and str(exc) else ""
        raise InvalidInput(
            f"{param.name}: {_shown(raw)} is not valid{why}; expected {param.accepted()}"
        ) from None


def _parse_value(param: Param, raw: Any) -> Any:
    if param.kind == "choice":
        key = str(raw).strip().lower().replace("_", "-").replace(" ", "-")
        key = param.aliases.get(key, key)
        if key not in param.choices:
            raise Refused("")
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
        raise Refused("")
    if param.kind == "int":
        if isinstance(raw, bool):
            raise Refused("")
        value = raw if isinstance(raw, int) else parse_whole(str(raw))
        return check_count(value, minimum=param.min_value, bound=param.max_value)
    if param.kind == "money":
        if isinstance(raw, float):
            raise Refused("")  # money is never float
        return check_money(raw) if isinstance(raw, Decimal) else parse_money(str(raw))
    if param.kind == "money_list":
        items = raw if isinstance(raw, list | tuple) else _split_money_list(str(raw))
        if not items:
            raise Refused("")
        return [
            check_money(i)
            if isinstance(i, Decimal)
            else parse_money("" if isinstance(i, float) else str(i))
            for i in items
        ]
    if param.kind == "date":
        if isinstance(raw, datetime):
            day = raw.astimezone(TZ).date() if raw.tzinfo else raw.date()
        elif isinstance(raw, date):
            day = raw
        else:
            return parse_date(str(raw).strip())
        check_year(day)
        return day
    if param.kind in ("datetime", "date_or_datetime"):
        if isinstance(raw, datetime):
            check_year(raw)
            return raw.astimezone(TZ) if raw.tzinfo else raw.replace(tzinfo=TZ)
        if isinstance(raw, date):
            check_year(raw)
            if param.time_default:
                return datetime.combine(raw, param.time_default, TZ)
            if param.kind == "datetime":
                raise Refused("a time of day is needed")
            return raw
        moment = parse_datetime(str(raw), time_default=param.time_default)
        if param.kind == "datetime" and not isinstance(moment, datetime):
            raise Refused("a time of day is needed")
        return moment
    raise Refused("")


def _split_money_list(text: str) -> list[str]:
    """Items of a money list written "100000;250000", "100000 250000", "[100000, 250000]",
    "100000,250000" or "$100,000; $250,000": a comma separates items unless it groups thousands."""
    text = text.strip().strip("[]()")
    parts = [p for p in re.split(r"[;|\s]+", text) if p.strip(",")]
    if len(parts) == 1 and "," in parts[0] and not _THOUSANDS.match(parts[0].lstrip("$")):
        parts = parts[0].split(",")
    return [q for q in (p.strip(",\"' ") for p in parts) if q]
