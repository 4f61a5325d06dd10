"""Shared helpers for the reminder tests and benchmark (no tests here).

- `FakeDeadline`: the shape of `rules.season.SeasonDeadline` (docs/ARCHITECTURE.md), so the
  reminder tests do not depend on when the lead's season module lands.
- `TableSource`: an in-memory deadline source whose dates a test can move (a court order).
- `synthetic_source`: a deterministic source for load tests, importable by dispatcher
  subprocesses (`--source tests.support.reminders:synthetic_source`): calendar id
  `bench-N` has N deadlines.
- Every synthetic deadline cites Md. Code, Elec. Law § 5-703(f)(1) (petitions filed by 5 p.m. on
  the first Monday in August), quoted from the corpus.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from functools import cache
from pathlib import Path

from rules.result import Citation, InputValue, Result
from rules.values import TZ as TIMEZONE
from tests.support import REPO_ROOT

REPO = REPO_ROOT
PETITION_CITE = "Md. Code, Elec. Law § 5-703(f)(1)"
# § 5-703(f)(1): first Monday in August 2026, 5 p.m.
PETITION_DEADLINE = datetime(2026, 8, 3, 17, 0, tzinfo=TIMEZONE)


@cache
def petition_citation() -> Citation:
    """§ 5-703(f)(1) quoted verbatim from the packaged corpus."""
    from statutes import default_corpus

    return Citation.of(default_corpus().lookup(PETITION_CITE))


@dataclass(frozen=True)
class FakeDeadline:
    """Same fields as `rules.season.SeasonDeadline`."""

    key: str
    calendar_id: str
    rule: str
    params: dict[str, str]
    deadline: datetime
    title: str
    result: Result
    basis_changed: str | None = None


def petition_deadline(
    calendar_id: str = "md-2026",
    deadline: datetime = PETITION_DEADLINE,
    *,
    name: str = "md-petition-certificate",
    basis_changed: str | None = None,
) -> FakeDeadline:
    """A petition-filing deadline (§ 5-703(f)(1)) as the season module would compute it."""
    result = Result(
        rule="md-petition-certificate",
        inputs={
            "year": InputValue(value=deadline.year),
            "general": InputValue(
                value="2026-11-03", origin="calendar", source=f"{calendar_id}: SBE 2026 calendar"
            ),
        },
        result={"deadline": deadline},
        answer=f"Petitions are due {deadline:%B} {deadline.day}, {deadline.year} at 5 p.m.",
        citations=[petition_citation()],
    )
    return FakeDeadline(
        key=f"{calendar_id}/{name}",
        calendar_id=calendar_id,
        rule="md-petition-certificate",
        params={"year": str(deadline.year)},
        deadline=deadline,
        title="Petitions of non-party candidates",
        result=result,
        basis_changed=basis_changed,
    )


@dataclass
class TableSource:
    """calendar id → deadlines, editable by a test; unknown calendars raise KeyError."""

    table: dict[str, list[FakeDeadline]] = field(default_factory=dict)
    calls: list[tuple[str, date, list[str] | None]] = field(default_factory=list)

    def __call__(
        self, calendar_id: str, today: date, rule_ids: list[str] | None
    ) -> list[FakeDeadline]:
        self.calls.append((calendar_id, today, rule_ids))
        if calendar_id not in self.table:
            raise KeyError(f"no calendar {calendar_id!r}")
        found = self.table[calendar_id]
        return [d for d in found if rule_ids is None or d.rule in rule_ids]

    def move(self, key: str, deadline: datetime, basis: str) -> None:
        """A court order moves one deadline."""
        for cal, items in self.table.items():
            self.table[cal] = [
                replace(d, deadline=deadline, basis_changed=basis) if d.key == key else d
                for d in items
            ]


@cache
def _synthetic(calendar_id: str) -> tuple[FakeDeadline, ...]:
    count = int(calendar_id.rsplit("-", 1)[1])
    base = petition_deadline(calendar_id)
    return tuple(
        replace(base, key=f"{calendar_id}/d{i}", title=f"Synthetic deadline {i}")
        for i in range(count)
    )


def synthetic_source(
    calendar_id: str, today: date, rule_ids: list[str] | None
) -> Sequence[FakeDeadline]:
    """`bench-N`: N deadlines, all at the § 5-703(f)(1) petition deadline, keys `bench-N/dI`."""
    if not calendar_id.startswith("bench-"):
        raise KeyError(f"no calendar {calendar_id!r}")
    return _synthetic(calendar_id)


def dispatcher_process(
    db_url: str,
    slack_base_url: str,
    fake_now: datetime,
    *extra: str,
    log_path: Path | None = None,
) -> subprocess.Popen[bytes]:
    """Start `python -m bot.reminders` as its own process against the synthetic source."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bot.reminders",
            "--database-url",
            db_url,
            "--slack-base-url",
            slack_base_url,
            "--token",
            "xoxb-test",
            "--fake-now",
            fake_now.isoformat(),
            "--source",
            "tests.support.reminders:synthetic_source",
            "--until-idle",
            "--no-pacing",
            "--max-seconds",
            "60",
            *extra,
        ],
        cwd=REPO,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
    )
