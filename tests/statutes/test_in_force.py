"""Which text was in force on a day: the known and possible spans of dated versions (issue 11,
point 1). Each case names the boundary it checks; "known" means some source shows that text in
force that day, "candidate" that it may have been."""

from __future__ import annotations

from datetime import date

import pytest

from statutes import CURRENT, load_corpus
from statutes.in_force import (
    Span,
    in_force_versions,
    known_span,
    possible_spans,
    timeline_problems,
)
from tests.statutes.corpora import research_corpus, version


def ids(versions):
    return [v.id for v in versions]


def on(timeline, day):
    certain, possible = in_force_versions(timeline, day)
    return (certain.id if certain else None), ids(possible)


def test_known_dates_bound_both_ends_inclusively():
    # in_force_from is the first day, in_force_to the last day in force.
    old = version("2010", in_force_from=date(2010, 1, 1), in_force_to=date(2014, 12, 31))
    new = version("2015", in_force_from=date(2015, 1, 1), in_force_to=CURRENT)
    timeline = [old, new]
    assert on(timeline, date(2009, 12, 31)) == (None, [])  # a day before every version
    assert on(timeline, date(2010, 1, 1)) == ("2010", ["2010"])
    assert on(timeline, date(2014, 12, 31)) == ("2010", ["2010"])
    assert on(timeline, date(2015, 1, 1)) == ("2015", ["2015"])
    # "current": open-ended for the newest version
    assert on(timeline, date(2099, 1, 1)) == ("2015", ["2015"])


def test_unknown_dates_leave_the_days_between_two_dated_copies_open():
    # Only the copies' "current as of" days are known (text_as_of), as for § 5-703's 2014 and
    # 2025 research copies: each is known in force on its own day, either may have been between.
    old = version("2014", text_as_of=date(2014, 5, 16))
    new = version("2025", text_as_of=date(2025, 1, 1), in_force_to=CURRENT)
    timeline = [old, new]
    assert known_span(old) == Span(date(2014, 5, 16), date(2014, 5, 16))
    assert known_span(new) == Span(date(2025, 1, 1), None)
    assert possible_spans(timeline) == [
        Span(None, date(2024, 12, 31)),  # nothing known before 2014: open to the past
        Span(date(2014, 5, 17), None),  # not before the day after the older text's known end
    ]
    assert on(timeline, date(2014, 5, 16)) == ("2014", ["2014"])
    assert on(timeline, date(2014, 5, 17)) == (None, ["2014", "2025"])
    assert on(timeline, date(2024, 12, 31)) == (None, ["2014", "2025"])
    assert on(timeline, date(2025, 1, 1)) == ("2025", ["2025"])
    # Before the oldest copy's day: only the oldest text can have been in force, but that is
    # not known (its first day is unknown) — a candidate, never "certain".
    assert on(timeline, date(2000, 1, 1)) == (None, ["2014"])


def test_a_gap_between_versions_has_no_candidate():
    # The older text ended on a known day; the next one started on a known later day: in
    # between no held text was in force (repealed, or a text the corpus does not list).
    old = version("a", in_force_from=date(2010, 1, 1), in_force_to=date(2014, 12, 31))
    new = version("b", in_force_from=date(2016, 1, 1), in_force_to=CURRENT)
    assert on([old, new], date(2015, 6, 1)) == (None, [])
    assert on([old, new], date(2016, 1, 1)) == ("b", ["b"])


def test_not_before_bounds():
    # in_force_to_not_before extends the known span; in_force_from_not_before cuts the
    # possible one (2017 HB 529's text cannot predate the end of its veto period).
    old = version("2014", text_as_of=date(2014, 5, 16), in_force_to_not_before=date(2016, 7, 29))
    new = version(
        "2025",
        text_as_of=date(2025, 1, 1),
        in_force_from_not_before=date(2017, 5, 26),
        in_force_to=CURRENT,
    )
    timeline = [old, new]
    assert known_span(old) == Span(date(2014, 5, 16), date(2016, 7, 29))
    assert on(timeline, date(2016, 7, 29)) == ("2014", ["2014"])
    assert on(timeline, date(2016, 7, 30)) == (None, ["2014"])
    assert on(timeline, date(2017, 5, 25)) == (None, ["2014"])
    assert on(timeline, date(2017, 5, 26)) == (None, ["2014", "2025"])


def test_one_version_with_unknown_dates_is_a_candidate_every_day():
    only = version("seed")
    for day in (date(1990, 1, 1), date(2026, 6, 1)):
        assert on([only], day) == (None, ["seed"])
    # With a known first day, not before it.
    dated = version("2021", in_force_from=date(2021, 6, 1))
    assert on([dated], date(2021, 5, 31)) == (None, [])
    assert on([dated], date(2021, 6, 1)) == ("2021", ["2021"])
    assert on([dated], date(2021, 6, 2)) == (None, ["2021"])  # last day unknown


def test_an_unheld_version_takes_part_and_can_be_a_candidate():
    # A 2015 act changed the text; we do not hold its words. It cannot have taken effect before
    # the 2015 session convened (2015-01-14).
    old = version("2014", text_as_of=date(2014, 5, 16), in_force_to_not_before=date(2014, 5, 16))
    act = version("2015", held=False, in_force_from_not_before=date(2015, 1, 14))
    new = version("2025", text_as_of=date(2025, 1, 1), in_force_to=CURRENT)
    timeline = [old, act, new]
    assert on(timeline, date(2015, 1, 13)) == (None, ["2014", "2025"])
    assert on(timeline, date(2016, 1, 1)) == (None, ["2014", "2015", "2025"])
    # When the unheld text is known in force, nothing held is certain or a candidate.
    known_act = version(
        "2015", held=False, in_force_from=date(2015, 7, 1), in_force_to=date(2017, 6, 30)
    )
    assert on([old, known_act, new], date(2016, 1, 1)) == ("2015", ["2015"])


def test_timeline_problems_name_the_law_and_versions():
    a = version("a", in_force_from=date(2010, 1, 1), in_force_to=date(2015, 12, 31))
    b = version("b", in_force_from=date(2015, 1, 1))
    assert timeline_problems([a, b]) == [
        "md/gel/9-999: versions 'a' and 'b' are both known in force on 2015-01-01 "
        "(2010-01-01 to 2015-12-31; 2015-01-01 to 2015-01-01)"
    ]
    early = version("early", text_as_of=date(2001, 1, 1))
    assert timeline_problems([a, early]) == [
        "md/gel/9-999: version 'early' is listed after 'a' (oldest first) but is known in force "
        "earlier (2001-01-01 to 2001-01-01 before 2010-01-01 to 2015-12-31)"
    ]
    current = version("c", text_as_of=date(2001, 1, 1), in_force_to=CURRENT)
    assert timeline_problems([current, version("d", text_as_of=date(2020, 1, 1))]) == [
        "md/gel/9-999: version 'c' is \"current\" but version 'd' is listed after it",
        # and so, open-ended, it overlaps every later text
        "md/gel/9-999: versions 'c' and 'd' are both known in force on 2020-01-01 "
        "(2001-01-01 to …; 2020-01-01 to 2020-01-01)",
    ]
    squeezed = version("s", in_force_from_not_before=date(2019, 1, 1))
    later = version("l", text_as_of=date(2018, 1, 1))
    assert timeline_problems([squeezed, later]) == [
        "md/gel/9-999: version 's' cannot have been in force on any day: its dates and its "
        "neighbours' leave 2019-01-01 to 2017-12-31"
    ]
    assert timeline_problems([version("x"), version("y")]) == []  # undated: nothing to contradict


# --- on the research's real metadata --------------------------------------------------------------


@pytest.fixture(scope="module")
def research(tmp_path_factory):
    return load_corpus(research_corpus(tmp_path_factory.mktemp("research")))


def test_5_703_current_text_is_certain_in_2026(research):
    # The 2025 copy is "Current as of January 01, 2025" and "current": known in force from then.
    found = research.in_force("md/gel/5-703", date(2026, 1, 1))
    assert found.certain is not None and found.certain.version.id == "2025"
    assert found.candidates == [found.certain] and found.single is found.certain


def test_5_703_on_2014_06_01_only_the_2014_text_can_have_been_in_force(research):
    # The 2014 text is known in force only on 2014-05-16 (its copy's date line); the 2015 text
    # (not held) is not before 2015-01-14, the 2025 text not before 2017-05-26 (lead's decisions,
    # NOTES-phase3): on 2014-06-01 the 2014 text is the one candidate, never called certain.
    found = research.in_force("md/gel/5-703", date(2014, 6, 1))
    assert found.certain is None and found.single is found.candidates[0]
    assert [law.version.id for law in found.candidates] == ["2014"] and found.unheld == []
    assert research.in_force("md/gel/5-703", date(2014, 5, 16)).certain.version.id == "2014"


def test_5_703_between_2017_and_2024_is_open_with_a_text_not_held(research):
    found = research.in_force("md/gel/5-703", date(2018, 6, 1))
    assert found.certain is None and found.single is None
    assert [law.version.id for law in found.candidates] == ["2014", "2025"]
    assert [law.source.name for law in found.candidates] == [
        "gel-5-703.xml",
        "gel-5-703.2025.xml",
    ]
    assert [v.id for v in found.unheld] == ["2015"]
    # 2016: the 2025 text cannot be in force yet; the 2014 one or the 2015 one (not held)
    found = research.in_force("md/gel/5-703", date(2016, 11, 8))
    assert [law.version.id for law in found.candidates] == ["2014"]
    assert [v.id for v in found.unheld] == ["2015"] and found.single is None


def test_15_107_from_2026_07_01_may_be_a_text_not_held(research):
    # § 15-107 (2025): not before 2021-06-01, in_force_to "unknown", no dated copy: never
    # certain. 2026 HB 260 / SB 11 (version "2026-bills", not held, may not exist) are not before
    # 2026-07-01: from then the text in force may be one not held.
    found = research.in_force("md/gel/15-107", date(2026, 6, 30))
    assert found.certain is None
    assert found.single is not None and found.single.version.id == "2025"
    found = research.in_force("md/gel/15-107", date(2026, 8, 1))
    assert found.certain is None and found.single is None
    assert [law.version.id for law in found.candidates] == ["2025"]
    assert [v.id for v in found.unheld] == ["2026-bills"]
    assert research.in_force("md/gel/15-107", date(2021, 5, 31)).candidates == []


def test_15_106_2014_text_ends_by_2021_05_31(research):
    # The 2021 rewrite (in force 2021-06-01; text not held) gave § 15-106 another subject.
    assert [
        c.version.id for c in research.in_force("md/gel/15-106", date(2021, 5, 31)).candidates
    ] == ["2014"]
    found = research.in_force("md/gel/15-106", date(2021, 6, 1))
    assert found.candidates == [] and [v.id for v in found.unheld] == ["2021"]


def test_unknown_law_is_a_key_error(research):
    with pytest.raises(KeyError):
        research.in_force("md/gel/1-101", date(2026, 1, 1))
