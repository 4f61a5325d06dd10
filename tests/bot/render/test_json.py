"""The JSON a CLI user or a script reads: every citation names the text version it quotes."""

from __future__ import annotations

from datetime import date

from bot.render.json import reply_json
from bot.reply import Reply
from rules import run
from statutes import default_corpus


def test_json_citations_carry_their_version() -> None:
    # Md. Code, Elec. Law § 5-703(e)(1), 2025 text: the lesser of 10,000 or 1% (at least 250).
    result = run(
        "md-petition-signatures", {"registered_voters": "4200000"}, today=date(2026, 11, 22)
    )
    out = reply_json(Reply(status=result.status, rule=result.rule, result=result))
    e1 = next(c for c in out["citations"] if c["id"] == "md/gel/5-703/e/1")
    assert e1["version"]["id"] == "2025" and e1["version"]["official"] is False
    assert {"in_force_from", "in_force_to", "source"} <= set(e1["version"])
    assert "text_sha256" not in e1
    # (e)(3) is not held in the 2025 copy: it is quoted from the 2014 text, and says so.
    e3 = next(c for c in out["citations"] if c["id"] == "md/gel/5-703/e/3")
    assert e3["version"]["id"] == "2014"
    corpus = default_corpus()
    assert e3["text"] == corpus.view({"md/gel/5-703": "2014"}).node("md/gel/5-703/e/3").text
