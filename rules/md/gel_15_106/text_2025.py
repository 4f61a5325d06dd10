"""The public financing rules under the text research copies read today (version "2025", unofficial
copies): Md. Code, Elec. Law § 15-107 (distribution of money in the Fund; partial: (c)(4) is not
held) and § 15-102(e) (eligible private contribution). The 2021 rewrite (in force 2021-06-01)
moved the distribution rules here from § 15-106, whose 2014 text is `financing`.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from rules.engine import Context, InvalidInput, NeedsInput
from rules.md.gel_15_106.financing import prorate
from rules.md.practice import check_election_year, gubernatorial_calendar_only
from rules.values import CENT
from rules.values import format_human as fmt
from rules.values import format_money as money

S = "md/gel/15-107"
DEFINITION = "md/gel/15-102/e"
#: § 15-107(c)(2)(i)-(iv): $ per dollar of each eligible private contribution, by part: the
#: first, second and third $50, and the remaining $100 (the quote of (c)(2) holds all four).
TIERS: tuple[tuple[Decimal, int], ...] = (
    (Decimal(50), 8),
    (Decimal(50), 6),
    (Decimal(50), 2),
    (Decimal(100), 0),
)
ELIGIBLE_MAX = Decimal(250)  # § 15-102(e): "does not exceed $250 in the aggregate"
CAP = Decimal(3_000_000)  # § 15-107(c)(3)
C4_NOT_APPLIED = (
    "§ 15-107(c)(4) bars matching for some contributions (it begins with contributions or loans "
    "from the ticket or a member's spouse); I do not hold its full text, so its exclusions were "
    "not applied."
)


def schedule(ctx: Context) -> None:
    """§ 15-107(a)(2): distributions begin not earlier than January 1 of the election year — an
    earliest start, not a deadline (no `deadline` key: season and reminders skip it; never
    moved by office practice)."""
    year = ctx["year"]
    gubernatorial_calendar_only(ctx, "the Fund pays gubernatorial tickets")
    check_election_year(year, "gubernatorial")
    start = date(year, 1, 1)
    ctx.step(
        "The State Board authorizes distributions on a continuing basis, as subsection (c) "
        "provides, once a ticket's qualifications under § 15-104 are certified.",
        f"{S}/a/1",
    )
    ctx.step(
        f"Distributions shall begin not earlier than January 1 of the year of the election: "
        f"{fmt(start)}.",
        f"{S}/a/2",
    )
    ctx.answer(
        f"Distributions from the Fair Campaign Financing Fund may begin on {fmt(start)} at the "
        'earliest (§ 15-107(a)(2): "not earlier than January 1 of the year of the election"): '
        "that is the first day they can start, not a deadline; from then the State Board "
        "distributes on a continuing basis as tickets are certified (§ 15-107(a)(1)).",
        outcome="begins_not_earlier_than",
        earliest_start=start,
    )


def match(amount: Decimal) -> Decimal:
    """§ 15-107(c)(2): the matching dollars for one eligible private contribution."""
    out, rest = Decimal(0), amount
    for size, rate in TIERS:
        part = min(rest, size)
        out += part * rate
        rest -= part
    return out.quantize(CENT)


def primary_contribution(ctx: Context) -> None:
    """§ 15-107(c)(2): matching dollars for each eligible private contribution (§ 15-102(e): at
    most $250); (c)(3) at most $3,000,000 per primary or general election."""
    listed: list[Decimal] | None = ctx["contributions"]
    total: Decimal | None = ctx["private_contributions"]
    if listed is None:
        why = (
            "§ 15-107(c)(2) matches each eligible private contribution by its own first, "
            "second and third $50 ($8, $6 and $2 per dollar; $0 for the remaining $100), so a "
            "total cannot be matched: list each contribution, e.g. contributions=25;75;200."
        )
        if total is not None:
            why = f"A total ({money(total)}) is not enough under the current text: {why}"
        raise NeedsInput("contributions", reason=why)
    if total is not None and total != sum(listed, Decimal(0)):
        raise InvalidInput(
            f"private_contributions: {money(total)} is not the sum of the contributions listed "
            f"({money(sum(listed, Decimal(0)))}); give the contributions only"
        )
    if ctx.values.get("opposed") is not None:
        ctx.assume(
            "Whether the ticket is opposed does not change the matching under § 15-107(c)(2) "
            "(the 2014 § 15-106 distinguished it)."
        )
    eligible = [c for c in listed if c <= ELIGIBLE_MAX]
    over = [c for c in listed if c > ELIGIBLE_MAX]
    ctx.step("The State Board distributes the money as subsection (c) provides.", f"{S}/c/1")
    excluded = ""
    if over:
        shown = ", ".join(money(c) for c in over[:10]) + (" …" if len(over) > 10 else "")
        excluded = (
            f": {shown} {'is' if len(over) == 1 else 'are'} over $250, so not an eligible "
            "private contribution, and not matched"
        )
    ctx.step(
        "An eligible private contribution is a monetary contribution from a Maryland resident, "
        f"at most $250 in the aggregate for the election cycle, with a contribution card"
        f"{excluded}.",
        DEFINITION,
    )
    each = [match(c) for c in eligible]
    matched = sum(each, Decimal(0)).quantize(CENT)
    pairs = "; ".join(f"{money(c)} → {money(m)}" for c, m in zip(eligible, each, strict=True))
    if len(eligible) > 10:
        pairs = f"{len(eligible)} contributions"
    ctx.step(
        "Matching dollars: $8 per dollar of the first $50, $6 of the second $50, $2 of the "
        f"third $50 and $0 of the remaining $100 of each eligible private contribution: "
        f"{pairs or 'none'}; {money(matched)} in all.",
        f"{S}/c/2",
    )
    amount = min(matched, CAP)
    capped = f", limited to $3,000,000 ({money(matched)} matched)" if matched > CAP else ""
    ctx.step(
        "The total public contribution for a primary or general election may not exceed "
        f"$3,000,000{capped}.",
        f"{S}/c/3",
    )
    ctx.step("If the Fund is short, each ticket receives a proportionate share.", f"{S}/b")
    ctx.assume(
        "Each amount listed is one contributor's eligible private contribution: a Maryland "
        "resident's total for the election cycle, with a contribution card (§ 15-102(e))."
    )
    ctx.assume(
        "The $3,000,000 limit is on the ticket's total for the election: matching already paid "
        "for other contributions counts toward it."
    )
    ctx.assume(C4_NOT_APPLIED)
    n = len(eligible)
    not_matched = ""
    if over:
        not_matched = (
            f"; not matched: {len(over)} listed amount{'s' if len(over) > 1 else ''} over $250, "
            "not an eligible private contribution (§ 15-102(e))"
        )
    ctx.answer(
        f"The ticket's public contribution is {money(amount)} in matching dollars for {n} "
        f"eligible private contribution{'' if n == 1 else 's'} totalling "
        f"{money(sum(eligible, Decimal(0)))} (§ 15-107(c)(2)){capped}{not_matched}. It counts "
        "toward the $3,000,000 limit per election (§ 15-107(c)(3)) and is prorated if the Fund "
        "is short (§ 15-107(b)); the exclusions of § 15-107(c)(4), whose text I do not hold, "
        "were not applied.",
        amount=amount,
        matched=[str(m) for m in each],
        excluded=[str(c.quantize(CENT)) for c in over],
    )


def proration(ctx: Context) -> None:
    """§ 15-107(b): proportionate shares of the available money when the Fund is short; each
    full public contribution is at most $3,000,000 ((c)(3))."""
    fund: Decimal = ctx["fund"]
    entitlements: list[Decimal] = ctx["entitlements"]
    over = [e for e in entitlements if e > CAP]
    if over:
        raise InvalidInput(
            f"entitlements: {money(over[0])} is more than the $3,000,000 a ticket can receive "
            "for a primary or general election (§ 15-107(c)(3))"
        )
    ctx.step(
        "A ticket's total public contribution for a primary or general election is at most "
        "$3,000,000.",
        f"{S}/c/3",
    )
    ctx.assume(
        "All of the money given as `fund` is taken as the money available ((b): 'the available "
        "money'); the § 15-107 text I hold does not divide the Fund between the elections."
    )
    prorate(ctx, fund, entitlements, f"{S}/b", "§ 15-107(b)")


def general_contribution(ctx: Context) -> None:
    """The 2014 § 15-106(d) equal-share rule has no counterpart in § 15-107 as held: say what
    the text does say, and that the share cannot be computed from it."""
    ctx.step(
        "Distributions are authorized on a continuing basis once a ticket is certified.",
        f"{S}/a/1",
    )
    ctx.step(
        "Public contributions are matching dollars for each eligible private contribution.",
        f"{S}/c/2",
    )
    ctx.step(
        "A ticket's total for either a primary or general election is at most $3,000,000.",
        f"{S}/c/3",
    )
    given = [
        n
        for n in (
            "fund_remaining",
            "nominee_tickets",
            "opposed",
            "received_primary",
            "exceeded_primary_limit",
            "nominee",
        )
        if ctx.values.get(n) is not None
    ]
    if given:
        ctx.assume(
            f"The values given ({', '.join(given)}) belong to the 2014 § 15-106(d) equal-share "
            "rule and are not used."
        )
    ctx.answer(
        "I can't compute a general-election share under the current § 15-107: the text I hold "
        "has no general-election share like the 2014 § 15-106(d) (equal shares of the Fund); it "
        "matches each eligible private contribution (§ 15-107(c)(2)) up to $3,000,000 for either "
        "a primary or a general election (§ 15-107(c)(3)). Who qualifies for general-election "
        "money and what is excluded are in text I do not hold (§ 15-107(c)(4) and the current "
        "§§ 15-104 to 15-106), so I won't apply the 2014 rule as current law: ask the State "
        "Board of Elections.",
        outcome="not_covered",
    )
