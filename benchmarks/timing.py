"""Timing helpers shared by the benchmark scripts (run from ``benchmarks/``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_time(run: Callable[[], object], repeat: int = 5) -> float:
    """The best of ``repeat`` runs of ``run``, in seconds (a loaded machine only slows)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def best_rate(run: Callable[[], object], count: int, repeat: int = 5) -> float:
    """The best of ``repeat`` runs of ``run`` that handles ``count`` items, in items/s."""
    return count / best_time(run, repeat)
