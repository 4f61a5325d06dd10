"""Amended-statute safety: a rule refuses when the text it pins changes or disappears — per
version: an implementation written for the 2014 text of § 5-703 refuses when that text changes,
while the implementation for the 2025 text still answers for the days that text decides.

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

ROOT = Path(__file__).resolve().parents[2]
C_3_II = "md/gel/5-703/c/3/ii"
LAW = "md/gel/5-703"
AS_OF_2014 = date(2014, 6, 1)  # the 2014 text of § 5-703 is the one that can be in force
OLD_C_3_II = "in a year in which the President is elected, by July 1; and"
NEW_C_3_II = "in a year in which the President is elected, by the first Monday in July; and"

# One answerable call per rule (values worked out in the statute folders' golden cases).
SAMPLES: dict[str, tuple[dict[str, str], date]] = {
    "md-successor-lt-gov": ({"event": "death", "event_date": "2026-05-01"}, date(2026, 4, 1)),
    "md-petition-declaration": ({"election": "presidential", "year": "2028"}, date(2028, 1, 5)),
    "md-petition-certificate": ({"year": "2026"}, date(2026, 4, 1)),
    "md-petition-signatures": ({"registered_voters": "25001"}, date(2026, 4, 1)),
    "md-petition-filing": ({"year": "2026"}, date(2026, 4, 1)),
    "md-public-financing-schedule": ({"year": "2026"}, date(2026, 1, 5)),
    "md-public-financing-primary": ({"contributions": "25;75;200"}, date(2026, 3, 1)),
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


def _pinning(node_id: str, version: str | None = None) -> set[str]:
    """The rules whose implementations (or the one for `version`) pin `node_id`."""
    return {
        rule
        for rule, tables in pins().items()
        for impl, nodes in tables.items()
        if node_id in nodes and version in (None, impl)
    }


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
    assert corpus.view({LAW: "2014"}).node(C_3_II).text == NEW_C_3_II
    assert load_corpus().view({LAW: "2014"}).node(C_3_II).text == OLD_C_3_II
    assert corpus.node(C_3_II).text == load_corpus().node(C_3_II).text  # the 2025 text


def test_check_rules_refuses_the_version_pinning_the_amended_subsection(
    amended_5_703: Path,
) -> None:
    # § 5-703(c)(3)(ii) of the 2014 text changed: the implementation written against it
    # refuses (so the rule is reported refused, naming the version), the 2025 one stays ok.
    corpus = load_corpus(amended_5_703)
    checks = rules.check_rules(corpus)
    assert _pinning(C_3_II, "2014") == {"md-petition-declaration"}
    for rule_id, check in checks.items():
        if rule_id == "md-petition-declaration":
            assert check.state == "refused"
            assert check.problems == (
                "Version 2014: Md. Code, Elec. Law § 5-703(c)(3)(ii) has changed since the rule "
                "was written.",
            )
            states = {c.version: c.state for c in check.implementations}
            assert states == {"2014": "refused", "2025": "ok"}
        else:
            assert check.state == "ok", (rule_id, check.message)


def test_run_refuses_under_the_changed_version_only(amended_5_703: Path) -> None:
    corpus = load_corpus(amended_5_703)
    result = rules.run(
        "md-petition-declaration",
        {"election": "presidential", "year": "2028", "baltimore_city": "no"},
        today=date(2028, 1, 5),
        corpus=corpus,
        as_of=AS_OF_2014,
    )
    assert result.status == "refused"
    assert "under § 5-703, the 2014 text" in result.answer
    assert "§ 5-703(c)(3)(ii)" in result.answer
    assert "deadline" not in result.result
    assert result.citations == []
    # Even the (c)(3)(i) branch refuses: the implementation was written for the old text.
    result = rules.run(
        "declaration",
        {"election": "gubernatorial"},
        today=date(2026, 1, 5),
        corpus=corpus,
        as_of=AS_OF_2014,
    )
    assert result.status == "refused"
    # The 2025 text decides 2028 (its general election): that implementation still answers.
    result = rules.run(
        "md-petition-declaration",
        {"election": "presidential", "year": "2028"},
        today=date(2028, 1, 5),
        corpus=corpus,
    )
    assert result.status == "answered" and result.versions == {LAW: "2025"}
    assert result.result["deadline"] == date(2028, 7, 3)


def test_a_refused_candidate_refuses_the_uncertain_answer(amended_5_703: Path) -> None:
    # 2018: the 2014 and 2025 texts may each have been in force; the 2014 one refuses, so no
    # conservative answer can be given: refused, saying first that the text is open.
    corpus = load_corpus(amended_5_703)
    result = rules.run(
        "md-petition-certificate", {"year": "2018"}, today=date(2018, 1, 5), corpus=corpus
    )
    assert result.status == "answered"  # (d) did not change
    result = rules.run(
        "md-petition-declaration",
        {"election": "gubernatorial", "year": "2018", "coc_deadline": "2018-02-27T21:00"},
        today=date(2018, 1, 5),
        corpus=corpus,
    )
    assert result.status == "refused" and result.in_force == "uncertain"
    assert result.answer.startswith(
        "I can't tell which text of § 5-703 was in force on 2018-11-06."
    )
    assert "§ 5-703(c)(3)(ii)" in result.answer


def test_other_rules_still_answer_from_the_amended_corpus(amended_5_703: Path) -> None:
    corpus = load_corpus(amended_5_703)
    for rule_id, (params, today) in SAMPLES.items():
        result = rules.run(rule_id, params, today=today, corpus=corpus, as_of=AS_OF_2014)
        if rule_id in _pinning(C_3_II, "2014"):
            assert result.status == "refused"
        elif rule_id.startswith("md-public-financing"):
            continue  # the 2014 § 15-106 rules: other samples (see test_golden)
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
    assert not corpus.view({LAW: "2014"}).has_node("md/gel/5-703/e/3")
    assert not corpus.has_node("md/gel/5-703/e/3")  # the 2025 text quoted the 2014 (e)(3)
    checks = rules.check_rules(corpus)
    assert checks["md-petition-signatures"].state == "refused"
    # both versions relied on the 2014 (e)(3): both refuse
    assert checks["md-petition-signatures"].problems == (
        "Version 2014: md/gel/5-703/e/3 is missing from the loaded statutes.",
        "Version 2025: md/gel/5-703/e/3 is missing from the loaded statutes.",
    )
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

    # 2016: only the 2014 text held can have been in force (its general election decides)
    proc = _cli(
        "run",
        "md-petition-declaration",
        "election=presidential",
        "year=2016",
        "baltimore_city=no",
        "--today",
        "2016-01-05",
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
    # One line per implementation (the text version it was written for), each ok.
    assert proc.stdout.count("[ok]") == sum(len(spec.impls) for spec in rules.RULES.values())
