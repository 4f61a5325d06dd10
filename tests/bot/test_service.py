"""The dispatcher and `deadline-bot ask` (issue 4): one path from text to a cited answer."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import date

import pytest

from rules.calendar import CalendarSet
from statutes import load_corpus
from tests.support import REPO_ROOT
from tests.support.service import packaged_service

TODAY = date(2026, 4, 1)
SERVICE = packaged_service(TODAY)


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
    # § 15-107(c)(2), the text read today (issue 11): each contribution is matched by its own
    # $50 parts, so a total is not enough — asked for, one by one.
    code, out = ask_json("unopposed ticket raised $90,000, primary public contribution?")
    assert out["status"] == "needs_input" and out["missing"] == ["contributions"]
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
    reply = SERVICE.ask(question)
    assert reply.status == "no_match"
    assert reply.result is None and reply.rule is None


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("what is the filing fee for governor?", "“filing fee”"),
        ("please draft the successor LG's certificate of candidacy", "“please draft”"),
    ],
)
def test_out_of_scope_words_are_named_once_in_the_no_match_line(question, named):
    """The reply says which words no rule computes ("filing fee", not "fee" as well)."""
    reply = SERVICE.ask(question)
    assert reply.status == "no_match" and reply.rule is None
    assert f"it asks about {named}, which none of my rules computes" in reply.message


def test_structured_command_and_alias_give_the_same_answer_as_free_text():
    structured = SERVICE.ask("md-successor-lt-gov event=death event_date=2026-05-01")
    alias = SERVICE.ask("successor event=death event_date=2026-05-01")
    free = SERVICE.ask("LG candidate died May 1 2026, successor deadline?")
    deadlines = {r.result.result["deadline"] for r in (structured, alias, free)}
    assert deadlines == {date(2026, 5, 14)}
    assert structured.params == {"event": "death", "event_date": "2026-05-01"}


def test_needs_input_completes_the_same_invocation():
    first = SERVICE.ask("when must the successor LG file after a death?")
    assert first.status == "needs_input"
    done = SERVICE.complete(first.rule, {**first.params, "event_date": "2026-05-01"})
    assert done.status == "answered" and done.result.result["deadline"] == date(2026, 5, 14)


def test_hostile_text_gets_a_polite_reply():
    for text in ["x" * 100_000, "\x00\x07\x1b[31m", "🗳️🗳️", "ما هو الموعد", "'; DROP TABLE x;--"]:
        reply = SERVICE.ask(text)
        assert reply.status in ("no_match", "help", "invalid_input")
        assert reply.message
        assert len(reply.text_in) <= 300


def test_bad_value_in_structured_command_names_the_parameter():
    reply = SERVICE.ask("md-successor-lt-gov event=death event_date=2026-13-45")
    assert reply.status == "invalid_input"
    assert "event_date" in reply.result.answer and "YYYY-MM-DD" in reply.result.answer


def test_help_and_list():
    assert SERVICE.ask("help").status == "help"
    listing = SERVICE.ask("list")
    assert (
        "md-petition-signatures" in listing.message and "ma-vacancy-certificate" in listing.message
    )


def test_cite_reply_and_error():
    ok = SERVICE.cite("5-903(b)(2)(ii)")
    assert (
        ok.status == "cite"
        and ok.extra["lead_in"] == "The certificate of candidacy shall be filed:"
    )
    bad = SERVICE.cite("5-903(z)")
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


def test_corpus_and_calendars_given_to_handle_are_the_ones_used(tmp_path):
    # § 5-903(b)(2)(iii) amended by one word in a copy: the rule refuses on that copy, through
    # every entry point (ask, complete, run, cite), instead of the packaged text.
    root = tmp_path / "xml"
    shutil.copytree(REPO_ROOT / "statutes" / "xml", root)
    law = root / "md" / "gel-5-903.xml"
    law.write_text(
        law.read_text("utf-8").replace("not later than 40 days", "not later than 30 days"), "utf-8"
    )
    amended = load_corpus(root)
    question = "LG candidate died May 1 2026, successor deadline?"
    on_amended = packaged_service(TODAY, corpus=amended)
    assert SERVICE.ask(question).status == "answered"
    reply = on_amended.ask(question)
    assert reply.status == "refused" and "5-903(b)(2)(iii)" in reply.result.answer
    done = on_amended.complete(
        "md-successor-lt-gov",
        {"event": "death", "event_date": "2026-05-01"},
    )
    assert done.status == "refused"
    assert "30 days" in on_amended.cite("5-903(b)(2)(iii)").extra["text"]
    # An empty calendar set stays empty: the primary date is asked for, not taken from md-2026.
    no_calendars = packaged_service(TODAY, calendars=CalendarSet([], version="empty"))
    empty = no_calendars.ask(question)
    assert empty.status == "needs_input" and "primary" in empty.result.missing


def test_no_match_names_the_list_command_of_its_surface():
    question = "what's the weather in Annapolis"
    cli = SERVICE.ask(question, surface="cli")
    slack = SERVICE.ask(question, surface="slack")
    assert "`deadline-bot rules`" in cli.message and "`list`" not in cli.message
    assert "`list`" in slack.message and "deadline-bot" not in slack.message
    assert "`deadline-bot cite" in SERVICE.ask("help", surface="cli").message
    assert "`/cite" in SERVICE.ask("help", surface="slack").message


def test_structured_command_with_unreadable_words_is_refused_not_guessed():
    # "signatures 1e400 voters" named the rule; the count in words can't be read as written.
    reply = SERVICE.ask("signatures 1e400 voters")
    assert reply.status == "invalid_input" and reply.rule == "md-petition-signatures"
    assert "'1e400'" in reply.message and reply.result is None
