"""Open tables (S1–S9, V22) over a long session: a scripted 200-hand session with
random joins, leaves, sit-outs, timeouts and added chips replays exactly from its
History and conserves chips as S8 restates R42; the turn number (S9) moves by at most
one per action.
"""

from __future__ import annotations

import random

import teenpatti_rules as tp
from strategies import TABLE_ACTIONS, open_table_action
from teenpatti_rules.engine.invariants import check

RULES = tp.Rules(
    open_table=True,
    rebuy=True,
    missed_boots="one",
    max_sit_out=3,
    timeouts_to_sit_out=2,
    forced_blinds="small_big",
    starting_boots=20,
    min_players=3,
    max_players=6,
    hand_limit=200,
)


def test_a_200_hand_open_session_replays_and_conserves_chips() -> None:
    rng = random.Random(2026)
    state = tp.new_session(["Asha", None, "Bilal", "Chen", None, "Dev"], RULES, seed=11)
    history = tp.History.from_state(state)
    kinds: set[type] = set()
    steps = 0
    while state.phase is not tp.Phase.SESSION_OVER:
        steps += 1
        assert steps < 100_000, "the session does not reach its hand limit"
        action = open_table_action(rng, state, chance=0.08)
        after = tp.apply(state, action)
        history = history.record(action)
        kinds.add(type(action))
        assert after.turn - state.turn in (0, 1)  # S9: at most one more per action
        held = after.pot + sum(seat.stack for seat in after.seats if seat.in_session)
        assert held == after.chips_brought - after.chips_taken  # R42 as S8 restates it
        state = after
        if steps % 97 == 0:
            assert check(state) == []
    assert state.hand_number == 200
    assert set(TABLE_ACTIONS) <= kinds  # every open-table action was played
    assert tp.replay(tp.History.from_json(history.to_json())) == state
    placed = [seat for place in state.placings for seat in place]
    assert len(placed) == len(set(placed)) == sum(seat.name is not None for seat in state.seats)
