"""Delivering answers to Slack: the worker pool, the acknowledgement handoff, the response_url,
polite apologies, and answering each delivery once.

Every listener acks at once and hands its work to `submit`, so a burst of slow questions never
holds up the 3-second acknowledgement of the next request. A slash command waits up to
`ACK_ANSWER_SECONDS` for its answer and, when it is ready (nearly always: answers are pure
computation), sends it in the acknowledgement itself — one HTTP exchange instead of two; a
slower answer is acked empty and follows on the response_url (`answer_command`). Any exception
in the work is logged (one line) and answered with `POLITE_ERROR`. Retried deliveries are
answered once (`claim`: the database when there is one, across replicas; else in-process).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from slack_bolt import Ack
from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
)
from slack_sdk.webhook import WebhookClient
from sqlalchemy import Engine

from bot.ops import metrics
from bot.ops.db import claim_event
from bot.ops.logs import log_failure
from bot.slack.payloads import text_of

log = logging.getLogger("bot.slack")

POLITE_ERROR = (
    "Sorry — something went wrong on my side while answering that. It has been logged; "
    "please try again, or ask the elections team directly if it is urgent."
)
STALE_BUTTON = "That button is not valid any more. Please ask the question again."
#: How long a slash command's acknowledgement waits for the answer to ride along (Slack gives 3 s;
#: the rest is margin for the network and a busy server).
ACK_ANSWER_SECONDS = 1.5
_DEDUPE_SIZE = 10_000
#: Longest delivery key stored as is (the processed_events key column holds 255); longer or odd
#: keys are stored as a hash of themselves.
_MAX_PLAIN_KEY = 200

Message = dict[str, Any]


class Handoff:
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


class SeenKeys:
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


class Delivery:
    """The work pool and the ways an answer reaches Slack."""

    def __init__(self, client: WebClient, *, work_threads: int, engine: Engine | None) -> None:
        self.client = client
        self.engine = engine
        self._seen = SeenKeys()
        self.work_pool = ThreadPoolExecutor(work_threads, thread_name_prefix="answer")

    def close(self) -> None:
        """Finish queued answers, then stop the pool."""
        self.work_pool.shutdown(wait=True)

    def claim(self, key: str) -> bool:
        """True the first time a delivery key is seen (database claim across replicas if any)."""
        if len(key) > _MAX_PLAIN_KEY or not key.isprintable():  # ids come from Slack
            key = "sha256:" + hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()
        if self.engine is not None:
            try:
                return claim_event(self.engine, key)
            except Exception as exc:  # the database being down must not lose the answer
                log_failure(log, "claim_event failed; falling back to in-process dedupe", exc)
        return self._seen.claim(key)

    def submit(self, surface: str, work: Callable[[], None], apologise: Callable[[], None]) -> None:
        """Run `work` on the worker pool; any exception is logged and answered politely."""

        def run() -> None:
            try:
                work()
            except Exception as exc:
                log_failure(log, f"error answering on {surface}", exc)
                metrics.ERRORS.labels(surface=surface).inc()
                try:
                    apologise()
                except Exception as again:
                    log_failure(log, f"could not send the apology on {surface}", again)

        self.work_pool.submit(run)

    def respond(self, response_url: str | None, **message: Any) -> None:
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

    def respond_polite(self, response_url: str | None) -> Callable[[], None]:
        return lambda: self.respond(
            response_url, text=POLITE_ERROR, response_type="ephemeral", replace_original=False
        )

    def respond_stale(self, surface: str, response_url: str | None) -> None:
        """A button we cannot read (a malformed id or value): say so, quietly."""
        log.info("ignored a %s button with a malformed id or value", surface)
        self.submit(
            surface,
            lambda: self.respond(
                response_url, text=STALE_BUTTON, response_type="ephemeral", replace_original=False
            ),
            lambda: None,
        )

    def post_polite(self, channel: str, thread_ts: str | None = None) -> Callable[[], None]:
        def apologise() -> None:
            self.client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=POLITE_ERROR)

        return apologise

    def answer_command(
        self, ack: Ack, command: dict[str, Any], surface: str, compute: Callable[[], Message]
    ) -> None:
        """Ack `command` with `compute()`'s message if it is ready within ACK_ANSWER_SECONDS,
        else ack empty and post the message to the command's response_url when it is."""
        url = text_of(command.get("response_url")) or None
        handoff = Handoff()

        def deliver(message: Message) -> None:
            if not handoff.offer(message):
                metrics.LATE_ANSWERS.inc()
                self.respond(url, **message)

        def work() -> None:
            if not self.claim(f"command:{text_of(command.get('trigger_id')) or id(command)}"):
                metrics.DUPLICATES.inc()
                handoff.offer(None)  # nothing to say: the ack goes out empty at once
                return
            deliver({**compute(), "response_type": "ephemeral"})

        self.submit(
            surface, work, lambda: deliver({"text": POLITE_ERROR, "response_type": "ephemeral"})
        )
        message = handoff.take(ACK_ANSWER_SECONDS)
        if message is None:
            ack()
        else:
            ack(**{k: v for k, v in message.items() if v is not None})
