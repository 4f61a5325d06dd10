"""The reminder dispatcher: posts due reminders, exactly once, from any number of replicas.

Each tick plans (`bot.reminders.planning`), takes over stale claims, then claims due occurrences
(`bot.reminders.claims`), decides each one from the deadline as computed now — posted, late,
missed, moved, or no longer in the calendar — posts it through a `Poster`
(`bot.reminders.posting`; Slack's is `bot.slack.poster`) and records the outcome
(`bot.reminders.outcomes`).

Posted once, ever:
- the occurrence is unique on (subscription_id, deadline_key, offset_days);
- before posting, the row is in state `posting` with a claim token and `claimed_at` (intent);
- each message carries its occurrence key in its metadata (`bot.reminders.posting.EVENT_TYPE`);
  a `posting` row whose claim went stale (the dispatcher died between post and commit) is
  reconciled by looking for that key in the channel's history before anything is posted again.
  So is a row whose last attempt ended in a 5xx or a network error (it may have posted anyway).

Deadlines are recomputed at planning and at posting time; a moved date moves pending reminders,
and the message says the date changed, from what, and on what basis.

Run as a process: `python -m bot.reminders --database-url URL [--slack-base-url URL] …`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine

from bot.ops.clock import local_day
from bot.ops.db import utcnow
from bot.reminders.claims import Claimed, Claims, Lease
from bot.reminders.outcomes import Outcome, Recorder, TickReport
from bot.reminders.planning import ONCE_KEY, Answerer, DeadlineCache, DeadlineSource, plan
from bot.reminders.posting import ChannelGone, Poster, RateLimited, Refused, Unavailable
from bot.reminders.times import due_time, end_of_day
from bot.render.reminders import reminder_message
from bot.reply import Reply
from rules.result import Result
from rules.values import parse_time

log = logging.getLogger("bot.reminders")

DISPATCHER = "dispatcher"  # the actor name in the actions log


class _Transient(Exception):
    """The chat service could not be reached or answered 5xx/429 beyond our patience."""

    def __init__(self, error: str, *, uncertain: bool, retry_after: float | None = None) -> None:
        super().__init__(error)
        self.error = error
        self.uncertain = uncertain  # the post may have gone through
        self.retry_after = retry_after


class _LostClaim(Exception):
    """Our claim went stale and another replica took the occurrence over: leave it to them."""


class Dispatcher:
    """Posts due reminders; any number of replicas may run against one database.

    `now` is the domain clock (due times and deadlines: the answering service's clock; tests
    pass a fake one). `wall` is the real clock used for claim leases and retry back-off.
    `source` gives season deadlines, `answer` answers one-off reminders (`season_of(service)`,
    `answers_of(service)`).
    """

    def __init__(
        self,
        engine: Engine,
        poster: Poster,
        *,
        now: Callable[[], datetime],
        source: DeadlineSource,
        answer: Answerer,
        wall: Callable[[], datetime] = utcnow,
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
        self.poster = poster
        self.now = now
        self.wall = wall
        self.source = source
        self.answer = answer
        self.workers = max(1, workers)
        self.pacing = pacing
        self.pace_seconds = pace_seconds
        self.late_grace = late_grace
        self.plan_every = plan_every
        self.max_retry_after = max_retry_after
        self.rate_limit_retries = rate_limit_retries
        self.server_retries = server_retries
        self.backoff = backoff
        self.name = name or f"{DISPATCHER}-{os.getpid()}"
        # Both read this dispatcher's clocks when they run (a test may move `now`).
        self.claims = Claims(
            engine,
            now=lambda: self.now(),
            wall=lambda: self.wall(),
            batch_size=batch_size,
            stale_after=stale_after,
        )
        self.recorder = Recorder(
            engine, name=self.name, now=lambda: self.now(), wall=lambda: self.wall()
        )
        self._last_plan: datetime | None = None
        self._last_post: dict[str, float] = {}
        self._pace_lock = threading.Lock()
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="reminders")

    def run_once(self) -> TickReport:
        """One tick: plan (if due), recover stale claims, then claim and post until none due."""
        report = TickReport()
        deadlines = DeadlineCache(self.source)
        wall = self.wall()
        if self._last_plan is None or wall - self._last_plan >= self.plan_every:
            report.planned = plan(self.engine, now=self.now(), deadlines=deadlines)
            self._last_plan = wall
        token, ids = self.claims.stale()
        if ids:
            report.recovered += len(ids)
            report.add(self._process(token, deadlines))
        for _ in range(10_000):  # bounded: each pass claims up to batch_size rows
            token, ids = self.claims.due()
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

    # --- one claimed batch -------------------------------------------------------------------
    def _process(self, token: str, deadlines: DeadlineCache) -> TickReport:
        claimed = self.claims.load(token)
        now = self.now()
        contexts = self._contexts(claimed, now, deadlines)
        lease = Lease(self.claims, token)
        by_channel: dict[str, list[Claimed]] = defaultdict(list)
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
        self, claimed: list[Claimed], now: datetime, deadlines: DeadlineCache
    ) -> dict[int, Any]:
        """Per subscription: the current deadlines (season) or the rule's answer (once), or the
        exception that prevented computing them. Computed once, before the posting threads."""
        out: dict[int, Any] = {}
        today = local_day(now)
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
        self, channel: str, items: list[Claimed], contexts: dict[int, Any], lease: Lease
    ) -> TickReport:
        """Post one channel's claimed reminders in order, paced; record outcomes as we go."""
        report = TickReport()
        outcomes: list[Outcome] = []  # decided, not yet recorded
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
                            Outcome(item, "sent", ts=posted_keys[item.key], reconciled=True)
                        )
                        handled.add(item.id)
                        continue
                outcomes.append(
                    self._decide_and_post(item, contexts.get(item.subscription_id), lease)
                )
                handled.add(item.id)
                if len(outcomes) >= 25:  # keep the window between post and record short
                    self.recorder.apply(lease.token, outcomes, report)
                    outcomes = []
        except ChannelGone as gone:
            self.recorder.apply(lease.token, outcomes, report)
            rest = [i for i in items if i.id not in handled]
            self.recorder.pause_channel(channel, gone.error, lease.token, rest)
            report.paused_channels.append(channel)
            report.released += len(rest)
            return report
        except _Transient as err:
            # Leave the rest pending for a later tick; the one in flight may have been posted.
            retry_at = self.wall() + timedelta(seconds=err.retry_after or self.backoff * 4)
            rest = [i for i in items if i.id not in handled]
            outcomes += [
                Outcome(
                    i,
                    "pending",
                    error=err.error,
                    retry_at=retry_at,
                    needs_check=i.needs_check or (err.uncertain and n == 0),
                )
                for n, i in enumerate(rest)
            ]
        self.recorder.apply(lease.token, outcomes, report)
        return report

    def _decide_and_post(self, item: Claimed, context: Any, lease: Lease) -> Outcome:
        """Late, missed, moved or posted: decide from the deadline as computed now, then post."""
        now = self.now()
        if isinstance(context, Exception):
            return Outcome(
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
                return Outcome(item, "cancelled", error="deadline no longer in the calendar")
            deadline = current.deadline
            title = current.title
            reply = Reply(
                status=current.result.status,
                rule=current.rule,
                params=dict(current.params),
                result=current.result,
            )
            due = due_time(deadline, item.offset_days, parse_time(item.post_time))
            if item.planned_deadline is not None and item.planned_deadline != deadline:
                changed_from = item.planned_deadline
                basis = current.basis_changed or _calendar_sources(current.result)
            if due > now:  # the date moved later: wait for the new due time
                return Outcome(item, "pending", due_at=due, detail={"moved_to": due.isoformat()})
        if deadline is not None and now >= deadline:
            return Outcome(
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
        except Refused as exc:
            return Outcome(item, "failed", error=exc.error)
        except _LostClaim:
            return Outcome(item, "lost")
        detail: dict[str, Any] = {}
        if changed_from is not None:
            assert deadline is not None  # a changed date is a season deadline's
            detail = {"from": changed_from.isoformat(), "to": deadline.isoformat(), "basis": basis}
        return Outcome(item, "sent", ts=ts, late=late, detail=detail)

    # --- posting -----------------------------------------------------------------------------
    def _pace(self, channel: str) -> None:
        if not self.pacing:
            return
        with self._pace_lock:
            last = self._last_post.get(channel)
            now = time.monotonic()
            wait = 0.0 if last is None else last + self.pace_seconds - now
            self._last_post[channel] = max(now, now + wait)
        if wait > 0:
            time.sleep(wait)

    def _post(self, item: Claimed, text: str, blocks: list[dict[str, Any]], lease: Lease) -> str:
        """Post with retries: rate limits wait their Retry-After; a failure that may have posted
        (5xx, network) backs off and looks in history first. Returns the message ts.

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
                return self.poster.post(item.channel_id, text, blocks, item.key)
            except RateLimited as exc:
                rate_limited += 1
                wait = exc.retry_after
                if rate_limited > self.rate_limit_retries or wait > self.max_retry_after:
                    raise _Transient(exc.error, uncertain=False, retry_after=wait) from exc
                log.info("rate limited on %s; waiting %.1fs", item.channel_id, wait)
                time.sleep(wait)
            except Unavailable as exc:
                server_failures += 1
                if server_failures > self.server_retries:
                    raise _Transient(exc.error, uncertain=True) from exc
                time.sleep(min(self.backoff * 2 ** (server_failures - 1), 30.0))
                verify = True

    def _posted_keys(self, channel: str, items: Sequence[Claimed]) -> dict[str, str]:
        """Occurrence key → ts of our reminders already in the channel since the first attempt.

        Raises `_Transient` when history cannot be read for a passing reason (we must not post
        blind), `ChannelGone` when the channel is gone; returns what it found so far when the
        token cannot read history at all (we then prefer a possible duplicate to a missed
        deadline).
        """
        starts = [i.first_attempt_at for i in items if i.first_attempt_at is not None]
        oldest = f"{(min(starts).timestamp() - 120):.6f}" if starts else None
        found: dict[str, str] = {}
        cursor: str | None = None
        for _ in range(50):  # bounded pagination
            try:
                page = self.poster.history(channel, oldest=oldest, cursor=cursor)
            except Refused as exc:
                log.warning(
                    "cannot read history of %s (%s): posting unverified", channel, exc.error
                )
                return found
            except Unavailable as exc:
                raise _Transient(exc.error, uncertain=True, retry_after=exc.retry_after) from exc
            for key, ts in page.posted.items():
                found.setdefault(key, ts)
            cursor = page.next_cursor
            if cursor is None:
                break
        return found


def _calendar_sources(result: Result) -> str | None:
    sources = sorted(
        {v.source for v in result.inputs.values() if v.origin == "calendar" and v.source}
    )
    return "; ".join(sources) or None
