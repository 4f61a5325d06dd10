"""Benchmark: time to dispatch N due reminders with the fake Slack answering instantly.

    .venv/bin/python benchmarks/reminders.py [--count 10000] [--postgres URL] [--dispatchers 3]

Runs on a fresh SQLite file and, when a PostgreSQL URL is given (or `TEST_DATABASE_URL` is set),
on a fresh PostgreSQL database created next to it (dropped afterwards). Dispatchers are separate
processes (`python -m bot.reminders --until-idle --no-pacing`, frozen fake clock, synthetic
deadline source); the fake Slack API runs in this process. Prints the rate measured from the
first to the last `chat.postMessage` the fake received, the wall time including process start,
checks every reminder was posted exactly once, and shows how many occurrences each dispatcher
claimed (from its `tick:` log lines): with claims bounded by `--batch-size`, the dispatchers
share the work; an unbounded claim shows up as one dispatcher claiming everything. Target:
≥ 500 reminders/s on PostgreSQL with 3 dispatchers.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
import uuid
from collections import Counter
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from bot.ops.db import make_engine, upgrade  # noqa: E402
from bot.reminders.subscriptions import create_subscription  # noqa: E402
from rules.values import TZ as TIMEZONE  # noqa: E402
from tests.support.fakeslack import FakeSlack  # noqa: E402
from tests.support.reminders import dispatcher_process, synthetic_source  # noqa: E402

CREATED = datetime(2026, 7, 1, 10, 0, tzinfo=TIMEZONE)
DUE = datetime(2026, 8, 2, 9, 0, 30, tzinfo=TIMEZONE)  # every reminder is due, none late
PER_CHANNEL = 100
TIMEOUT = 600.0
CLAIMED = re.compile(r"tick: TickReport\(.*?\bclaimed=(\d+), recovered=(\d+)")


def claimed_by(log_path: Path) -> int:
    """Occurrences one dispatcher claimed (due + recovered), summed over its tick log lines."""
    text = log_path.read_text(errors="replace")
    return sum(int(due) + int(stale) for due, stale in CLAIMED.findall(text))


def prepare(url: str, count: int) -> float:
    """Migrate and subscribe count / PER_CHANNEL channels; returns the planning time."""
    upgrade(url)
    engine = make_engine(url)
    started = time.perf_counter()
    for n in range(count // PER_CHANNEL):
        create_subscription(
            engine,
            channel_id=f"C{n:05d}",
            created_by="UBENCH",
            now=CREATED,
            calendar_id=f"bench-{PER_CHANNEL}",
            offsets_days=[1],
            source=synthetic_source,
        )
    engine.dispose()
    return time.perf_counter() - started


def dispatch(url: str, count: int, dispatchers: int, batch: int, workers: int) -> None:
    label = f"{make_url(url).get_backend_name():<10} {dispatchers} dispatcher(s)"
    planning = prepare(url, count)
    with FakeSlack() as fake, tempfile.TemporaryDirectory() as logs:
        started = time.perf_counter()
        procs = [
            dispatcher_process(
                url,
                fake.base_url,
                DUE,
                "--batch-size",
                str(batch),
                "--workers",
                str(workers),
                log_path=Path(logs) / f"d{i}.log",
            )
            for i in range(dispatchers)
        ]
        codes = [p.wait(timeout=TIMEOUT) for p in procs]
        wall = time.perf_counter() - started
        calls = fake.calls_to("chat.postMessage")
        shares = [claimed_by(Path(logs) / f"d{i}.log") for i in range(dispatchers)]
    keys = Counter(c.body["metadata"]["event_payload"]["occurrence"] for c in calls)
    exactly_once = len(keys) == count and set(keys.values()) == {1}
    span = max(c.at for c in calls) - min(c.at for c in calls) if calls else float("nan")
    print(
        f"{label}: {count} reminders posted in {span:.2f} s = {count / span:,.0f}/s "
        f"(wall incl. process start {wall:.2f} s; planning {planning:.2f} s; "
        f"exactly once: {exactly_once}; exit codes {codes}; "
        f"claimed per dispatcher {shares} with batch size {batch})",
        flush=True,
    )


def with_postgres_database(base_url: str) -> tuple[str, object]:
    """A fresh database on the server of `base_url`, and a function that drops it."""
    base = make_url(base_url)
    name = f"deadline_bot_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return base.set(database=name).render_as_string(hide_password=False), drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--dispatchers", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=500)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--postgres", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument("--skip-sqlite", action="store_true")
    args = parser.parse_args()
    if not args.skip_sqlite:
        with tempfile.TemporaryDirectory() as tmp:
            for n in sorted({1, args.dispatchers}):
                url = f"sqlite:///{Path(tmp) / f'bench{n}.sqlite3'}"
                dispatch(url, args.count, n, args.batch_size, args.workers)
    if args.postgres:
        url, drop = with_postgres_database(args.postgres)
        try:
            dispatch(url, args.count, args.dispatchers, args.batch_size, args.workers)
        finally:
            drop()  # type: ignore[operator]
    else:
        print("PostgreSQL skipped: pass --postgres URL or set TEST_DATABASE_URL", flush=True)


if __name__ == "__main__":
    main()
