"""The public financing rules: one public spec each, implemented for the 2014 § 15-106
(`financing`) and for the text read today, § 15-107 with § 15-102 (`text_2025`).

One folder for both: a rule id has one home, and these rules were written for § 15-106, whose
distribution rules the 2021 rewrite moved to § 15-107 (today's § 15-106 has another subject).
The folder keeps the statute the rules were first written for; each implementation declares the
texts it was written for.

Deciding date (which text applies, unless `as_of` is given):
- schedule: January 1 of the election year — under both texts the distributions for the
  election of `year` start in that year (2014: by February 1; 2025: not before January 1), so
  the text in force when that year begins governs them.
- primary, proration, general: `today` — distributions are made on a continuing basis, and the
  question is what the Board pays now.
"""

from __future__ import annotations

from datetime import date

from rules.engine import Context, Implementation, Param, RuleSpec, year_param
from rules.engine.spec import Conservative
from rules.md.gel_15_106 import financing, params, text_2025

T2014 = {"md/gel/15-106": "2014"}
T2025 = {"md/gel/15-107": "2025", "md/gel/15-102": "2025"}
OPPOSED_WORDS = {"contested": "yes", "unopposed": "no", "uncontested": "no", "opposed": "yes"}
SMALLER_AMOUNT: Conservative = ("amount", "min")


def _year_start(ctx: Context) -> date | None:
    year = ctx["year"]
    return date(year, 1, 1) if year else None


SCHEDULE = RuleSpec(
    id="md-public-financing-schedule",
    title="Public financing: when primary distributions begin",
    jurisdiction="md",
    section=financing.S,
    aliases=("financing-schedule", "public-financing-schedule"),
    params=(
        year_param(
            "the gubernatorial election year", question="Which gubernatorial election year?"
        ),
    ),
    implementations=(
        Implementation("2014", T2014, financing.schedule),
        Implementation("2025", T2025, text_2025.schedule),
    ),
    from_facts=params.schedule,
    decides=_year_start,
)
PRIMARY = RuleSpec(
    id="md-public-financing-primary",
    title="Public financing: primary public contribution",
    jurisdiction="md",
    section=financing.S,
    aliases=("matching", "public-financing", "public-financing-primary"),
    params=(
        Param(
            "private_contributions",
            "money",
            "eligible private contributions received, in all (2014 text)",
            required=False,
            question="How much has the ticket received in eligible private contributions?",
        ),
        Param(
            "opposed",
            "bool",
            "whether the ticket is opposed in the primary (2014 text)",
            aliases=OPPOSED_WORDS,
            required=False,
            question="Is the ticket opposed in the primary?",
        ),
        Param(
            "contributions",
            "money_list",
            "each eligible private contribution, one amount per contributor (at most $250 each)",
            required=False,
            question="What is each eligible private contribution (one amount per contributor)?",
        ),
    ),
    implementations=(
        Implementation("2014", T2014, financing.primary_contribution),
        Implementation("2025", T2025, text_2025.primary_contribution),
    ),
    from_facts=params.primary,
    conservative=SMALLER_AMOUNT,
)
PRORATION = RuleSpec(
    id="md-public-financing-proration",
    title="Public financing: proportionate shares when the Fund is short",
    jurisdiction="md",
    section=financing.S,
    aliases=("proration", "public-financing-proration"),
    params=(
        Param(
            "fund",
            "money",
            "money in the Fund (2014 text: one-half of it goes to the primary; for the general "
            "election, what remains)",
            question="How much money is in the Fund?",
        ),
        Param(
            "entitlements",
            "money_list",
            "each eligible ticket's full public contribution",
            question="What is each eligible ticket's full public contribution?",
        ),
        Param(
            "election",
            "choice",
            "which election's distribution (2014 text)",
            choices=("primary", "general"),
            required=False,
            question="Is this the primary or the general election distribution?",
        ),
    ),
    implementations=(
        Implementation("2014", T2014, financing.proration),
        Implementation("2025", T2025, text_2025.proration),
    ),
    from_facts=params.proration,
    conservative=SMALLER_AMOUNT,
)
GENERAL = RuleSpec(
    id="md-public-financing-general",
    title="Public financing: general election share",
    jurisdiction="md",
    section=financing.S,
    aliases=("financing-general", "public-financing-general"),
    params=(
        # Asked by the rule only when the answer depends on them (see general_contribution).
        Param(
            "fund_remaining",
            "money",
            "money remaining in the Fund for the general election",
            required=False,
            question="How much is left in the Fund for the general election?",
        ),
        Param(
            "nominee_tickets",
            "int",
            "number of eligible nominee tickets sharing the Fund",
            required=False,
            question="How many eligible nominee tickets share the Fund?",
        ),
        Param(
            "opposed",
            "bool",
            "whether the ticket is opposed on the general election ballot",
            aliases=OPPOSED_WORDS,
            required=False,
            question="Is the ticket opposed on the general election ballot?",
        ),
        Param(
            "received_primary",
            "bool",
            "whether it received a primary public contribution",
            required=False,
            question="Did the ticket receive a public contribution for the primary?",
        ),
        Param(
            "exceeded_primary_limit",
            "bool",
            "whether it exceeded the primary expenditure limit",
            required=False,
            question="Did the ticket spend more than the primary expenditure limit?",
        ),
        Param(
            "nominee",
            "bool",
            "whether the ticket is a nominee in the general election",
            required=False,
            question="Is the ticket its party's nominee in the general election?",
        ),
    ),
    implementations=(
        Implementation("2014", T2014, financing.general_contribution),
        Implementation("2025", T2025, text_2025.general_contribution),
    ),
    from_facts=params.general,
    conservative=SMALLER_AMOUNT,
)
