"""The database: engines, migrations, the declarative base and Slack delivery dedupe.

The models live with what they hold (`bot.reminders.models`, `bot.ops.audit.AuditRow`); the
schema itself is owned by the alembic migrations in `bot/migrations` (`upgrade(url)` brings a
database to head). SQLite by default (a per-user file,
`bot.ops.settings.default_database_url`), PostgreSQL through `DATABASE_URL`; the URL always
comes from `Settings.database_url` (or a command's `--database-url`), never from here.

Every timestamp is stored in UTC and read back tz-aware (`UTCDateTime`), so SQLite and
PostgreSQL behave the same.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    DateTime,
    Dialect,
    Engine,
    String,
    create_engine,
    event,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.types import TypeDecorator

from bot.ops.settings import data_dir

BOT_DIR = Path(__file__).resolve().parents[1]
MIGRATIONS_DIR = BOT_DIR / "migrations"
ALEMBIC_INI = BOT_DIR / "alembic.ini"


def utcnow() -> datetime:
    """The wall clock, tz-aware UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored as UTC and always returned tz-aware (SQLite drops the offset)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }


# --- delivery dedupe -------------------------------------------------------------------------
class ProcessedEvent(Base):
    """A Slack delivery already handled (dedupe across retries and replicas)."""

    __tablename__ = "processed_events"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    claimed_at: Mapped[datetime]


# --- engines and migrations ------------------------------------------------------------------
def parse_database_url(url: str) -> URL:
    """`url` parsed; `ArgumentError` (one line, never echoing the URL, which may hold a
    password) when it is not a usable URL — SQLAlchemy itself raises a bare ValueError from deep
    inside for a port that is not a number."""
    try:
        return make_url(url)
    except ArgumentError:
        raise ArgumentError("not a database URL") from None
    except ValueError:
        raise ArgumentError("its port is not a number") from None


def sqlite_file(url: str) -> Path | None:
    """The file an SQLite URL points at (None for another database or an in-memory one)."""
    parsed = parse_database_url(url)
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    return None if name.startswith("file:") else Path(name)


def make_engine(url: str, **kwargs: Any) -> Engine:
    """An engine for `url` (`Settings.database_url`), tuned for several processes sharing it.

    SQLite: WAL journal and a busy timeout so concurrent writers wait instead of failing. The
    default per-user folder is created here (first use); any other folder must exist.
    """
    file = sqlite_file(url)
    if file is not None and file.parent == data_dir():
        file.parent.mkdir(parents=True, exist_ok=True)
    if url.startswith("sqlite"):
        kwargs.setdefault("connect_args", {"timeout": 30})
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
            # We issue BEGIN ourselves (below): pysqlite's implicit BEGIN is DEFERRED, and a
            # deferred transaction that reads then writes can fail at once under concurrency.
            dbapi_conn.isolation_level = None

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Any) -> None:
            # IMMEDIATE takes the write lock up front (waiting on busy_timeout), so claims and
            # planning from several processes serialise instead of erroring.
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    kwargs.setdefault("pool_pre_ping", True)
    return create_engine(url, **kwargs)


def alembic_config(url: str) -> Any:
    """An alembic `Config` for our migrations, pointing at `url`."""
    from alembic.config import Config

    parse_database_url(url)  # a clear ArgumentError now rather than alembic's traceback later
    cfg = Config(str(ALEMBIC_INI))
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.attributes["programmatic"] = True  # keep the host application's logging as it is
    # configparser interpolation: a literal % in a password must be doubled.
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str, revision: str = "head") -> None:
    """Bring the database at `url` to `revision` (alembic upgrade; safe to call concurrently on
    PostgreSQL: the migration environment takes an advisory lock)."""
    from alembic import command

    command.upgrade(alembic_config(url), revision)


# --- delivery dedupe -------------------------------------------------------------------------
def _insert_ignoring_duplicates(dialect_name: str, table: Any) -> Any:
    if dialect_name == "postgresql":
        return postgresql.insert(table)
    if dialect_name == "sqlite":
        return sqlite.insert(table)
    raise NotImplementedError(f"unsupported database: {dialect_name}")


def claim_event(target: Engine | Session, key: str, *, now: datetime | None = None) -> bool:
    """True the first time `key` is claimed, across retries and replicas; False afterwards.

    An INSERT guarded by the primary key (ON CONFLICT DO NOTHING), so two replicas racing on the
    same Slack delivery cannot both win.
    """
    stmt = (
        _insert_ignoring_duplicates(_dialect(target), ProcessedEvent)
        .values(key=key, claimed_at=now or utcnow())
        .on_conflict_do_nothing(index_elements=["key"])
        .returning(ProcessedEvent.key)  # a row back only when this call inserted it
    )
    if isinstance(target, Session):
        return target.execute(stmt).first() is not None
    with target.begin() as conn:
        return conn.execute(stmt).first() is not None


def _dialect(target: Engine | Session) -> str:
    bind = target.get_bind() if isinstance(target, Session) else target
    return bind.dialect.name


# --- storing what Slack sends ----------------------------------------------------------------
#: Largest id an INTEGER column holds (PostgreSQL int4): ids typed or carried by Slack buttons
#: are checked against it before they reach a query ("integer out of range" otherwise).
INTEGER_ID_MAX = 2**31 - 1
# What PostgreSQL text refuses: NUL (text cannot hold it) and lone surrogates (not encodable as
# UTF-8; json.loads makes one of "\ud800"). SQLite would store both; we clean on both so
# the trail reads the same everywhere.
_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")


def storable(value: Any, limit: int | None = None) -> Any:
    """`value` with every string made storable: NUL and lone surrogates replaced by U+FFFD, and
    (top-level strings only) clipped to `limit` characters, the column's length. Dicts and lists
    (JSON columns) are cleaned throughout, keys included."""
    if isinstance(value, str):
        cleaned = _UNSTORABLE.sub("\N{REPLACEMENT CHARACTER}", value)
        return cleaned[:limit] if limit is not None else cleaned
    if isinstance(value, dict):
        return {storable(k): storable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [storable(v) for v in value]
    return value
