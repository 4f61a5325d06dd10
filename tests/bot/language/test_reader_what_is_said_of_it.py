"""What the words around a fact say of it: an election denied, an office's candidate, a fact
corrected with "? no" or moved "from … to …", a year remembered or asked about, a date the asker
worked out, a delivery that is no withdrawal, a word that only looks like a topic ("I recall").
Each changes a value or a rule a deadline turns on (Md. Elec. Law § 5-703(c) and (f), § 5-903(b),
§ 15-106(a); Mass. G.L. c. 53, § 14, sentence 7). The phrasings here are not the question sets'
own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import extract, params_for
from tests.support.service import packaged_service

TODAY = date(2029, 5, 1)
SERVICE = packaged_service(TODAY)


def _params(rule: str, text: str, today: date = TODAY) -> dict[str, object]:
    return params_for(rule, extract(text, today=today))


def test_a_denied_election_is_not_the_questions() -> None:
    # § 5-703(f)(1), not (f)(2): the regular general, the special congressional denied.
    text = "independent for the 2030 general (not the special congressional) - petitions due?"
    assert _params("md-petition-filing", text) == {"year": 2030, "election": "regular"}
    assert _params("md-petition-filing", "petition ddl, regular gen 2030")["election"] == "regular"


def test_a_governor_candidates_election_is_the_gubernatorial_one() -> None:
    # § 5-703(c)(3): the declaration's year is the gubernatorial election's.
    text = "unaffiliated governor candidate in 2030 - declaration of intent due?"
    assert _params("md-petition-declaration", text) == {"election": "gubernatorial", "year": 2030}


def test_none_unopposed_says_every_ticket_is_opposed() -> None:
    # § 15-106(d): whether the nominee tickets are opposed.
    text = "two nominee tickets share $6M left in the Fund; none unopposed. each gets?"
    assert _params("md-public-financing-general", text)["opposed"] is True


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # c. 53, § 14, sentence 7: the weekday said with the corrected day is checked with it.
        ("state rep withdrawals close thu 6/6? no fri 6/7 5pm. cert due?", date(2030, 6, 7)),
        # A day moved "from … to …" is the one it was moved to.
        (
            "the town moved the withdrawal deadline from 4/12 to 4/15 - replacement cert due?",
            date(2030, 4, 15),
        ),
    ],
)
def test_a_day_corrected_or_moved_is_the_new_day(text: str, day: date) -> None:
    facts = extract(text, today=date(2030, 3, 1))
    assert facts.problems == []
    assert [d.value for d in facts.dates] == [day]


def test_a_year_said_of_how_things_were_is_not_the_year_asked_about() -> None:
    # § 15-106(a): distributions for the year asked, not the year remembered.
    text = "In 2014 it was 'not later than Feb 1'. What's the rule for 2030?"
    assert _params("md-public-financing-schedule", text) == {"year": 2030}
    table = "year | due\n2026 | Aug 3\n2030 | ?\nfill in 2030 please"
    assert _params("md-petition-filing", table) == {"year": 2030}


@pytest.mark.parametrize(
    "text",
    [
        "unaffiliated, running in 2030. I have an old 2026 calendar here. when is the COC due?",
        "petition candidate COC due when in 2030? the handbook page I have is from the 2022 "
        "cycle and lists a July date",
    ],
)
def test_a_stale_papers_year_is_not_the_year_asked_about(text: str) -> None:
    # § 5-703(d)(1): the certificate's deadline in the year asked, not the old paper's year.
    assert _params("md-petition-certificate", text) == {"year": 2030}


def test_a_date_the_asker_worked_out_is_no_fact_of_the_question() -> None:
    # § 5-903(b)(2)(i): counted from the last day for withdrawals; "due 3/9" is the check.
    text = "LG nominee dropped. withdrawals closed 3/4/30 so the successor COC is due 3/9, right?"
    params = _params("md-successor-lt-gov", text)
    assert params["event"] == "withdrawal"
    assert "event_date" not in params


def test_delivering_a_filing_is_no_withdrawal() -> None:
    # § 5-703(d)(1): the certificate's deadline, asked of a candidate who delivered one.
    reply = SERVICE.ask("unaffiliated candidate dropped off her COC at 5:10pm on 8/6/30. late?")
    assert (reply.status, reply.rule) == ("answered", "md-petition-certificate")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # "I recall" is remembering, not a recall election (§ 5-703(d)(1)).
        (
            "I recall non-party candidates' certificates of candidacy were due the first Monday "
            "in August. "
            "What date is that for the 2030 general?",
            "md-petition-certificate",
        ),
        # The auditor asking is no Auditor candidate (§ 15-106(a)).
        (
            "auditor wants the statutory date 2030 Fund distributions to gov tickets could begin",
            "md-public-financing-schedule",
        ),
        # "signatures due …?" asks their day (§ 5-703(f)), not how many.
        ("independent's signatures due aug 2 2030?", "md-petition-filing"),
    ],
)
def test_words_that_only_look_like_another_topic(question: str, rule: str) -> None:
    reply = SERVICE.ask(question)
    assert (reply.status, reply.rule) == ("answered", rule)


def test_a_campaign_finance_entitys_deadline_is_not_covered() -> None:
    question = "when must an independent set up a campaign finance entity for 2030?"
    assert SERVICE.ask(question).status == "no_match"


@pytest.mark.parametrize(
    "text",
    [
        # § 5-903(a)(1), (b)(1): the § 5-303 deadline said by its hour, on the event's day.
        "our LG candidate withdrew at 11:05pm on Feb 26, 2030, after the 9pm cutoff for "
        "certs of candidacy. successor due?",
        "the LG candidate was disqualified at 9:40 p.m. on Feb 26, 2030, forty minutes after "
        "the 9 p.m. certificate-of-candidacy cutoff that same evening",
    ],
)
def test_the_candidacy_cutoff_said_by_its_hour_in_other_words(text: str) -> None:
    params = _params("md-successor-lt-gov", text)
    assert str(params["filing_deadline"]).startswith("2030-02-26 21:00")


def test_a_certificate_deadline_said_as_past_is_the_candidacy_deadline() -> None:
    # § 5-903(b)(3): counted against the § 5-303 deadline the question gives.
    text = "LG candidate died 6/2/2030. Primary 6/25/2030. Certificate deadline was 2/26/2030."
    assert str(_params("md-successor-lt-gov", text)["filing_deadline"]).startswith("2030-02-26")


@pytest.mark.parametrize(
    ("rule", "text", "office"),
    [
        # c. 53, § 14: a town board's candidate is a town office's (sentences 1 and 6).
        (
            "ma-vacancy-who-fills",
            "caucus nominee for the board of assessors died - who fills?",
            "town",
        ),
        # Sentence 7's 72 hours: a state primary's offices are state offices.
        (
            "ma-vacancy-certificate",
            "state primary withdrawals closed 6/7/30 5pm - cert due?",
            "state",
        ),
        (
            "ma-vacancy-certificate",
            "state sen candidate withdrew, withdrawals closed 6/7/30",
            "state",
        ),
    ],
)
def test_the_level_of_the_office_in_other_words(rule: str, text: str, office: str) -> None:
    assert _params(rule, text)["office"] == office


@pytest.mark.parametrize(
    "text",
    [
        "bmore city 2032 council indep - declaration of intent?",
        "unaffiliated mayoral candidate in baltimore, 2032 - declaration of intent?",
    ],
)
def test_baltimore_citys_municipal_race_in_other_words(text: str) -> None:
    # § 5-703(c): Baltimore City's municipal candidates are § 5-703's.
    assert _params("md-petition-declaration", text)["baltimore_city"] is True


@pytest.mark.parametrize(
    "text",
    [
        "unaffiliated in the cong special - declaration of intent due?",
        "walk-in asking about the CD special, unaffiliated - declaration of intent?",
        "vacancy in MD-3; the proclamation sets filing at 5 pm on 4/2/2030. declaration due?",
    ],
)
def test_a_special_congressional_election_in_other_words(text: str) -> None:
    # § 5-703(c)(2): the declaration in a special congressional election.
    assert _params("md-petition-declaration", text)["election"] == "special-congressional"


def test_an_event_denied_with_an_article_is_no_event() -> None:
    # c. 53, § 14, sentence 6: a disability, the death denied.
    facts = extract(
        "not a death - a physical disability. town candidate on papers. who fills?", today=TODAY
    )
    assert facts.cause == "disability"


def test_a_correction_naming_only_the_value_taken_back() -> None:
    # c. 53, § 14, sentence 4: the corrected votes.
    assert _params(
        "ma-vacancy-delegates", "Correction: the governor got 2,410 not 2,140. delegates?"
    ) == {"votes": 2410}


def test_a_year_before_the_votes_is_their_year_not_their_number() -> None:
    facts = extract(
        "what was our 2026 gov vote in ward 5? it's for the delegate count", today=TODAY
    )
    assert [n.value for n in facts.numbers if n.role == "votes"] == []


@pytest.mark.parametrize(
    "question",
    [
        # Certifying election results: no rule times it.
        "2030 review: on what date did the State Board certify the primary results?",
        "when were the 2030 primary results certified? the general money went out then",
    ],
)
def test_certifying_results_is_not_covered(question: str) -> None:
    assert SERVICE.ask(question).status == "no_match"


def test_a_side_question_joined_by_and_did_or_and_was() -> None:
    # § 5-703(d)(1): the certificate's deadline, the fee question set aside.
    reply = SERVICE.ask(
        "unaffiliated candidate for delegate filed her COC Aug 5 2030 - late? and was the fee "
        "waived for her?"
    )
    assert (reply.status, reply.rule) == ("answered_in_part", "md-petition-certificate")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # § 15-106(d)(4): no primary public contribution, and whether it is the nominee.
        (
            "ticket took no public money in the primary but now it's the nominee. general $?",
            {"received_primary": False, "nominee": True},
        ),
        (
            "we didnt get primary $ and isnt the nominee. any general share?",
            {"received_primary": False, "nominee": False},
        ),
        (
            "we're the D nominee now and got no primary contribution. general?",
            {"received_primary": False, "nominee": True},
        ),
        # § 15-106(d)(3): nobody running against the ticket is unopposed.
        (
            "our ticket won the primary and nobody's running against them in Nov. general $?",
            {"opposed": False, "nominee": True},
        ),
    ],
)
def test_a_tickets_general_election_facts_in_everyday_words(
    text: str, said: dict[str, bool]
) -> None:
    params = _params("md-public-financing-general", text)
    assert {k: params.get(k) for k in said} == said


@pytest.mark.parametrize(
    ("text", "deadline"),
    [
        # § 5-903(a)(1): the event's hour is the event's; the § 5-303 deadline keeps its own.
        (
            "the LG candidate died at 11:15 pm on Feb 26, 2030, the COC deadline day "
            "(deadline 9 pm)",
            "2030-02-26 21:00",
        ),
        (
            "our LG candidate withdrew around 10 pm on Feb 26, 2030, the filing deadline day, "
            "after the 9 o'clock cutoff",
            "2030-02-26 21:00",
        ),
        # With no hour said for the deadline, none is guessed: the day alone, whose hour the
        # rule asks for.
        ("the LG candidate died at 11:15 pm on Feb 26, 2030, the COC deadline day", "2030-02-26"),
    ],
)
def test_an_hour_said_between_the_event_and_the_deadlines_day_is_the_events(
    text: str, deadline: str | None
) -> None:
    params = _params("md-successor-lt-gov", text)
    assert str(params["event_date"]).startswith("2030-02-26 2")
    assert (
        str(params["filing_deadline"])[:16] if "filing_deadline" in params else None
    ) == deadline


@pytest.mark.parametrize(
    ("rule", "text", "deadline"),
    [
        # c. 53, § 14, sentence 7 counts from the last day for filing withdrawals: a day said
        # of the withdrawal and then named as that last day is that last day too.
        (
            "ma-vacancy-certificate",
            "MA nominee for state senate pulled out Sept 9 2030, the last day for withdrawals. "
            "when's the vacancy certificate due?",
            "2030-09-09",
        ),
        # § 5-903(b)(2)(i) counts from the withdrawal deadline; the hour said is the
        # withdrawal's, and the deadline is a day.
        (
            "md-successor-lt-gov",
            "LG candidate withdrew at 4:40 pm on March 8, 2030, also the withdrawal deadline. "
            "successor cert due when?",
            "2030-03-08",
        ),
        # The candidacy cutoff's hour said elsewhere is not the withdrawal deadline's.
        (
            "md-successor-lt-gov",
            "the LG candidate withdrew at 10:30 pm on March 8 2030 withdrawal deadline day "
            "(COC cutoff 9 pm). successor?",
            "2030-03-08",
        ),
    ],
)
def test_a_day_named_again_as_a_deadline_is_that_deadline_too(
    rule: str, text: str, deadline: str
) -> None:
    assert str(_params(rule, text)["withdrawal_deadline"]) == deadline


def test_an_events_hour_is_never_the_candidacy_deadlines_hour() -> None:
    # § 5-903(a)(1): 10:45 pm is the death's; § 5-303's cutoff hour is not guessed from it:
    # the deadline is the day alone, and the rule asks its hour.
    text = "LG nominee died 10:45 pm Feb 26 2030, the COC deadline. primary 6/25/30. successor?"
    params = _params("md-successor-lt-gov", text)
    assert str(params["event_date"]).startswith("2030-02-26 22:45")
    assert str(params["filing_deadline"]) == "2030-02-26"
    reply = SERVICE.ask(text)
    assert reply.status == "needs_input"
    assert reply.result is not None and reply.result.missing == ["filing_deadline"]


@pytest.mark.parametrize(
    "question",
    [
        # How a filing is delivered, when ballots go to print, the votes needed to win, a
        # voter's registration deadline: none is a deadline, count or amount a rule computes.
        "unaffiliated candidate's COC for 2030: in person only, or can she mail it?",
        "when do the Nov 5 2030 ballots go to the printer?",
        "at the vacancy meeting with 11 delegates present, how many votes does a candidate need?",
        "new nominee goes on the Nov ballot; last day for voters to register for that election?",
    ],
)
def test_near_misses_about_delivery_printing_winning_and_registering(question: str) -> None:
    assert SERVICE.ask(question).status == "no_match"


def test_delegates_counted_at_a_meeting_are_no_votes_cast() -> None:
    # c. 53, § 14, sentence 4 counts the votes for governor, never the delegates present.
    facts = extract("vacancy meeting, 12 delegates present - delegates for the ward?", today=TODAY)
    assert "votes" not in _params("ma-vacancy-delegates", "vacancy meeting, 12 delegates present")
    assert [n.role for n in facts.numbers] == ["delegates"]


def test_a_new_partys_own_candidates_are_not_petition_candidates() -> None:
    # § 5-703 times unaffiliated candidates' petitions, not a new party's nominations.
    question = "petition deadline for a newly recognized party's candidates in 2030?"
    assert SERVICE.ask(question).status == "no_match"


def test_the_deadlines_hour_said_of_that_night_joins_the_day_said() -> None:
    # § 5-903(a)(1) turns on the minute: the hour said of "that night" is the deadline's.
    params = _params(
        "md-successor-lt-gov",
        "LG quit 2/26/30 @ 9:25pm; filing closed at 9:00 pm that night (Feb 26). successor?",
    )
    assert str(params["filing_deadline"]).startswith("2030-02-26 21:00")
    assert str(params["event_date"]).startswith("2030-02-26 21:25")


@pytest.mark.parametrize(
    ("rule", "text", "param", "value"),
    [
        # § 5-703(c)(3): the certificate's deadline said right after it, in parentheses.
        (
            "md-petition-declaration",
            "decl of intent for a non-party HoD candidate, 2030. due w/ the COC (2/26/30, 9pm)?",
            "coc_deadline",
            "2030-02-26 21:00",
        ),
        # § 5-903(a)(1): the cutoff's hour said of that day.
        (
            "md-successor-lt-gov",
            "LG candidate died on 2/26/30, hour unknown. the COC cutoff was 9 pm that day.",
            "filing_deadline",
            "2030-02-26 21:00",
        ),
        # § 5-903(b)(2)(ii): "certs closed" is the candidacy deadline.
        (
            "md-successor-lt-gov",
            "running mate DQ'd 5/20/30; primary 6/25/30; certs closed Feb 26 '30. due?",
            "filing_deadline",
            "2030-02-26",
        ),
        # c. 53, § 14, sentence 7: withdrawals for a named election closed that day.
        (
            "ma-vacancy-certificate",
            "withdrawals for our annual town election closed Thu 3/14/30 at 5pm. cert due?",
            "withdrawal_deadline",
            "2030-03-14 17:00",
        ),
    ],
)
def test_a_deadline_said_beside_its_filing(rule: str, text: str, param: str, value: str) -> None:
    assert str(_params(rule, text)[param]).startswith(value)


def test_the_withdrawal_deadline_asked_with_an_aside_is_out_of_scope() -> None:
    # No rule computes the last day to withdraw itself (c. 53, § 14 counts from it).
    question = (
        "MA town election 4/7/30: last day for a candidate to withdraw (not to replace them)?"
    )
    assert SERVICE.ask(question).status == "no_match"
