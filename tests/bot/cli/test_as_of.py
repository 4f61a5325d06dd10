"""`--as-of` on `run`, `ask` and `cite`, and what `cite` says about text versions (issue 11).

Md. Code, Elec. Law § 5-703(e)(1): the 2014 text asks petitions "signed by not less than 1%" of
the registered voters (42,000 of 4,200,000); the current text "the lesser of 10,000 … or 1%".
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from bot.cli import EXIT_ERROR, EXIT_OK, main

SIGNATURES = ["md-petition-signatures", "registered_voters=4200000", "--today", "2026-04-01"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_run_as_of_answers_under_the_law_in_force_that_day(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "run", *SIGNATURES, "--json", "--as-of", "2014-06-01")
    old = json.loads(out)
    assert code == EXIT_OK and old["result"]["count"] == 42000
    assert old["as_of"] == "2014-06-01" and old["versions"] == {"md/gel/5-703": "2014"}
    code, out, _ = _run(capsys, "run", *SIGNATURES, "--json")
    current = json.loads(out)
    assert current["result"]["count"] == 10000 and current["as_of"] is None
    # Notices are the first key, and in text output the first lines, before the answer.
    assert next(iter(old)) == "notices" and old["notices"]
    _, text, _ = _run(capsys, "run", *SIGNATURES, "--as-of", "2014-06-01")
    lines = text.splitlines()
    assert lines[1].startswith("⚠ Text used: § 5-703, the 2014 text")
    # Each quote names its version beside it.
    assert "(2014 text, in force from unknown to unknown" in text


def test_ask_as_of_and_as_of_in_the_question_agree(capsys: pytest.CaptureFixture[str]) -> None:
    question = "md-petition-signatures registered_voters=4200000"
    _, flag, _ = _run(capsys, "ask", question, "--as-of", "2014-06-01", "--json")
    _, words, _ = _run(capsys, "ask", f"{question} as of June 1, 2014", "--json")
    assert json.loads(flag)["result"]["count"] == json.loads(words)["result"]["count"] == 42000


@pytest.mark.parametrize("command", ["run", "ask", "cite"])
@pytest.mark.parametrize("bad", ["2014-13-01", "June 1", "yesterday-ish"])
def test_a_bad_as_of_is_one_polite_line_and_a_non_zero_exit(
    capsys: pytest.CaptureFixture[str], command: str, bad: str
) -> None:
    argv = {"run": SIGNATURES, "ask": ["signatures for 4,200,000 voters"], "cite": ["5-703(e)"]}
    code, out, err = _run(capsys, command, *argv[command], "--as-of", bad)
    assert code == EXIT_ERROR
    said = (out + err).strip().splitlines()
    assert len(said) == 1 and "--as-of" in said[0] and "YYYY-MM-DD" in said[0]
    assert "Traceback" not in out + err


def test_cite_shows_the_text_in_force_and_lists_the_versions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "cite", "5-703(e)(1)", "--json")
    node = json.loads(out)
    assert code == EXIT_OK
    assert "lesser of 10,000" in node["text"] and node["version"]["id"] == "2025"
    assert [(v["id"], v["official"]) for v in node["versions"]] == [
        ("2014", False),
        ("2015", False),
        ("2025", False),
    ]
    assert {"in_force_from", "in_force_to", "source"} <= set(node["versions"][0])
    code, out, _ = _run(capsys, "cite", "5-703(e)(1)", "--as-of", "2014-06-01")
    assert code == EXIT_OK
    assert "text in force on 2014-06-01: 2014 text" in out
    assert "not less than 1%" in out
    assert "Versions of this law:" in out and "2015 text" in out and "text not held" in out
    # `--today`, as `run` and `ask` take it, is the day whose text is quoted.
    code, today, _ = _run(capsys, "cite", "5-703(e)(1)", "--today", "2014-06-01")
    assert code == EXIT_OK and today == out


def test_rules_check_prints_one_line_per_implementation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import rules

    code, out, _ = _run(capsys, "rules", "--check")
    assert code == EXIT_OK
    for spec in rules.RULES.values():
        lines = [ln for ln in out.splitlines() if ln.startswith(f"{spec.id} ")]
        assert len(lines) == len(spec.impls), spec.id
        if len(spec.impls) > 1:
            assert {ln.split()[2] for ln in lines} == {impl.id for impl in spec.impls}


def test_an_answer_under_an_earlier_text_reproduces_from_its_audit_row(tmp_path: Path) -> None:
    # § 5-703(e)(1), 2014 text: the audited answer asked "as of 2014-06-01" is 42,000, and
    # reproducing the row answers under the same text again (its `in_force_on`).
    from bot.ops.audit import audit_rows, check_reproduction, record
    from bot.ops.db import make_engine, upgrade
    from tests.support.service import packaged_service

    url = f"sqlite:///{tmp_path / 'audit.sqlite3'}"
    upgrade(url)
    engine = make_engine(url)
    service = packaged_service(date(2026, 4, 1))
    reply = service.ask("md-petition-signatures registered_voters=4200000 as of 2014-06-01")
    assert reply.result is not None and reply.result.result["count"] == 42000
    record(
        engine, reply, service=service, surface="cli", text=reply.text_in, today=date(2026, 4, 1)
    )
    [row] = audit_rows(engine)
    assert service.reproduce(row).result["count"] == 42000
    assert check_reproduction(row, service) == (True, "reproduced exactly")
    engine.dispose()


def test_cite_of_a_law_whose_text_in_force_is_not_held_says_so_first_then_quotes_the_held_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Md. Code, Elec. Law § 15-106(c): the 2014 text (distributions) was replaced from 2021-06-01
    # by a § 15-106 on another subject whose text is not held (statutes/xml/versions.toml).
    code, out, _ = _run(capsys, "cite", "15-106(c)", "--as-of", "2026-03-10")
    assert code == EXIT_OK
    first = out.splitlines()[0]
    assert first.startswith("⚠ Md. Code, Elec. Law § 15-106: the text in force on 2026-03-10")
    assert "version 2021, whose text I do not hold" in first and "the 2014 text I hold" in first
    assert "shall authorize distribution of the money" in out  # the 2014 (c)(1), verbatim
    code, out, _ = _run(capsys, "cite", "15-106(c)", "--as-of", "2026-03-10", "--json")
    node = json.loads(out)
    assert node["version"]["id"] == "2014" and "do not hold" in node["notices"][0]
    # On a day the 2014 text may still have been in force there is nothing to warn about first.
    code, out, _ = _run(capsys, "cite", "15-106(c)", "--as-of", "2014-06-01", "--json")
    assert json.loads(out)["notices"] == []


def test_asking_what_a_replaced_section_says_quotes_it_with_the_warning() -> None:
    from tests.support.service import packaged_service

    reply = packaged_service().ask("what does 15-106(c) say?", today=date(2026, 3, 10))
    assert reply.status == "cite" and reply.extra["id"] == "md/gel/15-106/c"
    assert "do not hold" in reply.extra["notices"][0]


def test_the_slack_cite_of_a_replaced_section_leads_with_the_warning() -> None:
    from bot.render.answer import render_result
    from tests.support.service import packaged_service

    reply = packaged_service().ask("what does 15-106(c) say?", today=date(2026, 3, 10))
    _, blocks = render_result(reply)
    texts = [e["text"] for b in blocks if b["type"] == "context" for e in b["elements"]]
    assert texts[0].startswith("⚠️ Md. Code, Elec. Law § 15-106: the text in force on 2026-03-10")
    assert not any(t.startswith("Text in force on") for t in texts)  # it is not that text


def test_asking_for_a_sections_words_prints_them(capsys: pytest.CaptureFixture[str]) -> None:
    # § 5-903(b)(2)(ii) asked in a question (not `cite`): the CLI prints the citation, the
    # version quoted and the words, not an empty "[cite]" line.
    code, out, _ = _run(capsys, "ask", "what does subsection (b) of 5-903 say?")
    lines = out.splitlines()
    assert code == EXIT_OK and lines[0] == "[cite] Md. Code, Elec. Law § 5-903(b)"
    assert "seed text" in out and "Lieutenant Governor" in out
