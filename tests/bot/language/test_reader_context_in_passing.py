"""Context said in passing never rules a question out, and context that is the question does:
a party's registered voters beside the governor's votes (c. 53, § 14, sentence 4 counts the
votes), another election's count in an aside, the committee of five (Massachusetts' nomination
papers), a question asked in the conditional ("when would … have to file"), and a second ask
about residency or reprinted ballots set aside and said not answered. The phrasings here are
not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.service import filled, packaged_service

DAY = date(2029, 1, 10)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # Sentence 4: the governor's votes decide; the party's enrollment is context.
        (
            "Precinct 9 has 4,815 registered Republicans. Our gubernatorial candidate received "
            "1,377 votes there in 2026. How many vacancy delegates?",
            "ma-vacancy-delegates",
            {"votes": "1377"},
        ),
        # Sentence 4: a presidential count in an aside beside the governor's votes.
        (
            "Our town gave our candidate for governor 1,944 votes in 2026 (the presidential "
            "ticket drew 3,020 here in 2028). Delegates for the vacancy?",
            "ma-vacancy-delegates",
            {"votes": "1944"},
        ),
        # Sentence 1: the committee of five on nomination papers is Massachusetts' (both
        # states elect a governor).
        (
            "Independent candidate for governor withdrew yesterday. Does the committee of five "
            "get to name someone else?",
            "ma-vacancy-who-fills",
            {"office": "governor"},
        ),
        # § 5-903(b): the successor's deadline, asked in the conditional after a withdrawal
        # said to come after the withdrawal deadline.
        (
            "Say the LG pick pulls out on April 2, 2030, after the withdrawal deadline closed. "
            "When would the replacement running mate have to file?",
            "md-successor-lt-gov",
            {"event": "withdrawal", "event_date": "2030-04-02"},
        ),
    ],
)
def test_context_in_passing_keeps_the_question(
    question: str, rule: str, expected: dict[str, str]
) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == rule
    assert reply.status not in ("no_match", "ambiguous")
    assert filled(reply, expected) == expected


def test_a_party_enrollment_alone_is_not_the_governors_votes() -> None:
    # Sentence 4 counts votes for governor: a count of registered party members is not one.
    reply = SERVICE.ask(
        "Ward | Registered Democrats | Vacancy delegates\nWard 4 | 5,290 | ?", today=DAY
    )
    assert reply.status == "no_match"
    assert reply.reading is not None
    assert any("registered voters" in r.reason for r in reply.reading.ruled_out)


@pytest.mark.parametrize(
    "question",
    [
        "Our LG candidate withdrew on April 9, 2026. When did the successor's certificate have "
        "to be in, and did the new pick need to have lived in Maryland for five years?",
        "LG candidate disqualified April 20, 2026: when was the successor due, and would the "
        "ballots already printed be reprinted?",
    ],
)
def test_a_second_ask_beyond_the_rules_is_said_not_answered(question: str) -> None:
    # § 5-903(b) answers the deadline; residency and reprinting are no rule's.
    reply = SERVICE.ask(question, today=DAY)
    assert (reply.status, reply.rule) == ("answered_in_part", "md-successor-lt-gov")
    assert reply.reading is not None and reply.reading.not_answered
