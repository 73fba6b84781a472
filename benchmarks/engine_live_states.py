"""Reducer speed with many live states (issue 19): no cliff, no worse than before.

Run from the repository: ``./dev python benchmarks/engine_live_states.py
[--before CHECKOUT] [--rounds 3] [--steps 20000] [--repeat 5]``.

Each measurement is one fresh interpreter that first builds and holds ``live`` states
the engine built (random play at 5 players, every state kept: an MCTS tree or a
replay buffer), then records ``--steps`` steps of random sessions with the policy of
``benchmarks/engine.py`` (which action of each list it chose), and replays them
``--repeat`` times: one step is one ``legal_actions`` and one ``apply``, nothing else
but a list index (and a ``new_session`` per session). It reports the best replay's
steps/s in CPU time (the machine may be shared: wall time would measure the other
programs). The
library measured is the one the interpreter imports: this checkout's ``.venv`` for
"after", ``CHECKOUT/.venv`` for "before" (``--before``, default ``/work/main``, the
0.1.0 release, whose engine recognised its own states in a registry of at most
100,000 live states). The measurements alternate (before, after, before, ...) for
``--rounds`` rounds; the best of each is printed with the same-run ratios.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

LIVE = (10, 200_000)
"""How many live states each configuration holds."""


def _worker(live: int, steps: int, repeat: int) -> None:
    """Hold ``live`` engine-built states, then print the best steps/s (JSON) of
    ``repeat`` replays of ``steps`` recorded steps.
    """
    from engine import make_policy

    import teenpatti_rules as tp

    policy = make_policy(tp)
    rng = random.Random(2026)
    names = [f"P{i}" for i in range(5)]
    held: list[object] = []
    while len(held) < live:  # states the engine built, all alive
        state = tp.new_session(names, seed=rng.randrange(2**32))
        while state.phase is not tp.Phase.SESSION_OVER and len(held) < live:
            held.append(state)
            state = tp.apply(state, policy(rng, tp.legal_actions(state), state.actor))
    sessions: list[tuple[int, list[int]]] = []  # (seed, the index of each action chosen)
    recorded = 0
    while recorded < steps:
        seed = rng.randrange(2**32)
        state = tp.new_session(names, seed=seed)
        chosen: list[int] = []
        while state.phase is not tp.Phase.SESSION_OVER and recorded < steps:
            actions = tp.legal_actions(state)
            action = policy(rng, actions, state.actor)
            chosen.append(actions.index(action))
            state = tp.apply(state, action)
            recorded += 1
        sessions.append((seed, chosen))
    gc.collect()
    legal_actions, apply, new_session = tp.legal_actions, tp.apply, tp.new_session
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()  # CPU time: the machine may be shared
        for seed, chosen in sessions:
            state = new_session(names, seed=seed)
            for index in chosen:
                state = apply(state, legal_actions(state)[index])
        best = min(best, time.process_time() - started)
    print(json.dumps({"live": len(held), "steps_per_s": steps / best}))


def _measure(python: str, live: int, steps: int, repeat: int) -> float:
    """Steps/s in a fresh interpreter ``python`` holding ``live`` states."""
    script = Path(__file__).resolve()
    command = [python, str(script), "--worker", str(live), "--steps", str(steps)]
    command += ["--repeat", str(repeat)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        command, check=True, capture_output=True, text=True, cwd=script.parent, env=env
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["live"] == live
    return float(result["steps_per_s"])


def main() -> None:
    """Alternate the measurements and print the best steps/s of each, with ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="/work/main", help="checkout with a .venv")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        _worker(args.worker, args.steps, args.repeat)
        return
    pythons = {
        "before": str(Path(args.before) / ".venv" / "bin" / "python"),
        "after": sys.executable,
    }
    best: dict[tuple[str, int], float] = {}
    for round_ in range(args.rounds):
        order = [(tree, live) for live in LIVE for tree in pythons]
        if round_ % 2:
            order.reverse()
        for tree, live in order:
            rate = _measure(pythons[tree], live, args.steps, args.repeat)
            best[tree, live] = max(best.get((tree, live), 0.0), rate)
            print(f"  round {round_ + 1}: {tree:6} {live:>7,} live states: {rate:9,.0f} steps/s")
    print(f"\nbest of {args.rounds} rounds, steps/s (legal_actions + apply):")
    print(f"{'live states':>12} {'before':>10} {'after':>10} {'after/before':>13}")
    for live in LIVE:
        before, after = best["before", live], best["after", live]
        print(f"{live:>12,} {before:>10,.0f} {after:>10,.0f} {after / before:>12.2f}x")
    for tree in pythons:
        cliff = best[tree, LIVE[-1]] / best[tree, LIVE[0]]
        print(f"{tree}: {LIVE[-1]:,} live states / {LIVE[0]} live states = {cliff:.2f}x")


if __name__ == "__main__":
    main()
