"""The sentences an answer must begin with when the text of the law it used is in question: which
text was used and what is not certain about it, a subsection quoted from an older text, texts
that may have been in force but are not held. One short sentence each.

Law-free: laws are named by their keys ("md/gel/5-703" → "§ 5-703", "ma/mgl/c53/14" →
"c. 53, § 14"); versions by their metadata (`statutes.Version`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from rules.engine.versions import Selection
from statutes import CURRENT, CorpusView, Version


def law_name(key: str, pinpoint: str = "") -> str:
    """How an answer names a law: "§ 5-703", "c. 53, § 14" (with an optional "(f)")."""
    parts = key.split("/")
    if len(parts) == 4 and parts[2].startswith("c"):
        return f"c. {parts[2][1:]}, § {parts[3]}{pinpoint}"
    return f"§ {parts[-1]}{pinpoint}"


def text_name(v: Version) -> str:
    """ "the 2014 text" for a dated id, else "the text I hold" (a seed) or "version X"."""
    if v.id[:4].isdigit():
        return f"the {v.id} text"
    return "the text I hold" if v.held else f"version {v.id}"


def _iso(day: date) -> str:
    return day.isoformat()


def superseded(v: Version, timeline: Sequence[Version]) -> bool:
    """Whether this text is known to have been amended: a later text is held, or is known to
    have come into force (a later text not held whose first day is unknown may never have
    existed — e.g. bills whose enactment is not established — so it does not count)."""
    ids = [t.id for t in timeline]
    if v.id not in ids:
        return False
    later = timeline[ids.index(v.id) + 1 :]
    return any(t.held or t.in_force_from is not None for t in later)


def text_used(
    v: Version, timeline: Sequence[Version], day: date, known: bool, today: date
) -> str | None:
    """ "Text used: § 5-703, the 2014 text — an unofficial copy, since amended, not confirmed in
    force on 2014-06-01." None when there is nothing to say (an official current text known
    in force). A day after `today` is not called "in force" on the strength of the text being
    the newest known: it is the current text, applied to that day."""
    if not v.dated:
        return (
            f"Text used: {law_name(v.law)} from {v.source} — no version metadata, so when it "
            f"was in force is not known."
        )
    parts = []
    if not v.official:
        parts.append("an unofficial copy")
    if superseded(v, timeline):
        parts.append("since amended")
    if not known:
        parts.append(f"not confirmed in force on {_iso(day)}")
    elif day > today and v.in_force_to == CURRENT:
        parts.append(f"the current text, applied to {_iso(day)}")
    else:
        parts.append(f"in force on {_iso(day)}")
    if v.official and known and len(parts) == 1 and day <= today:
        return None
    return f"Text used: {law_name(v.law)}, {text_name(v)} — {', '.join(parts)}."


def fallback_notices(view: CorpusView, node_ids: Iterable[str]) -> list[str]:
    """For each part a partial text does not hold and the answer quotes from an older text."""
    out: list[str] = []
    seen: set[tuple[str, str]] = set()
    for node_id in node_ids:
        try:
            node = view.node(node_id)
        except KeyError:
            continue
        f = view.fallback(node)
        if f is None or (f.pinned.law, f.missing) in seen:
            continue
        seen.add((f.pinned.law, f.missing))
        older = "an unofficial copy" if not f.quoted.official else "the official text"
        out.append(
            f"I quote {law_name(f.pinned.law, f.missing)} from {text_name(f.quoted)} "
            f"({older}): I do not hold {text_name(f.pinned)} of it."
        )
    return out


def uncertainty_notices(
    selection: Selection, what: str, used: Sequence[Sequence[Version]]
) -> list[str]:
    """Said first when it is not known which text was in force: that, the texts not held that
    may have been, and which result the answer leads with (`what`: "the earliest deadline").
    `used`: the texts of each result given, the leading one first."""
    laws = selection.open_laws()
    named = " / ".join(law_name(k) for k in laws)
    day = _iso(selection.day)
    out = []
    if selection.state == "uncovered":
        out.append(f"No text of {named} I hold is known to have been in force on {day}.")
    else:
        out.append(f"I can't tell which text of {named} was in force on {day}.")
    for v in selection.unheld:
        out.append(f"A text I do not hold may have been in force: {_unheld(v)}.")
    if len(used) > 1:
        out.append(
            f"Below is {what} among the texts I hold; the result under each other text follows "
            "as an alternative."
        )
    elif len(used) == 1:
        names = "; ".join(f"{law_name(v.law)}, {text_name(v)}" for v in used[0] if v.law in laws)
        out.append(f"Below is the result under the only text I hold that may apply: {names}.")
    return out


def _unheld(v: Version) -> str:
    if v.in_force_from:
        return f"{law_name(v.law)} version {v.id} (in force from {_iso(v.in_force_from)})"
    if v.in_force_from_not_before:
        return f"{law_name(v.law)} version {v.id} (not before {_iso(v.in_force_from_not_before)})"
    return f"{law_name(v.law)} version {v.id}"
