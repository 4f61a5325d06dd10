"""What a question states for § 15-106's rules."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise

from rules.engine.facts import Facts
from rules.md.practice import election_of

MAX_REPEATED = 500  # "N contributions of $X each" is written out up to this many


def schedule(facts: Facts) -> dict[str, object]:
    """(a): the election year — said on its own, or, when none is, the one year the
    question's dates are written with ("start by February 1 … so Feb 1, 2030 for us?": the
    date asked to confirm is in the election year). The Fund finances gubernatorial tickets, so
    of a year of the run-up and the election's ("could the Board start in December 2029, or is
    January 1, 2030 the first day?"), the one gubernatorial year said is the election's."""
    said = facts.year_of_dates()
    # (a day placed relative to today, "our director retired last Friday", names no year)
    years = {*facts.years, *(d.value.year for d in facts.dates if d.year_spelled)}
    elections = {y for y in years if election_of(y) == "gubernatorial"}
    if said.get("year") not in elections and len(elections) == 1:
        return {"year": elections.pop()}
    return said


def primary(facts: Facts) -> dict[str, object]:
    """(c): private contributions raised, and whether the ticket is opposed."""
    p: dict[str, object] = {}
    listed = _contributions(facts)
    # "contributions so far total $300,000": the total raised is the private contributions.
    amount = facts.amount("private")
    if amount is None:
        amount = facts.amount("total")
    if listed:
        p["contributions"] = listed  # § 15-107 (current text) matches each one
    # "four contributions of $150, $150, $200 and $60 (total $560)": a total said as one too
    # (never a sum said of something else: "brings in $1,000?")
    said_total = {a.value for a in facts.amounts if a.role in ("private", "total") and not a.each}
    if amount is not None and (not listed or said_total == {amount}):
        p["private_contributions"] = amount
    if facts.opposed is not None:
        p["opposed"] = facts.opposed
    return p


def proration(facts: Facts) -> dict[str, object]:
    """(b): the Fund, and each ticket's full entitlement."""
    if not facts.amounts:
        return {}
    # A total of the entitlements ("$3M in total") is not one ticket's entitlement.
    amounts = [a for a in facts.amounts if a.role != "total"]
    if not amounts:
        return {}
    # The Fund: the sum said to be it, else the first whose role is not said — never a sum the
    # words call an entitlement (the rule then asks for the Fund).
    fund = next((a for a in amounts if a.role == "fund"), None) or next(
        (a for a in amounts if a.role is None), None
    )
    p: dict[str, object] = {"fund": fund.value} if fund is not None else {}
    others = [a for a in amounts if a is not fund]
    # Entitlements are listed from the first sum the words call one ("ticket A is entitled to
    # $800,000 and ticket B to $600,000"); a sum said before it ("each only gets $1M if …
    # they're each owed $1.2M?") is not one of them.
    first = next((i for i, a in enumerate(others) if a.role == "entitlement"), 0)
    # A sum said to be paid out already, or raised, is no entitlement.
    others = [a for a in others[first:] if a.role in (None, "entitlement")]
    tickets = [c for c in facts.numbers if c.role == "tickets"]
    # "… $3M, $2.4M and $1.6M. that's $7M against $4.2M": the Fund said again right after the
    # entitlements' total (a "total", dropped above) is no ticket's entitlement.
    said = facts.amounts
    again = {
        id(b)
        for a, b in pairwise(said)
        if a.role == "total" and fund is not None and b.value == fund.value and b.role is None
    }
    rest: list[Decimal] = []
    for amount in others:
        if id(amount) in again:
            continue
        # "two tickets each owed $1M and a third owed $500k": an amount said of "each" is
        # every ticket's of the count said before it (or, said alone, of the one count).
        count = next((c.value for c in reversed(tickets) if c.start < amount.start), None)
        if count is None and len(others) == 1 and tickets:
            count = tickets[0].value
        # ("three $400k claims", "two others are entitled to 2M each": the sum said with how
        # many tickets claim it, which is theirs alone)
        repeat = amount.times if amount.times > 1 else (count if amount.each and count else 1)
        if repeat > MAX_REPEATED:
            repeat = 1
        rest += [amount.value] * repeat
    if rest:
        p["entitlements"] = rest
    stages = facts.stages()
    if len(stages) == 1:
        p["election"] = stages[0]  # the primary's or the general's share of the Fund
    return p


def general(facts: Facts) -> dict[str, object]:
    """(d): the money remaining, the nominee tickets, and the (d)(3)/(d)(4) facts."""
    p: dict[str, object] = {}
    amount = facts.amount("fund")
    if amount is not None:
        p["fund_remaining"] = amount
    tickets = [c.value for c in facts.numbers if c.role == "tickets"]
    if tickets:
        p["nominee_tickets"] = tickets[0]
    for name in ("opposed", "received_primary", "exceeded_primary_limit"):
        value = getattr(facts, name)
        if value is not None:
            p[name] = value
    details = facts.values("detail")
    if "nominee" in details and "not-nominee" not in details:
        p["nominee"] = True  # (d)(4)(i): "our ticket is the party nominee"
    elif "not-nominee" in details and "nominee" not in details:
        p["nominee"] = False  # "the ticket lost the primary"
    return p


def _contributions(facts: Facts) -> list[object]:
    """Contributions listed one by one ("contributions of $25, $75 and $200"): the amount the
    words call a contribution and the unlabelled amounts that follow it; or one sum given by
    a stated number of contributors ("three donors gave $100 each")."""
    contributors = next((n.value for n in facts.numbers if n.role == "contributors"), None)
    each = [a for a in facts.amounts if a.each or a.role == "contribution"]
    if contributors and len(each) == 1 and len(facts.amounts) == 1:
        return [each[0].value] * contributors if contributors <= MAX_REPEATED else []
    # The reader gives every sum of a list its head's role ("contributions of $25, $75 and
    # $200"); a sum said elsewhere ("brings in $1,000?") is not a contribution. "3 donors @
    # $250" is three of them.
    listed = [a for a in facts.amounts if a.role == "contribution"]
    # "Three donors: $25, $100 and $250. What's the match?": asked of the primary
    # contribution, several sums no words call anything else are the contributions — a
    # total raised, the Fund or an entitlement is always said as one.
    # (a sum said again is one sum; one refunded or void, or from a giver outside Maryland
    # (§ 15-102(e)), is none, a loan is no gift, and a limit the law sets is no sum given)
    said = [
        a
        for a in facts.amounts
        if a.role not in ("again", "taken_back", "not_eligible", "loan", "same_giver", "limit")
    ]
    unnamed = [a for a in said if a.role is None]
    # (the Fund's balance said beside them is never one: "Fund is at $14.6M. The batch: …")
    if not listed and not any(a.role for a in said if a.role != "fund"):
        listed = unnamed if len(unnamed) > 1 else []
    # "3 contributions totaling $390 ($250, $100, $40)": sums no words call anything, that add
    # up to the total said, are its contributions.
    totals = {a.value for a in said if a.role in ("total", "private")}
    if not listed and len(unnamed) > 1 and sum(a.value * a.times for a in unnamed) in totals:
        listed = unnamed

    if sum(a.times for a in listed) > MAX_REPEATED:
        return []
    gifts: list[Decimal] = []
    chosen = {id(a) for a in listed}
    for amount in facts.amounts:
        if id(amount) in chosen:
            gifts += [amount.value] * amount.times
        elif amount.role == "same_giver" and gifts:
            # ("Gwen gave $40 in March and another $60 in June": one contributor's $100)
            gifts[-1] += amount.value
    return list(gifts)
