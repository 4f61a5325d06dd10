"""Md. Code, Elec. Law § 15-106 — distributions from the Fair Campaign Financing Fund."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from rules.engine import (
    CENT,
    Context,
    InvalidInput,
    NeedsInput,
    Param,
    RuleSpec,
    check_election_year,
    floor_cent,
    fmt,
    money,
    year_param,
)

S = "md/gel/15-106"
OLDER_TEXT = (
    "The § 15-106 text I hold may be older than current law (distribution rules were later "
    "moved to § 15-107); confirm against the current Code."
)
NO_CAPS = (
    "Limits on a ticket's total public contribution and eligibility requirements elsewhere in "
    "Title 15 are not in the statute text I hold and are not applied."
)
OPPOSED_WORDS = {"contested": "yes", "unopposed": "no", "uncontested": "no", "opposed": "yes"}


def schedule(ctx: Context) -> None:
    """§ 15-106(a)(1)(ii): distributions begin not later than February 1 of the election year."""
    year = ctx["year"]
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
    ctx.office_practice_roll(deadline, "Distributions begin")


def primary_contribution(ctx: Context) -> None:
    """§ 15-106(c)(2)/(3): $1 per $1 (opposed) or per $3 (unopposed) of private contributions."""
    private: Decimal = ctx["private_contributions"]
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
    """§ 15-106(b): proportionate shares when the Fund is not sufficient."""
    fund: Decimal = ctx["fund"]
    entitlements: list[Decimal] = ctx["entitlements"]
    total = sum(entitlements, Decimal(0))
    if total == 0:
        raise InvalidInput("entitlements: at least one entitlement must be more than $0")
    if total <= fund:
        ctx.step(
            f"The Fund ({money(fund)}) covers the full contributions ({money(total)}): no "
            "proration is needed.",
            f"{S}/b",
        )
        ctx.answer(
            f"No proration: the Fund ({money(fund)}) covers every full public contribution "
            f"({money(total)} in all); each ticket receives its full amount (§ 15-106(b)).",
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
        f"The Fund ({money(fund)}) is short of the full contributions ({money(total)}): "
        f"each ticket receives its proportionate share, fund × entitlement ÷ "
        f"{money(total)}, rounded down to the cent.",
        f"{S}/b",
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
        "Shares are rounded down to the cent so their total never exceeds the Fund; the "
        "remainder stays in the Fund."
    )
    ctx.answer(
        f"Prorated: the Fund of {money(fund)} pays {listed} ({money(paid)} in all, "
        f"{money(remainder)} remaining) (§ 15-106(b)).",
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
        if ctx["exceeded_primary_limit"] is None:
            raise NeedsInput(
                "exceeded_primary_limit",
                reason="A ticket without a primary contribution qualifies only if it "
                "did not exceed the primary expenditure limit (§ 15-106(d)(4)(ii)).",
            )
        ctx.step(
            "The ticket did not receive a primary contribution, so it qualifies only if it "
            "is a nominee and stayed within the primary expenditure limit.",
            f"{S}/d/4",
        )
        ctx.step("It is a nominee in the general election.", f"{S}/d/4/i")
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


SCHEDULE = RuleSpec(
    id="md-public-financing-schedule",
    title="Public financing: when primary distributions begin",
    jurisdiction="md",
    section=S,
    aliases=("financing-schedule", "public-financing-schedule"),
    params=(year_param("the gubernatorial election year"),),
    compute=schedule,
    caveat=OLDER_TEXT,
)
PRIMARY = RuleSpec(
    id="md-public-financing-primary",
    title="Public financing: primary public contribution",
    jurisdiction="md",
    section=S,
    aliases=("matching", "public-financing", "public-financing-primary"),
    params=(
        Param("private_contributions", "money", "eligible private contributions received"),
        Param(
            "opposed", "bool", "whether the ticket is opposed in the primary", aliases=OPPOSED_WORDS
        ),
    ),
    compute=primary_contribution,
    caveat=OLDER_TEXT,
)
PRORATION = RuleSpec(
    id="md-public-financing-proration",
    title="Public financing: proportionate shares when the Fund is short",
    jurisdiction="md",
    section=S,
    aliases=("proration", "public-financing-proration"),
    params=(
        Param("fund", "money", "money available in the Fund for this election"),
        Param("entitlements", "money_list", "each eligible ticket's full public contribution"),
    ),
    compute=proration,
    caveat=OLDER_TEXT,
)
GENERAL = RuleSpec(
    id="md-public-financing-general",
    title="Public financing: general election share",
    jurisdiction="md",
    section=S,
    aliases=("financing-general", "public-financing-general"),
    params=(
        # Asked by the rule only when the answer depends on them (see general_contribution).
        Param(
            "fund_remaining",
            "money",
            "money remaining in the Fund for the general election",
            required=False,
        ),
        Param(
            "nominee_tickets",
            "int",
            "number of eligible nominee tickets sharing the Fund",
            required=False,
        ),
        Param(
            "opposed",
            "bool",
            "whether the ticket is opposed on the general election ballot",
            aliases=OPPOSED_WORDS,
            required=False,
        ),
        Param(
            "received_primary",
            "bool",
            "whether it received a primary public contribution",
            required=False,
        ),
        Param(
            "exceeded_primary_limit",
            "bool",
            "whether it exceeded the primary expenditure limit",
            required=False,
        ),
    ),
    compute=general_contribution,
    caveat=OLDER_TEXT,
)
