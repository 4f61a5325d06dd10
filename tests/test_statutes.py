"""Statute corpus: addressing, verbatim text, citations, references, lint (issue 2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from statutes import CitationNotFound, CitationSyntaxError, CorpusLoadError, load_corpus
from statutes.corpus import DEFAULT_XML_DIR
from statutes.loader import split_sentences


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
    assert corpus.lookup("5-703").law.catch_line is None
    assert corpus.lookup("G.L. c. 53 § 14").law.catch_line.startswith("Death, Withdrawal")


def test_text_hash_changes_when_text_changes(tmp_path):
    shutil.copytree(DEFAULT_XML_DIR, tmp_path / "xml")
    before = load_corpus(tmp_path / "xml").lookup("5-703(c)(3)(ii)").text_sha256
    f = tmp_path / "xml" / "md" / "gel-5-703.xml"
    f.write_text(f.read_text().replace("by July 1", "by the first Monday in July"))
    after = load_corpus(tmp_path / "xml").lookup("5-703(c)(3)(ii)")
    assert after.text_sha256 != before
    assert "first Monday in July" in after.text


def test_seed_files_are_unedited_copies():
    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("shared/seeds not beside this checkout")
    shipped = {p.read_bytes() for p in DEFAULT_XML_DIR.glob("*/*.xml")}
    assert shipped == {p.read_bytes() for p in seeds.iterdir()}


def test_sentence_splitter_keeps_abbreviations():
    text = "Filed by 5 p.m. on Monday. See c. 4 § 9. Then done."
    assert split_sentences(text) == ["Filed by 5 p.m. on Monday.", "See c. 4 § 9.", "Then done."]


# --- hostile and broken files (issue 2, item 7) ------------------------------------------------

HOSTILE = {
    "malformed": "<law><section_number>gel-1-1</section_number><text>open",
    "xxe": '<?xml version="1.0"?>\n<!DOCTYPE law [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
    "<law><section_number>gel-1-1</section_number><text>&x;</text></law>",
    "laughs": '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n'
    "<law><section_number>gel-1-1</section_number><text>&lol3;</text></law>",
    "no-number": "<law><catch_line>x</catch_line><text>Some text.</text></law>",
    "not-xml": "PK\x03\x04 this is a zip file, not XML",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_files_refused_with_one_line_naming_the_file(tmp_path, kind):
    folder = tmp_path / "md"
    folder.mkdir()
    bad = folder / f"{kind}.xml"
    bad.write_text(HOSTILE[kind], encoding="utf-8")
    with pytest.raises(CorpusLoadError) as err:
        load_corpus(tmp_path)
    message = str(err.value)
    assert str(bad) in message
    assert "\n" not in message
    assert "root:" not in message  # nothing from /etc/passwd
    lenient = load_corpus(tmp_path, strict=False)
    assert lenient.errors and not lenient.laws


def test_malformed_file_error_names_the_line(tmp_path):
    folder = tmp_path / "md"
    folder.mkdir()
    (folder / "bad.xml").write_text("<law>\n<text>\n<section></law>\n", encoding="utf-8")
    with pytest.raises(CorpusLoadError, match=r"bad\.xml:\d+: not well-formed"):
        load_corpus(tmp_path)
