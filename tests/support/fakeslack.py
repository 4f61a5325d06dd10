"""A small fake Slack Web API on 127.0.0.1 that records every call.

Point a `slack_sdk.WebClient(base_url=fake.base_url)` at it, and use `fake.response_url(...)` as a
slash command's `response_url`. Tests assert on `fake.calls`.

Scripted behaviour:
- `fake.fail_next(method, n, status=429, retry_after=1)` answers the next n calls of `method`
  with an HTTP error (429 carries `Retry-After`).
- `fake.errors[channel] = "channel_not_found"` answers chat.postMessage to that channel with
  `{"ok": false, "error": ...}`.
- `fake.users[user_id] = {"is_admin": True}` shapes `users.info`.
- `fake.socket_url = "ws://127.0.0.1:PORT/"` makes `apps.connections.open` hand out that URL
  (Socket Mode tests); `fake.app_token_error = "invalid_auth"` makes it refuse the app token.
- `conversations.history` returns the messages posted to that channel with `chat.postMessage`
  (newest first, with their `metadata` when `include_all_metadata` is set; `oldest`, `limit` and
  `cursor` honoured) — used by the reminders dispatcher to reconcile after a crash.

It can also run in its own process (`python -m tests.support.fakeslack PORT LOGFILE`) appending one
JSON line per call to LOGFILE, for multi-process tests."""

from __future__ import annotations

import contextlib
import itertools
import json
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse


@dataclass
class Call:
    method: str  # "chat.postMessage", or "response_url/<key>" for response_url posts
    body: dict[str, Any]
    headers: dict[str, str]
    at: float = field(default_factory=time.time)


class FakeSlack:
    def __init__(self, log_path: str | None = None, port: int = 0) -> None:
        self.calls: list[Call] = []
        self.errors: dict[str, str] = {}
        self.users: dict[str, dict[str, Any]] = {}
        self.auth_error: str | None = None  # e.g. "invalid_auth": auth.test then fails
        self.socket_url: str | None = None
        self.app_token_error: str | None = None  # e.g. "invalid_auth": apps.connections.open
        self._failures: dict[str, list[tuple[int, int]]] = {}
        self._lock = threading.Lock()
        self._ts = itertools.count(1)
        self._log_path = log_path
        self._in_flight = 0  # requests being read or answered right now
        self.history: dict[str, list[dict[str, Any]]] = {}  # channel -> posted messages
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                with fake._lock:
                    fake._in_flight += 1
                try:
                    self._handle()
                finally:
                    with fake._lock:
                        fake._in_flight -= 1

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                received = self.rfile.read(length) if length else b""
                if len(received) < length:
                    # The client died mid-request (a SIGKILLed dispatcher): Slack would never
                    # see a truncated call, so neither record it nor answer it.
                    self.close_connection = True
                    return
                raw = received.decode("utf-8")
                ctype = self.headers.get("Content-Type", "")
                body: dict[str, Any]
                if "json" in ctype:
                    body = json.loads(raw or "{}")
                else:
                    body = {k: v[0] for k, v in parse_qs(raw).items()}
                    for key in ("blocks", "view", "attachments", "metadata"):
                        if isinstance(body.get(key), str):
                            with contextlib.suppress(ValueError):
                                body[key] = json.loads(body[key])
                # GET calls (e.g. conversations.history) carry their arguments in the query.
                for k, v in parse_qs(urlparse(self.path).query).items():
                    body.setdefault(k, v[0])
                path = urlparse(self.path).path.strip("/")
                method = path.removeprefix("api/")
                if method.startswith("upload/"):
                    body = {"content": raw}
                status, payload, headers = fake._answer(method, body, dict(self.headers))
                data = json.dumps(payload).encode()
                # A client killed after sending is realistic: the call counts, the answer is lost.
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)

            do_GET = do_POST

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    # --- lifecycle -------------------------------------------------------------------------
    def start(self) -> FakeSlack:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> FakeSlack:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    def response_url(self, key: str = "r1") -> str:
        return f"http://127.0.0.1:{self.port}/response_url/{key}"

    # --- scripting -------------------------------------------------------------------------
    def fail_next(self, method: str, n: int, status: int = 429, retry_after: int = 1) -> None:
        with self._lock:
            self._failures.setdefault(method, []).extend([(status, retry_after)] * n)

    def calls_to(self, method: str) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.method == method]

    def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Wait until no request is in flight and none has arrived for `quiet` seconds.

        After a client is killed, requests it had fully sent may still be on their way through
        the server; counting calls before they land would miscount.
        """
        deadline = time.time() + timeout
        seen, busy_at = -1, 0.0  # call count last seen, and when the server was last busy
        while time.time() < deadline:
            with self._lock:
                calls, in_flight = len(self.calls), self._in_flight
            if in_flight or calls != seen:
                seen, busy_at = calls, time.time()
            elif time.time() - busy_at >= quiet:
                return
            time.sleep(0.02)
        raise AssertionError("the fake Slack never went quiet")

    def wait_for(self, method: str, count: int = 1, timeout: float = 10.0) -> list[Call]:
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = self.calls_to(method)
            if len(found) >= count:
                return found
            time.sleep(0.02)
        raise AssertionError(f"expected {count} call(s) to {method}, got {self.calls_to(method)}")

    # --- answers ---------------------------------------------------------------------------
    def _answer(
        self, method: str, body: dict[str, Any], headers: dict[str, str]
    ) -> tuple[int, dict[str, Any], dict[str, str]]:
        with self._lock:
            queue = self._failures.get(method)
            if queue:
                status, retry_after = queue.pop(0)
                extra = {"Retry-After": str(retry_after)} if status == 429 else {}
                return status, {"ok": False, "error": "ratelimited"}, extra
            call = Call(method, body, headers)
            self.calls.append(call)
            if self._log_path:
                with open(self._log_path, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({"method": method, "body": body, "at": call.at}) + "\n")
            ts = f"{int(time.time())}.{next(self._ts):06d}"
        if method.startswith("response_url/"):
            return 200, {"ok": True}, {}
        if method == "auth.test" and self.auth_error:
            return 200, {"ok": False, "error": self.auth_error}, {}
        if method == "auth.test":
            return 200, {"ok": True, "user_id": "UBOT", "bot_id": "BBOT", "team_id": "T1"}, {}
        if method == "chat.postMessage":
            channel = str(body.get("channel", ""))
            if channel in self.errors:
                return 200, {"ok": False, "error": self.errors[channel]}, {}
            self._remember(channel, ts, body)
            return 200, {"ok": True, "channel": channel, "ts": ts, "message": body}, {}
        if method == "conversations.open":
            user = str(body.get("users", "")).split(",")[0]
            return 200, {"ok": True, "channel": {"id": f"D{user}"}}, {}
        if method == "files.getUploadURLExternal":
            file_id = f"F{len(self.calls)}"
            url = f"http://127.0.0.1:{self.port}/upload/{file_id}"
            return 200, {"ok": True, "upload_url": url, "file_id": file_id}, {}
        if method == "files.completeUploadExternal":
            files = body.get("files")
            files = json.loads(files) if isinstance(files, str) else files or []
            return 200, {"ok": True, "files": [{"id": f["id"]} for f in files]}, {}
        if method == "users.info":
            user = str(body.get("user", ""))
            info = {"id": user, "is_admin": False, "is_owner": False}
            info.update(self.users.get(user, {}))
            return 200, {"ok": True, "user": info}, {}
        if method == "apps.connections.open" and self.app_token_error:
            return 200, {"ok": False, "error": self.app_token_error}, {}
        if method == "apps.connections.open" and self.socket_url:
            return 200, {"ok": True, "url": self.socket_url}, {}
        if method == "conversations.history":
            return 200, self._history(body), {}
        return 200, {"ok": True}, {}

    # --- channel history (for the reminders dispatcher's crash reconciliation) -------------
    def _remember(self, channel: str, ts: str, body: dict[str, Any]) -> None:
        message = {"type": "message", "ts": ts, "text": body.get("text", "")}
        if body.get("metadata"):
            message["metadata"] = body["metadata"]
        with self._lock:
            self.history.setdefault(channel, []).append(message)

    def _history(self, body: dict[str, Any]) -> dict[str, Any]:
        channel = str(body.get("channel", ""))
        if channel in self.errors:
            return {"ok": False, "error": self.errors[channel]}
        with_metadata = str(body.get("include_all_metadata", "")).lower() in ("1", "true")
        oldest = float(body.get("oldest") or 0)
        limit = int(body.get("limit") or 100)
        start = int(body.get("cursor") or 0)
        with self._lock:
            found = [m for m in self.history.get(channel, []) if float(m["ts"]) >= oldest]
        found.reverse()  # newest first, as Slack returns them
        page = found[start : start + limit]
        if not with_metadata:
            page = [{k: v for k, v in m.items() if k != "metadata"} for m in page]
        more = start + limit < len(found)
        return {
            "ok": True,
            "messages": page,
            "has_more": more,
            "response_metadata": {"next_cursor": str(start + limit) if more else ""},
        }


def main() -> None:  # pragma: no cover - used by multi-process tests
    port, log_path = int(sys.argv[1]), sys.argv[2]
    fake = FakeSlack(log_path=log_path, port=port)
    print(fake.port, flush=True)
    fake.server.serve_forever()


if __name__ == "__main__":
    main()
