"""The one vocabulary for values: the time zone, end of day, and how dates, times, money and
counts are typed (parsed) and shown (formatted) — by the rules and the bot alike. Law-free.

Parsing is for values as typed in parameters and commands (`key=value`); reading free text
("May 3rd", "tomorrow") is `bot.language`'s job, which builds values with these functions.
Every parser raises `ValueError` with a short reason; a `Refused` (a `ValueError`) carries a
reason worth showing the user (negative, scientific notation, out of bounds), the others a reason
the caller may replace with what is accepted.

Two human forms exist for a moment and are kept apart on purpose (one is in answers, the other
in Slack fields): `format_human` ("Thursday, May 14, 2026 at 5:00 p.m. (Eastern)") and
`format_when` ("Thursday, May 14, 2026 at 5:00 p.m. ET (2026-05-14 17:00)").
"""

from __future__ import annotations

import re
from calendar import day_name, month_name
from collections.abc import Mapping
from datetime import date, datetime, time
from decimal import ROUND_DOWN, Decimal, localcontext
from decimal import Context as DecimalContext
from zoneinfo import ZoneInfo

#: The only time zone: election offices in Maryland and Massachusetts keep Eastern time.
TZ = ZoneInfo("America/New_York")
#: A date-only deadline is met until the end of that day.
END_OF_DAY = time(23, 59, 59)

# Bounds on what a user may give. A value outside them is a typo or a paste, not a fact about an
# election, and is refused with the reason rather than computed with (or silently clipped).
#: Counts (registered voters, votes, tickets): the whole US electorate is about 240 million
#: eligible voters, so a billion is far above any count a rule can be about.
MAX_COUNT = 1_000_000_000
#: Dollars: the largest campaign funds are a few billion; a trillion is far above any of them.
MAX_MONEY = Decimal(1_000_000_000_000)
#: Years of dates and election years: the statutes are modern and their calendars finite; a
#: date outside these years is a typo (and near 9999 date arithmetic overflows).
MIN_YEAR, MAX_YEAR = 1900, 2999
#: More digits than this is refused before any arithmetic (every bound above is far shorter).
MAX_DIGITS = 24
CENT = Decimal("0.01")

# Exact arithmetic for values of at most MAX_DIGITS digits (the default 28 would round).
_EXACT = DecimalContext(prec=4 * MAX_DIGITS)


class Refused(ValueError):
    """A value refused for a reason worth showing as is ("" when there is no short one)."""


# --- parsing ---------------------------------------------------------------------------------

_DATE_US = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
# The names strftime writes (%A, %B) are the names read back.
_WEEKDAY_NAMES = tuple(day_name)
_MONTH_NAMES = tuple(month_name)[1:]
# The human form `format_date` writes: "Thursday, May 14, 2026" (the weekday may be left out).
_DATE_HUMAN = re.compile(
    rf"^(?:(?P<wd>{'|'.join(_WEEKDAY_NAMES)}),\s+)?(?P<month>{'|'.join(_MONTH_NAMES)})"
    r"\s+(?P<day>\d{1,2}),\s+(?P<year>\d{4})$",
    re.IGNORECASE,
)
# ... and `format_datetime`: "<date> at 5:00 p.m. (Eastern)".
_DATETIME_HUMAN = re.compile(r"^(?P<date>.+?)\s+at\s+(?P<time>.+?)(?:\s+\(Eastern\))?$")
_TIME = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$", re.IGNORECASE)
# Numbers as people write them: ASCII digits, plain or grouped by thousands with commas.
# int() and Decimal() would also take "1e5", "1_000", "NaN", "-5" or other scripts' digits;
# those are refused with the reason instead.
_WHOLE = re.compile(r"[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+")
_AMOUNT = re.compile(r"(?P<n>[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)(?P<frac>\.[0-9]+)?(?P<unit>[km])?")
_UNITS = {"": Decimal(1), "k": Decimal(1000), "m": Decimal(1_000_000)}
_SCIENTIFIC = re.compile(r"[0-9.]e[+-]?[0-9]")


def number_problem(text: str) -> str:
    """The reason a number-like text is refused, for the message ("" when there is no short one)."""
    t = text.strip().lower().lstrip("$+ ")
    if _SCIENTIFIC.search(t):
        return "scientific notation is not accepted; write the number out in full"
    if t.startswith(("nan", "snan", "inf")):
        return "it is not a number"
    if t.startswith(("-", "−", "–", "(")) or "$-" in text:
        return "negative values are not accepted"
    return ""


def check_year(value: date) -> None:
    """Refuse a date outside MIN_YEAR–MAX_YEAR."""
    if not MIN_YEAR <= value.year <= MAX_YEAR:
        raise Refused(f"the year is outside {MIN_YEAR}–{MAX_YEAR}")


def parse_date(text: str) -> date:
    """ "2026-05-01" (ISO 8601), "5/1/2026" (US) or "Friday, May 1, 2026" (`format_date`)."""
    us, human = _DATE_US.match(text), _DATE_HUMAN.match(text.strip())
    try:
        if us:
            value = date(int(us.group(3)), int(us.group(1)), int(us.group(2)))
        elif human:
            month = _MONTH_NAMES.index(human["month"].capitalize()) + 1
            value = date(int(human["year"]), month, int(human["day"]))
        else:
            value = date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text[:40]!r} is not a date") from None
    if human and human["wd"] and human["wd"].capitalize() != _WEEKDAY_NAMES[value.weekday()]:
        raise Refused(f"{value:%B} {value.day}, {value.year} is a {value:%A}")
    check_year(value)
    return value


def parse_time(text: str) -> time:
    """ "17:00", "5pm", "5:30 p.m.", "noon" (a wall-clock time, no zone)."""
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


def parse_datetime(text: str, *, time_default: time | None) -> date | datetime:
    """ "2026-06-05", "2026-06-05T17:00", "2026-06-05 17:00", "2026-06-05 5pm", or the
    `format_datetime` form; local New York time. A bare date is a date, or that day at
    `time_default` when one is given.

    A full ISO 8601 value with an offset ("2026-06-05T17:00:00-04:00") is converted to NY time.
    A wall-clock time repeated when clocks fall back means its first occurrence.
    """
    try:
        parsed = datetime.fromisoformat(text.strip())
    except ValueError:
        parsed = None
    if parsed is not None and len(text.strip()) > 10:
        check_year(parsed)
        return parsed.astimezone(TZ) if parsed.tzinfo else parsed.replace(tzinfo=TZ)
    human = _DATETIME_HUMAN.match(text.strip())
    if human and _DATE_HUMAN.match(human["date"]):
        date_part, time_part = human["date"], human["time"]
    else:
        cleaned = text.strip().replace("T", " ", 1) if "T" in text[:11] else text.strip()
        date_part, _, time_part = cleaned.partition(" ")
    day = parse_date(date_part)
    if not time_part:
        return datetime.combine(day, time_default, TZ) if time_default else day
    clock = parse_time(time_part.strip())
    if clock.tzinfo is not None:
        raise ValueError("give the local (Eastern) time without an offset")
    return datetime.combine(day, clock, TZ)


def parse_whole(text: str) -> int:
    """A whole number as written: digits, optionally grouped by thousands ("123,456")."""
    t = text.strip()
    if not _WHOLE.fullmatch(t):
        raise Refused(number_problem(t))
    digits = t.replace(",", "")
    if len(digits) > MAX_DIGITS:
        raise Refused(f"more than {MAX_DIGITS} digits")
    return int(digits)


def check_count(value: int, *, minimum: int = 0, bound: int = MAX_COUNT) -> int:
    """`value` if within [minimum, bound], else `Refused` saying why."""
    if value < minimum:
        raise Refused(number_problem(str(value)) if value < 0 else f"less than {minimum:,}")
    if value > bound:
        raise Refused(f"more than {bound:,}")
    return value


def parse_count(text: str, *, minimum: int = 0, bound: int = MAX_COUNT) -> int:
    """ "1234" or "1,234" → 1234; refuses "1e400", "-5", "3.5" and values beyond `bound`."""
    return check_count(parse_whole(text), minimum=minimum, bound=bound)


def check_money(value: Decimal, *, bound: Decimal = MAX_MONEY) -> Decimal:
    """A Decimal amount within bounds and to the cent, or `Refused` saying why not."""
    if not value.is_finite():
        raise Refused("it is not a number")
    if value < 0:
        raise Refused("negative amounts are not accepted")
    if value > bound:
        raise Refused(f"more than {format_money(bound)}")
    if value != value.quantize(CENT):
        raise Refused("more than two decimal places")
    return value


def parse_money(text: str, *, bound: Decimal = MAX_MONEY) -> Decimal:
    """ "90000", "$90,000.50", "90k", "1.5m" → Decimal dollars; anything else is refused."""
    t = text.strip().replace(" ", "").removeprefix("$")
    m = _AMOUNT.fullmatch(t.lower())
    if not m:
        raise Refused(number_problem(t))
    digits = m["n"].replace(",", "") + (m["frac"] or "")
    if len(digits) > MAX_DIGITS:
        raise Refused(f"more than {format_money(bound)}")
    with localcontext(_EXACT):
        value = Decimal(digits) * _UNITS[m["unit"] or ""]
    return check_money(value, bound=bound)


# --- formatting ------------------------------------------------------------------------------


def _is_end_of_day(local: datetime) -> bool:
    return (local.hour, local.minute, local.second) == (
        END_OF_DAY.hour,
        END_OF_DAY.minute,
        END_OF_DAY.second,
    )


def format_date(value: date) -> str:
    """ "Thursday, May 14, 2026"."""
    return f"{value:%A, %B} {value.day}, {value.year}"


def format_datetime(value: datetime) -> str:
    """ "Thursday, May 14, 2026 at 5:00 p.m. (Eastern)" ("at noon"; the last second of a day
    is "11:59:59 p.m. (the end of the day)")."""
    local = value.astimezone(TZ)
    hour = local.strftime("%I:%M").lstrip("0")
    suffix = "a.m." if local.hour < 12 else "p.m."
    clock = "noon" if (local.hour, local.minute) == (12, 0) else f"{hour} {suffix}"
    if _is_end_of_day(local):
        clock = "11:59:59 p.m. (the end of the day)"
    return f"{format_date(local)} at {clock} (Eastern)"


def format_human(value: date | datetime) -> str:
    """The form answers use: `format_datetime` for a moment, `format_date` for a day."""
    return format_datetime(value) if isinstance(value, datetime) else format_date(value)


def format_when(value: date | datetime) -> str:
    """The form Slack fields use: "Thursday, May 14, 2026 (2026-05-14)"; a moment gets
    "at 9:00 p.m. ET (2026-02-24 21:00)", and the end of a day "the end of …"."""
    if isinstance(value, datetime):
        local = value.astimezone(TZ) if value.tzinfo else value.replace(tzinfo=TZ)
        if _is_end_of_day(local):
            # A date-only deadline (or a count ending at midnight): the whole day, not a time.
            return f"the end of {format_date(local)} ({local:%Y-%m-%d})"
        hour = local.hour % 12 or 12
        meridiem = "a.m." if local.hour < 12 else "p.m."
        return f"{format_date(local)} at {hour}:{local:%M} {meridiem} ET ({local:%Y-%m-%d %H:%M})"
    return f"{format_date(value)} ({value.isoformat()})"


def format_money(value: Decimal | str) -> str:
    """ "$1,234.50" for a Decimal amount (never through float)."""
    amount = value if isinstance(value, Decimal) else Decimal(str(value))
    return f"${amount:,.2f}"


def format_count(value: int) -> str:
    """ "1,234"."""
    return f"{value:,}"


def floor_cent(value: Decimal) -> Decimal:
    """Rounded down to the cent (a share never exceeds what is there to share)."""
    return value.quantize(CENT, rounding=ROUND_DOWN)


def param_string(value: object) -> str:
    """The `key=value` form of one parameter: ISO date, `YYYY-MM-DDTHH:MM` local time, plain
    Decimal, true/false, lists joined by semicolons."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        local = value.astimezone(TZ) if value.tzinfo else value
        return local.replace(tzinfo=None).isoformat(timespec="minutes")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral() else str(value)
    if isinstance(value, list | tuple):
        # ";" and never ",": "100,250" would read back as one sum of $100,250.
        return ";".join(param_string(v) for v in value)
    return str(value)


def param_strings(params: Mapping[str, object]) -> dict[str, str]:
    """`param_string` over a whole parameter mapping (for `Reply.params` and comparisons)."""
    return {k: param_string(v) for k, v in params.items()}


__all__ = [
    "CENT",
    "END_OF_DAY",
    "MAX_COUNT",
    "MAX_DIGITS",
    "MAX_MONEY",
    "MAX_YEAR",
    "MIN_YEAR",
    "TZ",
    "Refused",
    "check_count",
    "check_money",
    "check_year",
    "floor_cent",
    "format_count",
    "format_date",
    "format_datetime",
    "format_human",
    "format_money",
    "format_when",
    "number_problem",
    "param_string",
    "param_strings",
    "parse_count",
    "parse_date",
    "parse_datetime",
    "parse_money",
    "parse_time",
    "parse_whole",
]
