"""JSON rendering of a reply: the `run` command's shape, plus `no_match` and `suggestions`."""

from __future__ import annotations

from typing import Any

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
    out["suggestions"] = list(reply.suggestions)
    if reply.status == "needs_input" and reply.rule:
        out["command"] = f"deadline-bot run {reply.command} " + " ".join(
            f"{m}=..." for m in out.get("missing", [])
        )
    if reply.extra:
        out.update({k: v for k, v in reply.extra.items() if k not in out})
    return out
