"""What every `deadline-bot` command shares: exit codes, the one-line error, the settings and
the answering service built from `--corpus`/`--calendars`/`--today`.

Heavy modules (the statutes, the rules, SQLAlchemy) are imported inside the functions that need
them, so `--help` and the commands that do not use them stay quick.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.ops.settings import CliSettings
    from bot.reply import Reply
    from bot.service import AnswerService

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # sysexits EX_SOFTWARE: a bug in deadline-bot, not the user's input
EXIT_INTERRUPTED = 130
DEBUG_ENV = "DEADLINE_BOT_DEBUG"
CORPUS_ENV = "DEADLINE_BOT_CORPUS"
CALENDARS_ENV = "DEADLINE_BOT_CALENDARS"


class CliError(Exception):
    """A problem the person running the command can fix, reported as one line on stderr."""

    def __init__(self, message: str, code: int = EXIT_ERROR) -> None:
        super().__init__(message)
        self.code = code


def one_line(text: object, limit: int | None = None) -> str:
    """A message on one line (driver messages may span several), cut at `limit` characters."""
    flat = str(text)
    if "\n" in flat or "\r" in flat:
        flat = " ".join(flat.split())
    return flat if limit is None or len(flat) <= limit else flat[: limit - 1] + "…"


def settings_of(args: argparse.Namespace) -> CliSettings:
    """The command line's settings (from the environment), read once per command."""
    settings: CliSettings | None = getattr(args, "settings", None)
    if settings is None:
        from bot.ops.settings import CliSettings

        settings = args.settings = CliSettings()
    return settings


def service_for(args: argparse.Namespace, *, today: date | None = None) -> AnswerService:
    """The answering service on `--corpus`/`--calendars` (else the environment's folders, else
    the packaged ones), with a clock fixed on `today` when given. Both folders are loaded, so a
    bad one is never silently unused; each failure is one line naming the folder."""
    from bot.ops.clock import FixedClock, SystemClock
    from bot.service import AnswerService, calendars_dir_of, corpus_dir_of
    from rules.calendar import CalendarError, load_calendars
    from statutes import CorpusLoadError, default_corpus

    settings = settings_of(args)
    corpus_folder = corpus_dir_of(settings, getattr(args, "corpus", None))
    try:
        corpus = default_corpus(corpus_folder)
    except (CorpusLoadError, OSError) as exc:
        # The loader's message names the folder or file and what is wrong with it.
        raise CliError(f"{one_line(exc)}{given_by(args, 'corpus')}") from None
    folder = calendars_dir_of(settings, getattr(args, "calendars", None))
    try:
        calendars = load_calendars(folder)
    except (CalendarError, OSError) as exc:
        # A message about one calendar names its file only: say which folder.
        message = one_line(exc)
        where = "" if message.startswith(str(folder)) else f"calendars in {folder}: "
        raise CliError(f"{where}{message}{given_by(args, 'calendars')}") from None
    clock = FixedClock.on(today) if today else SystemClock()
    return AnswerService(corpus=corpus, calendars=calendars, clock=clock, settings=settings)


def given_by(args: argparse.Namespace, what: str) -> str:
    """ " (from $DEADLINE_BOT_…)" when the folder came from the environment, not the command."""
    if getattr(args, what, None) is not None:
        return ""
    settings = settings_of(args)
    if what == "corpus" and settings.deadline_bot_corpus is not None:
        return f" (from ${CORPUS_ENV})"
    if what == "calendars" and settings.deadline_bot_calendars is not None:
        return f" (from ${CALENDARS_ENV})"
    return ""


# The days `--today` may name: the readers count days on from it ("next Tuesday", "two weeks
# from Friday") and the rules back from it, which a day at the calendar's very end or start
# cannot bear; no election the rules time falls outside these years.
_FIRST_DAY, _LAST_DAY = date(1900, 1, 1), date(2999, 12, 31)


def today_of(value: str | None) -> date | None:
    """`--today YYYY-MM-DD` (None: the clock's day in America/New_York); ValueError if bad or
    outside the years 1900 to 2999."""
    if not value:
        return None
    day = date.fromisoformat(value)
    if not _FIRST_DAY <= day <= _LAST_DAY:
        raise ValueError(f"{value} is outside the years I count in; give a day from 1900 to 2999")
    return day


def as_of_of(args: argparse.Namespace) -> date | None:
    """`--as-of YYYY-MM-DD` (None when not given); ValueError naming the option if bad."""
    value = getattr(args, "as_of", None)
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        raise ValueError(f"--as-of {value!r}: write the day as YYYY-MM-DD") from None


def print_json(obj: object) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=2))


def emit(reply: Reply, as_json: bool) -> int:
    """Print a reply (text or JSON); exit 0 only when it answered."""
    from bot.render.json import reply_json
    from bot.render.text import render

    if as_json:
        print_json(reply_json(reply))
    else:
        print(render(reply))
    answers = ("answered", "answered_in_part", "help", "cite")
    return EXIT_OK if reply.status in answers else EXIT_ERROR
