"""The answering service: the one path from a question to a cited answer, for every face.

`deadline-bot ask/run/rules/cite/ics`, `/deadline`, `/cite`, mentions, DMs, buttons, App Home,
the reminder dispatcher and audit reproduction all call one `AnswerService`. It is built with
an explicit statute corpus, calendar set, clock and settings (`from_settings` loads them from
the folders the settings name) and nothing below it reaches for a global or the environment, so
`ask --corpus DIR` answers from DIR and `--today` moves "today" for everything.

Text is either a structured command (`md-successor-lt-gov event=death event_date=2026-05-01`,
or an alias followed only by `key=value` words: `successor event=death …`) or a free-text
question: its facts are read (`bot.language`), rules whose frames they contradict are ruled out
with a reason, the rest are matched by their words, and the chosen rule's parameters come from
the facts. Below the matcher's confidence threshold, or when the facts rule every candidate out,
the answer is `no_match` (saying why and what is covered), never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

from bot.language import MatchResult, build_matcher, frame_of, params_for, read_facts
from bot.language.as_of import split_as_of
from bot.language.asides import without_background
from bot.language.choosing import asked_alone, match_asked
from bot.language.frames import covered, left_unanswered
from bot.language.intents import asks_for_text, cited_sections, due_window
from bot.language.lexicon import lexicon
from bot.language.reading import reading_of
from bot.language.text import without_sign_off
from bot.ops.clock import Clock, SystemClock, local_day
from bot.ops.settings import DataSettings
from bot.reply import Reading, Reply, prompts_for, quoted_words
from bot.sanitize import sanitize
from rules import RULES, resolve, run
from rules.calendar import PACKAGED_DIR, CalendarSet, load_calendars
from rules.engine import RuleSpec
from rules.engine.facts import Facts
from rules.registry import RuleCheck, check_rules
from rules.result import Result
from rules.season import SeasonDeadline, season_deadlines, year_deadlines
from rules.values import param_strings
from statutes import CitationError, Corpus, default_corpus
from statutes.corpus import DEFAULT_XML_DIR
from statutes.view import VersionUnsettled

MAX_ECHO = 300  # characters of the question kept in the reply (it is echoed back, escaped)
MAX_READ = 10_000  # characters of a structured command read for `key=value` words
_KEY_VALUE = re.compile(r"^([a-z_]+)=(.*)$", re.IGNORECASE)

HELP = (
    "Ask me a deadline question in plain words, e.g. “LG candidate died May 1 2026, successor "
    "deadline?”, or run a rule directly: `md-successor-lt-gov event=death "
    "event_date=2026-05-01`. {list} shows the rules; {cite} quotes a "
    "subsection. Every answer quotes the statute text it relied on."
)


class AnswerService:
    """Answers questions and commands from one corpus, calendar set and clock."""

    def __init__(
        self, *, corpus: Corpus, calendars: CalendarSet, clock: Clock, settings: DataSettings
    ) -> None:
        self.corpus = corpus
        self.calendars = calendars
        self.clock = clock
        self.settings = settings
        self.matcher = build_matcher(RULES)
        self.primaries = calendars.days_named("primary")  # (for "due before the primary?")

    @classmethod
    def from_settings(
        cls,
        settings: DataSettings,
        *,
        clock: Clock | None = None,
        corpus_dir: Path | None = None,
        calendars_dir: Path | None = None,
    ) -> AnswerService:
        """The service for the folders given, else those the settings name, else the packaged
        ones. Raises `CorpusLoadError` / `CalendarError` (each names its folder or file)."""
        return cls(
            # Parsed once per folder and process (the statute XML is the slow part to load).
            corpus=default_corpus(corpus_dir_of(settings, corpus_dir)),
            calendars=load_calendars(calendars_dir_of(settings, calendars_dir)),
            clock=clock or SystemClock(),
            settings=settings,
        )

    def today(self) -> date:
        """Today in America/New_York, by the service's clock."""
        return local_day(self.clock.now())

    # --- questions and commands ------------------------------------------------------------
    def ask(
        self,
        text: str,
        *,
        surface: str = "cli",
        today: date | None = None,
        as_of: date | None = None,
    ) -> Reply:
        """Answer one question or command (`today`: the service's day unless given) under the
        law in force on `as_of`, or on the day an "as of DATE" phrase in the text names. Never
        raises for anything a user can type."""
        day = today or self.today()
        raw = text or ""
        question, said_as_of, problem = split_as_of(sanitize(raw), today=day)
        if problem:
            return Reply(status="invalid_input", text_in=_echo(raw), message=problem)
        as_of = as_of or said_as_of
        stripped = without_sign_off(question).strip()  # (who writes is no fact)
        word = stripped.lower()
        commands = _commands(surface)
        if word in ("", "help", "?", "hi", "hello"):
            return Reply(status="help", text_in=_echo(raw), message=HELP.format(**commands))
        if word in ("list", "rules"):
            return Reply(
                status="help", text_in=_echo(raw), message="Rules I can run:\n" + list_rules()
            )

        structured = _structured(stripped[:MAX_READ])
        if structured is not None:
            spec, params, rest = structured
            if rest:
                # "signatures 123,456 voters": the rule is named, the values are in words.
                facts = read_facts(" ".join(rest), today=day)
                if facts.problems:
                    return _unreadable(raw, spec.id, facts.problems, 1.0)
                params = {**param_strings(params_for(spec.id, facts)), **params}
            return self.run(spec.id, params, text_in=raw, confidence=1.0, today=day, as_of=as_of)

        reply = self._read_question(raw, stripped, day, commands, as_of)
        reply.as_of = reply.as_of or as_of
        return reply

    def _read_question(
        self, raw: str, stripped: str, day: date, commands: dict[str, str], as_of: date | None
    ) -> Reply:
        """Free text: read its facts (never the background its asker sets aside), rule out the
        rules whose frames they contradict, match among the rest, and answer with how the
        question was read — saying which part, if any, was set aside as asking what no rule
        computes (the answer is then "answered_in_part")."""
        read = partial(read_facts, today=day)
        stripped, facts, asides = without_background(stripped, read)
        law_day = as_of or day  # a section named in the question is quoted as in force then
        # Asking for a section's text is no one rule's question ("subsection (c) of 15-106").
        said = lexicon().expand(stripped)
        quoted = self._quoted(raw, said, law_day) if asks_for_text(said) else None
        if quoted is not None:
            quoted.reading = reading_of(facts)
            return quoted
        matched, relevant, facts = match_asked(self.matcher, stripped, facts, read)
        reply = self._answer(raw, stripped, day, commands, as_of, facts, matched, relevant)
        if reply.reading is not None:
            reply.reading.asides = asides
        dated = reply.result is not None and reply.result.result.get("deadline") is not None
        left = left_unanswered(reply.rule, matched.set_aside, dated, read, said)
        unanswered, apart = asked_alone(self.matcher, *left, reply.rule, read)
        if reply.reading is not None and (unanswered or apart):
            reply.reading.not_answered, reply.reading.asked_apart = unanswered, apart
            reply.status = "answered_in_part" if reply.status == "answered" else reply.status
        return reply

    def _answer(
        self,
        raw: str,
        stripped: str,
        day: date,
        commands: dict[str, str],
        as_of: date | None,
        facts: Facts,
        matched: MatchResult,
        relevant: dict[str, str],
    ) -> Reply:
        """The reply to a question read as `facts` and matched as `matched`."""
        # Deadlines no rule computes ("finance report due dates") are not the season's, nor a
        # filing's for someone the rules exclude ("for party candidates"): the reply says why.
        one_rule = matched.decision == "matched"
        window = (
            None
            if matched.out_of_scope or (matched.decision == "no_match" and relevant)
            else due_window(stripped, day, one_rule=one_rule, primaries=self.primaries)
        )
        if window is not None:
            # "Key dates for independent candidates": the season of the rules the words name.
            about = [rule for rule, _ in matched.candidates]
            return self._due(raw, day, facts, window, reading_of(facts), about)
        reading = reading_of(facts, ruled_out=relevant)
        suggestions = [rule for rule, _ in matched.candidates[:3]]
        if matched.decision == "no_match":
            return self._not_covered(
                raw, stripped, as_of or day, reading, suggestions, matched, commands
            )
        if matched.decision == "ambiguous":
            return Reply(
                status="ambiguous",
                text_in=_echo(raw),
                message="That could be more than one rule. Which did you mean?",
                suggestions=(list(matched.choices) or suggestions)[:3],
                confidence=matched.confidence,
                reading=reading,
            )
        rule = matched.rule or suggestions[0]
        if facts.problems:
            reply = _unreadable(raw, rule, facts.problems, matched.confidence)
            reply.reading = reading
            return reply
        params = param_strings(params_for(rule, facts))
        frame = frame_of(rule)
        beyond = frame.beyond(facts)
        if beyond is not None:
            return Reply(
                status="not_covered",
                text_in=_echo(raw),
                rule=rule,
                params=params,
                message="I can't answer that from the statute text I hold, so I won't guess. "
                + beyond,
                confidence=matched.confidence,
                reading=reading_of(facts, asks=frame.asks, ruled_out=relevant),
            )
        if frame.missing_date(facts, params) is not None:
            return self._ask_for(raw, rule, params, facts, matched, relevant)
        reply = self.run(
            rule, params, text_in=raw, confidence=matched.confidence, today=day, as_of=as_of
        )
        other = frame.calendar_not_this_election(facts, reply.result)
        if other is not None:
            return self._ask_for(raw, rule, params, facts, matched, relevant, other)
        reply.reading = reading_of(facts, asks=frame.asks, ruled_out=relevant, result=reply.result)
        return reply

    def _ask_for(
        self,
        raw: str,
        rule: str,
        params: dict[str, str],
        facts: Facts,
        matched: MatchResult,
        relevant: dict[str, str],
        other_calendar: tuple[str, str] | None = None,
    ) -> Reply:
        """The question times the event only relative to another date, names a special
        election, or shows the calendar's day is not its election's (`other_calendar`: the
        words that show it, and why): ask for the frame's `date_needed`, never assume a regular
        election's (a fact the user gave is never replaced)."""
        spec = resolve(rule)
        frame = frame_of(rule)
        needed = frame.date_needed
        said = next((m for m in facts.mentions if m.role in ("timing", "election_word")), None)
        what = (frame.fills or {}).get(needed, needed.replace("_", " "))
        words, why = other_calendar or (
            said.span if said else "that",
            "the answer turns on the exact day"
            if said is not None and said.role == "timing"
            else "a special election sets its own days, which my calendars don't hold",
        )
        return Reply(
            status="needs_input",
            text_in=_echo(raw),
            rule=rule,
            params=params,
            message=f"You said “{words}”; {why}. What is {what}?",
            prompts=prompts_for(spec, [needed]) if spec else [],
            confidence=matched.confidence,
            reading=reading_of(facts, asks=frame.asks, ruled_out=relevant),
        )

    def _not_covered(
        self,
        raw: str,
        stripped: str,
        law_day: date,
        reading: Reading,
        suggestions: list[str],
        matched: MatchResult,
        commands: dict[str, str],
    ) -> Reply:
        """No rule fits: quote a section the question names, list the season's deadlines when
        it asks what is due, else say why not and what is covered — never the nearest rule."""
        quoted = self._quoted(raw, stripped, law_day)
        if quoted is not None:
            quoted.reading = reading
            return quoted
        if reading.ruled_out:
            # (two rules ruled out for one reason say it once)
            why = " ".join(list(dict.fromkeys(r.reason for r in reading.ruled_out))[:2])
            message = f"I can't answer that from the rules I have, so I won't guess. {why} "
        elif matched.learned == "declined" and suggestions:
            # The words named a rule, but the question reads like those it does not cover.
            message = (
                "I can't answer that from the rules I have, so I won't guess: its words fit "
                f"{frame_of(suggestions[0]).asks}, but the question reads like the ones about "
                "something none of my rules computes. "
            )
        elif matched.out_of_scope:
            # Words no rule computes ("filing fee", "please draft"): said, so seen as read.
            message = (
                f"I can't answer that from the rules I have, so I won't guess: it asks about "
                f"{quoted_words(matched.out_of_scope)}, which none of my rules computes: I work "
                "out deadlines and amounts and quote the law, nothing else. "
            )
        else:
            message = (
                "I can't tell which deadline rule that question is about, so I won't guess. "
                + ("It may be outside what I cover. " if not suggestions else "")
            )
        return Reply(
            status="no_match",
            text_in=_echo(raw),
            message=message
            + f"What I cover: {covered()}. {commands['list']} lists the rules I can run; or "
            "name one directly.",
            suggestions=[] if reading.ruled_out else suggestions,
            confidence=matched.confidence,
            reading=reading,
        )

    def _quoted(self, raw: str, text: str, day: date) -> Reply | None:
        """The text of the first section `text` names that the corpus holds, else None."""
        for cited in cited_sections(text):
            quoted = self.cite(cited, as_of=day)
            if quoted.status == "cite":
                quoted.text_in = _echo(raw)
                return quoted
        return None

    def _due(
        self,
        raw: str,
        today: date,
        facts: Facts,
        window: tuple[date, date],
        reading: Reading,
        rules: list[str] | None = None,
    ) -> Reply:
        """ "What's due this month?": the season's deadlines over `window` (its first and
        last days), from the calendars of the state named, else both states' (only `rules`'
        when the question names some)."""
        start, until = window
        states = [facts.state] if facts.state else ["md", "ma"]
        held = [c for c in self.calendars if c.jurisdiction in states]
        every = [d for c in held for d in self.season(c.id, rules or None, today=today)]
        # A year whose calendar is not held: only deadlines fixed by the year alone, said so.
        bare = [
            (state, year)
            for state in states
            for year in range(start.year, until.year + 2)
            if not any(c.jurisdiction == state and c.year == year for c in held)
        ]
        every += [
            d
            for state, year in bare
            for d in year_deadlines(
                state,
                year,
                today=today,
                rule_ids=rules or None,
                corpus=self.corpus,
                calendars=self.calendars,
            )
        ]
        every.sort(key=lambda d: (d.deadline, d.key))
        found = [d for d in every if start <= d.day <= until]
        after = [d for d in every if d.day > until][:1]
        lines = [f"• {d.day.isoformat()} — {d.title} ({d.rule})" for d in found]
        names = ", ".join(c.id.upper().replace("-", " ") for c in held)
        last_day = after[0].day if after else until
        unheld = sorted({y for _, y in bare if start.year <= y <= last_day.year})
        caveat = (
            f" I hold no election calendar for {_years(unheld)} "
            f"({', '.join(s.upper() for s in states)}): for {_years(unheld)} I list only the "
            "deadlines the statute fixes by the year alone; those counted from a calendar's "
            "dates (a primary, a candidacy filing deadline, a last day for withdrawals) are not "
            "listed."
            if unheld and (found or after)
            else ""
        )
        none_in = (
            f"No deadline I compute from the calendars I hold ({names}) falls between "
            f"{start.isoformat()} and {until.isoformat()}"
        )
        if lines:
            message = (
                f"Deadlines from {start.isoformat()} to {until.isoformat()}:\n"
                + "\n".join(lines)
                + (f"\n{caveat.strip()}" if caveat else "")
            )
        elif after:
            # Nothing in the window: say so, and what comes next, from the same calendars.
            message = (
                f"{none_in}. The next: "
                f"{after[0].day.isoformat()} — {after[0].title} ({after[0].rule})."
                + (f"{caveat[:-1]}, and one may come before it." if caveat else "")
            )
        elif until.year > (last_held := max((c.year for c in held), default=0)):
            # Dates from the world are data: past the calendars held, none is made up.
            beyond = max(start.year, last_held + 1)
            message = (
                f"I hold no election calendar for {beyond}"
                + (f"–{until.year}" if until.year != beyond else "")
                + f" ({', '.join(s.upper() for s in states)}; I hold {names}), so I can't list "
                "its deadlines."
            )
        else:
            message = f"{none_in}, nor after it."
        return Reply(
            status="help",
            text_in=_echo(raw),
            message=message,
            reading=reading,
            extra={
                "season": [_season_item(d) for d in found],
                "next": [_season_item(d) for d in after],
            },
        )

    def run(
        self,
        rule: str,
        params: Mapping[str, str],
        *,
        text_in: str = "",
        confidence: float | None = None,
        today: date | None = None,
        as_of: date | None = None,
    ) -> Reply:
        """Run one rule invocation (`RULE key=value …` as typed) and wrap its result, under the
        law in force on `as_of` (default: the day the rule says decides)."""
        spec = resolve(rule)
        result = run(
            rule,
            params,
            today=today or self.today(),
            corpus=self.corpus,
            calendars=self.calendars,
            as_of=as_of,
        )
        reply = Reply(
            status=result.status_shown,
            text_in=_echo(text_in),
            rule=spec.id if spec else rule,
            params=dict(params),
            result=result,
            confidence=confidence,
            as_of=as_of,
        )
        if spec is not None and result.status == "needs_input":
            known = {name: value.value for name, value in result.inputs.items()}
            reply.prompts = prompts_for(spec, result.missing, known)
        return reply

    def complete(self, rule: str, params: Mapping[str, str], *, as_of: date | None = None) -> Reply:
        """Finish a needs_input invocation with the values the user supplied."""
        return self.run(rule, {k: v for k, v in params.items() if v != ""}, as_of=as_of)

    def cite(self, text: str, *, as_of: date | None = None) -> Reply:
        """`/cite TEXT`: a subsection's text, verbatim, with its ancestors' lead-in, as in force
        on `as_of` (default: today, by the service's clock; "as of DATE" in the text works too),
        with every version of its law that exists (`extra["versions"]`)."""
        raw = text or ""
        question, said_as_of, problem = split_as_of(sanitize(raw), today=self.today())
        if problem:
            return Reply(status="invalid_input", text_in=_echo(raw), message=problem)
        day = as_of or said_as_of or self.today()
        notice = ""
        try:
            node = self.corpus.at(day).lookup(question)
        except VersionUnsettled as unsettled:
            # Which text was in force that day is unsettled: say so, then quote the newest.
            try:
                node = self.corpus.lookup(question)
            except CitationError as exc:
                return Reply(
                    status="invalid_input", text_in=_echo(raw), message=str(exc), as_of=day
                )
            notice = (
                f"{unsettled} Quoted below: the {node.law.version.id} text I hold, which may not "
                f"be the text in force on {day.isoformat()}."
            )
        except CitationError as exc:
            return Reply(status="invalid_input", text_in=_echo(raw), message=str(exc), as_of=day)
        extra = node.as_dict()
        extra.update(prefix=node.prefix, catch_line=node.law.catch_line)
        extra["in_force_on"] = day.isoformat()
        extra["notices"] = [notice] if notice else []
        extra["versions"] = [v.as_dict() for v in self.corpus.timeline(node.law.key)]
        return Reply(status="cite", text_in=_echo(raw), extra=extra, as_of=day)

    # --- the season, audit and health ------------------------------------------------------
    def season(
        self, calendar_id: str, rule_ids: list[str] | None = None, *, today: date | None = None
    ) -> list[SeasonDeadline]:
        """Every answered deadline of `calendar_id` (optionally only `rule_ids`), by date.
        Raises KeyError for a calendar the service does not have."""
        return season_deadlines(
            calendar_id,
            today=today or self.today(),
            rule_ids=rule_ids,
            corpus=self.corpus,
            calendars=self.calendars,
        )

    def reproduce(self, audit_row: Mapping[str, Any]) -> Result:
        """Run an audited invocation again, on the audited request day, under the law in force
        on the day the audited result was decided under (`in_force_on`: the `as_of` given, else
        the rule's deciding day, which the same inputs give again)."""
        rule, params, day = audit_row.get("rule"), audit_row.get("params"), audit_row.get("today")
        if not rule or params is None or day is None:
            raise ValueError(
                f"audit row {audit_row.get('id')} holds no rule invocation to reproduce"
            )
        decided = (audit_row.get("result") or {}).get("in_force_on")
        as_of = date.fromisoformat(decided) if isinstance(decided, str) else None
        return run(
            rule, params, today=day, corpus=self.corpus, calendars=self.calendars, as_of=as_of
        )

    def rules_check(self) -> dict[str, RuleCheck]:
        """Each rule's pinned statute text compared with the corpus: ok or refused."""
        return check_rules(self.corpus)


def corpus_dir_of(settings: DataSettings, given: Path | None = None) -> Path:
    """The statute folder: `given`, else `DEADLINE_BOT_CORPUS`, else the packaged one."""
    return given or settings.deadline_bot_corpus or DEFAULT_XML_DIR


def calendars_dir_of(settings: DataSettings, given: Path | None = None) -> Path:
    """The calendar folder: `given`, else `DEADLINE_BOT_CALENDARS`, else the packaged one."""
    return given or settings.deadline_bot_calendars or PACKAGED_DIR


def _commands(surface: str) -> dict[str, str]:
    """How to list the rules and quote a subsection, as typed where the question came from
    (`deadline-bot list` does not exist; `list` works in Slack)."""
    if surface == "cli":
        return {"list": "`deadline-bot rules`", "cite": "`deadline-bot cite 5-903(b)(2)(ii)`"}
    return {"list": "`list`", "cite": "`/cite 5-903(b)(2)(ii)`"}


def _years(years: list[int]) -> str:
    """ "2030", "2029–2030": the years, as a span."""
    return str(years[0]) if len(years) == 1 else f"{years[0]}–{years[-1]}"


def _season_item(d: SeasonDeadline) -> dict[str, str]:
    """A season deadline as the JSON reply lists it."""
    return {"key": d.key, "rule": d.rule, "deadline": d.deadline.isoformat(), "title": d.title}


def _echo(text: str) -> str:
    text = sanitize(text).strip()
    return text if len(text) <= MAX_ECHO else text[: MAX_ECHO - 1] + "…"


def list_rules() -> str:
    return "\n".join(f"• {spec.id} — {spec.title}" for spec in RULES.values())


def _structured(text: str) -> tuple[RuleSpec, dict[str, str], list[str]] | None:
    """`RULE key=value ...` → (spec, params, leftover words), if the first word names a rule.

    Only a rule's exact id may be followed by words that are not `key=value` ("md-petition-
    signatures 123,456 voters"); after an alias ("signatures for a referendum petition") the
    text is a question, and goes through the reader like any other."""
    words = text.split()
    spec = resolve(words[0]) if words else None
    if spec is None:
        return None
    params: dict[str, str] = {}
    rest: list[str] = []
    for word in words[1:]:
        m = _KEY_VALUE.match(word)
        if m:
            params[m.group(1).lower()] = m.group(2)
        else:
            rest.append(word)
    if rest and words[0].lower() != spec.id:
        return None
    return spec, params, rest


def _unreadable(raw: str, rule: str, problems: list[str], confidence: float | None) -> Reply:
    """Something in the text can't be read as written: say what, and answer nothing."""
    return Reply(
        status="invalid_input",
        text_in=_echo(raw),
        rule=rule,
        message="I couldn't read part of that: " + "; ".join(problems) + ".",
        confidence=confidence,
    )
