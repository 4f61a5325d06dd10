"""Socket Mode: Bolt's SocketModeHandler against a local websocket fake of Slack's gateway.

The fake Web API hands out a ws://127.0.0.1 URL from apps.connections.open; the websocket fake
sends a hello and envelopes (an event and a slash command) and records the acks our app sends.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from slack_sdk import WebClient
from websockets.sync.server import ServerConnection, serve

from bot.server import Health, MeteredSocketModeHandler
from bot.settings import Settings
from bot.slack_app import build_surfaces
from tests.fakeslack import FakeSlack
from tests.slack_helpers import BOT_TOKEN, SIGNING_SECRET, clear_slack_env


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
    surfaces = build_surfaces(settings, WebClient(token=BOT_TOKEN, base_url=fake.base_url))
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
