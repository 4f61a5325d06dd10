"""Everyday and mixed-language wording reaches the rule and its values: Spanish words staff mix
in, "mil" for million, a negation carried by a verb ("will not appear on any …"), shorthand,
plain descriptions of a filing, and dates and kinds of election said in staff words. The
phrasings here are not the question sets' own."""

from __future__ import annotations

import pytest

from tests.bot.language.support import params, rule_for


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


@pytest.mark.parametrize(
    "question",
    [
        # § 5-903(b) is only the LG candidate's successor: here the Comptroller candidate
        # withdrew, and the running mate is named only for comparison.
        "Our Comptroller candidate withdrew last week. Can the party pick a successor the way "
        "a governor candidate does for a running mate, and by when?",
        # A state senate nominee's vacancy, with the LG named only to say it isn't the LG's.
        "A state senate nominee in Maryland died after the primary. Who fills the slot? Not a "
        "lieutenant governor, just the senate race.",
    ],
)
def test_a_successor_for_another_offices_candidate_is_not_the_lg_rules(question: str) -> None:
    assert rule_for(question) != "md-successor-lt-gov"


def test_money_given_back_to_the_fund_is_not_a_fund_rule() -> None:
    # § 15-106 times distributions from the Fund, not what a ticket returns to it.
    question = "when must a ticket give its unspent public money back to the Fund after November?"
    assert rule_for(question) is None


def test_the_nth_weekday_of_a_month_is_a_date() -> None:
    # § 5-703(g): the petition for a special congressional election, timed from its primary.
    question = (
        "the special congressional primary falls on the second Tuesday of June. when is an "
        "independent's petition due?"
    )
    assert params("md-petition-filing", question)["special_primary"] == "2026-06-09"


def test_filing_closes_names_the_certificate_deadline_not_the_primary_after_it() -> None:
    # § 5-903(a)(1): the successor rule counts from the certificate of candidacy deadline.
    question = (
        "2030 hypothetical: filing closes Feb 26, 2030 at 9 p.m., primary is June 25, 2030. "
        "LG candidate dies April 2, 2030 — successor deadline?"
    )
    got = params("md-successor-lt-gov", question)
    assert got["filing_deadline"] == "2030-02-26T21:00"
    assert got["primary"] == "2030-06-25"


def test_a_staff_member_who_only_asks_is_not_the_question() -> None:
    # § 5-903(b): the LG candidate withdrew; the campaign manager only asks.
    question = (
        "The LG candidate withdrew Thursday. Our campaign manager wants to know the deadline "
        "to file the successor's certificate."
    )
    assert rule_for(question) == "md-successor-lt-gov"
    # The staff member's own departure is still not an LG successor question.
    assert rule_for("our campaign manager quit; deadline to name a replacement?") is None


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(c): the petition candidate's first filing, in plain words.
        (
            "I'm running as an independent. What's the first form I file, and by when?",
            "md-petition-declaration",
        ),
        # § 5-703(d): a candidate "without a party" is a petition candidate.
        (
            "running for county council without a party — when is my certificate of candidacy due?",
            "md-petition-certificate",
        ),
        # § 5-703(d), cited as "subsection (d) of 5-703".
        (
            "Under subsection (d) of 5-703, when is the petition candidate's filing due in 2030?",
            "md-petition-certificate",
        ),
    ],
)
def test_plain_descriptions_and_spelled_out_citations_reach_the_rule(
    question: str, rule: str
) -> None:
    assert rule_for(question) == rule


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # c. 53, § 14, sentence 7: the registrars are only who wants the date.
        (
            "Last day for withdrawals is Friday, June 5, state office. When are vacancy "
            "certificates due? The registrars are planning their week.",
            "ma-vacancy-certificate",
        ),
        # Sentence 7 in a clerk's shorthand.
        ("wd dl 6/5 5pm, st office — vac certs due when?", "ma-vacancy-certificate"),
        # § 5-703(g) in shorthand.
        ("spec cong elec, spec primary 7/14 — petition dl?", "md-petition-filing"),
        # § 15-106(c): the Fund's match, asked as "public dollars?" or "state's share?".
        (
            "Opposed ticket, contributions of $15 and $45. Public dollars?",
            "md-public-financing-primary",
        ),
        ("unopposed, $600k eligible private. state's share?", "md-public-financing-primary"),
        # § 5-703(f): the petition, as its papers or its signatures.
        ("unaffiliated candidate's petition papers — due when in 2028?", "md-petition-filing"),
        (
            "what was the deadline for an independent's petition signatures in 2022?",
            "md-petition-filing",
        ),
    ],
)
def test_shorthand_and_plain_names_of_what_is_asked_reach_the_rule(
    question: str, rule: str
) -> None:
    assert rule_for(question) == rule


@pytest.mark.parametrize(
    "question",
    [
        # Objections to a § 14 certificate are timed elsewhere (sentence 8 only opens them).
        "how many days do voters get to object to a vacancy certificate?",
        # Changing one's own party registration to run by petition: not a § 5-703 deadline.
        "by when must I change to unaffiliated to petition onto the 2028 ballot?",
        # The Legislature's budget for the Fund, not a § 15-106 distribution.
        "how much did the legislature put into the public financing fund this fiscal year?",
    ],
)
def test_neighbouring_questions_in_the_rules_words_are_not_answered(question: str) -> None:
    assert rule_for(question) is None


def test_a_polling_place_named_as_an_address_does_not_veto_the_question() -> None:
    # c. 53, § 14, sentence 6: delegates by the votes for governor; the polling place is only
    # where the ward votes, and its street number is no count.
    question = "Ward 4 (polling place at 12 Oak St): governor got 2,480 votes. How many delegates?"
    assert rule_for(question) == "ma-vacancy-delegates"
    assert params("ma-vacancy-delegates", question) == {"votes": "2480"}


def test_zip_codes_and_phone_numbers_are_not_counts() -> None:
    # § 5-703(e): the one count is the registered voters.
    question = "caller (zip 21401, phone 410 555 0199): 48,200 registered voters. how many sigs?"
    assert params("md-petition-signatures", question) == {"registered_voters": "48200"}


def test_dropping_off_ones_signature_sheets_delivers_the_petition() -> None:
    # § 5-703(f): handing in the petition, not withdrawing.
    question = "how late can I drop off my signature sheets? I'm an independent running in 2026"
    assert rule_for(question) == "md-petition-filing"


def test_a_ticket_unopposed_in_november_asks_the_general_share() -> None:
    # § 15-106(d)(3): an unopposed ticket gets no general-election contribution.
    assert rule_for("ticket is unopposed in the general. any general election money?") == (
        "md-public-financing-general"
    )


def test_one_cue_names_one_date() -> None:
    # § 5-903(a)(1), (b)(2): the § 5-303 deadline and the primary, each said with its own
    # date; "primary" is June 23's word, so the earlier date is not a second primary.
    question = (
        "Say the § 5-303 certificate deadline was 9 p.m. on Feb. 24, 2026 and the primary "
        "falls on June 23, 2026. The LG candidate withdrew April 20, 2026. Successor deadline?"
    )
    got = params("md-successor-lt-gov", question)
    assert got["filing_deadline"] == "2026-02-24T21:00"
    assert got["primary"] == "2026-06-23"


def test_a_veto_must_be_said_as_written_not_corrected_onto_it() -> None:
    # § 15-106(b): "as written in 2014" is no write-in question ("written" is not "writein").
    question = (
        "Under the statute as written in 2014: the Fund has $2M and the tickets' full "
        "contributions would be $1.5M and $1M. Each ticket's share?"
    )
    assert rule_for(question) == "md-public-financing-proration"
    # A write-in question is still vetoed.
    assert rule_for("deadline for a write-in candidate to file in 2026?") is None


def test_the_cap_on_delegates_asks_their_number() -> None:
    # c. 53, § 14, sentence 6: how many delegates a ward committee may choose.
    question = "Governor got 1,650 votes in our ward. What is the cap on delegates we may choose?"
    assert rule_for(question) == "ma-vacancy-delegates"


def test_whether_a_rule_applies_is_its_own_answer() -> None:
    # § 5-903(a)(1): a disqualification before the filing deadline is not covered, and the
    # rule's answer says so.
    question = (
        "Our LG candidate was disqualified January 20, 2026, before filing closed. Does the "
        "successor rule even apply?"
    )
    assert rule_for(question) == "md-successor-lt-gov"


@pytest.mark.parametrize(
    ("question", "rule", "key", "value"),
    [
        # § 5-903(a)(1): "COC cutoff" and "cert deadline" name the § 5-303 deadline.
        (
            "LG died 6/12/30, primary 6/25/30, COC cutoff 2/26/30. Successor deadline?",
            "md-successor-lt-gov",
            "filing_deadline",
            "2030-02-26",
        ),
        # § 5-703(c): "cert of candidacy cutoff" is the certificate of candidacy deadline.
        (
            "Baltimore City council, unaffiliated, 2028: the cert of candidacy cutoff is January "
            "21, 2028 at 9 pm. Declaration of intent due when?",
            "md-petition-declaration",
            "coc_deadline",
            "2028-01-21T21:00",
        ),
        # § 5-703(c): a gubernatorial year said in staff shorthand.
        (
            "decl. of intent deadline, unaffil. county exec, 2030 gub yr",
            "md-petition-declaration",
            "election",
            "gubernatorial",
        ),
        # § 5-703(f): the regular cycle.
        (
            "Regular 2028 cycle: petition filing deadline for an independent?",
            "md-petition-filing",
            "election",
            "regular",
        ),
        # § 5-703(g): "Tuesday the 6th of June 2028".
        (
            "If the special congressional primary is Tuesday the 6th of June 2028, when is an "
            "independent's petition due?",
            "md-petition-filing",
            "special_primary",
            "2028-06-06",
        ),
        # c. 53, § 14: a nominee of the state primary, named with its date and state.
        (
            "Our nominee from the Sept 1, 2026 Massachusetts state primary died. Who fills it?",
            "ma-vacancy-who-fills",
            "nomination",
            "primary",
        ),
        # § 15-106(a): the year of the date the asker writes.
        (
            "Distributions start by February 1 of the election year, so Feb 1, 2030 for us?",
            "md-public-financing-schedule",
            "year",
            "2030",
        ),
    ],
)
def test_dates_and_kinds_said_in_staff_words(
    question: str, rule: str, key: str, value: str
) -> None:
    assert rule_for(question) == rule
    assert params(rule, question)[key] == value


def test_a_date_said_before_a_cue_it_is_placed_after_is_not_the_cues() -> None:
    # § 5-903(a)(1): the withdrawal came after the filing cutoff; its date is the event's,
    # and the cutoff "that night" is the same day at its own hour.
    question = (
        "The LG candidate's withdrawal was stamped 10:30 p.m. on Feb. 24, 2026, after the 9 p.m. "
        "filing cutoff that night. Successor deadline?"
    )
    got = params("md-successor-lt-gov", question)
    assert got["event_date"] == "2026-02-24T22:30"
    assert got["filing_deadline"] == "2026-02-24T21:00"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(e)(1): whether the 1% rounds up is part of the count's answer.
        (
            "District has 2,000,050 voters. Minimum signatures, and does the 1% round up?",
            "md-petition-signatures",
        ),
        # § 5-703(f): "was due when" asks when, not whether.
        ("Petition w/ signatures for a 2028 indep — was due when exactly?", "md-petition-filing"),
        # § 15-106(d)(3): an unopposed ticket and the general-election distribution.
        (
            "Unopposed in November — does the ticket still get a general-election distribution?",
            "md-public-financing-general",
        ),
    ],
)
def test_what_is_asked_in_a_few_words(question: str, rule: str) -> None:
    assert rule_for(question) == rule


@pytest.mark.parametrize(
    "question",
    [
        # The withdrawal deadline itself (c. 53 § 13 / the special act), not sentence 7.
        "last day to withdraw from a nomination won on Tuesday?",
        # What a § 14 certificate must contain, said not to be its deadline.
        "What must a vacancy certificate contain? Not asking when it's due, just what goes on it.",
    ],
)
def test_questions_beside_the_rules_are_not_answered(question: str) -> None:
    assert rule_for(question) is None
