"""Md. Code, Elec. Law § 5-703 — what the 2014 and 2025 texts share: the scope ((a), (b)), the
certificate of candidacy ((d), the same words in both) and the petition filing deadline ((f):
the 2025 text as held does not include (f), so under it (f) is quoted from the 2014 text, and
the answer says so first). Each text's own rules: `text_2014`, `text_2025`."""

from __future__ import annotations

from datetime import datetime, time

from rules.calendar import calendar_for
from rules.engine import Context, NeedsInput
from rules.md.practice import check_election_year, election_of, office_practice_roll
from rules.timecalc import MO, first_weekday_of_month
from rules.values import TZ
from rules.values import format_human as fmt

S = "md/gel/5-703"
ELECTION_WORDS = {
    "governor": "gubernatorial",
    "gubernatorial-election": "gubernatorial",
    "president": "presidential",
    "presidential-election": "presidential",
    "special": "special-congressional",
    "congressional": "special-congressional",
    "special-congress": "special-congressional",
}


def scope(ctx: Context) -> None:
    ctx.step(
        "Applies to any candidate for public office except a nonpartisan county board of "
        "education candidate.",
        f"{S}/a",
    )
    ctx.step(
        "Nomination by petition is open only to a candidate not affiliated with any "
        "political party.",
        f"{S}/b",
    )


def first_monday_of_august_5pm(year: int) -> datetime:
    return datetime.combine(first_weekday_of_month(year, 8, MO), time(17), TZ)


def election_of_year(ctx: Context) -> str:
    """No election kind given: Maryland elects its Governor in years ≡ 2 (mod 4) and the
    President in leap years, so the year decides it; otherwise ask."""
    year = ctx["year"]
    kind = election_of(year) if year else None
    if kind is None:
        raise NeedsInput("election", reason="Which election is the candidate running in?")
    ctx.assume(
        f"{year} is a {kind} election year, so the {kind} rule applies (no special election "
        "for Representative in Congress was named)."
    )
    return kind


def certificate(ctx: Context) -> None:
    """§ 5-703(d)(1): certificate of candidacy by 5 p.m. on the first Monday in August."""
    year = ctx["year"]
    check_election_year(year, "general")
    scope(ctx)
    deadline = first_monday_of_august_5pm(year)
    ctx.step(
        f"The first Monday in August {year} is {fmt(deadline.date())}; the certificate is "
        "due by 5 p.m. that day.",
        f"{S}/d/1",
    )
    ctx.step(
        "Apart from its time of filing, it must meet the Subtitle 3 certificate requirements.",
        f"{S}/d/2",
    )
    compare_calendar(ctx, deadline, "petition_deadline")
    ctx.answer(
        f"A petition candidate's certificate of candidacy is due by {fmt(deadline)} "
        f"(§ 5-703(d)(1)).",
        outcome="file_by",
        deadline=deadline,
    )


def filing(ctx: Context) -> None:
    """§ 5-703(f): when the petition with the required signatures is filed."""
    election = ctx["election"]
    scope(ctx)
    if election == "special-congressional":
        primary = ctx["special_primary"]
        if primary is None:
            raise NeedsInput("special_primary", reason="(f)(2) counts from the special primary.")
        deadline = datetime.combine(primary, time(17), TZ)
        ctx.step(
            f"Special election for Representative in Congress: filed with the State Board "
            f"by 5 p.m. on the special primary day, {fmt(deadline)}.",
            f"{S}/f/2",
        )
        basis = "(f)(2)"
    else:
        ctx.require("year")
        check_election_year(ctx["year"], "general")
        deadline = first_monday_of_august_5pm(ctx["year"])
        ctx.step(
            f"Filed with the appropriate board by 5 p.m. on the first Monday in August of "
            f"the general election year: {fmt(deadline)}.",
            f"{S}/f/1",
        )
        compare_calendar(ctx, deadline, "petition_deadline")
        basis = "(f)(1)"
    ctx.step("The petition must carry the signatures (e)(1) requires.", f"{S}/e/1")
    ctx.answer(
        f"The nomination petition is due by {fmt(deadline)} (§ 5-703{basis}).",
        outcome="file_by",
        deadline=deadline,
    )
    office_practice_roll(ctx, deadline, "Petition")


def compare_calendar(ctx: Context, computed: datetime, key: str) -> None:
    """Say whether the election calendar agrees with the statutory computation. A calendar may be
    the Board's published one or computed from statute (md-2028): its entry's source says which,
    so the step names the calendar and quotes that source rather than calling it published."""
    cal = calendar_for(ctx.calendars, "md", today=ctx.today, year=computed.year)
    entry = cal.get(key) if cal else None
    if cal is None or entry is None:
        return
    published = entry.value
    if published == computed:
        ctx.step(f"Matches calendar {cal.id} ({entry.source}).", source="calendar")
    else:
        ctx.alternative(
            label=f"Calendar {cal.id}",
            basis=f"{entry.label} — {entry.source}",
            answer=f"The calendar shows {fmt(published)}; the statute text gives {fmt(computed)}.",
            deadline=published,
        )


def one_percent(voters: int) -> int:
    """1% of the registered voters, rounded up: a petition signed by fewer does not reach 1%."""
    return -(-voters // 100)
