"""How a question was read, for the reply (`bot.reply.Reading`): its facts in plain words with
the words they came from, what it asks, and the rules its facts ruled out with the reason.

Values a rule took from a calendar rather than from the question are added with
`source="calendar"`, so "Read as" never presents a calendar date as something the user said.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.language.lexicon import lexicon
from bot.reply import ReadFact, Reading, RuledOut
from rules.engine.facts import FactDate, Facts
from rules.result import Result
from rules.values import param_strings

# Roles whose mentions are shown as they are (the others are shown through their own fields).
_SHOWN_ROLES = (
    "office",
    "not_office",
    "topic",
    "not_topic",
    "detail",
    "document",
    "district",
    "nomination",
    "election",
    "opposed",
)


def _when(found: FactDate) -> str:
    text = found.value.isoformat()
    return f"{text} {found.time:%H:%M}" if found.time else text


def question_facts(facts: Facts) -> list[ReadFact]:
    """The question's own facts, in plain words, in the order the question states them."""
    plain = lexicon().plain
    out: list[tuple[int, ReadFact]] = []
    for m in facts.mentions:
        if m.role == "state":
            out.append((m.start, ReadFact(role="state", value=plain(m.value), words=m.span)))
        elif m.role == "event":
            event_date = facts.date_with_role("event_date") or (
                facts.only_date((None,)) if facts.event else None
            )
            value = plain(m.value) + (f" on {_when(event_date)}" if event_date else "")
            words = m.span + (f" … {event_date.span.strip()}" if event_date else "")
            out.append((m.start, ReadFact(role="event", value=value, words=words)))
        elif m.role in _SHOWN_ROLES:
            value = plain(m.value)
            if m.role == "not_office":
                value = f"not the {value}"
            elif m.role == "not_topic":
                value = f"not {value}"
            elif m.role == "opposed":
                value = f"{m.value} ticket"
            out.append((m.start, ReadFact(role=m.role, value=value, words=m.span)))
    for d in facts.dates:
        if d.role in (None, "event_date") and facts.event:
            continue  # shown with its event
        label = plain(f"date:{d.role}") if d.role else "date"
        out.append(
            (d.start, ReadFact(role=d.role or "date", value=f"{label} {_when(d)}", words=d.span))
        )
    for a in facts.amounts:
        # "3 donors @ $250": the sum and how many times it was given, as read
        times = f", ×{a.times}" if a.times > 1 else ""
        label = f" ({plain(a.role)}{', each' if a.each else ''}{times})" if a.role else ""
        out.append((a.start, ReadFact(role="amount", value=f"${a.value:,}{label}", words=a.span)))
    for c in facts.numbers:
        if c.role in ("duration", "rate", "district"):
            continue
        noun = f" {plain(c.role)}" if c.role else ""
        out.append((c.start, ReadFact(role="count", value=f"{c.value:,}{noun}", words=c.span)))
    out.sort(key=lambda item: item[0])
    seen: set[tuple[str, str]] = set()
    facts_read = []
    for _, fact in out:
        if (fact.role, fact.value) not in seen:  # "vacancy in the office" said twice is one fact
            seen.add((fact.role, fact.value))
            facts_read.append(fact)
    return facts_read


def calendar_facts(result: Result | None) -> list[ReadFact]:
    """The values a rule took from a calendar, not from the question."""
    if result is None:
        return []
    taken = {k: v.value for k, v in result.inputs.items() if v.origin == "calendar"}
    shown = param_strings(taken)
    return [
        ReadFact(
            role=name,
            value=f"{lexicon().plain_words.get(f'date:{name}') or lexicon().plain(name)} "
            f"{shown[name]}",
            source="calendar",
        )
        for name in taken
    ]


def reading_of(
    facts: Facts,
    *,
    asks: str = "",
    ruled_out: Mapping[str, str] | None = None,
    result: Result | None = None,
) -> Reading:
    """The Reading of one question (`asks`: the chosen rule's frame, else what the question
    itself asks)."""
    if not asks:
        asked = facts.values("asks")
        asks = lexicon().plain(asked[0]) if asked else ""
    return Reading(
        facts=question_facts(facts) + calendar_facts(result),
        asks=asks,
        ruled_out=[RuledOut(rule=r, reason=why) for r, why in (ruled_out or {}).items()],
    )
