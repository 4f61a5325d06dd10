"""Everyday and mixed-language wording reaches the rule and its values: a death said any way the
reader knows is the successor rule's cue, Spanish words staff mix in, "mil" for million, and a
negation carried by a verb ("will not appear on any …"). The phrasings here are not the question
sets' own."""

from __future__ import annotations

import pytest

from tests.bot.language.support import params, rule_for


def test_a_death_said_as_passed_is_the_successor_rules_cue() -> None:
    # § 5-903(b): the LG candidate's death after the filing deadline; "passed" is the only
    # word for it.
    question = "our LG candidate passed this morning. does the governor candidate get to pick?"
    assert rule_for(question) == "md-successor-lt-gov"


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 5-703(e)(1): signatures from the registered voters, asked in Spanish.
        (
            "tenemos 40,000 votantes registrados en el distrito, ¿cuántas firmas?",
            "md-petition-signatures",
            {"registered_voters": "40000"},
        ),
        # § 5-703(f): when the petition is to be handed in.
        (
            "¿para cuándo tengo que entregar la petición? candidato independiente, 2028",
            "md-petition-filing",
            {"year": "2028"},
        ),
        # § 15-106(a): from what date the Fund pays out.
        (
            "fondo público 2030 — ¿desde cuándo se reparte?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
        # § 15-106(b): the Fund short of two tickets' entitlements.
        (
            "Fondo $900k. Tres boletos con derecho a $400k c/u. ¿reparto?",
            "md-public-financing-proration",
            {"fund": "900000", "entitlements": "400000;400000;400000"},
        ),
    ],
)
def test_spanish_words_reach_the_rule_and_its_values(
    question: str, rule: str, expected: dict[str, str]
) -> None:
    assert rule_for(question) == rule
    assert params(rule, question) == expected


def test_mil_shortens_million() -> None:
    # § 15-106(b): "mil" shortens million, with a decimal said in words or not.
    question = "three point two mil in the Fund; entitlements one mil and two mil. shares?"
    assert rule_for(question) == "md-public-financing-proration"
    assert params("md-public-financing-proration", question) == {
        "fund": "3200000",
        "entitlements": "1000000;2000000",
    }


def test_what_remains_is_the_fund() -> None:
    # § 15-106(d): the money remaining in the Fund for the general election.
    question = "remaining: $3M for the general, two nominee tickets. each one's share?"
    assert params("md-public-financing-general", question)["fund_remaining"] == "3000000"


def test_a_negation_carried_by_a_verb_denies_the_baltimore_city_race() -> None:
    # § 5-703(c)(3): the Baltimore City municipal deadline applies only to its candidates.
    question = (
        "Declaration of intent deadline for a 2028 petition candidate who will not appear on "
        "any Baltimore City municipal ballot?"
    )
    assert params("md-petition-declaration", question).get("baltimore_city") == "false"
