"""Election calendars as data: packaged files, overrides, selection and strict validation."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from rules.calendar import (
    PACKAGED_DIR,
    Calendar,
    CalendarError,
    calendar_for,
    default_directory,
    lint_calendars,
    load_calendars,
)
from rules.timecalc import TU, at_local, first_weekday_of_month, nth_weekday_of_month
from rules.values import TZ as NY

MINIMAL = """\
id = "{id}"
jurisdiction = "{jurisdiction}"
election = "gubernatorial"
year = {year}
title = "Test calendar"
source = "Test source"

[dates.general]
value = {general}
label = "General election"
source = "Test source"
{extra}"""


def write(directory: Path, name: str, *, extra: str = "", **fields: object) -> Path:
    values: dict[str, object] = {
        "id": "md-2026",
        "jurisdiction": "md",
        "year": 2026,
        "general": "2026-11-03",
    }
    values.update(fields)
    path = directory / name
    path.write_text(MINIMAL.format(extra=extra, **values), encoding="utf-8")
    return path


def load_error(directory: Path) -> str:
    with pytest.raises(CalendarError) as info:
        load_calendars(directory)
    message = str(info.value)
    assert "\n" not in message
    return message


# --- packaged calendars ------------------------------------------------------------------------


def test_md_2026_dates_match_the_statutory_computations() -> None:
    cal = load_calendars().get("md-2026")
    assert cal is not None and cal.jurisdiction == "md" and cal.election == "gubernatorial"
    # § 5-303: 9 p.m. on the last Tuesday in February of a gubernatorial year.
    coc = cal.date("coc_deadline")
    assert coc == at_local(nth_weekday_of_month(2026, 2, TU, -1), 21)
    assert isinstance(coc, datetime) and coc.tzinfo is NY
    # § 5-502(a): 10 days after the filing deadline.
    assert cal.date("withdrawal_deadline") == date(2026, 2, 24) + timedelta(days=10)
    # § 8-201 (2025): fourth Tuesday in June.
    assert cal.date("primary") == nth_weekday_of_month(2026, 6, TU, 4)
    # § 5-703(d)(1), (f)(1): 5 p.m. on the first Monday in August.
    assert cal.date("petition_deadline") == at_local(first_weekday_of_month(2026, 8), 17)
    assert cal.date("general") == date(2026, 11, 3)
    assert cal.source_for("primary").startswith("md-2026: Maryland State Board of Elections")


def test_ma_2026_dates_and_special_act_override() -> None:
    cal = load_calendars().get("ma-2026")
    assert cal is not None
    assert cal.date("primary") == date(2026, 9, 1)
    assert cal.date("general") == date(2026, 11, 3)
    assert cal.date("withdrawal_deadline") == at_local(date(2026, 6, 5), 17)
    assert cal.date("post_primary_withdrawal_deadline") == at_local(date(2026, 9, 4), 12)
    # 2025 Mass. Acts c. 34 displaces G.L. c. 53 § 14 for the post-primary vacancies.
    override = cal.override_for("ma-vacancy-certificate", date(2026, 9, 4))
    assert override is not None
    assert override.value == at_local(date(2026, 9, 8), 17)
    assert override.act == "2025 Mass. Acts c. 34"
    assert override.input == "withdrawal_deadline"
    # Matching is by day: the statute's own 5 p.m. on the same day still finds it.
    assert cal.override_for("ma-vacancy-certificate", at_local(date(2026, 9, 4), 17)) == override
    # The pre-primary withdrawal deadline is computed by the statute, not overridden.
    assert cal.override_for("ma-vacancy-certificate", date(2026, 6, 5)) is None
    assert cal.override_for("other-rule", date(2026, 9, 4)) is None


def test_every_packaged_date_has_a_label_and_source() -> None:
    calendars = load_calendars()
    assert {"md-2026", "ma-2026"} <= set(calendars.ids())
    for cal in calendars:
        for key, entry in cal.dates.items():
            assert entry.label and entry.source, f"{cal.id}.{key}"
            if isinstance(entry.value, datetime):
                assert entry.value.tzinfo is NY
    assert lint_calendars() == []


def test_find_override_across_calendars() -> None:
    found = load_calendars().find_override("ma-vacancy-certificate", date(2026, 9, 4))
    assert found is not None
    cal, override = found
    assert cal.id == "ma-2026" and override.value.date() == date(2026, 9, 8)  # type: ignore[union-attr]
    none = load_calendars().find_override(
        "ma-vacancy-certificate", date(2026, 9, 4), jurisdiction="md"
    )
    assert none is None


# --- selection and version -----------------------------------------------------------------


def test_which_calendar_a_question_is_about(tmp_path: Path) -> None:
    # The one way a calendar is chosen (rules default missing values from it).
    write(tmp_path, "md-2026.toml")
    write(tmp_path, "md-2030.toml", id="md-2030", year=2030, general="2030-11-05")
    write(tmp_path, "ma-2026.toml", id="ma-2026", jurisdiction="ma")
    calendars = load_calendars(tmp_path)
    assert [c.id for c in calendars.for_jurisdiction("md")] == ["md-2026", "md-2030"]

    def chosen(jurisdiction: str, today: date, **kw: object) -> str | None:
        cal = calendar_for(calendars, jurisdiction, today=today, **kw)  # type: ignore[arg-type]
        return cal.id if cal else None

    # A year given: that year's calendar, whatever today is.
    assert chosen("md", date(2026, 1, 1), year=2030) == "md-2030"
    assert chosen("md", date(2026, 1, 1), year=2028) is None
    # Dates given: the calendar of their year, only up to its general election.
    assert chosen("md", date(2029, 1, 1), given=[date(2026, 5, 1)]) == "md-2026"
    assert chosen("md", date(2026, 1, 1), given=[date(2026, 11, 4)]) is None
    assert chosen("md", date(2026, 1, 1), given=[date(2022, 5, 1)]) is None
    # Neither: today's season, this year's or next year's election still ahead.
    assert chosen("md", date(2025, 6, 1)) == "md-2026"
    assert chosen("md", date(2026, 11, 3)) == "md-2026"
    assert chosen("md", date(2026, 11, 4)) is None
    assert chosen("md", date(2029, 12, 1)) == "md-2030"
    assert chosen("ma", date(2026, 1, 1)) == "ma-2026"
    assert chosen("xx", date(2026, 1, 1)) is None


def test_version_changes_with_file_bytes(tmp_path: Path) -> None:
    path = write(tmp_path, "md-2026.toml")
    first = load_calendars(tmp_path).version
    assert first == load_calendars(tmp_path).version
    path.write_text(path.read_text() + "# edited\n")
    assert load_calendars(tmp_path).version != first


def test_rules_never_read_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # DEADLINE_BOT_CALENDARS is the bot's setting (bot/ops/settings.py), passed down as a folder;
    # rules/ itself always means the packaged calendars when given none.
    write(tmp_path, "md-2026.toml", general="2026-11-03")
    monkeypatch.setenv("DEADLINE_BOT_CALENDARS", str(tmp_path))
    assert default_directory() == PACKAGED_DIR
    assert load_calendars().directory == PACKAGED_DIR


# --- validation ----------------------------------------------------------------------------

GOOD_COC = """
[dates.coc_deadline]
value = {value}
label = "Certificate of candidacy filing deadline"
source = "SBE"
"""


def test_local_datetime_is_new_york_time_and_matching_offset_accepted(tmp_path: Path) -> None:
    write(tmp_path, "md-2026.toml", extra=GOOD_COC.format(value="2026-02-24T21:00:00-05:00"))
    cal = load_calendars(tmp_path).get("md-2026")
    assert isinstance(cal, Calendar)
    assert cal.date("coc_deadline") == at_local(date(2026, 2, 24), 21)
    assert cal.get("missing") is None
    with pytest.raises(KeyError, match="has no date 'missing'"):
        cal.date("missing")


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ('"2026-02-24"', "dates.coc_deadline.value: expected a TOML date or date-time"),
        ("2026-02-24T21:00:00Z", "dates.coc_deadline.value: offset"),
        ("2026-02-24T21:00:00-04:00", "disagrees with America/New_York"),
        ("21:00:00", "dates.coc_deadline.value: time 21:00:00 without a date"),
        ("2026-03-08T02:30:00", "does not exist in America/New_York"),
        ("2026-11-01T01:30:00", "is ambiguous in America/New_York"),
    ],
)
def test_bad_date_values_name_file_and_key(tmp_path: Path, value: str, fragment: str) -> None:
    write(tmp_path, "md-2026.toml", extra=GOOD_COC.format(value=value))
    message = load_error(tmp_path)
    assert message.startswith("md-2026.toml: ")
    assert fragment in message


def test_invalid_toml_date_names_file(tmp_path: Path) -> None:
    write(tmp_path, "md-2026.toml", general="2026-02-30")
    assert load_error(tmp_path).startswith("md-2026.toml: invalid TOML")


def test_missing_source_names_key(tmp_path: Path) -> None:
    extra = '[dates.primary]\nvalue = 2026-06-23\nlabel = "Primary"\n'
    write(tmp_path, "md-2026.toml", extra=extra)
    assert load_error(tmp_path) == "md-2026.toml: dates.primary.source: required key is missing"


def test_unknown_key_and_unknown_jurisdiction(tmp_path: Path) -> None:
    write(tmp_path, "md-2026.toml", extra='colour = "blue"\n')
    assert "colour: unknown key" in load_error(tmp_path)
    write(tmp_path, "md-2026.toml", jurisdiction="va", id="va-2026")
    assert "jurisdiction: unknown jurisdiction 'va'" in load_error(tmp_path)


def test_id_must_agree_with_jurisdiction_and_year(tmp_path: Path) -> None:
    write(tmp_path, "md-2026.toml", id="md-2030")
    assert "does not match jurisdiction 'md' / year 2026" in load_error(tmp_path)


def test_general_election_is_required_and_in_year(tmp_path: Path) -> None:
    write(tmp_path, "md-2026.toml", general="2027-11-02")
    assert "dates.general 2027-11-02 is not in year 2026" in load_error(tmp_path)


def test_duplicate_id_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "a.toml")
    write(tmp_path, "b.toml")
    assert load_error(tmp_path) == "b.toml: id: duplicate calendar id 'md-2026' (also in a.toml)"


def test_override_must_point_at_a_date_key(tmp_path: Path) -> None:
    extra = """
[[overrides]]
rule = "ma-vacancy-certificate"
input = "withdrawal_deadline"
applies_to = "nowhere"
value = 2026-09-08T17:00:00
label = "Vacancies"
act = "2025 Mass. Acts c. 34"
source = "2025 Mass. Acts c. 34"
"""
    write(tmp_path, "ma-2026.toml", id="ma-2026", jurisdiction="ma", extra=extra)
    assert "overrides[0].applies_to 'nowhere' is not a key in [dates]" in load_error(tmp_path)


def test_missing_directory(tmp_path: Path) -> None:
    assert "calendar directory not found" in load_error(tmp_path / "absent")


def test_lint_reports_soft_problems(tmp_path: Path) -> None:
    extra = '[dates.primary]\nvalue = 2026-06-27\nlabel = "Primary"\nsource = "x"\n'
    write(tmp_path, "maryland.toml", extra=extra)
    problems = lint_calendars(tmp_path)
    assert "maryland.toml: id: 'md-2026' differs from the file name" in problems
    assert "maryland.toml: dates.primary: 2026-06-27 is a weekend day (add a note)" in problems
    (tmp_path / "broken.toml").write_text("id = ")
    assert any(p.startswith("broken.toml: invalid TOML") for p in lint_calendars(tmp_path))
