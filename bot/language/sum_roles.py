"""What a sum of money in a question is — the Fund, a ticket's entitlement, a contribution, the
private money raised, a total of others, a result to check, money already paid — from the
words just before and after it (`bot.language.numbers` reads the sums themselves)."""

from __future__ import annotations

import re
from itertools import pairwise

from bot.language.givers import A_GIVER, GIVER_AFTER, WHEN_GIVEN
from bot.language.number_words import IN_WORDS, WORD_NUMBERS
from rules.engine.facts import FactAmount

# What a ticket would get in full ("full public contribution", "full share").
_FULL_SHARE = (
    r"full\s+(?:public\s+|general\s+|primary\s+)?(?:contribution|share|amount|award|entitlement)s?"
)
# "so $2.1M is what's available to distribute": the Fund said as what is left to share.
_WHATS_LEFT = r"\s*is\s+what\s*['’]?\s*s\s+(?:left|remaining|available)\b"

_MONEY_ROLES: list[tuple[str, re.Pattern[str], re.Pattern[str] | None]] = [
    # (role, words just before, words just after)
    # "does that count toward the $3M limit?", "a $500 check over the $250 eligibility cap":
    # a figure the law sets, never a sum of the question's own ("each entitled to the $3M
    # maximum" is their entitlement).
    (
        "limit",
        re.compile(r"\b(?:limit|cap|ceiling)\s*(?:of|is|at|=|:)?\s*$"),
        re.compile(r"^\s*(?:[a-z-]+\s+)?(?:limit|cap|ceiling)\b"),
    ),
    # "$3M in total entitlements": a sum of others, never one ticket's or the Fund's.
    (
        "total",
        # ("… full amounts add up to $5.5M (3M + 2.5M)": the sum of the parts that follow)
        re.compile(
            # ("Total owed is $7M", "3 contributions totaling $390")
            r"\b(?:total|totals|totall?ing|totall?ed|combined|altogether|(?:adds?|adding)\s+up\s+to)\b"
            r"[^$\d?!;]{0,16}$"
            # ("$3M, $2.4M and $1.6M. that's $7M against $4.2M": the sum of those said again)
            r"|\b(?:that['’]?s|that\s+is|which\s+is|which\s+comes\s+to)\s+(?:a\s+total\s+of\s+)?$"
        ),
        # ("$25, $100, $250 — total match?": the total asked for, not this sum's)
        re.compile(
            r"^[^$\d;,.]{0,6}\b(?:in\s+)?(?:total|combined|altogether)\b"
            r"(?!\s+(?:match|matching|public|amount|share|payout|distribution))"
            # ("we're $800k short": what the Fund lacks, worked out from the others)
            r"|^\s*(?:short|shy)\b"
        ),
    ),
    # "was it correct that the shares came out to $28,571.42 and $71,428.57?": the answer the
    # asker wants checked, never an input.
    (
        "result",
        re.compile(
            r"\b(?:came|comes?|coming|work(?:ed|s)?)\s+out\s+(?:to|at|as)\s*$"
            r"|\bshares?\s+(?:were|was|are|would\s+be|will\s+be)\s*$"
            # "two tickets at 800k and 400k -- so they get 666,666.67 and 333,333.33?", "So
            # 2.1M apiece?": what the asker worked out, to be checked
            r"|\bso\s+(?:(?:they|we|it|each(?:\s+(?:one|ticket))?|every\s+ticket|everyone)\s+)?"
            r"(?:(?:would|will|should)\s+)?(?:(?:get|gets|receive|receives|be|is|are)\s+)?$"
            # "equal split = 3M each?", "so the share = 1.5M?": the asker's sum, worked out
            r"|\b(?:split|share|shares|each|comes\s+to|works\s+out)\s*=\s*$"
            # "one-for-three means 30k in public $, correct?"
            r"|\bmeans\s*$"
            # "$7M and 2 nominees is $3.5M each", "split 3 ways = 2M": the asker's division
            r"|\b(?:\d|two|three|four|five)\s+(?:nominees|tickets|ways)\s+(?:is|=)\s*$"
        ),
        None,  # said only by the words before it
    ),
    # "one ticket already got $100k": money paid out, not an entitlement nor the Fund.
    (
        "received",
        re.compile(
            r"\balready\s+(?:got|received|been\s+paid|was\s+paid)\s*$"
            # "(The primary distribution in March 2026 was $4.1M …)": what was paid out
            r"|\b(?:distribution|payout|disbursement)\b[^$.?!;]{0,30}\b(?:was|totaled|came\s+to)\s*$"
        ),
        # ("$250 from Ann, $100 from Bob, $800 from the Fund": public money, no gift)
        # (never a giver named by an office: "$250 from the state senator's brother")
        re.compile(
            r"^\s*(?:in\s+public\s+\w+\s+)?from\s+the\s+(?:fund|fcff|board|sbe"
            r"|state(?!['’]s|\s+(?:senator|rep|representative|delegate|employee|worker)))\b"
        ),
    ),
    # "Admin costs FY29 ..... $185,000", "$1.4M has already been obligated to audits": what
    # the Board spends on itself, neither the Fund to share nor a ticket's entitlement.
    (
        "cost",
        re.compile(
            r"\b(?:admin\w*|administrative|overhead|audits?)\b(?:\s+(?:costs?|expenses?))?"
            # ("Admin costs FY29 (separate line) ..... $185,000": a line's label, dot leaders)
            r"[^$\n?!;]{0,40}$"
        ),
        re.compile(r"^\s*(?:has\s+|have\s+)?(?:already\s+)?(?:been\s+)?(?:obligated|earmarked)\b"),
    ),
    # "Besides the candidate's $20,000 loan": money lent, never a contribution to match.
    (
        "loan",
        re.compile(r"\bloan(?:ed|s)?\b[^$\d.?!;]{0,20}$|\blent\s*$"),
        re.compile(r"^\s*(?:personal\s+|candidate\s+|bank\s+)?loans?\b"),
    ),
    (
        "fund",
        # ("remaining: $5M for the general": what is left in the Fund)
        # ("fund remaining after the primary 3,300,000", "3 nominee tickets split 6,600,000")
        # (in the same sentence: "… qualified for the Fund. Latest batch of contributions: $50")
        re.compile(
            # (never past a line that labels the sum itself: "From the FCFF intake sheet:\n
            # amount: $10" is a row's amount)
            r"\bfund\b(?:(?!\.\s)(?!\n[^\n$\d]*:\s*$)[^$\d?!;]){0,40}$"
            r"|\bremaining\s*:?\s*$|\bsplit(?:ting)?\s*$"
            # ("FCFF short again. balance 3,900,000")
            r"|\bbalance\s*(?:is\s+|of\s+|:\s*)?$"
            # ("Fund balance remaining after primary distributions: $2,200,000": a line's label)
            r"|\bbalance\b[^$\d?!;.\n]{0,50}:\s*$"
        ),
        # (never a word on the next line: "$1,400,000\nFund available: $2,800,000" labels that)
        re.compile(
            r"^[^$\d;,.\n]{0,12}\b(?:left|remain\w*|in\s+the\s+fund|available)\b"
            r"|^"
            + _WHATS_LEFT
            # ("$3M from Maryland taxpayers is in the fund": the sum the clause puts there)
            + r"|^[^$\d;,.\n?!]{0,40}?\b(?:is|are|sits|sitting)\s+(?:still\s+|now\s+)?"
            r"in\s+the\s+fund\b"
        ),
    ),
    (
        "entitlement",
        re.compile(
            # (never "total owed is $7M": the sum of the entitlements, a "total")
            r"(?<!total\s)(?<!totals\s)"
            r"\b(?:entitle\w*|owed|owing|eligible\s+for|qualif(?:y|ies|ied)\s+for)[^$\d]{0,25}$"
            r"|\bentitlements?\b[^$\d]{0,10}$"
            # ("claims of 2M and 2.5M": what the tickets claim in full)
            r"|\bclaims?\s+(?:of|for)\s*$"
            # "ticket A should get 2.1 million" (what it would get in full)
            # ("tickets must receive 1,000,000, 2,000,000 and 900,000")
            r"|\b(?:should|would|must|are\s+to|have\s+to)\s+(?:otherwise\s+)?(?:get|receive)\s*$"
            # ("the two tickets would each otherwise get two million"; never "Would each get
            # $2M?", which asks)
            r"|\b(?:tickets?|they|both)\s+(?:should|would)\s+each\s+(?:otherwise\s+)?"
            r"(?:get|receive)\s*$"
            r"|\bsupposed\s+to\s+(?:get|receive|be)\s*$"
            # ("fund = $3.6m; ours is $1.45M, theirs is 2,150,000": each ticket's own)
            r"|\b(?:ours|theirs)\s*(?:is|was|would\s+be|=|:)\s*$"
            # ("we're entitled to $2.2M, the other two are at $1.9M and $700K", "… owed 2.4
            # million, the other ticket three million": the others' claims, said the same way)
            # (only after an entitlement's own words: "one gave exactly $250.00, the other
            # $250.01" are two gifts)
            r"|\b(?:entitle\w*|owed|owing|claims?|full)\b(?:[^.?!]|\.(?=\d))*?"
            r"(?:\d|\bmillion|\bmil|\d[mk])\s*[,;]\s*(?:and\s+)?the\s+others?(?:\s+(?:one|two|three|four|\d"
            r"|tickets?|slates?|campaigns?|ones))?\s+(?:(?:are|is|were|was)\s+)?(?:at\s+|@\s*)?$"
            # "ours, at a full contribution of $2.5M": what a ticket would get in full
            r"|\bfull\s+(?:public\s+|general\s+|primary\s+)?(?:contribution|share|amount|award)s?\s*"
            # ("full amounts:\nTicket A  1,850,000": a row's ticket after the heading)
            r"(?::\s*(?:ticket|tix)\s+[a-z0-9]{1,2}\s*[:|=]?\s*$)?"
            # ("full public contributions for the certified tickets come to 3,000,000 / …")
            r"(?:for\s+(?:the\s+|our\s+)?(?:[a-z0-9]+\s+){0,2}tickets?\s+)?"
            r"(?:of\s+|:\s*|(?:would|will|should)\s+be\s+|is\s+|are\s+"
            r"|(?:(?:would|will)\s+)?(?:come|comes|came)\s+to\s+|(?:would|will)\s+total\s+"
            # "ticket | full contribution Reyes | 2,800,000": a table's column, a row's label
            r"|[a-z][a-z.'’-]{0,15}\s*\|\s*"
            # "| ticket | full public contribution |\n|---|---|\n| A | 3,000,000": the same in
            # markdown, the header's rule line between
            r"|\|[\s|:-]*\|\s*[a-z][a-z.'’-]{0,15}\s*\|\s*)?$"
        ),
        re.compile(
            r"^\s*(?:each\s+)?entitle\w*"
            # ("two tickets, $400k full contribution each": what each gets in full)
            r"|^\s*" + _FULL_SHARE + r"\b"
        ),
    ),
    # "two tickets at $750,000 each", "4 tickets @ one mil", "three tickets at full $3M": what
    # each ticket would get in full (money said "at" a number of tickets).
    (
        "entitlement",
        # ("fund $7.25m tix 3m 3m 1.5m": the sums said right after the tickets, theirs)
        # ("pasted from our sheet:\nticket A   3,000,000": a row's ticket, one a line)
        re.compile(
            r"\btickets?\s+(?:each\s+)?(?:at|@)\s+(?:a\s+)?(?:full\s+)?$|\btickets\s*:?\s+$"
            # ("tickets want 2.75M and 1.25M": what each asks for in full)
            r"|\btickets?\s+(?:want|wants|need|needs|requested|request|ask(?:ing)?\s+for|claim)\s+$"
            # ("three tickets each due 1,000,000": what each is owed in full)
            r"|\btickets?\s+(?:(?:are|is)\s+)?(?:each\s+)?due\s+$"
            r"|(?:^|\n)\s*[|-]?\s*(?:ticket|tix)\s+[a-z0-9]{1,2}\s*[:|=]?\s*$"
        ),
        None,
    ),
    # "contributions of $25, $75 and $200", "a $100 contribution": each one, not the total raised.
    (
        "contribution",
        # ("contributions of $90,000", one sum after the plural, is what was raised in all)
        re.compile(
            r"(?<!full\s)(?<!public\s)\b(?:contribution|donation|gift)\s+of\s*$"
            r"|\bdonaci[oó]n\s+de\s*$"  # "una donación de $40"
            # ("one gave exactly $250.00")
            r"|\b(?:gave|give|gives|giving|donated|donate|donates|contributed)"
            r"(?:\s+(?:exactly|just|only|precisely))?\s*$"
            r"|\bmaxed\s+(?:out\s+)?at\s*$"
            # ("just one eligible contribution so far, $250 even": one, said before its sum)
            r"|\b(?:one|a\s+single)\s+(?:eligible\s+)?(?:contribution|donation|gift)\b[^$\d.?!;]{0,20}$"
            # ("One Maryland donor, $250, contribution card on file": what that one gave)
            r"|\b(?:one|a\s+single)\s+(?:[a-z]+\s+)?(?:donor|contributor|giver)\s*[,:(–—-]\s*$"
            # "someone gave my wife's governor campaign $50", "if one Maryland resident gives
            # the ticket $150": what one giver gave is one contribution
            r"|\b(?:someone|somebody|(?:a\s+(?:single\s+)?|one\s+)(?:[a-z]+\s+)?" + A_GIVER + r")"
            r"\s+(?:gave|gives|donated|donates"
            r"|contributed|contributes|sent|sends)\b[^$\d.?!;]{0,35}$"
        ),
        # "a single $20 eligible contribution" (one; "contributions" after a sum is a total)
        re.compile(
            # ("$120 - sorry $125 - contribution", "a $300 check from one donor")
            # ("a single $75 eligible private contribution")
            r"^\s*(?:[-–—]\s*)?(?:(?:eligible|individual|qualifying|private)\s+){0,2}"
            r"(?:contribution|contrib|donation|gift|check|cheque|card)\b"
            r"|^" + GIVER_AFTER.pattern
        ),
    ),
    (
        "private",
        re.compile(
            r"\b(?:raised|raise|private|collected|brought\s+in)\b[^$\d]{0,25}$"
            # ("full contributions of $2.5M, $2M …" are entitlements, not money raised)
            r"|(?<!full\s)(?<!public\s)\b(?:contributions|donations|gifts)\s+of\s*$"
        ),
        # "300,000 in eligible contributions": what the ticket raised, said by what it is.
        re.compile(
            r"^[^$\d;,.]{0,12}\b(?:raised|private|in\s+(?:eligible\s+|qualifying\s+"
            r"|qualified\s+|matchable\s+)?(?:private|contributions?|contribs?|donations))\b"
        ),
    ),
]


# A table's next row or cell ("Agu\t$250\nTOTAL\t$395", "| $1M | raised $2M |"): its own label.
_LABELS_NEXT_SUM = re.compile(
    r"\s*(?:[(,;|]|[ \t]*\n)\s*[a-z]+(?:\s+[a-z]+)?\s*(?::|\t|\|)?\s*\$\s?\d"
)


_FUND_BEFORE = next(rx for role, rx, _ in _MONEY_ROLES if role == "fund")
# "fund 6M entitlements 2.8M 2.2M": the sum said right after "fund" is the Fund, whatever the
# next words name.
_FUND_JUST_BEFORE = re.compile(r"\bfund\s*(?:is\s+|of\s+|at\s+|[:=]\s*)?\$?\s*$")
_FUND_TOTAL = re.compile(
    r"\bfund(?:['’]s)?\s+(?:balance\s+|total\s+)?(?:total|is|at)\b[^$\d]{0,12}$"
)


# "cast 3,020 votes total, 1,250 of them …": "total" said of a count, not of money.
_COUNT_TOTAL = re.compile(r"\b(?:votes|voters|signatures|ballots)\s+(?:in\s+)?total\b[^$\d]{0,12}$")
_FULL_JUST_BEFORE = re.compile(r"\b" + _FULL_SHARE + r"\s+$")


# A sum said as one side of a rate: "$1 for every $3", "$1 per $1 raised", "$1-for-$1".
_PUBLIC_MONEY = r"(?:\s*(?:(?:of|in)\s+public\s+(?:money|funds?|dollars)|public)\b)?"
_RATE_BEFORE = re.compile(
    r"\$?\d" + _PUBLIC_MONEY + r"\s*(?:for\s+(?:every|each)|per|-?for-?)\s*\$?\s*$"
)
_RATE_AFTER = re.compile(_PUBLIC_MONEY + r"\s*(?:for\s+(?:every|each)|per|-?for-?)\s*\$\s*\d")


def money_role(low: str, start: int, end: int) -> str | None:
    """The role of the sum at `start`..`end` of `low` (lower-cased question), or None."""
    before = low[max(0, start - 60) : start]
    # (to the end of the word the window ends in: "… eligible private contributions" is never
    # read as the singular its first thirty characters end with)
    cut = min(end + 30, len(low))
    while cut < len(low) and low[cut].isalnum():
        cut += 1
    after = low[end:cut]
    # "$60 (total $560)": a word that opens the next sum names that one, not this.
    if _LABELS_NEXT_SUM.match(after):
        after = ""
    if _FUND_JUST_BEFORE.search(before):
        return "fund"
    # ("$1 of public money for every $3 raised", "$1 per $1"): a rate the law sets, like a
    # limit, is no sum of the question's own
    if _RATE_BEFORE.search(before) or _RATE_AFTER.match(after):
        return "limit"
    for role, _, rx_after in _MONEY_ROLES:
        if rx_after is not None and rx_after.search(after):
            # "the fund is kinda broke: $800k total": the Fund's total is the Fund.
            if role == "total" and _FUND_BEFORE.search(before):
                return "fund"
            # ("the Fund got $3M from the state": the Fund's, not money a ticket received)
            if role == "received" and _FUND_BEFORE.search(before):
                continue
            return role
    best: tuple[int, str] | None = None
    for role, rx_before, _ in _MONEY_ROLES:
        m = rx_before.search(before)
        if m and (best is None or len(before) - m.start() < best[0]):
            best = (len(before) - m.start(), role)
    # "Ticket A's full public contribution works out to $3.4 million": what a ticket would get
    # in full is its entitlement, however the words say it is reached.
    if best and best[1] == "result" and _FULL_JUST_BEFORE.search(before, 0, len(before) - best[0]):
        return "entitlement"
    # "Fund total is $14M": the Fund's total is the Fund.
    if best and best[1] == "total" and _FUND_TOTAL.search(before):
        return "fund"
    # ("cast 3,020 votes total, 1,250 of them for our candidate": the total of a count)
    if best and best[1] == "total" and _COUNT_TOTAL.search(before):
        return None
    return best[1] if best else None


# "contributions received: 50, 150, 250, 40": a list after these words is one per contribution.
# "$75 + $150 + $200 eligible donations": a list the words after it call contributions.
_CONTRIBUTIONS_AFTER = re.compile(
    # (said of a list: "a $50 and a $150 contribution" is two of them)
    r"\s*(?:in\s+)?(?:eligible\s+|individual\s+|qualifying\s+)?(?:contributions?|donations?)\b"
    # "100 bucks, 75 bucks and 20 bucks from three marylanders", "1k, 250, 50 -- match?"
    r"|\s*from\s+(?:\w+\s+){0,2}(?:donors?|people|persons|contributors?|supporters?"
    r"|individuals|residents|marylanders)\b"
    # "… 150 D | 300 matching $ for these?", "… 250 - what's the match?"
    r"|\s*(?:(?:--|—|–|-|:|\?)\s*)?(?:what(?:['’]s|\s+is)\s+)?(?:public\s+|the\s+)?"
    r"match(?:ing)?\b"
)
_CONTRIBUTIONS_BEFORE = re.compile(
    # (never a "full contribution": what a ticket would get in full, its entitlement)
    r"(?<!full\s)(?<!public\s)"
    r"\b(?:contributions?|donations?|gifts?|checks?|cheques?|gave|donated|contributed)\b[^$\d.?!]{0,20}$"
    # "match on 250;100;50?", "… on a $50", "matching money on a $100 and a $250 gift"
    r"|\bmatch(?:ing)?(?:\s+(?:money|funds?|dollars|\$))?\s+(?:on|for)\s+(?:an?\s+)?$"
)

# "3 new contributions came in today (batch 0219-B): $50, $75, $300": the list the sentence
# introduces with a colon.
_CONTRIBUTIONS_COLON = re.compile(
    # ("donors: Ann 250, Bob 100": each giver's name before what they gave)
    r"\b(?:contributions|donations|checks|cheques|cards|donors?|givers?|contributors?)\b"
    r"[^.?!:]{0,60}:\s*(?:(?:mr|ms|mrs|dr)\.?\s+)?(?:[a-z][a-z'’-]{1,15}\s+){0,2}$"
)

# "| donor | amt |\n|---|---|\n| A.K. | 40 |": a table of givers and what each gave.
_GIFTS_TABLE = re.compile(
    r"\|\s*(?:donors?|contributors?|names?|givers?|from)\s*\|\s*"
    r"(?:amt|amounts?|\$|contributions?|gifts?|donations?)\s*\|[\s|:-]*\|\s*[^|\n]{0,20}\|\s*$"
)


def listed_as_contributions(low: str, start: int, end: int) -> bool:
    """Whether the words around a list of numbers (from `start` to `end` in `low`) say each is
    one contribution: before it ("contributions of", a colon after "contributions", a table of
    givers) or after it ("… eligible donations", "… from three donors", "… match?")."""
    return bool(
        _CONTRIBUTIONS_BEFORE.search(low[max(0, start - 30) : start])
        or _CONTRIBUTIONS_COLON.search(low[max(0, start - 70) : start])
        or _GIFTS_TABLE.search(low[max(0, start - 80) : start])
        or _CONTRIBUTIONS_AFTER.match(low, end)
    )


_REMAINS_AFTER = re.compile(r"[^$\d;,.]{0,12}\b(?:remain\w*|left)\b|" + _WHATS_LEFT)


# "The Fund had $9,000,000 at the start of the year and $2.5M has already gone out": a balance
# of the past, with money paid out of it since.
_PAID_OUT_SINCE = re.compile(
    r"[^$\d.?!;]{0,40}?\b(?:and|but|,)\s+(?:\$\s?)?\d[\d,.]*\s*(?:k|m|million|mil)?\s+"
    r"(?:has|have|had)\s+(?:already\s+)?(?:gone\s+out|been\s+(?:paid|spent|distributed|"
    r"disbursed|obligated)|paid\s+out|left)\b"
)
_NOW_SAID = re.compile(
    r"\b(?:now|currently|today|at\s+present|actually\s+available|available\s+now)\b"
    r"[^$\d.;?!]{0,25}$"
)
# ("… but is $7.4M today", "1.75M now"): said to be there now, after the sum.
_NOW_AFTER = re.compile(
    r"\s*(?:(?:right\s+)?(?:now|today|currently|at\s+present)"
    # ("Fund had $3.1M at the start of 2030 and $1.2M after the primary payouts")
    r"|after\s+(?:the\s+)?(?:primary\s+)?(?:payouts?|distributions?|disbursements?|payments?)"
    # ("only $3,050,000 is available")
    r"|(?:is|are)\s+(?:still\s+|actually\s+)?(?:available|left))\b"
)
_HAD = re.compile(
    r"\bfund\b[^$\d]{0,12}\b(?:had|held|was|stood\s+at"
    # ("The Fund started the year at $7.2M")
    r"|(?:started|began)\s+(?:the\s+(?:year|quarter|month|cycle)\s+)?(?:at|with))\s*$"
)


# "…, leaving $4.2M to work with", "which leaves $1,850,000 actually available": what is left.
_LEAVING = re.compile(r"\b(?:leaving|leaves|left\s+with)\s+(?:us\s+)?(?:with\s+)?(?:about\s+)?$")


def fund_said_now(low: str, amounts: list[FactAmount]) -> None:
    """ "Fund was $7.2M back in January; $4.35M remains now": of two balances, the one said to
    remain is the Fund; the one it was is said of the past (role "was"), never prorated; so is
    a balance money has been paid out of since ("had $9M … and $2.5M has already gone out"),
    and, of a Fund's sums, any but the one said to be left ("…, leaving $4.2M to work with")."""
    left = [a for a in amounts if _LEAVING.search(low, max(0, a.start - 30), a.start)]
    if len(left) == 1 and left[0].role in (None, "fund") and any(a.role == "fund" for a in amounts):
        for a in amounts:
            a.role = "was" if a.role == "fund" else a.role
        left[0].role = "fund"
        return
    for a, paid in pairwise(amounts):
        since = _PAID_OUT_SINCE.match(low, a.start + len(a.span))
        if (
            a.role == "fund"
            and _HAD.search(low, max(0, a.start - 30), a.start)
            and since is not None
            and since.start() < paid.start < since.end()
        ):
            a.role, paid.role = "was", "received"
    funds = [a for a in amounts if a.role == "fund"]
    had = [a for a in funds if _HAD.search(low, max(0, a.start - 40), a.start)]
    if len(had) == 1 and (len(funds) == 1 or had[0] is funds[0]):
        # ("The Fund balance was $9.1M back in January; what's actually available now is
        # $6.35M", "Fund had 2.2M at the start of the quarter, 1.75M now": a sum said to be
        # there now, after the balance it was)
        now = [
            a
            for a in amounts
            if a.role in (None, "fund")
            and a.start > had[0].start
            and (
                _NOW_SAID.search(low, max(0, a.start - 40), a.start)
                or _NOW_AFTER.match(low, a.start + len(a.span))
                # ("balance was $6.8M on June 1 and $6.1M on June 30": the later day's)
                or (
                    WHEN_GIVEN.match(low, had[0].start + len(had[0].span))
                    and WHEN_GIVEN.match(low, a.start + len(a.span))
                    and " and " in low[had[0].start : a.start]
                )
            )
        ]
        if len(now) == 1:
            had[0].role, now[0].role = "was", "fund"
            return
    remaining = [a for a in funds if _REMAINS_AFTER.match(low, a.start + len(a.span))]
    if len({a.value for a in funds}) > 1 and len(remaining) == 1:
        for a in funds:
            if a is not remaining[0]:
                a.role = "was"


# "the $120 one got refunded", "its $1.5M entitlement is void", "…, which compliance says is
# in-kind and not matchable": a sum the words take back, in its own clause.
_TAKEN_BACK_AFTER = re.compile(
    # ("M. Byrne, lives in Baltimore Co; $50; note: refunded 2/2.": a pasted sheet's note)
    r"(?:;\s*note:)?[^.?!;$\d]{0,60}?\b(?:refunded|returned|sent\s+(?:\w+\s+){0,2}back|void(?:ed)?|rejected"
    r"|bounced|disallowed|excluded|ignore\s+(?:it|that|them)|not\s+matchable|in-kind"
    r"|(?:does\s*n['’]?o?t|doesn['’]?t|won['’]?t|will\s+not)\s+count"
    # ("$80 but never signed a contribution card": § 15-102's card is missing)
    r"|(?:never|didn['’]?t|did\s+not)\s+(?:sign|signed|fill(?:ed)?\s+out)\s+(?:a|the|his|her|any)\s+"
    r"(?:contribution\s+)?card|(?:with\s+)?no\s+(?:contribution\s+)?card"
    r"|without\s+(?:a\s+)?(?:contribution\s+)?card)\b"
)
_ANOTHER_OWNER = re.compile(
    r"\b(?!(?:it|that|what|he|she|there|here|let|who|one)['’]s\b)[a-z]+['’]s\b"
)
# "he also tried to give $40", "minus the refunded $100", "excluding a $75 check"
_TAKEN_BACK_BEFORE = re.compile(
    r"\b(?:(?:tried|attempted|wanted|offered)\s+to\s+(?:give|donate|contribute)"
    r"|refunded|returned|rejected|excluding|not\s+counting|except(?:\s+for)?|minus)\s+"
    r"(?:the\s+|a\s+|an\s+|one\s+|that\s+)?$"
)


_SOME_OF_THEM = re.compile(
    rf"\b(?:refunded|returned|sent\s+back|rejected|voided)\s+(one|{IN_WORDS}|\d{{1,2}})\s+"
    r"of\s+(?:them|those|these)\b"
)


def taken_back(low: str, amounts: list[FactAmount]) -> None:
    """A sum said to be refunded, returned, rejected or void (or only tried) is no contribution
    or entitlement (role "taken_back"); when it is one said before, said again ("the $120 one
    got refunded"), that one is taken back (one of them, when it was given several times)."""
    for i, amount in enumerate(amounts):
        end = amount.start + len(amount.span)
        after = _TAKEN_BACK_AFTER.match(low, end)
        if after is None and not _TAKEN_BACK_BEFORE.search(
            low, max(0, amount.start - 30), amount.start
        ):
            continue
        if after is not None and (
            any(end <= a.start < after.end() for a in amounts)
            # ("$250 from Ann, and Bob's check bounced": said of another giver's)
            or _ANOTHER_OWNER.search(low, end, after.end())
        ):
            continue  # the words are said of a later sum, or of someone else's
        # ("6 contributions of $200 each, but we refunded one of them": that many of the
        # sum's gifts, never all of them)
        some = _SOME_OF_THEM.search(low, after.start(), after.end() + 24) if after else None
        if some is not None and amount.times > 1:
            said = some.group(1)
            count = 1 if said == "one" else WORD_NUMBERS.get(said) or int(said)
            amount.times = max(0, amount.times - count)
            if amount.times:
                continue
        if amount.role == "again":
            earlier = next((a for a in reversed(amounts[:i]) if a.value == amount.value), None)
            if earlier is not None and earlier.times > 1:
                earlier.times -= 1
            elif earlier is not None:
                earlier.role = "taken_back"
        amount.role = "taken_back"
