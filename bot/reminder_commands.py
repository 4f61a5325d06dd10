"""The reminder subcommands, shared by `/deadline` in Slack and the `deadline-bot` CLI.

Text is everything after `/deadline` (or after `deadline-bot`):

    remind #channel [calendar md-2026] [rules RULE …] [at 14d,7d,1d] [time 9:00]
    remind #channel on 2026-08-01 [9:00] RULE key=value …      (one-off)
    reminders [#channel]                                          (list, with next posting time)
    unremind ID
    ics md-2026 [rules RULE …]                                    (iCalendar export)

A channel may be a Slack link (`<#C123|candidate-filing>`, stored as C123) or a bare id.
Creating and deleting reminders is for admins (`is_admin(user_id)`); everyone may list and
export. Bad input gets a polite `ok=False` outcome, never an exception, and changes nothing.

`CommandOutcome.text` is a plain sentence (the Slack layer escapes it); `blocks` are mrkdwn
with user text escaped here.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any

from sqlalchemy import Engine

from bot.reminders import (
    Answerer,
    DeadlineSource,
    SubscriptionView,
    create_subscription,
    delete_subscription,
    dispatch_answer,
    get_subscription,
    list_subscriptions,
    local_today,
    parse_post_time,
    season_source,
)
from bot.render_blocks import escape, format_when
from bot.settings import TIMEZONE

log = logging.getLogger("bot.reminder_commands")

DEFAULT_OFFSETS = (14, 7, 1)
DEFAULT_TIME = "09:00"
MAX_OFFSET_DAYS = 366
KEYWORDS = frozenset({"calendar", "rules", "rule", "at", "time", "on"})
COMMANDS = ("remind", "reminders", "unremind", "ics")

USAGE = (
    "Reminder commands:\n"
    "• remind #channel calendar md-2026 [rules RULE …] [at 14d,7d,1d] [time 9:00]\n"
    "• remind #channel on 2026-08-01 9:00 RULE key=value …  (one-off)\n"
    "• reminders [#channel]  — list, with the next posting time\n"
    "• unremind ID\n"
    "• ics md-2026 [rules RULE …]  — the calendar as an .ics file"
)

_CHANNEL_LINK = re.compile(r"^<#([CGD][A-Z0-9]+)(?:\|[^>]*)?>$")
_CHANNEL_ID = re.compile(r"^#?([CGD][A-Z0-9]{2,})$")
_TIME = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$", re.IGNORECASE)
_OFFSET = re.compile(r"^(\d{1,3})d?$", re.IGNORECASE)


@dataclass
class CommandOutcome:
    """What a reminder command gives back: a plain sentence, optional blocks, success, and
    extras (`extra["ics"]`: the .ics bytes, `extra["filename"]`; `extra["subscription_id"]`)."""

    text: str
    blocks: list[dict[str, Any]] | None = None
    ok: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


class _BadInput(ValueError):
    """A polite message for the person who typed the command."""


def handle_reminder_command(
    text: str,
    *,
    user_id: str,
    is_admin: Callable[[str], bool],
    engine: Engine,
    now: datetime,
    source: DeadlineSource | None = None,
    answer: Answerer | None = None,
) -> CommandOutcome:
    """Parse and carry out one reminder command (see the module docstring for the grammar)."""
    words = text.split()
    command = words[0].lower() if words else ""
    args = words[1:]
    source = source or season_source
    try:
        if command == "remind":
            _require_admin(user_id, is_admin, "create reminders")
            return _remind(
                args,
                user_id=user_id,
                engine=engine,
                now=now,
                source=source,
                answer=answer or dispatch_answer,
            )
        if command == "reminders":
            return _list(args, engine=engine)
        if command == "unremind":
            return _unremind(args, user_id=user_id, is_admin=is_admin, engine=engine, now=now)
        if command == "ics":
            return _ics(args, now=now, source=source)
        raise _BadInput(f"I don't know that reminder command.\n{USAGE}")
    except _BadInput as bad:
        return CommandOutcome(text=str(bad), ok=False)
    except Exception:
        log.exception("reminder command failed: %r", text)
        return CommandOutcome(
            text="Sorry, something went wrong on my side and nothing was changed. "
            "Please try again in a minute.",
            ok=False,
        )


def unsubscribe(
    engine: Engine,
    subscription_id: int,
    *,
    user_id: str,
    is_admin: Callable[[str], bool],
    now: datetime,
) -> CommandOutcome:
    """Stop a subscription (the `reminder_unsubscribe` button and `unremind ID`)."""
    try:
        _require_admin(user_id, is_admin, "stop reminders")
    except _BadInput as bad:
        return CommandOutcome(text=str(bad), ok=False)
    sub = get_subscription(engine, subscription_id)
    if sub is None or sub.state == "deleted":
        return CommandOutcome(
            text=f"There is no active reminder {subscription_id}. "
            "`reminders` lists the current ones.",
            ok=False,
        )
    delete_subscription(engine, subscription_id, by=user_id, now=now)
    return CommandOutcome(
        text=f"Reminder {subscription_id} for #{sub.channel_id} is stopped; "
        "no more reminders from it will be posted.",
        blocks=[
            _section(
                f"🔕 Reminder {subscription_id} for <#{sub.channel_id}> is stopped; "
                "no more reminders from it will be posted."
            )
        ],
        extra={"subscription_id": subscription_id},
    )


# --- the subcommands -------------------------------------------------------------------------
def _require_admin(user_id: str, is_admin: Callable[[str], bool], what: str) -> None:
    if not is_admin(user_id):
        raise _BadInput(
            f"Sorry, only workspace admins and the bot's configured admins can {what}. "
            "Anyone can list them with `reminders`."
        )


def _remind(
    args: list[str],
    *,
    user_id: str,
    engine: Engine,
    now: datetime,
    source: DeadlineSource,
    answer: Answerer,
) -> CommandOutcome:
    if not args:
        raise _BadInput(f"Which channel should I remind?\n{USAGE}")
    channel = parse_channel(args[0])
    rest = args[1:]
    if rest and rest[0].lower() == "on":
        return _remind_once(
            channel, rest[1:], user_id=user_id, engine=engine, now=now, answer=answer
        )
    options = _keyword_options(rest)
    calendar_id = _one(options, "calendar", "calendar md-2026")
    if calendar_id is None:
        raise _BadInput(f"Which calendar should the reminders follow? {_calendar_hint()}")
    rule_ids = _split_list(options.get("rules", []) + options.get("rule", [])) or None
    offsets = parse_offsets(options["at"]) if "at" in options else list(DEFAULT_OFFSETS)
    post_time = parse_time(" ".join(options["time"])) if "time" in options else DEFAULT_TIME
    if "on" in options:
        raise _BadInput("A one-off reminder starts with `on`: remind #channel on 2026-08-01 9:00 …")

    deadlines = _deadlines_or_explain(source, calendar_id, local_today(now), rule_ids)
    if rule_ids:
        covered = {d.rule for d in deadlines}
        unknown = [r for r in rule_ids if r not in covered and not _known_rule(r)]
        if unknown:
            raise _BadInput(f"I don't know the rule(s) {', '.join(unknown)}. `rules` lists them.")
    sub_id = create_subscription(
        engine,
        channel_id=channel,
        created_by=user_id,
        now=now,
        calendar_id=calendar_id,
        rule_ids=rule_ids,
        offsets_days=offsets,
        post_time=post_time,
        source=source,
    )
    view = next(v for v in list_subscriptions(engine, channel_id=channel) if v.id == sub_id)
    what = f"{len(deadlines)} upcoming deadline(s) of {calendar_id}"
    if rule_ids:
        what += f" ({', '.join(rule_ids)})"
    summary = (
        f"Reminder {sub_id} set for #{channel}: {what}, "
        f"{_offsets_text(view.offsets_days)} at {_time_text(post_time)} ET."
    )
    nxt = _next_text(view)
    return CommandOutcome(
        text=f"{summary} {nxt}",
        blocks=[_section(f"🔔 {_describe(view)}"), _context(nxt)],
        extra={"subscription_id": sub_id},
    )


def _remind_once(
    channel: str,
    args: list[str],
    *,
    user_id: str,
    engine: Engine,
    now: datetime,
    answer: Answerer,
) -> CommandOutcome:
    if not args:
        raise _BadInput("On which day? e.g. remind #channel on 2026-08-01 9:00 RULE key=value")
    try:
        day = date.fromisoformat(args[0])
    except ValueError:
        raise _BadInput(
            f"“{args[0]}” is not a date I can read; please write it as YYYY-MM-DD."
        ) from None
    rest = args[1:]
    at_time = DEFAULT_TIME
    if rest and _looks_like_time(rest[0]):
        at_time = parse_time(rest[0])
        rest = rest[1:]
    invocation = " ".join(rest)
    if not invocation:
        raise _BadInput(
            "Which rule should the reminder answer? e.g. … on 2026-08-01 9:00 "
            "md-petition-certificate year=2026"
        )
    when = datetime.combine(day, parse_post_time(at_time), TIMEZONE)
    if when <= now:
        raise _BadInput(f"{format_when(when)} has already passed; pick a later time.")
    reply = answer(invocation, local_today(now))
    if reply.status != "answered":
        detail = reply.message or (reply.result.answer if reply.result else "")
        missing = ", ".join(reply.result.missing) if reply.result and reply.result.missing else ""
        hint = f" It still needs: {missing}." if missing else ""
        raise _BadInput(
            f"I can't set that reminder: “{invocation}” does not give an answer yet "
            f"({reply.status}). {detail}{hint}".strip()
        )
    sub_id = create_subscription(
        engine,
        channel_id=channel,
        created_by=user_id,
        now=now,
        once_at=when,
        once_invocation=reply.command or invocation,
        offsets_days=[0],
        post_time=at_time,
    )
    text = (
        f"One-off reminder {sub_id} set for #{channel}: {reply.command or invocation} "
        f"on {format_when(when)}."
    )
    return CommandOutcome(
        text=text,
        blocks=[
            _section(
                f"🔔 One-off reminder *{sub_id}* for <#{channel}>: "
                f"`{escape(reply.command or invocation)}` on {format_when(when)}."
            )
        ],
        extra={"subscription_id": sub_id},
    )


def _list(args: list[str], *, engine: Engine) -> CommandOutcome:
    channel = parse_channel(args[0]) if args else None
    views = list_subscriptions(engine, channel_id=channel)
    if not views:
        where = f" for #{channel}" if channel else ""
        return CommandOutcome(text=f"No reminders are set{where}.", blocks=None)
    lines: list[str] = []
    blocks: list[dict[str, Any]] = []
    current: str | None = None
    for view in views:
        if view.channel_id != current:
            current = view.channel_id
            lines.append(f"#{current}:")
            blocks.append(_section(f"*<#{current}>*"))
        lines.append(f"  {_describe(view, plain=True)} {_next_text(view)}")
        blocks.append(_context(f"{_describe(view)} {_next_text(view)}"))
    return CommandOutcome(text="\n".join(lines), blocks=blocks[:50])


def _unremind(
    args: list[str],
    *,
    user_id: str,
    is_admin: Callable[[str], bool],
    engine: Engine,
    now: datetime,
) -> CommandOutcome:
    if len(args) != 1 or not args[0].lstrip("#").isdigit():
        raise _BadInput("Which reminder? Give its number: `unremind 12` (`reminders` lists them).")
    return unsubscribe(
        engine, int(args[0].lstrip("#")), user_id=user_id, is_admin=is_admin, now=now
    )


def _ics(args: list[str], *, now: datetime, source: DeadlineSource) -> CommandOutcome:
    from bot.ics import deadlines_ics  # the icalendar package is only needed here

    if not args:
        raise _BadInput(f"Which calendar? e.g. `ics md-2026`. {_calendar_hint()}")
    calendar_id = args[0]
    options = _keyword_options(args[1:])
    rule_ids = _split_list(options.get("rules", []) + options.get("rule", [])) or None
    deadlines = _deadlines_or_explain(source, calendar_id, local_today(now), rule_ids)
    data = deadlines_ics(calendar_id, deadlines, stamp=now)
    filename = f"{calendar_id}-deadlines.ics"
    return CommandOutcome(
        text=f"{len(deadlines)} deadline(s) of {calendar_id} as a calendar file ({filename}).",
        extra={"ics": data, "filename": filename},
    )


# --- parsing ---------------------------------------------------------------------------------
def parse_channel(token: str) -> str:
    """`<#C123|name>`, `<#C123>`, `#C123` or `C123` → "C123"; a bare name is refused politely."""
    for pattern in (_CHANNEL_LINK, _CHANNEL_ID):
        match = pattern.match(token.strip())
        if match:
            return match.group(1)
    raise _BadInput(
        f"I can't tell which channel “{token}” is. In Slack, type # and pick the channel from "
        "the list; from the command line, give its id (like C0123ABCD)."
    )


def parse_offsets(tokens: list[str]) -> list[int]:
    """["14d,7d,1d"] or ["14d", "7d"] → [14, 7] (days before the deadline)."""
    parts = _split_list(tokens)
    if not parts:
        raise _BadInput("How many days before? e.g. `at 14d,7d,1d`.")
    offsets: list[int] = []
    for part in parts:
        match = _OFFSET.match(part)
        if not match or int(match.group(1)) > MAX_OFFSET_DAYS:
            raise _BadInput(
                f"“{part}” is not a number of days I can use; write days before the deadline "
                f"like `at 14d,7d,1d` (0–{MAX_OFFSET_DAYS})."
            )
        offsets.append(int(match.group(1)))
    return sorted(set(offsets), reverse=True)


def parse_time(value: str) -> str:
    """ "9:00", "17:30", "9am", "5:30 pm" → "HH:MM" (24-hour, Eastern time)."""
    match = _TIME.match(value.strip())
    if match:
        hour, minute = int(match.group(1)), int(match.group(2) or 0)
        meridiem = (match.group(3) or "").lower().replace(".", "")
        if meridiem and not 1 <= hour <= 12:
            match = None
        elif meridiem:
            hour = hour % 12 + (12 if meridiem == "pm" else 0)
        if match and hour < 24 and minute < 60 and (meridiem or match.group(2)):
            return f"{hour:02d}:{minute:02d}"
    raise _BadInput(f"“{value}” is not a time I can read; write it like `time 9:00` or `time 5pm`.")


def _looks_like_time(token: str) -> bool:
    """ "9:00", "17:30", "9am" — not a rule id or key=value."""
    match = _TIME.match(token)
    return bool(match and (match.group(2) or match.group(3)))


def _keyword_options(tokens: list[str]) -> dict[str, list[str]]:
    """Group tokens under the keyword before them; anything before a keyword is an error."""
    options: dict[str, list[str]] = {}
    key: str | None = None
    for token in tokens:
        lowered = token.lower()
        if lowered in KEYWORDS:
            key = lowered
            options.setdefault(key, [])
            continue
        if key is None:
            raise _BadInput(
                f"I don't understand “{token}” there. Expected one of: calendar, rules, at, time."
            )
        options[key].append(token)
    return options


def _one(options: dict[str, list[str]], key: str, example: str) -> str | None:
    values = options.get(key)
    if values is None:
        return None
    if len(values) != 1:
        raise _BadInput(f"Give exactly one value after `{key}`, e.g. `{example}`.")
    return values[0]


def _split_list(tokens: list[str]) -> list[str]:
    return [p for t in tokens for p in t.split(",") if p]


def _deadlines_or_explain(
    source: DeadlineSource, calendar_id: str, today: date, rule_ids: list[str] | None
) -> list[Any]:
    try:
        return list(source(calendar_id, today, rule_ids))
    except (KeyError, ValueError, LookupError) as exc:
        reason = exc.args[0] if exc.args else exc
        raise _BadInput(
            f"I can't compute the deadlines of calendar “{calendar_id}”: {reason}. "
            f"{_calendar_hint()}"
        ) from None


def _calendar_hint() -> str:
    try:
        from rules.calendar import default_calendars

        ids = default_calendars().ids()
    except Exception:  # the hint is a courtesy; never fail the command over it
        return "Add `calendar ID`, e.g. `calendar md-2026`."
    return f"Add `calendar ID`; known calendars: {', '.join(ids)}."


def _known_rule(rule_id: str) -> bool:
    try:
        from rules.registry import RULES
    except ImportError:
        return True  # cannot check; the deadline source is the judge
    return rule_id in RULES


# --- wording ---------------------------------------------------------------------------------
def _section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text[:3000]}}


def _context(text: str) -> dict[str, Any]:
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": text[:3000]}]}


def _offsets_text(offsets: list[int]) -> str:
    days = ", ".join(str(o) for o in offsets)
    return f"{days} day(s) before" if offsets != [0] else "on the day"


def _time_text(post_time: str) -> str:
    parsed: time = parse_post_time(post_time)
    hour = parsed.hour % 12 or 12
    return f"{hour}:{parsed.minute:02d} {'a.m.' if parsed.hour < 12 else 'p.m.'}"


def _describe(view: SubscriptionView, *, plain: bool = False) -> str:
    """One line about a subscription; mrkdwn (escaped) unless `plain`."""
    esc = (lambda s: s) if plain else escape
    if view.kind == "once":
        when = format_when(view.once_at) if view.once_at else "?"
        what = f"one-off {esc(view.once_invocation or '')} on {when}"
    else:
        rules = f" ({esc(', '.join(view.rule_ids))})" if view.rule_ids else " (all rules)"
        what = (
            f"{esc(view.calendar_id or '')}{rules}, {_offsets_text(view.offsets_days)} "
            f"at {_time_text(view.post_time)} ET"
        )
    state = ""
    if view.state == "paused":
        state = f" — PAUSED: {esc(view.paused_reason or 'Slack refused the channel')}"
    number = f"#{view.id}" if plain else f"*#{view.id}*"
    return f"{number} {what}, set by {esc(view.created_by)}{state}."


def _next_text(view: SubscriptionView) -> str:
    if view.state == "paused":
        return "Nothing will be posted until it is set up again."
    if view.next_post_at is None:
        return "No reminder is scheduled (no upcoming deadline)."
    return f"Next: {format_when(view.next_post_at)}."
