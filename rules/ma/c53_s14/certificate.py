"""Mass. Gen. Laws ch. 53, § 14, sentences 7–9: the deadline for certificates of nomination
filling a vacancy caused by withdrawal.

The answer counts week days Monday to Friday, legal holidays counted, from 5 p.m. of the last
day for withdrawals, and ends no later than 5 p.m. (the office's last hour, G.L. c. 50 § 4).
Other readings are alternatives, earlier first: Saturdays counted (one published calendar did),
legal holidays not counted, and a last day falling on a Sunday or holiday moved on (c. 50 § 4;
c. 4 § 9). A special act displacing the count (2025 Mass. Acts c. 34) is the answer alone: no
reading of the count it displaced is offered beside it. With no last day given, each of the
calendar's withdrawal windows is computed and the earliest vacancy deadline still open answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from rules.calendar import Calendar, CalendarDate, CalendarSet, Override
from rules.engine import Context, NeedsInput, Param, RuleSpec, parse_value
from rules.ma.c53_s14 import params
from rules.ma.c53_s14.section import S
from rules.ma.holidays import (
    election_final_day,
    is_business_day,
    is_legal_holiday,
    last_business_day,
    legal_holidays,
    roll_last_day,
    weekend_or_legal_holiday,
)
from rules.timecalc import SUNDAY, SkipDay, count_weekday_hours, is_weekend
from rules.values import TZ
from rules.values import format_human as fmt

OFFICE_WORDS = {
    "statewide": "state",
    "state-office": "state",
    "governor": "state",
    "lieutenant-governor": "state",
    "state-representative": "state",
    "state-senator": "state",
    "city-office": "city",
    "city-council": "city",
    "mayor": "city",
    "ward": "city",
    "town-office": "town",
    "selectman": "town",
    "select-board": "town",
}
FIVE_PM = time(17)

# Sources named, not quoted: these are not held as statute text in the corpus.
SATURDAY_CALENDAR = (
    "the Secretary of the Commonwealth's 2013 5th Congressional District special election "
    "calendar (sec.state.ma.us/divisions/elections/recent-updates/past-special-elections/"
    "repincongress5cal.htm) gives withdrawals Friday, August 16, 2013 at 5 p.m. and vacancies "
    "Tuesday, August 20, 2013 at 5 p.m., counting the Saturday"
)
C50_S4 = (
    "G.L. c. 50 § 4 (malegislature.gov/Laws/GeneralLaws/PartI/TitleVIII/Chapter50/Section4; not "
    "held here as statute text)"
)
C4_S9 = (
    "G.L. c. 4 § 9 (read on mass.gov, 'Massachusetts law about time'; not held here as statute "
    "text)"
)


def _sunday(d: date) -> bool:
    """Skip only Sundays: the reading that counts Saturdays as week days."""
    return d.weekday() == SUNDAY


@dataclass(frozen=True)
class Reading:
    """Sentence 7's count read one way, from one last day for withdrawals."""

    last_day: date
    counted_end: datetime  # where the week day hours run out
    deadline: datetime  # the last moment the office can receive the certificates
    skipped: tuple[date, ...]

    @property
    def at_midnight(self) -> bool:
        return self.counted_end != self.deadline


def count(last_day: date, hours: int, skip: SkipDay = is_weekend) -> Reading:
    """`hours` week day hours succeeding 5 p.m. of `last_day`, skipping the days `skip` names."""
    counted = count_weekday_hours(datetime.combine(last_day, FIVE_PM, TZ), hours, skip=skip)
    end = counted.deadline
    return Reading(last_day, end, office_hours(end), counted.skipped)


def office_hours(end: datetime) -> datetime:
    """A count running out after 5 p.m. — at the midnight closing a counted day — leaves 5 p.m.
    of that day as the last hour to file: papers due on or before a day are due by 5 p.m. that
    day (G.L. c. 50 § 4). Earlier, never later, than the count."""
    local = end.astimezone(TZ)
    if local.time() == time():
        day = local.date() - timedelta(days=1)
    elif local.time() > FIVE_PM:
        day = local.date()
    else:
        return local
    return datetime.combine(day, FIVE_PM, TZ)


def last_open_hour(moment: datetime) -> datetime:
    """The office's last hour (5 p.m., c. 50 § 4) on or before `moment` on a business day: a
    reading that ends on a Saturday, Sunday or legal holiday can be met in person only on the
    business day before it."""
    day = moment.astimezone(TZ).date()
    if is_business_day(day):
        return moment
    return datetime.combine(last_business_day(day), FIVE_PM, TZ)


@dataclass(frozen=True)
class Alt:
    label: str
    basis: str
    reading: Reading


@dataclass(frozen=True)
class Computation:
    """Everything sentence 7 gives from one last day for withdrawals."""

    office: str
    hours: int
    given: date | datetime
    default: Reading
    override: tuple[Calendar, Override] | None
    holidays: dict[date, str] = field(default_factory=dict)
    alternatives: tuple[Alt, ...] = ()

    @property
    def deadline(self) -> datetime:
        return self.override[1].value if self.override else self.default.deadline  # type: ignore[return-value]


def compute(given: date | datetime, office: str, calendars: CalendarSet) -> Computation:
    last_day = given.astimezone(TZ).date() if isinstance(given, datetime) else given
    hours = 72 if office == "state" else 48
    default = count(last_day, hours)
    found = calendars.find_override(CERTIFICATE.id, given, jurisdiction="ma")
    override = found if found is not None and office == "state" else None
    if override is not None:  # the act displaces the count: no readings of it
        return Computation(office, hours, given, default, override)
    end = default.counted_end.date()
    holidays = {
        d: name
        for y in {last_day.year, end.year}
        for d, name in legal_holidays(y).items()
        if last_day <= d <= end
    }
    alts = [_saturday(last_day, hours), _holidays(last_day, hours, holidays)]
    alts += _moved_last_day(last_day, hours)
    kept = [a for a in alts if a is not None and a.reading.deadline != default.deadline]
    kept.sort(key=lambda a: a.reading.deadline)
    return Computation(office, hours, given, default, None, holidays, tuple(kept))


def _saturday(last_day: date, hours: int) -> Alt | None:
    reading = count(last_day, hours, skip=_sunday)
    return Alt(
        "Saturdays counted as week days",
        "Seven published calendars of the Secretary of the Commonwealth count week days Monday "
        f"to Friday, as the answer does; but {SATURDAY_CALENDAR}. Counting Saturdays, the "
        f"{hours} hours end {fmt(reading.counted_end)}.",
        reading,
    )


def _holidays(last_day: date, hours: int, holidays: dict[date, str]) -> Alt | None:
    if not holidays:
        return None
    names = ", ".join(f"{name} ({d:%a %b} {d.day})" for d, name in sorted(holidays.items()))
    return Alt(
        "Legal holidays not counted as week days",
        f"{names} falls inside the window. G.L. c. 4 § 7 cl. 18 makes it a legal holiday; no "
        "published calendar settles whether it is a 'week day'. The default counts it (literal "
        "reading, earlier deadline).",
        count(last_day, hours, skip=weekend_or_legal_holiday()),
    )


def _moved_last_day(last_day: date, hours: int) -> list[Alt]:
    """A last day for withdrawals on a Sunday or legal holiday: the election statutes' own rule
    (c. 50 § 4, the following day) and the general one (c. 4 § 9, next business day)."""
    if not (last_day.weekday() == SUNDAY or is_legal_holiday(last_day)):
        return []
    why = "a Sunday" if last_day.weekday() == SUNDAY else "a legal holiday"
    c50, c4 = election_final_day(last_day), roll_last_day(last_day)
    rules: dict[date, list[str]] = {}
    rules.setdefault(c50, []).append(
        f"{C50_S4} makes the following day the final day of a period in an election statute"
    )
    rules.setdefault(c4, []).append(
        f"{C4_S9} lets an act due on a Sunday or legal holiday be performed on the next "
        "succeeding business day"
    )
    return [
        Alt(
            f"Last day for withdrawals moved to {fmt(day)}",
            f"The last day for withdrawals, {fmt(last_day)}, is {why}. "
            + "; ".join(sources)
            + f". Read so, the count starts at 5 p.m. on {fmt(day)}.",
            count(day, hours),
        )
        for day, sources in rules.items()
    ]


def vacancy_certificate(ctx: Context) -> None:
    """Sentence 7: certificates filling a withdrawal vacancy are due within 72 (state) or 48
    (city/town) week-day hours succeeding 5 p.m. of the last day for filing withdrawals;
    sentence 9: no such vacancy is filled before the withdrawal is filed."""
    office = ctx["office"]
    if office != "state" and ctx.result.inputs["withdrawal_deadline"].origin == "calendar":
        # The calendars held are the Secretary's state election calendars; a city or town
        # election sets its own last day for withdrawals, so theirs would be a wrong start.
        raise NeedsInput(
            *ctx.drop_calendar_values(),
            reason=(
                "The calendars I hold give the state election's last day for withdrawals; "
                f"a {office} election sets its own."
            ),
        )
    others = _choose_window(ctx, office)
    comp = compute(ctx["withdrawal_deadline"], office, ctx.calendars)
    last_day, hours = comp.default.last_day, comp.hours
    start = datetime.combine(last_day, FIVE_PM, TZ)
    ctx.step(
        f"{office.title()} office: within {hours} week day hours succeeding 5 p.m. of the last "
        f"day for filing withdrawals ({fmt(start)}).",
        f"{S}/s7",
    )
    given = comp.given
    if isinstance(given, datetime) and given.timetz().replace(tzinfo=None) != FIVE_PM:
        ctx.assume(
            f"Withdrawals closed at {given:%H:%M}, but the statute counts from five o'clock in "
            "the afternoon of that last day, so the count starts at 5 p.m."
        )
    ctx.step(
        "Certificates are open to objections like other certificates of nomination.", f"{S}/s8"
    )
    ctx.step(
        "No vacancy caused by withdrawal may be filled before the withdrawal is filed.", f"{S}/s9"
    )
    if comp.override is not None:
        _answer_by_act(ctx, comp, others)
        return
    _answer_by_count(ctx, comp, others)


def _answer_by_act(ctx: Context, comp: Computation, others: str) -> None:
    cal, ov = comp.override  # type: ignore[misc]
    ctx.step(
        f"{ov.act} sets this election's date instead: {fmt(ov.value)} ({ov.label}). The count it "
        f"displaces ({comp.hours} week day hours, Monday to Friday) would end "
        f"{fmt(comp.default.deadline)}; no reading of that count is offered beside the act.",
        source="calendar",
    )
    ctx.answer(
        f"Certificates of nomination filling a vacancy caused by withdrawal are due by "
        f"{fmt(ov.value)}, as set by {ov.act} for this election ({cal.id}) in place of the count "
        "in c. 53, § 14, sentence 7. No vacancy caused by withdrawal may be filled before the "
        f"withdrawal has been filed (c. 53, § 14, sentence 9).{others}",
        outcome="file_by",
        deadline=ov.value,
    )


def _answer_by_count(ctx: Context, comp: Computation, others: str) -> None:
    default, hours, office = comp.default, comp.hours, comp.office
    skipped = ", ".join(f"{d:%a %b} {d.day}" for d in default.skipped) or "none"
    ctx.step(
        f"Counting only week days (Saturdays and Sundays skipped: {skipped}), {hours} hours "
        f"end at {fmt(default.counted_end)}.",
        source="assumption",
    )
    ctx.assume(
        "A 'week day' is Monday to Friday, as seven of the Secretary of the Commonwealth's "
        "published calendars apply this sentence (Saturdays and Sundays skipped)."
    )
    notes = ""
    if default.at_midnight:
        ctx.step(_midnight_step(default), source="assumption")
        notes += (
            " The count runs to midnight, but papers due on a day must be filed by 5 p.m. that "
            "day (G.L. c. 50 § 4), so 5 p.m. is the last hour the office can receive them."
        )
    for alt in comp.alternatives:
        basis = alt.basis
        if alt.reading.at_midnight:
            basis += " It runs to midnight; the office's last hour that day is 5 p.m. (c. 50 § 4)."
        ctx.alternative(
            label=alt.label,
            basis=basis,
            answer=f"Under that reading the certificates would be due by "
            f"{fmt(alt.reading.deadline)}.",
            deadline=alt.reading.deadline,
        )
    # Only the Saturday reading can end earlier than the answer (it counts more days).
    earlier = [a for a in comp.alternatives if a.reading.deadline < default.deadline]
    if earlier:
        # "Safe" names a day the office is open: that reading may end on a Saturday or holiday.
        saturday = earlier[0].reading.deadline
        safe = last_open_hour(min(saturday, default.deadline))
        notes += (
            " One Secretary of the Commonwealth calendar (2013) counted Saturdays as week days, "
            f"which would make it {fmt(saturday)}"
        )
        if safe <= datetime.combine(default.last_day, FIVE_PM, TZ):
            notes += (
                ", and the office is open at no hour between the close of withdrawals and "
                "then: ask the Elections Division at once which reading it applies — see "
                "alternatives."
            )
        else:
            closed = ", a day the office is closed" if safe < saturday else ""
            notes += (
                f"{closed}: filing by {fmt(safe)} is safe under either reading — see alternatives."
            )
    holiday = next((a for a in comp.alternatives if a.label.startswith("Legal holidays")), None)
    if holiday is not None:
        names = ", ".join(
            f"{name} ({d:%a %b} {d.day})" for d, name in sorted(comp.holidays.items())
        )
        notes += (
            f" A legal holiday ({names}) falls in the window: I counted it as a week day (the "
            f"earlier deadline); if holidays are not week days it would be "
            f"{fmt(holiday.reading.deadline)} — see alternatives."
        )
    open_hour = last_open_hour(default.deadline)
    if open_hour < default.deadline:
        # The count itself ends on a legal holiday: the office is closed that day. (Beside the
        # Saturday reading, the safe hour is said above; the answer's own day is closed too.)
        notes += (
            f" {fmt(default.deadline.date())} itself is a legal holiday, when the office is closed."
            if earlier
            else f" {fmt(default.deadline.date())} is a legal holiday, when the office is closed: "
            f"filing by {fmt(open_hour)} is safe; G.L. c. 4 § 9 would move a last day on a "
            "legal holiday to the next business day — see alternatives."
        )
    moved = [a for a in comp.alternatives if a.label.startswith("Last day for withdrawals")]
    if moved:
        why = "a Sunday" if default.last_day.weekday() == SUNDAY else "a legal holiday"
        notes += (
            f" {fmt(default.last_day)} is {why}; if the last day for withdrawals moves to the "
            "next day (G.L. c. 50 § 4) or business day (c. 4 § 9), it would be later — see "
            "alternatives."
        )
    ctx.answer(
        f"Certificates of nomination filling a vacancy caused by withdrawal ({office} office) "
        f"are due by {fmt(default.deadline)}: {hours} week day hours after 5 p.m. on "
        f"{fmt(default.last_day)} (c. 53, § 14, sentence 7).{notes} No vacancy caused by "
        f"withdrawal may be filled before the withdrawal has been filed (sentence 9).{others}",
        outcome="file_by",
        deadline=default.deadline,
    )


def _midnight_step(reading: Reading) -> str:
    day = reading.deadline.date()
    return (
        f"The count runs to the midnight ending {fmt(day)}. Certificates are filed with the "
        f"office, and {C50_S4} requires papers due on or before a specified day to be filed by "
        f"five o'clock in the afternoon, so the last hour is {fmt(reading.deadline)}."
    )


def _choose_window(ctx: Context, office: str) -> str:
    """With no last day for withdrawals given, compute the vacancy deadline from each of the
    calendar's withdrawal deadlines (before and after the primary) and answer the earliest one
    still open on `today` (else the last); returns a sentence naming the other(s)."""
    param = CERTIFICATE.param("withdrawal_deadline")
    assert param is not None
    choices = _for_the_office(ctx, ctx.calendar_choices("withdrawal_deadline"))
    if len(choices) < 2:
        if choices and ctx["withdrawal_deadline"] != parse_value(param, choices[0][1].value):
            ctx.from_calendar(param, key=choices[0][0])
        return ""
    windows = [
        (key, entry, compute(parse_value(param, entry.value), office, ctx.calendars))
        for key, entry in choices
    ]
    still_open = [w for w in windows if w[2].deadline.astimezone(TZ).date() >= ctx.today]
    chosen = min(still_open, key=lambda w: w[2].deadline) if still_open else windows[-1]
    if ctx["withdrawal_deadline"] != chosen[2].given:
        ctx.from_calendar(param, key=chosen[0])
    ctx.step(
        "No last day for withdrawals given: computed for each of the calendar's withdrawal "
        f"deadlines; answering the earliest vacancy deadline still open on {fmt(ctx.today)}"
        + ("." if still_open else " (none is: the last one)."),
        source="calendar",
    )
    named = [
        f"{entry.label} ({fmt(entry.value)}) gives {fmt(comp.deadline)}"
        + (f" ({comp.override[1].act})" if comp.override else "")
        + (", passed" if comp.deadline.astimezone(TZ).date() < ctx.today else "")
        for key, entry, comp in windows
        if key != chosen[0]
    ]
    return f" The calendar's other window{'s' if len(named) > 1 else ''}: " + "; ".join(named) + "."


def _for_the_office(
    ctx: Context, choices: list[tuple[str, CalendarDate]]
) -> list[tuple[str, CalendarDate]]:
    """Before the primary, withdrawals close a week earlier for district and county offices
    (their nomination papers are due the last Tuesday in May, c. 53 § 48) than for federal and
    statewide ones. The window of the kind of office the question names is the one; with the
    kind not said, both are computed and the earliest still open answers, the other named
    beside it — never the statewide window alone for a state senator's vacancy."""
    keys = {key for key, _ in choices}
    if not {"withdrawal_deadline", "district_withdrawal_deadline"} <= keys:
        return choices
    district = ctx.values.get("district")
    if district is None:
        ctx.assume(
            "The question does not say whether the state office is a district or county office "
            "(Governor's Councillor, state senator or representative, district attorney, county "
            "office), whose withdrawals close earlier, or a federal or statewide one: each "
            "window is computed."
        )
        return choices
    dropped = "withdrawal_deadline" if district else "district_withdrawal_deadline"
    return [c for c in choices if c[0] != dropped]


CERTIFICATE = RuleSpec(
    id="ma-vacancy-certificate",
    title="Massachusetts: certificates filling a vacancy caused by withdrawal — deadline",
    jurisdiction="ma",
    section=S,
    aliases=("vacancy", "ma-vacancy", "vacancy-certificate"),
    params=(
        Param(
            "withdrawal_deadline",
            "date_or_datetime",
            "the last day (and hour) for filing withdrawals",
            calendar=(
                "withdrawal_deadline",
                "district_withdrawal_deadline",
                "post_primary_withdrawal_deadline",
            ),
            time_default=FIVE_PM,
            question="What is the last day (and hour) for filing withdrawals?",
        ),
        Param(
            "office",
            "choice",
            "the office: state, city or town",
            choices=("state", "city", "town"),
            aliases=OFFICE_WORDS,
            question="Is the vacancy for a state, city or town office?",
        ),
        Param(
            "district",
            "bool",
            "whether the state office is a district or county one (Governor's Councillor, state "
            "senator or representative, district attorney, county office), whose withdrawals "
            "close before federal and statewide offices'",
            required=False,
            question="Is it a district or county office (state senator or representative, "
            "Governor's Councillor, county office)?",
        ),
    ),
    compute=vacancy_certificate,
    from_facts=params.vacancy_certificate,
)
