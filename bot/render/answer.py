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
- `show_work` button, value = the invocation command (`reply.command`).
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
from urllib.parse import parse_qsl, urlencode

from bot.render.blocks import (
    MAX_CONTEXT_ELEMENTS,
    MAX_FALLBACK,
    MAX_FIELD_TEXT,
    MAX_ID,
    MAX_MESSAGE_BLOCKS,
    MAX_SECTION_TEXT,
    MAX_VALUE,
    Block,
    actions,
    button,
    citation_blocks,
    clip,
    clip_escaped,
    context,
    datepicker,
    escape,
    fit,
    mrkdwn,
    section,
    split_text,
    static_select,
    text_input,
)
from bot.reply import ParamPrompt, Reply
from rules import RULES
from rules.result import Citation, Result
from rules.values import format_money, format_when

ECHO_CHARS = 300  # how much of a question we echo back
PICK_TEXT_CHARS = 1500  # how much of the original text a suggestion button carries

SHOW_WORK = "show_work"
SHARE = "share"
COMPLETE_PREFIX = "complete|"
PICK_PREFIX = "pick_rule_"
NEEDS_INPUT_BLOCK_PREFIX = "ni"

_BOOLEAN_WORDS = {"yes", "no", "true", "false"}


def _echo(reply: Reply) -> list[Block]:
    """The user's question, escaped and clipped (never a ping, never mrkdwn injection)."""
    asked = " ".join(reply.text_in.split())
    if not asked:
        return []
    return [context(f"You asked: “{clip_escaped(asked, ECHO_CHARS)}”")]


def _rule_title(rule_id: str) -> str:
    """The rule's title from the registry, else its id."""
    spec = RULES.get(rule_id)
    return (spec.title if spec is not None else "") or rule_id


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
    if share and reply.status in ("answered", "cite"):
        tail = _add_button(tail, _share_button(reply))
    return clip(text, MAX_FALLBACK) or "deadline-bot", fit(head, body, tail, MAX_MESSAGE_BLOCKS)


def share_value(reply: Reply) -> str:
    """What the share button carries to rebuild the same answer (JSON, ≤ 2,000 chars)."""
    if reply.status == "cite":
        payload = {"k": "cite", "v": reply.text_in}
    else:
        payload = {"k": "run", "v": reply.command}
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
    fields.append(mrkdwn(f"*Rule*\n`{escape(result.rule)}`", MAX_FIELD_TEXT))
    return fields


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


def _quotes(result: Result | None) -> list[Block]:
    blocks: list[Block] = []
    for citation in result.citations if result else []:
        blocks.extend(citation_blocks(citation))
    return blocks


def _show_work_actions(reply: Reply) -> list[Block]:
    if not reply.command or reply.result is None or not reply.result.trace:
        return []
    show_work = button("Show work", SHOW_WORK, reply.command)
    return [actions(show_work, block_id="answer_actions")]


def _fallback(answer: str, result: Result | None) -> str:
    cites = "; ".join(c.cite for c in result.citations) if result else ""
    text = escape(answer)
    return f"{text} ({escape(cites)})" if cites else text


def _render_answered(reply: Reply) -> Rendered:
    result = reply.result
    if result is None:
        return _render_message(reply)
    answer = result.answer or reply.message or "Here is what I found."
    head = _echo(reply)
    head.append(section(f"*{escape(answer)}*", fields=_result_fields(result)))
    head.extend(_flags(result))
    return _fallback(answer, result), head, _quotes(result), _show_work_actions(reply)


def _render_problem(reply: Reply) -> Rendered:
    """invalid_input / refused: say plainly what is wrong and what it rests on."""
    result = reply.result
    message = (result.answer if result else "") or reply.message
    if not message:
        message = (
            "I can't answer that safely as asked."
            if reply.status == "refused"
            else "Some of what you gave me isn't valid for this rule."
        )
    lead = "🚫" if reply.status == "refused" else "⚠️"
    head = [*_echo(reply), section(f"{lead} {escape(message)}")]
    if result and result.missing:
        head.append(context("Still needed: " + ", ".join(f"`{escape(m)}`" for m in result.missing)))
    if result:
        head.extend(_flags(result))
    return f"{lead} {_fallback(message, result)}", head, _quotes(result), _show_work_actions(reply)


def encode_known_params(index: int, params: dict[str, str]) -> str | None:
    """Block id carrying the invocation's known params, or None if it would not fit 255 chars."""
    block_id = f"{NEEDS_INPUT_BLOCK_PREFIX}{index}|{urlencode(params)}"
    return block_id if len(block_id) <= MAX_ID else None


def decode_known_params(block_id: str) -> dict[str, str]:
    """Inverse of `encode_known_params` (the params; index dropped)."""
    _, _, query = block_id.partition("|")
    return dict(parse_qsl(query, keep_blank_values=True))


def complete_action_id(rule: str, param: str) -> str:
    return f"{COMPLETE_PREFIX}{rule}|{param}"


def parse_complete_action_id(action_id: str) -> tuple[str, str]:
    """(rule, param) from a `complete|<rule>|<param>` action id; ValueError for anything else
    (the id comes back from Slack, so it is checked rather than trusted)."""
    prefix, rule, param = ([*action_id.split("|", 2), "", ""])[:3]
    if f"{prefix}|" != COMPLETE_PREFIX or not rule or not param:
        raise ValueError("not a complete|RULE|PARAM action id")
    return rule, param


def _is_boolean(prompt: ParamPrompt) -> bool:
    return bool(prompt.choices) and {c.lower() for c in prompt.choices} <= _BOOLEAN_WORDS


def _prompt_block(reply: Reply, index: int, prompt: ParamPrompt) -> Block | None:
    """One input for a missing param, or None when the invocation cannot be carried."""
    rule = reply.rule or (reply.result.rule if reply.result else "")
    block_id = encode_known_params(index, reply.params)
    action_id = complete_action_id(rule, prompt.name)
    if not rule or block_id is None or len(action_id) > MAX_ID:
        return None
    label = f"*{escape(prompt.name)}* — {escape(prompt.description)}"
    if prompt.kind in ("date", "datetime"):
        picker = datepicker(action_id, "Pick a date")
        return section(label, block_id=block_id, accessory=picker)
    if prompt.choices and _is_boolean(prompt):
        buttons = [
            button(choice.capitalize(), f"{action_id}|{n}"[:MAX_ID], choice)
            for n, choice in enumerate(prompt.choices)
        ]
        # Button action ids must be unique in a block: the choice index rides after the param.
        return actions(*buttons, block_id=block_id)
    if prompt.choices:
        select = static_select(action_id, "Choose…", prompt.choices)
        return section(label, block_id=block_id, accessory=select)
    return text_input(block_id, f"{prompt.name} — {prompt.description}", action_id)


def _render_needs_input(reply: Reply) -> Rendered:
    result = reply.result
    rule = reply.rule or (result.rule if result else "")
    title = _rule_title(rule) if rule else "this deadline"
    message = (result.answer if result else "") or reply.message
    head = [*_echo(reply)]
    intro = f"I need a bit more to answer *{escape(title)}*."
    if message:
        intro += f"\n{escape(message)}"
    head.append(section(intro))
    body: list[Block] = []
    prompts = list(reply.prompts)
    if not prompts and result:
        prompts = [ParamPrompt(name=m, description="") for m in result.missing]
    typed = []
    for index, prompt in enumerate(prompts):
        block = _prompt_block(reply, index, prompt)
        if block is not None:
            body.append(block)
        typed.append(f"{prompt.name}=…")
    if rule:
        example = " ".join([reply.command or rule, *typed]).strip()
        body.append(context(f"Or type: `/deadline {escape(example)}`"))
    text = f"I need more to answer {title}: " + ", ".join(p.name for p in prompts)
    return escape(text), head, body, []


def pick_value(rule_id: str, text: str) -> str:
    """Suggestion button value: the rule and the original text (bounded JSON)."""
    return _bounded_json({"r": rule_id, "t": text[:PICK_TEXT_CHARS]}, MAX_VALUE)


def _pick_buttons(reply: Reply, limit: int) -> list[Block]:
    buttons = [
        button(_rule_title(rule_id), f"{PICK_PREFIX}{n}", pick_value(rule_id, reply.text_in))
        for n, rule_id in enumerate(reply.suggestions[:limit])
    ]
    return [actions(*buttons, block_id="pick_rule")] if buttons else []


def _render_no_match(reply: Reply) -> Rendered:
    text = "Sorry — I couldn't match that to a deadline I know how to compute."
    lines = [text]
    if reply.message:
        lines.append(escape(reply.message))
    head = [*_echo(reply), section("\n".join(lines))]
    tail = _pick_buttons(reply, 3)
    if tail:
        head.append(context("Did you mean one of these?"))
    head.append(context("Try `/deadline list` for what I can answer, or `/deadline help`."))
    return text, head, [], tail


def _render_ambiguous(reply: Reply) -> Rendered:
    text = "Which did you mean?"
    lines = [f"*{text}*"]
    if reply.message:
        lines.append(escape(reply.message))
    head = [*_echo(reply), section("\n".join(lines))]
    return text, head, [], _pick_buttons(reply, 5)


def _render_cite(reply: Reply) -> Rendered:
    cite, text = reply.extra.get("cite"), reply.extra.get("text")
    if not isinstance(cite, str) or not isinstance(text, str):
        return _render_problem(reply.model_copy(update={"status": "invalid_input"}))
    citation = Citation(
        cite=cite,
        id=str(reply.extra.get("id", "")),
        text=text,
        lead_in=str(reply.extra.get("lead_in") or ""),
    )
    return escape(f"{cite}: {clip(text, 500)}"), [], citation_blocks(citation), []


def _render_message(reply: Reply) -> Rendered:
    """help and anything else that is just a message: our own text, escaped, in sections."""
    message = reply.message or (reply.result.answer if reply.result else "") or "…"
    body = [section(escape(piece)) for piece in split_text(message, 2800)]
    return clip_escaped(message, MAX_FALLBACK), [], body, []


_RENDERERS = {
    "answered": _render_answered,
    "needs_input": _render_needs_input,
    "invalid_input": _render_problem,
    "refused": _render_problem,
    "no_match": _render_no_match,
    "ambiguous": _render_ambiguous,
    "cite": _render_cite,
    "help": _render_message,
}


def trace_blocks(reply: Reply) -> list[Block]:
    """The computation behind an answer: inputs with their origin, then each step and its basis."""
    result = reply.result
    head = [section(f"*How I got there* — `deadline-bot run {escape(reply.command)}`")]
    if result is None:
        return [*head, section("No computation to show for this reply.")]
    lines: list[str] = []
    for name, value in result.inputs.items():
        origin = value.origin if value.origin != "calendar" else f"calendar: {value.source or '?'}"
        lines.append(f"• `{escape(name)}` = {escape(str(value.value))} _({escape(origin)})_")
    body: list[Block] = []
    if lines:
        body.extend(_chunked_sections("*Inputs*", lines))
    steps = []
    for n, step in enumerate(result.trace, 1):
        basis = step.source + (f": {step.cite}" if step.cite else "")
        steps.append(f"{n}. {escape(step.step)} _({escape(basis)})_")
    if steps:
        body.extend(_chunked_sections("*Steps*", steps))
    if result.assumptions:
        body.extend(
            _chunked_sections("*Assumptions*", [f"⚠️ {escape(a)}" for a in result.assumptions])
        )
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
