"""The buttons and pickers of our own messages: "Show work", "Share in channel", "Not what I
asked", a missing value picked for a needs-input answer, a suggested rule, and a reminder's
"Stop these reminders".

A button whose id or value we cannot read (we never made it, or it is out of date) gets a
polite "not valid any more", never an exception.
"""

from __future__ import annotations

import logging
import re
from datetime import date
from typing import TYPE_CHECKING, Any, NamedTuple

from slack_bolt import Ack, App

from bot.ops.audit import record_feedback
from bot.ops.db import INTEGER_ID_MAX
from bot.reminders.commands import unsubscribe
from bot.render.answer import (
    NOT_WHAT_I_ASKED,
    PICK_PREFIX,
    SHARE,
    SHOW_WORK,
    render_result,
    trace_blocks,
)
from bot.render.blocks import MAX_MESSAGE_BLOCKS, context, escape, unescape
from bot.render.prompts import (
    AS_OF_KEY,
    COMPLETE_PREFIX,
    decode_known_params,
    parse_complete_action_id,
)
from bot.render.reminders import UNSUBSCRIBE_ACTION
from bot.reply import Reply
from bot.sanitize import sanitize
from bot.slack.payloads import (
    action_value,
    channel_of,
    json_value,
    obj,
    response_url_of,
    text_of,
    user_of,
)

if TYPE_CHECKING:
    from bot.slack.app import SlackSurfaces

log = logging.getLogger(__name__)

THANKS = "Thanks — recorded for review."
THANKS_NOT_STORED = (
    "Thanks — noted in the log for review (this workspace keeps no audit database, so it is "
    "not in `deadline-bot audit`)."
)
MAX_FEEDBACK_TEXT = 600  # characters kept of each text the button carries
NO_SUCH_REMINDER = (
    "That reminder no longer exists (or the button is not valid any more). "
    "`/deadline reminders` lists the current ones."
)


def register(app: App, surfaces: SlackSurfaces) -> None:
    """Our action ids (see `bot.render.answer` and `bot.render.reminders`)."""
    delivery = surfaces.delivery
    service = surfaces.service

    @app.action(SHOW_WORK)
    def on_show_work(ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        url = response_url_of(body)

        def work() -> None:
            command = unescape(text_of(action.get("value")))
            reply = service.ask(command, surface="slack")
            delivery.respond(
                url,
                text=f"How I got there: {escape(command)}",
                blocks=trace_blocks(reply),
                response_type="ephemeral",
                replace_original=False,
            )

        delivery.submit("show_work", work, delivery.respond_polite(url))

    @app.action(SHARE)
    def on_share(ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        url = response_url_of(body)
        value = json_value(action)
        if value is None:
            delivery.respond_stale("share", url)
            return

        def work() -> None:
            user = user_of(body) or ""
            asked = text_of(value.get("v"))
            if value.get("k") == "cite":
                reply = service.cite(asked).model_copy(update={"text_in": asked})
            else:
                reply = service.ask(asked, surface="slack")
                reply = reply.model_copy(
                    update={"text_in": text_of(value.get("q")) or reply.text_in}
                )
            fallback, blocks = render_result(reply)
            shared_by = context(f"Shared by <@{re.sub(r'[^A-Z0-9]', '', user)}>")
            delivery.respond(
                url,
                text=fallback,
                blocks=[shared_by, *blocks][:MAX_MESSAGE_BLOCKS],
                response_type="in_channel",
                replace_original=False,
            )

        delivery.submit("share", work, delivery.respond_polite(url))

    @app.action(NOT_WHAT_I_ASKED)
    def on_not_what_i_asked(ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """Record the question, its reading and the invocation that answered it, for review.
        Whatever the button carries, a row is written (what could not be read is noted)."""
        ack()
        url = response_url_of(body)
        feedback = read_feedback(json_value(action))

        def work() -> None:
            stored = surfaces.engine is not None
            if surfaces.engine is not None:
                record_feedback(
                    surfaces.engine,
                    question=feedback.question,
                    rule=feedback.rule,
                    params=feedback.params,
                    reading=feedback.reading,
                    as_of=feedback.as_of,
                    user=user_of(body),
                    channel=channel_of(body),
                    today=service.today(),
                    problems=feedback.problems,
                )
            else:
                log.info("feedback: not what I asked (rule %s; no audit database)", feedback.rule)
            delivery.respond(
                url,
                text=THANKS if stored else THANKS_NOT_STORED,
                response_type="ephemeral",
                replace_original=False,
            )

        delivery.submit("feedback", work, delivery.respond_polite(url))

    @app.action(re.compile("^" + re.escape(COMPLETE_PREFIX)))
    def on_complete(ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """A needs_input picker answered: finish the same invocation with the new value."""
        ack()
        url = response_url_of(body)
        try:
            rule, param = parse_complete_action_id(text_of(action.get("action_id")))
        except ValueError:
            delivery.respond_stale("complete", url)
            return
        param = param.split("|", 1)[0]  # boolean buttons carry "|<index>" after the param

        def work() -> None:
            params = decode_known_params(text_of(action.get("block_id")))
            params[param] = action_value(action)
            # A day we did not write is dropped: the law is then the one the rule's day decides.
            as_of = day_or_none(params.pop(AS_OF_KEY, ""))
            reply = service.complete(rule, params, as_of=as_of)
            answer_in_place(surfaces, reply, body, url, reply.command)

        delivery.submit("complete", work, delivery.respond_polite(url))

    @app.action(re.compile("^" + re.escape(PICK_PREFIX)))
    def on_pick_rule(ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """A suggestion / "which did you mean?" button: run that rule for the original text."""
        ack()
        url = response_url_of(body)
        value = json_value(action)
        rule = text_of(value.get("r")) if value else ""
        if value is None or not rule:
            delivery.respond_stale("pick_rule", url)
            return
        original = text_of(value.get("t"))

        def work() -> None:
            # "RULE <the question>": the named rule, its parameters read from the question.
            reply = service.ask(f"{rule} {original}", surface="slack")
            reply = reply.model_copy(update={"text_in": original})
            answer_in_place(surfaces, reply, body, url, original)

        delivery.submit("pick_rule", work, delivery.respond_polite(url))

    @app.action(UNSUBSCRIBE_ACTION)
    def on_unsubscribe(ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """The reminder message's unsubscribe button (value: the subscription id)."""
        ack()
        url = response_url_of(body)
        raw = text_of(action.get("value")).strip()
        digits = raw.isascii() and raw.isdigit() and len(raw) <= len(str(INTEGER_ID_MAX))
        subscription_id = int(raw) if digits else 0
        if not 0 < subscription_id <= INTEGER_ID_MAX:  # no such row can exist: do not ask
            log.info("ignored an unsubscribe button with a malformed id")
            delivery.submit("unsubscribe", lambda: _no_such_reminder(surfaces, url), lambda: None)
            return

        def work() -> None:
            outcome = unsubscribe(
                surfaces.reminders_engine(),
                subscription_id,
                user_id=user_of(body) or "",
                is_admin=surfaces.is_admin,
                now=service.clock.now(),
            )
            delivery.respond(
                url,
                text=escape(outcome.text),
                blocks=outcome.blocks,
                response_type="ephemeral",
                replace_original=False,
            )

        delivery.submit("unsubscribe", work, delivery.respond_polite(url))


class Feedback(NamedTuple):
    """What a "Not what I asked" button carried, checked: text bounded and sanitized, the rule
    only if it is one we have, the parameters only as the rule's `key=value` words."""

    question: str
    rule: str | None
    params: dict[str, str] | None
    reading: str
    as_of: date | None
    problems: list[str]


def read_feedback(value: dict[str, Any] | None) -> Feedback:
    """The button's value (`bot.render.answer.feedback_value`), validated; never raises."""
    from rules import resolve

    problems: list[str] = []
    if value is None:
        value = {}
        problems.append("the button's value was not the JSON we send")

    def text(key: str) -> str:
        return sanitize(unescape(text_of(value.get(key))))[:MAX_FEEDBACK_TEXT]

    rule_id, command = text("r"), text("c")
    spec = resolve(rule_id) if rule_id else None
    if rule_id and spec is None:
        problems.append(f"unknown rule {rule_id!r}")
    words = command.split()
    params: dict[str, str] | None = None
    if spec is not None and words and resolve(words[0]) is spec:
        pairs = [w.partition("=") for w in words[1:]]
        params = {k: v for k, sep, v in pairs if sep and k}
    elif command:
        problems.append("the invocation does not name the answering rule")
    as_of = day_or_none(text("as_of"))
    if text("as_of") and as_of is None:
        problems.append("as_of is not a date")
    return Feedback(
        question=text("q"),
        rule=spec.id if spec is not None else None,
        params=params,
        reading=text("read"),
        as_of=as_of,
        problems=problems,
    )


def day_or_none(text: str) -> date | None:
    """A YYYY-MM-DD day Slack gave back to us, or None when it is empty or not one."""
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def answer_in_place(
    surfaces: SlackSurfaces, reply: Reply, body: dict[str, Any], url: str | None, asked: str
) -> None:
    """Record an answer reached through a button and replace the message with it."""
    surfaces.record("action", asked, reply, user_of(body), channel_of(body))
    ephemeral = bool(obj(body.get("container")).get("is_ephemeral"))
    fallback, blocks = render_result(reply, share=ephemeral)
    surfaces.delivery.respond(url, text=fallback, blocks=blocks, replace_original=True)


def _no_such_reminder(surfaces: SlackSurfaces, url: str | None) -> None:
    surfaces.delivery.respond(
        url, text=NO_SUCH_REMINDER, response_type="ephemeral", replace_original=False
    )
