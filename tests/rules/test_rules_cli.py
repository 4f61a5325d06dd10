"""The `deadline-bot` command line: run/rules/cite/lint output shapes and exit codes.

Subprocesses run `python -m bot.cli` (the same entry point as the `deadline-bot` script).
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import rules

ROOT = Path(__file__).resolve().parents[2]
RUN_KEYS = {
    "status",
    "rule",
    "inputs",
    "result",
    "answer",
    "citations",
    "trace",
    "assumptions",
    "alternatives",
    "missing",
}


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def run_json(*argv: str) -> tuple[int, dict[str, Any]]:
    proc = cli("run", *argv, "--json")
    return proc.returncode, json.loads(proc.stdout)


def test_run_json_shape_and_exit_zero_when_answered() -> None:
    # § 5-903(b)(2)(ii): death 2026-05-10, 44 days before the 2026-06-23 primary → 2026-05-15.
    code, out = run_json(
        "successor", "event=died", "event_date=2026-05-10", "--today", "2026-05-10"
    )
    assert code == 0
    assert set(out) >= RUN_KEYS
    assert out["status"] == "answered"
    assert out["rule"] == "md-successor-lt-gov"  # the alias resolved to the rule id
    assert out["result"] == {"outcome": "file_by", "deadline": "2026-05-15"}
    assert out["inputs"]["event"] == {"value": "death", "origin": "user", "source": None}
    assert out["inputs"]["primary"]["origin"] == "calendar"
    assert out["inputs"]["primary"]["source"].startswith("md-2026")
    assert out["citations"], out
    for c in out["citations"]:
        assert set(c) == {"cite", "id", "text", "lead_in", "version", "not_held"}
        assert c["version"]["law"] == "md/gel/5-903"  # issue 11: each citation names its text
    ii = next(c for c in out["citations"] if c["id"] == "md/gel/5-903/b/2/ii")
    assert ii["cite"] == "Md. Code, Elec. Law § 5-903(b)(2)(ii)"
    assert ii["lead_in"] == "The certificate of candidacy shall be filed:"
    for step in out["trace"]:
        assert {"step", "source", "cite", "id"} <= set(step)
        assert step["source"] in ("statute", "assumption", "calendar", "input")
    assert any(s["id"] == "md/gel/5-903/b/2/ii" for s in out["trace"])
    assert isinstance(out["assumptions"], list)
    assert out["alternatives"] == []
    assert out["missing"] == []


def test_run_json_alternative_shape() -> None:
    # § 5-703(c)(3)(i): 2022 (its general election, 2022-11-08) may be under the 2014 or the
    # 2025 text. The 2014 text leads (the certificate deadline, earlier); the 2025 text's first
    # Monday in July, 2022-07-04 (Independence Day), follows as an alternative under its
    # version, and its office-practice date (Tuesday July 5, by the holidays library's list —
    # the weekend-only roll leaves a Monday alone) is labelled with that version too.
    code, out = run_json(
        "md-petition-declaration",
        "election=gubernatorial",
        "year=2022",
        "coc_deadline=2022-02-22T21:00",
        "--today",
        "2022-01-05",
    )
    assert code == 0
    assert out["result"]["deadline"] == "2022-02-22T21:00:00-05:00"
    assert out["versions"] == {"md/gel/5-703": "2014"} and out["in_force"] == "uncertain"
    assert out["answer"].startswith(
        "I can't tell which text of § 5-703 was in force on 2022-11-08."
    )
    alts = {a["label"]: a for a in out["alternatives"]}
    under = alts["Under § 5-703, the 2025 text"]
    assert set(under) == {"label", "basis", "result", "answer", "versions", "citations"}
    assert under["result"] == {"outcome": "file_by", "deadline": "2022-07-04"}
    assert under["versions"] == {"md/gel/5-703": "2025"}
    assert "md/gel/5-703/c/3/i" in {c["id"] for c in under["citations"]}
    practice = alts[
        "§ 5-703, the 2025 text — Office practice: next business day by the holidays library's list"
    ]
    assert practice["result"] == {"deadline": "2022-07-05"}
    assert practice["versions"] == {"md/gel/5-703": "2025"} and practice["citations"] == []


def test_run_exit_non_zero_unless_answered() -> None:
    # § 5-903(b)(2)(ii)-(iii): a death without its date cannot be answered.
    code, out = run_json("md-successor-lt-gov", "event=death", "--today", "2026-04-01")
    assert code != 0
    assert out["status"] == "needs_input"
    assert out["missing"] == ["event_date"]
    assert "event_date=" in out["command"]

    # c. 53 § 14 sentence 4: a negative vote count is invalid.
    code, out = run_json("ma-vacancy-delegates", "votes=-3", "--today", "2026-05-01")
    assert code != 0
    assert out["status"] == "invalid_input"
    assert "votes" in out["answer"] and "whole number" in out["answer"]

    code, out = run_json("no-such-rule", "x=1", "--today", "2026-05-01")
    assert code != 0
    assert out["status"] == "invalid_input"
    assert "no-such-rule" in out["answer"] and "md-successor-lt-gov" in out["answer"]
    assert set(out) >= RUN_KEYS

    code, out = run_json("md-successor-lt-gov", "event", "--today", "2026-05-01")
    assert code != 0
    assert out["status"] == "invalid_input"
    assert "key=value" in out["answer"]


def test_run_text_output() -> None:
    # G.L. c. 53 § 14 sentence 7: Fri 2026-06-05 → Wed 2026-06-10 5 p.m. (state office).
    proc = cli(
        "run",
        "ma-vacancy-certificate",
        "withdrawal_deadline=2026-06-05",
        "office=state",
        "--today",
        "2026-05-01",
    )
    assert proc.returncode == 0
    assert "Wednesday, June 10, 2026" in proc.stdout
    assert "seventy-two week day hours" in proc.stdout  # the statute text is quoted


def test_rules_json_lists_the_twelve_rules() -> None:
    proc = cli("rules", "--json")
    assert proc.returncode == 0
    listed = json.loads(proc.stdout)
    assert len(listed) == 12
    assert [r["id"] for r in listed] == list(rules.RULES)
    for r in listed:
        assert r["state"] == "ok" and r["problems"] == []
        assert r["params"] and all(
            {"name", "kind", "required", "accepted"} <= set(p) for p in r["params"]
        )


def test_cite_json_returns_the_verbatim_text_and_lead_in() -> None:
    proc = cli("cite", "Md. Code, Elec. Law § 5-903(b)(2)(ii)", "--json")
    assert proc.returncode == 0
    node = json.loads(proc.stdout)
    assert node["id"] == "md/gel/5-903/b/2/ii"
    assert node["cite"] == "Md. Code, Elec. Law § 5-903(b)(2)(ii)"
    assert node["text"] == (
        "by the fifth day following the death or disqualification of the former Lieutenant "
        "Governor candidate, if that former candidate dies or is disqualified less than 45 days "
        "before the day of the primary election; or"
    )
    assert node["lead_in"] == "The certificate of candidacy shall be filed:"


def test_cite_missing_subsection_exits_non_zero_with_a_clear_message() -> None:
    proc = cli("cite", "5-903(z)")
    assert proc.returncode != 0
    assert "§ 5-903 has no subsection (z)" in proc.stderr
    assert "(a), (b), (c)" in proc.stderr
    proc = cli("cite", "5-903(z)", "--json")
    assert proc.returncode != 0
    out = json.loads(proc.stdout)
    assert out["status"] == "error"
    assert "no subsection (z)" in out["error"]


def test_lint_lists_the_findings_and_exits_zero() -> None:
    proc = cli("lint")
    assert proc.returncode == 0, proc.stdout
    out = proc.stdout
    assert "gel-5-703.xml: catch-line-missing" in out
    assert "gel-5-903.xml: catch-line-missing" in out
    assert "gel-15-106.xml: catch-line-truncated" in out
    assert "gel-5-703.xml: unit-conflict" in out
    assert "gel-15-106.xml: unit-conflict" in out
    assert "c53-s14.xml: mojibake-repaired" in out
    assert "0 files not loaded" in out


def test_run_refuses_numbers_it_cannot_read_as_written() -> None:
    # § 15-106(c)(2)-(3): the review's reproduction was a decimal.Overflow traceback.
    code, out = run_json(
        "md-public-financing-primary", "private_contributions=1e1000000", "opposed=yes"
    )
    assert code == 1 and out["status"] == "invalid_input"
    assert "'1e1000000'" in out["answer"] and "scientific notation" in out["answer"]
    assert "an amount in dollars from 0 to $1,000,000,000,000.00" in out["answer"]


@pytest.mark.parametrize(
    ("rule", "param", "value", "why"),
    [
        # § 5-703(e)(1): a count of registered voters.
        ("md-petition-signatures", "registered_voters", "-123,456", "negative"),
        ("md-petition-signatures", "registered_voters", "1e400", "scientific notation"),
        ("md-petition-signatures", "registered_voters", "2,000,000,000", "more than 1,000,000,000"),
        ("md-petition-signatures", "registered_voters", "1_000", ""),
        ("md-petition-signatures", "registered_voters", "٥٠٠", ""),
        # G.L. c. 53 § 14 sentence 4: votes cast.
        ("ma-vacancy-delegates", "votes", "NaN", ""),
        # § 15-106(b)-(c): money.
        ("md-public-financing-proration", "fund", "Infinity", "not a number"),
        ("md-public-financing-proration", "fund", "$2,000,000,000,000", "more than $1,000,000"),
        ("md-public-financing-proration", "entitlements", "100;-5", "negative"),
        ("md-public-financing-primary", "private_contributions", "0.001", "two decimal places"),
        # § 5-903(b)(2): dates the rules can compute with.
        ("md-successor-lt-gov", "event_date", "9999-12-30", "outside 1900–2999"),
    ],
)
def test_values_are_refused_with_the_reason_never_reinterpreted(
    rule: str, param: str, value: str, why: str
) -> None:
    result = rules.run(rule, {param: value}, today=date(2026, 4, 1))
    assert result.status == "invalid_input", result.answer
    assert f"{param}: {value!r} is not valid" in result.answer
    assert why in result.answer
    assert rules.RULES[rule].param(param).accepted() in result.answer


def test_typed_values_out_of_bounds_are_refused() -> None:
    # Programs passing Python values get the same bounds (§ 15-106(b); § 5-703(e)(1)).
    for rule, params in (
        ("md-public-financing-proration", {"fund": Decimal("-1"), "entitlements": "1"}),
        ("md-public-financing-proration", {"fund": Decimal("sNaN"), "entitlements": "1"}),
        ("md-public-financing-proration", {"fund": "1", "entitlements": [Decimal("-2")]}),
        ("md-petition-signatures", {"registered_voters": 10**5000}),
        ("md-petition-signatures", {"registered_voters": True}),
    ):
        result = rules.run(rule, params, today=date(2026, 4, 1))
        assert result.status == "invalid_input", (params, result.answer)
