"""What a question states for § 5-903's rule: the event, its date, and the dates it is counted
from (primary, § 5-502 withdrawal deadline, § 5-303 filing deadline)."""

from __future__ import annotations

from rules.engine.facts import Facts


def successor(facts: Facts) -> dict[str, object]:
    p: dict[str, object] = {}
    if facts.event:
        p["event"] = facts.event
    # A lone unlabelled date next to the event is the event's date.
    event_date = facts.date_with_role("event_date") or (
        facts.only_date((None,)) if facts.event else None
    )
    # event_date and filing_deadline take a time of day (the § 5-303 deadline is 9 p.m.): a
    # time the user wrote is kept, never dropped.
    for name, found, timed in (
        ("event_date", event_date, True),
        ("primary", facts.date_with_role("primary"), False),
        ("withdrawal_deadline", facts.date_with_role("withdrawal_deadline"), False),
        ("filing_deadline", facts.date_with_role("filing_deadline"), True),
    ):
        if found:
            p[name] = found.as_param() if timed else found.value
    return p
