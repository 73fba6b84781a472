"""Evaluator speed (issue 2): run with ``./dev bench`` or ``python benchmarks/ranking.py``.

Measures, in one run: a bare flat-list lookup ``T[(a*55+b)*55+c]`` on ints (the limit),
``evaluate`` on pre-built tuples of three Cards, ``evaluate_many`` on 1,000,000 hands
(and numpy's own fancy indexing for scale), and the import time of the package.

The figure to judge ``evaluate`` by (issue 19) is the median ratio of the module-level
loops: the bare loop and ``evaluate`` alternate :data:`ROUNDS` times in this process and
each round gives one ratio of CPU times (one best-of-5 ratio swings from 0.4x to 0.8x on
a loaded machine; the median moves by a few hundredths). The same loop calling an empty
function of ``evaluate``'s parameters gives the ceiling of that ratio: the call alone.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from timing import (  # benchmarks/timing.py, beside this script
    best_rate,
    import_time_line,
    ratio_summary,
    speed_ratios,
)

from teenpatti_rules import CARDS, Rules, evaluate, evaluate_many
from teenpatti_rules.hands import hand_order
from teenpatti_rules.hands.wild import rank_table

N_LOOKUPS = 200_000
N_BATCH = 1_000_000
ROUNDS = 41
"""Rounds of the alternating module-level loops behind the median ratio."""
FLAT: list[int | None] = []  # the bare table, as a module global


def _empty(cards: object, rules: object = None, *, indicator: object = None) -> None:
    """Does nothing: the cost of the call alone (see ``main``)."""


def main() -> None:
    rng = random.Random(1)
    hands = [tuple(rng.sample(CARDS, 3)) for _ in range(N_LOOKUPS)]
    ints = [tuple(card.index for card in hand) for hand in hands]
    FLAT[:] = [None if hand is None else hand.strength for hand in rank_table(None).ranks]
    evaluate(hands[0])

    def bare() -> None:
        table = FLAT
        for a, b, c in ints:
            table[(a * 55 + b) * 55 + c]

    def bare_global() -> None:
        for a, b, c in ints:
            FLAT[(a * 55 + b) * 55 + c]

    def ours() -> None:
        for hand in hands:
            evaluate(hand)

    # The same loops written at module level (globals in a dict, as in a script):
    # the way the "about 10-12 M lookups/s" reference figure is reached.
    muflis = Rules(ranking="muflis")
    evaluate(hands[0], muflis)
    script = {"T": FLAT, "ints": ints, "hands": hands, "evaluate": evaluate, "R": muflis}
    bare_script = compile("for a, b, c in ints: T[(a * 55 + b) * 55 + c]", "bare", "exec")
    ours_script = compile("for h in hands: evaluate(h)", "ours", "exec")
    rules_script = compile("for h in hands: evaluate(h, R)", "rules", "exec")
    script_bare = best_rate(lambda: exec(bare_script, script), N_LOOKUPS)
    script_ours = best_rate(lambda: exec(ours_script, script), N_LOOKUPS)
    print(f"module-level bare loop: {script_bare / 1e6:6.2f} M lookups/s")
    print(
        f"module-level evaluate : {script_ours / 1e6:6.2f} M hands/s "
        f"({script_ours / script_bare:.2f}x)"
    )

    def median_line(label: str, code: Any) -> None:
        ratios = speed_ratios(lambda: exec(bare_script, script), lambda: exec(code, script), ROUNDS)
        print(f"module-level {label} / bare loop, median: {ratio_summary(ratios)}")

    median_line("evaluate", ours_script)
    # The ceiling: the call alone, to an empty function of evaluate's parameters. No
    # pure-Python evaluate can beat this ratio.
    script["evaluate"] = _empty
    median_line("empty function of evaluate's parameters", ours_script)
    script["evaluate"] = evaluate
    median_line("evaluate(h, Rules(ranking='muflis'))", rules_script)
    bare_rate = best_rate(bare, N_LOOKUPS)
    global_rate = best_rate(bare_global, N_LOOKUPS)
    ours_rate = best_rate(ours, N_LOOKUPS)
    print(f"bare lookup, local T  : {bare_rate / 1e6:6.2f} M lookups/s")
    print(f"bare lookup, global T : {global_rate / 1e6:6.2f} M lookups/s")
    print(
        f"evaluate(tuple)       : {ours_rate / 1e6:6.2f} M hands/s "
        f"({ours_rate / bare_rate:.2f}x local, {ours_rate / global_rate:.2f}x global)"
    )

    gen = np.random.default_rng(1)
    batch = np.argsort(gen.random((N_BATCH, 52)), axis=1)[:, :3].astype(np.int64)
    table3 = hand_order(None).table().numpy_strengths()
    evaluate_many(batch[:10])
    many_rate = best_rate(lambda: evaluate_many(batch), N_BATCH)
    raw_rate = best_rate(lambda: table3[batch[:, 0], batch[:, 1], batch[:, 2]], N_BATCH)
    print(f"evaluate_many (1M)    : {many_rate / 1e6:6.1f} M hands/s")
    print(f"numpy fancy indexing  : {raw_rate / 1e6:6.1f} M hands/s (no checks)")

    print(import_time_line())


if __name__ == "__main__":
    main()
