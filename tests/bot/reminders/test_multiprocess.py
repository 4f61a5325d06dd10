"""Several dispatcher processes against one database and the fake Slack: exactly once.

Dispatchers run as separate processes (`python -m bot.reminders`, pacing off, a frozen fake
clock) with the synthetic deadline source (each deadline cites § 5-703(f)(1)); the fake Slack
server runs in this test process and counts every `chat.postMessage` it receives.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from bot.reminders.models import Occurrence, ReminderAction
from bot.reminders.subscriptions import create_subscription
from rules.values import TZ as TIMEZONE
from tests.support.fakeslack import FakeSlack
from tests.support.reminders import dispatcher_process, synthetic_source

pytest_plugins = ("tests.support.db",)
pytestmark = pytest.mark.slow

CREATED = datetime(2026, 7, 1, 10, 0, tzinfo=TIMEZONE)
DUE = datetime(2026, 8, 2, 9, 0, 30, tzinfo=TIMEZONE)  # 1 day before § 5-703(f)(1)'s Aug 3
CHANNELS = [f"C{n:03d}" for n in range(50)]
TIMEOUT = 90  # seconds for any one wait
# A claim older than this is taken over. Short for the test; long enough that a live, busy
# dispatcher on this 2-core machine renews its claim in time (production default: 300 s).
STALE = 3.0


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    with FakeSlack() as server:
        yield server


def subscribe_channels(engine: Engine, per_channel: int) -> int:
    """One subscription per channel to `bench-<per_channel>`, 1 day before: the total."""
    for channel in CHANNELS:
        create_subscription(
            engine,
            channel_id=channel,
            created_by="UADMIN",
            now=CREATED,
            calendar_id=f"bench-{per_channel}",
            offsets_days=[1],
            source=synthetic_source,
        )
    return per_channel * len(CHANNELS)


def run_all(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        try:
            assert proc.wait(timeout=TIMEOUT) == 0, "dispatcher exited with an error"
        finally:
            if proc.poll() is None:
                proc.kill()


def posted_keys(fake: FakeSlack) -> Counter[str]:
    return Counter(
        c.body["metadata"]["event_payload"]["occurrence"] for c in fake.calls_to("chat.postMessage")
    )


def states(engine: Engine) -> dict[str, int]:
    with Session(engine) as session:
        rows = session.execute(
            select(Occurrence.state, func.count()).group_by(Occurrence.state)
        ).all()
    return {state: count for state, count in rows}


def test_three_processes_post_1000_reminders_exactly_once(
    engine: Engine, db_url: str, fake: FakeSlack, tmp_path: Path
) -> None:
    total = subscribe_channels(engine, per_channel=20)
    assert total == 1000
    procs = [
        dispatcher_process(
            db_url, fake.base_url, DUE, "--batch-size", "50", log_path=tmp_path / f"d{i}.log"
        )
        for i in range(3)
    ]
    run_all(procs)
    keys = posted_keys(fake)
    assert len(keys) == total
    assert set(keys.values()) == {1}
    assert states(engine) == {"sent": total}
    assert {c.body["channel"] for c in fake.calls_to("chat.postMessage")} == set(CHANNELS)


def test_sigkill_mid_batch_then_restart_still_exactly_once(
    pg_engine: Engine, pg_url: str, fake: FakeSlack, tmp_path: Path
) -> None:
    engine = pg_engine
    total = subscribe_channels(engine, per_channel=20)
    # One big batch, so the kill lands between posts and their commit.
    victim = dispatcher_process(
        pg_url, fake.base_url, DUE, "--batch-size", "1000", log_path=tmp_path / "victim.log"
    )
    deadline = time.monotonic() + TIMEOUT
    while len(fake.calls_to("chat.postMessage")) < total // 3:
        assert time.monotonic() < deadline and victim.poll() is None, "victim never posted"
        time.sleep(0.005)
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(timeout=TIMEOUT)
    fake.settle()  # the victim's last whole request may still be in the server
    before = posted_keys(fake)
    left = states(engine)
    assert left.get("posting", 0) > 0, f"kill did not land mid-batch: {left}"
    time.sleep(STALE + 0.2)  # let the dead claim go stale
    run_all(
        [
            dispatcher_process(
                pg_url,
                fake.base_url,
                DUE,
                "--stale-after",
                str(STALE),
                "--batch-size",
                "100",
                log_path=tmp_path / f"r{i}.log",
            )
            for i in range(3)
        ]
    )
    keys = posted_keys(fake)
    assert len(keys) == total
    assert set(keys.values()) == {1}, "a reminder was posted twice"
    assert states(engine) == {"sent": total}
    # posts that reached Slack before the kill were found in history, not posted again
    with Session(engine) as session:
        reconciled = session.scalar(
            select(func.count()).where(ReminderAction.action == "reconciled")
        )
    unrecorded = sum(1 for _ in before) - left.get("sent", 0)
    assert reconciled == unrecorded > 0


def test_rate_limited_for_a_while_then_all_posted_once(
    pg_engine: Engine, pg_url: str, fake: FakeSlack, tmp_path: Path
) -> None:
    engine = pg_engine
    total = subscribe_channels(engine, per_channel=4)
    fake.fail_next("chat.postMessage", 12, status=429, retry_after=1)
    started = time.monotonic()
    run_all(
        [
            dispatcher_process(
                pg_url,
                fake.base_url,
                DUE,
                "--batch-size",
                "50",
                log_path=tmp_path / f"d{i}.log",
            )
            for i in range(3)
        ]
    )
    assert time.monotonic() - started >= 1.0
    keys = posted_keys(fake)
    assert len(keys) == total and set(keys.values()) == {1}
    assert states(engine) == {"sent": total}


def test_outage_then_start_posts_late_or_logs_missed(
    engine: Engine, db_url: str, fake: FakeSlack, tmp_path: Path
) -> None:
    """A dispatcher process started after an outage: late before the deadline, missed after."""
    subscribe_channels(engine, per_channel=1)
    late_start = DUE + timedelta(hours=5)  # 14:00 on Aug 2: deadline Aug 3 5 p.m. not passed
    run_all([dispatcher_process(db_url, fake.base_url, late_start, log_path=tmp_path / "late.log")])
    bodies = [c.body for c in fake.calls_to("chat.postMessage")]
    assert len(bodies) == len(CHANNELS)
    assert all("This reminder is late" in b["text"] for b in bodies)

    create_subscription(
        engine,
        channel_id="CMISSED",
        created_by="UADMIN",
        now=CREATED,
        calendar_id="bench-1",
        offsets_days=[1],
        source=synthetic_source,
    )
    after = datetime(2026, 8, 3, 17, 1, tzinfo=TIMEZONE)  # a minute past the deadline
    run_all([dispatcher_process(db_url, fake.base_url, after, log_path=tmp_path / "miss.log")])
    assert len(fake.calls_to("chat.postMessage")) == len(CHANNELS)  # nothing more posted
    assert states(engine) == {"sent": len(CHANNELS), "missed": 1}
