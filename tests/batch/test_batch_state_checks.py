"""A hostile or malformed :class:`BatchState` is named clearly (D24), and the state's
seat-major accessors and byte count read what they document (R13-R17, V14, V15)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv, BatchState

TABLES = 4
PLAYERS = 3


@pytest.fixture(scope="module")
def state() -> BatchState:
    """A freshly dealt batch of 4 three-seat tables."""
    return BatchEnv(tp.Rules(), players=PLAYERS).init(seed=1, n=TABLES)


def _broken(state: BatchState, **changes: object) -> BatchState:
    """``state`` with fields swapped in unchecked (as a hostile caller could)."""
    return dataclasses.replace(state, **changes)  # type: ignore[arg-type]


def test_fresh_deal_has_no_turns_and_no_stake_bets(state: BatchState) -> None:
    """V15/V14: no betting action is taken at the deal, so every (table, seat) counts 0;
    the properties are table-major ``(n, P)``."""
    assert state.turns.shape == (TABLES, PLAYERS)
    assert state.stake_bets.shape == (TABLES, PLAYERS)
    assert not state.turns.any()
    assert not state.stake_bets.any()


def test_nbytes_counts_a_shared_array_once(state: BatchState) -> None:
    """Two fields holding the same array count its bytes once."""
    whole = state.nbytes
    assert whole >= state.pot.nbytes + state.seat_stack.nbytes + state.cards.nbytes
    shared = state.replace(seat_turns=state.seat_stake_bets)
    assert shared.nbytes == whole - state.seat_turns.nbytes


def test_a_well_formed_state_has_no_shape_problem(state: BatchState) -> None:
    assert state.shape_problem(PLAYERS) is None
    assert state.shape_problem(PLAYERS + 1) is not None


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"pot": np.zeros((TABLES, 1), dtype=np.int32)}, "pot must be a 1-d array"),
        ({"pot": [0] * TABLES}, "pot must be a 1-d array"),
        ({"history_tail": "tail"}, "history_tail must be None or a HistoryTail"),
        ({"seat_stack": [[1] * TABLES] * PLAYERS}, "seat_stack is not a numpy array"),
        ({"seat_stack": np.zeros((PLAYERS, TABLES), dtype=np.float64)}, "seat_stack has dtype"),
        ({"terminated": np.zeros(TABLES, dtype=np.int8)}, "terminated has dtype"),
        ({"cards": np.zeros((TABLES, PLAYERS + 1, 3), dtype=np.int8)}, "cards or legal"),
        ({"legal_action_mask": np.zeros((TABLES, 11), dtype=bool)}, "cards or legal"),
    ],
)
def test_a_malformed_state_names_its_problem(
    state: BatchState, changes: dict[str, object], named: str
) -> None:
    """D24: each wrong shape, type or dtype is refused naming the field."""
    broken = _broken(state, **changes)
    problem = broken.shape_problem(PLAYERS)
    assert problem is not None and named in problem
    env = BatchEnv(tp.Rules(), players=PLAYERS)
    with pytest.raises(ValueError, match="not a state of this environment"):
        env.step(broken, np.zeros(TABLES, dtype=np.int64))


def test_replace_refuses_an_unknown_field(state: BatchState) -> None:
    with pytest.raises(TypeError, match="BatchState has no field 'potty'"):
        state.replace(potty=np.zeros(TABLES, dtype=np.int32))


def test_replacing_a_field_of_a_stepped_state_keeps_the_others() -> None:
    """A stepped state (possibly one packed buffer) read as any state: replacing
    its pot leaves every seat field equal to the step's."""
    env = BatchEnv(tp.Rules(), players=PLAYERS)
    first = env.init(seed=2, n=TABLES)
    actions = np.argmax(first.legal_action_mask, axis=1).astype(np.int64)
    stepped = env.step(first, actions)
    stack = np.array(stepped.seat_stack)
    assert stack.shape == (PLAYERS, TABLES)
    changed = stepped.replace(pot=np.full(TABLES, 7, dtype=np.int32))
    assert type(changed) is BatchState
    assert changed.pot.tolist() == [7] * TABLES
    assert np.array_equal(changed.seat_stack, stack)
    assert changed.seat_stack.shape == (PLAYERS, TABLES)
    assert not changed.pot.flags.writeable
