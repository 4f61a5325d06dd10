"""Alembic environment for deadline-bot (online migrations only).

URL: the config's `sqlalchemy.url` (set by `bot.ops.db.upgrade`), else the settings' database
(`DATABASE_URL`, else the SQLite default). On PostgreSQL an advisory lock serialises replicas
upgrading at the same time.
"""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import text

# Every model module, so each table is on Base.metadata (autogenerate compares them all).
import bot.ops.audit
import bot.reminders.models  # noqa: F401
from bot.ops.db import Base, make_engine
from bot.ops.settings import DataSettings

config = context.config
if config.config_file_name and not config.attributes.get("programmatic"):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = Base.metadata
MIGRATION_LOCK_ID = 0x0DEAD11E  # arbitrary, constant: one migration at a time per database


def run_migrations_online() -> None:
    """Run the migrations on a live connection (given in attributes, or made from the URL)."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url") or DataSettings().database_url
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            _run(conn)
    finally:
        engine.dispose()


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite needs batch mode to alter tables
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":  # type: ignore[attr-defined]
            connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_ID})"))  # type: ignore[attr-defined]
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("deadline-bot migrations run online only (alembic upgrade head)")
run_migrations_online()
