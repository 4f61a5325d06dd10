"""Properties of the rules, checked against oracles written from the statute text.

- Md. Code, Elec. Law § 5-903(b)(2)(ii)-(iii), (b)(3), (c): successor deadlines by event timing.
- G.L. c. 53 § 14, sentence 7: week-day hours after 5 p.m. of the last day for withdrawals.
- Every answer quotes the corpus verbatim, in the text version each citation names; every statute
  trace step names a cited node.
- Md. Code, Elec. Law § 15-106(b)-(d) (2014 text, as of 2014-06-01) and § 15-107(b)-(c) (2025
  text): money to the cent, shares never exceed the money available, matching per contribution.
- Garbage input never raises.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.result import Citation, Result
from statutes import default_corpus

NY = ZoneInfo("America/New_York")
AS_OF_2014 = date(2014, 6, 1)  # the law in force then: the 2014 texts of §§ 5-703, 15-106
CENT = Decimal("0.01")
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DAYS = st.dates(date(2000, 1, 1), date(2040, 12, 31))
STATUSES = {"answered", "needs_input", "invalid_input", "refused"}


def _iso(d: date | datetime) -> str:
    return d.isoformat()


# --- § 5-903: successor Lieutenant Governor ---------------------------------------------------


def successor(event: str, event_day: date, primary: date) -> Result:
    return rules.run(
        "md-successor-lt-gov",
        {
            "event": event,
            "event_date": _iso(event_day),
            "primary": _iso(primary),
            # (a)(1): the event is after the § 5-303 deadline in every example here.
            "filing_deadline": _iso(primary - timedelta(days=500)),
            "withdrawal_deadline": _iso(primary - timedelta(days=480)),
        },
        today=event_day,
    )


@SETTINGS
@given(
    primary=DAYS,
    before=st.integers(1, 400),
    event=st.sampled_from(["death", "disqualification"]),
)
def test_5_903_deadline_follows_the_statute(primary: date, before: int, event: str) -> None:
    # § 5-903(b)(2)(ii)-(iii), (b)(3), (c)
    event_day = primary - timedelta(days=before)
    result = successor(event, event_day, primary)
    assert result.status == "answered", result.answer
    cited = {c.id for c in result.citations}
    if before < 10:  # (c): less than 10 days before → the ticket stays on the ballot
        assert result.result["outcome"] == "remain_on_ballot"
        assert "md/gel/5-903/c/1" in cited
        return
    deadline = result.deadline
    outcome = result.result["outcome"]
    assert outcome in ("file_by", "no_open_day")
    if before < 45:  # (b)(2)(ii) fifth day following, (b)(3) not less than 10 days before
        assert "md/gel/5-903/b/2/ii" in cited and "md/gel/5-903/b/3" in cited
        latest = primary - timedelta(days=10)
        assert deadline <= latest
        assert event_day <= deadline <= event_day + timedelta(days=5)
        if event_day + timedelta(days=5) < latest:
            assert deadline == event_day + timedelta(days=5)
        else:  # (b)(3) forces the last permitted day, which may be the event day itself
            assert result.result["statutory_deadline"] == latest
            # A weekend last day: the last open weekday before it, unless that is before the
            # event (then the statutory day, with the warning) — never a later day.
            if latest.weekday() < 5 and deadline == latest:
                pass
            elif deadline == latest:
                assert outcome == "no_open_day"
                assert "there may be no day left to file" in result.answer
            else:
                assert deadline.weekday() < 5 and deadline >= latest - timedelta(days=4)
    else:  # (b)(2)(iii): not later than 40 days before the primary
        assert "md/gel/5-903/b/2/iii" in cited
        assert deadline == primary - timedelta(days=40)


def test_5_903_b_3_no_alternative_after_the_last_permitted_day() -> None:
    # § 5-903(b)(3): "may not be filed less than 10 days before the day of the primary".
    # Swept over a week of primaries so every weekday position of primary − 10 occurs.
    late = []
    for shift in range(7):
        primary = date(2026, 6, 23) + timedelta(days=shift)
        for before in range(10, 45):
            result = successor("death", primary - timedelta(days=before), primary)
            for alt in result.alternatives:
                if alt.result.get("deadline") and alt.result["deadline"] > primary - timedelta(
                    days=10
                ):
                    late.append((primary, before, alt.result["deadline"]))
    assert late == []


# --- G.L. c. 53 § 14, sentence 7: week-day hours -----------------------------------------------


def _nth_week_day_after(day: date, n: int) -> date:
    count = 0
    while True:
        day += timedelta(days=1)
        if day.weekday() < 5:
            count += 1
            if count == n:
                return day


@SETTINGS
@given(day=DAYS, office=st.sampled_from(["state", "city", "town"]))
def test_week_day_hours_deadline(day: date, office: str) -> None:
    # Sentence 7: 72 (state) / 48 (city, town) week day hours succeeding 5 p.m. of the last day.
    result = rules.run(
        "ma-vacancy-certificate", {"withdrawal_deadline": _iso(day), "office": office}, today=day
    )
    assert result.status == "answered", result.answer
    if "Mass. Acts" in result.answer:  # a special act displaces the count: no readings of it
        assert result.alternatives == []
        return
    by_label = {a.label: a.result["deadline"] for a in result.alternatives}
    # Oracle: from 5 p.m. on a week day, 7 h + whole week days + 17 h → 5 p.m. on the 3rd/2nd
    # following week day; from a weekend day, whole week days → the midnight ending the 3rd/2nd,
    # where the office's last hour is 5 p.m. (G.L. c. 50 § 4) — never 11:59:59 p.m.
    n = 3 if office == "state" else 2
    expected = datetime.combine(_nth_week_day_after(day, n), time(17), NY)
    assert result.deadline == expected
    five_pm = datetime.combine(day, time(17), NY)
    assert result.deadline > five_pm
    assert result.deadline.weekday() < 5, result.deadline
    assert result.deadline.utcoffset() == result.deadline.astimezone(NY).utcoffset()
    deadlines = [a.result["deadline"] for a in result.alternatives]
    assert deadlines == sorted(deadlines)  # alternatives earlier first
    for d in deadlines:
        assert d.timetz().replace(tzinfo=None) == time(17)  # the office's last hour, always
        assert d != result.deadline  # a reading giving the answer's date is not repeated
    saturday = by_label.get("Saturdays counted as week days")
    if saturday is not None:
        assert saturday < result.deadline  # counting more days never ends later
    holiday = by_label.get("Legal holidays not counted as week days")
    if holiday is not None:
        assert holiday > result.deadline  # the not-counted reading is never earlier
        assert holiday.weekday() < 5
    for label, d in by_label.items():
        if label.startswith("Last day for withdrawals moved"):
            assert d > result.deadline


def test_moved_last_day_alternative_after_a_holiday() -> None:
    # Sentence 7, 48 week day hours from Veterans Day (Wed 2026-11-11): counted → Fri 5 p.m.;
    # not counted → the midnight ending Friday → Fri 5 p.m. too (not repeated); the last day
    # moved to Thursday (G.L. c. 50 § 4 and c. 4 § 9 alike) → Mon 11-16 5 p.m.
    result = rules.run(
        "ma-vacancy-certificate",
        {"withdrawal_deadline": "2026-11-11", "office": "city"},
        today=date(2026, 11, 1),
    )
    assert result.deadline == datetime(2026, 11, 13, 17, tzinfo=NY)
    (alt,) = result.alternatives
    assert alt.result["deadline"] == datetime(2026, 11, 16, 17, tzinfo=NY)
    assert "c. 50 § 4" in alt.basis and "c. 4 § 9" in alt.basis
    assert "not held here as statute text" in alt.basis


# --- citations, trace, money, garbage across every rule ----------------------------------------

MONEY = st.decimals(min_value=0, max_value=10**9, places=2).map(lambda d: f"{d:.2f}")
# One contributor's contribution: mostly up to the $250 of § 15-102(e), sometimes over it.
CONTRIBUTION = st.decimals(min_value=0, max_value=400, places=2).map(lambda d: f"{d:.2f}")
DATETIME_TEXT = st.builds(
    lambda d, h, m: f"{d.isoformat()}T{h:02d}:{m:02d}", DAYS, st.integers(0, 23), st.integers(0, 59)
)


def _opt(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), strategy)


VALID_CALLS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "md-successor-lt-gov": st.fixed_dictionaries(
        {"event": st.sampled_from(["withdrawal", "death", "disqualification"])},
        optional={
            "event_date": DAYS.map(_iso),
            "primary": DAYS.map(_iso),
            "withdrawal_deadline": DAYS.map(_iso),
            "filing_deadline": st.one_of(DAYS.map(_iso), DATETIME_TEXT),
        },
    ),
    "md-petition-declaration": st.fixed_dictionaries(
        {"election": st.sampled_from(["gubernatorial", "presidential", "special-congressional"])},
        optional={
            "year": st.integers(2000, 2040).map(str),
            "coc_deadline": DATETIME_TEXT,
            "proclamation_deadline": DATETIME_TEXT,
            "baltimore_city": st.sampled_from(["yes", "no"]),
        },
    ),
    "md-petition-certificate": st.fixed_dictionaries(
        {}, optional={"year": st.integers(2000, 2040).map(str)}
    ),
    "md-petition-signatures": st.fixed_dictionaries(
        {"registered_voters": st.integers(0, 10**8).map(str)}
    ),
    "md-petition-filing": st.fixed_dictionaries(
        {},
        optional={
            "year": st.integers(2000, 2040).map(str),
            "election": st.sampled_from(["regular", "special-congressional"]),
            "special_primary": DAYS.map(_iso),
        },
    ),
    "md-public-financing-schedule": st.fixed_dictionaries(
        {}, optional={"year": st.integers(2000, 2040).map(str)}
    ),
    "md-public-financing-primary": st.fixed_dictionaries(
        {},
        optional={
            "private_contributions": MONEY,
            "opposed": st.sampled_from(["yes", "no"]),
            "contributions": st.lists(CONTRIBUTION, min_size=1, max_size=8).map(";".join),
        },
    ),
    "md-public-financing-proration": st.fixed_dictionaries(
        {"fund": MONEY, "entitlements": st.lists(MONEY, min_size=1, max_size=8).map(";".join)},
        optional={"election": st.sampled_from(["primary", "general"])},
    ),
    "md-public-financing-general": st.fixed_dictionaries(
        {
            "fund_remaining": MONEY,
            "nominee_tickets": st.integers(0, 12).map(str),
            "opposed": st.sampled_from(["yes", "no"]),
            "received_primary": st.sampled_from(["yes", "no"]),
        },
        optional={
            "exceeded_primary_limit": st.sampled_from(["yes", "no"]),
            "nominee": st.sampled_from(["yes", "no"]),
        },
    ),
    "ma-vacancy-certificate": st.fixed_dictionaries(
        {"office": st.sampled_from(["state", "city", "town"])},
        optional={"withdrawal_deadline": st.one_of(DAYS.map(_iso), DATETIME_TEXT)},
    ),
    "ma-vacancy-delegates": st.fixed_dictionaries(
        {"votes": st.integers(0, 10**7).map(str)},
        optional={"partial_district": st.sampled_from(["yes", "no"])},
    ),
    "ma-vacancy-who-fills": st.fixed_dictionaries(
        {"nomination": st.sampled_from(["primary", "convention", "caucus", "nomination-papers"])},
        optional={
            "primary_date": DAYS.map(_iso),
            "office": st.sampled_from(["state", "city", "town", "governor", "lieutenant-governor"]),
            "cause": st.sampled_from(
                [
                    "death",
                    "withdrawal",
                    "ineligibility",
                    "disqualification",
                    "disability",
                    "disqualification-insufficient-signatures",
                ]
            ),
        },
    ),
}
CALLS = st.one_of(
    *(params.map(lambda p, rule=rule: (rule, p)) for rule, params in VALID_CALLS.items())
)
# No as_of (the law in force on the rule's deciding date), or a day in any era of the texts.
AS_OF = st.one_of(st.none(), DAYS)


def test_every_rule_has_a_call_strategy() -> None:
    assert set(VALID_CALLS) == set(rules.RULES)


def check_quotes(citations: list[Citation]) -> None:
    """Each citation quotes the corpus verbatim, in the text version it names."""
    corpus = default_corpus()
    for c in citations:
        assert c.version is not None, c.id
        node = corpus.view({c.version["law"]: c.version["id"]}).node(c.id)
        assert node.text == c.text
        assert node.lead_in == c.lead_in
        assert node.cite == c.cite


def check_quotes_and_trace(result: Result) -> None:
    check_quotes(result.citations)
    for a in result.alternatives:  # the result under another text quotes that text
        check_quotes(a.citations)
    cited = {c.id: c for c in result.citations}
    for step in result.trace:
        if step.source == "statute":
            assert step.id in cited, step
            assert step.cite == cited[step.id].cite


@SETTINGS
@given(call=CALLS, today=DAYS, as_of=AS_OF)
def test_answers_quote_the_corpus_and_trace_names_cited_nodes(
    call: tuple[str, dict[str, Any]], today: date, as_of: date | None
) -> None:
    rule, params = call
    result = rules.run(rule, params, today=today, as_of=as_of)
    assert result.status in STATUSES
    assert result.answer
    # the answer begins with its notices; the texts used are named
    assert result.answer.startswith(" ".join(result.notices))
    if result.in_force is not None:
        assert result.in_force in ("known", "unconfirmed", "uncertain", "uncovered")
        assert as_of is None or result.in_force_on == as_of
    if result.in_force == "uncertain" and result.status != "invalid_input":
        assert result.notices and (result.notices[0].startswith("I can't tell which text of ")), (
            result.notices
        )
    if result.status == "answered":
        assert result.versions
        cited_laws = {c.version["law"] for c in result.citations if c.version}
        assert cited_laws <= set(result.versions), (cited_laws, result.versions)
        assert result.citations
        check_quotes_and_trace(result)
        deadline = result.result.get("deadline")
        if isinstance(deadline, datetime):
            assert deadline.tzinfo is not None
            assert deadline.utcoffset() == deadline.astimezone(NY).utcoffset()
    elif result.status == "needs_input":
        assert result.missing
        assert all(rules.RULES[rule].param(m) is not None for m in result.missing)


def _cents(value: Any) -> Decimal:
    """A money value: a Decimal (or decimal string, for listed shares) with exactly 2 places."""
    money = value if isinstance(value, Decimal) else Decimal(value)
    assert money.as_tuple().exponent == -2, value
    return money


@SETTINGS
@given(private=MONEY, opposed=st.booleans())
def test_primary_contribution_to_the_cent(private: str, opposed: bool) -> None:
    # § 15-106(c)(2): $1 per $1; (c)(3): $1 per $3 — never more than that, short by < 1 cent.
    result = rules.run(
        "md-public-financing-primary",
        {"private_contributions": private, "opposed": "yes" if opposed else "no"},
        today=date(2026, 3, 1),
        as_of=AS_OF_2014,
    )
    amount = _cents(result.amount)
    given_amount = Decimal(private)
    if opposed:
        assert amount == given_amount
    else:
        assert amount * 3 <= given_amount < (amount + CENT) * 3


@SETTINGS
@given(fund=MONEY, entitlements=st.lists(MONEY, min_size=1, max_size=10))
def test_proration_never_exceeds_the_fund(fund: str, entitlements: list[str]) -> None:
    # § 15-106(b): proportionate shares of the available money (the general election: all of
    # it, (d)(1)); § 15-107(b) the same, of "the available money" (entitlements at most
    # $3,000,000, (c)(3)).
    as_of = AS_OF_2014 if any(Decimal(e) > 3_000_000 for e in entitlements) else None
    result = rules.run(
        "md-public-financing-proration",
        {"fund": fund, "entitlements": ";".join(entitlements), "election": "general"},
        today=date(2026, 3, 1),
        as_of=as_of,
    )
    wanted = [Decimal(e) for e in entitlements]
    total, available = sum(wanted, Decimal(0)), Decimal(fund)
    if total == 0:
        assert result.status == "invalid_input"
        return
    assert result.status == "answered", result.answer
    shares = [_cents(s) for s in result.result["shares"]]
    paid = _cents(result.amount)
    remainder = _cents(result.result["remainder"])
    assert len(shares) == len(wanted)
    assert paid == sum(shares, Decimal(0))
    assert paid + remainder == available
    assert paid <= available
    if total <= available:
        assert result.result["outcome"] == "full"
        assert shares == wanted
    else:
        assert result.result["outcome"] == "prorated"
        assert available - paid < len(wanted) * CENT
        for share, want in zip(shares, wanted, strict=True):
            exact = available * want / total  # the proportionate share
            assert share <= exact < share + CENT


@SETTINGS
@given(fund=MONEY, tickets=st.integers(1, 50))
def test_general_equal_shares_to_the_cent(fund: str, tickets: int) -> None:
    # § 15-106(d)(2): each eligible nominee ticket receives an equal share.
    result = rules.run(
        "md-public-financing-general",
        {
            "fund_remaining": fund,
            "nominee_tickets": str(tickets),
            "opposed": "yes",
            "received_primary": "yes",
        },
        today=date(2026, 7, 15),
        as_of=AS_OF_2014,
    )
    share = _cents(result.amount)
    remainder = _cents(result.result["remainder"])
    assert share * tickets + remainder == Decimal(fund)
    assert Decimal(0) <= remainder < tickets * CENT


def test_alternative_amounts_to_the_cent() -> None:
    # § 15-106(c)(3)
    result = rules.run(
        "md-public-financing-primary",
        {"private_contributions": "100", "opposed": "no"},
        today=date(2026, 3, 1),
        as_of=AS_OF_2014,
    )
    (alt,) = result.alternatives
    _cents(alt.result["amount"])


def _matching(amount: Decimal) -> Decimal:
    """§ 15-107(c)(2)(i)-(iv), written out: $8, $6, $2 and $0 per dollar of the first, second
    and third $50 and the remaining $100 of one eligible private contribution."""
    first = min(amount, Decimal(50))
    second = min(max(amount - 50, Decimal(0)), Decimal(50))
    third = min(max(amount - 100, Decimal(0)), Decimal(50))
    return 8 * first + 6 * second + 2 * third


@SETTINGS
@given(contributions=st.lists(CONTRIBUTION, min_size=1, max_size=12))
def test_matching_each_contribution_to_the_cent(contributions: list[str]) -> None:
    # § 15-107(c)(2): each eligible private contribution matched by its own parts, at most $800
    # each; § 15-102(e): an amount over $250 is not an eligible private contribution.
    result = rules.run(
        "md-public-financing-primary",
        {"contributions": ";".join(contributions)},
        today=date(2026, 3, 1),
    )
    assert result.status == "answered", result.answer
    amounts = [Decimal(c) for c in contributions]
    eligible = [a for a in amounts if a <= 250]
    assert [_cents(m) for m in result.result["matched"]] == [_matching(a) for a in eligible]
    assert _cents(result.amount) == sum((_matching(a) for a in eligible), Decimal(0))
    assert [Decimal(x) for x in result.result["excluded"]] == [a for a in amounts if a > 250]
    assert all(Decimal(m) <= 800 for m in result.result["matched"])


def test_matching_is_capped_at_3_000_000_per_election() -> None:
    # § 15-107(c)(3): 3,751 contributions of $250 match $3,000,800, capped at $3,000,000.
    result = rules.run(
        "md-public-financing-primary",
        {"contributions": [Decimal(250)] * 3751},
        today=date(2026, 3, 1),
    )
    assert result.status == "answered", result.answer
    assert result.amount == Decimal("3000000.00")
    assert "limited to $3,000,000 ($3,000,800.00 matched)" in result.answer


# --- garbage -----------------------------------------------------------------------------------

PARAMS = [(rule_id, p.name) for rule_id, spec in rules.RULES.items() for p in spec.params]


@SETTINGS
@given(target=st.sampled_from(PARAMS), junk=st.text(max_size=40))
def test_unparseable_value_is_invalid_input_naming_the_param(
    target: tuple[str, str], junk: str
) -> None:
    rule, name = target
    value = "\u2603" + junk  # a snowman makes any kind of value unparseable
    result = rules.run(rule, {name: value}, today=date(2026, 4, 1))
    assert result.status == "invalid_input"
    assert f"{name}:" in result.answer
    assert rules.RULES[rule].param(name).accepted() in result.answer


ANYTHING = st.one_of(
    st.none(),
    st.text(max_size=30),
    st.booleans(),
    st.integers(),
    # Dates before 9000: the crash near 9999-12-31 is the xfail below.
    st.floats(allow_nan=True),
    st.decimals(allow_nan=True),
    st.dates(max_value=date(9000, 1, 1)),
    st.datetimes(max_value=datetime(9000, 1, 1)),
    st.lists(st.text(max_size=5), max_size=3),
    DATETIME_TEXT,
    MONEY,
)


@SETTINGS
@given(
    rule=st.sampled_from([*rules.RULES, "no-such-rule"]),
    params=st.dictionaries(
        st.sampled_from(sorted({n for _, n in PARAMS} | {"bogus"})), ANYTHING, max_size=6
    ),
    today=DAYS,
)
def test_garbage_never_raises(rule: str, params: dict[str, Any], today: date) -> None:
    result = rules.run(rule, params, today=today)
    assert result.status in STATUSES
    result = rules.run(rule, params, today=today, as_of=AS_OF_2014)
    assert result.status in STATUSES
    assert result.answer
    if result.status == "answered":
        check_quotes_and_trace(result)


@pytest.mark.parametrize(
    ("rule", "params"),
    [
        ("md-petition-declaration", {"election": "presidential", "year": "10000"}),
        ("md-petition-declaration", {"election": "presidential", "year": "0"}),
        ("md-petition-certificate", {"year": "20266"}),
        ("md-petition-certificate", {"year": "0"}),
        ("md-petition-filing", {"year": "10000"}),
        ("md-public-financing-schedule", {"year": "20266"}),
    ],
)
def test_year_out_of_range_is_invalid_input(rule: str, params: dict[str, str]) -> None:
    # A mistyped year (20266) that passes the election-year arithmetic must not crash.
    result = rules.run(rule, params, today=date(2026, 4, 1))
    assert result.status == "invalid_input"
    assert "year" in result.answer


@pytest.mark.parametrize(
    ("rule", "params"),
    [
        (
            "md-successor-lt-gov",
            {
                "event": "withdrawal",
                "withdrawal_deadline": "9999-12-30",
                "primary": "9999-12-31",
                "filing_deadline": "9999-01-01",
            },
        ),
        ("ma-vacancy-certificate", {"withdrawal_deadline": "9999-12-28", "office": "state"}),
    ],
)
def test_dates_at_the_end_of_the_calendar_do_not_crash(rule: str, params: dict[str, str]) -> None:
    result = rules.run(rule, params, today=date(2026, 4, 1))
    assert result.status in ("invalid_input", "needs_input")
