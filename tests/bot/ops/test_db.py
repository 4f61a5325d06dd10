"""bot.ops.db: migrations, delivery dedupe and the audit trail, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, insert, inspect
from sqlalchemy.exc import IntegrityError

from bot.ops.audit import audit_rows, record_answer
from bot.ops.db import Base, claim_event, make_engine, upgrade
from bot.reminders.models import Occurrence, Subscription
from rules.result import InputValue, Result
from rules.values import TZ as TIMEZONE
from tests.support import REPO_ROOT
from tests.support.reminders import PETITION_DEADLINE, petition_citation

pytest_plugins = ("tests.support.db",)
REPO = REPO_ROOT


def test_migrations_create_exactly_the_models(engine: Engine, db_url: str) -> None:
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
    upgrade(db_url)  # a second upgrade is a no-op
    assert {"subscriptions", "occurrences", "reminder_actions", "processed_events", "audit"} <= set(
        inspect(engine).get_table_names()
    )


def test_alembic_command_line_uses_database_url(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    env = dict(os.environ, DATABASE_URL=url, PYTHONPATH=str(REPO))
    alembic = [sys.executable, "-m", "alembic", "-c", str(REPO / "bot" / "alembic.ini")]
    subprocess.run([*alembic, "upgrade", "head"], env=env, check=True, cwd=tmp_path, timeout=60)
    out = subprocess.run(
        [*alembic, "current"],
        env=env,
        check=True,
        cwd=tmp_path,
        timeout=60,
        capture_output=True,
        text=True,
    )
    assert "0001_initial (head)" in out.stdout
    engine = make_engine(url)
    assert "occurrences" in inspect(engine).get_table_names()
    engine.dispose()


def test_occurrence_is_unique_per_subscription_deadline_and_offset(engine: Engine) -> None:
    now = datetime(2026, 7, 1, tzinfo=UTC)
    with engine.begin() as conn:
        sub_id = conn.execute(
            insert(Subscription).values(
                channel_id="C1",
                kind="season",
                calendar_id="md-2026",
                offsets_days=[1],
                post_time="09:00",
                state="active",
                created_by="U1",
                created_at=now,
            )
        ).inserted_primary_key[0]
    row = {
        "subscription_id": sub_id,
        "deadline_key": "md-2026/x",
        "offset_days": 1,
        "due_at": now,
        "state": "pending",
        "attempts": 0,
        "needs_check": False,
        "late": False,
    }
    with engine.begin() as conn:
        conn.execute(insert(Occurrence).values(**row))
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(insert(Occurrence).values(**row))


def test_timestamps_come_back_aware_and_equal(engine: Engine) -> None:
    at = datetime(2026, 8, 3, 17, 0, tzinfo=TIMEZONE)
    record_answer(engine, surface="cli", text="q", at=at)
    (row,) = audit_rows(engine)
    assert row["at"] == at and row["at"].tzinfo is not None


def test_claim_event_is_true_once_even_when_racing(engine: Engine) -> None:
    assert claim_event(engine, "Ev1") is True
    assert claim_event(engine, "Ev1") is False
    wins: list[bool] = []
    barrier = threading.Barrier(8)

    def claim() -> None:
        barrier.wait(5)
        wins.append(claim_event(engine, "Ev2"))

    threads = [threading.Thread(target=claim) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(wins) == [False] * 7 + [True]


def test_record_answer_keeps_inputs_result_and_cited_text_hashes(engine: Engine) -> None:
    # § 5-703(f)(1): petitions due 5 p.m. on the first Monday in August
    result = Result(
        rule="md-petition-certificate",
        inputs={"year": InputValue(value=2026)},
        result={"deadline": PETITION_DEADLINE},
        answer="Petitions are due August 3, 2026 at 5 p.m.",
        citations=[petition_citation()],
    )
    t0 = datetime(2026, 7, 1, 12, tzinfo=UTC)
    record_answer(engine, surface="cli", text="old", user="U0", at=t0 - timedelta(days=1))
    audit_id = record_answer(
        engine,
        surface="slack:command",
        text="when are petitions due?",
        user="U1",
        channel="C1",
        result=result,
        corpus_version="c1",
        calendar_version="k1",
        at=t0,
    )
    (row,) = audit_rows(engine, since=t0)
    assert row["id"] == audit_id
    assert row["rule"] == "md-petition-certificate" and row["status"] == "answered"
    assert row["inputs"]["year"]["value"] == 2026
    assert row["result"]["result"]["deadline"] == PETITION_DEADLINE.isoformat()
    cite = petition_citation()
    assert row["citations"] == [{"id": cite.id, "cite": cite.cite, "text_sha256": cite.text_sha256}]
    assert (row["corpus_version"], row["calendar_version"]) == ("c1", "k1")
    assert [r["text"] for r in audit_rows(engine, user="U0")] == ["old"]
    assert len(audit_rows(engine)) == 2
