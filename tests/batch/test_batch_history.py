"""The batch history (issue 23): one column per step, folded into a base; old states
keep their histories; the memory follows the longest hand in play, not the steps
played; a 1,000-action hand replays exactly in the reducer (R1-R44)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from batch_helpers import random_actions

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.history import NEW_HAND, NO_ACTION, materialize, push, tail_limit


def test_materialize_by_hand() -> None:
    """Base rows [2, 1] (length 2) and [5] (length 1); then columns: table 0 plays 0,
    table 1 is over; table 0 is over and table 1 deals a new hand; both play."""
    base = np.array([[2, 1], [5, 0]], dtype=np.int8)
    length = np.array([2, 1], dtype=np.int32)
    tail = None
    for column in ([0, NO_ACTION], [NO_ACTION, NEW_HAND], [7, 3]):
        tail = push(tail, np.array(column, dtype=np.int8))
    history, lengths = materialize(base, length, tail)
    assert lengths.tolist() == [4, 1]
    assert history[0, :4].tolist() == [2, 1, 0, 7]
    assert history[1, :1].tolist() == [3]


def _compiled_materialize() -> Any:
    pytest.importorskip("numba")
    from teenpatti_rules.batch.kernel_history import materialize as compiled

    return compiled


@pytest.mark.parametrize("compiled", [False, True], ids=["numpy", "kernel"])
def test_a_new_hand_in_the_tail_drops_what_came_before(compiled: bool) -> None:
    """Base rows [2, 1] (length 2) and [5, 6] (length 2); columns: table 0 plays 4 and
    table 1 plays 0; table 0 deals a new hand, table 1 is over; table 0 plays 7, table
    1 deals and then plays 3. Each hand keeps only the ids after its new deal (issue
    23's history, R20-R41's action ids), zero past its length; the compiled fold
    (``kernel_history``) gives the same arrays."""
    fold = _compiled_materialize() if compiled else materialize
    base = np.array([[2, 1], [5, 6]], dtype=np.int8)
    length = np.array([2, 2], dtype=np.int32)
    tail = None
    columns = ([4, 0], [NEW_HAND, NO_ACTION], [7, NEW_HAND], [NO_ACTION, 3])
    for column in columns:
        tail = push(tail, np.array(column, dtype=np.int8))
    history, lengths = fold(base, length, tail)
    assert lengths.dtype == np.int32 and history.dtype == np.int8
    assert lengths.tolist() == [1, 1]
    assert history.tolist() == [[7], [3]]
    untouched, same = fold(base, length, None)  # no tail: the base as it is
    assert same.tolist() == [2, 2] and untouched.tolist() == [[2, 1], [5, 6]]


@pytest.mark.parametrize("backend", ["numpy", "auto"])
def test_old_states_keep_their_histories(backend: str) -> None:
    """A state stepped again later (two futures from one state) still replays to the
    same reducer state: steps share columns, never overwrite them."""
    env = BatchEnv(tp.Rules(), players=4, stacks=40, autoreset=True, backend=backend)
    rng = np.random.default_rng(3)
    state = env.init(seed=5, n=6)
    for _ in range(7):
        state = env.step(state, random_actions(rng, state.legal_action_mask))
    kept = state
    before = [env.to_state(kept, i) for i in range(kept.tables)]
    branch = kept
    for _ in range(150):  # long enough to fold the tail several times
        branch = env.step(branch, random_actions(rng, branch.legal_action_mask))
    other = env.step(kept, random_actions(rng, kept.legal_action_mask))  # a second future
    assert [env.to_state(kept, i) for i in range(kept.tables)] == before
    assert other.history_length.tolist() != [0] * 6 or other.terminated.any()


@pytest.mark.parametrize("backend", ["numpy", "auto"])
def test_a_thousand_action_hand_replays_and_memory_follows_the_hand(backend: str) -> None:
    """Every seat calls blind with no blind-bet or pot limit (R23, V5): the hand lasts
    1,000 actions, which the reducer replays exactly; once hands restart, the history
    shrinks back to the longest hand in play."""
    rules = tp.Rules(max_blind_bets=None, pot_limit=None)
    env = BatchEnv(rules, players=3, stacks=10**6, dealer=0, autoreset=True, backend=backend)
    state = env.init(seed=1, n=4)
    calls = np.full(4, 2)  # CHAAL (blind: the stake, 1 chip, R24)
    for _ in range(1000):
        state = env.step(state, calls)
    assert state.history_length.tolist() == [1000] * 4
    assert state.history.shape == (4, 1000)
    reducer = env.to_state(state, 2)
    assert reducer.pot == 3 + 1000 and len(reducer.events) > 1000
    packs = np.zeros(4, dtype=np.int64)  # PACK, PACK: the hands end (R39)
    state = env.step(env.step(state, packs), packs)
    assert state.terminated.all() and (state.rewards.sum(axis=1) == 0).all()
    state = env.step(state, packs)  # autoreset: new hands
    steps = 3 * tail_limit(4)
    for _ in range(steps):
        state = env.step(state, calls)
    assert state.history_base.shape[1] <= steps  # the 1,000 columns are gone
    assert state.history_length.tolist() == [steps] * 4
