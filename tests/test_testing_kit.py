"""The public testing kit (teenpatti_rules.testing): its checks catch what they name,
its strategies draw only what they promise."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import teenpatti_rules as tp
from teenpatti_rules.cards import table_deck
from teenpatti_rules.testing import (
    assert_chips_conserved,
    assert_no_leak,
    assert_replay_equal,
    hands,
    hidden_cards,
    illegal_actions_in,
    legal_actions_in,
    rules,
    states,
)


def dealt() -> tp.State:
    """Seat 0 deals a three-player table (R5, R6): nobody has looked yet."""
    return tp.apply(tp.new_session(["A", "B", "C"], seed=1, dealer=0), tp.Deal(0))


def test_hidden_cards_are_every_hand_not_seen_and_the_undealt_cards() -> None:
    state = dealt()
    hidden = hidden_cards(state, 1)
    # nobody has looked (R22): the 9 cards dealt (the rest of the deck is not kept
    # on a table without draws: it follows from the seed, R10)
    assert hidden == {card for seat in state.seats for card in seat.cards}
    assert len(hidden) == 9
    looked = tp.apply(state, tp.Look(1))
    assert hidden_cards(looked, 1) == hidden - set(looked.seats[1].cards)


def test_a_card_named_in_json_text_is_a_leak() -> None:
    state = tp.apply(dealt(), tp.Look(1))
    other = state.seats[2].cards[0]
    with pytest.raises(AssertionError, match=f"seat 1 is shown 1 card.*{other}"):
        assert_no_leak(json.dumps({"hand": [str(other)]}), state, 1)
    own = [str(card) for card in state.seats[1].cards]
    assert_no_leak(json.dumps({"hand": own}), state, 1)  # its own, looked at (R22)
    with pytest.raises(AssertionError, match="spectator"):
        assert_no_leak(f"the dealer holds {other}.", state, None)


def test_a_view_of_the_true_state_is_refused_as_the_reference() -> None:
    state = dealt()
    with pytest.raises(ValueError, match="true state"):
        hidden_cards(tp.view(state, 0), 0)


def test_chips_lost_are_caught() -> None:
    state = dealt()
    assert_chips_conserved([state, tp.apply(state, tp.Pack(state.actor or 0))])
    poorer = attrs.evolve(state, seats=(attrs.evolve(state.seats[0], stack=5), *state.seats[1:]))
    with pytest.raises(
        AssertionError, match=r"state 1 .*: 206 chips in the session, not 300 \(S8\)"
    ):
        assert_chips_conserved([state, poorer])  # 3 x 100 boots of 1 (R4); seat 0: 99 -> 5


def test_a_replay_that_ends_elsewhere_is_caught() -> None:
    start = tp.new_session(["A", "B", "C"], seed=1, dealer=0)
    played: list[tp.Action] = [tp.Deal(0), tp.Pack(1)]
    final = tp.apply(tp.apply(start, played[0]), played[1])
    assert_replay_equal(start, played, final)
    with pytest.raises(AssertionError, match="ends elsewhere"):
        assert_replay_equal(start, [tp.Deal(0), tp.Pack(1)], tp.apply(start, tp.Deal(0)))


@given(rules(), st.data())
def test_drawn_rules_give_hands_of_their_size(table: tp.Rules, data: st.DataObject) -> None:
    hand = data.draw(hands(table))
    assert len(hand) == len(set(hand)) == table.hand_size  # V12
    assert set(hand) <= set(table_deck(table.jokers))  # V8: printed jokers only if any


@given(states(), st.data())
def test_legal_and_illegal_actions_are_what_is_legal_says(
    state: tp.State, data: st.DataObject
) -> None:
    if state.phase is not tp.Phase.SESSION_OVER:
        assert tp.is_legal(state, data.draw(legal_actions_in(state)))
    assert not tp.is_legal(state, data.draw(illegal_actions_in(state)))


def test_no_legal_action_after_the_session_is_refused_with_a_reason() -> None:
    state = tp.new_session(["A", "B", "C"], tp.Rules(hand_limit=1), seed=1, dealer=0)
    state = tp.apply(state, tp.Deal(0))
    while state.phase is not tp.Phase.SESSION_OVER:
        state = tp.apply(state, tp.legal_actions(state)[0])
    with pytest.raises(ValueError, match="session is over"):
        legal_actions_in(state)
