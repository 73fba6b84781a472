"""The public status a stream ends with (:class:`~teenpatti_rules.stream.TableStatus`,
built from the fields of :class:`~teenpatti_rules.views.View`) and what every viewer of
one state shares while :func:`~teenpatti_rules.stream.events_for` streams it: the seats
turned up, the private sideshow pairs, the statuses already built and the seats without
their cards (R43, V17). :mod:`teenpatti_rules.stream` re-exports :data:`TableStatus`;
that is where it is documented and where its objects say they come from.
"""

from __future__ import annotations

import contextlib
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from .actions import Action
from .events import EventBase
from .records import FrozenDict, evolve
from .state import Seat, State
from .views import View, _private_pairs, _turned_up

__all__ = ["TableStatus"]


_NOT_STATUS: Final = frozenset({"rules", "seed", "events", "undealt", "seat"})
"""View fields a status leaves out: the rules (sent once), what a view never shows,
the log (the stream's events are the log), and whose view it is."""


def _frozen_seats(value: Any) -> FrozenDict[int, Seat]:
    return value if isinstance(value, FrozenDict) else FrozenDict(value)


def _make_status_class() -> type[Any]:
    """:class:`TableStatus`, built from the fields of :class:`~teenpatti_rules.views.View`
    (every one but :data:`_NOT_STATUS`): a new public field of the state is in the status.
    """
    # the names that annotations only type checkers import may read (State's private
    # slots name Action under TYPE_CHECKING, which some tools, Sphinx among them, set)
    hints = typing.get_type_hints(View, localns={"Action": Action})
    hints["seats"] = Mapping[int, Seat]
    hints["result_kept"] = bool
    fields: dict[str, Any] = {}
    for field in attrs.fields(View):
        if field.name in _NOT_STATUS:
            continue
        converter = _frozen_seats if field.name == "seats" else field.converter
        fields[field.name] = attrs.field(
            type=hints[field.name], default=field.default, converter=converter
        )
    fields["result_kept"] = attrs.field(type=bool, default=False)
    cls = attrs.make_class("TableStatus", fields, bases=(EventBase,), frozen=True)
    cls.__annotations__ = {name: hints[name] for name in fields}
    cls.__module__ = "teenpatti_rules.stream"  # documented and pickled there (re-exported)
    cls.__doc__ = """The public part of the viewer's view after the stream's events: every
    field of :class:`~teenpatti_rules.views.View` but the rules, the seed, the undealt
    cards, the log and the viewing seat (R43), with two savings:

    - ``seats`` maps seat number to :class:`~teenpatti_rules.state.Seat` (without its
      cards, which the stream's events bring) for the seats that may have changed since
      the cursor: those the stream's events name (their seat fields), or every seat
      after a deal, after an event that names no seat, or from the previous hand's
      cursor; the others are the client's own;
    - ``result_kept`` True says the last result is the client's own (it changes only
      when a hand ends); ``result`` is then None.

    Public: every viewer gets the same one.
    """
    return cls


TableStatus: Any = _make_status_class()


_STATUS_NAMES: Final = tuple(
    field.name for field in attrs.fields(TableStatus) if field.name != "result_kept"
)


class _Shared:
    """What every viewer of one state shares: the seats turned up and the private
    sideshow pairs (R43, V17), and the :class:`TableStatus` objects already built, by
    the seats they name and whether the result is the client's own.

    :param state: the state (or a view: its fields are public).
    """

    __slots__ = ("_statuses", "pairs", "plain", "state", "turned_up")

    def __init__(self, state: State) -> None:
        self.state = state
        self.turned_up = _turned_up(state)
        self.pairs = _private_pairs(state)
        self._statuses: dict[tuple[tuple[int, ...] | None, bool], Any] = {}
        self.plain: dict[Any, tuple[tuple[Any, ...], Any]] = {}
        """The streams that are the same for every viewer (only public events, none
        showing cards privately), by the cursor they start from (R43): built for the
        first viewer, shared with the others."""

    def status(self, changed: Iterable[int] | None, new_hand: bool) -> Any:
        """The status after the stream's events: the ``changed`` seats (None: all), the
        result unless the client has it (no hand ended or started since its cursor).
        """
        state = self.state
        seats = None if changed is None else tuple(sorted(set(changed)))
        result = state.result
        kept = not new_hand and (result is None or result.hand_number != state.hand_number)
        key = (seats, kept)
        found = self._statuses.get(key)
        if found is not None:
            return found
        every = state.seats
        indices = range(len(every)) if seats is None else seats
        values = {name: getattr(state, name) for name in _STATUS_NAMES}
        values["seats"] = {index: _bare(every[index]) for index in indices}
        if result is not None and result.open_flush and result.hand_number != state.hand_number:
            result = evolve(result, open_flush=())  # V16: as views show it (view)
        values["result"] = result
        if kept:
            values["result"], values["result_kept"] = None, True
        found = self._statuses[key] = TableStatus(**values)
        return found


_BARE: dict[int, tuple[Seat, Seat]] = {}
"""Seats without their cards, by the identity of the seat with them (the engine keeps
a seat's record from state to state while it does not change)."""


def _bare(seat: Seat) -> Seat:
    """``seat`` without its cards (itself when it has none), built once per seat record."""
    if not seat.cards:
        return seat
    found = _BARE.get(id(seat))
    if found is not None and found[0] is seat:
        return found[1]
    if len(_BARE) >= 4096:  # bounded: the seats of the last few thousand changes
        _BARE.clear()
    bare = evolve(seat, cards=())
    _BARE[id(seat)] = (seat, bare)
    return bare


_SHARED: list[_Shared] = []
"""The last states' shared parts, newest last (a few: the tables of a server take
turns, and each state is streamed to all its viewers at once)."""

_SHARED_SIZE: Final = 8


def _shared(state: State) -> _Shared:
    """The :class:`_Shared` of ``state``, built once while it is among the last few
    states streamed (by identity: states are immutable).
    """
    for found in reversed(_SHARED):
        if found.state is state:
            return found
    found = _Shared(state)
    _SHARED.append(found)
    if len(_SHARED) > _SHARED_SIZE:
        with contextlib.suppress(IndexError):  # another thread's call took it first
            del _SHARED[0]
    return found
