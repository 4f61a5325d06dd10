"""What a question tells beside what it asks: a Fund balance of an earlier cycle, an opponent's
money, an event of an earlier year, a day said in a sentence of its own story ("our director
retired last Friday"). They are history, theirs or the story's, never the facts a rule
computes with."""

from __future__ import annotations

import re
from datetime import date

from bot.language.dates import YEAR_ALONE
from bot.language.text import blank, in_mail_header, sentence_at, sentences
from rules.engine.facts import FactAmount, FactDate, FactMention

# "(Last cycle it had about $7M.)", "the previous election's Fund was $9M", "(last year it was
# 5.2M)": a sum said of an earlier cycle, in a sentence of its own.
_EARLIER_CYCLE = re.compile(
    r"\b(?:last|previous|prior|past|the\s+other)\s+(?:cycle|election|time|round|year)\b"
    r"|\bused\s+to\b"
)
_SENTENCE_END = re.compile(r"[.?!;\n()]")


# "Opponent raised $412k last quarter.": money another ticket raised is not the asker's.
_ANOTHER_TICKET = re.compile(
    r"\b(?:opponents?|rivals?|(?:the\s+)?other\s+(?:ticket|campaign|side|guys?)|competitors?)\b"
)
_RAISED = ("private", "total", "contribution")


def said_of_an_earlier_cycle(low: str, amounts: list[FactAmount]) -> None:
    """A sum in a sentence said of an earlier cycle, beside sums said elsewhere in the question,
    is history (role "was"): "four tickets qualified for $900k … (Last cycle it had about
    $7M.)" prorates the four, never the $7M. So money raised in a sentence said of an
    opponent is theirs (role "others"): "Opponent raised $412k. Our contributions: $250, $100
    …" matches the list, never the opponent's total. A Fund balance said in a sentence that
    names only years before the latest the question names is that year's ("in 2026 the Fund
    had about $9M … Now (2030) the balance available is $2,750,000")."""
    latest = _latest_year(low)
    if len(amounts) < 2 or not (
        _EARLIER_CYCLE.search(low) or _ANOTHER_TICKET.search(low) or latest
    ):
        return
    for a in amounts:
        begin = max((m.end() for m in _SENTENCE_END.finditer(low, 0, a.start)), default=0)
        end = _SENTENCE_END.search(low, a.start + len(a.span))
        sentence = slice(begin, end.start() if end else len(low))
        outside = [b for b in amounts if not sentence.start <= b.start < sentence.stop]
        if outside and (
            _EARLIER_CYCLE.search(low[sentence])
            or (a.role == "fund" and _of_an_earlier_year(low[sentence], latest))
        ):
            a.role = "was"
        elif outside and a.role in _RAISED and _ANOTHER_TICKET.search(low[sentence]):
            a.role = "others"


def _latest_year(low: str) -> int:
    """The latest year `low` names on its own (0: none)."""
    return max((int(y) for y in YEAR_ALONE.findall(low)), default=0)


def _of_an_earlier_year(sentence: str, latest: int) -> bool:
    """Whether `sentence` names years, each before `latest`."""
    said = [int(y) for y in YEAR_ALONE.findall(sentence)]
    # (a year at a sentence's start may follow a stop in the question: "5/3.2026": `latest`
    # may then be 0, and nothing is earlier)
    return bool(said) and max(said) < latest


def earlier_years_blanked(text: str, low: str) -> str:
    """`text` without the sentences told of an earlier year than the latest the question names,
    that ask nothing ("I remember in 2026 we handled a withdrawal, not a death. … the 2030
    primary …"): what happened then is not the question's event."""
    latest = _latest_year(low)
    for sentence, asks in sentences(low):
        if not asks and _of_an_earlier_year(sentence.group(0), latest):
            text = blank(text, sentence.start(), sentence.end())
    return text


def dates_in_passing(low: str, cues: list[tuple[int, int, str]], dates: list[FactDate]) -> None:
    """ "FYI our director retired last Friday. Tues 6/2 our LG nominee died — successor
    deadline?": of several days no role is said of, one in a sentence that names no event or
    deadline and asks nothing is the story's (role "aside"), when another is in a sentence that
    does — never a day the question turns on left unread for want of telling them apart."""
    loose = [d for d in dates if d.role is None]
    if len(loose) < 2:
        return
    said = sentences(low)
    told = {id(d) for d in loose if _said_of_the_question(said, cues, d.start)}
    if told:
        for d in loose:
            if id(d) not in told:
                d.role = "aside"


def _said_of_the_question(
    said: list[tuple[re.Match[str], bool]], cues: list[tuple[int, int, str]], at: int
) -> bool:
    """Whether the sentence (of `said`) holding `at` names an event or a deadline (`cues`) or
    asks."""
    held = sentence_at(said, at)
    if held is None:
        return True
    sentence, asks = held
    return asks or any(sentence.start() <= start < sentence.end() for start, _, _ in cues)


# Where a forwarded mail's text ends: a rule line ("----------", "--", "____"); a quoted one's
# ("> On Jun 5, 2029, Maria wrote:\n> … today"), the first line not quoted.
_MAIL_ENDS = re.compile(r"\n[ \t>]*(?:-{2,}|_{3,}|={3,})")
_QUOTE_ENDS = re.compile(r"\n(?![ \t]*>)")


def days_of_the_mail(low: str, dates: list[FactDate], today: date) -> None:
    """A day placed relative to today in a forwarded mail ("she hand-delivered her withdrawal
    this morning, March 12", under "Date: Tue, Mar 12, 2030") is the writer's: counted from
    the day the mail's header dates it, up to the rule line that ends the mail."""
    for header in [d for d in dates if d.year_spelled and in_mail_header(low, d.start)]:
        shift = header.value - today
        line = low[low.rfind("\n", 0, header.start) + 1 : header.start]
        quoted = ">" in line or "wrote" in low[header.start : low.find("\n", header.start)]
        ends = (_QUOTE_ENDS if quoted else _MAIL_ENDS).search(low, header.start)
        end = ends.start() if ends else len(low)
        for d in dates:
            if shift and header.start < d.start < end and d.year_written and not d.year_spelled:
                d.value += shift


# "filed her declaration March 1", "Her declaration went in last month", "the COC is already
# in": a document told as filed already.
_FILED_BEFORE = re.compile(
    r"\b(?:filed|submitted|turned\s+in|handed\s+in|dropped\s+off|sent\s+in)\s+"
    r"(?:her|his|their|its|the|our|a)?\s*$"
)
_FILED_AFTER = re.compile(
    r"\s*(?:\([^()]{0,30}\)\s*)?(?:was\s+|were\s+|is\s+|are\s+|has\s+been\s+|had\s+been\s+)?"
    r"(?:already\s+)?(?:went\s+in|got\s+filed|filed|submitted|turned\s+in|in\s+hand|accepted"
    r"|is\s+in|are\s+in|on\s+file)\b"
)


# ("hasn't turned in her COC", "just need the COC filed", "filed her COC Aug 6 — late?": a
# filing not made, still to make, or whose timeliness is the question)
_NOT_DONE = re.compile(r"(?:n['’]t|\bnot|\bnever|\byet|\bneeds?|\bto|\bwill|\bcan)\s+(?:\w+\s+)?$")
_TIMELY = re.compile(
    r"\b(?:late|on\s+time|in\s+time|timely|too\s+late|still\s+(?:ok|good|valid))\b"
)


def documents_already_filed(low: str, mentions: list[FactMention]) -> list[FactMention]:
    """`mentions` without the documents told as filed already ("filed her declaration March 1
    … when do the signed petitions have to be in?"): a filing done is the story, never the
    deadline asked — unless whether it was in time is what the question asks."""
    if _TIMELY.search(low):
        return mentions

    def filed(m: FactMention) -> bool:
        before = _FILED_BEFORE.search(low, max(0, m.start - 24), m.start)
        said = before.start() if before else m.start
        told = before or _FILED_AFTER.match(low, m.start + len(m.span))
        return bool(told) and not _NOT_DONE.search(low, max(0, said - 20), said)

    return [m for m in mentions if not (m.role == "document" and filed(m))]
