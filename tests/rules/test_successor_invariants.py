"""Invariants of § 5-903's rule across event dates and times (Md. Code, Elec. Law § 5-903).

- A `file_by` answer is never earlier than the event, and no alternative is either (issue 11,
  A1: a withdrawal on 2026-06-20 was told to file by 2026-03-11).
- (b)(2)(i) applies only to a certificate of withdrawal, filed within the § 5-502 period: a
  withdrawal after the § 5-502 deadline gets no (b)(2)(i) deadline.
- (b)(3)'s last permitted day is never passed by the answer or an alternative.
- (a)(1) turns on the 9 p.m. § 5-303 deadline when the event's time is given.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rules
from rules.values import TZ

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVENTS = st.sampled_from(["withdrawal", "death", "disqualification"])
# The 2026 season (md-2026): COC deadline 2026-02-24 9 p.m., § 5-502 deadline 2026-03-06,
# primary 2026-06-23.
SEASON_2026 = st.dates(date(2026, 1, 1), date(2026, 11, 3))


def _event_value(day: date, minute: int | None) -> str:
    if minute is None:
        return day.isoformat()
    return datetime.combine(day, time(minute // 60, minute % 60)).strftime("%Y-%m-%dT%H:%M")


def _check_never_before_the_event(result: rules.Result, event_day: date) -> None:
    if result.result.get("outcome") == "file_by":
        assert result.deadline is not None and result.deadline >= event_day, result.answer
    for alt in result.alternatives:
        d = alt.result.get("deadline")
        if d is not None:
            assert (d.date() if isinstance(d, datetime) else d) >= event_day, alt


@SETTINGS
@given(
    event=EVENTS,
    event_day=SEASON_2026,
    minute=st.one_of(st.none(), st.integers(0, 24 * 60 - 1)),
    today=SEASON_2026,
)
@example(event="death", event_day=date(2026, 2, 24), minute=None, today=date(2026, 2, 25))
@example(event="death", event_day=date(2026, 2, 24), minute=21 * 60 + 1, today=date(2026, 2, 25))
def test_file_by_is_never_before_the_event_2026_calendar(
    event: str, event_day: date, minute: int | None, today: date
) -> None:
    # § 5-903(b)(2)(i)-(iii), (b)(3), with the md-2026 calendar's dates.
    result = rules.run(
        "md-successor-lt-gov",
        {"event": event, "event_date": _event_value(event_day, minute)},
        today=today,
    )
    if event_day == date(2026, 2, 24) and minute is None:
        # (a)(1): a bare date on the 9 p.m. deadline's own day — its hour is asked for.
        assert (result.status, result.missing) == ("needs_input", ["event_date"])
        return
    assert result.status == "answered", result.answer
    _check_never_before_the_event(result, event_day)
    if event == "withdrawal" and date(2026, 2, 24) < event_day < date(2026, 6, 23):
        if event_day > date(2026, 3, 6):  # after the § 5-502 withdrawal deadline
            assert result.result["outcome"] == "untimely_withdrawal"
            assert "deadline" not in result.result
        else:
            assert result.deadline == date(2026, 3, 11)  # (b)(2)(i): 03-06 + 5 days


@SETTINGS
@given(
    event=EVENTS,
    primary=st.dates(date(2000, 1, 1), date(2040, 12, 31)),
    before=st.integers(1, 200),
    withdrawal_gap=st.integers(0, 30),
)
def test_file_by_is_never_before_the_event_any_primary(
    event: str, primary: date, before: int, withdrawal_gap: int
) -> None:
    # § 5-903(b)(2)(i)-(iii), (b)(3) for primaries on every weekday; the § 5-303 deadline is
    # well before every event, the § 5-502 deadline `withdrawal_gap` days after it.
    event_day = primary - timedelta(days=before)
    filing = event_day - timedelta(days=60)
    result = rules.run(
        "md-successor-lt-gov",
        {
            "event": event,
            "event_date": event_day.isoformat(),
            "primary": primary.isoformat(),
            "filing_deadline": filing.isoformat(),
            "withdrawal_deadline": (filing + timedelta(days=withdrawal_gap)).isoformat(),
        },
        today=event_day,
    )
    assert result.status == "answered", result.answer
    _check_never_before_the_event(result, event_day)
    latest = primary - timedelta(days=10)
    if event != "withdrawal" and 10 <= before < 45:  # (b)(3): never past the last permitted day
        assert result.deadline is not None and result.deadline <= latest
        for alt in result.alternatives:
            assert alt.result["deadline"] <= latest


def test_event_time_decides_a_1_on_the_deadline_day() -> None:
    # § 5-903(a)(1): "after the deadline for filing a certificate of candidacy … under § 5-303"
    # (md-2026: 2026-02-24 at 9 p.m.).
    def outcome(value: str) -> str:
        result = rules.run(
            "md-successor-lt-gov",
            {"event": "death", "event_date": value},
            today=date(2026, 2, 25),
        )
        return str(result.result["outcome"])

    assert outcome("2026-02-24T21:01") == "file_by"
    assert outcome("2026-02-24T21:00") == "not_applicable"
    assert outcome("2026-02-24T09:00") == "not_applicable"
    # A bare date on the deadline's day cannot say which side of 9 p.m. it fell: the hour is
    # asked for, and the value given is kept.
    bare = rules.run(
        "md-successor-lt-gov",
        {"event": "death", "event_date": "2026-02-24"},
        today=date(2026, 2, 25),
    )
    assert bare.status == "needs_input"
    assert bare.missing == ["event_date"]
    assert bare.inputs["event_date"].value == date(2026, 2, 24)
    # The day before and the day after are decided by the date alone.
    assert outcome("2026-02-23") == "not_applicable"
    assert outcome("2026-02-25") == "file_by"


def test_event_time_against_a_date_only_filing_deadline() -> None:
    # § 5-903(a)(1) applies only "after the deadline": an 11 p.m. death on the deadline's day,
    # the deadline given without its hour, is asked about, never decided by an hour assumed
    # (§ 5-303's is 9 p.m. under the current text, after which § 5-903 would apply).
    params = {"event": "death", "event_date": "2026-02-24T23:00", "filing_deadline": "2026-02-24"}
    result = rules.run("md-successor-lt-gov", params, today=date(2026, 2, 25))
    assert result.status == "needs_input"
    assert result.missing == ["filing_deadline"]
    assert result.inputs["event_date"].value == datetime(2026, 2, 24, 23, tzinfo=TZ)
    # With the hour given, the minute decides (a)(1).
    timed = rules.run(
        "md-successor-lt-gov",
        {**params, "filing_deadline": "2026-02-24T21:00", "primary": "2026-06-23"},
        today=date(2026, 2, 25),
    )
    assert timed.result["outcome"] == "file_by"
    # A timed event on an earlier day than the deadline is plainly not after it.
    before = rules.run(
        "md-successor-lt-gov",
        {**params, "event_date": "2026-02-23T23:00"},
        today=date(2026, 2, 25),
    )
    assert before.result["outcome"] == "not_applicable"
