"""Md. Code, Elec. Law § 15-106 as of 2014 (the seed, version "2014") — distributions from the
Fair Campaign Financing Fund. The 2021 rewrite moved distributions to § 15-107: `text_2025`."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from rules.engine import Context, InvalidInput, NeedsInput
from rules.md.practice import check_election_year, gubernatorial_calendar_only
from rules.values import CENT, floor_cent
from rules.values import format_human as fmt
from rules.values import format_money as money

S = "md/gel/15-106"
NO_CAPS = (
    "Limits on a ticket's total public contribution and eligibility requirements elsewhere in "
    "Title 15 are not in the statute text I hold and are not applied."
)


def schedule(ctx: Context) -> None:
    """§ 15-106(a)(1)(ii): distributions begin not later than February 1 of the election year."""
    year = ctx["year"]
    gubernatorial_calendar_only(ctx, "the Fund pays gubernatorial tickets")
    check_election_year(year, "gubernatorial")
    deadline = date(year, 2, 1)
    ctx.step(
        "One-half of the Fund is distributed to eligible gubernatorial tickets in the "
        "primary, in accordance with subsection (c).",
        f"{S}/a/1/i",
    )
    ctx.step(
        f"Distributions begin not later than February 1 of the election year: {fmt(deadline)}.",
        f"{S}/a/1/ii",
    )
    ctx.step(
        "Promptly after the primary, the rest of the Fund is distributed under (d).", f"{S}/a/2"
    )
    ctx.answer(
        f"The State Board must begin primary distributions from the Fair Campaign Financing Fund "
        f"not later than {fmt(deadline)} (§ 15-106(a)(1)(ii)); one-half of the Fund goes to "
        "eligible gubernatorial tickets in the primary (§ 15-106(a)(1)(i)).",
        outcome="begin_by",
        deadline=deadline,
    )
    # The State Board's own duty: no next-business-day "office practice" date is offered — the
    # practice moves deadlines of filers, not the Board's (issue 11 legal review).


def primary_contribution(ctx: Context) -> None:
    """§ 15-106(c)(2)/(3): $1 per $1 (opposed) or per $3 (unopposed) of private contributions."""
    private = total_private(ctx)
    ctx.require("opposed")
    opposed: bool = ctx["opposed"]
    ctx.step("Primary distributions are made as subsection (c) provides.", f"{S}/c/1")
    if opposed:
        amount = floor_cent(private)
        ctx.step(
            f"Opposed in the primary: $1 for each $1 of eligible private contributions: "
            f"{money(private)} → {money(amount)}.",
            f"{S}/c/2",
        )
        basis = "(c)(2)"
    else:
        amount = floor_cent(private / 3)
        ctx.step(
            f"Unopposed in the primary: $1 for each $3 of eligible private contributions: "
            f"{money(private)} ÷ 3 = {money(amount)} (rounded down to the cent).",
            f"{S}/c/3",
        )
        basis = "(c)(3)"
        whole_units = Decimal(int(private // 3)).quantize(CENT)
        if whole_units != amount:
            ctx.alternative(
                label="Whole $3 units only",
                basis="Reading 'for each $3' as counting only complete $3 units of private "
                "contributions.",
                answer=f"{money(whole_units)} under that reading.",
                amount=whole_units,
            )
    ctx.step("If the Fund cannot pay every eligible ticket in full, shares are prorated.", f"{S}/b")
    ctx.assume(NO_CAPS)
    ctx.answer(
        f"The {'opposed' if opposed else 'unopposed'} ticket's primary public contribution is "
        f"{money(amount)} for {money(private)} in eligible private contributions "
        f"(§ 15-106{basis}), subject to proration if the Fund is short (§ 15-106(b)).",
        amount=amount,
    )


def proration(ctx: Context) -> None:
    """§ 15-106(b): proportionate shares when the Fund is not sufficient — of the money available
    for that election: one-half of the Fund for the primary ((a)(1)(i)), all money remaining for
    the general election ((d)(1))."""
    fund: Decimal = ctx["fund"]
    election = ctx["election"]
    if election is None:
        raise NeedsInput(
            "election",
            reason="Under § 15-106(a)(1)(i) only one-half of the Fund is distributed in the "
            "primary; under (d)(1) all money remaining goes to the general election.",
        )
    if election == "primary":
        available = floor_cent(fund / 2)
        ctx.step(
            f"Primary: one-half of the money in the Fund is distributed, {money(fund)} ÷ 2 = "
            f"{money(available)} (rounded down to the cent).",
            f"{S}/a/1/i",
        )
    else:
        available = fund
        ctx.step(
            f"General election: all money remaining in the Fund, {money(fund)}, is distributed.",
            f"{S}/d/1",
        )
    prorate(ctx, available, ctx["entitlements"], f"{S}/b", "§ 15-106(b)")


def prorate(
    ctx: Context, fund: Decimal, entitlements: list[Decimal], node_id: str, cite: str
) -> None:
    """Proportionate shares of `fund` (the money available), rounded down to the cent so their
    total never exceeds it; the rounding remainder is stated."""
    total = sum(entitlements, Decimal(0))
    if total == 0:
        raise InvalidInput("entitlements: at least one entitlement must be more than $0")
    if total <= fund:
        ctx.step(
            f"The money available ({money(fund)}) covers the full contributions "
            f"({money(total)}): no proration is needed.",
            node_id,
        )
        ctx.answer(
            f"No proration: the money available ({money(fund)}) covers every full public "
            f"contribution ({money(total)} in all); each ticket receives its full amount "
            f"({cite}).",
            outcome="full",
            amount=total.quantize(CENT),
            shares=[str(e.quantize(CENT)) for e in entitlements],
            remainder=(fund - total).quantize(CENT),
        )
        return
    shares = [floor_cent(fund * e / total) for e in entitlements]
    paid = sum(shares, Decimal(0))
    remainder = fund - paid
    ctx.step(
        f"The money available ({money(fund)}) is short of the full contributions "
        f"({money(total)}): each ticket receives its proportionate share, available × "
        f"entitlement ÷ {money(total)}, rounded down to the cent.",
        node_id,
    )
    listed = "; ".join(
        f"{money(e)} → {money(s)}" for e, s in zip(entitlements, shares, strict=True)
    )
    ctx.step(
        f"Shares: {listed}. Total {money(paid)}; {money(remainder)} left undistributed by "
        "rounding.",
        source="input",
    )
    ctx.assume(
        "Shares are rounded down to the cent so their total never exceeds the money "
        "available; the remainder stays in the Fund."
    )
    ctx.answer(
        f"Prorated: the {money(fund)} available pays {listed} ({money(paid)} in all, "
        f"{money(remainder)} remaining) ({cite}).",
        outcome="prorated",
        amount=paid,
        shares=[str(s) for s in shares],
        remainder=remainder,
    )


def general_contribution(ctx: Context) -> None:
    """§ 15-106(d): general-election distribution — equal shares, none if unopposed, (d)(4).

    Each question is asked only when the answer depends on it: a ticket that is unopposed, or
    that got no primary money and overspent the primary limit, gets nothing whatever the Fund.
    """
    ctx.step("All money remaining in the Fund is distributed for the general election.", f"{S}/d/1")
    if ctx["received_primary"] is False and ctx["exceeded_primary_limit"] is True:
        ctx.step(
            "The ticket did not receive a primary contribution, so it qualifies only if it "
            "stayed within the primary expenditure limit; it exceeded it.",
            f"{S}/d/4/ii",
        )
        ctx.cite(f"{S}/d/4")
        ctx.answer(
            "No general-election public contribution: the ticket received none in the "
            "primary and exceeded the primary expenditure limit (§ 15-106(d)(4)(ii)).",
            outcome="ineligible",
            amount=Decimal("0.00"),
        )
        return
    if ctx["received_primary"] is False and ctx["nominee"] is False:
        _not_a_nominee(ctx)
        return
    if ctx["opposed"] is False:
        ctx.step(
            "An eligible ticket unopposed on the general election ballot may not receive a "
            "public contribution.",
            f"{S}/d/3",
        )
        ctx.answer(
            "No general-election public contribution: the ticket is unopposed on the "
            "general election ballot (§ 15-106(d)(3)).",
            outcome="none_unopposed",
            amount=Decimal("0.00"),
        )
        return
    ctx.require("opposed", "received_primary", "fund_remaining", "nominee_tickets")
    fund: Decimal = ctx["fund_remaining"]
    tickets: int = ctx["nominee_tickets"]
    if ctx["received_primary"] is False:
        # (d)(4)(i) and (ii) are both asked, never assumed (issue 11 legal review).
        unknown = [n for n in ("exceeded_primary_limit", "nominee") if ctx[n] is None]
        if unknown:
            raise NeedsInput(
                *unknown,
                reason="A ticket without a primary contribution qualifies only if it is a "
                "nominee in the general election and did not exceed the primary expenditure "
                "limit (§ 15-106(d)(4)(i)-(ii)).",
            )
        ctx.step(
            "The ticket did not receive a primary contribution, so it qualifies only if it "
            "is a nominee and stayed within the primary expenditure limit.",
            f"{S}/d/4",
        )
        ctx.step("It is a nominee in the general election (as given).", f"{S}/d/4/i")
        ctx.step(
            "Primary expenditure limit "
            + ("exceeded." if ctx["exceeded_primary_limit"] else "not exceeded."),
            f"{S}/d/4/ii",
        )
        if ctx["exceeded_primary_limit"]:
            ctx.answer(
                "No general-election public contribution: the ticket received none in the "
                "primary and exceeded the primary expenditure limit (§ 15-106(d)(4)(ii)).",
                outcome="ineligible",
                amount=Decimal("0.00"),
            )
            return
    if tickets < 1:
        raise InvalidInput("nominee_tickets: at least 1 (this ticket) is needed")
    share = floor_cent(fund / tickets)
    remainder = fund - share * tickets
    ctx.step(
        f"Each eligible nominee ticket receives an equal share: {money(fund)} ÷ {tickets} = "
        f"{money(share)} (rounded down to the cent; {money(remainder)} left).",
        f"{S}/d/2",
    )
    ctx.step("Distributed promptly after certification of the primary results.", f"{S}/d/5")
    ctx.assume(NO_CAPS)
    ctx.answer(
        f"Each eligible nominee ticket receives an equal share of {money(share)} "
        f"({money(fund)} ÷ {tickets}; {money(remainder)} remaining after rounding down) "
        "(§ 15-106(d)(2)).",
        outcome="equal_share",
        amount=share,
        remainder=remainder,
    )


def _not_a_nominee(ctx: Context) -> None:
    ctx.step(
        "The ticket did not receive a primary contribution, so it qualifies only if it is a "
        "nominee in the general election; it is not.",
        f"{S}/d/4/i",
    )
    ctx.cite(f"{S}/d/4")
    ctx.answer(
        "No general-election public contribution: the ticket received none in the primary and "
        "is not a nominee in the general election (§ 15-106(d)(4)(i)).",
        outcome="ineligible",
        amount=Decimal("0.00"),
    )


def total_private(ctx: Context) -> Decimal:
    """The eligible private contributions received, in all: `private_contributions`, or the sum
    of the `contributions` listed one by one (said so); both given must agree."""
    private: Decimal | None = ctx["private_contributions"]
    listed: list[Decimal] | None = ctx["contributions"]
    if listed is not None:
        total = sum(listed, Decimal(0))
        if private is not None and private != total:
            raise InvalidInput(
                f"private_contributions: {money(private)} is not the sum of the contributions "
                f"listed ({money(total)}); give one or the other"
            )
        if private is None:
            ctx.step(
                f"Eligible private contributions received: the {len(listed)} listed, "
                f"{money(total)} in all.",
                source="input",
            )
        return total
    if private is None:
        missing = ["private_contributions"] + (["opposed"] if ctx["opposed"] is None else [])
        raise NeedsInput(*missing)
    return private
