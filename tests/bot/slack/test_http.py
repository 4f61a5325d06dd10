"""HTTP mode transport: signatures, retries, rate limits, health and metrics (real Bolt + uvicorn).

Requests are signed like Slack signs them and sent over HTTP to our server on 127.0.0.1; the
Web API and response_urls are the fake in tests/support/fakeslack.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from tests.support.slack import SlackHarness

LONG = "a" * 100_000


@pytest.fixture()
def slack() -> Iterator[SlackHarness]:
    with SlackHarness() as harness:
        yield harness


def _im(text: str, **extra: object) -> dict[str, object]:
    return {
        "type": "message",
        "channel_type": "im",
        "channel": "D100",
        "user": "U100",
        "text": text,
        "ts": f"{time.time():.6f}",
        "event_ts": f"{time.time():.6f}",
        **extra,
    }


def test_bad_signature_is_rejected_with_401_and_nothing_is_sent(slack: SlackHarness) -> None:
    sent, key = slack.command("help", secret="not-the-secret")
    assert sent.status == 401
    time.sleep(0.3)
    assert slack.fake.calls_to(f"response_url/{key}") == []


def test_timestamp_older_than_five_minutes_is_rejected(slack: SlackHarness) -> None:
    sent, _ = slack.command("help", timestamp=int(time.time()) - 6 * 60)
    assert sent.status == 401
    fresh, _ = slack.command("", timestamp=int(time.time()) - 60)  # within the window
    assert fresh.status == 200


def test_url_verification_challenge(slack: SlackHarness) -> None:
    body = json.dumps({"type": "url_verification", "challenge": "abc123", "token": "x"})
    sent = slack.post(body, "application/json")
    assert sent.status == 200 and "abc123" in sent.body


def test_retried_event_is_answered_once(slack: SlackHarness) -> None:
    event = _im(LONG)  # the too-long path answers without the dispatcher
    first = slack.event(event, event_id="EvRETRY1")
    retry = slack.event(event, event_id="EvRETRY1", retry_num=1)
    again = slack.event(event, event_id="EvRETRY1", retry_num=2)
    assert first.status == retry.status == again.status == 200
    slack.fake.wait_for("chat.postMessage", 1)
    time.sleep(0.5)  # give a wrongly processed retry time to show up
    assert len(slack.fake.calls_to("chat.postMessage")) == 1


def test_rate_limited_post_is_retried_after_retry_after(slack: SlackHarness) -> None:
    slack.fake.fail_next("chat.postMessage", 1, status=429, retry_after=1)
    started = time.time()
    slack.event(_im(LONG))
    [call] = slack.fake.wait_for("chat.postMessage", 1, timeout=15)
    assert call.at - started >= 0.9  # waited for Retry-After before the retry
    assert "longer than I can read" in call.body["text"]


def test_100kb_message_gets_polite_reply_and_server_keeps_serving(slack: SlackHarness) -> None:
    slack.event(_im("<!channel> " + LONG))
    [call] = slack.fake.wait_for("chat.postMessage", 1)
    assert call.body["channel"] == "D100"
    assert "100,011 characters" in call.body["text"]
    assert "Traceback" not in json.dumps(call.body)
    assert slack.http.get("/metrics").status_code == 200  # still serving


def test_bot_and_subtype_messages_are_ignored(slack: SlackHarness) -> None:
    assert slack.event(_im(LONG, bot_id="B9")).status == 200
    assert slack.event(_im(LONG, subtype="message_changed")).status == 200
    assert slack.event({**_im(LONG), "channel_type": "channel"}).status == 200
    time.sleep(0.5)
    assert slack.fake.calls_to("chat.postMessage") == []


def test_metrics_expose_ack_latency_and_counters(slack: SlackHarness) -> None:
    slack.event(_im(LONG))
    slack.fake.wait_for("chat.postMessage", 1)
    text = slack.http.get("/metrics").text
    assert 'deadline_bot_ack_seconds_count{kind="event"}' in text
    assert 'deadline_bot_requests_total{status="invalid_input",surface="dm"}' in text
    assert 'deadline_bot_reminders_total{outcome="missed"}' in text


def test_healthz_reports_corpus_rules_database_and_socket(slack: SlackHarness) -> None:
    response = slack.http.get("/healthz")
    report = response.json()
    assert report["corpus"]["loaded"] is True and report["corpus"]["laws"] > 0
    assert report["database"] == {"configured": False, "reachable": None}
    assert report["socket_mode"] == {"enabled": False, "connected": None}
    assert "state" in report["rules"]
    assert response.status_code == (200 if report["ok"] else 503)


def test_a_command_saying_payload_is_answered_and_unsigned_is_still_401(
    slack: SlackHarness,
) -> None:
    # Bolt's own form parser takes any body containing "payload" for an interactivity payload
    # and drops the command; ours reads only a form field named `payload` as one.
    sent, key = slack.command("what is the payload of 5-903")
    assert sent.status == 200
    [message] = slack.replies(key)
    # No rule computes "the payload of 5-903"; the section it names is quoted (issue 12, 6).
    assert message["text"].startswith("Md. Code, Elec. Law § 5-903")
    # § 5-903(b)(2)(iii): death on May 1, 2026 → 40 days before the June 23 primary.
    sent, key = slack.command("md-successor-lt-gov event=death event_date=2026-05-01 payload")
    [message] = slack.replies(key)
    assert "May 14, 2026" in json.dumps(message)
    # The same body unsigned, or signed with another secret, is refused before it is read.
    form = "command=%2Fdeadline&text=what+is+the+payload+of+5-903&user_id=U1&channel_id=C1"
    unsigned = slack.http.post(
        "/slack/events",
        content=form.encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert unsigned.status_code == 401
    forged, _ = slack.command("what is the payload of 5-903", secret="not-the-secret")
    assert forged.status == 401
