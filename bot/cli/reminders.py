"""`deadline-bot remind`, `reminders`, `unremind` and `ics`: the grammar of `/deadline remind …`."""

from __future__ import annotations

import argparse
import sys

from bot.cli.common import EXIT_ERROR, EXIT_OK, service_for, settings_of
from bot.cli.ops import engine_for, missing_file, nothing_stored

REMINDER_GRAMMAR = {
    "remind": (
        "subscribe a channel to a calendar's deadlines, or set a one-off reminder",
        "deadline-bot remind CHANNEL calendar CALENDAR [rules RULE,…] [at 14d,7d,1d] "
        "[time 9:00]\n"
        "  deadline-bot remind CHANNEL on YYYY-MM-DD [H:MM] RULE key=value …   (one-off)\n\n"
        "CHANNEL is a Slack channel id such as C0123ABCD; times are Eastern (America/New_York);\n"
        "`at` lists days before each deadline (default 14d,7d,1d), `time` the hour (9:00).\n\n"
        "examples:\n"
        "  deadline-bot remind C0123ABCD calendar md-2026 at 14d,7d,1d time 9:00\n"
        "  deadline-bot remind C0123ABCD on 2026-08-01 9:00 md-petition-certificate year=2026",
    ),
    "reminders": (
        "list reminder subscriptions, with the next time each posts",
        "deadline-bot reminders [CHANNEL]\n\n"
        "examples:\n  deadline-bot reminders\n  deadline-bot reminders C0123ABCD",
    ),
    "unremind": (
        "stop a reminder subscription: unremind ID",
        "deadline-bot unremind ID      (ID as listed by `deadline-bot reminders`)\n\n"
        "example:\n  deadline-bot unremind 12",
    ),
    "ics": (
        "iCalendar file of a calendar's deadlines (reads no database)",
        "deadline-bot ics CALENDAR [rules RULE,…] > FILE.ics\n\n"
        "examples:\n  deadline-bot ics md-2026 > md-2026.ics\n"
        "  deadline-bot ics md-2026 rules md-petition-filing > petitions.ics",
    ),
}


def cmd_reminder(args: argparse.Namespace) -> int:
    """remind / reminders / unremind / ics: the same grammar as `/deadline remind …`."""
    from bot.ops.clock import SystemClock
    from bot.reminders.commands import handle_reminder_command
    from bot.reminders.planning import answers_of, season_of

    engine = None
    if args.command != "ics":  # ics reads the calendars only, never the database
        missing = None if args.command == "remind" else missing_file(args)
        if missing is not None:  # reading: never create a database to read nothing
            print(nothing_stored(missing))
            return EXIT_OK if args.command == "reminders" else EXIT_ERROR
        engine = engine_for(args)
    user = args.as_user or settings_of(args).user or "cli"
    words = " ".join([args.command, *args.words])
    if args.command in ("remind", "ics"):
        service = service_for(args)
        outcome = handle_reminder_command(
            words,
            user_id=f"cli:{user}",
            is_admin=lambda _user: True,  # whoever can run the CLI on the server is an admin
            engine=engine,
            now=service.clock.now(),
            source=season_of(service),
            answer=answers_of(service),
            calendar_ids=service.calendars.ids(),
        )
    else:  # listing and stopping need neither statutes nor calendars
        outcome = handle_reminder_command(
            words,
            user_id=f"cli:{user}",
            is_admin=lambda _user: True,
            engine=engine,
            now=SystemClock().now(),
        )
    if args.command == "ics" and outcome.ok and "ics" in outcome.extra:
        sys.stdout.buffer.write(outcome.extra["ics"])
        print(outcome.text, file=sys.stderr)
        return EXIT_OK
    print(outcome.text)
    return EXIT_OK if outcome.ok else EXIT_ERROR
