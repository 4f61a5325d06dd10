"""The question sets, in one place: which are for tuning (read question by question, and what
the reader's learned model is trained on) and which are held out (measured in aggregate only,
never read, never trained on).

    from question_sets import tuning_sets, HELDOUT_FOLDERS

`benchmarks/matching.py` prints figures over both; `benchmarks/train_reader.py` trains on the
tuning sets alone, and refuses a folder whose name says it is held out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"

# The tuning sets: the helpers' own, then the external ones (written by people who never saw
# the reader), each named as its figures are printed.
TUNING_SETS = {
    "tuning set": "questions",
    "external tuning set": "questions_external",
    "second external tuning set": "questions_external2",
    "third external tuning set": "questions_external3",
    "fourth external tuning set": "questions_external4",
    "fifth external tuning set": "questions_external5",
}
# Tuning sets in the held-out sets' shape (each question its kind, and its own day where it has
# one): the retired first held-out set and the external sets written since, by folder.
QUESTION_FOLDERS = {
    "first held-out set, retired to tuning": "heldout1_retired",
    "sixth external tuning set": "external6",
    "seventh external tuning set": "external7",
    "eighth external tuning set": "external8",
    "ninth external tuning set": "external9",
    "tenth external tuning set": "external10",
    "eleventh external tuning set": "external11",
    "twelfth external tuning set": "external12",
    "thirteenth external tuning set": "external13",
    "fourteenth external tuning set": "external14",
    "fifteenth external tuning set": "external15",
    "sixteenth external tuning set": "external16",
    "seventeenth external tuning set": "external17",
    "eighteenth external tuning set": "external18",
    "nineteenth external tuning set": "external19",
    "twentieth external tuning set": "external20",
    "twenty-first external tuning set": "external21",
    "twenty-second external tuning set": "external22",
    "twenty-third external tuning set": "external23",
    "twenty-fourth external tuning set": "external24",
    "twenty-fifth external tuning set": "external25",
    "twenty-sixth external tuning set": "external26",
    "twenty-seventh external tuning set": "external27",
    "twenty-eighth external tuning set": "external28",
    "twenty-ninth external tuning set": "external29",
    "thirtieth external tuning set": "external30",
    "thirty-first external tuning set": "external31",
    "thirty-second external tuning set": "external32",
    "thirty-third external tuning set": "external33",
    "thirty-fourth external tuning set": "external34",
    "thirty-fifth external tuning set": "external35",
    "thirty-sixth external tuning set": "external36",
    "thirty-seventh external tuning set": "external37",
    "thirty-eighth external tuning set": "external38",
    "thirty-ninth external tuning set": "external39",
    "fortieth external tuning set": "external40",
    "forty-first external tuning set": "external41",
    "forty-second external tuning set": "external42",
    "forty-third external tuning set": "external43",
    "forty-fourth external tuning set": "external44",
    "forty-fifth external tuning set": "external45",
    "forty-sixth external tuning set": "external46",
    "forty-seventh external tuning set": "external47",
    "forty-eighth external tuning set": "external48",
    "forty-ninth external tuning set": "external49",
    "fiftieth external tuning set": "external50",
    "fifty-first external tuning set": "external51",
    "fifty-second external tuning set": "external52",
    "fifty-third external tuning set": "external53",
    "fifty-fourth external tuning set": "external54",
    "fifty-fifth external tuning set": "external55",
    "fifty-sixth external tuning set": "external56",
    "fifty-seventh external tuning set": "external57",
    "fifty-eighth external tuning set": "external58",
    "fifty-ninth external tuning set": "external59",
    "sixtieth external tuning set": "external60",
    "sixty-first external tuning set": "external61",
    "sixty-second external tuning set": "external62",
    "sixty-third external tuning set": "external63",
    "sixty-fourth external tuning set": "external64",
    "sixty-fifth external tuning set": "external65",
    "sixty-sixth external tuning set": "external66",
    "sixty-seventh external tuning set": "external67",
    "sixty-eighth external tuning set": "external68",
    "sixty-ninth external tuning set": "external69",
    "seventieth external tuning set": "external70",
    "seventy-first external tuning set": "external71",
    "seventy-second external tuning set": "external72",
    "seventy-third external tuning set": "external73",
    "seventy-fourth external tuning set": "external74",
    "seventy-fifth external tuning set": "external75",
    "seventy-sixth external tuning set": "external76",
    "seventy-seventh external tuning set": "external77",
    "seventy-eighth external tuning set": "external78",
    "seventy-ninth external tuning set": "external79",
    "eightieth external tuning set": "external80",
    "eighty-first external tuning set": "external81",
    "eighty-second external tuning set": "external82",
    "eighty-third external tuning set": "external83",
    "eighty-fourth external tuning set": "external84",
    "eighty-fifth external tuning set": "external85",
    "eighty-sixth external tuning set": "external86",
    "eighty-seventh external tuning set": "external87",
    "eighty-eighth external tuning set": "external88",
    "eighty-ninth external tuning set": "external89",
    "ninetieth external tuning set": "external90",
    "ninety-first external tuning set": "external91",
    "ninety-second external tuning set": "external92",
    "ninety-third external tuning set": "external93",
    "ninety-fourth external tuning set": "external94",
    "ninety-fifth external tuning set": "external95",
    "ninety-sixth external tuning set": "external96",
    "ninety-seventh external tuning set": "external97",
    "ninety-eighth external tuning set": "external98",
    "ninety-ninth external tuning set": "external99",
    "hundredth external tuning set": "external100",
    "hundred-first external tuning set": "external101",
    "hundred-second external tuning set": "external102",
    "hundred-third external tuning set": "external103",
    "hundred-fourth external tuning set": "external104",
    "hundred-fifth external tuning set": "external105",
    "hundred-sixth external tuning set": "external106",
    "hundred-seventh external tuning set": "external107",
    "hundred-eighth external tuning set": "external108",
    "hundred-ninth external tuning set": "external109",
    "hundred-tenth external tuning set": "external110",
    "hundred-eleventh external tuning set": "external111",
    "hundred-twelfth external tuning set": "external112",
    "hundred-thirteenth external tuning set": "external113",
    "hundred-fourteenth external tuning set": "external114",
    "hundred-fifteenth external tuning set": "external115",
    "hundred-sixteenth external tuning set": "external116",
    "hundred-seventeenth external tuning set": "external117",
    "hundred-eighteenth external tuning set": "external118",
    "hundred-nineteenth external tuning set": "external119",
    "hundred-twentieth external tuning set": "external120",
    "hundred-twenty-first external tuning set": "external121",
    "hundred-twenty-second external tuning set": "external122",
    "hundred-twenty-third external tuning set": "external123",
    "hundred-twenty-fourth external tuning set": "external124",
    "hundred-twenty-fifth external tuning set": "external125",
    "hundred-twenty-sixth external tuning set": "external126",
    "hundred-twenty-seventh external tuning set": "external127",
    "hundred-twenty-eighth external tuning set": "external128",
    "hundred-twenty-ninth external tuning set": "external129",
    "hundred-thirtieth external tuning set": "external130",
    "hundred-thirty-first external tuning set": "external131",
    "hundred-thirty-second external tuning set": "external132",
}
# Held out: measured only in aggregate (`matching.py --heldout`), never tuned or trained on.
HELDOUT_FOLDERS = (
    "heldout2",
    "heldout3",
    "heldout4",
    "heldout5",
    "heldout6",
    "heldout7",
    "heldout8",
    "heldout9",
    "heldout10",
    "heldout11",
    "heldout12",
    "heldout13",
    "heldout14",
    "heldout15",
    "heldout16",
    "heldout17",
    "heldout18",
    "heldout19",
    "heldout20",
    "heldout21",
    "heldout22",
    "heldout23",
    "heldout24",
    "heldout25",
    "heldout26",
    "heldout27",
    "heldout28",
    "heldout29",
    "heldout30",
    "heldout31",
    "heldout32",
    "heldout33",
    "heldout34",
    "heldout35",
    "heldout36",
    "heldout37",
    "heldout38",
    "heldout39",
    "heldout40",
    "heldout41",
    "heldout42",
    "heldout43",
    "heldout44",
    "heldout45",
    "heldout46",
    "heldout47",
    "heldout48",
    "heldout49",
    "heldout50",
    "heldout51",
    "heldout52",
    "heldout53",
    "heldout54",
    "heldout55",
    "heldout56",
    "heldout57",
    "heldout58",
    "heldout59",
    "heldout60",
    "heldout61",
    "heldout62",
    "heldout63",
    "heldout64",
    "heldout65",
    "heldout66",
    "heldout67",
    "heldout68",
    "heldout69",
    "heldout70",
    "heldout71",
    "heldout72",
    "heldout73",
    "heldout74",
    "heldout75",
    "heldout76",
    "heldout77",
)
HELDOUT = TESTS / "heldout2" / "questions.yaml"
OUT_OF_SCOPE_KINDS = ("near_miss", "out_of_scope")


@dataclass(frozen=True)
class QuestionSet:
    """One tuning set: its name (file or folder), its day and its questions, each in the
    held-out sets' shape (`q`, `kind`, `rule`, `params`, and its own `today` where it has one)."""

    name: str
    today: date
    questions: list[dict[str, Any]]


def set_day(data: Mapping[str, Any]) -> date:
    """A question set's day: YAML reads `today: 2026-11-28` as a date, `'2026-11-28'` as text."""
    return date.fromisoformat(str(data["today"]))


def question_day(item: Mapping[str, Any], today: date) -> date:
    """The day a question is asked: its own, else its set's."""
    return date.fromisoformat(str(item.get("today") or today))


def out_of_scope_texts(data: Mapping[str, Any]) -> list[str]:
    """The out-of-scope questions of a tuning file: plain strings, or `{q, note}` items."""
    return [item["q"] if isinstance(item, Mapping) else item for item in data["out_of_scope"]]


def tuning_questions(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A tuning file (tests/questions*.yaml) in the held-out set's shape (kind, rule, params,
    and the question's own day where it has one)."""
    return [
        {
            "q": item["q"],
            "kind": "in_scope",
            "rule": item["rule"],
            "params": item.get("params"),
            "today": item.get("today"),
        }
        for item in data["in_scope"]
    ] + [
        {
            "q": item["q"] if isinstance(item, Mapping) else item,
            "kind": "out_of_scope",
            "rule": None,
            "today": item.get("today") if isinstance(item, Mapping) else None,
        }
        for item in data["out_of_scope"]
    ]


def load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def tuning_sets() -> Iterator[QuestionSet]:
    """Every tuning set, files first, then folders (never a held-out one)."""
    for name in TUNING_SETS.values():
        data = load(TESTS / f"{name}.yaml")
        yield QuestionSet(name, set_day(data), tuning_questions(data))
    for folder in QUESTION_FOLDERS.values():
        if folder in HELDOUT_FOLDERS:
            raise ValueError(f"{folder} is held out: it is never tuned or trained on")
        data = load(TESTS / folder / "questions.yaml")
        yield QuestionSet(folder, set_day(data), list(data["questions"]))
