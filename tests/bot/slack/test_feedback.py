"""The "Not what I asked" button and "as of" questions, through real Bolt request handling
(signed HTTP in, Web API and response_url calls out to the fake Slack) on a migrated database
(SQLite, and PostgreSQL when the session has one: the shared `engine` fixture): a pressed button
always leaves an audit row, `deadline-bot audit --feedback` lists it.
"""

from __future__ import annotations

import contextlib
import io
import json
import time
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from bot.cli.ops import print_audit
from bot.ops.audit import FEEDBACK, audit_rows
from bot.render.answer import feedback_value
from bot.reply import ReadFact, Reading, Reply
from tests.support.slack import SlackHarness, blocks_text, find_element, quoted_text

pytest_plugins = ("tests.support.db",)

TODAY = date(2026, 4, 1)
QUESTION = "LG candidate died May 1 2026, successor deadline? <!channel>"
THANKS = "Thanks — recorded for review."


@pytest.fixture()
def slack(engine: Any) -> Iterator[SlackHarness]:
    with SlackHarness(today=TODAY, engine=engine) as harness:
        yield harness


def _feedback_rows(engine: Any, count: int = 1) -> list[dict[str, Any]]:
    deadline = time.time() + 10
    while len(audit_rows(engine, surface=FEEDBACK)) < count and time.time() < deadline:
        time.sleep(0.05)
    return audit_rows(engine, surface=FEEDBACK)


def _press(slack: SlackHarness, value: str, key: str) -> dict[str, Any]:
    button = {"type": "button", "action_id": "not_what_i_asked", "value": value}
    assert slack.action(button, response_key=key).status == 200
    [thanks] = slack.replies(key)
    return thanks


def test_not_what_i_asked_records_the_question_rule_and_params(
    slack: SlackHarness, engine: Any
) -> None:
    # § 5-903(b)(2)(iii): the answer to a free-text question carries the button.
    _, key = slack.command(QUESTION)
    [message] = slack.replies(key)
    _, button = find_element(message["blocks"], lambda e: e["action_id"] == "not_what_i_asked")
    assert "<!channel>" not in button["value"]  # a value never holds a ping either
    thanks = _press(slack, button["value"], "fb")
    assert thanks["text"] == THANKS
    assert thanks["response_type"] == "ephemeral" and thanks["replace_original"] is False
    [row] = _feedback_rows(engine)
    assert row["text"] == QUESTION  # the question as asked, unescaped again
    assert row["rule"] == "md-successor-lt-gov"
    assert row["params"] == {"event": "death", "event_date": "2026-05-01"}
    assert row["status"] == FEEDBACK and row["user"] == "U100" and row["channel"] == "C100"


def test_the_reading_is_recorded_and_listed_by_audit_feedback(
    slack: SlackHarness, engine: Any
) -> None:
    # A reply read by the reader (Reply.reading), as it would come from `ask`.
    reading = Reading(
        facts=[
            ReadFact(role="state", value="Maryland", words="MD"),
            ReadFact(role="office", value="LG candidate", words="LG"),
            ReadFact(role="event", value="death on 2026-05-01", words="died May 1"),
        ],
        asks="successor certificate deadline",
    )
    reply = Reply(
        status="answered",
        text_in="MD LG died May 1",
        rule="md-successor-lt-gov",
        params={"event": "death", "event_date": "2026-05-01"},
        reading=reading,
        as_of=date(2026, 5, 1),
    )
    _press(slack, feedback_value(reply), "fb")
    [row] = _feedback_rows(engine)
    assert row["result"]["reading"] == reading.line()
    assert row["result"]["as_of"] == "2026-05-01"
    # Answers are not feedback: `audit --feedback` lists only the feedback row.
    _, key = slack.command("md-successor-lt-gov event=death event_date=2026-05-01")
    slack.replies(key)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_audit(engine, feedback_only=True)
    listed = out.getvalue()
    assert f"read as: {reading.line()}" in listed
    assert "answered by: md-successor-lt-gov event=death event_date=2026-05-01" in listed
    assert listed.strip().endswith("1 feedback row(s)")


@pytest.mark.parametrize(
    "value",
    [
        "not json",
        json.dumps(["a", "list"]),
        json.dumps({"q": 5, "r": "no-such-rule", "c": "rm -rf /", "as_of": "2026-13-45"}),
        json.dumps({"q": "x\x00y" * 400, "r": "md-successor-lt-gov", "c": "ma-vacancy-delegates"}),
    ],
)
def test_a_button_value_we_did_not_make_still_writes_the_row(
    slack: SlackHarness, engine: Any, value: str
) -> None:
    assert _press(slack, value, "odd")["text"] == THANKS
    [row] = _feedback_rows(engine)
    assert row["surface"] == FEEDBACK
    assert row["result"]["problems"]  # what could not be read is noted, not trusted
    assert row["rule"] in (None, "md-successor-lt-gov")
    assert row["params"] is None  # parameters only from an invocation of the named rule
    assert "\x00" not in row["text"] and len(row["text"]) <= 600


def test_as_of_in_a_question_answers_under_the_law_of_that_day(slack: SlackHarness) -> None:
    # § 5-703(e)(1): the 2014 text asked "not less than 1%" (42,000 of 4,200,000); the current
    # text the lesser of 10,000 or 1%.
    _, key = slack.command("md-petition-signatures registered_voters=4200000 as of June 1, 2014")
    [old] = slack.replies(key)
    _, key = slack.command("md-petition-signatures registered_voters=4200000")
    [current] = slack.replies(key)
    assert "42,000" in old["text"] and "10,000" in current["text"]
    assert "Law in force on 2014-06-01" in blocks_text(old)
    assert "not less than 1%" in quoted_text(old["blocks"])
    # The version of the quoted text is shown beside it, and Show work keeps the day.
    assert "2014 text, in force from" in blocks_text(old)
    _, work = find_element(old["blocks"], lambda e: e["action_id"] == "show_work")
    assert work["value"].endswith(" as of 2014-06-01")
    _, share = find_element(old["blocks"], lambda e: e["action_id"] == "share")
    assert json.loads(share["value"])["v"].endswith(" as of 2014-06-01")
    slack.action(
        {"type": "button", "action_id": "show_work", "value": work["value"]}, response_key="w"
    )
    [shown] = slack.replies("w")
    assert "--as-of 2014-06-01" in blocks_text(shown)
    assert "not less than 1%" in quoted_text(shown["blocks"])


def test_a_bad_as_of_date_is_one_polite_line(slack: SlackHarness) -> None:
    _, key = slack.command("md-petition-signatures registered_voters=4200000 as of Feb 30, 2014")
    [reply] = slack.replies(key)
    assert "I couldn't read the date after “as of”" in reply["text"]
    assert "Traceback" not in blocks_text(reply)
