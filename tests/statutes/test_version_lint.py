"""`deadline-bot lint` on version metadata (issue 11, point 1): what each text's metadata says,
listed as findings; contradictions are errors (tests/statutes/test_versions_schema.py)."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

from bot.cli import main
from statutes import load_corpus
from statutes.corpus import DEFAULT_XML_DIR
from tests.statutes.corpora import SEED_FILES, entry, research_corpus, seeds, write_versions


def lint(root: Path, capsys) -> tuple[int, list[str]]:
    code = main(["lint", str(root), "--no-calendars"])
    return code, capsys.readouterr().out.splitlines()


def version_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if ": version-" in line]


def test_lint_of_the_research_corpus(tmp_path, capsys):
    root = research_corpus(tmp_path)
    code, lines = lint(root, capsys)
    assert code == 0 and not [line for line in lines if line.startswith("error:")]
    found = version_lines(lines)
    md = root / "md"
    # partial texts: where each missing part comes from, or that none holds it
    assert (
        f"{md / 'gel-5-703.2025.xml'}: version-partial: version 2025 is partial: "
        "(e)(3) quoted from version 2014; (f) quoted from version 2014"
    ) in found
    assert (
        f"{md / 'gel-15-107.2025.xml'}: version-partial: version 2025 is partial: "
        "(c)(4) not held in any version"
    ) in found
    # every copy is unofficial (an info finding), and no comparison says "identical"
    unofficial = [line for line in found if ": version-unofficial (info): " in line]
    assert len(unofficial) == 7
    assert (
        f"{md / 'gel-15-102.2025.xml'}: version-unofficial (info): version 2025 is an "
        "unofficial copy: FindLaw, https://codes.findlaw.com/md/election-law/"
        "md-code-elec-law-sect-15-102/, 'Current as of January 01, 2025'"
    ) in unofficial
    compared = [line for line in found if ": version-comparison: " in line]
    assert len(compared) == 7
    assert any(
        line.startswith(
            f"{md / 'gel-15-102.2025.xml'}: version-comparison: version 2025: copies not "
            "shown identical: Whole section (a)-(i) compared in all three: identical words."
        )
        for line in compared
    )
    assert not any("version-metadata-missing" in line for line in found)


def test_identical_official_copies_give_no_version_finding(tmp_path):
    (tmp_path / "md").mkdir()
    shutil.copyfile(DEFAULT_XML_DIR / "md" / "gel-5-903.xml", tmp_path / "md" / "gel-5-903.xml")
    write_versions(tmp_path, [entry("md/gel/5-903", "seed", "md/gel-5-903.xml", official=True)])
    findings = load_corpus(tmp_path).findings
    assert [f for f in findings if f.code.startswith("version-")] == []


def test_a_missing_subsection_the_file_holds_is_reported(tmp_path):
    (tmp_path / "md").mkdir()
    shutil.copyfile(DEFAULT_XML_DIR / "md" / "gel-5-903.xml", tmp_path / "md" / "gel-5-903.xml")
    write_versions(
        tmp_path,
        [
            entry(
                "md/gel/5-903",
                "seed",
                "md/gel-5-903.xml",
                missing=["(c)"],
                missing_basis="not compared",
                official=True,
            )
        ],
    )
    corpus = load_corpus(tmp_path)
    codes = [(f.code, f.message) for f in corpus.findings if f.code.startswith("version-")]
    assert codes == [
        (
            "version-missing-held",
            "version seed lists (c) as missing but the file holds it; "
            "the file's text of it is never quoted",
        ),
        ("version-partial", "version seed is partial: (c) not held in any version"),
    ]
    assert not corpus.has_node("md/gel/5-903/c")  # "missing" wins over the file


def test_versions_known_but_not_held(tmp_path, capsys):
    root = seeds(tmp_path)
    law, file = "md/gel/5-703", "md/gel-5-703.xml"
    path = write_versions(
        root,
        [
            entry(law, "2014", file, text_as_of=date(2014, 5, 16)),
            entry(law, "2015", None, held=False, in_force_from_not_before=date(2015, 1, 14)),
        ],
    )
    code, lines = lint(root, capsys)
    assert code == 0
    assert f"{path}: version-not-held (info): {law}: version 2015 is known, text not held" in lines
    assert (
        f"{path}: version-newest-not-held: {law}: the newest version (2015) is not held; "
        "without a day, the corpus quotes version 2014"
    ) in lines
    found = load_corpus(root).in_force(law, date(2016, 1, 1))
    assert [v.id for v in found.unheld] == ["2015"] and found.single is None


def test_a_folder_without_versions_toml(tmp_path, capsys):
    for name in SEED_FILES:
        shutil.copyfile(DEFAULT_XML_DIR / name, tmp_path / Path(name).name)
    code, lines = lint(tmp_path, capsys)
    assert code == 0  # findings, not errors: an admin's folder of texts still works
    missing = [line for line in version_lines(lines) if "version-metadata-missing" in line]
    assert sorted(missing) == sorted(
        f"{tmp_path / name}: version-metadata-missing: no version metadata for "
        f"{tmp_path / name}: loaded as one undated text (add a versions.toml at the corpus root)"
        for name in ("c53-s14.xml", "gel-15-106.xml", "gel-5-703.xml", "gel-5-903.xml")
    )


def test_a_file_versions_toml_does_not_list(tmp_path, capsys):
    root = seeds(tmp_path)
    write_versions(root, [entry("md/gel/5-903", "seed", "md/gel-5-903.xml")])
    code, lines = lint(root, capsys)
    assert code == 0
    assert (
        f"{root / 'md' / 'gel-5-703.xml'}: version-metadata-missing: no version metadata for "
        f"{root / 'md' / 'gel-5-703.xml'}: loaded as one undated text "
        "(add its entry in versions.toml at the corpus root)"
    ) in lines


def test_packaged_lint_lists_the_version_metadata(capsys):
    # The four seeds and the three current texts (issue 11): every copy unofficial, two texts
    # partial, three versions known but not held.
    code, lines = lint(DEFAULT_XML_DIR, capsys)
    assert code == 0
    found = version_lines(lines)
    assert len([line for line in found if "version-unofficial (info)" in line]) == 7
    assert not any("version-metadata-missing" in line for line in found)
    assert len([line for line in found if "version-partial" in line]) == 2
    assert len([line for line in found if "version-not-held (info)" in line]) == 3
    assert lines[-1].startswith("6 laws, 86 nodes, ")
