"""The words of the reminder commands: channels, days before, post times, keyword options.

Anything that cannot be read raises `BadInput` with a polite sentence for the person who typed
it; the command then changes nothing.
"""

from __future__ import annotations

import re

MAX_OFFSET_DAYS = 366
KEYWORDS = frozenset({"calendar", "rules", "rule", "at", "time", "on"})

_CHANNEL_LINK = re.compile(r"^<#([CGD][A-Z0-9]+)(?:\|[^>]*)?>$")
_CHANNEL_ID = re.compile(r"^#?([CGD][A-Z0-9]{2,})$")
_TIME = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$", re.IGNORECASE)
_OFFSET = re.compile(r"^(\d{1,3})d?$", re.IGNORECASE)


class BadInput(ValueError):
    """A polite message for the person who typed the command."""


def parse_channel(token: str) -> str:
    """`<#C123|name>`, `<#C123>`, `#C123` or `C123` → "C123"; a bare name is refused politely."""
    for pattern in (_CHANNEL_LINK, _CHANNEL_ID):
        match = pattern.match(token.strip())
        if match:
            return match.group(1)
    raise BadInput(
        f"I can't tell which channel “{token}” is. In Slack, type # and pick the channel from "
        "the list; from the command line, give its id (like C0123ABCD)."
    )


def parse_offsets(tokens: list[str]) -> list[int]:
    """["14d,7d,1d"] or ["14d", "7d"] → [14, 7] (days before the deadline)."""
    parts = split_list(tokens)
    if not parts:
        raise BadInput("How many days before? e.g. `at 14d,7d,1d`.")
    offsets: list[int] = []
    for part in parts:
        match = _OFFSET.match(part)
        if not match or int(match.group(1)) > MAX_OFFSET_DAYS:
            raise BadInput(
                f"“{part}” is not a number of days I can use; write days before the deadline "
                f"like `at 14d,7d,1d` (0–{MAX_OFFSET_DAYS})."
            )
        offsets.append(int(match.group(1)))
    return sorted(set(offsets), reverse=True)


def read_post_time(value: str) -> str:
    """The post time as typed in a command — "9:00", "17:30", "9am", "5:30 pm" — as stored:
    "HH:MM" (24-hour, Eastern time). Stricter than `rules.values.parse_time` on purpose: a bare
    "9" or "13pm" is refused, so nobody gets reminders at an hour they did not mean."""
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
    raise BadInput(f"“{value}” is not a time I can read; write it like `time 9:00` or `time 5pm`.")


def looks_like_time(token: str) -> bool:
    """ "9:00", "17:30", "9am" — not a rule id or key=value."""
    match = _TIME.match(token)
    return bool(match and (match.group(2) or match.group(3)))


def keyword_options(tokens: list[str]) -> dict[str, list[str]]:
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
            raise BadInput(
                f"I don't understand “{token}” there. Expected one of: calendar, rules, at, time."
            )
        options[key].append(token)
    return options


def one(options: dict[str, list[str]], key: str, example: str) -> str | None:
    values = options.get(key)
    if values is None:
        return None
    if len(values) != 1:
        raise BadInput(f"Give exactly one value after `{key}`, e.g. `{example}`.")
    return values[0]


def split_list(tokens: list[str]) -> list[str]:
    return [p for t in tokens for p in t.split(",") if p]
