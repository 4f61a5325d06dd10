"""Serving the Slack app: HTTP mode (Starlette under uvicorn) or Socket Mode.

HTTP mode routes:
- `POST /slack/events` — commands, events and interactivity, handed to the sync Bolt `App` on a
  worker thread (Bolt's sync Starlette adapter would run it on the event loop and serialise every
  request); the time to the HTTP answer is the ack latency metric.
- `GET /healthz` — JSON: corpus loaded, rules check state, database reachable, socket connected;
  503 when something the bot needs is down.
- `GET /metrics` — Prometheus text format (`bot.metrics`).

Socket Mode (when `SLACK_APP_TOKEN` is set): Bolt's built-in `SocketModeHandler`; health and
metrics are then served on `METRICS_PORT` (default: `PORT`).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import anyio.to_thread
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest
from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.starlette.handler import to_bolt_request, to_starlette_response
from slack_sdk.socket_mode.request import SocketModeRequest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from bot import metrics
from bot.settings import Settings
from bot.slack_app import SlackSurfaces, build_surfaces, make_client

log = logging.getLogger(__name__)

_RULES_CHECK_SECONDS = 300
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
    """Bolt's Socket Mode handler, timing each envelope from receipt to acknowledgement."""

    def handle(self, client: Any, req: SocketModeRequest) -> None:  # type: ignore[override]
        start = time.perf_counter()
        try:
            super().handle(client, req)
        finally:
            kind = request_kind(req.payload)
            metrics.ACK_SECONDS.labels(kind=kind).observe(time.perf_counter() - start)


class Health:
    """What `/healthz` reports; each probe is cheap or cached."""

    def __init__(self, engine: Any = None, socket: SocketModeHandler | None = None) -> None:
        self.engine = engine
        self.socket = socket
        self._rules: tuple[float, dict[str, Any]] | None = None
        self._lock = threading.Lock()

    def corpus(self) -> tuple[Any, dict[str, Any]]:
        try:
            from statutes import default_corpus

            corpus = default_corpus()
        except Exception as exc:  # report, never raise from a health probe
            log.exception("corpus failed to load")
            return None, {"loaded": False, "error": type(exc).__name__}
        return corpus, {
            "loaded": True,
            "laws": len(corpus.laws),
            "version": str(getattr(corpus, "version", ""))[:16],
        }

    def rules(self, corpus: Any) -> dict[str, Any]:
        if corpus is None:
            return {"state": "unavailable"}
        with self._lock:
            if self._rules and time.monotonic() - self._rules[0] < _RULES_CHECK_SECONDS:
                return self._rules[1]
            try:
                from rules.registry import check_rules

                checks = check_rules(corpus)
                refused = sorted(rid for rid, c in checks.items() if c.state != "ok")
                state = {
                    "state": "refused" if refused else "ok",
                    "rules": len(checks),
                    "refused": refused,
                }
            except Exception as exc:
                log.exception("rules check failed")
                state = {"state": "error", "error": type(exc).__name__}
            self._rules = (time.monotonic(), state)
            return state

    def database(self) -> dict[str, Any]:
        if self.engine is None:
            return {"configured": False, "reachable": None}
        try:
            from sqlalchemy import text

            with self.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        except Exception as exc:
            log.warning("database unreachable: %s", type(exc).__name__)
            return {"configured": True, "reachable": False, "error": type(exc).__name__}
        return {"configured": True, "reachable": True}

    def socket_mode(self) -> dict[str, Any]:
        if self.socket is None:
            return {"enabled": False, "connected": None}
        return {"enabled": True, "connected": bool(self.socket.client.is_connected())}

    def report(self) -> tuple[bool, dict[str, Any]]:
        corpus, corpus_state = self.corpus()
        report = {
            "corpus": corpus_state,
            "rules": self.rules(corpus),
            "database": self.database(),
            "socket_mode": self.socket_mode(),
        }
        ok = (
            corpus_state["loaded"]
            and report["rules"].get("state") in ("ok", "refused")
            and report["database"]["reachable"] is not False
            and report["socket_mode"]["connected"] is not False
        )
        report["ok"] = ok
        return ok, report


def create_http_app(bolt_app: App | None, health: Health, *, max_threads: int = 32) -> Starlette:
    """The Starlette app: `/slack/events` (when `bolt_app` is given), `/healthz`, `/metrics`.

    `max_threads` bounds the threads running Bolt dispatch (each waits for its listener's ack).
    """
    limiter = anyio.CapacityLimiter(max_threads)

    async def slack_events(request: Request) -> Response:
        assert bolt_app is not None
        start = time.perf_counter()
        body = await request.body()
        bolt_request = to_bolt_request(request, body)
        # The sync Bolt App blocks until the listener acks: run it off the event loop.
        bolt_response = await anyio.to_thread.run_sync(
            bolt_app.dispatch, bolt_request, limiter=limiter
        )
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

    def __init__(self, dispatcher: Any, interval: float = 5.0) -> None:
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
        close = getattr(self.dispatcher, "close", None)
        if callable(close):
            close()


def _start_reminder_dispatcher(settings: Settings, engine: Any) -> ReminderThread | None:
    """Start the reminder dispatcher when `bot.reminders` provides one (else None)."""
    try:
        from bot.reminders import Dispatcher
    except ImportError:
        log.info("no reminder dispatcher available; reminders will not be posted")
        return None
    # The dispatcher paces and retries 429s itself, so its client has no retry handlers.
    client = make_client(settings)
    client.retry_handlers = []
    thread = ReminderThread(Dispatcher(engine, client)).start()
    log.info("reminder dispatcher started")
    return thread


@contextlib.contextmanager
def running(settings: Settings) -> Iterator[tuple[SlackSurfaces, Health, Any]]:
    """Database migrated, corpus loaded, Slack app built, reminders running; all stopped after."""
    from bot.store import make_engine, upgrade

    upgrade(settings.database_url)
    engine = make_engine(settings.database_url)
    health = Health(engine)
    corpus, _ = health.corpus()  # load before the first question, not during it
    health.rules(corpus)
    surfaces = build_surfaces(settings, engine=engine)
    reminders = _start_reminder_dispatcher(settings, engine)
    try:
        yield surfaces, health, engine
    finally:
        if reminders is not None:
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
        from bot.startup import StartupError

        raise StartupError(
            f"could not listen on {server.config.host}:{server.config.port} "
            "(already in use?); see the log line above"
        )


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
            handler.connect()
            port = settings.metrics_port or settings.port
            log.info("Socket Mode connected; health and metrics on port %s", port)
            app = create_http_app(None, health)
        else:
            handler = None
            port = settings.port
            app = create_http_app(surfaces.app, health, max_threads=settings.bolt_threads)
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
