"""The § 5-703 rules: one public spec each (id, title, aliases, parameters), implemented for the
2014 text and the 2025 text (`text_2014`, `text_2025`, and `petition` for what both share).

Deciding date (which text applies, unless `as_of` is given):
- declaration, certificate, filing: the general election of the year the question is about
  (§ 5-703 nominates for that general election's ballot; its declaration, certificate and
  petition deadlines all belong to that election's cycle), or — for a special congressional
  election — the date given in the proclamation / the special primary (that election's own
  deadline). Without either, `today`.
- signatures: `today` (staff count signatures for a petition being gathered now; the count of
  registered voters is the one as of January 1 of the primary year, (e)(3)).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from rules.engine import Context, Implementation, Param, RuleSpec, year_param
from rules.md.gel_5_703 import params, text_2014, text_2025
from rules.md.gel_5_703.petition import ELECTION_WORDS, S, certificate, filing
from rules.md.holidays import general_election_day

T2014 = {S: "2014"}
T2025 = {S: "2025"}


def _general_of_year(ctx: Context) -> date | None:
    year = ctx["year"]
    return general_election_day(year) if year else None


def _declaration_day(ctx: Context) -> date | None:
    if ctx.values.get("election") == "special-congressional":
        return ctx.values.get("proclamation_deadline")
    return _general_of_year(ctx)


def _filing_day(ctx: Context) -> date | None:
    if ctx.values.get("election") == "special-congressional":
        return ctx.values.get("special_primary")
    return _general_of_year(ctx)


ELECTION_PARAM: dict[str, Any] = dict(aliases=ELECTION_WORDS)

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
            question="Which election: gubernatorial, presidential or special congressional?",
            **ELECTION_PARAM,
        ),
        # ((c)(3)(i) in a President's year: the shipped calendars are gubernatorial, so the
        # year is asked for — as a presidential one)
        replace(
            year_param("the election year", required=False, question="Which election year?"),
            questions_if=(("election", "presidential", "Which presidential election year?"),),
        ),
        Param(
            "coc_deadline",
            "datetime",
            "the certificate of candidacy deadline (date and time)",
            required=False,
            question="When is the certificate of candidacy deadline (date and time)?",
            calendar=("coc_deadline",),
        ),
        Param(
            "proclamation_deadline",
            "datetime",
            "the date and time the Governor's proclamation specifies (2014 text: its "
            "certificate of candidacy deadline)",
            required=False,
            question="What date and time does the Governor's proclamation set?",
        ),
        Param(
            "baltimore_city",
            "bool",
            "whether the candidate runs in a Baltimore City municipal election that year "
            "(2014 text, presidential years)",
            required=False,
            question="Is the candidate running in a Baltimore City municipal election that year?",
        ),
    ),
    implementations=(
        Implementation("2014", T2014, text_2014.declaration),
        Implementation("2025", T2025, text_2025.declaration),
    ),
    from_facts=params.declaration,
    decides=_declaration_day,
)
CERTIFICATE = RuleSpec(
    id="md-petition-certificate",
    title="Petition candidate: certificate of candidacy deadline",
    jurisdiction="md",
    section=S,
    aliases=("petition-certificate",),
    params=(year_param("the election year"),),
    implementations=(
        Implementation("2014", T2014, certificate),
        Implementation("2025", T2025, certificate),  # (d) reads the same in both texts
    ),
    from_facts=params.certificate,
    decides=_general_of_year,
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
            question="How many registered voters are eligible to vote for the office?",
        ),
    ),
    implementations=(
        Implementation("2014", T2014, text_2014.signatures),
        Implementation("2025", T2025, text_2025.signatures),
    ),
    from_facts=params.signatures,
    conservative=("count", "max"),
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
            question="Is this the regular general election or a special congressional one?",
        ),
        Param(
            "special_primary",
            "date",
            "the special primary election day",
            required=False,
            question="When is the special primary election?",
        ),
    ),
    implementations=(
        Implementation("2014", T2014, filing),
        Implementation("2025", T2025, filing),  # (f) not held in 2025: quoted from 2014
    ),
    from_facts=params.filing,
    decides=_filing_day,
)
