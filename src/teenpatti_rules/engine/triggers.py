"""End-of-turn triggers: does the hand end now, and how? (:func:`hand_ending`).

After every betting action (and a sideshow's answer), the reducer asks
:func:`hand_ending`, which runs the checks of :data:`END_CHECKS` in order — the
order the rules pages give them — and returns the first answer. Each check is a small
function of the state, citing its rule. A new end condition (a table show after N
rounds, a turn limit) is one function plus one line in :data:`END_CHECKS`.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..events import HandEnding
from ..state import State
from .questions import bettors, players_in_hand, reached_pot_limit

__all__ = [
    "END_CHECKS",
    "EndCheck",
    "Turn",
    "at_most_one_bettor",
    "hand_ending",
    "last_player_left",
    "pot_limit_reached",
]


@attrs.frozen
class Turn:
    """What just happened, for the checks.

    :param seat: the seat whose turn it was (for a sideshow's answer: the asker).
    :param paid: True after a bet or an all-in (R37 is checked only then).
    """

    seat: int
    paid: bool = False


EndCheck = Callable[[State, Turn], HandEnding | None]
"""A check: the way the hand ends now, or None to go on."""


def last_player_left(state: State, turn: Turn) -> HandEnding | None:
    """R39: all but one packed; that player wins, cards down."""
    return HandEnding.PACKED if len(players_in_hand(state)) == 1 else None


def pot_limit_reached(state: State, turn: Turn) -> HandEnding | None:
    """R37: a bet or an all-in brought the pot to the pot limit: a showdown."""
    return HandEnding.SHOWDOWN if turn.paid and reached_pot_limit(state) else None


def at_most_one_bettor(state: State, turn: Turn) -> HandEnding | None:
    """R40: at most one player in the hand can still bet: a showdown."""
    return HandEnding.SHOWDOWN if len(bettors(state)) <= 1 else None


END_CHECKS: tuple[EndCheck, ...] = (last_player_left, pot_limit_reached, at_most_one_bettor)
"""The checks, in the order they are run (R39, R37, R40)."""


def hand_ending(state: State, turn: Turn) -> HandEnding | None:
    """How the hand ends after ``turn``, or None if betting goes on: the first answer
    of :data:`END_CHECKS`.
    """
    for check in END_CHECKS:
        ending = check(state, turn)
        if ending is not None:
            return ending
    return None
