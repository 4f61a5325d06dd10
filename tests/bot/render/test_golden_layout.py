"""Every golden case's answer, rendered for a channel, is short (issue 12 point 5): at most five
blocks; the notices first; the deciding subsection quoted verbatim with its text version; the
other citations, alternatives and the work behind "Show work" (`trace_blocks`).

Characters are counted as Slack shows them (every `text`, not button values). The statute
quote is never shortened, so the 1,200-character target is checked on the message without the
verbatim quote (and, where the rule's own answer is long by itself, on what surrounds it).
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

import rules
from bot.render.answer import deciding, render_result, trace_blocks
from bot.render.blocks import escape
from bot.render.versions import headline
from bot.reply import Reply
from tests.rules.test_golden import CASES, _as_of, _params

MAX_BLOCKS = 5
MAX_CHARS = 1200
# The rule's own answer is a sentence list the renderer never cuts (a caveat in it can change
# what to do); a few Massachusetts answers are long by themselves. Everything around it — the
# echo, reading, notices, value, cite and version note — is held to this.
MAX_FRAME_CHARS = 550
QUESTION = "x" * 120  # a typical question, echoed back


def shown_text(blocks: Any, *, quotes: bool = True) -> str:
    """Every text Slack shows; `quotes=False` leaves out the verbatim statute quotes."""
    out: list[str] = []

    def walk(node: Any, in_quote: bool) -> None:
        if isinstance(node, dict):
            in_quote = in_quote or node.get("type") == "rich_text_quote"
            for key, value in node.items():
                if key == "text" and isinstance(value, str):
                    if quotes or not in_quote:
                        out.append(value)
                elif key != "value":
                    walk(value, in_quote)
        elif isinstance(node, list):
            for item in node:
                walk(item, in_quote)

    walk(blocks, False)
    return "".join(out)


def _reply(case: dict[str, Any]) -> Reply:
    result = rules.run(
        case["rule"], _params(case), today=date.fromisoformat(case["today"]), as_of=_as_of(case)
    )
    return Reply(
        status=result.status,
        rule=result.rule,
        params=_params(case),
        result=result,
        text_in=QUESTION,
    )


RULE_CASES = [
    pytest.param(case, id=f"{stem}: {case['name']}")
    for stem, case in CASES
    if rules.resolve(case["rule"]) is not None
]


@pytest.mark.parametrize("case", RULE_CASES)
def test_every_golden_answer_is_short_and_quotes_its_deciding_subsection(
    case: dict[str, Any],
) -> None:
    reply = _reply(case)
    result = reply.result
    assert result is not None
    text, blocks = render_result(reply)
    assert len(blocks) <= MAX_BLOCKS, [b["type"] for b in blocks]
    without_quotes = shown_text(blocks, quotes=False)
    assert len(without_quotes) <= MAX_CHARS or len(result.answer) > MAX_CHARS - MAX_FRAME_CHARS
    if result.answer:
        frame = len(without_quotes) - len(result.answer)
        assert frame <= MAX_FRAME_CHARS, without_quotes
    # Notices come first: before the answer in the message and in the notification text.
    if result.notices and result.answer:
        assert text.startswith(escape(result.notices[0]))
        shown = shown_text(blocks)
        first = escape(headline(result))[:40]
        assert all(shown.index(escape(n)) < shown.index(first) for n in result.notices)
    if reply.status in ("answered", "invalid_input", "refused") and result.citations:
        cite = deciding(result)
        assert cite is not None
        shown = shown_text(blocks)
        assert cite.text in shown  # quoted verbatim
        if cite.version:
            assert "in force from" in shown and "source" in shown
        # Every citation is still shown, behind "Show work".
        work = shown_text(trace_blocks(reply))
        for other in result.citations:
            assert other.cite in work
