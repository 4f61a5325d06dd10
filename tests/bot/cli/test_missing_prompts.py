"""Missing-input prompts in the terminal (issue 12, item 5): each missing value asked once, as a
plain question, under the rule's title — never its internal id — and never the rule's own list of
missing parameters repeated after it, even when notices about the law in force lead the answer.

Md. Code, Elec. Law § 15-107(b): when Fair Campaign Financing Fund distributions may begin
depends on the gubernatorial election year, which no calendar gives for a day in 2026 after the
2026 election; § 5-903(b): the successor's deadline depends on the date of the LG's death.
"""

from __future__ import annotations

import json

import pytest

from bot.cli import EXIT_ERROR, main
from rules import RULES

_MISSING = pytest.mark.parametrize(
    ("question", "today", "rule", "asked"),
    [
        (
            "when can Fund distributions begin this election year?",
            "2026-11-28",
            "md-public-financing-schedule",
            "Which gubernatorial election year?",
        ),
        (
            "our LG candidate died, when is the successor due?",
            "2026-04-28",
            "md-successor-lt-gov",
            "When did the LG candidate die?",
        ),
    ],
)


@_MISSING
def test_a_missing_value_is_asked_once_in_plain_words(
    capsys: pytest.CaptureFixture[str], question: str, today: str, rule: str, asked: str
) -> None:
    code = main(["ask", question, "--today", today])
    out = capsys.readouterr().out
    assert code == EXIT_ERROR  # not answered: it asks
    lines = out.splitlines()
    assert f"To answer {RULES[rule].title}, I need to know:" in lines
    assert sum(asked in line for line in lines) == 1
    # The rule's own sentence listing its parameters by name is not repeated below the questions.
    assert "I need more to answer" not in out
    assert f"To answer {rule}" not in out


@_MISSING
def test_the_json_answer_asks_in_the_same_plain_words(
    capsys: pytest.CaptureFixture[str], question: str, today: str, rule: str, asked: str
) -> None:
    code = main(["ask", question, "--today", today, "--json"])
    reply = json.loads(capsys.readouterr().out)
    assert code == EXIT_ERROR
    assert reply["status"] == "needs_input"
    assert reply["answer"].startswith(f"To answer {RULES[rule].title}, I need to know: {asked}")
    assert reply["answer"].count(asked) == 1
    assert "I need more to answer" not in reply["answer"]
    assert reply["questions"] == [asked]
    # Programs still get the parameters' names.
    assert reply["missing"] and all(" " not in name for name in reply["missing"])


def test_a_missing_calendar_is_said_plainly_to_staff_and_as_a_file_to_the_operator(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # § 5-903(b)(2): a death in 2030 is measured against the 2030 primary and § 5-303
    # deadline, which no calendar held in 2028 gives.
    question = "LG candidate died April 2, 2030. When is the successor certificate due?"
    main(["ask", question, "--today", "2028-01-09"])
    asked = capsys.readouterr().out
    assert "I hold no MD election calendar for 2030" in asked
    assert ".toml" not in asked and "rules/calendars" not in asked
    main(["ask", question, "--today", "2028-01-09", "--json"])
    reply = json.loads(capsys.readouterr().out)
    assert ".toml" not in reply["answer"]
    assert "rules/calendars/md-2030.toml" in reply["operator_note"]
    main(
        [
            "run",
            "md-successor-lt-gov",
            "event=death",
            "event_date=2030-04-02",
            "--today",
            "2028-01-09",
        ]
    )
    ran = capsys.readouterr().out
    assert "Operator: No MD calendar covers 2030" in ran and "md-2030.toml" in ran


def test_a_year_is_asked_once_as_the_election_said(capsys: pytest.CaptureFixture[str]) -> None:
    # § 5-703(c)(3)(i) in a President's year: the year must be given, and is asked once, as a
    # presidential one — never "Which election year?" and the rule's own question after it.
    main(
        ["ask", "declaration of intent deadline for a presidential year?", "--today", "2026-12-30"]
    )
    out = capsys.readouterr().out
    assert [line.strip() for line in out.splitlines() if "year?" in line] == [
        "• Which presidential election year?"
    ]
