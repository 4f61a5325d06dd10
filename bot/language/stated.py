"""What a question's facts state of each role ("event": the finest cause it names; "count":
what each count is), as the frames compare them — read once per role while one question is
judged against every frame."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from rules.engine.facts import Facts

# The values each role states, kept while one question's facts are judged against every frame
# (`judging`): the frames ask the same roles of the same facts hundreds of times.
_JUDGED: ContextVar[tuple[Facts, dict[str, list[str]]] | None] = ContextVar("judged", default=None)


@contextmanager
def judging(facts: Facts) -> Iterator[None]:
    """While the frames judge `facts` (which nothing changes meanwhile), `stated` reads each
    role once (within a judging of the same facts, that one's reading serves)."""
    judged = _JUDGED.get()
    if judged is not None and judged[0] is facts:
        yield
        return
    token = _JUDGED.set((facts, {}))
    try:
        yield
    finally:
        _JUDGED.reset(token)


def stated(facts: Facts, role: str) -> list[str]:
    """The values of `role` the question states ("event": the finest cause it names)."""
    judged = _JUDGED.get()
    if judged is None or judged[0] is not facts:
        return _stated(facts, role)
    known = judged[1].get(role)
    if known is None:
        known = judged[1][role] = _stated(facts, role)
    return known


def _stated(facts: Facts, role: str) -> list[str]:
    if role == "state":
        # Maryland or Massachusetts as read, else another state the question names.
        return [facts.state] if facts.state else facts.values("other_state")
    if role == "event":
        return [facts.cause] if facts.cause else []
    if role == "date":  # what each date is ("withdrawal_deadline")
        return [d.role for d in facts.dates if d.role]
    if role == "count":  # what each count is ("registered_voters")
        return [n.role for n in facts.numbers if n.role]
    if role == "amount":
        # What each sum is ("entitlement", "fund"): a sum only one rule takes.
        return list(dict.fromkeys(a.role for a in facts.amounts if a.role))
    flag = getattr(facts, role, None)
    if isinstance(flag, bool):  # received_primary, exceeded_primary_limit, opposed
        return [str(flag).lower()]
    return facts.values(role)


def said_in(facts: Facts, begin: int, end: int) -> Facts:
    """`facts` with only the terms read between `begin` and `end` of the question (what one of
    its parts asks), its other facts as they are."""
    kept = [m for m in facts.mentions if begin <= m.start < end]
    return facts.model_copy(update={"mentions": kept})
