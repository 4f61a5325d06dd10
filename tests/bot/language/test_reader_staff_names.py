"""Names staff use for places, boards and districts, and the questions that only look like a
rule's: a Massachusetts district said by its county ("3rd Bristol"), Maryland's counties and
boards shortened ("MoCo", "BOE"), the Fund by its initials, a deadline that "passed", a count
of filings already made. Each decides a rule or a value its answer turns on. The phrasings here
are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from tests.bot.language.support import TODAY
from tests.support.service import packaged_service

SERVICE = packaged_service(TODAY)


def test_a_month_that_ends_a_sentence_takes_no_day_from_the_next() -> None:
    # "in March. One of its nominees": no day of March is said.
    facts = read_facts("the caucus met in March. One of its nominees withdrew.", today=TODAY)
    assert [d.value for d in facts.dates] == []


@pytest.mark.parametrize(
    ("day", "question", "rule", "expected"),
    [
        # § 5-903(b)(2): the candidacy filing deadline said with "already passed" is that
        # deadline, not the day of an event.
        (
            TODAY,
            "LG candidate files his withdrawal on March 3, 2030. The COC filing deadline already "
            "passed (Feb 26). withdrawals close March 8. successor due?",
            "md-successor-lt-gov",
            {"filing_deadline": "2030-02-26", "event_date": "2030-03-03"},
        ),
        # c. 53, § 14, sentence 7: seventy-two week day hours for a state office, the district
        # said by its county; "state-office" hyphenated.
        (
            TODAY,
            "2nd Hampden special: withdrawals closed Fri 6/5/26 5pm. vacancy cert due?",
            "ma-vacancy-certificate",
            {"office": "state"},
        ),
        (
            TODAY,
            "state-office vacancy certs (withdrawal) due?",
            "ma-vacancy-certificate",
            {"office": "state"},
        ),
        # c. 53, § 14, sentence 6: a physical disability, said as a stroke.
        (
            TODAY,
            "town candidate on papers had a stroke. who fills?",
            "ma-vacancy-who-fills",
            {"cause": "disability"},
        ),
        # § 5-703(d)(1): a petition candidate's certificate; "BOE here" is who asks.
        (
            date(2027, 6, 1),
            "Carroll Co. BOE here. independent hopeful for county council: 2028 COC due when?",
            "md-petition-certificate",
            {"year": "2028"},
        ),
        # § 5-703(c): the declaration's deadline for the gubernatorial election.
        (
            TODAY,
            "indie gov candidates in 2034: declaration due?",
            "md-petition-declaration",
            {"election": "gubernatorial"},
        ),
        # § 15-106(d): whether the ticket took primary money, and whether it is the nominee;
        # a ticket unopposed on the general ballot, shortened.
        (
            TODAY,
            "our nominee ticket took no primary FCFF money. general share?",
            "md-public-financing-general",
            {"received_primary": "false", "nominee": "true"},
        ),
        (
            TODAY,
            "gov ticket unopposed on the gen ballot -- any public $?",
            "md-public-financing-general",
            {"opposed": "false"},
        ),
        # § 5-703(e)(1): one percent of the registered voters, said as the asker's working.
        (
            date(2026, 6, 2),
            "1% of 71,234 = 712.34. unaffiliated petition: round up to 713?",
            "md-petition-signatures",
            {"registered_voters": "71234"},
        ),
        # § 5-703(d)(1): the petitions' closing, asked by its hour.
        (date(2026, 6, 2), "what time on aug 3 do petitions close", "md-petition-filing", {}),
        # § 5-903(b)(2)(ii)/(iii): a disqualification, misspelled.
        (
            date(2026, 6, 2),
            "LG cand was ruled inelligible on 5/20. when must the successor file?",
            "md-successor-lt-gov",
            {"event": "disqualification", "event_date": "2026-05-20"},
        ),
        # 2025 Mass. Acts c. 34 § 4 / c. 53 § 14: the special primary the nomination came
        # from; "1st Plymouth" is a state legislative district.
        (
            date(2026, 6, 2),
            "1st Plymouth special: nominee from the 5/11/27 special primary withdrew. who fills?",
            "ma-vacancy-who-fills",
            {"primary_date": "2027-05-11", "office": "state", "nomination": "primary"},
        ),
        # c. 53, § 14, sentence 4: the governor candidate's votes, the asker's answer beside.
        (
            date(2031, 3, 16),
            "Healey got 2,500 here. ward cmte delegates = 5?",
            "ma-vacancy-delegates",
            {"votes": "2500"},
        ),
        # § 5-703(c), (d)(1): a two-digit year after "yr" and after a month.
        (
            date(2031, 3, 16),
            "presidential yr '32, indie for US senate. declaration of intent due?",
            "md-petition-declaration",
            {"year": "2032", "election": "presidential"},
        ),
        (
            date(2031, 3, 16),
            "first monday in aug '32 -- petition cands' COCs due 5pm that day?",
            "md-petition-certificate",
            {"year": "2032"},
        ),
        # § 5-703(d)(1): the certificate's deadline; whether they may also run in a party
        # primary is no rule's, and is set aside.
        (
            date(2029, 6, 1),
            "when must a petition candidate file the COC for 2030, and can they also run in a "
            "party primary if the petition falls short?",
            "md-petition-certificate",
            {"year": "2030"},
        ),
        # § 15-106(c): what one donor gave, written without "$".
        (
            date(2029, 6, 1),
            "one donor gave 200 -- how much public money?",
            "md-public-financing-primary",
            {"contributions": "200"},
        ),
        # § 5-903(a)(1): the deadline's day with a two-digit year, then its hour.
        (
            date(2029, 6, 1),
            "LG died Mon 6/17/30. primary 6/25/30; COC filing closed Feb 26 '30, 9 p.m. successor?",
            "md-successor-lt-gov",
            {"filing_deadline": "2030-02-26T21:00"},
        ),
        # c. 53, § 14, sentence 7: the certificate "filling her spot".
        (
            date(2029, 6, 1),
            "one of our council candidates withdrew; withdrawals closed 10/11/29 at 5 pm. when "
            "is the certificate filling her spot due? I'd like to post it today.",
            "ma-vacancy-certificate",
            {"withdrawal_deadline": "2029-10-11T17:00"},
        ),
        # § 5-703(f)(2): the due time to confirm, with where to deliver set aside; a special
        # for a House seat is still § 5-703's.
        (
            date(2029, 6, 1),
            "Petition for the special (special primary 5/13/31) is due at 5pm that day, right? "
            "and can we hand it in at the county board instead of the SBE?",
            "md-petition-filing",
            {"special_primary": "2031-05-13"},
        ),
        (
            TODAY,
            "CD-4 special: indie petition due? special primary 5/9/28",
            "md-petition-filing",
            {"special_primary": "2028-05-09"},
        ),
        # § 5-703(e)(1): the district's number is no count of voters.
        (
            TODAY,
            "CD-6 registered voters: 498,120. indie sigs needed?",
            "md-petition-signatures",
            {"registered_voters": "498120"},
        ),
        # c. 53, § 14, sentences 4–5: the governor candidate's votes, said without "votes";
        # the asker's two guesses aside.
        (
            date(2028, 6, 20),
            "only precincts 1 and 4 of the town sit in the district, and they gave our gov "
            "nominee 1,310. delegates?",
            "ma-vacancy-delegates",
            {"votes": "1310", "partial_district": "true"},
        ),
        (
            date(2028, 6, 20),
            "those two precincts cast 940 for our party's candidate for governor. delegates?",
            "ma-vacancy-delegates",
            {"votes": "940"},
        ),
        (
            date(2028, 6, 20),
            "our gov nominee got exactly 2,500 here last state election. 5 delegates or 6?",
            "ma-vacancy-delegates",
            {"votes": "2500"},
        ),
        # § 15-106(c): so many donors at one sum each, written without "$".
        (
            date(2026, 4, 14),
            "three donors at 40 each -- public match?",
            "md-public-financing-primary",
            {"contributions": "40;40;40"},
        ),
        # § 5-703(c)(3): the election's year, from its general election's date.
        (
            date(2026, 4, 14),
            "declaration of intent for a petition candidate, gov race w/ general 11/5/30?",
            "md-petition-declaration",
            {"year": "2030"},
        ),
        # c. 53, § 14, sentence 7: the withdrawal deadline said across a dash.
        (
            date(2026, 4, 14),
            "post-primary state rep withdrawal — deadline 9/4 noon. vacancy certs due?",
            "ma-vacancy-certificate",
            {"withdrawal_deadline": "2026-09-04T12:00"},
        ),
        # c. 53, § 14, sentence 2: removed for insufficient signatures, said as "tossed".
        (
            date(2026, 4, 14),
            "MA: LG candidate on papers was tossed for insufficient signatures. who fills?",
            "ma-vacancy-who-fills",
            {"cause": "disqualification-insufficient-signatures"},
        ),
        # § 5-703(c)(3): a day to confirm, reported ("asks whether"), the fee set aside.
        (
            date(2026, 10, 20),
            "a reporter asks whether July 6 was the last day for an unaffiliated candidate's "
            "declaration of intent this year, and whether the board charged a fee. Confirm?",
            "md-petition-declaration",
            {"year": "2026"},
        ),
        (
            date(2028, 6, 20),
            "Mon 7/3 is the decl of intent deadline for 2028 petition folks, right? and no fee?",
            "md-petition-declaration",
            {"year": "2028"},
        ),
        # § 5-903(b)(2)(ii): a court's order said as what happened asks nothing about it.
        (
            date(2026, 4, 21),
            "On April 20, 2026 the circuit court found our LG candidate disqualified. COC "
            "deadline was Feb 24, 2026 9 pm; primary June 23, 2026. successor's COC due?",
            "md-successor-lt-gov",
            {"event": "disqualification", "event_date": "2026-04-20"},
        ),
        # § 15-106(b): the Comptroller who asks ("Comptroller liaison") is no candidate's office.
        (
            date(2030, 5, 4),
            "From: Comptroller liaison\nFund balance $4.4M; three tickets owed $2M, $1.8M and "
            "$1.5M. Prorated shares?",
            "md-public-financing-proration",
            {"fund": "4400000", "entitlements": "2000000;1800000;1500000"},
        ),
        # § 15-107(b) (current text): "Comptroller's question" says who asks, not whose ticket.
        (
            date(2029, 3, 4),
            "Comptroller's question for the 2030 cycle: when may the first Fund distribution go "
            "out?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
        # § 15-106(b): an office's staff at work ("the Comptroller's office has certified …")
        # is the agency, not a Comptroller candidate.
        (
            date(2030, 5, 4),
            "The Comptroller's office has certified $1.9M in the Fund. Two eligible tickets are "
            "owed $1.2M apiece. What does each one get?",
            "md-public-financing-proration",
            {"fund": "1900000", "entitlements": "1200000;1200000"},
        ),
        # § 15-106(b): an office by its formal name ("Office of the Comptroller") is the agency.
        (
            date(2030, 5, 4),
            "Office of the Comptroller says the Fund holds $3M; tickets owed $2M and $2M. prorate?",
            "md-public-financing-proration",
            {"fund": "3000000", "entitlements": "2000000;2000000"},
        ),
        # § 15-106(b): the office a figure comes from ("from the Comptroller") is no ticket's.
        (
            date(2030, 5, 4),
            "Fund balance per the Comptroller: $3.3M. Two tickets owed $2M each. Shares?",
            "md-public-financing-proration",
            {"fund": "3300000", "entitlements": "2000000;2000000"},
        ),
        # § 15-107(c) (current text): what raised money "translates into" is what it comes to.
        (
            date(2029, 8, 15),
            "They have $52,000 in eligible private contributions so far. What does that translate "
            "into in public money for the primary?",
            "md-public-financing-primary",
            {"private_contributions": "52000"},
        ),
        # c. 53, § 14, sentence 7: "a withdrawal from the board of health race" names the
        # town office, never a source.
        (
            date(2027, 3, 20),
            "we had a withdrawal from the board of health race; withdrawals closed Wed March 24 "
            "at 5. when is the replacement certificate due?",
            "ma-vacancy-certificate",
            {"office": "town"},
        ),
    ],
)
def test_staff_words_reach_the_rule_and_its_values(
    day: date, question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=day)
    assert reply.rule == rule
    assert {k: reply.params.get(k, "")[: len(v)] for k, v in expected.items()} == expected


@pytest.mark.parametrize(
    ("day", "question"),
    [
        # A county's or a city's own program, or a council seat: § 15-106's Fund is the
        # State's, for gubernatorial tickets only.
        (date(2028, 5, 3), "MoCo public financing: council candidate got three $100 contribs?"),
        (date(2028, 5, 3), "HoCo citizens election fund: what's the match on a $50 donation?"),
        (date(2026, 6, 2), "Gaithersburg public campaign financing: match on a $75 gift?"),
        (date(2029, 6, 1), "Montgomery fund has 4M; two county exec candidates each due 600k?"),
        (date(2029, 6, 1), "compute the federal match for a presidential campaign: 50, 75, 200"),
        (date(2029, 6, 1), "how much should the budget put in the FCFF so 3 tickets get 3M?"),
        # Counts, lists and breakdowns in the records.
        (date(2028, 5, 3), "how many petition candidate COCs came in by Aug 3?"),
        (date(2028, 5, 3), "how many certificates of withdrawal were filed last week?"),
        (date(2029, 6, 1), "# of declarations of intent filed in 2030?"),
        (date(2029, 6, 1), "reporter wants a list of 2030 declarations of intent filed so far"),
        (date(2029, 6, 1), "of the 48,210 registered in that district, how many are unaffiliated?"),
        (date(2027, 3, 16), "what was our 2026 gov vote in ward 5? need it for the delegate math"),
        (date(2027, 3, 16), "who were the delegates chosen in Ward 6 to fill the rep vacancy?"),
        # c. 53, § 14, sentence 4 counts votes for the party's candidate for governor.
        (date(2027, 3, 16), "our nominee for state senator got 2,870 votes in town -- delegates?"),
        # A sitting member leaving a board is a vacancy in office, not in a nomination.
        (
            date(2028, 5, 3),
            "our caucus nominee won the town election and now wants to resign from the board. "
            "who names the replacement?",
        ),
        # A party switch; the withdrawal deadline itself, asked to be confirmed.
        (date(2026, 6, 2), "indie filed her declaration but now wants to register D. can she run?"),
        (date(2026, 6, 2), "MA: last day to withdraw before the primary is 6/9 at 5, right?"),
        (
            date(2026, 6, 2),
            "last day for Lt. Gov candidates to withdraw this year was March 6, yes?",
        ),
        # One percent of a number, with no petition said, counts no voters.
        (date(2026, 6, 2), "what is 1% of 80,000"),
        # A warrant, a finance office's report, when a ticket may start raising, a remedy for
        # a late filing, a cushion over the count, where to deliver.
        (date(2029, 6, 1), "town special: how many days ahead must the warrant be posted?"),
        (date(2029, 6, 1), "new nominee needs an OCPF report -- when's the first one due?"),
        (
            date(2029, 6, 1),
            "FCFF: earliest a 2034 gov ticket can start collecting contribution cards?",
        ),
        (date(2029, 6, 1), "indie filed 8/5/30 at 5:02pm. two minutes late -- any cure?"),
        (date(2029, 6, 1), "180,000 voters: how many raw sigs to collect, given invalid rates?"),
        (
            date(2029, 6, 1),
            "petitions due 8/5/30 5pm -- can they go to the county board instead of SBE?",
        ),
        # Contesting a disqualification, an official count, a name's place on the ballot,
        # party (not petition) candidates.
        (date(2026, 4, 14), "running mate DQ'd 5/20 -- how long to contest the DQ in court?"),
        (date(2026, 4, 14), "CD-6 registered voter count as of 1/1 -- what's the official number?"),
        (date(2026, 4, 14), "replacement nominee named -- who decides ballot placement?"),
        (date(2028, 6, 20), "party (not petition) candidates in MD 2030 -- COC deadline?"),
    ],
)
def test_questions_that_only_look_like_a_rules(day: date, question: str) -> None:
    assert SERVICE.ask(question, today=day).status == "no_match"


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


@pytest.mark.parametrize(
    ("question", "why"),
    [
        # § 15-102(e): an eligible private contribution is a resident's; § 15-106(c) matches
        # only those, so the reply says why it does not compute one.
        ("$150 from a Virginia resident w/ a card -- matched?", "15-102(e)"),
        # § 15-102(e) alone does not settle whether the candidate's family's money is an
        # eligible private contribution.
        ("$80 from the candidate's spouse and $100 from a neighbor. primary match?", "spouse"),
    ],
)
def test_a_contribution_the_text_does_not_make_eligible_is_not_matched(
    question: str, why: str
) -> None:
    reply = SERVICE.ask(question)
    assert reply.status == "not_covered"
    assert why in (reply.message or "")


@pytest.mark.parametrize(
    ("question", "rule", "not_answered"),
    [
        # § 5-903(b)(2)(ii): the successor's deadline; a candidate's residency is no rule's,
        # and the reply says that part is not answered.
        (
            "LG dq'd 5/20. successor coc due when? and does the successor need 5 yrs of MD "
            "residency?",
            "md-successor-lt-gov",
            "residency",
        ),
        # § 5-903(b)(2)(i): a finance report said apart ("Separately, …") asks nothing here.
        (
            "Our LG signed her certificate of withdrawal on March 4, 2026; the withdrawal "
            "deadline is March 6, 2026. Separately, our first campaign finance report is due in "
            "April. Please advise the deadline for the designated successor to file.",
            "md-successor-lt-gov",
            "campaign finance report",
        ),
    ],
)
def test_a_second_question_no_rule_answers_is_set_aside_and_said(
    question: str, rule: str, not_answered: str
) -> None:
    reply = SERVICE.ask(question, today=date(2026, 4, 14))
    assert reply.rule == rule and reply.status == "answered_in_part"
    assert reply.reading is not None
    assert any(not_answered in said for said in reply.reading.not_answered)


def test_the_exact_statutory_language_asked_is_quoted() -> None:
    # c. 53, § 14: asked for its words, the text is quoted rather than a rule run.
    reply = SERVICE.ask("exact statutory language in G.L. c. 53 § 14 about the committee of five?")
    assert reply.status == "cite"


def test_a_staffer_who_asks_is_not_the_one_the_question_is_about() -> None:
    # § 5-903(b)(2)(iii): a successor candidate's deadline, asked by a county staffer.
    asked = SERVICE.ask(
        "Q from a county staffer: LG candidate died May 3, 2026. successor certificate deadline?",
        today=date(2026, 5, 10),
    )
    assert (asked.status, asked.rule) == ("answered", "md-successor-lt-gov")
    # ... while a campaign's own staffer leaving is no candidate's vacancy.
    staff = SERVICE.ask(
        "our campaign staffer quit -- how fast do we have to name a successor?",
        today=date(2026, 5, 10),
    )
    assert staff.status == "no_match"
