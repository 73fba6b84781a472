"""Odds and the equity player (issue 15): run with ``python benchmarks/odds.py [SESSIONS]``.

Measures, in one run:

- ``equity`` against one opponent (exact; aim < 5 ms), two (exact) and five with
  100,000 Monte Carlo samples, on varied hands, best of several runs;
- head to head, on 4-player tables with a hand limit of 20: two equity players
  against two R44 players (seats alternated: the seating turns one place each
  session), and two equity players against two random players; ``SESSIONS`` seeded
  sessions each (default 2,000): chips won per hand per seat with a 95 % confidence
  interval (:func:`teenpatti_rules.players.match.play_match`).
"""

from __future__ import annotations

import random
import sys
import time

from timing import best_time  # benchmarks/timing.py, beside this script

from teenpatti_rules import CARDS, Rules, format_cards
from teenpatti_rules.odds import equity
from teenpatti_rules.players.match import format_match, play_match


def main() -> None:
    sessions = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    rng = random.Random(1)
    hands = [format_cards(tuple(rng.sample(CARDS, 3))) for _ in range(20)]
    equity(hands[0], 1)  # build the tables once
    for label, opponents, samples, repeat in (
        ("1 opponent, exact", 1, None, 5),
        ("2 opponents, exact", 2, None, 3),
        ("5 opponents, 100,000 samples", 5, 100_000, 1),
    ):
        times = [
            best_time(
                lambda h=h, k=opponents, n=samples: equity(h, k, samples=n, seed=1),  # type: ignore[misc]
                repeat,
            )
            for h in hands[: 20 if samples is None else 5]
        ]
        print(
            f"equity, {label}: median {1000 * sorted(times)[len(times) // 2]:.2f} ms, "
            f"worst {1000 * max(times):.2f} ms"
        )
    rules = Rules(hand_limit=20)
    for other in ("rule", "random"):
        start = time.perf_counter()
        result = play_match(["equity", other, "equity", other], sessions, rules, seed=2026)
        print(f"\nequity vs {other}, 4 players (2 each), hand limit 20, seeds 2026…")
        print("\n".join(format_match(result)))
        print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
