"""The reducer: :func:`apply` and :func:`legal_actions`.

Two small functions per action kind, each citing the rules it implements: a check
that refuses the action unless it is legal (with the refusal functions of
:mod:`teenpatti_rules.engine.questions`: a refusal carries a code, a rule id and a
sentence built only when read), and a handler that builds the next state; the input
state is never changed. Each action kind's record lives beside its rules, in the
module of its idea, which keeps one entry per kind in its table (``HANDLERS`` of
:class:`~.common.Handler`, the check built with :func:`~.common.checked` from the
refusal questions): :mod:`~teenpatti_rules.engine.deal` (dealing), :mod:`.betting`
(the turn actions and :func:`~.betting.after_turn`, what the rules say comes next),
:mod:`.table` (the open-table actions). The reducer reads the
entry of every member of the registry's union
(:data:`teenpatti_rules.actions.Action`) and names no kind; :mod:`.listing` lists
them (:func:`legal_actions`). An action that
:func:`legal_actions` listed for this very state (the same objects: the list is kept
on the state, see :mod:`.listing`) is legal by construction, so :func:`apply` skips its
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

from typing import Any

from ..actions import TURN_ACTION_TYPES, Action
from ..errors import IllegalActionError, StaleActionError
from ..limits import short
from ..state import State
from . import table
from .common import evolve_seat, evolve_state, with_seat
from .kinds import HANDLERS
from .listing import legal_actions, was_listed
from .refusals import error_for, refuse
from .trust import require_reachable, vouch

__all__ = ["apply", "is_legal", "legal_actions"]


_TURN_ACTIONS: frozenset[type[Any]] = frozenset(TURN_ACTION_TYPES)
_NO_RESET: frozenset[type[Any]] = frozenset(
    kind for kind, handler in HANDLERS.items() if handler.keeps_timeouts
)
"""The kinds that leave a player's timeouts in a row as they are (S6: a look, a timeout)."""


def apply(state: State, action: Action, *, turn: int | None = None) -> State:
    """The state after ``action``; ``state`` itself is never changed.

    :param state: a :class:`~teenpatti_rules.state.State`.
    :param action: any :data:`~teenpatti_rules.actions.Action`; ``action.seat`` is
        who acts.
    :param turn: None, or the turn number (:attr:`~teenpatti_rules.state.State.turn`)
        the action was meant for (S9): a turn action (a betting action, a sideshow
        answer, a draw, a timeout) applied when the table's turn number is another is
        refused as stale. Other actions ignore it.
    :returns: the next :class:`~teenpatti_rules.state.State`.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`, or
        ``turn`` is neither None nor an int (a bool, a float, a str; numpy integers:
        convert with ``int()``), for any action.
    :raises ~teenpatti_rules.errors.UnreachableStateError: (a :class:`ValueError`)
        if ``state`` is not one the engine could reach (built with
        :func:`attrs.evolve`, say): see :mod:`teenpatti_rules.engine.trust`.
    :raises ~teenpatti_rules.errors.StaleActionError: (an
        :class:`~teenpatti_rules.errors.IllegalActionError`, code ``"stale_turn"``) for a
        turn action at a turn that is not the table's (S9); nothing changes.
    :raises IllegalActionError: (a :class:`ValueError`) if the action is not legal
        now, before anything changes, or ``state`` is a
        :class:`~teenpatti_rules.views.View`; the message names the seat, the action and
        the reason, with the rule id. Also for an object that is not an action, a
        seat that does not exist, or a :class:`~teenpatti_rules.actions.Deal` with
        a bad deck.

    Implements R5–R42 and S1–S9 (the rules pages, ``docs/rules/``): one function per
    action kind. After it, the engine acts for a player who left during the hand
    whenever it must act (S4), and the turn number grows by one when the player who
    must act changed, at a deal and at the end of a hand (S9).
    """
    if not isinstance(state, State):
        raise TypeError(f"apply needs a State, not {type(state).__name__}")
    kind = type(action)
    handler = HANDLERS.get(kind)  # every kind's entry (.kinds): the reducer names none
    if handler is None:
        raise error_for(action, refuse("not_an_action", what=short(action)), whole=True)
    if state.is_view:
        raise error_for(action, refuse("view", action=action), whole=True)
    if turn is not None and type(turn) is not int:  # True == 1, 1.0 == 1: never a turn
        raise TypeError(f"turn must be an int turn number or None, not {short(turn)}")
    if turn is not None and kind in _TURN_ACTIONS and turn != state.turn:
        refusal = refuse("stale_turn", given=short(turn), turn=state.turn)
        raise StaleActionError(f"seat {action.seat} may not {action.doing}: {refusal}", action)
    if not was_listed(state, action):  # else it is legal: legal_actions listed it
        require_reachable(state)
        handler.check(state, action)
    after = handler.act(state, action)
    actor = after.actor
    if actor is not None and after.seats[actor].leaving:
        after = table.act_for_leavers(after)  # S4
    if kind not in _NO_RESET:  # S6: any action of its own but a look resets the count
        seat = action.seat
        if after.seats[seat].timeouts:
            after = evolve_state(
                after,
                seats=with_seat(after.seats, seat, evolve_seat(after.seats[seat], timeouts=0)),
            )
    changed = after.actor != state.actor or after.hand_number != state.hand_number
    turn = state.turn + changed  # S9: one more when the player who must act changed
    if after.turn != turn:  # the handlers count their own changes; one per action here
        after = evolve_state(after, turn=turn)
    return vouch(after)


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
