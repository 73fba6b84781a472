"""What one seat may know: :func:`view` (R43).

A view (:class:`View`, a :class:`~teenpatti_rules.state.State`) is the state with everything the
seat may not know taken out:

- the session seed is None (it would give away every deck); undealt cards (kept
  only by tables that deal from them later, V16, V20) are ``()``;
- a seat's own cards are visible to it only once it has looked (``seen``); a blind
  player's own cards are hidden from it too, during the hand and after it (R22, R43);
- other seats' cards are visible only once turned up by a show (R35) or a showdown
  (R37, R38, R40, R12) of the current or last hand, until the next deal; packed hands
  and sideshow hands are never visible (R32), except under
  ``sideshow_reveal="private"``: after an accepted sideshow each of its two players
  sees the other's cards until the next deal (V17), nobody else does;
- open-flush cards (V16) were dealt face up: public, in the result and the log;
- hidden cards are replaced by ``()``; every other field is public and kept, among
  them the last hand's result (winnings and the names of the hands it turned up),
  which stays during the next hand as it does in the State: it was public;
- the event log goes through :func:`visible_event`, which decides event by event.

Because a view is a State, everything that needs neither the seed nor hidden cards
works on it: :func:`~teenpatti_rules.engine.legal_actions`, the helpers of
:mod:`teenpatti_rules.engine.questions`, the automatic players of
:mod:`teenpatti_rules.players`. Views are for showing and deciding: its type,
:class:`View`, says what it is, and :func:`~teenpatti_rules.engine.apply` refuses a
view at once with :class:`~teenpatti_rules.errors.IllegalActionError`.

>>> from teenpatti_rules import Deal, Look, apply, new_session, parse_cards
>>> state = new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
>>> state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
>>> state = apply(state, Look(1))
>>> mine = view(state, 1)
>>> [len(seat.cards) for seat in mine.seats], mine.seed
([0, 3, 0], None)
>>> [len(seat.cards) for seat in view(state, None).seats]
[0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Container
from typing import ClassVar

import attrs

from .engine.questions import is_seat
from .engine.trust import require_reachable, vouch
from .events import Drew, Event, EventBase, SideShowAccepted
from .limits import short
from .records import evolve, record
from .state import Seat, State

__all__ = ["View", "may_see_cards", "view", "visible_event"]


@record
@attrs.frozen
class View(State):
    """A :class:`~teenpatti_rules.state.State` as one seat (or a spectator) may know it:
    what :func:`view` returns. Its type says it is a view: the seed is None and hidden
    cards are ``()``. :func:`~teenpatti_rules.engine.apply` refuses a view at once
    (apply actions to the full state); everything else that reads a state works on it.

    :param seat: whose view it is: the viewing seat's number, or None for the
        spectators (R43). An automatic player reads it
        (``choose(view, rng)``); a view document carries it.
    """

    #: The viewing seat's number, or None for the spectators (R43).
    seat: int | None = None

    is_view: ClassVar[bool] = True


def _check_viewer(state: State, seat: object) -> int | None:
    if seat is None:
        return None
    if not is_seat(state, seat):
        raise ValueError(
            f"a view is for a seat number 0..{len(state.seats) - 1} or None (spectators), "
            f"not {short(seat)}"
        )
    assert isinstance(seat, int)
    return seat


def _viewer(state: object, seat: object) -> int | None:
    """The checks of :func:`view` (and of :func:`~teenpatti_rules.stream.events_for`):
    ``state`` is a State the engine could reach, ``seat`` a seat number or None.

    :returns: the viewing seat, or None for the spectators.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.
    :raises ValueError: for a seat that is not a seat number; as
        :class:`~teenpatti_rules.errors.UnreachableStateError` for an unreachable state.
    """
    if not isinstance(state, State):
        raise TypeError(f"view needs a State as state, not {type(state).__name__}")
    require_reachable(state)
    return _check_viewer(state, seat)


def _turned_up(state: State) -> Container[int]:
    """The seats whose hands were turned up in the current or last hand (R35, R40, R43)."""
    result = state.result
    if result is None or result.hand_number != state.hand_number:
        return frozenset()
    return result.shown


def _private_pairs(state: State) -> frozenset[tuple[int, int]]:
    """(viewer, seat) pairs of the accepted sideshows of the current or last hand, on a
    ``sideshow_reveal="private"`` table: each player sees the other's cards (V17).

    A seat that draws after the sideshow (V20) leaves every pair in which it is the seen
    seat: its new cards were never compared, and a seat's cards are shown whole or not
    at all, so its partner no longer sees them (this library's choice; RULES.md is
    silent on V17 with V20).
    """
    if state.rules.sideshow_reveal != "private":
        return frozenset()
    pairs: set[tuple[int, int]] = set()
    for event in state.events:
        if isinstance(event, SideShowAccepted):
            pairs.add((event.asker, event.target))
            pairs.add((event.target, event.asker))
        elif isinstance(event, Drew) and pairs:
            pairs = {pair for pair in pairs if pair[1] != event.seat}
    return frozenset(pairs)


def may_see_cards(state: State, viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` may see the cards of ``seat`` in ``state`` (R43).

    :param state: any :class:`~teenpatti_rules.state.State` (a view too).
    :param viewer: a seat number, or None for a spectator.
    :param seat: the seat whose cards are asked about.
    :returns: True when ``seat`` is the viewer's own seat and it has looked (R22),
        or when ``seat``'s hand was turned up by a show or showdown of the current or
        last hand (R35, R37, R38, R40), until the next deal, or when the two played
        an accepted sideshow of that hand on a ``sideshow_reveal="private"`` table
        (V17) and ``seat`` has not drawn since (V20). False otherwise: a blind
        player's own cards, packed hands, sideshow hands (R32).

    >>> from teenpatti_rules import new_session
    >>> may_see_cards(new_session(["A", "B", "C"], seed=1), 0, 0)
    False
    """
    return _visible(state, viewer, seat, _turned_up(state), _private_pairs(state))


def _visible(
    state: State,
    viewer: int | None,
    seat: int,
    turned_up: Container[int],
    pairs: Container[tuple[int, int]] = frozenset(),
) -> bool:
    """The rule of :func:`may_see_cards`, with the turned-up seats (and the private
    sideshow pairs, V17) computed once by the caller.
    """
    return (
        seat in turned_up
        or (seat == viewer and state.seats[seat].seen)
        or (viewer is not None and (viewer, seat) in pairs)
    )


def visible_event(state: State, event: Event, viewer: int | None) -> Event | None:
    """The form of ``event`` that ``viewer`` may see, or None to leave it out (R43).

    This is the one place that decides, event by event, what a view's log holds,
    from what each event class declares (:class:`~teenpatti_rules.events.EventBase`):
    a public event (seats, chips and stakes only; a sideshow names only who packed,
    R32) is returned unchanged; any other is asked for its
    :meth:`~teenpatti_rules.events.EventBase.visible_part` with :func:`may_see_cards`
    as the judge (a :class:`~teenpatti_rules.events.Showdown` keeps only the hands
    the viewer may see). A non-public event that does not say what it may show is
    left out (fail closed).

    :param state: the state whose log holds ``event``.
    :param event: one event of ``state.events``.
    :param viewer: a seat number, or None for a spectator.
    :returns: the event itself, a copy with hidden parts removed, or None.
    """
    if not isinstance(event, EventBase):
        return None  # not an event of this library: fail closed
    if event.public:
        return event
    shown: Event | None = event.visible_part(  # type: ignore[assignment]
        lambda seat: may_see_cards(state, viewer, seat)
    )
    return shown


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know of ``state`` (R43); ``seat=None`` is the spectators' view.

    Hidden cards become ``()``, the seed becomes None, and the event log keeps
    what :func:`visible_event` allows. Every other field (stacks, pot, stake,
    who is seen or blind, the pending sideshow, the last result with its turned-up
    hands, the indicator of a joker or hukam table, W5) is public and kept. Seats
    whose cards are visible or empty are reused, not rebuilt, so a view costs a few
    microseconds (about 7 µs for 7 seats and 35 events).

    :param state: a :class:`~teenpatti_rules.state.State` (a view is accepted too:
        viewing a view never reveals more).
    :param seat: the viewing seat, an int in ``0..len(state.seats) - 1``, or None
        for a spectator.
    :returns: a :class:`View` whose :attr:`View.seat` is ``seat`` (``state`` is not
        changed).
    :raises ValueError: if ``seat`` is neither None nor a seat number (a bool is not
        a seat number); as :class:`~teenpatti_rules.errors.UnreachableStateError`
        if ``state`` is not one the engine could reach.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.

    >>> from teenpatti_rules import new_session
    >>> view(new_session(["A", "B", "C"], seed=1), 3)
    Traceback (most recent call last):
    ...
    ValueError: a view is for a seat number 0..2 or None (spectators), not 3
    """
    viewer = _viewer(state, seat)
    turned_up = _turned_up(state)
    pairs = _private_pairs(state)
    old_seats = state.seats
    new_seats: list[Seat] | None = None
    for index, player in enumerate(old_seats):
        if not player.cards or _visible(state, viewer, index, turned_up, pairs):
            continue
        if new_seats is None:
            new_seats = list(old_seats)
        new_seats[index] = evolve(player, cards=())
    events = state.events
    kept: list[Event] | None = None
    for position, event in enumerate(events):
        shown = visible_event(state, event, viewer)
        if shown is event and kept is None:
            continue
        if kept is None:
            kept = list(events[:position])
        if shown is not None:
            kept.append(shown)
    result = state.result
    if result is not None and result.open_flush and result.hand_number != state.hand_number:
        result = evolve(result, open_flush=())  # V16: face up only until the next deal
    if (
        new_seats is None
        and kept is None
        and type(state) is View
        and state.seat == viewer
        and not state.undealt
        and result is state.result
    ):
        return state
    return vouch(
        View(
            state.rules,
            None,
            state.phase,
            state.hand_number,
            state.dealer,
            state.pot,
            state.stake,
            state.actor,
            old_seats if new_seats is None else tuple(new_seats),
            state.sideshow,
            result,
            state.session_winners,
            events if kept is None else tuple(kept),
            state.placings,
            state.departed,
            (),
            state.deck_left,
            indicator=state.indicator,  # V8 W5: public to every player and spectator
            seat=viewer,
            turn=state.turn,  # S9, S8: public
            chips_brought=state.chips_brought,
            chips_taken=state.chips_taken,
        )
    )
