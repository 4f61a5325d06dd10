"""Md. Code, Elec. Law § 5-703 as research copies read it "current as of January 01, 2025"
(version "2025", an unofficial copy, partial: (e)(3) and (f) are not held and are quoted from the
2014 text, which the answer says first). The declaration of intent ((c)(3): the first Monday in
July; a special congressional election: the proclamation's date and time) and the signature
requirement ((e)(1): the lesser of 10,000 or 1%, at least 250). The certificate and filing
rules read the same in both texts: `petition`."""

from __future__ import annotations

from datetime import date, datetime

from rules.engine import Context, NeedsInput
from rules.md.gel_5_703.petition import S, one_percent, scope
from rules.md.practice import check_election_year, office_practice_roll
from rules.timecalc import MO, first_weekday_of_month
from rules.values import format_human as fmt

CAP = 10_000
MINIMUM = 250


def declaration(ctx: Context) -> None:
    """§ 5-703(c) (2025): (c)(3)(i) not later than the first Monday in July; (ii) a special
    election for Representative in Congress: the date and time in the Governor's proclamation;
    (c)(4) no fee."""
    election = ctx["election"]
    scope(ctx)
    ctx.step("A petition candidate must file a declaration of intent.", f"{S}/c/1")
    ctx.step(
        "It is filed with the board where the candidate files the certificate of candidacy.",
        f"{S}/c/2",
    )
    deadline: date | datetime
    if election == "special-congressional":
        proclamation = ctx["proclamation_deadline"]
        if proclamation is None:
            raise NeedsInput(
                "proclamation_deadline",
                reason="A special congressional election's deadline is the date and time the "
                "Governor's proclamation specifies.",
            )
        deadline = proclamation
        ctx.step(
            f"Special election for Representative in Congress: by the date and time specified "
            f"in the Governor's proclamation, {fmt(deadline)}.",
            f"{S}/c/3/ii",
        )
        basis = "(c)(3)(ii)"
    else:
        year = _year(ctx, election)
        deadline = first_weekday_of_month(year, 7, MO)
        ctx.step(
            f"Not later than the first Monday in July: {fmt(deadline)} (the text names no hour).",
            f"{S}/c/3/i",
        )
        basis = "(c)(3)(i)"
        given = ctx.result.inputs.get("coc_deadline")
        if given is not None and given.origin == "user":
            ctx.assume(
                "The certificate of candidacy deadline given is not used: under this text the "
                "declaration is due by the first Monday in July, whatever the election."
            )
    ctx.step("No fee may be charged for filing the declaration of intent.", f"{S}/c/4")
    ctx.answer(
        f"The declaration of intent to seek nomination by petition is due not later than "
        f"{fmt(deadline)} (§ 5-703{basis}), filed with the board where the candidate would file "
        "a certificate of candidacy; no filing fee may be charged (§ 5-703(c)(4)).",
        outcome="file_by",
        deadline=deadline,
    )
    office_practice_roll(ctx, deadline, "Declaration of intent")


def _year(ctx: Context, election: str | None) -> int:
    """The election year: (c)(3)(i) is the same for a Governor's and a President's year; a year
    with no regular election may be a special one, so ask which."""
    if election == "presidential":
        # The shipped calendars are gubernatorial: a presidential year must be given.
        given = ctx.result.inputs.get("year")
        if given is None or given.origin != "user":
            raise NeedsInput("year")
    year = ctx["year"]
    if year is None:
        raise NeedsInput("year")
    if election in ("gubernatorial", "presidential"):
        check_election_year(year, election)
    elif year % 2:
        raise NeedsInput(
            "election",
            reason=f"{year} has no regular general election: which election is the candidate "
            "running in?",
        )
    return year


def signatures(ctx: Context) -> None:
    """§ 5-703(e)(1) (2025): the lesser of 10,000 or 1% of the eligible registered voters, and
    at least 250."""
    voters = ctx["registered_voters"]
    scope(ctx)
    share = one_percent(voters)
    lesser = min(CAP, share)
    needed = max(lesser, MINIMUM)
    ctx.step(
        f"1% of {voters:,} registered voters, rounded up, is {share:,}; the lesser of 10,000 "
        f"and that is {lesser:,}; the minimum is 250: {needed:,} signatures.",
        f"{S}/e/1",
    )
    ctx.assume(
        "1% is read as rounded up to a whole signature (fewer signatures would not reach 1% "
        "of the registered voters), as under the earlier text's 'not less than 1%'."
    )
    ctx.step(
        "The count of registered voters is taken as of January 1 of the year of the "
        "primary election for which the nomination is sought.",
        f"{S}/e/3",
    )
    ctx.step("The petitions are filed as Title 6 of the article requires.", f"{S}/e/2")
    note = ""
    if lesser == CAP and share > CAP:
        note = " (10,000 is less than 1% of the registered voters)"
    elif needed == MINIMUM and lesser < MINIMUM:
        note = " (the 250-signature minimum applies)"
    ctx.answer(
        f"The petition needs at least {needed:,} valid signatures of registered voters eligible "
        f"to vote for the office{note} (§ 5-703(e)(1)); count registered voters as of "
        "January 1 of the primary election year (§ 5-703(e)(3), quoted from the 2014 text).",
        count=needed,
    )
