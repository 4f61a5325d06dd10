"""Reading what Slack sends: its shapes are checked rather than trusted.

Payloads are read defensively even though the server only hands us signed requests: a field of
the wrong type or a missing value reads as empty, so a listener answers "that button is not
valid any more" (or ignores an event) instead of raising. `payload_problem` names the shapes
Bolt itself cannot route; the server answers those 400 before Bolt sees them. `read_body` parses
a signed HTTP body the way Slack sends it.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl

from bot.render.blocks import unescape
from bot.sanitize import sanitize

_LEADING_MENTIONS = re.compile(r"^\s*(?:<@[A-Z0-9]+(?:\|[^>]*)?>[\s,:]*)+")
#: Longest question we read; longer text gets a polite request to shorten it (Slack allows 40k).
MAX_QUESTION_CHARS = 4000
TOO_LONG = (
    "That message is longer than I can read ({length:,} characters; I take up to {limit:,}). "
    "Please ask a shorter question, e.g. `/deadline help`."
)
#: Most form fields a body may have (a slash command has about a dozen).
_MAX_FORM_FIELDS = 100


def read_body(text: str, content_type: str) -> Any:
    """A verified HTTP body as Slack means it (ValueError when it is not readable as such).

    JSON for events (`application/json`, or a body that is an object); a form for slash
    commands, whose fields are the payload; a form whose `payload` field holds the JSON for
    interactivity. Only a field *named* `payload` is that JSON: a slash command whose text says
    "payload" is still a slash command (Bolt's own parser looks for the word anywhere in the
    body and hands such a command on as an empty request).
    """
    if content_type.split(";")[0].strip().lower() == "application/json" or text.startswith("{"):
        return json.loads(text)
    fields = dict(parse_qsl(text, keep_blank_values=True, max_num_fields=_MAX_FORM_FIELDS))
    if "payload" in fields:
        return json.loads(fields["payload"])
    return fields


def clean_question(raw: Any) -> str:
    """Slack text → what the answering service reads: unescaped, sanitized, trimmed (anything
    but a string — a `null` text — reads as empty)."""
    return sanitize(unescape(text_of(raw))).strip()


def too_long(text: str) -> str:
    """The polite refusal of a question longer than we read."""
    return TOO_LONG.format(length=len(text), limit=MAX_QUESTION_CHARS)


def strip_mentions(text: str, bot_user: str) -> str:
    """A mention's text without the leading @-mentions and without our own name anywhere
    ("when is it due, <@UBOT>?": our name is not part of the question)."""
    text = _LEADING_MENTIONS.sub("", text, count=1)
    if bot_user:
        text = re.sub(rf"<@{re.escape(bot_user)}(?:\|[^>]*)?>", " ", text)
    return text


def payload_problem(body: Any) -> str | None:
    """Why a (signed) payload cannot be routed, or None when it can.

    Bolt's own matchers index these fields directly (`body["event"]["type"]`,
    `body["actions"][0]`) and raise on anything else; such a payload is not one Slack sends, so
    the server answers it 400 before Bolt sees it.
    """
    if not isinstance(body, dict):
        return "payload is not a JSON object"
    kind = body.get("type")
    if kind == "event_callback" or "event" in body:
        event = body.get("event")
        if not isinstance(event, dict) or not text_of(event.get("type")):
            return "event without a type"
    if kind == "block_actions" or "actions" in body:
        actions = body.get("actions")
        if (
            not isinstance(actions, list)
            or not actions
            or not all(isinstance(a, dict) and text_of(a.get("action_id")) for a in actions)
        ):
            return "actions missing or without an action_id"
    return None


def obj(value: Any) -> dict[str, Any]:
    """`value` if Slack sent an object there, else an empty one."""
    return value if isinstance(value, dict) else {}


def text_of(value: Any) -> str:
    """`value` if Slack sent a string there, else "" (a `null` text, a number where an id goes)."""
    return value if isinstance(value, str) else ""


def user_of(body: dict[str, Any]) -> str | None:
    return text_of(obj(body.get("user")).get("id")) or None


def response_url_of(body: dict[str, Any]) -> str | None:
    return text_of(body.get("response_url")) or None


def event_key(body: dict[str, Any], event: dict[str, Any]) -> str:
    """The dedupe key of an event delivery: its event_id (the same on every retry)."""
    return f"event:{text_of(body.get('event_id')) or text_of(event.get('event_ts'))}"


def kind_of(body: dict[str, Any]) -> str:
    """A short label for a request we ignore (never its content beyond type and id)."""
    if text_of(body.get("command")):
        return f"command {text_of(body.get('command'))[:40]}"
    kind = text_of(body.get("type"))[:40] or "no type"
    if kind == "event_callback":
        return f"event {text_of(obj(body.get('event')).get('type'))[:40]}"
    actions = body.get("actions")
    if isinstance(actions, list) and actions:
        return f"{kind} {text_of(obj(actions[0]).get('action_id'))[:40]}"
    return kind


def json_value(action: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON object one of our buttons carries as its value; None when it is not one."""
    try:
        value = json.loads(text_of(action.get("value")))
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def action_value(action: dict[str, Any]) -> str:
    """The value a block action carries, whatever its element type ("" when it carries none)."""
    kind = action.get("type")
    if kind == "datepicker":
        return text_of(action.get("selected_date"))
    if kind == "static_select":
        return text_of(obj(action.get("selected_option")).get("value"))
    return text_of(action.get("value"))


def channel_of(body: dict[str, Any]) -> str | None:
    channel = body.get("channel") or obj(body.get("container")).get("channel_id")
    return text_of(obj(channel).get("id") if isinstance(channel, dict) else channel) or None
