"""How a hand ends: hands turned up, the pot paid out, short stacks leaving, the
button moving, the session ending.

:func:`finish_hand` is the one way a hand ends; it runs, in order, :func:`pay_out`
(R18, R39, R41), :func:`leave_short_stacks` (R7), :func:`move_button` (R5) and
:func:`session_over` (R2, R8). :func:`showdown` turns every hand still in face up
first (R35, R37, R38, R40, R12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import IllegalActionError
from ..events import Event, HandEnding, Payout, SeatLeft, SessionEnded, Showdown, ShownHand
from ..ranking import HandRank, evaluate
from ..records import evolve
from ..state import HandResult, Phase, Seat, State
from .pots import award, pot_slices, seats_from_left_of
from .questions import players_in_hand

__all__ = [
    "finish_hand",
    "hand_rank",
    "leave_short_stacks",
    "move_button",
    "pay_out",
    "session_over",
    "showdown",
    "showdown_strength",
]


def hand_rank(state: State, seat: int) -> HandRank:
    """The rank of ``seat``'s cards, for a sideshow or a show(down) (R13–R16 and the
    ranking variants V7–V12, with the hand's indicator, W5).

    :raises IllegalActionError: if the cards are hidden (``state`` is a view).
    """
    cards = state.seats[seat].cards
    if len(cards) != state.rules.hand_size:
        raise IllegalActionError(
            f"the hands cannot be compared: the cards of seat {seat} are hidden in this "
            "state (a view); apply actions to the full state"
        )
    return evaluate(cards, state.rules, indicator=state.indicator)


def showdown_strength(state: State, seat: int) -> int:
    """What ``seat``'s hand is compared by: its strength (with V7 the strength orders
    hands equal by R13–R16 by their top suit; with W4 by their wild cards).
    """
    return hand_rank(state, seat).strength


def showdown(
    state: State, *, ending: HandEnding = HandEnding.SHOWDOWN, loses_ties: int | None = None
) -> State:
    """Turn up every hand still in and pay the pot by slices (R35, R40, R41)."""
    ranks = {seat: hand_rank(state, seat) for seat in players_in_hand(state)}
    strengths = {seat: showdown_strength(state, seat) for seat in ranks}
    return finish_hand(state, ending, strengths, loses_ties=loses_ties, ranks=ranks)


def pay_out(
    state: State, strengths: Mapping[int, int], loses_ties: int | None = None
) -> dict[int, int]:
    """Who wins what from the pot: slice by slice (R41), best hand first, ties split
    with odd chips from the dealer's left (R18), the asker losing a show tie (R35).

    :returns: seat → chips won, only seats that won something.
    """
    seats = state.seats
    slices = pot_slices(
        [seat.contributed for seat in seats],
        [seat.in_hand for seat in seats],
        [seat.all_in for seat in seats],
    )
    return award(slices, dict(strengths), state.dealer, len(seats), loses_ties)


def leave_short_stacks(
    seats: Sequence[Seat], winnings: Mapping[int, int], boot: int
) -> tuple[tuple[Seat, ...], list[Event]]:
    """Add the winnings to the stacks; every player below the boot leaves the session,
    keeping its chips (R7).

    :returns: the new seats and a :class:`~teenpatti_rules.events.SeatLeft` per leaver.
    """
    events: list[Event] = []
    new_seats: list[Seat] = []
    for index, seat in enumerate(seats):
        stack = seat.stack + winnings.get(index, 0)
        leaves = seat.in_session and stack < boot
        if leaves:
            events.append(SeatLeft(index, stack))
        if stack != seat.stack or leaves:
            seat = evolve(seat, stack=stack, in_session=seat.in_session and not leaves)
        new_seats.append(seat)
    return tuple(new_seats), events


def move_button(dealer: int, seats: Sequence[Seat]) -> int:
    """The next hand's dealer: the first seat to the left of ``dealer`` still in the
    session (R5).
    """
    return next(s for s in seats_from_left_of(dealer, len(seats)) if seats[s].in_session)


def session_over(state: State, seats: Sequence[Seat]) -> tuple[int, ...] | None:
    """The session's winners if it is over after this hand (R2, R7, R8), else None:
    the last player, or at the hand limit the biggest stack(s).
    """
    remaining = [index for index, seat in enumerate(seats) if seat.in_session]
    limit = state.rules.hand_limit
    if len(remaining) > 1 and (limit is None or state.hand_number < limit):
        return None
    best = max(seats[seat].stack for seat in remaining)
    return tuple(seat for seat in remaining if seats[seat].stack == best)


def finish_hand(
    state: State,
    ending: HandEnding,
    strengths: Mapping[int, int],
    *,
    loses_ties: int | None = None,
    ranks: Mapping[int, HandRank] | None = None,
) -> State:
    """End the hand: pay out, remove short stacks, move the button, and end the session
    when R2 says so.

    :param ending: how the hand ended.
    :param strengths: seat → what its hand compares by, for every player still in.
    :param loses_ties: the seat that asked for a show, which loses a tie (R35).
    :param ranks: seat → rank of every hand turned up; None when cards stay down (R39).
    """
    winnings = pay_out(state, strengths, loses_ties)
    events: list[Event] = []
    if ranks is not None:
        hands = tuple(
            ShownHand(seat, state.seats[seat].cards, rank) for seat, rank in ranks.items()
        )
        events.append(Showdown(ending, hands))
    events.extend(Payout(seat, chips) for seat, chips in winnings.items())
    seats, left = leave_short_stacks(state.seats, winnings, state.rules.boot)
    events.extend(left)
    winners = session_over(state, seats)
    if winners is not None:
        events.append(SessionEnded(winners))
    result = HandResult(state.hand_number, state.dealer, ending, state.pot, winnings, ranks or {})
    return evolve(
        state,
        phase=Phase.AWAITING_DEAL if winners is None else Phase.SESSION_OVER,
        dealer=move_button(state.dealer, seats),
        pot=0,
        actor=None,
        seats=seats,
        sideshow=None,
        result=result,
        session_winners=() if winners is None else winners,
        events=state.events + tuple(events),
    )
