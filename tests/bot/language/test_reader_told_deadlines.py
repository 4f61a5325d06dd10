"""A deadline the question tells of, in a sentence of its own, is a fact it states, not what it
asks: "… after the withdrawal deadline had passed. When did the new pick have to file?" asks
the successor's deadline. A withdrawal deadline named in the question's own "?" sentence, with
no day, is still what it asks. The phrasings are not the question sets' own."""

from __future__ import annotations

from datetime import date

from tests.support.service import packaged_service

DAY = date(2026, 11, 28)
SERVICE = packaged_service(DAY)


def test_a_withdrawal_deadline_told_as_past_is_not_asked() -> None:
    # § 5-903(b): the successor's certificate after the LG candidate's withdrawal, which came
    # after the last day to withdraw (told, not asked).
    reply = SERVICE.ask(
        "Our running mate pulled out on 3/16/2026, a week after the withdrawal deadline had "
        "already gone by. Did the replacement LG still get a filing date?",
        today=DAY,
    )
    assert (reply.rule, reply.params.get("event")) == ("md-successor-lt-gov", "withdrawal")
    assert reply.params["event_date"] == "2026-03-16"


def test_a_withdrawal_deadline_asked_without_a_day_is_still_asked() -> None:
    # c. 53, § 14, sentence 7 counts from the last day for withdrawals; that day itself is
    # set elsewhere, so asking it is no rule's question.
    reply = SERVICE.ask(
        "Town clerk here. Withdrawal deadline for our May town election? Board wants it posted.",
        today=DAY,
    )
    assert reply.status == "no_match"


def test_a_bare_allowed_asks_yes_or_no_of_the_sentence_before() -> None:
    # § 5-903(b) times the successor's certificate; whether a withdrawal may be taken back is
    # no rule's question, even with the withdrawal deadline told in the sentence before.
    reply = SERVICE.ask(
        "Our LG candidate sent in her certificate of withdrawal and wants to take it back "
        "before the withdrawal deadline. Permitted?",
        today=DAY,
    )
    assert reply.status == "no_match"
