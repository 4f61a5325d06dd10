"""The audit trail: every answer given, recorded so it can be read back and reproduced.

A row holds who asked, where, the text, the invocation that was run (rule + parameters as
typed), the request day, the result, and the ids and text hashes of the cited subsections with
the corpus and calendar versions. `reproduce()` runs the same invocation on the same day again;
with unchanged statute text and calendars it must give the identical result.
"""

from __future__ import annotations

import csv
import json
import sys
from datetime import date, datetime, time
from typing import Any

from sqlalchemy.engine import Engine

from bot.reply import Reply
from bot.store import audit_rows, record_answer
from rules import run
from rules.calendar import default_calendars
from rules.result import Result
from rules.timecalc import NY
from statutes import default_corpus


def record(
    engine: Engine,
    reply: Reply,
    *,
    surface: str,
    text: str,
    today: date,
    user: str | None = None,
    channel: str | None = None,
) -> int:
    """Write one answer to the audit trail and return its id."""
    return record_answer(
        engine,
        surface=surface,
        text=text,
        user=user,
        channel=channel,
        rule=reply.rule,
        status=reply.status,
        params=reply.params if reply.rule else None,
        today=today,
        result=reply.result,
        corpus_version=default_corpus().version,
        calendar_version=default_calendars().version,
    )


def reproduce(row: dict[str, Any]) -> Result:
    """Run the audited invocation again, on the audited request day."""
    if not row.get("rule") or row.get("params") is None or row.get("today") is None:
        raise ValueError(f"audit row {row.get('id')} holds no rule invocation to reproduce")
    return run(row["rule"], row["params"], today=row["today"])


def check_reproduction(row: dict[str, Any]) -> tuple[bool, str]:
    """(same result?, explanation) for one audit row."""
    again = reproduce(row).to_json_dict()
    if again == row.get("result"):
        return True, "reproduced exactly"
    notes = []
    if row.get("corpus_version") != default_corpus().version:
        notes.append("the statute text has changed since")
    if row.get("calendar_version") != default_calendars().version:
        notes.append("a calendar has changed since")
    return False, "differs" + (f" ({'; '.join(notes)})" if notes else "")


COLUMNS = (
    "id",
    "at",
    "user",
    "channel",
    "surface",
    "text",
    "status",
    "rule",
    "params",
    "today",
    "result",
    "citations",
    "corpus_version",
    "calendar_version",
)


def print_audit(
    engine: Engine, *, since: date | None = None, user: str | None = None, as_csv: bool = False
) -> int:
    start = datetime.combine(since, time(), NY) if since else None
    rows = audit_rows(engine, since=start, user=user)
    if as_csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow(
                [
                    json.dumps(row.get(c), default=str)
                    if isinstance(row.get(c), dict | list)
                    else row.get(c)
                    for c in COLUMNS
                ]
            )
        return 0
    for row in rows:
        answer = (row.get("result") or {}).get("answer", "")
        cites = ", ".join(c.get("id", "") for c in row.get("citations") or [])
        print(
            f"#{row['id']} {row['at']:%Y-%m-%d %H:%M} {row.get('user') or '-'} "
            f"{row.get('channel') or '-'} [{row['surface']}] {row.get('status')} "
            f"{row.get('rule') or ''}\n    asked: {row.get('text')!r}\n    answer: {answer[:200]}"
            + (f"\n    cited: {cites}" if cites else "")
        )
    print(f"{len(rows)} audit row(s)")
    return 0
