"""Background the asker sets aside, and another state named only in passing, are not the
question: a county program "I'm not asking about", another state's practice said before the
question names ours. Background that holds the question's own facts is kept. The phrasings
here are not the question sets' own."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language.asides import without_asides
from tests.support.service import filled, packaged_service

DAY = date(2030, 1, 22)
SERVICE = packaged_service(DAY)


@pytest.mark.parametrize(
    ("question", "rule", "expected"),
    [
        # § 15-106(c): the State Fund's match; the county's program is set aside by the asker.
        (
            "Anne Arundel's own matching program works differently, so ignore that. For the "
            "state Fund and our governor ticket: gifts of $40, $110 and $250. Match?",
            "md-public-financing-primary",
            {"contributions": "40;110;250"},
        ),
        # § 5-703(c): a county program named as a separate matter, then the question.
        (
            "Frederick County is debating a public financing fund of its own — not my issue "
            "today. An unaffiliated House of Delegates hopeful for 2030: when is the declaration "
            "of intent due?",
            "md-petition-declaration",
            {"year": "2030"},
        ),
        # c. 53, § 14, sentences 1-2: another state's rule set aside before ours is asked.
        (
            "New Hampshire handles this in a totally different way, but we're in Massachusetts: "
            "our state senate nominee from the primary died. Who fills the nomination?",
            "ma-vacancy-who-fills",
            {"cause": "death", "nomination": "primary"},
        ),
        # § 5-703(f): another state's papers and date, said before the question names Maryland.
        (
            "In Delaware, independents file by mid-July and that's that. What is Maryland's "
            "petition deadline for unaffiliated candidates in 2030?",
            "md-petition-filing",
            {"year": "2030"},
        ),
        # c. 53, § 14: another state's postal code in passing; "vacancy" is no "VA".
        (
            "Saw how VA handles it on the news. In Massachusetts, who fills the vacancy when "
            "our state rep nominee dies?",
            "ma-vacancy-who-fills",
            {"cause": "death"},
        ),
        # § 15-107: another state's grants in passing, then Maryland's Fund asked of.
        (
            "Arizona's clean elections money flows as soon as a campaign qualifies. In Maryland, "
            "when can distributions from the Fund begin for 2030?",
            "md-public-financing-schedule",
            {"year": "2030"},
        ),
    ],
)
def test_background_is_not_the_question(question: str, rule: str, expected: dict[str, str]) -> None:
    reply = SERVICE.ask(question, today=DAY)
    assert reply.rule == rule
    assert reply.status not in ("no_match", "ambiguous")
    assert filled(reply, expected) == expected
    assert reply.reading is not None and reply.reading.asides  # said in the reading


def test_another_state_where_the_question_asks_is_the_state_asked_about() -> None:
    # § 5-703 is Maryland's: a question asking of Virginia's rule is not answered from it.
    reply = SERVICE.ask(
        "Maryland's petition deadline I know. What is Virginia's deadline for an independent?",
        today=DAY,
    )
    assert reply.status == "no_match"


def test_another_state_named_alone_rules_the_question_out() -> None:
    # No state of ours is asked about: the other state stands.
    reply = SERVICE.ask(
        "We're in Delaware. When is an independent's petition due for 2030?", today=DAY
    )
    assert reply.status == "no_match"


def test_an_aside_in_brackets_keeps_the_rest_of_its_sentence() -> None:
    # § 5-703(c)(1): the year and the deadline said around the bracket are the question's.
    reply = SERVICE.ask(
        "Client may petition on as an independent for county council in 2030 (she's also "
        "eyeing a mayoral run later, ignore that). The COC deadline is Feb 26 at 9 p.m. Is her "
        "declaration of intent due the same moment?",
        today=DAY,
    )
    assert reply.rule == "md-petition-declaration"
    assert reply.params.get("coc_deadline") == "2030-02-26T21:00"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # A cue with nothing asked beside it sets nothing aside.
        ("The county program is different, ignore that.", "The county program is different"),
        # A stretch holding a question is never set aside.
        ("Is the county's rule totally different? When is the petition due?", "county's rule"),
    ],
)
def test_what_asks_is_never_set_aside(text: str, kept: str) -> None:
    blanked, asides = without_asides(text)
    assert kept in blanked
    assert asides == []
