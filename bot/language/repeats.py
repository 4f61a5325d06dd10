"""How many times a sum was said: "3 donors @ $250", "six contributions of $25", "three $400k
claims", "two others are entitled to 2M each" — that many contributions or entitlements of it
(the count is how many, and no count of its own)."""

from __future__ import annotations

import re

from bot.language.lists import LIST_GOES_ON, end_of
from bot.language.number_words import IN_WORDS, WORD_NUMBERS
from rules.engine.facts import FactAmount, FactCount

# "3 donors @ $250, 2 @ $20", "2 x $100", "$50 x3": one sum given this many times.
_TIMES_BEFORE = re.compile(
    # ("12,000 donors x $50 = 600k total")
    r"\b(\d{1,3}(?:,\d{3})*)\s*(?:(?:donors?|contributors?|contributions?|gifts?)\s*(?:@|at\b|x\b|×)"
    r"|@|x\b|×)\s*$"
)
# "four contributions of $50 each and two of $125", "six contributions at $25 and four at
# $100": the next sum, said with how many of it.
# ("contributions so far: three at $250 and ten at $20", "120 gifts of $10, 35 at $50, 8 maxed
# at $250": after the list's colon too, and a count of any size)
_N_OF_BEFORE = re.compile(
    # (", and four at $5": the list's last, after its comma)
    rf"(?:(?:\beach|\d)\s*(?:,\s*)?(?:and|plus|,)|[:;])\s+(\d{{1,3}}|{IN_WORDS})\s+(?:more\s+)?"
    r"(?:(?:maxed|capped)\s+(?:out\s+)?)?(?:of|at|@)\s*$"
)
# ("$50 x3", "$250 (x2)", "$25 each from four coworkers")
_TIMES_AFTER = re.compile(
    r"(?:\s*\(?\s*(?:x|×)\s*(?=\d)|\s+(?:each|apiece)\s+from\s+(?:the\s+)?"
    rf"(?=(?:\d{{1,3}}|{IN_WORDS})\s+(?:[a-z-]+\s+)?[a-z]+s\b))(\d{{1,3}}|{IN_WORDS})\b"
)
# "four donors maxed at $250 each (plus one who gave $100)": a sum said to be each one's, after
# how many gave it.
_EACH_OF_BEFORE = re.compile(
    rf"\b(\d{{1,3}}|{IN_WORDS})\s+"
    r"(?:donors?|contributors?|people|supporters?|individuals|guests|friends|attendees|neighbors"
    r"|volunteers|members|residents|folks|more|others|of\s+(?:them|those|us)"
    # ("one donor gave $250 and two gave $75 apiece": the givers said by the verb alone)
    r"|gave|donated|contributed"
    # ("two eligible private contributions of $150 each")
    r"|(?:(?:eligible|private|individual|qualifying)\s+){0,2}(?:contributions|gifts|checks))\b"
    # ("four people each gave our governor campaign fifty dollars")
    r"[^$\d.?!;]{0,40}$"
)
_COUNT_JUST_BEFORE = re.compile(rf"\b(\d{{1,3}}|{IN_WORDS})\s*$")
# "6 contributions of $25 and one of $250": how many were given of the sum after it.
_N_GIFTS_OF = re.compile(
    rf"\b(\d{{1,3}}|{IN_WORDS})\s+(?:(?:eligible|private|individual|qualifying|small)\s+){{0,2}}"
    r"(?:contributions|donations|checks|gifts|cards)\s+(?:of|at|for)\s+(?:about\s+|exactly\s+)?$"
)
# "… of $500 and 3 contributions of $20": a number after it that counts the next gifts.
_ANOTHER_COUNT = re.compile(
    r"\s*(?:(?:more|other|eligible|private|small)\s+)?"
    r"(?:contributions|donations|checks|gifts|cards|donors|of|at|@|x)\b"
)
# "three $400k claims", "two $1.5M entitlements": that many tickets' claims of the sum.
_PLURAL_CLAIMS = re.compile(r"\s*(?:full\s+)?(?:claims|entitlements)\b")
_PLURAL_CONTRIBUTIONS = re.compile(
    # ("three $250 cards": contribution cards, one a giver)
    r"\s*(?:eligible\s+|individual\s+|qualifying\s+)?"
    r"(?:contributions|donations|checks|gifts|(?:contribution\s+)?cards)\b"
)


# "two others are entitled to 2M each", "one entitled to 3 million and two entitled to 2 million
# apiece", "the other two tickets are each owed $1.5M": how many tickets claim the sum said of
# each of them, in its own clause.
_N_CLAIMING = re.compile(
    rf"\b(\d{{1,2}}|{IN_WORDS})\s+(?:(?:other|more|remaining)\s+)?"
    # ("four eligible tickets each qualify for a full primary public contribution of $3M")
    # ("Three primary tickets each entitled to $3M", "two eligible general-election tickets")
    r"(?:(?:eligible|certified|qualified|qualifying|nominee|gubernatorial"
    r"|(?:primary|general)(?:[\s-]+election)?)\s+){0,2}"
    r"(?:(?:tickets?|slates?|campaigns|others|of\s+them)\s+)?"
    r"(?:(?:are|were|would\s+be|will\s+be|is)\s+)?(?:each\s+)?"
    r"(?:entitled|owed|due|qualif\w*|eligible|claim|claims|claiming)\b[^$\d.?!;]{0,50}$"
)
# "two tickets, $400k full contribution each": the tickets counted just before a sum each gets.
_N_TICKETS_JUST_BEFORE = re.compile(
    rf"\b(\d{{1,2}}|{IN_WORDS})\s+(?:(?:eligible|certified|qualified|nominee|gubernatorial"
    # ("two general-election tickets at $3M each")
    r"|(?:primary|general)(?:[\s-]+election)?)\s+)?"
    # ("two general-election tickets at a 3M entitlement apiece")
    r"tickets?\s*[,:;]?\s*(?:at\s+|with\s+|of\s+)?(?:an?\s+)?$"
)
# "Three tickets qualify: two at $1M each and one at $500k": that many of the tickets at a sum.
_TICKETS_AT = re.compile(
    rf"\btickets?\b[^$.?!]{{0,40}}?\b(\d{{1,2}}|{IN_WORDS})\s+(?:of\s+them\s+|more\s+)?"
    r"(?:at|@)\s*$"
)
_TICKETS_SAID = re.compile(r"\btickets\b")
# ("… two at $1M each and one at $500k": the next of those tickets)
_AND_N_AT = re.compile(
    rf"(?:and|plus|,)\s+(\d{{1,2}}|one|{IN_WORDS})\s+(?:more\s+|other\s+)?(?:at|@)\s*$"
)
# "$1M each for two of them and $500k for the third": said after the sum.
_EACH_FOR_N = re.compile(
    rf"\s*(?:each\s+)?(?:for|to)\s+(\d{{1,2}}|{IN_WORDS})\s+(?:of\s+them|(?:of\s+the\s+)?tickets?)\b"
)
_FOR_THE_ONE = re.compile(
    # (ordinals are digits by now: "for the 3rd")
    r"\s*(?:for|to)\s+(?:the\s+)?(one|\d(?:st|nd|rd|th)|third|fourth|last|other|remaining)"
    r"(?:\s+(?:one|ticket))?\b"
)
# "our ticket and one other are each owed $3M": ours and that many others.
_OURS_AND_OTHERS = re.compile(
    rf"\b(?:our\s+ticket|ours|we|us)\s+and\s+(\d|one|an|{IN_WORDS})\s+others?\b"
    r"(?:\s+tickets?)?\s+(?:(?:are|were|would\s+be|will\s+be)\s+)?(?:each\s+)?"
    r"(?:entitled|owed|due|qualif\w*|eligible)\b[^$\d.?!;]{0,50}$"
)

# "entitled to $2,000,000 each, and there are two of them": said after the sum.
_THERE_ARE_N = re.compile(
    rf"\s*(?:each|apiece)?\s*[,;]?\s*(?:and\s+)?there\s+(?:are|were|will\s+be|would\s+be)\s+"
    rf"(\d{{1,2}}|{IN_WORDS})\s+(?:of\s+them|such\s+tickets|(?:eligible\s+)?tickets)\b"
)

_EACH = re.compile(r"\beach\b")


def _said_count(found: re.Match[str] | None) -> int:
    """The count a pattern found (its first group: digits, with commas, or a number in words);
    0 when none."""
    if found is None:
        return 0
    said = found.group(1)
    if said in ("one", "an"):
        return 1
    return WORD_NUMBERS.get(said) or int(said.replace(",", ""))


def repeated_sums(low: str, amounts: list[FactAmount], counts: list[FactCount]) -> None:
    """A sum said with how many times it was given is that many contributions of it; the
    count says how many, and is no count of its own."""
    for amount in amounts:
        if amount.role not in (None, "private", "contribution"):
            continue
        # ("Three tickets qualify: two at $1M each and one at $500k": tickets, not gifts)
        if _TICKETS_AT.search(
            low[max(0, amount.start - 60) : amount.start]
        ) or _TICKETS_SAID.search(low, max(0, amount.start - 60), amount.start):
            continue
        window = max(0, amount.start - 30)
        before = at_times = _TIMES_BEFORE.search(low[window : amount.start])
        if before is None and amount.role in (None, "contribution"):
            before = _N_OF_BEFORE.search(low[window : amount.start])
        if before is None and amount.each:
            window = max(0, amount.start - 60)
            before = _EACH_OF_BEFORE.search(low[window : amount.start])
        # ("three contributions of $100, $200 and $250": the count is the list's length)
        listed = LIST_GOES_ON.match(low, end_of(low, amount))
        if before is None and (listed is None or _ANOTHER_COUNT.match(low, listed.end())):
            before = _N_GIFTS_OF.search(low[window : amount.start])
        after = _TIMES_AFTER.match(low, end_of(low, amount))
        # "ten $25 contributions and five $100 contributions": a count right before a sum
        # said of several contributions
        if before is None and _PLURAL_CONTRIBUTIONS.match(low, end_of(low, amount)):
            before = _COUNT_JUST_BEFORE.search(low[window : amount.start])
        found = after or before
        said = _said_count(found)
        # ("- 1 donor @ $250": one gift of it, a contribution all the same)
        if found is None or said < 1 or (said == 1 and (after or found is not at_times)):
            continue
        at = found.start(1) if after else window + found.start(1)
        if any(a.start == at for a in amounts):
            continue  # (a sum of the list, not how many: "25 50 100 250 contribs")
        amount.times = said
        amount.role = "contribution"
        counts[:] = [c for c in counts if c.start != at]


def repeated_claims(low: str, amounts: list[FactAmount], counts: list[FactCount]) -> None:
    """ "three $400k claims", "two others are entitled to 2M each": each of that many tickets
    is entitled to the sum (§ 15-106(b) prorates them); the count says how many, and is no
    count of its own (a count of tickets said with its noun stays one)."""
    for amount in amounts:
        # ("two tickets at $2M each plus one at $2.5M": after one ticket's sum, the next's)
        tickets_at = any(a.role == "entitlement" for a in amounts if a.start < amount.start)
        if amount.role not in (None, "entitlement"):
            continue
        said_at = _TICKETS_AT.search(low[max(0, amount.start - 60) : amount.start]) or (
            _AND_N_AT.search(low[max(0, amount.start - 30) : amount.start]) if tickets_at else None
        )
        after = _EACH_FOR_N.match(low, end_of(low, amount))
        if said_at is None and after is None and tickets_at:
            after = _FOR_THE_ONE.match(low, end_of(low, amount))
        said_at = said_at or after
        if said_at is not None:
            # (that many tickets, however many are counted in all: "each" said before
            # belongs to the sum before; "for the third" is one of them)
            one = said_at.re is _FOR_THE_ONE
            amount.times, amount.each = 1 if one else _said_count(said_at), False
            amount.role = "entitlement"
            continue
        if _PLURAL_CLAIMS.match(low, end_of(low, amount)):
            window = max(0, amount.start - 12)
            found = _COUNT_JUST_BEFORE.search(low[window : amount.start])
        else:
            # (each of them: "each" said with the sum, or between the count and it)
            window = max(0, amount.start - 90)
            found = (
                _OURS_AND_OTHERS.search(low[window : amount.start])
                or _N_CLAIMING.search(low[window : amount.start])
                or (
                    _N_TICKETS_JUST_BEFORE.search(low[window : amount.start])
                    if amount.each
                    else None
                )
            )
            if found is None and amount.each:
                found = _THERE_ARE_N.match(low, end_of(low, amount))
                window = 0  # (matched in the whole text, not in the window before the sum)
            # ("three tickets are each entitled to $3M, $2.75M and $1.9M": one each, listed)
            listed = LIST_GOES_ON.match(low, end_of(low, amount))
            if found is None or not (
                amount.each or (_EACH.search(found.group(0)) and listed is None)
            ):
                continue
        if found is None:
            continue
        # (ours, and the others counted)
        said = _said_count(found) + (found.re is _OURS_AND_OTHERS)
        if said < 2:
            continue
        amount.times = said
        amount.role = "entitlement"
        at = window + found.start(1)
        counts[:] = [c for c in counts if c.start != at or c.role == "tickets"]
