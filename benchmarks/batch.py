"""Batch-engine speed (issue 14): run with ``python benchmarks/batch.py`` (on demand).

Both engines play one hand per episode at 5 players with 100-boot stacks (the
default table), driven by the same random policy: a uniformly random legal id of
the actor, packing weighted 0.3 (so hands last more than a couple of steps). The
reducer is driven with :func:`~teenpatti_rules.legal_actions` and
:func:`~teenpatti_rules.apply` (one ``new_session`` + ``Deal`` per hand); the batch
engine with :meth:`BatchEnv.step` on ``autoreset=True`` at N = 1, 64, 4,096 and
65,536 tables. Reports table-steps/s (actions applied), hands/s, the ratio to the
reducer's hands/s in the same run, and the state's bytes per table. The bar: at
N = 4,096 the batch engine plays at least 20× the reducer's hands/s (exit status 1
otherwise). ``BENCH_SECONDS`` (default 3) sets the time per measurement.
"""

from __future__ import annotations

import os
import random
import sys
import time

import numpy as np

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv

SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))
PLAYERS = 5
PACK_WEIGHT = 0.3
SIZES = (1, 64, 4096, 65536)
BAR = 20.0


def reducer_rate(seconds: float) -> tuple[float, float]:
    """Steps/s and hands/s of the reducer under the random policy."""
    rng = random.Random(2026)
    rules = tp.Rules(hand_limit=1)
    names = [f"P{i}" for i in range(PLAYERS)]
    steps = hands = 0
    clock = time.perf_counter
    started = clock()
    while clock() - started < seconds:
        state = tp.new_session(names, rules, seed=rng.randrange(2**32))
        state = tp.apply(state, tp.Deal(0))
        while state.phase is not tp.Phase.SESSION_OVER:
            actor = state.actor
            turn = [a for a in tp.legal_actions(state) if a.seat == actor]
            weights = [PACK_WEIGHT if isinstance(a, tp.Pack) else 1.0 for a in turn]
            state = tp.apply(state, rng.choices(turn, weights)[0])
            steps += 1
        hands += 1
    elapsed = clock() - started
    return steps / elapsed, hands / elapsed


def batch_rate(n: int, seconds: float) -> tuple[float, float, float]:
    """Table-steps/s, hands/s and state bytes per table of the batch engine at ``n`` tables."""
    env = BatchEnv(tp.Rules(), PLAYERS, autoreset=True)
    rng = np.random.default_rng(2026)
    weights = np.ones(env.num_actions)
    weights[0] = PACK_WEIGHT
    state = env.init(seed=1, n=n)
    steps = hands = 0
    clock = time.perf_counter
    started = clock()
    rounds = 0
    while clock() - started < seconds or rounds < 3:
        scores = rng.random(state.legal_action_mask.shape) * weights
        actions = np.argmax(np.where(state.legal_action_mask, scores, -1.0), axis=1)
        live = int((~state.terminated).sum())
        state = env.step(state, actions)
        steps += live
        hands += int(state.terminated.sum())
        rounds += 1
    elapsed = clock() - started
    return steps / elapsed, hands / elapsed, state.nbytes / n


def main() -> int:
    reducer_steps, reducer_hands = reducer_rate(SECONDS)
    print(f"reducer        : {reducer_steps:12,.0f} steps/s {reducer_hands:10,.0f} hands/s")
    ratio_at_4096 = 0.0
    for n in SIZES:
        steps, hands, per_table = batch_rate(n, SECONDS)
        ratio = hands / reducer_hands
        if n == 4096:
            ratio_at_4096 = ratio
        print(
            f"batch N={n:<6}: {steps:12,.0f} steps/s {hands:10,.0f} hands/s "
            f"{ratio:7.1f}x reducer hands/s, {steps / reducer_steps:7.1f}x steps/s, "
            f"{per_table:,.0f} bytes/table"
        )
    reducer_again = reducer_rate(SECONDS)[1]
    print(f"reducer (again): {reducer_again:10,.0f} hands/s")
    ok = ratio_at_4096 >= BAR
    print(f"bar: batch hands/s at N=4096 >= {BAR:.0f}x reducer: {'ok' if ok else 'FAILED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
