"""Start-up checks: refuse clearly, in one line, rather than start half-working.

An election office's IT person reads this line in `docker compose logs`; it must say what is
wrong and what to set, and never print a secret.
"""

from __future__ import annotations

import logging

from bot.ops.settings import Settings


class StartupError(RuntimeError):
    """Why the bot will not start (one line)."""


def check_tokens(settings: Settings) -> None:
    missing = []
    if not settings.slack_bot_token.get_secret_value():
        missing.append("SLACK_BOT_TOKEN")
    if settings.socket_mode:
        if not settings.slack_app_token or not settings.slack_app_token.get_secret_value():
            missing.append("SLACK_APP_TOKEN")
    elif not settings.slack_signing_secret.get_secret_value():
        missing.append("SLACK_SIGNING_SECRET")
    if missing:
        mode = "Socket Mode" if settings.socket_mode else "HTTP mode"
        raise StartupError(f"{mode} needs {' and '.join(missing)}; set it in the environment")


def check_corpus(settings: Settings) -> None:
    from bot.service import corpus_dir_of
    from statutes import CorpusLoadError, load_corpus

    try:
        load_corpus(corpus_dir_of(settings))
    except CorpusLoadError as exc:
        raise StartupError(f"statute corpus unreadable: {exc}") from None


def check_calendars(settings: Settings) -> None:
    from bot.service import calendars_dir_of
    from rules.calendar import CalendarError, load_calendars

    try:
        load_calendars(calendars_dir_of(settings))
    except CalendarError as exc:
        raise StartupError(f"calendar invalid: {exc}") from None


def check_database(settings: Settings) -> None:
    from sqlalchemy import text
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from bot.ops.db import make_engine

    url = settings.database_url
    pg = url.startswith("postgresql")
    try:
        engine = make_engine(url, **({"connect_args": {"connect_timeout": 5}} if pg else {}))
    except (ArgumentError, ImportError) as exc:
        # Never echo the URL here: unparsed, it cannot be shown with its password hidden.
        why = f"driver not installed ({exc.name})" if isinstance(exc, ImportError) else "not a URL"
        raise StartupError(
            f"DATABASE_URL unusable: {why}; e.g. postgresql+psycopg://user:pass@host/db"
        ) from None
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", exc)).strip().splitlines()[0][:200]
        raise StartupError(
            f"database unreachable ({engine.url.render_as_string(hide_password=True)}): {reason}"
        ) from None
    finally:
        engine.dispose()


def check_log_level(settings: Settings) -> None:
    if not isinstance(logging.getLevelName(settings.log_level), int):
        raise StartupError(f"LOG_LEVEL {settings.log_level!r} unknown; use DEBUG, INFO, WARNING…")


def preflight(settings: Settings) -> None:
    """Every offline check `deadline-bot serve` makes before it starts anything."""
    check_log_level(settings)
    check_tokens(settings)
    check_corpus(settings)
    check_calendars(settings)
    check_database(settings)
