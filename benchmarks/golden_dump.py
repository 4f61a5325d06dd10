"""Dump every golden case and every tests/questions.yaml question as the CLI's JSON answers.

    .venv/bin/python benchmarks/golden_dump.py OUT.json

Each golden case goes through `deadline-bot run RULE k=v … --today D --json`, each question
through `deadline-bot ask Q --today D --json` — in-process, through `bot.cli.main`, so the CLI's
JSON path is what is compared. The output is one canonical JSON file (sorted keys) keyed by
case, so two dumps (before and after a restructure) can be diffed to show no answer changed.
Golden cases are found wherever they live (`tests/golden/` or a statute folder's `golden/`).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from bot.cli import main as cli_main  # noqa: E402


def _cli_json(argv: list[str]) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli_main(argv)
    return {"exit": code, "json": json.loads(out.getvalue())}


def golden_files() -> list[Path]:
    """Every golden case file, wherever it lives."""
    found = list((ROOT / "tests" / "golden").glob("*.yaml"))
    found += (ROOT / "rules").glob("**/golden/*.yaml")
    found += (ROOT / "tests").glob("rules/**/golden/*.yaml")
    return sorted(found, key=lambda p: p.name)


def dump() -> dict[str, Any]:
    out: dict[str, Any] = {"golden": {}, "questions": {}}
    for path in golden_files():
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            rule = case.get("rule", path.stem)
            params = [f"{k}={v}" for k, v in (case.get("params") or {}).items()]
            argv = ["run", rule, *params, "--today", str(case["today"]), "--json"]
            if "as_of" in case:  # the law in force on that day, as the golden test runs it
                argv += ["--as-of", str(case["as_of"])]
            key = f"{path.stem}: {case['name']}"
            assert key not in out["golden"], key
            out["golden"][key] = _cli_json(argv)
    data = yaml.safe_load((ROOT / "tests" / "questions.yaml").read_text(encoding="utf-8"))
    today = str(data["today"])
    texts = [item["q"] for item in data["in_scope"]]
    texts += [item["q"] for item in data.get("ambiguous", [])]
    texts += list(data["out_of_scope"])
    for text in texts:
        out["questions"][text] = _cli_json(["ask", text, "--today", today, "--json"])
    return out


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        raise SystemExit("usage: golden_dump.py OUT.json")
    result = dump()
    Path(args[0]).write_text(
        json.dumps(result, sort_keys=True, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"{len(result['golden'])} golden cases, {len(result['questions'])} questions → {args[0]}")


if __name__ == "__main__":
    main()
