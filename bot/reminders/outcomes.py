"""What happened to each claimed reminder, recorded in the database and the actions log.

Each claimed occurrence ends a tick as an `Outcome`: sent (with the message ts; late, or found
already posted after a crash), missed (its deadline passed first), cancelled (no longer in the
calendar), failed (refused for good), pending again (retry or a moved date), or lost (another
dispatcher took the claim over). `Recorder.apply` writes a batch of them in one transaction,
touching only rows the claim token still holds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Engine, Table, bindparam, select, update
from sqlalchemy.orm import Session

from bot.ops import metrics
from bot.reminders.claims import Claimed
from bot.reminders.models import Occurrence, Subscription, log_action

log = logging.getLogger("bot.reminders")


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
class Outcome:
    """The decision for one claimed occurrence, applied in the channel's transaction."""

    claimed: Claimed
    state: str  # sent | missed | cancelled | failed | pending | lost (another replica has it)
    ts: str | None = None
    late: bool = False
    reconciled: bool = False
    error: str | None = None
    due_at: datetime | None = None
    needs_check: bool = False
    retry_at: datetime | None = None
    detail: dict[str, Any] = field(default_factory=dict)


class Recorder:
    """Writes outcomes for one dispatcher (`name` in the actions log)."""

    def __init__(
        self,
        engine: Engine,
        *,
        name: str,
        now: Callable[[], datetime],
        wall: Callable[[], datetime],
    ) -> None:
        self.engine = engine
        self.name = name
        self.now = now
        self.wall = wall

    def apply(self, token: str, outcomes: list[Outcome], report: TickReport) -> None:
        """Record outcomes in one transaction (only rows we still hold are touched)."""
        if not outcomes:
            return
        wall = self.wall()
        table = cast(Table, Occurrence.__table__)
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
                action = action_for(o)
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

    def pause_channel(self, channel: str, error: str, token: str, items: list[Claimed]) -> None:
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


def action_for(outcome: Outcome) -> str | None:
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
