"""A session row as the reducer's state (``BatchEnv.to_state`` under ``sessions=True``):
the deck the reducer is handed (:func:`reducer_deck`), the last hand's result rebuilt
by the reducer's own code (:func:`last_result`), and the whole
:class:`~teenpatti_rules.state.State` (:func:`to_session_state`), equal (``==``) to the
reducer's after the same deals and actions (R2, R4–R10, S9, V8, V16, V19, V20).
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from ..actions import Deal
from ..cards import CARDS, JOKERS, Card
from ..encoding import action_for_id
from ..engine import apply
from ..engine.ending import finish_hand, showdown
from ..engine.trust import vouch
from ..events import HandEnding
from ..rules import Rules
from ..state import HandResult, Phase, Seat, State, new_session
from .codes import (
    ENDING_PACKED,
    ENDING_SHOW,
    ENDING_SHOWDOWN,
    ENDING_TABLE_SHOW,
    ENDING_TURN_LIMIT,
)
from .deal import shuffle
from .rows import TableNumber, table_index
from .session import SessionBatchState, group_seats

__all__ = ["last_result", "reducer_deck", "to_session_state"]

Array = NDArray[Any]

_CARD = CARDS + JOKERS
"""Card ``i`` at position ``i``: the 52 cards and the printed jokers (V8)."""


def reducer_deck(state: SessionBatchState, index: TableNumber, rules: Rules) -> tuple[Card, ...]:
    """The deck the reducer deals row ``index``'s hand from, ``Deal(dealer, deck)``: the
    cards of the seats dealt in (R10: for ``k`` seats, the ``i``-th from the dealer's
    left gets ``deck[i]``, ``deck[i + k]``, …), then the batch deck after its ``P``
    seats' cards (the indicator, W5; the cards of V16 open flushes and V20 draws). With
    every seat in, the batch deck itself.

    :raises TypeError: if ``index`` is not an int.
    :raises IndexError: if ``index`` is out of range.
    """
    index = table_index(index, state.tables)
    players = state.players
    size = rules.hand_size
    deck = state.row_deck(index, rules.deck_size).tolist()
    dealer = int(state.dealer[index])
    hand = int(state.hand_number[index])
    left = state.seat_left_hand[:, index]
    dealt = (state.seat_in_session[:, index] | (left == hand)).tolist()
    # R10 as the batch deals (deal_cards): the i-th seat from the dealer's left got
    # deck[i], deck[i + P], ... whether it is dealt in or not
    order = [i for i in range(players) if dealt[(dealer + 1 + i) % players]]
    first = [deck[i + players * r] for r in range(size) for i in order]
    return tuple(_CARD[c] for c in (*first, *deck[size * players :]))


def _departed(left: Array, left_stack: Array, before: int) -> tuple[tuple[int, ...], ...]:
    """V19's places of the seats that left after hands before ``before``."""
    gone = [int(p) for p in np.flatnonzero((left > 0) & (left < before))]
    return tuple(group_seats(gone, {p: (int(left[p]), int(left_stack[p])) for p in gone}))


_ENDINGS = {
    ENDING_PACKED: HandEnding.PACKED,
    ENDING_SHOW: HandEnding.SHOW,
    ENDING_SHOWDOWN: HandEnding.SHOWDOWN,
    ENDING_TABLE_SHOW: HandEnding.TABLE_SHOW,
    ENDING_TURN_LIMIT: HandEnding.TURN_LIMIT,
}


def last_result(
    rules: Rules, state: SessionBatchState, index: TableNumber, before: State
) -> HandResult:
    """The reducer's result of row ``index``'s last hand that ended (``last_*``), as
    the reducer's own hand end makes it (:func:`~teenpatti_rules.engine.ending.finish_hand`,
    :func:`~teenpatti_rules.engine.ending.showdown`): the seats as they were at its end
    (contributions, who was in and all-in, the cards after any draws, V20), its
    dealer, its indicator (V8 W5) and the rest of its deck after the draws, from
    which its open flushes dealt (V16), the deck of hand ``hand_index - 1``.

    :param before: the session before the hand in play was dealt (its seats and rules).
    """
    players = state.players
    size = rules.hand_size
    deck = shuffle(
        state.table_key[index : index + 1], state.hand_index[index : index + 1] - 1, rules.deck_size
    )[0]
    indicator = Card.from_index(int(deck[size * players])) if rules.has_indicator else None
    rest = size * players + (indicator is not None) + int(state.last_drawn[index])
    in_hand = state.seat_last_in_hand[:, index]
    all_in = state.seat_last_all_in[:, index]
    contributed = state.seat_last_contributed[:, index]
    cards = state.last_cards[index]
    seats = tuple(
        attrs.evolve(
            seat,
            in_hand=bool(in_hand[p]),
            all_in=bool(all_in[p]),
            contributed=int(contributed[p]),
            cards=tuple(Card.from_index(int(c)) for c in cards[p]) if in_hand[p] else (),
        )
        for p, seat in enumerate(before.seats)
    )
    ended = attrs.evolve(
        before,
        phase=Phase.BETTING,
        hand_number=int(state.hand_number[index]) - 1,
        dealer=int(state.last_dealer[index]),
        pot=int(contributed.sum()),
        seats=seats,
        indicator=indicator,
        undealt=tuple(Card.from_index(int(c)) for c in deck[rest:]),
    )
    ending = _ENDINGS[int(state.last_ending[index])]
    if ending is HandEnding.PACKED:  # R39: cards stay down
        winner = int(np.flatnonzero(in_hand)[0])
        finished = finish_hand(ended, ending, {winner: 0})
    elif ending is HandEnding.SHOW:  # R35: the asker loses a tie
        finished = showdown(ended, ending=ending, loses_ties=int(state.last_shower[index]))
    else:
        finished = showdown(ended, ending=ending)
    assert finished.result is not None
    return finished.result


def to_session_state(rules: Rules, state: SessionBatchState, index: TableNumber) -> State:
    """Table ``index`` as the reducer's state of its session: the session as it stood
    before this hand (the players still in with their stacks, those who left with
    theirs, the button, the hand number, V19's departed, the last hand's ``result``
    (:func:`last_result`) and the turn number, S9), then ``Deal(dealer, deck)`` with
    :func:`reducer_deck` and the hand's actions. Equal (``==``) to the reducer's
    state, played from the session's first hand, in every field.

    :raises TypeError: if ``index`` is not an int.
    :raises IndexError: if ``index`` is out of range.
    """
    index = table_index(index, state.tables)
    players = state.players
    hand = int(state.hand_number[index])
    dealer = int(state.dealer[index])
    start = [int(chips) for chips in state.seat_start_stack[:, index]]
    left = state.seat_left_hand[:, index]
    dealt = state.seat_in_session[:, index] | (left == hand)
    names = [f"P{seat}" for seat in range(players)]
    session = new_session(
        names,
        rules,
        seed=int(state.table_key[index]),
        dealer=dealer,
        stacks=[chips if dealt[p] else rules.leaving_stack for p, chips in enumerate(start)],
    )
    gone = [p for p in range(players) if not dealt[p]]
    seats = tuple(
        Seat(names[p], start[p], in_session=False) if p in gone else seat
        for p, seat in enumerate(session.seats)
    )
    session = attrs.evolve(
        session,
        hand_number=hand - 1,
        seats=seats,
        departed=_departed(left, state.seat_left_stack[:, index], hand),
        chips_brought=sum(start),
        chips_taken=sum(start[p] for p in gone),
    )
    if hand > 1 and not state.terminated[index]:  # the last hand's result stays (R6)
        session = attrs.evolve(session, result=last_result(rules, state, index, session))
    result = apply(vouch(session), Deal(dealer, reducer_deck(state, index, rules)))
    for action_id in state.row_history(index):
        actor = result.actor
        assert actor is not None
        result = apply(result, action_for_id(result, actor, int(action_id)))
    return vouch(attrs.evolve(result, turn=int(state.turn[index])))  # S9
