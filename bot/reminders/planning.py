"""Planning reminders: which occurrences each subscription needs, at what due time.

The database is the source of truth: planning materializes one `Occurrence` per (subscription,
deadline key, offset) with its due time; the dispatcher (`bot.reminders.dispatcher`) claims and
posts them. Deadlines come from a `DeadlineSource` — in production the answering service's
season (`season_of(service)`), recomputed at planning and at posting time, so a moved date moves
pending reminders.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Protocol, cast

from sqlalchemy import Engine, Table, bindparam, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from bot.ops.clock import local_day
from bot.reminders.models import Occurrence, Subscription
from bot.reminders.times import due_time
from bot.reply import Reply
from rules.result import Result
from rules.values import parse_time

if TYPE_CHECKING:
    from bot.service import AnswerService

log = logging.getLogger("bot.reminders")

ONCE_KEY = "once"


class DeadlineLike(Protocol):
    """What we need of `rules.season.SeasonDeadline` (see docs/ARCHITECTURE.md)."""

    @property
    def key(self) -> str: ...
    @property
    def calendar_id(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def params(self) -> dict[str, str]: ...
    @property
    def deadline(self) -> datetime: ...
    @property
    def title(self) -> str: ...
    @property
    def result(self) -> Result: ...
    @property
    def basis_changed(self) -> str | None: ...


#: (calendar_id, today, rule_ids or None) -> that calendar's deadlines.
DeadlineSource = Callable[[str, date, "list[str] | None"], Sequence[DeadlineLike]]
#: (rule invocation such as "md-petition-certificate year=2026", today) -> Reply.
Answerer = Callable[[str, date], Reply]


def season_of(service: AnswerService) -> DeadlineSource:
    """The answering service's season deadlines, as a deadline source."""

    def source(calendar_id: str, today: date, rule_ids: list[str] | None) -> list[DeadlineLike]:
        return list(service.season(calendar_id, rule_ids, today=today))

    return source


def answers_of(service: AnswerService) -> Answerer:
    """The answering service, as the answerer of one-off reminders."""

    def answer(invocation: str, today: date) -> Reply:
        return service.ask(invocation, surface="reminder", today=today)

    return answer


class DeadlineCache:
    """Deadlines per (calendar, rules, day), computed once per tick and shared by its users.

    Without a source (a caller planning one-off reminders only) asking for deadlines raises
    LookupError, which planning reports for that subscription alone.
    """

    def __init__(self, source: DeadlineSource | None) -> None:
        self._source = source
        self._cache: dict[tuple[str, date, tuple[str, ...] | None], dict[str, DeadlineLike]] = {}

    def get(
        self, calendar_id: str, today: date, rule_ids: list[str] | None
    ) -> dict[str, DeadlineLike]:
        """key → deadline for the calendar (raises what the source raises)."""
        if self._source is None:
            raise LookupError(f"no deadline source to compute calendar {calendar_id!r}")
        cache_key = (calendar_id, today, tuple(rule_ids) if rule_ids else None)
        if cache_key not in self._cache:
            found = self._source(calendar_id, today, list(rule_ids) if rule_ids else None)
            self._cache[cache_key] = {d.key: d for d in found}
        return self._cache[cache_key]


def _desired(
    sub: Subscription, now: datetime, deadlines: DeadlineCache
) -> dict[tuple[str, int], tuple[datetime, datetime | None]]:
    """(deadline key, offset) → (due time, deadline) for a subscription, from `now` on.

    Reminders due before the subscription existed are not planned (no flood of "late" posts
    for a brand-new subscription); reminders due at or after the deadline are not either.
    """
    if sub.kind == ONCE_KEY:
        assert sub.once_at is not None
        return {(ONCE_KEY, 0): (sub.once_at, None)}
    assert sub.calendar_id is not None
    post_at = parse_time(sub.post_time)
    wanted: dict[tuple[str, int], tuple[datetime, datetime | None]] = {}
    for key, d in deadlines.get(sub.calendar_id, local_day(now), sub.rule_ids).items():
        for offset in sub.offsets_days:
            due = due_time(d.deadline, int(offset), post_at)
            if due < sub.created_at or due >= d.deadline:
                continue
            wanted[(key, int(offset))] = (due, d.deadline)
    return wanted


def _insert_ignore(engine: Engine) -> Any:
    dialect = postgresql if engine.dialect.name == "postgresql" else sqlite
    return dialect.insert(Occurrence).on_conflict_do_nothing(
        index_elements=["subscription_id", "deadline_key", "offset_days"]
    )


def plan(
    engine: Engine,
    *,
    now: datetime,
    source: DeadlineSource | None = None,
    subscription_ids: Iterable[int] | None = None,
    deadlines: DeadlineCache | None = None,
) -> int:
    """Materialize the occurrences of active subscriptions; return how many were new.

    Idempotent and safe to run from several replicas at once (inserts ignore duplicates; a
    pending occurrence whose deadline moved gets its new due time; claimed or sent ones are
    left alone). A calendar that cannot be computed is logged and skipped.
    """
    deadlines = deadlines or DeadlineCache(source)
    stmt = select(Subscription).where(Subscription.state == "active")
    if subscription_ids is not None:
        stmt = stmt.where(Subscription.id.in_(list(subscription_ids)))
    with Session(engine) as session:
        subs = list(session.scalars(stmt))
        existing: dict[int, dict[tuple[str, int], tuple[int, str, datetime]]] = defaultdict(dict)
        if subs:
            rows = session.execute(
                select(
                    Occurrence.subscription_id,
                    Occurrence.deadline_key,
                    Occurrence.offset_days,
                    Occurrence.id,
                    Occurrence.state,
                    Occurrence.due_at,
                ).where(Occurrence.subscription_id.in_([s.id for s in subs]))
            )
            for sub_id, key, offset, occ_id, state, due in rows:
                existing[sub_id][(key, offset)] = (occ_id, state, due)
    new_rows: list[dict[str, Any]] = []
    moved: list[dict[str, Any]] = []
    for sub in subs:
        try:
            wanted = _desired(sub, now, deadlines)
        except Exception as exc:  # a broken calendar must not stop other subscriptions
            log.warning("cannot plan subscription %s: %s", sub.id, exc)
            continue
        have = existing[sub.id]
        for (key, offset), (due, deadline) in wanted.items():
            if (key, offset) not in have:
                new_rows.append(
                    {
                        "subscription_id": sub.id,
                        "deadline_key": key,
                        "offset_days": offset,
                        "due_at": due,
                        "planned_deadline": deadline,
                        "state": "pending",
                        "attempts": 0,
                        "needs_check": False,
                        "late": False,
                    }
                )
            else:
                occ_id, state, old_due = have[(key, offset)]
                if state == "pending" and old_due != due:
                    moved.append({"oid": occ_id, "new_due": due})
    with engine.begin() as conn:
        inserted = 0
        for start in range(0, len(new_rows), 1000):
            # RETURNING counts what this replica inserted (rowcount is unreliable here).
            stmt = _insert_ignore(engine).returning(Occurrence.id)
            inserted += len(conn.execute(stmt, new_rows[start : start + 1000]).all())
        if moved:
            conn.execute(
                update(cast(Table, Occurrence.__table__))
                .where(Occurrence.id == bindparam("oid"), Occurrence.state == "pending")
                .values(due_at=bindparam("new_due")),
                moved,
            )
    return inserted
