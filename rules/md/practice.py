"""Maryland State Board of Elections office practice and election years — Maryland-wide, not any
one statute's.

SBE calendars show, beside a statutory date that falls when State offices are closed, an
"adjusted date" on the next State government workday; they cite State Personnel and Pensions
§ 9-201 closures. That list is not held here (the research could not find § 9-201's text), and
it is not the Gen. Prov. § 1-111 list of legal holidays (`rules.md.holidays`), which includes
days State offices are open (Lincoln's Birthday, Maryland Day, Good Friday, Defenders' Day).
So the roll here skips what is certain — Saturdays and Sundays — and shows, separately and
labelled as a software library's list, the Maryland State holidays of the `holidays` package.
Staff are told to confirm the adjusted date on the SBE calendar. The statutory date stays the
answer; an outer limit the statute sets is never rolled past.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from functools import cache

from rules.engine import Context, InvalidInput, NeedsInput
from rules.md.holidays import general_election_day
from rules.timecalc import ONE_DAY, as_dict, is_weekend, next_day_where, package_entries
from rules.values import TZ, format_human

NOT_HELD = (
    "The list of State government workdays (State Personnel and Pensions § 9-201) is not held here"
)
CONFIRM = "Confirm the adjusted date on the State Board of Elections calendar."
LIBRARY = "the US-MD list of the `holidays` software library, which is not the statute"


@cache
def library_state_holidays(year: int) -> dict[date, str]:
    """The `holidays` package's US-MD list for `year`, as the package gives it (Saturday
    holidays observed the Friday before, Sunday ones the Monday after). A library's list, not
    SPP § 9-201: every use of it says so."""
    return as_dict(package_entries("MD", year))


def library_holiday(d: date) -> str | None:
    """The name the library gives `d`, or None."""
    return library_state_holidays(d.year).get(d)


def _open_by_library(d: date) -> bool:
    return not is_weekend(d) and library_holiday(d) is None


def last_open_day_on_or_before(d: date) -> tuple[date, dict[date, str]]:
    """The last day on or before `d` that State offices are open — a Monday to Friday the
    `holidays` library does not list — and the library holidays passed over on the way.
    Earlier, never later: for a date the statute does not let move."""
    skipped: dict[date, str] = {}
    while not _open_by_library(d):
        name = library_holiday(d)
        if name and not is_weekend(d):
            skipped[d] = name
        d -= ONE_DAY
    return d, skipped


def office_practice_roll(
    ctx: Context, deadline: date | datetime, what: str, *, limit: date | None = None
) -> None:
    """Show the SBE's likely "adjusted date" beside a statutory date that falls when State
    offices are closed — as alternatives, never the answer.

    1. "Office practice: next business day": a Saturday or Sunday moves to the Monday (only
       weekends are skipped: the workday list is not held).
    2. If the `holidays` library lists the statutory weekday, or that Monday, as a Maryland
       State holiday, the date after it, labelled as resting on the library's list.
    An outer `limit` the statute sets is never passed: no later date is offered at all.
    """
    day = deadline.date() if isinstance(deadline, datetime) else deadline
    weekday = next_day_where(lambda d: not is_weekend(d), day)
    by_library = next_day_where(_open_by_library, day)
    if weekday == day and by_library == day:
        return
    too_late = [d for d in dict.fromkeys((weekday, by_library)) if d != day and limit and d > limit]
    if too_late and limit:
        ctx.assume(
            f"{format_human(day)} may not be a State government workday, but the statute forbids "
            f"filing after {format_human(limit)}, so no later adjusted date is offered: file "
            "earlier."
        )
    if weekday != day and not (limit and weekday > limit):
        ctx.alternative(
            label="Office practice: next business day",
            basis=(
                "The statutory date falls on a Saturday or Sunday. State Board of Elections "
                "calendars show an 'adjusted date' on the next State government workday (they "
                f"cite State Personnel and Pensions § 9-201 closures). {NOT_HELD}, so only "
                "Saturdays and Sundays are skipped; the statute text we hold does not provide "
                f"the adjustment, so the statutory date is the default. {CONFIRM}"
            ),
            answer=f"{what}: {format_human(_same_time(deadline, weekday))} (adjusted date, "
            "office practice)",
            deadline=_same_time(deadline, weekday),
        )
    if by_library != weekday and not (limit and by_library > limit):
        closed = [
            f"{format_human(d)} ({library_holiday(d)})"
            for d in _days(day, by_library)
            if library_holiday(d)
        ]
        ctx.alternative(
            label="Office practice: next business day by the holidays library's list",
            basis=(
                f"{'; '.join(closed)} is a Maryland State holiday in {LIBRARY}. If State "
                f"offices close that day, the adjusted date would be {format_human(by_library)}. "
                f"{NOT_HELD}. {CONFIRM}"
            ),
            answer=f"{what}: {format_human(_same_time(deadline, by_library))} (adjusted date, "
            "if State offices close on the library's holiday)",
            deadline=_same_time(deadline, by_library),
        )


def _days(start: date, end: date) -> list[date]:
    return [start + timedelta(days=i) for i in range((end - start).days)]


def _same_time(deadline: date | datetime, day: date) -> date | datetime:
    if isinstance(deadline, datetime):
        return datetime.combine(day, deadline.timetz().replace(tzinfo=None), TZ)
    return day


def gubernatorial_calendar_only(ctx: Context, why: str) -> None:
    """A rule of the gubernatorial election: a calendar of another election (e.g. md-2028,
    presidential) must not supply its year or dates — the rule asks for them instead, saying
    `why` the calendar's do not apply ("a Lieutenant Governor is elected with the Governor")."""
    cal = ctx.calendar_used
    if cal is None or cal.election == "gubernatorial":
        return
    names = ctx.drop_calendar_values()
    raise NeedsInput(
        *names,
        reason=(
            f"Calendar {cal.id} is for the {cal.title}; {why}, in gubernatorial years (2026, "
            "2030, …), so its dates do not apply: give that election's year or dates, or add "
            "its calendar."
        ),
    )


# Maryland elects its Governor in years ≡ 2 (mod 4) and the President in leap years (so does
# Massachusetts: both states' Governors are elected in 2026, 2030, …).
_ELECTION_BY_REMAINDER = {2: "gubernatorial", 0: "presidential"}


def election_of(year: int) -> str | None:
    """Which regular general election `year` holds: "gubernatorial", "presidential" or None."""
    return _ELECTION_BY_REMAINDER.get(year % 4)


def next_election_year(kind: str, today: date) -> int:
    """The year of the next `kind` ("gubernatorial", "presidential") general election: this
    year's until its general election day has passed, else the next one's."""
    year = today.year
    while election_of(year) != kind or today > general_election_day(year):
        year += 1
    return year


def check_election_year(year: int, kind: str) -> None:
    """Maryland elects its Governor in years ≡ 2 (mod 4), the President in leap years, and holds
    general elections only in even years; a year that cannot be one is an input error."""
    if kind == "gubernatorial" and election_of(year) != kind:
        raise InvalidInput(f"year: Maryland elects its Governor in 2026, 2030, …, not {year}")
    if kind == "presidential" and election_of(year) != kind:
        raise InvalidInput(f"year: {year} is not a presidential election year")
    if kind == "general" and year % 2 != 0:
        raise InvalidInput(f"year: Maryland general elections are in even years; {year} is not")
