"""`deadline-bot serve`, `migrate` and `audit`, and the database every stateful command uses."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from datetime import date, datetime, time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli.common import EXIT_OK, EXIT_USAGE, CliError, one_line, settings_of

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

DB_EXAMPLE = "e.g. postgresql+psycopg://user:pass@host/db"
#: The audit trail's columns, in the order `deadline-bot audit --csv` writes them.
COLUMNS = (
    "id",
    "at",
    "user",
    "channel",
    "surface",
    "text",
    "status",
    "rule",
    "params",
    "today",
    "result",
    "citations",
    "corpus_version",
    "calendar_version",
)


def cmd_serve(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot.ops.logs import configure_logging
    from bot.ops.settings import Settings
    from bot.ops.startup import StartupError, preflight
    from bot.slack.client import check_slack

    try:
        settings = Settings()
        preflight(settings)
        check_slack(settings)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"]).upper()
        print(f"deadline-bot: cannot start: {where}: {first['msg']}", file=sys.stderr)
        return EXIT_USAGE
    except StartupError as exc:
        print(f"deadline-bot: cannot start: {exc}", file=sys.stderr)
        return EXIT_USAGE
    configure_logging(settings.log_level)
    from bot.slack.server import serve

    try:
        serve(settings)
    except StartupError as exc:
        print(f"deadline-bot: cannot start: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


# --- the database (reminders, audit) ---------------------------------------------------------
def database_url(args: argparse.Namespace) -> str:
    """`--database-url`, else the settings' (`DATABASE_URL`, else the per-user SQLite file)."""
    return str(args.database_url or settings_of(args).database_url)


def _url_source(args: argparse.Namespace) -> str:
    if args.database_url:
        return "--database-url"
    return "$DATABASE_URL" if settings_of(args).given("database_url") else "the default"


def shown_url(args: argparse.Namespace) -> str:
    """The database URL with its password hidden (only call once it parses)."""
    from bot.ops.db import parse_database_url

    return parse_database_url(database_url(args)).render_as_string(hide_password=True)


def missing_file(args: argparse.Namespace) -> Path | None:
    """The SQLite file of the configured database when it does not exist yet (else None)."""
    from sqlalchemy.exc import ArgumentError

    from bot.ops.db import sqlite_file

    try:
        file = sqlite_file(database_url(args))
    except ArgumentError as exc:
        raise CliError(
            f"the database URL ({_url_source(args)}) is unusable: {exc}; {DB_EXAMPLE}"
        ) from None
    return file if file is not None and not file.exists() else None


def engine_for(args: argparse.Namespace) -> Engine:
    """The database, migrated to the latest schema (created if it is the default SQLite file);
    one clear line, not a traceback, when the URL is unusable or the database unreachable."""
    from alembic.util.exc import CommandError
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from bot.ops.db import make_engine, upgrade

    missing_file(args)  # checks the URL parses
    url = database_url(args)
    try:
        upgrade(url)
        return make_engine(url)
    except ArgumentError as exc:  # a dialect SQLAlchemy does not know
        raise CliError(
            f"the database URL ({_url_source(args)}) is unusable: {one_line(exc)}; {DB_EXAMPLE}"
        ) from None
    except ImportError as exc:
        raise CliError(f"the database driver is not installed ({exc.name})") from None
    except SQLAlchemyError as exc:
        reason = one_line(getattr(exc, "orig", None) or exc, limit=200)
        raise CliError(f"database unreachable ({shown_url(args)}): {reason}") from None
    except CommandError as exc:  # e.g. a schema newer than this version of deadline-bot
        raise CliError(f"cannot migrate the database ({shown_url(args)}): {exc}") from None


def nothing_stored(file: Path) -> str:
    from bot.ops.settings import data_dir

    creates = " (`deadline-bot remind` creates it)" if file.parent == data_dir() else ""
    return f"Nothing is stored yet: the database {file} does not exist{creates}."


def cmd_migrate(args: argparse.Namespace) -> int:
    engine_for(args).dispose()
    print(f"database migrated to the latest schema: {shown_url(args)}")
    return EXIT_OK


# --- the audit trail -------------------------------------------------------------------------
def cmd_audit(args: argparse.Namespace) -> int:
    from bot.reminders.models import ACTION_COLUMNS

    missing = missing_file(args)
    if missing is not None:
        if args.csv:  # stdout stays a CSV file
            csv.writer(sys.stdout).writerow(ACTION_COLUMNS if args.actions else COLUMNS)
            print(nothing_stored(missing), file=sys.stderr)
        else:
            print(nothing_stored(missing))
        return EXIT_OK
    return print_audit(
        engine_for(args),
        since=args.since,
        user=args.user,
        as_csv=args.csv,
        actions_only=args.actions,
        feedback_only=args.feedback,
    )


def _csv_cell(value: Any) -> Any:
    return json.dumps(value, default=str) if isinstance(value, dict | list) else value


def print_audit(
    engine: Engine,
    *,
    since: date | None = None,
    user: str | None = None,
    as_csv: bool = False,
    actions_only: bool = False,
    feedback_only: bool = False,
) -> int:
    """Answers, then reminder actions (text); CSV holds one table: answers, or with
    `actions_only` the reminder actions. `feedback_only`: only the "Not what I asked" rows."""
    from bot.ops.audit import FEEDBACK, audit_rows
    from bot.reminders.models import ACTION_COLUMNS, reminder_actions
    from rules.values import TZ

    start = datetime.combine(since, time(), TZ) if since else None
    actions = [] if feedback_only else reminder_actions(engine, since=start, actor=user)
    surface = FEEDBACK if feedback_only else None
    rows = [] if actions_only else audit_rows(engine, since=start, user=user, surface=surface)
    if as_csv:
        writer = csv.writer(sys.stdout)
        columns = ACTION_COLUMNS if actions_only else COLUMNS
        writer.writerow(columns)
        for row in actions if actions_only else rows:
            writer.writerow([_csv_cell(row.get(c)) for c in columns])
        return EXIT_OK
    for row in rows:
        print(_audit_line(row))
    for act in actions:
        detail = ", ".join(f"{k}={v}" for k, v in (act.get("detail") or {}).items() if v)
        target = f" reminder {act['subscription_id']}" if act.get("subscription_id") else ""
        print(
            f"#{act['id']} {act['at']:%Y-%m-%d %H:%M} {act['actor']} [reminder] "
            f"{act['action']}{target}" + (f"\n    {detail[:300]}" if detail else "")
        )
    counts = [f"{len(actions)} reminder action(s)"]
    if feedback_only:
        counts = [f"{len(rows)} feedback row(s)"]
    elif not actions_only:
        counts.insert(0, f"{len(rows)} audit row(s)")
    print(", ".join(counts))
    return EXIT_OK


def _audit_line(row: dict[str, Any]) -> str:
    """One audit row for people: an answer (asked, answer, cited) or feedback (asked, read as,
    the invocation that answered it)."""
    from bot.ops.audit import FEEDBACK

    detail = row.get("result") or {}
    first = (
        f"#{row['id']} {row['at']:%Y-%m-%d %H:%M} {row.get('user') or '-'} "
        f"{row.get('channel') or '-'} [{row['surface']}] {row.get('status')} "
        f"{row.get('rule') or ''}\n    asked: {row.get('text')!r}"
    )
    if row["surface"] == FEEDBACK:
        params = " ".join(f"{k}={v}" for k, v in (row.get("params") or {}).items())
        lines = [
            f"    {detail.get('feedback', 'feedback')}",
            f"    read as: {detail.get('reading') or '-'}",
            f"    answered by: {row.get('rule') or '-'} {params}".rstrip(),
        ]
        if detail.get("as_of"):
            lines.append(f"    law as of: {detail['as_of']}")
        if detail.get("problems"):
            lines.append("    note: " + "; ".join(detail["problems"]))
        return "\n".join([first, *lines])
    cites = ", ".join(c.get("id", "") for c in row.get("citations") or [])
    answer = detail.get("answer", "")
    return f"{first}\n    answer: {answer[:200]}" + (f"\n    cited: {cites}" if cites else "")
