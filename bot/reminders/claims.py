"""Claiming due reminders in the database, so each is posted by one dispatcher only, once.

A claim moves occurrences from `pending` to `posting` with a fresh claim token in one statement
(`FOR UPDATE SKIP LOCKED` on PostgreSQL; SQLite serialises writers under `BEGIN IMMEDIATE`).
A `posting` row whose claim went stale (its dispatcher died between post and commit) is taken
over by another dispatcher, which checks the channel's history before posting it again. A live
dispatcher renews its claim (`Lease`) so nobody thinks it stale.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, Select, func, or_, select, update
from sqlalchemy.orm import Session

from bot.reminders.models import Occurrence, Subscription, occurrence_key


@dataclass
class Claimed:
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


class Claims:
    """Claims on due occurrences for one dispatcher.

    `now` is the domain clock (what is due); `wall` the real clock (claim ages).
    """

    def __init__(
        self,
        engine: Engine,
        *,
        now: Callable[[], datetime],
        wall: Callable[[], datetime],
        batch_size: int,
        stale_after: timedelta,
    ) -> None:
        self.engine = engine
        self.now = now
        self.wall = wall
        self.batch_size = batch_size
        self.stale_after = stale_after

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
        )
        stmt = (
            update(Occurrence)
            .where(Occurrence.id.in_(_locked_once(candidates, "claimable")), recheck)
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

    def due(self) -> tuple[str, list[int]]:
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

    def stale(self) -> tuple[str, list[int]]:
        """Take over `posting` rows whose dispatcher stopped renewing its claim (crashed)."""
        cutoff = self.wall() - self.stale_after
        return self._claim(
            [Occurrence.state == "posting", Occurrence.claimed_at < cutoff],
            recheck=Occurrence.claimed_at < cutoff,
            extra={"needs_check": True},
        )

    def renew(self, token: str) -> set[int]:
        """Extend our claim; the ids we still hold (another replica may have taken some).

        Renewal runs on a posting thread while other posting threads of this dispatcher record
        their results (`_apply`: several UPDATEs in one transaction, in outcome order, not id
        order). A plain `UPDATE … WHERE claim_token = token` locked the whole batch in scan order
        and waited on rows `_apply` held while `_apply` waited on rows it held: a deadlock
        between our own threads. So renewal locks in id order with SKIP LOCKED and never waits:
        a row locked by `_apply` is being recorded (no thread asks about it again), and one
        locked by another replica's stale-claim takeover is no longer ours; either way it is
        left out of the set, which at worst delays a post until the claim goes stale and is
        checked against the channel's history, never posts it twice. Nothing else waits on a
        lock while holding one, so no cycle can form.
        """
        mine = (
            select(Occurrence.id)
            .where(Occurrence.claim_token == token, Occurrence.state == "posting")
            .order_by(Occurrence.id)
            .with_for_update(skip_locked=True)
        )
        with self.engine.begin() as conn:
            return set(
                conn.execute(
                    update(Occurrence)
                    .where(
                        Occurrence.id.in_(_locked_once(mine, "renewable")),
                        Occurrence.claim_token == token,
                        Occurrence.state == "posting",
                    )
                    .values(claimed_at=self.wall())
                    .returning(Occurrence.id)
                    .execution_options(synchronize_session=False)
                ).scalars()
            )

    def load(self, token: str) -> list[Claimed]:
        with Session(self.engine) as session:
            rows = session.execute(
                select(Occurrence, Subscription)
                .join(Subscription, Subscription.id == Occurrence.subscription_id)
                .where(Occurrence.claim_token == token, Occurrence.state == "posting")
                .order_by(Occurrence.due_at, Occurrence.id)
            ).all()
            return [
                Claimed(
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


class Lease:
    """Our claim on a batch; renewed when it gets old so no replica thinks it is stale."""

    def __init__(self, claims: Claims, token: str) -> None:
        self.claims = claims
        self.token = token
        self._renewed = time.monotonic()
        self._held: set[int] | None = None
        self._lock = threading.Lock()

    def holds(self, occurrence_id: int) -> bool:
        with self._lock:
            age = time.monotonic() - self._renewed
            if age > self.claims.stale_after.total_seconds() / 10:
                self._held = self.claims.renew(self.token)
                self._renewed = time.monotonic()
            return self._held is None or occurrence_id in self._held


def _locked_once(candidates: Select[Any], name: str) -> Select[Any]:
    """`SELECT id FROM <candidates>` where the candidates are selected (and locked) once.

    On PostgreSQL, `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` may run
    as a nested-loop semi join that rescans the sub-select once per outer row; every rescan
    skips the rows this statement just updated and locks the next ones, so LIMIT does not bound
    the UPDATE. EXPLAIN ANALYZE on a fresh, un-analyzed table (every estimate "rows=1") showed
    `Nested Loop Semi Join` → `LockRows` with loops=1000: one claim of batch size 50 took all
    1,000 due rows. A `MATERIALIZED` CTE is computed once and rescans read the stored rows.
    SQLite (one writer at a time under `BEGIN IMMEDIATE`; no FOR UPDATE) runs it as a plain
    CTE, evaluated once as an IN list.
    """
    once = candidates.cte(name).prefix_with("MATERIALIZED", dialect="postgresql")
    return select(once.c.id)
