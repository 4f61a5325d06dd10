"""Persistent state of the bot: reminders, Slack delivery dedupe and the answer audit trail.

SQLAlchemy 2 typed models; the schema itself is owned by the alembic migrations in
`bot/migrations` (`upgrade(url)` brings a database to head). SQLite by default
(`sqlite:///deadline-bot.sqlite3`), PostgreSQL through `DATABASE_URL`.

Every timestamp is stored in UTC and read back tz-aware (`UTCDateTime`), so SQLite and
PostgreSQL behave the same.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    Engine,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.types import TypeDecorator

DEFAULT_DATABASE_URL = "sqlite:///deadline-bot.sqlite3"
MIGRATIONS_DIR = Path(__file__).with_name("migrations")
ALEMBIC_INI = Path(__file__).with_name("alembic.ini")


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


# --- reminders -------------------------------------------------------------------------------
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
        """The identity carried in the Slack message metadata (used to reconcile a crash)."""
        return f"{self.subscription_id}:{self.deadline_key}:{self.offset_days}"


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


# --- for the Slack and answer teams ----------------------------------------------------------
class ProcessedEvent(Base):
    """A Slack delivery already handled (dedupe across retries and replicas)."""

    __tablename__ = "processed_events"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    claimed_at: Mapped[datetime]


class AuditRow(Base):
    """Every answer given: when, who, where, what was asked, and exactly what it relied on."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    user: Mapped[str | None] = mapped_column(String(64), index=True)
    channel: Mapped[str | None] = mapped_column(String(64))
    surface: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str | None] = mapped_column(String(32))
    rule: Mapped[str | None] = mapped_column(String(128))
    # The invocation as run (rule parameters as typed) and the request day: with the corpus and
    # calendar versions, enough to reproduce the answer exactly (bot.audit.reproduce).
    params: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    today: Mapped[date | None] = mapped_column(Date)
    inputs: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    citations: Mapped[list[Any]] = mapped_column(JSON, default=list)
    corpus_version: Mapped[str | None] = mapped_column(String(128))
    calendar_version: Mapped[str | None] = mapped_column(String(128))


# --- engines and migrations ------------------------------------------------------------------
def database_url(url: str | None = None) -> str:
    """The URL to use: the argument, else `DATABASE_URL`, else the SQLite file default."""
    return url or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL


def make_engine(url: str | None = None, **kwargs: Any) -> Engine:
    """An engine for `url` (see `database_url`), tuned for several processes sharing it.

    SQLite: WAL journal and a busy timeout so concurrent writers wait instead of failing.
    """
    url = database_url(url)
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


def alembic_config(url: str | None = None) -> Any:
    """An alembic `Config` for our migrations, pointing at `url`."""
    from alembic.config import Config

    cfg = Config(str(ALEMBIC_INI))
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.attributes["programmatic"] = True  # keep the host application's logging as it is
    # configparser interpolation: a literal % in a password must be doubled.
    cfg.set_main_option("sqlalchemy.url", database_url(url).replace("%", "%%"))
    return cfg


def upgrade(url: str | None = None, revision: str = "head") -> None:
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


# --- audit trail -----------------------------------------------------------------------------
def record_answer(
    engine: Engine,
    *,
    surface: str,
    text: str = "",
    user: str | None = None,
    channel: str | None = None,
    rule: str | None = None,
    status: str | None = None,
    params: Mapping[str, Any] | None = None,
    today: date | None = None,
    result: Any = None,
    inputs: Mapping[str, Any] | None = None,
    citations: Iterable[Mapping[str, Any]] | None = None,
    corpus_version: str | None = None,
    calendar_version: str | None = None,
    at: datetime | None = None,
) -> int:
    """Store one answer given and return its audit id.

    `result` may be a `rules.result.Result` (then rule, status, inputs and cited node ids with
    their text hashes are taken from it unless given) or an already JSON-ready dict.
    """
    result_json: dict[str, Any] | None
    if hasattr(result, "to_json_dict"):
        result_json = result.to_json_dict()
    else:
        result_json = dict(result) if result is not None else None
    if result_json is not None:
        rule = rule or result_json.get("rule")
        status = status or result_json.get("status")
        if inputs is None:
            inputs = result_json.get("inputs") or {}
        if citations is None:
            citations = [
                {"id": c.get("id"), "cite": c.get("cite"), "text_sha256": c.get("text_sha256")}
                for c in result_json.get("citations") or []
            ]
    row = AuditRow(
        at=at or utcnow(),
        user=user,
        channel=channel,
        surface=surface,
        text=text,
        status=status,
        rule=rule,
        params=dict(params) if params is not None else None,
        today=today,
        inputs=dict(inputs or {}),
        result=result_json,
        citations=[dict(c) for c in citations or []],
        corpus_version=corpus_version,
        calendar_version=calendar_version,
    )
    with Session(engine) as session, session.begin():
        session.add(row)
        session.flush()
        return row.id


def audit_rows(
    engine: Engine, since: datetime | None = None, user: str | None = None
) -> list[dict[str, Any]]:
    """Audit rows, oldest first, optionally only from `since` and/or by `user`."""
    stmt = select(AuditRow).order_by(AuditRow.at, AuditRow.id)
    if since is not None:
        stmt = stmt.where(AuditRow.at >= since)
    if user is not None:
        stmt = stmt.where(AuditRow.user == user)
    columns = [c.key for c in AuditRow.__table__.columns]
    with Session(engine) as session:
        return [{c: getattr(row, c) for c in columns} for row in session.scalars(stmt)]


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
