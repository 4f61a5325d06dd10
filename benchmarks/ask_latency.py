"""Latency of answering one free-text question (prints figures; target: full ask p99 ≤ 5 ms).

    .venv/bin/python benchmarks/ask_latency.py [--rounds N]

Measured now: the free-text front half of `ask` — matching the rule, extracting parameters and
mapping them onto the rule's parameter names — over every question in tests/questions.yaml.
Then the whole ask (`AnswerService.ask`, running the rule) and the cold start of
`deadline-bot ask` as a new process (which must not import slack_bolt).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402
from stats import percentile, timed  # noqa: E402

from bot.language import params_for, read_facts  # noqa: E402
from bot.ops.clock import FixedClock  # noqa: E402
from bot.ops.settings import DataSettings  # noqa: E402
from bot.service import AnswerService  # noqa: E402


def report(label: str, samples: Sequence[float]) -> None:
    """One line of figures."""
    print(
        f"{label:<38} p50 {percentile(samples, 50):7.3f} ms   p99 {percentile(samples, 99):7.3f}"
        f" ms   max {max(samples):7.3f} ms   (n={len(samples)})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)

    data = yaml.safe_load((ROOT / "tests" / "questions.yaml").read_text(encoding="utf-8"))
    today: date = data["today"]
    texts = [item["q"] for item in data["in_scope"]] + list(data["out_of_scope"])
    # Built once per process, like the server does (its matcher, corpus and calendars).
    service = AnswerService.from_settings(DataSettings(), clock=FixedClock.on(today))
    matcher = service.matcher

    def front_half(text: str) -> dict[str, object]:
        result = matcher.match(text)
        found = read_facts(text, today=today)
        return params_for(result.rule, found) if result.rule else {}

    report("match", timed(matcher.match, texts, args.rounds))
    report("extract", timed(lambda t: read_facts(t, today=today), texts, args.rounds))
    report("match + extract + params_for", timed(front_half, texts, args.rounds))

    service.ask(texts[0], surface="cli")  # warm caches
    report(
        "full ask (AnswerService.ask)",
        timed(lambda t: service.ask(t, surface="cli"), texts, args.rounds),
    )
    cold_start()


def cold_start(runs: int = 5) -> None:
    """`deadline-bot ask --json` as a fresh process: wall time, and that Slack is not loaded."""
    code = (
        "import sys, io, contextlib; from bot.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['ask', 'LG candidate died May 1 2026, successor deadline?', "
        "'--today', '2026-04-01', '--json'])\n"
        "print('slack_bolt' in sys.modules)"
    )
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
        ).stdout.strip()
        walls.append((time.perf_counter() - start) * 1000)
    print(
        f"cold start: CLI ask as a new process       p50 {percentile(walls, 50):7.1f} ms   "
        f"max {max(walls):7.1f} ms   (n={runs}); slack_bolt imported: {out}"
    )


if __name__ == "__main__":
    main()
