"""The packaged calendars for the next cycles (Maryland and Massachusetts 2028), the md-2026
withdrawal deadline's caveat, and the 2026 special act's data for who fills a vacancy.

The 2028 dates are computed from statute text (no published 2028 calendar was found); each test
recomputes a date from the subsection it cites.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import rules
from rules.calendar import PACKAGED_DIR, lint_calendars, load_calendars
from rules.season import season_deadlines, year_deadlines
from rules.timecalc import TU, at_local, first_weekday_of_month, nth_weekday_of_month

ROOT = Path(__file__).resolve().parents[2]


def test_md_2028_dates_follow_the_statutes() -> None:
    cal = load_calendars().get("md-2028")
    assert cal is not None and cal.election == "presidential" and cal.jurisdiction == "md"
    # § 8-201(a)(2)(ii): the fourth Tuesday in April of a presidential year.
    primary = nth_weekday_of_month(2028, 4, TU, 4)
    assert cal.date("primary") == primary == date(2028, 4, 25)
    # § 5-303(a)(2): 9 p.m. on the 95th day before the primary.
    assert cal.date("coc_deadline") == at_local(primary - timedelta(days=95), 21)
    # § 5-703(d)(1): 5 p.m. on the first Monday in August.
    assert cal.date("petition_deadline") == at_local(first_weekday_of_month(2028, 8), 17)
    # § 8-301(a)(2): the Tuesday following the first Monday in November.
    assert cal.date("general") == first_weekday_of_month(2028, 11) + timedelta(days=1)
    # § 5-502's current text was not found: the withdrawal deadline is left out on purpose.
    assert cal.get("withdrawal_deadline") is None


def test_ma_2028_dates_follow_the_statutes() -> None:
    cal = load_calendars().get("ma-2028")
    assert cal is not None and cal.election == "state" and cal.jurisdiction == "ma"
    # c. 53 § 48: papers on or before the first Tuesday in June; c. 55B § 5 / c. 53 § 13:
    # withdrawals within 72 hours succeeding 5 p.m. of that day → Fri 2028-06-09 5 p.m.
    papers = nth_weekday_of_month(2028, 6, TU, 1)
    assert cal.date("withdrawal_deadline") == at_local(papers + timedelta(days=3), 17)
    assert cal.date("general") == date(2028, 11, 7)  # c. 54 § 62
    # The primary has been moved nearly every cycle: left out, not guessed.
    assert cal.get("primary") is None


def test_2028_calendars_moved_into_the_package_and_lint_clean() -> None:
    assert (PACKAGED_DIR / "md-2028.toml").is_file()
    assert (PACKAGED_DIR / "ma-2028.toml").is_file()
    assert not (ROOT / "research" / "calendars").exists()
    assert lint_calendars() == []
    for cal_id in ("md-2028", "ma-2028"):
        cal = load_calendars().get(cal_id)
        assert cal is not None
        for key, entry in cal.dates.items():
            assert "no" in entry.source and "2028 calendar found" in entry.source, key


def test_md_2026_withdrawal_deadline_records_the_5_502_check() -> None:
    # § 5-502(a): the SBE's published date stays; the note says what could not be confirmed.
    entry = load_calendars().get("md-2026").get("withdrawal_deadline")  # type: ignore[union-attr]
    assert entry is not None and entry.value == date(2026, 3, 6)
    assert "§ 5-502" in entry.note and "not found" in entry.note
    assert "10 days" in entry.note and "2022" in entry.note


def test_ma_2026_special_act_who_fills_data() -> None:
    # 2025 Mass. Acts c. 34 § 4: vacancies from the September 1, 2026 state primary.
    cal = load_calendars().get("ma-2026")
    assert cal is not None
    override = cal.override_for("ma-vacancy-who-fills", date(2026, 9, 1))
    assert override is not None
    assert override.act == "2025 Mass. Acts c. 34 § 4"
    assert override.input == "primary_date"
    assert override.value == at_local(date(2026, 9, 8), 17)
    assert "executive committee" in override.label
    assert "malegislature.gov" in override.source
    assert cal.override_for("ma-vacancy-who-fills", date(2026, 9, 15)) is None


def test_only_a_gubernatorial_calendar_lists_successor_lt_governor_deadlines() -> None:
    # § 5-903 is about a governor ticket's Lt. Governor candidate: a presidential year (2028)
    # has none, so its season lists no § 5-903 deadline; 2026's lists both (b)(2)(i) and (iii).
    rules_in = {
        cal_id: {d.rule for d in season_deadlines(cal_id, today=date(2026, 1, 1))}
        for cal_id in ("md-2026", "md-2028")
    }
    assert "md-successor-lt-gov" in rules_in["md-2026"]
    assert "md-successor-lt-gov" not in rules_in["md-2028"]
    assert "md-petition-certificate" in rules_in["md-2028"]


def test_the_fund_schedule_asks_the_year_rather_than_take_a_presidential_calendars() -> None:
    # § 15-106(a) / § 15-107(a): the Fund pays gubernatorial tickets; in December 2027 the next
    # calendar held is md-2028 (presidential), whose year is no gubernatorial year. The rule asks
    # for the year instead of rejecting one the user never gave.
    result = rules.run("md-public-financing-schedule", {}, today=date(2027, 12, 1))
    assert result.status == "needs_input" and result.missing == ["year"]
    assert "md-2028" in " ".join([*result.notices, result.answer])


def test_a_years_own_deadlines_without_its_calendar_are_the_calendars_where_one_is_held() -> None:
    # § 5-703(d)(1): the first Monday in August fixes petitions and non-party certificates by
    # the year alone, so md-2028's calendar and 2028 without one give the same deadlines.
    with_calendar = season_deadlines("md-2028", today=date(2027, 6, 1))
    by_year = year_deadlines("md", 2028, today=date(2027, 6, 1))
    assert [(d.key, d.deadline) for d in by_year] == [(d.key, d.deadline) for d in with_calendar]
    # Massachusetts' season counts from the last day for withdrawals: nothing without it.
    assert year_deadlines("ma", 2030, today=date(2029, 6, 1)) == []
    # A gubernatorial year adds the declaration of intent (§ 5-703(c)), and never the
    # successor deadlines, which count from a withdrawal deadline or a primary not held.
    rules_2030 = {d.rule for d in year_deadlines("md", 2030, today=date(2029, 6, 1))}
    assert rules_2030 == {
        "md-petition-declaration",
        "md-petition-certificate",
        "md-petition-filing",
    }
