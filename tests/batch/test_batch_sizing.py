"""V3 bet sizings in the batch engine: the ids of the encoding's alphabet and the amounts
they bet, worked out by hand from RULES.md V3, R24, R25, R30 and the encoding's aims
(``NO_LIMIT_MULTIPLES``; a range table's bins at ``m + round(j·(raise_cap − 1)·m/4)``,
Python's round, half to even), on both backends (the compiled kernel when numba is
installed)."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv, BatchState

# Ids of one bet kind in the encoding's order: CHAAL, RAISE, then the appended ones.
NO_LIMIT_BETS = {2: "CHAAL", 3: "RAISE", 10: "X3", 11: "X4", 12: "X6", 13: "X8"}
NO_LIMIT_BETS |= {14: "X12", 15: "X16", 16: "MAX"}


def bets(env: BatchEnv, state: BatchState) -> dict[int, int]:
    """Each legal chaal or sideshow id of table 0's actor and the chips it puts in."""
    found = {}
    for action_id in np.flatnonzero(state.legal_action_mask[0]).tolist():
        if action_id in (2, 3, 4, 5) or action_id >= 10:
            after = env.step(state, [action_id])
            found[action_id] = int(after.pot[0] - state.pot[0])
    return found


NUMBA = importlib.util.find_spec("numba") is not None


@pytest.fixture(
    params=[
        "numpy",
        pytest.param("numba", marks=pytest.mark.skipif(not NUMBA, reason="numba not installed")),
    ]
)
def backend(request: pytest.FixtureRequest) -> str:
    """Each backend in turn: the hand-worked amounts hold on both."""
    name: str = request.param
    return name


def no_limit_env(backend: str) -> BatchEnv:
    return BatchEnv(
        tp.Rules(bet_sizing="no_limit"), players=4, stacks=50, dealer=0, backend=backend
    )


def test_auto_picks_the_kernel_for_v3_when_installed() -> None:
    env = BatchEnv(tp.Rules(bet_sizing="no_limit"), players=4)
    assert env.backend == ("numba" if NUMBA else "numpy")
    assert env.num_actions == 24  # 10 + 2·(6 multiples + MAX)
    assert BatchEnv(tp.Rules(bet_sizing="range"), players=4).num_actions == 16  # 10 + 2·3


def test_no_limit_blind_ids_name_the_multiples_and_the_whole_stack(backend: str) -> None:
    env = no_limit_env(backend)
    s = env.init(seed=1, n=1)
    # Boots of 1: stacks 49, stake 1, pot 4; seat 1 (left of the dealer) is blind: m = 1.
    assert (int(s.current_player[0]), int(s.pot[0]), int(s.stake[0])) == (1, 4, 1)
    assert bets(env, s) == {2: 1, 3: 2, 10: 3, 11: 4, 12: 6, 13: 8, 14: 12, 15: 16, 16: 49}
    with pytest.raises(ValueError, match=r"ids 0\.\.23"):
        env.step(s, [24])
    # BET_MAX: the whole stack, all-in (R25), the stake 49 (blind).
    t = env.step(s, [16])
    assert (int(t.stake[0]), int(t.stack[0, 1]), bool(t.all_in[0, 1])) == (49, 0, True)
    # Seat 2, blind, stack 49: only the chaal of 49; MAX names it too and is masked.
    assert int(t.current_player[0]) == 2
    assert bets(env, t) == {2: 49}
    assert env.to_state(t, 0).pot == 53


def test_no_limit_seen_amounts_are_even_but_the_whole_stack(backend: str) -> None:
    env = no_limit_env(backend)
    s = env.step(env.init(seed=1, n=1), [1])  # seat 1 looks: m = 2, stack 49
    got = bets(env, s)
    assert got == {2: 2, 3: 4, 10: 6, 11: 8, 12: 12, 13: 16, 14: 24, 15: 32, 16: 49}
    t = env.step(s, [16])
    assert int(t.stake[0]) == 24  # half of the odd whole-stack bet, rounded down (V3)


def test_no_limit_sideshow_ids_stop_a_chip_short_of_the_stack(backend: str) -> None:
    env = no_limit_env(backend)
    s = env.init(seed=1, n=1)
    for _ in range(2):  # seats 1 and 2 look and chaal (1 chip blind → 2 seen)
        s = env.step(s, [1])
        s = env.step(s, [2])
    # Seats 3 and 0 look and chaal 2: seat 1 is seen, stake 1, stack 47; seat 0 seen.
    for _ in range(2):
        s = env.step(s, [1])
        s = env.step(s, [2])
    assert int(s.current_player[0]) == 1
    got = bets(env, s)
    asks = {k: v for k, v in got.items() if k in (4, 5) or k >= 17}
    # R30: the asker's previous player (seat 0) is seen; chaals 2 … 46 (even, < 47).
    assert asks == {4: 2, 5: 4, 17: 6, 18: 8, 19: 12, 20: 16, 21: 24, 22: 32, 23: 46}
    assert got[16] == 47  # the bet may take the whole (odd) stack


@pytest.mark.parametrize(
    ("cap", "want"),
    [
        (5, {2: 1, 3: 5, 10: 2, 11: 3, 12: 4}),  # 1 + round(j·4/4)
        (6, {2: 1, 3: 6, 10: 2, 11: 3, 12: 5}),  # 1 + round(j·5/4): 2.5 rounds to 2
        (2, {2: 1, 3: 2}),  # 1 + round(j/4) = 1, 1, 1, 2, 2: the bins repeat, masked
    ],
)
def test_range_bins(cap: int, want: dict[int, int], backend: str) -> None:
    rules = tp.Rules(bet_sizing="range", raise_cap=cap)
    env = BatchEnv(rules, players=4, stacks=50, dealer=0, backend=backend)
    s = env.init(seed=1, n=1)
    assert bets(env, s) == want
    for action_id, amount in want.items():
        assert env.to_state(env.step(s, [action_id]), 0).pot == 4 + amount
