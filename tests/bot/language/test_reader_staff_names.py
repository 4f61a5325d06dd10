"""Names staff use for places, boards and districts, and the questions that only look like a
rule's: a Massachusetts district said by its county ("3rd Bristol"), Maryland's counties and
boards shortened ("MoCo", "BOE"), the Fund by its initials, a deadline that "passed", a count
of filings already made. Each decides a rule or a value its answer turns on. The phrasings here
are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.bot.language.support import TODAY, params, rule_for
from tests.support.service import packaged_service

SERVICE = packaged_service(TODAY)


def test_a_month_that_ends_a_sentence_takes_no_day_from_the_next() -> None:
    # "in March. One of its nominees": no day of March is said.
    facts = read_facts("the caucus met in March. One of its nominees withdrew.", today=TODAY)
    assert [d.value for d in facts.dates] == []


def test_a_deadline_that_passed_is_no_death() -> None:
    # § 5-903(b)(2): the candidacy filing deadline said with "already passed" is that deadline,
    # not the day of an event.
    said = params(
        "md-successor-lt-gov",
        "LG candidate files his withdrawal on March 3, 2030. The COC filing deadline already "
        "passed (Feb 26). withdrawals close March 8. successor due?",
    )
    assert said["filing_deadline"].startswith("2030-02-26")
    assert said["event_date"].startswith("2030-03-03")


def test_a_massachusetts_district_said_by_its_county_is_a_state_office() -> None:
    # c. 53, § 14, sentence 7: seventy-two week day hours for state offices.
    said = params(
        "ma-vacancy-certificate",
        "2nd Hampden special: withdrawals closed Fri 6/5/26 5pm. vacancy cert due?",
    )
    assert said["office"] == "state"


def test_a_board_of_elections_signing_off_is_no_office() -> None:
    # § 5-703(f): a petition candidate's certificate; "BOE here" is who asks.
    question = "Carroll Co. BOE here. independent hopeful for county council: 2028 COC due when?"
    assert rule_for(question) == "md-petition-certificate"


def test_a_governor_candidate_shortened_is_the_gubernatorial_election() -> None:
    # § 5-703(c): the declaration's deadline for the gubernatorial election.
    said = params("md-petition-declaration", "indie gov candidates in 2034: declaration due?")
    assert said["election"] == "gubernatorial"


def test_the_fund_by_its_initials_and_a_nominee_ticket() -> None:
    # § 15-106(d): whether the ticket took primary money, and whether it is the nominee.
    said = params(
        "md-public-financing-general",
        "our nominee ticket took no primary FCFF money. general share?",
    )
    assert said["received_primary"] == "false"
    assert said["nominee"] == "true"


@pytest.mark.parametrize(
    "question",
    [
        # A county's own program (§ 15-106 is the State's Fund).
        "MoCo public financing: council candidate got three $100 contribs. county match?",
        "HoCo citizens election fund: what's the match on a $50 donation?",
        # A count of filings already made is a lookup in the records.
        "how many petition candidate COCs came in by Aug 3?",
        "how many certificates of withdrawal were filed last week?",
        # A sitting member leaving a board is a vacancy in office, not in a nomination.
        "our caucus nominee won the town election and now wants to resign from the board. "
        "who names the replacement?",
    ],
)
def test_questions_that_only_look_like_a_rules(question: str) -> None:
    assert SERVICE.ask(question, today=date(2028, 5, 3)).status == "no_match"


@pytest.mark.parametrize(
    "question",
    [
        # A city's own program, and a council seat: § 15-106's Fund is for gubernatorial
        # tickets only.
        "Gaithersburg public campaign financing: match on a $75 gift to a council candidate?",
        # A party switch, and the withdrawal deadline itself asked to be confirmed: no rule
        # computes either.
        "indie filed her declaration but now wants to register D. can she still run?",
        "MA: last day to withdraw before the primary is 6/9 at 5, right?",
        "last day for Lt. Gov candidates to withdraw this year was March 6, yes?",
        # One percent of a number, with no petition said, counts no voters.
        "what is 1% of 80,000",
    ],
)
def test_near_misses_said_in_staff_words(question: str) -> None:
    assert SERVICE.ask(question, today=date(2026, 6, 2)).status == "no_match"


def test_a_party_primary_asked_beside_a_petition_deadline_is_set_aside() -> None:
    # § 5-703(d)(1): the petition candidate's certificate; whether they may also run in a
    # party primary is no rule's, and is set aside.
    reply = SERVICE.ask(
        "when must a petition candidate file the COC for 2030, and can they also run in a "
        "party primary if the petition falls short?",
        today=date(2029, 6, 1),
    )
    assert reply.rule == "md-petition-certificate"
    assert reply.params["year"] == "2030"


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 5-703(e)(1): one percent of the registered voters, said as the asker's working.
        (
            "1% of 71,234 = 712.34. unaffiliated petition: round up to 713?",
            "md-petition-signatures",
            {"registered_voters": "71234"},
        ),
        # § 5-703(d)(1): the petitions' closing, asked by its hour.
        ("what time on aug 3 do petitions close", "md-petition-filing", {}),
        # § 5-903(b)(2)(ii)/(iii): a disqualification, misspelled.
        (
            "LG cand was ruled inelligible on 5/20. when must the successor file?",
            "md-successor-lt-gov",
            {"event": "disqualification", "event_date": "2026-05-20"},
        ),
        # 2025 Mass. Acts c. 34 § 4 / c. 53 § 14: the special primary the nomination came
        # from; "1st Plymouth" is a state legislative district.
        (
            "1st Plymouth special: nominee from the 5/11/27 special primary withdrew. who fills?",
            "ma-vacancy-who-fills",
            {"primary_date": "2027-05-11", "office": "state", "nomination": "primary"},
        ),
    ],
)
def test_staff_words_reach_the_rule_and_its_values(
    question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=date(2026, 6, 2))
    assert reply.rule == rule
    assert {k: reply.params.get(k) for k in expected} == expected


def test_the_general_ballot_shortened_is_the_general_election() -> None:
    # § 15-106(d): a ticket unopposed in the general election.
    reply = SERVICE.ask("gov ticket unopposed on the gen ballot -- any public $?")
    assert reply.rule == "md-public-financing-general"
    assert reply.params.get("opposed") == "false"


@pytest.mark.parametrize(
    "question",
    [
        # c. 53, § 14, sentence 4 counts votes for the party's candidate for governor, not
        # another office's.
        "our nominee for state senator got 2,870 votes in town last time -- delegates?",
        # A past result and a roster, looked up.
        "what was our 2026 gov vote in ward 5? need it for the delegate math",
        "who were the delegates chosen in Ward 6 to fill the rep vacancy?",
    ],
)
def test_votes_and_delegates_no_rule_counts(question: str) -> None:
    assert SERVICE.ask(question, today=date(2027, 3, 16)).status == "no_match"


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # c. 53, § 14, sentence 4: the governor candidate's votes, the asker's answer beside.
        (
            "Healey got 2,500 here. ward cmte delegates = 5?",
            "ma-vacancy-delegates",
            {"votes": "2500"},
        ),
        # § 5-703(c), (d)(1): a two-digit year after "yr" and after a month.
        (
            "presidential yr '32, indie for US senate. declaration of intent due?",
            "md-petition-declaration",
            {"year": "2032", "election": "presidential"},
        ),
        (
            "first monday in aug '32 -- petition cands' COCs due 5pm that day?",
            "md-petition-certificate",
            {"year": "2032"},
        ),
    ],
)
def test_counts_and_years_said_in_passing(
    question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=date(2031, 3, 16))
    assert reply.rule == rule
    assert {k: reply.params.get(k) for k in expected} == expected


def test_a_contribution_from_outside_maryland_is_not_matched() -> None:
    # § 15-102(e): an eligible private contribution is a resident's; § 15-106(c) matches only
    # those, so the reply says why it does not compute one.
    reply = SERVICE.ask("$150 from a Virginia resident w/ a card -- matched?")
    assert reply.status == "not_covered"
    assert "15-102(e)" in reply.message


@pytest.mark.parametrize(
    "question",
    [
        # A breakdown of the registered voters, a town's warrant, a finance office's report,
        # when a ticket may start raising, filings counted: none is a rule's.
        "of the 48,210 registered in that district, how many are unaffiliated?",
        "town special: how many days ahead must the warrant be posted?",
        "new nominee needs an OCPF report -- when's the first one due?",
        "FCFF: earliest a 2034 gov ticket can start collecting contribution cards?",
        "# of declarations of intent filed in 2030?",
    ],
)
def test_lookups_and_other_offices_procedures(question: str) -> None:
    assert SERVICE.ask(question, today=date(2029, 6, 1)).status == "no_match"


def test_a_state_office_hyphenated_and_a_stroke() -> None:
    # c. 53, § 14: sentence 7's 72 hours for a state office; sentence 6's physical disability.
    assert params("ma-vacancy-certificate", "state-office vacancy certs (withdrawal) due?") == {
        "office": "state"
    }
    said = params("ma-vacancy-who-fills", "town candidate on papers had a stroke. who fills?")
    assert said["cause"] == "disability"


@pytest.mark.parametrize(
    "question",
    [
        # § 5-703(c)(3)(ii), (f)(2): a special election only for Representative in Congress.
        "special election for House of Delegates 12B: unaffiliated petition due when?",
        "the state senate seat in district 40 is open -- declaration of intent due for the "
        "special?",
        "special election to fill a US Senate vacancy: independent's petitions due?",
    ],
)
def test_a_special_election_for_another_office_is_not_section_5_703s(question: str) -> None:
    reply = SERVICE.ask(question, today=date(2027, 3, 16))
    assert reply.status == "no_match"
    assert "Representative in Congress" in (reply.message or "")


def test_a_special_for_a_house_seat_is_still_section_5_703s() -> None:
    # § 5-703(f)(2): petitions for the special congressional election, from its primary.
    reply = SERVICE.ask("CD-4 special: indie petition due? special primary 5/9/28")
    assert reply.rule == "md-petition-filing"
    assert reply.params.get("special_primary") == "2028-05-09"


@pytest.mark.parametrize(
    "question",
    [
        # A list of filings, a remedy for a late one, a cushion over the count, where to
        # deliver, a county's fund, a federal match, the Fund's budget: none is a rule's.
        "reporter wants a list of 2030 declarations of intent filed so far",
        "indie filed 8/5/30 at 5:02pm. two minutes late -- any cure?",
        "county exec indie, 180,000 voters: how many raw sigs to collect, given invalid rates?",
        "petitions due 8/5/30 5pm -- can they go to the county board instead of SBE?",
        "Montgomery fund has 4M; two county exec candidates each due 600k. shares?",
        "compute the federal match for a presidential campaign: 50, 75, 200",
        "how much should the budget put in the FCFF so 3 tickets can each get 3M?",
    ],
)
def test_questions_beside_a_rules_topic(question: str) -> None:
    assert SERVICE.ask(question, today=date(2029, 6, 1)).status == "no_match"


def test_money_from_the_candidates_spouse_is_not_matched_on_a_guess() -> None:
    # § 15-102(e) alone does not settle whether the candidate's family's money is an eligible
    # private contribution: not covered, with the reason.
    reply = SERVICE.ask("$80 from the candidate's spouse and $100 from a neighbor. primary match?")
    assert reply.status == "not_covered"
    assert "spouse" in (reply.message or "")


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 15-106(c): what one donor gave, written without "$".
        (
            "one donor gave 200 -- how much public money?",
            "md-public-financing-primary",
            {"contributions": "200"},
        ),
        # § 5-903(a)(1): the deadline's day with a two-digit year, then its hour.
        (
            "LG died Mon 6/17/30. primary 6/25/30; COC filing closed Feb 26 '30, 9 p.m. successor?",
            "md-successor-lt-gov",
            {"filing_deadline": "2030-02-26T21:00"},
        ),
        # c. 53, § 14, sentence 7: the certificate "filling her spot".
        (
            "one of our council candidates withdrew; withdrawals closed 10/11/29 at 5 pm. when "
            "is the certificate filling her spot due? I'd like to post it today.",
            "ma-vacancy-certificate",
            {"withdrawal_deadline": "2029-10-11T17:00"},
        ),
        # § 5-703(f)(2): the due time to confirm, with where to deliver set aside.
        (
            "Petition for the special (special primary 5/13/31) is due at 5pm that day, right? "
            "and can we hand it in at the county board instead of the SBE?",
            "md-petition-filing",
            {"special_primary": "2031-05-13"},
        ),
    ],
)
def test_sums_dates_and_asks_said_in_passing(
    question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=date(2029, 6, 1))
    assert reply.rule == rule
    assert {k: reply.params.get(k) for k in expected} == expected
