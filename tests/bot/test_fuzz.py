"""Fuzz `AnswerService.ask` and `rules.run` with hostile input (issue 9).

Whatever a person types or passes — any unicode, control characters, Slack markup, huge numbers,
scientific notation, negatives, impossible dates, `RULE key=value` commands for every rule with
hostile values — the answer is a status from the allowed set, never an exception. The strategies
are shared with `benchmarks/fuzz.py`, which runs them at scale (tens of thousands of inputs).

Bounded for CI: ~200 examples per test, derandomized, no deadline.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from bot.render.json import reply_json
from bot.reply import Reply, ReplyStatus
from rules.result import Result
from rules.values import MAX_MONEY
from tests.support.service import packaged_service

TODAY = date(2026, 4, 1)
SERVICE = packaged_service(TODAY)
REPLY_STATUSES = frozenset(get_args(ReplyStatus))
RESULT_STATUSES = frozenset({"answered", "needs_input", "invalid_input", "refused"})
FUZZ = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)

# --- the hostile pieces --------------------------------------------------------------------------
SLACK_MARKUP = st.sampled_from(
    [
        "<!channel>",
        "<!here>",
        "<!everyone>",
        "<@U123>",
        "<@U123|alice>",
        "<#C123|filing>",
        "<http://x|y>",
        "<mailto:a@b.c|mail>",
        "&lt;b&gt;",
        "&amp;",
        "*bold*",
        "_it_",
        "`code`",
        "```block```",
        "> quote",
        ":ballot_box:",
    ]
)
CONTROL = st.text(
    alphabet=st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Zs"]), min_size=1, max_size=8
)
HUGE = st.integers(min_value=10**9, max_value=10**60).map(str)
SCIENTIFIC = st.builds(
    lambda m, e, sign, dollar: f"{dollar}{m}e{sign}{e}",
    st.sampled_from(["1", "9", "1.5", "123,456", "0"]),
    # Around the limits that matter: float range, decimal's Emax (999999), and far beyond.
    st.one_of(st.sampled_from([2, 308, 400, 999_999, 1_000_000, 10**10]), st.integers()),
    st.sampled_from(["", "+", "-"]),
    st.sampled_from(["", "$"]),
)
NEGATIVE = st.builds(
    lambda n, fmt: fmt.format(n),
    st.integers(1, 10**15),
    st.sampled_from(["-{}", "-${}", "$-{}", "−{}", "-{:,}", "({})"]),
)
ODD_NUMBERS = st.sampled_from(
    [
        "NaN",
        "nan",
        "sNaN",
        "Infinity",
        "-Infinity",
        "inf",
        "-0",
        "0",
        "1_000",
        "١٢٣",
        "1,23",
        "123,4567",
        "1.2.3",
        "0.001",
        "1e400",
        "$1e9999999999",
        "1e1000000",
        "99999999999999999999999999999999999999",
        "12345678901234567890.123456789",
        "0x1F",
        "1/0",
        "½",
        "1k",
        "1.5m",
        "3 billion",
    ]
)
IMPOSSIBLE_DATES = st.sampled_from(
    [
        "2026-02-30",
        "2026-13-45",
        "Feb 30 2026",
        "31/31/2026",
        "2026-00-00",
        "9999-12-31",
        "0001-01-01",
        "May 1 99999",
        "Tue May 1 2026",
        "yesterday",
        "2026-05-01T25:61",
        "June 31",
        "12/31/9999",
        "2026-W18-5",
        "20260501",
    ]
)
DATES = st.dates(date(1, 1, 1), date(9999, 12, 31)).map(lambda d: d.isoformat())
WORDS = st.sampled_from(
    [
        "LG",
        "lieutenant governor",
        "candidate",
        "died",
        "withdrew",
        "disqualified",
        "successor",
        "deadline",
        "primary",
        "signatures",
        "registered voters",
        "voters",
        "votes",
        "raised",
        "private contributions",
        "fund",
        "each",
        "tickets",
        "opposed",
        "unopposed",
        "public financing",
        "petition",
        "declaration of intent",
        "Mass.",
        "Maryland",
        "vacancy",
        "certificate",
        "state office",
        "ward committee",
        "at 5pm",
        "noon",
        "by",
        "$",
        "?",
        ",",
    ]
)
NUMBERISH = st.one_of(HUGE, SCIENTIFIC, NEGATIVE, ODD_NUMBERS, st.integers().map(str))
PIECE = st.one_of(
    WORDS,
    SLACK_MARKUP,
    CONTROL,
    NUMBERISH,
    IMPOSSIBLE_DATES,
    DATES,
    st.text(max_size=20),
)
QUESTION = st.one_of(
    st.lists(PIECE, max_size=12).map(" ".join),
    st.text(max_size=200),
)


#: Any value typed after `key=`.
KEY_VALUE = st.one_of(
    SCIENTIFIC, NEGATIVE, HUGE, ODD_NUMBERS, IMPOSSIBLE_DATES, DATES, WORDS, st.text(max_size=15)
)


def _value_for(kind: str) -> st.SearchStrategy[str]:
    """Hostile values aimed at a parameter's kind (numbers for counts and money, …), so every
    parser meets its own worst case often, not only by chance."""
    if kind in ("int", "money", "money_list"):
        return st.one_of(SCIENTIFIC, NEGATIVE, HUGE, ODD_NUMBERS, st.integers(0, 10**7).map(str))
    if kind in ("date", "datetime", "date_or_datetime"):
        return st.one_of(IMPOSSIBLE_DATES, DATES, ODD_NUMBERS, st.text(max_size=15))
    return KEY_VALUE


def commands_for(rule_id: str) -> st.SearchStrategy[str]:
    """`RULE key=value … words`: the rule by id, alias or in capitals; its parameters (and an
    unknown one) with hostile values; a few leftover words read as free text."""
    spec = rules.RULES[rule_id]
    pairs = [_value_for(p.kind).map(lambda v, name=p.name: f"{name}={v}") for p in spec.params] + [
        KEY_VALUE.map(lambda v: f"bogus={v}")
    ]
    return st.builds(
        lambda head, given, tail: " ".join([head, *given, *tail]),
        st.sampled_from([rule_id, *spec.aliases, rule_id.upper()]),
        st.lists(st.one_of(pairs), min_size=1, max_size=6),
        st.lists(PIECE, max_size=3),
    )


#: `RULE key=value …` (by id or alias) for every rule, with hostile values and leftover words.
COMMANDS = st.sampled_from(sorted(rules.RULES)).flatmap(commands_for)
TEXT = st.one_of(QUESTION, COMMANDS)

#: A typed or textual value a program could pass to `rules.run`.
VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.just(10**5000),  # longer than str() will print by default
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        [Decimal("1e1000000"), Decimal("-1e-1000000"), Decimal("sNaN"), Decimal("-Infinity")]
    ),
    st.dates(),
    st.datetimes(),
    st.datetimes(timezones=st.timezones()),
    st.lists(st.one_of(NUMBERISH, st.decimals(allow_nan=True)), max_size=4),
    NUMBERISH,
    IMPOSSIBLE_DATES,
    DATES,
    st.text(max_size=30),
)


@st.composite
def invocations(draw: st.DrawFn) -> tuple[str, dict[str, Any], date]:
    rule_id = draw(st.sampled_from([*rules.RULES, "no-such-rule"]))
    spec = rules.RULES.get(rule_id)
    names = [p.name for p in spec.params] if spec else []
    params = draw(st.dictionaries(st.sampled_from([*names, "bogus"]), VALUE, max_size=6))
    today = draw(st.dates(date(1, 1, 2), date(9999, 12, 30)))
    return rule_id, params, today


TODAYS = st.one_of(st.just(TODAY), st.dates(date(1900, 1, 1), date(2999, 12, 31)))


# --- the checks (shared with benchmarks/fuzz.py) ---------------------------------------------
def check_reply(reply: Reply) -> None:
    """A reply the surfaces can show: an allowed status, something to say, JSON-ready."""
    assert reply.status in REPLY_STATUSES, reply.status
    assert reply.message or reply.result is not None, reply
    json.dumps(reply_json(reply), default=str)


def check_result(result: Result) -> None:
    assert result.status in RESULT_STATUSES, result.status
    assert result.answer, result


# --- the tests -------------------------------------------------------------------------------
@FUZZ
@given(text=TEXT, today=TODAYS)
def test_handle_never_raises_on_hostile_text(text: str, today: date) -> None:
    check_reply(SERVICE.ask(text, today=today))


@pytest.mark.parametrize("rule_id", sorted(rules.RULES))
def test_handle_never_raises_on_hostile_commands_for_every_rule(rule_id: str) -> None:
    # Each rule's own parameters get values aimed at their kind (see `commands_for`).
    @settings(FUZZ, max_examples=100)
    @given(text=commands_for(rule_id))
    def check(text: str) -> None:
        check_reply(SERVICE.ask(text, today=TODAY))

    check()


@FUZZ
@given(invocation=invocations())
def test_rules_run_never_raises_on_hostile_values(
    invocation: tuple[str, dict[str, Any], date],
) -> None:
    rule_id, params, today = invocation
    check_result(rules.run(rule_id, params, today=today))


@FUZZ
@given(
    rule_id=st.sampled_from(["md-public-financing-primary", "md-public-financing-proration"]),
    amount=st.one_of(SCIENTIFIC, NEGATIVE, HUGE),
)
def test_amounts_not_read_as_written_are_refused_never_reinterpreted(
    rule_id: str, amount: str
) -> None:
    # § 15-106(b), (c): the rule computes with the user's amount exactly as written, or refuses.
    name = "private_contributions" if rule_id == "md-public-financing-primary" else "fund"
    other = {"opposed": "yes"} if name == "private_contributions" else {"entitlements": "1;2"}
    result = rules.run(rule_id, {name: amount, **other}, today=TODAY)
    if result.status == "invalid_input":
        assert f"{name}: {amount[:60]!r} is not valid" in result.answer
    else:  # only a plain number within MAX_MONEY gets this far, and it is used as written
        assert amount.isdigit() and Decimal(amount) <= MAX_MONEY, (amount, result.answer)
        assert result.inputs[name].value == Decimal(amount)


def test_regressions_from_the_reliability_review() -> None:
    # The review's reproductions: each was a traceback or a silent reinterpretation.
    result = rules.run(
        "md-public-financing-primary",
        {"private_contributions": "1e1000000", "opposed": "yes"},
        today=TODAY,
    )
    assert result.status == "invalid_input" and "scientific notation" in result.answer
    for text, shown in (
        ("signatures for 1e400 voters", "'1e400'"),
        ("signatures -123,456 registered voters", "'-123,456'"),
    ):
        reply = SERVICE.ask(text, today=TODAY)
        assert reply.status == "invalid_input", reply
        assert shown in reply.message
    reply = SERVICE.ask(
        "unopposed ticket raised $1e9999999999, primary public contribution?", today=TODAY
    )
    assert reply.status == "invalid_input" and "$1e9999999999" in reply.message
    reply = SERVICE.ask("successor event=death event_date=9999-12-29", today=TODAY)
    assert reply.status == "invalid_input" and "event_date" in reply.result.answer
