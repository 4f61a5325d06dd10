"""The typed facts a question states: dates (with a time and a role when the text gives them),
sums of money, counts, the year, and a few labelled facts (event, office, opposed, …).

`bot.language` reads them from free text; each rule's `from_facts` (its statute folder's
`params.py`) maps them onto its parameters. Only what the text states is here: nothing is a
guess, and every field is optional.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime
from datetime import time as ClockTime  # the field FactDate.time shadows the type name
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field

from rules.values import TZ

Event = Literal["withdrawal", "death", "disqualification"]
Cause = Literal["withdrawal", "death", "disqualification", "ineligibility", "disability"]
Office = Literal["state", "city", "town"]
State = Literal["md", "ma"]
Election = Literal["gubernatorial", "presidential", "special-congressional", "regular"]
Nomination = Literal["primary", "convention", "caucus", "nomination-papers"]


# A year written in a date's words: "2026", "'26", "5/20/26".
_YEAR_IN_WORDS = re.compile(r"(?:19|20)\d\d|['’]\d\d\b|\d[/.-]\d{1,2}[/.-]\d{2}")


class FactDate(BaseModel):
    """One date found in the text, with the clock time written next to it (if any)."""

    value: date
    time: ClockTime | None = None
    span: str
    start: int = 0
    role: str | None = None  # event_date, withdrawal_deadline, primary, special_primary, ...
    year_written: bool = True  # False for "Feb 26": its year was taken from the question
    # The weekday written with a date whose year was not ("Friday June 9": 4 = Friday), checked
    # once the question's year is known (`bot.language.dates.settle_weekdays`).
    weekday: int | None = None

    @property
    def year_spelled(self) -> bool:
        """Whether the date's own words write its year ("Aug 3, 2026", "5/20/26", "'30"), not
        only place it relative to today ("last Friday", "yesterday")."""
        return self.year_written and bool(_YEAR_IN_WORDS.search(self.span))

    def as_datetime(self) -> datetime | None:
        """The tz-aware moment (America/New_York), only when a time was written."""
        if self.time is None:
            return None
        return datetime.combine(self.value, self.time, tzinfo=TZ)

    def as_param(self) -> date | datetime:
        """The datetime when a time was given, else the date."""
        return self.as_datetime() or self.value


class FactAmount(BaseModel):
    """A sum of money and what the nearby words say it is (private, fund, entitlement)."""

    value: Decimal
    span: str
    start: int = 0
    role: str | None = None
    each: bool = False  # "$500,000 each": one amount per ticket
    times: int = 1  # "3 donors @ $250", "$50 x3": the same sum given this many times


class FactCount(BaseModel):
    """A plain count (voters, votes, tickets) and the noun that follows it."""

    value: int
    span: str
    start: int = 0
    role: str | None = None  # registered_voters, votes, tickets, signatures, ...


class FactMention(BaseModel):
    """A term of the question the reader recognised, with its role and the words it came from:
    an office ("office": "lieutenant-governor"), an office the question says it is *not* about
    ("not_office"), what is asked ("asks": "withdrawal-deadline"), a topic no rule's frame may
    share ("topic": "vacancy-in-office"), a detail of the event ("detail":
    "insufficient-signatures"). Values are the lexicon's canonical terms."""

    role: str
    value: str
    span: str
    start: int = 0


class Facts(BaseModel):
    """Everything a question states; every field is optional."""

    dates: list[FactDate] = Field(default_factory=list)
    money: list[Decimal] = Field(default_factory=list)
    amounts: list[FactAmount] = Field(default_factory=list)  # money, with roles
    counts: list[int] = Field(default_factory=list)
    numbers: list[FactCount] = Field(default_factory=list)  # counts, with roles
    year: int | None = None
    years: list[int] = Field(default_factory=list)  # every year said on its own, `year` first
    event: Event | None = None
    cause: Cause | None = None  # finer than `event`: ineligibility, disability (Mass. § 14)
    office: Office | None = None
    office_name: str | None = None  # the words used: "state rep", "mayor", "governor", ...
    opposed: bool | None = None
    state: State | None = None
    election: Election | None = None
    nomination: Nomination | None = None
    received_primary: bool | None = None
    exceeded_primary_limit: bool | None = None
    mentions: list[FactMention] = Field(default_factory=list)  # terms read, with their role
    problems: list[str] = Field(default_factory=list)
    truncated: bool = False

    def values(self, role: str) -> list[str]:
        """The distinct canonical values mentioned in `role`, in text order."""
        return list(dict.fromkeys(m.value for m in self.mentions if m.role == role))

    def stages(self) -> list[str]:
        """Which election's money or filing the question names: a phrase's ("for the general
        election"), else a bare "primary" or "general" said alone (`stage_word`)."""
        return self.values("stage") or self.values("stage_word")

    def date_with_role(self, role: str) -> FactDate | None:
        """The first date labelled `role`."""
        return next((d for d in self.dates if d.role == role), None)

    def only_date(self, roles: tuple[str | None, ...]) -> FactDate | None:
        """The one date whose role is in `roles` (None: unlabelled), if exactly one is."""
        found = [d for d in self.dates if d.role in roles]
        return found[0] if len(found) == 1 else None

    def count(self, role: str) -> int | None:
        """The count labelled `role`, else the only unlabelled one (never a guess)."""
        return _by_role(self.numbers, role)

    def amount(self, role: str) -> Decimal | None:
        """The sum labelled `role`, else the only unlabelled one (never a guess)."""
        return _by_role(self.amounts, role)

    def year_only(self) -> dict[str, object]:
        """The `year` parameter, when the question states a year."""
        return {"year": self.year} if self.year else {}

    def year_of_dates(self) -> dict[str, object]:
        """The `year` parameter: a year said on its own, else the one year every date the
        question writes out with its year is in ("handed in at 5:01 pm on Aug 3, 2026": the
        2026 deadline's day)."""
        if self.year:
            return {"year": self.year}
        written = {d.value.year for d in self.dates if d.year_written}
        return {"year": written.pop()} if len(written) == 1 else {}


def _by_role(items: Sequence[FactAmount] | Sequence[FactCount], role: str) -> Any:
    labelled = [i.value for i in items if i.role == role]
    if labelled:
        # Two different sums or counts with one role ("W1 3,402 / W2 2,977 / W3 4,118
        # registered voters"): which one is meant is not said, so none is taken.
        return labelled[0] if len(set(labelled)) == 1 else None
    # A value said again with another role ("1% of 19k is 190, so 190 sigs") is that one.
    other = {i.value for i in items if i.role is not None}
    plain = [i.value for i in items if i.role is None and i.value not in other]
    return plain[0] if len(plain) == 1 else None
