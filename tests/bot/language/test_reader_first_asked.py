"""A question asking two rules' things is answered for the one it asks first, the other said
left for its own question; words of a side question are read within one sentence; and a
signature count's answer says which day's voter count it takes. Found on outside tuning sets
e121–e123 before they were tuned on; the phrasings are not the question sets' own."""

from __future__ import annotations

from datetime import date

from tests.support.service import packaged_service

SERVICE = packaged_service()
DAY = date(2029, 10, 2)


def test_the_count_asked_first_is_answered_and_the_due_day_left_apart() -> None:
    # § 5-703(e)(1): the lesser of 1 % of the registered voters or 10,000; the petitions' due
    # day is § 5-703(f)'s, another rule's question.
    reply = SERVICE.ask(
        "independent for attorney general in 2030, 3,900,000 registered on January 1. "
        "signatures needed, and when do they have to be in?",
        today=DAY,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.result is not None and reply.result.result["count"] == 10000
    assert reply.status == "answered_in_part"
    assert reply.reading is not None
    assert reply.reading.asked_apart == ["and when do they have to be in"]


def test_the_due_day_asked_first_is_not_the_count() -> None:
    # Asked the other way round, the day comes first: § 5-703(e) gives no day, so the
    # signatures' rule is not the one answering.
    reply = SERVICE.ask(
        "When do the petitions for an independent for attorney general have to be in for "
        "2030, and how many signatures are needed with 3,900,000 registered?",
        today=DAY,
    )
    assert reply.rule != "md-petition-signatures"


def test_a_side_questions_words_are_read_within_one_sentence() -> None:
    # "(Jan 1 count). Signature requirement" says no "count signatures" (who counts them is
    # no rule's question): § 5-703(e)(1) answers the count.
    reply = SERVICE.ask(
        "The county council district has 40,200 voters (registration as of the Jan 1 count). "
        "Signature requirement for an unaffiliated candidate?",
        today=DAY,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.result is not None and reply.result.result["count"] == 402


def test_a_side_question_said_in_one_sentence_is_still_set_aside() -> None:
    # Counting the signatures on a petition is the board's work, not a deadline or a count
    # the rules compute: said in one sentence, it is still no rule's question.
    reply = SERVICE.ask("Who is counting signatures on the council petitions?", today=DAY)
    assert reply.status == "no_match"


def test_which_days_voter_count_is_stated_by_the_count() -> None:
    # § 5-703(e)(1) counts the registered voters "as of January 1 of the year"; the answer
    # states it, so the part asking which day's count is not said left unanswered.
    reply = SERVICE.ask(
        "Council district with 12,480 registered. Petition signatures needed, and which "
        "day's voter count is it based on?",
        today=DAY,
    )
    assert reply.rule == "md-petition-signatures"
    assert reply.status == "answered"
