"""Mass. Gen. Laws ch. 53, § 14, sentences 1, 2, 3 and 6: who fills a vacancy in a nomination.

Each sentence names the causes it covers; a cause no applicable sentence names is answered
honestly as not covered. The office decides between sentences 1, 2 and 6 for nomination papers,
so it is asked for, never assumed. A special act displacing § 14 for one primary (2025 Mass.
Acts c. 34 § 4, held as calendar data with its source) answers when the nomination is known to
come from that primary (`primary_date`), and is warned of when it may.
"""

from __future__ import annotations

from datetime import date

from rules.calendar import Calendar, Override, calendar_for
from rules.engine import Context, NeedsInput, Param, RuleSpec
from rules.ma.c53_s14 import params
from rules.ma.c53_s14.section import S
from rules.values import format_human as fmt

# The causes each sentence names; a cause a sentence does not name is not filled under it.
_CAUSES = {
    "s1": ("death", "withdrawal", "ineligibility"),
    "s2": ("death", "withdrawal", "ineligibility", "disqualification"),
    "s3": ("death", "withdrawal", "ineligibility"),
    "s6": ("death", "disability"),
}
# The causes 2025 Mass. Acts c. 34 § 4 names ("death, withdrawal or ineligibility").
_ACT_CAUSES = (None, "death", "withdrawal", "ineligibility")


def _not_covered(ctx: Context, sentence: str, cause: str, who: str, excepted: bool = False) -> None:
    """The sentence governing `who` does not reach `cause`: it names other causes, or (sentence
    2, `excepted`) names it only to except it."""
    names = ", ".join(_CAUSES[sentence])
    said = (
        f"names {names}, except a disqualification for insufficient signatures"
        if excepted
        else f"names only {names}"
    )
    ctx.step(
        f"This sentence governs {who}, but it "
        + ("excepts" if excepted else "does not name")
        + f" {cause} as a cause of vacancy.",
        f"{S}/{sentence}",
    )
    ctx.answer(
        f"c. 53, § 14 does not say who fills a vacancy caused by {cause} for {who}: sentence "
        f"{sentence[1:]} {said}. I can't tell who fills it; ask the Elections Division or "
        "counsel.",
        outcome="not_covered",
    )


def who_fills(ctx: Context) -> None:
    """Sentences 1, 2, 3 and 6: who fills a vacancy in a nomination."""
    nomination, office, cause = ctx["nomination"], ctx["office"], ctx["cause"]
    if nomination == "nomination-papers" and office is None:
        raise NeedsInput(
            "office",
            reason=(
                "For nomination papers the office decides: sentence 2 gives a governor or "
                "lieutenant governor vacancy to the committee of five named on the papers, "
                "sentence 6 lets city and town papers name a committee, and other offices fall "
                "under sentence 1."
            ),
        )
    governor_papers = nomination == "nomination-papers" and office in (
        "governor",
        "lieutenant-governor",
    )
    local_papers = nomination == "nomination-papers" and office in ("city", "town")
    if cause == "disqualification-insufficient-signatures" and governor_papers:
        _not_covered(
            ctx,
            "s2",
            "a disqualification for insufficient signatures",
            "a governor or lieutenant governor nominated by nomination papers",
            excepted=True,
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
    act = _special_act(ctx, nomination, office, cause)
    if act is not None and ctx["primary_date"] is not None:
        _answer_by_act(ctx, *act)
        return
    if cause == "disability" and not local_papers:
        sentence = "s2" if governor_papers else "s3" if nomination == "primary" else "s1"
        _not_covered(ctx, sentence, "physical disability", f"a {nomination} nomination")
        return
    if nomination == "primary":
        answer, outcome = _primary(ctx)
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
    elif local_papers and cause in ("death", "disability"):
        answer, outcome = _local_papers(ctx, cause)
    else:
        answer, outcome = _original_manner(ctx, office)
    if cause == "withdrawal":
        ctx.step(
            "A vacancy caused by withdrawal may not be filled before the withdrawal is "
            "filed; certificates are due within the week-day hours of sentence 7.",
            f"{S}/s9",
        )
        ctx.cite(f"{S}/s7")
    warning = _warn_of_act(ctx, *act) if act is not None else ""
    ctx.answer(f"The vacancy is filled by {answer}.{warning}", outcome=outcome)


def _primary(ctx: Context) -> tuple[str, str]:
    ctx.step(
        "A party nominee chosen by direct nomination (primary): filled by the party's "
        "district committee, or town/ward committees, or delegates of them.",
        f"{S}/s3",
    )
    ctx.step("Ward and town committees choose delegates, one per 500 votes or fraction.", f"{S}/s4")
    return (
        "a regularly elected general or executive committee representing the election "
        "district; if none, the town committee (one town), the ward committee(s) "
        "(one city), or delegates chosen by the ward and town committees (more than "
        "one municipality), meeting at the call of a member or delegate designated by "
        "the chairman of the state committee (c. 53, § 14, sentence 3)",
        "district-committee",
    )


def _local_papers(ctx: Context, cause: str) -> tuple[str, str]:
    """Sentence 6 names death and physical disability; without a committee on the papers,
    sentence 1 covers a death but names no physical disability (issue 11, A3)."""
    ctx.step(
        "City or town nomination papers may name a committee of up to five registered "
        "voters to fill a vacancy caused by death or physical disability.",
        f"{S}/s6",
    )
    committee = (
        "the committee of not more than five registered voters named on the nomination "
        "papers, if the papers name one (c. 53, § 14, sentence 6)"
    )
    if cause == "death":
        ctx.step(
            "Without such a committee, a death is filled like any other: by the persons who "
            "made the original nomination, in the same manner.",
            f"{S}/s1",
        )
        ctx.result.result["if_no_committee"] = "original-manner"
        return (
            f"{committee}; otherwise the same persons who made the original nomination, in "
            "the same manner (sentence 1)",
            "papers-committee",
        )
    ctx.step(
        "Sentence 1 names only death, withdrawal and ineligibility: it does not reach a "
        "vacancy caused by physical disability.",
        f"{S}/s1",
    )
    ctx.result.result["if_no_committee"] = "not_covered"
    return (
        f"{committee}. If the papers name no committee, c. 53, § 14 does not say who fills a "
        "vacancy caused by physical disability — sentence 1 names only death, withdrawal and "
        "ineligibility — so I can't tell; ask the Elections Division or counsel",
        "papers-committee",
    )


def _original_manner(ctx: Context, office: str | None) -> tuple[str, str]:
    ctx.step(
        "Otherwise: the same party or persons who made the original nomination, in the "
        "same manner; if time is insufficient and the nomination was by convention or "
        "caucus, as it prescribed, or by its elected general or executive committee.",
        f"{S}/s1",
    )
    if office == "city":
        ctx.assume("City charters may provide otherwise for city offices (sentence 1).")
    elif office is None:
        ctx.assume(
            "No office was given: if it is a city office, the city charter may provide "
            "otherwise (sentence 1)."
        )
    return (
        "the same political party or persons who made the original nomination, in the "
        "same manner; if time is insufficient and the nomination was made by a "
        "convention or caucus, in the manner it prescribed or, failing that, by a "
        "regularly elected general or executive committee representing it "
        "(c. 53, § 14, sentence 1)",
        "original-manner",
    )


# --- a special act displacing § 14 for one primary ---------------------------------------------


def _special_act(
    ctx: Context, nomination: str, office: str | None, cause: str | None
) -> tuple[Calendar, Override] | None:
    """The act that may govern this vacancy: with `primary_date`, the one for that primary;
    without it, one in the current season's calendar (to warn of). Only a nomination made at a
    state primary (not a city or town office), for a cause the act names."""
    primary_date: date | None = ctx["primary_date"]
    if nomination != "primary":
        if primary_date is not None:
            ctx.assume("primary_date concerns only a nomination made at a primary; not used.")
        return None
    if office in ("city", "town") or cause not in _ACT_CAUSES:
        return None
    if primary_date is not None:
        return ctx.calendars.find_override(WHO_FILLS.id, primary_date, jurisdiction="ma")
    cal = calendar_for(ctx.calendars, "ma", today=ctx.today)
    found = cal.overrides_for(WHO_FILLS.id) if cal is not None else []
    return (cal, found[0]) if cal is not None and found else None


def _answer_by_act(ctx: Context, cal: Calendar, ov: Override) -> None:
    primary = cal.dates[ov.applies_to].value
    ctx.step(
        "Sentence 3 would give a primary nominee's vacancy to the district committee; "
        f"{ov.act} displaces § 14 for the {fmt(primary)} state primary.",
        f"{S}/s3",
    )
    ctx.step(f"{ov.act}: {ov.basis}. Source: {ov.source}.", source="calendar")
    if ov.note:
        ctx.assume(ov.note)
    ctx.answer(
        f"{ov.label} ({ov.act}, notwithstanding c. 53, § 14), by {fmt(ov.value)}. Source: "
        f"{cal.id}, {ov.source}.",
        outcome="special-act-committee",
        deadline=ov.value,
    )


def _warn_of_act(ctx: Context, cal: Calendar, ov: Override) -> str:
    primary = cal.dates[ov.applies_to].value
    ctx.alternative(
        label=f"Nominated at the {fmt(primary)} state primary: {ov.act}",
        basis=f"{ov.basis}. Source: {ov.source}.",
        answer=f"{ov.label}, by {fmt(ov.value)}.",
        outcome="special-act-committee",
        deadline=ov.value,
    )
    label = ov.label[0].lower() + ov.label[1:]
    return (
        f" But if the nomination was made at the {fmt(primary)} state primary, {ov.act} applies "
        f"instead: {label}, by {fmt(ov.value)} — give primary_date (the primary the nomination "
        "came from) to settle it."
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
            question="How was the candidate nominated: primary, convention, caucus or papers?",
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
            "the office: governor, lieutenant-governor, state (any other state office), city "
            "or town",
            choices=("state", "city", "town", "governor", "lieutenant-governor"),
            aliases={
                "lt-governor": "lieutenant-governor",
                "lg": "lieutenant-governor",
                "statewide": "state",
                "mayor": "city",
                "ward": "city",
            },
            required=False,
            question="Which office: governor, lieutenant governor, another state office, city "
            "or town?",
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
            question="What caused the vacancy: death, withdrawal, ineligibility or disability?",
        ),
        Param(
            "primary_date",
            "date",
            "for a primary nominee, the date of the primary the nomination came from (a special "
            "act may govern one primary's vacancies)",
            required=False,
            question="When was the primary the candidate was nominated at?",
        ),
    ),
    compute=who_fills,
    from_facts=params.who_fills,
)
