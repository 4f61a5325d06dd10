"""`python -m bot.reminders`: a reminder dispatcher process posting to Slack.

Settings come from the environment (`DATABASE_URL`, `SLACK_BOT_TOKEN`, `SLACK_API_BASE_URL`,
`DEADLINE_BOT_CORPUS`, `DEADLINE_BOT_CALENDARS`); the flags override them for one run.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import threading
import time
from datetime import datetime, timedelta
from typing import Any

log = logging.getLogger("bot.reminders")


def _load_object(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


def main(argv: list[str] | None = None) -> int:
    """Run a dispatcher process (`python -m bot.reminders --help`)."""
    from bot.ops.clock import Clock, FixedClock, SystemClock
    from bot.ops.db import make_engine, upgrade
    from bot.ops.settings import Settings
    from bot.reminders.dispatcher import Dispatcher
    from bot.reminders.planning import answers_of, season_of
    from bot.service import AnswerService
    from bot.slack.client import make_client
    from bot.slack.poster import SlackPoster

    parser = argparse.ArgumentParser(prog="python -m bot.reminders", description=__doc__)
    parser.add_argument("--database-url", default=None, help="default: $DATABASE_URL")
    parser.add_argument("--slack-base-url", default=None, help="default: $SLACK_API_BASE_URL")
    parser.add_argument("--token", default=None, help="default: $SLACK_BOT_TOKEN")
    parser.add_argument("--fake-now", default=None, help="ISO datetime: a frozen domain clock")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between ticks")
    parser.add_argument("--until-idle", action="store_true", help="exit when nothing is due")
    parser.add_argument("--max-seconds", type=float, default=None, help="give up after this")
    parser.add_argument("--batch-size", type=int, default=100, help="occurrences per claim")
    parser.add_argument("--workers", type=int, default=4, help="posting threads")
    parser.add_argument("--no-pacing", action="store_true", help="no 1 s gap per channel")
    parser.add_argument("--stale-after", type=float, default=300.0, help="seconds")
    parser.add_argument("--backoff", type=float, default=1.0, help="seconds")
    parser.add_argument("--source", default=None, help="module:callable deadline source")
    parser.add_argument("--upgrade", action="store_true", help="run migrations first")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    settings = Settings()
    database_url = args.database_url or settings.database_url
    if args.upgrade:
        upgrade(database_url)
    clock: Clock = SystemClock()
    if args.fake_now:
        clock = FixedClock(datetime.fromisoformat(args.fake_now))
    service = AnswerService.from_settings(settings, clock=clock)
    # The dispatcher paces and retries by itself: the client retries nothing.
    client = make_client(settings, retries=False, token=args.token, base_url=args.slack_base_url)
    dispatcher = Dispatcher(
        make_engine(database_url),
        SlackPoster(client),
        now=service.clock.now,
        source=_load_object(args.source) if args.source else season_of(service),
        answer=answers_of(service),
        batch_size=args.batch_size,
        workers=args.workers,
        pacing=not args.no_pacing,
        stale_after=timedelta(seconds=args.stale_after),
        backoff=args.backoff,
    )
    started = time.monotonic()
    stop = threading.Event()
    try:
        if not args.until_idle:
            dispatcher.run_forever(stop, args.interval)
            return 0
        while True:
            report = dispatcher.run_once()
            log.info("tick: %s", report)
            if report.claimed == 0 and report.recovered == 0:
                return 0
            if args.max_seconds is not None and time.monotonic() - started > args.max_seconds:
                return 1
    except KeyboardInterrupt:
        return 0
    finally:
        dispatcher.close()


if __name__ == "__main__":
    raise SystemExit(main())
