"""`extract()`: everything a question states — dates, money, counts and labelled facts — as
`rules.engine.facts.Facts`, and `params_for()`: those facts as one rule's parameters.

`extract()` never raises on user text: impossible dates ("2026-13-45", "Feb 30") are listed in
`Facts.problems`, and only the first `MAX_CHARS` characters are read so a 100 KB paste stays
fast. Money is `Decimal`; dates are `datetime.date`; a time of day stays separate until a rule
needs a tz-aware `datetime` in America/New_York (`FactDate.as_datetime`).
"""

from __future__ import annotations

import re
from datetime import date

from bot.language.corrections import (
    correct,
    correct_years,
    itemised_again,
    named_again,
    offices_taken_back,
)
from bot.language.count_roles import (
    another_offices_votes,
    as_of_january_first,
    exact_over_rough,
    of_the_latest_year,
    ours_over_theirs,
    part_of_total,
    wider_area,
)
from bot.language.date_roles import (
    cue_spans,
    event_from_primary,
    label_dates,
)
from bot.language.dates import YEAR_ALONE, find_dates, in_year, settle_weekdays
from bot.language.facts import event_subject, read_labelled_facts
from bot.language.givers import from_elsewhere, one_givers_gifts
from bot.language.history import (
    dates_in_passing,
    days_of_the_mail,
    documents_already_filed,
    said_of_an_earlier_cycle,
)
from bot.language.lexicon import Expanded, lexicon
from bot.language.number_words import numbers_in_words
from bot.language.numbers import CITATION, read_numbers
from bot.language.rows import subject_row
from bot.language.same_day import same_day_cutoff
from bot.language.same_month import days_of_the_same_month
from bot.language.sum_roles import fund_said_now, taken_back
from bot.language.tables import tables_as_words
from bot.language.text import MAX_CHARS, SENTENCE, blank, clean, sentences
from bot.language.times import ANY_TIME
from bot.language.two_roles import dates_said_twice
from rules.engine.facts import FactAmount, FactCount, FactDate, FactMention, Facts
from rules.md.practice import next_election_year
from rules.registry import RULES


def extract(text: str, *, today: date) -> Facts:
    """Read dates, money, counts and labelled facts from one question.

    `today` is the caller's date in America/New_York; it resolves "today", "tomorrow", and dates
    written without a year.
    """
    problems: list[str] = []
    truncated = len(text) > MAX_CHARS
    # Staff abbreviations written out first ("sigs", "DQ'd", "CD-6"): the words read below
    # are the expanded ones.
    cleaned = clean(text[:MAX_CHARS])
    expanded = numbers_in_words(tables_as_words(lexicon().expand_mapped(cleaned)))
    raw = expanded.text
    low = raw.lower()

    dates, rest = find_dates(low, today, problems)
    rest = days_of_the_same_month(low, dates, rest)
    days_of_the_mail(low, dates, today)
    cues = cue_spans(low)
    label_dates(cues, dates, low)
    # Times, citations and date spans are not counts or sums.
    for m in list(ANY_TIME.finditer(rest)) + list(CITATION.finditer(rest)):
        rest = blank(rest, m.start(), m.end())
    rest = _repeats_blanked(rest)
    amounts, numbers, years = read_numbers(rest, problems)
    exact_over_rough(low, numbers)
    itemised_again(low, amounts)
    named_again(low, amounts)
    part_of_total(low, numbers)
    another_offices_votes(low, numbers)
    of_the_latest_year(low, numbers)
    as_of_january_first(low, numbers)
    ours_over_theirs(low, numbers)
    wider_area(low, numbers)
    subject_row(low, numbers)
    fund_said_now(low, amounts)
    said_of_an_earlier_cycle(low, amounts)
    correct(low, dates, amounts, numbers)
    taken_back(low, amounts)
    from_elsewhere(low, amounts)
    one_givers_gifts(low, amounts)
    years = correct_years(low, years)
    acts = {int(y) for found in _ACT_YEAR.findall(low) for y in found if y}
    years = [y for y in years if y not in acts]
    dates_said_twice(low, cues, dates)
    dates_in_passing(low, cues, dates)
    cutoff = same_day_cutoff(low, dates)
    if cutoff is not None:
        dates.append(cutoff)
        dates.sort(key=lambda d: d.start)
    said_year = _relative_year(low, today)
    # "like it was back in 2014": a year remembered is not the one asked about, when another
    # is said ("for '30", "next year", "the 2030 election").
    remembered = {
        int(y)
        for rx in (_REMEMBERED_YEAR, _WAS_IN_YEAR, _YEAR_DONE, _EDITION_YEAR)
        for y in rx.findall(low)
    }
    if said_year or set(years) - remembered or any(d.year_written for d in dates):
        years = [y for y in years if y not in remembered]
    # "… fill in 2032 pls", "what's the rule now for 2034?": the year a question ends asking
    # about comes first.
    asked = {int(a or b) for a, b in _ASKED_YEAR.findall(low)} & set(years)
    if len(asked) != 1:
        # "In 2026 we told them … For the 2030 gubernatorial year, when is it due now?": of
        # several years, the one the question's own sentence names.
        asked = _years_of_the_question(low) & set(years)
    if len(asked) == 1:
        years = [*asked, *(y for y in years if y not in asked)]
    # (a day counted from today, "two weeks ago", names no year: only a year written out does)
    written = years + [d.value.year for d in dates if d.year_spelled]
    year_said = _year_named(dates, written, today, said_year, low)
    settle_weekdays(dates, today, problems, year_said=year_said, years=written)
    event_from_primary(low, cues, dates)

    result = Facts(
        dates=dates,
        amounts=amounts,
        money=[a.value for a in amounts],
        numbers=numbers,
        counts=[c.value for c in numbers if c.role not in ("duration", "rate", "district")],
        year=years[0] if years else said_year,
        years=years,
        problems=problems,
        truncated=truncated,
    )

    result.mentions = documents_already_filed(low, offices_taken_back(low, lexicon().mentions(low)))
    read_labelled_facts(raw, low, cues, result)
    result.mentions.sort(key=lambda m: m.start)
    event_subject(low, result)
    if len(low) == len(raw):  # (lower-casing rarely changes a length; then keep the spans)
        _own_words(cleaned, expanded, result)
    return result


# "3001 (yes, three thousand and one) votes", "2,966 (2966) votes": a number said again in a
# parenthesis right after itself is one number, counted once, with the noun after it.
_REPEATED = re.compile(
    r"(\d[\d,]*)(\s*\((?:yes|yep|i\.?e\.?|that['’]s|again|not\s+a\s+typo)?[\s,.:]*(\d[\d,]*)\))"
)


def _repeats_blanked(rest: str) -> str:
    for m in _REPEATED.finditer(rest):
        if m.group(1).replace(",", "") == m.group(3).replace(",", ""):
            rest = blank(rest, m.start(2), m.end(2))
    return rest


_RELATIVE_YEAR = re.compile(r"\b(this|next|last)\s+year\b")
# The kind of election said before its noun ("gubernatorial", "governor's", "presidential").
_KIND = r"(?:(?P<gov>gubernatorial|governor['’]?s?|gov)|(?P<pres>presidential|president['’]?s?))\s+"
# "the next gubernatorial election", "this presidential cycle", "the upcoming governor's race":
# the year of the next such election.
_NEXT_ELECTION = re.compile(
    r"\b(?:next|upcoming|coming|this|current)\s+(?:(?:md|maryland|ma|massachusetts)\s+)?"
    + _KIND
    + r"(?:election|race|cycle|year|general|contest)s?\b"
)
# "the presidential cycle after this one", "two governor's races from now": a later election of
# that kind, counted in its four-year cycles from the next one.
_CYCLE_AFTER = re.compile(
    r"\b" + _KIND + r"(?:election|race|cycle|contest)\s+after\s+(?:this|the\s+next|next"
    r"|the\s+(?:upcoming|coming))(?:\s+one)?\b"
)
_CYCLES_FROM_NOW = re.compile(
    r"\b(?P<n>two|three|2|3)\s+" + _KIND + r"(?:elections|races|cycles)\s+(?:from\s+now|out)\b"
)
# "the general election after next": Maryland's general elections are two years apart.
_GENERAL_AFTER_NEXT = re.compile(r"\bgeneral(?:\s+election)?\s+after\s+(?:the\s+)?next\b")
_THIS_CYCLE = re.compile(r"\b(?:this|the\s+current)\s+(?:election\s+)?cycle\b")
# "running this November", "the election this coming November": the November ahead.
_THIS_NOVEMBER = re.compile(
    r"\bthis\s+(?:coming\s+)?(?:november|fall['’]?s?\s+(?:general|election))\b"
    r"|\bcoming\s+november\b"
)
_NEXT_NOVEMBER = re.compile(r"\bnext\s+november\b")
_YEAR_OF_ELECTION = re.compile(r"['’]?s?\s+(?:primary|election|general|race|cycle|ballot)\b")
# "running in '30", "January 1 of '26": a year written with two digits after an apostrophe.
# "'26 gubernatorial", "the '28 cycle": before an election's word too.
_SHORT_YEAR = re.compile(
    # ("presidential yr '28", "first monday in aug '28")
    # ("looking ahead to '28", "from '26 through '30")
    r"(?:\b(?:in|of|for|by|to|through|thru|until|the|year|yr|cycle"
    r"|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov"
    r"|dec|january|february|march|april|june|july|august|september|october|november|december)"
    r"\.?\s+|(?:^|[\s,(])(?=['’]\d{2}\s+(?:gubernatorial|presidential"
    r"|primary|general|gen|election|cycle|race|ballot|governor)\b))['’](\d{2})\b"
    # ("DOI dl, '26, indep?", "For '30: …", "in the spring of '28.": a year said on its own,
    # between commas or before a sentence's or a heading's end)
    r"|(?:^|[\s,(])['’](\d{2})(?=\s*(?:[,?;:)!]|\.(?:\s|$)|$))"
)


_REMEMBERED_YEAR = re.compile(
    r"\b(?:back\s+in|like\s+(?:it\s+was\s+|they\s+did\s+)?(?:back\s+)?in|as\s+it\s+was\s+in"
    r"|in\s+my\s+day\s+in|used\s+to\s+be\s+in"
    # "the gubernatorial cycle after 2030 — … in 2034?": a year the one asked about is placed by
    # ("looking past 2032 to the next governor's race (2034)")
    r"|(?:cycle|election|race)\s+(?:after|following|before)|after|since|past|beyond"
    # "that's how it worked in 2014"
    r"|(?:worked|happened|went|used\s+to\s+work)\s+in"
    # "an old 2024 calendar", "the FAQ page I found is from the 2018 cycle": a stale paper's
    r"|\b(?:old|outdated|stale|out-of-date)"
    r"|\b(?:page|guide|faq|calendar|handbook|flyer|packet|chart|printout|note|memo)s?\b"
    # ("I have a note from 2014", "she remembers that from the 2014 cycle", "I retired from
    # the county office in 2019": the asker's memory or past)
    r"[^.?!$\d]{0,25}?\bfrom(?:\s+the)?|\bremember\w*\b[^.?!$\d]{0,25}?\bfrom(?:\s+the)?"
    r"|\bretired\b[^.?!$\d]{0,60}?\bin)\s+(\d{4})\b"
)


# "our procedures manual (2014 edition)": a paper's year, not the one asked about.
_EDITION_YEAR = re.compile(r"\b(\d{4})\s+(?:edition|ed\.|printing|version)\b")
# "St. 2025, c. 34", "chapter 34 of the Acts of 2025", "2025 Mass. Acts": an act's year, never
# the question's.
_ACT_YEAR = re.compile(
    r"\b(?:st|stat)\.?\s+(\d{4})\b|\bacts\s+of\s+(\d{4})\b|\b(\d{4})\s+(?:mass\.?\s+)?acts\b"
)
# "in 2014 it was 'not later than Feb 1'": a year said of how things were.
_WAS_IN_YEAR = re.compile(
    r"\bin\s+(\d{4})\s*,?\s+(?:(?:it|that|they|the\s+(?:rule|law|deadline|statute))\s+"
    r"(?:was|were|used\s+to)|i\s+(?:remember|recall))\b"
)
# "now that 2026 is done": an election year behind the asker is not the one asked about.
_YEAR_DONE = re.compile(
    r"\b(\d{4})(?:['’]s\s+(?:election|cycle|race))?\s+(?:is|was|has\s+been)\s+"
    r"(?:done|over|behind\s+us|finished|past|in\s+the\s+books)\b"
)
_ASKED_YEAR = re.compile(
    r"\b(?:for|fill\s+in|what\s+about|how\s+about)\s+(?:the\s+)?(\d{4})\b"
    r"(?=\s*(?:\?|pls\b|please\b|$))"
    # ("… | 2030 | 6/25 | ?? | what goes in the 2030 row?": a sheet's row asked about)
    r"|\bthe\s+(\d{4})\s+(?:row|line|entry|column)\b"
)


def _years_of_the_question(low: str) -> set[int]:
    """The years named in the sentences that end in a question mark."""
    return {int(y) for s, asks in sentences(low) if asks for y in YEAR_ALONE.findall(s.group(0))}


def _relative_year(low: str, today: date) -> int | None:
    """ "this year" is today's year (in America/New_York), "next year" the one after; "in '30"
    is 2030 ("in '86", a year long past, is no election year asked about)."""
    # ("someone who only moved to Maryland last year": last year is when something else
    # happened; "last year's primary" names the election)
    found = [
        f
        for f in _RELATIVE_YEAR.finditer(low)
        if f.group(1) != "last" or _YEAR_OF_ELECTION.match(low, f.end())
    ]
    short = next(
        (
            int(m.group(1) or m.group(2))
            for m in _SHORT_YEAR.finditer(low)
            if 2000 + int(m.group(1) or m.group(2)) <= today.year + 12
        ),
        None,
    )
    if short is not None:
        return 2000 + short
    later = _CYCLE_AFTER.search(low) or _CYCLES_FROM_NOW.search(low)
    if later is not None:
        n = later.groupdict().get("n") or "2"
        cycles = {"two": 2, "three": 3}.get(n) or int(n)
        kind = "gubernatorial" if later.group("gov") else "presidential"
        return next_election_year(kind, today) + 4 * (cycles - 1)
    if _GENERAL_AFTER_NEXT.search(low):
        return min(next_election_year(k, today) for k in ("gubernatorial", "presidential")) + 2
    coming = _NEXT_ELECTION.search(low)
    if coming is not None:
        return next_election_year("gubernatorial" if coming.group("gov") else "presidential", today)
    # "qualified last year; for this year's primary …": the year an election is named by.
    if not found:
        if _THIS_NOVEMBER.search(low):
            return today.year + (today.month == 12)
        # ("… this cycle?" asked in 2030 before its November: Maryland's regular elections are
        # in even years; in an odd year, or after the election, the cycle could be either)
        if _THIS_CYCLE.search(low) and today.year % 2 == 0 and today.month < 11:
            return today.year
        # "next November's general": said in November or December, the next year's (said
        # earlier in the year it could be either November, and no year is taken).
        if _NEXT_NOVEMBER.search(low) and today.month >= 11:
            return today.year + 1
        return None
    m = next((f for f in found if _YEAR_OF_ELECTION.match(low, f.end())), found[0])
    return today.year + {"this": 0, "next": 1, "last": -1}[m.group(1)]


def _year_named(
    dates: list[FactDate],
    years: list[int],
    today: date,
    said: int | None = None,
    low: str | None = None,
) -> bool:
    """A date written without its year ("COC deadline that year is feb 26") is in the one
    year the question names ("in 2030", "for '30", "March 4, 2030 … March 8"), not today's:
    reading it in today's year would change a date the user gave. With several years named,
    the date is in the one year its own sentence names, else keeps today's year. Whether one
    year was named."""
    named = set(years) or ({said} if said else set())
    # (today's year named too: a day near the new year is then in it, not the next one's)
    if len(named) > 1 and low is not None:
        _year_of_its_sentence(dates, named, low)
    if len(named) != 1:
        return False
    (year,) = named
    for found in dates:
        if not found.year_written:
            found.value = in_year(found.value, year)
    return True


def _year_of_its_sentence(dates: list[FactDate], named: set[int], low: str) -> None:
    """ "Date: Thu, Jun 22, 2028 … Scenario: 2030 COC deadline Feb 26; withdrawal deadline
    March 8. The LG withdraws on March 4.": of several years named, a day written without its
    year is in the one its own sentence names; when the sentences holding such days name one
    year between them, every such day is in it (the scenario's year, not the mail's)."""
    undated = [d for d in dates if not d.year_written]
    own: dict[int, int] = {}  # a day's start → the one year its sentence names
    for sentence in SENTENCE.finditer(low):
        inside = [d for d in undated if sentence.start() <= d.start < sentence.end()]
        years = {int(y) for y in YEAR_ALONE.findall(sentence.group(0))} & named
        if inside and len(years) == 1:
            own.update((d.start, next(iter(years))) for d in inside)
    scenario = set(own.values())
    for found in undated:
        year = own.get(found.start) or (next(iter(scenario)) if len(scenario) == 1 else None)
        if year is not None:
            found.value = in_year(found.value, year)
            found.year_written = True  # (its year is said, in the question's own words)


def _own_words(source: str, expanded: Expanded, facts: Facts) -> None:
    """Each fact's words as the user wrote them: "Lt.Gov." and "May 1", not the expanded,
    lower-cased "lieutenant governor" and "may 1"."""
    items: list[FactMention | FactDate | FactAmount | FactCount] = [
        *facts.mentions,
        *facts.dates,
        *facts.amounts,
        *facts.numbers,
    ]
    for item in items:
        item.span = expanded.original(source, item.start, len(item.span)) or item.span


def params_for(rule_id: str, facts: Facts) -> dict[str, object]:
    """The rule's parameters (by their public names) that the question supplied.

    Only what the text states; calendar defaults are the rule's business. Unknown rules → {}.
    """
    spec = RULES.get(rule_id)
    if spec is None or spec.from_facts is None:
        return {}
    return spec.from_facts(facts)
