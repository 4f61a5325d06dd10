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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any

from sqlalchemy import Engine

from bot.ops.clock import local_day
from bot.ops.db import INTEGER_ID_MAX
from bot.reminders.grammar import (
    BadInput,
    keyword_options,
    looks_like_time,
    one,
    parse_channel,
    parse_offsets,
    read_post_time,
    split_list,
)
from bot.reminders.planning import Answerer, DeadlineLike, DeadlineSource
from bot.reminders.subscriptions import (
    SubscriptionView,
    create_subscription,
    delete_subscription,
    get_subscription,
    list_subscriptions,
)
from bot.render.blocks import context, escape, section
from rules import RULES
from rules.values import TZ, format_when, parse_time

log = logging.getLogger("bot.reminders.commands")

DEFAULT_OFFSETS = (14, 7, 1)
DEFAULT_TIME = "09:00"

USAGE = (
    "Reminder commands:\n"
    "• remind #channel calendar md-2026 [rules RULE …] [at 14d,7d,1d] [time 9:00]\n"
    "• remind #channel on 2026-08-01 9:00 RULE key=value …  (one-off)\n"
    "• reminders [#channel]  — list, with the next posting time\n"
    "• unremind ID\n"
    "• ics md-2026 [rules RULE …]  — the calendar as an .ics file"
)


@dataclass
class CommandOutcome:
    """What a reminder command gives back: a plain sentence, optional blocks, success, and
    extras (`extra["ics"]`: the .ics bytes, `extra["filename"]`; `extra["subscription_id"]`)."""

    text: str
    blocks: list[dict[str, Any]] | None = None
    ok: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Calendars:
    """The deadlines behind reminders and exports, and the calendar ids to suggest."""

    source: DeadlineSource
    known: Sequence[str]

    def deadlines(
        self, calendar_id: str, today: date, rule_ids: list[str] | None
    ) -> list[DeadlineLike]:
        try:
            return list(self.source(calendar_id, today, rule_ids))
        except (KeyError, ValueError, LookupError) as exc:
            reason = exc.args[0] if exc.args else exc
            raise BadInput(
                f"I can't compute the deadlines of calendar “{calendar_id}”: {reason}. "
                f"{self.hint()}"
            ) from None

    def hint(self, lead: str = "Add `calendar ID`") -> str:
        if not self.known:
            return f"{lead}, e.g. `calendar md-2026`."
        return f"{lead}; known calendars: {', '.join(self.known)}."


def handle_reminder_command(
    text: str,
    *,
    user_id: str,
    is_admin: Callable[[str], bool],
    engine: Engine | None,
    now: datetime,
    source: DeadlineSource | None = None,
    answer: Answerer | None = None,
    calendar_ids: Sequence[str] = (),
) -> CommandOutcome:
    """Parse and carry out one reminder command (see the module docstring for the grammar).

    `engine` may be None only for `ics`, which reads no database (so `deadline-bot ics` never
    creates one). `source` gives the deadlines (`remind`, `ics`), `answer` answers a one-off
    reminder's rule (`remind … on`), `calendar_ids` are suggested when a calendar is missing.
    """
    words = text.split()
    command = words[0].lower() if words else ""
    args = words[1:]
    if engine is None and command in ("remind", "reminders", "unremind"):
        raise TypeError(f"`{command}` needs a database engine")  # the caller's bug, not input
    if source is None and command in ("remind", "ics"):
        raise TypeError(f"`{command}` needs a deadline source")
    calendars = _Calendars(source, calendar_ids) if source is not None else None
    try:
        if command == "remind" and engine is not None and calendars is not None:
            _require_admin(user_id, is_admin, "create reminders")
            return _remind(
                args, user_id=user_id, engine=engine, now=now, calendars=calendars, answer=answer
            )
        if command == "reminders" and engine is not None:
            return _list(args, engine=engine)
        if command == "unremind" and engine is not None:
            return _unremind(args, user_id=user_id, is_admin=is_admin, engine=engine, now=now)
        if command == "ics" and calendars is not None:
            return _ics(args, now=now, calendars=calendars)
        raise BadInput(f"I don't know that reminder command.\n{USAGE}")
    except BadInput as bad:
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
    except BadInput as bad:
        return CommandOutcome(text=str(bad), ok=False)
    in_range = 0 < subscription_id <= INTEGER_ID_MAX  # else the query fails "out of range"
    sub = get_subscription(engine, subscription_id) if in_range else None
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
            section(
                f"🔕 Reminder {subscription_id} for <#{sub.channel_id}> is stopped; "
                "no more reminders from it will be posted."
            )
        ],
        extra={"subscription_id": subscription_id},
    )


# --- the subcommands -------------------------------------------------------------------------
def _require_admin(user_id: str, is_admin: Callable[[str], bool], what: str) -> None:
    if not is_admin(user_id):
        raise BadInput(
            f"Sorry, only workspace admins and the bot's configured admins can {what}. "
            "Anyone can list them with `reminders`."
        )


def _remind(
    args: list[str],
    *,
    user_id: str,
    engine: Engine,
    now: datetime,
    calendars: _Calendars,
    answer: Answerer | None,
) -> CommandOutcome:
    if not args:
        raise BadInput(f"Which channel should I remind?\n{USAGE}")
    channel = parse_channel(args[0])
    rest = args[1:]
    if rest and rest[0].lower() == "on":
        return _remind_once(
            channel, rest[1:], user_id=user_id, engine=engine, now=now, answer=answer
        )
    options = keyword_options(rest)
    calendar_id = one(options, "calendar", "calendar md-2026")
    if calendar_id is None:
        raise BadInput(f"Which calendar should the reminders follow? {calendars.hint()}")
    rule_ids = split_list(options.get("rules", []) + options.get("rule", [])) or None
    offsets = parse_offsets(options["at"]) if "at" in options else list(DEFAULT_OFFSETS)
    post_time = read_post_time(" ".join(options["time"])) if "time" in options else DEFAULT_TIME
    if "on" in options:
        raise BadInput("A one-off reminder starts with `on`: remind #channel on 2026-08-01 9:00 …")

    deadlines = calendars.deadlines(calendar_id, local_day(now), rule_ids)
    if rule_ids:
        covered = {d.rule for d in deadlines}
        unknown = [r for r in rule_ids if r not in covered and r not in RULES]
        if unknown:
            raise BadInput(f"I don't know the rule(s) {', '.join(unknown)}. `rules` lists them.")
    # The source gives the whole season, past deadlines included: only those ahead count.
    ahead = [d for d in deadlines if d.deadline >= now]
    if not ahead:
        past = (
            f"its last, {deadlines[-1].title}, was due {format_when(deadlines[-1].deadline)}"
            if deadlines
            else "it has none for those rules"
        )
        raise BadInput(
            f"Calendar {calendar_id} has no deadline still ahead ({past}), so a reminder would "
            f"never post; nothing was set. {calendars.hint('Pick a later election')}"
        )
    sub_id = create_subscription(
        engine,
        channel_id=channel,
        created_by=user_id,
        now=now,
        calendar_id=calendar_id,
        rule_ids=rule_ids,
        offsets_days=offsets,
        post_time=post_time,
        source=calendars.source,
    )
    view = next(v for v in list_subscriptions(engine, channel_id=channel) if v.id == sub_id)
    what = f"{len(ahead)} upcoming deadline(s) of {calendar_id}"
    if rule_ids:
        what += f" ({', '.join(rule_ids)})"
    summary = (
        f"Reminder {sub_id} set for #{channel}: {what}, "
        f"{_offsets_text(view.offsets_days)} at {_time_text(post_time)} ET."
    )
    nxt = _next_text(view)
    if view.next_post_at is None and view.state != "paused":
        # Deadlines are ahead, but each reminder time for them (offset days before) has passed.
        nxt = (
            f"No reminder will be posted: every reminder time for them has already passed "
            f"(the next deadline, {ahead[0].title}, is {format_when(ahead[0].deadline)})."
        )
    return CommandOutcome(
        text=f"{summary} {nxt}",
        blocks=[section(f"🔔 {_describe(view)}"), context(nxt)],
        extra={"subscription_id": sub_id},
    )


def _remind_once(
    channel: str,
    args: list[str],
    *,
    user_id: str,
    engine: Engine,
    now: datetime,
    answer: Answerer | None,
) -> CommandOutcome:
    if not args:
        raise BadInput("On which day? e.g. remind #channel on 2026-08-01 9:00 RULE key=value")
    try:
        day = date.fromisoformat(args[0])
    except ValueError:
        raise BadInput(
            f"“{args[0]}” is not a date I can read; please write it as YYYY-MM-DD."
        ) from None
    rest = args[1:]
    at_time = DEFAULT_TIME
    if rest and looks_like_time(rest[0]):
        at_time = read_post_time(rest[0])
        rest = rest[1:]
    invocation = " ".join(rest)
    if not invocation:
        raise BadInput(
            "Which rule should the reminder answer? e.g. … on 2026-08-01 9:00 "
            "md-petition-certificate year=2026"
        )
    when = datetime.combine(day, parse_time(at_time), TZ)
    if when <= now:
        raise BadInput(f"{format_when(when)} has already passed; pick a later time.")
    if answer is None:
        raise TypeError("a one-off reminder needs an answerer")  # the caller's bug, not input
    reply = answer(invocation, local_day(now))
    if reply.status != "answered":
        detail = reply.message or (reply.result.answer if reply.result else "")
        missing = ", ".join(reply.result.missing) if reply.result and reply.result.missing else ""
        hint = f" It still needs: {missing}." if missing else ""
        raise BadInput(
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
            section(
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
            blocks.append(section(f"*<#{current}>*"))
        lines.append(f"  {_describe(view, plain=True)} {_next_text(view)}")
        blocks.append(context(f"{_describe(view)} {_next_text(view)}"))
    return CommandOutcome(text="\n".join(lines), blocks=blocks[:50])


def _unremind(
    args: list[str],
    *,
    user_id: str,
    is_admin: Callable[[str], bool],
    engine: Engine,
    now: datetime,
) -> CommandOutcome:
    if len(args) != 1 or not (args[0].lstrip("#").isascii() and args[0].lstrip("#").isdigit()):
        raise BadInput("Which reminder? Give its number: `unremind 12` (`reminders` lists them).")
    return unsubscribe(
        engine, int(args[0].lstrip("#")), user_id=user_id, is_admin=is_admin, now=now
    )


def _ics(args: list[str], *, now: datetime, calendars: _Calendars) -> CommandOutcome:
    from bot.reminders.ics import deadlines_ics  # the icalendar package is only needed here

    if not args:
        raise BadInput(f"Which calendar? e.g. `ics md-2026`. {calendars.hint()}")
    calendar_id = args[0]
    options = keyword_options(args[1:])
    rule_ids = split_list(options.get("rules", []) + options.get("rule", [])) or None
    deadlines = calendars.deadlines(calendar_id, local_day(now), rule_ids)
    data = deadlines_ics(calendar_id, deadlines, stamp=now)
    filename = f"{calendar_id}-deadlines.ics"
    return CommandOutcome(
        text=f"{len(deadlines)} deadline(s) of {calendar_id} as a calendar file ({filename}).",
        extra={"ics": data, "filename": filename},
    )


# --- wording ---------------------------------------------------------------------------------
def _offsets_text(offsets: list[int]) -> str:
    days = ", ".join(str(o) for o in offsets)
    return f"{days} day(s) before" if offsets != [0] else "on the day"


def _time_text(post_time: str) -> str:
    parsed: time = parse_time(post_time)
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
        return "Nothing more is scheduled to post (no reminder time is still ahead)."
    return f"Next: {format_when(view.next_post_at)}."
