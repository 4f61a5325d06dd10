"""Slash commands, mentions, DMs, App Home and our buttons through real Bolt over HTTP.

Every request is signed and sent to uvicorn on 127.0.0.1; every Web API call and response_url
post lands in the fake Slack server, and the assertions are on what it recorded.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

import pytest

from bot.ops.clock import FixedClock
from bot.slack.delivery import POLITE_ERROR
from statutes import default_corpus
from tests.support.slack import SlackHarness, blocks_text, find_element, quoted_text

TODAY = date(2026, 4, 1)  # before the 2026 Maryland primary (2026-06-23)
STRUCTURED = "md-successor-lt-gov event=death event_date=2026-05-01"
QUESTION = "LG candidate died May 1 2026, successor deadline?"
OFF_TOPIC = "when is the voter registration deadline?"
LT_GOV_40_DAYS = "md/gel/5-903/b/2/iii"  # § 5-903(b)(2)(iii): 40 days before the primary


@pytest.fixture()
def slack() -> Iterator[SlackHarness]:
    with SlackHarness(today=TODAY) as harness:
        yield harness


def _node_text(node_id: str) -> str:
    return default_corpus().node(node_id).text


def _assert_lt_gov_answer(message: dict[str, Any]) -> None:
    """The § 5-903(b)(2)(iii) answer: 2026-05-14, with that subsection quoted verbatim."""
    assert "2026-05-14" in blocks_text(message)
    assert _node_text(LT_GOV_40_DAYS) in quoted_text(message["blocks"])
    assert "5-903(b)(2)(iii)" in message["text"]


def _dm(text: str, **extra: Any) -> dict[str, Any]:
    ts = f"{time.time():.6f}"
    return {
        "type": "message",
        "channel_type": "im",
        "channel": "D100",
        "user": "U100",
        "text": text,
        "ts": ts,
        "event_ts": ts,
        **extra,
    }


# --- /deadline ---------------------------------------------------------------------------------
def test_structured_command_answers_ephemerally_with_statute_and_share(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii): death on 2026-05-01 → 40 days before the 2026-06-23 primary
    sent, key = slack.command(STRUCTURED)
    # The answer is ready at once, so it rides in the acknowledgement: no response_url post.
    assert sent.status == 200
    message = json.loads(sent.body)
    time.sleep(0.2)
    assert slack.fake.calls_to(f"response_url/{key}") == []
    assert message["response_type"] == "ephemeral"
    _assert_lt_gov_answer(message)
    _, share = find_element(message["blocks"], lambda e: e["action_id"] == "share")
    _, work = find_element(message["blocks"], lambda e: e["action_id"] == "show_work")
    assert json.loads(share["value"])["v"] == STRUCTURED
    assert work["value"] == STRUCTURED


def test_free_text_question_gets_the_same_answer(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii), asked in plain words
    _, key = slack.command(QUESTION)
    [message] = slack.replies(key)
    _assert_lt_gov_answer(message)
    assert "You asked" in blocks_text(message)


def test_help_and_list(slack: SlackHarness) -> None:
    _, help_key = slack.command("help")
    _, list_key = slack.command("list")
    _, empty_key = slack.command("")
    [helped] = slack.replies(help_key)
    [listed] = slack.replies(list_key)
    [empty] = slack.replies(empty_key)
    assert "/cite" in helped["text"] and helped["response_type"] == "ephemeral"
    assert "md-successor-lt-gov" in blocks_text(listed)
    assert empty["text"] == helped["text"]


def test_no_match_is_polite_and_does_not_guess(slack: SlackHarness) -> None:
    _, key = slack.command(OFF_TOPIC)
    [message] = slack.replies(key)
    assert message["text"].startswith("Sorry")
    assert "2026" not in json.dumps(message["blocks"]).replace(OFF_TOPIC, "")
    assert quoted_text(message["blocks"]) == ""


def test_needs_input_datepicker_completes_the_same_invocation(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii) once the date of death is picked
    _, key = slack.command("md-successor-lt-gov event=death")
    [asked] = slack.replies(key)
    block, picker = find_element(asked["blocks"], lambda e: e["type"] == "datepicker")
    slack.action(
        {
            "type": "datepicker",
            "action_id": picker["action_id"],
            "block_id": block["block_id"],
            "selected_date": "2026-05-01",
        },
        response_key="pick",
    )
    [answered] = slack.replies("pick")
    assert answered["replace_original"] is True
    _assert_lt_gov_answer(answered)


def test_needs_input_select_then_datepicker(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii) reached in two steps from the bare alias
    _, key = slack.command("successor")
    [first] = slack.replies(key)
    block, select = find_element(first["blocks"], lambda e: e["type"] == "static_select")
    death = next(o for o in select["options"] if o["value"] == "death")
    slack.action(
        {
            "type": "static_select",
            "action_id": select["action_id"],
            "block_id": block["block_id"],
            "selected_option": death,
        },
        response_key="step1",
    )
    [second] = slack.replies("step1")
    block, picker = find_element(second["blocks"], lambda e: e["type"] == "datepicker")
    slack.action(
        {
            "type": "datepicker",
            "action_id": picker["action_id"],
            "block_id": block["block_id"],
            "selected_date": "2026-05-01",
        },
        response_key="step2",
    )
    [answered] = slack.replies("step2")
    _assert_lt_gov_answer(answered)


# --- /cite ---------------------------------------------------------------------------------
def test_cite_quotes_any_subsection_verbatim(slack: SlackHarness) -> None:
    node = default_corpus().node(LT_GOV_40_DAYS)
    _, key = slack.command("Md. Code, Elec. Law § 5-903(b)(2)(iii)", command="/cite")
    [message] = slack.replies(key)
    assert message["response_type"] == "ephemeral"
    assert quoted_text(message["blocks"]) == node.lead_in + node.text
    _, bad_key = slack.command("EL 5-999", command="/cite")
    [bad] = slack.replies(bad_key)
    assert "5-999" in bad["text"] and quoted_text(bad["blocks"]) == ""


# --- mentions, DMs, App Home ---------------------------------------------------------------
def test_mention_is_answered_in_thread(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii) via @mention
    slack.event(
        {
            "type": "app_mention",
            "channel": "C100",
            "user": "U100",
            "text": f"<@UBOT> {QUESTION}",
            "ts": "1700000000.000100",
            "event_ts": "1700000000.000100",
        }
    )
    [call] = slack.fake.wait_for("chat.postMessage", 1)
    assert call.body["channel"] == "C100"
    assert call.body["thread_ts"] == "1700000000.000100"
    _assert_lt_gov_answer(call.body)
    slack.event(
        {
            "type": "app_mention",
            "channel": "C100",
            "user": "U100",
            "text": "<@UBOT> help",
            "ts": "1700000001.000200",
            "thread_ts": "1700000000.000100",
            "event_ts": "1700000001.000200",
        }
    )
    calls = slack.fake.wait_for("chat.postMessage", 2)
    assert calls[1].body["thread_ts"] == "1700000000.000100"  # stays in the existing thread


def test_direct_message_is_answered_in_the_dm(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii) via DM
    slack.event(_dm(QUESTION))
    [call] = slack.fake.wait_for("chat.postMessage", 1)
    assert call.body["channel"] == "D100" and not call.body.get("thread_ts")
    _assert_lt_gov_answer(call.body)


def test_app_home_publishes_upcoming_deadlines_with_citations(slack: SlackHarness) -> None:
    # The 2026-05-14 § 5-903 deadline falls within 60 days of 2026-04-01.
    slack.event(
        {
            "type": "app_home_opened",
            "user": "U100",
            "channel": "D100",
            "tab": "home",
            "event_ts": "1.0",
        }
    )
    [call] = slack.fake.wait_for("views.publish", 1)
    assert call.body["user_id"] == "U100"
    view = call.body["view"]
    assert view["type"] == "home" and len(view["blocks"]) <= 100
    shown = json.dumps(view["blocks"], ensure_ascii=False)
    assert "May 14, 2026" in shown and "Md. Code, Elec. Law § 5-903" in shown
    slack.event(
        {
            "type": "app_home_opened",
            "user": "U100",
            "channel": "D100",
            "tab": "messages",
            "event_ts": "2.0",
        }
    )
    time.sleep(0.3)
    assert len(slack.fake.calls_to("views.publish")) == 1  # the Messages tab publishes nothing


# --- buttons ---------------------------------------------------------------------------------
def test_share_posts_the_same_answer_in_channel(slack: SlackHarness) -> None:
    _, key = slack.command(STRUCTURED)
    [message] = slack.replies(key)
    _, share = find_element(message["blocks"], lambda e: e["action_id"] == "share")
    slack.action(
        {"type": "button", "action_id": "share", "value": share["value"]}, response_key="shared"
    )
    [shared] = slack.replies("shared")
    assert shared["response_type"] == "in_channel" and shared["replace_original"] is False
    _assert_lt_gov_answer(shared)
    assert "Shared by <@U100>" in blocks_text(shared)
    assert not any(
        e.get("action_id") == "share" for b in shared["blocks"] for e in b.get("elements", [])
    )


def test_show_work_reveals_the_trace(slack: SlackHarness) -> None:
    slack.action(
        {"type": "button", "action_id": "show_work", "value": STRUCTURED}, response_key="work"
    )
    [work] = slack.replies("work")
    shown = blocks_text(work)
    assert f"deadline-bot run {STRUCTURED}" in shown
    assert "Steps" in shown and "5-903(b)(2)(iii)" in shown
    assert work["replace_original"] is False


def test_suggestion_button_runs_that_rule_on_the_original_text(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii) when the user picks the rule for their question
    value = json.dumps({"r": "md-successor-lt-gov", "t": "LG candidate died on May 1, 2026"})
    slack.action(
        {"type": "button", "action_id": "pick_rule_0", "value": value}, response_key="picked"
    )
    [answered] = slack.replies("picked")
    _assert_lt_gov_answer(answered)


# --- hostile and odd input -----------------------------------------------------------------
PINGS = ("<!channel>", "<!here>", "<!everyone>", "<@U123>", "<#C999>")


def test_nothing_pings_anyone_on_any_surface(slack: SlackHarness) -> None:
    nasty = "<!channel> &lt;!here&gt; <!everyone> <@U123> <#C999> successor deadline?"
    _, key1 = slack.command(nasty)
    _, key2 = slack.command("md-successor-lt-gov event=<!channel> event_date=<@U123>")
    _, key3 = slack.command(nasty, command="/cite")
    slack.event(_dm(nasty))
    slack.event(
        {
            "type": "app_mention",
            "channel": "C100",
            "user": "U100",
            "text": f"<@UBOT> {nasty}",
            "ts": "5.5",
            "event_ts": "5.5",
        }
    )
    for key in (key1, key2, key3):
        slack.replies(key)
    slack.fake.wait_for("chat.postMessage", 2)
    recorded = list(slack.recorded_text())
    assert len(recorded) >= 5
    for body in recorded:
        for ping in PINGS:
            assert ping not in body, (ping, body[:500])
    assert any("&lt;!channel&gt;" in body for body in recorded)  # echoed, escaped


@pytest.mark.parametrize(
    "text",
    [
        "\x00\x01\x02 successor \x1b[31m deadline\x7f",
        "🗳️🤷‍♀️ когда крайний срок? ⏰",
        "\u202eenildaed rossecus\u202c متى الموعد النهائي",
        "'; DROP TABLE audit; -- $(rm -rf /) `whoami` | cat /etc/passwd",
        "*bold* _it_ ~strike~ ```code``` > quote <https://evil.example|click> &amp;",
        "md-successor-lt-gov event=death event_date=2026-02-30",
        "md-successor-lt-gov " + "x=" * 3000,
    ],
)
def test_odd_input_gets_a_polite_reply_never_a_traceback(slack: SlackHarness, text: str) -> None:
    _, key = slack.command(text)
    [message] = slack.replies(key)
    dumped = json.dumps(message, ensure_ascii=False)
    assert message["text"] and message["text"] != POLITE_ERROR
    assert "Traceback" not in dumped and "Error(" not in dumped
    assert "<https://evil" not in dumped


def test_100kb_command_text_gets_a_polite_reply(slack: SlackHarness) -> None:
    _, key = slack.command("<!channel> " + "when is it due? " * 6400)
    [message] = slack.replies(key)
    assert "longer than I can read" in message["text"]
    assert len(json.dumps(message)) < 5000


def test_answer_not_ready_within_the_ack_window_follows_on_the_response_url(
    slack: SlackHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    # § 5-903(b)(2)(iii): a slow answer (here a slow clock) must still arrive, exactly once.
    import bot.slack.delivery

    monkeypatch.setattr(bot.slack.delivery, "ACK_ANSWER_SECONDS", 0.05)

    class SlowClock(FixedClock):
        def now(self) -> datetime:
            time.sleep(2.0)
            return super().now()

    slack.service.clock = SlowClock.on(TODAY)
    started = time.monotonic()
    sent, key = slack.command(STRUCTURED)
    assert sent.status == 200 and sent.body == ""  # acked empty, well inside Slack's 3 s
    assert time.monotonic() - started < 1.5  # did not wait for the 2-second answer
    [message] = slack.replies(key)
    assert message["response_type"] == "ephemeral"
    _assert_lt_gov_answer(message)
    time.sleep(0.3)
    assert len(slack.fake.calls_to(f"response_url/{key}")) == 1


def test_unexpected_error_is_logged_and_answered_politely(
    slack: SlackHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom: secret internals")

    monkeypatch.setattr(slack.service, "ask", broken)
    _, key = slack.command(STRUCTURED)
    [message] = slack.replies(key)
    assert message["text"] == POLITE_ERROR
    slack.event(_dm(QUESTION))
    [call] = slack.fake.wait_for("chat.postMessage", 1)
    assert call.body["text"] == POLITE_ERROR and "boom" not in json.dumps(call.body)
    monkeypatch.undo()
    _, key = slack.command(STRUCTURED)  # the process keeps serving
    [fine] = slack.replies(key)
    _assert_lt_gov_answer(fine)


def test_bot_mention_inside_the_question_is_not_part_of_it(slack: SlackHarness) -> None:
    # § 5-903(b)(2)(iii): "<@UBOT>" mid-sentence is removed before matching
    slack.event(
        {
            "type": "app_mention",
            "channel": "C100",
            "user": "U100",
            "text": f"hey <@UBOT|deadline-bot>, {QUESTION} thanks <@UBOT>",
            "ts": "7.7",
            "event_ts": "7.7",
        }
    )
    [call] = slack.fake.wait_for("chat.postMessage", 1)
    _assert_lt_gov_answer(call.body)
    assert "UBOT" not in blocks_text(call.body)
