"""Audit trail (issue 6): every answer recorded, read back, and reproduced exactly from its row."""

from __future__ import annotations

import subprocess
import sys
from datetime import date

from bot.ops.audit import audit_rows, check_reproduction, record
from statutes import default_corpus
from tests.support.service import packaged_service

pytest_plugins = ("tests.support.db",)

TODAY = date(2026, 4, 1)
SERVICE = packaged_service(TODAY)


def test_answer_round_trips_through_its_audit_row(engine):
    # § 5-903(b)(2)(iii): asked in plain words, recorded, reproduced from the row alone.
    reply = SERVICE.ask("LG candidate died May 1 2026, successor deadline?", today=TODAY)
    audit_id = record(
        engine,
        reply,
        service=SERVICE,
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
    again = SERVICE.reproduce(row)
    assert again.to_json_dict() == row["result"]
    assert again.result["deadline"] == date(2026, 5, 14)
    assert check_reproduction(row, SERVICE) == (True, "reproduced exactly")


def test_no_match_is_recorded_and_not_reproducible_as_a_rule(engine):
    reply = SERVICE.ask("when is the voter registration deadline?", today=TODAY)
    audit_id = record(
        engine, reply, service=SERVICE, surface="cli", text=reply.text_in, today=TODAY
    )
    (row,) = [r for r in audit_rows(engine) if r["id"] == audit_id]
    assert row["status"] == "no_match" and row["rule"] is None


def test_audit_cli_filters_and_csv(engine, db_url):
    for user in ("UA", "UB"):
        reply = SERVICE.ask("signatures registered_voters=123456", today=TODAY)
        record(
            engine, reply, service=SERVICE, surface="cli", text="signatures", today=TODAY, user=user
        )
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


def test_audit_cli_lists_reminder_actions(engine, db_url):
    # The help promises "answers and reminder actions": both are printed.
    from datetime import datetime

    from bot.reminders.subscriptions import create_subscription, delete_subscription
    from rules.values import TZ as TIMEZONE

    now = datetime(2026, 4, 1, 9, tzinfo=TIMEZONE)
    sub_id = create_subscription(
        engine,
        channel_id="C1",
        created_by="UADMIN",
        now=now,
        once_at=datetime(2026, 8, 1, 9, tzinfo=TIMEZONE),
        once_invocation="md-petition-certificate year=2026",
        offsets_days=[0],
    )
    delete_subscription(engine, sub_id, by="UADMIN", now=now)
    record(
        engine,
        SERVICE.ask("signatures registered_voters=123456", today=TODAY),
        service=SERVICE,
        surface="cli",
        text="signatures",
        today=TODAY,
        user="UA",
    )

    def audit(*argv: str) -> str:
        proc = subprocess.run(
            [sys.executable, "-m", "bot.cli", "audit", *argv, "--database-url", db_url],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    text = audit()
    assert f"UADMIN [reminder] subscribe reminder {sub_id}" in text
    assert f"UADMIN [reminder] unsubscribe reminder {sub_id}" in text
    assert "md-petition-signatures" in text
    assert text.strip().endswith("1 audit row(s), 2 reminder action(s)")
    only = audit("--actions", "--user", "UADMIN", "--csv").strip().splitlines()
    assert only[0] == "id,at,actor,action,subscription_id,occurrence_id,detail"
    assert [line.split(",")[3] for line in only[1:]] == ["subscribe", "unsubscribe"]
