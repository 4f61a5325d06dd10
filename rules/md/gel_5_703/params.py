"""What a question states for § 5-703's rules (the certificate rule needs only the year:
`Facts.year_only`)."""

from __future__ import annotations

from rules.engine.facts import Facts

# The kinds of regular election a question may name (§ 5-703(c)(3)'s years).
REGULAR_KINDS = ("gubernatorial", "presidential")


def _special(facts: Facts) -> bool:
    """Whether the question is about a special election: Maryland holds special elections
    only for Congress (§ 5-703(c)(3)(iii), (f)(2)), so a special primary's day or the word
    "special" is a special congressional election's."""
    return facts.election == "special-congressional" or (
        facts.election is None
        and (
            facts.date_with_role("special_primary") is not None
            or "special" in facts.values("election_word")
        )
    )


def declaration(facts: Facts) -> dict[str, object]:
    """(c)(3): the kind of election, its year, the certificate or proclamation deadline."""
    p: dict[str, object] = {}
    if _special(facts):
        p["election"] = "special-congressional"
    elif facts.election and facts.election != "regular":
        p["election"] = facts.election
    if "baltimore-city-municipal" in facts.values("not_topic"):
        # "(not a Baltimore City race)", "isn't involved in any Baltimore City race": said not
        # to be, whatever other words name the city's election
        p["baltimore_city"] = False
    elif "baltimore-city-municipal" in facts.values("topic") or {
        "baltimore-city",
        "municipal-election",
    } <= set(facts.values("topic")):
        # ("Baltimore City office here. … running in the city municipal election": the city
        # and its municipal election said in separate sentences)
        p["baltimore_city"] = True
    for name, role in (
        ("coc_deadline", "filing_deadline"),
        ("proclamation_deadline", "proclamation_deadline"),
    ):
        found = facts.date_with_role(role)
        if found:
            p[name] = found.as_param()
    # The year: said, or — but for a special election, whose dates are its proclamation's —
    # the one year the question's dates share ("COC deadline is Feb 24 2026 9pm": 2026; "gov
    # race w/ general 11/5/30": 2030).
    special = p.get("election") == "special-congressional"
    if special and "coc_deadline" in p and "proclamation_deadline" not in p:
        # (c)(3)(ii): a special election's certificate deadline is the one its proclamation
        # sets ("the proclamation … sets Thu 3/14/30 at 5pm as the COC deadline")
        p["proclamation_deadline"] = p.pop("coc_deadline")
    p.update(facts.year_only() if special else facts.year_of_dates())
    return p


def signatures(facts: Facts) -> dict[str, object]:
    """(e)(1): the count of registered voters — or, asked of the signatures a petition needs,
    the one number written short with k or M and nothing else counted ("1% of 1.2M -- the
    indie sig number?", "512k registered"): the reader takes such a number for a sum."""
    n = facts.count("registered_voters")
    if n is None and not any(c.role in (None, "registered_voters") for c in facts.numbers):
        short = {a.value for a in facts.amounts if a.role is None and not a.span.startswith("$")}
        if len(short) == 1:
            value = short.pop()
            n = int(value) if value == value.to_integral() else None
    return {"registered_voters": n} if n is not None else {}


def filing(facts: Facts) -> dict[str, object]:
    """(f): the year, and for a special congressional election its special primary."""
    if not _special(facts):
        p = facts.year_of_dates()
        if facts.election == "regular" or (
            # "for the general election", "the gov ticket's general", "the November ballot":
            # the regular one (a gubernatorial or presidential general election is regular)
            facts.stages() == ["general"] and facts.election in (None, *REGULAR_KINDS)
        ):
            p["election"] = "regular"
        return p
    p = {**facts.year_only(), "election": "special-congressional"}
    special = facts.date_with_role("special_primary") or (
        facts.date_with_role("primary") or facts.only_date((None,))
    )
    if special:
        p["special_primary"] = special.value
    return p


def certificate(facts: Facts) -> dict[str, object]:
    """(d): the election year — said on its own, or the one year the question's dates are
    written with."""
    return facts.year_of_dates()
