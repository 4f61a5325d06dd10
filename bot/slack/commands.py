"""Slash commands: `/deadline TEXT` (a question, a rule, help, list, reminder subcommands) and
`/cite CITATION`. Each is acked with its answer when it is ready within the ack window, else on
the response_url (`Delivery.answer_command`); answers are ephemeral, with a "Share" button."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from slack_bolt import Ack, App

from bot.render.answer import render_result
from bot.reply import Reply
from bot.slack.delivery import Message
from bot.slack.payloads import MAX_QUESTION_CHARS, clean_question, text_of, too_long

if TYPE_CHECKING:
    from bot.slack.app import SlackSurfaces

CITE_HELP = (
    "Give me a citation, e.g. `/cite Md. Code, Elec. Law § 5-903(b)(2)(iii)` or "
    "`/cite EL 5-903(b)`."
)


def register(app: App, surfaces: SlackSurfaces) -> None:
    """`/deadline` and `/cite`."""

    @app.command("/deadline")
    def on_deadline(ack: Ack, command: dict[str, Any]) -> None:
        def compute() -> Message:
            text = clean_question(command.get("text")) or "help"
            _, fallback, blocks = surfaces.answer(
                text,
                user=text_of(command.get("user_id")) or None,
                surface="command",
                channel=text_of(command.get("channel_id")) or None,
            )
            return {"text": fallback, "blocks": blocks}

        surfaces.delivery.answer_command(ack, command, "command", compute)

    @app.command("/cite")
    def on_cite(ack: Ack, command: dict[str, Any]) -> None:
        def compute() -> Message:
            text = clean_question(command.get("text"))
            reply = cite(surfaces, text)
            user, channel = text_of(command.get("user_id")), text_of(command.get("channel_id"))
            surfaces.record("cite", text, reply, user or None, channel or None)
            fallback, blocks = render_result(reply, share=True)
            return {"text": fallback, "blocks": blocks}

        surfaces.delivery.answer_command(ack, command, "cite", compute)


def cite(surfaces: SlackSurfaces, text: str) -> Reply:
    """The reply to `/cite TEXT`: the subsection, or why not (too long, nothing asked)."""
    if len(text) > MAX_QUESTION_CHARS:
        return Reply(status="invalid_input", message=too_long(text))
    if not text:
        return Reply(status="help", message=CITE_HELP)
    reply = surfaces.service.cite(text)
    return reply if reply.text_in else reply.model_copy(update={"text_in": text})
