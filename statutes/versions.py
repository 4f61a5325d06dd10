"""Dated versions of a law: the metadata in a corpus folder's `versions.toml` (issue 11).

A corpus folder may hold several XML files for one law; each file is one *version*. Their
metadata is data: `versions.toml` at the corpus root, one `[[version]]` per XML file, plus one per
version known to have existed whose text we do not hold (`held = false`, no `file`). The
versions of one law are listed **oldest first**: that order is the order of the texts, and the
dates must agree with it (`statutes.in_force` checks them when the corpus loads).

Dates are TOML dates, or "unknown" where no source establishes them (None in `Version`);
`in_force_to` is the last day in force, or "current" for the newest text when no later one is
known. What the dates tell about the text in force on a day is in `statutes.in_force`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import (
    BeforeValidator,
    ConfigDict,
    StrictBool,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from statutes.citations import CitationSyntaxError, parse_pinpoint
from statutes.safexml import FileRefused, read_regular_file, shown

VERSIONS_FILE = "versions.toml"
# One entry is ~1-3 KB (its bases quote sources at length): 8 MiB is a few thousand versions.
MAX_VERSIONS_BYTES = 8 * 1024 * 1024
UNKNOWN: Final = "unknown"
CURRENT: Final = "current"
UNDATED_ID: Final = "undated"

_LAW_KEY = re.compile(r"[a-z]+/[a-z]+/(?:c[^/\s]{1,40}/)?[^/\s]{1,40}")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")
_FILE = re.compile(r"(?:[^/\\\s]+/)?[^/\\\s]+\.xml")


# Law in force spans centuries, not millennia; the bounds keep day arithmetic from overflowing.
_EARLIEST, _LATEST = date(1600, 1, 1), date(9998, 12, 31)


def _day(value: object, expected: str) -> date:
    # TOML dates arrive as `date`; a date-time, a time or a quoted "2014-05-16" is not a day.
    if isinstance(value, date) and not isinstance(value, datetime):
        if _EARLIEST <= value <= _LATEST:
            return value
        raise ValueError(f"{value.isoformat()} is not a plausible date")
    raise ValueError(f"expected {expected}, got {_shown_value(value)}")


def _a_date(value: object) -> date:
    return _day(value, "a TOML date such as 2014-05-16")


def _date_or_unknown(value: object) -> date | None:
    if value == UNKNOWN:
        return None
    return _day(value, 'a TOML date or "unknown"')


def _last_day(value: object) -> date | Literal["current"] | None:
    if value == CURRENT:
        return CURRENT
    if value == UNKNOWN:
        return None
    return _day(value, 'a TOML date, "unknown" or "current"')


def _pinpoints(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f'expected a list of pinpoints such as ["(e)(3)", "(f)"], got {value!r}')
    out = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise ValueError(f'expected a pinpoint such as "(e)(3)", got {_shown_value(item)}')
        try:
            if not pinpoint_path(item):
                raise CitationSyntaxError("empty")
        except CitationSyntaxError:
            raise ValueError(
                f'{shown(item, 60)!r} is not a pinpoint such as "(e)(3)" or "sentence 7"'
            ) from None
        out.append(item.strip())
    return tuple(out)


def _shown_value(value: object) -> str:
    return shown(repr(value), 80) if not isinstance(value, date) else value.isoformat()


@lru_cache(maxsize=1024)
def pinpoint_path(pinpoint: str) -> tuple[str, ...]:
    """ "(e)(3)" → ("e", "3"), "sentence 7" → ("s7",): the citation parser's own reading."""
    return parse_pinpoint(pinpoint)


Day = Annotated[date, BeforeValidator(_a_date)]
DayOrUnknown = Annotated[date | None, BeforeValidator(_date_or_unknown)]
OptionalDay = Annotated[date | None, BeforeValidator(_a_date)]
LastDay = Annotated[date | Literal["current"] | None, BeforeValidator(_last_day)]
Pinpoints = Annotated[tuple[str, ...], BeforeValidator(_pinpoints)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Version:
    """One text version of a law, as `versions.toml` describes it (None: "unknown")."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    law: StrictStr  # the law key, e.g. "md/gel/5-703"
    id: StrictStr  # a short label, unique per law: "2014", "2025"
    file: StrictStr | None = None  # relative to the corpus root; None for a version not held
    held: StrictBool = True
    text_as_of: DayOrUnknown  # the day the source says its text was current
    in_force_from: DayOrUnknown
    in_force_from_basis: StrictStr = field(repr=False)
    in_force_to: LastDay  # the last day in force, or "current"
    in_force_to_basis: StrictStr = field(repr=False)
    in_force_from_not_before: OptionalDay = None  # cannot have been in force earlier
    in_force_to_not_before: OptionalDay = None  # was in force at least until this day
    source: StrictStr  # where the text was read (site, URL, its own "current as of")
    # the independent copy compared word for word, and "identical" or the differences found
    second_source: StrictStr | None = field(default=None, repr=False)
    comparison: StrictStr | None = field(default=None, repr=False)
    retrieved: OptionalDay  # required in versions.toml; None only for an undated version
    official: StrictBool | None  # None: not known (a file without metadata)
    missing: Pinpoints = ()  # subsections this version does not hold, as cited: "(e)(3)"
    missing_basis: StrictStr = field(default="", repr=False)

    @classmethod
    def undated(cls, law: str, file: str) -> Version:
        """The single version of a file that no `versions.toml` describes."""
        return cls(
            law=law,
            id=UNDATED_ID,
            file=file,
            text_as_of=None,
            in_force_from=None,
            in_force_from_basis="",
            in_force_to=None,
            in_force_to_basis="",
            source=file,
            retrieved=None,
            official=None,
        )

    @property
    def dated(self) -> bool:
        """False for a file loaded without version metadata."""
        return self.retrieved is not None

    @property
    def missing_paths(self) -> tuple[tuple[str, ...], ...]:
        """The `missing` pinpoints as node paths: "(e)(3)" → ("e", "3")."""
        return tuple(pinpoint_path(m) for m in self.missing)

    def lacks(self, path: Sequence[str]) -> bool:
        """Whether the node at `path` lies inside a subsection this version does not hold."""
        return any(tuple(path[: len(m)]) == m for m in self.missing_paths)

    def as_dict(self) -> dict[str, object]:
        """What a citation carries: which text, when in force, where it was read."""
        return {
            "law": self.law,
            "id": self.id,
            "text_as_of": _iso(self.text_as_of),
            "in_force_from": _iso(self.in_force_from),
            "in_force_from_not_before": _iso(self.in_force_from_not_before),
            "in_force_to": _iso(self.in_force_to),
            "in_force_to_not_before": _iso(self.in_force_to_not_before),
            "source": self.source,
            "retrieved": _iso(self.retrieved),
            "official": self.official,
            "held": self.held,
            "missing": list(self.missing),
        }

    def summary(self) -> str:
        """One line for people: "version 2014: in force from an unknown day to an unknown day
        (text as of 2014-05-16); source …; unofficial copy"."""
        if not self.dated:
            return f"{self.source}: no version metadata (dates and source not recorded)"
        start = _said(self.in_force_from, "an unknown day")
        end = _said(self.in_force_to, "an unknown day")
        if self.in_force_to == CURRENT:
            end = "the present (no later text known)"
        as_of = f" (text as of {self.text_as_of.isoformat()})" if self.text_as_of else ""
        status = "official" if self.official else "unofficial copy"
        held = "" if self.held else "; text not held"
        return (
            f"version {self.id}: in force from {start} to {end}{as_of}; "
            f"source {self.source}; {status}{held}"
        )


def _iso(value: date | str | None) -> str | None:
    return value.isoformat() if isinstance(value, date) else value


def _said(value: date | str | None, unknown: str) -> str:
    return value.isoformat() if isinstance(value, date) else unknown


_ADAPTER = TypeAdapter(Version)

# Pairs of dates of one version that must be in this order when both are known.
_ORDER = (
    ("in_force_from_not_before", "in_force_from"),
    ("in_force_from_not_before", "text_as_of"),
    ("in_force_from_not_before", "in_force_to_not_before"),
    ("in_force_from_not_before", "in_force_to"),
    ("in_force_from", "text_as_of"),
    ("in_force_from", "in_force_to_not_before"),
    ("in_force_from", "in_force_to"),
    ("text_as_of", "in_force_to"),
    ("in_force_to_not_before", "in_force_to"),
)


def _entry_problem(v: Version) -> str | None:
    """`key: message` for a version whose fields contradict each other, else None."""
    if not _LAW_KEY.fullmatch(v.law):
        return f'law: {shown(v.law, 60)!r} is not a law key such as "md/gel/5-703"'
    if not _ID.fullmatch(v.id):
        return f"id: {shown(v.id, 60)!r} is not a short label of letters, digits, '.', '-', '_'"
    if v.held:
        for key in ("file", "second_source", "comparison"):
            if getattr(v, key) is None:
                return f"{key}: required key is missing (a held version needs it)"
        if not _FILE.fullmatch(v.file or "") or ".." in (v.file or ""):
            return (
                f'file: {shown(v.file, 60)!r} is not a path such as "md/gel-5-703.xml" '
                "relative to the corpus folder"
            )
    elif v.file is not None or v.missing:
        key = "file" if v.file is not None else "missing"
        return f"{key}: a version with held = false has no text, so no {key}"
    if v.missing and not v.missing_basis.strip():
        return "missing_basis: required when missing is given"
    for basis in ("in_force_from_basis", "in_force_to_basis", "source"):
        if not getattr(v, basis).strip():
            return f"{basis}: must not be empty"
    for early, late in _ORDER:
        a, b = getattr(v, early), getattr(v, late)
        if isinstance(a, date) and isinstance(b, date) and a > b:
            return f"{early}: {a.isoformat()} is after {late} {b.isoformat()}"
    return None


def _validation_line(err: ValidationError) -> str:
    first = err.errors()[0]
    msg = first["msg"].removeprefix("Value error, ")
    if first["type"] == "missing":
        msg = "required key is missing"
    elif first["type"] in ("unexpected_keyword_argument", "extra_forbidden"):
        msg = "unknown key"
    key = ".".join(str(p) for p in first["loc"])
    return f"{key}: {msg}"


def read_versions(path: Path) -> tuple[list[Version], list[str]]:
    """The versions described in `path` (a `versions.toml`), in file order, and one-line error
    messages (each naming the file, the entry and the key) for entries that cannot be used.

    The file is read with the statute files' care (regular file, size cap). A file that cannot
    be read or parsed at all gives no version and one error.
    """
    name = shown(path)
    try:
        data = read_regular_file(path, limit=MAX_VERSIONS_BYTES, usual="version metadata")
        doc = tomllib.loads(data.decode("utf-8"))
    except FileRefused as exc:
        return [], [str(exc)]
    except UnicodeDecodeError:
        return [], [f"{name}: not UTF-8 text"]
    except tomllib.TOMLDecodeError as exc:
        return [], [f"{name}: not valid TOML: {shown(str(exc).splitlines()[0], 160)}"]
    except RecursionError:
        return [], [f"{name}: not valid TOML: nested too deeply"]
    unknown = sorted(set(doc) - {"version"})
    if unknown:
        return [], [f"{name}: {shown(unknown[0], 60)}: unknown key (expected [[version]] tables)"]
    entries = doc.get("version", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        return [], [f"{name}: version: expected [[version]] tables"]
    versions: list[Version] = []
    errors: list[str] = []
    seen: dict[tuple[str, str], int] = {}
    files: dict[str, int] = {}
    for n, entry in enumerate(entries, start=1):
        where = f"{name}: {_entry_label(n, entry)}"
        try:
            version = _ADAPTER.validate_python(entry)
        except ValidationError as exc:
            errors.append(f"{where}: {_validation_line(exc)}")
            continue
        problem = _entry_problem(version)
        if problem:
            errors.append(f"{where}: {problem}")
            continue
        first = seen.setdefault((version.law, version.id), n)
        if first != n:
            errors.append(f"{where}: id: listed twice for this law")
            continue
        if version.file is not None:
            first = files.setdefault(version.file, n)
            if first != n:
                errors.append(f"{where}: file: {version.file} is already another version's file")
                continue
        versions.append(version)
    return versions, errors


def _entry_label(n: int, entry: dict[str, object]) -> str:
    law, vid = entry.get("law"), entry.get("id")
    if isinstance(law, str) and isinstance(vid, str):
        return entry_label(law, vid)
    return f"version {n}"  # the n-th [[version]]: law or id is what is wrong with it


def entry_label(law: str, version_id: str) -> str:
    """How error messages name an entry of versions.toml: "version '2014' of md/gel/5-703"."""
    return f"version {shown(version_id, 40)!r} of {shown(law, 60)}"
