"""Context the asker sets aside in their own words: "Montgomery's county program matches
differently, so ignore that — this is the state Fund …", "Howard County has its own program,
which is a separate headache I'm not asking about.", "In Connecticut the rules are totally
different, but I'm in Massachusetts: …". What is said up to those words is background, never a
fact of the question: a county program, another state or a ballot question named there does
not rule the question out, and no date or number in it is read."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.language.text import blank, sentences
from rules.engine.facts import Facts

# Words that put what was just said aside (never "not asking about X" said of what follows:
# the cue ends the stretch set aside).
_SET_ASIDE = re.compile(
    r"\b(?:so\s+)?(?:please\s+)?(?:just\s+)?ignore\s+(?:that|this|it|them)\b"
    r"|\b(?:i['’]?m\s+|we['’]?re\s+)?not\s+(?:asking(?:\s+about)?(?=\s*[.;,—–-])"
    r"|my\s+(?:issue|question|concern|problem|department)|what\s+i['’]?m\s+asking(?:\s+about)?)"
    r"|\bbeside\s+the\s+point\b|\bneither\s+here\s+nor\s+there\b|\b(?:not\s+relevant|irrelevant)"
    r"\s+(?:here|to\s+(?:this|my\s+question))\b"
    r"|\b(?:a\s+)?separate\s+(?:headache|issue|question|matter|problem|story)\b"
    r"|\b(?:totally|completely|entirely|very)\s+different\b"
    r"|\bhow\s+i\s+got\s+confused\b",
    re.IGNORECASE,
)
_SAID = 2  # words before a cue that make a stretch of its own
# Where the stretch set aside ends: the end of the cue's clause (at a "?", a question: kept).
_CLAUSE_REST = re.compile(r"[^,;:.?!—–\n]*(?:[,;:.?!—–]|\s-+\s|$)")
_ASKS = re.compile(r"\?|\b(?:when|what|how|who|which|whether)\b", re.IGNORECASE)
# Where it begins: the start of the cue's sentence, or of the dash's aside or the bracket it
# stands in ("Client may run for county exec in 2030 (a senate run in '34, ignore that)").
_STRETCH_START = re.compile(r"[.?!\n]\s*|\s(?:—|–|--?)\s*|\(\s*")


def without_asides(text: str) -> tuple[str, list[str]]:
    """(`text` with each stretch the asker sets aside blanked — positions stay the same —, the
    stretches, as written). A stretch holding a question is never set aside, nor one that
    would leave nothing asked."""
    asides: list[str] = []
    out = text
    for cue in _SET_ASIDE.finditer(text):
        # (the latest start with something said before the cue: "… asked about her
        # disclosure form - ignore that" sets aside what the dash follows)
        opened = next(
            (
                m
                for m in reversed(list(_STRETCH_START.finditer(text, 0, cue.start())))
                if len(text[m.end() : cue.start()].split()) >= _SAID
            ),
            None,
        )
        begin = opened.end() if opened else 0
        if opened is not None and opened.group(0).startswith("("):
            close = text.find(")", cue.end())
            end = close if close != -1 else len(text)
        else:
            rest = _CLAUSE_REST.match(text, cue.end())
            end = rest.end() if rest else cue.end()
        stretch = text[begin:end]
        if "?" in stretch or not stretch.strip():
            continue
        left = blank(out, begin, end)
        if not _ASKS.search(left):
            continue  # (what is set aside is all that asks)
        out = left
        said = " ".join(stretch.split()).strip(" ,;:—–-")
        if said not in asides:
            asides.append(said)
    return out, asides


def states_in_passing(text: str, facts: Facts) -> list[tuple[int, int]]:
    """Where the sentences of `text` are that name another state and ask nothing, when the
    question asks of one of ours by name and names no other state where it asks: "In
    Pennsylvania, independents just file nomination papers by August 1. What is Maryland's
    deadline for …?" — background, whose state, papers and dates are not the question's.
    Another state named where the question asks ("Virginia question: does Maryland's five-day
    rule apply?") is the state asked about: nothing is set aside."""
    # (each state as its words were written, a whole word: "VA" is never in "vacancy")
    others = [_named(m.span) for m in facts.mentions if m.role == "other_state"]
    ours = [_named(m.span) for m in facts.mentions if m.role == "state"]
    if not others or not ours:
        return []
    said = sentences(text)
    asking = [s.group(0) for s, asks in said if asks]
    if not any(o.search(s) for s in asking for o in ours) or any(
        o.search(s) for s in asking for o in others
    ):
        return []
    return [s.span() for s, asks in said if not asks and any(o.search(s.group(0)) for o in others)]


def _named(words: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(words) + r"(?!\w)", re.IGNORECASE)


def without_background(text: str, read: Callable[[str], Facts]) -> tuple[str, Facts, list[str]]:
    """(`text` without the background its asker set aside and the sentences naming another
    state in passing — blanked, positions kept —, its facts as `read` reads them, what was set
    aside, as written)."""
    text, asides = without_asides(text)
    facts = read(text)
    passing = states_in_passing(text, facts)
    if not passing:
        return text, facts, asides
    said = [" ".join(text[start:end].split()) for start, end in passing]
    for start, end in passing:
        text = blank(text, start, end)
    return text, read(text), asides + said
