"""Election calendars as data: one TOML file per election, every date with its source.

File shape (``rules/calendars/md-2026.toml``)::

    id = "md-2026"
    jurisdiction = "md"          # md | ma
    election = "gubernatorial"   # see ELECTIONS
    year = 2026
    title = "Maryland 2026 gubernatorial election"
    source = "Maryland State Board of Elections, 2026 election calendar"

    [dates.coc_deadline]         # key names are what rules use
    value = 2026-02-24T21:00:00  # a TOML local date-time, or a plain date
    label = "Certificate of candidacy filing deadline"
    basis = "Md. Code, Elec. Law § 5-303"   # optional: the law the date comes from
    source = "SBE 2026 calendar"            # required: where the date was published
    note = ""                               # optional

    [[overrides]]                # a special act displacing a rule's statutory computation
    rule = "ma-vacancy-certificate"          # rule id it overrides
    input = "withdrawal_deadline"            # the rule input it applies to
    applies_to = "post_primary_withdrawal_deadline"  # the [dates] key holding that input
    value = 2026-09-08T17:00:00              # the overriding deadline
    label = "..."
    act = "2025 Mass. Acts c. 34"
    source = "..."

Times: a TOML local date-time (no offset) is wall-clock time in America/New_York. An explicit
offset is accepted only when it is the New York offset at that wall-clock time (so
``2026-02-24T21:00:00-05:00`` is fine, ``...T21:00:00Z`` is refused), and a local time that does
not exist or is ambiguous across a DST change is refused. Time-only values are refused. Dates
without a time load as ``datetime.date``; dates with one as aware ``datetime``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import tomllib
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from rules.jurisdictions import JURISDICTIONS, Jurisdiction
from rules.values import TZ
from statutes.safexml import FileRefused, read_regular_file

PACKAGED_DIR = Path(__file__).resolve().parent / "calendars"

Election = Literal[
    "gubernatorial", "presidential", "state", "special-congressional", "special-state", "municipal"
]
DateValue = dt.datetime | dt.date

_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_ID = re.compile(r"^(?P<j>[a-z]{2})-(?P<y>\d{4})(?:-[a-z0-9]+)*$")


class CalendarError(ValueError):
    """A calendar file is missing, malformed or inconsistent (message: one line, names file)."""


def _local_value(value: object) -> DateValue:
    """A TOML date or date-time as a date or an aware America/New_York datetime."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            aware = value.replace(tzinfo=TZ)
            if aware.astimezone(dt.UTC).astimezone(TZ).replace(tzinfo=None) != value:
                raise ValueError(
                    f"{value.isoformat()} does not exist in America/New_York (DST gap)"
                )
            if aware.utcoffset() != value.replace(tzinfo=TZ, fold=1).utcoffset():
                raise ValueError(f"{value.isoformat()} is ambiguous in America/New_York (DST fold)")
            return aware
        local = value.astimezone(TZ)
        if local.replace(tzinfo=None) != value.replace(tzinfo=None):
            raise ValueError(
                f"offset {value.isoformat()} disagrees with America/New_York "
                f"({local.isoformat()}); write local time without an offset"
            )
        return local
    if isinstance(value, dt.date):
        return value
    if isinstance(value, dt.time):
        raise ValueError(f"time {value.isoformat()} without a date")
    raise ValueError(f"expected a TOML date or date-time, got {type(value).__name__} {value!r}")


class _Dated(BaseModel):
    """A date (or local date-time) with its label and published source."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: DateValue
    label: str = Field(min_length=1)
    basis: str = ""
    source: str = Field(min_length=1)
    note: str = ""

    @field_validator("value", mode="before")
    @classmethod
    def _check_value(cls, v: object) -> DateValue:
        return _local_value(v)

    @property
    def has_time(self) -> bool:
        return isinstance(self.value, dt.datetime)

    @property
    def day(self) -> dt.date:
        """The calendar date (local date when a time is given)."""
        return self.value.date() if isinstance(self.value, dt.datetime) else self.value


class CalendarDate(_Dated):
    """One dated calendar entry and where it comes from."""


class Override(_Dated):
    """A special act that sets a deadline instead of a rule's statutory computation."""

    rule: str = Field(min_length=1)
    input: str = Field(min_length=1)
    applies_to: str = Field(min_length=1)
    act: str = Field(min_length=1)


def _local_day(value: DateValue) -> dt.date:
    return value.astimezone(TZ).date() if isinstance(value, dt.datetime) else value


class Calendar(BaseModel):
    """One election's calendar."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    jurisdiction: Jurisdiction
    election: Election
    year: int
    title: str = Field(min_length=1)
    source: str = Field(min_length=1)
    dates: dict[str, CalendarDate]
    overrides: tuple[Override, ...] = ()

    @field_validator("id")
    @classmethod
    def _id_shape(cls, v: str) -> str:
        if not _ID.match(v):
            raise ValueError(f"id {v!r} must look like 'md-2026' (jurisdiction-year[-suffix])")
        return v

    @field_validator("jurisdiction", mode="before")
    @classmethod
    def _known_jurisdiction(cls, v: object) -> object:
        if v not in JURISDICTIONS:
            raise ValueError(
                f"unknown jurisdiction {v!r} (expected one of {', '.join(JURISDICTIONS)})"
            )
        return v

    @field_validator("dates")
    @classmethod
    def _date_keys(cls, v: dict[str, CalendarDate]) -> dict[str, CalendarDate]:
        for key in v:
            if not _KEY.match(key):
                raise ValueError(f"date key {key!r} must be lower_snake_case")
        if "general" not in v:
            raise ValueError("a 'general' election date is required (dates.general)")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> Calendar:
        m = _ID.match(self.id)
        assert m is not None
        if m["j"] != self.jurisdiction or int(m["y"]) != self.year:
            raise ValueError(
                f"id {self.id!r} does not match "
                f"jurisdiction {self.jurisdiction!r} / year {self.year}"
            )
        if self.dates["general"].day.year != self.year:
            raise ValueError(
                f"dates.general {self.dates['general'].day} is not in year {self.year}"
            )
        for i, o in enumerate(self.overrides):
            if o.applies_to not in self.dates:
                raise ValueError(
                    f"overrides[{i}].applies_to {o.applies_to!r} is not a key in [dates]"
                )
        return self

    def get(self, name: str) -> CalendarDate | None:
        """The entry ``name`` or None."""
        return self.dates.get(name)

    def date(self, name: str) -> DateValue:
        """The value of entry ``name`` (KeyError naming the calendar and its keys if absent)."""
        entry = self.dates.get(name)
        if entry is None:
            raise KeyError(f"{self.id} has no date {name!r} (has: {', '.join(sorted(self.dates))})")
        return entry.value

    def source_for(self, name: str) -> str:
        """ "calendar id: published source" of entry ``name``, for ``InputValue.source``."""
        entry = self.dates[name]
        return f"{self.id}: {entry.source}"

    @property
    def general(self) -> dt.date:
        return self.dates["general"].day

    def overrides_for(self, rule: str) -> list[Override]:
        return [o for o in self.overrides if o.rule == rule]

    def override_for(self, rule: str, input_value: DateValue) -> Override | None:
        """The override of ``rule`` whose input falls on the same local day as ``input_value``.

        Matching is by day: a rule may carry the statute's own hour (e.g. 5 p.m.) while the act
        sets another (noon) for the same last day.
        """
        day = _local_day(input_value)
        for o in self.overrides_for(rule):
            if self.dates[o.applies_to].day == day:
                return o
        return None


class CalendarSet:
    """All loaded calendars, with a content hash for the audit trail."""

    def __init__(
        self, calendars: Iterable[Calendar], *, version: str, directory: Path | None = None
    ) -> None:
        self._by_id: dict[str, Calendar] = {}
        for cal in calendars:
            if cal.id in self._by_id:
                raise CalendarError(f"duplicate calendar id {cal.id!r}")
            self._by_id[cal.id] = cal
        self.version = version
        self.directory = directory

    def __iter__(self) -> Iterator[Calendar]:
        return iter(self._by_id[i] for i in self.ids())

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, calendar_id: object) -> bool:
        return calendar_id in self._by_id

    def get(self, calendar_id: str) -> Calendar | None:
        return self._by_id.get(calendar_id)

    def ids(self) -> list[str]:
        return sorted(self._by_id)

    def days_named(self, name: str) -> dict[str, list[dt.date]]:
        """Each jurisdiction's days of the entry `name` ("primary") over the calendars held."""
        days: dict[str, list[dt.date]] = {}
        for cal in self:
            entry = cal.get(name)
            if entry is not None:
                days.setdefault(cal.jurisdiction, []).append(entry.day)
        return days

    def for_jurisdiction(self, jurisdiction: str) -> list[Calendar]:
        """Calendars of ``jurisdiction`` in general-election order."""
        cals = [c for c in self._by_id.values() if c.jurisdiction == jurisdiction]
        return sorted(cals, key=lambda c: (c.general, c.id))

    def find_override(
        self, rule: str, input_value: DateValue, *, jurisdiction: str | None = None
    ) -> tuple[Calendar, Override] | None:
        """The first calendar override of ``rule`` matching ``input_value`` (see override_for)."""
        for cal in self:
            if jurisdiction is not None and cal.jurisdiction != jurisdiction:
                continue
            found = cal.override_for(rule, input_value)
            if found is not None:
                return cal, found
        return None


def calendar_for(
    calendars: CalendarSet,
    jurisdiction: str,
    *,
    today: dt.date,
    given: Iterable[dt.date] = (),
    year: int | None = None,
) -> Calendar | None:
    """The calendar whose election a question is about, or None (then the rule asks).

    The one way "which calendar" is decided:
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
    dates = list(given)
    if dates:
        first = min(dates)
        return next((c for c in cals if c.year == first.year and first <= c.general), None)
    return next(
        (c for c in cals if c.year in (today.year, today.year + 1) and today <= c.general), None
    )


def _loc(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _one_line(err: ValidationError) -> str:
    first = err.errors()[0]
    msg = first["msg"].removeprefix("Value error, ")
    if first["type"] == "missing":
        msg = "required key is missing"
    elif first["type"] == "extra_forbidden":
        msg = "unknown key"
    more = len(err.errors()) - 1
    suffix = f" (+{more} more)" if more else ""
    loc = _loc(tuple(first["loc"]))
    return f"{loc}: {msg}{suffix}" if loc else f"{msg}{suffix}"


def parse_calendar(data: bytes, name: str) -> Calendar:
    """Parse one calendar file's bytes; ``name`` is used in error messages."""
    try:
        raw: dict[str, Any] = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise CalendarError(f"{name}: not UTF-8 ({e.reason})") from None
    except tomllib.TOMLDecodeError as e:
        raise CalendarError(f"{name}: invalid TOML: {e}") from None
    try:
        return Calendar.model_validate(raw)
    except ValidationError as e:
        raise CalendarError(f"{name}: {_one_line(e)}") from None


def default_directory() -> Path:
    """The packaged ``rules/calendars``. The bot's settings read ``DEADLINE_BOT_CALENDARS`` and
    pass the folder in: nothing in ``rules/`` reads the environment."""
    return PACKAGED_DIR


def _files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        raise CalendarError(f"{directory}: calendar directory not found")
    return sorted(directory.glob("*.toml"))


#: A calendar file is a few KB; a megabyte is far beyond any real one (and bounds the read).
MAX_CALENDAR_BYTES = 1024 * 1024


def _read(path: Path) -> bytes:
    """The bytes of a calendar file, only if it is a regular file of sane size: a symlink to
    /dev/zero, a FIFO or a directory named ``*.toml`` is refused at once, naming the file."""
    try:
        return read_regular_file(path, limit=MAX_CALENDAR_BYTES, usual="a calendar is a few KB")
    except FileRefused as exc:
        raise CalendarError(f"{path.name}: {exc.reason}") from None


def load_calendars(directory: Path | None = None) -> CalendarSet:
    """Load and validate every ``*.toml`` calendar in ``directory``; raise CalendarError."""
    directory = directory or default_directory()
    digest = hashlib.sha256()
    calendars: list[Calendar] = []
    seen: dict[str, str] = {}
    for path in _files(directory):
        data = _read(path)
        digest.update(path.name.encode() + b"\0" + data + b"\0")
        cal = parse_calendar(data, path.name)
        if cal.id in seen:
            raise CalendarError(
                f"{path.name}: id: duplicate calendar id {cal.id!r} (also in {seen[cal.id]})"
            )
        seen[cal.id] = path.name
        calendars.append(cal)
    return CalendarSet(calendars, version=digest.hexdigest(), directory=directory)


@cache
def _cached(directory: Path) -> CalendarSet:
    return load_calendars(directory)


def default_calendars() -> CalendarSet:
    """The calendars from ``default_directory()``, loaded once per directory."""
    return _cached(default_directory())  # not resolved: this runs on every answer


def lint_calendars(directory: Path | None = None) -> list[str]:
    """Problems in a calendar directory, one line each (empty when all is well).

    Besides load errors: file name not matching its id, dates far from the election year,
    a deadline falling on a weekend without a note, and out-of-order election days.
    """
    directory = directory or default_directory()
    try:
        files = _files(directory)
    except CalendarError as e:
        return [str(e)]
    if not files:
        return [f"{directory}: no *.toml calendars"]
    problems: list[str] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            cal = parse_calendar(_read(path), path.name)
        except CalendarError as e:
            problems.append(str(e))
            continue
        if cal.id in seen:
            problems.append(
                f"{path.name}: id: duplicate calendar id {cal.id!r} (also in {seen[cal.id]})"
            )
        seen[cal.id] = path.name
        if path.stem != cal.id:
            problems.append(f"{path.name}: id: {cal.id!r} differs from the file name")
        for key, entry in cal.dates.items():
            if not cal.year - 2 <= entry.day.year <= cal.year:
                problems.append(
                    f"{path.name}: dates.{key}: {entry.day} is far from year {cal.year}"
                )
            if entry.day.weekday() >= 5 and not entry.note:
                problems.append(
                    f"{path.name}: dates.{key}: {entry.day} is a weekend day (add a note)"
                )
        primary = cal.get("primary")
        if primary is not None and primary.day >= cal.general:
            problems.append(f"{path.name}: dates.primary: not before the general election")
    return problems


__all__ = [
    "PACKAGED_DIR",
    "Calendar",
    "CalendarDate",
    "CalendarError",
    "CalendarSet",
    "DateValue",
    "Election",
    "Override",
    "calendar_for",
    "default_calendars",
    "default_directory",
    "lint_calendars",
    "load_calendars",
    "parse_calendar",
]
