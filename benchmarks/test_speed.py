"""pytest-benchmark timings of the hot functions (run on demand: ``./dev bench``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import teenpatti_rules as tp


def test_evaluate(benchmark: Any) -> None:
    hand = tp.parse_cards("As Kd Qh")
    tp.evaluate(hand)
    benchmark(tp.evaluate, hand)


def test_evaluate_many_1m(benchmark: Any) -> None:
    rng = np.random.default_rng(1)
    batch = np.ascontiguousarray(np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :3])
    benchmark(tp.evaluate_many, batch)


def test_deal_many_1m(benchmark: Any) -> None:
    benchmark(tp.deal_many, 1_000_000, 1, seed=1)


def _midhand() -> tp.State:
    state = tp.apply(tp.new_session([f"P{i}" for i in range(5)], seed=1, dealer=0), tp.Deal(0))
    for action in (tp.Bet(1, 1), tp.Look(2), tp.Bet(2, 2)):
        state = tp.apply(state, action)
    return state


def test_legal_actions(benchmark: Any) -> None:
    benchmark(tp.legal_actions, _midhand())


def test_apply_bet(benchmark: Any) -> None:
    benchmark(tp.apply, _midhand(), tp.Bet(3, 1))


def test_apply_deal(benchmark: Any) -> None:
    benchmark(tp.apply, tp.new_session([f"P{i}" for i in range(5)], seed=1), tp.Deal(0))


def test_view(benchmark: Any) -> None:
    benchmark(tp.view, _midhand(), 2)


def test_random_hand(benchmark: Any) -> None:
    """One complete hand of random legal play, 5 players."""
    rng = random.Random(3)
    start = tp.new_session([f"P{i}" for i in range(5)], seed=3)

    def hand() -> None:
        state = tp.apply(start, tp.Deal(0))
        while state.phase is tp.Phase.BETTING or state.phase is tp.Phase.SIDESHOW:
            state = tp.apply(state, rng.choice(tp.legal_actions(state)))

    benchmark(hand)
