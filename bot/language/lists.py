"""Numbers said as a list — "250, 100 and 50", "W1 3,402 / W2 2,977", a table's rows pasted
as text — and where a number's words end: what joins one item of a list to the next
(`bot.language.numbers` gives every item of a list one role)."""

from __future__ import annotations

import re

from bot.language.givers import FROM_A_GIVER, FROM_A_NAME
from bot.language.number_words import IN_WORDS
from rules.engine.facts import FactAmount, FactCount

# Numbers joined into one list: "600000 and 400000", "250, 100, 50 and 25".
_LIST_JOIN = re.compile(
    # ("a $75 contrib + a $20 one", "two $250 contribs and one $10": each sum said with its
    # noun; a count's noun is what it counts, never a join)
    r"(?P<noun>\s+(?:contribs?|contributions?|donations?|gifts?|checks?))?"
    # ("$50 each and one of $200", "$250 x3", "$250 (x2)")
    r"(?:\s+(?:each|even|flat)|\s*[x×]\s?\d{1,2}\b|\s*\(\s*[x×]\s?\d{1,2}\s*\))?"
    # ("$300 from a Bethesda donor, plus $150 and $50", "$250 from Ms. Adeyemi, $100, $40":
    # who gave the one before)
    # ("$1,000 check from a Montgomery County resident plus a $60 one")
    r"(?:\s+(?:" + FROM_A_GIVER + r"[a-z'’-]+(?:\s+[a-z'’-]+){0,2}|" + FROM_A_NAME + "))?"
    # ("$300 (one donor, single check), $150": a note on one item)
    r"(?:\s*\([^()$\d]{0,40}\))?"
    r"\s*(?:[,;]\s*(?:and\s+|&\s*|plus\s+)?|and\s+|&\s*|/\s*|(?:\+|plus\b)\s*(?:an?\s+)?"
    # ("Reyes | 2,800,000 Kim | 2,100,000", "A | 50 B | 75": a table's rows, each its label)
    # ("| A.K. | 40 |\n| J.P. | 120 |": a markdown table's rows)
    # ("| Nguyen, T. | $50 |": a name written last name first)
    r"|\|\s*\n\s*\|\s*[a-z][a-z.,&'’ -]{0,28}?\s*\|\s*|\|\s*|[a-z][a-z.'’-]{0,15}\s*\|\s*)"
    # "$250 and one of 50", "four of $50 each and two of $125"
    rf"(?:(?:one|another|{IN_WORDS}|\d)\s+(?:of\s+)?)?"
    r"(?:[a-z]{1,6}\s?\d{1,2}\s*:?\s+)?$"  # "W1 3,402 / W2 2,977": each item's short label
    # "ticket A owed 3,000,000\nticket B 2,250,000": one row a line, each its ticket's
    r"|\s*\n\s*(?:ticket|tix)\s+[a-z0-9]{1,2}\s*[:|=]?\s*$"
)
# A list going on after a sum: "three tickets would each be owed 2.5M, 2.5M and 2M" says each
# one's sum, none repeated ("three contributions of $100, $200 and $250": the count is the list's
# length) — never a sum said of the Fund next ("each entitled to $2.4M, $3.6M in the fund").
LIST_GOES_ON = re.compile(
    r"\s*(?:,|;|/|\band\b)\s*(?:and\s+)?\$?\d[\d.,]*(?![\d.,])\s*(?:k|m|mm|mil|million)?(?![a-z])"
    r"(?!\s*(?:in\s+the\s+fund|(?:is\s+)?left|remain\w*|available)\b)"
)
UNIT_SAID = re.compile(r"\b(?:dollars|bucks|usd)$")
# ("a $300 contribution and a $40 one")
_ARTICLE_JOIN = re.compile(
    r"(?:\s+(?:contribs?|contributions?|donations?|gifts?|checks?))?"
    r"\s*(?:,\s*)?(?:and|&|\+|or)\s+an?\s+"
)
# ("a $100, a $250 and a $500 contribution": sums each said with an article, one after another —
# never the Fund's said before them: "fund has $3M, a $2M ticket …")
_ARTICLE_BEFORE = re.compile(r"\ban?\s+$")
_ARTICLE_COMMA = re.compile(r"\s*,\s*an?\s+")


# "Smith/Jones   3,000,000 Lee/Park      2,000,000", "donor1  250 donor2  100": a table pasted
# as text, each row a short label, then its number after two spaces or more.
_ROW = r"[a-z][a-z0-9.'’-]{0,15}(?:/[a-z][a-z.'’-]{0,15})?\s{2,}"
_ROW_BEFORE = re.compile(r"(?:^|\s)" + _ROW + "$")
_NEXT_ROW = re.compile(r"\s+" + _ROW)


# "three at $250 and ten at $20", "35 at $50, 8 maxed at $250": a plain number that says how
# many of the sum right after it were given counts them, and is no sum of the list.
COUNTS_THE_NEXT_SUM = re.compile(
    r"\s+(?:more\s+)?(?:(?:maxed|capped)\s+(?:out\s+)?)?(?:at|@|of)\s*\$\s?\d"
)


# "25 50 100 250 40", "entitlements 600000 450000 300000": three numbers or more with one space
# between each, nothing else (two could be a label and its number: "ward 12 1812").
_SPACED_RUN = re.compile(
    r"(?<![\w.,$])\$?\d[\d,.]*(?:k|m)?(?: \$?\d[\d,.]*(?:k|m)?){2,}(?![\w$]|[.,]\d)"
)


def _one_spaced_run(low: str, start: int, end: int) -> bool:
    """Whether `start`..`end` of `low` lies in one run of numbers set apart by single spaces."""
    line = low.rfind("\n", 0, start) + 1
    return any(
        m.start() <= start and end <= m.end() for m in _SPACED_RUN.finditer(low, line, end + 80)
    )


def listed_next(low: str, before: FactAmount | FactCount, item: FactAmount | FactCount) -> bool:
    """Whether `item` is listed right after `before` ("250, 100 and 50", "W1 3,402 / W2 2,977")."""
    if isinstance(item, FactCount) and COUNTS_THE_NEXT_SUM.match(low, end_of(low, item)):
        return False
    end = end_of(low, before)
    joined = _LIST_JOIN.fullmatch(low, end, item.start)
    return bool(
        (joined and not (joined.group("noun") and isinstance(before, FactCount)))
        # (both rows of the table: a sum said before it, "avail 6,000,000 A  2,500,000", is not)
        or (
            _NEXT_ROW.fullmatch(low, end, item.start)
            and _ROW_BEFORE.search(low, max(0, before.start - 40), before.start)
        )
        # "35 dollars 60 dollars and 200 dollars": sums said with their unit, one after another
        or (UNIT_SAID.search(before.span) and re.fullmatch(r"\s+", low[end : item.start]))
        # "a $50 and a $150 contribution": an article may stand before a sum written with "$"
        or (low.startswith("$", item.start) and _ARTICLE_JOIN.fullmatch(low, end, item.start))
        or (
            low.startswith("$", item.start)
            and _ARTICLE_COMMA.fullmatch(low, end, item.start)
            and _ARTICLE_BEFORE.search(low, max(0, before.start - 4), before.start)
        )
        or (low[end : item.start] == " " and _one_spaced_run(low, before.start, end_of(low, item)))
    )


# "Ann gave 250, Bob 100, Carl 40", "donors: Lee 75 / Ortiz 150", "Reyes 2,000,000; Kim
# 1,500,000": the next item said after its giver's (or ticket's) name (never a word that names
# what a number is: "fund 3M, tickets 2").
_GIVER_JOIN = re.compile(
    # ("Lee $300 (over the limit, we're refunding the extra), Park $10": a note on one gift)
    r"(?:\s*\([^()$\d]{0,80}\))?"
    r"\s*(?:[,;/]\s*(?:and\s+|&\s*)?|\s+and\s+)(?:(?:mr|ms|mrs|dr)\.?\s+)?"
    r"(?!(?:fund|tickets?|tix|voters?|sigs?|signatures?|total|entitle\w*|balance|and"
    # (what a sum is, never whose: "Reyes 2,000,000; available 2,800,000")
    r"|available|remain\w*|left|pot|cash|money|budget|has|holds?|had|is|was|now|only|about)\b)"
    r"[a-z][a-z'’-]{1,15}(?:\s+[a-z][a-z'’-]{1,15})?\s*[:=-]?\s*(?:gave\s+)?"
)


def listed_after_a_giver(
    low: str, before: FactAmount | FactCount, item: FactAmount | FactCount
) -> bool:
    """Whether `item` follows `before` in a list of what each giver gave ("Ann gave 250, Bob
    100") or each ticket is owed ("Reyes 2,000,000; Kim 1,500,000"): the caller knows whether
    the list is one of contributions or entitlements."""
    return bool(_GIVER_JOIN.fullmatch(low, end_of(low, before), item.start))


def end_of(low: str, item: FactAmount | FactCount) -> int:
    """Where a number's words end in `low` (its span, from where it starts)."""
    return low.find(item.span, item.start) + len(item.span)
