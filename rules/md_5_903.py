"""Md. Code, Elec. Law § 5-903 — successor candidate for Lieutenant Governor."""

from __future__ import annotations

from datetime import date, datetime

from rules.engine import Context, NeedsInput, Param, RuleSpec, days, fmt

S = "md/gel/5-903"
EVENT_WORDS = {
    "withdrew": "withdrawal",
    "withdraw": "withdrawal",
    "withdrawn": "withdrawal",
    "died": "death",
    "dies": "death",
    "dead": "death",
    "disqualified": "disqualification",
    "ineligible": "disqualification",
}


def successor_lt_gov(ctx: Context) -> None:
    """§ 5-903(a)(1) scope; (b)(2)(i)–(iii) deadlines; (b)(3) cap; (c) too close to the primary."""
    event, when = ctx["event"], ctx["event_date"]
    primary, filing = ctx["primary"], ctx["filing_deadline"]
    filing_day = filing.date() if hasattr(filing, "date") else filing

    # (a)(1): the section applies only after the § 5-303 certificate-of-candidacy deadline.
    if when is None:
        if event != "withdrawal":
            raise NeedsInput("event_date", reason=f"The date of the {event} decides the deadline.")
        ctx.assume(
            "The withdrawal was filed after the certificate-of-candidacy deadline, as "
            "§ 5-903(a)(1) requires (no withdrawal date was given)."
        )
    elif when <= filing_day:
        if when == filing_day:
            _same_day_alternative(ctx, filing)
        ctx.step(
            f"The {event} on {fmt(when)} is not after the § 5-303 filing deadline "
            f"({fmt(filing)}), so § 5-903 does not apply.",
            f"{S}/a/1",
        )
        ctx.answer(
            f"§ 5-903 does not apply: the {event} ({fmt(when)}) was not after the certificate of "
            f"candidacy deadline ({fmt(filing)}). It covers only events after that deadline; "
            "what applies before it is outside the statute text I hold.",
            outcome="not_applicable",
        )
        return
    else:
        ctx.step(
            f"The {event} on {fmt(when)} is after the § 5-303 filing deadline ({fmt(filing)}): "
            "the Governor candidate may designate a successor.",
            f"{S}/a/1",
        )
    if when is not None and when >= primary:
        ctx.step(
            f"The {event} on {fmt(when)} is on or after the primary ({fmt(primary)}): § 5-903 "
            "governs only events before the primary.",
            f"{S}/c",
        )
        ctx.answer(
            f"§ 5-903 does not cover an event on or after the primary ({fmt(primary)}). A vacancy "
            "in a nomination is filled under § 5-1005, which is not in the statute text I hold.",
            outcome="not_applicable",
        )
        return
    ctx.step("The successor files a certificate of candidacy with the State Board.", f"{S}/b/1")

    if event == "withdrawal":
        withdrawal_deadline = ctx["withdrawal_deadline"]
        if withdrawal_deadline is None:
            raise NeedsInput("withdrawal_deadline", reason="(b)(2)(i) counts from it.")
        deadline = withdrawal_deadline + days(5)
        ctx.step(
            f"Withdrawal: the fifth day following the § 5-502 withdrawal deadline "
            f"({fmt(withdrawal_deadline)}) is {fmt(deadline)}.",
            f"{S}/b/2/i",
        )
        if when is not None and when > withdrawal_deadline:
            ctx.assume(
                f"The withdrawal date ({fmt(when)}) is after the § 5-502 withdrawal deadline "
                f"({fmt(withdrawal_deadline)}); (b)(2)(i) still counts from that deadline. "
                "Check that the withdrawal was accepted."
            )
        _file_by(ctx, deadline, "(b)(2)(i)")
        return

    before = (primary - when).days
    if before < 10:
        ctx.step(
            f"The {event} is {before} day(s) before the primary ({fmt(primary)}), less than 10: "
            "the existing ticket remains on the ballot.",
            f"{S}/c/1",
        )
        ctx.step(
            "If nominated, the Lieutenant Governor nomination vacancy is declared and filled "
            "under § 5-1005(b) as if the event occurred after the primary.",
            f"{S}/c/2",
        )
        ctx.answer(
            f"No successor certificate: the {event} was {before} day(s) before the primary "
            f"({fmt(primary)}), less than 10, so the existing Governor/Lieutenant Governor ticket "
            "remains on the ballot (§ 5-903(c)(1)); if nominated, the vacancy in the Lieutenant "
            "Governor nomination is filled under § 5-1005(b) (§ 5-903(c)(2)).",
            outcome="remain_on_ballot",
        )
        return
    if before < 45:
        fifth = when + days(5)
        latest = primary - days(10)
        ctx.step(
            f"The {event} is {before} days before the primary, less than 45: due by the fifth "
            f"day following it, {fmt(fifth)}.",
            f"{S}/b/2/ii",
        )
        deadline = min(fifth, latest)
        if fifth > latest:
            ctx.step(
                f"But a (b)(2)(ii) certificate may not be filed less than 10 days before the "
                f"primary: the last permitted day is {fmt(latest)}.",
                f"{S}/b/3",
            )
            # (b)(3) is an outer limit: no weekend adjustment may carry the filing past it.
            _file_by(ctx, deadline, "(b)(2)(ii) and (b)(3)", roll=False)
            if latest.weekday() >= 5:
                ctx.assume(
                    f"{fmt(latest)} is a weekend day; because (b)(3) forbids filing later, no "
                    "next-business-day adjustment is offered. Arrange to file earlier."
                )
            return
        else:
            ctx.step(
                f"(b)(3): filing must also be at least 10 days before the primary "
                f"(by {fmt(latest)}); the fifth day is within that.",
                f"{S}/b/3",
            )
        _file_by(ctx, deadline, "(b)(2)(ii)", limit=latest)
        return
    deadline = primary - days(40)
    ctx.step(
        f"The {event} is {before} days before the primary, 45 or more: due not later than 40 "
        f"days before the primary ({fmt(primary)}), {fmt(deadline)}.",
        f"{S}/b/2/iii",
    )
    _file_by(ctx, deadline, "(b)(2)(iii)")


def _same_day_alternative(ctx: Context, filing: date) -> None:
    """An event on the deadline day: a date alone cannot say it was after the hour (9 p.m.)."""
    if isinstance(filing, datetime):
        ctx.alternative(
            label="Event after the filing hour on the deadline day",
            basis=(
                f"The event date is the day of the § 5-303 deadline ({fmt(filing)}). If it "
                "happened after that hour, it was after the deadline and § 5-903 applies; give "
                "event_date the next day to compute that case."
            ),
            answer="§ 5-903 would then apply; rerun with the time-corrected date.",
        )


def _file_by(
    ctx: Context, deadline: date, basis: str, *, roll: bool = True, limit: date | None = None
) -> None:
    ctx.answer(
        f"The successor Lieutenant Governor candidate must file a certificate of candidacy with "
        f"the State Board by {fmt(deadline)} (§ 5-903{basis}).",
        outcome="file_by",
        deadline=deadline,
    )
    if roll:
        ctx.office_practice_roll(deadline, "Successor certificate of candidacy", limit=limit)


SPEC = RuleSpec(
    id="md-successor-lt-gov",
    title="Successor Lieutenant Governor candidate: certificate of candidacy deadline",
    jurisdiction="md",
    section=S,
    aliases=("successor", "lt-gov", "successor-lt-gov"),
    params=(
        Param(
            "event",
            "choice",
            "what happened to the Lieutenant Governor candidate",
            choices=("withdrawal", "death", "disqualification"),
            aliases=EVENT_WORDS,
        ),
        Param(
            "event_date",
            "date",
            "the date of the withdrawal, death or disqualification",
            required=False,
        ),
        Param("primary", "date", "the primary election day", calendar=("primary",)),
        Param(
            "withdrawal_deadline",
            "date",
            "the § 5-502 withdrawal deadline",
            required=False,
            calendar=("withdrawal_deadline",),
        ),
        Param(
            "filing_deadline",
            "date_or_datetime",
            "the § 5-303 certificate of candidacy deadline",
            calendar=("coc_deadline",),
        ),
    ),
    compute=successor_lt_gov,
)
