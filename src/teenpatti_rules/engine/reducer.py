"""The reducer: :func:`apply` and :func:`legal_actions`.

Two small functions per action kind, each citing the rules it implements: a check
that refuses the action unless it is legal (with the refusal functions of
:mod:`teenpatti_rules.engine.questions`: a refusal carries a code, a rule id and a
sentence built only when read), and a handler that builds the next state; the input
state is never changed. The handlers live by idea: :mod:`.deal` (dealing),
:mod:`.betting` (the turn actions and :func:`~.betting.after_turn`, what the rules say
comes next), :mod:`.listing` (:func:`legal_actions`). An action that
:func:`legal_actions` listed for this very state (the same objects: a small cache
remembers the last few lists) is legal by construction, so :func:`apply` skips its
check.

>>> from teenpatti_rules import Bet, Deal, Look, new_session, parse_cards
>>> state = new_session(["A", "B", "C"], seed=1, dealer=0)
>>> state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
>>> state.actor, state.pot, state.stake
(1, 3, 1)
>>> state = apply(state, Look(1))
>>> [str(action) for action in legal_actions(state)]
['P0 look', 'P2 look', 'P1 pack', 'P1 bet 2', 'P1 bet 4']
>>> apply(state, Bet(2, 1))
Traceback (most recent call last):
...
teenpatti_rules.errors.IllegalActionError: seat 2 may not bet: it is seat 1's turn
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..actions import (
    ACTION_TYPES,
    AcceptSideShow,
    Action,
    AllIn,
    Bet,
    Deal,
    Draw,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
)
from ..errors import IllegalActionError
from ..limits import short
from ..state import State
from . import betting
from .common import check_turn
from .deal import deal
from .listing import LISTED_STATES, legal_actions, was_listed
from .refusals import error_for, refuse
from .trust import require_reachable, vouch

__all__ = ["LISTED_STATES", "apply", "is_legal", "legal_actions"]


class _Handler(NamedTuple):
    """An action kind's check (raises :class:`IllegalActionError` unless the action is
    legal) and handler (builds the next state from a legal action).
    """

    check: Callable[[State, Any], None]
    act: Callable[[State, Any], State]


def _checked_by_handler(state: State, action: Action) -> None:
    """The handler checks the action itself: a Deal, whose deck is checked only as it
    is dealt (R6, R10).
    """


_HANDLERS: dict[type[Any], _Handler] = {
    Deal: _Handler(_checked_by_handler, deal),
    Look: _Handler(betting.check_look, betting.look),
    Pack: _Handler(check_turn, betting.pack),
    AllIn: _Handler(betting.check_all_in, betting.all_in),
    Show: _Handler(betting.check_show, betting.show),
    Bet: _Handler(betting.check_bet, betting.bet),
    SideShow: _Handler(betting.check_sideshow, betting.sideshow),
    AcceptSideShow: _Handler(betting.check_accept, betting.accept_sideshow),
    RefuseSideShow: _Handler(betting.check_answer, betting.refuse_sideshow),
    Draw: _Handler(betting.check_draw, betting.draw),
}
"""Action class → its check and handler; every member of
:data:`~teenpatti_rules.actions.Action`."""
assert set(_HANDLERS) == set(ACTION_TYPES), "every action kind needs a handler"


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself is never changed.

    :param state: a :class:`~teenpatti_rules.state.State`.
    :param action: any :data:`~teenpatti_rules.actions.Action`; ``action.seat`` is
        who acts.
    :returns: the next :class:`~teenpatti_rules.state.State`.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.
    :raises ~teenpatti_rules.errors.UnreachableStateError: (a :class:`ValueError`)
        if ``state`` is not one the engine could reach (built with
        :func:`attrs.evolve`, say): see :mod:`teenpatti_rules.engine.trust`.
    :raises IllegalActionError: (a :class:`ValueError`) if the action is not legal
        now, before anything changes, or ``state`` is a
        :class:`~teenpatti_rules.views.View`; the message names the seat, the action and
        the reason, with the rule id. Also for an object that is not an action, a
        seat that does not exist, or a :class:`~teenpatti_rules.actions.Deal` with
        a bad deck.

    Implements R5–R42 (the rules pages, ``docs/rules/``): one function per action kind.
    """
    if not isinstance(state, State):
        raise TypeError(f"apply needs a State, not {type(state).__name__}")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise error_for(action, refuse("not_an_action", what=short(action)), whole=True)
    if state.is_view:
        raise error_for(action, refuse("view", action=action), whole=True)
    if not was_listed(state, action):  # else it is legal: legal_actions listed it
        require_reachable(state)
        handler.check(state, action)
    return vouch(handler.act(state, action))


def is_legal(state: State, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now: the one test of legality for any
    single action, including every amount of a bet range that :func:`legal_actions`
    does not list one by one (a no-limit table lists a few sizes, V3).

    :param state: a :class:`~teenpatti_rules.state.State` (a
        :class:`~teenpatti_rules.views.View` accepts nothing: apply actions to the full
        state).
    :param action: any object; a non-action is not legal.
    :returns: True if ``apply(state, action)`` returns a state, False if it raises
        :class:`~teenpatti_rules.errors.IllegalActionError`.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.

    Implements the same rules as :func:`apply` (R5–R42, V1–V21), by calling it.
    """
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True
