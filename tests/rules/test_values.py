"""The one vocabulary for values (issue 10 item 4): formatting then parsing gives the value back.

Property tests over dates, datetimes (aware, New York, minute precision, across DST changes),
money (0 ≤ x ≤ the bound, to the cent) and counts (0 ≤ n ≤ the bound), for the human form shown
in answers and the parameter form typed in `key=value` commands.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rules.values import (
    END_OF_DAY,
    MAX_COUNT,
    MAX_MONEY,
    MAX_YEAR,
    MIN_YEAR,
    TZ,
    Refused,
    format_count,
    format_date,
    format_datetime,
    format_human,
    format_money,
    format_when,
    param_string,
    parse_count,
    parse_date,
    parse_datetime,
    parse_money,
    parse_time,
)

DATES = st.dates(min_value=date(MIN_YEAR, 1, 1), max_value=date(MAX_YEAR, 12, 31))
CENTS = st.integers(min_value=0, max_value=int(MAX_MONEY * 100)).map(
    lambda c: (Decimal(c) / 100).quantize(Decimal("0.01"))
)
COUNTS = st.integers(min_value=0, max_value=MAX_COUNT)


@st.composite
def ny_minutes(draw: st.DrawFn) -> datetime:
    """An instant at a whole minute, in New York time; hours around DST changes are drawn often.

    A wall-clock time that occurs twice when clocks fall back is left out: neither written form
    ("… at 1:30 a.m.", "…T01:30") can say which of the two it is (both read as the first).
    """
    day = draw(
        st.one_of(
            DATES,
            st.sampled_from([date(2026, 3, 8), date(2026, 11, 1), date(2027, 3, 14)]),
        )
    )
    minute = draw(st.integers(min_value=0, max_value=24 * 60 - 1))
    start = datetime.combine(day, time(), TZ).astimezone(UTC)
    value = (start + timedelta(minutes=minute)).astimezone(TZ)
    assume(value.replace(fold=1 - value.fold).utcoffset() == value.utcoffset())
    return value


def _same_instant(a: datetime, b: datetime) -> bool:
    return a == b and a.utcoffset() == b.utcoffset() and b.tzinfo is TZ


@given(DATES)
def test_date_round_trips_through_both_forms(value: date) -> None:
    assert parse_date(format_date(value)) == value
    assert parse_date(param_string(value)) == value
    assert parse_datetime(param_string(value), time_default=None) == value


@given(ny_minutes())
def test_datetime_round_trips_through_both_forms(value: datetime) -> None:
    assert _same_instant(parse_datetime(format_datetime(value), time_default=None), value)  # type: ignore[arg-type]
    assert _same_instant(parse_datetime(param_string(value), time_default=None), value)  # type: ignore[arg-type]


@given(CENTS)
def test_money_round_trips_through_both_forms(value: Decimal) -> None:
    assert parse_money(format_money(value)) == value
    assert parse_money(param_string(value)) == value


@given(COUNTS)
def test_count_round_trips_through_both_forms(value: int) -> None:
    assert parse_count(format_count(value)) == value
    assert parse_count(param_string(value)) == value


def test_formats_as_answers_show_them() -> None:
    # Md. Elec. Law § 5-903(b)(2)(iii): the example deadline of the golden cases.
    assert format_human(date(2026, 5, 14)) == "Thursday, May 14, 2026"
    assert format_human(datetime(2026, 2, 24, 21, tzinfo=TZ)) == (
        "Tuesday, February 24, 2026 at 9:00 p.m. (Eastern)"
    )
    assert format_datetime(datetime(2026, 9, 4, 12, tzinfo=TZ)).endswith("at noon (Eastern)")
    end = datetime.combine(date(2026, 6, 10), END_OF_DAY, TZ)
    assert "11:59:59 p.m. (the end of the day)" in format_datetime(end)
    assert format_when(end) == "the end of Wednesday, June 10, 2026 (2026-06-10)"
    assert format_when(datetime(2026, 2, 24, 21, tzinfo=TZ)) == (
        "Tuesday, February 24, 2026 at 9:00 p.m. ET (2026-02-24 21:00)"
    )
    assert format_money(Decimal("1234.5")) == "$1,234.50"
    assert format_count(1234) == "1,234"
    assert param_string(datetime(2026, 6, 5, 21, tzinfo=UTC)) == "2026-06-05T17:00"
    assert param_string([Decimal("100000"), Decimal("2.50")]) == "100000;2.50"
    # Never a comma: "100,250" would read back as one sum of $100,250.
    assert param_string([Decimal("100"), Decimal("250")]) == "100;250"
    assert param_string(True) == "true"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("17:00", time(17)), ("5pm", time(17)), ("5:30 p.m.", time(17, 30)), ("noon", time(12))],
)
def test_times_as_typed(text: str, expected: time) -> None:
    assert parse_time(text) == expected


def test_dates_as_typed() -> None:
    assert parse_date("2026-05-01") == parse_date("5/1/2026") == date(2026, 5, 1)
    with pytest.raises(Refused, match="is a Friday"):
        parse_date("Thursday, May 1, 2026")
    with pytest.raises(Refused, match="outside"):
        parse_date("1/1/1899")
    with pytest.raises(ValueError, match="not a date"):
        parse_date("2/30/2026")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1e5", "scientific notation"),
        ("NaN", "not a number"),
        ("Infinity", "not a number"),
        ("-5", "negative"),
        ("$1.005", "more than two decimal places"),
        ("1,23", ""),
        ("2T", ""),
        ("1000000000000.01", "more than $1,000,000,000,000.00"),
    ],
)
def test_money_refusals(text: str, reason: str) -> None:
    with pytest.raises(Refused) as refused:
        parse_money(text)
    assert reason in str(refused.value)


def test_money_as_typed() -> None:
    assert parse_money("$1,234.50") == Decimal("1234.50")
    assert parse_money("90k") == Decimal(90_000)
    assert parse_money("1.2M") == Decimal(1_200_000)
    with pytest.raises(Refused, match=r"more than \$100.00"):
        parse_money("101", bound=Decimal(100))


@pytest.mark.parametrize(
    ("text", "reason"),
    [("1e400", "scientific notation"), ("-5", "negative"), ("3.5", ""), ("1000000001", "more")],
)
def test_count_refusals(text: str, reason: str) -> None:
    with pytest.raises(Refused) as refused:
        parse_count(text)
    assert reason in str(refused.value)
    assert parse_count("1,234") == 1234
