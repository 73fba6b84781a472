"""Per-seat event streams: what a server sends each seat after each change (R43).

A client starts from a :func:`~teenpatti_rules.views.view` (on connect, or to resync)
and then receives only what happened since: :func:`events_for` returns the events of
the session since a :class:`Cursor` that the seat (or the spectators, ``None``) may
see, and the next cursor; :func:`apply_events` applies them to the client's view. The
view it builds equals ``view(state, seat)`` after every step (a property test checks
it for every preset, every seat and the spectators).

A stream holds, in order:

- the events of the hand's log that the viewer may see, exactly as in its view's log
  (:func:`~teenpatti_rules.views.visible_event`);
- private events (:class:`CardsSeen`) right after the event that showed cards to the
  viewer alone: its own cards after it looks (R22) or draws (V20), a sideshow
  partner's under ``sideshow_reveal="private"`` (V17); only cards its view shows;
- last, one :class:`TableStatus`: the public fields of the viewer's view (stacks,
  pot, stake, whose turn, the last result ...), so that a client never has to redo
  the engine's bookkeeping, and new fields of the state reach it without a change
  here; only the seats the events name, and the last result only when it changed.

A cursor is ``(hand_number, position)``: a position in the viewer's log of that hand.
:meth:`Cursor.of` gives a view's cursor. A cursor of the hand in play, or of the
hand before it (the log starts again at each deal, and nothing of an earlier hand's
log stays in a view), is served; any other raises :class:`StaleCursorError`: the
client asks for a view.

>>> from teenpatti_rules import Deal, Look, apply, new_session, parse_cards, view
>>> state = new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
>>> state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
>>> mine = view(state, 1)
>>> state = apply(state, Look(1))
>>> events, cursor = events_for(state, 1, Cursor.of(mine))
>>> [type(event).__name__ for event in events]
['Looked', 'CardsSeen', 'TableStatus']
>>> events[1].cards == state.seats[1].cards, cursor
(True, Cursor(hand_number=1, position=5))
>>> apply_events(mine, events) == view(state, 1)
True
>>> [type(event).__name__ for event in events_for(state, 2, Cursor.of(mine))[0]]
['Looked', 'TableStatus']
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeAlias

import attrs

from .cards import Card
from .events import (
    EVENT_TYPES,
    SEAT,
    Drew,
    EventBase,
    HandStarted,
    Looked,
    PlayerJoined,
    Showdown,
    SideShowAccepted,
)
from .limits import exact_int, short
from .records import evolve
from .state import State
from .stream_status import _STATUS_NAMES, TableStatus, _Shared, _shared
from .views import (
    View,
    _viewer,
    _visible,
    view,
    visible_event,
)

__all__ = [
    "STREAM_EVENT_TYPES",
    "CardsSeen",
    "Cursor",
    "StaleCursorError",
    "StreamEvent",
    "TableStatus",
    "apply_events",
    "events_for",
]


@attrs.frozen(cache_hash=True)  # a key of the servers' caches: hashed often
class Cursor:
    """A place in a seat's stream: the hand and the position in its log as that seat
    sees it (the length of its view's log).

    :param hand_number: the hand (0 before the first deal).
    :param position: how many events of that hand's log the client has.
    """

    hand_number: int
    position: int

    @classmethod
    def of(cls, seen: State) -> Cursor:
        """The cursor of a view: the events it holds (:func:`events_for` continues there).

        :param seen: a :class:`~teenpatti_rules.views.View` (any state works: its log).
        :returns: ``Cursor(seen.hand_number, len(seen.events))``.
        """
        return cls(seen.hand_number, len(seen.events))


class StaleCursorError(ValueError):
    """A cursor :func:`events_for` cannot continue from: of a hand older than the one
    before the hand in play, or past the end of the log. The client asks for a view
    (``view(state, seat)``) and continues from its :meth:`Cursor.of`.

    :ivar cursor: the cursor given.
    """

    def __init__(self, message: str, cursor: Cursor) -> None:
        super().__init__(message)
        self.cursor = cursor


@attrs.frozen
class CardsSeen(EventBase):
    """Private: the cards of ``seat`` as the receiving viewer now sees them, sent to that
    viewer alone (never in a log): its own after it looks (R22) or draws (V20), a
    sideshow partner's under ``sideshow_reveal="private"`` (V17).

    :param seat: whose cards.
    :param cards: the cards, in the seat's order.
    """

    seat: int
    cards: tuple[Card, ...]

    public: typing.ClassVar[bool] = False


StreamEvent: TypeAlias = EventBase
"""An event of a stream: an :data:`~teenpatti_rules.events.Event`, a :class:`CardsSeen`
or a :class:`TableStatus`."""

STREAM_EVENT_TYPES: Final[tuple[type[Any], ...]] = (*EVENT_TYPES, CardsSeen, TableStatus)
"""Every class a stream may hold: the members of the Event union, then the stream's own."""


def _cursor(since: object) -> Cursor:
    if isinstance(since, Cursor):
        hand, position = since.hand_number, since.position
    elif (
        isinstance(since, Sequence)
        and not isinstance(since, str | bytes | bytearray)
        and len(since) == 2
    ):
        hand, position = since
    else:
        raise TypeError(f"since must be a Cursor (Cursor.of(view)), not {short(since)}")
    return Cursor(
        exact_int(hand, "since.hand_number", low=0), exact_int(position, "since.position", low=0)
    )


@functools.cache
def _seat_fields(cls: Any) -> tuple[tuple[str, str], ...] | None:
    """``(field, "one" | "many" | "records")`` of the fields of the event class ``cls``
    that name seats (their :data:`~teenpatti_rules.events.SEAT` metadata; a tuple of
    records that name seats), or None if it names none.
    """
    found: list[tuple[str, str]] = []
    for field in attrs.fields(cls):
        kind = field.metadata.get(SEAT)
        if kind is not None:
            found.append((field.name, kind))
            continue
        args = typing.get_args(typing.get_type_hints(cls)[field.name])
        if args and attrs.has(args[0]) and _seat_fields(args[0]):
            found.append((field.name, "records"))
    return tuple(found) or None


def _named_seats(event: Any) -> list[int] | None:
    """The seats ``event`` names, or None if it names none (then any seat may have
    changed, as far as this module knows: fail safe).
    """
    kind: Any = type(event)
    fields = _seat_fields(kind)
    if fields is None:
        return None
    seats: list[int] = []
    for name, kind in fields:
        value = getattr(event, name)
        if kind == "one":
            seats.append(value)
        elif kind == "many":
            seats.extend(value)
        else:
            for item in value:
                seats.extend(_named_seats(item) or ())
    return seats


def events_for(
    state: State, seat: int | None, since: Cursor
) -> tuple[tuple[StreamEvent, ...], Cursor]:
    """What ``seat`` may see of the session since ``since``, and the next cursor (R43).

    It reads only the log's events after the cursor (each judged by
    :func:`~teenpatti_rules.views.visible_event`, as :func:`~teenpatti_rules.views.view`
    judges them) and builds the :class:`TableStatus` from the state's public fields, so
    a call costs in proportion to the new events, not to the hand's log; what every
    viewer shares (the status, the cards-free seats, the seats turned up, and the whole
    stream when it holds only public events none of which shows cards privately) is
    worked out once per state and reused for the other viewers of the same state.

    :param state: the table's full :class:`~teenpatti_rules.state.State` (a view
        works too, and never shows more).
    :param seat: the viewing seat's number, or None for the spectators.
    :param since: the client's :class:`Cursor` (from :meth:`Cursor.of` of its view, or
        returned by the previous call); a pair ``(hand_number, position)`` is accepted.
    :returns: ``(events, cursor)``: the viewer's log events after the cursor, each
        followed by the private :class:`CardsSeen` events it brings that viewer, then
        one :class:`TableStatus`; and the cursor after them. Events of the hand before
        the cursor's hand are not sent again: a cursor of the previous hand gets the
        current hand's log from its start.
    :raises StaleCursorError: (a :class:`ValueError`) for a cursor of an older hand, of
        a later hand, or past the end of the log: ask for a view.
    :raises ValueError: for a seat that is not a seat number, or a cursor of negative
        numbers; as :class:`~teenpatti_rules.engine.trust.UnreachableStateError` for a
        state the engine could not reach.
    :raises TypeError: for a state that is not a State or a cursor that is not one.
    """
    cursor = _cursor(since)
    viewer = _viewer(state, seat)
    if not _positions_kept():  # pragma: no cover - every event class of the library keeps
        return _events_from_view(state, viewer, cursor)
    log = state.events
    hand = state.hand_number
    start = _start(cursor, hand, len(log))
    shared = _shared(state)
    found = shared.plain.get(cursor)
    if found is not None:  # only public events, none showing cards: every viewer's
        return found
    private = viewer is not None
    plain = True  # so far the same for every viewer
    out: list[StreamEvent] = []
    new_hand = start == 0 and cursor.hand_number != hand
    changed: list[int] | None = None if new_hand else []
    for index in range(start, len(log)):
        logged = log[index]
        if isinstance(logged, EventBase) and logged.public:
            event: Any = logged  # visible_event's answer for a public event, inline
            if plain and isinstance(logged, _SHOWING):
                plain = False
        else:
            plain = False
            event = visible_event(state, logged, viewer)
            if event is None:  # pragma: no cover - a foreign event: the view decides
                return _events_from_view(state, viewer, cursor)
        out.append(event)
        if changed is not None:
            changed = _note_changed(changed, event)
        if not private:
            continue
        shown = _shown_to(event, viewer)
        if shown is not None:
            cards = state.seats[shown].cards
            if cards and _visible(state, viewer, shown, shared.turned_up, shared.pairs):
                out.append(CardsSeen(shown, cards))
    out.append(shared.status(changed, new_hand or changed is None))
    made = (tuple(out), Cursor(hand, len(log)))
    if plain and len(shared.plain) < _PLAIN_SIZE:
        shared.plain[cursor] = made
    return made


_SHOWING: Final = (Looked, Drew, SideShowAccepted)
"""The public events that show cards to some viewers privately (``_shown_to``: keep
the two in step): a stream holding one differs from viewer to viewer."""

_PLAIN_SIZE: Final = 64
"""The most viewer-independent streams kept per state (one per distinct cursor)."""


def _note_changed(changed: list[int], event: Any) -> list[int] | None:
    """``changed`` (the seats a stream's status must send) extended by the seats
    ``event`` names, or None when every seat may have changed: a deal, or an event that
    names no seat.
    """
    named = None if isinstance(event, HandStarted) else _named_seats(event)
    if named is None:
        return None
    changed.extend(named)
    return changed


def _shown_to(event: Any, viewer: int | None) -> int | None:
    """The seat whose cards ``event`` shows privately to ``viewer``, or None: the viewer's
    own after looking (R22) or drawing (V17), the other party's after an accepted
    sideshow (R31, R43); None for the spectators (``viewer`` None).
    """
    if isinstance(event, Looked | Drew):
        return event.seat if event.seat == viewer else None
    if isinstance(event, SideShowAccepted) and viewer in (event.asker, event.target):
        return event.target if viewer == event.asker else event.asker
    return None


def _start(cursor: Cursor, hand: int, length: int) -> int:
    """Where the stream of ``cursor`` starts in the log of ``hand`` (``length`` events).

    :raises StaleCursorError: for a cursor of another hand than ``hand`` or the one
        before it, or past the end of the log.
    """
    if cursor.hand_number == hand:
        if cursor.position > length:
            raise StaleCursorError(
                f"cursor position {cursor.position} is past the end of hand {hand}'s log "
                f"({length} events): ask for a view",
                cursor,
            )
        return cursor.position
    if cursor.hand_number == hand - 1:
        return 0
    raise StaleCursorError(
        f"cursor of hand {cursor.hand_number}, but the table is at hand {hand}: ask for a view",
        cursor,
    )


@functools.cache
def _positions_kept() -> bool:
    """Whether every event class keeps its place in every view's log: public, or its
    :meth:`~teenpatti_rules.events.EventBase.visible_part` never returns None (its
    return annotation says so). Then a position in a viewer's log is the same position
    in the state's log, and :func:`events_for` reads the state's log after the cursor.
    """
    for cls in EVENT_TYPES:
        if cls.public:
            continue
        returns = typing.get_type_hints(cls.visible_part).get("return")
        if not (isinstance(returns, type) and issubclass(returns, EventBase)):
            return False
    return True


def _events_from_view(
    state: State, viewer: int | None, cursor: Cursor
) -> tuple[tuple[StreamEvent, ...], Cursor]:
    """:func:`events_for` through a whole view (every event of the hand judged again):
    for a log with an event a view may leave out, which moves the positions after it.
    """
    seen = view(state, viewer)
    log = seen.events
    hand = seen.hand_number
    start = _start(cursor, hand, len(log))
    out: list[StreamEvent] = []
    new_hand = start == 0 and cursor.hand_number != hand
    changed: list[int] | None = None if new_hand else []
    for event in log[start:]:
        out.append(event)
        if changed is not None:
            changed = _note_changed(changed, event)
        if viewer is None:
            continue
        shown = _shown_to(event, viewer)
        if shown is not None and seen.seats[shown].cards:
            out.append(CardsSeen(shown, seen.seats[shown].cards))
    out.append(_Shared(seen).status(changed, new_hand or changed is None))
    return tuple(out), Cursor(hand, len(log))


def apply_events(seen: View, events: Iterable[StreamEvent]) -> View:
    """The client's view after a stream from :func:`events_for` (R43).

    :param seen: the client's :class:`~teenpatti_rules.views.View` (from
        :func:`~teenpatti_rules.views.view`, a view document, or the previous call).
    :param events: the stream's events, in order, from the cursor of ``seen``.
    :returns: the new view: the log extended (started again at a
        :class:`~teenpatti_rules.events.HandStarted`), cards set by
        :class:`CardsSeen` and :class:`~teenpatti_rules.events.Showdown` events and
        hidden again when a privately seen seat draws (V17, V20) and when a new
        player takes the chair (S3), every other field
        from the last :class:`TableStatus`. Equal to ``view(state, seat)`` when the
        events are ``events_for(state, seat, Cursor.of(seen))[0]``.
    :raises TypeError: if ``seen`` is not a View, ``events`` is not an iterable (a str
        or bytes neither), or an event is not an event.
    :raises ValueError: for an event that names a seat the table does not have.
    """
    if not isinstance(seen, View):
        raise TypeError(f"apply_events needs a View, not {short(seen)}")
    if not isinstance(events, Iterable) or isinstance(events, str | bytes | bytearray):
        raise TypeError(f"apply_events needs an iterable of events, not {short(events)}")
    viewer = seen.seat
    cards: list[tuple[Card, ...]] = [seat.cards for seat in seen.seats]
    log: list[Any] = list(seen.events)
    status: Any = None

    def place(index: int) -> int:
        if type(index) is not int or not 0 <= index < len(cards):
            raise ValueError(f"an event names seat {short(index)}, not a seat of this table")
        return index

    for event in events:
        if isinstance(event, TableStatus):
            status = event
        elif isinstance(event, CardsSeen):
            cards[place(event.seat)] = event.cards
        elif isinstance(event, EventBase):
            if isinstance(event, HandStarted):
                log, cards = [], [() for _ in cards]
            log.append(event)
            if isinstance(event, Showdown):
                for hand in event.hands:
                    cards[place(hand.seat)] = hand.cards
            elif isinstance(event, Drew) and event.seat != viewer:
                cards[place(event.seat)] = ()  # V17: a partner's new cards are not shown
            elif isinstance(event, PlayerJoined):
                cards[place(event.seat)] = ()  # S3: the chair's last player's cards go
        else:
            raise TypeError(f"not an event of a stream: {short(event)}")
    values = {name: getattr(seen, name) for name in _STATUS_NAMES}
    seats = list(seen.seats)
    if status is not None:
        values.update((name, getattr(status, name)) for name in _STATUS_NAMES)
        if status.result_kept:
            values["result"] = seen.result
        for index, seat in status.seats.items():
            seats[place(index)] = seat
    values["seats"] = tuple(
        seat if seat.cards == cards[index] else evolve(seat, cards=cards[index])
        for index, seat in enumerate(seats)
    )
    return View(rules=seen.rules, seed=None, events=tuple(log), undealt=(), seat=viewer, **values)
