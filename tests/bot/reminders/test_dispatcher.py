"""The reminder dispatcher, in process, on SQLite and PostgreSQL, against the fake Slack API.

Deadlines come from an injected source shaped like `rules.season.season_deadlines`; each cites
Md. Code, Elec. Law § 5-703(f)(1) (petitions due 5 p.m. on the first Monday in August 2026).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from slack_sdk import WebClient
from sqlalchemy import Engine, event, select, text, update
from sqlalchemy.orm import Session

from bot.ops.db import make_engine
from bot.reminders.dispatcher import Dispatcher
from bot.reminders.models import Occurrence, ReminderAction
from bot.reminders.outcomes import Outcome, TickReport
from bot.reminders.planning import answers_of, plan, season_of
from bot.reminders.posting import EVENT_TYPE
from bot.reminders.subscriptions import create_subscription, list_subscriptions
from bot.render.reminders import UNSUBSCRIBE_ACTION
from bot.reply import Reply
from bot.slack.poster import SlackPoster
from rules.values import TZ as TIMEZONE
from tests.support.fakeslack import FakeSlack
from tests.support.reminders import (
    PETITION_DEADLINE,
    TableSource,
    petition_citation,
    petition_deadline,
    synthetic_source,
)
from tests.support.service import packaged_service

pytest_plugins = ("tests.support.db",)

CREATED = datetime(2026, 7, 1, 10, 0, tzinfo=TIMEZONE)
DUE_1D = datetime(2026, 8, 2, 9, 0, tzinfo=TIMEZONE)  # 1 day before § 5-703(f)(1)'s deadline
KEY = "md-2026/md-petition-certificate"


def no_one_off_answer(text: str, today: object) -> Reply:
    raise AssertionError("no one-off reminder in this test")


class Clock:
    """A settable clock."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    with FakeSlack() as server:
        yield server


@pytest.fixture
def client(fake: FakeSlack) -> WebClient:
    return WebClient(token="xoxb-test", base_url=fake.base_url, retry_handlers=[])


@pytest.fixture
def source() -> TableSource:
    return TableSource({"md-2026": [petition_deadline()]})


def subscribe(engine: Engine, source: TableSource, channel: str = "C1", **kw: object) -> int:
    args: dict[str, object] = {"offsets_days": [14, 7, 1], "now": CREATED}
    args.update(kw)
    return create_subscription(
        engine,
        channel_id=channel,
        created_by="UADMIN",
        calendar_id="md-2026",
        source=source,
        **args,  # type: ignore[arg-type]
    )


def dispatcher(
    engine: Engine, client: WebClient, source: TableSource, clock: Clock, **kw: object
) -> Dispatcher:
    args: dict[str, object] = {"pacing": False, "backoff": 0.05, "answer": no_one_off_answer}
    args.update(kw)
    poster = SlackPoster(client)
    return Dispatcher(engine, poster, now=clock, source=source, **args)  # type: ignore[arg-type]


def posts(fake: FakeSlack) -> list[dict]:
    return [c.body for c in fake.calls_to("chat.postMessage")]


def occurrences(engine: Engine) -> list[Occurrence]:
    with Session(engine) as session:
        return list(session.scalars(select(Occurrence).order_by(Occurrence.due_at)))


def actions(engine: Engine, action: str) -> list[ReminderAction]:
    with Session(engine) as session:
        return list(session.scalars(select(ReminderAction).where(ReminderAction.action == action)))


def rich_text(blocks: list[dict]) -> str:
    out = []
    for block in blocks:
        if block["type"] == "rich_text":
            for element in block["elements"]:
                out.extend(e.get("text", "") for e in element["elements"])
    return "".join(out)


# --- planning --------------------------------------------------------------------------------
def test_planning_materializes_each_offset_at_the_local_post_time(engine, source):
    subscribe(engine, source, post_time="09:00")
    dues = [o.due_at for o in occurrences(engine)]
    assert dues == [
        datetime(2026, 7, 20, 9, 0, tzinfo=TIMEZONE),
        datetime(2026, 7, 27, 9, 0, tzinfo=TIMEZONE),
        DUE_1D,
    ]
    assert all(o.planned_deadline == PETITION_DEADLINE for o in occurrences(engine))
    # planning again (another replica, next tick) adds nothing
    assert plan(engine, now=CREATED, source=source) == 0
    assert len(occurrences(engine)) == 3


def test_reminders_due_before_the_subscription_existed_are_not_planned(engine, source):
    subscribe(engine, source, now=datetime(2026, 7, 25, 12, 0, tzinfo=TIMEZONE))
    assert [o.offset_days for o in occurrences(engine)] == [7, 1]


def test_nothing_is_posted_before_it_is_due(engine, client, fake, source):
    subscribe(engine, source)
    report = dispatcher(engine, client, source, Clock(DUE_1D - timedelta(minutes=1))).run_once()
    # 14d and 7d are overdue by then and go out late; the 1-day one waits for 9:00
    assert report.posted == 2
    assert [o.state for o in occurrences(engine)] == ["sent", "sent", "pending"]


# --- posting ---------------------------------------------------------------------------------
def test_due_reminder_is_posted_once_with_statute_text_and_unsubscribe_button(
    engine, client, fake, source
):
    sub_id = subscribe(engine, source, offsets_days=[1])
    clock = Clock(DUE_1D + timedelta(seconds=30))
    d = dispatcher(engine, client, source, clock)
    assert d.run_once().posted == 1
    assert d.run_once().posted == 0  # a second tick finds nothing
    (body,) = posts(fake)
    assert body["channel"] == "C1"
    assert "Petitions of non-party candidates" in body["text"]
    assert "1 day left" in body["text"]
    assert "late" not in body["text"]
    # § 5-703(f)(1) quoted verbatim
    assert petition_citation().text in rich_text(body["blocks"])
    buttons = [e for b in body["blocks"] if b["type"] == "actions" for e in b["elements"]]
    unsubscribe = [b for b in buttons if b["action_id"] == UNSUBSCRIBE_ACTION]
    assert unsubscribe and unsubscribe[0]["value"] == str(sub_id)
    assert body["metadata"] == {
        "event_type": EVENT_TYPE,
        "event_payload": {"occurrence": f"{sub_id}:{KEY}:1"},
    }
    (occ,) = occurrences(engine)
    assert occ.state == "sent" and occ.slack_ts and not occ.late


def test_two_dispatchers_at_once_post_each_reminder_once(engine, client, fake):
    source = TableSource({"md-2026": [petition_deadline(name=f"d{i}") for i in range(30)]})
    for channel in ("C1", "C2", "C3"):
        subscribe(engine, source, channel=channel, offsets_days=[7, 1])
    clock = Clock(DUE_1D + timedelta(seconds=1))
    workers = [dispatcher(engine, client, source, clock, batch_size=7) for _ in range(2)]
    threads = [threading.Thread(target=w.run_once) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    keys = Counter(b["metadata"]["event_payload"]["occurrence"] for b in posts(fake))
    assert len(keys) == 30 * 3 * 2
    assert set(keys.values()) == {1}


def test_date_moved_by_a_court_order_moves_the_reminder_and_says_why(engine, client, fake, source):
    subscribe(engine, source, offsets_days=[1])
    new_deadline = PETITION_DEADLINE + timedelta(days=3)  # Thursday Aug 6
    basis = "Court order of 2026-07-15 extending the petition deadline"
    source.move(KEY, new_deadline, basis)
    clock = Clock(DUE_1D + timedelta(seconds=1))
    d = dispatcher(engine, client, source, clock)
    d.run_once()
    assert posts(fake) == []  # no longer due: it follows the new date
    assert occurrences(engine)[0].due_at == datetime(2026, 8, 5, 9, 0, tzinfo=TIMEZONE)
    clock.at = datetime(2026, 8, 5, 9, 0, 5, tzinfo=TIMEZONE)
    d._last_plan = None
    assert d.run_once().posted == 1
    (body,) = posts(fake)
    assert "Date changed from Monday, August 3, 2026" in body["text"]
    assert "to Thursday, August 6, 2026" in body["text"]
    assert basis in body["text"]
    (changed,) = actions(engine, "date_changed")
    assert changed.detail["basis"] == basis


def test_date_change_noticed_only_at_posting_time(engine, client, fake, source):
    """Planned at 1 day before Aug 3; a new calendar moves it a day earlier just before."""
    subscribe(engine, source, offsets_days=[3])
    source.move(KEY, PETITION_DEADLINE - timedelta(days=1), "SBE corrected calendar")
    clock = Clock(datetime(2026, 7, 31, 9, 0, 1, tzinfo=TIMEZONE))
    d = dispatcher(engine, client, source, clock, plan_every=timedelta(days=1))
    d._last_plan = clock.at.astimezone(UTC)  # planning skipped: the posting path must notice
    d.run_once()
    (body,) = posts(fake)
    assert "Date changed from Monday, August 3, 2026" in body["text"]
    assert "SBE corrected calendar" in body["text"]


def test_outage_spanning_a_reminder_posts_it_late_before_the_deadline(engine, client, fake, source):
    subscribe(engine, source, offsets_days=[1])
    clock = Clock(DUE_1D + timedelta(hours=6))  # the bot was down from 9:00 to 15:00
    assert dispatcher(engine, client, source, clock).run_once().late == 1
    (body,) = posts(fake)
    assert "This reminder is late" in body["text"]
    assert occurrences(engine)[0].late is True
    assert len(actions(engine, "late")) == 1


def test_outage_past_the_deadline_logs_missed_and_posts_nothing(engine, client, fake, source):
    subscribe(engine, source, offsets_days=[1])
    clock = Clock(PETITION_DEADLINE + timedelta(minutes=1))
    assert dispatcher(engine, client, source, clock).run_once().missed == 1
    assert posts(fake) == []
    assert occurrences(engine)[0].state == "missed"
    (missed,) = actions(engine, "missed")
    assert missed.detail["deadline"] == PETITION_DEADLINE.isoformat()


def test_deadline_removed_from_calendar_cancels_the_reminder(engine, client, fake, source):
    subscribe(engine, source, offsets_days=[1])
    source.table["md-2026"] = []
    dispatcher(engine, client, source, Clock(DUE_1D), plan_every=timedelta(days=1)).run_once()
    assert posts(fake) == []
    assert occurrences(engine)[0].state == "cancelled"


# --- Slack failures --------------------------------------------------------------------------
def test_rate_limited_posts_wait_retry_after_and_all_go_out_once(engine, client, fake, source):
    source.table["md-2026"] = [petition_deadline(name=f"d{i}") for i in range(5)]
    subscribe(engine, source, offsets_days=[1])
    fake.fail_next("chat.postMessage", 2, status=429, retry_after=1)
    started = time.monotonic()
    report = dispatcher(engine, client, source, Clock(DUE_1D)).run_once()
    assert time.monotonic() - started >= 1.0  # waited as told
    assert report.posted == 5
    keys = Counter(b["metadata"]["event_payload"]["occurrence"] for b in posts(fake))
    assert len(keys) == 5 and set(keys.values()) == {1}


def test_server_errors_are_retried_with_backoff_and_posted_once(engine, client, fake, source):
    subscribe(engine, source, offsets_days=[1])
    fake.fail_next("chat.postMessage", 2, status=500)
    assert dispatcher(engine, client, source, Clock(DUE_1D)).run_once().posted == 1
    assert len(posts(fake)) == 1
    assert fake.calls_to("conversations.history")  # looked before posting again


def test_long_outage_of_slack_leaves_it_pending_for_a_later_tick(engine, client, fake, source):
    subscribe(engine, source, offsets_days=[1])
    fake.fail_next("chat.postMessage", 3, status=503)
    wall = Clock(datetime.now(UTC))
    d = dispatcher(engine, client, source, Clock(DUE_1D), wall=wall, server_retries=2)
    report = d.run_once()
    assert report.posted == 0 and report.released == 1
    (occ,) = occurrences(engine)
    assert occ.state == "pending" and occ.needs_check and occ.next_attempt_at is not None
    assert d.run_once().posted == 0  # backing off: not before next_attempt_at
    wall.at = occ.next_attempt_at + timedelta(seconds=1)
    assert d.run_once().posted == 1
    assert len(posts(fake)) == 1


def test_channel_not_found_pauses_the_subscription_with_its_reason(engine, client, fake, source):
    gone = subscribe(engine, source, channel="CGONE", offsets_days=[7, 1])
    subscribe(engine, source, channel="C2", offsets_days=[1])
    fake.errors["CGONE"] = "channel_not_found"
    d = dispatcher(engine, client, source, Clock(DUE_1D))
    report = d.run_once()
    assert report.paused_channels == ["CGONE"]
    # one refused attempt for CGONE (its 7-day one), then it stops; C2 is posted
    assert sorted(b["channel"] for b in posts(fake)) == ["C2", "CGONE"]
    assert [m["text"] for m in fake.history.get("CGONE", [])] == []
    tried = len(fake.calls)
    assert d.run_once().claimed == 0  # not retried forever
    assert len(fake.calls) == tried
    (view,) = [v for v in list_subscriptions(engine) if v.id == gone]
    assert view.state == "paused" and "channel_not_found" in (view.paused_reason or "")
    assert len(actions(engine, "pause")) == 1
    # nothing stored is lost: the reminders wait, pending
    states = {o.state for o in occurrences(engine) if o.subscription_id == gone}
    assert states == {"pending"}


# --- crash recovery --------------------------------------------------------------------------
def _crash_after_posting(engine: Engine, client: WebClient, sub_id: int, post: bool) -> None:
    """What a dispatcher killed between chat.postMessage and its commit leaves behind."""
    with Session(engine) as session, session.begin():
        occ = session.scalars(select(Occurrence).where(Occurrence.subscription_id == sub_id)).one()
        stale = datetime.now(UTC) - timedelta(minutes=10)
        occ.state, occ.claim_token, occ.claimed_at = "posting", "dead", stale
        occ.first_attempt_at = stale
        key = occ.metadata_key
    if post:
        client.chat_postMessage(
            channel="C1",
            text="reminder",
            metadata={"event_type": EVENT_TYPE, "event_payload": {"occurrence": key}},
        )


def test_stale_posting_row_already_in_slack_is_reconciled_not_reposted(
    engine, client, fake, source
):
    sub_id = subscribe(engine, source, offsets_days=[1])
    _crash_after_posting(engine, client, sub_id, post=True)
    report = dispatcher(
        engine, client, source, Clock(DUE_1D), stale_after=timedelta(seconds=60)
    ).run_once()
    assert report.reconciled == 1 and report.posted == 0
    assert len(posts(fake)) == 1  # only the one made before the crash
    (occ,) = occurrences(engine)
    assert occ.state == "sent" and occ.slack_ts == fake.history["C1"][0]["ts"]


def test_stale_posting_row_never_posted_is_posted_once(engine, client, fake, source):
    sub_id = subscribe(engine, source, offsets_days=[1])
    _crash_after_posting(engine, client, sub_id, post=False)
    report = dispatcher(
        engine, client, source, Clock(DUE_1D), stale_after=timedelta(seconds=60)
    ).run_once()
    assert report.recovered == 1 and report.posted == 1
    assert len(posts(fake)) == 1


def test_a_live_claim_is_not_taken_over(engine, client, fake, source):
    sub_id = subscribe(engine, source, offsets_days=[1])
    with Session(engine) as session, session.begin():
        session.execute(
            update(Occurrence)
            .where(Occurrence.subscription_id == sub_id)
            .values(state="posting", claim_token="alive", claimed_at=datetime.now(UTC))
        )
    report = dispatcher(engine, client, source, Clock(DUE_1D)).run_once()
    assert report.recovered == 0 and posts(fake) == []


# --- pacing ----------------------------------------------------------------------------------
def test_pacing_keeps_one_post_per_second_per_channel(engine, client, fake, source):
    source.table["md-2026"] = [petition_deadline(name=f"d{i}") for i in range(3)]
    subscribe(engine, source, channel="C1", offsets_days=[1])
    subscribe(engine, source, channel="C2", offsets_days=[1])
    dispatcher(engine, client, source, Clock(DUE_1D), pacing=True).run_once()
    by_channel: dict[str, list[float]] = {}
    for call in fake.calls_to("chat.postMessage"):
        by_channel.setdefault(call.body["channel"], []).append(call.at)
    for times in by_channel.values():
        assert len(times) == 3
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert min(gaps) >= 0.95
    # channels are paced independently: C2 did not wait for C1's three posts
    assert abs(by_channel["C1"][0] - by_channel["C2"][0]) < 0.9


# --- one-off reminders -----------------------------------------------------------------------
def test_one_off_reminder_posts_the_rule_answer_at_its_time(engine, client, fake, source):
    deadline = petition_deadline()
    invocation = "md-petition-certificate year=2026"

    def answer(text: str, today: object) -> Reply:
        assert text == invocation
        return Reply(
            status="answered", rule=deadline.rule, params=deadline.params, result=deadline.result
        )

    at = datetime(2026, 8, 1, 9, 0, tzinfo=TIMEZONE)
    create_subscription(
        engine,
        channel_id="C9",
        created_by="UADMIN",
        now=CREATED,
        once_at=at,
        once_invocation=invocation,
        offsets_days=[0],
    )
    d = dispatcher(engine, client, source, Clock(at - timedelta(minutes=1)), answer=answer)
    assert d.run_once().posted == 0
    d.now = Clock(at)
    assert d.run_once().posted == 1
    (body,) = posts(fake)
    assert body["channel"] == "C9"
    assert "2 days left" in body["text"]
    assert petition_citation().text in rich_text(body["blocks"])


# --- the real deadline source ----------------------------------------------------------------
def test_real_season_source_plans_and_posts(engine, client, fake):
    from rules import season

    today = datetime(2026, 1, 5, 12, 0, tzinfo=TIMEZONE)
    deadlines = season.season_deadlines("md-2026", today=today.date())
    assert deadlines, "md-2026 should have deadlines after Jan 5, 2026"
    create_subscription(
        engine,
        channel_id="C1",
        created_by="UADMIN",
        now=today,
        calendar_id="md-2026",
        offsets_days=[1],
    )
    first = min(deadlines, key=lambda d: d.deadline)
    due = datetime.combine(
        first.deadline.astimezone(TIMEZONE).date() - timedelta(days=1),
        datetime.min.time().replace(hour=9),
        TIMEZONE,
    )
    service = packaged_service()
    d = Dispatcher(
        engine,
        SlackPoster(client),
        now=Clock(due),
        source=season_of(service),
        answer=answers_of(service),
        pacing=False,
    )
    assert d.run_once().posted >= 1
    body = posts(fake)[0]
    assert any(c.cite in body["text"] for c in first.result.citations)


def test_plan_counts_only_what_it_inserted(engine, source):
    subscribe(engine, source, offsets_days=[1])
    source.table["md-2026"].append(petition_deadline(name="second"))
    assert plan(engine, now=CREATED, source=source) == 1
    assert plan(engine, now=CREATED, source=source) == 0


def test_reminder_outcomes_are_counted_in_metrics(engine, client, fake, source):
    # /metrics: reminders posted / late / missed (§ 5-703(f)(1) petition deadline source)
    from prometheus_client import REGISTRY

    def count(outcome: str) -> float:
        return (
            REGISTRY.get_sample_value("deadline_bot_reminders_total", {"outcome": outcome}) or 0.0
        )

    before = {o: count(o) for o in ("posted", "late", "missed")}
    subscribe(engine, source, offsets_days=[1])
    assert (
        dispatcher(engine, client, source, Clock(DUE_1D + timedelta(seconds=5))).run_once().posted
    )
    assert count("posted") == before["posted"] + 1
    subscribe(engine, source, channel="C2", offsets_days=[7])
    after_deadline = Clock(PETITION_DEADLINE + timedelta(hours=1))
    assert dispatcher(engine, client, source, after_deadline).run_once().missed == 1
    assert count("missed") == before["missed"] + 1


# --- PostgreSQL: claims stay bounded, a dispatcher never deadlocks itself ---------------------
def _never_analyzed(engine: Engine) -> bool:
    """No ANALYZE/VACUUM (manual or auto) has touched the reminder tables yet."""
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT last_analyze, last_autoanalyze, last_vacuum, last_autovacuum "
                "FROM pg_stat_user_tables WHERE relname IN ('occurrences', 'subscriptions')"
            )
        ).all()
    return len(rows) == 2 and all(value is None for row in rows for value in row)


@pytest.mark.parametrize("kind", ["due", "stale"])
def test_one_claim_takes_at_most_its_batch_on_a_fresh_postgres(fresh_pg_url, client, kind):
    # 1,000 due occurrences of § 5-703(f)(1) petition reminders (10 channels × 100 synthetic
    # deadlines), claimed right after planning, before anything could analyze the tables: the
    # planner's guesses once turned `IN (SELECT … LIMIT 50 FOR UPDATE SKIP LOCKED)` into a
    # rescanned semi join and one claim took all 1,000.
    engine = make_engine(fresh_pg_url)
    try:
        for n in range(10):
            create_subscription(
                engine,
                channel_id=f"C{n}",
                created_by="UADMIN",
                now=CREATED,
                calendar_id="bench-100",
                offsets_days=[1],
                source=synthetic_source,
            )
        if kind == "stale":  # 1,000 claims left behind by a dispatcher that died
            with engine.begin() as conn:
                conn.execute(
                    update(Occurrence).values(
                        state="posting",
                        claim_token="dead",
                        claimed_at=datetime.now(UTC) - timedelta(hours=1),
                    )
                )
        assert _never_analyzed(engine)
        d = Dispatcher(
            engine,
            SlackPoster(client),
            answer=no_one_off_answer,
            now=Clock(DUE_1D),
            source=synthetic_source,
            batch_size=50,
        )
        try:
            claim = d.claims.due if kind == "due" else d.claims.stale
            token, ids = claim()
            assert len(ids) == 50
            with Session(engine) as session:
                mine = session.scalars(
                    select(Occurrence.id).where(Occurrence.claim_token == token)
                ).all()
            assert sorted(mine) == sorted(ids)
            # the next claim takes the next 50, none of the first
            _, ids2 = claim()
            assert len(ids2) == 50 and not set(ids2) & set(ids)
        finally:
            d.close()
    finally:
        engine.dispose()


def test_lease_renewal_never_waits_on_rows_being_recorded(pg_engine, client, fake, source):
    """Renewal (one posting thread) and `_apply` (another) once deadlocked on PostgreSQL: the
    recording transaction held row B and wanted row A while renewal held A and wanted B.

    Here the recording transaction is stopped right after its first UPDATE (B is locked) and
    renewal runs meanwhile: it must finish without waiting, and both must then complete."""
    source.table["md-2026"] = [petition_deadline(name=f"d{i}") for i in range(2)]
    subscribe(pg_engine, source, offsets_days=[1])
    d = dispatcher(pg_engine, client, source, Clock(DUE_1D))
    try:
        token, ids = d.claims.due()
        assert len(ids) == 2
        first, second = d.claims.load(token)
        # `_apply` records "sent" rows before "pending" ones: B (second) is locked first, then A.
        outcomes = [
            Outcome(second, "sent", ts="1700000000.000100"),
            Outcome(first, "pending", error="http 503", retry_at=datetime.now(UTC)),
        ]
        holding, release = threading.Event(), threading.Event()
        errors: list[BaseException] = []
        renewed: list[set[int]] = []

        def pause_before_second_update(conn, cursor, statement, params, context, many) -> None:
            if threading.current_thread() is recorder and "next_attempt_at" in statement:
                holding.set()  # the "sent" UPDATE of B has run; A is next
                release.wait(30)

        def record() -> None:
            try:
                d.recorder.apply(token, outcomes, TickReport())
            except BaseException as exc:
                errors.append(exc)

        def renew() -> None:
            try:
                renewed.append(d.claims.renew(token))
            except BaseException as exc:
                errors.append(exc)

        event.listen(pg_engine, "before_cursor_execute", pause_before_second_update)
        recorder = threading.Thread(target=record)
        renewer = threading.Thread(target=renew)
        try:
            recorder.start()
            assert holding.wait(30), "the recording transaction never reached its second UPDATE"
            renewer.start()
            waited = _wait_done_or_blocked(pg_engine, renewer)
        finally:
            release.set()
            recorder.join(60)
            renewer.join(60)
            event.remove(pg_engine, "before_cursor_execute", pause_before_second_update)
        assert not waited, "renewal waited on a row lock held by the recording transaction"
        assert errors == []
        assert renewed == [{first.id}]  # B is being recorded: not renewed, not asked about again
        by_id = {o.id: o for o in occurrences(pg_engine)}
        assert by_id[second.id].state == "sent"
        assert by_id[second.id].slack_ts == "1700000000.000100"
        assert by_id[first.id].state == "pending" and by_id[first.id].claim_token is None
    finally:
        d.close()


def _wait_done_or_blocked(engine: Engine, thread: threading.Thread) -> bool:
    """Wait (bounded) until `thread` ends or a session of this database waits on a lock;
    True if one was seen waiting."""
    with engine.connect() as conn:
        for _ in range(600):
            thread.join(0.05)
            if not thread.is_alive():
                return False
            waiting = conn.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
            ).scalar_one()
            conn.rollback()  # a fresh snapshot of pg_stat_activity next time
            if waiting:
                return True
    raise AssertionError("renewal neither finished nor waited within 30 s")


def test_renewal_and_recording_from_many_posting_threads_on_postgres(
    pg_engine, client, fake, source
):
    # Every `holds()` renews (stale_after near zero) while four posting threads record their
    # results every 25 items, with "sent" rows recorded before "cancelled" ones (half the
    # deadlines left the calendar after planning), so a recording transaction locks rows out of
    # id order: the interleaving that once deadlocked, run for real. Each remaining
    # § 5-703(f)(1) reminder must be posted exactly once and the tick must not fail.
    source.table["md-2026"] = [petition_deadline(name=f"d{i}") for i in range(40)]
    for n in range(6):
        subscribe(pg_engine, source, channel=f"C{n}", offsets_days=[1])
    source.table["md-2026"] = source.table["md-2026"][::2]
    d = dispatcher(
        pg_engine, client, source, Clock(DUE_1D), workers=4, stale_after=timedelta(milliseconds=1)
    )
    try:
        report = d.run_once()
    finally:
        d.close()
    assert report.posted == 120 and report.cancelled == 120 and report.released == 0
    keys = Counter(b["metadata"]["event_payload"]["occurrence"] for b in posts(fake))
    assert len(keys) == 120 and set(keys.values()) == {1}
    assert Counter(o.state for o in occurrences(pg_engine)) == {"sent": 120, "cancelled": 120}
