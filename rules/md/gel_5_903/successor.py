"""Md. Code, Elec. Law § 5-903 — successor candidate for Lieutenant Governor."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from rules.engine import Context, NeedsInput, Param, RuleSpec
from rules.md.gel_5_903 import params
from rules.md.practice import (
    LIBRARY,
    gubernatorial_calendar_only,
    last_open_day_on_or_before,
    office_practice_roll,
)
from rules.values import TZ
from rules.values import format_human as fmt

S = "md/gel/5-903"
EVENT_WORDS = {
    "withdrew": "withdrawal",
    "withdraw": "withdrawal",
    "withdrawn": "withdrawal",
    "died": "death",
    "dies": "death",
    "dead": "death",
    "disqualified": "disqualification",
    "ineligible": "disqualification",
}


def _day(value: date | datetime) -> date:
    return value.astimezone(TZ).date() if isinstance(value, datetime) else value


def _after(event: date | datetime, deadline: date | datetime) -> bool:
    """(a)(1) "after the deadline": with both times known, by the minute; otherwise by the day
    (an event and a deadline on the same day, one of them without its hour, are asked about
    before this is reached)."""
    if isinstance(event, datetime) and isinstance(deadline, datetime):
        return event > deadline
    return _day(event) > _day(deadline)


def successor_lt_gov(ctx: Context) -> None:
    """§ 5-903(a)(1) scope; (b)(2)(i)–(iii) deadlines; (b)(3) cap; (c) too close to the primary.

    Invariant: a `file_by` answer is never earlier than the event (tested across event dates).
    """
    event, when = ctx["event"], ctx["event_date"]
    primary, filing = ctx["primary"], ctx["filing_deadline"]
    # after reading them: optional values come from a calendar as they are read
    gubernatorial_calendar_only(ctx, "a Lieutenant Governor is elected with the Governor")

    # (a)(1): the section applies only after the § 5-303 certificate-of-candidacy deadline.
    if when is None:
        if event != "withdrawal":
            raise NeedsInput("event_date", reason=f"The date of the {event} decides the deadline.")
        ctx.assume(
            "The withdrawal was filed after the certificate-of-candidacy deadline, as "
            "§ 5-903(a)(1) requires (no withdrawal date was given)."
        )
    elif primary is None or filing is None:
        # Only an event with its date is measured against the § 5-303 deadline (a)(1) and the
        # primary (b)(2)(ii)–(iii), (c); an undated withdrawal counts from § 5-502's alone.
        raise NeedsInput(
            *(name for name in ("primary", "filing_deadline") if ctx[name] is None),
            reason=f"The date of the {event} is measured against it.",
        )
    elif (
        isinstance(when, datetime)
        and not isinstance(filing, datetime)
        and _day(when) == _day(filing)
    ):
        # A timed event on a deadline day given without its hour: whether it came "after the
        # deadline" (a)(1) turns on that hour, which is asked for, never assumed.
        raise NeedsInput(
            "filing_deadline",
            reason=(
                f"The {event} was at {fmt(when)}, on the § 5-303 deadline's day; whether it came "
                "after the deadline depends on the deadline's hour. Give it with its time (e.g. "
                f"filing_deadline={_day(filing).isoformat()}T21:00)."
            ),
        )
    elif not isinstance(when, datetime) and _day(when) == _day(filing):
        # A date-only event on the deadline's own day: before the hour § 5-903 does not apply,
        # after it a successor has a deadline. Neither is stated on a guess; the hour is asked
        # (and the deadline's too, when it was given as a day: "died on the COC deadline day").
        raise NeedsInput(
            "event_date",
            *(() if isinstance(filing, datetime) else ("filing_deadline",)),
            reason=(
                f"The {event} was on {fmt(_day(when))}, the day of the § 5-303 deadline "
                f"({fmt(filing)}); whether it came after the deadline, as § 5-903(a)(1) "
                "requires, depends on its hour. Give the date with its time (e.g. "
                f"event_date={_day(when).isoformat()}T22:00)."
            ),
        )
    elif not _after(when, filing):
        ctx.step(
            f"The {event} on {fmt(when)} is not after the § 5-303 filing deadline "
            f"({fmt(filing)}), so § 5-903 does not apply.",
            f"{S}/a/1",
        )
        ctx.answer(
            f"§ 5-903 does not apply: the {event} ({fmt(when)}) was not after the certificate of "
            f"candidacy deadline ({fmt(filing)}). It covers only events after that deadline; "
            "what applies before it is outside the statute text I hold.",
            outcome="not_applicable",
        )
        return
    else:
        ctx.step(
            f"The {event} on {fmt(when)} is after the § 5-303 filing deadline ({fmt(filing)}): "
            "the Governor candidate may designate a successor.",
            f"{S}/a/1",
        )
    if when is not None and _day(when) >= primary:
        ctx.step(
            f"The {event} on {fmt(when)} is on or after the primary ({fmt(primary)}): § 5-903 "
            "governs only events before the primary.",
            f"{S}/c",
        )
        ctx.answer(
            f"§ 5-903 does not cover an event on or after the primary ({fmt(primary)}). A vacancy "
            "in a nomination is filled under § 5-1005, which is not in the statute text I hold.",
            outcome="not_applicable",
        )
        return
    ctx.step("The successor files a certificate of candidacy with the State Board.", f"{S}/b/1")
    if event == "withdrawal":
        _withdrawal(ctx, None if when is None else _day(when))
    else:
        _death_or_disqualification(ctx, event, _day(when), primary)


def _withdrawal(ctx: Context, when: date | None) -> None:
    """(b)(2)(i): only for a certificate of withdrawal, which can be filed only within the
    § 5-502 period — a withdrawal after that deadline has no (b)(2)(i) deadline."""
    withdrawal_deadline = ctx["withdrawal_deadline"]
    # it may have come from a calendar just now
    gubernatorial_calendar_only(ctx, "a Lieutenant Governor is elected with the Governor")
    if withdrawal_deadline is None:
        raise NeedsInput("withdrawal_deadline", reason="(b)(2)(i) counts from it.")
    if when is not None and when > withdrawal_deadline:
        ctx.step(
            "(b)(2)(i) applies if the former Lieutenant Governor candidate files a certificate of "
            f"withdrawal, which can be filed only within the § 5-502 period; it ended "
            f"{fmt(withdrawal_deadline)}, before the withdrawal on {fmt(when)}.",
            f"{S}/b/2/i",
        )
        ctx.answer(
            f"No (b)(2)(i) deadline: the withdrawal ({fmt(when)}) was after the § 5-502 "
            f"withdrawal deadline ({fmt(withdrawal_deadline)}), and § 5-903(b)(2)(i) applies only "
            "if the former Lieutenant Governor candidate files a certificate of withdrawal, "
            "which can be filed only within the § 5-502 period (§ 5-502 is not in the text I "
            "hold). Check whether the State Board accepted the withdrawal, and ask counsel "
            "which deadline, if any, applies to the successor.",
            outcome="untimely_withdrawal",
        )
        return
    deadline = withdrawal_deadline + timedelta(days=5)
    ctx.step(
        f"Withdrawal: the fifth day following the § 5-502 withdrawal deadline "
        f"({fmt(withdrawal_deadline)}) is {fmt(deadline)}.",
        f"{S}/b/2/i",
    )
    _file_by(ctx, deadline, "(b)(2)(i)")


def _death_or_disqualification(ctx: Context, event: str, when: date, primary: date) -> None:
    before = (primary - when).days
    if before < 10:
        ctx.step(
            f"The {event} is {before} day(s) before the primary ({fmt(primary)}), less than 10: "
            "the existing ticket remains on the ballot.",
            f"{S}/c/1",
        )
        ctx.step(
            "If nominated, the Lieutenant Governor nomination vacancy is declared and filled "
            "under § 5-1005(b) as if the event occurred after the primary.",
            f"{S}/c/2",
        )
        ctx.answer(
            f"No successor certificate: the {event} was {before} day(s) before the primary "
            f"({fmt(primary)}), less than 10, so the existing Governor/Lieutenant Governor ticket "
            "remains on the ballot (§ 5-903(c)(1)); if nominated, the vacancy in the Lieutenant "
            "Governor nomination is filled under § 5-1005(b) (§ 5-903(c)(2)).",
            outcome="remain_on_ballot",
        )
        return
    if before >= 45:
        deadline = primary - timedelta(days=40)
        ctx.step(
            f"The {event} is {before} days before the primary, 45 or more: due not later than "
            f"40 days before the primary ({fmt(primary)}), {fmt(deadline)}.",
            f"{S}/b/2/iii",
        )
        _file_by(ctx, deadline, "(b)(2)(iii)")
        return
    fifth = when + timedelta(days=5)
    latest = primary - timedelta(days=10)
    ctx.step(
        f"The {event} is {before} days before the primary, less than 45: due by the fifth "
        f"day following it, {fmt(fifth)}.",
        f"{S}/b/2/ii",
    )
    if fifth < latest:
        ctx.step(
            f"(b)(3): filing must also be at least 10 days before the primary "
            f"(by {fmt(latest)}); the fifth day is within that.",
            f"{S}/b/3",
        )
        _file_by(ctx, fifth, "(b)(2)(ii)", limit=latest)
        return
    ctx.step(
        f"A (b)(2)(ii) certificate may not be filed less than 10 days before the primary: the "
        f"last permitted day is {fmt(latest)}"
        + (", the fifth day itself." if fifth == latest else ", before the fifth day."),
        f"{S}/b/3",
    )
    _last_permitted_day(ctx, latest, when)


def _last_permitted_day(ctx: Context, latest: date, when: date) -> None:
    """(b)(3) is an outer limit: never rolled forward. When it falls on a weekend (State offices
    closed), the headline is the last open day before it — unless that is before the event, when
    there may be no day left to file at all. The statutory day is named either way."""
    basis = "(b)(2)(ii) and (b)(3)"
    open_day, library_days = last_open_day_on_or_before(latest)
    if open_day == latest:
        _file_by(ctx, latest, basis, roll=False, statutory_deadline=latest)
        return
    weekend = (
        ", a weekend day when State Board offices are closed," if latest.weekday() >= 5 else ""
    )
    listed = [f"{fmt(d)} is {name}" for d, name in sorted(library_days.items()) if d >= when]
    library = (
        f" ({'; '.join(listed)} in {LIBRARY}, when State offices may be closed)" if listed else ""
    )
    if open_day < when:
        ctx.answer(
            f"The last day § 5-903(b)(3) permits for the successor's certificate of candidacy is "
            f"{fmt(latest)}{weekend} and State offices are open on no day from the event "
            f"({fmt(when)}) to it{library}: there may be no day left to file. Contact the State "
            f"Board at once and ask counsel (§ 5-903{basis}).",
            # Not a plain file_by: a reader of the JSON alone must not take the statutory day
            # (a closed office) for a day that can be met.
            outcome="no_open_day",
            deadline=latest,
            statutory_deadline=latest,
        )
        return
    ctx.step(
        f"{fmt(latest)} is the last day (b)(3) permits{weekend.rstrip(',')}{library}; no later "
        f"filing is allowed, so the last day to file is {fmt(open_day)}.",
        source="assumption",
    )
    ctx.answer(
        f"The successor Lieutenant Governor candidate must file a certificate of candidacy with "
        f"the State Board by {fmt(open_day)}: the last day § 5-903(b)(3) permits is "
        f"{fmt(latest)}{weekend} and no later filing is allowed{library} (§ 5-903{basis}). If "
        f"the State Board confirms it accepts filings on {fmt(latest)}, that is the statutory "
        "last day.",
        outcome="file_by",
        deadline=open_day,
        statutory_deadline=latest,
    )


def _file_by(
    ctx: Context,
    deadline: date,
    basis: str,
    *,
    roll: bool = True,
    limit: date | None = None,
    **extra: date,
) -> None:
    ctx.answer(
        f"The successor Lieutenant Governor candidate must file a certificate of candidacy with "
        f"the State Board by {fmt(deadline)} (§ 5-903{basis}).",
        outcome="file_by",
        deadline=deadline,
        **extra,
    )
    if roll:
        office_practice_roll(ctx, deadline, "Successor certificate of candidacy", limit=limit)


def _event_day(ctx: Context) -> date | None:
    """The law in force on the day of the death, withdrawal or disqualification decides which
    text of § 5-903 applies (no event date: the registry uses `today`)."""
    when = ctx.values.get("event_date")
    return when.astimezone(TZ).date() if isinstance(when, datetime) else when


SPEC = RuleSpec(
    id="md-successor-lt-gov",
    title="Successor Lieutenant Governor candidate: certificate of candidacy deadline",
    jurisdiction="md",
    section=S,
    aliases=("successor", "lt-gov", "successor-lt-gov"),
    params=(
        Param(
            "event",
            "choice",
            "what happened to the Lieutenant Governor candidate",
            choices=("withdrawal", "death", "disqualification"),
            aliases=EVENT_WORDS,
            question="Did the LG candidate withdraw, die or become disqualified?",
        ),
        Param(
            "event_date",
            "date_or_datetime",
            "the date (and, on the § 5-303 deadline day, the time) of the withdrawal, death or "
            "disqualification",
            required=False,
            question="When did the LG candidate withdraw, die or become disqualified?",
            questions_if=(
                ("event", "death", "When did the LG candidate die?"),
                ("event", "withdrawal", "When did the LG candidate withdraw?"),
                ("event", "disqualification", "When was the LG candidate disqualified?"),
            ),
        ),
        Param(
            "primary",
            "date",
            "the primary election day",
            required=False,  # asked for once an event date is given (see successor_lt_gov)
            calendar=("primary",),
            question="When is the primary election?",
        ),
        Param(
            "withdrawal_deadline",
            "date",
            "the § 5-502 withdrawal deadline",
            required=False,
            calendar=("withdrawal_deadline",),
            question="What is the last day to withdraw a candidacy (§ 5-502)?",
        ),
        Param(
            "filing_deadline",
            "date_or_datetime",
            "the § 5-303 certificate of candidacy deadline",
            required=False,  # as `primary`
            calendar=("coc_deadline",),
            question="When was the certificate of candidacy deadline for the primary (§ 5-303)?",
        ),
    ),
    compute=successor_lt_gov,
    from_facts=params.successor,
    decides=_event_day,
)
