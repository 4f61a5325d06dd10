"""Fuzz the dispatcher and the rules core at scale (prints figures; issue 9).

    .venv/bin/python benchmarks/fuzz.py [--n 30000] [--seed 9] [--show 5]

Runs `--n` generated inputs through each of: `AnswerService.ask` on free text and on
`RULE key=value` commands for every rule, and `rules.run` on hostile typed values — in-process,
with the strategies of tests/bot/test_fuzz.py (unicode, control characters, Slack markup, huge
numbers, scientific notation, negatives, impossible dates). A failure is an exception or a
status outside the allowed set; the first few failing inputs are printed. Exit 1 if any failed.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import rules  # noqa: E402
from tests.bot.test_fuzz import (  # noqa: E402
    COMMANDS,
    TEXT,
    TODAY,
    TODAYS,
    check_reply,
    check_result,
    invocations,
)
from tests.support.service import packaged_service  # noqa: E402

SERVICE = packaged_service(TODAY)


@dataclass
class Tally:
    name: str
    tried: int = 0
    failures: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def run(self, describe: str, call: Callable[[], None]) -> None:
        self.tried += 1
        try:
            call()
        except Exception as exc:  # every failure is collected, not raised: we count them
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.failures.append(
                (
                    describe,
                    f"{type(exc).__name__}: {str(exc)[:160]} ({where.filename}:{where.lineno})",
                )
            )


def _describe(example: Any) -> str:
    try:
        return repr(example)[:300]
    except ValueError:  # an int longer than str() prints (sys.get_int_max_str_digits)
        return f"<{type(example).__name__} holding a number of thousands of digits>"


def fuzz(
    tally: Tally,
    strategy: st.SearchStrategy[Any],
    body: Callable[[Any], None],
    n: int,
    rng_seed: int,
) -> None:
    @seed(rng_seed)
    @settings(
        max_examples=n,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # no shrinking: every generated input counts once
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def driver(example: Any) -> None:
        tally.run(_describe(example), lambda: body(example))

    start = time.perf_counter()
    driver()
    tally.seconds = time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=30_000, help="inputs per target (default 30000)")
    parser.add_argument("--seed", type=int, default=9, help="generator seed (default 9)")
    parser.add_argument("--show", type=int, default=5, help="failing inputs shown per target")
    args = parser.parse_args(argv)

    targets: list[tuple[Tally, st.SearchStrategy[Any], Callable[[Any], None]]] = [
        (
            Tally("ask(free text)"),
            st.tuples(TEXT, TODAYS),
            lambda ex: check_reply(SERVICE.ask(ex[0], today=ex[1])),
        ),
        (
            Tally("ask(RULE key=value …)"),
            COMMANDS,
            lambda text: check_reply(SERVICE.ask(text, today=TODAY)),
        ),
        (
            Tally("rules.run(typed values)"),
            invocations(),
            lambda inv: check_result(rules.run(inv[0], inv[1], today=inv[2])),
        ),
    ]
    total_tried = total_failed = 0
    for tally, strategy, body in targets:
        fuzz(tally, strategy, body, args.n, args.seed)
        total_tried += tally.tried
        total_failed += len(tally.failures)
        print(
            f"{tally.name:28} inputs tried {tally.tried:7,}  failures {len(tally.failures):5,}  "
            f"({tally.seconds:.1f} s, {tally.tried / max(tally.seconds, 1e-9):,.0f}/s)"
        )
        for describe, error in tally.failures[: args.show]:
            print(f"    input: {describe}\n    error: {error}")
    print(f"{'total':28} inputs tried {total_tried:7,}  failures {total_failed:5,}")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
