"""Runtime configuration for the Slack surfaces, read from the environment.

Secrets are `SecretStr`, so they never appear in a repr, a log line or a traceback; ask for
`.get_secret_value()` only where the value is handed to the Slack client.
"""

from __future__ import annotations

from typing import Annotated, ClassVar
from zoneinfo import ZoneInfo

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

#: Every date the bot computes or shows is in this zone (Maryland and Massachusetts).
TIMEZONE = ZoneInfo("America/New_York")


class Settings(BaseSettings):
    """Settings from environment variables of the same name, upper-cased.

    `SLACK_APP_TOKEN` switches the server to Socket Mode. `SLACK_CLIENT_ID`/`SLACK_CLIENT_SECRET`
    are deliberately not read: the bot is a single-workspace app without OAuth.
    """

    model_config = SettingsConfigDict(extra="ignore", case_sensitive=False)

    slack_bot_token: SecretStr = SecretStr("")
    slack_signing_secret: SecretStr = SecretStr("")
    slack_app_token: SecretStr | None = None
    slack_api_base_url: str | None = None
    # May embed a password: kept out of repr (and so out of logs) like the tokens.
    database_url: str = Field(default="sqlite:///deadline-bot.sqlite3", repr=False)
    admin_user_ids: Annotated[frozenset[str], NoDecode] = frozenset()
    host: str = "0.0.0.0"
    port: int = Field(default=3000, ge=0, le=65535)
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    log_level: str = "INFO"
    #: Threads handling incoming Slack requests at once (each verifies, acks and enqueues).
    bolt_threads: int = Field(default=32, ge=1, le=256)
    #: Threads answering (dispatch, render, post to Slack) after the ack.
    work_threads: int = Field(default=16, ge=1, le=256)
    deadline_bot_corpus: str | None = None
    deadline_bot_calendars: str | None = None

    #: Fixed, not configurable: the statutes' deadlines are Eastern time.
    timezone: ClassVar[ZoneInfo] = TIMEZONE

    @field_validator("admin_user_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        """`ADMIN_USER_IDS=U1, U2` → {"U1", "U2"} (a comma list, not JSON)."""
        if isinstance(value, str):
            return frozenset(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("slack_app_token", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        """An empty `SLACK_APP_TOKEN=` means HTTP mode, not a Socket Mode token ''."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _upper_level(cls, value: str) -> str:
        return value.upper()

    @property
    def socket_mode(self) -> bool:
        """True when an app-level token is configured (Socket Mode instead of HTTP)."""
        return self.slack_app_token is not None and bool(self.slack_app_token.get_secret_value())
