"""Reminder subscriptions: create, read, list (with the next posting time) and stop.

Nothing is erased: a stopped subscription is marked deleted, its pending reminders cancelled,
and who did it is in the actions log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from bot.reminders.models import Occurrence, Subscription, log_action
from bot.reminders.planning import ONCE_KEY, DeadlineSource, plan


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
    """Store a subscription (logged as `subscribe` by `created_by`), plan it, return its id.

    `source` gives a season subscription's deadlines; a one-off needs none."""
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
