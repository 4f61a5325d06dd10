"""The Slack Web API client: the bot token, our base URL (a fake Slack in tests), retries, and
the start-up check that Slack accepts the tokens."""

from __future__ import annotations

from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

from bot.ops.settings import Settings
from bot.ops.startup import StartupError


def make_client(
    settings: Settings,
    *,
    retries: bool = True,
    token: str | None = None,
    base_url: str | None = None,
) -> WebClient:
    """A WebClient for the bot token (`token`/`base_url` override the settings').

    With `retries`, 429s are retried honouring Retry-After (the SDK itself retries only
    connection resets). Without, nothing is retried: the reminder dispatcher paces and retries
    by itself, checking history before it posts again.
    """
    kwargs: dict[str, Any] = {}
    url = base_url or settings.slack_api_base_url
    if url:
        kwargs["base_url"] = url.rstrip("/") + "/"
    client = WebClient(token=token or settings.slack_bot_token.get_secret_value() or None, **kwargs)
    if retries:
        add_rate_limit_retry(client)
    else:
        client.retry_handlers = []
    return client


def add_rate_limit_retry(client: WebClient) -> None:
    """Retry 429s on `client` (twice), once."""
    if not any(isinstance(h, RateLimitErrorRetryHandler) for h in client.retry_handlers):
        client.retry_handlers.append(RateLimitErrorRetryHandler(max_retry_count=2))


def check_slack(settings: Settings) -> None:
    """Slack accepts the bot token (`auth.test`) and, in Socket Mode, the app-level token
    (`apps.connections.open`, which needs the `connections:write` scope). Needs the network, so
    `serve` runs it after the offline checks of `preflight`."""
    client = make_client(settings)
    client.timeout = 15
    checking = "SLACK_BOT_TOKEN"
    try:
        client.auth_test()
        if settings.socket_mode and settings.slack_app_token is not None:
            checking = "SLACK_APP_TOKEN"
            # Asks for a websocket URL it then drops (each URL is single-use and short-lived):
            # the only call that says whether this token may open Socket Mode connections.
            client.apps_connections_open(app_token=settings.slack_app_token.get_secret_value())
    except SlackApiError as exc:
        error = exc.response.get("error", "error")
        hint = (
            "; it must be the app-level token (xapp-…) with the connections:write scope"
            if checking == "SLACK_APP_TOKEN"
            else ""
        )
        raise StartupError(f"Slack rejected {checking} ({error}){hint}") from None
    except OSError as exc:
        reason = str(getattr(exc, "reason", exc)).splitlines()[0][:200]
        raise StartupError(f"Slack unreachable at {client.base_url}: {reason}") from None
