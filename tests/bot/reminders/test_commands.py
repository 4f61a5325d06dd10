"""`/deadline remind|reminders|unremind|ics` parsing and effects (shared by Slack and the CLI).

Deadlines come from an injected source; the petition deadline cites Md. Code, Elec. Law
§ 5-703(f)(1) (petitions due 5 p.m. on the first Monday in August).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest
from icalendar import Calendar
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from bot.reminders.commands import CommandOutcome, handle_reminder_command
from bot.reminders.models import Occurrence, ReminderAction, Subscription
from bot.reply import Reply
from rules.values import TZ as TIMEZONE
from tests.support.reminders import TableSource, petition_citation, petition_deadline

pytest_plugins = ("tests.support.db",)

NOW = datetime(2026, 7, 1, 10, 0, tzinfo=TIMEZONE)
ADMINS = {"UADMIN"}


@pytest.fixture
def source() -> TableSource:
    return TableSource({"md-2026": [petition_deadline()]})


def run(
    engine: Engine, source: TableSource, text: str, user: str = "UADMIN", **kw: object
) -> CommandOutcome:
    return handle_reminder_command(
        text,
        user_id=user,
        is_admin=lambda u: u in ADMINS,
        engine=engine,
        now=NOW,
        source=source,
        **kw,  # type: ignore[arg-type]
    )


def count(engine: Engine, model: type) -> int:
    with Session(engine) as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def subscriptions(engine: Engine) -> list[Subscription]:
    with Session(engine) as session:
        return list(session.scalars(select(Subscription).order_by(Subscription.id)))


def test_remind_with_a_slack_channel_link_stores_the_channel_id(engine, source):
    out = run(
        engine, source, "remind <#C123|candidate-filing> calendar md-2026 at 14d,7d time 9:30"
    )
    assert out.ok, out.text
    (sub,) = subscriptions(engine)
    assert (sub.channel_id, sub.calendar_id, sub.offsets_days, sub.post_time) == (
        "C123",
        "md-2026",
        [14, 7],
        "09:30",
    )
    assert sub.created_by == "UADMIN" and sub.created_at == NOW
    assert out.extra["subscription_id"] == sub.id
    # the reply says when it will next post: 14 days before Aug 3 at 9:30
    assert "Monday, July 20, 2026 at 9:30 a.m." in out.text
    with Session(engine) as session:
        (act,) = session.scalars(select(ReminderAction))
    assert (act.action, act.actor, act.subscription_id) == ("subscribe", "UADMIN", sub.id)


def test_remind_defaults_to_14_7_1_days_at_9(engine, source):
    assert run(engine, source, "remind C123 calendar md-2026").ok
    (sub,) = subscriptions(engine)
    assert (sub.offsets_days, sub.post_time) == ([14, 7, 1], "09:00")
    assert count(engine, Occurrence) == 3


def test_remind_with_rules_limits_the_deadlines(engine, source):
    other = replace(petition_deadline(name="other"), rule="md-coc-filing")
    source.table["md-2026"].append(other)
    out = run(engine, source, "remind <#C1> calendar md-2026 rules md-petition-certificate at 1d")
    assert out.ok, out.text
    (sub,) = subscriptions(engine)
    assert sub.rule_ids == ["md-petition-certificate"]
    assert count(engine, Occurrence) == 1


def test_non_admin_is_refused_and_nothing_is_stored(engine, source):
    out = run(engine, source, "remind <#C1> calendar md-2026", user="UNOBODY")
    assert not out.ok and "only workspace admins" in out.text
    assert count(engine, Subscription) == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("remind", "Which channel"),
        ("remind #general calendar md-2026", "can't tell which channel"),
        ("remind <#C1>", "Which calendar"),
        ("remind <#C1> calendar md-2099", "can't compute the deadlines"),
        ("remind <#C1> calendar md-2026 at 3w", "not a number of days"),
        ("remind <#C1> calendar md-2026 time 25:00", "not a time I can read"),
        ("remind <#C1> weekly calendar md-2026", "don't understand"),
        ("remind <#C1> calendar md-2026 weekly", "exactly one value after `calendar`"),
        ("remind <#C1> on 08/01/2026 md-petition-certificate", "YYYY-MM-DD"),
        ("remind <#C1> on 2026-06-01 9:00 md-petition-certificate", "already passed"),
        ("unremind twelve", "Give its number"),
        ("snooze 3", "don't know that reminder command"),
    ],
)
def test_bad_input_gets_a_polite_message_and_changes_nothing(engine, source, text, expected):
    run(engine, source, "remind <#C9> calendar md-2026")
    out = run(engine, source, text)
    assert not out.ok
    assert expected in out.text
    assert count(engine, Subscription) == 1


def test_reminders_lists_per_channel_with_next_posting_time(engine, source):
    run(engine, source, "remind <#C2> calendar md-2026 at 1d time 8:00")
    run(engine, source, "remind <#C1> calendar md-2026 at 7d")
    out = run(engine, source, "reminders", user="USTAFF")  # anyone may list
    assert out.ok
    lines = out.text.splitlines()
    assert lines[0] == "#C1:" and "Next: Monday, July 27, 2026 at 9:00 a.m." in lines[1]
    assert lines[2] == "#C2:" and "Next: Sunday, August 2, 2026 at 8:00 a.m." in lines[3]
    assert any("<#C1>" in str(b) for b in out.blocks or [])
    only = run(engine, source, "reminders <#C2|filing>")
    assert "#C1" not in only.text and "#C2" in only.text


def test_unremind_stops_a_subscription_and_keeps_its_history(engine, source):
    sub_id = run(engine, source, "remind <#C1> calendar md-2026").extra["subscription_id"]
    refused = run(engine, source, f"unremind {sub_id}", user="USTAFF")
    assert not refused.ok and "only workspace admins" in refused.text
    out = run(engine, source, f"unremind {sub_id}")
    assert out.ok and "stopped" in out.text
    (sub,) = subscriptions(engine)
    assert (sub.state, sub.deleted_by) == ("deleted", "UADMIN")
    with Session(engine) as session:
        states = set(session.scalars(select(Occurrence.state)))
        acts = [
            a.action for a in session.scalars(select(ReminderAction).order_by(ReminderAction.id))
        ]
    assert states == {"cancelled"}
    assert acts == ["subscribe", "unsubscribe"]
    assert not run(engine, source, f"unremind {sub_id}").ok  # already stopped
    assert not run(engine, source, "unremind 999").ok
    assert run(engine, source, "reminders").text == "No reminders are set."


def test_one_off_reminder_runs_the_rule_invocation(engine, source):
    deadline = petition_deadline()
    seen: list[str] = []

    def answer(text: str, today: object) -> Reply:
        seen.append(text)
        return Reply(
            status="answered",
            rule="md-petition-certificate",
            params={"year": "2026"},
            result=deadline.result,
        )

    out = run(
        engine,
        source,
        "remind <#C1|filing> on 2026-08-01 9:00 md-petition-certificate year=2026",
        answer=answer,
    )
    assert out.ok, out.text
    assert seen == ["md-petition-certificate year=2026"]
    (sub,) = subscriptions(engine)
    assert sub.kind == "once" and sub.once_invocation == "md-petition-certificate year=2026"
    assert sub.once_at == datetime(2026, 8, 1, 9, 0, tzinfo=TIMEZONE)
    with Session(engine) as session:
        (occ,) = session.scalars(select(Occurrence))
    assert occ.due_at == sub.once_at


def test_one_off_with_an_incomplete_invocation_is_refused(engine, source):
    def answer(text: str, today: object) -> Reply:
        return Reply(status="no_match", message="I don't know a rule called md-nothing.")

    out = run(engine, source, "remind <#C1> on 2026-08-01 md-nothing", answer=answer)
    assert not out.ok and "md-nothing" in out.text
    assert count(engine, Subscription) == 0


def test_ics_subcommand_returns_the_calendar_file(engine, source):
    out = run(engine, source, "ics md-2026", user="USTAFF")
    assert out.ok and out.extra["filename"] == "md-2026-deadlines.ics"
    cal = Calendar.from_ical(out.extra["ics"])
    (event,) = cal.walk("VEVENT")
    assert str(event["uid"]) == "md-2026.md-petition-certificate@deadline-bot"
    assert petition_citation().text in str(event["description"])


def test_remind_counts_only_deadlines_still_ahead(engine, source):
    # The season source lists past deadlines too: only the one ahead (§ 5-703(f)(1), Aug 3)
    # is "upcoming", and the confirmation says when it next posts.
    past = petition_deadline(name="past", deadline=datetime(2026, 6, 1, 17, tzinfo=TIMEZONE))
    source.table["md-2026"].insert(0, past)
    out = run(engine, source, "remind <#C1> calendar md-2026")
    assert out.ok and "1 upcoming deadline(s) of md-2026" in out.text
    assert "Next: Monday, July 20, 2026 at 9:00 a.m." in out.text


def test_remind_with_no_deadline_ahead_is_refused_and_stores_nothing(engine, source):
    source.table["md-2026"] = [
        petition_deadline(deadline=datetime(2026, 6, 1, 17, tzinfo=TIMEZONE))
    ]
    out = run(engine, source, "remind <#C1> calendar md-2026")
    assert not out.ok
    assert "no deadline still ahead" in out.text and "nothing was set" in out.text
    assert "upcoming" not in out.text
    assert count(engine, Subscription) == 0


def test_remind_whose_reminder_times_have_all_passed_says_so_consistently(engine, source):
    # The petition deadline is ahead (Aug 3 5 p.m.), but 14 and 7 days before have passed on
    # July 30: the confirmation must not claim both "1 upcoming" and "no upcoming deadline".
    out = handle_reminder_command(
        "remind <#C1> calendar md-2026 at 14d,7d",
        user_id="UADMIN",
        is_admin=lambda u: u in ADMINS,
        engine=engine,
        now=datetime(2026, 7, 30, 10, tzinfo=TIMEZONE),
        source=source,
    )
    assert out.ok, out.text
    assert "1 upcoming deadline(s)" in out.text
    assert "every reminder time for them has already passed" in out.text
    assert "Monday, August 3, 2026" in out.text
    assert "no upcoming deadline" not in out.text
