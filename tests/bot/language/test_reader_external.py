"""Reader rules found on the external question set (tests/questions_external.yaml), each a
general rule other phrasings hit too: what rules a rule out, which words are facts, and which
values the user gave are kept as given."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language import read_facts
from bot.language.as_of import split_as_of
from tests.bot.language.support import TODAY, params, rule_for


@pytest.mark.parametrize(
    "question",
    [
        # Public financing's own declaration (Title 15) is not § 5-703(c)'s petition declaration,
        # and § 15-106 times no filing.
        "deadline for a gubernatorial ticket to file the declaration of intent to accept public "
        "financing?",
        "when is the declaration of intent for public funds due for our gov ticket",
        # How or by what means a filing is made, not when (§ 5-903(b) times it).
        "how does a successor LG candidate file the COC -- in person or online?",
        "can the successor LG's certificate of candidacy be filed electronically?",
        # A disclosure statement or finance report is not the certificate § 5-903(b) times.
        "deadline for the successor LG candidate to file the financial disclosure statement",
        "when is the campaign finance report due for the new running mate",
        # Withdrawing (§ 5-502) is not a § 5-703 filing.
        "deadline for a petition candidate to withdraw their candidacy?",
        "independent candidate withdrew, when was the last day to do that",
        "when does a gubernatorial ticket file its notice of intent to qualify for public "
        "financing",
        "which office do we submit the successor COC to",
        # A campaign's staff is no candidate: § 5-903(b) and c. 53 § 14 don't replace them.
        "LG candidate's campaign treasurer resigned - deadline to name a new treasurer?",
        "MA: our campaign manager quit, who fills the spot?",
        # A vacancy in the seat itself, not in a nomination (c. 53 § 14).
        "who fills the seat if a Massachusetts state rep resigns?",
        "who signs the successor's certificate of candidacy?",
        "can an LG candidate withdraw after the deadline?",
        # A committee's membership or an office is no nomination (c. 53 § 14).
        "ward committee vacancy, member moved away -- who picks the replacement",
        "the town clerk resigned, who fills the office until the next election in MA",
        # Federal (presidential) public financing is not the State Fund (§ 15-106).
        "how much public financing does a presidential candidate get",
        "when is the next distribution from the federal presidential election campaign fund",
        # A successor candidate files no petition and gets no public financing of its own.
        "how many signatures does the successor LG candidate need?",
        "how much does the successor LG get from public financing?",
        # Consequences, qualifications, ballots and past figures are not what rules compute.
        "LG withdrew; is there a penalty?",
        "can the gov candidate choose a successor LG who lives out of state?",
        "is the successor LG's name printed on the ballot if ballots are already printed?",
        "how many signatures can one petition page hold",
        "do petition signers have to be registered voters?",
        "how many signatures did our candidate turn in?",
        "how much did the fund distribute in 2022?",
        "how much can a ticket spend in the primary if it takes public financing?",
        "when must a publicly financed ticket return unspent funds?",
        "who chairs the ward committee meeting to fill a vacancy?",
        "MA: who certifies the nomination papers?",
        "the governor died, does the LG become governor?",
        "when does the new LG take office after the successor is chosen?",
        # Any county's own public financing fund, not the State's (§ 15-106).
        "Charles County fair election fund, how much for $15k raised?",
        # Party convention delegates are not c. 53 § 14's vacancy delegates.
        "how many delegates to the pre-primary convention does our town get",
        # A term, a validity or a history is not a deadline the rules compute.
        "how long does the successor LG serve?",
        "how long is the declaration of intent valid?",
        "when did the fair campaign financing fund start",
        "who was the last LG candidate to die before an election",
        # Consequences, eligibility and appeals are not what § 5-903(b) computes.
        "our LG candidate withdrew -- does the governor candidate have to withdraw too?",
        "LG died, can the gov candidate run without a running mate?",
        "LG candidate was DQ'd, can we appeal?",
        "can the successor LG be someone who lost the primary?",
        "what happens if the successor COC is filed late?",
        "LG withdrew 3/2; does the successor need to be a registered Democrat?",
        # Limits, qualifying, the Fund's future balance or revenue are not § 15-106's sums.
        "how much can a gubernatorial ticket raise from one donor?",
        "when is the deadline to qualify for public financing?",
        "how much money will be in the fund in 2026?",
        "how are the fund's revenues raised?",
        "can a ticket accept private contributions after taking public funds?",
        # A balance is data, not a computation.
        "how much money is currently in the Fair Campaign Financing Fund?",
    ],
)
def test_near_misses_reach_no_rule(question: str) -> None:
    assert rule_for(question) is None


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(d): the certificate of candidacy, not (f)'s petition filing.
        (
            "last day for a candidate nominated by petition to file a COC for the 2030 general",
            "md-petition-certificate",
        ),
        (
            "when must a petition candidate file the certificate of candidacy this year?",
            "md-petition-certificate",
        ),
        # § 5-703(f): the petition itself, not the candidate's certificate.
        (
            "when is the petition candidate's nominating petition due this year?",
            "md-petition-filing",
        ),
        ("indie has to turn in the petition by when?", "md-petition-filing"),
        # § 15-106(b): "owed" names each ticket's entitlement.
        (
            "the Fund has $4.5M and the two tickets are owed $3M and $2.4M, what share each?",
            "md-public-financing-proration",
        ),
        # c. 53 § 14 sentences 1-3: "who fills" once Massachusetts is named.
        (
            "mass: the party nominee for state senate withdrew after the primary. who fills it?",
            "ma-vacancy-who-fills",
        ),
        # § 5-903(b): "the LG candidate who was…" is a relative clause, not a who-was question.
        ("successor for the LG candidate who was DQ'd June 10?", "md-successor-lt-gov"),
        # c. 53 § 14 sentence 7: a withdrawn candidate's certificate, once MA is named.
        (
            "MA: nominee withdrew on 8/27, withdrawal period ended 8/28 5pm. certificate due?",
            "ma-vacancy-certificate",
        ),
        # § 15-106(d): the general election contribution, named without "public".
        ("general election contribution, 4M remaining, 4 tickets", "md-public-financing-general"),
        # c. 53 § 14 sentence 4: "a town where…" is not a where-question.
        (
            "delegates from a town where our candidate for governor received 501 votes?",
            "ma-vacancy-delegates",
        ),
    ],
)
def test_phrasings_reach_their_rule(question: str, rule: str) -> None:
    assert rule_for(question) == rule


def test_a_denied_event_is_none_whoever_denies_it() -> None:
    # c. 53 § 14 sentence 7 times a vacancy caused by a withdrawal; "nobody withdrew" is none.
    assert read_facts("certificate due in Mass if nobody withdrew", today=TODAY).cause is None
    assert read_facts("no one withdrew, but the nominee died", today=TODAY).cause == "death"


def test_a_sum_followed_by_what_it_is_is_what_was_raised() -> None:
    # § 15-106(c): the match is on eligible private contributions raised.
    got = params(
        "md-public-financing-primary",
        "ticket has 300,000 in eligible contributions and is opposed - public contribution?",
    )
    assert got == {"private_contributions": "300000", "opposed": "true"}


def test_a_date_placed_relative_to_the_event_is_not_its_day() -> None:
    # c. 53 § 14 sentence 7 counts from the last day for withdrawals: "withdrew before the
    # 9/4 noon withdrawal deadline" gives that day, not the day of the withdrawal.
    got = params(
        "ma-vacancy-certificate",
        "MA town office candidate withdrew before the 9/4 noon withdrawal deadline - "
        "certificate due?",
    )
    assert got["withdrawal_deadline"] == "2026-09-04T12:00"
    # § 5-903(b)(2): "died after the June 23 primary" names the primary, not the death.
    facts = read_facts("LG died after the June 23 primary", today=TODAY)
    assert [(d.value, d.role) for d in facts.dates] == [(date(2026, 6, 23), "primary")]


def test_a_withdrawal_deadline_abbreviated_is_still_the_deadline() -> None:
    # c. 53 § 14 sentence 7 counts from it: "w/d deadline" is never the day someone withdrew.
    got = params(
        "ma-vacancy-certificate", "MA vacancy cert due, w/d deadline 6/5 5pm, state office"
    )
    assert got == {"withdrawal_deadline": "2026-06-05T17:00", "office": "state"}


def test_the_day_a_proclamation_was_issued_is_not_its_deadline() -> None:
    # § 5-703(c)(3)(iii) counts from the deadline the proclamation sets, not its issue date.
    facts = read_facts("proclamation issued 3/1/27; declaration of intent due?", today=TODAY)
    assert [d.role for d in facts.dates] == [None]
    facts = read_facts("the proclamation deadline is 4/14/27 at 5pm", today=TODAY)
    assert [d.role for d in facts.dates] == ["proclamation_deadline"]


def test_withdrawals_were_due_names_the_withdrawal_deadline() -> None:
    # c. 53 § 14 sentence 7: the day withdrawals were due is the last day for filing them.
    got = params(
        "ma-vacancy-certificate",
        "MA: withdrawals were due 8/28 and our state rep nominee withdrew 8/20; certificate due?",
    )
    # (a state representative's is a district office's window: § 14's district reading)
    assert got == {"withdrawal_deadline": "2026-08-28", "office": "state", "district": "true"}


def test_owed_amounts_are_entitlements() -> None:
    # § 15-106(b): proration over each ticket's entitlement.
    got = params("md-public-financing-proration", "Fund has $4.5M; tickets are owed $3M and $2.4M")
    assert got == {"fund": "4500000", "entitlements": "3000000;2400000"}


def test_a_time_on_the_filing_deadline_is_kept() -> None:
    # § 5-903(b)(2)(ii) counts from the § 5-303 deadline, which is 9 p.m.: the time given stays.
    got = params(
        "md-successor-lt-gov",
        "LG candidate died on June 5. COC deadline was Feb 24 at 9pm, primary June 23",
    )
    assert got["filing_deadline"] == "2026-02-24T21:00"
    assert got["event_date"] == "2026-06-05"


def test_a_negated_topic_is_not_the_questions() -> None:
    # § 5-703(c)(3): a Baltimore City municipal election has its own deadline.
    question = "2028 presidential: when is the petition declaration of intent due? (not a "
    got = params("md-petition-declaration", question + "Baltimore City race)")
    assert got["baltimore_city"] == "false"
    facts = read_facts(question + "Baltimore City race)", today=TODAY)
    assert facts.values("topic") == []
    assert facts.values("not_topic") == ["baltimore-city-municipal"]
    assert params("md-petition-declaration", "Baltimore City election, DOI due?") == {
        "baltimore_city": "true"
    }


@pytest.mark.parametrize(
    ("question", "year"),
    [("COC due this year?", "2026"), ("COC due next year?", "2027"), ("COC due?", None)],
)
def test_this_year_is_todays(question: str, year: str | None) -> None:
    # § 5-703(d): the certificate deadline of the election year.
    assert params("md-petition-certificate", "petition candidate " + question).get("year") == year


def test_a_primary_named_by_its_date_is_a_primary_nomination() -> None:
    # c. 53 § 14: who fills depends on how the candidate was nominated.
    got = params(
        "ma-vacancy-who-fills",
        "candidate nominated in the Sept 1 state primary withdrew. who fills the vacancy?",
    )
    assert got["nomination"] == "primary"
    convention = read_facts(
        "nominated at the convention after the primary, then withdrew", today=TODAY
    )
    assert convention.nomination == "convention"


def test_a_district_taking_in_part_of_a_ward_is_partial() -> None:
    # c. 53 § 14 sentence 5: the count is of the part of the ward in the district.
    got = params("ma-vacancy-delegates", "district takes in part of ward 4, 780 votes for gov")
    assert got == {"votes": "780", "partial_district": "true"}


@pytest.mark.parametrize(
    "text", ["the LG is deceased as of 5/28/2026", "running mate withdrawn as of June 1, 2026"]
)
def test_as_of_after_an_event_is_the_events_date_not_the_laws(text: str) -> None:
    assert split_as_of(text, today=TODAY) == (text, None, None)
    rest, day, _ = split_as_of("successor deadline as of June 1, 2014", today=TODAY)
    assert (rest, day) == ("successor deadline", date(2014, 6, 1))
