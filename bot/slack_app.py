"""The Slack surfaces of deadline-bot, as one Bolt `App`.

Surfaces: `/deadline` (rules, free text, help, list, reminder subcommands), `/cite`,
`app_mention` (answered in the thread), direct messages, App Home, and the buttons/pickers of our
own messages. Everything below `bot/` stays Slack-free: this module turns Slack payloads into
`bot.dispatch` calls and `bot.render_blocks` output into Web API calls.

Concurrency: the real work always runs on a separate worker pool, so a burst of slow questions can
never hold up the 3-second acknowledgement of the next request. A slash command's listener waits
up to `ACK_ANSWER_SECONDS` for its answer and, when it is ready (nearly always: answers are pure
computation), sends it in the acknowledgement itself — Slack's immediate response, one HTTP
exchange instead of two. A slower answer (a busy database, a file upload) is acked empty and
follows on the response_url. Every other listener acks at once and answers on the response_url or
the Web API.

Safety: incoming Slack text is unescaped before dispatch and everything echoed is escaped by the
renderer; any exception is logged and answered with a polite generic message; retried deliveries
are answered once (`bot.store.claim_event` when a database engine is given, else an in-process
LRU).
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from datetime import time as dt_time
from typing import Any

from slack_bolt import Ack, App
from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
)
from slack_sdk.webhook import WebhookClient

from bot import metrics
from bot.clock import today_eastern
from bot.render_blocks import (
    COMPLETE_PREFIX,
    PICK_PREFIX,
    SHARE,
    SHOW_WORK,
    decode_known_params,
    escape,
    home_view,
    parse_complete_action_id,
    render_result,
    trace_blocks,
    unescape,
)
from bot.reply import Reply
from bot.settings import TIMEZONE, Settings

log = logging.getLogger(__name__)

#: Longest question we read; longer text gets a polite request to shorten it (Slack allows 40k).
MAX_QUESTION_CHARS = 4000
POLITE_ERROR = (
    "Sorry — something went wrong on my side while answering that. It has been logged; "
    "please try again, or ask the elections team directly if it is urgent."
)
TOO_LONG = (
    "That message is longer than I can read ({length:,} characters; I take up to {limit:,}). "
    "Please ask a shorter question, e.g. `/deadline help`."
)
REMINDER_SUBCOMMANDS = frozenset({"remind", "reminders", "unremind", "ics"})
UNSUBSCRIBE = "reminder_unsubscribe"
_LEADING_MENTIONS = re.compile(r"^\s*(?:<@[A-Z0-9]+(?:\|[^>]*)?>[\s,:]*)+")
#: How long a slash command's acknowledgement waits for the answer to ride along (Slack gives 3 s;
#: the rest is margin for the network and a busy server).
ACK_ANSWER_SECONDS = 1.5
_DEDUPE_SIZE = 10_000
_ADMIN_CACHE_SECONDS = 600
_HOME_CACHE_SECONDS = 300


def clean_question(raw: str) -> str:
    """Slack text → what the dispatcher reads: unescaped, control characters dropped, trimmed."""
    text = unescape(raw)
    text = "".join(
        ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cs")
    )
    return text.strip()


def make_client(settings: Settings) -> WebClient:
    """A WebClient for the bot token that retries 429s (honouring Retry-After) and resets."""
    kwargs: dict[str, Any] = {}
    if settings.slack_api_base_url:
        kwargs["base_url"] = settings.slack_api_base_url.rstrip("/") + "/"
    client = WebClient(token=settings.slack_bot_token.get_secret_value() or None, **kwargs)
    _add_rate_limit_retry(client)
    return client


def _add_rate_limit_retry(client: WebClient) -> None:
    if not any(isinstance(h, RateLimitErrorRetryHandler) for h in client.retry_handlers):
        client.retry_handlers.append(RateLimitErrorRetryHandler(max_retry_count=2))


Message = dict[str, Any]


class _Handoff:
    """One answer racing its acknowledgement; the lock decides, once, which of them carries it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._message: Message | None = None
        self._acked_without = False

    def offer(self, message: Message | None) -> bool:
        """Worker side: True if the acknowledgement will carry `message` (None: nothing to say);
        False if it has already gone out empty, so the caller must deliver it another way."""
        with self._lock:
            if self._acked_without:
                return False
            self._message = message
            self._ready.set()
            return True

    def take(self, timeout: float) -> Message | None:
        """Listener side: the answer if it was offered within `timeout`, else None (and from
        then on `offer` refuses)."""
        self._ready.wait(timeout)
        with self._lock:
            if not self._ready.is_set():
                self._acked_without = True
            return self._message


class _SeenKeys:
    """Bounded in-process record of claimed delivery keys (single-process dedupe)."""

    def __init__(self, size: int = _DEDUPE_SIZE) -> None:
        self._keys: OrderedDict[str, None] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def claim(self, key: str) -> bool:
        with self._lock:
            if key in self._keys:
                self._keys.move_to_end(key)
                return False
            self._keys[key] = None
            if len(self._keys) > self._size:
                self._keys.popitem(last=False)
            return True


class SlackSurfaces:
    """The Bolt app plus the state its listeners share (worker pool, dedupe, caches)."""

    def __init__(
        self,
        settings: Settings,
        client: WebClient | None = None,
        *,
        today: Callable[[], date] | None = None,
        engine: Any = None,
    ) -> None:
        self.settings = settings
        self.client = client or make_client(settings)
        _add_rate_limit_retry(self.client)
        self.today = today or today_eastern
        self.engine = engine
        self._reminder_engine = engine
        self._seen = _SeenKeys()
        self._admins: dict[str, tuple[bool, float]] = {}
        self._home_cache: tuple[date, float, list[Any]] | None = None
        self._lock = threading.Lock()
        # Listeners run inline (process_before_response); Bolt's executor only serves lazy
        # listeners, which we do not use, so it stays small.
        self.listener_pool = ThreadPoolExecutor(2, thread_name_prefix="bolt")
        self.work_pool = ThreadPoolExecutor(settings.work_threads, thread_name_prefix="answer")
        self.app = self._build()

    # --- construction ------------------------------------------------------------------------
    def _build(self) -> App:
        # Token and signing secret are passed explicitly and OAuth is never configured:
        # SLACK_CLIENT_ID/SECRET in the environment would otherwise switch Bolt to OAuth.
        app = _without_oauth_env(
            lambda: App(
                name="deadline-bot",
                client=self.client,
                signing_secret=self.settings.slack_signing_secret.get_secret_value(),
                listener_executor=self.listener_pool,
                # Our listeners only ack and enqueue, so run them inline: the HTTP answer goes
                # out as soon as the listener returns, without Bolt's thread hop and ack polling.
                process_before_response=True,
                logger=logging.getLogger("deadline_bot.bolt"),
            )
        )
        app.command("/deadline")(self._on_deadline)
        app.command("/cite")(self._on_cite)
        app.event("app_mention")(self._on_mention)
        app.event("message")(self._on_message)
        app.event("app_home_opened")(self._on_home_opened)
        app.action(SHOW_WORK)(self._on_show_work)
        app.action(SHARE)(self._on_share)
        app.action(re.compile("^" + re.escape(COMPLETE_PREFIX)))(self._on_complete)
        app.action(re.compile("^" + re.escape(PICK_PREFIX)))(self._on_pick_rule)
        app.action(UNSUBSCRIBE)(self._on_unsubscribe)
        app.error(self._on_error)
        return app

    def close(self) -> None:
        """Finish queued answers, then stop the pools."""
        self.work_pool.shutdown(wait=True)
        self.listener_pool.shutdown(wait=True)

    # --- plumbing ----------------------------------------------------------------------------
    def claim(self, key: str) -> bool:
        """True the first time a delivery key is seen (database claim across replicas if any)."""
        if self.engine is not None:
            try:
                from bot.store import claim_event

                return claim_event(self.engine, key)
            except Exception:  # the database being down must not lose the answer
                log.exception("claim_event failed; falling back to in-process dedupe")
        return self._seen.claim(key)

    def _submit(
        self, surface: str, work: Callable[[], None], apologise: Callable[[], None]
    ) -> None:
        """Run `work` on the worker pool; any exception is logged and answered politely."""

        def run() -> None:
            try:
                work()
            except Exception:
                log.exception("error answering on %s", surface)
                metrics.ERRORS.labels(surface=surface).inc()
                try:
                    apologise()
                except Exception:
                    log.exception("could not send the apology on %s", surface)

        self.work_pool.submit(run)

    def _respond(self, response_url: str | None, **message: Any) -> None:
        """Post to a response_url (retrying 429 with Retry-After, like the Web API client)."""
        if not response_url:
            raise ValueError("no response_url to answer on")
        client = WebhookClient(
            response_url,
            retry_handlers=[ConnectionErrorRetryHandler(), RateLimitErrorRetryHandler(2)],
        )
        response = client.send_dict({k: v for k, v in message.items() if v is not None})
        if response.status_code != 200:
            log.warning("response_url answered %s", response.status_code)

    def _respond_polite(self, response_url: str | None) -> Callable[[], None]:
        return lambda: self._respond(
            response_url, text=POLITE_ERROR, response_type="ephemeral", replace_original=False
        )

    def _post_polite(self, channel: str, thread_ts: str | None = None) -> Callable[[], None]:
        return lambda: self.client.chat_postMessage(
            channel=channel, thread_ts=thread_ts, text=POLITE_ERROR
        )

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
        except Exception:
            log.exception("users.info failed for %s; treating as non-admin", user_id)
            return False
        self._admins[user_id] = (admin, now)
        return admin

    def _record(
        self, surface: str, text: str, reply: Reply, user: str | None, channel: str | None
    ) -> None:
        """Metrics always; the audit row when a database is configured (never fatal)."""
        metrics.observe_reply(surface, reply.status, reply.confidence)
        if self.engine is None:
            return
        try:
            from bot.audit import record

            record(
                self.engine,
                reply,
                surface=f"slack:{surface}",
                text=text[:MAX_QUESTION_CHARS],
                today=self.today(),
                user=user,
                channel=channel,
            )
        except Exception:
            log.exception("could not record the audit row")

    # --- answering ---------------------------------------------------------------------------
    def answer(
        self, text: str, *, user: str | None, surface: str, channel: str | None = None
    ) -> tuple[Reply | None, str, list[dict[str, Any]] | None]:
        """Answer one question or command: (reply or None for reminder commands, text, blocks)."""
        if len(text) > MAX_QUESTION_CHARS:
            message = TOO_LONG.format(length=len(text), limit=MAX_QUESTION_CHARS)
            reply = Reply(status="invalid_input", message=message)
            self._record(surface, text, reply, user, channel)
            return reply, message, None
        words = text.split(maxsplit=1)
        if words and words[0].lower() in REMINDER_SUBCOMMANDS and user:
            return (None, *self._reminder_command(text, user))
        from bot import dispatch

        reply = dispatch.handle(text, today=self.today(), user=user, surface="slack")
        if not reply.text_in:
            reply = reply.model_copy(update={"text_in": text})
        self._record(surface, text, reply, user, channel)
        fallback, blocks = render_result(reply, share=surface == "command")
        return reply, fallback, blocks

    def _reminder_command(self, text: str, user: str) -> tuple[str, list[dict[str, Any]] | None]:
        from bot.reminder_commands import handle_reminder_command

        outcome = handle_reminder_command(
            text,
            user_id=user,
            is_admin=self.is_admin,
            engine=self._reminders_engine(),
            now=datetime.now(TIMEZONE),
        )
        if "ics" in outcome.extra:
            return self._send_ics(
                user, outcome.extra["ics"], outcome.extra["filename"], outcome.text
            )
        return escape(outcome.text), outcome.blocks

    def _send_ics(
        self, user: str, data: bytes, filename: str, summary: str
    ) -> tuple[str, list[dict[str, Any]] | None]:
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
        except Exception:
            log.exception("could not send %s", filename)
            return (
                escape(
                    f"{summary} I could not send the file here; an administrator can run "
                    f"`deadline-bot ics {filename.removesuffix('-deadlines.ics')}`."
                ),
                None,
            )
        return escape(f"{summary} I've sent it to you in a direct message."), None

    def _reminders_engine(self) -> Any:
        with self._lock:
            if self._reminder_engine is None:
                from bot.store import make_engine

                self._reminder_engine = make_engine(self.settings.database_url)
            return self._reminder_engine

    # --- slash commands ----------------------------------------------------------------------
    def _answer_command(
        self, ack: Ack, command: dict[str, Any], surface: str, compute: Callable[[], Message]
    ) -> None:
        """Ack `command` with `compute()`'s message if it is ready within ACK_ANSWER_SECONDS,
        else ack empty and post the message to the command's response_url when it is."""
        url = command.get("response_url")
        handoff = _Handoff()

        def deliver(message: Message) -> None:
            if not handoff.offer(message):
                metrics.LATE_ANSWERS.inc()
                self._respond(url, **message)

        def work() -> None:
            if not self.claim(f"command:{command.get('trigger_id') or id(command)}"):
                metrics.DUPLICATES.inc()
                handoff.offer(None)  # nothing to say: the ack goes out empty at once
                return
            deliver({**compute(), "response_type": "ephemeral"})

        self._submit(
            surface, work, lambda: deliver({"text": POLITE_ERROR, "response_type": "ephemeral"})
        )
        message = handoff.take(ACK_ANSWER_SECONDS)
        if message is None:
            ack()
        else:
            ack(**{k: v for k, v in message.items() if v is not None})

    def _on_deadline(self, ack: Ack, command: dict[str, Any]) -> None:
        def compute() -> Message:
            text = clean_question(command.get("text", "")) or "help"
            _, fallback, blocks = self.answer(
                text,
                user=command.get("user_id"),
                surface="command",
                channel=command.get("channel_id"),
            )
            return {"text": fallback, "blocks": blocks}

        self._answer_command(ack, command, "command", compute)

    def _on_cite(self, ack: Ack, command: dict[str, Any]) -> None:
        def compute() -> Message:
            text = clean_question(command.get("text", ""))
            if len(text) > MAX_QUESTION_CHARS:
                reply = Reply(
                    status="invalid_input",
                    message=TOO_LONG.format(length=len(text), limit=MAX_QUESTION_CHARS),
                )
            elif not text:
                reply = Reply(
                    status="help",
                    message=(
                        "Give me a citation, e.g. `/cite Md. Code, Elec. Law § 5-903(b)(2)(iii)` "
                        "or `/cite EL 5-903(b)`."
                    ),
                )
            else:
                from bot import dispatch

                reply = dispatch.cite(text)
                if not reply.text_in:
                    reply = reply.model_copy(update={"text_in": text})
            self._record("cite", text, reply, command.get("user_id"), command.get("channel_id"))
            fallback, blocks = render_result(reply, share=True)
            return {"text": fallback, "blocks": blocks}

        self._answer_command(ack, command, "cite", compute)

    # --- events ------------------------------------------------------------------------------
    def _on_mention(self, body: dict[str, Any], event: dict[str, Any], context: Any) -> None:
        channel = event.get("channel", "")
        bot_user = getattr(context, "bot_user_id", None) or ""
        thread_ts = event.get("thread_ts") or event.get("ts")

        def work() -> None:
            if not self.claim(f"event:{body.get('event_id') or event.get('event_ts')}"):
                metrics.DUPLICATES.inc()
                return
            text = _LEADING_MENTIONS.sub("", event.get("text", ""), count=1)
            if bot_user:  # "when is it due, <@UBOT>?" — our own name is not part of the question
                text = re.sub(rf"<@{re.escape(bot_user)}(?:\|[^>]*)?>", " ", text)
            text = clean_question(text) or "help"
            _, fallback, blocks = self.answer(
                text, user=event.get("user"), surface="mention", channel=channel
            )
            self.client.chat_postMessage(
                channel=channel,
                thread_ts=thread_ts,
                text=fallback,
                blocks=blocks,
                unfurl_links=False,
                unfurl_media=False,
            )

        self._submit("mention", work, self._post_polite(channel, thread_ts))

    def _on_message(self, body: dict[str, Any], event: dict[str, Any]) -> None:
        """Direct messages only; edits, joins, bot posts and other subtypes are ignored."""
        if (
            event.get("channel_type") != "im"
            or event.get("subtype")
            or event.get("bot_id")
            or not event.get("user")
        ):
            return
        channel = event.get("channel", "")

        def work() -> None:
            if not self.claim(f"event:{body.get('event_id') or event.get('event_ts')}"):
                metrics.DUPLICATES.inc()
                return
            text = clean_question(event.get("text", "")) or "help"
            _, fallback, blocks = self.answer(
                text, user=event.get("user"), surface="dm", channel=channel
            )
            self.client.chat_postMessage(
                channel=channel,
                text=fallback,
                blocks=blocks,
                unfurl_links=False,
                unfurl_media=False,
            )

        self._submit("dm", work, self._post_polite(channel))

    def _on_home_opened(self, body: dict[str, Any], event: dict[str, Any]) -> None:
        if event.get("tab", "home") != "home" or not event.get("user"):
            return

        def work() -> None:
            if not self.claim(f"event:{body.get('event_id') or event.get('event_ts')}"):
                metrics.DUPLICATES.inc()
                return
            start_of_today = datetime.combine(self.today(), dt_time.min, TIMEZONE)
            view = home_view(self._season_deadlines(), now=start_of_today)
            self.client.views_publish(user_id=event["user"], view=view)
            metrics.REQUESTS.labels(surface="home", status="published").inc()

        self._submit("home", work, lambda: None)

    def _season_deadlines(self) -> list[Any]:
        """Every calendar's season deadlines for today (cached a few minutes)."""
        today = self.today()
        now = time.monotonic()
        cached = self._home_cache
        if cached and cached[0] == today and now - cached[1] < _HOME_CACHE_SECONDS:
            return cached[2]
        from rules.calendar import default_calendars
        from rules.season import season_deadlines

        found: list[Any] = []
        for calendar_id in default_calendars().ids():
            try:
                found.extend(season_deadlines(calendar_id, today=today))
            except Exception:  # one broken calendar must not blank the whole Home tab
                log.exception("season deadlines failed for %s", calendar_id)
        self._home_cache = (today, now, found)
        return found

    # --- actions -----------------------------------------------------------------------------
    def _on_show_work(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        url = body.get("response_url")

        def work() -> None:
            from bot import dispatch

            command = action.get("value", "")
            user = body.get("user", {}).get("id")
            reply = dispatch.handle(command, today=self.today(), user=user, surface="slack")
            self._respond(
                url,
                text=f"How I got there: {escape(command)}",
                blocks=trace_blocks(reply),
                response_type="ephemeral",
                replace_original=False,
            )

        self._submit("show_work", work, self._respond_polite(url))

    def _on_share(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        url = body.get("response_url")

        def work() -> None:
            from bot import dispatch

            value = json.loads(action.get("value") or "{}")
            user = body.get("user", {}).get("id", "")
            if value.get("k") == "cite":
                reply = dispatch.cite(value.get("v", ""))
                reply = reply.model_copy(update={"text_in": value.get("v", "")})
            else:
                reply = dispatch.handle(
                    value.get("v", ""), today=self.today(), user=user, surface="slack"
                )
                reply = reply.model_copy(update={"text_in": value.get("q") or reply.text_in})
            fallback, blocks = render_result(reply)
            shared_by = {
                "type": "context",
                "elements": [
                    {"type": "mrkdwn", "text": f"Shared by <@{re.sub(r'[^A-Z0-9]', '', user)}>"}
                ],
            }
            self._respond(
                url,
                text=fallback,
                blocks=[shared_by, *blocks][:50],
                response_type="in_channel",
                replace_original=False,
            )

        self._submit("share", work, self._respond_polite(url))

    def _on_complete(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """A needs_input picker answered: finish the same invocation with the new value."""
        ack()
        url = body.get("response_url")

        def work() -> None:
            from bot import dispatch

            rule, param = parse_complete_action_id(action["action_id"])
            param = param.split("|", 1)[0]  # boolean buttons carry "|<index>" after the param
            params = decode_known_params(action.get("block_id", ""))
            params[param] = _action_value(action)
            reply = dispatch.complete(rule, params, today=self.today())
            self._answer_action(reply, body, url, reply.command)

        self._submit("complete", work, self._respond_polite(url))

    def _answer_action(
        self, reply: Reply, body: dict[str, Any], url: str | None, asked: str
    ) -> None:
        """Record an answer reached through a button and replace the message with it."""
        user = body.get("user", {}).get("id")
        self._record("action", asked, reply, user, _channel_of(body))
        ephemeral = bool(body.get("container", {}).get("is_ephemeral"))
        fallback, blocks = render_result(reply, share=ephemeral)
        self._respond(url, text=fallback, blocks=blocks, replace_original=True)

    def _on_pick_rule(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """A suggestion / "which did you mean?" button: run that rule for the original text."""
        ack()
        url = body.get("response_url")

        def work() -> None:
            from bot import dispatch

            value = json.loads(action.get("value") or "{}")
            rule, original = str(value.get("r", "")), str(value.get("t", ""))
            user = body.get("user", {}).get("id")
            # "RULE <the question>": the named rule, its parameters read from the question.
            reply = dispatch.handle(
                f"{rule} {original}", today=self.today(), user=user, surface="slack"
            )
            reply = reply.model_copy(update={"text_in": original})
            self._answer_action(reply, body, url, original)

        self._submit("pick_rule", work, self._respond_polite(url))

    def _on_unsubscribe(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """The reminder message's unsubscribe button (value: the subscription id)."""
        ack()
        url = body.get("response_url")

        def work() -> None:
            from bot.reminder_commands import unsubscribe

            user = body.get("user", {}).get("id", "")
            raw = str(action.get("value", "")).strip()
            if not raw.isdigit():
                self._respond(
                    url,
                    text="That reminder button is not valid any more.",
                    response_type="ephemeral",
                    replace_original=False,
                )
                return
            outcome = unsubscribe(
                self._reminders_engine(),
                int(raw),
                user_id=user,
                is_admin=self.is_admin,
                now=datetime.now(TIMEZONE),
            )
            self._respond(
                url,
                text=escape(outcome.text),
                blocks=outcome.blocks,
                response_type="ephemeral",
                replace_original=False,
            )

        self._submit("unsubscribe", work, self._respond_polite(url))

    # --- errors ------------------------------------------------------------------------------
    def _on_error(self, error: Exception, body: dict[str, Any]) -> None:
        """Bolt's global error handler: log, count, and apologise where we can answer."""
        log.error("unhandled error in Slack listener", exc_info=error)
        metrics.ERRORS.labels(surface="bolt").inc()
        try:
            url = body.get("response_url")
            event = body.get("event") or {}
            if url:
                self._respond_polite(url)()
            elif event.get("channel") and event.get("type") in ("app_mention", "message"):
                self._post_polite(event["channel"], event.get("thread_ts"))()
        except Exception:
            log.exception("could not send the apology")


def _action_value(action: dict[str, Any]) -> str:
    """The value a block action carries, whatever its element type."""
    kind = action.get("type")
    if kind == "datepicker":
        return str(action.get("selected_date") or "")
    if kind == "static_select":
        return str((action.get("selected_option") or {}).get("value", ""))
    return str(action.get("value") or "")


def _channel_of(body: dict[str, Any]) -> str | None:
    channel = body.get("channel") or body.get("container", {}).get("channel_id")
    return channel.get("id") if isinstance(channel, dict) else channel


_ENV_LOCK = threading.Lock()


def _without_oauth_env(build: Callable[[], App]) -> App:
    """Build the App with Bolt's own SLACK_* lookups hidden.

    SLACK_CLIENT_ID/SECRET would make Bolt configure OAuth; SLACK_BOT_TOKEN is already in the
    client we pass (Bolt would otherwise read it again and warn that it is unused).
    """
    import os

    names = ("SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_BOT_TOKEN")
    with _ENV_LOCK:
        hidden = {k: os.environ.pop(k) for k in names if k in os.environ}
        try:
            return build()
        finally:
            os.environ.update(hidden)


def build_surfaces(
    settings: Settings,
    client: WebClient | None = None,
    *,
    today: Callable[[], date] | None = None,
    engine: Any = None,
) -> SlackSurfaces:
    """The Bolt app with its worker pool and state (the server uses this to shut down cleanly)."""
    return SlackSurfaces(settings, client, today=today, engine=engine)


def build_app(
    settings: Settings,
    client: WebClient | None = None,
    *,
    today: Callable[[], date] | None = None,
    engine: Any = None,
) -> App:
    """The Bolt app for all Slack surfaces (see the module docstring)."""
    return build_surfaces(settings, client, today=today, engine=engine).app
