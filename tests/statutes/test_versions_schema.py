"""versions.toml: every problem is one line naming the file, the entry and the key; the file is
read with the statute files' care (issue 11, point 1)."""

from __future__ import annotations

import os
import shutil
from datetime import date, datetime
from pathlib import Path

import pytest

from bot.cli import main
from statutes import CorpusLoadError, load_corpus
from statutes.corpus import DEFAULT_XML_DIR
from statutes.versions import MAX_VERSIONS_BYTES
from tests.statutes.corpora import entry, research_corpus, seeds, write_versions

LAW, FILE = "md/gel/5-903", "md/gel-5-903.xml"


def one_seed(root: Path) -> Path:
    (root / "md").mkdir()
    shutil.copyfile(DEFAULT_XML_DIR / FILE, root / FILE)
    return root


def refused(root: Path) -> str:
    """The strict load's message, which lint (lenient) also reports as an error."""
    with pytest.raises(CorpusLoadError) as err:
        load_corpus(root)
    message = str(err.value)
    assert "\n" not in message
    assert message in load_corpus(root, strict=False).errors
    return message


def test_the_packaged_versions_toml_describes_the_seeds_and_current_texts():
    corpus = load_corpus()
    assert corpus.errors == [] and corpus.versions_file == DEFAULT_XML_DIR / "versions.toml"
    got = {key: (law.version.id, law.version.file) for key, law in corpus.laws.items()}
    assert got == {  # the default view: each law's latest held text
        "md/gel/5-703": ("2025", "md/gel-5-703.2025.xml"),
        "md/gel/15-106": ("2014", "md/gel-15-106.xml"),
        "md/gel/15-107": ("2025", "md/gel-15-107.2025.xml"),
        "md/gel/15-102": ("2025", "md/gel-15-102.2025.xml"),
        "md/gel/5-903": ("seed", "md/gel-5-903.xml"),
        "ma/mgl/c53/14": ("seed", "ma/c53-s14.xml"),
    }
    timelines = {key: [(v.id, v.held) for v in corpus.timeline(key)] for key in corpus.laws}
    assert timelines["md/gel/5-703"] == [("2014", True), ("2015", False), ("2025", True)]
    assert timelines["md/gel/15-106"] == [("2014", True), ("2021", False)]
    assert timelines["md/gel/15-107"] == [("2025", True), ("2026-bills", False)]
    v = corpus.versions("md/gel/5-703")[0].version
    # md.elaws.us "Last Updated: May 16, 2014"; dates not established are unknown (None).
    assert v.text_as_of == date(2014, 5, 16) and v.in_force_to_not_before == date(2014, 5, 16)
    assert v.in_force_from is None and v.in_force_to is None and v.official is False
    assert "md.elaws.us" in v.source
    # the lead's lower bounds (NOTES-phase3)
    assert corpus.laws["md/gel/5-703"].version.in_force_from_not_before == date(2017, 5, 26)
    assert corpus.laws["md/gel/15-107"].version.in_force_from_not_before == date(2021, 6, 1)
    every = [law.version for versions in corpus.held.values() for law in versions]
    assert all(v.official is False for v in every)
    assert all(v.retrieved == date(2026, 11, 22) for v in every)


# (fields changed on a valid entry, the message after "versions.toml: ")
CASES = [
    (
        {"in_force_to": "soon"},
        'in_force_to: expected a TOML date, "unknown" or "current", got \'soon\'',
    ),
    (
        {"in_force_from": "2014-05-16"},
        "in_force_from: expected a TOML date or \"unknown\", got '2014-05-16'",
    ),
    (
        {"text_as_of": datetime(2014, 5, 16, 10, 0)},
        'text_as_of: expected a TOML date or "unknown", got 2014-05-16T10:00:00',
    ),
    (
        {"in_force_from": "current"},
        "in_force_from: expected a TOML date or \"unknown\", got 'current'",
    ),
    ({"in_force_from": date(1066, 10, 14)}, "in_force_from: 1066-10-14 is not a plausible date"),
    ({"retrieved": None}, "retrieved: required key is missing"),
    ({"retrieved": "unknown"}, "retrieved: expected a TOML date such as 2014-05-16, got 'unknown'"),
    ({"in_force_form": "unknown"}, "in_force_form: unknown key"),
    ({"official": "no"}, "official: Input should be a valid boolean"),
    ({"source": ""}, "source: must not be empty"),
    (
        {"missing": ["(b)3x"], "missing_basis": "b"},
        'missing: \'(b)3x\' is not a pinpoint such as "(e)(3)" or "sentence 7"',
    ),
    (
        {"missing": "(b)", "missing_basis": "b"},
        'missing: expected a list of pinpoints such as ["(e)(3)", "(f)"], got \'(b)\'',
    ),
    ({"missing": ["(b)"]}, "missing_basis: required when missing is given"),
    (
        {"in_force_from": date(2020, 1, 1), "in_force_to": date(2019, 1, 1)},
        "in_force_from: 2020-01-01 is after in_force_to 2019-01-01",
    ),
    (
        {"in_force_from": date(2003, 1, 1), "text_as_of": date(2002, 5, 1)},
        "in_force_from: 2003-01-01 is after text_as_of 2002-05-01",
    ),
    (
        {"in_force_from_not_before": date(2015, 1, 14), "text_as_of": date(2014, 5, 16)},
        "in_force_from_not_before: 2015-01-14 is after text_as_of 2014-05-16",
    ),
    (
        {"in_force_to_not_before": date(2016, 1, 1), "in_force_to": date(2015, 1, 1)},
        "in_force_to_not_before: 2016-01-01 is after in_force_to 2015-01-01",
    ),
    ({"comparison": None}, "comparison: required key is missing (a held version needs it)"),
    (
        {"file": "../md/gel-5-903.xml"},
        "file: '../md/gel-5-903.xml' is not a path such as \"md/gel-5-703.xml\" "
        "relative to the corpus folder",
    ),
    ({"id": "2014 text"}, "id: '2014 text' is not a short label of letters, digits, '.', '-', '_'"),
]


@pytest.mark.parametrize(
    ("change", "problem"), CASES, ids=[c[1].split(":")[0] + str(i) for i, c in enumerate(CASES)]
)
def test_an_entry_problem_is_one_line_naming_file_entry_and_key(tmp_path, change, problem):
    root = one_seed(tmp_path)
    fields = {"law": LAW, "vid": "seed", "file": FILE}
    fields.update({k: v for k, v in change.items() if k == "file"})
    rest = {k: v for k, v in change.items() if k != "file"}
    path = write_versions(root, [entry(fields["law"], fields["vid"], fields["file"], **rest)])
    label = "version 'seed' of md/gel/5-903"
    if "id" in change:
        label = f"version {change['id']!r} of md/gel/5-903"
    assert refused(root) == f"{path}: {label}: {problem}"


def test_an_entry_without_law_or_id_is_named_by_its_position(tmp_path):
    root = one_seed(tmp_path)
    good = entry(LAW, "seed", FILE)
    bad = {k: v for k, v in entry(LAW, "x", None).items() if k != "id"}
    path = write_versions(root, [good, bad])
    assert refused(root) == f"{path}: version 2: id: required key is missing"


def test_held_and_unheld_entries_need_and_refuse_a_file(tmp_path):
    root = one_seed(tmp_path)
    path = write_versions(root, [entry(LAW, "seed", None)])
    assert refused(root) == (
        f"{path}: version 'seed' of {LAW}: file: required key is missing (a held version needs it)"
    )
    write_versions(root, [entry(LAW, "seed", FILE), entry(LAW, "2015", FILE, held=False)])
    assert refused(root) == (
        f"{path}: version '2015' of {LAW}: "
        "file: a version with held = false has no text, so no file"
    )


def test_ids_unique_per_law_and_one_entry_per_file(tmp_path):
    root = seeds(tmp_path)
    path = write_versions(
        root,
        [entry(LAW, "seed", FILE), entry(LAW, "seed", "md/gel-5-703.xml")],
    )
    assert refused(root) == f"{path}: version 'seed' of {LAW}: id: listed twice for this law"
    # the same id for another law is fine
    write_versions(
        root, [entry(LAW, "seed", FILE), entry("md/gel/5-703", "seed", "md/gel-5-703.xml")]
    )
    assert load_corpus(root).laws["md/gel/5-703"].version.id == "seed"
    write_versions(root, [entry(LAW, "a", FILE), entry(LAW, "b", FILE)])
    assert (
        refused(root)
        == f"{path}: version 'b' of {LAW}: file: {FILE} is already another version's file"
    )


def test_the_entry_law_must_be_the_file_law_and_the_file_must_exist(tmp_path):
    root = one_seed(tmp_path)
    path = write_versions(root, [entry("md/gel/5-703", "2014", FILE)])
    assert refused(root) == f"{path}: version '2014' of md/gel/5-703: law: {FILE} holds {LAW}"
    write_versions(root, [entry(LAW, "seed", FILE), entry(LAW, "2020", "md/gel-5-903.2020.xml")])
    assert refused(root) == (
        f"{path}: version '2020' of {LAW}: file: md/gel-5-903.2020.xml is not in the folder"
    )
    write_versions(
        root, [entry(LAW, "seed", FILE), entry("md/gel/5-502", "2002", None, held=False)]
    )
    assert refused(root) == (
        f"{path}: version '2002' of md/gel/5-502: law: md/gel/5-502 has no text in the folder, "
        "only versions not held"
    )


def test_contradicting_dates_across_versions_are_refused(tmp_path):
    root = seeds(tmp_path)
    shutil.copyfile(root / FILE, root / "md" / "gel-5-903.2.xml")
    path = write_versions(
        root,
        [
            entry(LAW, "a", FILE, in_force_from=date(2003, 1, 1), in_force_to=date(2010, 1, 1)),
            entry(LAW, "b", "md/gel-5-903.2.xml", text_as_of=date(2009, 6, 1)),
        ],
    )
    assert refused(root) == (
        f"{path}: {LAW}: versions 'a' and 'b' are both known in force on 2009-06-01 "
        "(2003-01-01 to 2010-01-01; 2009-06-01 to 2009-06-01)"
    )


def test_two_files_of_one_law_each_need_an_entry(tmp_path):
    # Without metadata two texts of one law are a duplicate, as before versions existed.
    root = one_seed(tmp_path)
    shutil.copyfile(root / FILE, root / "md" / "gel-5-903.2.xml")
    write_versions(root, [entry(LAW, "seed", FILE)])
    message = refused(root)
    assert message == (
        f"{root / 'md' / 'gel-5-903.2.xml'}: duplicate of {root / FILE} "
        "(Md. Code, Elec. Law § 5-903); versions of one law each need an entry in versions.toml"
    )
    lenient = load_corpus(root, strict=False)
    assert lenient.versions(LAW) == [lenient.laws[LAW]] and lenient.laws[LAW].version.id == "seed"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (
            b"[[version]\nlaw = 1\n",
            "not valid TOML: Expected ']]' at the end of an array declaration "
            "(at line 1, column 10)",
        ),
        (b'title = "versions"\n', "title: unknown key (expected [[version]] tables)"),
        (b"version = 3\n", "version: expected [[version]] tables"),
        (b"law = '\xff'\n", "not UTF-8 text"),
        (b"x = " + b"[" * 100_000, "not valid TOML: nested too deeply"),
        (b"", "empty file"),
    ],
    ids=["toml", "top-key", "not-tables", "utf8", "nesting", "empty"],
)
def test_a_broken_versions_toml_is_one_line(tmp_path, content, problem):
    root = one_seed(tmp_path)
    (root / "versions.toml").write_bytes(content)
    assert refused(root) == f"{root / 'versions.toml'}: {problem}"


def test_versions_toml_must_be_a_regular_file_of_sane_size(tmp_path):
    root = one_seed(tmp_path)
    path = root / "versions.toml"
    path.mkdir()
    assert refused(root) == f"{path}: a directory, not a regular file"
    path.rmdir()
    os.mkfifo(path)  # opening a FIFO for reading would block: it is never opened
    assert refused(root) == f"{path}: a FIFO, not a regular file"
    path.unlink()
    path.write_bytes(b"#" * (MAX_VERSIONS_BYTES + 1))
    assert refused(root) == f"{path}: larger than 8 MiB (version metadata)"


def test_lint_reports_bad_metadata_as_an_error_and_fails(tmp_path, capsys):
    root = one_seed(tmp_path)
    path = write_versions(root, [entry(LAW, "seed", FILE, in_force_to="soon")])
    assert main(["lint", str(root), "--no-calendars"]) == 1
    out = capsys.readouterr().out
    assert f"error: {path}: version 'seed' of {LAW}: in_force_to: expected a TOML date" in out
    # the text itself still loads (as an undated version) so its findings are still listed
    assert "gel-5-903.xml: version-metadata-missing: no version metadata for" in out


def test_the_research_metadata_loads_as_shipped(tmp_path):
    # research/versions.toml, with the research texts beside the seeds: no error at all.
    corpus = load_corpus(research_corpus(tmp_path))
    assert corpus.errors == []
    assert [law.version.id for law in corpus.versions("md/gel/5-703")] == ["2014", "2025"]
    current = corpus.laws["md/gel/5-703"].version
    assert current.in_force_to == "current" and current.missing == ("(e)(3)", "(f)")
    assert current.missing_paths == (("e", "3"), ("f",))
    assert corpus.laws["md/gel/15-107"].version.in_force_to is None  # "unknown"
