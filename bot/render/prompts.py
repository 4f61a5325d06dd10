"""The inputs of a needs_input answer: one per missing value (date picker, select, yes/no
buttons, text box), each asking its plain question, and the ids that carry the invocation.

- action id `complete|<rule>|<param>`; the block id `ni<n>|<urlencoded known params>` carries
  the rest of the invocation so an answer completes the same one (and `@as_of`, the day whose
  law was asked for, which is not a rule parameter).
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from bot.render.blocks import (
    MAX_ID,
    Block,
    actions,
    button,
    datepicker,
    escape,
    section,
    static_select,
    text_input,
)
from bot.reply import ParamPrompt, Reply

COMPLETE_PREFIX = "complete|"
NEEDS_INPUT_BLOCK_PREFIX = "ni"
AS_OF_KEY = "@as_of"  # no rule parameter can be named this

_BOOLEAN_WORDS = {"yes", "no", "true", "false"}


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


def question_of(prompt: ParamPrompt) -> str:
    """The plain question for a missing value ("When did the LG candidate die?"), else its
    name and description."""
    if prompt.question:
        return prompt.question
    return f"{prompt.name} — {prompt.description}" if prompt.description else prompt.name


def prompt_blocks(reply: Reply, index: int, prompt: ParamPrompt) -> list[Block]:
    """The input for a missing param, asking its plain question; [] when the invocation cannot
    be carried (the typed command is offered instead)."""
    rule = reply.rule or (reply.result.rule if reply.result else "")
    known = dict(reply.params)
    if reply.as_of:
        known[AS_OF_KEY] = reply.as_of.isoformat()
    block_id = encode_known_params(index, known)
    action_id = complete_action_id(rule, prompt.name)
    if not rule or block_id is None or len(action_id) > MAX_ID:
        return []
    label = f"*{escape(question_of(prompt))}*"
    if prompt.kind in ("date", "datetime"):
        picker = datepicker(action_id, "Pick a date")
        return [section(label, block_id=block_id, accessory=picker)]
    if prompt.choices and _is_boolean(prompt):
        buttons = [
            button(choice.capitalize(), f"{action_id}|{n}"[:MAX_ID], choice)
            for n, choice in enumerate(prompt.choices)
        ]
        # Button action ids must be unique in a block: the choice index rides after the param.
        return [section(label), actions(*buttons, block_id=block_id)]
    if prompt.choices:
        select = static_select(action_id, "Choose…", prompt.choices)
        return [section(label, block_id=block_id, accessory=select)]
    return [text_input(block_id, question_of(prompt), action_id)]
