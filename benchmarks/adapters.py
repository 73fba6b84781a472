"""Adapter and session-runner speed (issue 13): ``python benchmarks/adapters.py``.

Run on demand (``./dev bench``), never in the tests. Reports

- PettingZoo's ``performance_benchmark`` on ``env(num_players=3)`` (turns/s, steps of
  a masked random agent; PettingZoo's own timer, about 10 s);
- OpenSpiel ``clone()`` per second on a 3-player ``python_teen_patti`` state in the
  middle of betting, and random playouts per second;
- :func:`teenpatti_rules.simulate.run_sessions` hands per second in process and with
  1 and 2 ``spawn`` worker processes (4 players, 20-boot stacks, the R44 player).

Skips a part whose framework is not installed.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor

import teenpatti_rules as tp
from teenpatti_rules.simulate import SessionConfig, run_sessions


def pettingzoo_benchmark() -> None:
    try:
        from pettingzoo.test import performance_benchmark
    except ImportError:
        print("pettingzoo: not installed, skipped")
        return
    from teenpatti_rules.adapters.pettingzoo import env

    print("pettingzoo performance_benchmark(env(num_players=3)):")
    performance_benchmark(env(num_players=3))


def openspiel_benchmark() -> None:
    try:
        import pyspiel
    except ImportError:
        print("openspiel: not installed, skipped")
        return
    import teenpatti_rules.adapters.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_teen_patti", {"players": 3})
    state = game.new_initial_state()
    for index in range(9):
        state.apply_action(index * 5)
    state.apply_action(1)  # LOOK
    state.apply_action(2)  # CHAAL
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        for _ in range(1000):
            state.clone()
        count += 1000
    elapsed = time.perf_counter() - start
    print(f"openspiel clone(): {count / elapsed:,.0f} per second")
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(rng.choice(outcomes)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        games += 1
    elapsed = time.perf_counter() - start
    print(
        f"openspiel random playouts (3 players, 10-boot stacks): {games / elapsed:,.0f} per second"
    )


def sessions_benchmark() -> None:
    config = SessionConfig(players=4, rules=tp.Rules(starting_boots=20))
    n = 96
    start = time.perf_counter()
    results = run_sessions(config, n, master_seed=1)
    elapsed = time.perf_counter() - start
    hands = sum(r.hands for r in results)
    print(f"run_sessions in process: {hands / elapsed:,.0f} hands/s ({n} sessions, {hands} hands)")
    spawn = multiprocessing.get_context("spawn")
    for workers in (1, 2):
        with ProcessPoolExecutor(workers, mp_context=spawn) as pool:
            list(pool.map(abs, range(workers)))  # start the workers outside the timing
            start = time.perf_counter()
            again = run_sessions(config, n, master_seed=1, map=pool.map, chunksize=8)
            elapsed = time.perf_counter() - start
        assert again == results
        print(f"run_sessions, {workers} spawn worker(s): {hands / elapsed:,.0f} hands/s")


def main() -> None:
    pettingzoo_benchmark()
    openspiel_benchmark()
    sessions_benchmark()


if __name__ == "__main__":
    main()
