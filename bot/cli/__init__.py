"""`deadline-bot` command line: the same answers as the Slack app, without Slack.

One module per kind of command (`statutes`: cite, lint; `rules`: run, ask, rules; `ops`: serve,
migrate, audit; `reminders`: remind, reminders, unremind, ics), each answering through the
answering service (`bot.service`). Subcommands import what they need lazily so `cite`, `run` and
`ask` never load slack_bolt.

Errors are one line on stderr, never a traceback. What a person can get wrong and fix — a
missing or invalid `--corpus`/`--calendars` (or `$DEADLINE_BOT_CORPUS`/`$DEADLINE_BOT_CALENDARS`),
an unusable or unreachable database — is that line and exit 1, like a question the rules do not
answer (2 stays argparse's usage error). Anything else is a bug: "internal error: …; please
report", exit 70, and the traceback only with `--debug` or `DEADLINE_BOT_DEBUG=1`.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path

from bot.cli.common import (
    CORPUS_ENV,
    DEBUG_ENV,
    EXIT_ERROR,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    one_line,
    settings_of,
)
from bot.cli.ops import cmd_audit, cmd_migrate, cmd_serve
from bot.cli.reminders import REMINDER_GRAMMAR, cmd_reminder
from bot.cli.rules import cmd_ask, cmd_rules, cmd_run
from bot.cli.statutes import cmd_cite, cmd_lint

__all__ = [
    "EXIT_ERROR",
    "EXIT_INTERNAL",
    "EXIT_OK",
    "EXIT_USAGE",
    "build_parser",
    "main",
]


# --- arguments -------------------------------------------------------------------------------
def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--corpus",
        type=Path,
        default=None,
        help=f"folder of statute XML (default: ${CORPUS_ENV} or the packaged corpus)",
    )
    p.add_argument(
        "--calendars",
        type=Path,
        default=None,
        help="folder of election calendars (default: $DEADLINE_BOT_CALENDARS or packaged)",
    )


def _add_json(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--json", action="store_true", help=f"print {what} as JSON")


def _add_as_of(p: argparse.ArgumentParser, what: str, *also: str) -> None:
    p.add_argument(
        "--as-of",
        *also,
        dest="as_of",
        metavar="YYYY-MM-DD",
        help=f"{what} under the law in force on this day",
    )


def _add_debug(p: argparse.ArgumentParser, default: object) -> None:
    p.add_argument(
        "--debug",
        action="store_true",
        default=default,
        help=f"on an internal error, print the traceback too (or set {DEBUG_ENV}=1)",
    )


class _WhenShown:
    """Text computed only if help is shown: where the data lives needs bot.ops.settings (pydantic
    settings), which commands that print no help should not pay to import."""

    def __init__(self, text: Callable[[], str]) -> None:
        self._text = text

    def __str__(self) -> str:
        return self._text()


def _data_dir() -> str:
    from bot.ops.settings import data_dir

    return str(data_dir())


def _default_url() -> str:
    from bot.ops.settings import default_database_url

    return default_database_url()


class _Parser(argparse.ArgumentParser):
    def format_help(self) -> str:
        if isinstance(self.epilog, _WhenShown):
            self.epilog = str(self.epilog)
        return super().format_help()


def _add_database(p: argparse.ArgumentParser) -> None:
    action = p.add_argument(
        "--database-url",
        default=None,
        help="SQLAlchemy URL (default: $DATABASE_URL, else %(default_url)s)",
    )
    action.default_url = _WhenShown(_default_url)  # type: ignore[attr-defined]  # for %(…)s


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="deadline-bot",
        description="Election filing deadlines, computed and quoted from the statute text.",
        epilog=_WhenShown(  # type: ignore[arg-type]
            lambda: (
                "Reminders and the audit trail are kept in $DATABASE_URL, by default an "
                f"SQLite file in {_data_dir()} (created on first write). Exit status: 0 answered; "
                "1 not answered (needs input, invalid input, refused), not found, or a corpus, "
                "calendar folder or database that can't be used (one line on stderr says why); "
                "2 bad usage; 70 internal error."
            )
        ),
    )
    _add_debug(parser, False)
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, help_text: str, **kwargs: object) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text, **kwargs)  # type: ignore[arg-type]
        # SUPPRESS: `--debug` before the command is not reset by the subcommand's default.
        _add_debug(p, argparse.SUPPRESS)
        return p

    p = add("cite", "print a subsection's text, verbatim")
    p.add_argument("citation", help='e.g. "Md. Code, Elec. Law § 5-903(b)(2)(ii)"')
    _add_json(p, "the subsection (text, lead-in, citation, references, hash, versions)")
    # (`--today` too: the day asked on, as `run` and `ask` take it, is the day whose text is
    # quoted)
    _add_as_of(
        p, "quote the text in force on this day (default: today), not the latest;", "--today"
    )
    _add_common(p)
    p.set_defaults(func=cmd_cite)

    p = add("lint", "list data-quality findings in the corpus and calendars")
    p.add_argument("path", nargs="?", help="corpus folder (default: the loaded corpus)")
    p.add_argument(
        "--no-calendars", action="store_true", help="check the statute corpus only, not calendars"
    )
    _add_common(p)
    p.set_defaults(func=cmd_lint)

    p = add("run", "run a rule: deadline-bot run RULE key=value ...")
    p.add_argument("rule", help="rule id or alias (see `deadline-bot rules`)")
    p.add_argument("params", nargs="*", help="key=value, e.g. event=death event_date=2026-05-01")
    p.add_argument("--today", help="YYYY-MM-DD (default: today in America/New_York)")
    _add_json(p, "the result (inputs, answer, citations, trace, assumptions)")
    _add_as_of(p, "answer")
    _add_common(p)
    p.set_defaults(func=cmd_run)

    p = add("ask", "ask a question in plain words")
    p.add_argument(
        "text", nargs="+", help='e.g. "LG candidate died May 1 2026, successor deadline?"'
    )
    p.add_argument("--today", help="YYYY-MM-DD (default: today in America/New_York)")
    _add_json(p, "the answer (the shape of `run --json`, plus suggestions)")
    _add_as_of(p, "answer")
    _add_common(p)
    p.set_defaults(func=cmd_ask)

    p = add("rules", "list the rules; --check verifies their pinned text")
    _add_json(p, "the rules, their parameters and whether each answers (pinned text ok)")
    p.add_argument(
        "--check",
        action="store_true",
        help="compare each rule's pinned statute text with the loaded corpus; exit 1 if any "
        "rule refuses",
    )
    _add_common(p)
    p.set_defaults(func=cmd_rules)

    p = add("serve", "run the Slack app (Socket Mode if SLACK_APP_TOKEN is set)")
    p.set_defaults(func=cmd_serve)

    p = add("migrate", "apply database migrations (alembic upgrade head)")
    _add_database(p)
    p.set_defaults(func=cmd_migrate)

    for name, (help_text, grammar) in REMINDER_GRAMMAR.items():
        p = add(
            name,
            help_text,
            usage=grammar.split("\n", 1)[0],
            epilog=f"grammar:\n  {grammar}",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        p.add_argument("words", nargs="*", help="the rest of the command, as in the usage below")
        p.add_argument("--as-user", help="recorded as who did it (default: $USER)")
        _add_database(p)
        p.set_defaults(func=cmd_reminder)

    p = add("audit", "read the audit trail of answers and reminder actions")
    p.add_argument("--since", type=date.fromisoformat, help="only from this day on: YYYY-MM-DD")
    p.add_argument("--user", help="only this Slack user id (or CLI user, e.g. cli:alice)")
    p.add_argument(
        "--csv",
        action="store_true",
        help="CSV on stdout: the answers, or with --actions the reminder actions",
    )
    p.add_argument(
        "--actions",
        action="store_true",
        help="only the reminder actions (subscribed, unsubscribed, posted, late, missed, paused)",
    )
    p.add_argument(
        "--feedback",
        action="store_true",
        help="only the “Not what I asked” feedback: the question, how it was read, the rule "
        "and parameters that answered it",
    )
    _add_database(p)
    p.set_defaults(func=cmd_audit)

    return parser


# --- running ---------------------------------------------------------------------------------
def _known_error(exc: BaseException) -> str | None:
    """One line for a corpus or calendar error no command caught (their classes are looked up
    only if their modules were loaded, so this imports nothing)."""
    for module, name, what in (
        ("statutes.loader", "CorpusLoadError", ""),
        ("rules.calendar", "CalendarError", "calendars: "),
    ):
        cls = getattr(sys.modules.get(module), name, None)
        if isinstance(cls, type) and isinstance(exc, cls):
            return f"{what}{one_line(exc)}"
    return None


def _say(line: str) -> None:
    print(line, file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # Output piped into `head` and closed early: not worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        _say("deadline-bot: interrupted")
        return EXIT_INTERRUPTED
    except CliError as exc:
        _say(str(exc))
        return exc.code
    except Exception as exc:  # the last resort: a bug, reported in one line
        known = _known_error(exc)
        if known is not None:
            _say(known)
            return EXIT_ERROR
        debug = bool(getattr(args, "debug", False)) or settings_of(args).debug
        if debug:
            traceback.print_exc()
        hint = "" if debug else f" (--debug or {DEBUG_ENV}=1 shows the traceback)"
        why = f"{type(exc).__name__}: {one_line(exc, limit=200)}"
        _say(f"deadline-bot: internal error: {why}; please report{hint}")
        return EXIT_INTERNAL
