"""The engine's part of every answer (`rules/engine/context.py`): a deadline before `today` is
said first and flagged in the data; a value no loaded calendar can supply is asked for with the
calendars there are and how to add the missing one."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import rules
from rules.calendar import CalendarSet, load_calendars

GUBERNATORIAL_2030 = """\
id = "md-2030"
jurisdiction = "md"
election = "gubernatorial"
year = 2030
title = "Maryland 2030 gubernatorial election (test)"
source = "test"

[dates.coc_deadline]
value = 2030-02-26T21:00:00
label = "Certificate of candidacy filing deadline"
source = "test"

[dates.primary]
value = 2030-06-25
label = "Primary"
source = "test"

[dates.general]
value = 2030-11-05
label = "General election"
source = "test"
"""


# --- deadlines already passed -----------------------------------------------------------------


def test_a_passed_deadline_is_said_first_and_flagged() -> None:
    # § 5-903(b)(2)(iii): death 2026-05-01 → 40 days before the 2026-06-23 primary, 05-14;
    # asked after the 2026 general election.
    result = rules.run(
        "md-successor-lt-gov",
        {"event": "death", "event_date": "2026-05-01"},
        today=date(2026, 11, 22),
    )
    assert result.status == "answered"
    assert result.answer.startswith("This deadline has passed: it was Thursday, May 14, 2026.")
    assert result.result["passed"] is True
    assert result.deadline == date(2026, 5, 14)  # the deadline itself is not changed
    assert result.to_json_dict()["result"]["passed"] is True


def test_a_deadline_today_or_later_is_not_called_passed() -> None:
    # § 5-903(b)(2)(iii): the same deadline, asked on its day and before.
    for today in (date(2026, 5, 14), date(2026, 5, 1)):
        result = rules.run(
            "md-successor-lt-gov", {"event": "death", "event_date": "2026-05-01"}, today=today
        )
        assert "passed" not in result.result
        assert not result.answer.startswith("This deadline has passed")


def test_a_moment_deadline_passes_only_after_its_day() -> None:
    # c. 53 § 14, sentence 7: Fri 2026-06-05 5 p.m. + 72 week day hours → Wed 06-10 5 p.m.
    # The rules have no clock: on 06-10 itself the deadline is not called passed.
    params = {"withdrawal_deadline": "2026-06-05", "office": "state"}
    on_the_day = rules.run("ma-vacancy-certificate", params, today=date(2026, 6, 10))
    assert "passed" not in on_the_day.result
    after = rules.run("ma-vacancy-certificate", params, today=date(2026, 6, 11))
    assert after.result["passed"] is True
    assert after.answer.startswith(
        "This deadline has passed: it was Wednesday, June 10, 2026 at 5:00 p.m. (Eastern)."
    )


def test_answers_without_a_deadline_are_never_called_passed() -> None:
    # c. 53 § 14, sentence 4: a count, no date.
    result = rules.run("ma-vacancy-delegates", {"votes": "1001"}, today=date(2040, 1, 1))
    assert "passed" not in result.result
    assert not result.answer.startswith("This deadline has passed")


def test_alternatives_are_marked_passed_on_their_own_dates() -> None:
    # § 5-903(b)(2)(ii): death 2026-06-01 → fifth day Sat 06-06; office practice Mon 06-08.
    params = {"event": "death", "event_date": "2026-06-01"}
    sunday = rules.run("md-successor-lt-gov", params, today=date(2026, 6, 7))
    assert sunday.result["passed"] is True
    (alt,) = sunday.alternatives
    assert alt.result["deadline"] == date(2026, 6, 8)
    assert "passed" not in alt.result  # the adjusted date is still ahead
    later = rules.run("md-successor-lt-gov", params, today=date(2026, 6, 9))
    (alt,) = later.alternatives
    assert alt.result["passed"] is True
    assert alt.answer.startswith("This date has passed.")


# --- no calendar for the question's year --------------------------------------------------------


def test_no_calendar_for_the_year_lists_calendars_and_how_to_add_one() -> None:
    # § 5-903(b)(2): a 2030 event needs the 2030 primary and § 5-303 deadline.
    result = rules.run(
        "md-successor-lt-gov",
        {"event": "death", "event_date": "2030-05-01"},
        today=date(2026, 4, 1),
    )
    assert result.status == "needs_input"
    assert set(result.missing) == {"primary", "filing_deadline"}
    # Staff are told in plain words which calendars are held, never how to add a file …
    answer = result.answer
    assert "I hold no MD election calendar for 2030" in answer
    assert "rules/calendars" not in answer and ".toml" not in answer
    # … the operator (`run`, the JSON) which file to add, with its keys.
    note = result.operator_note
    assert "No MD calendar covers 2030" in note
    for cal in load_calendars().for_jurisdiction("md"):
        assert f"{cal.id} ({cal.title})" in note  # every calendar held is listed
        assert cal.title in answer
    assert "rules/calendars/md-2030.toml" in note
    tables = note[note.index("[dates.<key>] tables for") :]
    assert "primary" in tables and "coc_deadline" in tables and "general" in tables
    assert "ma-2026" not in note  # only the rule's own state's calendars


def test_no_calendars_at_all_says_none_are_loaded() -> None:
    # c. 53 § 14, sentence 7: the last day for withdrawals comes from a calendar when not given.
    result = rules.run(
        "ma-vacancy-certificate",
        {"office": "state"},
        today=date(2026, 5, 1),
        calendars=CalendarSet([], version="empty"),
    )
    assert result.status == "needs_input"
    assert "(I hold: none)" in result.answer
    assert "loaded: none" in result.operator_note
    assert "ma-YYYY.toml" in result.operator_note  # no year was given: today's season was sought
    assert "withdrawal_deadline" in result.operator_note


def test_a_calendar_lacking_the_date_names_it_and_its_file(tmp_path: Path) -> None:
    # § 5-903(b)(2)(i) counts from the § 5-502 withdrawal deadline; this 2030 calendar has none.
    (tmp_path / "md-2030.toml").write_text(GUBERNATORIAL_2030, encoding="utf-8")
    result = rules.run(
        "md-successor-lt-gov",
        {"event": "withdrawal", "event_date": "2030-03-01"},
        today=date(2030, 3, 1),
        calendars=load_calendars(tmp_path),
    )
    assert result.status == "needs_input"
    assert result.missing == ["withdrawal_deadline"]
    assert (
        f"Calendar md-2030 has no withdrawal_deadline: add it to {tmp_path}/md-2030.toml"
        in result.operator_note
    )
    assert "does not give that date" in result.answer and ".toml" not in result.answer


def test_a_calendar_lacking_the_only_date_asked_of_it_is_still_named(tmp_path: Path) -> None:
    # § 5-903(b)(2)(i): primary and § 5-303 deadline given, so the calendar is consulted only
    # for the § 5-502 withdrawal deadline, which it lacks.
    (tmp_path / "md-2030.toml").write_text(GUBERNATORIAL_2030, encoding="utf-8")
    result = rules.run(
        "md-successor-lt-gov",
        {
            "event": "withdrawal",
            "event_date": "2030-03-01",
            "primary": "2030-06-25",
            "filing_deadline": "2030-02-26T21:00",
        },
        today=date(2030, 3, 1),
        calendars=load_calendars(tmp_path),
    )
    assert result.status == "needs_input"
    assert result.missing == ["withdrawal_deadline"]
    assert "Calendar md-2030 has no withdrawal_deadline" in result.operator_note
