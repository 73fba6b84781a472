"""The storage under :class:`~teenpatti_rules.state.State` and its records: the
slot bases that let :func:`~teenpatti_rules.records.evolve` fill a copy with plain
stores, the engine's two private marks, and the converters that make every container
field an immutable copy (a list given by a caller is copied, so nothing outside a
record can change it later). No part of the public API: :mod:`teenpatti_rules.state`
builds its records on these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card
from .events import Event
from .records import EventLog, FrozenDict

__all__: list[str] = []


def _tuple(value: Any) -> Any:
    """A container field as a plain tuple: a list (or any iterable) given by a caller is
    copied, so that nothing outside the record can change it later (every container
    in a state is immutable, always; the state is checked once and then trusted).
    """
    if type(value) is tuple or isinstance(value, str) or not isinstance(value, Iterable):
        return value  # a tuple, or not a container at all: the checks refuse it
    return tuple(value)


def _places(value: Any) -> Any:
    """``placings`` / ``departed`` as a tuple of tuples (see :func:`_tuple`)."""
    if type(value) is tuple and all(type(place) is tuple for place in value):
        return value
    if isinstance(value, str) or not isinstance(value, Iterable):
        return value  # not a container: the checks refuse it
    return tuple(_tuple(place) for place in value)


class _SeatSlots:
    """The slots of :class:`~teenpatti_rules.state.Seat`'s fields, one per field (and
    ``__weakref__``): a plain class, so that :func:`~teenpatti_rules.records.evolve`
    fills a copy with plain stores before it becomes a
    :class:`~teenpatti_rules.state.Seat`. A field missing here still works, only slower
    (a test checks that none is missing).
    """

    __slots__ = (
        "__weakref__",
        "all_in",
        "blind_bets",
        "cards",
        "contributed",
        "in_hand",
        "in_session",
        "leaving",
        "missed_boot",
        "name",
        "sat_out",
        "seen",
        "sitting_out",
        "stack",
        "timeouts",
    )


def _frozen(value: Mapping[int, Any]) -> FrozenDict[int, Any]:
    """A private read-only copy, so that the record never shares a dict with anyone."""
    return value if isinstance(value, FrozenDict) else FrozenDict(value)


def _frozen_rounds(
    rounds: Sequence[Mapping[int, tuple[Card, ...]]],
) -> tuple[FrozenDict[int, tuple[Card, ...]], ...]:
    """Open-flush rounds as a tuple of read-only mappings of tuples (V16)."""
    if type(rounds) is tuple and all(
        isinstance(r, FrozenDict) and all(type(hand) is tuple for hand in r.values())
        for r in rounds
    ):
        return rounds
    return tuple(FrozenDict({seat: tuple(hand) for seat, hand in r.items()}) for r in rounds)


_NO_EVENTS: EventLog[Event] = EventLog()
"""The empty log (appending to it always starts a list of its own)."""


def _event_log(value: Iterable[Event]) -> EventLog[Event]:
    """``State.events`` as an :class:`~teenpatti_rules.records.EventLog` (itself if it
    is one; a tuple or any iterable of events is copied into one).
    """
    return value if isinstance(value, EventLog) else EventLog(value)


class _EngineMarks:
    """Two private slots of every :class:`~teenpatti_rules.state.State`, not fields: the
    engine's notes about this very object, filled by :mod:`teenpatti_rules.engine.trust` (and by
    :func:`~teenpatti_rules.state.new_session` for the state it builds) and
    :func:`~teenpatti_rules.engine.legal_actions`. A new object starts without them:
    the constructor, :func:`attrs.evolve`, :func:`~teenpatti_rules.records.evolve`,
    unpickling and the JSON readers carry no field that is not a field (and
    :func:`copy.copy` returns the state itself). Both notes are facts about the
    immutable value, so they never go stale.

    - ``_reachable``: True once the engine built this state or checked it with
      :func:`~teenpatti_rules.engine.invariants.check`;
    - ``_listed``: what :func:`~teenpatti_rules.engine.legal_actions` listed for it
      (None, set with ``_reachable`` by the engine, until it is listed).
    """

    __slots__ = ("_listed", "_reachable")
    if TYPE_CHECKING:  # not at run time: typing.get_type_hints(State) lists fields only
        _listed: tuple[Any, ...] | None  # the actions listed (Action: resolvable with any flag)
        _reachable: bool


class _StateSlots(_EngineMarks):
    """The slots of :class:`~teenpatti_rules.state.State`'s fields, one per field (and
    ``__weakref__``), like :class:`_SeatSlots`: the engine builds a state per action.
    """

    __slots__ = (
        "__weakref__",
        "actor",
        "chips_brought",
        "chips_taken",
        "dealer",
        "deck_left",
        "departed",
        "events",
        "hand_number",
        "indicator",
        "phase",
        "placings",
        "pot",
        "result",
        "rules",
        "seats",
        "seed",
        "session_winners",
        "sideshow",
        "stake",
        "turn",
        "undealt",
    )
