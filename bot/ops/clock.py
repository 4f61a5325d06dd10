"""The one place the bot reads the time: a `Clock` handed to the answering service.

Every face asks the service's clock (`service.clock.now()`, `service.today()`), never the wall
clock itself, so `--today`, a test or a dispatcher with a frozen `--fake-now` changes "now" for
everything at once. Times are aware, in the statutes' zone (America/New_York).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Protocol

from rules.values import TZ


class Clock(Protocol):
    """Where "now" comes from."""

    def now(self) -> datetime:
        """The current time, aware, in America/New_York."""
        ...


class SystemClock:
    """The wall clock."""

    def now(self) -> datetime:
        return datetime.now(TZ)


@dataclass(frozen=True)
class FixedClock:
    """A clock that always says `at` (`--today`, `--fake-now`, tests)."""

    at: datetime

    def __post_init__(self) -> None:
        if self.at.tzinfo is None:  # a naive time is Eastern, as everything the bot reads
            object.__setattr__(self, "at", self.at.replace(tzinfo=TZ))

    @classmethod
    def on(cls, day: date) -> FixedClock:
        """The start of `day` (what `--today YYYY-MM-DD` means)."""
        return cls(datetime.combine(day, time.min, TZ))

    def now(self) -> datetime:
        return self.at


def local_day(moment: datetime) -> date:
    """The date in America/New_York at `moment`."""
    return moment.astimezone(TZ).date()
