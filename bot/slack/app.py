"""The Slack surfaces of deadline-bot, as one Bolt `App`.

`build_app` makes the App and lets each surface register its listeners, as in Bolt's starter
template: `commands` (`/deadline`, `/cite`), `events` (mentions, direct messages), `home` (App
Home), `actions` (the buttons and pickers of our own messages). They share a `SlackSurfaces`:
the answering service, the Web API client, the delivery of answers (`bot.slack.delivery`), the
database (audit trail, reminders, dedupe) and the admin check.

Everything below `bot/slack/` is Slack-free: listeners turn Slack payloads into calls of the
answering service (`bot.service`) and its `Reply`s into Block Kit (`bot.render`). Incoming text
is unescaped and sanitized before it is read (`payloads.clean_question`); everything echoed is
escaped by the renderer. Any exception is logged in one line and answered with a polite message.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from slack_bolt import App, BoltResponse
from slack_bolt.error import BoltUnhandledRequestError
from slack_sdk import WebClient
from sqlalchemy import Engine

from bot.ops import metrics
from bot.ops.audit import record
from bot.ops.db import make_engine
from bot.ops.logs import install_bolt_log_filter, log_failure
from bot.ops.settings import Settings
from bot.reminders.commands import handle_reminder_command
from bot.reminders.planning import answers_of, season_of
from bot.render.answer import render_result
from bot.render.blocks import escape
from bot.reply import Reply
from bot.service import AnswerService
from bot.slack import actions, commands, events, home
from bot.slack.client import add_rate_limit_retry, make_client
from bot.slack.delivery import Delivery
from bot.slack.payloads import (
    MAX_QUESTION_CHARS,
    event_key,
    kind_of,
    obj,
    response_url_of,
    text_of,
    too_long,
)

log = logging.getLogger(__name__)

REMINDER_SUBCOMMANDS = frozenset({"remind", "reminders", "unremind", "ics"})
_ADMIN_CACHE_SECONDS = 600

Blocks = list[dict[str, Any]] | None


class SlackSurfaces:
    """The Bolt app plus what its listeners share (service, client, delivery, database)."""

    def __init__(
        self,
        settings: Settings,
        service: AnswerService,
        client: WebClient | None = None,
        *,
        engine: Engine | None = None,
    ) -> None:
        self.settings = settings
        self.service = service
        self.client = client or make_client(settings)
        add_rate_limit_retry(self.client)
        self.engine = engine
        self.delivery = Delivery(self.client, work_threads=settings.work_threads, engine=engine)
        self._reminder_engine = engine
        self._admins: dict[str, tuple[bool, float]] = {}
        self._lock = threading.Lock()
        # Listeners run inline (process_before_response); Bolt's executor only serves lazy
        # listeners, which we do not use, so it stays small.
        self.listener_pool = ThreadPoolExecutor(2, thread_name_prefix="bolt")
        self.app = self._build()

    def _build(self) -> App:
        # Token and signing secret are passed explicitly and OAuth is never configured:
        # SLACK_CLIENT_ID/SECRET in the environment would otherwise switch Bolt to OAuth.
        bolt_logger = logging.getLogger("deadline_bot.bolt")
        install_bolt_log_filter(bolt_logger)  # before App(): Bolt copies it to its own loggers
        app = _without_oauth_env(
            lambda: App(
                name="deadline-bot",
                client=self.client,
                signing_secret=self.settings.slack_signing_secret.get_secret_value(),
                listener_executor=self.listener_pool,
                # Our listeners only ack and enqueue, so run them inline: the HTTP answer goes
                # out as soon as the listener returns, without Bolt's thread hop and ack polling.
                process_before_response=True,
                logger=bolt_logger,
                # A request no listener takes goes to on_error (one short line, 200) instead of
                # Bolt's 404 — which makes Slack retry events — and its warning quoting the body.
                raise_error_for_unhandled_request=True,
            )
        )
        for surface in (commands, events, home, actions):
            surface.register(app, self)
        app.error(self.on_error)
        return app

    def close(self) -> None:
        """Finish queued answers, then stop the pools."""
        self.delivery.close()
        self.listener_pool.shutdown(wait=True)

    # --- answering ---------------------------------------------------------------------------
    def answer(
        self, text: str, *, user: str | None, surface: str, channel: str | None = None
    ) -> tuple[Reply | None, str, Blocks]:
        """Answer one question or command: (reply or None for reminder commands, text, blocks)."""
        if len(text) > MAX_QUESTION_CHARS:
            reply = Reply(status="invalid_input", message=too_long(text))
            self.record(surface, text, reply, user, channel)
            return reply, reply.message, None
        words = text.split(maxsplit=1)
        if words and words[0].lower() in REMINDER_SUBCOMMANDS and user:
            return (None, *self.reminder_command(text, user))
        reply = self.service.ask(text, surface="slack")
        if not reply.text_in:
            reply = reply.model_copy(update={"text_in": text})
        self.record(surface, text, reply, user, channel)
        fallback, blocks = render_result(reply, share=surface == "command")
        return reply, fallback, blocks

    def record(
        self, surface: str, text: str, reply: Reply, user: str | None, channel: str | None
    ) -> None:
        """Metrics always; the audit row when a database is configured (never fatal)."""
        metrics.observe_reply(surface, reply.status, reply.confidence)
        if self.engine is None:
            return
        try:
            record(
                self.engine,
                reply,
                service=self.service,
                surface=f"slack:{surface}",
                text=text[:MAX_QUESTION_CHARS],
                today=self.service.today(),
                user=user,
                channel=channel,
            )
        except Exception as exc:
            log_failure(log, "could not record the audit row", exc)

    def is_admin(self, user_id: str) -> bool:
        """ADMIN_USER_IDS, else the workspace's own admin/owner flags (users.info, cached)."""
        if user_id in self.settings.admin_user_ids:
            return True
        now = time.monotonic()
        cached = self._admins.get(user_id)
        if cached and now - cached[1] < _ADMIN_CACHE_SECONDS:
            return cached[0]
        try:
            user = self.client.users_info(user=user_id)["user"]
            admin = bool(user.get("is_admin") or user.get("is_owner"))
        except Exception as exc:
            log_failure(log, "users.info failed; treating as non-admin", exc)
            return False
        self._admins[user_id] = (admin, now)
        return admin

    # --- reminders ---------------------------------------------------------------------------
    def reminder_command(self, text: str, user: str) -> tuple[str, Blocks]:
        """`/deadline remind|reminders|unremind|ics …`: the shared reminder grammar."""
        outcome = handle_reminder_command(
            text,
            user_id=user,
            is_admin=self.is_admin,
            engine=self.reminders_engine(),
            now=self.service.clock.now(),
            source=season_of(self.service),
            answer=answers_of(self.service),
            calendar_ids=self.service.calendars.ids(),
        )
        if "ics" in outcome.extra:
            return self._send_ics(
                user, outcome.extra["ics"], outcome.extra["filename"], outcome.text
            )
        return escape(outcome.text), outcome.blocks

    def _send_ics(self, user: str, data: bytes, filename: str, summary: str) -> tuple[str, Blocks]:
        """`/deadline ics`: the .ics file goes to the asker's DM (an ephemeral reply cannot hold
        a file, and the channel did not ask for it)."""
        try:
            dm = self.client.conversations_open(users=user)["channel"]["id"]
            self.client.files_upload_v2(
                channel=dm,
                content=data,
                filename=filename,
                title=filename,
                initial_comment=f"{summary} Open it with your calendar app.",
            )
        except Exception as exc:
            log_failure(log, f"could not send {filename}", exc)
            return (
                escape(
                    f"{summary} I could not send the file here; an administrator can run "
                    f"`deadline-bot ics {filename.removesuffix('-deadlines.ics')}`."
                ),
                None,
            )
        return escape(f"{summary} I've sent it to you in a direct message."), None

    def reminders_engine(self) -> Engine:
        """The database reminders live in (the server's engine, else one for DATABASE_URL)."""
        with self._lock:
            if self._reminder_engine is None:
                self._reminder_engine = make_engine(self.settings.database_url)
            return self._reminder_engine

    def claim_event(self, body: dict[str, Any], event: dict[str, Any]) -> bool:
        """True the first time this event delivery is seen (Slack retries what it thinks
        failed); a duplicate is counted and dropped."""
        if self.delivery.claim(event_key(body, event)):
            return True
        metrics.DUPLICATES.inc()
        return False

    # --- errors ------------------------------------------------------------------------------
    def on_error(self, error: Exception, body: Any) -> BoltResponse:
        """Bolt's global error handler: one log line, a polite answer where we can give one,
        and a 200 — a 5xx would only make Slack retry (or show an error on top of our apology).

        A request no listener takes (a button or event we never asked for) is not an error:
        one short line saying so, nothing else.
        """
        body = obj(body)
        if isinstance(error, BoltUnhandledRequestError):
            log.info("ignored a Slack request no listener handles (%s)", kind_of(body))
            return BoltResponse(status=200, body="")
        log_failure(log, "unhandled error in Slack listener", error)
        metrics.ERRORS.labels(surface="bolt").inc()
        try:
            url = response_url_of(body)
            event = obj(body.get("event"))
            channel = text_of(event.get("channel"))
            if url:
                self.delivery.respond_polite(url)()
            elif channel and event.get("type") in ("app_mention", "message"):
                self.delivery.post_polite(channel, text_of(event.get("thread_ts")) or None)()
        except Exception as exc:
            log_failure(log, "could not send the apology", exc)
        return BoltResponse(status=200, body="")


_ENV_LOCK = threading.Lock()


def _without_oauth_env(build: Callable[[], App]) -> App:
    """Build the App with Bolt's own SLACK_* lookups hidden.

    SLACK_CLIENT_ID/SECRET would make Bolt configure OAuth; SLACK_BOT_TOKEN is already in the
    client we pass (Bolt would otherwise read it again and warn that it is unused). Nothing is
    read here: the names are only kept out of Bolt's sight while it is built.
    """
    names = ("SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_BOT_TOKEN")
    with _ENV_LOCK:
        hidden = {k: os.environ.pop(k) for k in names if k in os.environ}
        try:
            return build()
        finally:
            os.environ.update(hidden)


def build_surfaces(
    settings: Settings,
    service: AnswerService,
    client: WebClient | None = None,
    *,
    engine: Engine | None = None,
) -> SlackSurfaces:
    """The Bolt app with its worker pool and state (the server uses this to shut down cleanly)."""
    return SlackSurfaces(settings, service, client, engine=engine)


def build_app(
    settings: Settings,
    service: AnswerService,
    client: WebClient | None = None,
    *,
    engine: Engine | None = None,
) -> App:
    """The Bolt app for all Slack surfaces (see the module docstring)."""
    return build_surfaces(settings, service, client, engine=engine).app
