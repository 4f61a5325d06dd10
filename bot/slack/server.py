"""Serving the Slack app: HTTP mode (Starlette under uvicorn) or Socket Mode.

HTTP mode routes:
- `POST /slack/events` — commands, events and interactivity. Checked here before anything is
  parsed, because anyone on the internet can reach this URL: the body is read up to
  `MAX_BODY_BYTES` (413 beyond), its Slack signature verified on the raw bytes (401 otherwise,
  answered without parsing the body; Slack's unsigned `ssl_check` probe alone gets a bare 200),
  and a signed payload Bolt could not route is answered 400. The body is parsed here too
  (`payloads.read_body`) and handed to Bolt already parsed, because Bolt's own form parser drops
  a slash command whose text contains the word "payload".
  Only then is it handed to the sync Bolt `App` on a worker thread (Bolt's sync Starlette adapter
  would run it on the event loop and serialise every request); the time to the HTTP answer is the
  ack latency metric. A rejected request is logged as one fixed line (status, reason, size),
  never its body.
- `GET /healthz` — JSON: corpus loaded, rules check state, database reachable, socket connected;
  503 when something the bot needs is down (`bot.ops.health`).
- `GET /metrics` — Prometheus text format (`bot.ops.metrics`).

Socket Mode (when `SLACK_APP_TOKEN` is set): Bolt's built-in `SocketModeHandler`; health and
metrics are then served on `METRICS_PORT` (default: `PORT`). "Socket Mode connected" is logged
only once the websocket is up; Slack refusing the app token stops start-up with one line.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs

import anyio.to_thread
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest
from slack_bolt import App, BoltRequest
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.starlette.handler import to_starlette_response
from slack_sdk.errors import SlackApiError
from slack_sdk.signature import SignatureVerifier
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse
from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from bot.ops import metrics
from bot.ops.db import make_engine, upgrade
from bot.ops.health import Health
from bot.ops.logs import failure_line, log_failure
from bot.ops.settings import Settings
from bot.ops.startup import StartupError
from bot.reminders.dispatcher import Dispatcher
from bot.reminders.planning import answers_of, season_of
from bot.service import AnswerService
from bot.slack.app import SlackSurfaces, build_surfaces
from bot.slack.client import make_client
from bot.slack.payloads import payload_problem, read_body
from bot.slack.poster import SlackPoster

log = logging.getLogger(__name__)

#: Largest request body read from `/slack/events`. Slack's payloads are small: a slash command is
#: a few hundred bytes; an event carrying a 40,000-character message (Slack's maximum) stays
#: under 500 KB even with every character escaped; a button click carrying one of our own
#: messages (at most 50 blocks of 3,000 characters) a few hundred KB. 1 MiB is generous for all
#: of them and keeps a stranger from making us hold megabytes per request.
MAX_BODY_BYTES = 1 << 20
#: The rest of an oversized body is still read and thrown away (by us for a chunked body, by
#: uvicorn after our 413 for one with a Content-Length), so its sender gets our 413 rather than
#: a reset connection and the connection stays usable. Only up to this many bytes: a body longer
#: than that (declared, or a chunked one that keeps coming) gets a 413 that closes the connection.
DRAIN_BYTES = 16 << 20
#: Slack's rule: a request whose timestamp is more than five minutes off is refused (replays).
MAX_CLOCK_SKEW_SECONDS = 300
#: How long start-up waits for the Socket Mode websocket before saying it is not connected yet.
SOCKET_CONNECT_WAIT_SECONDS = 10.0

_ACK_KINDS = {
    "event_callback": "event",
    "block_actions": "action",
    "view_submission": "view",
    "view_closed": "view",
    "url_verification": "url_verification",
}


def request_kind(body: Any) -> str:
    """A small fixed label for what a Slack request was (metrics must not explode in labels)."""
    if not isinstance(body, dict):
        return "other"
    if body.get("command"):
        return "command"
    return _ACK_KINDS.get(str(body.get("type", "")), "other")


class MeteredSocketModeHandler(SocketModeHandler):
    """Bolt's Socket Mode handler, timing each envelope from receipt to acknowledgement.

    An envelope whose payload Bolt could not route (`payload_problem`) is acknowledged and
    dropped with one log line, as the HTTP route answers it 400.
    """

    def handle(self, client: Any, req: SocketModeRequest) -> None:  # type: ignore[override]
        start = time.perf_counter()
        try:
            problem = payload_problem(req.payload)
            if problem is not None:
                log.warning("dropped a Socket Mode envelope: %s", problem)
                client.send_socket_mode_response(SocketModeResponse(envelope_id=req.envelope_id))
                return
            super().handle(client, req)
        finally:
            kind = request_kind(req.payload)
            metrics.ACK_SECONDS.labels(kind=kind).observe(time.perf_counter() - start)


class Rejected(Exception):
    """A request answered without reaching Bolt: HTTP status, a short fixed reason, its size."""

    def __init__(self, status: int, reason: str, size: int = 0, *, close: bool = False) -> None:
        super().__init__(reason)
        self.status, self.reason, self.size, self.close = status, reason, size, close

    def response(self) -> Response:
        log.warning("rejected Slack request: %s %s (%d bytes)", self.status, self.reason, self.size)
        headers = {"Connection": "close"} if self.close else None
        return JSONResponse({"error": self.reason}, status_code=self.status, headers=headers)


async def read_capped_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The request body, or `Rejected(413)` when it is over `limit` bytes.

    Content-Length is checked first (uvicorn has already refused a malformed one); the body
    itself is read as a stream and never held beyond `limit`, since a chunked body does not say
    its length. See `DRAIN_BYTES` for the rest of an oversized body.
    """
    length = request.headers.get("content-length", "")
    declared = int(length) if length.isascii() and length.isdigit() else 0
    if declared > limit:
        raise Rejected(413, "body too large", declared, close=declared > DRAIN_BYTES)
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size <= limit:
                chunks.append(chunk)
                continue
            chunks.clear()  # over the limit: from here on only counted and thrown away
            if size > DRAIN_BYTES:
                raise Rejected(413, "body too large", size, close=True)
    except ClientDisconnect:
        raise Rejected(400, "client went away mid-body", size, close=True) from None
    if size > limit:
        raise Rejected(413, "body too large", size)
    return b"".join(chunks)


def is_ssl_check(raw: bytes) -> bool:
    """Slack's certificate probe for slash command URLs (`ssl_check=1&token=…`), which Slack
    sends unsigned; it wants a 200 and nothing else (Bolt answers it the same way). A short
    ASCII form is all it can be: anything else is not one."""
    if len(raw) > 512:
        return False
    try:
        fields = parse_qs(raw.decode("ascii"), max_num_fields=8)
    except (UnicodeDecodeError, ValueError):
        return False
    return fields.get("ssl_check") == ["1"]


def verified_text(raw: bytes, headers: Any, verifier: SignatureVerifier) -> str:
    """The body as text if Slack signed it (`Rejected(401)` otherwise), checked before anything
    parses it. slack_sdk's `SignatureVerifier.is_valid` turns the timestamp into an int and the
    body into text itself, and raises on either being malformed: both are checked here first."""
    timestamp = headers.get("x-slack-request-timestamp") or ""
    signature = headers.get("x-slack-signature") or ""
    if not timestamp or not signature:
        raise Rejected(401, "signature headers missing", len(raw))
    if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12):
        raise Rejected(401, "timestamp not a number", len(raw))
    if abs(time.time() - int(timestamp)) > MAX_CLOCK_SKEW_SECONDS:
        raise Rejected(401, "timestamp too old or in the future", len(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:  # Slack sends UTF-8: whatever this is, Slack did not sign it
        raise Rejected(401, "body not UTF-8", len(raw)) from None
    if not verifier.is_valid(text, timestamp, signature):
        raise Rejected(401, "signature invalid", len(raw))
    return text


def bolt_request_for(request: Request, text: str) -> BoltRequest:
    """The `BoltRequest` for a verified body, or `Rejected(400)` when it cannot be read (not
    JSON, a `payload` field that is not JSON, a shape Bolt could not route)."""
    try:
        body = read_body(text, request.headers.get("content-type", ""))
    except (ValueError, RecursionError):  # json and form parsing refuse malformed input so
        raise Rejected(400, "payload unreadable", len(text)) from None
    problem = payload_problem(body)
    if problem is not None:
        raise Rejected(400, problem, len(text))
    # Bolt takes an already parsed body only as a Socket Mode request (in HTTP mode it wants
    # the raw text and parses it itself, wrongly for a command mentioning "payload"). Its own
    # signature check skips such requests, which is right here only because `verified_text`
    # has already checked the signature on the raw bytes: the listeners behave the same.
    try:
        return BoltRequest(
            body=body,
            query=dict(request.query_params),
            headers=dict(request.headers),
            mode="socket_mode",
        )
    except Exception:  # Bolt reads ids out of the body (team, user, channel) as it builds
        raise Rejected(400, "payload unreadable", len(text)) from None


def create_http_app(
    bolt_app: App | None, health: Health, *, signing_secret: str = "", max_threads: int = 32
) -> Starlette:
    """The Starlette app: `/slack/events` (when `bolt_app` is given), `/healthz`, `/metrics`.

    `signing_secret` (required with `bolt_app`) verifies requests before Bolt sees them.
    `max_threads` bounds the threads running Bolt dispatch (each waits for its listener's ack).
    """
    if bolt_app is not None and not signing_secret:
        raise ValueError("the Slack route needs the signing secret")
    limiter = anyio.CapacityLimiter(max_threads)
    verifier = SignatureVerifier(signing_secret) if bolt_app is not None else None

    async def slack_events(request: Request) -> Response:
        assert bolt_app is not None and verifier is not None
        start = time.perf_counter()
        try:
            raw = await read_capped_body(request)
            if is_ssl_check(raw):  # never dispatched: nothing in it is trusted
                return Response(status_code=200)
            bolt_request = bolt_request_for(request, verified_text(raw, request.headers, verifier))
        except Rejected as rejected:
            return rejected.response()
        try:
            # The sync Bolt App blocks until the listener acks: run it off the event loop.
            bolt_response = await anyio.to_thread.run_sync(
                bolt_app.dispatch, bolt_request, limiter=limiter
            )
        except Exception as exc:  # Bolt answers its own and our listeners' errors; not these
            log_failure(log, "Bolt could not dispatch a signed request", exc)
            return Rejected(400, "payload could not be handled", len(raw)).response()
        metrics.ACK_SECONDS.labels(kind=request_kind(bolt_request.body)).observe(
            time.perf_counter() - start
        )
        return to_starlette_response(bolt_response)

    async def healthz(request: Request) -> Response:
        ok, report = await anyio.to_thread.run_sync(health.report, limiter=limiter)
        return JSONResponse(report, status_code=200 if ok else 503)

    async def prometheus(request: Request) -> Response:
        return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)

    routes = [Route("/healthz", healthz, methods=["GET"]), Route("/metrics", prometheus)]
    if bolt_app is not None:
        routes.insert(0, Route("/slack/events", slack_events, methods=["POST"]))
    return Starlette(routes=routes)


class ReminderThread:
    """`bot.reminders.Dispatcher.run_forever` on a daemon thread, stoppable."""

    def __init__(self, dispatcher: Dispatcher, interval: float = 5.0) -> None:
        self.dispatcher = dispatcher
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=dispatcher.run_forever,
            args=(self._stop, interval),
            name="reminders",
            daemon=True,
        )

    def start(self) -> ReminderThread:
        self._thread.start()
        return self

    def stop(self, timeout: float = 30.0) -> None:
        self._stop.set()
        self._thread.join(timeout)
        self.dispatcher.close()


def _start_reminder_dispatcher(
    settings: Settings, service: AnswerService, engine: Engine
) -> ReminderThread:
    """The reminder dispatcher on its own thread, posting through the Slack Web API."""
    # The dispatcher paces and retries 429s itself, so its client has no retry handlers.
    dispatcher = Dispatcher(
        engine,
        SlackPoster(make_client(settings, retries=False)),
        now=service.clock.now,
        source=season_of(service),
        answer=answers_of(service),
    )
    thread = ReminderThread(dispatcher).start()
    log.info("reminder dispatcher started")
    return thread


@contextlib.contextmanager
def running(settings: Settings) -> Iterator[tuple[SlackSurfaces, Health, Engine]]:
    """Database migrated, the answering service loaded (statutes, calendars, rules checked),
    Slack app built, reminders running; all stopped after."""
    upgrade(settings.database_url)
    engine = make_engine(settings.database_url)
    service = AnswerService.from_settings(settings)
    health = Health(engine, service=service)
    health.rules(service)  # checked before the first question, not during it
    surfaces = build_surfaces(settings, service, engine=engine)
    reminders = _start_reminder_dispatcher(settings, service, engine)
    try:
        yield surfaces, health, engine
    finally:
        reminders.stop()
        surfaces.close()
        engine.dispose()


def run_until_signalled(server: Any) -> None:
    """Run a `uvicorn.Server` on a thread until SIGINT/SIGTERM, then let it finish gracefully.

    Running it off the main thread keeps uvicorn from re-raising the signal after shutdown, so
    our own cleanup (queued answers, reminder thread, database) still runs afterwards.
    """
    stop = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        log.info("signal %s: shutting down", signum)
        server.should_exit = True
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    thread = threading.Thread(target=server.run, name="uvicorn")
    thread.start()
    try:
        while thread.is_alive() and not stop.wait(0.5):
            pass
        thread.join()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if not stop.is_set() and not getattr(server, "started", True):
        # uvicorn logs the bind error on its thread and returns: do not look like a clean stop.
        raise StartupError(
            f"could not listen on {server.config.host}:{server.config.port} "
            "(already in use?); see the log line above"
        )


def connect_socket_mode(
    handler: SocketModeHandler, port: int, wait: float = SOCKET_CONNECT_WAIT_SECONDS
) -> bool:
    """Open the Socket Mode connection; True once it is up.

    Slack refusing the app token (`apps.connections.open` answering e.g. `invalid_auth`, or the
    token lacking `connections:write`) or the connection failing outright is a `StartupError`
    (one line; `deadline-bot serve` exits 2). "Socket Mode connected" is logged only when the
    client reports it; if it is not up within `wait` seconds that is said instead, and the SDK
    keeps reconnecting while `/healthz` answers 503.
    """
    try:
        handler.connect()
    except SlackApiError as exc:
        error = exc.response.get("error", "error") if exc.response is not None else "error"
        raise StartupError(
            f"Slack rejected SLACK_APP_TOKEN ({error}); it must be the app-level token "
            "(xapp-…) with the connections:write scope"
        ) from None
    except Exception as exc:
        raise StartupError(f"Socket Mode could not connect: {failure_line(exc)}") from None
    deadline = time.monotonic() + wait
    while not handler.client.is_connected():
        if time.monotonic() >= deadline:
            log.warning(
                "Socket Mode NOT connected after %.0f s; still trying (/healthz answers 503 "
                "until it connects); health and metrics on port %s",
                wait,
                port,
            )
            return False
        time.sleep(0.05)
    log.info("Socket Mode connected; health and metrics on port %s", port)
    return True


def serve(settings: Settings) -> None:
    """Run the bot until SIGINT/SIGTERM: Socket Mode if `SLACK_APP_TOKEN` is set, else HTTP."""
    import uvicorn

    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    with running(settings) as (surfaces, health, _engine):
        if settings.socket_mode:
            assert settings.slack_app_token is not None
            handler = MeteredSocketModeHandler(
                surfaces.app,
                settings.slack_app_token.get_secret_value(),
                concurrency=settings.bolt_threads,
            )
            health.socket = handler
            port = settings.metrics_port or settings.port
            try:
                connect_socket_mode(handler, port)
            except StartupError:
                handler.close()
                raise
            app = create_http_app(None, health)
        else:
            handler = None
            port = settings.port
            app = create_http_app(
                surfaces.app,
                health,
                signing_secret=settings.slack_signing_secret.get_secret_value(),
                max_threads=settings.bolt_threads,
            )
        config = uvicorn.Config(
            app,
            host=settings.host,
            port=port,
            log_level=settings.log_level.lower(),
            timeout_graceful_shutdown=10,
        )
        try:
            run_until_signalled(uvicorn.Server(config))
        finally:
            if handler is not None:
                handler.close()
