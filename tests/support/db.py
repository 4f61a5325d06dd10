"""Database fixtures: every store/reminder test runs on SQLite and on real PostgreSQL.

Use from a test module with `pytest_plugins = ("tests.support.db",)`.

PostgreSQL comes from `TEST_DATABASE_URL` (e.g.
`postgresql+psycopg://postgres@127.0.0.1:5432/deadline_bot_test`). Unset: the PostgreSQL
variants skip with a message saying how to run them — or fail when `CI=true`. The session gets a
fresh, uniquely named database on that server (dropped afterwards), so parallel test runs by
other people against the same server do not interfere.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from bot.ops.db import Base, make_engine, upgrade

HOW_TO = (
    "PostgreSQL tests need TEST_DATABASE_URL, e.g. "
    "TEST_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/deadline_bot_test "
    ".venv/bin/python -m pytest  (create it with: createdb -h 127.0.0.1 -U postgres "
    "deadline_bot_test)"
)


def require_postgres_url() -> str:
    """`TEST_DATABASE_URL`, or skip (fail under CI=true) with a how-to message."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        return url
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but TEST_DATABASE_URL is unset. {HOW_TO}")
    pytest.skip(HOW_TO)


@contextmanager
def _new_pg_database() -> Iterator[str]:
    """A brand-new database on the `TEST_DATABASE_URL` server, migrated to head; dropped after.

    Nothing has analyzed or vacuumed its tables (the server's autovacuum, if on, has not had
    time): the state a fresh deployment is in.
    """
    base = make_url(require_postgres_url())
    name = f"{base.database or 'deadline_bot_test'}_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        admin.dispose()
        pytest.fail(f"cannot create a test database on {base.render_as_string()}: {exc}")
    url = base.set(database=name).render_as_string(hide_password=False)
    try:
        upgrade(url)
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test session, migrated to head."""
    with _new_pg_database() as url:
        yield url


@pytest.fixture
def fresh_pg_url() -> Iterator[str]:
    """A PostgreSQL database of its own for one test, created just now and never analyzed
    (planner estimates are guesses; see `bot.reminders._locked_once`)."""
    with _new_pg_database() as url:
        yield url


def _empty_tables(url: str) -> None:
    engine = make_engine(url)
    try:
        names = ", ".join(f'"{t.name}"' for t in Base.metadata.sorted_tables)
        with engine.begin() as conn:
            conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated, empty database URL: a SQLite file, then the session's PostgreSQL database."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'deadline-bot.sqlite3'}"
        upgrade(url)
        return url
    url = request.getfixturevalue("pg_url")
    _empty_tables(url)
    return url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """An engine on `db_url`, disposed after the test."""
    eng = make_engine(db_url)
    yield eng
    eng.dispose()


@pytest.fixture
def pg_engine(pg_url: str) -> Iterator[Engine]:
    """An engine on the session's PostgreSQL database, emptied first (PostgreSQL-only tests)."""
    _empty_tables(pg_url)
    eng = make_engine(pg_url)
    yield eng
    eng.dispose()
