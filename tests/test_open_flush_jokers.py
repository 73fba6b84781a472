"""V16 on a table with printed jokers (V8): the jokers in the rest of the deck are
passed over, so every listed action applies and the tie is settled by the natural
cards that follow (issue 20, rule defect 2). Worked by hand: seats 1 and 2 hold equal
A-K-9 high cards; boots 3 and three chaals of 1 reach the pot limit of 6.
"""

from __future__ import annotations

import pytest

import teenpatti_rules as tp
from teenpatti_rules.cards import table_deck

HANDS = {0: "2c 5d 8h", 1: "As Kd 9c", 2: "Ah Ks 9d"}
NATURAL = tp.parse_cards("Qs Jh Qd 7c Qc 2d")  # seat 1: Qs Qd Qc, seat 2: Jh 7c 2d


def _play(rest: tuple[tp.Card, ...], jokers: int) -> tp.State:
    rules = tp.Rules(ties="open_flush", jokers=jokers, pot_limit=6)
    state = tp.new_session(["P0", "P1", "P2"], rules, seed=0, dealer=0)
    deck = tp.deck_for(state, HANDS)
    others = tuple(c for c in table_deck(jokers) if c not in deck and c not in rest)
    state = tp.apply(state, tp.Deal(0, deck + rest + others))
    for seat in (1, 2, 0):
        action = tp.Bet(seat, 1)
        assert action in tp.legal_actions(state)
        assert tp.is_legal(state, action)
        state = tp.apply(state, action)
    return state


@pytest.mark.parametrize("jokers", [1, 2, 3])
@pytest.mark.parametrize("where", [0, 1, 3, 5, 6])
def test_printed_jokers_in_the_rest_are_passed_over(jokers: int, where: int) -> None:
    printed = table_deck(jokers)[52:]
    rest = NATURAL[:where] + printed + NATURAL[where:]
    state = _play(rest, jokers)
    assert state.phase is tp.Phase.AWAITING_DEAL
    assert state.result is not None
    assert state.result.winnings == {1: 6}
    assert [dict(r) for r in state.result.open_flush] == [
        {1: tp.parse_cards("Qs Qd Qc"), 2: tp.parse_cards("Jh 7c 2d")}
    ]


def test_jokers_are_not_counted_as_cards_an_open_flush_can_deal() -> None:
    # V16: after the three jokers are passed over the rest holds five natural cards,
    # fewer than three for each of the two tied players: the slice is split as R18
    # (6 chips, 3 each), and no open flush is played
    rules = tp.Rules(ties="open_flush", jokers=3, pot_limit=6)
    state = tp.new_session(["P0", "P1", "P2"], rules, seed=0, dealer=0)
    deck = tp.deck_for(state, HANDS)
    state = tp.apply(state, tp.Deal(0, deck + table_deck(3)[52:] + NATURAL[:5]))
    for seat in (1, 2, 0):
        state = tp.apply(state, tp.Bet(seat, 1))
    assert state.result is not None
    assert state.result.winnings == {1: 3, 2: 3}
    assert state.result.open_flush == ()
