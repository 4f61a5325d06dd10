"""Audit trail (issue 6): every answer recorded, read back, and reproduced exactly from its row."""

from __future__ import annotations

import subprocess
import sys
from datetime import date

from bot.audit import check_reproduction, record, reproduce
from bot.dispatch import handle
from bot.store import audit_rows
from statutes import default_corpus

pytest_plugins = ("tests.db_fixtures",)

TODAY = date(2026, 4, 1)


def test_answer_round_trips_through_its_audit_row(engine):
    # § 5-903(b)(2)(iii): asked in plain words, recorded, reproduced from the row alone.
    reply = handle("LG candidate died May 1 2026, successor deadline?", today=TODAY)
    audit_id = record(
        engine,
        reply,
        surface="slack:command",
        text="LG candidate died May 1 2026…",
        today=TODAY,
        user="U123",
        channel="C9",
    )
    (row,) = [r for r in audit_rows(engine, user="U123") if r["id"] == audit_id]
    assert row["rule"] == "md-successor-lt-gov"
    assert row["params"] == {"event": "death", "event_date": "2026-05-01"}
    assert row["today"] == TODAY
    assert row["corpus_version"] == default_corpus().version
    cited = {c["id"]: c["text_sha256"] for c in row["citations"]}
    node = default_corpus().node("md/gel/5-903/b/2/iii")
    assert cited[node.id] == node.text_sha256
    again = reproduce(row)
    assert again.to_json_dict() == row["result"]
    assert again.result["deadline"] == date(2026, 5, 14)
    assert check_reproduction(row) == (True, "reproduced exactly")


def test_no_match_is_recorded_and_not_reproducible_as_a_rule(engine):
    reply = handle("when is the voter registration deadline?", today=TODAY)
    audit_id = record(engine, reply, surface="cli", text=reply.text_in, today=TODAY)
    (row,) = [r for r in audit_rows(engine) if r["id"] == audit_id]
    assert row["status"] == "no_match" and row["rule"] is None


def test_audit_cli_filters_and_csv(engine, db_url):
    for user in ("UA", "UB"):
        reply = handle("signatures registered_voters=123456", today=TODAY)
        record(engine, reply, surface="cli", text="signatures", today=TODAY, user=user)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.cli",
            "audit",
            "--user",
            "UB",
            "--csv",
            "--database-url",
            db_url,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines[0].startswith("id,at,user,channel,surface,text,status,rule")
    assert len(lines) == 2 and ",UB," in lines[1] and "md-petition-signatures" in lines[1]
