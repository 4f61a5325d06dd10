"""The figures `benchmarks/matching.py` prints compare a question's expected parameters as
`Reply.params` renders them: a YAML boolean `true` is the parameter string "true", so a question
the reader got right is not counted as a misread fact (a wrong key still is)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.benchmarks import benchmark_script
from tests.support.service import filled, packaged_service

ROOT = Path(__file__).resolve().parents[3]


def _benchmark() -> ModuleType:
    return benchmark_script("matching")


@pytest.mark.parametrize(
    ("question", "read", "right", "wrong"),
    [
        # Md. Elec. Law § 15-106(d)(4): a ticket that did not take primary money and stayed
        # under the primary limit; the reader fills received_primary=false. The YAML `false`
        # compares as the parameter string "false".
        (
            "ticket didn't get any public money in the primary and stayed under the primary "
            "spending limit; general election public contribution?",
            {"received_primary": "false"},
            {"received_primary": False},
            {"received_primary": True},
        ),
        # § 15-106(b): each ticket's full contribution, one amount per ticket, written
        # `entitlements=750000;500000` in the command form and in the reply.
        (
            "fund has $1,000,000; entitlements $750,000 and $500,000. proportionate shares?",
            {"entitlements": "750000;500000"},
            {"fund": "1000000", "entitlements": "750000;500000"},
            {"fund": "1000000", "entitlements": "750000;400000"},
        ),
    ],
)
def test_expected_values_compare_as_the_reply_renders_them(
    question: str, read: dict[str, str], right: dict[str, object], wrong: dict[str, object]
) -> None:
    service = packaged_service()
    reply = service.ask(question, today=date(2026, 3, 10))
    assert filled(reply, read) == read
    item = {"q": question, "kind": "in_scope", "rule": reply.rule, "params": right}
    figures = _benchmark().ask_figures(service, [item], date(2026, 3, 10))
    assert figures["facts misread"] == (0, 1)
    assert figures["values right"] == (1, 1)
    figures = _benchmark().ask_figures(service, [{**item, "params": wrong}], date(2026, 3, 10))
    assert figures["facts misread"] == (1, 1)
