"""Md. Code, Elec. Law § 5-703 — nomination by petition (candidates not affiliated with a party)."""

from __future__ import annotations

from datetime import date, datetime, time

from rules.engine import Context, NeedsInput, Param, RuleSpec, check_election_year, fmt, year_param
from rules.timecalc import MO, NY, first_weekday_of_month

S = "md/gel/5-703"
OLDER_TEXT = (
    "The § 5-703 text I hold may be older than current law (later amendments changed the "
    "declaration date and the signature requirement); confirm against the current Code."
)
ELECTION_WORDS = {
    "governor": "gubernatorial",
    "gubernatorial-election": "gubernatorial",
    "president": "presidential",
    "presidential-election": "presidential",
    "special": "special-congressional",
    "congressional": "special-congressional",
    "special-congress": "special-congressional",
}


def _scope(ctx: Context) -> None:
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


def _first_monday_of_august_5pm(year: int) -> datetime:
    return datetime.combine(first_weekday_of_month(year, 8, MO), time(17), NY)


def _election_of_year(ctx: Context) -> str:
    """No election kind given: Maryland elects its Governor in years ≡ 2 (mod 4) and the
    President in leap years, so the year decides it; otherwise ask."""
    year = ctx["year"]
    kind = {2: "gubernatorial", 0: "presidential"}.get(year % 4) if year else None
    if kind is None:
        raise NeedsInput("election", reason="Which election is the candidate running in?")
    ctx.assume(
        f"{year} is a {kind} election year, so the {kind} rule applies (no special election "
        "for Representative in Congress was named)."
    )
    return kind


def declaration(ctx: Context) -> None:
    """§ 5-703(c): declaration of intent to seek nomination by petition; (c)(3) when; (c)(4) fee."""
    election = ctx["election"] or _election_of_year(ctx)
    year = ctx["year"]
    _scope(ctx)
    ctx.step("A petition candidate must file a declaration of intent.", f"{S}/c/1")
    ctx.step(
        "It is filed with the board where the candidate files the certificate of candidacy.",
        f"{S}/c/2",
    )
    if election == "gubernatorial":
        ctx.require("year")
        check_election_year(year, "gubernatorial")
        coc = ctx["coc_deadline"]
        if coc is None:
            raise NeedsInput(
                "coc_deadline",
                reason=f"No calendar gives the {year} certificate of candidacy deadline.",
            )
        ctx.step(
            f"Gubernatorial year: by the date and time for filing a certificate of "
            f"candidacy, {fmt(coc)}.",
            f"{S}/c/3/i",
        )
        deadline: date | datetime = coc
        basis = "(c)(3)(i)"
    elif election == "presidential":
        # The shipped calendars are gubernatorial: a presidential year must be given.
        year = ctx.values.get("year") if ctx.result.inputs.get("year") else None
        if year is None or ctx.result.inputs["year"].origin != "user":
            raise NeedsInput("year", reason="Which presidential election year?")
        check_election_year(year, "presidential")
        deadline = date(year, 7, 1)
        ctx.step(f"Presidential year: by July 1, {fmt(deadline)}.", f"{S}/c/3/ii")
        basis = "(c)(3)(ii)"
        ctx.cite(f"{S}/c/3/i")
        ctx.alternative(
            label="Baltimore City municipal election year",
            basis=(
                "(c)(3)(i) also covers a year in which the Baltimore City municipal election is "
                "held; if that election is held this year and the candidate runs in it, the "
                "declaration is due with the certificate of candidacy deadline, which is "
                "earlier. The statute text I hold does not say which years those are."
            ),
            answer="Due by the certificate of candidacy date and time instead (§ 5-703(c)(3)(i)).",
        )
    else:
        proclamation = ctx["proclamation_deadline"]
        if proclamation is None:
            raise NeedsInput(
                "proclamation_deadline",
                reason="A special congressional election's "
                "deadline is set in the Governor's proclamation.",
            )
        deadline = proclamation
        ctx.step(
            f"Special election for Representative in Congress: by the certificate of "
            f"candidacy date and time in the Governor's proclamation, {fmt(deadline)}.",
            f"{S}/c/3/iii",
        )
        basis = "(c)(3)(iii)"
    ctx.step("No fee may be charged for filing the declaration of intent.", f"{S}/c/4")
    ctx.answer(
        f"The declaration of intent to seek nomination by petition is due by {fmt(deadline)} "
        f"(§ 5-703{basis}), filed with the board where the candidate would file a certificate "
        "of candidacy; no filing fee may be charged (§ 5-703(c)(4)).",
        outcome="file_by",
        deadline=deadline,
    )
    ctx.office_practice_roll(deadline, "Declaration of intent")


def certificate(ctx: Context) -> None:
    """§ 5-703(d)(1): certificate of candidacy by 5 p.m. on the first Monday in August."""
    year = ctx["year"]
    check_election_year(year, "general")
    _scope(ctx)
    deadline = _first_monday_of_august_5pm(year)
    ctx.step(
        f"The first Monday in August {year} is {fmt(deadline.date())}; the certificate is "
        "due by 5 p.m. that day.",
        f"{S}/d/1",
    )
    ctx.step(
        "Apart from its time of filing, it must meet the Subtitle 3 certificate requirements.",
        f"{S}/d/2",
    )
    _compare_calendar(ctx, deadline, "petition_deadline")
    ctx.answer(
        f"A petition candidate's certificate of candidacy is due by {fmt(deadline)} "
        f"(§ 5-703(d)(1)).",
        outcome="file_by",
        deadline=deadline,
    )


def signatures(ctx: Context) -> None:
    """§ 5-703(e)(1): not less than 1% of eligible registered voters, and at least 250."""
    voters = ctx["registered_voters"]
    _scope(ctx)
    one_percent = -(-voters // 100)  # 1% rounded up: "not less than 1%"
    needed = max(one_percent, 250)
    ctx.step(
        f"1% of {voters:,} registered voters, rounded up, is {one_percent:,}; the minimum "
        f"is 250: {needed:,} signatures.",
        f"{S}/e/1",
    )
    ctx.step(
        "The count of registered voters is taken as of January 1 of the year of the "
        "primary election for which the nomination is sought.",
        f"{S}/e/3",
    )
    ctx.step("The petitions are filed as Title 6 of the article requires.", f"{S}/e/2")
    floor = " (the 250-signature minimum applies)" if needed == 250 and one_percent < 250 else ""
    ctx.answer(
        f"The petition needs at least {needed:,} valid signatures of registered voters eligible "
        f"to vote for the office{floor} (§ 5-703(e)(1)); count registered voters as of "
        "January 1 of the primary election year (§ 5-703(e)(3)).",
        count=needed,
    )


def filing(ctx: Context) -> None:
    """§ 5-703(f): when the petition with the required signatures is filed."""
    election = ctx["election"]
    _scope(ctx)
    if election == "special-congressional":
        primary = ctx["special_primary"]
        if primary is None:
            raise NeedsInput("special_primary", reason="(f)(2) counts from the special primary.")
        deadline = datetime.combine(primary, time(17), NY)
        ctx.step(
            f"Special election for Representative in Congress: filed with the State Board "
            f"by 5 p.m. on the special primary day, {fmt(deadline)}.",
            f"{S}/f/2",
        )
        basis = "(f)(2)"
    else:
        ctx.require("year")
        check_election_year(ctx["year"], "general")
        deadline = _first_monday_of_august_5pm(ctx["year"])
        ctx.step(
            f"Filed with the appropriate board by 5 p.m. on the first Monday in August of "
            f"the general election year: {fmt(deadline)}.",
            f"{S}/f/1",
        )
        _compare_calendar(ctx, deadline, "petition_deadline")
        basis = "(f)(1)"
    ctx.step("The petition must carry the signatures (e)(1) requires.", f"{S}/e/1")
    ctx.answer(
        f"The nomination petition is due by {fmt(deadline)} (§ 5-703{basis}).",
        outcome="file_by",
        deadline=deadline,
    )
    ctx.office_practice_roll(deadline, "Petition")


def _compare_calendar(ctx: Context, computed: datetime, key: str) -> None:
    """Say whether the published calendar agrees with the statutory computation."""
    cal = next((c for c in ctx.calendars.for_jurisdiction("md") if c.year == computed.year), None)
    entry = cal.get(key) if cal else None
    if entry is None:
        return
    published = entry.value
    if published == computed:
        ctx.step(f"Matches the published calendar {cal.id} ({entry.source}).", source="calendar")
    else:
        ctx.alternative(
            label=f"Published calendar {cal.id}",
            basis=f"{entry.label} — {entry.source}",
            answer=f"The calendar shows {fmt(published)}; the statute text gives {fmt(computed)}.",
            deadline=published,
        )


YEAR = year_param("the election year")
ELECTION_PARAM = dict(aliases=ELECTION_WORDS)

DECLARATION = RuleSpec(
    id="md-petition-declaration",
    title="Petition candidate: declaration of intent deadline",
    jurisdiction="md",
    section=S,
    aliases=("declaration", "declaration-of-intent"),
    params=(
        Param(
            "election",
            "choice",
            "the kind of election",
            choices=("gubernatorial", "presidential", "special-congressional"),
            required=False,
            **ELECTION_PARAM,
        ),
        year_param("the election year", required=False),
        Param(
            "coc_deadline",
            "datetime",
            "the certificate of candidacy deadline (date and time)",
            required=False,
            calendar=("coc_deadline",),
        ),
        Param(
            "proclamation_deadline",
            "datetime",
            "the certificate of candidacy deadline in the Governor's proclamation",
            required=False,
        ),
    ),
    compute=declaration,
    caveat=OLDER_TEXT,
)
CERTIFICATE = RuleSpec(
    id="md-petition-certificate",
    title="Petition candidate: certificate of candidacy deadline",
    jurisdiction="md",
    section=S,
    aliases=("petition-certificate",),
    params=(YEAR,),
    compute=certificate,
    caveat=OLDER_TEXT,
)
SIGNATURES = RuleSpec(
    id="md-petition-signatures",
    title="Petition candidate: number of signatures required",
    jurisdiction="md",
    section=S,
    aliases=("signatures", "petition-signatures"),
    params=(
        Param(
            "registered_voters",
            "int",
            "registered voters eligible to vote for the office (as of January 1)",
        ),
    ),
    compute=signatures,
    caveat=OLDER_TEXT,
)
FILING = RuleSpec(
    id="md-petition-filing",
    title="Petition candidate: petition filing deadline",
    jurisdiction="md",
    section=S,
    aliases=("petition-filing",),
    params=(
        year_param("the general election year", required=False),
        Param(
            "election",
            "choice",
            "regular general election or special congressional",
            choices=("regular", "special-congressional"),
            default="regular",
            aliases={"general": "regular", **ELECTION_WORDS},
        ),
        Param("special_primary", "date", "the special primary election day", required=False),
    ),
    compute=filing,
    caveat=OLDER_TEXT,
)
