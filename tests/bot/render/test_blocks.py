"""Block Kit rendering of replies: verbatim quotes, escaping, Slack limits, every status."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

import pytest
from slack_sdk.models.blocks import Block

from bot.render.answer import render_result, trace_blocks
from bot.render.blocks import escape, split_text, unescape
from bot.render.home import home_view
from bot.render.json import reply_json
from bot.render.prompts import decode_known_params, parse_complete_action_id
from bot.render.text import render as render_text
from bot.reply import ParamPrompt, ReadFact, Reading, Reply, RuledOut
from rules.result import Alternative, Citation, InputValue, Result, TraceStep
from rules.values import TZ as TIMEZONE
from rules.values import format_money as format_amount
from statutes import default_corpus
from tests.support.service import packaged_service

LT_GOV_NODE = "md/gel/5-903/b/2/iii"  # § 5-903(b)(2)(iii): 40 days before the primary


def _citation(node_id: str = LT_GOV_NODE) -> Citation:
    return Citation.of(default_corpus().node(node_id))


def _answered(**changes: Any) -> Reply:
    citation = _citation()
    result = Result(
        rule="md-successor-lt-gov",
        inputs={"event": InputValue(value="death"), "event_date": InputValue(value="2026-05-01")},
        result={"deadline": date(2026, 5, 14)},
        answer="File the successor's certificate of candidacy by 2026-05-14.",
        citations=[citation],
        trace=[TraceStep(step="40 days before the primary", source="statute", cite=citation.cite)],
        assumptions=["Primary date taken from the md-2026 calendar"],
        alternatives=[Alternative(label="later reading", basis="x < y", answer="2026-05-15")],
    )
    reply = Reply(
        status="answered",
        text_in="LG candidate died May 1 2026 <!channel> & <@U123>",
        rule="md-successor-lt-gov",
        params={"event": "death", "event_date": "2026-05-01"},
        result=result,
    )
    return reply.model_copy(update=changes)


def _validate(blocks: list[dict[str, Any]], limit: int = 50) -> None:
    """Every block passes slack_sdk's own Block Kit validation; the count is within `limit`."""
    assert len(blocks) <= limit
    for raw in blocks:
        Block.parse(raw).validate_json()
    for raw in blocks:
        if raw["type"] == "section" and "text" in raw:
            assert len(raw["text"]["text"]) <= 3000


def _quoted_text(blocks: list[dict[str, Any]]) -> str:
    out = []
    for block in blocks:
        if block["type"] != "rich_text":
            continue
        for element in block["elements"]:
            # The cite and its text version open the first block, as a section, not a quote.
            assert element["type"] in ("rich_text_quote", "rich_text_section")
            if element["type"] == "rich_text_quote":
                out.extend(e["text"] for e in element["elements"])
    return "".join(out)


def _all_mrkdwn(blocks: list[dict[str, Any]]) -> str:
    return json.dumps(blocks, ensure_ascii=False)


def test_escape_and_unescape_are_inverse_on_slack_control_chars() -> None:
    raw = "a < b && c > d <!channel> <@U1>"
    assert escape(raw) == "a &lt; b &amp;&amp; c &gt; d &lt;!channel&gt; &lt;@U1&gt;"
    assert unescape(escape(raw)) == raw
    assert unescape("&amp;lt;") == "&lt;"  # one level only


def test_split_text_is_lossless_and_bounded() -> None:
    text = ("word " * 2000) + "x" * 7000 + "\nend"
    pieces = split_text(text, 2900)
    assert "".join(pieces) == text
    assert all(0 < len(p) <= 2900 for p in pieces)
    assert split_text("") == [""]


def test_answered_quotes_statute_verbatim_and_shows_deadline() -> None:
    # § 5-903(b)(2)(iii)
    reply = _answered()
    text, blocks = render_result(reply)
    _validate(blocks)
    citation = reply.result.citations[0]  # type: ignore[union-attr]
    assert _quoted_text(blocks) == citation.lead_in + citation.text
    section = next(b for b in blocks if b["type"] == "section" and "fields" in b)
    fields = " ".join(f["text"] for f in section["fields"])
    assert "Thursday, May 14, 2026 (2026-05-14)" in fields
    assert "5-903(b)(2)(iii)" in text  # fallback names the cite
    assert text


def test_answered_flags_alternatives_and_assumptions() -> None:
    # The main message says they exist; "Show work" shows them, flagged.
    _, blocks = render_result(_answered())
    shown = _shown_text(blocks)
    assert "⚠️ _Other readings and assumptions: under “Show work”._" in shown
    assert "later reading" not in shown
    work = trace_blocks(_answered())
    contexts = [e["text"] for b in work if b["type"] == "context" for e in b["elements"]]
    assert any(t.startswith("⚠️ *Another reading — later reading*") for t in contexts)
    assert any("x &lt; y" in t for t in contexts)  # basis escaped too
    assert any(t.startswith("⚠️ _Assumed:_ Primary date") for t in contexts)


def _shown_text(blocks: list[dict[str, Any]]) -> str:
    """Every text Slack shows (not button values, which it never renders)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "text" and isinstance(value, str):
                    out.append(value)
                elif key != "value":
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(blocks)
    return "\n".join(out)


def test_user_text_is_escaped_so_nothing_pings() -> None:
    _, blocks = render_result(_answered())
    shown = _shown_text(blocks)
    assert "<!channel>" not in shown and "<@U123>" not in shown
    assert "&lt;!channel&gt;" in shown


def test_show_work_button_carries_the_invocation_and_share_is_optional() -> None:
    reply = _answered()
    _, plain = render_result(reply)
    _, shared = render_result(reply, share=True)
    buttons = {e["action_id"]: e for b in shared if b["type"] == "actions" for e in b["elements"]}
    assert buttons["show_work"]["value"] == reply.command
    share = json.loads(buttons["share"]["value"])
    assert share["k"] == "run" and share["v"] == reply.command
    assert "share" not in _all_mrkdwn(plain).replace("Share", "")


def test_long_statute_text_split_within_limits_and_truncated_with_note() -> None:
    base = _answered()
    huge = Citation(cite="Md. Code, Elec. Law § 0-000", id="x", text="lorem ipsum " * 20_000)
    result = base.result.model_copy(update={"citations": [huge]})  # type: ignore[union-attr]
    text, blocks = render_result(base.model_copy(update={"result": result}))
    _validate(blocks)
    assert len(blocks) == 50
    assert any(
        "Cut to fit" in e["text"] for b in blocks if b["type"] == "context" for e in b["elements"]
    )
    # What is shown is an exact prefix of the statute text.
    assert huge.text.startswith(_quoted_text(blocks))
    assert blocks[-1]["type"] == "actions"  # Show work survives truncation
    assert len(text) <= 3000


def test_huge_question_echo_is_clipped() -> None:
    reply = _answered(text_in="<" * 100_000)
    _, blocks = render_result(reply)
    _validate(blocks)
    echo = blocks[0]["elements"][0]["text"]
    assert len(echo) < 400 and "<" not in echo


def test_amount_is_formatted_from_decimal() -> None:
    assert format_amount(Decimal("1234.5")) == "$1,234.50"
    result = _answered().result.model_copy(  # type: ignore[union-attr]
        update={"result": {"amount": Decimal("25000")}}
    )
    _, blocks = render_result(_answered(result=result))
    assert "$25,000.00" in _all_mrkdwn(blocks)


def test_datetime_deadline_shown_in_eastern_time() -> None:
    when = datetime(2026, 2, 25, 2, 0, tzinfo=UTC)  # 9 p.m. Eastern the day before
    result = _answered().result.model_copy(update={"result": {"deadline": when}})  # type: ignore[union-attr]
    _, blocks = render_result(_answered(result=result))
    assert "Tuesday, February 24, 2026 at 9:00 p.m. ET" in _all_mrkdwn(blocks)


def _needs_input(*prompts: ParamPrompt) -> Reply:
    return Reply(
        status="needs_input",
        text_in="successor",
        rule="md-successor-lt-gov",
        params={"event": "death"},
        prompts=list(prompts),
    )


DATE_PROMPT = ParamPrompt(
    name="event_date",
    description="date of the vacancy",
    kind="date",
    question="When did the LG candidate die?",
)
CHOICE_PROMPT = ParamPrompt(
    name="event",
    description="what happened",
    kind="choice",
    choices=["death", "disqualification", "withdrawal"],
)
YES_NO_PROMPT = ParamPrompt(
    name="court_order", description="ordered?", kind="choice", choices=["yes", "no"]
)
TEXT_PROMPT = ParamPrompt(name="note", description="free text", kind="text")


def test_needs_input_renders_pickers_that_carry_the_invocation() -> None:
    text, blocks = render_result(_needs_input(DATE_PROMPT, CHOICE_PROMPT, TEXT_PROMPT))
    _validate(blocks, limit=5)
    assert text
    picker = next(b for b in blocks if b.get("accessory", {}).get("type") == "datepicker")
    # The plain question, once, beside its picker — not the parameter's internal name.
    assert picker["text"]["text"] == "*When did the LG candidate die?*"
    assert _shown_text(blocks).count("When did the LG candidate die?") == 1
    assert parse_complete_action_id(picker["accessory"]["action_id"]) == (
        "md-successor-lt-gov",
        "event_date",
    )
    assert decode_known_params(picker["block_id"]) == {"event": "death"}
    select = next(b for b in blocks if b.get("accessory", {}).get("type") == "static_select")
    assert [o["value"] for o in select["accessory"]["options"]] == [
        "death",
        "disqualification",
        "withdrawal",
    ]
    text_input = next(b for b in blocks if b["type"] == "input")
    assert text_input["dispatch_action"] is True
    block_ids = [b["block_id"] for b in blocks if "block_id" in b]
    assert len(block_ids) == len(set(block_ids))

    _, blocks = render_result(_needs_input(YES_NO_PROMPT))
    _validate(blocks, limit=5)
    buttons = next(b for b in blocks if b["type"] == "actions")
    assert [e["value"] for e in buttons["elements"]] == ["yes", "no"]
    assert len({e["action_id"] for e in buttons["elements"]}) == 2


def test_needs_input_beyond_five_blocks_asks_the_rest_in_words() -> None:
    reply = _needs_input(DATE_PROMPT, CHOICE_PROMPT, YES_NO_PROMPT, TEXT_PROMPT)
    _, blocks = render_result(reply)
    _validate(blocks, limit=5)
    shown = _shown_text(blocks)
    # Every missing value is asked exactly once: with an input, or in words.
    for prompt in reply.prompts:
        asked = prompt.question or f"{prompt.name} — {prompt.description}"
        assert shown.count(asked) == 1, asked
    # A value asked again (here `event`) is not also typed as given.
    assert "/deadline md-successor-lt-gov event_date=… event=… court_order=…" in shown


def test_needs_input_with_oversized_params_falls_back_to_typed_command() -> None:
    reply = Reply(
        status="needs_input",
        rule="r",
        params={"a": "x" * 400},
        prompts=[ParamPrompt(name="d", description="", kind="date")],
    )
    _, blocks = render_result(reply)
    _validate(blocks)
    assert not any("accessory" in b for b in blocks)
    assert "Or type: `/deadline r a=" in _all_mrkdwn(blocks)


def test_no_match_offers_at_most_three_suggestions_with_original_text() -> None:
    reply = Reply(
        status="no_match",
        text_in="when is the voter registration deadline?",
        suggestions=["a", "b", "c", "d"],
        message="I know filing deadlines.",
    )
    text, blocks = render_result(reply)
    _validate(blocks)
    assert text.startswith("Sorry")
    actions = [b for b in blocks if b["type"] == "actions"]
    elements = actions[0]["elements"]
    assert len(elements) == 3
    assert json.loads(elements[0]["value"]) == {"r": "a", "t": reply.text_in}


def test_ambiguous_asks_which() -> None:
    reply = Reply(status="ambiguous", text_in="deadline?", suggestions=["a", "b"])
    text, blocks = render_result(reply)
    _validate(blocks)
    assert text == "Which did you mean?"
    assert [json.loads(e["value"])["r"] for e in blocks[-1]["elements"]] == ["a", "b"]


@pytest.mark.parametrize("status", ["invalid_input", "refused"])
def test_problem_statuses_say_so_plainly(status: str) -> None:
    result = Result(
        status=status,
        rule="r",
        answer="event_date must be a date, got 'soon'",
        missing=["event_date"],
    )
    reply = Reply(status=status, text_in="r event_date=soon", rule="r", result=result)
    text, blocks = render_result(reply)
    _validate(blocks)
    assert "event_date must be a date" in text
    assert "Still needed" in _all_mrkdwn(blocks)


def test_cite_reply_quotes_text_and_error_is_a_message() -> None:
    citation = _citation()
    reply = Reply(
        status="cite",
        text_in=citation.cite,
        extra={"cite": citation.cite, "text": citation.text, "lead_in": citation.lead_in},
    )
    text, blocks = render_result(reply, share=True)
    _validate(blocks)
    assert _quoted_text(blocks) == citation.lead_in + citation.text
    assert any(
        e.get("action_id") == "share"
        for b in blocks
        if b["type"] == "actions"
        for e in b["elements"]
    )
    error = Reply(status="cite", message="No § 5-999 in the corpus; nearest: § 5-903.")
    text, blocks = render_result(error)
    _validate(blocks)
    assert "5-999" in text


def test_cite_reply_shows_the_text_in_force_and_its_version() -> None:
    # `/cite 5-703(e)(1) as of 2014-06-01`: § 5-703(e)(1) as the 2014 text had it.
    service = packaged_service(date(2026, 11, 22))
    old = service.cite("5-703(e)(1) as of 2014-06-01")
    _, blocks = render_result(old)
    _validate(blocks)
    shown = _shown_text(blocks)
    assert "Text in force on 2014-06-01" in shown
    assert "2014 text, in force from unknown" in shown and "unofficial copy" in shown
    assert "not less than 1%" in _quoted_text(blocks)
    current = service.cite("5-703(e)(1)")  # today's text, by the service's clock
    assert current.extra["in_force_on"] == "2026-11-22"
    assert current.extra["version"]["id"] == "2025"
    assert [v["id"] for v in current.extra["versions"]] == ["2014", "2015", "2025"]


def test_help_message_escaped_and_split() -> None:
    reply = Reply(status="help", message="Use `/deadline <rule> key=value`\n" * 300)
    _, blocks = render_result(reply)
    _validate(blocks)
    assert "<rule>" not in _all_mrkdwn(blocks)
    assert len(blocks) >= 4


def test_trace_blocks_list_inputs_and_steps_with_basis() -> None:
    blocks = trace_blocks(_answered())
    _validate(blocks)
    dumped = _all_mrkdwn(blocks)
    assert "deadline-bot run md-successor-lt-gov event=death event_date=2026-05-01" in dumped
    assert "40 days before the primary" in dumped and "5-903(b)(2)(iii)" in dumped


def test_home_view_lists_only_next_60_days_with_citations_within_100_blocks() -> None:
    now = datetime(2026, 5, 1, 9, 0, tzinfo=TIMEZONE)
    citation = _citation()

    def item(days: int, title: str) -> SimpleNamespace:
        result = Result(rule="r", answer=f"{title} answer", citations=[citation])
        return SimpleNamespace(
            deadline=now + timedelta(days=days), title=title, result=result, basis_changed=None
        )

    items = [item(70, "too late"), item(-1, "past"), item(10, "second"), item(2, "first")]
    view = home_view(items, now=now)
    assert view["type"] == "home"
    _validate(view["blocks"], limit=100)
    dumped = _all_mrkdwn(view["blocks"])
    assert dumped.index("first") < dumped.index("second")
    assert "too late" not in dumped and "past" not in dumped
    assert citation.cite in dumped
    many = home_view([item(i % 59 + 1, f"d{i}") for i in range(200)], now=now)
    _validate(many["blocks"], limit=100)
    assert len(many["blocks"]) == 100


def test_end_of_day_deadlines_are_shown_as_the_day_not_a_time():
    # A date-only statutory deadline (e.g. § 5-903(b)(2)(i), "by the fifth day") is carried as
    # 23:59:59 local; people must read a day, never "11:59 p.m.".
    from datetime import datetime

    from rules.values import TZ as TIMEZONE
    from rules.values import format_when

    shown = format_when(datetime(2026, 3, 11, 23, 59, 59, tzinfo=TIMEZONE))
    assert shown == "the end of Wednesday, March 11, 2026 (2026-03-11)"
    assert "5:00 p.m." in format_when(datetime(2026, 6, 10, 17, 0, tzinfo=TIMEZONE))


# --- how the question was read (issue 12 point 4) ---------------------------------------------
READING = Reading(
    facts=[
        ReadFact(role="state", value="Maryland", words="MD"),
        ReadFact(role="office", value="LG candidate", words="LG"),
        ReadFact(role="event", value="death on 2026-05-03", words="died May 3"),
        ReadFact(role="primary", value="primary 2026-06-23", source="calendar"),
    ],
    asks="successor certificate deadline",
    ruled_out=[
        RuledOut(
            rule="md-successor-lt-gov",
            reason="I cover a successor Lieutenant Governor candidate; your question is about "
            "the Governor candidate <not the LG>.",
        )
    ],
)
READ_AS = "Maryland · LG candidate · death on 2026-05-03 · asks: successor certificate deadline"


def test_answers_show_how_the_question_was_read_and_what_came_from_a_calendar() -> None:
    # § 5-903(b)(2)(iii) with the primary taken from calendar md-2026, not the question.
    base = _answered(reading=READING)
    result = base.result.model_copy(  # type: ignore[union-attr]
        update={
            "inputs": {
                **base.result.inputs,  # type: ignore[union-attr]
                "primary": InputValue(
                    value=date(2026, 6, 23), origin="calendar", source="md-2026: SBE calendar"
                ),
            }
        }
    )
    reply = base.model_copy(update={"result": result})
    _, blocks = render_result(reply)
    shown = _shown_text(blocks)
    assert f"Read as: {READ_AS}" in shown
    assert "From the calendar: primary 2026-06-23 (md-2026: SBE calendar)" in shown
    assert "primary 2026-06-23 ·" not in shown  # a calendar value is not the question's fact
    terminal = render_text(reply)
    assert f"Read as: {READ_AS}" in terminal
    assert "From the calendar: primary 2026-06-23 (md-2026: SBE calendar)" in terminal
    out = reply_json(reply)
    assert out["reading"]["asks"] == "successor certificate deadline"
    assert out["reading"]["facts"][3]["source"] == "calendar"


def test_no_match_says_why_each_ruled_out_rule_does_not_answer() -> None:
    reply = Reply(
        status="no_match",
        text_in="Gov candidate (not the LG) died May 3",
        message="I can't tell which deadline rule that question is about.",
        reading=READING,
    )
    _, blocks = render_result(reply)
    _validate(blocks)
    shown = _shown_text(blocks)
    assert "your question is about the Governor candidate &lt;not the LG&gt;." in shown
    assert any(
        e.get("action_id") == "not_what_i_asked" for b in blocks for e in b.get("elements", [])
    )
    assert "your question is about the Governor candidate <not the LG>." in render_text(reply)
