"""The App Home tab: the deadlines of the next weeks, soonest first, each with its citation."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import Any

from bot.render.blocks import (
    MAX_VIEW_BLOCKS,
    Block,
    context,
    escape,
    fit,
    header,
    home_tab,
    section,
)
from rules.result import Result
from rules.values import END_OF_DAY, TZ, format_when


def home_view(deadlines: Iterable[Any], *, now: datetime, days: int = 60) -> dict[str, Any]:
    """App Home: deadlines in the `days` days from `now`, soonest first, each with its citation.

    `deadlines` are `rules.season.SeasonDeadline`s (duck-typed: `deadline`, `title`, `result`,
    optional `basis_changed`). At most 100 blocks.
    """
    if now.tzinfo is None:
        now = now.replace(tzinfo=TZ)
    horizon = now + timedelta(days=days)
    upcoming = sorted(
        (d for d in deadlines if now <= _aware(d.deadline) <= horizon),
        key=lambda d: _aware(d.deadline),
    )
    head: list[Block] = [
        header("Upcoming filing deadlines"),
        context(
            f"Next {days} days from {now:%A, %B} {now.day}, {now.year}. Times are Eastern. "
            "Ask me with `/deadline` for any other case."
        ),
    ]
    body: list[Block] = []
    for item in upcoming:
        result: Result | None = getattr(item, "result", None)
        deadline = _aware(item.deadline)
        # A date-only deadline (end of day) is shown as a date.
        when: date | datetime = deadline.date() if getattr(item, "all_day", False) else deadline
        lines = [f"*{escape(item.title)}*", format_when(when)]
        if result is not None and result.answer:
            lines.append(escape(result.answer))
        body.append(section("\n".join(lines)))
        notes = []
        if result is not None and result.citations:
            notes.append("📖 " + "; ".join(escape(c.cite) for c in result.citations))
        changed = getattr(item, "basis_changed", None)
        if changed:
            notes.append(f"⚠️ {escape(changed)}")
        if result is not None and result.alternatives:
            notes.append(f"⚠️ {len(result.alternatives)} other reading(s) — ask to see them")
        if notes:
            body.append(context(*notes))
    if not upcoming:
        body.append(section(f"No deadlines I track fall in the next {days} days."))
    return home_tab(fit(head, body, [], MAX_VIEW_BLOCKS))


def _aware(value: datetime | date) -> datetime:
    if not isinstance(value, datetime):
        value = datetime.combine(value, END_OF_DAY, TZ)
    return value if value.tzinfo else value.replace(tzinfo=TZ)
