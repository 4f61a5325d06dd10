"""The answering service on the packaged statutes and calendars, for tests and benchmarks."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from bot.ops.clock import Clock, FixedClock, SystemClock
from bot.ops.settings import DataSettings
from bot.reply import Reply
from bot.service import AnswerService
from rules.calendar import PACKAGED_DIR, CalendarSet, load_calendars
from statutes import Corpus, default_corpus
from statutes.corpus import DEFAULT_XML_DIR


def packaged_service(
    today: date | None = None,
    *,
    corpus: Corpus | None = None,
    calendars: CalendarSet | None = None,
    clock: Clock | None = None,
) -> AnswerService:
    """The service on the packaged corpus and calendars (never the environment's), unless
    others are given, with a clock fixed on `today` (None: the system clock)."""
    if clock is None:
        clock = FixedClock.on(today) if today else SystemClock()
    return AnswerService(
        corpus=default_corpus(DEFAULT_XML_DIR) if corpus is None else corpus,
        calendars=load_calendars(PACKAGED_DIR) if calendars is None else calendars,
        clock=clock,
        settings=DataSettings(),
    )


def filled(reply: Reply, names: Iterable[str]) -> dict[str, str | None]:
    """The reply's parameters of `names`, as it holds them (None: not filled), to compare with
    the values a question must read."""
    return {name: reply.params.get(name) for name in names}
