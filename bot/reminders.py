"""Deadline reminders: subscriptions, planning and the database-driven dispatcher.

The database is the source of truth. Planning materializes one `Occurrence` per (subscription,
deadline key, offset) with its due time; the dispatcher claims due occurrences in a transaction
(`FOR UPDATE SKIP LOCKED` on PostgreSQL; one atomic `UPDATE … RETURNING` under SQLite's
`BEGIN IMMEDIATE`), posts them with `chat.postMessage` and marks them sent with the Slack `ts`.

Posted once, ever:
- the occurrence is unique on (subscription_id, deadline_key, offset_days);
- before posting, the row is in state `posting` with a claim token and `claimed_at` (intent);
- each message carries metadata `{"event_type": "deadline_reminder", "event_payload":
  {"occurrence": "<subscription>:<key>:<offset>"}}`; a `posting` row whose claim went stale (the
  dispatcher died between post and commit) is reconciled by looking for that metadata in
  `conversations.history` before anything is posted again. So is a row whose last attempt ended
  in a 5xx or a network error (Slack may have posted it anyway).

Deadlines are recomputed from the calendar at planning and at posting time
(`rules.season.season_deadlines`); a moved date moves pending reminders, and the message says
the date changed, from what, and on what basis.

Run as a process: `python -m bot.reminders --database-url URL [--slack-base-url URL] …`.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import threading
import time as _time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, fields
from datetime import date, datetime, time, timedelta
from typing import Any, Protocol

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from sqlalchemy import Engine, bindparam, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from bot import metrics
from bot.render_blocks import escape, format_when, render_result
from bot.reply import Reply
from bot.settings import TIMEZONE
from bot.store import Occurrence, Subscription, log_action, make_engine, utcnow
from rules.result import Result

log = logging.getLogger("bot.reminders")

EVENT_TYPE = "deadline_reminder"
UNSUBSCRIBE_ACTION = "reminder_unsubscribe"
DISPATCHER = "dispatcher"  # the actor name in the actions log
ONCE_KEY = "once"
# Slack errors that will not heal by retrying: pause the channel's subscriptions.
CHANNEL_ERRORS = frozenset(
    {
        "channel_not_found",
        "not_in_channel",
        "is_archived",
        "channel_is_archived",
        "restricted_action",
    }
)
# Without history access a crash cannot be reconciled; we post rather than miss a deadline.
UNVERIFIABLE_ERRORS = frozenset({"missing_scope", "not_allowed_token_type", "no_permission"})


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
Clock = Callable[[], datetime]


def season_source(calendar_id: str, today: date, rule_ids: list[str] | None) -> list[Any]:
    """The production deadline source: `rules.season.season_deadlines`."""
    from rules.season import season_deadlines  # lazy: loads the corpus and rules

    return list(season_deadlines(calendar_id, today=today, rule_ids=rule_ids))


def dispatch_answer(invocation: str, today: date) -> Reply:
    """The production answerer for one-off reminders: `bot.dispatch.handle`."""
    from bot.dispatch import handle  # lazy: loads the corpus and rules

    return handle(invocation, today=today, surface="reminder")


# --- time helpers ----------------------------------------------------------------------------
def local_today(now: datetime) -> date:
    """The date in America/New_York at `now`."""
    return now.astimezone(TIMEZONE).date()


def parse_post_time(value: str) -> time:
    """ "9:00" / "09:30" / "17:05" → time (ValueError otherwise)."""
    hours, _, minutes = value.partition(":")
    parsed = time(int(hours), int(minutes or 0))
    return parsed


def due_time(deadline: datetime, offset_days: int, post_time: time) -> datetime:
    """When the reminder `offset_days` before `deadline` goes out: that local day at post_time."""
    day = deadline.astimezone(TIMEZONE).date() - timedelta(days=offset_days)
    return datetime.combine(day, post_time, TIMEZONE)


def end_of_day(value: date | datetime) -> datetime:
    """A date-only deadline is met until 23:59 local that day; a datetime is itself."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=TIMEZONE)
    return datetime.combine(value, time(23, 59), TIMEZONE)


def days_left(deadline: datetime, now: datetime) -> str:
    """ "due today", "1 day left", "14 days left" (counted in local calendar days)."""
    days = (local_today(deadline) - local_today(now)).days
    if days <= 0:
        return "due today"
    return "1 day left" if days == 1 else f"{days} days left"


# --- planning --------------------------------------------------------------------------------
class DeadlineCache:
    """Deadlines per (calendar, rules, day), computed once per tick and shared by its users."""

    def __init__(self, source: DeadlineSource) -> None:
        self._source = source
        self._cache: dict[tuple[str, date, tuple[str, ...] | None], dict[str, DeadlineLike]] = {}

    def get(self, calendar_id: str, today: date, rule_ids: list[str] | None) -> dict[str, Any]:
        """key → deadline for the calendar (raises what the source raises)."""
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
    post_at = parse_post_time(sub.post_time)
    wanted: dict[tuple[str, int], tuple[datetime, datetime | None]] = {}
    for key, d in deadlines.get(sub.calendar_id, local_today(now), sub.rule_ids).items():
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
    deadlines = deadlines or DeadlineCache(source or season_source)
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
                update(Occurrence.__table__)
                .where(Occurrence.id == bindparam("oid"), Occurrence.state == "pending")
                .values(due_at=bindparam("new_due")),
                moved,
            )
    return inserted


# --- subscriptions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SubscriptionView:
    """A subscription as shown to people (`/deadline reminders`)."""

    id: int
    channel_id: str
    kind: str
    calendar_id: str | None
    rule_ids: list[str] | None
    offsets_days: list[int]
    post_time: str
    once_at: datetime | None
    once_invocation: str | None
    state: str
    paused_reason: str | None
    created_by: str
    created_at: datetime
    next_post_at: datetime | None


def create_subscription(
    engine: Engine,
    *,
    channel_id: str,
    created_by: str,
    now: datetime,
    calendar_id: str | None = None,
    rule_ids: list[str] | None = None,
    offsets_days: Sequence[int] = (14, 7, 1),
    post_time: str = "09:00",
    once_at: datetime | None = None,
    once_invocation: str | None = None,
    source: DeadlineSource | None = None,
) -> int:
    """Store a subscription (logged as `subscribe` by `created_by`), plan it, return its id."""
    kind = ONCE_KEY if once_at is not None else "season"
    with Session(engine) as session, session.begin():
        sub = Subscription(
            channel_id=channel_id,
            kind=kind,
            calendar_id=calendar_id,
            rule_ids=list(rule_ids) if rule_ids else None,
            offsets_days=sorted({int(o) for o in offsets_days}, reverse=True),
            post_time=post_time,
            once_at=once_at,
            once_invocation=once_invocation,
            state="active",
            created_by=created_by,
            created_at=now,
        )
        session.add(sub)
        session.flush()
        sub_id = sub.id
        log_action(
            session,
            actor=created_by,
            action="subscribe",
            at=now,
            subscription_id=sub_id,
            channel=channel_id,
            kind=kind,
            calendar=calendar_id,
            rules=rule_ids,
            offsets=list(offsets_days),
            time=post_time,
            once_at=once_at.isoformat() if once_at else None,
            invocation=once_invocation,
        )
    plan(engine, now=now, source=source, subscription_ids=[sub_id])
    return sub_id


def get_subscription(engine: Engine, subscription_id: int) -> Subscription | None:
    """The subscription row (detached), or None."""
    with Session(engine, expire_on_commit=False) as session:
        return session.get(Subscription, subscription_id)


def delete_subscription(engine: Engine, subscription_id: int, *, by: str, now: datetime) -> bool:
    """Mark a subscription deleted and cancel its pending reminders; False if not active/paused.

    Nothing is erased: the row, its history and the actions log stay.
    """
    with Session(engine) as session, session.begin():
        changed = session.execute(
            update(Subscription)
            .where(Subscription.id == subscription_id, Subscription.state != "deleted")
            .values(state="deleted", deleted_by=by, deleted_at=now)
        ).rowcount  # type: ignore[attr-defined]
        if not changed:
            return False
        cancelled = session.execute(
            update(Occurrence)
            .where(Occurrence.subscription_id == subscription_id, Occurrence.state == "pending")
            .values(state="cancelled", last_error=f"unsubscribed by {by}")
        ).rowcount  # type: ignore[attr-defined]
        log_action(
            session,
            actor=by,
            action="unsubscribe",
            at=now,
            subscription_id=subscription_id,
            cancelled=cancelled,
        )
    return True


def list_subscriptions(
    engine: Engine, *, channel_id: str | None = None, include_deleted: bool = False
) -> list[SubscriptionView]:
    """Subscriptions (by channel, then id) with the next time each will post."""
    next_post = (
        select(Occurrence.subscription_id, func.min(Occurrence.due_at).label("next_at"))
        .where(Occurrence.state.in_(("pending", "posting")))
        .group_by(Occurrence.subscription_id)
        .subquery()
    )
    stmt = (
        select(Subscription, next_post.c.next_at)
        .outerjoin(next_post, next_post.c.subscription_id == Subscription.id)
        .order_by(Subscription.channel_id, Subscription.id)
    )
    if channel_id is not None:
        stmt = stmt.where(Subscription.channel_id == channel_id)
    if not include_deleted:
        stmt = stmt.where(Subscription.state != "deleted")
    views = []
    with Session(engine) as session:
        for sub, next_at in session.execute(stmt):
            views.append(
                SubscriptionView(
                    id=sub.id,
                    channel_id=sub.channel_id,
                    kind=sub.kind,
                    calendar_id=sub.calendar_id,
                    rule_ids=sub.rule_ids,
                    offsets_days=list(sub.offsets_days),
                    post_time=sub.post_time,
                    once_at=sub.once_at,
                    once_invocation=sub.once_invocation,
                    state=sub.state,
                    paused_reason=sub.paused_reason,
                    created_by=sub.created_by,
                    created_at=sub.created_at,
                    next_post_at=next_at,
                )
            )
    return views


# --- the message -----------------------------------------------------------------------------
def occurrence_key(subscription_id: int, deadline_key: str, offset_days: int) -> str:
    """The identity a reminder message carries in its metadata."""
    return f"{subscription_id}:{deadline_key}:{offset_days}"


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
    head: list[dict[str, Any]] = [{"type": "section", "text": {"type": "mrkdwn", "text": header}}]
    head += [
        {"type": "context", "elements": [{"type": "mrkdwn", "text": escape(n)}]} for n in notes
    ]
    tail = [
        {
            "type": "actions",
            "elements": [
                {
                    "type": "button",
                    "action_id": UNSUBSCRIBE_ACTION,
                    "value": str(subscription_id),
                    "text": {"type": "plain_text", "text": "Stop these reminders"},
                    "confirm": {
                        "title": {"type": "plain_text", "text": "Stop reminders?"},
                        "text": {
                            "type": "plain_text",
                            "text": f"Stop reminder subscription {subscription_id} here?",
                        },
                        "confirm": {"type": "plain_text", "text": "Stop"},
                        "deny": {"type": "plain_text", "text": "Keep"},
                    },
                }
            ],
        }
    ]
    room = 50 - len(head) - len(tail)
    fallback = " ".join([plain, *notes, text])
    return fallback[:3000], head + blocks[:room] + tail


# --- the dispatcher --------------------------------------------------------------------------
@dataclass
class TickReport:
    """What one `run_once` did."""

    planned: int = 0
    claimed: int = 0
    recovered: int = 0
    posted: int = 0
    late: int = 0
    missed: int = 0
    reconciled: int = 0
    released: int = 0
    cancelled: int = 0
    failed: int = 0
    paused_channels: list[str] = field(default_factory=list)

    def add(self, other: TickReport) -> None:
        for f in fields(self):
            if f.name != "paused_channels":
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        self.paused_channels.extend(other.paused_channels)


@dataclass
class _Claimed:
    """A claimed occurrence and the subscription fields the posting needs (no ORM session)."""

    id: int
    subscription_id: int
    deadline_key: str
    offset_days: int
    due_at: datetime
    planned_deadline: datetime | None
    needs_check: bool
    first_attempt_at: datetime | None
    channel_id: str
    kind: str
    calendar_id: str | None
    rule_ids: list[str] | None
    post_time: str
    once_invocation: str | None

    @property
    def key(self) -> str:
        return occurrence_key(self.subscription_id, self.deadline_key, self.offset_days)


@dataclass
class _Outcome:
    """The decision for one claimed occurrence, applied in the channel's transaction."""

    claimed: _Claimed
    state: str  # sent | missed | cancelled | failed | pending | lost (another replica has it)
    ts: str | None = None
    late: bool = False
    reconciled: bool = False
    error: str | None = None
    due_at: datetime | None = None
    needs_check: bool = False
    retry_at: datetime | None = None
    detail: dict[str, Any] = field(default_factory=dict)


class _ChannelGone(Exception):
    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.error = error


class _Transient(Exception):
    """Slack could not be reached or answered 5xx/429 beyond our patience."""

    def __init__(self, error: str, *, uncertain: bool, retry_after: float | None = None) -> None:
        super().__init__(error)
        self.error = error
        self.uncertain = uncertain  # the post may have reached Slack
        self.retry_after = retry_after


class Dispatcher:
    """Posts due reminders; any number of replicas may run against one database.

    `now` is the domain clock (due times and deadlines; tests pass a fake one). `wall` is the
    real clock used for claim leases and retry back-off.
    """

    def __init__(
        self,
        engine: Engine,
        client: WebClient,
        *,
        now: Clock | None = None,
        wall: Clock = utcnow,
        source: DeadlineSource | None = None,
        answer: Answerer | None = None,
        batch_size: int = 100,
        workers: int = 4,
        pacing: bool = True,
        pace_seconds: float = 1.0,
        stale_after: timedelta = timedelta(minutes=5),
        late_grace: timedelta = timedelta(minutes=15),
        plan_every: timedelta = timedelta(minutes=1),
        max_retry_after: float = 60.0,
        rate_limit_retries: int = 5,
        server_retries: int = 2,
        backoff: float = 1.0,
        name: str | None = None,
    ) -> None:
        self.engine = engine
        self.client = client
        self.now = now or utcnow
        self.wall = wall
        self.source = source or season_source
        self.answer = answer or dispatch_answer
        self.batch_size = batch_size
        self.workers = max(1, workers)
        self.pacing = pacing
        self.pace_seconds = pace_seconds
        self.stale_after = stale_after
        self.late_grace = late_grace
        self.plan_every = plan_every
        self.max_retry_after = max_retry_after
        self.rate_limit_retries = rate_limit_retries
        self.server_retries = server_retries
        self.backoff = backoff
        self.name = name or f"{DISPATCHER}-{os.getpid()}"
        self._last_plan: datetime | None = None
        self._last_post: dict[str, float] = {}
        self._pace_lock = threading.Lock()
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="reminders")

    # --- public ------------------------------------------------------------------------------
    def run_once(self) -> TickReport:
        """One tick: plan (if due), recover stale claims, then claim and post until none due."""
        report = TickReport()
        deadlines = DeadlineCache(self.source)
        wall = self.wall()
        if self._last_plan is None or wall - self._last_plan >= self.plan_every:
            report.planned = plan(self.engine, now=self.now(), deadlines=deadlines)
            self._last_plan = wall
        token, ids = self._claim_stale()
        if ids:
            report.recovered += len(ids)
            report.add(self._process(token, deadlines))
        for _ in range(10_000):  # bounded: each pass claims up to batch_size rows
            token, ids = self._claim_due()
            if not ids:
                break
            report.claimed += len(ids)
            report.add(self._process(token, deadlines))
        return report

    def run_forever(self, stop_event: threading.Event, interval: float = 5.0) -> None:
        """Tick every `interval` seconds until `stop_event` is set; errors are logged, not fatal."""
        while not stop_event.is_set():
            try:
                self.run_once()
            except Exception:
                log.exception("reminder tick failed; trying again in %.1fs", interval)
            stop_event.wait(interval)

    def close(self) -> None:
        """Stop the posting threads."""
        self._pool.shutdown(wait=True)

    # --- claiming ----------------------------------------------------------------------------
    def _claim(
        self, where: list[Any], *, recheck: Any, extra: dict[str, Any]
    ) -> tuple[str, list[int]]:
        token = uuid.uuid4().hex
        wall = self.wall()
        candidates = (
            select(Occurrence.id)
            .join(Subscription, Subscription.id == Occurrence.subscription_id)
            .where(Subscription.state == "active", *where)
            .order_by(Occurrence.due_at, Occurrence.id)
            .limit(self.batch_size)
            .with_for_update(skip_locked=True, of=Occurrence)
            .correlate(None)  # a self-contained subquery, not correlated to the UPDATE
        )
        stmt = (
            update(Occurrence)
            .where(Occurrence.id.in_(candidates), recheck)
            .values(
                state="posting",
                claim_token=token,
                claimed_at=wall,
                first_attempt_at=func.coalesce(Occurrence.first_attempt_at, wall),
                attempts=Occurrence.attempts + 1,
                **extra,
            )
            .returning(Occurrence.id)
            .execution_options(synchronize_session=False)
        )
        with self.engine.begin() as conn:
            ids = list(conn.execute(stmt).scalars())
        return token, ids

    def _claim_due(self) -> tuple[str, list[int]]:
        wall = self.wall()
        return self._claim(
            [
                Occurrence.state == "pending",
                Occurrence.due_at <= self.now(),
                or_(Occurrence.next_attempt_at.is_(None), Occurrence.next_attempt_at <= wall),
            ],
            recheck=Occurrence.state == "pending",
            extra={},
        )

    def _claim_stale(self) -> tuple[str, list[int]]:
        """Take over `posting` rows whose dispatcher stopped renewing its claim (crashed)."""
        cutoff = self.wall() - self.stale_after
        return self._claim(
            [Occurrence.state == "posting", Occurrence.claimed_at < cutoff],
            recheck=Occurrence.claimed_at < cutoff,
            extra={"needs_check": True},
        )

    def _renew(self, token: str) -> set[int]:
        """Extend our claim; the ids we still hold (another replica may have taken some)."""
        with self.engine.begin() as conn:
            return set(
                conn.execute(
                    update(Occurrence)
                    .where(Occurrence.claim_token == token, Occurrence.state == "posting")
                    .values(claimed_at=self.wall())
                    .returning(Occurrence.id)
                    .execution_options(synchronize_session=False)
                ).scalars()
            )

    def _load(self, token: str) -> list[_Claimed]:
        with Session(self.engine) as session:
            rows = session.execute(
                select(Occurrence, Subscription)
                .join(Subscription, Subscription.id == Occurrence.subscription_id)
                .where(Occurrence.claim_token == token, Occurrence.state == "posting")
                .order_by(Occurrence.due_at, Occurrence.id)
            ).all()
            return [
                _Claimed(
                    id=o.id,
                    subscription_id=o.subscription_id,
                    deadline_key=o.deadline_key,
                    offset_days=o.offset_days,
                    due_at=o.due_at,
                    planned_deadline=o.planned_deadline,
                    needs_check=o.needs_check,
                    first_attempt_at=o.first_attempt_at,
                    channel_id=s.channel_id,
                    kind=s.kind,
                    calendar_id=s.calendar_id,
                    rule_ids=s.rule_ids,
                    post_time=s.post_time,
                    once_invocation=s.once_invocation,
                )
                for o, s in rows
            ]

    # --- one claimed batch -------------------------------------------------------------------
    def _process(self, token: str, deadlines: DeadlineCache) -> TickReport:
        claimed = self._load(token)
        now = self.now()
        contexts = self._contexts(claimed, now, deadlines)
        lease = _Lease(self, token)
        by_channel: dict[str, list[_Claimed]] = defaultdict(list)
        for item in claimed:
            by_channel[item.channel_id].append(item)
        # Paced, a channel's posts go in order from one thread; unpaced, a busy channel is
        # split so all posting threads have work.
        chunk = len(claimed) if self.pacing else max(25, -(-len(claimed) // self.workers))
        futures = [
            self._pool.submit(self._post_channel, channel, items[i : i + chunk], contexts, lease)
            for channel, items in by_channel.items()
            for i in range(0, len(items), chunk)
        ]
        report = TickReport()
        for future in futures:
            report.add(future.result())
        return report

    def _contexts(
        self, claimed: list[_Claimed], now: datetime, deadlines: DeadlineCache
    ) -> dict[int, Any]:
        """Per subscription: the current deadlines (season) or the rule's answer (once), or the
        exception that prevented computing them. Computed once, before the posting threads."""
        out: dict[int, Any] = {}
        today = local_today(now)
        for item in claimed:
            if item.subscription_id in out:
                continue
            try:
                if item.kind == ONCE_KEY:
                    out[item.subscription_id] = self.answer(item.once_invocation or "", today)
                else:
                    assert item.calendar_id is not None
                    out[item.subscription_id] = deadlines.get(
                        item.calendar_id, today, item.rule_ids
                    )
            except Exception as exc:
                log.warning(
                    "cannot compute reminder for subscription %s: %s", item.subscription_id, exc
                )
                out[item.subscription_id] = exc
        return out

    def _post_channel(
        self, channel: str, items: list[_Claimed], contexts: dict[int, Any], lease: _Lease
    ) -> TickReport:
        """Post one channel's claimed reminders in order, paced; record outcomes as we go."""
        report = TickReport()
        outcomes: list[_Outcome] = []  # decided, not yet recorded
        handled: set[int] = set()
        posted_keys: dict[str, str] | None = None
        try:
            for item in items:
                if not lease.holds(item.id):
                    handled.add(item.id)  # another replica took it over: not ours to touch
                    continue
                if item.needs_check:
                    if posted_keys is None:
                        posted_keys = self._posted_keys(channel, items)
                    if item.key in posted_keys:
                        outcomes.append(
                            _Outcome(item, "sent", ts=posted_keys[item.key], reconciled=True)
                        )
                        handled.add(item.id)
                        continue
                outcomes.append(
                    self._decide_and_post(item, contexts.get(item.subscription_id), lease)
                )
                handled.add(item.id)
                if len(outcomes) >= 25:  # keep the window between post and record short
                    self._apply(lease.token, outcomes, report)
                    outcomes = []
        except _ChannelGone as gone:
            self._apply(lease.token, outcomes, report)
            rest = [i for i in items if i.id not in handled]
            self._pause_channel(channel, gone.error, lease.token, rest)
            report.paused_channels.append(channel)
            report.released += len(rest)
            return report
        except _Transient as err:
            # Leave the rest pending for a later tick; the one in flight may have been posted.
            retry_at = self.wall() + timedelta(seconds=err.retry_after or self.backoff * 4)
            rest = [i for i in items if i.id not in handled]
            outcomes += [
                _Outcome(
                    i,
                    "pending",
                    error=err.error,
                    retry_at=retry_at,
                    needs_check=i.needs_check or (err.uncertain and n == 0),
                )
                for n, i in enumerate(rest)
            ]
        self._apply(lease.token, outcomes, report)
        return report

    def _decide_and_post(self, item: _Claimed, context: Any, lease: _Lease) -> _Outcome:
        """Late, missed, moved or posted: decide from the deadline as computed now, then post."""
        now = self.now()
        if isinstance(context, Exception):
            return _Outcome(
                item,
                "pending",
                error=f"cannot compute: {context}",
                retry_at=self.wall() + timedelta(seconds=self.backoff * 30),
            )
        changed_from: datetime | None = None
        basis: str | None = None
        if item.kind == ONCE_KEY:
            reply: Reply = context
            result = reply.result
            deadline = end_of_day(result.deadline) if result and result.deadline else None
            title = reply.command or item.once_invocation or "reminder"
            due = item.due_at
        else:
            current = context.get(item.deadline_key)
            if current is None:
                return _Outcome(item, "cancelled", error="deadline no longer in the calendar")
            deadline = current.deadline
            title = current.title
            reply = Reply(
                status=current.result.status,
                rule=current.rule,
                params=dict(current.params),
                result=current.result,
            )
            due = due_time(deadline, item.offset_days, parse_post_time(item.post_time))
            if item.planned_deadline is not None and item.planned_deadline != deadline:
                changed_from = item.planned_deadline
                basis = current.basis_changed or _calendar_sources(current.result)
            if due > now:  # the date moved later: wait for the new due time
                return _Outcome(item, "pending", due_at=due, detail={"moved_to": due.isoformat()})
        if deadline is not None and now >= deadline:
            return _Outcome(
                item,
                "missed",
                error="deadline passed before it could be posted",
                detail={"deadline": deadline.isoformat(), "due": due.isoformat()},
            )
        late = now - due > self.late_grace
        text, blocks = reminder_message(
            subscription_id=item.subscription_id,
            reply=reply,
            title=title,
            deadline=deadline,
            now=now,
            due_at=due,
            late=late,
            changed_from=changed_from,
            change_basis=basis,
        )
        try:
            ts = self._post(item, text, blocks, lease)
        except _Permanent as exc:
            return _Outcome(item, "failed", error=str(exc))
        except _LostClaim:
            return _Outcome(item, "lost")
        detail: dict[str, Any] = {}
        if changed_from is not None:
            detail = {"from": changed_from.isoformat(), "to": deadline.isoformat(), "basis": basis}  # type: ignore[union-attr]
        return _Outcome(item, "sent", ts=ts, late=late, detail=detail)

    # --- Slack -------------------------------------------------------------------------------
    def _pace(self, channel: str) -> None:
        if not self.pacing:
            return
        with self._pace_lock:
            last = self._last_post.get(channel)
            now = _time.monotonic()
            wait = 0.0 if last is None else last + self.pace_seconds - now
            self._last_post[channel] = max(now, now + wait)
        if wait > 0:
            _time.sleep(wait)

    def _post(self, item: _Claimed, text: str, blocks: list[dict[str, Any]], lease: _Lease) -> str:
        """chat.postMessage with retries: 429 waits Retry-After; 5xx/network back off and look
        in history first (the failed attempt may have posted). Returns the message ts.

        The claim is confirmed (renewed if it is getting old) right before every attempt, so a
        replica that took the row over after a stall of ours is the only one to post it.
        """
        rate_limited = 0
        server_failures = 0
        verify = False
        while True:
            if verify:
                found = self._posted_keys(item.channel_id, [item]).get(item.key)
                if found:
                    return found
            self._pace(item.channel_id)
            if not lease.holds(item.id):
                raise _LostClaim(item.key)
            try:
                response = self.client.chat_postMessage(
                    channel=item.channel_id,
                    text=text,
                    blocks=blocks,
                    unfurl_links=False,
                    unfurl_media=False,
                    metadata={"event_type": EVENT_TYPE, "event_payload": {"occurrence": item.key}},
                )
                return str(response["ts"])
            except SlackApiError as exc:
                status = exc.response.status_code
                error = str(exc.response.get("error", "")) if exc.response.data else ""
                if status == 429:
                    wait = _retry_after(exc.response.headers)
                    rate_limited += 1
                    if rate_limited > self.rate_limit_retries or wait > self.max_retry_after:
                        raise _Transient("ratelimited", uncertain=False, retry_after=wait) from exc
                    log.info("Slack rate limit on %s; waiting %.1fs", item.channel_id, wait)
                    _time.sleep(wait)
                    continue
                if status >= 500:
                    server_failures += 1
                    if server_failures > self.server_retries:
                        raise _Transient(f"http {status}", uncertain=True) from exc
                    _time.sleep(min(self.backoff * 2 ** (server_failures - 1), 30.0))
                    verify = True
                    continue
                if error in CHANNEL_ERRORS:
                    raise _ChannelGone(error) from exc
                raise _Permanent(error or f"http {status}") from exc
            except (OSError, TimeoutError) as exc:  # URLError, connection reset, timeouts
                server_failures += 1
                if server_failures > self.server_retries:
                    raise _Transient(f"network: {exc}", uncertain=True) from exc
                _time.sleep(min(self.backoff * 2 ** (server_failures - 1), 30.0))
                verify = True

    def _posted_keys(self, channel: str, items: Sequence[_Claimed]) -> dict[str, str]:
        """Occurrence key → ts of our reminders already in the channel since the first attempt.

        Raises `_Transient` when history cannot be read for a passing reason (we must not post
        blind), `_ChannelGone` when the channel is gone; returns {} when the token cannot read
        history at all (we then prefer a possible duplicate to a missed deadline).
        """
        starts = [i.first_attempt_at for i in items if i.first_attempt_at is not None]
        oldest = f"{(min(starts).timestamp() - 120):.6f}" if starts else None
        found: dict[str, str] = {}
        cursor: str | None = None
        for _ in range(50):  # bounded pagination
            try:
                resp = self.client.conversations_history(
                    channel=channel,
                    oldest=oldest,
                    include_all_metadata=True,
                    limit=200,
                    cursor=cursor,
                )
            except SlackApiError as exc:
                error = str(exc.response.get("error", "")) if exc.response.data else ""
                if error in CHANNEL_ERRORS:
                    raise _ChannelGone(error) from exc
                if error in UNVERIFIABLE_ERRORS:
                    log.warning(
                        "cannot read history of %s (%s): posting unverified", channel, error
                    )
                    return found
                retry = (
                    _retry_after(exc.response.headers) if exc.response.status_code == 429 else None
                )
                raise _Transient(
                    f"history: {error or exc.response.status_code}",
                    uncertain=True,
                    retry_after=retry,
                ) from exc
            except (OSError, TimeoutError) as exc:
                raise _Transient(f"history: {exc}", uncertain=True) from exc
            for message in resp.get("messages") or []:
                meta = message.get("metadata") or {}
                if meta.get("event_type") == EVENT_TYPE:
                    key = (meta.get("event_payload") or {}).get("occurrence")
                    if key:
                        found.setdefault(str(key), str(message.get("ts")))
            cursor = (resp.get("response_metadata") or {}).get("next_cursor")
            if not (resp.get("has_more") and cursor):
                break
        return found

    # --- recording ---------------------------------------------------------------------------
    def _apply(self, token: str, outcomes: list[_Outcome], report: TickReport) -> None:
        """Record outcomes in one transaction (only rows we still hold are touched)."""
        if not outcomes:
            return
        wall = self.wall()
        table = Occurrence.__table__
        mine = (Occurrence.id == bindparam("oid")) & (Occurrence.claim_token == token)
        mine = mine & (Occurrence.state == "posting")
        sent = [o for o in outcomes if o.state == "sent"]
        final = [o for o in outcomes if o.state in ("missed", "cancelled", "failed")]
        back = [o for o in outcomes if o.state == "pending"]
        with Session(self.engine) as session, session.begin():
            if sent:
                session.execute(
                    update(table)
                    .where(mine)
                    .values(
                        state="sent",
                        slack_ts=bindparam("ts"),
                        posted_at=wall,
                        late=bindparam("is_late"),
                        needs_check=False,
                        last_error=None,
                    ),
                    [{"oid": o.claimed.id, "ts": o.ts, "is_late": o.late} for o in sent],
                )
            if final:
                session.execute(
                    update(table)
                    .where(mine)
                    .values(state=bindparam("new_state"), last_error=bindparam("err")),
                    [{"oid": o.claimed.id, "new_state": o.state, "err": o.error} for o in final],
                )
            if back:
                session.execute(
                    update(table)
                    .where(mine)
                    .values(
                        state="pending",
                        claim_token=None,
                        due_at=bindparam("due"),
                        next_attempt_at=bindparam("retry_at"),
                        needs_check=bindparam("check"),
                        last_error=bindparam("err"),
                    ),
                    [
                        {
                            "oid": o.claimed.id,
                            "due": o.due_at or o.claimed.due_at,
                            "retry_at": o.retry_at,
                            "check": o.needs_check,
                            "err": o.error,
                        }
                        for o in back
                    ],
                )
            for o in outcomes:
                action = _action_for(o)
                if action:
                    log_action(
                        session,
                        actor=self.name,
                        action=action,
                        at=self.now(),
                        subscription_id=o.claimed.subscription_id,
                        occurrence_id=o.claimed.id,
                        key=o.claimed.deadline_key,
                        offset=o.claimed.offset_days,
                        error=o.error,
                        **o.detail,
                    )
        for o in outcomes:
            if o.state == "sent":
                report.posted += not o.reconciled
                report.reconciled += o.reconciled
                report.late += o.late
                if not o.reconciled:
                    metrics.count_reminder("late" if o.late else "posted")
            elif o.state == "pending":
                report.released += 1
            elif o.state != "lost":
                setattr(report, o.state, getattr(report, o.state) + 1)
            if o.state in ("missed", "failed"):
                metrics.count_reminder(o.state)  # type: ignore[arg-type]
            if o.state == "missed":
                log.warning("reminder %s missed: %s", o.claimed.key, o.error)

    def _pause_channel(self, channel: str, error: str, token: str, items: list[_Claimed]) -> None:
        """Slack refuses the channel: pause its subscriptions (with the reason), release rows."""
        log.warning("pausing reminders for channel %s: %s", channel, error)
        with Session(self.engine) as session, session.begin():
            subs = list(
                session.scalars(
                    select(Subscription.id).where(
                        Subscription.channel_id == channel, Subscription.state == "active"
                    )
                )
            )
            session.execute(
                update(Subscription)
                .where(Subscription.id.in_(subs))
                .values(
                    state="paused", paused_reason=f"Slack said {error} at {self.now().isoformat()}"
                )
            )
            session.execute(
                update(Occurrence)
                .where(
                    Occurrence.claim_token == token,
                    Occurrence.state == "posting",
                    Occurrence.id.in_([i.id for i in items]),
                )
                .values(state="pending", claim_token=None, last_error=error)
                .execution_options(synchronize_session=False)
            )
            for sub_id in subs:
                log_action(
                    session,
                    actor=self.name,
                    action="pause",
                    at=self.now(),
                    subscription_id=sub_id,
                    channel=channel,
                    error=error,
                )


class _LostClaim(Exception):
    """Our claim went stale and another replica took the occurrence over: leave it to them."""


class _Permanent(Exception):
    """Slack refused this message for good (e.g. invalid_blocks): record it as failed."""


class _Lease:
    """Our claim on a batch; renewed when it gets old so no replica thinks it is stale."""

    def __init__(self, dispatcher: Dispatcher, token: str) -> None:
        self.dispatcher = dispatcher
        self.token = token
        self._renewed = _time.monotonic()
        self._held: set[int] | None = None
        self._lock = threading.Lock()

    def holds(self, occurrence_id: int) -> bool:
        with self._lock:
            age = _time.monotonic() - self._renewed
            if age > self.dispatcher.stale_after.total_seconds() / 10:
                self._held = self.dispatcher._renew(self.token)
                self._renewed = _time.monotonic()
            return self._held is None or occurrence_id in self._held


def _retry_after(headers: Any) -> float:
    for key, value in dict(headers or {}).items():
        if key.lower() == "retry-after":
            raw = value[0] if isinstance(value, list) else value
            try:
                return max(0.0, float(raw))
            except ValueError:
                break
    return 1.0


def _calendar_sources(result: Result) -> str | None:
    sources = sorted(
        {v.source for v in result.inputs.values() if v.origin == "calendar" and v.source}
    )
    return "; ".join(sources) or None


def _action_for(outcome: _Outcome) -> str | None:
    if outcome.state == "sent":
        if outcome.reconciled:
            return "reconciled"
        if outcome.detail:
            return "date_changed"
        return "late" if outcome.late else None
    if outcome.state == "pending":
        return "rescheduled" if outcome.due_at else "retry"
    if outcome.state == "lost":
        return None
    return outcome.state  # missed, cancelled, failed


# --- process entry point ---------------------------------------------------------------------
def _load_object(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


def main(argv: list[str] | None = None) -> int:
    """Run a dispatcher process (`python -m bot.reminders --help`)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.reminders", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--database-url", default=None, help="default: DATABASE_URL")
    parser.add_argument("--slack-base-url", default=os.environ.get("SLACK_API_BASE_URL"))
    parser.add_argument("--token", default=os.environ.get("SLACK_BOT_TOKEN", ""))
    parser.add_argument("--fake-now", default=None, help="ISO datetime: a frozen domain clock")
    parser.add_argument("--interval", type=float, default=5.0)
    parser.add_argument("--until-idle", action="store_true", help="exit when nothing is due")
    parser.add_argument("--max-seconds", type=float, default=None, help="give up after this")
    parser.add_argument("--batch-size", type=int, default=100)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--no-pacing", action="store_true")
    parser.add_argument("--stale-after", type=float, default=300.0, help="seconds")
    parser.add_argument("--backoff", type=float, default=1.0, help="seconds")
    parser.add_argument("--source", default=None, help="module:callable deadline source")
    parser.add_argument("--upgrade", action="store_true", help="run migrations first")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if args.upgrade:
        from bot.store import upgrade

        upgrade(args.database_url)
    clock: Clock | None = None
    if args.fake_now:
        frozen = datetime.fromisoformat(args.fake_now)
        frozen = frozen if frozen.tzinfo else frozen.replace(tzinfo=TIMEZONE)
        clock = lambda: frozen  # noqa: E731
    client_kwargs: dict[str, Any] = {"token": args.token, "retry_handlers": []}
    if args.slack_base_url:
        client_kwargs["base_url"] = args.slack_base_url
    dispatcher = Dispatcher(
        make_engine(args.database_url),
        WebClient(**client_kwargs),
        now=clock,
        source=_load_object(args.source) if args.source else None,
        batch_size=args.batch_size,
        workers=args.workers,
        pacing=not args.no_pacing,
        stale_after=timedelta(seconds=args.stale_after),
        backoff=args.backoff,
    )
    started = _time.monotonic()
    stop = threading.Event()
    try:
        if not args.until_idle:
            dispatcher.run_forever(stop, args.interval)
            return 0
        while True:
            report = dispatcher.run_once()
            log.info("tick: %s", report)
            if report.claimed == 0 and report.recovered == 0:
                return 0
            if args.max_seconds is not None and _time.monotonic() - started > args.max_seconds:
                return 1
    except KeyboardInterrupt:
        return 0
    finally:
        dispatcher.close()


if __name__ == "__main__":
    raise SystemExit(main())
