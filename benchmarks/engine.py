"""Reducer speed (issue 3): run with ``./dev bench`` or ``python benchmarks/engine.py``.

Random legal play at 5 players, ``starting_boots=100``. Each step is one
``legal_actions`` call plus one ``apply`` of an action picked from it by a policy
that mostly calls (the minimum chaal), sometimes raises, packs or looks, which
gives hands of about 13 steps. Reports steps/s, complete hands/s and the mean
microseconds of ``legal_actions`` and of ``apply``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import teenpatti_rules as tp

SECONDS = float(__import__("os").environ.get("BENCH_SECONDS", "5"))


def make_policy(
    package: Any,
) -> Callable[[random.Random, Sequence[Any], int | None], Any]:
    """The benchmark's policy for the package ``package`` (``teenpatti_rules``, or an
    older checkout's copy in ``versus_pokerkit.py``): mostly call; sometimes raise,
    pack, look, or any other legal action."""

    def policy(rng: random.Random, actions: Sequence[Any], actor: int | None) -> Any:
        r = rng.random()
        looks = [a for a in actions if isinstance(a, package.Look)]
        if looks and r < 0.15:
            return rng.choice(looks)
        turn = [a for a in actions if a.seat == actor and not isinstance(a, package.Look)]
        if not turn:
            return actions[0]
        bets = [a for a in turn if isinstance(a, package.Bet)]
        if bets and r < 0.75:
            return bets[0]
        if len(bets) > 1 and r < 0.85:
            return bets[1]
        return rng.choice(turn)

    return policy


policy = make_policy(tp)


def main() -> None:
    rng = random.Random(2026)
    steps = hands = 0
    legal_time = apply_time = 0.0
    clock = time.perf_counter
    started = clock()
    while clock() - started < SECONDS:
        state = tp.new_session([f"P{i}" for i in range(5)], seed=rng.randrange(2**32))
        while state.phase is not tp.Phase.SESSION_OVER and clock() - started < SECONDS:
            t0 = clock()
            actions = tp.legal_actions(state)
            t1 = clock()
            action = policy(rng, actions, state.actor)
            t2 = clock()
            state = tp.apply(state, action)
            t3 = clock()
            legal_time += t1 - t0
            apply_time += t3 - t2
            steps += 1
            if state.phase is not tp.Phase.BETTING and state.phase is not tp.Phase.SIDESHOW:
                hands += isinstance(action, tp.Deal) is False
    elapsed = clock() - started
    print(f"steps           : {steps} in {elapsed:.1f} s")
    print(f"steps/s         : {steps / elapsed:,.0f}")
    print(f"complete hands/s: {hands / elapsed:,.0f}  ({steps / max(hands, 1):.1f} steps/hand)")
    print(f"legal_actions   : {legal_time / steps * 1e6:.2f} us mean")
    print(f"apply           : {apply_time / steps * 1e6:.2f} us mean")
    print(f"steps/s, legal_actions+apply only: {steps / (legal_time + apply_time):,.0f}")


if __name__ == "__main__":
    main()
