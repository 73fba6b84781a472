"""Timing helpers shared by the benchmark scripts (run from ``benchmarks/``)."""

from __future__ import annotations

import subprocess
import sys
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


def import_time_line(runs: int = 5) -> str:
    """``python -c 'import teenpatti_rules'`` against a bare interpreter, best of
    ``runs`` each, as one line of text."""
    times, baseline = [], []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import teenpatti_rules"], check=True)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        baseline.append(time.perf_counter() - start)
    return (
        f"python -c 'import teenpatti_rules': {min(times) * 1000:.0f} ms "
        f"(bare interpreter {min(baseline) * 1000:.0f} ms)"
    )
