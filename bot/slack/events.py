"""Events: an @-mention is answered in its thread, a direct message in the DM. Edits, joins,
bot posts and retried deliveries are not answered (again)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from slack_bolt import App

from bot.slack.payloads import clean_question, strip_mentions, text_of

if TYPE_CHECKING:
    from bot.slack.app import SlackSurfaces


def register(app: App, surfaces: SlackSurfaces) -> None:
    """`app_mention` and `message` (direct messages)."""

    @app.event("app_mention")
    def on_mention(body: dict[str, Any], event: dict[str, Any], context: Any) -> None:
        channel = text_of(event.get("channel"))
        if not channel:  # nowhere to answer
            return
        bot_user = getattr(context, "bot_user_id", None) or ""
        thread_ts = text_of(event.get("thread_ts")) or text_of(event.get("ts")) or None

        def work() -> None:
            if not surfaces.claim_event(body, event):
                return
            text = clean_question(strip_mentions(text_of(event.get("text")), bot_user)) or "help"
            user = text_of(event.get("user")) or None
            _, fallback, blocks = surfaces.answer(
                text, user=user, surface="mention", channel=channel
            )
            surfaces.client.chat_postMessage(
                channel=channel,
                thread_ts=thread_ts,
                text=fallback,
                blocks=blocks,
                unfurl_links=False,
                unfurl_media=False,
            )

        surfaces.delivery.submit("mention", work, surfaces.delivery.post_polite(channel, thread_ts))

    @app.event("message")
    def on_message(body: dict[str, Any], event: dict[str, Any]) -> None:
        """Direct messages only; edits, joins, bot posts and other subtypes are ignored."""
        channel, user = text_of(event.get("channel")), text_of(event.get("user"))
        if (
            event.get("channel_type") != "im"
            or event.get("subtype")
            or event.get("bot_id")
            or not user
            or not channel
        ):
            return

        def work() -> None:
            if not surfaces.claim_event(body, event):
                return
            text = clean_question(event.get("text")) or "help"
            _, fallback, blocks = surfaces.answer(text, user=user, surface="dm", channel=channel)
            surfaces.client.chat_postMessage(
                channel=channel,
                text=fallback,
                blocks=blocks,
                unfurl_links=False,
                unfurl_media=False,
            )

        surfaces.delivery.submit("dm", work, surfaces.delivery.post_polite(channel))
