"""Which states the engine may trust: its own, and others once checked.

:func:`~teenpatti_rules.engine.apply`, :func:`~teenpatti_rules.engine.legal_actions` and
:func:`~teenpatti_rules.views.view` call :func:`require_reachable` on the state they
are given. A state the library built itself (by :func:`~teenpatti_rules.state.new_session`,
:func:`~teenpatti_rules.engine.apply`, :func:`~teenpatti_rules.views.view` or
:func:`~teenpatti_rules.io.state_json.state_from_json`) is known by construction: the
engine marks it in a private slot of the object (not a field: it takes no part in
equality, ``repr`` or any document). A state built any other way does not carry the
mark: one built with :func:`attrs.evolve` or
:func:`~teenpatti_rules.records.evolve`, unpickled, read by a trusted JSON reader or
built field by field. Such a state is checked once with
:func:`~teenpatti_rules.engine.invariants.check` (about 50 µs for 7 seats), marked
when it passes, and refused with :class:`UnreachableStateError` (a
:class:`ValueError`) if the engine could not have reached it: a negative stake would
otherwise list ``Bet(1, -4)`` as legal. (:func:`copy.copy` and :func:`copy.deepcopy`
of a state return the state itself.)

There is no registry: the cost of a step does not depend on how many states are alive.
"""

from __future__ import annotations

from typing import TypeVar

from ..errors import UnreachableStateError
from ..limits import short
from ..state import State
from .invariants import check

__all__ = ["UnreachableStateError", "is_known", "require_reachable", "vouch"]

#: A type variable: a :class:`~teenpatti_rules.state.State` or a subclass (a view).
S = TypeVar("S", bound=State)

_mark = object.__setattr__
"""Sets a private slot of a frozen record (its ``__setattr__`` refuses every name)."""


def vouch(state: S) -> S:
    """Mark ``state`` as one the library built (or checked); returns it.

    :param state: a :class:`~teenpatti_rules.state.State` the engine just built or
        checked: the mark means the engine may act on it without a check.
    :returns: ``state`` itself.
    """
    _mark(state, "_reachable", True)
    _mark(state, "_listed", None)  # not listed yet (a slot that is set reads without a miss)
    return state


def is_known(state: State) -> bool:
    """Whether ``state`` is marked as one the library built or checked (see the module).

    :param state: a :class:`~teenpatti_rules.state.State`.
    :returns: True if the engine acts on it without a check.
    """
    return getattr(state, "_reachable", False) is True


def require_reachable(state: State, name: str = "state") -> None:
    """Refuse a state the engine could not have reached; mark it once it is checked.

    :param state: a :class:`~teenpatti_rules.state.State` (a view too).
    :param name: the parameter's name, for the message.
    :raises UnreachableStateError: (a :class:`ValueError`) naming the first two
        problems found by :func:`~teenpatti_rules.engine.invariants.check`, e.g.
        ``"state is not one the engine could reach: stake must not be negative @
        $.stake"``.
    """
    if getattr(state, "_reachable", False):  # is_known(state), inline: it runs every step
        return
    try:
        problems = check(state)
    except Exception as error:  # a field of the wrong type, set with attrs.evolve
        problems = [f"a field holds a wrong value ({type(error).__name__}: {short(error)}) @ $"]
    if problems:
        shown = "; ".join(problems[:2])
        more = f" (and {len(problems) - 2} more)" if len(problems) > 2 else ""
        raise UnreachableStateError(f"{name} is not one the engine could reach: {shown}{more}")
    _mark(state, "_reachable", True)
