"""What `/healthz` reports: the statute corpus loaded, the rules' pinned text, the database
reachable, the Socket Mode connection up. Each probe is cheap or cached and never raises."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Protocol

from sqlalchemy import Engine, text

from bot.ops.settings import DataSettings
from bot.service import AnswerService

log = logging.getLogger(__name__)

_RULES_CHECK_SECONDS = 300


class SocketConnection(Protocol):
    """A Socket Mode handler (`slack_bolt`'s): its client says whether it is connected."""

    @property
    def client(self) -> Any: ...


class Health:
    """What `/healthz` reports.

    The server gives the answering service it built at start-up. Without one (a health server
    on its own), the service is built from the settings on the first probe that can — so a
    corpus that does not load is reported, and retried, rather than raised.
    """

    def __init__(
        self,
        engine: Engine | None = None,
        socket: SocketConnection | None = None,
        *,
        service: AnswerService | None = None,
        settings: DataSettings | None = None,
    ) -> None:
        self.engine = engine
        self.socket = socket
        self.service = service
        self.settings = settings
        self._rules: tuple[float, dict[str, Any]] | None = None
        self._lock = threading.Lock()

    def corpus(self) -> tuple[AnswerService | None, dict[str, Any]]:
        service = self.service
        if service is None:
            try:
                service = AnswerService.from_settings(self.settings or DataSettings())
            except Exception as exc:  # report, never raise from a health probe
                log.error("statute corpus or calendars failed to load: %s", type(exc).__name__)
                return None, {"loaded": False, "error": type(exc).__name__}
            self.service = service
        return service, {
            "loaded": True,
            "laws": len(service.corpus.laws),
            "version": service.corpus.version[:16],
        }

    def rules(self, service: AnswerService | None) -> dict[str, Any]:
        if service is None:
            return {"state": "unavailable"}
        with self._lock:
            if self._rules and time.monotonic() - self._rules[0] < _RULES_CHECK_SECONDS:
                return self._rules[1]
            try:
                checks = service.rules_check()
                refused = sorted(rid for rid, c in checks.items() if c.state != "ok")
                state = {
                    "state": "refused" if refused else "ok",
                    "rules": len(checks),
                    "refused": refused,
                }
            except Exception as exc:
                log.error("rules check failed: %s", type(exc).__name__)
                state = {"state": "error", "error": type(exc).__name__}
            self._rules = (time.monotonic(), state)
            return state

    def database(self) -> dict[str, Any]:
        if self.engine is None:
            return {"configured": False, "reachable": None}
        try:
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
        service, corpus_state = self.corpus()
        report: dict[str, Any] = {
            "corpus": corpus_state,
            "rules": self.rules(service),
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
