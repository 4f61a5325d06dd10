"""Mass. Gen. Laws ch. 53, § 14, sentences 4 and 5: how many delegates a ward or town committee
may choose to fill a vacancy."""

from __future__ import annotations

from rules.engine import Context, Param, RuleSpec
from rules.ma.c53_s14 import params
from rules.ma.c53_s14.section import S


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
            question="How many votes did the party's candidate for governor get in the ward or "
            "town at the last state election?",
        ),
        Param(
            "partial_district",
            "bool",
            "whether the district includes only part of the ward or town",
            required=False,
            question="Does the district include only part of the ward or town?",
            default=False,
        ),
    ),
    compute=delegates,
    from_facts=params.delegates,
)
