"""The dispatcher and `deadline-bot ask` (issue 4): one path from text to a cited answer."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date

import pytest

from bot.dispatch import cite, complete, handle

TODAY = date(2026, 4, 1)


def ask_json(text: str, today: str = "2026-04-01") -> tuple[int, dict]:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "ask", text, "--today", today, "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return proc.returncode, json.loads(proc.stdout)


def test_issue_examples_through_the_cli_json():
    # § 5-903(b)(2)(iii): death 53 days before the 2026-06-23 primary → primary − 40 days.
    code, out = ask_json("LG candidate died May 1 2026, successor deadline?")
    assert code == 0 and out["status"] == "answered"
    assert out["rule"] == "md-successor-lt-gov"
    assert out["result"]["deadline"] == "2026-05-14"
    assert "md/gel/5-903/b/2/iii" in {c["id"] for c in out["citations"]}
    # § 5-703(e)(1): 1% of 123,456 rounded up.
    code, out = ask_json(
        "how many signatures does an independent need with 123,456 registered voters"
    )
    assert (code, out["rule"], out["result"]["count"]) == (0, "md-petition-signatures", 1235)
    # § 15-106(c)(3): unopposed, $1 per $3.
    code, out = ask_json("unopposed ticket raised $90,000, primary public contribution?")
    assert out["result"]["amount"] == "30000.00"
    # G.L. c. 53 § 14, sentence 7: Fri 5 p.m. + 72 week-day hours → Wed 5 p.m.
    code, out = ask_json(
        "Mass. withdrawals closed Fri June 5 2026 5pm — vacancy certificates for a state office "
        "due?"
    )
    assert out["result"]["deadline"] == "2026-06-10T17:00:00-04:00"
    assert "ma/mgl/c53/14/s7" in {c["id"] for c in out["citations"]}


def test_missing_parameter_is_needs_input_with_the_command_to_run():
    code, out = ask_json("when must the successor LG file after a death?")
    assert code != 0
    assert out["status"] == "needs_input" and out["missing"] == ["event_date"]
    assert out["command"].startswith("deadline-bot run md-successor-lt-gov event=death")


@pytest.mark.parametrize(
    "question",
    [
        "when is the voter registration deadline?",
        "what's the weather in Annapolis",
        "<!channel> please ping everyone",
    ],
)
def test_out_of_scope_is_no_match_never_a_rule(question):
    reply = handle(question, today=TODAY)
    assert reply.status == "no_match"
    assert reply.result is None and reply.rule is None


def test_structured_command_and_alias_give_the_same_answer_as_free_text():
    structured = handle("md-successor-lt-gov event=death event_date=2026-05-01", today=TODAY)
    alias = handle("successor event=death event_date=2026-05-01", today=TODAY)
    free = handle("LG candidate died May 1 2026, successor deadline?", today=TODAY)
    deadlines = {r.result.result["deadline"] for r in (structured, alias, free)}
    assert deadlines == {date(2026, 5, 14)}
    assert structured.params == {"event": "death", "event_date": "2026-05-01"}


def test_needs_input_completes_the_same_invocation():
    first = handle("when must the successor LG file after a death?", today=TODAY)
    assert first.status == "needs_input"
    done = complete(first.rule, {**first.params, "event_date": "2026-05-01"}, today=TODAY)
    assert done.status == "answered" and done.result.result["deadline"] == date(2026, 5, 14)


def test_hostile_text_gets_a_polite_reply():
    for text in ["x" * 100_000, "\x00\x07\x1b[31m", "🗳️🗳️", "ما هو الموعد", "'; DROP TABLE x;--"]:
        reply = handle(text, today=TODAY)
        assert reply.status in ("no_match", "help", "invalid_input")
        assert reply.message
        assert len(reply.text_in) <= 300


def test_bad_value_in_structured_command_names_the_parameter():
    reply = handle("md-successor-lt-gov event=death event_date=2026-13-45", today=TODAY)
    assert reply.status == "invalid_input"
    assert "event_date" in reply.result.answer and "YYYY-MM-DD" in reply.result.answer


def test_help_and_list():
    assert handle("help", today=TODAY).status == "help"
    listing = handle("list", today=TODAY)
    assert (
        "md-petition-signatures" in listing.message and "ma-vacancy-certificate" in listing.message
    )


def test_cite_reply_and_error():
    ok = cite("5-903(b)(2)(ii)")
    assert (
        ok.status == "cite"
        and ok.extra["lead_in"] == "The certificate of candidacy shall be filed:"
    )
    bad = cite("5-903(z)")
    assert bad.status == "invalid_input" and "(a), (b), (c)" in bad.message


def test_cli_ask_does_not_import_slack_bolt():
    code = (
        "import sys; from bot.cli import main; "
        "main(['ask', 'signatures 123,456 voters', '--today', '2026-04-01', '--json']); "
        "assert 'slack_bolt' not in sys.modules, 'slack_bolt imported'"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert '"count": 1235' in proc.stdout
