"""Who gave a sum: said after it ("$40 from a Bethesda donor", "sixty from Mr. Park"), living
outside Maryland (§ 15-102(e): only a Maryland resident's gift is an eligible contribution), or
one giver's gifts said one after the other (one contribution per contributor)."""

from __future__ import annotations

import re
from itertools import pairwise

from rules.engine.facts import FactAmount

# "$40 from a Bethesda donor", "$250 from one person, $100 from another and $40 from a third",
# "$1,000 from the candidate's college roommate": what one giver gave (never what comes from the
# Fund or the State; "raised $412,000 from small donors" is a total).
FROM_A_GIVER = (
    r"from\s+(?:another\b|(?:an?|one|the|my|our|his|her|their)\s+"
    r"(?!(?:[a-z]+\s+)?(?:state|fund|public|board|program|treasury|match)\b))"
)

# "$250 from Ann, $100 from Bob", "sixty from Mr. Park": a giver named by a name alone (never
# where money comes from: "from the state", "from small donors", "from last year").
FROM_A_NAME = (
    r"from\s+(?:(?:mr|ms|mrs|dr)\.?\s+)?(?!(?:the|a|an|our|their|its|this|that|last|next|small"
    r"|individual|private|public|state|fund|board|program|treasury|match|primary|general|donors"
    r"|contributors|people|supporters|residents|now|today|here|there"
    # ("$3M from Maryland taxpayers": where public money comes from, no giver)
    r"|maryland|massachusetts|taxpayers|taxes|tax)\b)"
    r"[a-z][a-z'’-]{1,20}(?:\s+[a-z][a-z'’-]{1,20})?"
    # ("$100 from Jen in Annapolis;": the giver's town said after the name)
    r"(?:\s+(?:in|of|from)\s+[a-z][a-z'’.-]{1,20}(?:\s+[a-z][a-z'’.-]{1,20})?)?"
)
# (… and what ends the giver's words: a stop, a comma, "and", the end)
FROM_A_NAME_SAID = FROM_A_NAME + r"\s*(?:[,;.?!)]|and\b|$)"

# A giver not named: "a donor", "one Maryland resident".
A_GIVER = r"(?:donor|contributor|supporter|person|resident|individual)"

# "ten dollars from his sister", "sixty from Mr. Park", "$1,000 came in from the candidate's
# brother-in-law": a sum said of its giver.
GIVER_AFTER = re.compile(
    r"\s*(?:dollars?\s+|bucks\s+)?(?:(?:came|comes|come)\s+in\s+|arrived\s+)?"
    rf"(?:{FROM_A_GIVER}|{FROM_A_NAME_SAID})"
)


# Where a giver outside Maryland lives: a neighbouring state or the District, by name, or by
# its postal code after a town ("in Arlington VA", "| Dover, DE |").
_ELSEWHERE = (
    r"(?:virginia|west\s+virginia|delaware|pennsylvania|washington,?\s+d\.?\s?c\.?|d\.\s?c\."
    r"|dc|new\s+york|new\s+jersey|north\s+carolina|florida|california)"
)
_CODES = r"(?:va|de|dc|pa|wv|ny|nj)"  # the neighbours' postal codes, as written after a town
_CODE_AFTER_A_TOWN = r"[a-z][a-z.'-]+,?\s+" + _CODES
# ("lives in VA;": a table's place column as the reader writes it out, `tables.py`)
_LIVES_ELSEWHERE = r"\blives\s+in\s+(?:[a-z.'-]+\s+){0,3}?(?:" + _ELSEWHERE + "|" + _CODES + r")"
# "$100 from my college roommate in Arlington VA", "$75 (Dover, DE)", "$60 from someone
# out of state": the sum's giver, in its own clause, lives outside Maryland.
_FROM_ELSEWHERE_AFTER = re.compile(
    # ("J. Adeyemi: $50; lives in VA; card: Y.": a table's row as the reader writes it out)
    r"\s*;\s*" + _LIVES_ELSEWHERE + r"\b|"
    r"[^.?!;$\d|]{0,60}?(?:\b(?:in|from|of)\s+(?:[a-z.'-]+\s+){0,3}?" + _ELSEWHERE + r"\b"
    r"|\bin\s+"
    + _CODE_AFTER_A_TOWN
    + r"\b|\(\s*"
    + _CODE_AFTER_A_TOWN
    + r"\s*\)|\b"
    + _ELSEWHERE
    + r"\s+(?:residents?|donors?)\b"
    r"|\bout[\s-]of[\s-]state\b|\bnon-?\s?residents?\b|\blives?\s+in\s+" + _ELSEWHERE + r"\b)"
)
# "| K. Brooks | Dover, DE | 100 |", "a Virginia donor gave $100": said before the sum.
_FROM_ELSEWHERE_BEFORE = re.compile(
    r"(?:" + _CODE_AFTER_A_TOWN + r"\s*\|\s*"
    r"|\b" + _ELSEWHERE + r"\s+(?:residents?|donors?|contributors?|supporters?)\s+"
    r"(?:gave|sent|donated|contributed)\s+(?:us\s+)?"
    # ("R. Okafor lives in VA; amount: $200": a table's row as the reader writes it out)
    r"|" + _LIVES_ELSEWHERE + r"\s*;"
    r"(?:[^;.$]{0,24}:)?\s*)\$?$"
)


def from_elsewhere(low: str, amounts: list[FactAmount]) -> None:
    """A contribution whose giver is said, in its own clause or table row, to live outside
    Maryland is no eligible private contribution (§ 15-102(e): a Maryland resident's):
    its role is "not_eligible", and it is left out of the contributions. When every sum is
    such a gift ("is $100 from a DC resident eligible?"), none is set aside: the question is
    about that gift, which the rule's frame declines with its reason."""
    said = [a for a in amounts if a.role not in ("taken_back", "again")]
    elsewhere = []
    for amount in said:
        end = amount.start + len(amount.span)
        after = _FROM_ELSEWHERE_AFTER.match(low, end)
        if after is not None and any(end <= a.start < after.end() for a in amounts):
            after = None  # said of a later sum
        if after is not None or _FROM_ELSEWHERE_BEFORE.search(
            low, max(0, amount.start - 40), amount.start
        ):
            elsewhere.append(amount)
    if len(elsewhere) < len(said):
        for amount in elsewhere:
            amount.role = "not_eligible"


# "Gwen gave $40 in March and another $60 in June", "Cheryl gave $200 in February and $100 in
# August": one giver's gifts, said one after the other (a contribution is what one contributor
# gave in all: one amount per contributor).
_ONE_GIVER_GAVE = re.compile(
    r"(?<![a-z])(?!(?:donors|they|people|supporters|folks|both|each|all|volunteers|members"
    r"|residents|we|others"
    # ("One donor gave $500 and another $75": "another" is another donor)
    r"|donor|contributor|person|supporter|someone|somebody|one|resident|friend|individual)\b)"
    # ("Maria Lopez (Hyattsville) gave $150 on 1/12 and another $150 on 2/3")
    r"[a-z][a-z'’-]+(?:\s*\([^()$\d]{1,30}\))?\s+(?:gave|donated|contributed|sent)\s+(?:us\s+)?$"
)
_THEN_MORE = re.compile(
    # ("$150 on March 1, 2026 and $100 on April 3": a day said with its year)
    r"\s*(?:(?:in|on|back\s+in|during|last|this)\s+[a-z0-9/]{3,12}(?:\s+\d{1,2})?"
    r"(?:,?\s*20\d\d)?\s*)?,?\s*"
    r"(?:and|then|plus)\s+(?:(?:another|again)\s+|(?=\$?\d[\d,.]*\s+(?:in|on|back|during|last|this)\b))"
)


# "one donor in Annapolis gave us $200 in March and another $50 in June": a giver said without
# a name is the same giver of "another" sum only when each sum is placed in time ("One donor
# gave $500 and another $75" is two donors).
_A_GIVER_GAVE = re.compile(
    r"\b(?:one|a|the|this|that|same)\s+(?:[a-z]+\s+){0,2}?" + A_GIVER + r"\b[^$\d.?!;]{0,30}?\s"
    r"(?:gave|donated|contributed|sent)\s+(?:us\s+)?$"
)
WHEN_GIVEN = re.compile(r"\s*(?:in|on|back\s+in|during|last|this)\s+[a-z0-9/]{3,12}\b")


def one_givers_gifts(low: str, amounts: list[FactAmount]) -> None:
    """A sum said after one giver's gift as more from the same giver ("another $60") is
    theirs too (role "same_giver"): § 15-102(e) counts one contribution per contributor."""
    for gift, more in pairwise(amounts):
        if gift.role not in (None, "contribution") or more.role not in (None, "contribution"):
            continue
        before = low[max(0, gift.start - 60) : gift.start]
        named = gift.role == "contribution" and _ONE_GIVER_GAVE.search(before[-40:])
        dated = _A_GIVER_GAVE.search(before) and all(
            WHEN_GIVEN.match(low, a.start + len(a.span)) for a in (gift, more)
        )
        if not (named or dated):
            continue
        between = _THEN_MORE.match(low, gift.start + len(gift.span))
        if between is not None and between.end() == more.start:
            gift.role = "contribution"
            more.role = "same_giver"
