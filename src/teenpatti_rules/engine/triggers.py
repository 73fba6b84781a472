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

from ..events import (
    BetMade,
    Event,
    ForcedBet,
    HandEnding,
    SideShowAsked,
    TableShow,
    TurnLimitReached,
)
from ..state import State
from .questions import bettors, hand_boot, players_in_hand, reached_pot_limit

__all__ = [
    "END_CHECKS",
    "EndCheck",
    "Turn",
    "at_most_one_bettor",
    "bets_at_stake",
    "ending_event",
    "hand_ending",
    "last_player_left",
    "pot_limit_reached",
    "table_show",
    "turn_limit",
    "turns_taken",
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


def bets_at_stake(state: State) -> dict[int, int]:
    """Seat → bets it made since the stake last changed (V14), from the hand's log: a
    bet (a sideshow request's chaal included) that leaves the stake unchanged counts;
    one that changes it sets every count back to 0, as the deal does (and a forced
    blind that changes it, which is no bet of its own, V22). Seats without a counted
    bet are absent.
    """
    counts: dict[int, int] = {}
    stake = hand_boot(state)
    for event in state.events:
        if isinstance(event, BetMade):
            seat = event.seat
        elif isinstance(event, SideShowAsked):
            seat = event.asker
        else:
            if isinstance(event, ForcedBet) and event.stake != stake:  # V22: not a turn
                counts, stake = {}, event.stake
            continue
        if event.stake != stake:
            counts, stake = {}, event.stake
        else:
            counts[seat] = counts.get(seat, 0) + 1
    return counts


def turns_taken(state: State) -> dict[int, int]:
    """Seat → betting actions it took this hand (V15), from the hand's log: bets,
    all-ins, packs, shows, sideshow requests and draws (V20); answers to a sideshow
    are not betting actions.
    """
    counts: dict[int, int] = {}
    for event in state.events:
        facts = type(event).facts  # each event says whether it is a turn, and whose
        if facts.turn and facts.actor is not None:
            seat = getattr(event, facts.actor)
            counts[seat] = counts.get(seat, 0) + 1
    return counts


def _every_bettor(state: State, counts: dict[int, int], least: int) -> bool:
    """Whether every player who can still bet has a count of at least ``least``."""
    return all(counts.get(seat, 0) >= least for seat in bettors(state))


def table_show(state: State, turn: Turn) -> HandEnding | None:
    """V14: every player who can still bet made ``table_show_after`` bets since the stake
    last changed: a table show (an ordinary showdown).
    """
    rounds = state.rules.table_show_after
    if rounds is None:
        return None
    return HandEnding.TABLE_SHOW if _every_bettor(state, bets_at_stake(state), rounds) else None


def turn_limit(state: State, turn: Turn) -> HandEnding | None:
    """V15: every player who can still bet took ``max_turns`` betting actions: an
    ordinary showdown.
    """
    most = state.rules.max_turns
    if most is None:
        return None
    return HandEnding.TURN_LIMIT if _every_bettor(state, turns_taken(state), most) else None


END_CHECKS: tuple[EndCheck, ...] = (
    last_player_left,
    pot_limit_reached,
    at_most_one_bettor,
    table_show,
    turn_limit,
)
"""The checks, in the order they are run (R39, R37, R40, then V14 and V15)."""


def ending_event(state: State, ending: HandEnding) -> Event | None:
    """The event that says why betting ended, for the endings that have one: a
    :class:`~teenpatti_rules.events.TableShow` (V14) or a
    :class:`~teenpatti_rules.events.TurnLimitReached` (V15); else None.
    """
    rules = state.rules
    if ending is HandEnding.TABLE_SHOW and rules.table_show_after is not None:
        return TableShow(rules.table_show_after, state.stake)
    if ending is HandEnding.TURN_LIMIT and rules.max_turns is not None:
        return TurnLimitReached(rules.max_turns)
    return None


def hand_ending(state: State, turn: Turn) -> HandEnding | None:
    """How the hand ends after ``turn``, or None if betting goes on: the first answer
    of :data:`END_CHECKS`.
    """
    for check in END_CHECKS:
        ending = check(state, turn)
        if ending is not None:
            return ending
    return None
