"""The audit trail: every answer given, recorded so it can be read back and reproduced.

A row holds who asked, where, the text, the invocation that was run (rule + parameters as
typed), the request day, the result, and the ids and text hashes of the cited subsections with
the corpus and calendar versions. `AnswerService.reproduce()` runs the same invocation on the
same day again; with unchanged statute text and calendars it must give the identical result
(`check_reproduction`).

Feedback is recorded in the same table: a "Not what I asked" button pressed under an answer is
a row whose surface is `feedback` (`FEEDBACK`), holding the question, the rule and parameters
that answered it, and how the question was read, for review (`deadline-bot audit --feedback`).

`deadline-bot audit` prints these answers and the reminder actions log (`bot.cli.ops`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, BigInteger, Date, Integer, String, Text, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from bot.ops.db import Base, storable, utcnow
from bot.reply import Reply

if TYPE_CHECKING:
    from bot.service import AnswerService

FEEDBACK = "feedback"  # the surface of a "Not what I asked" row
NOT_WHAT_I_ASKED = "not what I asked"


class AuditRow(Base):
    """Every answer given: when, who, where, what was asked, and exactly what it relied on."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    user: Mapped[str | None] = mapped_column(String(64), index=True)
    channel: Mapped[str | None] = mapped_column(String(64))
    surface: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str | None] = mapped_column(String(32))
    rule: Mapped[str | None] = mapped_column(String(128))
    # The invocation as run (rule parameters as typed) and the request day: with the corpus and
    # calendar versions, enough to reproduce the answer exactly (bot.ops.audit.reproduce).
    params: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    today: Mapped[date | None] = mapped_column(Date)
    inputs: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    citations: Mapped[list[Any]] = mapped_column(JSON, default=list)
    corpus_version: Mapped[str | None] = mapped_column(String(128))
    calendar_version: Mapped[str | None] = mapped_column(String(128))


def record_answer(
    engine: Engine,
    *,
    surface: str,
    text: str = "",
    user: str | None = None,
    channel: str | None = None,
    rule: str | None = None,
    status: str | None = None,
    params: Mapping[str, Any] | None = None,
    today: date | None = None,
    result: Any = None,
    inputs: Mapping[str, Any] | None = None,
    citations: Iterable[Mapping[str, Any]] | None = None,
    corpus_version: str | None = None,
    calendar_version: str | None = None,
    at: datetime | None = None,
) -> int:
    """Store one answer given and return its audit id.

    `result` may be a `rules.result.Result` (then rule, status, inputs and cited node ids with
    their text hashes are taken from it unless given) or an already JSON-ready dict.
    """
    result_json: dict[str, Any] | None
    if hasattr(result, "to_json_dict"):
        result_json = result.to_json_dict()
    else:
        result_json = dict(result) if result is not None else None
    if result_json is not None:
        rule = rule or result_json.get("rule")
        status = status or result_json.get("status")
        if inputs is None:
            inputs = result_json.get("inputs") or {}
        if citations is None:
            citations = [
                {"id": c.get("id"), "cite": c.get("cite"), "text_sha256": c.get("text_sha256")}
                for c in result_json.get("citations") or []
            ]
    row = AuditRow(
        at=at or utcnow(),
        user=user,
        channel=channel,
        surface=surface,
        text=text,
        status=status,
        rule=rule,
        params=dict(params) if params is not None else None,
        today=today,
        inputs=dict(inputs or {}),
        result=result_json,
        citations=[dict(c) for c in citations or []],
        corpus_version=corpus_version,
        calendar_version=calendar_version,
    )
    # The question, user and channel come from Slack: whatever they hold, the row is written.
    for column in AuditRow.__table__.columns:
        value = getattr(row, column.key)
        if isinstance(value, str | dict | list):
            setattr(row, column.key, storable(value, getattr(column.type, "length", None)))
    with Session(engine) as session, session.begin():
        session.add(row)
        session.flush()
        return row.id


def record_feedback(
    engine: Engine,
    *,
    question: str,
    rule: str | None,
    params: Mapping[str, str] | None,
    reading: str,
    as_of: date | None = None,
    user: str | None = None,
    channel: str | None = None,
    today: date | None = None,
    problems: Iterable[str] = (),
) -> int:
    """Store one "Not what I asked" and return its audit id: the question, the invocation that
    answered it, how it was read (and what of the button's value could not be read)."""
    detail: dict[str, Any] = {"feedback": NOT_WHAT_I_ASKED, "reading": reading}
    if as_of is not None:
        detail["as_of"] = as_of.isoformat()
    if problems:
        detail["problems"] = list(problems)
    return record_answer(
        engine,
        surface=FEEDBACK,
        text=question,
        user=user,
        channel=channel,
        rule=rule,
        status=FEEDBACK,
        params=params,
        today=today,
        result=detail,
        inputs={},
        citations=[],
    )


def audit_rows(
    engine: Engine,
    since: datetime | None = None,
    user: str | None = None,
    *,
    surface: str | None = None,
) -> list[dict[str, Any]]:
    """Audit rows, oldest first, optionally only from `since`, by `user`, from `surface`."""
    stmt = select(AuditRow).order_by(AuditRow.at, AuditRow.id)
    if surface is not None:
        stmt = stmt.where(AuditRow.surface == surface)
    if since is not None:
        stmt = stmt.where(AuditRow.at >= since)
    if user is not None:
        stmt = stmt.where(AuditRow.user == user)
    columns = [c.key for c in AuditRow.__table__.columns]
    with Session(engine) as session:
        return [{c: getattr(row, c) for c in columns} for row in session.scalars(stmt)]


def record(
    engine: Engine,
    reply: Reply,
    *,
    service: AnswerService,
    surface: str,
    text: str,
    today: date,
    user: str | None = None,
    channel: str | None = None,
) -> int:
    """Write one answer `service` gave to the audit trail and return its id."""
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
        corpus_version=service.corpus.version,
        calendar_version=service.calendars.version,
    )


def check_reproduction(row: Mapping[str, Any], service: AnswerService) -> tuple[bool, str]:
    """(same result?, explanation) for one audit row, reproduced by `service`."""
    again = service.reproduce(row).to_json_dict()
    if again == row.get("result"):
        return True, "reproduced exactly"
    notes = []
    if row.get("corpus_version") != service.corpus.version:
        notes.append("the statute text has changed since")
    if row.get("calendar_version") != service.calendars.version:
        notes.append("a calendar has changed since")
    return False, "differs" + (f" ({'; '.join(notes)})" if notes else "")
