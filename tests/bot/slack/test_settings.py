"""Settings from the environment, and the Slack app manifests matching what the app handles."""

from __future__ import annotations

import logging
import os

import pytest
import yaml

from bot.ops.settings import Settings, default_database_url
from tests.support import REPO_ROOT
from tests.support.slack import SlackHarness

DEPLOY = REPO_ROOT / "deploy"
SCOPES = {
    "commands",
    "app_mentions:read",
    "im:history",
    "chat:write",
    "chat:write.public",
    "users:read",
    # reminders reconcile after a crash by reading channel history (no double posts)
    "channels:history",
    "groups:history",
    # /deadline ics sends the calendar file to the asker's DM
    "im:write",
    "files:write",
}
EVENTS = {"app_mention", "message.im", "app_home_opened"}


def test_settings_read_environment_and_hide_secrets(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-very-secret")
    monkeypatch.setenv("SLACK_SIGNING_SECRET", "signing-very-secret")
    monkeypatch.setenv("SLACK_APP_TOKEN", "xapp-very-secret")
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://bot:pw-very-secret@db/bot")
    monkeypatch.setenv("ADMIN_USER_IDS", "U1, U2,,U3 ")
    monkeypatch.setenv("PORT", "8080")
    monkeypatch.setenv("BOLT_THREADS", "24")
    settings = Settings()
    assert settings.admin_user_ids == {"U1", "U2", "U3"}
    assert settings.port == 8080 and settings.host == "0.0.0.0"
    assert settings.bolt_threads == 24
    assert settings.socket_mode is True
    assert settings.slack_bot_token.get_secret_value() == "xoxb-very-secret"
    assert str(settings.timezone) == "America/New_York"
    shown = repr(settings) + str(settings)
    with caplog.at_level(logging.INFO):
        logging.getLogger("test").info("settings: %s", settings)
    for secret in ("xoxb-very-secret", "signing-very-secret", "xapp-very-secret", "pw-very"):
        assert secret not in shown and secret not in caplog.text


def test_settings_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SLACK_APP_TOKEN", "DATABASE_URL", "ADMIN_USER_IDS", "PORT", "HOST"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SLACK_APP_TOKEN", "")
    settings = Settings()
    assert settings.socket_mode is False
    assert settings.database_url == default_database_url()  # the per-user SQLite file
    assert (settings.host, settings.port) == ("0.0.0.0", 3000)
    assert settings.admin_user_ids == frozenset()


def test_oauth_environment_does_not_switch_bolt_to_oauth(monkeypatch: pytest.MonkeyPatch) -> None:
    with SlackHarness() as slack:
        monkeypatch.setenv("SLACK_CLIENT_ID", "111.222")
        monkeypatch.setenv("SLACK_CLIENT_SECRET", "shh")
        from bot.slack.app import build_surfaces

        surfaces = build_surfaces(slack.settings, slack.service, slack.surfaces.client)
        surfaces.close()
        assert surfaces.app.oauth_flow is None
        assert os.environ["SLACK_CLIENT_ID"] == "111.222"  # restored after building


@pytest.mark.parametrize("name", ["slack-manifest.yml", "slack-manifest-http.yml"])
def test_manifest_declares_what_the_app_handles(name: str) -> None:
    manifest = yaml.safe_load((DEPLOY / name).read_text())
    features, settings = manifest["features"], manifest["settings"]
    assert set(manifest["oauth_config"]["scopes"]["bot"]) == SCOPES
    assert set(settings["event_subscriptions"]["bot_events"]) == EVENTS
    assert {c["command"] for c in features["slash_commands"]} == {"/deadline", "/cite"}
    assert features["app_home"]["home_tab_enabled"] is True
    assert features["app_home"]["messages_tab_enabled"] is True
    assert settings["interactivity"]["is_enabled"] is True
    http = name.endswith("-http.yml")
    assert settings["socket_mode_enabled"] is (not http)
    if http:
        urls = [c["url"] for c in features["slash_commands"]]
        urls += [
            settings["event_subscriptions"]["request_url"],
            settings["interactivity"]["request_url"],
        ]
        assert set(urls) == {"https://YOUR-HOST/slack/events"}
