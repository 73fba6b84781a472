"""Open tables (S1–S9, V22) over a long session: a scripted 200-hand session with
random joins, leaves, sit-outs, timeouts and added chips replays exactly from its
History and conserves chips as S8 restates R42; the turn number (S9) moves by at most
one per action.
"""

from __future__ import annotations

import random

import pytest

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


@pytest.mark.soak
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


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"max_buy_in": 1, "boot": 2}, r"max_buy_in \(1\) must be at least the boot \(2\) \(S3\)"),
        ({"rebuy": True, "boot_schedule": ((1, 1),)}, r"rebuy cannot be combined .*\(S7, V18\)"),
        ({"forced_blinds": "dealer", "max_blind_bets": 0}, r"\(V22, V5\)"),
        ({"forced_blinds": "both"}, "forced_blinds must be one of"),
        ({"missed_boots": "two"}, "missed_boots must be one of"),
        ({"open_table": 1}, "open_table must be True or False"),
        ({"timeouts_to_sit_out": 0}, "timeouts_to_sit_out must be at least 1"),
        ({"max_sit_out": 0}, "max_sit_out must be at least 1"),
    ],
)
def test_rules_refuse_bad_open_table_options(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tp.Rules(**fields)  # type: ignore[arg-type]


def test_a_closed_full_table_is_unchanged_by_the_new_fields() -> None:
    """A session that uses none of S1-S9 plays as before: no new event, no sitting out,
    the ledger equals the start, and the JSON of its rules and seats has no new key."""
    state = tp.new_session(["A", "B", "C"], seed=4, dealer=0)
    for text in ("P0 deal", "P1 pack", "P2 pack"):
        state = tp.apply(state, tp.parse_action(text))
    assert state.chips_brought == 300 and state.chips_taken == 0
    assert not any(seat.sitting_out or seat.leaving or seat.timeouts for seat in state.seats)
    document = tp.state_to_json(state)
    for key in ("open_table", "forced_blinds", "sitting_out", "missed_boot"):
        assert key not in document
    assert tp.state_from_json(document) == state


def test_join_text_quotes_names_that_are_not_plain_words() -> None:
    for name in ("Dev", "Agent 007", "Dév", '"quoted"', "9lives"):
        action = tp.Join(2, name, 40)
        assert tp.parse_action(str(action)) == action
        assert str(action).isascii()
    with pytest.raises(ValueError, match="join"):
        tp.parse_action("P1 join")
    with pytest.raises(ValueError, match="whole number"):
        tp.parse_action("P1 join Dev lots")
