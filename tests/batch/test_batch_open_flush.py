"""V16 open flush (``ties="open_flush"``) in the batch engine: tied showdowns are
settled by open flushes from the rest of the hand's deck, slice by slice (R41), worked
examples from RULES.md and every row equal to the reducer's after every step on both
backends (the compiled kernel when numba is installed, which ``backend="auto"`` then
picks).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from batch_helpers import random_actions, reducer_action, reducer_start
from hypothesis import settings
from test_batch_differential import NUMBA, run

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.config import kernel_refusal
from teenpatti_rules.batch.showdown import _open_flush_row
from teenpatti_rules.cards import parse_cards
from teenpatti_rules.engine.ending import open_flush_rules

STANDARD = open_flush_rules("standard")


def _cards(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def test_a_tie_is_settled_by_an_open_flush() -> None:
    """Seats 0 and 1 tie for the whole pot (30 chips); the dealer is seat 2, so seat 0
    gets the first, third and fifth card of the rest of the deck and seat 1 the
    others (R10): 2c 5d 9h against As Ah Ad, a trail (R13): seat 1 takes 30."""
    rest = _cards("2c As 5d Ah 9h Ad 3c")
    won = _open_flush_row([10, 10, 10], [True] * 3, [False] * 3, [7, 7, 1], 2, rest, STANDARD)
    assert won == [0, 30, 0]


def test_a_short_rest_of_the_deck_splits() -> None:
    """Five cards cannot give three to each of two tied players: the slice splits (R18),
    the odd chip to the first of them from the dealer's left (seat 0, dealer 2)."""
    rest = _cards("2c As 5d Ah 9h")
    won = _open_flush_row([10, 10, 11], [True] * 3, [False] * 3, [7, 7, 1], 2, rest, STANDARD)
    assert won == [16, 15, 0]


def test_a_side_pot_tie_plays_for_its_slice_only() -> None:
    """Seat 2 is all in for 4 with the best hand: it takes the 12-chip main pot (R41);
    seats 0 and 1 tie for the 12-chip side pot and play for it: As Ks Qs (a pure
    sequence) for seat 1 beats 2c 7d 9h."""
    rest = _cards("2c As 7d Ks 9h Qs")
    won = _open_flush_row(
        [10, 10, 4], [True] * 3, [False, False, True], [7, 7, 9], 2, rest, STANDARD
    )
    assert won == [0, 12, 12]


def test_players_still_tied_play_again() -> None:
    """The first round ties again (A-K-J high card in two suits against the same ranks):
    the next six cards settle it, seat 0's trail of twos."""
    rest = _cards("Ac Ad Kc Kd Jh Js 2c 3c 2d 5h 2h 8s")
    won = _open_flush_row([5, 5], [True, True], [False, False], [3, 3], 1, rest, STANDARD)
    assert won == [10, 0]


def test_both_backends_play_v16_and_auto_prefers_the_kernel() -> None:
    rules = tp.Rules(ties="open_flush")
    assert kernel_refusal(rules) is None
    assert BatchEnv(rules, 3, backend="numpy").backend == "numpy"
    assert BatchEnv(rules, 3).backend == ("numba" if NUMBA else "numpy")


TABLES = [
    ({"ranking": "999"}, 5, 3),  # ties are common (a hand's value is 0-9 x 3)
    ({"ranking": "999", "hand_size": 4}, 4, 40),
    ({"wild_ranks": "AK47", "hand_size": 5}, 7, 3),  # a short rest: splits
    ({"wild": "joker", "hand_size": 4, "wild_ties": "equal"}, 5, 3),  # after the indicator
    ({"jokers": 3, "sequence_order": "classic"}, 6, 3),  # jokers passed over, V1
    ({"max_blind_bets": 0, "pot_limit": 30}, 4, 12),
]


@pytest.mark.soak
@pytest.mark.parametrize(("fields", "players", "big"), TABLES, ids=[str(t) for t in TABLES])
def test_open_flush_tables_equal_the_reducer(
    fields: dict[str, Any], players: int, big: int
) -> None:
    """Every row equals the reducer after every step (numpy backend, and the compiled
    kernel when numba is installed), many tied showdowns."""
    table = {
        "rules": tp.Rules(ties="open_flush", **fields),
        "players": players,
        "seed": 5,
        "big": big,
        "dealer": None,
        "pack_weight": 0.05,
        "autoreset": True,
    }
    assert run(table, steps=settings().stateful_step_count, tables=16) >= 16


@pytest.mark.soak
def test_open_flushes_are_played() -> None:
    """The tables above do play open flushes: the reducer's results of a 999 table with
    short stacks, replayed from the batch, hold open-flush rounds."""
    rules = tp.Rules(ties="open_flush", ranking="999")
    env = BatchEnv(rules, 5, autoreset=True)
    rng = np.random.default_rng(1)
    stacks = rng.integers(1, 4, size=(32, 5))
    state = env.init(seed=2, n=32, stacks=stacks)
    states = [reducer_start(rules, state, i) for i in range(32)]
    rounds = 0
    for _ in range(60):
        actions = random_actions(rng, state.legal_action_mask, 0.05)
        before = state
        state = env.step(state, actions)
        for i in range(32):
            if before.terminated[i]:
                states[i] = reducer_start(rules, state, i)
                continue
            states[i] = tp.apply(states[i], reducer_action(states[i], int(actions[i])))
            if state.terminated[i]:
                result = states[i].result
                assert result is not None
                rounds += len(result.open_flush)
                won = {p: int(c) for p, c in enumerate(state.winnings[i]) if c}
                assert won == dict(result.winnings)
    assert rounds >= 5
