"""App Home: opening the bot's Home tab shows the deadlines of the next weeks, each cited."""

from __future__ import annotations

import logging
import threading
import time
from datetime import date, datetime
from datetime import time as clock_time
from typing import TYPE_CHECKING, Any

from slack_bolt import App

from bot.ops import metrics
from bot.ops.logs import log_failure
from bot.render.home import home_view
from bot.service import AnswerService
from bot.slack.payloads import text_of
from rules.season import SeasonDeadline
from rules.values import TZ

if TYPE_CHECKING:
    from bot.slack.app import SlackSurfaces

log = logging.getLogger(__name__)

#: How long one day's season is reused for everyone opening the tab (it only changes with the
#: calendars, which need a restart).
_CACHE_SECONDS = 300


def register(app: App, surfaces: SlackSurfaces) -> None:
    """`app_home_opened`."""
    season = SeasonCache(surfaces.service)

    @app.event("app_home_opened")
    def on_home_opened(body: dict[str, Any], event: dict[str, Any]) -> None:
        user = text_of(event.get("user"))
        if event.get("tab", "home") != "home" or not user:
            return

        def work() -> None:
            if not surfaces.claim_event(body, event):
                return
            today = surfaces.service.today()
            start_of_today = datetime.combine(today, clock_time.min, TZ)
            view = home_view(season.deadlines(today), now=start_of_today)
            surfaces.client.views_publish(user_id=user, view=view)
            metrics.REQUESTS.labels(surface="home", status="published").inc()

        surfaces.delivery.submit("home", work, lambda: None)


class SeasonCache:
    """Every calendar's season deadlines for one day, computed at most every few minutes."""

    def __init__(self, service: AnswerService) -> None:
        self.service = service
        self._lock = threading.Lock()
        self._cached: tuple[date, float, list[SeasonDeadline]] | None = None

    def deadlines(self, today: date) -> list[SeasonDeadline]:
        now = time.monotonic()
        with self._lock:
            cached = self._cached
        if cached and cached[0] == today and now - cached[1] < _CACHE_SECONDS:
            return cached[2]
        found: list[SeasonDeadline] = []
        for calendar_id in self.service.calendars.ids():
            try:
                found.extend(self.service.season(calendar_id, today=today))
            except Exception as exc:  # one broken calendar must not blank the whole Home tab
                log_failure(log, f"season deadlines failed for {calendar_id}", exc)
        with self._lock:
            self._cached = (today, now, found)
        return found
