"""Ranking variants (V8-V12): evaluate speed against the default table, table build
times per variant, and import time (run on demand: ``python benchmarks/variants.py``).

Measures, in one run:

- ``evaluate`` of three-card tuples under the default table, AK47 (``wild_ranks``) and
  joker (``wild="joker"`` with an indicator), the best of 12 interleaved rounds each,
  and the ratio to the default (aim: at least 0.8x);
- the time to build each variant's lookup table from nothing (caches cleared; aim:
  below 200 ms), the default table's own build included where a variant needs it;
- ``python -c 'import teenpatti_rules'`` against a bare interpreter.
"""

from __future__ import annotations

import random
import time

from timing import best_rate, import_time_line  # benchmarks/timing.py, beside this script

from teenpatti_rules import CARDS, Card, Rules, evaluate
from teenpatti_rules.hands import hand_order
from teenpatti_rules.hands.order import hand_table
from teenpatti_rules.hands.wild import _best_completions, rank_table, wild_table

N = 200_000
ROUNDS = 12


def clear() -> None:
    """Forget every built table."""
    hand_table.cache_clear()
    wild_table.cache_clear()
    _best_completions.cache_clear()
    hand_order.cache_clear()


TABLES: dict[str, tuple[Rules, Card | None]] = {
    "default": (Rules(), None),
    "classic (V1)": (Rules(sequence_order="classic"), None),
    "suit_order (V7)": (Rules(suit_order="shdc"), None),
    "ak47 (V8)": (Rules(wild_ranks="AK47"), None),
    "joker 7c (V8)": (Rules(wild="joker"), Card.parse("7c")),
    "hukam 7c (V8)": (Rules(wild="hukam"), Card.parse("7c")),
    "lowest (V8)": (Rules(wild="lowest"), None),
    "highest (V8)": (Rules(wild="highest"), None),
    "two jokers (V8)": (Rules(jokers=2), None),
    "muflis (V9)": (Rules(ranking="muflis"), None),
    "999 (V10)": (Rules(ranking="999"), None),
    "235 (V11)": (Rules(high_235=True), None),
    "two-card (V12)": (Rules(hand_size=2), None),
}


def main() -> None:
    rng = random.Random(1)
    seven = Card.parse("7c")
    hands = [tuple(rng.sample(CARDS, 3)) for _ in range(N)]
    no_seven = [tuple(rng.sample([c for c in CARDS if c != seven], 3)) for _ in range(N)]
    ak47 = Rules(wild_ranks="AK47")
    joker = Rules(wild="joker")
    evaluate(hands[0]), evaluate(hands[0], ak47), evaluate(no_seven[0], joker, indicator=seven)

    def default() -> None:
        for hand in hands:
            evaluate(hand)

    def default_rules() -> None:
        rules = Rules()
        for hand in hands:
            evaluate(hand, rules)

    def wild() -> None:
        for hand in hands:
            evaluate(hand, ak47)

    def jokers() -> None:
        for hand in no_seven:
            evaluate(hand, joker, indicator=seven)

    # Interleaved rounds, best of each: a loaded machine slows all of them alike.
    runs = {"default": default, "default Rules()": default_rules, "AK47": wild, "joker 7c": jokers}
    rates = dict.fromkeys(runs, 0.0)
    for _ in range(ROUNDS):
        for name, run in runs.items():
            rates[name] = max(rates[name], best_rate(run, N, repeat=1))
    base = rates["default"]
    print(f"evaluate, default (rules=None)  : {base / 1e6:5.2f} M hands/s")
    for name in ("default Rules()", "AK47", "joker 7c"):
        rate = rates[name]
        print(f"evaluate, {name:<22}: {rate / 1e6:5.2f} M hands/s ({rate / base:.2f}x default)")
    worst = min(rates["AK47"], rates["joker 7c"]) / base
    print(f"bar: AK47 and joker evaluate >= 0.5x default: {'ok' if worst >= 0.5 else 'FAIL'}")

    print("table build, from nothing (caches cleared), best of 3:")
    for name, (rules, indicator) in TABLES.items():
        best = float("inf")
        for _ in range(3):
            clear()
            start = time.perf_counter()
            rank_table(rules, indicator)
            best = min(best, time.perf_counter() - start)
        print(f"  {name:<18} {best * 1000:6.0f} ms")
    print("table build, the default table already built, best of 3:")
    for name, (rules, indicator) in TABLES.items():
        best = float("inf")
        for _ in range(3):
            clear()
            rank_table(None)
            start = time.perf_counter()
            rank_table(rules, indicator)
            best = min(best, time.perf_counter() - start)
        print(f"  {name:<18} {best * 1000:6.0f} ms")

    print(import_time_line())


if __name__ == "__main__":
    main()
