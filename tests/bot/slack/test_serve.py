"""`bot.slack.server.serve` as deployed: a separate process configured only by environment
variables.

It migrates the database, serves HTTP mode on 127.0.0.1, answers a signed slash command through
the fake Slack, reports health, and shuts down cleanly on SIGTERM.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from urllib.parse import urlencode

import httpx
import pytest

from tests.support import REPO_ROOT
from tests.support.fakeslack import FakeSlack
from tests.support.slack import BOT_TOKEN, SIGNING_SECRET, SLACK_ENV, signed_headers

ROOT = REPO_ROOT


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_serve_http_mode_end_to_end(tmp_path: Path) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in SLACK_ENV}
    with FakeSlack() as fake:
        env.update(
            SLACK_BOT_TOKEN=BOT_TOKEN,
            SLACK_SIGNING_SECRET=SIGNING_SECRET,
            SLACK_API_BASE_URL=fake.base_url,
            DATABASE_URL=f"sqlite:///{tmp_path / 'serve.sqlite3'}",
            HOST="127.0.0.1",
            PORT=str(port),
            LOG_LEVEL="WARNING",
        )
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from bot.slack.server import serve\n"
                "from bot.ops.settings import Settings\nserve(Settings())",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.time() + 60
            health = None
            while time.time() < deadline:
                try:
                    health = httpx.get(f"{base}/healthz", timeout=5)
                    break
                except httpx.TransportError:
                    assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                    time.sleep(0.2)
            assert health is not None and health.status_code == 200, health
            report = health.json()
            assert report["ok"] is True
            assert report["database"] == {"configured": True, "reachable": True}
            assert report["corpus"]["loaded"] is True

            form = urlencode(
                {
                    "team_id": "T1",
                    "channel_id": "C1",
                    "user_id": "U1",
                    "command": "/deadline",
                    "text": "help",
                    "trigger_id": "t.1",
                    "response_url": fake.response_url("served"),
                }
            )
            headers = {"Content-Type": "application/x-www-form-urlencoded", **signed_headers(form)}
            sent = httpx.post(f"{base}/slack/events", content=form, headers=headers)
            assert sent.status_code == 200
            assert "/cite" in sent.json()["text"]  # the answer rides in the acknowledgement
            metrics = httpx.get(f"{base}/metrics").text
            assert 'deadline_bot_requests_total{status="help",surface="command"} 1.0' in metrics
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                output, _ = proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                output, _ = proc.communicate()
        assert proc.returncode == 0, output
        assert "Traceback" not in output, output
        assert "will be unused" not in output  # the token reaches Bolt once, via our client


def test_start_up_answers_from_the_folders_the_environment_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DEADLINE_BOT_CORPUS / DEADLINE_BOT_CALENDARS reach the server's answering service (read
    once, by the settings): § 5-903(b)(2)(iii) amended in a copy makes the successor rule refuse,
    and an empty calendar folder means no calendar at all."""
    from bot.ops.settings import Settings
    from bot.slack.server import running

    corpus = tmp_path / "xml"
    shutil.copytree(ROOT / "statutes" / "xml", corpus)
    law = corpus / "md" / "gel-5-903.xml"
    law.write_text(
        law.read_text("utf-8").replace("not later than 40 days", "not later than 30 days"), "utf-8"
    )
    calendars = tmp_path / "calendars"
    calendars.mkdir()
    for name in SLACK_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DEADLINE_BOT_CORPUS", str(corpus))
    monkeypatch.setenv("DEADLINE_BOT_CALENDARS", str(calendars))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'bot.sqlite3'}")
    monkeypatch.setenv("SLACK_BOT_TOKEN", BOT_TOKEN)
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SIGNING_SECRET)
    with FakeSlack() as fake:
        monkeypatch.setenv("SLACK_API_BASE_URL", fake.base_url)
        with running(Settings()) as (surfaces, health, _engine):
            service = surfaces.service
            ok, report = health.report()
            question = "LG candidate died May 1 2026, successor deadline?"
            refused = service.ask(question, today=date(2026, 4, 1))
    assert "md-successor-lt-gov" in report["rules"]["refused"] and ok
    assert refused.status == "refused" and "5-903(b)(2)(iii)" in refused.result.answer
    assert service.calendars.ids() == []
