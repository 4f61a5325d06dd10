"""Reading sums of money and counts out of question text: "$90,000", "1.5 million", "12,000
registered voters", "three tickets" — and what each is (private contributions, the Fund, votes,
…) from the words around it. A year ("2026") is kept apart.

Numbers written in a form that is not read (scientific notation, negative, misplaced commas) are
reported and blanked, never read in part.
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import pairwise

from bot.language.another_one import another_one
from bot.language.count_roles import voters_said_before
from bot.language.labels import labels, without_phones
from bot.language.lists import (
    COUNTS_THE_NEXT_SUM,
    LIST_GOES_ON,
    end_of,
    listed_after_a_giver,
    listed_next,
)
from bot.language.number_words import IN_WORDS, WORD_NUMBERS
from bot.language.repeats import repeated_claims, repeated_sums
from bot.language.sum_roles import GIVER_AFTER, listed_as_contributions, money_role
from bot.language.text import MAX_ITEMS, blank
from bot.language.unread import refused_forms
from rules.engine.facts import FactAmount, FactCount
from rules.values import MAX_DIGITS

# Statute citations and section numbers are not counts.
CITATION = re.compile(
    # ("410-555-0143" is a telephone number, read as such, not a section)
    r"§+\s*[\w.\-()]+|(?<!-)\b\d+-\d+(?:\([\w]+\))*(?![\d-])"
    # "c. 53", "chapter 53", "c 53 § 14" — never "ticket C 1.6 million"
    # ("section 5-502": the whole section number, never "-502" left over as a negative count)
    r"|(?:\b(?:c|ch)\.\s*|\b(?:chapter|sec|section|art|article)\.?\s*)\d+(?:-\d+)?[a-z]?\b(?![.,]\d)"
    r"|\b(?:c|ch)\s+\d+[a-z]?\b(?=\s*,?\s*(?:§|s\.|sec))"
    # "matched 8/6/2/0": a schedule of ratios, one digit each, is no list of sums
    r"|(?<![\d/])\d(?:/\d){3,}(?![\d/])"
)


_NUMBER = re.compile(
    # ("in '26": a year, not a number)
    r"(?<![\w.$'’])(\$\s?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    # ("$250.00  B. Jones": a letter set apart and followed by a stop is an initial)
    # ("A | 50 B | 75": a row's label set apart after a sum is no billions)
    r"(?:(?!\s+[kmb]\.)(?!\s+b\b)\s*(k|thousand|mm|mil|million|m|bn|billion|b)\b)?"
    # ("a forty-dollar contribution": the sum said as the gift's kind)
    r"((?:\s*|-)(?:dollars?|usd|bucks)\b)?(\s*%|\s*percent\b|\s*per\s*cent\b)?"
)
_MULTIPLIER = {  # the power of ten each word stands for
    "k": 3,
    "thousand": 3,
    "m": 6,
    "mm": 6,
    "mil": 6,
    "million": 6,
    "b": 9,
    "bn": 9,
    "billion": 9,
}
_COUNT_NOUNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "registered_voters",
        re.compile(
            r"\s*(?:total\s+|active\s+|eligible\s+|registered\s+|qualified\s+)*(?:registered\s+)?"
            r"voters?\b"
            # "31,207 registered (as of jan 1)": registered voters, said short.
            r"|\s*registered\b(?!\s+(?:for|with|to|as\s+(?:a|an)\b|agents?|mail|letters?))"
        ),
    ),
    (
        "votes",
        re.compile(
            r"\s*(?:\w+\s+){0,1}votes?\b"
            # "cast 860 for our party's candidate for governor"
            r"|\s*for\s+(?:our|the|their)\s+(?:party['’]?s\s+)?(?:candidate\s+for\s+governor"
            r"|gov(?:ernor)?\s+(?:candidate|nominee))\b"
        ),
    ),
    ("signatures", re.compile(r"\s*(?:valid\s+)?signatures?\b")),
    # "the vacancy meeting with 14 delegates present", "already chose three delegates":
    # delegates counted, never votes cast
    # (never the delegates asked for: "votes for governor in the town 750 delegates?")
    ("delegates", re.compile(r"\s*(?:(?:new|alternate|elected)\s+)?delegates?\b(?!\s*(?:\?|$))")),
    # "the 5-person committee on her papers", "12 precincts", "six volunteers": people and
    # places counted, no rule's count (never voters, votes or signatures)
    (
        "people",
        re.compile(
            r"\s*-?\s*(?:person|member|man|woman)\b"
            r"|\s*(?:committee\s+)?(?:members?|persons|precincts?|volunteers|circulators|staffers"
            r"|pages|copies|sheets)\b"
        ),
    ),
    # "three donors gave $100 each", "40 eligible contributions of $25 each": how many
    # contributions one sum is given for.
    (
        "contributors",
        re.compile(
            r"\s*(?:eligible\s+|individual\s+|maryland\s+|md\s+|separate\s+)*"
            r"(?:donors?|contributors?|supporters?|individuals|people|residents"
            r"|(?:contributions|donations)\s+of\b)"
        ),
    ),
    (
        "tickets",
        re.compile(
            # ("all three of us are eligible nominee tickets")
            r"\s*(?:of\s+(?:us|them)\s+(?:are\s+)?)?"
            r"(?:eligible\s+|nominee\s+|nominated\s+|gubernatorial\s+|governor\s+|general\s+election\s+"
            # ("3 publicly financed nominee tickets")
            r"|primary\s+|opposed\s+|unopposed\s+|publicly\s+(?:financed|funded)\s+|participating\s+"
            r"|qualifying\s+|qualified\s+|certified\s+)*(?:tickets?|nominees?|claim(?:ant)?s)\b"
        ),
    ),
    (
        "duration",
        re.compile(
            r"\s*(?:week[\s-]?day\s+|business\s+|calendar\s+)?"
            r"(?:hours?|days?|weeks?|months?|years?)\b"
        ),
    ),
]
# "ward 3 gov vote at the last state election was 501": the votes counted, said before it.
# ("our party's candidate for governor got 3,101 of them": what the candidate got, too)
_VOTES_BEFORE = re.compile(
    r"\b(?:gov(?:ernor)?|gubernatorial)\s+votes?\b[^.?!;\d$\n]{0,40}?\b(?:was|were|is|totall?ed)"
    r"\s*\Z|\b(?:(?:candidate|nominee)\s+for\s+governor|(?:gov(?:ernor)?|gubernatorial)\s+"
    r"(?:candidate|nominee))\s+(?:got|received|drew)\s+\Z"
)
_LEFTOVER = re.compile(r"\b(?:leftover|left\s+over|remaining|extra|spare|odd)\s+\Z")
_NOUN_COLON: list[tuple[str, re.Pattern[str]]] = [
    # ("registered voters (1/1/2030): 612,345": the date blanked by then)
    # ("Active voters: 17,904" is not the registered voters § 5-703(e) counts)
    (
        "registered_voters",
        # ("registered (1/1/32) | 512,903": a row named "registered" in a table of voters)
        re.compile(
            # ("registered voters jan1: 87650", "reg voters jan1 2028: 489112": a column's name)
            r"\b(?:registered\s+|(?<!active\s))voters(?:\s*\([^()]*\)|\s+(?:jan\.?\s?1|1/1)"
            r"(?:\s+20\d\d)?)?"
            r"\s*[:=|]\s*$"
            # ("registered jan1: 102450": a column's name, its day said)
            r"|\bregistered(?:\s*\([^()]*\)|\s+(?:jan\.?\s?1|1/1)(?:\s+20\d\d)?)?\s*[:=|]\s*$"
            # ("reg'd voters 67.5k in the council district": the count right after its noun)
            r"|\bregistered\s+voters\s+$"
        ),
    ),
    # "1% of 98,765 = 987.65. indie petition: …": § 5-703's one percent is of the registered
    # voters (`_PETITION_SAID`: "what is 1% of 50,000" counts no voters)
    ("registered_voters", re.compile(r"(?<![\d.])1\s*(?:%|percent|per\s*cent)\s+of\s*$")),
    # ("governor candidate votes were 2,870 in 2022 and …")
    # ("votes in town (Nov 2026): 4480", a table's column)
    (
        "votes",
        re.compile(
            r"\bvotes(?:\s+for\s+governor|\s+in\s+(?:the\s+)?(?:town|ward|city|precinct))?"
            r"(?:\s*\([^()]*\))?\s*(?:[:=|]|\b(?:were|was))\s*$"
        ),
    ),
    # "town cmte delegates = 6?", "I think 6 but someone said 7": the asker's answer
    ("delegates", re.compile(r"\bdelegates?\s*[:=]\s*$|\bdelegates?\s+or\s*$")),
    # "they gave our gov nominee 1,004", "our gov nominee got exactly 2,000 here"
    (
        "votes",
        re.compile(
            r"\b(?:gave|cast\s+for)\s+(?:our|the|their)\s+(?:party['’]?s\s+)?gov(?:ernor)?\s+"
            r"(?:nominee|candidate)\s*$|\bgov(?:ernor)?\s+(?:nominee|candidate)\s+"
            # ("governor candidate 2,605; U.S. Senate candidate 2,980": a results line)
            r"(?:got\s+(?:exactly\s+|about\s+|roughly\s+)?|[:=|]\s*)?$"
        ),
    ),
    ("result", re.compile(r"\b(?:i\s+think|i\s+thought|(?:some|any)(?:one|body)\s+said)\s*$")),
    # "tickets: 3", "nominee tickets 3", "nominee tickets | 2" (a table's row)
    ("tickets", re.compile(r"\b(?:nominee\s+|eligible\s+)?tickets(?:\s+eligible)?\s*[:=|]?\s*$")),
    # "Sigs submitted so far: 3,150": the signatures a form's field counts
    ("signatures", re.compile(r"\b(?:sigs?|signatures?)\b[^.?!;:|\d$]{0,25}[:=|]\s*$")),
]
# "one donor gave 250" (said of a contribution), "four donors at 50 each"
_GAVE = re.compile(r"\b(?:gave|donated|contributed)\s+$")
_DONORS_AT = re.compile(r"\b(?:donors?|contributors?)\s+(?:at|@)\s+$")
_PETITION_SAID = re.compile(r"\b(?:sigs?|signatures?|petitions?)\b")
# "Voters: 487,902 Sigs so far: 3,150", "fund remaining | 5,100,000 nominee tickets | 2": in a
# form or a table, a noun after a field's value that is followed by a colon or a bar is the
# next field's label ("24,999 registered voters: 1% is 249.99" is no field's value).
_FIELD_VALUE = re.compile(r"[:|]\s*(?:\$\s?)?$")
_NEXT_LABEL = re.compile(r"[^.?!;:|\d$]{0,25}[:|]")
# "only our ticket qualifies": one ticket (never "only our ticket and the R ticket": two).
_ONE_TICKET = re.compile(
    r"\b(?:only|just)\s+(?:our|one|a\s+single|the\s+one)\s+ticket\b"
    r"(?!\s*(?:\([^()]{0,30}\)\s*)?(?:and|&|\+|plus)\s)"
)
_WORD_TICKETS = re.compile(
    rf"\b(both|{IN_WORDS})\s+(?:eligible\s+|nominee\s+|nominated\s+"
    r"|gubernatorial\s+|opposed\s+|unopposed\s+|primary\s+)*(?:tickets?|nominees?|campaigns"
    r"|claim(?:ant)?s)\b"
)
_EACH_AFTER = re.compile(
    r"\s*(?:(?:entitlement|entitled|owed|due|in\s+entitlements?"
    # ("two tickets, $400k full contribution each")
    r"|full\s+(?:public\s+)?(?:contribution|share|amount|entitlement)s?)\s+)?"
    r"(?:apiece|each|per\s+ticket)\b"
)
# "3 tickets each entitled to $400,000", "three tickets each with a full contribution of $2.5M"
# ("each of the 2 nominee tickets would be owed $1.5M": a count may stand between)
# ("both tickets' full amounts are 1.5M": each of two; "three donors each gave the max, $250")
_EACH_BEFORE = re.compile(
    # ("48 donors -- every one of them gave exactly $250")
    r"\b(?:each|every\s+(?:single\s+)?one)\b[^$.?!;,]{0,50}(?:,\s*)?$"
    r"|\bboth\b(?![^$.?!;,]*\b(?:together|combined|total|between)\b)[^$.?!;,]{0,50}$"
)
# "3 tickets at $2.2M": one sum said for every ticket counted.
_TICKETS_AT = re.compile(r"\btickets?\s+(?:each\s+)?(?:at|@)\s+(?:a\s+)?(?:full\s+)?$")
# ("precincts 2 and 3 of Ward 7", "wards 1, 4 & 6": a list's last too; never "ward 12, 499")
_DISTRICT_BEFORE = re.compile(
    r"(?:district|\bwards?|\bprecincts?|\bno\.?|\bnumber|#)\s*"
    r"(?:\d{1,3}[a-z]?(?:\s*,\s*\d{1,3}[a-z]?)*\s*,?\s*(?:&|\+|and|or)\s*)?$"
)
# "subdistrict 1A", "district 12B": a designation, not a count.
_DESIGNATION_AFTER = re.compile(r"[a-z]\b")
_FLOOR = re.compile(r"\s*(?:-\s*)?(?:signature\s+)?(?:floor|minimum)\b")  # "the 250 floor"
_RATE_BEFORE = re.compile(r"(?:\bper|\beach|\bevery|\bfor\s+each|\bfor\s+every)\s*$")
_TO_THE_CENT = re.compile(r"\d{1,3}(?:,\d{3})+\.\d\d|\d{4,}\.\d\d")
_CENTS = re.compile(r"\d{1,3}\.\d\d")
_CENTS_SAID = re.compile(r"(?<![\d.,])\d{1,3}\.\d\d(?![\d.])")


# A year naming what follows it, never a count: "| registered voters | 2026 turnout |".
_YEAR_OF_AFTER = re.compile(r"\s+(?:turnout|results?|votes?\s+cast|primary|general)\b")
# A year naming an election: "the 2030 election", "2026 gubernatorial primary", "2028 cycle".
_ELECTION_AFTER = re.compile(
    r"\s+(?:(?:gubernatorial|presidential|general|primary|regular|special)\s+)?"
    r"(?:elections?|cycle|general|primary|race|ballot)\b"
)
# "12 000 voters", "$1 200 000": thousands set apart by spaces (not a list's: "35 60 120").
_SPACED = re.compile(
    r"(?<![\w.,$])(?<!\d\s)(\$\s?)?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\w|[.,]\d|\s\d)"
)


def _spaced_thousands(low: str, problems: list[str]) -> str:
    """Thousands set apart by spaces are read as one number where what it counts or that it is
    money is said ("12 000 voters", "$1 200 000"): the spaces become commas (same length, so
    positions hold). Elsewhere ("ward 5 500") it could be two numbers: refused, never split."""
    for m in _SPACED.finditer(low):
        counted = any(rx.match(low, m.end()) for _, rx in _COUNT_NOUNS)
        named = _DISTRICT_BEFORE.search(low[max(0, m.start() - 24) : m.start()])
        if m.group(1) or (counted and not named):
            grouped = re.sub(r"(?<=\d)[ \u00a0\u202f](?=\d)", ",", m.group(0))
            low = low[: m.start()] + grouped + low[m.end() :]
        else:
            problems.append(
                f"{m.group(0).strip()!r} has spaces between its digits; write it like 12,000"
            )
            low = blank(low, m.start(), m.end())
    return low


def _unread_numbers(low: str, problems: list[str]) -> str:
    """Report numbers written in forms we refuse (`refused_forms`, and thousands spaced where
    what they count is not said); return `low` with them blanked so no part of them is read
    as a number."""
    return refused_forms(_spaced_thousands(low, problems), problems)


def read_numbers(
    low: str, problems: list[str]
) -> tuple[list[FactAmount], list[FactCount], list[int]]:
    amounts: list[FactAmount] = []
    counts: list[FactCount] = []
    years: list[int] = []
    election_years: list[int] = []
    low = _unread_numbers(low, problems)
    low = without_phones(low)
    cents_column = len(_CENTS_SAID.findall(low)) > 1
    for m in _NUMBER.finditer(low):
        if len(amounts) + len(counts) + len(years) >= MAX_ITEMS:
            problems.append(f"only the first {MAX_ITEMS} numbers were read")
            break
        dollar, raw, mult, dollars, percent = m.groups()
        if percent or (not dollar and labels(low, m.start(), m.end(), raw, bool(mult))):
            continue
        digits = raw.replace(",", "")
        if len(digits) > MAX_DIGITS:
            problems.append(f"{m.group(0).strip()[:40]!r} is far too large to be a count or amount")
            continue
        # Built from the digits and a power of ten, so exact (multiplying would round at 28
        # significant digits).
        value = Decimal(f"{digits}E{_MULTIPLIER[mult] if mult else 0}")
        rest = low[m.end() : m.end() + 40]
        said_after = next(((role, m2) for role, rx in _COUNT_NOUNS if (m2 := rx.match(rest))), None)
        noun = None
        if said_after is not None:
            noun, said = said_after
            if (
                # "our 2030 gov vote": the year of the votes (a word between), not their number
                (
                    noun == "votes"
                    and not dollar
                    and _year_like(raw)
                    and len(said.group(0).split()) > 1
                )
                or (
                    _FIELD_VALUE.search(low, max(0, m.start() - 3), m.start())
                    and _NEXT_LABEL.match(rest, said.end())
                )
                # "fund 10M tickets entitled 2.5M …": no count of tickets is said in millions
                or (noun == "tickets" and (mult or len(digits) > 2))
            ):
                noun = None
        if _TO_THE_CENT.fullmatch(raw):
            noun = None  # "Ticket A 1,250,000.00 Ticket B …": money, whatever is said next
        elif noun is None and not dollar:
            before = low[max(0, m.start() - 30) : m.start()]
            noun = next((role for role, rx in _NOUN_COLON if rx.search(before)), None)
            if (
                noun in ("votes", "registered_voters")
                and _year_like(raw)
                and not before.rstrip().endswith((":", "="))
            ):
                noun = None  # "unaffiliated gov candidate 2030": the year, not a count of votes
            if _year_like(raw) and _YEAR_OF_AFTER.match(low, m.end()):
                noun = None  # "| registered voters | 2026 turnout |": a year naming a column
            # ("1% of" is read "1 percent of")
            if noun == "registered_voters" and "per" in before and not _PETITION_SAID.search(low):
                noun = None
            if noun is None and voters_said_before(low, m.start(), m.end()):
                noun = "registered_voters"
            if noun is None and _VOTES_BEFORE.search(low, max(0, m.start() - 60), m.start()):
                noun = "votes"
            if noun == "tickets" and (mult or len(digits) > 2):
                noun = None  # "tix 500k + 500k": sums said after the tickets, not their count
        if noun == "votes" and _LEFTOVER.search(low, max(0, m.start() - 16), m.start()):
            noun = "remainder"  # "does the leftover 1 vote count?": what is left over, no count
        # A sum written without "$" ("raised 300,000", "fund remaining 3,000,000") is money when
        # the words around it say whose money it is; never a year-like or small number.
        role = money_role(low, m.start(), m.end())
        plain_money = noun is None and (
            (("," in raw or len(digits) >= 5) and role is not None)
            # "entitlements 1,234,567.89 and 987,654.32": a number written to the cent is money
            or bool(_TO_THE_CENT.fullmatch(raw))
            # cents where gifts are listed ("cards: 12.50 / 20") or in a column ("Ruiz …… 35.00")
            or bool(
                _CENTS.fullmatch(raw) and (cents_column or listed_as_contributions(low, *m.span()))
            )
            # "one donor gave 250", "four donors at 50 each": what someone gave is money
            or bool(_DONORS_AT.search(low, max(0, m.start() - 16), m.start()))
            or (
                role == "contribution" and bool(_GAVE.search(low, max(0, m.start() - 9), m.start()))
            )
        )
        if (
            mult in ("k", "m", "b")
            and noun is None
            and not dollar
            and _DISTRICT_BEFORE.search(low[max(0, m.start() - 24) : m.start()])
        ):
            mult = None  # "Legislative District 12B": a district's letter, not billions
            value = Decimal(digits)
        if dollar or dollars or (mult and noun is None) or plain_money:
            amounts.append(
                FactAmount(
                    value=Decimal(int(value)) if value == value.to_integral() else value,
                    span=m.group(0).strip(),
                    start=m.start(),
                    role=role,
                    each=bool(
                        _EACH_AFTER.match(low, m.end())
                        or (
                            (
                                _EACH_BEFORE.search(low[max(0, m.start() - 56) : m.start()])
                                # "3 tickets at $2.2M": the same sum for every ticket
                                or _TICKETS_AT.search(low, max(0, m.start() - 30), m.start())
                            )
                            # "three tickets would each be owed 2.5M, 2.5M and 2M": a list
                            # says each one's sum; none is repeated
                            and not LIST_GOES_ON.match(low, m.end())
                        )
                    ),
                )
            )
            continue
        if value != value.to_integral():
            continue
        number = int(value)
        if (
            noun in (None, "tickets")  # "a 2030 ticket": the ticket of that year's election
            and not mult
            and _year_like(raw)
        ):
            years.append(number)
            if _ELECTION_AFTER.match(low, m.end()):
                election_years.append(number)
            continue
        if _RATE_BEFORE.search(low[max(0, m.start() - 12) : m.start()]) or _FLOOR.match(
            low, m.end()
        ):
            noun = "rate"  # "one per 500 votes": a statutory ratio, not the user's count
        elif (
            _DISTRICT_BEFORE.search(low[max(0, m.start() - 24) : m.start()])
            # ("CD-6 registered voters: 512,884": the district's number, whatever follows)
            and (noun is None or (len(digits) <= 3 and not mult and not dollar))
        ) or (noun is None and _DESIGNATION_AFTER.match(low, m.end())):
            noun = "district"  # "congressional district 6" names a district, counts nothing
        counts.append(FactCount(value=number, span=m.group(0).strip(), start=m.start(), role=noun))
    for m in _WORD_TICKETS.finditer(low):
        counts.append(
            FactCount(
                value=WORD_NUMBERS[m.group(1)], span=m.group(0), start=m.start(), role="tickets"
            )
        )
    for m in _ONE_TICKET.finditer(low):
        counts.append(FactCount(value=1, span=m.group(0), start=m.start(), role="tickets"))
    counts.sort(key=lambda c: c.start)
    repeated_sums(low, amounts, counts)
    repeated_claims(low, amounts, counts)
    _listed_sums(low, amounts, counts)
    _more_givers(low, amounts, counts)
    another_one(low, amounts)
    _contribution_of(low, amounts, counts)
    # (a number the list made a sum: "1k from her brother plus two 250 contributions")
    repeated_sums(low, [a for a in amounts if a.times == 1], counts)
    _said_again(low, amounts)
    # "release money in December 2029 … for the 2030 election": the year the election is named
    # by comes first.
    return amounts, counts, election_years + [y for y in years if y not in election_years]


def _listed_sums(low: str, amounts: list[FactAmount], counts: list[FactCount]) -> None:
    """A list of numbers is one kind of thing: when one of them is a sum ("owed 600000 and
    400000") or the words before the list say whose money it is ("contributions of 250, 100
    and 50"), the plain numbers of the list are sums with the same role — never dropped, nor
    left as counts of nothing."""
    items: list[FactAmount | FactCount] = sorted([*amounts, *counts], key=lambda i: i.start)
    lists: list[list[FactAmount | FactCount]] = []
    for item in items:
        if lists and (
            listed_next(low, lists[-1][-1], item)
            or (
                listed_after_a_giver(low, lists[-1][-1], item)
                and (
                    lists[-1][0].role in ("contribution", "entitlement")
                    or listed_as_contributions(low, lists[-1][0].start, end_of(low, item))
                )
            )
        ):
            lists[-1].append(item)
        else:
            lists.append([item])
    for group in lists:
        plain = [i for i in group if isinstance(i, FactCount) and i.role is None]
        if len(group) < 2:
            continue
        head = group[0]
        # ("fund balance 6M; two tickets, 3M and 2M full contributions": the Fund, then the
        # tickets' list, whose last sum says what they are)
        if len(group) > 2 and head.role == "fund" and group[-1].role == "entitlement":
            group = group[1:]
            head = group[0]
        role = (
            head.role
            if isinstance(head, FactAmount)
            else money_role(low, head.start, end_of(low, head))
        ) or ("entitlement" if group[-1].role == "entitlement" else None)  # ("…, 300k entitled")
        if role in (None, "private") and listed_as_contributions(
            low, head.start, end_of(low, group[-1])
        ):
            role = "contribution"
            for item in group:
                if isinstance(item, FactAmount) and item.role in (None, "private"):
                    item.role = role
        if role is not None:
            for item in group:
                if isinstance(item, FactAmount) and item.role is None:
                    item.role = role
        if not plain:
            continue
        if (
            role is None
            and len(plain) == len(group) > 1
            and any(a.role == "total" and a.value == sum(i.value for i in group) for a in amounts)
        ):
            # "5 eligible contributions adding up to $690 — 250, 200, 100, 100, 40": numbers
            # adding up to a total of money said are its parts, sums too (whose, as it is).
            for count in plain:
                _as_sum(count, None, counts, amounts)
            continue
        if role is None and not any(isinstance(i, FactAmount) for i in group):
            # "W1 3,402 / W2 2,977 / W3 4,118 registered voters": a list of counts is all of
            # the kind one of them is said to be.
            kinds = {i.role for i in group if i.role is not None}
            joins = [low[end_of(low, a) : b.start] for a, b in pairwise(group)]
            # (only a list set apart by "/", ";" or "+": "dist 3, 61,482 registered voters" is a
            # district and a count)
            # (and of one size: "3,300,000; three eligible nominee tickets" are sum and count)
            sizes = [i.value for i in group]
            if (
                len(kinds) == 1
                and all(re.match(r"\s*[/;+]", j) for j in joins)
                and max(sizes) <= 1000 * max(1, min(sizes))
            ):
                for count in plain:
                    count.role = next(iter(kinds))
            continue
        written = [i.span for i in group if isinstance(i, FactAmount)]
        if written and all(span.startswith("$") for span in written):
            # "J. Ortiz, 21201, $20 - P. Nwosu, 20910, $100": beside sums written with "$", a
            # number of four or more digits written without one (nor a comma) is an
            # identifier — a ZIP code, an account — not a sum.
            plain = [c for c in plain if "," in c.span or len(c.span) < 4]
        for count in plain:
            _as_sum(count, role, counts, amounts)
    amounts.sort(key=lambda a: a.start)


def _year_like(raw: str) -> bool:
    """Whether a number as written could be a year ("2030"; never "2,030" nor "2030.5")."""
    return raw.isdigit() and len(raw) == 4 and 1900 <= int(raw) <= 2199


def _as_sum(
    count: FactCount, role: str | None, counts: list[FactCount], amounts: list[FactAmount]
) -> None:
    """A number first read as a count that is a sum after all: moved to the sums, in `role`."""
    counts.remove(count)
    amounts.append(
        FactAmount(value=Decimal(count.value), span=count.span, start=count.start, role=role)
    )


# "one eligible contribution of 150", "a donation for 75": what a contribution is of is money,
# however small, unless it counts people or checks ("contributions of 3 small donors").
_CONTRIBUTION_OF = re.compile(
    r"(?<!full\s)(?<!public\s)\b(?:contributions?|donations?|gifts?|checks?|cheques?)\s+"
    r"(?:of|for)\s+$"
)
_COUNTS_PEOPLE = re.compile(
    r"\s*(?:[a-z-]+\s+){0,2}(?:donors?|people|persons?|contributors?|givers?|residents?"
    r"|individuals?|supporters?|checks?|cards?)\b"
)


def _contribution_of(low: str, amounts: list[FactAmount], counts: list[FactCount]) -> None:
    """A plain number said as what a contribution is of is that contribution's sum."""
    for count in [c for c in counts if c.role is None]:
        if _CONTRIBUTION_OF.search(low, max(0, count.start - 30), count.start) and not (
            _COUNTS_PEOPLE.match(low, end_of(low, count))
            # ("contributions of 5 at $100": how many of the sum after it)
            or COUNTS_THE_NEXT_SUM.match(low, end_of(low, count))
        ):
            _as_sum(count, "contribution", counts, amounts)
    amounts.sort(key=lambda a: a.start)


def _more_givers(low: str, amounts: list[FactAmount], counts: list[FactCount]) -> None:
    """ "ten dollars from his sister, twenty from the pastor, and three hundred from a fellow":
    once one giver's sum is money, a plain number said the same way (from someone) is another
    contribution, not a count."""
    if not any(
        a.role == "contribution" and GIVER_AFTER.match(low, end_of(low, a)) for a in amounts
    ):
        return
    for count in [c for c in counts if c.role is None]:
        if GIVER_AFTER.match(low, end_of(low, count)):
            _as_sum(count, "contribution", counts, amounts)
    amounts.sort(key=lambda a: a.start)


_THE_BEFORE = re.compile(r"\b(?:the|that|this)\s+(?:one\s+|same\s+|single\s+)?$")


def _said_again(low: str, amounts: list[FactAmount]) -> None:
    """ "$6M in the Fund, … is any of the $6M held back?", "… one $500 check. Does the $500
    count?": a sum said again with "the" is the one said before, not another one (its role
    says so, and no rule takes it again)."""
    for i, amount in enumerate(amounts):
        if _THE_BEFORE.search(low, max(0, amount.start - 12), amount.start) and any(
            a.value == amount.value and amount.role in (None, a.role) for a in amounts[:i]
        ):
            amount.role = "again"
