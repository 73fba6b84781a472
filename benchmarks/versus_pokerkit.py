"""The reducer against PokerKit in the same run (issue 14): steps/s of each and the ratio.

Run ``python benchmarks/versus_pokerkit.py`` (PokerKit comes with the ``bench`` extra:
``pip install -e '.[bench]'``; without it the PokerKit side is skipped with a message).

Both loops do the same work per step: list the legal actions, pick one at random with
a policy that mostly calls, apply it.

- ours: random 5-player hands (``starting_boots=100``, default rules): each step is
  :func:`~teenpatti_rules.legal_actions` plus :func:`~teenpatti_rules.apply` (a Deal
  is a step too), the policy of ``benchmarks/engine.py``.
- PokerKit: 5-player no-limit hold'em (blinds 1/2, stacks 200, every dealing and
  chip-moving step automated): each step is ``can_fold``, ``can_check_or_call``,
  ``can_complete_bet_or_raise_to`` with its bounds, then one of ``fold``,
  ``check_or_call`` (70 %), ``complete_bet_or_raise_to`` (15 %, minimum or a random
  amount up to all-in); a new state per hand.

Each measurement runs in its own process; the kinds alternate for ``--rounds`` rounds
(so that a noisy, shared machine slows all of them alike), and the medians are
compared. Rates are per second of the process's CPU time (``time.process_time``), so
that waiting for a core on a shared machine does not count. The microseconds per call
are given twice: CPU time over 20,000 states of random play without a timer per call
(``measure_calls``), and wall-clock inside the loop (``time.perf_counter``, with any
waits for a core). ``--before DIR``
also measures the reducer of another checkout (its ``src``
directory, e.g. a ``git worktree`` of main), for a same-run before/after ratio.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from engine import make_policy  # benchmarks/engine.py, beside this script

PLAYERS = 5


def measure_ours(seconds: float) -> dict[str, float]:
    """Steps, hands and the time in legal_actions and apply of random 5-player hands."""
    import teenpatti_rules as tp

    policy = make_policy(tp)
    names = [f"P{i}" for i in range(PLAYERS)]
    rng = random.Random(2026)
    warm = tp.new_session(names, seed=1)
    for _ in range(200):  # builds the hand tables once, outside the timing
        if warm.phase is tp.Phase.SESSION_OVER:
            break
        warm = tp.apply(warm, policy(rng, tp.legal_actions(warm), warm.actor))
    legal_actions, apply, clock = tp.legal_actions, tp.apply, time.perf_counter
    over, betting, sideshow, deal = (
        tp.Phase.SESSION_OVER,
        tp.Phase.BETTING,
        tp.Phase.SIDESHOW,
        tp.Deal,
    )
    cpu = time.process_time
    steps = hands = 0
    legal_time = apply_time = 0.0
    started = cpu()
    while cpu() - started < seconds:
        state = tp.new_session(names, seed=rng.randrange(2**32))
        while state.phase is not over:
            t0 = clock()
            actions = legal_actions(state)
            t1 = clock()
            action = policy(rng, actions, state.actor)
            t2 = clock()
            state = apply(state, action)
            t3 = clock()
            legal_time += t1 - t0
            apply_time += t3 - t2
            steps += 1
            if state.phase is not betting and state.phase is not sideshow:
                hands += type(action) is not deal
            if steps % 64 == 0 and cpu() - started >= seconds:
                break
    elapsed = cpu() - started
    return {
        "steps": steps,
        "hands": hands,
        "seconds": elapsed,
        "legal_wall_us": legal_time / steps * 1e6,
        "apply_wall_us": apply_time / steps * 1e6,
    }


def _played_states(tp: Any, steps: int) -> tuple[list[Any], list[int]]:
    """The states of random 5-player sessions (``steps`` of them) and the index of the
    action the policy took in each state's legal actions.
    """
    policy = make_policy(tp)
    rng = random.Random(7)
    states: list[Any] = []
    picks: list[int] = []
    state = tp.new_session([f"P{i}" for i in range(PLAYERS)], seed=7)
    while len(states) < steps:
        if state.phase is tp.Phase.SESSION_OVER:
            state = tp.new_session([f"P{i}" for i in range(PLAYERS)], seed=rng.randrange(2**32))
        actions = tp.legal_actions(state)
        action = policy(rng, actions, state.actor)
        states.append(state)
        picks.append(next(i for i, listed in enumerate(actions) if listed is action))
        state = tp.apply(state, action)
    return states, picks


def measure_calls(steps: int = 5_000, repeat: int = 5) -> dict[str, float]:
    """Mean CPU microseconds of ``legal_actions`` and of ``apply`` over the states of
    random play, without a timer per call (and without the garbage collector, which
    the held states would keep busy): ``legal_actions`` of each state once (a fresh
    copy of the states: nothing remembered), then ``legal_actions`` plus ``apply`` of
    the policy's action on another fresh copy, the usual pattern of a loop. The best
    of ``repeat`` rounds.
    """
    import teenpatti_rules as tp

    cpu = time.process_time
    legal_actions, apply = tp.legal_actions, tp.apply
    legal = both = float("inf")
    for _ in range(repeat):
        listed, _ = _played_states(tp, steps)
        states, picks = _played_states(tp, steps)
        gc.collect()
        gc.disable()
        try:
            started = cpu()
            for state in listed:
                legal_actions(state)
            middle = cpu()
            for state, pick in zip(states, picks, strict=True):
                apply(state, legal_actions(state)[pick])
            ended = cpu()
        finally:
            gc.enable()
        legal, both = min(legal, middle - started), min(both, ended - middle)
    return {"legal_us": legal / steps * 1e6, "apply_us": (both - legal) / steps * 1e6}


def measure_pokerkit(seconds: float) -> dict[str, float]:
    """Steps and hands of random 5-player no-limit hold'em hands in PokerKit."""
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def new_hand() -> Any:
        return NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, (200,) * PLAYERS, PLAYERS
        )

    rng = random.Random(2026)

    def step(state: Any) -> None:
        can_fold = state.can_fold()
        can_call = state.can_check_or_call()
        can_raise = state.can_complete_bet_or_raise_to()
        low = state.min_completion_betting_or_raising_to_amount if can_raise else None
        high = state.max_completion_betting_or_raising_to_amount if can_raise else None
        r = rng.random()
        if can_call and r < 0.70:
            state.check_or_call()
        elif can_raise and r < 0.85 and low is not None and high is not None:
            state.complete_bet_or_raise_to(low if r < 0.78 else rng.randint(low, high))
        elif can_fold:
            state.fold()
        else:
            state.check_or_call()

    for _ in range(20):  # warm up
        state = new_hand()
        while state.status:
            step(state)
    cpu = time.process_time
    steps = hands = 0
    started = cpu()
    while cpu() - started < seconds:
        state = new_hand()
        while state.status:
            step(state)
            steps += 1
        hands += 1
    elapsed = cpu() - started
    return {"steps": steps, "hands": hands, "seconds": elapsed}


def _worker(kind: str, seconds: float) -> None:
    if kind == "pokerkit":
        try:
            import pokerkit  # noqa: F401
        except ImportError:
            print(json.dumps({"skipped": "PokerKit is not installed (pip install -e '.[bench]')"}))
            return
        print(json.dumps(measure_pokerkit(seconds)))
    else:
        print(json.dumps({**measure_ours(seconds), **measure_calls()}))


def _run(kind: str, seconds: float, src: str | None) -> dict[str, Any]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, __file__, "--worker", kind, "--seconds", str(seconds)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", help="another checkout's directory (its src is measured)")
    parser.add_argument("--worker", choices=["ours", "pokerkit"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, args.seconds)
        return
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    kinds: dict[str, str | None] = {"ours": os.path.normpath(here)}
    if args.before:
        kinds["before"] = os.path.join(args.before, "src")
    kinds["pokerkit"] = None
    runs: dict[str, list[dict[str, Any]]] = {kind: [] for kind in kinds}
    for _ in range(args.rounds):
        for kind, src in kinds.items():
            runs[kind].append(_run("pokerkit" if kind == "pokerkit" else "ours", args.seconds, src))
    rate: dict[str, float] = {}
    for kind, results in runs.items():
        if "skipped" in results[0]:
            print(f"{kind:9}: skipped: {results[0]['skipped']}")
            continue
        steps = [r["steps"] / r["seconds"] for r in results]
        hands = [r["hands"] / r["seconds"] for r in results]
        rate[kind] = statistics.median(steps)
        line = (
            f"{kind:9}: {rate[kind]:9,.0f} steps/s  {statistics.median(hands):7,.0f} hands/s"
            f"  (runs: {', '.join(f'{s:,.0f}' for s in steps)})"
        )
        print(line)
        if "legal_us" in results[0]:

            def median(key: str, results: list[dict[str, Any]] = results) -> float:
                return float(statistics.median(r[key] for r in results))

            print(
                f"{'':11}per call: legal_actions {median('legal_us'):.2f} us, apply "
                f"{median('apply_us'):.2f} us (CPU, mean over the states of random play); "
                f"wall in the loop: {median('legal_wall_us'):.2f} us, "
                f"{median('apply_wall_us'):.2f} us"
            )

    def ratio(kind: str, other: str) -> str:
        # the median of the rounds' ratios (each round measures every kind in turn)
        each = [
            a["steps"] / a["seconds"] / (b["steps"] / b["seconds"])
            for a, b in zip(runs[kind], runs[other], strict=True)
        ]
        return f"{statistics.median(each):.2f}x (rounds: {', '.join(f'{r:.2f}' for r in each)})"

    if "pokerkit" in rate:
        for kind in ("ours", "before"):
            if kind in rate:
                print(f"{kind} / PokerKit steps/s: {ratio(kind, 'pokerkit')}")
    if "before" in rate:
        print(f"ours / before steps/s: {ratio('ours', 'before')}")


if __name__ == "__main__":
    main()
