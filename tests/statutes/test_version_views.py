"""Views of a corpus pinned to versions: the default (latest) text, a version by id, the text in
force on a day, the partial-text fallback, and the version every node carries (issue 11)."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from bot.cli import main
from statutes import (
    CitationNotFound,
    Fallback,
    VersionUnsettled,
    default_corpus,
    load_corpus,
)
from statutes.corpus import DEFAULT_XML_DIR
from tests.statutes.corpora import SEED_FILES, entry, research_corpus, write_versions

LAW = "md/gel/5-703"
SNAPSHOT = Path(__file__).with_name("packaged_nodes_main.json")


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return research_corpus(tmp_path_factory.mktemp("research"))


@pytest.fixture(scope="module")
def corpus(root):
    return load_corpus(root)


# --- the packaged corpus: nothing changes ---------------------------------------------------------


def test_packaged_corpus_node_ids_and_hashes_are_those_of_main():
    # packaged_nodes_main.json: every node id and text hash of the packaged corpus, and its
    # version hash, computed on main (5f581b3) before versions existed — the four seeds. The
    # seeds still ship byte-identical: pinned to the seed versions, the corpus quotes exactly
    # those nodes for those laws. (The current texts of §§ 5-703, 15-107 and 15-102 ship beside
    # them since issue 11, so the default view and the corpus hash are no longer main's.)
    before = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    corpus = load_corpus()
    seeds = corpus.view({LAW: "2014"})
    seed_laws = ("md/gel/5-703", "md/gel/15-106", "md/gel/5-903", "ma/mgl/c53/14")
    quoted = {
        i: n.text_sha256
        for i, n in seeds.nodes.items()
        if i.startswith(tuple(k + "/" for k in seed_laws)) or i in seed_laws
    }
    assert quoted == before["nodes"]
    assert default_corpus().version == corpus.version  # what audit rows record
    # laws with one held text: every view of them is the corpus itself
    for key, law in corpus.laws.items():
        if len(corpus.versions(key)) == 1:
            assert corpus.view({key: law.version.id}) is corpus
    assert seeds.fallbacks == {}


def test_packaged_corpus_quotes_the_text_in_force_on_the_day():
    corpus = load_corpus()
    # § 5-703(e)(1): 2014 "not less than 1%" (only the 2014 text can have been in force on
    # 2014-06-01: the 2025 text is not before 2017-05-26), 2025 "the lesser of 10,000"
    view = corpus.at(date(2014, 6, 1))
    assert "not less than 1%" in view.lookup("5-703(e)(1)").text
    assert view.in_force_on_day[LAW].certain is None  # … but never called certain
    assert "lesser of 10,000" in corpus.at(date(2026, 6, 1)).lookup("5-703(e)(1)").text
    # On the day of its copy's date line, the 2014 text is known in force.
    assert corpus.at(date(2014, 5, 16)).in_force_on_day[LAW].certain is corpus.versions(LAW)[0]
    # § 15-106 (2014) ended by 2021-05-31: the 2021 text (not held) is in force in 2026
    assert "md/gel/15-106" in corpus.at(date(2026, 6, 1)).unsettled


# --- default view: the latest text ---------------------------------------------------------------


def test_default_view_quotes_the_latest_version(corpus):
    # § 5-703(e)(1) as current research copies read it.
    node = corpus.lookup("5-703(e)(1)")
    assert "the lesser of 10,000 registered voters or 1%" in node.text
    assert node.id == "md/gel/5-703/e/1"  # ids do not carry the version
    assert node.law.version.id == "2025" and node.law.source.name == "gel-5-703.2025.xml"
    assert corpus.fallback(node) is None and node.not_held == ()
    assert [law.version.id for law in corpus.versions(LAW)] == ["2014", "2025"]


def test_research_xml_metadata_block_is_not_text(corpus):
    # The research files carry a <metadata> block beside <text>: accepted, never quoted.
    law = corpus.laws["md/gel/15-107"]
    assert "ebench" not in law.root.text and "(a)" in [c.prefix for c in law.root.children]
    codes = {f.code for f in corpus.findings if f.file.endswith(".current.xml")}
    assert "unknown-element" not in codes


# --- partial versions: the fallback --------------------------------------------------------------


def test_a_missing_subsection_is_quoted_from_the_newest_earlier_text(corpus):
    # § 5-703 (2025) does not hold (e)(3) or (f): no current copy of them was read.
    f = corpus.lookup("5-703(f)")
    assert f.law.version.id == "2014" and f.law.source.name == "gel-5-703.xml"
    assert f.text.startswith("(1) Except as provided in paragraph (2) of this subsection")
    pinned, quoted = corpus.laws[LAW].version, corpus.versions(LAW)[0].version
    assert corpus.fallback(f) == Fallback("md/gel/5-703/f", pinned, quoted, "(f)")
    f1 = corpus.lookup("EL 5-703(f)(1)")
    assert corpus.fallback(f1) == Fallback("md/gel/5-703/f/1", pinned, quoted, "(f)")
    e3 = corpus.node("md/gel/5-703/e/3")
    assert e3.law.version.id == "2014"
    assert corpus.fallback(e3).missing == "(e)(3)"
    assert sorted(corpus.fallbacks) == [
        "md/gel/5-703/e/3",
        "md/gel/5-703/f",
        "md/gel/5-703/f/1",
        "md/gel/5-703/f/2",
    ]
    # the version a fallback node carries is the text it is quoted from
    assert f.as_dict()["version"]["id"] == "2014"


def test_a_partial_node_lists_what_its_text_lacks(corpus):
    e = corpus.lookup("5-703(e)")
    assert e.law.version.id == "2025" and e.not_held == ("(e)(3)",)
    assert "(3)" not in [c.prefix for c in e.children]  # never filled in from 2014
    assert corpus.lookup("5-703").not_held == ("(e)(3)", "(f)")
    assert corpus.lookup("5-703").as_dict()["not_held"] == ["(e)(3)", "(f)"]


def test_a_missing_subsection_no_earlier_text_holds_is_not_held(corpus):
    # § 15-107 (2025) stops after (c)(3); (c)(4) exists but was not read, and no older text of
    # § 15-107 is held.
    with pytest.raises(CitationNotFound) as err:
        corpus.lookup("EL 15-107(c)(4)")
    assert str(err.value) == (
        "Md. Code, Elec. Law § 15-107(c)(4) is not held: the text quoted here (version 2025) "
        "does not include it, and no earlier text held does."
    )
    assert not corpus.has_node("md/gel/15-107/c/4")
    with pytest.raises(KeyError):
        corpus.node("md/gel/15-107/c/4")


def test_not_found_messages_list_the_fallback_children(corpus):
    with pytest.raises(CitationNotFound) as err:
        corpus.lookup("5-703(g)")
    assert str(err.value).endswith("it has (a), (b), (c), (d), (e), (f).")
    # (c)(3)(iii) is a 2014 item the 2025 text dropped; it is not "missing", so no fallback
    with pytest.raises(CitationNotFound) as err:
        corpus.lookup("5-703(c)(3)(iii)")
    assert "has no subparagraph (iii)" in str(err.value) and "(i), (ii)." in str(err.value)


def test_references_in_a_fallback_text_resolve_within_that_text(corpus):
    # § 5-703(e)(3), 2014: "paragraph (1) of this subsection" is (e)(1).
    (ref,) = corpus.lookup("5-703(e)(3)").references
    assert ref.target_id == "md/gel/5-703/e/1" and ref.in_corpus
    # § 15-107(a)(1), 2025: "subsection (c) of this section" → (c), held in that text
    refs = corpus.lookup("15-107(a)(1)").references
    assert [(r.target_id, r.in_corpus) for r in refs if r.kind == "subsection"] == [
        ("md/gel/15-107/c", True)
    ]


# --- views pinned to a version -------------------------------------------------------------------


def test_a_view_pinned_to_the_2014_text(corpus):
    view = corpus.view({LAW: "2014"})
    node = view.lookup("5-703(e)(1)")
    assert "not less than 1%" in node.text and node.law.version.id == "2014"
    assert view.lookup("5-703(c)(3)(iii)").law.version.id == "2014"
    assert view.fallbacks == {} and view.lookup("5-703").not_held == ()
    assert view.laws["md/gel/5-903"] is corpus.laws["md/gel/5-903"]  # others: latest
    assert view.version != corpus.view({LAW: "2025"}).version
    assert corpus.view({LAW: "2025"}) is corpus  # the default pins give the corpus itself
    assert corpus.view({LAW: "2014"}) is view  # views are kept, not rebuilt per answer


def test_pinning_a_version_not_held_is_refused(corpus):
    with pytest.raises(CitationNotFound) as err:
        corpus.view({LAW: "2015"})
    assert str(err.value) == (
        "Md. Code, Elec. Law § 5-703 has no held version '2015'; held: 2014, 2025."
    )
    with pytest.raises(CitationNotFound, match="md/gel/1-101 is not in the corpus"):
        corpus.view({"md/gel/1-101": "2014"})


# --- a view for a day ----------------------------------------------------------------------------


def test_at_a_day_quotes_the_text_in_force(corpus):
    # signatures, § 5-703(e)(1): 2014 "not less than 1%", 2025 "lesser of 10,000 … or 1%"
    assert "lesser of 10,000" in corpus.at(date(2026, 1, 1)).lookup("5-703(e)(1)").text
    assert "not less than 1%" in corpus.at(date(2014, 5, 16)).lookup("5-703(e)(1)").text


def test_at_a_day_between_texts_refuses_to_pick(corpus):
    # 2018-06-01: the 2014 text, the 2015 text (not held) and the 2025 text (not before
    # 2017-05-26) may each have been in force.
    view = corpus.at(date(2018, 6, 1))
    assert LAW in view.unsettled and LAW not in view.laws
    with pytest.raises(VersionUnsettled) as err:
        view.lookup("5-703(e)(1)")
    message = str(err.value)
    assert message.startswith(
        "Md. Code, Elec. Law § 5-703: it is not known which text was in force on 2018-06-01. "
        "It may be: version 2014: in force from an unknown day to an unknown day "
        "(text as of 2014-05-16)"
    )
    assert "version 2015 (text not held)" in message
    assert "version 2025: in force from an unknown day to the present" in message
    assert [law.version.id for law in err.value.in_force.candidates] == ["2014", "2025"]
    assert not view.has_node("md/gel/5-703/e/1")
    with pytest.raises(VersionUnsettled):
        view.node("md/gel/5-703/e/1")
    # the other laws are quoted as usual
    assert view.lookup("5-903(b)(2)(ii)").id == "md/gel/5-903/b/2/ii"


def test_at_a_day_before_a_known_first_day_has_no_text(tmp_path):
    root = tmp_path
    (root / "md").mkdir()
    shutil.copyfile(DEFAULT_XML_DIR / "md" / "gel-5-903.xml", root / "md" / "gel-5-903.xml")
    write_versions(
        root,
        [entry("md/gel/5-903", "2002", "md/gel-5-903.xml", in_force_from=date(2003, 1, 1))],
    )
    view = load_corpus(root).at(date(2002, 12, 31))
    with pytest.raises(VersionUnsettled) as err:
        view.lookup("5-903(b)")
    assert str(err.value) == (
        "Md. Code, Elec. Law § 5-903: no text held for 2002-12-31: "
        "no version of it is known to cover that day."
    )
    assert load_corpus(root).at(date(2003, 1, 1)).lookup("5-903(b)").law.version.id == "2002"


def test_versions_with_identical_text(tmp_path):
    # A recodification that kept the words: two versions, one text. Both are candidates in the
    # open days between them; their nodes have the same hash, their versions differ.
    (tmp_path / "md").mkdir()
    seed = DEFAULT_XML_DIR / "md" / "gel-5-903.xml"
    shutil.copyfile(seed, tmp_path / "md" / "gel-5-903.2002.xml")
    shutil.copyfile(seed, tmp_path / "md" / "gel-5-903.xml")
    write_versions(
        tmp_path,
        [
            entry("md/gel/5-903", "2002", "md/gel-5-903.2002.xml", text_as_of=date(2002, 5, 1)),
            entry("md/gel/5-903", "2014", "md/gel-5-903.xml", text_as_of=date(2014, 5, 16)),
        ],
    )
    corpus = load_corpus(tmp_path)
    found = corpus.in_force("md/gel/5-903", date(2010, 1, 1))
    assert found.certain is None and [c.version.id for c in found.candidates] == ["2002", "2014"]
    a, b = (law.find(("b", "2", "ii")) for law in found.candidates)
    assert a.id == b.id and a.text_sha256 == b.text_sha256 and a.law is not b.law
    assert corpus.lookup("5-903(b)(2)(ii)").law.version.id == "2014"  # latest
    # the corpus hash covers every version: the older file's text is part of it
    before = corpus.version
    older = tmp_path / "md" / "gel-5-903.2002.xml"
    older.write_text(older.read_text().replace("fifth day", "sixth day"), encoding="utf-8")
    changed = load_corpus(tmp_path)
    assert changed.version != before
    assert changed.nodes.keys() == corpus.nodes.keys()


# --- the version every node carries --------------------------------------------------------------


def test_node_as_dict_carries_its_version(corpus):
    data = corpus.lookup("5-703(e)(1)").as_dict()
    assert data["version"] == {
        "law": "md/gel/5-703",
        "id": "2025",
        "text_as_of": "2025-01-01",
        "in_force_from": None,
        "in_force_from_not_before": "2017-05-26",
        "in_force_to": "current",
        "in_force_to_not_before": None,
        "source": "FindLaw, https://codes.findlaw.com/md/election-law/"
        "md-code-elec-law-sect-5-703/, 'Current as of January 01, 2025'",
        "retrieved": "2026-11-22",
        "official": False,
        "held": True,
        "missing": ["(e)(3)", "(f)"],
    }
    assert data["version"] == corpus.laws[LAW].version.as_dict()
    json.dumps(data)  # plain JSON


def test_cite_json_carries_the_version(root, capsys):
    assert main(["cite", "5-703(f)(1)", "--corpus", str(root), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "md/gel/5-703/f/1" and out["version"]["id"] == "2014"
    assert out["version"]["text_as_of"] == "2014-05-16" and out["version"]["in_force_to"] is None


# --- a folder without versions.toml --------------------------------------------------------------


def test_a_flat_folder_without_versions_toml_loads_undated_versions(tmp_path):
    for name in SEED_FILES:
        shutil.copyfile(DEFAULT_XML_DIR / name, tmp_path / Path(name).name)
    corpus = load_corpus(tmp_path)
    assert corpus.versions_file is None and corpus.errors == []
    law = corpus.laws[LAW]
    v = law.version
    assert (v.id, v.dated, v.official, v.source) == ("undated", False, None, str(law.source))
    assert v.text_as_of is v.in_force_from is v.in_force_to is None
    assert corpus.versions(LAW) == [law] and corpus.timeline(LAW) == [v]
    found = corpus.in_force(LAW, date(2026, 1, 1))
    assert found.certain is None and found.single is law  # the only text there is
    assert corpus.at(date(2026, 1, 1)).lookup("5-703(e)(1)").law is law
    assert corpus.lookup("5-703(e)(1)").as_dict()["version"]["official"] is None
    assert v.summary() == f"{law.source}: no version metadata (dates and source not recorded)"


def test_a_partial_flat_section_falls_back_by_sentence(tmp_path):
    # G.L. c. 53 § 14: the one present-day copy found shows only the first half. A text holding
    # sentences 1-5 lists sentences 6-9 as missing; "sentence 7" (the 72 week-day hours) is then
    # quoted from the seed, by the citation parser's "sentence N" form.
    seed_file = DEFAULT_XML_DIR / "ma" / "c53-s14.xml"
    seed = load_corpus().lookup("G.L. c. 53 § 14")
    first_half = " ".join(s.text for s in seed.children[:5])
    xml = seed_file.read_text(encoding="utf-8")
    start, end = xml.index("<text>") + len("<text>"), xml.index("</text>")
    (tmp_path / "ma").mkdir()
    shutil.copyfile(seed_file, tmp_path / "ma" / "c53-s14.xml")
    (tmp_path / "ma" / "c53-s14.now.xml").write_text(
        xml[:start] + first_half.replace("&", "&amp;") + xml[end:], encoding="utf-8"
    )
    law = "ma/mgl/c53/14"
    write_versions(
        tmp_path,
        [
            entry(law, "seed", "ma/c53-s14.xml"),
            entry(
                law,
                "now",
                "ma/c53-s14.now.xml",
                text_as_of=date(2026, 11, 22),
                in_force_to="current",
                missing=[f"sentence {n}" for n in range(6, 10)],
                missing_basis="the copy shows the first half only",
            ),
        ],
    )
    corpus = load_corpus(tmp_path)
    s7 = corpus.lookup("G.L. c. 53, § 14, sentence 7")
    assert "seventy-two week day hours" in s7.text and s7.law.version.id == "seed"
    assert corpus.fallback(s7).missing == "sentence 7"
    s2 = corpus.lookup("G.L. c. 53, § 14, sentence 2")
    assert s2.law.version.id == "now" and s2.text == seed.children[1].text
    assert corpus.lookup("G.L. c. 53 § 14").not_held == tuple(f"sentence {n}" for n in range(6, 10))
