"""Amended-statute safety: a rule refuses when the text it pins changes or disappears.

Each test copies the shipped statute XML, amends the copy, and loads it as the corpus.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

import rules
from rules.registry import pins
from statutes import load_corpus
from statutes.corpus import DEFAULT_XML_DIR

ROOT = Path(__file__).resolve().parent.parent
C_3_II = "md/gel/5-703/c/3/ii"
OLD_C_3_II = "in a year in which the President is elected, by July 1; and"
NEW_C_3_II = "in a year in which the President is elected, by the first Monday in July; and"

# One answerable call per rule (values worked out in tests/golden).
SAMPLES: dict[str, tuple[dict[str, str], date]] = {
    "md-successor-lt-gov": ({"event": "death", "event_date": "2026-05-01"}, date(2026, 4, 1)),
    "md-petition-declaration": ({"election": "presidential", "year": "2028"}, date(2028, 1, 5)),
    "md-petition-certificate": ({"year": "2026"}, date(2026, 4, 1)),
    "md-petition-signatures": ({"registered_voters": "25001"}, date(2026, 4, 1)),
    "md-petition-filing": ({"year": "2026"}, date(2026, 4, 1)),
    "md-public-financing-schedule": ({"year": "2026"}, date(2026, 1, 5)),
    "md-public-financing-primary": (
        {"private_contributions": "90000", "opposed": "no"},
        date(2026, 3, 1),
    ),
    "md-public-financing-proration": (
        {"fund": "100000", "entitlements": "100000;250000"},
        date(2026, 3, 1),
    ),
    "md-public-financing-general": (
        {
            "fund_remaining": "1000000",
            "nominee_tickets": "3",
            "opposed": "yes",
            "received_primary": "yes",
        },
        date(2026, 7, 15),
    ),
    "ma-vacancy-certificate": (
        {"withdrawal_deadline": "2026-06-05", "office": "state"},
        date(2026, 5, 1),
    ),
    "ma-vacancy-delegates": ({"votes": "501"}, date(2026, 5, 1)),
    "ma-vacancy-who-fills": ({"nomination": "primary"}, date(2026, 5, 1)),
}


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "xml"
    shutil.copytree(DEFAULT_XML_DIR, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} not found once in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def amended_5_703(tmp_path: Path) -> Path:
    """§ 5-703(c)(3)(ii) amended: "by the first Monday in July" instead of "by July 1"."""
    folder = _copy(tmp_path)
    _edit(folder / "md" / "gel-5-703.xml", "by July 1;", "by the first Monday in July;")
    return folder


def _pinning(node_id: str) -> set[str]:
    return {rule for rule, nodes in pins().items() if node_id in nodes}


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_the_amended_copy_really_reads_differently(amended_5_703: Path) -> None:
    corpus = load_corpus(amended_5_703)
    assert corpus.node(C_3_II).text == NEW_C_3_II
    assert load_corpus().node(C_3_II).text == OLD_C_3_II


def test_check_rules_refuses_every_rule_pinning_the_amended_subsection(
    amended_5_703: Path,
) -> None:
    # § 5-703(c)(3)(ii) changed: the rules written against it refuse, the others stay ok.
    corpus = load_corpus(amended_5_703)
    checks = rules.check_rules(corpus)
    pinning = _pinning(C_3_II)
    assert pinning == {"md-petition-declaration"}
    for rule_id, check in checks.items():
        if rule_id in pinning:
            assert check.state == "refused"
            assert "§ 5-703(c)(3)(ii)" in check.message
        else:
            assert check.state == "ok", (rule_id, check.message)


def test_run_refuses_naming_the_subsection(amended_5_703: Path) -> None:
    corpus = load_corpus(amended_5_703)
    result = rules.run(
        "md-petition-declaration",
        {"election": "presidential", "year": "2028"},
        today=date(2028, 1, 5),
        corpus=corpus,
    )
    assert result.status == "refused"
    assert "§ 5-703(c)(3)(ii)" in result.answer
    assert "deadline" not in result.result
    assert result.citations == []
    # Even the (c)(3)(i) branch refuses: the rule as a whole was written for the old text.
    result = rules.run(
        "declaration", {"election": "gubernatorial"}, today=date(2026, 1, 5), corpus=corpus
    )
    assert result.status == "refused"


def test_other_rules_still_answer_from_the_amended_corpus(amended_5_703: Path) -> None:
    corpus = load_corpus(amended_5_703)
    for rule_id, (params, today) in SAMPLES.items():
        result = rules.run(rule_id, params, today=today, corpus=corpus)
        if rule_id in _pinning(C_3_II):
            assert result.status == "refused"
        else:
            assert result.status == "answered", (rule_id, result.answer)


def test_shipped_corpus_answers_every_sample() -> None:
    assert set(SAMPLES) == set(rules.RULES)
    assert all(c.state == "ok" for c in rules.check_rules().values())
    for rule_id, (params, today) in SAMPLES.items():
        assert rules.run(rule_id, params, today=today).status == "answered", rule_id


def test_removed_pinned_node_refuses(tmp_path: Path) -> None:
    # § 5-703(e)(3) deleted from the copy: the signature rule relies on it and refuses.
    folder = _copy(tmp_path)
    _edit(
        folder / "md" / "gel-5-703.xml",
        '<section prefix="(3)">The number of registered voters required to satisfy the '
        "requirements of paragraph (1) of this subsection shall be determined as of January 1 "
        "of the year of the primary election for which the nomination is sought.</section>",
        "",
    )
    corpus = load_corpus(folder)
    assert "md/gel/5-703/e/3" not in corpus.nodes
    checks = rules.check_rules(corpus)
    assert checks["md-petition-signatures"].state == "refused"
    assert "md/gel/5-703/e/3" in checks["md-petition-signatures"].message
    result = rules.run(
        "md-petition-signatures",
        {"registered_voters": "25001"},
        today=date(2026, 4, 1),
        corpus=corpus,
    )
    assert result.status == "refused"
    assert "md/gel/5-703/e/3" in result.answer
    others = {r for r, c in checks.items() if c.state == "refused"}
    assert others == _pinning("md/gel/5-703/e/3")


def test_amended_massachusetts_sentence_refuses(tmp_path: Path) -> None:
    # G.L. c. 53 § 14 sentence 7 amended (seventy-two → ninety-six week day hours).
    folder = _copy(tmp_path)
    _edit(
        folder / "ma" / "c53-s14.xml", "within seventy-two week day", "within ninety-six week day"
    )
    corpus = load_corpus(folder)
    refused = {r for r, c in rules.check_rules(corpus).items() if c.state == "refused"}
    assert (
        refused
        == _pinning("ma/mgl/c53/14/s7")
        == {
            "ma-vacancy-certificate",
            "ma-vacancy-who-fills",
        }
    )
    params, today = SAMPLES["ma-vacancy-certificate"]
    result = rules.run("ma-vacancy-certificate", params, today=today, corpus=corpus)
    assert result.status == "refused"
    assert "sentence 7" in result.answer
    params, today = SAMPLES["ma-vacancy-delegates"]
    assert rules.run("ma-vacancy-delegates", params, today=today, corpus=corpus).status == (
        "answered"
    )


def test_cli_rules_check_exits_non_zero_on_the_amended_corpus(amended_5_703: Path) -> None:
    proc = _cli("rules", "--check", "--corpus", str(amended_5_703))
    assert proc.returncode != 0
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("md-petition-declaration"))
    assert "[refused]" in line
    assert "§ 5-703(c)(3)(ii)" in proc.stdout
    assert "md-petition-signatures" in proc.stdout  # the others are listed, ok

    proc = _cli("rules", "--json", "--corpus", str(amended_5_703))
    states = {r["id"]: r["state"] for r in json.loads(proc.stdout)}
    assert states["md-petition-declaration"] == "refused"
    assert {s for r, s in states.items() if r != "md-petition-declaration"} == {"ok"}

    proc = _cli(
        "run",
        "md-petition-declaration",
        "election=presidential",
        "year=2028",
        "--today",
        "2028-01-05",
        "--json",
        "--corpus",
        str(amended_5_703),
    )
    assert proc.returncode != 0
    out = json.loads(proc.stdout)
    assert out["status"] == "refused"
    assert "§ 5-703(c)(3)(ii)" in out["answer"]


def test_cli_rules_check_exits_zero_on_the_shipped_corpus() -> None:
    proc = _cli("rules", "--check")
    assert proc.returncode == 0, proc.stdout
    assert "[refused]" not in proc.stdout
    assert proc.stdout.count("[ok]") == len(rules.RULES)
