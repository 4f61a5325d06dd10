"""Massachusetts readings around G.L. c. 53 § 14, sentence 7, surfaced by issue 11's legal review:
the last day for withdrawals on a Sunday or holiday (G.L. c. 50 § 4, c. 4 § 9), the office's last
hour (c. 50 § 4: 5 p.m., never "11:59:59 p.m."), and no readings beside a special act."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest

import rules
from rules.ma.c53_s14.certificate import office_hours
from rules.ma.holidays import election_final_day, roll_last_day
from rules.values import TZ


@pytest.mark.parametrize(
    ("last_day", "c50", "c4"),
    [
        (date(2026, 6, 7), date(2026, 6, 8), date(2026, 6, 8)),  # Sunday → Monday
        (date(2026, 5, 24), date(2026, 5, 26), date(2026, 5, 26)),  # Sunday, then Memorial Day
        (date(2026, 6, 19), date(2026, 6, 20), date(2026, 6, 22)),  # Friday holiday: Sat vs Mon
        (date(2026, 6, 6), date(2026, 6, 6), date(2026, 6, 6)),  # Saturday: neither moves it
        (date(2026, 6, 5), date(2026, 6, 5), date(2026, 6, 5)),  # a business day stays
    ],
)
def test_c50_s4_following_day_and_c4_s9_next_business_day(
    last_day: date, c50: date, c4: date
) -> None:
    assert election_final_day(last_day) == c50
    assert roll_last_day(last_day) == c4


def test_office_hours_end_at_five_pm() -> None:
    # c. 50 § 4: papers due on or before a day are due by 5 p.m. that day.
    wed_5pm = datetime(2026, 6, 10, 17, tzinfo=TZ)
    assert office_hours(datetime(2026, 6, 11, 0, tzinfo=TZ)) == wed_5pm  # midnight ending Wed
    assert office_hours(datetime(2026, 6, 10, 20, tzinfo=TZ)) == wed_5pm
    assert office_hours(wed_5pm) == wed_5pm
    assert office_hours(datetime(2026, 6, 10, 16, tzinfo=TZ)) == datetime(
        2026, 6, 10, 16, tzinfo=TZ
    )


def test_no_answer_or_reading_ends_after_five_pm() -> None:
    # Sentence 7 from every day of 2026 and 2027, each office: no "11:59:59 p.m." anywhere.
    day = date(2026, 1, 1)
    while day < date(2028, 1, 1):
        for office in ("state", "town"):
            result = rules.run(
                "ma-vacancy-certificate",
                {"withdrawal_deadline": day.isoformat(), "office": office},
                today=day,
            )
            assert "11:59:59" not in result.answer, (day, office)
            for value in [result.deadline, *(a.result["deadline"] for a in result.alternatives)]:
                assert value.astimezone(TZ).time() <= time(17), (day, office, value)
        day += timedelta(days=1)


def test_special_act_answer_has_no_readings_of_the_displaced_count() -> None:
    # 2025 Mass. Acts c. 34: post-primary withdrawals Fri 2026-09-04 noon → vacancies Tue 09-08
    # 5 p.m. The displaced count (Wed 09-09; Labor Day in the window) is in the trace only.
    result = rules.run(
        "ma-vacancy-certificate",
        {"withdrawal_deadline": "2026-09-04T12:00", "office": "state"},
        today=date(2026, 9, 2),
    )
    assert result.deadline == datetime(2026, 9, 8, 17, tzinfo=TZ)
    assert result.alternatives == []
    assert "Labor Day" not in result.answer and "Saturday" not in result.answer
    displaced = [s.step for s in result.trace if "displaces" in s.step]
    assert displaced and "Wednesday, September 9, 2026" in displaced[0]
    assert all("would make it" not in a for a in result.assumptions)


def test_city_and_town_offices_keep_the_count_in_the_special_act_window() -> None:
    # The act concerns state-primary nominations: a town office's count is not displaced.
    result = rules.run(
        "ma-vacancy-certificate",
        {"withdrawal_deadline": "2026-09-04T12:00", "office": "town"},
        today=date(2026, 9, 2),
    )
    assert "Mass. Acts" not in result.answer
    assert result.deadline == datetime(2026, 9, 8, 17, tzinfo=TZ)  # Fri 7, Mon 24, Tue 17


@pytest.mark.parametrize("office", ["city", "town"])
def test_a_city_or_town_office_is_never_timed_from_the_state_calendar(office: str) -> None:
    # c. 53, § 14, sentence 7 counts from *that election's* last day for filing withdrawals;
    # the packaged calendars are the state election's, so none of their dates is used or shown.
    result = rules.run("ma-vacancy-certificate", {"office": office}, today=date(2026, 4, 2))
    assert result.status == "needs_input"
    assert result.missing == ["withdrawal_deadline"]
    assert all(v.origin != "calendar" for v in result.inputs.values())
    assert result.trace == []


def test_the_cause_sentence_2_excepts_is_said_to_be_excepted_not_unnamed() -> None:
    # c. 53, § 14, sentence 2 names disqualification "except disqualification for insufficient
    # signatures": the reply says so, never that disqualification goes unnamed.
    result = rules.run(
        "ma-vacancy-who-fills",
        {
            "nomination": "nomination-papers",
            "office": "lieutenant-governor",
            "cause": "disqualification-insufficient-signatures",
        },
        today=date(2026, 9, 2),
    )
    assert result.result["outcome"] == "not_covered"
    assert "except a disqualification for insufficient signatures" in result.answer
    assert "names only" not in result.answer


@pytest.mark.parametrize(
    ("last_day", "due"),
    [
        # Sentence 7, 72 week day hours from Wed 2027-09-01 5 p.m., Labor Day counted: due on
        # Labor Day itself (the Saturday reading ends earlier, Sat 09-04).
        ("2027-09-01T17:00", "Monday, September 6, 2027"),
        # From Wed 2027-10-06: Columbus Day, Mon 10-11.
        ("2027-10-06T17:00", "Monday, October 11, 2027"),
    ],
)
def test_an_answer_due_on_a_legal_holiday_says_that_day_is_closed(last_day: str, due: str) -> None:
    # c. 53, § 14, sentence 7 counted with holidays as week days (the earlier reading) can end
    # on a legal holiday; beside the Saturday reading's safe Friday, the answer says its own day
    # is a day the office is closed.
    result = rules.run(
        "ma-vacancy-certificate",
        {"withdrawal_deadline": last_day, "office": "state"},
        today=date(2027, 8, 20),
    )
    assert result.deadline.strftime("%A, %B %-d, %Y") == due
    assert f"{due} itself is a legal holiday, when the office is closed." in result.answer
    assert "is safe under either reading" in result.answer
