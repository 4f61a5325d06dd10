"""Runtime configuration, read from the environment: the only place bot/ reads it.

`DataSettings` is what every face needs (where the statutes, calendars and database are);
`Settings` adds the Slack app and server, `CliSettings` what only the command line reads. A
command that does not serve Slack never builds `Settings`, so a variable it does not use (say,
a malformed `PORT`) cannot stop it.

Secrets are `SecretStr`, so they never appear in a repr, a log line or a traceback; ask for
`.get_secret_value()` only where the value is handed to the Slack client.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, ClassVar
from zoneinfo import ZoneInfo

from platformdirs import user_data_dir
from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from rules.values import TZ

APP_NAME = "deadline-bot"


def data_dir() -> Path:
    """The per-user folder of the default SQLite database (e.g. ~/.local/share/deadline-bot).

    One place, whatever directory a command runs from, so reminders set from one directory are
    seen from every other. Created on first write (bot.ops.db.make_engine), never by a read.
    """
    return Path(user_data_dir(APP_NAME, appauthor=False))


def default_database_url() -> str:
    """The database used when `DATABASE_URL` is not set: an SQLite file in `data_dir()`."""
    return f"sqlite:///{data_dir() / 'deadline-bot.sqlite3'}"


class DataSettings(BaseSettings):
    """Where the data is, from environment variables of the same name, upper-cased.

    `DEADLINE_BOT_CORPUS` / `DEADLINE_BOT_CALENDARS`: folders of statute XML and election
    calendars (unset: the packaged ones). `DATABASE_URL`: reminders and the audit trail.
    """

    model_config = SettingsConfigDict(extra="ignore", case_sensitive=False)

    deadline_bot_corpus: Path | None = None
    deadline_bot_calendars: Path | None = None
    # May embed a password: kept out of repr (and so out of logs) like the tokens.
    database_url: str = Field(default_factory=default_database_url, repr=False)

    @field_validator("deadline_bot_corpus", "deadline_bot_calendars", mode="before")
    @classmethod
    def _blank_path_is_unset(cls, value: object) -> object:
        """`DEADLINE_BOT_CORPUS=` (empty) means the packaged folder, not the current one."""
        if isinstance(value, str) and not value:
            return None
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _blank_is_default(cls, value: object) -> object:
        """`DATABASE_URL=` (empty) means the default."""
        if isinstance(value, str) and not value.strip():
            return default_database_url()
        return value

    def given(self, name: str) -> bool:
        """True when the environment (or the constructor) set `name`, not its default."""
        return name in self.model_fields_set


class CliSettings(DataSettings):
    """The data settings plus what only `deadline-bot` reads: `DEADLINE_BOT_DEBUG` (tracebacks
    for internal errors) and `USER` (who a reminder command is recorded as)."""

    deadline_bot_debug: str = ""
    user: str | None = None

    @property
    def debug(self) -> bool:
        """`DEADLINE_BOT_DEBUG` set to anything but "" or "0"."""
        return self.deadline_bot_debug not in ("", "0")


class Settings(DataSettings):
    """Everything `deadline-bot serve` needs: the data settings plus Slack and the server.

    `SLACK_APP_TOKEN` switches the server to Socket Mode. `SLACK_CLIENT_ID`/`SLACK_CLIENT_SECRET`
    are deliberately not read: the bot is a single-workspace app without OAuth.
    """

    slack_bot_token: SecretStr = SecretStr("")
    slack_signing_secret: SecretStr = SecretStr("")
    slack_app_token: SecretStr | None = None
    slack_api_base_url: str | None = None
    admin_user_ids: Annotated[frozenset[str], NoDecode] = frozenset()
    host: str = "0.0.0.0"
    port: int = Field(default=3000, ge=0, le=65535)
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    log_level: str = "INFO"
    #: Threads handling incoming Slack requests at once (each verifies, acks and enqueues).
    bolt_threads: int = Field(default=32, ge=1, le=256)
    #: Threads answering (dispatch, render, post to Slack) after the ack.
    work_threads: int = Field(default=16, ge=1, le=256)

    #: Fixed, not configurable: the statutes' deadlines are Eastern time.
    timezone: ClassVar[ZoneInfo] = TZ

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
