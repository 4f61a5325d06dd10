"""Socket Mode: Bolt's SocketModeHandler against a local websocket fake of Slack's gateway.

The fake Web API hands out a ws://127.0.0.1 URL from apps.connections.open; the websocket fake
sends a hello and envelopes (an event and a slash command) and records the acks our app sends.
Start-up: a rejected app token stops `deadline-bot serve` with one line (exit 2), and
"Socket Mode connected" is logged only when the connection is really up.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from slack_sdk import WebClient
from websockets.sync.server import ServerConnection, serve

from bot.ops.health import Health
from bot.ops.settings import Settings
from bot.ops.startup import StartupError
from bot.slack.app import build_surfaces
from bot.slack.server import MeteredSocketModeHandler, connect_socket_mode
from tests.support import REPO_ROOT
from tests.support.fakeslack import FakeSlack
from tests.support.service import packaged_service
from tests.support.slack import BOT_TOKEN, SIGNING_SECRET, clear_slack_env


class FakeGateway:
    """A websocket server playing Slack's Socket Mode gateway for one connection."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        self.connected = threading.Event()
        self._outbox: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self.server = serve(self._handle, "127.0.0.1", 0, compression=None)
        self.port = self.server.socket.getsockname()[1]
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/link"

    def start(self) -> FakeGateway:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()

    def send(self, envelope: dict[str, Any]) -> None:
        with self._lock:
            self._outbox.append(envelope)

    def acks(self, envelope_id: str, timeout: float = 10) -> dict[str, Any]:
        deadline = time.time() + timeout
        while time.time() < deadline:
            for message in list(self.received):
                if message.get("envelope_id") == envelope_id:
                    return message
            time.sleep(0.02)
        raise AssertionError(f"no ack for {envelope_id}; got {self.received}")

    def _handle(self, ws: ServerConnection) -> None:
        ws.send(json.dumps({"type": "hello", "num_connections": 1, "debug_info": {}}))
        self.connected.set()
        while True:
            with self._lock:
                outbox, self._outbox = self._outbox, []
            for envelope in outbox:
                ws.send(json.dumps(envelope))
            try:
                raw = ws.recv(timeout=0.05)
            except TimeoutError:
                continue
            except Exception:
                return
            self.received.append(json.loads(raw))


@pytest.fixture()
def socket_app() -> Iterator[tuple[FakeSlack, FakeGateway, MeteredSocketModeHandler, Health]]:
    saved = clear_slack_env()
    fake = FakeSlack().start()
    gateway = FakeGateway().start()
    fake.socket_url = gateway.url
    settings = Settings(
        slack_bot_token=BOT_TOKEN,
        slack_signing_secret=SIGNING_SECRET,
        slack_app_token="xapp-test",
        slack_api_base_url=fake.base_url,
    )
    client = WebClient(token=BOT_TOKEN, base_url=fake.base_url)
    surfaces = build_surfaces(settings, packaged_service(), client)
    handler = MeteredSocketModeHandler(
        surfaces.app, "xapp-test", web_client=WebClient(base_url=fake.base_url)
    )
    health = Health(socket=handler)
    handler.connect()
    try:
        assert gateway.connected.wait(10)
        yield fake, gateway, handler, health
    finally:
        handler.close()
        surfaces.close()
        gateway.stop()
        fake.stop()
        os.environ.update(saved)


def test_socket_mode_acks_envelopes_and_answers(
    socket_app: tuple[FakeSlack, FakeGateway, MeteredSocketModeHandler, Health],
) -> None:
    fake, gateway, handler, health = socket_app
    deadline = time.time() + 5
    while not handler.client.is_connected() and time.time() < deadline:
        time.sleep(0.02)
    assert health.socket_mode() == {"enabled": True, "connected": True}
    assert fake.calls_to("apps.connections.open")[0].headers["Authorization"] == (
        "Bearer xapp-test"
    )

    gateway.send(
        {
            "envelope_id": "env-dm",
            "type": "events_api",
            "accepts_response_payload": False,
            "retry_attempt": 0,
            "payload": {
                "type": "event_callback",
                "team_id": "T1",
                "event_id": "EvSOCK1",
                "event": {
                    "type": "message",
                    "channel_type": "im",
                    "channel": "D9",
                    "user": "U100",
                    "text": "x" * 50_000,
                    "ts": "1.000001",
                },
            },
        }
    )
    gateway.send(
        {
            "envelope_id": "env-cmd",
            "type": "slash_commands",
            "accepts_response_payload": True,
            "payload": {
                "team_id": "T1",
                "channel_id": "C1",
                "user_id": "U100",
                "command": "/cite",
                "text": "",
                "trigger_id": "trig.sock",
                "response_url": fake.response_url("sock"),
            },
        }
    )
    assert gateway.acks("env-dm")["envelope_id"] == "env-dm"
    cmd_ack = gateway.acks("env-cmd")
    assert cmd_ack["envelope_id"] == "env-cmd"
    [dm] = fake.wait_for("chat.postMessage", 1)
    assert dm.body["channel"] == "D9" and "longer than I can read" in dm.body["text"]
    # The /cite answer rides in the envelope's acknowledgement, not on the response_url.
    cited = cmd_ack["payload"]
    assert cited["response_type"] == "ephemeral"
    assert "Give me a citation" in json.dumps(cited)
    assert fake.calls_to("response_url/sock") == []


# --- start-up and connection state (issue 9) -------------------------------------------------
ROOT = REPO_ROOT
APP_TOKEN = "xapp-SECRET-app-2342"


@pytest.fixture()
def fake() -> Iterator[FakeSlack]:
    saved = clear_slack_env()
    with FakeSlack() as fake:
        yield fake
    os.environ.update(saved)


def _handler(fake: FakeSlack) -> tuple[MeteredSocketModeHandler, Any]:
    settings = Settings(
        slack_bot_token=BOT_TOKEN,
        slack_app_token=APP_TOKEN,
        slack_api_base_url=fake.base_url,
    )
    client = WebClient(token=BOT_TOKEN, base_url=fake.base_url)
    surfaces = build_surfaces(settings, packaged_service(), client)
    handler = MeteredSocketModeHandler(
        surfaces.app, APP_TOKEN, web_client=WebClient(base_url=fake.base_url)
    )
    return handler, surfaces


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_rejected_app_token_stops_start_up_with_one_line(fake: FakeSlack, tmp_path: Path) -> None:
    """`deadline-bot serve` in Socket Mode, Slack answering apps.connections.open with
    invalid_auth: exit 2 (the start-up refusal code) and one stderr line, no traceback."""
    fake.app_token_error = "invalid_auth"
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "SLACK_BOT_TOKEN": BOT_TOKEN,
        "SLACK_APP_TOKEN": APP_TOKEN,
        "SLACK_API_BASE_URL": fake.base_url,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
    }
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "serve"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    [line] = proc.stderr.splitlines()
    assert line.startswith("deadline-bot: cannot start: Slack rejected SLACK_APP_TOKEN")
    assert "invalid_auth" in line and "connections:write" in line
    assert APP_TOKEN not in proc.stderr + proc.stdout and "Traceback" not in proc.stderr
    [opened] = fake.calls_to("apps.connections.open")
    assert opened.headers["Authorization"] == f"Bearer {APP_TOKEN}"


def test_rejected_app_token_at_connect_is_a_startup_error(
    fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    """The same refusal met by `serve` itself (the token revoked after the preflight)."""
    fake.app_token_error = "not_allowed_token_type"
    handler, surfaces = _handler(fake)
    try:
        with pytest.raises(StartupError, match="SLACK_APP_TOKEN \\(not_allowed_token_type\\)"):
            connect_socket_mode(handler, 9100, wait=2)
    finally:
        handler.close()
        surfaces.close()
    assert "Socket Mode connected" not in caplog.text and "Traceback" not in caplog.text


def test_connected_is_logged_only_once_the_socket_is_up(
    fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    gateway = FakeGateway().start()
    fake.socket_url = gateway.url
    handler, surfaces = _handler(fake)
    try:
        assert connect_socket_mode(handler, 9100, wait=10) is True
        assert handler.client.is_connected()
        assert gateway.connected.wait(10)  # the gateway saw the same connection
    finally:
        handler.close()
        surfaces.close()
        gateway.stop()
    [line] = [r.getMessage() for r in caplog.records if "Socket Mode" in r.getMessage()]
    assert line == "Socket Mode connected; health and metrics on port 9100"


def test_unreachable_socket_says_not_connected_and_health_agrees(
    fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake.socket_url = f"ws://127.0.0.1:{_closed_port()}/link"
    handler, surfaces = _handler(fake)
    try:
        assert connect_socket_mode(handler, 9100, wait=1) is False
        assert Health(socket=handler).socket_mode() == {"enabled": True, "connected": False}
    finally:
        handler.close()
        surfaces.close()
    ours = [r.getMessage() for r in caplog.records if r.name == "bot.slack.server"]
    assert ours == [
        "Socket Mode NOT connected after 1 s; still trying (/healthz answers 503 until it "
        "connects); health and metrics on port 9100"
    ]
    assert "Socket Mode connected" not in caplog.text and "Traceback" not in caplog.text


def test_malformed_envelope_is_acked_and_dropped(
    socket_app: tuple[FakeSlack, FakeGateway, MeteredSocketModeHandler, Health],
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake, gateway, _, _ = socket_app
    gateway.send(
        {
            "envelope_id": "env-null",
            "type": "events_api",
            "accepts_response_payload": False,
            "payload": {"type": "event_callback", "team_id": "T1", "event": None},
        }
    )
    assert gateway.acks("env-null")["envelope_id"] == "env-null"
    time.sleep(0.3)
    assert fake.calls_to("chat.postMessage") == []
    assert "dropped a Socket Mode envelope: event without a type" in caplog.text
    assert "Traceback" not in caplog.text
