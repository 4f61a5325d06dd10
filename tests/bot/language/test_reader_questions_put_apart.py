"""Two questions put apart, each asking a day with no question word ("COC deadline for 2032?
petition due that same day?"), are two questions: the first asked is answered and the other
said left for its own question. A comparison of the answer with another day ("same as the COC
cutoff?") asks nothing of its own. The phrasings are not the question sets' own."""

from __future__ import annotations

from datetime import date

from tests.support.service import packaged_service

DAY = date(2031, 2, 10)
SERVICE = packaged_service(DAY)


def test_the_first_of_two_questions_put_apart_is_answered() -> None:
    # § 5-703(d)(1): the petition candidate's certificate of candidacy, asked first; the
    # petition's own day (§ 5-703(f)) is left for its own question.
    reply = SERVICE.ask(
        "unaffiliated candidate's COC deadline for 2032? nominating petition due that same day?",
        today=DAY,
    )
    assert (reply.status, reply.rule) == ("answered_in_part", "md-petition-certificate")
    assert reply.reading is not None
    assert [p for p in reply.reading.asked_apart if "petition" in p]
    assert "ask that on its own" in reply.in_part


def test_a_comparison_with_another_day_asks_nothing_of_its_own() -> None:
    # § 5-703(c)(3)(i): the declaration's day; "same as the COC cutoff?" compares it.
    reply = SERVICE.ask(
        "independent for state senate, 2034 -- declaration of intent due when? same as the COC "
        "cutoff?",
        today=DAY,
    )
    assert (reply.status, reply.rule) == ("answered", "md-petition-declaration")
