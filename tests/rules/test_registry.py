"""One folder per statute (issue 10): the registry finds each statute folder under rules/md/ and
rules/ma/, and everything about a rule lives in its folder; the engine stays law-free."""

from __future__ import annotations

import ast
from pathlib import Path

import rules
from rules.registry import STATUTES, canonical_params, golden_files, phrases, pins, season_templates

RULES_DIR = Path(rules.__file__).resolve().parent
#: Modules that must not know any state's law (Maryland- or Massachusetts-specific behaviour
#: lives under rules/md/ and rules/ma/).
LAW_FREE = [
    *sorted((RULES_DIR / "engine").glob("*.py")),
    RULES_DIR / "values.py",
    RULES_DIR / "timecalc.py",
    RULES_DIR / "season.py",
    RULES_DIR / "pins.py",
    RULES_DIR / "result.py",
]


def test_every_rule_lives_in_exactly_one_statute_folder() -> None:
    folders = {st.folder.relative_to(RULES_DIR).as_posix() for st in STATUTES}
    assert folders == {"md/gel_5_903", "md/gel_5_703", "md/gel_15_106", "ma/c53_s14"}
    ids = [spec.id for st in STATUTES for spec in st.rules]
    assert ids == list(rules.RULES)  # the listing order answers show is unchanged
    for st in STATUTES:
        own = {spec.id for spec in st.rules}
        assert {spec.jurisdiction for spec in st.rules} == {st.jurisdiction}
        assert own <= set(pins()), st.name
        assert {p.stem for p in (st.folder / "golden").glob("*.yaml")} == own, st.name
        assert set(st.data("phrases.yaml")) == own, st.name
    assert {p.stem for p in golden_files()} == set(rules.RULES)


def test_titles_aliases_and_states_exist_once_on_the_rule_spec() -> None:
    for rule_id, entry in phrases().items():
        assert not {"title", "aliases", "state"} & set(entry), rule_id
        assert entry["keywords"] and entry["examples"], rule_id
    for spec in rules.RULES.values():
        assert spec.title and spec.aliases and spec.from_facts is not None, spec.id


def test_season_entries_come_from_the_statute_folders() -> None:
    templates = season_templates()
    assert set(templates) == {"md", "ma"}
    for jurisdiction, entries in templates.items():
        for entry in entries:
            assert rules.RULES[entry["rule"]].jurisdiction == jurisdiction


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_engine_is_law_free() -> None:
    for path in LAW_FREE:
        state_law = {
            m
            for m in _imports(path)
            if m.startswith(("rules.md", "rules.ma", "rules.jurisdictions"))
        }
        assert not state_law, f"{path.name} imports {sorted(state_law)}"


def test_canonical_params_read_a_yes_as_the_rule_does() -> None:
    # § 15-106(d): "opposed=yes" and a YAML true are one value to the rule, and compare equal.
    said = canonical_params("md-public-financing-general", {"opposed": "yes", "nominee": False})
    assert said == canonical_params(
        "md-public-financing-general", {"opposed": True, "nominee": "no"}
    )
    assert said == {"opposed": "true", "nominee": "false"}
    # § 15-106(b): a sum written to the cent and the same sum as a YAML number compare equal.
    # c. 53, § 14, sentence 2: "papers" is the rule's "nomination-papers", one choice.
    how = canonical_params("ma-vacancy-who-fills", {"nomination": "papers"})
    assert how == canonical_params("ma-vacancy-who-fills", {"nomination": "nomination-papers"})
    assert how == {"nomination": "nomination-papers"}
    fund = canonical_params("md-public-financing-proration", {"fund": "2345678.90"})
    assert fund == canonical_params("md-public-financing-proration", {"fund": 2345678.9})
