"""A day that plays two roles, a mail header's day, and a heading that asks: "died on the day
COC filing closed, Feb 26" gives the event and the filing deadline one day; a header's weekday
slip ("Sent: Mon, Nov 4, 2029", a Sunday) leaves the question readable, while the same slip in
the question's own words is still reported; "X deadline for Y — and does the clerk post it?"
says the yes-or-no is not answered. The phrasings here are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import filled, packaged_service

DAY = date(2029, 11, 20)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # § 5-903(a): the event's day is the candidacy filing deadline's, said the other way
        # round; the hour said is the filing deadline's, so the death's hour stays unknown.
        (
            "Our running mate passed away on the day COC filing closed, Feb 26 2030 at 9 pm. "
            "The primary is June 25 2030. When is a successor's certificate due?",
            {
                "event": "death",
                "event_date": "2030-02-26",
                "filing_deadline": "2030-02-26T21:00",
                "primary": "2030-06-25",
            },
        ),
        # § 5-903(a): "…, the same day certificates of candidacy closed at 9 p.m.": the hour
        # after the deadline's cue is the deadline's own.
        (
            "The LG candidate passed on Feb 26, 2030, the same day certificates of candidacy "
            "closed at 9 p.m.; primary June 25, 2030. Successor certificate due when?",
            {
                "event": "death",
                "event_date": "2030-02-26",
                "filing_deadline": "2030-02-26T21:00",
                "primary": "2030-06-25",
            },
        ),
        # § 5-903(a): the event "on COC deadline day" (no article), the day said after a dash
        # and the deadline's hour after that ("…, deadline was 9 pm").
        (
            "Hypo: our LG candidate dies on COC deadline day — Feb 26 2030, deadline was 9 pm. "
            "Primary June 25 2030. Does a successor get named, and by when?",
            {
                "event": "death",
                "event_date": "2030-02-26",
                "filing_deadline": "2030-02-26T21:00",
                "primary": "2030-06-25",
            },
        ),
        # § 5-903(a): "— that was COC deadline day (closes 9pm)": the event's day is the
        # deadline's, its hour said in brackets after the day.
        (
            "our running mate died on feb 26 2030 -- that was COC deadline day (closes 9pm). "
            "primary 6/25/2030. successor due when?",
            {
                "event": "death",
                "event_date": "2030-02-26",
                "filing_deadline": "2030-02-26T21:00",
                "primary": "2030-06-25",
            },
        ),
        # § 5-903(b)(2)(i): a withdrawal "i.e. inside the withdrawal window" names no deadline
        # day; the window's own close does.
        (
            "Our LG files a withdrawal on March 5, 2030, i.e. inside the withdrawal window, "
            "which closes Friday March 8, 2030. Primary June 25 2030. Successor deadline?",
            {
                "event": "withdrawal",
                "event_date": "2030-03-05",
                "withdrawal_deadline": "2030-03-08",
            },
        ),
    ],
)
def test_a_day_said_for_two_roles(question: str, expected: dict[str, str]) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == "md-successor-lt-gov"
    assert filled(reply, expected) == expected


def test_a_mail_headers_weekday_slip_leaves_the_question_readable() -> None:
    """§ 5-703(e)(3): the count is read though the forwarded header's "Mon, Nov 4, 2029" falls
    on a Sunday; the header dates the message, not anything asked."""
    reply = SERVICE.ask(
        "From: Dana Lee\nSent: Mon, Nov 4, 2029 9:12 AM\nSubject: sigs\n\n"
        "How many signatures does an unaffiliated candidate for governor need with 4,100,000 "
        "registered voters statewide?",
        today=DAY,
    )
    assert reply.status == "answered"
    assert reply.params.get("registered_voters") == "4100000"


def test_the_same_weekday_slip_in_the_question_is_still_reported() -> None:
    """§ 5-903(a): the day of the death is the question's own; a weekday that does not match
    it is reported, never corrected."""
    reply = SERVICE.ask("Our LG candidate died Mon, Nov 4, 2029. Successor deadline?", today=DAY)
    assert reply.status == "invalid_input"
    assert "Sunday" in (reply.message or "")


def test_a_heading_asks_the_deadline_and_a_later_yes_or_no_is_not_answered() -> None:
    """c. 53, § 14, sentence 7 times the certificate; whether the clerk must post it publicly
    is no rule's, and the reply says so rather than answering as if it were all."""
    reply = SERVICE.ask(
        "Vacancy certificate deadline for a town office (withdrawals closed June 12, 2030 at "
        "5 pm) — and does the town clerk need to publish it in the paper?",
        today=DAY,
    )
    assert reply.rule == "ma-vacancy-certificate"
    assert reply.status == "answered_in_part"
    assert reply.reading is not None
    assert any("publish" in part for part in reply.reading.not_answered)


@pytest.mark.parametrize(
    ("question", "rule", "not_answered"),
    [
        # c. 53, § 14, sentence 4 counts the delegates; the day their names are sent is
        # another kind of answer (a date), which that sentence does not give.
        (
            "Precinct 3 gave our governor candidate 1,915 votes in 2026. How many delegates may "
            "the committee elect, and what's the actual date their names go to the state?",
            "ma-vacancy-delegates",
            "actual date",
        ),
        # § 5-703(d)(1) times the certificate; its price is a sum, which no rule computes.
        (
            "When is the unaffiliated certificate of candidacy due for 2030, and what does the "
            "certificate cost?",
            "md-petition-certificate",
            "cost",
        ),
        # § 15-106's proration gives each ticket's share, not the day it is paid.
        (
            "The Fund holds $3M and two tickets are each entitled to $2M. What does each get, "
            "and when is the money wired?",
            "md-public-financing-proration",
            "wired",
        ),
    ],
)
def test_a_later_question_asking_another_kind_of_answer_is_not_answered(
    question: str, rule: str, not_answered: str
) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == rule
    assert reply.status == "answered_in_part"
    assert reply.reading is not None
    assert any(not_answered in part for part in reply.reading.not_answered)


def test_a_later_question_about_what_the_rule_decides_is_answered() -> None:
    """§ 5-903(b)(3): whether the limit moves off a weekend is the successor rule's own."""
    reply = SERVICE.ask(
        "LG candidate died May 20, 2030; primary June 25, 2030; COC deadline Feb 26, 2030 "
        "9 pm. When is the successor certificate due, and what happens if that lands on a "
        "weekend?",
        today=DAY,
    )
    assert reply.rule == "md-successor-lt-gov"
    assert reply.status == "answered"


def test_two_numbers_with_a_space_stay_refused_or_apart() -> None:
    """c. 53, § 14, sentence 4: "ward 12 1812 votes" is a ward and its votes, never a list of
    two counts (only three numbers or more set apart by single spaces make a list)."""
    reply = SERVICE.ask(
        "ward 12 1812 votes for our governor candidate. how many delegates?", today=DAY
    )
    assert reply.params.get("votes") != "12;1812"


@pytest.mark.parametrize(
    ("today", "year"),
    [
        (date(2030, 6, 3), "2030"),  # § 5-703(c): in an election year, before its November
        (date(2029, 6, 3), None),  # an odd year: the last cycle or the next, not said
    ],
)
def test_this_cycle_is_the_election_years_own(today: date, year: str | None) -> None:
    reply = SERVICE.ask(
        "Declaration of intent deadline for an unaffiliated candidate this cycle?", today=today
    )
    assert reply.rule == "md-petition-declaration"
    assert reply.params.get("year") == year


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 15-106(c): each contribution of a list typed with spaces is matched on its own.
        (
            "contribs logged today for the Ortiz ticket: 35 60 120 250 - total match?",
            "md-public-financing-primary",
            {"contributions": "35;60;120;250"},
        ),
        # § 15-106(e): the Fund beside the entitlements, those typed with spaces between.
        (
            "fund 1200000 entitlements 800000 700000 500000 -> shares?",
            "md-public-financing-proration",
            {"fund": "1200000", "entitlements": "800000;700000;500000"},
        ),
        # § 15-106(c): "a $40 one" after a gift told with its giver's three words of place.
        (
            "We took a $500 check from a Howard County teacher plus a $40 one from his sister. "
            "Match on those two?",
            "md-public-financing-primary",
            {"contributions": "500;40"},
        ),
        # § 5-903(b): "disq" is the disqualification the successor rule counts from.
        (
            "LG disq on 5/14/2030, primary 6/25/2030, coc deadline was 2/26/2030 9pm. successor "
            "cert due?",
            "md-successor-lt-gov",
            {"event": "disqualification", "event_date": "2030-05-14"},
        ),
        # c. 53, § 14, sentence 7 counts from the last day for withdrawals: in "withdrawal
        # deadline for the Nov 8 municipal: Tue Sep 20, 5:00 PM" that is Sep 20, never the
        # election.
        (
            "Clerk's memo: withdrawal deadline for the Nov 8 municipal: Tue Sep 20, 2033, 5:00 "
            "PM. A city council nominee withdrew. When is the replacement certificate due?",
            "ma-vacancy-certificate",
            {"withdrawal_deadline": "2033-09-20T17:00"},
        ),
        # c. 53, § 14, sentence 7: a town office's 48 hours, though the question asks whether
        # they are the same as for state offices.
        (
            "Town office nominee withdrew; the last day to withdraw was Friday, June 6, 2031 at 5 "
            "pm. When is the replacement certificate due, and is that the same as for state "
            "offices?",
            "ma-vacancy-certificate",
            {"office": "town"},
        ),
        # § 5-903(b): the day of the disqualification is the day of the determination that
        # made it, told apart from the day the news arrived.
        (
            "We heard on Monday that our running mate was found ineligible; the determination "
            "itself is dated Friday, May 24, 2030. Primary June 25, 2030, COC deadline Feb 26, "
            "2030 9 pm. When is the successor certificate due?",
            "md-successor-lt-gov",
            {"event_date": "2030-05-24"},
        ),
        # § 15-106(e): the Fund prorated is the money available now, the sum said to be left,
        # never the balance it was or the interest it earned.
        (
            "The Fund stood at $5.0M on January 1. $1.1M has already gone out, leaving $3.9M to "
            "work with. Two tickets are each entitled to $2.4M. What does each get?",
            "md-public-financing-proration",
            {"fund": "3900000"},
        ),
        (
            "The Fund earned $38,000 in interest and paid $9,000 in costs, which leaves "
            "$3,900,000 actually available. Two tickets are each entitled to $2.4M. Prorated "
            "shares?",
            "md-public-financing-proration",
            {"fund": "3900000"},
        ),
        # § 5-903(b)(2)(i): the day the LG candidate withdrew, told as "this morning" in a mail
        # dated a year after the day the question is asked, is that mail's day.
        (
            "---------- Forwarded message ----------\nFrom: Counsel\nDate: Wed, Mar 6, 2030\n"
            "Subject: LG\n\nShe filed her certificate of withdrawal this morning.\n----------\n\n"
            "Withdrawal deadline 3/8/30, primary 6/25/30, COC deadline 2/26/30 9pm. Successor "
            "certificate due when?",
            "md-successor-lt-gov",
            {"event_date": "2030-03-06"},
        ),
        # § 5-903(a): a mail header's hour on the day of the death dates the message, never
        # the death (its hour would decide whether it came after the filing deadline).
        (
            "From: Dana\nSent: Wed, Mar 6, 2030 9:12 AM\n\nOur LG died Wed, Mar 6, 2030. "
            "Withdrawal deadline 3/8/30, primary 6/25/30, COC deadline 2/26/30 9pm. Successor "
            "deadline?",
            "md-successor-lt-gov",
            {"event_date": "2030-03-06"},
        ),
        # c. 53, § 14, sentence 7: the asker's own "yesterday", said below a quoted mail, is
        # the day before the question is asked, not before the mail.
        (
            "> On Nov 12, 2029, Maria wrote:\n> The nominee filed her withdrawal today.\n\n"
            "Thanks. Last day for filing withdrawals for the city election was yesterday, Monday "
            "November 19, at 5:00 PM. When is the replacement certificate due?",
            "ma-vacancy-certificate",
            {"withdrawal_deadline": "2029-11-19T17:00"},
        ),
        # § 15-106(c): a pasted CSV of gifts, followed by a question with a comma after its "?".
        (
            "giver,amount,card\nA. Ruiz,240,yes\nB. Cole,90,yes\nwhat's the match on these "
            "two? (2030 ticket, both Maryland residents)",
            "md-public-financing-primary",
            {"contributions": "240;90"},
        ),
        # § 15-106(e): "two tickets at a 2.5M entitlement apiece" is two entitlements.
        (
            "The Fund has 4.1M left; two general-election tickets at a 2.5M entitlement apiece. "
            "How is it split?",
            "md-public-financing-proration",
            {"fund": "4100000", "entitlements": "2500000;2500000"},
        ),
        # § 5-903(b): the event on "the filing deadline day itself" has that deadline's day.
        (
            "The LG candidate withdrew on the filing deadline day itself, Feb 26 2030. Primary "
            "June 25, 2030. When is the successor certificate due?",
            "md-successor-lt-gov",
            {"event": "withdrawal", "event_date": "2030-02-26", "filing_deadline": "2030-02-26"},
        ),
        # § 15-106(c) matches contributions the ticket keeps; a row whose note says it was
        # refunded is none of them.
        (
            "donor,county,amt,note\nA. Lee,Howard,120,\nB. Ortiz,Harford,80,refunded 3/3\n"
            "C. Diaz,Carroll,40,\n\nwhat's the match on this batch?",
            "md-public-financing-primary",
            {"contributions": "120;40"},
        ),
        # § 5-703(e)(3): the registered voters as of January 1 of the election's year, beside
        # the year before's and a count of active voters, which is another count.
        (
            "District 12 figures for an independent in 2030:\nJan 1 2029 registered: 51,240\n"
            "Jan 1 2030 registered: 52,015\nactive voters only (Jan 1 2030): 48,900\n"
            "How many signatures?",
            "md-petition-signatures",
            {"registered_voters": "52015"},
        ),
        # § 5-703(e): the count for the county executive the asker settles on, not the school
        # board office said and dropped ("no, forget that").
        (
            "is the school board race partisan? no, forget that, this is for county executive, "
            "61,200 registered as of jan 1. signatures needed for a petition candidate?",
            "md-petition-signatures",
            {"registered_voters": "61200"},
        ),
        # § 5-703(f)(1) in the presidential election after the next one (2032): 2036.
        (
            "Planning grid: when is the petition due for an unaffiliated candidate in the "
            "presidential election after the next one?",
            "md-petition-filing",
            {"year": "2036"},
        ),
        # § 15-106's schedule two gubernatorial elections on from the next (2030): 2034.
        (
            "Two gubernatorial cycles from now, when can Fund distributions start?",
            "md-public-financing-schedule",
            {"year": "2034"},
        ),
        # § 5-703(e)(3): the registered voters, said with "=".
        (
            "independent for county council: registered voters as of jan 1 = 38,412. how many "
            "sigs?",
            "md-petition-signatures",
            {"registered_voters": "38412"},
        ),
        # § 5-703(e)(3): January 1's count, though "Jan 1" stands just before the later day's.
        (
            "registered voters: 71,905 as of Jan 1 and 72,480 as of last week — how many "
            "petition signatures for an unaffiliated candidate?",
            "md-petition-signatures",
            {"registered_voters": "71905"},
        ),
        # § 15-106(c): hundreds said the short way, with a space ("two fifty"), in a list.
        (
            "Checks came in for one twenty-five, two fifty and forty dollars. What's the public "
            "match?",
            "md-public-financing-primary",
            {"contributions": "125;250;40"},
        ),
        # c. 53, § 14, sentence 5: the votes for the party's candidate, "of them" after the
        # ward's total said "votes total" — a count's total, never a sum of money.
        (
            "Ward 6: our ward cast 2,410 votes total, 1,180 of them for our party's governor "
            "candidate. How many delegates?",
            "ma-vacancy-delegates",
            {"votes": "1180"},
        ),
        # § 15-106(b): "three general-election tickets each entitled to $3M" is three claims.
        (
            "Fund has $7M; three general-election tickets each entitled to $3M. Shares?",
            "md-public-financing-proration",
            {"entitlements": "3000000;3000000;3000000"},
        ),
        # § 15-106(c): the list's last group, after its comma and "and".
        (
            "contributions: three at $200, one $75, and five at $10. match?",
            "md-public-financing-primary",
            {"contributions": "200;200;200;75;10;10;10;10;10"},
        ),
        # § 5-703(f): "looking past 2030" places the year asked about (2032).
        (
            "Looking past 2030 to the next presidential race (2032): when is the petition due "
            "for an unaffiliated candidate?",
            "md-petition-filing",
            {"year": "2032"},
        ),
        # c. 53, § 14, sentence 5: part of a town in the district ("the rest are not").
        (
            "Precincts 2 and 5 of our town are in the rep district, the rest are not. Our "
            "party's governor candidate got 612 votes in those two precincts. How many delegates?",
            "ma-vacancy-delegates",
            {"votes": "612", "partial_district": "true"},
        ),
        # § 5-703(c)(3), 2014 text (a Baltimore City municipal election in a presidential
        # year): the city and its municipal election, said in separate sentences.
        (
            "Baltimore City board here. An unaffiliated candidate is running in the city "
            "municipal election in 2032. When is her declaration of intent due?",
            "md-petition-declaration",
            {"baltimore_city": "true", "year": "2032"},
        ),
        # § 15-102(e) counts one contribution per contributor: "the same donor" gave both.
        (
            "The same Howard County donor gave $120 on May 2, 2029 and $80 on June 9, 2029, card "
            "on file. What's the match?",
            "md-public-financing-primary",
            {"contributions": "200"},
        ),
        # § 15-106(b): of two dated balances, the later one is the Fund's.
        (
            "Fund balance was $5.2M on July 1, 2029 and $4.9M on August 1, 2029. Two tickets "
            "entitled to $3M each. Prorated shares?",
            "md-public-financing-proration",
            {"fund": "4900000"},
        ),
        # § 5-703(d)(1): the general election after next (2030 is next): 2032.
        (
            "Long-range grid: the general election after next — when is a petition candidate's "
            "COC due?",
            "md-petition-certificate",
            {"year": "2032"},
        ),
        # § 5-903(a): in a timeline, each line's day and hour are its own line's — "COC filing
        # closes" is 21:00's, the death 23:05's, never the next line's.
        (
            "Timeline:\n 2030-02-26 20:40  last COC filed\n 2030-02-26 21:00  COC filing closes\n"
            " 2030-02-26 23:05  LG candidate died\n 2030-02-28 09:00  gov candidate calls SBE\n"
            "Primary June 25, 2030. When was the successor certificate due?",
            "md-successor-lt-gov",
            {"event_date": "2030-02-26T23:05", "filing_deadline": "2030-02-26T21:00"},
        ),
        # § 5-903(b)(2): "-- so Sunday May 12, 2030" is the day the asker worked out, no
        # primary's: the primary is the one said in brackets after it.
        (
            "LG dies 44 days before the 2030 primary -- so Sunday May 12, 2030 (primary Tue "
            "6/25/2030, COC closed 2/26/2030 9pm). Successor deadline?",
            "md-successor-lt-gov",
            {"event_date": "2030-05-12", "primary": "2030-06-25"},
        ),
        # § 15-107(b) (current text): a manual's "2014 edition" is the paper's year, not the one
        # asked about.
        (
            "Our handbook (2014 edition) says distributions begin by February 1 of the election "
            "year. Is Feb 1, 2030 still the date?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
    ],
)
def test_the_values_a_question_gives(question: str, rule: str, expected: dict[str, str]) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == rule
    assert filled(reply, expected) == expected


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(f)(1): the petition's filing is asked; the declaration already filed is told.
        (
            "Our unaffiliated candidate for county council filed her declaration in February and "
            "is still gathering signatures. When must the signed petition be filed for the 2030 "
            "general?",
            "md-petition-filing",
        ),
        # § 5-703(d)(1): a certificate not yet turned in is the one asked about.
        (
            "Our petition candidate for sheriff still hasn't turned in her certificate of "
            "candidacy. When is it due in 2030, and by what time?",
            "md-petition-certificate",
        ),
        # § 5-703(f)(1): "non party candidates" are unaffiliated, never a party's.
        (
            "petition filing deadline for the 2030 general, non party candidates. what time?",
            "md-petition-filing",
        ),
        # § 15-106(c): a giver "from someone in Gaithersburg" is where the giver lives, never
        # the city's own public financing program.
        (
            "We got $200 from a Towson resident and $45 from someone in Gaithersburg. How much "
            "public money does that unlock?",
            "md-public-financing-primary",
        ),
        # § 5-903(b): Maryland is the state the asking sentence names; Massachusetts is told.
        (
            "The Mass. folks keep citing their week day hours at me. What's Maryland's deadline "
            "for a successor LG candidate if ours dies May 13, 2030? Primary June 25, 2030, "
            "certificate deadline Feb 26, 2030 at 9 pm.",
            "md-successor-lt-gov",
        ),
        # c. 53, § 14, sentence 7: Massachusetts is asked; Maryland is named to compare with.
        (
            "Our Massachusetts state rep nominee withdrew; the last day for withdrawals was "
            "Tuesday Sept 17, 2030 at 5 pm. Is there a successor window like Maryland's, and when "
            "is the replacement certificate due?",
            "ma-vacancy-certificate",
        ),
    ],
)
def test_the_rule_of_what_is_asked_beside_what_is_told(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == rule


@pytest.mark.parametrize(
    "question",
    [
        "LG withdrew before the 3/6 cutoff. When is the successor's COC due?",
        "Our running mate withdrew ahead of the March 6 deadline -- successor certificate due?",
    ],
)
def test_a_deadline_the_event_is_placed_by_is_not_the_events_day(question: str) -> None:
    # § 5-903(b)(2)(i): a withdrawal's successor is timed from the withdrawal deadline; the day
    # the withdrawal is placed before is no day it happened on.
    reply = SERVICE.ask(question, today=date(2026, 4, 14))
    assert reply.rule == "md-successor-lt-gov"
    assert "event_date" not in reply.params


def test_a_day_after_a_dash_and_the_is_not_taken_for_a_second_role() -> None:
    # § 5-903(b)(2)(i) counts from the withdrawal deadline: "withdrew March 2 -- the last day
    # to withdraw" may name the deadline or set it beside; only "which/that was" says so.
    reply = SERVICE.ask(
        "LG candidate withdrew March 2, 2026 -- the last day to withdraw. Successor deadline?",
        today=DAY,
    )
    assert reply.params.get("withdrawal_deadline") != "2026-03-02"
