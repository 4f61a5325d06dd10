"""Statute corpus: addressing, verbatim text, citations, references, lint (issue 2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import main
from statutes import CitationNotFound, CitationSyntaxError, CorpusLoadError, load_corpus
from statutes.corpus import DEFAULT_XML_DIR, LAYOUT
from statutes.loader import split_sentences
from tests.statutes.corpora import SEED_FILES, seeds


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_5_903_b_2_ii_text_and_lead_in(corpus):
    # § 5-903(b)(2)(ii): the example the issue checks, verbatim.
    node = corpus.lookup("Md. Code, Elec. Law § 5-903(b)(2)(ii)")
    assert node.text == (
        "by the fifth day following the death or disqualification of the former Lieutenant "
        "Governor candidate, if that former candidate dies or is disqualified less than 45 days "
        "before the day of the primary election; or"
    )
    assert node.lead_in == "The certificate of candidacy shall be filed:"
    assert node.id == "md/gel/5-903/b/2/ii"
    assert node.path == ("b", "2", "ii")
    assert node.pinpoint == "(b)(2)(ii)"


@pytest.mark.parametrize(
    ("typed", "node_id"),
    [
        ("5-903(b)(2)(ii)", "md/gel/5-903/b/2/ii"),
        ("§ 5-903 (b)(2)(ii)", "md/gel/5-903/b/2/ii"),
        ("EL 5-903(b)(2)", "md/gel/5-903/b/2"),
        ("Md. Code Ann., Elec. Law § 5-903(b)", "md/gel/5-903/b"),
        ("Election Law 5-703(e)(1)", "md/gel/5-703/e/1"),
        ("EL § 5-903(B)(2)", "md/gel/5-903/b/2"),
        ("gel-5-903", "md/gel/5-903"),
        ("G.L. c. 53 § 14", "ma/mgl/c53/14"),
        ("MGL ch 53 s 14", "ma/mgl/c53/14"),
        ("c.53 §14 sentence 3", "ma/mgl/c53/14/s3"),
        ("Mass. Gen. Laws ch. 53, § 14, sentence 7", "ma/mgl/c53/14/s7"),
        ("M.G.L. c.53 §14", "ma/mgl/c53/14"),
    ],
)
def test_citation_forms_staff_type(corpus, typed, node_id):
    assert corpus.lookup(typed).id == node_id


def test_5_703_e_1_signature_text(corpus):
    # § 5-703(e)(1)
    text = corpus.lookup("5-703(e)(1)").text
    assert text.startswith("A candidate who seeks nomination by petition may not have")
    assert "at least 250 registered voters" in text


def test_15_106_d_4_ii_with_lead_in(corpus):
    # § 15-106(d)(4)(ii)
    node = corpus.lookup("15-106(d)(4)(ii)")
    assert node.text == "did not exceed the expenditure limit for the primary election."
    assert node.lead_in.endswith("only if the gubernatorial ticket:")


def test_massachusetts_sentences_and_mojibake_repaired(corpus):
    # G.L. c. 53 § 14, sentences 1 and 7
    s1 = corpus.lookup("G.L. c. 53 § 14 sentence 1")
    assert s1.text.startswith("If a candidate nominated for a state, city or town office dies")
    s7 = corpus.lookup("c. 53, § 14, sentence 7")
    assert "seventy-two week day hours" in s7.text
    assert "five o’clock in the afternoon" in s7.text
    whole = corpus.lookup("G.L. c. 53 § 14")
    assert "o’clock" in whole.text and "â€™" not in whole.text
    assert len(whole.children) == 9
    assert s7.id == "ma/mgl/c53/14/s7"
    assert s7.cite == "Mass. Gen. Laws ch. 53, § 14, sentence 7"


def test_text_keeps_document_order_around_children(corpus):
    # § 5-903(c): lead-in, then (1), then (2)
    node = corpus.lookup("5-903(c)")
    assert node.text.startswith("If the death or disqualification")
    assert node.text.index("(1) shall remain on the ballot") < node.text.index("(2) if nominated")
    assert corpus.lookup("5-903(c)(2)").lead_in == node.chapeau


def test_text_after_children_is_kept_in_place(tmp_path):
    folder = tmp_path / "md"
    folder.mkdir()
    (folder / "gel-1-101.xml").write_text(
        "<law><section_number>gel-1-101</section_number><catch_line>Test</catch_line><text>"
        '<section prefix="(a)">Lead:<section prefix="(1)">one;</section> between '
        '<section prefix="(2)">two.</section> after all.</section></text></law>',
        encoding="utf-8",
    )
    corpus = load_corpus(tmp_path)
    node = corpus.lookup("1-101(a)")
    assert node.text == "Lead: (1) one; between (2) two. after all."
    assert corpus.lookup("1-101(a)(2)").lead_in == "Lead:"


def test_missing_pinpoint_names_nearest_ancestor_and_children(corpus):
    with pytest.raises(CitationNotFound) as err:
        corpus.lookup("5-903(z)")
    assert "§ 5-903 has no subsection (z)" in str(err.value)
    assert "(a), (b), (c)" in str(err.value)
    with pytest.raises(CitationNotFound) as err:
        corpus.lookup("5-903(b)(9)")
    assert "5-903(b)" in str(err.value) and "(1), (2), (3)" in str(err.value)
    with pytest.raises(CitationNotFound, match="sentences 1–9"):
        corpus.lookup("c. 53 § 14 sentence 12")


def test_section_not_in_corpus_and_bad_syntax(corpus):
    with pytest.raises(CitationNotFound, match="5-303 is not in the corpus"):
        corpus.lookup("EL 5-303")
    with pytest.raises(CitationSyntaxError, match="Unknown code"):
        corpus.lookup("Educ. 5-903")
    with pytest.raises(CitationSyntaxError):
        corpus.lookup("what is the weather")


def test_cross_references_resolved_where_held(corpus):
    refs = {r.text: r for r in corpus.lookup("5-903(a)(1)").references}
    assert refs["§ 5-303 of this title"].target_id == "md/gel/5-303"
    assert refs["§ 5-303 of this title"].in_corpus is False
    (b3,) = corpus.lookup("5-903(b)(3)").references
    assert b3.target_id == "md/gel/5-903/b/2/ii" and b3.in_corpus
    (c2,) = corpus.lookup("5-903(c)(2)").references
    assert c2.target_id == "md/gel/5-1005/b" and not c2.in_corpus
    # "paragraph (1) of this subsection" inside (e)(3) means (e)(1)
    (e3,) = corpus.lookup("5-703(e)(3)").references
    assert e3.target_id == "md/gel/5-703/e/1" and e3.in_corpus


def test_manifest_names_the_article_and_lint_reports_conflicts(corpus):
    node = corpus.lookup("5-703(a)")
    assert node.law.code_name == "Election Law"
    assert node.cite.startswith("Md. Code, Elec. Law §")
    codes = {(Path(f.file).name, f.code) for f in corpus.findings}
    assert ("gel-5-703.xml", "unit-conflict") in codes
    assert ("gel-15-106.xml", "unit-conflict") in codes
    assert ("gel-5-703.xml", "catch-line-missing") in codes  # "..."
    assert ("gel-5-903.xml", "catch-line-missing") in codes  # empty
    assert ("gel-15-106.xml", "catch-line-truncated") in codes
    assert ("c53-s14.xml", "mojibake-repaired") in codes
    assert corpus.versions("md/gel/5-703")[0].catch_line is None  # the 2014 seed's "..."
    assert corpus.lookup("G.L. c. 53 § 14").law.catch_line.startswith("Death, Withdrawal")


def test_text_hash_changes_when_text_changes(tmp_path):
    shutil.copytree(DEFAULT_XML_DIR, tmp_path / "xml")
    seed = {"md/gel/5-703": "2014"}  # the 2014 text, beside the current one
    before = load_corpus(tmp_path / "xml").view(seed).lookup("5-703(c)(3)(ii)").text_sha256
    f = tmp_path / "xml" / "md" / "gel-5-703.xml"
    f.write_text(f.read_text().replace("by July 1", "by the first Monday in July"))
    after = load_corpus(tmp_path / "xml").view(seed).lookup("5-703(c)(3)(ii)")
    assert after.text_sha256 != before
    assert "first Monday in July" in after.text


def test_seed_files_are_unedited_copies():
    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("shared/seeds not beside this checkout")
    # Every seed ships byte-identical (the current texts ship beside them, issue 11).
    shipped = {p.read_bytes() for p in DEFAULT_XML_DIR.glob("*/*.xml")}
    assert {p.read_bytes() for p in seeds.iterdir()} <= shipped
    assert {(DEFAULT_XML_DIR / name).read_bytes() for name in SEED_FILES} == {
        p.read_bytes() for p in seeds.iterdir()
    }


def test_sentence_splitter_keeps_abbreviations():
    text = "Filed by 5 p.m. on Monday. See c. 4 § 9. Then done."
    assert split_sentences(text) == ["Filed by 5 p.m. on Monday.", "See c. 4 § 9.", "Then done."]


# --- corpus folder layouts (issue 9) -------------------------------------------------------------
# Hostile and broken files are in tests/test_hostile_xml.py.


def _flat_copy(tmp_path: Path) -> Path:
    """The shipped seed texts with every file directly in one folder (md/*.xml and ma/*.xml)."""
    flat = tmp_path / "flat"
    flat.mkdir()
    for name in SEED_FILES:
        shutil.copyfile(DEFAULT_XML_DIR / name, flat / Path(name).name)
    return flat


def test_flat_folder_loads_the_same_laws_and_text(tmp_path):
    # The manifest identifies each file: "gel-5-903" is Maryland's Election Law, <unit
    # label="chapter" identifier="53"> a Massachusetts chapter.
    flat = load_corpus(_flat_copy(tmp_path))
    corpus = load_corpus(seeds(tmp_path / "folders"))  # the same files in md/ and ma/
    assert sorted(flat.laws) == sorted(corpus.laws)
    assert flat.version == corpus.version
    assert flat.lookup("EL § 5-903(b)(2)(ii)").text == corpus.lookup("5-903(b)(2)(ii)").text
    s7 = flat.lookup("G.L. c. 53, § 14, sentence 7")
    assert s7.id == "ma/mgl/c53/14/s7" and s7.law.jurisdiction == "ma"
    # The same text findings; version findings differ (no versions.toml in the flat folder).
    assert {(Path(f.file).name, f.code) for f in flat.findings if "version" not in f.code} == {
        (Path(f.file).name, f.code) for f in corpus.findings if "version" not in f.code
    }


def test_mixed_layout_and_a_law_held_twice(tmp_path):
    root = tmp_path / "corpus"
    (root / "md").mkdir(parents=True)
    shutil.copyfile(DEFAULT_XML_DIR / "md" / "gel-5-903.xml", root / "md" / "gel-5-903.xml")
    shutil.copyfile(DEFAULT_XML_DIR / "ma" / "c53-s14.xml", root / "c53-s14.xml")
    assert sorted(load_corpus(root).laws) == ["ma/mgl/c53/14", "md/gel/5-903"]
    shutil.copyfile(DEFAULT_XML_DIR / "md" / "gel-5-903.xml", root / "copy.xml")
    with pytest.raises(CorpusLoadError, match=r"copy\.xml: duplicate of .*md/gel-5-903\.xml"):
        load_corpus(root)
    lenient = load_corpus(root, strict=False)
    assert len(lenient.laws) == 2 and len(lenient.errors) == 1


def test_flat_file_of_no_known_code_names_the_jurisdictions_tried(tmp_path):
    (tmp_path / "x.xml").write_text(
        "<law><section_number>12-3</section_number><text>Text.</text></law>", encoding="utf-8"
    )
    with pytest.raises(CorpusLoadError) as err:
        load_corpus(tmp_path)
    assert str(err.value) == (
        f"{tmp_path / 'x.xml'}: section number '12-3' matches no code the manifest lists "
        "for ma or md"
    )


@pytest.mark.parametrize("content", ["nothing", "readme", "unknown-folder"])
def test_folder_without_laws_is_an_error_naming_the_layout(tmp_path, capsys, content):
    if content == "readme":
        (tmp_path / "README.txt").write_text("not a law", encoding="utf-8")
    elif content == "unknown-folder":
        (tmp_path / "ny").mkdir()
        shutil.copyfile(DEFAULT_XML_DIR / "md" / "gel-5-903.xml", tmp_path / "ny" / "a.xml")
    with pytest.raises(CorpusLoadError) as err:
        load_corpus(tmp_path)
    expected = f"{tmp_path}: no statute loaded from this folder; expected {LAYOUT}"
    assert str(err.value) == expected
    assert "<jurisdiction>/*.xml" in LAYOUT and "*.xml directly" in LAYOUT
    # lint: never "all is well" for an empty corpus
    assert main(["lint", str(tmp_path), "--no-calendars"]) == 1
    out = capsys.readouterr().out
    assert f"error: {expected}\n" in out


def test_lint_accepts_a_flat_copy_of_the_corpus(tmp_path, capsys):
    assert main(["lint", str(_flat_copy(tmp_path)), "--no-calendars"]) == 0
    out = capsys.readouterr().out
    assert "error:" not in out
    assert out.splitlines()[-1].startswith("4 laws, 64 nodes, ")
    assert main(["cite", "c. 53 § 14 sentence 7", "--corpus", str(tmp_path / "flat")]) == 0
    assert "seventy-two week day hours" in capsys.readouterr().out


def test_corpus_folder_that_is_a_file_or_missing(tmp_path):
    with pytest.raises(CorpusLoadError, match="corpus folder does not exist"):
        load_corpus(tmp_path / "nope")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(CorpusLoadError, match="corpus folder is a file, not a folder"):
        load_corpus(tmp_path / "file")
