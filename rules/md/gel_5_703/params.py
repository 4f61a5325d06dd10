"""What a question states for § 5-703's rules (the certificate rule needs only the year:
`Facts.year_only`)."""

from __future__ import annotations

from rules.engine.facts import Facts

# The kinds of regular election a question may name (§ 5-703(c)(3)'s years).
REGULAR_KINDS = ("gubernatorial", "presidential")


def declaration(facts: Facts) -> dict[str, object]:
    """(c)(3): the kind of election, its year, the certificate or proclamation deadline."""
    p: dict[str, object] = {}
    if facts.election and facts.election != "regular":
        p["election"] = facts.election
    if facts.year:
        p["year"] = facts.year
    if "baltimore-city-municipal" in facts.values("topic"):
        p["baltimore_city"] = True
    elif "baltimore-city-municipal" in facts.values("not_topic"):
        p["baltimore_city"] = False  # "(not a Baltimore City race)"
    for name, role in (
        ("coc_deadline", "filing_deadline"),
        ("proclamation_deadline", "proclamation_deadline"),
    ):
        found = facts.date_with_role(role)
        if found:
            p[name] = found.as_param()
    return p


def signatures(facts: Facts) -> dict[str, object]:
    """(e)(1): the count of registered voters."""
    n = facts.count("registered_voters")
    return {"registered_voters": n} if n is not None else {}


def filing(facts: Facts) -> dict[str, object]:
    """(f): the year, and for a special congressional election its special primary."""
    p = facts.year_only()
    if facts.election in ("regular", "special-congressional"):
        p["election"] = facts.election
    elif facts.stages() == ["general"] and (facts.election in (None, *REGULAR_KINDS)):
        # "for the general election", "the gov ticket's general": the regular one (a
        # gubernatorial or presidential general election is a regular general election).
        p["election"] = "regular"
    special = facts.date_with_role("special_primary")
    if special is None and facts.election == "special-congressional":
        special = facts.date_with_role("primary") or facts.only_date((None,))
    if special:
        p["special_primary"] = special.value
    return p
