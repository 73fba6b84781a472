"""The session driver: :func:`play_session` plays a session to its end with one
automatic player (a *chooser*) per seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TypeAlias

from ..actions import Action, ActionBase, Deal
from ..engine import apply
from ..errors import IllegalActionError
from ..events import HandStarted
from ..limits import short
from ..state import Phase, State
from ..views import view

__all__ = ["Chooser", "OnStep", "play_session"]

Chooser: TypeAlias = Callable[[State, int, random.Random], Action | None]
"""A player: ``(view, seat, rng) -> Action | None`` (see
:func:`~teenpatti_rules.players.rule.choose`)."""

OnStep: TypeAlias = Callable[[Action, State], None]
"""Called by :func:`play_session` after each applied action with the action and the new state."""


def play_session(
    state: State,
    players: Mapping[int, Chooser] | Chooser,
    rng: random.Random,
    *,
    on_step: OnStep | None = None,
) -> State:
    """Play a session to its end (SESSION_OVER) with one chooser per seat.

    - Between hands the seat holding the button deals: ``Deal(state.dealer)``, from
      the session seed (R5, R6).
    - Right after each deal every other seat in the hand, in deal order, is asked
      once (with its view) and may act off its turn: automatic players look then
      (R22, R44); a chooser that has nothing to do returns None.
    - Otherwise the actor (the player whose turn it is, or the seat a sideshow was
      asked of) is asked with ``view(state, actor)``; it must return an action.

    :param state: a real :class:`~teenpatti_rules.state.State` (with its seed), in
        any phase.
    :param players: a chooser for every seat (seat → chooser), or one chooser for
        all seats; e.g. :func:`~.rule.choose`.
    :param rng: passed to every chooser call.
    :param on_step: called after each applied action with ``(action, new_state)``;
        it may raise to stop the session early (the exception propagates).
    :returns: the final state (phase SESSION_OVER; on an open table it may be WAITING:
        automatic players never join or sit in, so a table that waits for players, S2,
        ends the play there).
    :raises ValueError: if a seat has no chooser, or the actor's chooser returns None.
    :raises TypeError: naming the parameter, if ``state`` is not a State, ``rng``
        is not a :class:`random.Random` (``play_session(start, choose, 1)``: pass
        ``random.Random(1)``), or ``players`` is neither a chooser nor a mapping.
    :raises IllegalActionError: if a chooser returns an action that is not legal, or
        an action of another seat than the one it was asked for (checked before
        anything is applied: a chooser asked off its turn cannot pack the actor's
        hand), or ``state`` is a view (no seed to deal from).
    :raises TypeError: if a chooser returns something that is not an action.

    >>> import random
    >>> from teenpatti_rules import Rules, new_session
    >>> start = new_session(["A", "B", "C"], Rules(hand_limit=3), seed=5)
    >>> from teenpatti_rules import choose
    >>> end = play_session(start, choose, random.Random(5))
    >>> end.phase.name, end.hand_number, end.total_chips
    ('SESSION_OVER', 3, 300)
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a State (new_session(...)), not {short(state)}")
    if not (hasattr(rng, "random") and hasattr(rng, "choice")):
        raise TypeError(
            f"rng must be a random.Random, not {type(rng).__name__} {short(rng)}: "
            f"pass random.Random({short(rng)}) to seed the players' choices"
        )
    if not isinstance(players, Mapping) and not callable(players):
        raise TypeError(
            "players must be a chooser (e.g. choose) or a mapping seat -> chooser, "
            f"not {short(players)}"
        )
    n = len(state.seats)
    if isinstance(players, Mapping):
        missing = [seat for seat in range(n) if seat not in players]
        if missing:
            raise ValueError(f"no player (chooser) for seat(s) {missing}")
        choosers: Mapping[int, Chooser] = players
    else:
        choosers = dict.fromkeys(range(n), players)

    def step(current: State, action: Action) -> State:
        after = apply(current, action)
        if on_step is not None:
            on_step(action, after)
        return after

    while state.phase is not Phase.SESSION_OVER:
        if state.phase is Phase.WAITING:  # S2: only a join or a sit-in goes on from here
            return state
        if state.phase is Phase.AWAITING_DEAL:
            state = step(state, Deal(state.dealer))
            started = state.events[0]
            assert isinstance(started, HandStarted)
            for seat in started.seats:
                if state.phase is Phase.AWAITING_DEAL or state.phase is Phase.SESSION_OVER:
                    break
                if seat == state.actor:
                    continue
                action = choosers[seat](view(state, seat), seat, rng)
                if action is not None:
                    state = step(state, _own(action, seat))
            continue
        actor = state.actor
        assert actor is not None
        action = choosers[actor](view(state, actor), actor, rng)
        if action is None:
            raise ValueError(f"the player of seat {actor} chose nothing on its turn")
        state = step(state, _own(action, actor))
    return state


def _own(action: object, seat: int) -> Action:
    """``action`` if it is an action of ``seat``, the seat whose chooser returned it.

    :raises TypeError: if ``action`` is not an action.
    :raises IllegalActionError: if it is another seat's action.
    """
    if not isinstance(action, ActionBase):
        raise TypeError(
            f"the player of seat {seat} returned {type(action).__name__} {short(action)}, "
            "not an action"
        )
    if action.seat != seat:
        raise IllegalActionError(
            f"the player of seat {seat} returned {action}, an action of seat {action.seat}: "
            f"a player acts only for its own seat",
            action,
        )
    return action  # type: ignore[return-value]
