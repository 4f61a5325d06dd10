"""Structured logs: JSON lines when stderr is not a terminal (containers), readable otherwise.

Also the two rules every log line from request handling keeps (docs/STANDARDS.md: bad input gets
one line, never a traceback):
- a failure is logged as one line naming the exception and where it happened
  (`log_failure`); the full traceback only at DEBUG;
- nothing Slack sent us is logged whole: `BoltLogFilter` cuts the request bodies slack_bolt puts
  in some of its own messages (a rejected signature logs the whole body at INFO; an unhandled
  request logs parts of it) and keeps each of its records to one short line.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        # Fields passed with `extra=` (surface, status, rule…) become JSON keys.
        entry.update({k: v for k, v in record.__dict__.items() if k not in _STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def configure_logging(level: str = "INFO", *, json_lines: bool | None = None) -> None:
    """Configure the root logger once; JSON unless stderr is a TTY (override with json_lines)."""
    use_json = (not sys.stderr.isatty()) if json_lines is None else json_lines
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        JsonFormatter()
        if use_json
        else logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


#: Longest single log line we write about a failure or on slack_bolt's behalf.
MAX_LINE = 300
_OUR_PACKAGES = ("bot", "rules", "statutes")


def _clip(text: str, limit: int = MAX_LINE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def failure_line(exc: BaseException) -> str:
    """`ValueError: first line of the message (bot/slack_app.py:123 in _on_share)`.

    The place is the innermost frame in our own code (else the innermost frame): enough to find
    the bug without a traceback in the log. The message is cut to its first line, since
    SQLAlchemy and the Slack SDK append the statement or the whole response on later lines.
    """
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    code = _slack_error(exc)
    if code and code not in message:
        message = f"{message} [{code}]"
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if Path(f.filename).parent.name in _OUR_PACKAGES]
    place = ""
    if ours or frames:
        frame = (ours or frames)[-1]
        path = Path(frame.filename)
        place = f" ({path.parent.name}/{path.name}:{frame.lineno} in {frame.name})"
    return _clip(f"{type(exc).__name__}: {_clip(message, 160)}{place}")


def _slack_error(exc: BaseException) -> str | None:
    """A Slack API failure's error code (`channel_not_found`); the SDK's message has it only
    on a later line, with the whole response."""
    get = getattr(getattr(exc, "response", None), "get", None)
    code = get("error") if callable(get) else None
    return code if isinstance(code, str) else None


def log_failure(
    logger: logging.Logger, what: str, exc: BaseException, level: int = logging.ERROR
) -> None:
    """One line for a failure (`what: failure_line`); the traceback only when DEBUG is on."""
    logger.log(level, "%s: %s", what, failure_line(exc))
    if logger.isEnabledFor(logging.DEBUG):
        logger.debug("%s: traceback", what, exc_info=exc)


# slack_bolt messages that embed (part of) the request body, up to where the body starts.
_BODY_MARKERS = (
    "body: ",  # RequestVerification: "Invalid request signature detected (…, body: …)"
    "Request body: ",
    "request body: ",
    "Unhandled request (",
    "for the request (",  # "A global middleware (…) skipped calling next() … for the request (…)"
)


class BoltLogFilter(logging.Filter):
    """Keeps slack_bolt's (and its Socket Mode client's) records to one short line without
    request bodies; an exception attached to such a record becomes its `failure_line`."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        for marker in _BODY_MARKERS:
            at = message.find(marker)
            if at >= 0:
                message = message[: at + len(marker)] + "[not logged])"
        message = " | ".join(line.strip() for line in message.splitlines() if line.strip())
        if record.exc_info and record.exc_info[1] is not None:
            message = f"{message}: {failure_line(record.exc_info[1])}"
            record.exc_info = None
            record.exc_text = None
        record.msg, record.args = _clip(message), ()
        return True


def install_bolt_log_filter(logger: logging.Logger) -> None:
    """Put `BoltLogFilter` on the logger handed to slack_bolt (once). Bolt copies the filters
    of the logger it is given to its middleware loggers when the App is built."""
    if not any(isinstance(f, BoltLogFilter) for f in logger.filters):
        logger.addFilter(BoltLogFilter())
