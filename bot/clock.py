"""The one place the bot reads the clock: "today" in the statutes' zone, America/New_York."""

from __future__ import annotations

from datetime import date, datetime

from bot.settings import TIMEZONE


def today_eastern() -> date:
    return datetime.now(TIMEZONE).date()
