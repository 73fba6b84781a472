"""Batch-engine speed (issues 14 and 23): ``python benchmarks/batch.py`` (on demand).

One run prints, on the same machine and load:

- the reducer's steps/s (``legal_actions`` + ``apply``, one ``new_session`` + ``Deal``
  per hand, a random legal action of the actor, packing weighted 0.3);
- table-steps/s of the compiled kernel (``backend="numba"``) and of the numpy engine
  at N = 1, 64, 4,096 and 65,536 tables (5 players, 100-boot stacks, autoreset), and
  each one's ratio to the reducer's steps/s; the state's bytes per table;
- the growth of the cost of a step over one 1,000-step hand (every seat calls
  blind: the first and the last 100 steps of the hand, at N = 4,096);
- the same rates at N = 4,096 for five variant tables (the ``ak47``, ``no-limit``,
  ``draw``, ``joker`` and ``two-jokers`` presets: V3, V8, V20) on each backend that
  plays them, against the reducer on the same table, or the backend's refusal (today
  both backends play them all, V20's draws included).

The batch engines are driven by a random policy compiled with the kernel
(:func:`teenpatti_rules.batch.kernel.random_legal_actions`: one hash per table, a
weighted choice of the legal ids with PACK weighted 0.3, the reducer's policy here),
so the numbers measure the engines, not ``rng.random``. The bars (issue 23): at
N = 4,096 the kernel ≥ 100× the reducer and numpy ≥ 55×; at N = 1 the kernel ≥ 2×.
Exit status 1 if a bar is missed.

Every ratio is the median of :data:`ROUNDS` rounds, each a window of the reducer and
a window of the batch engine run back to back, so that both see the same load (a
reducer measured once drifted 33 k → 40 k steps/s within one run). ``BENCH_SECONDS``
(default 3) sets the time of each engine's windows per row, split over the rounds.
Times are this process's CPU seconds (``time.process_time``; every engine here runs on
one thread); the load is printed first and last.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Any

import numpy as np

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.kernel import random_legal_actions
from teenpatti_rules.presets import PRESETS

SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))
PLAYERS = 5
PACK_WEIGHT = 0.3
SIZES = (1, 64, 4096, 65536)
BARS = {("numba", 4096): 100.0, ("numba", 1): 2.0, ("numpy", 4096): 55.0}


ROUNDS = 5
"""Rounds per row: each runs a reducer window and a batch window back to back."""


def _reducer_rate(rules: tp.Rules, seconds: float) -> float:
    """Steps/s of the reducer under the random policy, one hand per session, over a
    window of ``seconds`` of CPU time (at least one hand)."""
    rng = random.Random(2026)
    import attrs

    rules = attrs.evolve(rules, hand_limit=1)
    names = [f"P{i}" for i in range(PLAYERS)]
    steps = 0
    clock = time.process_time
    started = clock()
    while clock() - started < seconds or not steps:
        state = tp.new_session(names, rules, seed=rng.randrange(2**32))
        state = tp.apply(state, tp.Deal(0))
        while state.phase is not tp.Phase.SESSION_OVER:
            actor = state.actor
            turn = [a for a in tp.legal_actions(state) if a.seat == actor]
            weights = [PACK_WEIGHT if isinstance(a, tp.Pack) else 1.0 for a in turn]
            state = tp.apply(state, rng.choices(turn, weights)[0])
            steps += 1
    return steps / (clock() - started)


def _batch_rate(env: BatchEnv, n: int, seconds: float) -> tuple[float, float]:
    """Table-steps/s (actions applied at live tables) at ``n`` over a window of
    ``seconds`` (at least 3 steps), and the state's bytes per table."""
    state = env.init(seed=1, n=n)
    env.step(state, random_legal_actions(state.legal_action_mask, 7, 0, PACK_WEIGHT))  # warm
    steps = rounds = 0
    clock = time.process_time
    started = clock()
    while clock() - started < seconds or rounds < 3:
        actions = random_legal_actions(state.legal_action_mask, 7, rounds, PACK_WEIGHT)
        steps += n - int(np.count_nonzero(state.terminated))
        state = env.step(state, actions)
        rounds += 1
    return steps / (clock() - started), state.nbytes / n


def versus_reducer(
    env: BatchEnv, rules: tp.Rules, n: int, seconds: float
) -> tuple[float, float, float, float]:
    """``(median ratio, median batch rate, median reducer rate, bytes per table)`` over
    :data:`ROUNDS` rounds of a reducer window and a batch window of ``seconds / ROUNDS``
    each, back to back."""
    window = seconds / ROUNDS
    ratios, rates, bases = [], [], []
    per_table = 0.0
    for _ in range(ROUNDS):
        base = _reducer_rate(rules, window)
        rate, per_table = _batch_rate(env, n, window)
        ratios.append(rate / base)
        rates.append(rate)
        bases.append(base)
    return (
        statistics.median(ratios),
        statistics.median(rates),
        statistics.median(bases),
        per_table,
    )


def growth(backend: str, n: int = 4096, length: int = 1000) -> tuple[float, float]:
    """Nanoseconds per table-step over the first and the last 100 steps of one
    ``length``-step hand (every seat calls blind; no limits)."""
    rules = tp.Rules(max_blind_bets=None, pot_limit=None)
    env = BatchEnv(rules, PLAYERS, stacks=10**6, backend=backend, dealer=0)
    state = env.init(seed=1, n=n)
    calls = np.full(n, 2, dtype=np.int32)  # CHAAL
    times = []
    clock = time.process_time
    for _ in range(length):
        started = clock()
        state = env.step(state, calls)
        times.append(clock() - started)
    assert not state.terminated.any() and int(state.history_length[0]) == length
    per = np.array(times) / n * 1e9
    return float(np.median(per[:100])), float(np.median(per[-100:]))


def main() -> int:
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min)")
    ok = True
    for backend in ("numba", "numpy"):
        env = BatchEnv(tp.Rules(), PLAYERS, autoreset=True, backend=backend)
        for n in SIZES:
            ratio, rate, base, per_table = versus_reducer(env, tp.Rules(), n, SECONDS)
            bar = BARS.get((backend, n))
            verdict = (
                "" if bar is None else f"  (bar {bar:.0f}x: {'ok' if ratio >= bar else 'MISSED'})"
            )
            ok &= bar is None or ratio >= bar
            print(
                f"{backend:5} N={n:<6}: {rate:12,.0f} table-steps/s {ratio:7.1f}x reducer "
                f"({base:,.0f} steps/s), {per_table:,.0f} bytes/table{verdict}"
            )
    for backend in ("numba", "numpy"):
        first, last = growth(backend)
        print(
            f"{backend:5} 1,000-step hand at N=4096: {first:6.1f} ns/table-step in the first "
            f"100 steps, {last:6.1f} in the last 100 ({last / first:4.2f}x)"
        )
    for name in ("ak47", "no-limit", "draw", "joker", "two-jokers"):
        rules = _preset_rules(name)
        for backend in ("numba", "numpy"):
            try:
                env = BatchEnv(rules, PLAYERS, autoreset=True, backend=backend)
            except ValueError as error:
                print(f"preset {name:8} {backend:5}: not played by this backend: {error}")
                continue
            ratio, rate, base, _ = versus_reducer(env, rules, 4096, SECONDS)
            print(
                f"preset {name:8} {backend:5}: {rate:12,.0f} table-steps/s at N=4096, "
                f"{ratio:.1f}x reducer ({base:,.0f} steps/s; {env.num_actions} ids)"
            )
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min)")
    print(f"bars: {'ok' if ok else 'MISSED'}")
    return 0 if ok else 1


def _preset_rules(name: str) -> Any:
    preset = PRESETS[name]
    return tp.Rules(**dict(preset.fields))


if __name__ == "__main__":
    sys.exit(main())
