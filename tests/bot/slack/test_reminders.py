"""Reminder subcommands and the unsubscribe button through Slack, on a migrated SQLite database.

Also covers the database-backed retry dedupe (`bot.ops.db.claim_event`) used when an engine is
given.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from rules.values import TZ as TIMEZONE
from tests.support.slack import SlackHarness

LONG = "b" * 100_000


@pytest.fixture()
def engine(tmp_path: Path) -> Iterator[Any]:
    from bot.ops.db import make_engine, upgrade

    url = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    upgrade(url)
    engine = make_engine(url)
    yield engine
    engine.dispose()


@pytest.fixture()
def slack(engine: Any) -> Iterator[SlackHarness]:
    with SlackHarness(engine=engine, settings={"admin_user_ids": "UADMIN"}) as harness:
        yield harness


def _subscription(engine: Any, channel: str = "C200") -> int:
    from bot.reminders.subscriptions import create_subscription

    return create_subscription(
        engine,
        channel_id=channel,
        created_by="UADMIN",
        now=datetime(2026, 4, 1, 9, 0, tzinfo=TIMEZONE),
        calendar_id="md-2026",
        source=lambda calendar_id, today, rule_ids: [],
    )


def test_reminders_lists_subscriptions(slack: SlackHarness, engine: Any) -> None:
    _, key = slack.command("reminders")
    [empty] = slack.replies(key)
    assert empty["response_type"] == "ephemeral"
    assert empty["text"] == "No reminders are set."
    _subscription(engine)
    _, key = slack.command("reminders")
    [listed] = slack.replies(key)
    assert "C200" in json.dumps(listed)


def test_non_admin_cannot_create_reminders_and_users_info_decides(slack: SlackHarness) -> None:
    _, key = slack.command("remind <#C200|filing> calendar md-2026", user="U300")
    [refused] = slack.replies(key)
    assert "only workspace admins" in refused["text"]
    assert [c.body["user"] for c in slack.fake.calls_to("users.info")] == ["U300"]


def test_unsubscribe_button_needs_admin_then_stops_the_subscription(
    slack: SlackHarness, engine: Any
) -> None:
    from bot.reminders.subscriptions import get_subscription

    sub_id = _subscription(engine)
    button = {"type": "button", "action_id": "reminder_unsubscribe", "value": str(sub_id)}
    slack.action(button, response_key="nope", user="U300")
    [refused] = slack.replies("nope")
    assert "only workspace admins" in refused["text"]
    assert get_subscription(engine, sub_id).state == "active"

    slack.fake.users["U400"] = {"is_owner": True}  # workspace owner via users.info
    slack.action(button, response_key="yes", user="U400")
    [stopped] = slack.replies("yes")
    assert f"Reminder {sub_id}" in stopped["text"] and "stopped" in stopped["text"]
    assert get_subscription(engine, sub_id).state == "deleted"


def test_retries_deduped_through_the_database(slack: SlackHarness, engine: Any) -> None:
    from bot.ops.db import claim_event

    event = {
        "type": "message",
        "channel_type": "im",
        "channel": "D1",
        "user": "U1",
        "text": LONG,
        "ts": "1.1",
    }
    slack.event(event, event_id="EvDB1")
    slack.event(event, event_id="EvDB1", retry_num=1)
    slack.fake.wait_for("chat.postMessage", 1)
    time.sleep(0.5)
    assert len(slack.fake.calls_to("chat.postMessage")) == 1
    assert claim_event(engine, "event:EvDB1") is False  # the claim is in the database


def test_audit_rows_recorded_for_answers(slack: SlackHarness, engine: Any) -> None:
    from bot.ops.audit import audit_rows

    event = {
        "type": "message",
        "channel_type": "im",
        "channel": "D1",
        "user": "U7",
        "text": LONG,
        "ts": "1.2",
    }
    slack.event(event)
    slack.fake.wait_for("chat.postMessage", 1)
    deadline = time.time() + 5
    while not audit_rows(engine, user="U7") and time.time() < deadline:
        time.sleep(0.05)
    [row] = audit_rows(engine, user="U7")
    assert row["surface"] == "slack:dm" and row["status"] == "invalid_input"


def test_ics_command_sends_the_calendar_file_by_direct_message(slack: SlackHarness) -> None:
    # /deadline ics md-2026: every computed deadline with its citation, as an .ics file
    _, key = slack.command("ics md-2026", user="U100")
    [reply] = slack.replies(key)
    assert "direct message" in reply["text"]
    [opened] = slack.fake.calls_to("conversations.open")
    assert opened.body["users"] == "U100"
    uploads = [c for c in slack.fake.calls if c.method.startswith("upload/")]
    assert len(uploads) == 1
    content = uploads[0].body["content"]
    assert "BEGIN:VCALENDAR" in content and "5-703" in content
    [done] = slack.fake.calls_to("files.completeUploadExternal")
    assert done.body["channel_id"] == "DU100"
