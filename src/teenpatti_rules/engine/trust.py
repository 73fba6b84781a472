"""Which states the engine may trust: its own, and others once checked.

:func:`~teenpatti_rules.engine.apply`, :func:`~teenpatti_rules.engine.legal_actions` and
:func:`~teenpatti_rules.views.view` call :func:`require_reachable` on the state they
are given. A state the library built itself (by :func:`~teenpatti_rules.state.new_session`,
:func:`~teenpatti_rules.engine.apply`, :func:`~teenpatti_rules.views.view` or
:func:`~teenpatti_rules.io.state_json.state_from_json`) is recognised by identity in a
cache of weak references (a dict lookup; it keeps no state alive, forgets a state when
it is freed, and holds at most :data:`KNOWN_STATES` entries); any other state
(one built with :func:`attrs.evolve`, unpickled, or built field by field) is checked
once with :func:`~teenpatti_rules.engine.invariants.check` (about 50 µs for 7 seats)
and refused with a :class:`ValueError` if the engine could not have reached it: a
negative stake would otherwise list ``Bet(1, -4)`` as legal.
"""

from __future__ import annotations

import weakref
from typing import Final, TypeVar

from ..errors import UnreachableStateError
from ..limits import short
from ..state import State
from .invariants import check

__all__ = ["KNOWN_STATES", "UnreachableStateError", "is_known", "require_reachable", "vouch"]

KNOWN_STATES: Final = 100_000
"""The most live states the cache recognises without a check; past it, new states are
not remembered (they are checked when they come back). Freed states leave the cache."""

S = TypeVar("S", bound=State)


class _Ref(weakref.ref[State]):
    """A weak reference that knows its cache key (the state's id), so that its
    callback needs no closure: about half the cost of a ``functools.partial`` per state.
    """

    __slots__ = ("key",)
    key: int


_KNOWN: dict[int, _Ref] = {}


def _forget(ref: _Ref) -> None:
    """A known state was freed: drop its entry (unless the id was reused meanwhile)."""
    key = ref.key
    if _KNOWN.get(key) is ref:
        _KNOWN.pop(key, None)


def vouch(state: S) -> S:
    """Remember ``state`` as one the library built (or checked); returns it."""
    if len(_KNOWN) < KNOWN_STATES:
        ref = _Ref(state, _forget)
        ref.key = key = id(state)
        _KNOWN[key] = ref
    return state


def is_known(state: State) -> bool:
    """Whether ``state`` is a live state the library built or checked."""
    ref = _KNOWN.get(id(state))
    return ref is not None and ref() is state


def require_reachable(state: State, name: str = "state") -> None:
    """Refuse a state the engine could not have reached.

    :param state: a :class:`~teenpatti_rules.state.State` (a view too).
    :param name: the parameter's name, for the message.
    :raises UnreachableStateError: (a :class:`ValueError`) naming the first two
        problems found by :func:`~teenpatti_rules.engine.invariants.check`, e.g.
        ``"state is not one the engine could reach: stake must not be negative @
        $.stake"``.
    """
    ref = _KNOWN.get(id(state))  # is_known(state), inline: it runs on every step
    if ref is not None and ref() is state:
        return
    try:
        problems = check(state)
    except Exception as error:  # a field of the wrong type, set with attrs.evolve
        problems = [f"a field holds a wrong value ({type(error).__name__}: {short(error)}) @ $"]
    if problems:
        shown = "; ".join(problems[:2])
        more = f" (and {len(problems) - 2} more)" if len(problems) > 2 else ""
        raise UnreachableStateError(f"{name} is not one the engine could reach: {shown}{more}")
    vouch(state)
