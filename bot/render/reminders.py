"""A reminder message: our header (what, when, how many days left; a changed date, a late
post), the rule's answer with its quoted subsections, and a button to stop the reminders."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.ops.clock import local_day
from bot.render.answer import render_result
from bot.render.blocks import (
    MAX_FALLBACK,
    MAX_MESSAGE_BLOCKS,
    actions,
    button,
    confirm_dialog,
    context,
    escape,
    section,
)
from bot.reply import Reply
from rules.values import format_when

#: Action id of the reminder message's button; its value is the subscription id.
UNSUBSCRIBE_ACTION = "reminder_unsubscribe"


def reminder_message(
    *,
    subscription_id: int,
    reply: Reply,
    title: str,
    deadline: datetime | None,
    now: datetime,
    due_at: datetime,
    late: bool,
    changed_from: datetime | None = None,
    change_basis: str | None = None,
) -> tuple[str, list[dict[str, Any]]]:
    """Fallback text and blocks: our header, the rule's answer with its quoted subsections
    (`render_result`), and an unsubscribe button."""
    if deadline is not None:
        header = (
            f"⏰ *Reminder: {escape(title)}* — due {format_when(deadline)} "
            f"({days_left(deadline, now)})"
        )
        plain = f"Reminder: {title} — due {format_when(deadline)} ({days_left(deadline, now)})."
    else:
        header = f"⏰ *Reminder: {escape(title)}*"
        plain = f"Reminder: {title}."
    notes: list[str] = []
    if changed_from is not None and deadline is not None:
        basis = change_basis or "the calendar was updated"
        notes.append(
            f"📅 Date changed from {format_when(changed_from)} to {format_when(deadline)}. "
            f"Basis: {basis}"
        )
    if late:
        notes.append(
            f"⚠️ This reminder is late: it was due {format_when(due_at)}, "
            "when the reminder service was not running."
        )
    text, blocks = render_result(reply)
    head = [section(header), *(context(escape(n)) for n in notes)]
    stop = button(
        "Stop these reminders",
        UNSUBSCRIBE_ACTION,
        str(subscription_id),
        confirm=confirm_dialog(
            "Stop reminders?",
            f"Stop reminder subscription {subscription_id} here?",
            yes="Stop",
            no="Keep",
        ),
    )
    tail = [actions(stop)]
    room = MAX_MESSAGE_BLOCKS - len(head) - len(tail)
    fallback = " ".join([plain, *notes, text])
    return fallback[:MAX_FALLBACK], head + blocks[:room] + tail


def days_left(deadline: datetime, now: datetime) -> str:
    """ "due today", "1 day left", "14 days left" (counted in local calendar days)."""
    days = (local_day(deadline) - local_day(now)).days
    if days <= 0:
        return "due today"
    return "1 day left" if days == 1 else f"{days} days left"
