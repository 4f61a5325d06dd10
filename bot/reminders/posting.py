"""What the dispatcher needs from a chat service to post reminders, and how it can fail.

The dispatcher knows nothing of Slack: it gets a `Poster` (`bot.slack.poster.SlackPoster` in
production), whose failures are these exceptions, each carrying a short `error` for the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

#: The metadata event type every reminder message carries (with its occurrence key).
EVENT_TYPE = "deadline_reminder"


class PostError(Exception):
    """A post or history read failed; `error` is the service's short reason."""

    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.error = error


class ChannelGone(PostError):
    """The channel is gone or closed to us (will not heal by retrying)."""


class Refused(PostError):
    """This request is refused for good (a message: e.g. invalid blocks; a history read: the
    token may not read history, so a crash cannot be reconciled)."""


class RateLimited(PostError):
    """Too many requests: wait `retry_after` seconds."""

    def __init__(self, error: str, retry_after: float) -> None:
        super().__init__(error)
        self.retry_after = retry_after


class Unavailable(PostError):
    """The service failed (5xx) or could not be reached; a post may have gone through anyway.
    `retry_after` when it said how long to wait."""

    def __init__(self, error: str, retry_after: float | None = None) -> None:
        super().__init__(error)
        self.retry_after = retry_after


@dataclass(frozen=True)
class HistoryPage:
    """Our reminders found on one page of a channel's history, and where the next page starts."""

    posted: dict[str, str]  # occurrence key → message ts
    next_cursor: str | None  # None: this was the last page


class Poster(Protocol):
    """Posts reminder messages and reads back which ones a channel already holds."""

    def post(self, channel: str, text: str, blocks: list[dict[str, Any]], occurrence: str) -> str:
        """Post one reminder, its `occurrence` key in the message metadata; its ts.
        Raises RateLimited, Unavailable, ChannelGone or Refused."""
        ...

    def history(self, channel: str, *, oldest: str | None, cursor: str | None) -> HistoryPage:
        """One page of the channel's messages since `oldest` (a ts). Raises ChannelGone,
        Refused (history cannot be read at all) or Unavailable."""
        ...
