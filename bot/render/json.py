"""JSON rendering of a reply: the `run` command's shape, plus `no_match` and `suggestions`;
a reply that needs input asks for it in plain words (`answer`, `questions`).

`notices` (which text of the law was used, what is uncertain, a deadline already passed) is the
first key of every reply; `reading` is how a free-text question was read (null for commands)
and `as_of` the day whose law was asked for (null when none was)."""

from __future__ import annotations

from typing import Any

from bot.render.prompts import question_of
from bot.render.versions import rule_title, why_missing
from bot.reply import Reply


def reply_json(reply: Reply) -> dict[str, Any]:
    if reply.result is not None:
        out = reply.result.to_json_dict()
        # Every citation carries the text version it quotes (issue 11: id, in force from/to,
        # source, official) and what of it the held copy lacks; the hash stays internal.
        out["citations"] = [
            {k: c[k] for k in ("cite", "id", "text", "lead_in", "version", "not_held")}
            for c in out["citations"]
        ]
        out["status"] = reply.status
    else:
        out = {
            "status": reply.status,
            "rule": reply.rule,
            "inputs": {},
            "result": {},
            "answer": reply.message,
            "citations": [],
            "trace": [],
            "assumptions": [],
            "alternatives": [],
            "missing": [],
        }
    if reply.status == "needs_input" and reply.result is not None and reply.prompts:
        # (issue 12, item 5: what is missing asked in plain words, once, under the rule's
        # title — "When did the LG candidate die?" — as the other renderers ask it; `missing`
        # keeps the parameters' names for programs)
        out["questions"] = [question_of(p) for p in reply.prompts]
        why = why_missing(reply.result)
        out["answer"] = " ".join(
            [f"To answer {rule_title(reply.result.rule)}, I need to know:", *out["questions"]]
            + ([why] if why else [])
        )
    out = {"notices": list(out.get("notices") or []), **out}
    out["suggestions"] = list(reply.suggestions)
    out["reading"] = reply.reading.model_dump(mode="json") if reply.reading else None
    out["as_of"] = reply.as_of.isoformat() if reply.as_of else None
    if reply.status == "needs_input" and reply.rule:
        out["command"] = f"deadline-bot run {reply.command} " + " ".join(
            f"{m}=..." for m in out.get("missing", [])
        )
    if reply.extra:
        out.update({k: v for k, v in reply.extra.items() if k not in out})
    return out
