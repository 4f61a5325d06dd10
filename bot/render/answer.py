"""Block Kit for one `Reply`: an answer, a refusal, a prompt for what is missing, a choice of rules,
a quoted subsection, or the work behind an answer (built with `bot.render.blocks`).

Rules of the surface:
- Statute text is quoted in `rich_text` quote blocks, whose text elements Slack never reads as
  mrkdwn; the quoted characters are exactly the corpus text (long text is split into pieces whose
  concatenation is the original).
- Anything a user typed is echoed through `escape`, so `<!channel>` or `<@U123>` never pings.
- Block Kit limits are never exceeded: 3,000 characters a section text, 2,000 a field or button
  value, 50 blocks a message (100 in App Home); what does not fit is cut with a visible note.
- Every message has a plain fallback `text`.

Interactive ids (the Slack app routes on them):
- `show_work` button, value = the invocation command (`reply.command`, then " as of DAY" when a
  day's law was asked for).
- `not_what_i_asked` button (answers and no_match), value = JSON {"q": question, "r": rule,
  "c": command, "read": the reading's line, "as_of": day} for the audit trail.
- `share` button (slash-command replies only), value = JSON {"k": "run"|"cite", "v": ..., "q": ...}.
- needs_input: action id `complete|<rule>|<param>`; the block id `ni<n>|<urlencoded known params>`
  carries the rest of the invocation so an answer completes the same one.
- no_match / ambiguous: buttons `pick_rule_<n>`, value = JSON {"r": rule id, "t": original text}.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from bot.render.blocks import (
    MAX_CONTEXT_ELEMENTS,
    MAX_FALLBACK,
    MAX_FIELD_TEXT,
    MAX_MESSAGE_BLOCKS,
    MAX_SECTION_TEXT,
    MAX_VALUE,
    Block,
    actions,
    button,
    clip,
    clip_escaped,
    context,
    escape,
    fit,
    labelled_quote_blocks,
    mrkdwn,
    section,
    split_text,
)
from bot.render.prompts import (
    prompt_blocks,
    question_of,
)
from bot.render.versions import (
    calendar_values,
    headline,
    rule_title,
    version_line,
    why_missing,
)
from bot.reply import ParamPrompt, Reply
from rules.result import Citation, Result
from rules.values import format_money, format_when

ECHO_CHARS = 300  # how much of a question we echo back
PICK_TEXT_CHARS = 1500  # how much of the original text a suggestion button carries

SHOW_WORK = "show_work"
SHARE = "share"
NOT_WHAT_I_ASKED = "not_what_i_asked"
SOURCE_CHARS = 40  # of a version's source, beside the quote (the full source is in Show work)
PICK_PREFIX = "pick_rule_"
MAIN_BLOCKS = 5  # a channel answer's blocks: the rest is behind "Show work" (issue 12)


def _echo(reply: Reply) -> list[Block]:
    """The user's question, escaped and clipped (never a ping, never mrkdwn injection), how it
    was read, and the values a rule took from a calendar rather than the question."""
    lines = []
    asked = " ".join(reply.text_in.split())
    if asked:
        lines.append(f"You asked: “{clip_escaped(asked, ECHO_CHARS)}”")
    read = reply.reading.line() if reply.reading else ""
    if read:
        lines.append(f"Read as: {clip_escaped(read, ECHO_CHARS)}")
    if reply.as_of:
        lines.append(f"Law in force on {reply.as_of.isoformat()}")
    from_calendar = calendar_values(reply.result) if reply.result else ""
    if from_calendar:
        lines.append(f"From the calendar: {clip_escaped(from_calendar, ECHO_CHARS)}")
    return [context("\n".join(lines))] if lines else []


def _as_date_or_datetime(value: object) -> date | datetime | None:
    if isinstance(value, date):  # includes datetime
        return value
    if isinstance(value, str):
        for parse in (datetime.fromisoformat, date.fromisoformat):
            try:
                parsed = parse(value)
            except ValueError:
                continue
            if isinstance(parsed, datetime) and len(value) <= 10:
                return parsed.date()
            return parsed
    return None


# --- public API -----------------------------------------------------------------------------
def render_result(reply: Reply, *, share: bool = False) -> tuple[str, list[Block]]:
    """Fallback text and Block Kit blocks (≤ 50) for one reply, for every status.

    `share=True` adds a "Share in channel" button (ephemeral slash-command replies).
    """
    renderer = _RENDERERS.get(reply.status, _render_message)
    text, head, body, tail = renderer(reply)
    if share and reply.status in ("answered", "answered_in_part", "cite"):
        tail = _add_button(tail, _share_button(reply))
    return clip(text, MAX_FALLBACK) or "deadline-bot", fit(head, body, tail, MAX_MESSAGE_BLOCKS)


def share_value(reply: Reply) -> str:
    """What the share button carries to rebuild the same answer (JSON, ≤ 2,000 chars)."""
    if reply.status == "cite":
        payload = {"k": "cite", "v": reply.text_in}
    else:
        # The day whose law was asked for rides along, read back by `ask` ("as of DAY").
        payload = {"k": "run", "v": reply.command + reply.as_of_words}
        if reply.text_in:
            payload["q"] = reply.text_in[:500]
    return _bounded_json(payload, MAX_VALUE)


def _bounded_json(payload: dict[str, str], limit: int) -> str:
    """`payload` as JSON within `limit` chars, shortening its longest string until it fits."""
    payload = dict(payload)
    encoded = json.dumps(payload, ensure_ascii=False)
    while len(encoded) > limit:
        key = max(payload, key=lambda k: len(payload[k]))
        payload[key] = payload[key][: max(0, len(payload[key]) - (len(encoded) - limit) - 1)]
        encoded = json.dumps(payload, ensure_ascii=False)
    return encoded


def _share_button(reply: Reply) -> dict[str, Any]:
    return button("Share in channel", SHARE, share_value(reply), style="primary")


def _add_button(tail: list[Block], element: dict[str, Any]) -> list[Block]:
    tail = [dict(b) for b in tail]
    for block in tail:
        if block.get("type") == "actions" and len(block["elements"]) < 25:
            block["elements"] = [*block["elements"], element]
            return tail
    return [*tail, actions(element)]


Rendered = tuple[str, list[Block], list[Block], list[Block]]


def _result_fields(result: Result) -> list[dict[str, str]]:
    fields: list[dict[str, str]] = []
    deadline = _as_date_or_datetime(result.result.get("deadline"))
    if deadline is not None:
        fields.append(mrkdwn(f"*Deadline*\n{format_when(deadline)}", MAX_FIELD_TEXT))
    amount = result.result.get("amount")
    if amount is not None:
        try:
            shown = format_money(amount)
        except (ArithmeticError, ValueError):
            shown = escape(str(amount))
        fields.append(mrkdwn(f"*Amount*\n{shown}", MAX_FIELD_TEXT))
    return fields


def _notices(result: Result) -> list[Block]:
    """What must be read before the answer — which text of the law was used, what is not
    certain, a deadline already passed — and a pointer to the other readings."""
    lines = [f"⚠️ {escape(n)}" for n in result.notices]
    behind = [
        what
        for what, present in (
            ("other readings", result.alternatives),
            ("assumptions", result.assumptions),
        )
        if present
    ]
    if behind:
        lines.append(f"⚠️ _{' and '.join(behind).capitalize()}: under “Show work”._")
    return [context("\n".join(lines))] if lines else []


def _flags(result: Result) -> list[Block]:
    """Alternatives and assumptions, flagged ⚠️ so nobody mistakes them for the answer."""
    blocks: list[Block] = []
    for alt in result.alternatives:
        line = f"⚠️ *Another reading — {escape(alt.label)}*"
        if alt.answer:
            line += f": {escape(alt.answer)}"
        if alt.basis:
            line += f"\n_Basis:_ {escape(alt.basis)}"
        blocks.append(context(line))
    if result.assumptions:
        lines = [f"⚠️ _Assumed:_ {escape(a)}" for a in result.assumptions]
        if len(lines) > MAX_CONTEXT_ELEMENTS:
            lines = [
                *lines[: MAX_CONTEXT_ELEMENTS - 1],
                "\n".join(lines[MAX_CONTEXT_ELEMENTS - 1 :]),
            ]
        blocks.append(context(*lines))
    return blocks


def _short_cite(cite: str) -> str:
    """ "Md. Code, Elec. Law § 5-903(b)(2)(iii)" → "§ 5-903(b)(2)(iii)", as answers cite it."""
    return cite[cite.index("§") :] if "§" in cite else cite


def deciding(result: Result) -> Citation | None:
    """The subsection the answer turns on: the first citation the answer names, else the one
    the last statute step of the work cites, else the first citation."""
    if not result.citations:
        return None
    answer = headline(result)
    named = [c for c in result.citations if _short_cite(c.cite) in answer]
    if named:
        # "§ 5-703(e)" is named inside "§ 5-703(e)(1)": the longest name is the one meant.
        return max(named, key=lambda c: (len(_short_cite(c.cite)), -result.citations.index(c)))
    for step in reversed(result.trace):
        found = next((c for c in result.citations if step.cite and c.cite == step.cite), None)
        if found is not None:
            return found
    return result.citations[0]


def _quote(citation: Citation, *, source_chars: int | None = SOURCE_CHARS) -> list[Block]:
    """A citation quoted verbatim with its version near it ("text in force from … — source …;
    unofficial copy")."""
    note = version_line(citation.version, source_chars=source_chars)
    return labelled_quote_blocks(f"📖 {citation.cite}", note, citation)


def _quotes(result: Result | None, *, skip: Citation | None = None) -> list[Block]:
    blocks: list[Block] = []
    for citation in result.citations if result else []:
        if citation != skip:
            blocks.extend(_quote(citation, source_chars=None))
    return blocks


def show_work_value(reply: Reply) -> str:
    """What "Show work" reruns: the invocation, and the day whose law was asked for (escaped
    like everything we send, so a value never holds a ping; the listener unescapes it)."""
    return escape(reply.command + reply.as_of_words)


def _show_work_actions(reply: Reply) -> list[Block]:
    elements = []
    result = reply.result
    behind = result is not None and bool(
        result.trace or result.alternatives or result.assumptions or len(result.citations) > 1
    )
    if reply.command and behind:
        elements.append(button("Show work", SHOW_WORK, show_work_value(reply)))
    if reply.text_in:
        elements.append(_feedback_button(reply))
    return [actions(*elements, block_id="answer_actions")] if elements else []


def _feedback_button(reply: Reply) -> dict[str, Any]:
    return button("Not what I asked", NOT_WHAT_I_ASKED, feedback_value(reply))


def feedback_value(reply: Reply) -> str:
    """What "Not what I asked" records: the question, the rule and invocation, the reading
    (escaped, so the value never holds a ping; the listener unescapes it)."""
    payload = {
        "q": escape(reply.text_in[:600]),
        "r": reply.rule or "",
        "c": escape(reply.command),
    }
    if reply.reading is not None:
        payload["read"] = escape(reply.reading.line()[:600])
    if reply.as_of:
        payload["as_of"] = reply.as_of.isoformat()
    return _bounded_json(payload, MAX_VALUE)


def _fallback(answer: str, result: Result | None, cite: Citation | None = None) -> str:
    cites = cite.cite if cite else "; ".join(c.cite for c in result.citations) if result else ""
    text = escape(answer)
    return f"{text} ({escape(cites)})" if cites else text


def _render_answered(reply: Reply) -> Rendered:
    """The notices, the answer with its date or amount, and the deciding subsection quoted;
    the other citations, the alternatives and the work are behind "Show work"."""
    result = reply.result
    if result is None:
        return _render_message(reply)
    answer = headline(result) if result.answer else reply.message or "Here is what I found."
    partly = reply.in_part  # (said before all else: the answer is to one part only)
    head = [*_echo(reply), *([context(escape(f"⚠️ {partly}"))] if partly else [])]
    head.extend(_notices(result))
    head.append(section(f"*{escape(answer)}*", **_fields_of(result)))
    cite = deciding(result)
    body = _quote(cite) if cite is not None else []
    first = " ".join([*result.notices, partly, answer]).strip()
    return _fallback(first, result, cite), head, body, _show_work_actions(reply)


def _fields_of(result: Result) -> dict[str, Any]:
    fields = _result_fields(result)
    return {"fields": fields} if fields else {}


def _render_problem(reply: Reply) -> Rendered:
    """invalid_input / refused: say plainly what is wrong and what it rests on."""
    result = reply.result
    message = (headline(result) if result and result.answer else "") or reply.message
    if not message:
        message = (
            "I can't answer that safely as asked."
            if reply.status == "refused"
            else "Some of what you gave me isn't valid for this rule."
        )
    lead = "🚫" if reply.status == "refused" else "⚠️"
    head = [*_echo(reply), *(_notices(result) if result else [])]
    head.append(section(f"{lead} {escape(message)}"))
    if result and result.missing:
        head.append(context("Still needed: " + ", ".join(f"`{escape(m)}`" for m in result.missing)))
    cite = deciding(result) if result else None
    body = _quote(cite) if cite is not None else []
    return f"{lead} {_fallback(message, result, cite)}", head, body, _show_work_actions(reply)


def _render_needs_input(reply: Reply) -> Rendered:
    """Each missing value asked once, as a plain question, with an input to answer it; why it
    could not be taken from a calendar, if the rule says; the command that supplies them all."""
    result = reply.result
    rule = reply.rule or (result.rule if result else "")
    title = rule_title(rule) if rule else "this deadline"
    prompts = list(reply.prompts)
    if not prompts and result:
        prompts = [ParamPrompt(name=m, description="") for m in result.missing]
    lines = [f"To answer *{escape(title)}*, I need to know:"]
    why = why_missing(result) if result else reply.message
    if why:
        lines.append(f"_{escape(why)}_")
    top = [*_echo(reply), *(_notices(result) if result else [])]
    room = MAIN_BLOCKS - len(top) - 1
    body: list[Block] = []
    for index, prompt in enumerate(prompts):
        blocks = prompt_blocks(reply, index, prompt)
        if blocks and len(body) + len(blocks) <= room:
            body.extend(blocks)
        else:  # no room for its input, or it cannot carry the invocation: ask it in words
            lines.append(f"• {escape(question_of(prompt))}")
    if rule:
        typed = reply.completing([p.name for p in prompts])
        lines.append(f"Or type: `/deadline {escape(typed)}{reply.as_of_words}`")
    head = [*top, section("\n".join(lines))]
    text = f"To answer {title}: " + " ".join(question_of(p) for p in prompts)
    return escape(text), head, body, []


def pick_value(rule_id: str, text: str) -> str:
    """Suggestion button value: the rule and the original text (bounded JSON)."""
    return _bounded_json({"r": rule_id, "t": text[:PICK_TEXT_CHARS]}, MAX_VALUE)


def _pick_buttons(reply: Reply, limit: int) -> list[Block]:
    buttons = [
        button(rule_title(rule_id), f"{PICK_PREFIX}{n}", pick_value(rule_id, reply.text_in))
        for n, rule_id in enumerate(reply.suggestions[:limit])
    ]
    return [actions(*buttons, block_id="pick_rule")] if buttons else []


def _render_no_match(reply: Reply) -> Rendered:
    text = "Sorry — I couldn't match that to a deadline I know how to compute."
    lines = [text]
    if reply.message:
        lines.append(escape(reply.message))
    # Why the rules that share its words do not answer it ("your question is about the
    # Governor candidate"), as the reader found.
    for ruled_out in reply.reading.ruled_out if reply.reading else []:
        lines.append(f"• *{escape(rule_title(ruled_out.rule))}*: {escape(ruled_out.reason)}")
    tail = _pick_buttons(reply, 3)
    if tail:
        lines.append("Did you mean one of these?")
    lines.append("_Try `/deadline list` for what I can answer, or `/deadline help`._")
    head = [*_echo(reply), section("\n".join(lines))]
    if reply.text_in:
        tail.append(actions(_feedback_button(reply), block_id="feedback"))
    return text, head, [], tail


def _render_ambiguous(reply: Reply) -> Rendered:
    text = "Which did you mean?"
    lines = [f"*{text}*"]
    if reply.message:
        lines.append(escape(reply.message))
    head = [*_echo(reply), section("\n".join(lines))]
    return text, head, [], _pick_buttons(reply, 5)


def _render_cite(reply: Reply) -> Rendered:
    citation = reply.quoted
    if citation is None:
        return _render_problem(reply.model_copy(update={"status": "invalid_input"}))
    cite, text = citation.cite, citation.text
    day = reply.extra.get("in_force_on")
    notices = [str(n) for n in reply.extra.get("notices") or []]
    note = f"Text in force on {escape(str(day))}" if day and not notices else ""
    head = [context(escape(f"⚠️ {n}")) for n in notices] + ([context(note)] if note else [])
    return escape(f"{cite}: {clip(text, 500)}"), head, _quote(citation), []


def _render_message(reply: Reply) -> Rendered:
    """help and anything else that is just a message: our own text, escaped, in sections."""
    message = reply.message or (reply.result.answer if reply.result else "") or "…"
    body = [section(escape(piece)) for piece in split_text(message, 2800)]
    return clip_escaped(message, MAX_FALLBACK), [], body, []


_RENDERERS = {
    "answered": _render_answered,
    "answered_in_part": _render_answered,
    "not_covered": _render_answered,
    "needs_input": _render_needs_input,
    "invalid_input": _render_problem,
    "refused": _render_problem,
    "no_match": _render_no_match,
    "ambiguous": _render_ambiguous,
    "cite": _render_cite,
    "help": _render_message,
}


def trace_blocks(reply: Reply) -> list[Block]:
    """Everything behind an answer: the other readings and assumptions, every citation with its
    text version, the inputs with their origin, then each step and its basis."""
    result = reply.result
    as_of = f" --as-of {reply.as_of.isoformat()}" if reply.as_of else ""
    head = [section(f"*How I got there* — `deadline-bot run {escape(reply.command)}{as_of}`")]
    if result is None:
        return [*head, section("No computation to show for this reply.")]
    body: list[Block] = [*_flags(result)]
    lines: list[str] = []
    for name, value in result.inputs.items():
        origin = value.origin if value.origin != "calendar" else f"calendar: {value.source or '?'}"
        lines.append(f"• `{escape(name)}` = {escape(str(value.value))} _({escape(origin)})_")
    if lines:
        body.extend(_chunked_sections("*Inputs*", lines))
    steps = []
    for n, step in enumerate(result.trace, 1):
        basis = step.source + (f": {step.cite}" if step.cite else "")
        steps.append(f"{n}. {escape(step.step)} _({escape(basis)})_")
    if steps:
        body.extend(_chunked_sections("*Steps*", steps))
    body.extend(_quotes(result))
    return fit(head, body, [], MAX_MESSAGE_BLOCKS)


def _chunked_sections(title: str, lines: Sequence[str]) -> list[Block]:
    """Lines grouped into sections of at most 3,000 characters, the title on the first."""
    blocks: list[Block] = []
    current = title
    for line in lines:
        line = clip(line, MAX_SECTION_TEXT - len(title) - 1)
        if len(current) + 1 + len(line) > MAX_SECTION_TEXT:
            blocks.append(section(current))
            current = line
        else:
            current = f"{current}\n{line}"
    blocks.append(section(current))
    return blocks
