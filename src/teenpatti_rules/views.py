"""What one seat may know: :func:`view` (R43).

A view is an ordinary :class:`~teenpatti_rules.state.State` with everything the
seat may not know taken out:

- the session seed is None (it would give away every deck); undealt cards are never
  stored in a state at all;
- a seat's own cards are visible to it only once it has looked (``seen``); a blind
  player's own cards are hidden from it too, during the hand and after it (R22, R43);
- other seats' cards are visible only once turned up by a show (R35) or a showdown
  (R37, R38, R40, R12) of the current or last hand, until the next deal; packed hands
  and sideshow hands are never visible (R32);
- hidden cards are replaced by ``()``; every other field is public and kept, among
  them the last hand's result (winnings and the names of the hands it turned up),
  which stays during the next hand as it does in the State: it was public;
- the event log goes through :func:`visible_event`, which decides event by event.

Because a view is a State, everything that needs neither the seed nor hidden cards
works on it: :func:`~teenpatti_rules.engine.legal_actions`, the helpers of
:mod:`teenpatti_rules.options`, the automatic players of :mod:`teenpatti_rules.bots`.
Views are for showing and deciding; apply actions to the full state. (Applied to a
view, an action that compares hands, such as a show or an accepted sideshow, is
refused with :class:`~teenpatti_rules.errors.IllegalActionError`, and a deal without
a deck too: the view has no seed.)

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

from .events import (
    BetMade,
    BootPosted,
    Event,
    HandStarted,
    Looked,
    Packed,
    Payout,
    SeatLeft,
    SessionEnded,
    ShowAsked,
    Showdown,
    SideShowAccepted,
    SideShowAsked,
    SideShowRefused,
    WentAllIn,
)
from .options import is_seat
from .state import Seat, State, replace_seat, replace_state

__all__ = ["may_see_cards", "view", "visible_event"]

_PUBLIC_EVENTS: frozenset[type] = frozenset(
    {
        HandStarted,
        BootPosted,
        Looked,
        BetMade,
        WentAllIn,
        Packed,
        SideShowAsked,
        SideShowAccepted,
        SideShowRefused,
        ShowAsked,
        Payout,
        SeatLeft,
        SessionEnded,
    }
)
"""Event types that never carry a card or a hand (seats, chips and stakes only)."""


def _check_viewer(state: State, seat: object) -> int | None:
    if seat is None:
        return None
    if not is_seat(state, seat):
        raise ValueError(
            f"a view is for a seat number 0..{len(state.seats) - 1} or None (spectators), "
            f"not {seat!r}"
        )
    assert isinstance(seat, int)
    return seat


def _turned_up(state: State) -> Container[int]:
    """The seats whose hands were turned up in the current or last hand (R35, R40, R43)."""
    result = state.result
    if result is None or result.hand_number != state.hand_number:
        return frozenset()
    return result.shown


def may_see_cards(state: State, viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` may see the cards of ``seat`` in ``state`` (R43).

    :param state: any :class:`~teenpatti_rules.state.State` (a view too).
    :param viewer: a seat number, or None for a spectator.
    :param seat: the seat whose cards are asked about.
    :returns: True when ``seat`` is the viewer's own seat and it has looked (R22),
        or when ``seat``'s hand was turned up by a show or showdown of the current or
        last hand (R35, R37, R38, R40), until the next deal. False otherwise: a
        blind player's own cards, packed hands, sideshow hands (R32).

    >>> from teenpatti_rules import new_session
    >>> may_see_cards(new_session(["A", "B", "C"], seed=1), 0, 0)
    False
    """
    return _visible(state, viewer, seat, _turned_up(state))


def _visible(state: State, viewer: int | None, seat: int, turned_up: Container[int]) -> bool:
    """The rule of :func:`may_see_cards`, with the turned-up seats computed once by the caller."""
    return seat in turned_up or (seat == viewer and state.seats[seat].seen)


def visible_event(state: State, event: Event, viewer: int | None) -> Event | None:
    """The form of ``event`` that ``viewer`` may see, or None to leave it out (R43).

    This is the one place that decides, event by event, what a view's log holds.
    Today every event of the engine is public by design (see
    :mod:`teenpatti_rules.events`): events carry seats, chips and stakes, a sideshow
    names only who packed (R32), and a :class:`~teenpatti_rules.events.Showdown`
    holds only hands that were turned up. So each event is returned unchanged,
    except that a :class:`~teenpatti_rules.events.Showdown` keeps only the hands
    :func:`may_see_cards` allows (all of them, under the engine's rules). An event
    of a type this function does not know is left out (fail closed), so a new
    event type has to be reviewed here before any view shows it.

    :param state: the state whose log holds ``event``.
    :param event: one event of ``state.events``.
    :param viewer: a seat number, or None for a spectator.
    :returns: the event itself, a copy with hidden parts removed, or None.
    """
    kind = type(event)
    if kind in _PUBLIC_EVENTS:
        return event
    if kind is Showdown:
        assert isinstance(event, Showdown)
        hands = tuple(hand for hand in event.hands if may_see_cards(state, viewer, hand.seat))
        if len(hands) == len(event.hands):
            return event
        return Showdown(event.ending, hands)
    return None


def view(state: State, seat: int | None) -> State:
    """What ``seat`` may know of ``state`` (R43); ``seat=None`` is the spectators' view.

    Hidden cards become ``()``, the seed becomes None, and the event log keeps
    what :func:`visible_event` allows. Every other field (stacks, pot, stake,
    who is seen or blind, the pending sideshow, the last result with its turned-up
    hands) is public and kept. Seats whose cards are visible or empty are reused,
    not rebuilt, so a view costs a few microseconds (about 7 µs for 7 seats and 35 events).

    :param state: a :class:`~teenpatti_rules.state.State` (a view is accepted too:
        viewing a view never reveals more).
    :param seat: the viewing seat, an int in ``0..len(state.seats) - 1``, or None
        for a spectator.
    :returns: a new :class:`~teenpatti_rules.state.State` (``state`` is not changed).
    :raises ValueError: if ``seat`` is neither None nor a seat number (a bool is not
        a seat number).

    >>> from teenpatti_rules import new_session
    >>> view(new_session(["A", "B", "C"], seed=1), 3)
    Traceback (most recent call last):
    ...
    ValueError: a view is for a seat number 0..2 or None (spectators), not 3
    """
    viewer = _check_viewer(state, seat)
    turned_up = _turned_up(state)
    old_seats = state.seats
    new_seats: list[Seat] | None = None
    for index, player in enumerate(old_seats):
        if not player.cards or _visible(state, viewer, index, turned_up):
            continue
        if new_seats is None:
            new_seats = list(old_seats)
        new_seats[index] = replace_seat(player, cards=())
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
    if new_seats is None and kept is None and state.seed is None:
        return state
    return replace_state(
        state,
        seed=None,
        seats=old_seats if new_seats is None else tuple(new_seats),
        events=events if kept is None else tuple(kept),
    )
