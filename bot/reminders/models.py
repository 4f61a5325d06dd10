"""The reminder tables: subscriptions, their occurrences (one per reminder to post) and the
actions log (who subscribed or unsubscribed; what the dispatcher posted, sent late, missed or
paused)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from bot.ops.db import Base


def occurrence_key(subscription_id: int, deadline_key: str, offset_days: int) -> str:
    """The identity a reminder message carries in its metadata: posted once, ever."""
    return f"{subscription_id}:{deadline_key}:{offset_days}"


class Subscription(Base):
    """A channel's standing order: remind about a calendar's deadlines, or once at a time.

    kind "season": every deadline of `calendar_id` (optionally only `rule_ids`), `offsets_days`
    before it, at `post_time` local time. kind "once": `once_invocation` answered at `once_at`.
    state: active | paused (Slack refused the channel; `paused_reason`) | deleted.
    """

    __tablename__ = "subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel_id: Mapped[str] = mapped_column(String(64), index=True)
    kind: Mapped[str] = mapped_column(String(16), default="season")
    calendar_id: Mapped[str | None] = mapped_column(String(64))
    rule_ids: Mapped[list[Any] | None] = mapped_column(JSON)
    offsets_days: Mapped[list[Any]] = mapped_column(JSON, default=list)
    post_time: Mapped[str] = mapped_column(String(5), default="09:00")
    once_at: Mapped[datetime | None]
    once_invocation: Mapped[str | None] = mapped_column(Text)
    state: Mapped[str] = mapped_column(String(16), default="active", index=True)
    paused_reason: Mapped[str | None] = mapped_column(Text)
    created_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    deleted_by: Mapped[str | None] = mapped_column(String(64))
    deleted_at: Mapped[datetime | None]


class Occurrence(Base):
    """One reminder to post: (subscription, deadline, offset) — posted once, ever.

    state: pending → posting (claimed: `claim_token`, `claimed_at`) → sent (`slack_ts`),
    or missed (deadline passed before it could go out) / cancelled. `planned_deadline` is the
    deadline when the occurrence was first planned, so a moved date can be announced.
    `needs_check`: an earlier attempt may have reached Slack; look in history before posting.
    """

    __tablename__ = "occurrences"
    __table_args__ = (
        UniqueConstraint("subscription_id", "deadline_key", "offset_days", name="uq_occurrence"),
        Index("ix_occurrences_state_due", "state", "due_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subscription_id: Mapped[int] = mapped_column(ForeignKey("subscriptions.id"), index=True)
    deadline_key: Mapped[str] = mapped_column(String(255))
    offset_days: Mapped[int] = mapped_column(Integer)
    due_at: Mapped[datetime]
    planned_deadline: Mapped[datetime | None]
    state: Mapped[str] = mapped_column(String(16), default="pending")
    claim_token: Mapped[str | None] = mapped_column(String(64), index=True)
    claimed_at: Mapped[datetime | None]
    first_attempt_at: Mapped[datetime | None]
    next_attempt_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    needs_check: Mapped[bool] = mapped_column(Boolean, default=False)
    late: Mapped[bool] = mapped_column(Boolean, default=False)
    slack_ts: Mapped[str | None] = mapped_column(String(32))
    posted_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)

    @property
    def metadata_key(self) -> str:
        """The identity carried in the message metadata (used to reconcile a crash)."""
        return occurrence_key(self.subscription_id, self.deadline_key, self.offset_days)


class ReminderAction(Base):
    """Who did what to reminders, and what the dispatcher did (posted, late, missed, paused)."""

    __tablename__ = "reminder_actions"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    at: Mapped[datetime]
    actor: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(32), index=True)
    subscription_id: Mapped[int | None] = mapped_column(Integer, index=True)
    occurrence_id: Mapped[int | None] = mapped_column(Integer)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


def log_action(
    session: Session,
    *,
    actor: str,
    action: str,
    at: datetime,
    subscription_id: int | None = None,
    occurrence_id: int | None = None,
    **detail: Any,
) -> None:
    """Append one line to the reminder actions log (in the caller's transaction)."""
    session.add(
        ReminderAction(
            at=at,
            actor=actor,
            action=action,
            subscription_id=subscription_id,
            occurrence_id=occurrence_id,
            detail=detail,
        )
    )


#: The actions log's columns, in the order `deadline-bot audit` shows them.
ACTION_COLUMNS = ("id", "at", "actor", "action", "subscription_id", "occurrence_id", "detail")


def reminder_actions(
    engine: Engine, since: datetime | None = None, actor: str | None = None
) -> list[dict[str, Any]]:
    """The reminder actions log, oldest first, optionally only from `since` and/or by `actor`."""
    stmt = select(ReminderAction).order_by(ReminderAction.at, ReminderAction.id)
    if since is not None:
        stmt = stmt.where(ReminderAction.at >= since)
    if actor is not None:
        stmt = stmt.where(ReminderAction.actor == actor)
    with Session(engine) as session:
        return [{c: getattr(row, c) for c in ACTION_COLUMNS} for row in session.scalars(stmt)]
