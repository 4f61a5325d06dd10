"""The figures `benchmarks/matching.py` prints compare a question's expected parameters as
`Reply.params` renders them: a YAML boolean `true` is the parameter string "true", so a question
the reader got right is not counted as a misread fact (a wrong key still is)."""

from __future__ import annotations

import importlib.util
import sys
from datetime import date
from pathlib import Path
from types import ModuleType

from tests.support.service import packaged_service

ROOT = Path(__file__).resolve().parents[3]


def _benchmark() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # the script imports its `stats` sibling
    spec = importlib.util.spec_from_file_location(
        "matching_benchmark", ROOT / "benchmarks/matching.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_yaml_booleans_and_dates_compare_as_parameter_strings() -> None:
    # Md. Elec. Law § 15-106(d)(4): a ticket that did not take primary money and stayed under
    # the primary limit; the reader fills received_primary=false, exceeded_primary_limit=false.
    question = (
        "ticket didn't get any public money in the primary and stayed under the primary "
        "spending limit; general election public contribution?"
    )
    service = packaged_service()
    reply = service.ask(question, today=date(2026, 3, 10))
    assert reply.params.get("received_primary") == "false"
    item = {
        "q": question,
        "kind": "in_scope",
        "rule": reply.rule,
        "params": {"received_primary": False},  # as yaml.safe_load gives `false`
    }
    figures = _benchmark().ask_figures(service, [item], date(2026, 3, 10))
    assert figures["facts misread"] == (0, 1)
    assert figures["values right"] == (1, 1)
    wrong = {**item, "params": {"received_primary": True}}
    figures = _benchmark().ask_figures(service, [wrong], date(2026, 3, 10))
    assert figures["facts misread"] == (1, 1)


def test_a_list_written_with_semicolons_compares_as_the_reply_renders_it() -> None:
    # Md. Elec. Law § 15-106(b): each ticket's full contribution, one amount per ticket; the
    # command form writes `entitlements=750000;500000`, the reply renders "750000,500000".
    question = "fund has $1,000,000; entitlements $750,000 and $500,000. proportionate shares?"
    service = packaged_service()
    reply = service.ask(question, today=date(2026, 3, 10))
    assert reply.params.get("entitlements") == "750000;500000"
    item = {
        "q": question,
        "kind": "in_scope",
        "rule": reply.rule,
        "params": {"fund": "1000000", "entitlements": "750000;500000"},
    }
    figures = _benchmark().ask_figures(service, [item], date(2026, 3, 10))
    assert figures["facts misread"] == (0, 1)
    assert figures["values right"] == (1, 1)
    wrong = {**item, "params": {"fund": "1000000", "entitlements": "750000;400000"}}
    assert _benchmark().ask_figures(service, [wrong], date(2026, 3, 10))["facts misread"] == (1, 1)
