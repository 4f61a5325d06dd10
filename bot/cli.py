"""`deadline-bot` command line: the same answers as the Slack app, without Slack.

Subcommands import what they need lazily so `cite`, `run` and `ask` never load slack_bolt.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from bot.reply import Reply
    from rules.calendar import CalendarSet
    from statutes import Corpus

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


def _corpus(args: argparse.Namespace) -> Corpus:
    from statutes import default_corpus

    return default_corpus(args.corpus)


def _print_json(obj: object) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=2))


def cmd_cite(args: argparse.Namespace) -> int:
    from statutes import CitationError, CorpusLoadError

    try:
        node = _corpus(args).lookup(args.citation)
    except (CitationError, CorpusLoadError) as exc:
        if args.json:
            _print_json({"status": "error", "error": str(exc)})
        else:
            print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    if args.json:
        _print_json(node.as_dict())
        return EXIT_OK
    print(node.cite)
    if node.law.catch_line:
        print(f"  ({node.law.catch_line})")
    print()
    if node.lead_in:
        print(f"  {node.lead_in}")
    body = f"{node.prefix} {node.text}" if node.prefix else node.text
    print(f"    {body}" if node.lead_in else f"  {body}")
    if node.references:
        print("\nReferences:")
        for ref in node.references:
            where = "in corpus" if ref.in_corpus else "not in corpus"
            print(f"  - {ref.text!r} → {ref.target_cite} ({where})")
    print(f"\nsha256 {node.text_sha256}")
    return EXIT_OK


def cmd_lint(args: argparse.Namespace) -> int:
    from statutes import CorpusLoadError, load_corpus

    path = Path(args.path) if args.path else args.corpus
    try:
        corpus = load_corpus(path, strict=False)
    except CorpusLoadError as exc:
        print(f"error: {exc}")
        return EXIT_ERROR
    for err in corpus.errors:
        print(f"error: {err}")
    findings = corpus.findings
    for finding in findings:
        print(finding)
    calendars_load = True
    if not args.no_calendars:
        from rules.calendar import CalendarError, lint_calendars, load_calendars

        for problem in lint_calendars(args.calendars):
            print(f"calendar: {problem}")
        try:
            load_calendars(args.calendars)
        except CalendarError:
            calendars_load = False
    print(
        f"{len(corpus.laws)} laws, {len(corpus.nodes)} nodes, {len(findings)} findings, "
        f"{len(corpus.errors)} files not loaded"
    )
    # Findings are reported, not fatal: only a file that cannot be loaded at all fails lint.
    return EXIT_ERROR if corpus.errors or not calendars_load else EXIT_OK


def _key_values(pairs: Sequence[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"{pair!r}: parameters are written key=value")
        params[key.strip()] = value.strip()
    return params


def _emit(reply: Reply, as_json: bool) -> int:
    from bot.render_json import reply_json
    from bot.render_text import render

    if as_json:
        _print_json(reply_json(reply))
    else:
        print(render(reply))
    return EXIT_OK if reply.status in ("answered", "help", "cite") else EXIT_ERROR


def cmd_run(args: argparse.Namespace) -> int:
    from bot.reply import Reply
    from rules import resolve, run

    try:
        params = _key_values(args.params)
        today = _today(args.today)
    except ValueError as exc:
        reply = Reply(status="invalid_input", rule=args.rule, message=str(exc))
        return _emit(reply, args.json)
    corpus, calendars = _corpus(args), _calendars(args)
    result = run(args.rule, params, today=today, corpus=corpus, calendars=calendars)
    spec = resolve(args.rule)
    reply = Reply(
        status=result.status,
        rule=spec.id if spec else args.rule,
        params=params,
        result=result,
    )
    return _emit(reply, args.json)


def cmd_ask(args: argparse.Namespace) -> int:
    from bot.dispatch import handle
    from bot.reply import Reply

    try:
        today = _today(args.today)
    except ValueError as exc:
        return _emit(Reply(status="invalid_input", message=f"--today: {exc}"), args.json)
    return _emit(handle(" ".join(args.text), today=today, surface="cli"), args.json)


def cmd_rules(args: argparse.Namespace) -> int:
    from rules import RULES, check_rules

    checks = check_rules(_corpus(args)) if args.check or args.json else {}
    if args.json:
        _print_json(
            [
                {
                    "id": spec.id,
                    "title": spec.title,
                    "jurisdiction": spec.jurisdiction,
                    "aliases": list(spec.aliases),
                    "params": [
                        {
                            "name": p.name,
                            "kind": p.kind,
                            "required": p.required,
                            "description": p.description,
                            "accepted": p.accepted(),
                            "calendar": list(p.calendar),
                        }
                        for p in spec.params
                    ],
                    "state": checks[spec.id].state,
                    "problems": list(checks[spec.id].problems),
                }
                for spec in RULES.values()
            ]
        )
    else:
        for spec in RULES.values():
            params = " ".join(p.name if p.required else f"[{p.name}]" for p in spec.params)
            state = f"  [{checks[spec.id].state}]" if checks else ""
            print(f"{spec.id:32} {params}{state}")
            if checks and checks[spec.id].state != "ok":
                print(f"    {checks[spec.id].message}")
    refused = [c for c in checks.values() if c.state != "ok"]
    return EXIT_ERROR if refused and args.check else EXIT_OK


def _calendars(args: argparse.Namespace) -> CalendarSet:
    from rules.calendar import default_calendars, load_calendars

    return load_calendars(args.calendars) if args.calendars else default_calendars()


def cmd_serve(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot.logs import configure_logging
    from bot.settings import Settings
    from bot.startup import StartupError, check_slack, preflight

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
    from bot.server import serve

    try:
        serve(settings)
    except StartupError as exc:
        print(f"deadline-bot: cannot start: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def _engine(args: argparse.Namespace) -> Engine:
    from bot.store import make_engine, upgrade

    upgrade(args.database_url)
    return make_engine(args.database_url)


def cmd_migrate(args: argparse.Namespace) -> int:
    from bot.store import database_url, upgrade

    upgrade(args.database_url)
    from sqlalchemy.engine import make_url

    shown = make_url(database_url(args.database_url)).render_as_string(hide_password=True)
    print(f"database migrated to the latest schema: {shown}")
    return EXIT_OK


def cmd_reminder(args: argparse.Namespace) -> int:
    """remind / reminders / unremind / ics: the same grammar as `/deadline remind …`."""
    from bot.reminder_commands import handle_reminder_command

    user = args.as_user or os.environ.get("USER") or "cli"
    outcome = handle_reminder_command(
        " ".join([args.command, *args.words]),
        user_id=f"cli:{user}",
        is_admin=lambda _user: True,  # whoever can run the CLI on the server is an admin
        engine=_engine(args),
        now=datetime.now(ZoneInfo("America/New_York")),
    )
    if args.command == "ics" and outcome.ok and "ics" in outcome.extra:
        sys.stdout.buffer.write(outcome.extra["ics"])
        print(outcome.text, file=sys.stderr)
        return EXIT_OK
    print(outcome.text)
    return EXIT_OK if outcome.ok else EXIT_ERROR


def cmd_audit(args: argparse.Namespace) -> int:
    from bot.audit import print_audit

    return print_audit(_engine(args), since=args.since, user=args.user, as_csv=args.csv)


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--corpus",
        type=Path,
        default=None,
        help="folder of statute XML (default: $DEADLINE_BOT_CORPUS or the packaged corpus)",
    )
    p.add_argument(
        "--calendars",
        type=Path,
        default=None,
        help="folder of election calendars (default: $DEADLINE_BOT_CALENDARS or packaged)",
    )


def _today(value: str | None) -> date:
    """`--today` or the current day in America/New_York (both states' zone)."""
    from bot.clock import today_eastern

    return date.fromisoformat(value) if value else today_eastern()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deadline-bot",
        description="Election filing deadlines, computed and quoted from the statute text.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("cite", help="print a subsection's text, verbatim")
    p.add_argument("citation", help='e.g. "Md. Code, Elec. Law § 5-903(b)(2)(ii)"')
    p.add_argument("--json", action="store_true")
    _add_common(p)
    p.set_defaults(func=cmd_cite)

    p = sub.add_parser("lint", help="list data-quality findings in the corpus and calendars")
    p.add_argument("path", nargs="?", help="corpus folder (default: the loaded corpus)")
    p.add_argument("--no-calendars", action="store_true")
    _add_common(p)
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("run", help="run a rule: deadline-bot run RULE key=value ...")
    p.add_argument("rule", help="rule id or alias (see `deadline-bot rules`)")
    p.add_argument("params", nargs="*", help="key=value")
    p.add_argument("--today", help="YYYY-MM-DD (default: today in America/New_York)")
    p.add_argument("--json", action="store_true")
    _add_common(p)
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("ask", help="ask a question in plain words")
    p.add_argument(
        "text", nargs="+", help='e.g. "LG candidate died May 1 2026, successor deadline?"'
    )
    p.add_argument("--today", help="YYYY-MM-DD (default: today in America/New_York)")
    p.add_argument("--json", action="store_true")
    _add_common(p)
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("rules", help="list the rules; --check verifies their pinned text")
    p.add_argument("--json", action="store_true")
    p.add_argument("--check", action="store_true")
    _add_common(p)
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("serve", help="run the Slack app (Socket Mode if SLACK_APP_TOKEN is set)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("migrate", help="apply database migrations (alembic upgrade head)")
    _add_database(p)
    p.set_defaults(func=cmd_migrate)

    for name, help_text in (
        ("remind", "subscribe a channel: remind #channel [calendar md-2026] [at 14d,7d,1d] …"),
        ("reminders", "list reminder subscriptions"),
        ("unremind", "delete a reminder subscription: unremind ID"),
        ("ics", "iCalendar file of a calendar's deadlines: ics md-2026 > md-2026.ics"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("words", nargs="*")
        p.add_argument("--as-user", help="recorded as who did it (default: $USER)")
        _add_database(p)
        p.set_defaults(func=cmd_reminder)

    p = sub.add_parser("audit", help="read the audit trail of answers and reminder actions")
    p.add_argument("--since", type=date.fromisoformat, help="YYYY-MM-DD")
    p.add_argument("--user", help="Slack user id")
    p.add_argument("--csv", action="store_true")
    _add_database(p)
    p.set_defaults(func=cmd_audit)

    return parser


def _add_database(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--database-url",
        default=None,
        help="SQLAlchemy URL (default: $DATABASE_URL or sqlite:///deadline-bot.sqlite3)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "corpus", None) is None and os.environ.get("DEADLINE_BOT_CORPUS"):
        args.corpus = Path(os.environ["DEADLINE_BOT_CORPUS"])
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # Output piped into `head` and closed early: not worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
