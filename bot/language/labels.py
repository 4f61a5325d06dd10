"""Numbers that name rather than count: a room, a line, a reference, a telephone number, a
street address, a table row's ticket — neither a count nor a sum."""

from __future__ import annotations

import re

from bot.language.text import blank

# "Rm 4B", "ext 3301", "batch 0219": a room, line or reference number.
_LABEL_BEFORE = re.compile(
    r"\b(?:rm|room|suite|ste|apt|unit|ext|extension|bldg|building|floor|box|batch|id|case|ref"
    r"|zip|zip\s+code|zipcode|phone|tel|fax)"
    r"\.?\s*(?:#|no\.?)?\s*$"
)
# "| Ticket 1 | 2,800,000 |": a ticket's row label, not its sum (never "ticket 750000").
_TICKET_BEFORE = re.compile(r"\bticket\s*(?:#|no\.?)?\s*$")
_TICKET_LABEL_DIGITS = 2
# "301 555 1234", "(410) 269.2840": a telephone number.
_PHONE = re.compile(r"(?<![\w$,.])(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?!\w|[.,]\d)")
# "45 Elm St", "1200 Main Street, Suite 4B": a street address's number.
_STREET_AFTER = re.compile(
    # (never "250 from Dr. Ames": a giver's title)
    r"\s+(?!from\b)(?:[a-z]+\s+){1,2}(?:st|street|ave|avenue|rd|road|blvd|boulevard|ln|lane|dr|drive"
    r"|pkwy|parkway|hwy|highway)\b\.?(?!\s+(?:of|in|for)\b)"
)


def without_phones(low: str) -> str:
    """`low` with its telephone numbers blanked (same length, so positions hold)."""
    for phone in _PHONE.finditer(low):
        low = blank(low, phone.start(), phone.end())
    return low


def labels(low: str, start: int, end: int, raw: str, multiplied: bool) -> bool:
    """Whether the number `raw` written at `low[start:end]` (with no $; `multiplied`: said with
    k or M) names something rather than counting it."""
    before = low[max(0, start - 14) : start]
    if _LABEL_BEFORE.search(before):
        return True
    if multiplied:
        return False
    return bool(
        (len(raw) <= _TICKET_LABEL_DIGITS and _TICKET_BEFORE.search(before))
        or _STREET_AFTER.match(low, end)
    )
