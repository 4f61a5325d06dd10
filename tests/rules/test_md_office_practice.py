"""Maryland SBE office practice (`rules.md.practice`): the "adjusted date" beside a statutory date
that falls when State offices are closed — weekends for certain, the `holidays` library's US-MD
list labelled as a library's list — never the Gen. Prov. § 1-111 list, never past an outer limit.

Exercised through § 5-903(b)(2)(i) (the fifth day after a given § 5-502 withdrawal deadline), with
every date given so no calendar is involved.
"""

from __future__ import annotations

from datetime import date, timedelta

import rules
from rules.md.holidays import is_legal_holiday
from rules.md.practice import last_open_day_on_or_before, library_state_holidays


def _fifth_day_on(day: date) -> rules.Result:
    """§ 5-903(b)(2)(i): a certificate due the fifth day after the withdrawal deadline."""
    result = rules.run(
        "md-successor-lt-gov",
        {
            "event": "withdrawal",
            "withdrawal_deadline": (day - timedelta(days=5)).isoformat(),
            "primary": (day + timedelta(days=120)).isoformat(),
            "filing_deadline": (day - timedelta(days=30)).isoformat(),
        },
        today=day - timedelta(days=10),
    )
    assert result.status == "answered" and result.deadline == day, result.answer
    return result


def test_weekend_date_rolls_over_the_weekend_only_and_says_what_is_not_held() -> None:
    result = _fifth_day_on(date(2026, 3, 7))  # a Saturday
    (alt,) = result.alternatives
    assert alt.label == "Office practice: next business day"
    assert alt.result["deadline"] == date(2026, 3, 9)
    assert "State Personnel and Pensions § 9-201" in alt.basis
    assert "not held" in alt.basis
    assert "Confirm the adjusted date on the State Board of Elections calendar" in alt.basis
    assert result.deadline == date(2026, 3, 7)  # the statutory date stays the answer


def test_a_library_holiday_after_the_weekend_is_a_second_labelled_alternative() -> None:
    # Sat 2026-09-05; Monday 09-07 is Labor Day in the library's list.
    result = _fifth_day_on(date(2026, 9, 5))
    weekend, library = result.alternatives
    assert weekend.result["deadline"] == date(2026, 9, 7)
    assert library.result["deadline"] == date(2026, 9, 8)  # alternatives earlier first
    assert "Labor Day" in library.basis
    assert "`holidays` software library, which is not the statute" in library.basis
    assert "not held" in library.basis and "Confirm" in library.basis


def test_a_weekday_library_holiday_gets_only_the_labelled_alternative() -> None:
    result = _fifth_day_on(date(2026, 9, 7))  # Labor Day, a Monday
    (alt,) = result.alternatives
    assert alt.result["deadline"] == date(2026, 9, 8)
    assert "library" in alt.label


def test_gen_prov_1_111_days_state_offices_keep_open_do_not_roll() -> None:
    # Lincoln's Birthday (Thu 2026-02-12) and Good Friday (2026-04-03) are § 1-111 legal
    # holidays but not in the State's closure lists: no adjusted date is offered.
    for day in (date(2026, 2, 12), date(2026, 4, 3)):
        assert is_legal_holiday(day)
        assert _fifth_day_on(day).alternatives == []


def test_library_list_is_the_package_s_with_its_observed_days() -> None:
    # A Saturday holiday observed the Friday before (the package's rule, like SPP § 9-204's).
    listed = library_state_holidays(2026)
    assert listed[date(2026, 7, 3)] == "Independence Day (observed)"
    assert date(2026, 2, 12) not in listed  # Lincoln's Birthday: § 1-111 only


def test_last_open_day_steps_back_over_weekends_and_library_holidays() -> None:
    assert last_open_day_on_or_before(date(2026, 6, 13)) == (date(2026, 6, 12), {})
    day, skipped = last_open_day_on_or_before(date(2026, 6, 20))  # Fri 06-19 is Juneteenth
    assert day == date(2026, 6, 18)
    assert list(skipped) == [date(2026, 6, 19)]
    assert last_open_day_on_or_before(date(2026, 6, 17)) == (date(2026, 6, 17), {})


def test_b_3_last_day_on_a_saturday_before_a_friday_holiday() -> None:
    # § 5-903(b)(2)(ii), (b)(3): primary Tue 2026-06-30 → last permitted day Sat 06-20; Friday
    # 06-19 is Juneteenth in the library's list → file by Thursday 06-18, both days named.
    result = rules.run(
        "md-successor-lt-gov",
        {
            "event": "death",
            "event_date": "2026-06-15",
            "primary": "2026-06-30",
            "filing_deadline": "2026-02-24T21:00",
        },
        today=date(2026, 6, 15),
    )
    assert result.deadline == date(2026, 6, 18)
    assert result.result["statutory_deadline"] == date(2026, 6, 20)
    assert "Saturday, June 20, 2026" in result.answer and "Juneteenth" in result.answer
    assert result.alternatives == []  # (b)(3) is an outer limit: nothing later is offered
