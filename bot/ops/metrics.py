"""Prometheus metrics for the Slack surfaces and the reminder dispatcher.

Defined once at import on the default registry; `bot.slack.server` exposes them at `GET /metrics`.
Reminder code counts outcomes with `count_reminder("posted" | "late" | "missed" | "failed")`.
"""

from __future__ import annotations

from typing import Literal

from prometheus_client import Counter, Histogram

REQUESTS = Counter(
    "deadline_bot_requests_total",
    "Questions answered, by Slack surface and reply status.",
    ["surface", "status"],
)
ACK_SECONDS = Histogram(
    "deadline_bot_ack_seconds",
    "Time from receiving a Slack request to acknowledging it (HTTP response sent).",
    ["kind"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
)
MATCH_CONFIDENCE = Histogram(
    "deadline_bot_match_confidence",
    "Confidence of the free-text question → rule match.",
    buckets=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0),
)
NO_MATCH = Counter("deadline_bot_no_match_total", "Questions no rule matched.")
ERRORS = Counter(
    "deadline_bot_errors_total", "Unexpected errors answered with a generic apology.", ["surface"]
)
DUPLICATES = Counter(
    "deadline_bot_duplicate_deliveries_total", "Retried Slack deliveries answered only once."
)
LATE_ANSWERS = Counter(
    "deadline_bot_late_command_answers_total",
    "Slash-command answers not ready within the ack window, posted to the response_url instead.",
)
REMINDERS = Counter(
    "deadline_bot_reminders_total",
    "Reminder deliveries by outcome (posted, late, missed, failed).",
    ["outcome"],
)

ReminderOutcome = Literal["posted", "late", "missed", "failed"]

# Pre-create the label sets so a fresh process shows zeros instead of missing series.
for _outcome in ("posted", "late", "missed", "failed"):
    REMINDERS.labels(outcome=_outcome)


def count_reminder(outcome: ReminderOutcome) -> None:
    """Count one reminder delivery outcome."""
    REMINDERS.labels(outcome=outcome).inc()


def observe_reply(surface: str, status: str, confidence: float | None) -> None:
    """Count one reply to a question on a surface."""
    REQUESTS.labels(surface=surface, status=status).inc()
    if confidence is not None:
        MATCH_CONFIDENCE.observe(confidence)
    if status == "no_match":
        NO_MATCH.inc()
