"""Answering under the law in force: pick the rule's implementation(s) for the text(s) in force on
the deciding date (`rules.engine.versions.select`), run each on the corpus view quoting its
texts (refusing per version when its pinned text changed), and put the answer together.

With one implementation to run, its result is the answer; with several (it is not known which
text was in force, or none held covers the day), the conservative result leads (the earliest
deadline, the larger signature requirement, the smaller amount: `RuleSpec.conservative`) and
each other text's result follows as an `Alternative` labelled with its version. Either way the
answer begins with its notices: what is uncertain about the text, a subsection quoted from an
older text, and which text was used (unofficial, superseded, not confirmed in force).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from rules.calendar import CalendarSet, default_calendars
from rules.engine.notices import (
    fallback_notices,
    law_name,
    text_name,
    text_used,
    uncertainty_notices,
)
from rules.engine.running import (
    deciding_date,
    invalid_result,
    parse_inputs,
    refused_result,
    run_parsed,
)
from rules.engine.spec import Implementation, RuleSpec
from rules.engine.versions import Choice, Selection, select, view_for
from rules.pins import RuleCheck
from rules.result import Alternative, Result
from rules.values import END_OF_DAY, TZ
from statutes import CitationNotFound, Corpus, CorpusView, Version

#: How the leading result is described when several texts give one each.
_LEADS = {
    ("deadline", "min"): "the earliest deadline",
    ("count", "max"): "the larger requirement",
    ("amount", "min"): "the smaller amount",
}


@dataclass(frozen=True)
class Run:
    choice: Choice
    view: CorpusView | None
    result: Result


def run_versioned(
    spec: RuleSpec,
    params: Mapping[str, Any],
    *,
    today: date,
    corpus: CorpusView,
    calendars: CalendarSet | None,
    as_of: date | None,
    check: Callable[[Implementation, CorpusView], RuleCheck],
    pinned: Callable[[Implementation], set[str]],
) -> Result:
    """Run `spec` for the law in force on `as_of`, else on its deciding date, else `today`.

    `check` says whether an implementation's pins hold in a view; `pinned` names the nodes it
    pins (citing any other is a programming error)."""
    calendars = default_calendars() if calendars is None else calendars
    values, problems = parse_inputs(spec, params)
    if problems:
        return invalid_result(spec, values, problems)
    day = as_of or deciding_date(spec, values, today=today, corpus=corpus, calendars=calendars)
    selection = select(spec, corpus, day or today, today=today)
    runs = []
    for choice in selection.chosen:
        under = f" under {_names(choice, corpus)}" if len(spec.impls) > 1 else ""
        try:
            view = view_for(corpus, choice.texts)
        except CitationNotFound as exc:
            runs.append(Run(choice, None, refused_result(spec, [str(exc)], under)))
            continue
        verdict = check(choice.impl, view)
        if verdict.state == "refused":
            result = refused_result(spec, list(verdict.problems), under)
        else:
            result = run_parsed(
                spec,
                choice.impl,
                values,
                given=set(params),
                today=today,
                corpus=view,
                calendars=calendars,
            )
        unpinned = {c.id for c in result.citations} - pinned(choice.impl)
        if unpinned:  # a rule citing text it did not pin is a programming error, not a user error
            raise RuntimeError(f"{spec.id} cites unpinned nodes: {sorted(unpinned)}")
        runs.append(Run(choice, view, result))
    return combine(spec, selection, runs, corpus)


def combine(spec: RuleSpec, selection: Selection, runs: list[Run], corpus: CorpusView) -> Result:
    """The answer from the result under each text (see module)."""
    single = selection.state in ("known", "unconfirmed")
    others: list[Run]
    if len(runs) == 1 and single:
        main, others = runs[0], []
    else:
        main, others = _lead(spec, runs)
    result = main.result
    result.versions = dict(main.choice.texts)
    result.in_force_on = selection.day
    result.in_force = selection.state  # type: ignore[assignment]
    if result.status == "invalid_input":
        return result  # the user's values: nothing was computed under any text
    # Order: what is uncertain about the text (the answer itself is in doubt), then the rule's
    # own notices (a deadline already passed), then which text was used and how.
    uncertain: list[str] = []
    if not single:
        used = [_versions(r, corpus) for r in [main, *others] if r.result.status == "answered"]
        what = _LEADS.get(spec.conservative, f"the conservative result ({spec.conservative[0]})")
        uncertain = uncertainty_notices(selection, what, used)
    text_used: list[str] = []
    if result.status == "answered":
        text_used = own_notices(main, selection, corpus)
        for other in others:
            result.alternatives.extend(_as_alternatives(other, selection, corpus))
    result.notices = uncertain + result.notices + text_used
    if result.notices:
        result.answer = " ".join([*result.notices, result.answer])
    return result


def own_notices(run: Run, selection: Selection, corpus: CorpusView) -> list[str]:
    """A result's own notices: subsections quoted from an older text, then which text was used
    (for the laws it cites)."""
    if run.view is None:
        return []
    cited = [c.id for c in run.result.citations]
    out = fallback_notices(run.view, cited)
    laws = {c.version["law"] for c in run.result.citations if c.version} or set(run.choice.texts)
    for key, vid in run.choice.texts.items():
        if key not in laws:
            continue
        law = run.view.laws.get(key)
        if law is None:
            continue
        timeline = corpus.timeline(key) if isinstance(corpus, Corpus) else [law.version]
        found = selection.found.get(key)
        known = found is not None and found.certain is not None and found.certain.version.id == vid
        line = text_used(
            law.version, timeline, selection.day, known, selection.today or selection.day
        )
        if line:
            out.append(line)
    return out


def _lead(spec: RuleSpec, runs: list[Run]) -> tuple[Run, list[Run]]:
    """The run whose result leads, and the others in order. A run that did not answer leads
    (refused before invalid input before needs input): no result can be conservative then."""
    for status in ("refused", "invalid_input", "needs_input"):
        blocked = [r for r in runs if r.result.status == status]
        if blocked:
            first = blocked[0]
            if status == "needs_input":  # ask for everything any text needs
                for r in blocked[1:]:
                    extra = [m for m in r.result.missing if m not in first.result.missing]
                    if extra:
                        first.result.missing.extend(extra)
                        first.result.answer += f" ({', '.join(extra)}: {r.result.answer})"
            return first, [r for r in runs if r is not first and r.result.status == "answered"]
    name, direction = spec.conservative
    ranked = [r for r in runs if _key(r.result, name) is not None]
    ranked.sort(key=lambda r: _key(r.result, name), reverse=direction == "max")  # type: ignore[arg-type, return-value]
    order = ranked + [r for r in runs if r not in ranked]
    return order[0], order[1:]


def _key(result: Result, name: str) -> Any:
    value = result.result.get(name)
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=TZ)
    if isinstance(value, date):
        return datetime.combine(value, END_OF_DAY, TZ)  # a date-only deadline: that whole day
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        return value
    return None


def _versions(run: Run, corpus: CorpusView) -> list[Version]:
    source = run.view or corpus
    return [source.laws[k].version for k in run.choice.texts if k in source.laws]


def _names(choice: Choice, corpus: CorpusView) -> str:
    """ "§ 5-703, the 2014 text" for the texts an implementation runs on."""
    names = []
    for key, vid in choice.texts.items():
        law = _held(corpus, key, vid)
        names.append(f"{law_name(key)}, {text_name(law)}" if law else f"{law_name(key)} {vid}")
    return "; ".join(names)


def _held(corpus: CorpusView, key: str, vid: str) -> Version | None:
    laws = corpus.held.get(key, []) or ([corpus.laws[key]] if key in corpus.laws else [])
    return next((law.version for law in laws if law.version.id == vid), None)


def _as_alternatives(run: Run, selection: Selection, corpus: CorpusView) -> list[Alternative]:
    """The result under another text, then its own alternatives, each labelled with it."""
    names = _names(run.choice, corpus)
    versions = _versions(run, corpus)
    notices = own_notices(run, selection, corpus)
    out = [
        Alternative(
            label=f"Under {names}",
            basis="; ".join(v.summary() for v in versions),
            result=run.result.result,
            answer=" ".join([*run.result.notices, *notices, run.result.answer]),
            versions=dict(run.choice.texts),
            citations=run.result.citations,
        )
    ]
    for a in run.result.alternatives:
        out.append(
            a.model_copy(
                update={"label": f"{names} — {a.label}", "versions": dict(run.choice.texts)}
            )
        )
    return out
