"""Mass. Gen. Laws ch. 53, § 14 — vacancies in nominations (a flat section, cited by sentence)."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from rules.engine import Context, Param, RuleSpec, fmt
from rules.timecalc import NY, count_weekday_hours, ma_legal_holidays, weekend_or_legal_holiday

S = "ma/mgl/c53/14"
OFFICE_WORDS = {
    "statewide": "state",
    "state-office": "state",
    "governor": "state",
    "lieutenant-governor": "state",
    "state-representative": "state",
    "state-senator": "state",
    "city-office": "city",
    "city-council": "city",
    "mayor": "city",
    "ward": "city",
    "town-office": "town",
    "selectman": "town",
    "select-board": "town",
}
FIVE_PM = time(17)
ONE_SECOND = timedelta(seconds=1)


def _last_instant(value: datetime) -> datetime:
    """A count that ends exactly at midnight ends the day before: show 23:59:59 of that day
    (one second earlier, never a later reading) rather than 00:00 of a possibly skipped day."""
    return value - ONE_SECOND if value.timetz().replace(tzinfo=None) == time() else value


def vacancy_certificate(ctx: Context) -> None:
    """Sentence 7: certificates filling a withdrawal vacancy are due within 72 (state) or 48
    (city/town) week-day hours succeeding 5 p.m. of the last day for filing withdrawals;
    sentence 9: no such vacancy is filled before the withdrawal is filed."""
    office = ctx["office"]
    given = ctx["withdrawal_deadline"]
    last_day = given.date() if isinstance(given, datetime) else given
    hours = 72 if office == "state" else 48
    start = datetime.combine(last_day, FIVE_PM, NY)
    counted = count_weekday_hours(start, hours)
    deadline = _last_instant(counted.deadline)
    ctx.step(
        f"{office.title()} office: within {hours} week day hours succeeding 5 p.m. of the last "
        f"day for filing withdrawals ({fmt(start)}).",
        f"{S}/s7",
    )
    if isinstance(given, datetime) and given.timetz().replace(tzinfo=None) != FIVE_PM:
        ctx.assume(
            f"Withdrawals closed at {given:%H:%M}, but the statute counts from five o'clock in "
            "the afternoon of that last day, so the count starts at 5 p.m."
        )
    skipped = ", ".join(f"{d:%a %b} {d.day}" for d in counted.skipped) or "none"
    ctx.step(
        f"Counting only week days (Saturdays and Sundays skipped: {skipped}), {hours} hours "
        f"end at {fmt(deadline)}.",
        source="assumption",
    )
    ctx.assume(
        "A 'week day' is Monday to Friday, as the Secretary of the Commonwealth's published "
        "calendars apply this sentence (Saturdays and Sundays skipped)."
    )

    holidays = {
        d: name
        for y in {last_day.year, deadline.year}
        for d, name in ma_legal_holidays(y).items()
        if last_day <= d <= deadline.date()
    }
    later_note = ""
    if holidays:
        later = _last_instant(
            count_weekday_hours(start, hours, skip=weekend_or_legal_holiday("ma")).deadline
        )
        names = ", ".join(f"{name} ({d:%a %b} {d.day})" for d, name in sorted(holidays.items()))
        ctx.alternative(
            label="Legal holidays not counted as week days",
            basis=(
                f"{names} falls inside the window. G.L. c. 4 § 7 cl. 18 makes it a legal "
                "holiday; no published calendar settles whether it is a 'week day'. The "
                "default counts it (literal reading, earlier deadline)."
            ),
            answer=f"Under that reading the certificates would be due by {fmt(later)}.",
            deadline=later,
        )
        later_note = (
            f" A legal holiday ({names}) falls in the window: I counted it as a week day (the "
            f"earlier deadline); if holidays are not week days it would be {fmt(later)} — see "
            "alternatives."
        )
    ctx.step(
        "Certificates are open to objections like other certificates of nomination.", f"{S}/s8"
    )
    ctx.step(
        "No vacancy caused by withdrawal may be filled before the withdrawal is filed.", f"{S}/s9"
    )

    answer_deadline = deadline
    override = ctx.calendars.find_override(ctx.spec.id, given, jurisdiction="ma")
    if override is not None and office == "state":
        cal, ov = override
        answer_deadline = ov.value
        ctx.step(
            f"{ov.act} sets this year's date instead: {fmt(ov.value)} ({ov.label}).",
            source="calendar",
        )
        ctx.alternative(
            label="Statutory computation (displaced by special act)",
            basis=f"G.L. c. 53 § 14, sentence 7, without {ov.act}.",
            answer=f"Without the act, {hours} week day hours would end {fmt(deadline)}.",
            deadline=deadline,
        )
        ctx.answer(
            f"Certificates of nomination filling a vacancy caused by withdrawal are due by "
            f"{fmt(ov.value)}, as set by {ov.act} for this election ({cal.id}). The statutory "
            f"count (72 week day hours after 5 p.m. on {fmt(last_day)}) would give "
            f"{fmt(deadline)}. No vacancy caused by withdrawal may be filled before the "
            "withdrawal has been filed (c. 53, § 14, sentence 9).",
            outcome="file_by",
            deadline=answer_deadline,
        )
        return
    ctx.answer(
        f"Certificates of nomination filling a vacancy caused by withdrawal ({office} office) "
        f"are due by {fmt(deadline)}: {hours} week day hours after 5 p.m. on {fmt(last_day)} "
        f"(c. 53, § 14, sentence 7).{later_note} No vacancy caused by withdrawal may be filled "
        "before the withdrawal has been filed (sentence 9).",
        outcome="file_by",
        deadline=answer_deadline,
    )


def delegates(ctx: Context) -> None:
    """Sentence 4 (and 5 for part-ward/part-town districts): one delegate per 500 votes or
    fraction thereof cast for the party's candidate for governor at the last state election."""
    votes: int = ctx["votes"]
    count = -(-votes // 500)  # "or fraction thereof": round up
    partial = bool(ctx["partial_district"])
    node = f"{S}/s5" if partial else f"{S}/s4"
    where = (
        "in the part of the ward or town inside the district" if partial else "in the ward or town"
    )
    ctx.step(
        f"{votes:,} votes {where} ÷ 500, a fraction counting as a whole: not more than "
        f"{count} delegate(s).",
        node,
    )
    if partial:
        ctx.step("Delegates chosen for a part-ward/part-town district must reside in it.", node)
    ctx.answer(
        f"The committee may choose up to {count} delegate(s) — one for each 500 votes, or "
        f"fraction thereof, cast {where} for the party's candidate for governor at the last "
        f"state election (c. 53, § 14, sentence {5 if partial else 4}).",
        count=count,
    )


# The causes each sentence names; a cause a sentence does not name is not filled under it.
_CAUSES = {
    "s1": ("death", "withdrawal", "ineligibility"),
    "s2": ("death", "withdrawal", "ineligibility", "disqualification"),
    "s3": ("death", "withdrawal", "ineligibility"),
    "s6": ("death", "disability"),
}


def _not_covered(ctx: Context, sentence: str, cause: str, who: str) -> None:
    ctx.step(
        f"This sentence governs {who}, but it does not name {cause} as a cause of vacancy.",
        f"{S}/{sentence}",
    )
    ctx.answer(
        f"c. 53, § 14 does not say who fills a vacancy caused by {cause} for {who}: sentence "
        f"{sentence[1:]} names only {', '.join(_CAUSES[sentence])}. I can't tell who fills it; "
        "ask the Elections Division or counsel.",
        outcome="not_covered",
    )


def who_fills(ctx: Context) -> None:
    """Sentences 1, 2, 3 and 6: who fills a vacancy in a nomination."""
    nomination, office, cause = ctx["nomination"], ctx["office"], ctx["cause"]
    governor_papers = nomination == "nomination-papers" and office in (
        "governor",
        "lieutenant-governor",
    )
    local_papers = nomination == "nomination-papers" and office in ("city", "town")
    if cause == "disqualification-insufficient-signatures" and governor_papers:
        _not_covered(
            ctx,
            "s2",
            "a disqualification for insufficient signatures (excluded)",
            "a governor or lieutenant governor nominated by nomination papers",
        )
        return
    if cause in ("disqualification", "disqualification-insufficient-signatures") and not (
        governor_papers
    ):
        ctx.assume(
            "A disqualification is treated as the candidate being found ineligible, the cause "
            "sentences 1 and 3 name."
        )
        cause = "ineligibility"
    if cause == "disability" and not local_papers:
        sentence = "s2" if governor_papers else "s3" if nomination == "primary" else "s1"
        _not_covered(ctx, sentence, "physical disability", f"a {nomination} nomination")
        return
    if nomination == "primary":
        ctx.step(
            "A party nominee chosen by direct nomination (primary): filled by the party's "
            "district committee, or town/ward committees, or delegates of them.",
            f"{S}/s3",
        )
        ctx.step(
            "Ward and town committees choose delegates, one per 500 votes or fraction.", f"{S}/s4"
        )
        answer = (
            "a regularly elected general or executive committee representing the election "
            "district; if none, the town committee (one town), the ward committee(s) "
            "(one city), or delegates chosen by the ward and town committees (more than "
            "one municipality), meeting at the call of a member or delegate designated by "
            "the chairman of the state committee (c. 53, § 14, sentence 3)"
        )
        outcome = "district-committee"
    elif governor_papers:
        ctx.step(
            "Governor or lieutenant governor nominated by nomination papers: the committee "
            "of five named on the papers fills the vacancy by majority vote.",
            f"{S}/s2",
        )
        answer = (
            "the committee of five members named on the nomination papers before "
            "signatures were obtained, by majority vote (c. 53, § 14, sentence 2)"
        )
        outcome = "committee-of-five"
    elif (
        nomination == "nomination-papers"
        and office in ("city", "town")
        and cause in ("death", "disability")
    ):
        ctx.step(
            "City or town nomination papers may name a committee of up to five registered "
            "voters to fill a vacancy caused by death or physical disability.",
            f"{S}/s6",
        )
        answer = (
            "the committee of not more than five registered voters named on the nomination "
            "papers, if the papers name one (c. 53, § 14, sentence 6); otherwise the same "
            "persons who made the original nomination, in the same manner (sentence 1)"
        )
        outcome = "papers-committee"
        ctx.cite(f"{S}/s1")
    else:
        ctx.step(
            "Otherwise: the same party or persons who made the original nomination, in the "
            "same manner; if time is insufficient and the nomination was by convention or "
            "caucus, as it prescribed, or by its elected general or executive committee.",
            f"{S}/s1",
        )
        answer = (
            "the same political party or persons who made the original nomination, in the "
            "same manner; if time is insufficient and the nomination was made by a "
            "convention or caucus, in the manner it prescribed or, failing that, by a "
            "regularly elected general or executive committee representing it "
            "(c. 53, § 14, sentence 1)"
        )
        outcome = "original-manner"
        if office == "city":
            ctx.assume("City charters may provide otherwise for city offices (sentence 1).")
    if cause == "withdrawal":
        ctx.step(
            "A vacancy caused by withdrawal may not be filled before the withdrawal is "
            "filed; certificates are due within the week-day hours of sentence 7.",
            f"{S}/s9",
        )
        ctx.cite(f"{S}/s7")
    ctx.answer(f"The vacancy is filled by {answer}.", outcome=outcome)


OFFICE = Param(
    "office",
    "choice",
    "the office: state, city or town",
    choices=("state", "city", "town"),
    aliases=OFFICE_WORDS,
)

CERTIFICATE = RuleSpec(
    id="ma-vacancy-certificate",
    title="Massachusetts: certificates filling a vacancy caused by withdrawal — deadline",
    jurisdiction="ma",
    section=S,
    aliases=("vacancy", "ma-vacancy", "vacancy-certificate"),
    params=(
        Param(
            "withdrawal_deadline",
            "date_or_datetime",
            "the last day (and hour) for filing withdrawals",
            calendar=("withdrawal_deadline", "post_primary_withdrawal_deadline"),
            time_default=FIVE_PM,
        ),
        OFFICE,
    ),
    compute=vacancy_certificate,
)
DELEGATES = RuleSpec(
    id="ma-vacancy-delegates",
    title="Massachusetts: delegates a ward or town committee may choose to fill vacancies",
    jurisdiction="ma",
    section=S,
    aliases=("delegates", "vacancy-delegates"),
    params=(
        Param(
            "votes",
            "int",
            "votes cast in the ward or town for the party's candidate for governor at the "
            "last state election",
        ),
        Param(
            "partial_district",
            "bool",
            "whether the district includes only part of the ward or town",
            required=False,
            default=False,
        ),
    ),
    compute=delegates,
)
WHO_FILLS = RuleSpec(
    id="ma-vacancy-who-fills",
    title="Massachusetts: who fills a vacancy in a nomination",
    jurisdiction="ma",
    section=S,
    aliases=("who-fills", "vacancy-who-fills"),
    params=(
        Param(
            "nomination",
            "choice",
            "how the candidate was nominated",
            choices=("primary", "convention", "caucus", "nomination-papers"),
            aliases={
                "papers": "nomination-papers",
                "nomination-paper": "nomination-papers",
                "direct": "primary",
                "direct-nomination": "primary",
            },
        ),
        Param(
            "office",
            "choice",
            "the office",
            choices=("state", "city", "town", "governor", "lieutenant-governor"),
            aliases={
                "lt-governor": "lieutenant-governor",
                "lg": "lieutenant-governor",
                "statewide": "state",
                "mayor": "city",
                "ward": "city",
            },
            default="state",
            required=False,
        ),
        Param(
            "cause",
            "choice",
            "what caused the vacancy",
            choices=(
                "death",
                "withdrawal",
                "ineligibility",
                "disqualification",
                "disability",
                "disqualification-insufficient-signatures",
            ),
            aliases={
                "died": "death",
                "withdrew": "withdrawal",
                "ineligible": "ineligibility",
                "disqualified": "disqualification",
                "physical-disability": "disability",
            },
            required=False,
        ),
    ),
    compute=who_fills,
)
