"""Helpers for Slack tests: signed requests into a real uvicorn server running our Bolt app.

`SlackHarness` starts the fake Slack Web API (`tests/support/fakeslack.py`), builds the real app
with its WebClient pointed at the fake, serves it with uvicorn on 127.0.0.1 (random port) in a
thread, and sends signed slash commands, event callbacks and interactivity payloads over real
HTTP.
"""

from __future__ import annotations

import itertools
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import urlencode

import httpx
import uvicorn
from slack_sdk import WebClient
from slack_sdk.signature import SignatureVerifier

from bot.ops.health import Health
from bot.ops.settings import Settings
from bot.slack.app import SlackSurfaces, build_surfaces
from bot.slack.server import create_http_app
from tests.support.fakeslack import FakeSlack
from tests.support.service import packaged_service

SIGNING_SECRET = "test-signing-secret"
BOT_TOKEN = "xoxb-test-token"
TEAM = "T1"
SLACK_ENV = (
    "SLACK_BOT_TOKEN",
    "SLACK_SIGNING_SECRET",
    "SLACK_APP_TOKEN",
    "SLACK_CLIENT_ID",
    "SLACK_CLIENT_SECRET",
    "SLACK_API_BASE_URL",
    "SLACK_VERIFICATION_TOKEN",
)


def clear_slack_env() -> dict[str, str]:
    """Remove SLACK_* variables (client id/secret would switch Bolt to OAuth); returns them."""
    return {k: os.environ.pop(k) for k in SLACK_ENV if k in os.environ}


def signed_headers(
    body: str, *, timestamp: int | None = None, secret: str = SIGNING_SECRET
) -> dict[str, str]:
    """X-Slack-Request-Timestamp and X-Slack-Signature for `body`, as Slack computes them."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    signature = SignatureVerifier(secret).generate_signature(timestamp=ts, body=body)
    assert signature is not None
    return {"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": signature}


class UvicornThread:
    """A uvicorn server for an ASGI app on 127.0.0.1 (random port), in a daemon thread."""

    def __init__(self, app: Any) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        config = uvicorn.Config(
            app, log_level="warning", access_log=False, lifespan="off", backlog=1024
        )
        self.server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self._sock]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> UvicornThread:
        self._thread.start()
        deadline = time.time() + 10
        while not self.server.started:
            if time.time() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self._thread.join(10)
        self._sock.close()


@dataclass
class Sent:
    """What our server answered to one request."""

    status: int
    body: str


class SlackHarness:
    """Fake Slack + our real Bolt app served over HTTP, with signed-request helpers."""

    def __init__(
        self,
        *,
        today: date | None = None,
        engine: Any = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        self._saved_env = clear_slack_env()
        self.fake = FakeSlack().start()
        self.settings = Settings(
            slack_bot_token=BOT_TOKEN,
            slack_signing_secret=SIGNING_SECRET,
            slack_api_base_url=self.fake.base_url,
            **(settings or {}),
        )
        client = WebClient(token=BOT_TOKEN, base_url=self.fake.base_url)
        self.service = packaged_service(today)
        self.surfaces: SlackSurfaces = build_surfaces(
            self.settings, self.service, client, engine=engine
        )
        self.health = Health(engine, service=self.service)
        app = create_http_app(self.surfaces.app, self.health, signing_secret=SIGNING_SECRET)
        self.server = UvicornThread(app).start()
        self.http = httpx.Client(base_url=self.server.url, timeout=30)
        self._ids = itertools.count(1)
        self.acked: dict[str, dict[str, Any]] = {}  # command key -> answer carried by its ack

    def close(self) -> None:
        self.http.close()
        self.server.stop()
        self.surfaces.close()
        self.fake.stop()
        os.environ.update(self._saved_env)

    def __enter__(self) -> SlackHarness:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- raw ---------------------------------------------------------------------------------
    def post(
        self,
        body: str,
        content_type: str,
        *,
        timestamp: int | None = None,
        secret: str = SIGNING_SECRET,
        headers: dict[str, str] | None = None,
    ) -> Sent:
        all_headers = {"Content-Type": content_type}
        all_headers.update(signed_headers(body, timestamp=timestamp, secret=secret))
        all_headers.update(headers or {})
        response = self.http.post("/slack/events", content=body.encode(), headers=all_headers)
        return Sent(response.status_code, response.text)

    # --- Slack request shapes ----------------------------------------------------------------
    def command(
        self, text: str, *, command: str = "/deadline", user: str = "U100", **kwargs: Any
    ) -> tuple[Sent, str]:
        """Send a slash command; returns our HTTP answer and the key to read `replies` by."""
        n = next(self._ids)
        key = f"cmd{n}"
        form = {
            "token": "unused",
            "team_id": TEAM,
            "team_domain": "example",
            "channel_id": "C100",
            "channel_name": "elections",
            "user_id": user,
            "user_name": "staff",
            "command": command,
            "text": text,
            "api_app_id": "A1",
            "response_url": self.fake.response_url(key),
            "trigger_id": f"trig.{n}",
        }
        sent = self.post(urlencode(form), "application/x-www-form-urlencoded", **kwargs)
        if sent.status == 200 and sent.body:
            self.acked[key] = json.loads(sent.body)
        return sent, key

    def event(
        self,
        event: dict[str, Any],
        *,
        event_id: str | None = None,
        retry_num: int | None = None,
        **kwargs: Any,
    ) -> Sent:
        """Send an Events API callback (optionally as Slack's retry N of it)."""
        payload = {
            "token": "unused",
            "team_id": TEAM,
            "api_app_id": "A1",
            "type": "event_callback",
            "event_id": event_id or f"Ev{next(self._ids):06d}",
            "event_time": int(time.time()),
            "authorizations": [{"team_id": TEAM, "user_id": "UBOT", "is_bot": True}],
            "event": event,
        }
        headers = dict(kwargs.pop("headers", None) or {})
        if retry_num is not None:
            headers["X-Slack-Retry-Num"] = str(retry_num)
            headers["X-Slack-Retry-Reason"] = "http_timeout"
        return self.post(json.dumps(payload), "application/json", headers=headers, **kwargs)

    def action(
        self,
        action: dict[str, Any],
        *,
        response_key: str = "act",
        ephemeral: bool = True,
        user: str = "U100",
        payload_fields: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Sent:
        """Send a block_actions interactivity payload for one action (`payload_fields`
        replace or add top-level fields, e.g. to send a malformed one)."""
        n = next(self._ids)
        payload = {
            "type": "block_actions",
            "team": {"id": TEAM, "domain": "example"},
            "user": {"id": user, "username": "staff", "team_id": TEAM},
            "api_app_id": "A1",
            "token": "unused",
            "container": {"type": "message", "is_ephemeral": ephemeral, "channel_id": "C100"},
            "trigger_id": f"trig.a{n}",
            "channel": {"id": "C100", "name": "elections"},
            "response_url": self.fake.response_url(response_key),
            "actions": [{"action_ts": f"{time.time():.6f}", **action}],
            **(payload_fields or {}),
        }
        form = urlencode({"payload": json.dumps(payload)})
        return self.post(form, "application/x-www-form-urlencoded", **kwargs)

    # --- what the fake saw -------------------------------------------------------------------
    def replies(self, key: str, count: int = 1, timeout: float = 15) -> list[dict[str, Any]]:
        """The messages answering `key`, in order (waits for `count`): a slash command's answer
        carried by its acknowledgement, then every body posted to the response_url `key`."""
        acked = [self.acked[key]] if key in self.acked else []
        if len(acked) >= count:
            return acked
        posted = self.fake.wait_for(f"response_url/{key}", count - len(acked), timeout)
        return acked + [c.body for c in posted]

    def recorded_text(self) -> Iterator[str]:
        """Everything we sent Slack, serialised (for scanning): answers carried by command
        acknowledgements and every call the fake recorded."""
        for body in [*self.acked.values(), *(c.body for c in list(self.fake.calls))]:
            yield json.dumps(body, ensure_ascii=False)


def blocks_text(message: dict[str, Any]) -> str:
    """All text in a message (fallback and blocks), for assertions."""
    return json.dumps([message.get("text", ""), message.get("blocks", [])], ensure_ascii=False)


def quoted_text(blocks: list[dict[str, Any]]) -> str:
    """The concatenated text of rich_text quote blocks (the verbatim statute quotes)."""
    out: list[str] = []
    for block in blocks:
        if block.get("type") != "rich_text":
            continue
        for element in block["elements"]:
            if element.get("type") == "rich_text_quote":
                out.extend(e.get("text", "") for e in element["elements"])
    return "".join(out)


def find_element(
    blocks: list[dict[str, Any]], predicate: Callable[[dict[str, Any]], bool]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(block, element) of the first interactive element matching `predicate`."""
    for block in blocks:
        candidates = list(block.get("elements", []))
        for key in ("accessory", "element"):
            if isinstance(block.get(key), dict):
                candidates.append(block[key])
        for element in candidates:
            if isinstance(element, dict) and "action_id" in element and predicate(element):
                return block, element
    raise AssertionError("no matching interactive element")
