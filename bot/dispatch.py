"""One dispatcher for every face: text in → a rule invocation → the rules core → one `Reply`.

`/deadline TEXT`, an @-mention, a DM and `deadline-bot ask` all call `handle()`, so they give the
same answer. Text is either a structured command (`md-successor-lt-gov event=death
event_date=2026-05-01`, or an alias such as `successor ...`) or a free-text question, which is
matched (bot.matching) and has its parameters pulled out (bot.extract). Below the confidence
threshold the answer is `no_match` with suggestions, never a guess.
"""

from __future__ import annotations

import re
from datetime import date

from bot.extract import extract, param_strings, params_for
from bot.matching import default_matcher
from bot.reply import ParamPrompt, Reply
from rules import RULES, resolve, run
from rules.engine import Param, RuleSpec
from statutes import CitationError, default_corpus

MAX_ECHO = 300  # characters of the question kept in the reply (it is echoed back, escaped)
_KEY_VALUE = re.compile(r"^([a-z_]+)=(.*)$", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

HELP = (
    "Ask me a deadline question in plain words, e.g. “LG candidate died May 1 2026, successor "
    "deadline?”, or run a rule directly: `md-successor-lt-gov event=death "
    "event_date=2026-05-01`. `list` shows the rules; `/cite 5-903(b)(2)(ii)` quotes a "
    "subsection. Every answer quotes the statute text it relied on."
)


def _echo(text: str) -> str:
    text = _CONTROL.sub(" ", text).strip()
    return text if len(text) <= MAX_ECHO else text[: MAX_ECHO - 1] + "…"


def list_rules() -> str:
    return "\n".join(f"• {spec.id} — {spec.title}" for spec in RULES.values())


def prompts_for(spec: RuleSpec, names: list[str]) -> list[ParamPrompt]:
    def kind(p: Param) -> str:
        return {
            "date": "date",
            "datetime": "datetime",
            "date_or_datetime": "date",
            "choice": "choice",
            "bool": "choice",
            "int": "number",
            "money": "money",
            "money_list": "text",
        }[p.kind]

    out = []
    for name in names:
        p = spec.param(name)
        if p is None:
            continue
        choices = (
            list(p.choices) if p.kind == "choice" else (["yes", "no"] if p.kind == "bool" else [])
        )
        out.append(
            ParamPrompt(
                name=name,
                description=p.description,
                kind=kind(p),  # type: ignore[arg-type]
                choices=choices,
            )
        )
    return out


def run_invocation(
    rule: str,
    params: dict[str, str],
    *,
    today: date,
    text_in: str = "",
    confidence: float | None = None,
) -> Reply:
    """Run one rule invocation and wrap its result."""
    spec = resolve(rule)
    result = run(rule, params, today=today)
    reply = Reply(
        status=result.status,
        text_in=_echo(text_in),
        rule=spec.id if spec else rule,
        params=params,
        result=result,
        confidence=confidence,
    )
    if spec is not None and result.status == "needs_input":
        reply.prompts = prompts_for(spec, result.missing)
    return reply


def complete(rule: str, params: dict[str, str], *, today: date) -> Reply:
    """Finish a needs_input invocation with the values the user supplied."""
    return run_invocation(rule, {k: v for k, v in params.items() if v != ""}, today=today)


def _structured(text: str) -> tuple[RuleSpec, dict[str, str], list[str]] | None:
    """`RULE key=value ...` → (spec, params, leftover words), if the first word names a rule."""
    words = text.split()
    if not words:
        return None
    spec = resolve(words[0])
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
    return spec, params, rest


def handle(text: str, *, today: date, user: str | None = None, surface: str = "cli") -> Reply:
    """Answer one question or command. Never raises for anything a user can type."""
    raw = text or ""
    stripped = _CONTROL.sub(" ", raw).strip()
    word = stripped.lower()
    if word in ("", "help", "?", "hi", "hello"):
        return Reply(status="help", text_in=_echo(raw), message=HELP)
    if word in ("list", "rules"):
        return Reply(status="help", text_in=_echo(raw), message="Rules I can run:\n" + list_rules())

    structured = _structured(stripped[:10_000])
    if structured is not None:
        spec, params, rest = structured
        if rest:
            # "signatures 123,456 voters": the rule is named, the values are in words.
            found = param_strings(params_for(spec.id, extract(" ".join(rest), today=today)))
            params = {**found, **params}
        return run_invocation(spec.id, params, today=today, text_in=raw, confidence=1.0)

    matched = default_matcher().match(stripped)
    suggestions = [rule for rule, _ in matched.candidates[:3]]
    if matched.decision == "no_match":
        return Reply(
            status="no_match",
            text_in=_echo(raw),
            message=(
                "I can't tell which deadline rule that question is about, so I won't guess. "
                + ("It may be outside what I cover. " if not suggestions else "")
                + "Try `list` to see the rules I can run, or name one directly."
            ),
            suggestions=suggestions,
            confidence=matched.confidence,
        )
    if matched.decision == "ambiguous":
        choices = list(matched.choices) or suggestions
        return Reply(
            status="ambiguous",
            text_in=_echo(raw),
            message="That could be more than one rule. Which did you mean?",
            suggestions=choices[:3],
            confidence=matched.confidence,
        )
    rule = matched.rule or suggestions[0]
    extracted = extract(stripped, today=today)
    if extracted.problems:
        return Reply(
            status="invalid_input",
            text_in=_echo(raw),
            rule=rule,
            message="I couldn't read part of that: " + "; ".join(extracted.problems) + ".",
            confidence=matched.confidence,
        )
    params = param_strings(params_for(rule, extracted))
    return run_invocation(rule, params, today=today, text_in=raw, confidence=matched.confidence)


def cite(text: str) -> Reply:
    """`/cite TEXT`: a subsection's text, verbatim, with its ancestors' lead-in."""
    try:
        node = default_corpus().lookup(text)
    except CitationError as exc:
        return Reply(status="invalid_input", text_in=_echo(text), message=str(exc))
    return Reply(status="cite", text_in=_echo(text), extra=node.as_dict())
