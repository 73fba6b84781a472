"""V18 tournament tables (``boot_schedule``) in the batch engine, worked from RULES.md.

Each batch episode is hand 1 of its session, so its boot is the schedule's first,
``Rules.boot``. A stack at most that boot posts all of it and is all-in (R9, V18);
R12 and R40 end the hand when at most one player can still bet; R41's slices pay
the all-in players. The expected amounts below are worked out from the rules; the
cards decide only which player wins which slice, and the hand order comes from the
public :func:`~teenpatti_rules.ranking.compare_hands` (R13–R16). Every table is also
replayed by the reducer (``to_state``), on both backends.
"""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.config import kernel_refusal
from teenpatti_rules.encoding import ActionId
from teenpatti_rules.presets import PRESETS

NUMBA = importlib.util.find_spec("numba") is not None
BACKENDS = [
    "numpy",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(not NUMBA, reason="numba is not installed (the fast extra)"),
    ),
]

SCHEDULE = tp.Rules(boot=2, boot_schedule=((1, 2), (11, 4), (21, 8)))
"""Boot 2 for hands 1-10, 4 for 11-20, 8 from 21 (V18)."""


def hand(state: Any, row: int, seat: int) -> tuple[tp.Card, ...]:
    """The cards of ``seat`` at table ``row``, as reducer cards."""
    return tuple(tp.Card.from_index(int(card)) for card in state.cards[row, seat])


def best(state: Any, row: int, seats: list[int]) -> int:
    """The one seat of ``seats`` holding the best hand (R13–R16); fails on a tie, so the
    worked amounts below need no odd-chip rule (R18)."""
    ordered = sorted(
        seats,
        key=lambda seat: tp.evaluate(hand(state, row, seat), SCHEDULE),
        reverse=True,
    )
    top, second = ordered[0], ordered[1]
    assert tp.compare_hands(hand(state, row, top), hand(state, row, second), SCHEDULE) > 0
    return top


def test_kernel_plays_tournament_tables() -> None:
    """V18 is not among the options the compiled kernel refuses (it posts a short
    stack whole, as the numpy engine)."""
    assert kernel_refusal(SCHEDULE) is None
    assert kernel_refusal(tp.Rules(**dict(PRESETS["tournament"].fields))) is None


@pytest.mark.parametrize("backend", BACKENDS)
def test_stacks_one_two_and_a_hundred_at_boot_two(backend: str) -> None:
    """3 seats, boot 2, stacks 1, 2, 100, dealer 0. R9/V18: seat 0 (1 chip, at most
    the boot) posts 1 and is all-in; seat 1 (2 chips, exactly the boot) posts 2 and is
    all-in; seat 2 posts 2 (98 left). Pot 5, and only seat 2 can still bet: R12, the
    hand goes straight to a showdown. R41: c = 1, 2, 2; levels 1 and 2: the slice up
    to 1 is 1 + 1 + 1 = 3 for {0, 1, 2}, the slice from 1 to 2 is 0 + 1 + 1 = 2 for
    {1, 2}."""
    env = BatchEnv(SCHEDULE, 3, stacks=[1, 2, 100], dealer=0, backend=backend)
    state = env.init(seed=5, n=16)
    assert state.contributed.tolist() == [[1, 2, 2]] * 16
    assert state.all_in.tolist() == [[True, True, False]] * 16
    assert state.terminated.all()
    assert (state.current_player == -1).all()
    assert (state.stack.sum(axis=1) == 103).all()
    for row in range(16):
        expected = [0, 0, 0]
        expected[best(state, row, [0, 1, 2])] += 3
        expected[best(state, row, [1, 2])] += 2
        assert state.winnings[row].tolist() == expected
        assert state.stack[row].tolist() == [
            chips - posted + won
            for chips, posted, won in zip([1, 2, 100], [1, 2, 2], expected, strict=True)
        ]
        assert state.rewards[row].tolist() == [
            won - posted for posted, won in zip([1, 2, 2], expected, strict=True)
        ]
        reducer = env.to_state(state, row)
        assert reducer.phase is tp.Phase.SESSION_OVER
        assert [seat.stack for seat in reducer.seats] == state.stack[row].tolist()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_short_stack_after_the_boot_goes_all_in_short(backend: str) -> None:
    """4 seats, boot 2, stacks 1, 3, 20, 20, dealer 0 (R10: seat 1 acts first, R19).
    Boots: seat 0 posts its 1 chip and is all-in (V18); the others post 2: pot 7,
    stake 2 (the boot). Seat 1 has 1 chip, below the minimum blind bet of 2: it may
    pack or go all-in (R26); all-in for 1 leaves the stake at 2, pot 8. Seat 2 packs:
    only seat 3 can still bet with three in the hand, so R40 turns the hands up. R41:
    c = 1, 3, 2, 2; levels 1 and 3: the slice up to 1 is 4 (one chip from each) for
    {0, 1, 3}, the slice from 1 to 3 is 2 + 1 + 1 = 4 for {1, 3}."""
    env = BatchEnv(SCHEDULE, 4, stacks=[1, 3, 20, 20], dealer=0, backend=backend)
    state = env.init(seed=9, n=16)
    assert state.contributed.tolist() == [[1, 2, 2, 2]] * 16
    assert state.all_in.tolist() == [[True, False, False, False]] * 16
    assert (state.pot == 7).all() and (state.stake == 2).all()
    assert (state.current_player == 1).all()
    legal = np.flatnonzero(state.legal_action_mask[0]).tolist()
    assert set(legal) <= {ActionId.PACK, ActionId.LOOK, ActionId.ALL_IN}
    assert ActionId.ALL_IN in legal and ActionId.CHAAL not in legal
    state = env.step(state, np.full(16, ActionId.ALL_IN))
    assert (state.pot == 8).all() and (state.stake == 2).all()
    assert (state.current_player == 2).all()
    state = env.step(state, np.full(16, ActionId.PACK))
    assert state.terminated.all()
    for row in range(16):
        expected = [0, 0, 0, 0]
        expected[best(state, row, [0, 1, 3])] += 4
        expected[best(state, row, [1, 3])] += 4
        assert state.winnings[row].tolist() == expected
        assert state.stack[row].tolist() == [
            chips - posted + won
            for chips, posted, won in zip([1, 3, 20, 20], [1, 3, 2, 2], expected, strict=True)
        ]
        reducer = env.to_state(state, row)
        assert [seat.stack for seat in reducer.seats] == state.stack[row].tolist()


def test_stacks_below_one_chip_are_refused_and_below_the_boot_elsewhere() -> None:
    """V18 keeps a player in with any chips, so 1 chip is the least stack on a schedule;
    without one a stack below the boot is refused (R7), as before."""
    with pytest.raises(ValueError, match=r"at least 1 chip \(a tournament, V18\)"):
        BatchEnv(SCHEDULE, 3, stacks=[0, 2, 100], backend="numpy")
    env = BatchEnv(SCHEDULE, 3, stacks=10, backend="numpy")
    with pytest.raises(ValueError, match="at least 1 chip"):
        env.init(seed=1, n=2, stacks=np.array([[5, 0, 5], [5, 5, 5]]))
    with pytest.raises(ValueError, match=r"at least the boot \(2\)"):
        BatchEnv(tp.Rules(boot=2), 3, stacks=[1, 2, 100], backend="numpy")
    with pytest.raises(ValueError, match=r"below 1 chip \(a tournament, V18\)"):
        tp.new_session(["A", "B", "C"], SCHEDULE, seed=1, stacks=[0, 2, 100])
    with pytest.raises(ValueError, match=r"below the boot \(2\)"):
        tp.new_session(["A", "B", "C"], tp.Rules(boot=2), seed=1, stacks=[1, 2, 100])


def test_the_tournament_preset_starts_at_a_hundred_boots() -> None:
    """R4, V18: without given stacks every seat starts with ``boot * starting_boots``
    chips and posts the first boot of the schedule (1 in the preset)."""
    rules = tp.Rules(**dict(PRESETS["tournament"].fields))
    env = BatchEnv(rules, 5, backend="numpy")
    state = env.init(seed=3, n=4)
    assert (state.start_stack == rules.boot * rules.starting_boots).all()
    assert rules.boot_schedule is not None and rules.boot_schedule[0] == (1, rules.boot)
    assert (state.contributed == rules.boot).all()
