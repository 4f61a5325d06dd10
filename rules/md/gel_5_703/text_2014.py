"""Md. Code, Elec. Law § 5-703 as of 2014 (the seed, version "2014"): the declaration of intent
((c)(3) by the kind of election year) and the signature requirement ((e)(1) 1%, at least 250).
The certificate and filing rules read the same in both texts: `petition`."""

from __future__ import annotations

from datetime import date, datetime

from rules.engine import Context, NeedsInput
from rules.md.gel_5_703.petition import S, election_of_year, one_percent, scope
from rules.md.practice import check_election_year, office_practice_roll
from rules.values import format_human as fmt


def declaration(ctx: Context) -> None:
    """§ 5-703(c) (2014): (c)(3)(i) Governor's or Baltimore City municipal year: the certificate
    of candidacy date and time; (ii) President's year: July 1; (iii) special congressional: the
    proclamation's date and time; (c)(4) no fee."""
    election = ctx["election"] or election_of_year(ctx)
    year = ctx["year"]
    scope(ctx)
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
        deadline, basis = _presidential(ctx)
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
    office_practice_roll(ctx, deadline, "Declaration of intent")


def _presidential(ctx: Context) -> tuple[date | datetime, str]:
    """(c)(3)(ii) July 1 — unless the year is also one in which the Baltimore City municipal
    election is held and the candidate runs in it: then (c)(3)(i), the certificate of
    candidacy deadline, which is earlier. The text does not say which years those are (today
    that election is held in presidential years), so unless the candidate is known not to run
    in it, the earlier date is the answer and July 1 the alternative (issue 11 legal review)."""
    # The shipped calendars are gubernatorial: a presidential year must be given.
    year = ctx.values.get("year") if ctx.result.inputs.get("year") else None
    if year is None or ctx.result.inputs["year"].origin != "user":
        raise NeedsInput("year")
    check_election_year(year, "presidential")
    july_1 = date(year, 7, 1)
    baltimore = ctx["baltimore_city"]
    if baltimore is False:
        ctx.cite(f"{S}/c/3/i")
        ctx.step(
            "The candidate does not run in a Baltimore City municipal election, so (c)(3)(i) "
            f"does not apply. Presidential year: by July 1, {fmt(july_1)}.",
            f"{S}/c/3/ii",
        )
        return july_1, "(c)(3)(ii)"
    coc = ctx["coc_deadline"]
    if coc is None:
        raise NeedsInput(
            "coc_deadline",
            reason=(
                "A presidential year may also be one in which the Baltimore City municipal "
                "election is held; for its candidates (c)(3)(i) makes the declaration due with "
                "the certificate of candidacy deadline, earlier than July 1 ((c)(3)(ii)). Give "
                "that deadline, or baltimore_city=no if the candidate does not run in a "
                "Baltimore City municipal election."
            ),
        )
    if baltimore:
        why = "The candidate runs in the Baltimore City municipal election held this year"
    else:
        why = (
            "This presidential year may also be a Baltimore City municipal election year (the "
            "text I hold does not say which years those are); for its candidates"
        )
    ctx.step(
        f"{why}: (c)(3)(i) applies, by the date and time for filing a certificate of "
        f"candidacy, {fmt(coc)} — the earlier date.",
        f"{S}/c/3/i",
    )
    ctx.step(f"Otherwise, a presidential year: by July 1, {fmt(july_1)}.", f"{S}/c/3/ii")
    if baltimore is None:
        ctx.alternative(
            label="Not a Baltimore City municipal election candidate",
            basis=(
                "(c)(3)(ii): in a year in which the President is elected, by July 1 — if no "
                "Baltimore City municipal election is held this year or the candidate does not "
                "run in it (then give baltimore_city=no). The earlier date is the default."
            ),
            answer=f"Due by {fmt(july_1)} instead (§ 5-703(c)(3)(ii)).",
            deadline=july_1,
        )
    return coc, "(c)(3)(i)"


def signatures(ctx: Context) -> None:
    """§ 5-703(e)(1) (2014): not less than 1% of eligible registered voters, and at least 250."""
    voters = ctx["registered_voters"]
    scope(ctx)
    share = one_percent(voters)  # "not less than 1%": rounded up
    needed = max(share, 250)
    ctx.step(
        f"1% of {voters:,} registered voters, rounded up, is {share:,}; the minimum "
        f"is 250: {needed:,} signatures.",
        f"{S}/e/1",
    )
    ctx.step(
        "The count of registered voters is taken as of January 1 of the year of the "
        "primary election for which the nomination is sought.",
        f"{S}/e/3",
    )
    ctx.step("The petitions are filed as Title 6 of the article requires.", f"{S}/e/2")
    floor = " (the 250-signature minimum applies)" if needed == 250 and share < 250 else ""
    ctx.answer(
        f"The petition needs at least {needed:,} valid signatures of registered voters eligible "
        f"to vote for the office{floor} (§ 5-703(e)(1)); count registered voters as of "
        "January 1 of the primary election year (§ 5-703(e)(3)).",
        count=needed,
    )
