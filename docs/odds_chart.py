"""The odds page's chart, drawn when the documentation is built (matplotlib, docs extra)."""

from __future__ import annotations

import itertools

import matplotlib.pyplot as plt

from teenpatti_rules import CARDS, evaluate
from teenpatti_rules.odds import equity, percentile

OPPONENTS = range(1, 7)


def sample_hands(count: int = 50) -> list[tuple[float, str]]:
    """One hand near each of ``count + 1`` evenly spaced percentiles: (percentile, hand)."""
    by_strength: dict[int, str] = {}
    for combo in itertools.combinations(CARDS, 3):
        by_strength.setdefault(evaluate(combo).strength, " ".join(str(c) for c in combo))
    ranked = sorted((percentile(hand), hand) for hand in by_strength.values())
    chosen: list[tuple[float, str]] = []
    for i in range(count + 1):
        target = i / count
        best = min(ranked, key=lambda item: abs(item[0] - target))
        if best not in chosen:
            chosen.append(best)
    return chosen


def draw() -> None:
    """Equity (expected share of the pot at a showdown) against 1-6 opponents by percentile."""
    hands = sample_hands()
    figure, axes = plt.subplots(figsize=(7.5, 4.5))
    for k in OPPONENTS:
        samples = None if k <= 2 else 4_000
        shares = [equity(h, k, samples=samples, seed=k).pot_share for _, h in hands]
        axes.plot([100 * p for p, _ in hands], shares, label=f"{k} opponent{'s' * (k > 1)}")
    axes.set_xlabel("hand percentile (share of all 22,100 hands it beats), %")
    axes.set_ylabel("equity: expected share of the pot")
    axes.set_xlim(0, 100)
    axes.set_ylim(0, 1)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="upper left")
    axes.set_title("Equity at a showdown against 1-6 unknown hands (default table)")
    figure.tight_layout()
