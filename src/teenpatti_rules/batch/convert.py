"""One table of a batch as a reducer :class:`~teenpatti_rules.state.State` (R10).

The row's hand is replayed through the public reducer: a new session with the row's
stacks and dealer, ``Deal(dealer, deck)`` with the row's explicit deck, then every
recorded action id mapped to its reducer action. The result is an ordinary full
state (events, result and all), so views, narration and JSON work on it.
"""

from __future__ import annotations

import attrs

from ..actions import Deal
from ..cards import Card
from ..encoding import action_for_id
from ..engine import apply
from ..rules import Rules
from ..state import State, new_session
from .rows import TableNumber, table_index
from .state import BatchState

__all__ = ["seat_names", "to_state"]


def seat_names(players: int) -> list[str]:
    """The player names of a batch table: ``["P0", "P1", …]``."""
    return [f"P{seat}" for seat in range(players)]


def to_state(rules: Rules, state: BatchState, index: TableNumber) -> State:
    """Table ``index`` of ``state`` as a reducer :class:`~teenpatti_rules.state.State`.

    The session's rules are ``rules`` with ``hand_limit=1`` (an episode is one hand),
    its seed the table's key, its players ``P0``, ``P1``, …; after the hand is over its
    phase is ``SESSION_OVER`` and its ``result`` the hand's result.

    :param rules: the batch environment's rules.
    :param state: a batch state.
    :param index: a table index ``0..n-1`` (an int or a numpy integer).
    :returns: the reducer's state after the table's deal and actions.
    :raises TypeError: if ``index`` is not an int or a numpy integer.
    :raises IndexError: if ``index`` is out of range.
    """
    index = table_index(index, state.tables)
    dealer = int(state.dealer[index])
    session = new_session(
        seat_names(state.players),
        attrs.evolve(rules, hand_limit=1),
        seed=int(state.table_key[index]),
        dealer=dealer,
        stacks=[int(chips) for chips in state.start_stack[index]],
    )
    deck = tuple(Card.from_index(int(card)) for card in state.row_deck(index, rules.deck_size))
    result = apply(session, Deal(dealer, deck))
    for action_id in state.row_history(index):
        actor = result.actor
        assert actor is not None
        result = apply(result, action_for_id(result, actor, int(action_id)))
    return result
