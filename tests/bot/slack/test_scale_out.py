"""Two HTTP replicas behind a (notional) load balancer, one PostgreSQL: answered once.

Two real `deadline-bot serve` processes (HTTP mode, 127.0.0.1, the same `DATABASE_URL`, Web API
calls to the fake Slack in this test process). A Slack delivery and its retry land on different
replicas — one after the other and at the same moment — and the fake must see exactly one
answer: the dedupe claim is a row in `processed_events`, not process memory. Both replicas also
run the reminder dispatcher on the real clock; one-off reminders due now are posted once across
the two.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from bot.ops.audit import AuditRow
from bot.ops.db import ProcessedEvent, make_engine
from bot.reminders.models import Occurrence
from bot.reminders.subscriptions import create_subscription
from rules.values import TZ as TIMEZONE
from tests.support import REPO_ROOT
from tests.support.fakeslack import FakeSlack
from tests.support.slack import BOT_TOKEN, SIGNING_SECRET, SLACK_ENV, signed_headers

pytest_plugins = ("tests.support.db",)
pytestmark = pytest.mark.slow

ROOT = REPO_ROOT
START_TIMEOUT = 90  # seconds for a replica to answer /healthz
SETTLE = 2.0  # seconds a wrongly answered duplicate gets to show up
DISPATCH_INTERVAL = 5.0  # bot.slack.server.ReminderThread's tick
QUESTION = "LG candidate died May 1 2026, successor deadline?"  # § 5-903(b)(2)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Replica:
    """One `python -m bot.cli serve` process in HTTP mode on a free loopback port."""

    def __init__(self, name: str, env: dict[str, str], log_path: Path) -> None:
        self.name = name
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self._log = log_path.open("w", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "serve"],
            cwd=ROOT,
            env={**env, "PORT": str(self.port)},
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def log_tail(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")[-3000:]

    def wait_healthy(self) -> dict[str, Any]:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"{self.name} exited:\n{self.log_tail()}"
            try:
                response = self.http.get("/healthz", timeout=5)
            except httpx.TransportError:
                time.sleep(0.2)
                continue
            assert response.status_code == 200, (response.text, self.log_tail())
            return response.json()
        raise AssertionError(f"{self.name} not healthy in {START_TIMEOUT}s:\n{self.log_tail()}")

    def send(
        self, body: str, content_type: str, headers: dict[str, str] | None = None
    ) -> httpx.Response:
        all_headers = {"Content-Type": content_type, **signed_headers(body), **(headers or {})}
        return self.http.post("/slack/events", content=body.encode(), headers=all_headers)

    def post(self, body: str, content_type: str, headers: dict[str, str] | None = None) -> int:
        return self.send(body, content_type, headers).status_code

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL if it has not exited within 30 s; the exit code."""
        self.http.close()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._log.close()
        return self.proc.returncode


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeSlack]:
    with FakeSlack() as server:
        yield server


@pytest.fixture(scope="module")
def shared_db(pg_url: str) -> Iterator[Engine]:
    """The session's PostgreSQL database, emptied, shared by the replicas and this test."""
    # Imported here, after pytest has loaded (and assertion-rewritten) the plugin module.
    from tests.support.db import _empty_tables

    _empty_tables(pg_url)
    engine = make_engine(pg_url)
    yield engine
    engine.dispose()


@pytest.fixture(scope="module")
def replicas(
    pg_url: str, shared_db: Engine, fake: FakeSlack, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Replica, Replica]]:
    logs = tmp_path_factory.mktemp("replicas")
    env = {k: v for k, v in os.environ.items() if k not in SLACK_ENV}
    env.update(
        SLACK_BOT_TOKEN=BOT_TOKEN,
        SLACK_SIGNING_SECRET=SIGNING_SECRET,
        SLACK_API_BASE_URL=fake.base_url,
        DATABASE_URL=pg_url,
        HOST="127.0.0.1",
        LOG_LEVEL="WARNING",
    )
    env.pop("METRICS_PORT", None)
    started: list[Replica] = []
    try:
        for name in ("A", "B"):
            started.append(Replica(name, env, logs / f"replica-{name}.log"))
        for replica in started:
            report = replica.wait_healthy()
            assert report["database"] == {"configured": True, "reachable": True}
        yield started[0], started[1]
    finally:
        codes = {r.name: r.stop() for r in started}
    for replica in started:
        assert codes[replica.name] == 0, replica.log_tail()
        assert "Traceback" not in replica.log_tail(), replica.log_tail()


def _event_body(event_id: str, ts: str, channel: str) -> str:
    return json.dumps(
        {
            "token": "unused",
            "team_id": "T1",
            "api_app_id": "A1",
            "type": "event_callback",
            "event_id": event_id,
            "event_time": int(time.time()),
            "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}],
            "event": {
                "type": "app_mention",
                "channel": channel,
                "user": "U100",
                "text": f"<@UBOT> {QUESTION}",
                "ts": ts,
                "event_ts": ts,
            },
        }
    )


RETRY = {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}


def _mention_posts(fake: FakeSlack, channel: str) -> list[dict[str, Any]]:
    return [c.body for c in fake.calls_to("chat.postMessage") if c.body.get("channel") == channel]


def _claimed(engine: Engine, key: str) -> int:
    with Session(engine) as session:
        return session.scalar(select(func.count()).where(ProcessedEvent.key == key)) or 0


def test_retried_mention_on_the_other_replica_is_answered_once(
    replicas: tuple[Replica, Replica], fake: FakeSlack, shared_db: Engine
) -> None:
    a, b = replicas
    ts = f"{time.time():.6f}"
    body = _event_body("EvSCALE1", ts, "CSEQ")
    assert a.post(body, "application/json") == 200
    [answer] = _wait_posts(fake, "CSEQ", 1)
    assert answer["thread_ts"] == ts and "successor" in answer["text"].lower()
    # Slack did not see A's ack in time and retries — the load balancer picks B.
    assert b.post(body, "application/json", RETRY) == 200
    assert a.post(body, "application/json", {**RETRY, "X-Slack-Retry-Num": "2"}) == 200
    time.sleep(SETTLE)
    assert len(_mention_posts(fake, "CSEQ")) == 1
    assert _claimed(shared_db, "event:EvSCALE1") == 1
    with Session(shared_db) as session:
        audited = session.scalar(
            select(func.count()).where(AuditRow.channel == "CSEQ", AuditRow.surface.like("slack:%"))
        )
    assert audited == 1  # answered (and audited) by exactly one replica


def test_same_mention_to_both_replicas_at_once_is_answered_once(
    replicas: tuple[Replica, Replica], fake: FakeSlack, shared_db: Engine
) -> None:
    a, b = replicas
    channels = [f"CPAR{n}" for n in range(8)]
    with ThreadPoolExecutor(4) as pool:
        for n, channel in enumerate(channels):
            body = _event_body(f"EvSCALEPAR{n}", f"{time.time():.6f}", channel)
            first = pool.submit(a.post, body, "application/json")
            retry = pool.submit(b.post, body, "application/json", RETRY)
            assert first.result(timeout=30) == retry.result(timeout=30) == 200
    for channel in channels:
        _wait_posts(fake, channel, 1)
    time.sleep(SETTLE)
    assert Counter(len(_mention_posts(fake, c)) for c in channels) == {1: len(channels)}
    for n in range(len(channels)):
        assert _claimed(shared_db, f"event:EvSCALEPAR{n}") == 1


def _command_body(trigger: str, response_url: str) -> str:
    return urlencode(
        {
            "token": "unused",
            "team_id": "T1",
            "channel_id": "C100",
            "user_id": "U100",
            "command": "/deadline",
            "text": "md-successor-lt-gov event=death event_date=2026-05-01",  # § 5-903(b)(2)
            "response_url": response_url,
            "trigger_id": trigger,
        }
    )


def test_slash_command_delivered_twice_gets_one_response(
    replicas: tuple[Replica, Replica], fake: FakeSlack
) -> None:
    """An answer goes out in the acknowledgement or on the response_url; either way, once."""
    a, b = replicas
    form = "application/x-www-form-urlencoded"

    def answers(trigger: str, acks: list[httpx.Response]) -> int:
        assert [r.status_code for r in acks] == [200] * len(acks)
        return sum(1 for r in acks if r.content) + len(fake.calls_to(f"response_url/{trigger}"))

    seq = _command_body("trig.scale.seq", fake.response_url("trig.scale.seq"))
    first = a.send(seq, form)
    assert first.json()["response_type"] == "ephemeral"
    again = b.send(seq, form)  # the same trigger_id again, on the other replica

    triggers = [f"trig.scale.par{n}" for n in range(8)]
    acked: dict[str, list[httpx.Response]] = {}
    with ThreadPoolExecutor(4) as pool:
        for trigger in triggers:
            body = _command_body(trigger, fake.response_url(trigger))
            sent = [pool.submit(replica.send, body, form) for replica in (a, b)]
            acked[trigger] = [s.result(timeout=30) for s in sent]
    time.sleep(SETTLE)
    assert answers("trig.scale.seq", [first, again]) == 1
    assert {t: answers(t, acked[t]) for t in triggers} == dict.fromkeys(triggers, 1)


def test_reminders_due_now_are_posted_once_across_replicas(
    replicas: tuple[Replica, Replica], fake: FakeSlack, shared_db: Engine
) -> None:
    # Both replicas' dispatchers run on the real clock: one-off reminders due a second from now
    # are claimed by whichever replica ticks first. § 5-703(d)(1): the 2028 certificate deadline
    # is still ahead, so each reminder is posted (not "missed").
    channels = [f"CREM{n}" for n in range(12)]
    now = datetime.now(TIMEZONE)
    for channel in channels:
        create_subscription(
            shared_db,
            channel_id=channel,
            created_by="UADMIN",
            now=now,
            once_at=now + timedelta(seconds=1),
            once_invocation="md-petition-certificate year=2028",
            offsets_days=[0],
        )
    for channel in channels:
        _wait_posts(fake, channel, 1, timeout=DISPATCH_INTERVAL * 4 + 30)
    time.sleep(DISPATCH_INTERVAL * 2 + 1)  # two more ticks of both dispatchers
    posts = {c: _mention_posts(fake, c) for c in channels}
    assert {c: len(p) for c, p in posts.items()} == dict.fromkeys(channels, 1)
    assert all("August 7, 2028" in json.dumps(p[0]) for p in posts.values())
    with Session(shared_db) as session:
        states = Counter(session.scalars(select(Occurrence.state)))
    assert states == {"sent": len(channels)}


def _wait_posts(
    fake: FakeSlack, channel: str, count: int, timeout: float = 30.0
) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _mention_posts(fake, channel)
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(
        f"expected {count} post(s) to {channel}, got {_mention_posts(fake, channel)}"
    )
