"""The one Block Kit builder: every block dict the bot sends Slack is built here (plain dicts;
no Slack import). The renderers of answers (`bot.render.answer`), the App Home tab
(`bot.render.home`), reminders (`bot.render.reminders`) and reminder commands compose these.

Rules of the surface:
- Statute text is quoted in `rich_text` quote blocks, whose text elements Slack never reads as
  mrkdwn; the quoted characters are exactly the corpus text (long text is split into pieces whose
  concatenation is the original).
- Anything a user typed is echoed through `escape`, so `<!channel>` or `<@U123>` never pings.
- Block Kit limits are never exceeded: 3,000 characters a section text, 2,000 a field or button
  value, 50 blocks a message (100 in App Home); what does not fit is cut with a visible note.
"""

from __future__ import annotations

from typing import Any

from rules.result import Citation

Block = dict[str, Any]

MAX_MESSAGE_BLOCKS = 50
MAX_VIEW_BLOCKS = 100
MAX_SECTION_TEXT = 3000
MAX_FIELD_TEXT = 2000
MAX_VALUE = 2000
MAX_BUTTON_TEXT = 75
MAX_ID = 255
MAX_OPTIONS = 100
MAX_OPTION_VALUE = 150
MAX_CONTEXT_ELEMENTS = 10
MAX_FALLBACK = 3000
QUOTE_CHUNK = 2900  # a little under 3,000 so any wrapper stays inside the limit


# --- text helpers ---------------------------------------------------------------------------
def escape(text: str) -> str:
    """Escape the three characters Slack mrkdwn treats as control (`&`, `<`, `>`)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def unescape(text: str) -> str:
    """Undo Slack's escaping of incoming message text (`&lt;` → `<`, then `&amp;` → `&`)."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def clip(text: str, limit: int, marker: str = "…") -> str:
    """`text` cut to at most `limit` characters, ending in `marker` when cut."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - len(marker))] + marker


def clip_escaped(text: str, limit: int) -> str:
    """Escape then clip without leaving half an entity (`&am…`) at the cut."""
    escaped = escape(text)
    if len(escaped) <= limit:
        return escaped
    cut = escaped[: limit - 1]
    amp = cut.rfind("&")
    if amp != -1 and ";" not in cut[amp:]:
        cut = cut[:amp]
    return cut + "…"


def split_text(text: str, limit: int = QUOTE_CHUNK) -> list[str]:
    """Split `text` into pieces of at most `limit` characters, preferring line then word breaks.

    `"".join(split_text(t)) == t` always: nothing is dropped or added, so a quote stays verbatim.
    """
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        window = rest[:limit]
        cut = max(window.rfind("\n"), window.rfind(" "))
        if cut < limit // 2:  # no good break: cut hard rather than make tiny pieces
            cut = limit - 1
        pieces.append(rest[: cut + 1])
        rest = rest[cut + 1 :]
    if rest or not pieces:
        pieces.append(rest)
    return pieces


# --- block builders -------------------------------------------------------------------------
def mrkdwn(text: str, limit: int = MAX_SECTION_TEXT) -> dict[str, str]:
    return {"type": "mrkdwn", "text": clip(text, limit)}


def plain(text: str, limit: int) -> dict[str, Any]:
    return {"type": "plain_text", "text": clip(text, limit) or " ", "emoji": True}


def section(text: str, **extra: Any) -> Block:
    block: Block = {"type": "section", "text": mrkdwn(text)}
    block.update(extra)
    return block


def context(*texts: str) -> Block:
    return {"type": "context", "elements": [mrkdwn(t) for t in texts[:MAX_CONTEXT_ELEMENTS]]}


def header(text: str) -> Block:
    return {"type": "header", "text": plain(text, 150)}


def actions(*elements: dict[str, Any], block_id: str | None = None) -> Block:
    block: Block = {"type": "actions"}
    if block_id is not None:
        block["block_id"] = block_id
    block["elements"] = list(elements)
    return block


def button(
    text: str,
    action_id: str,
    value: str,
    *,
    style: str | None = None,
    confirm: dict[str, Any] | None = None,
) -> dict[str, Any]:
    element: dict[str, Any] = {
        "type": "button",
        "text": plain(text, MAX_BUTTON_TEXT),
        "action_id": action_id[:MAX_ID],
        "value": value[:MAX_VALUE],
    }
    if style:
        element["style"] = style
    if confirm:
        element["confirm"] = confirm
    return element


def confirm_dialog(title: str, text: str, *, yes: str, no: str) -> dict[str, Any]:
    """The "are you sure?" dialog of a button."""
    return {
        "title": plain(title, 100),
        "text": plain(text, 300),
        "confirm": plain(yes, 30),
        "deny": plain(no, 30),
    }


def datepicker(action_id: str, placeholder: str) -> dict[str, Any]:
    return {"type": "datepicker", "action_id": action_id, "placeholder": plain(placeholder, 150)}


def static_select(action_id: str, placeholder: str, choices: list[str]) -> dict[str, Any]:
    options = [
        {"text": plain(choice, 75), "value": choice[:MAX_OPTION_VALUE]}
        for choice in choices[:MAX_OPTIONS]
    ]
    return {
        "type": "static_select",
        "action_id": action_id,
        "placeholder": plain(placeholder, 150),
        "options": options,
    }


def text_input(block_id: str, label: str, action_id: str) -> Block:
    """A one-line input whose value is sent when Enter is pressed (no form to submit)."""
    return {
        "type": "input",
        "block_id": block_id,
        "dispatch_action": True,
        "label": plain(label, 2000),
        "element": {
            "type": "plain_text_input",
            "action_id": action_id,
            "dispatch_action_config": {"trigger_actions_on": ["on_enter_pressed"]},
        },
    }


def home_tab(blocks: list[Block]) -> dict[str, Any]:
    """The App Home view holding `blocks`."""
    return {"type": "home", "blocks": blocks}


def quote_blocks(text: str, *, italic: bool = False) -> list[Block]:
    """Verbatim quote of `text` as rich_text quote blocks (never parsed as mrkdwn)."""
    blocks: list[Block] = []
    for piece in split_text(text):
        element: dict[str, Any] = {"type": "text", "text": piece}
        if italic:
            element["style"] = {"italic": True}
        blocks.append(
            {
                "type": "rich_text",
                "elements": [{"type": "rich_text_quote", "elements": [element]}],
            }
        )
    return blocks


def labelled_quote_blocks(label: str, note: str, citation: Citation) -> list[Block]:
    """One citation in as few blocks as Slack allows: a rich_text block opening with the cite
    (bold) and `note` (italic), then the lead-in and text quoted verbatim; text too long for
    one block continues in further quote blocks."""
    pieces = quote_blocks(citation.text or "(no text)")
    heading: list[dict[str, Any]] = [{"type": "text", "text": label, "style": {"bold": True}}]
    if note:
        heading.append({"type": "text", "text": f" — {note}", "style": {"italic": True}})
    elements: list[dict[str, Any]] = [{"type": "rich_text_section", "elements": heading}]
    for lead_in in quote_blocks(citation.lead_in, italic=True) if citation.lead_in else []:
        elements.extend(lead_in["elements"])
    elements.extend(pieces[0]["elements"])
    return [{"type": "rich_text", "elements": elements}, *pieces[1:]]


def fit(head: list[Block], body: list[Block], tail: list[Block], limit: int) -> list[Block]:
    """head + body + tail within `limit` blocks; body (then head) cut with a visible note."""
    note = context(
        "✂️ _Cut to fit Slack's message limits; run the command shown under "
        "“Show work” in `deadline-bot` for the full text._"
    )
    if len(head) + len(body) + len(tail) <= limit:
        return head + body + tail
    room = limit - len(tail) - 1
    if room <= 0:
        return [*(head + body)[: limit - 1], note]
    if len(head) >= room:
        return [*head[:room], note, *tail]
    return head + body[: room - len(head)] + [note] + tail
