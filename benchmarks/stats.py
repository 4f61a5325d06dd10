"""Shared figures for the benchmark scripts (imported as `stats`: scripts run from this folder)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any


def percentile(samples: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of `samples`."""
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def timed(fn: Callable[[str], Any], texts: Sequence[str], rounds: int) -> list[float]:
    """Per-call latency in ms of `fn` over `texts`, `rounds` times."""
    samples: list[float] = []
    for _ in range(rounds):
        for text in texts:
            start = time.perf_counter()
            fn(text)
            samples.append((time.perf_counter() - start) * 1000)
    return samples
