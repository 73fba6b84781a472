"""Timing helpers shared by the benchmark scripts (run from ``benchmarks/``)."""

from __future__ import annotations

import statistics
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


def speed_ratios(
    reference: Callable[[], object], candidate: Callable[[], object], rounds: int = 41
) -> list[float]:
    """``candidate``'s speed over ``reference``'s (time of ``reference`` / time of
    ``candidate``, for runs that handle the same number of items) in each of ``rounds``
    rounds, in CPU time (:func:`time.process_time`: what other programs of a shared
    machine take counts little). Each round runs both, alternating which goes first, so
    a drift of the machine's load falls on both.
    """
    ratios = []
    clock = time.process_time
    for i in range(rounds):
        first, second = (reference, candidate) if i % 2 else (candidate, reference)
        start = clock()
        first()
        middle = clock()
        second()
        end = clock()
        taken = (middle - start, end - middle)
        reference_time, candidate_time = taken if i % 2 else taken[::-1]
        ratios.append(reference_time / candidate_time)
    return ratios


def ratio_summary(ratios: list[float]) -> str:
    """The median of ``ratios`` with its quartiles and range, as text."""
    low, _, high = statistics.quantiles(ratios, n=4)
    return (
        f"{statistics.median(ratios):.2f}x (quartiles {low:.2f}-{high:.2f}, "
        f"range {min(ratios):.2f}-{max(ratios):.2f}, {len(ratios)} rounds)"
    )


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
