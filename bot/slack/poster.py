"""The Slack side of posting reminders: `chat.postMessage` and `conversations.history`, with
slack_sdk's errors mapped to the dispatcher's own (`bot.reminders.posting`).

The client it is given should not retry by itself (`retry_handlers=[]`): the dispatcher paces
posts per channel, honours Retry-After and checks history before posting again after a failure
that may have gone through.
"""

from __future__ import annotations

from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.reminders.posting import (
    EVENT_TYPE,
    ChannelGone,
    HistoryPage,
    RateLimited,
    Refused,
    Unavailable,
)

#: Slack errors that will not heal by retrying: the channel's subscriptions are paused.
CHANNEL_ERRORS = frozenset(
    {
        "channel_not_found",
        "not_in_channel",
        "is_archived",
        "channel_is_archived",
        "restricted_action",
    }
)
#: Without history access a crash cannot be reconciled; we post rather than miss a deadline.
UNVERIFIABLE_ERRORS = frozenset({"missing_scope", "not_allowed_token_type", "no_permission"})


class SlackPoster:
    """A `bot.reminders.posting.Poster` on a Slack WebClient."""

    def __init__(self, client: WebClient) -> None:
        self.client = client

    def post(self, channel: str, text: str, blocks: list[dict[str, Any]], occurrence: str) -> str:
        try:
            response = self.client.chat_postMessage(
                channel=channel,
                text=text,
                blocks=blocks,
                unfurl_links=False,
                unfurl_media=False,
                metadata={"event_type": EVENT_TYPE, "event_payload": {"occurrence": occurrence}},
            )
        except SlackApiError as exc:
            status = exc.response.status_code
            error = _error_of(exc)
            if status == 429:
                raise RateLimited("ratelimited", _retry_after(exc.response.headers)) from exc
            if status >= 500:
                raise Unavailable(f"http {status}") from exc
            if error in CHANNEL_ERRORS:
                raise ChannelGone(error) from exc
            raise Refused(error or f"http {status}") from exc
        except (OSError, TimeoutError) as exc:  # URLError, connection reset, timeouts
            raise Unavailable(f"network: {exc}") from exc
        return str(response["ts"])

    def history(self, channel: str, *, oldest: str | None, cursor: str | None) -> HistoryPage:
        try:
            response = self.client.conversations_history(
                channel=channel,
                oldest=oldest,
                include_all_metadata=True,
                limit=200,
                cursor=cursor,
            )
        except SlackApiError as exc:
            error = _error_of(exc)
            if error in CHANNEL_ERRORS:
                raise ChannelGone(error) from exc
            if error in UNVERIFIABLE_ERRORS:
                raise Refused(error) from exc
            status = exc.response.status_code
            retry = _retry_after(exc.response.headers) if status == 429 else None
            raise Unavailable(f"history: {error or status}", retry_after=retry) from exc
        except (OSError, TimeoutError) as exc:
            raise Unavailable(f"history: {exc}") from exc
        posted: dict[str, str] = {}
        for message in response.get("messages") or []:
            meta = message.get("metadata") or {}
            if meta.get("event_type") == EVENT_TYPE:
                key = (meta.get("event_payload") or {}).get("occurrence")
                if key:
                    posted.setdefault(str(key), str(message.get("ts")))
        next_cursor = (response.get("response_metadata") or {}).get("next_cursor")
        more = bool(response.get("has_more") and next_cursor)
        return HistoryPage(posted, next_cursor if more else None)


def _error_of(exc: SlackApiError) -> str:
    return str(exc.response.get("error", "")) if exc.response.data else ""


def _retry_after(headers: Any) -> float:
    for key, value in dict(headers or {}).items():
        if key.lower() == "retry-after":
            raw = value[0] if isinstance(value, list) else value
            try:
                return max(0.0, float(raw))
            except ValueError:
                break
    return 1.0
