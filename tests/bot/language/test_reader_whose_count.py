"""Whose number and whose day a question gives: a count said of a wider area than the district,
a sum taken back, a date a proclamation sets far from its name, an election year behind the
asker, a statewide office. Each decides a value the answer turns on. The phrasings here are not
the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.bot.language.support import TODAY
from tests.support.service import filled, packaged_service

SERVICE = packaged_service(TODAY)


@pytest.mark.parametrize(
    ("day", "question", "rule", "expected"),
    [
        # § 5-703(e)(1): the registered voters of the district the candidate runs in, not of
        # the county or region it lies in.
        (
            date(2029, 6, 1),
            "Countywide there are 640,000 registered voters; the council district itself has "
            "58,300. signatures for an indie?",
            "md-petition-signatures",
            {"registered_voters": "58300"},
        ),
        (
            date(2029, 6, 1),
            "roughly 700k registered? No wait, it's 700,000 for the whole county -- the "
            "district itself is 233,120. How many sigs for an unaffiliated candidate?",
            "md-petition-signatures",
            {"registered_voters": "233120"},
        ),
        # c. 53, § 14, sentences 4-5: the governor candidate's votes in the part of the town
        # inside the district, not townwide.
        (
            date(2027, 3, 16),
            "our governor candidate got 4,120 votes townwide but 2,210 in precincts 2-4, "
            "the part in the rep district. how many delegates?",
            "ma-vacancy-delegates",
            {"votes": "2210"},
        ),
        # § 5-703(c)(3)(ii): the date and hour a special election's proclamation sets, however
        # far in the sentence from the word "proclamation".
        (
            date(2027, 9, 1),
            "The Governor's proclamation for the special election in the 3rd congressional "
            "district sets 5 pm on January 18, 2028 as the filing date. indie DOI due?",
            "md-petition-declaration",
            {"proclamation_deadline": "2028-01-18T17:00"},
        ),
        # § 15-106(a): the election a finished cycle is not; the next gubernatorial one is.
        (
            date(2026, 12, 1),
            "2026 is over now -- when could the Fund first pay out for the next Maryland "
            "governor election?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
        # § 5-703(f)(1): "next November", said in December, is the next year's general.
        (
            date(2029, 12, 10),
            "indie petition sheets: due at the board when, for next November's general?",
            "md-petition-filing",
            {"year": "2030"},
        ),
        # c. 53, § 14, sentence 7 (and c. 53, § 48): a statewide office is no district office.
        (
            date(2029, 12, 10),
            "Statewide office vacancy: withdrawals close Fri 6/7/2030 at 5. certificate due?",
            "ma-vacancy-certificate",
            {"district": "false"},
        ),
        # § 5-903(b)(2)(iii): "pri" is the primary.
        (
            date(2029, 12, 10),
            "LG cand died 5/20/30. pri 6.25.30, COC ddl 2/26/30 9pm. successor ddl?",
            "md-successor-lt-gov",
            {"primary": "2030-06-25"},
        ),
        # § 15-107 (current text, under § 15-106(c)): dollars and cents listed after
        # "cards:" are contributions.
        (
            date(2029, 6, 1),
            "gov ticket match, cards: 17.25 / 40 / 40",
            "md-public-financing-primary",
            {"contributions": "17.25;40;40"},
        ),
        # § 15-106(b): a full contribution said to "work out to" a sum is an entitlement.
        (
            date(2029, 6, 1),
            "Ticket A's full public contribution works out to $1.8M and ticket B's to $1.2M; "
            "the Fund holds $2.4M. prorated shares?",
            "md-public-financing-proration",
            {"fund": "2400000", "entitlements": "1800000;1200000"},
        ),
        # … and a sum on the next line is labelled by that line, not by this one.
        (
            date(2029, 6, 1),
            "proration please:\nticket      full contribution\nAdams/Ng    $1,600,000\n"
            "Baker/Ruiz  $900,000\nFund available:   $2,000,000",
            "md-public-financing-proration",
            {"fund": "2000000", "entitlements": "1600000;900000"},
        ),
        # § 5-703(e)(1): a number said in words with a comma inside it is one number …
        (
            date(2028, 5, 15),
            "The file shows two hundred and forty thousand, six hundred registered voters in "
            "the district. Signatures for the independent?",
            "md-petition-signatures",
            {"registered_voters": "240600"},
        ),
        # … § 15-106(b): but sums of the same scale after commas are a list.
        (
            date(2028, 5, 15),
            "five hundred thousand in the fund; the tickets would otherwise get four hundred "
            "thousand, two hundred thousand and one hundred thousand. proportionate shares?",
            "md-public-financing-proration",
            {"fund": "500000", "entitlements": "400000;200000;100000"},
        ),
        # § 15-106(b): the Board's own costs are no entitlement, and the balance said to be
        # what is available is the Fund.
        (
            date(2028, 5, 15),
            "Fund balance ..... $3,000,000\nTicket A full public contribution .... $2,000,000\n"
            "Ticket B full public contribution .... $1,500,000\nAdmin costs FY29 ..... "
            "$120,000\nprorated shares?",
            "md-public-financing-proration",
            {"fund": "3000000", "entitlements": "2000000;1500000"},
        ),
        (
            date(2028, 5, 15),
            "The Fund had $5M in July, $800K has been obligated to audits, so $4.2M is what's "
            "available. Full contributions: Ticket 1 $3M, Ticket 2 $2M. Shares?",
            "md-public-financing-proration",
            {"fund": "4200000", "entitlements": "3000000;2000000"},
        ),
        # § 5-903(b)(2)(iii): "yesterday, the third of April" in an email sent in 2030 is that
        # year's April 3, not today's year's.
        (
            date(2028, 5, 15),
            "> Sent: Thursday, April 4, 2030 8:12 AM\n> Our running mate passed away "
            "yesterday, the third of April. The 2030 primary is June 25; COC deadline was "
            "Feb 26 at 9 pm. Successor's deadline?",
            "md-successor-lt-gov",
            {"event_date": "2030-04-03"},
        ),
        # § 5-903(b)(2)(i): "section 5-502" is a section, not a count of -502.
        (
            date(2027, 8, 20),
            "LG candidate filed a certificate of withdrawal. The section 5-502 withdrawal "
            "deadline was Friday, March 8, 2030. Successor COC due?",
            "md-successor-lt-gov",
            {"withdrawal_deadline": "2030-03-08"},
        ),
        # § 5-703(c)(3)(ii): what the proclamation "says" candidacy papers close at.
        (
            date(2027, 8, 20),
            "Proclamation for the 6th district special says candidacy papers close 5 p.m. "
            "Friday, January 14, 2028. Indie's declaration due then too?",
            "md-petition-declaration",
            {"proclamation_deadline": "2028-01-14T17:00"},
        ),
        # § 15-106(b)(2): the Fund prorated is what it holds now, said after the sum ("… is
        # $6.3M today", "4.1M now"), not the balance it had.
        (
            date(2030, 4, 2),
            "The Fund stood at $8.4M in January but is $6.3M today. Tickets are owed $3M, "
            "$2.5M and $2M. What does each get?",
            "md-public-financing-proration",
            {"fund": "6300000", "entitlements": "3000000;2500000;2000000"},
        ),
        (
            date(2030, 4, 2),
            "fund had 5.5M in the fall, 4.1M now. three tickets each owed 1.9M. shares?",
            "md-public-financing-proration",
            {"fund": "4100000", "entitlements": "1900000;1900000;1900000"},
        ),
        # … and a sum said of last year is history, never a ticket's entitlement.
        (
            date(2030, 4, 2),
            "Entitlements of 2,000,000 and 1,500,000. The fund holds 2,800,000 (last "
            "year it held 6.1M). Prorated amounts?",
            "md-public-financing-proration",
            {"fund": "2800000", "entitlements": "2000000;1500000"},
        ),
        # … and every ticket of a list that names each ticket before its sum.
        (
            date(2030, 4, 2),
            "Entitlements: Reyes 2,000,000; Kim 1,500,000. Fund holds 2,800,000. Prorated?",
            "md-public-financing-proration",
            {"fund": "2800000", "entitlements": "2000000;1500000"},
        ),
        # § 15-106(a): what a contribution is "of" is its sum, however small and without "$";
        # never a count of the people who gave.
        (
            date(2030, 4, 2),
            "a single contribution of 90 came in. public money on that?",
            "md-public-financing-primary",
            {"contributions": "90"},
        ),
        (
            date(2030, 4, 2),
            "contributions of 3 checks: $40, $60 and $100. match?",
            "md-public-financing-primary",
            {"contributions": "40;60;100"},
        ),
        (
            date(2030, 4, 2),
            "contributions of 4 donors at $25 each. match?",
            "md-public-financing-primary",
            {"contributions": "25;25;25;25"},
        ),
        # § 15-106(a): a donor's town ("a donor in Gaithersburg") is where the giver lives,
        # not a county's own program.
        (
            date(2030, 4, 2),
            "contributions 75, 125, and 200 from a donor in Gaithersburg. public match?",
            "md-public-financing-primary",
            {"contributions": "75;125;200"},
        ),
        # § 5-903(b): "should the LG candidate pass away" is a death.
        (
            date(2030, 4, 2),
            "Should our Lieutenant Governor candidate pass away on May 20, 2030, when is the "
            "successor's certificate due? Primary June 25, 2030; COC closed Feb 26, 2030 9 pm.",
            "md-successor-lt-gov",
            {"event": "death", "event_date": "2030-05-20"},
        ),
    ],
)
def test_whose_value_a_question_gives(
    day: date, question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=day)
    assert reply.rule == rule
    assert filled(reply, expected) == expected


@pytest.mark.parametrize(
    ("day", "question"),
    [
        # c. 53, § 14, sentence 4 fills a vacancy in a nomination, not in an office …
        (
            date(2027, 3, 16),
            "A selectman died in office. How many delegates does each ward send to pick his "
            "replacement?",
        ),
        # … and counts the votes for the governor candidate, not another candidate's.
        (
            date(2027, 3, 16),
            "it was our state rep candidate, not the gov candidate, who got 2,400 in the ward "
            "-- how many vacancy delegates?",
        ),
        # § 5-903 is for a candidate; the officeholder leaving is a vacancy in office.
        (
            date(2029, 6, 1),
            "The LG, the one in office now, is resigning in March. Who appoints a replacement?",
        ),
        # A suit over a petition's rejection has its own deadline; a D.C. resident's gift is
        # no eligible private contribution (§ 15-102(e)).
        (date(2027, 8, 20), "deadline to sue over the board's rejection of an indie's petition?"),
        (date(2027, 8, 20), "$150 contribution from a D.C. resident -- how much does it match?"),
        # Sentence 7 times the certificates filling a vacancy, not the registrars' review, a
        # written acceptance, a new candidate's own papers or the election's day.
        (
            date(2028, 5, 15),
            "state senate nominee withdrew; withdrawals closed June 2 at 5. When must the "
            "registrars certify the replacement's signatures?",
        ),
        (
            date(2028, 5, 15),
            "our rep nominee withdrew, withdrawals closed 9/8/28. How long does the replacement "
            "have to accept the nomination in writing?",
        ),
        (
            date(2028, 5, 15),
            "withdrawals closed 6/2/28 5pm. when do nomination papers for a new independent "
            "candidate for state senate have to be filed?",
        ),
        (
            date(2028, 5, 15),
            "city election: withdrawals closed 9/1/28 at 5 pm. When is the city election?",
        ),
        # § 15-106(a) says when distributions begin, not the last one; § 5-903(b) times the
        # successor's certificate, not reprinted ballots; withdrawing a declaration is § 5-502's.
        (date(2029, 6, 1), "when is the last Fund distribution for the 2030 general made?"),
        (
            date(2029, 6, 1),
            "LG candidate died 5/10/30; primary 6/25/30; COC ddl 2/26/30 9pm. When do the "
            "ballots get reprinted?",
        ),
        (date(2029, 6, 1), "2030 indie: deadline to withdraw the declaration of intent?"),
        (
            date(2028, 5, 15),
            "state rep nominee withdrew; withdrawals closed 6/2/28 at 5. When does the "
            "replacement file his statement of financial interests?",
        ),
        (date(2029, 6, 1), "when does the board publish the list of 2030 declarations of intent?"),
    ],
)
def test_a_vacancy_or_votes_no_rule_counts_are_not_answered(day: date, question: str) -> None:
    assert SERVICE.ask(question, today=day).status in ("no_match", "not_covered")


def test_a_committee_member_who_asks_is_no_vacancy_in_office() -> None:
    # c. 53, § 14, sentences 4-5: the member is the asker; the vacancy is the nomination's.
    reply = SERVICE.ask(
        "State committee member for a Plymouth County rep district. In Ward 3 (partly in) our "
        "governor candidate got 1,260 votes in the precincts inside the district. Delegates?",
        today=date(2027, 3, 16),
    )
    assert reply.rule == "ma-vacancy-delegates"
    assert reply.params.get("votes") == "1260"
