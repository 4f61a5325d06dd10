"""bot.reminders.ics: a calendar's computed deadlines as iCalendar events citing subsections."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from icalendar import Calendar

from bot.reminders.ics import calendar_ics
from bot.reminders.planning import season_of
from rules.values import TZ as TIMEZONE
from tests.support.reminders import (
    PETITION_DEADLINE,
    TableSource,
    petition_citation,
    petition_deadline,
)
from tests.support.service import packaged_service

STAMP = datetime(2026, 7, 1, 12, 0, tzinfo=TIMEZONE)


def events(data: bytes) -> list:
    return list(Calendar.from_ical(data).walk("VEVENT"))


def test_each_deadline_is_an_event_quoting_its_citation():
    # § 5-703(f)(1): petitions by 5 p.m. on the first Monday in August
    moved = petition_deadline(
        name="moved",
        deadline=PETITION_DEADLINE + timedelta(days=2),
        basis_changed="Court order of 2026-07-15",
    )
    source = TableSource({"md-2026": [petition_deadline(), moved]})
    data = calendar_ics("md-2026", today=date(2026, 7, 1), source=source, stamp=STAMP)
    first, second = events(data)
    assert first["dtstart"].dt == PETITION_DEADLINE
    assert str(first["dtstart"].params["TZID"]) == "America/New_York"
    assert str(first["summary"]) == "Petitions of non-party candidates"
    description = str(first["description"])
    assert petition_citation().cite in description
    assert petition_citation().text in description
    assert "Court order of 2026-07-15" in str(second["description"])
    assert b"BEGIN:VTIMEZONE" in data


def test_uids_are_stable_across_exports_and_date_changes():
    source = TableSource({"md-2026": [petition_deadline()]})
    before = events(calendar_ics("md-2026", today=date(2026, 7, 1), source=source))
    source.move("md-2026/md-petition-certificate", PETITION_DEADLINE + timedelta(days=1), "x")
    after = events(calendar_ics("md-2026", today=date(2026, 7, 2), source=source))
    assert [str(e["uid"]) for e in before] == [str(e["uid"]) for e in after]
    assert after[0]["dtstart"].dt == PETITION_DEADLINE + timedelta(days=1)


def test_rule_filter_is_passed_to_the_source():
    source = TableSource({"md-2026": [petition_deadline()]})
    assert (
        events(calendar_ics("md-2026", today=date(2026, 7, 1), rule_ids=["none"], source=source))
        == []
    )
    assert source.calls[-1][2] == ["none"]


def test_real_calendar_export():
    data = calendar_ics("md-2026", today=date(2026, 1, 5), source=season_of(packaged_service()))
    found = events(data)
    assert found
    assert all("§" in str(e["description"]) for e in found)
