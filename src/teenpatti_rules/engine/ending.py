"""How a hand ends: hands turned up, the pot paid out, short stacks leaving, the
button moving, the session ending.

:func:`finish_hand` is the one way a hand ends; it runs, in order, :func:`pay_out`
(R18, R39, R41), :func:`leave_short_stacks` (R7), :func:`move_button` (R5) and
:func:`session_over` (R2, R8). :func:`showdown` turns every hand still in face up
first (R35, R37, R38, R40, R12).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache

from ..cards import Card
from ..errors import IllegalActionError
from ..events import (
    Event,
    HandEnding,
    OpenFlush,
    Payout,
    SeatLeft,
    SessionEnded,
    Showdown,
    ShownHand,
)
from ..ranking import HandRank, evaluate
from ..records import evolve
from ..rules import Rules, SequenceOrder
from ..state import HandResult, Phase, Seat, State, between_hands_phase
from .pots import PotSlice, award, pot_slices, seats_from_left_of
from .questions import players_in_hand
from .refusals import refuse

__all__ = [
    "finish_hand",
    "hand_rank",
    "leave_short_stacks",
    "move_button",
    "open_flush_payout",
    "open_flush_rules",
    "pay_out",
    "placings",
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
        refusal = refuse("hands_hidden", seat=seat)
        raise IllegalActionError(refusal.sentence, code=refusal.code, rule=refusal.rule)
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
    return award(_slices(seats), strengths, state.dealer, len(seats), loses_ties)


def _slices(seats: Sequence[Seat]) -> tuple[PotSlice, ...]:
    """The pot of the hand ``seats`` play, cut into slices by the all-in levels (R41)."""
    return pot_slices(
        [seat.contributed for seat in seats],
        [seat.in_hand for seat in seats],
        [seat.all_in for seat in seats],
    )


@cache
def open_flush_rules(sequence_order: SequenceOrder) -> Rules:
    """The rules an open flush is ranked by: R13–R16 with the table's sequence order
    and nothing else (V16; the state checks rank the logged rounds with it too).

    :param sequence_order: the table's ``Rules.sequence_order``.
    :returns: a default :class:`~teenpatti_rules.rules.Rules` with that order.
    """
    return Rules(sequence_order=sequence_order)


def _play_open_flush(
    tied: list[int],
    deck: list[Card],
    state: State,
    rounds: list[dict[int, tuple[Card, ...]]],
    events: list[Event],
) -> list[int]:
    """Open-flush rounds among ``tied`` from ``deck`` (consumed) until one is best or the
    deck cannot give three cards each (V16). :returns: the seats still tied (one winner,
    or the players who split).
    """
    rules = open_flush_rules(state.rules.sequence_order)
    n = len(state.seats)
    while len(tied) > 1:
        order = sorted(tied, key=lambda seat: (seat - state.dealer - 1) % n)
        k = len(order)
        if len(deck) < 3 * k:
            break  # V16: the slice is split as R18
        dealt: dict[int, tuple[Card, ...]] = {
            seat: (deck[i], deck[i + k], deck[i + 2 * k]) for i, seat in enumerate(order)
        }
        del deck[: 3 * k]
        ranks = {seat: evaluate(cards, rules) for seat, cards in dealt.items()}
        rounds.append(dealt)
        events.append(OpenFlush(tuple(ShownHand(s, dealt[s], ranks[s]) for s in order)))
        best = max(rank.strength for rank in ranks.values())
        tied = [seat for seat in order if ranks[seat].strength == best]
    return tied


def open_flush_payout(
    state: State, strengths: Mapping[int, int]
) -> tuple[dict[int, int], list[dict[int, tuple[Card, ...]]], list[Event]]:
    """Pay out a showdown where tied players play an open flush instead of splitting (V16).

    Slice by slice (R41) the best hand wins; when two or more tie, they play open
    flushes from :attr:`~teenpatti_rules.state.State.undealt` (three cards each, one at
    a time from the first of them to the dealer's left, R10), ranked by R13–R16 with
    the table's sequence order; players still tied play again with the next cards. One
    open flush settles every slice the same players tied for. Printed jokers (V8) in
    the rest of the deck are passed over. When the rest of the deck cannot give three
    cards to each, the slice is split (R18).

    :returns: seat → chips won; the rounds played (seat → cards); their
        :class:`~teenpatti_rules.events.OpenFlush` events.
    """
    seats = state.seats
    slices = _slices(seats)
    # V16: printed jokers (V8) in the rest of the deck are passed over
    deck = [card for card in state.undealt if not card.is_joker]
    rounds: list[dict[int, tuple[Card, ...]]] = []
    events: list[Event] = []
    winnings = award(
        slices,
        strengths,
        state.dealer,
        len(seats),
        break_tie=lambda tied: _play_open_flush(tied, deck, state, rounds, events),
    )
    return winnings, rounds, events


def placings(
    seats: Sequence[Seat], departed: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """The session's places, first place first (V19): the players still in the session by
    stack (biggest first, equal stacks share a place), then ``departed``.
    """
    remaining = [i for i, seat in enumerate(seats) if seat.in_session]
    return _grouped(remaining, lambda i: seats[i].stack) + departed


def _grouped(players: Sequence[int], key: Callable[[int], int]) -> tuple[tuple[int, ...], ...]:
    """``players`` as places by ``key``, biggest first; equal keys share a place."""
    values = sorted({key(p) for p in players}, reverse=True)
    return tuple(tuple(sorted(p for p in players if key(p) == v)) for v in values)


def leave_short_stacks(
    seats: Sequence[Seat], winnings: Mapping[int, int], boot: int, max_sit_out: int | None = None
) -> tuple[tuple[Seat, ...], list[Event]]:
    """Add the winnings to the stacks; every player below ``boot`` chips leaves the
    session, keeping its chips (R7; under a ``boot_schedule`` ``boot`` is 1: only a
    player with 0 chips leaves, V18); so does a player who left during the hand (S4)
    and one who has sat out more than ``max_sit_out`` hands in a row (S5).

    :returns: the new seats and a :class:`~teenpatti_rules.events.SeatLeft` per leaver.
    """
    events: list[Event] = []
    new_seats: list[Seat] = []
    for index, seat in enumerate(seats):
        stack = seat.stack + winnings.get(index, 0)
        leaves = seat.in_session and (
            stack < boot
            or seat.leaving
            or (max_sit_out is not None and seat.sitting_out and seat.sat_out > max_sit_out)
        )
        if leaves:
            events.append(SeatLeft(index, stack))
        if stack != seat.stack or leaves:
            seat = evolve(
                seat,
                stack=stack,
                in_session=seat.in_session and not leaves,
                leaving=False,
                sitting_out=seat.sitting_out and not leaves,
            )
        new_seats.append(seat)
    return tuple(new_seats), events


def move_button(dealer: int, seats: Sequence[Seat]) -> int:
    """The next hand's dealer: the first seat to the left of ``dealer`` still in the
    session (R5) and not sitting out (S5); failing that, still in the session; failing
    that (nobody is), ``dealer``.
    """
    order = seats_from_left_of(dealer, len(seats))
    for s in order:
        if seats[s].in_session and not seats[s].sitting_out:
            return s
    for s in order:
        if seats[s].in_session:
            return s
    return dealer


def winner_button(dealer: int, seats: Sequence[Seat], winnings: Mapping[int, int]) -> int:
    """The next hand's dealer under ``button="winner"`` (V21): the player who won the most
    chips from the pot (on equal amounts the first of them from the old dealer's left, the
    old dealer last); if it has left the session, the next seat to its left still in it.
    """
    most = max(winnings.values())
    winner = next(s for s in seats_from_left_of(dealer, len(seats)) if winnings.get(s, 0) == most)
    if seats[winner].in_session:
        return winner
    return move_button(winner, seats)


def session_over(state: State, seats: Sequence[Seat]) -> tuple[int, ...] | None:
    """The session's winners if it is over after this hand (R2, R7, R8), else None:
    the last player, or at the hand limit the biggest stack(s). An open table ends only
    at the hand limit (S2). With nobody left in the session it is not over (an empty
    table waits for players, S2), except at the hand limit: over, with no winner.
    """
    remaining = [index for index, seat in enumerate(seats) if seat.in_session]
    limit = state.rules.hand_limit
    at_limit = limit is not None and state.hand_number >= limit
    if not at_limit and (len(remaining) > 1 or state.rules.open_table):  # S2
        return None
    if not remaining:
        return () if at_limit else None  # S4: everybody left; the session ends at the limit
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
    rules = state.rules
    events: list[Event] = []
    if ranks is not None:
        hands = tuple(
            ShownHand(seat, state.seats[seat].cards, rank) for seat, rank in ranks.items()
        )
        events.append(Showdown(ending, hands))
    rounds: list[dict[int, tuple[Card, ...]]] = []
    if rules.ties == "open_flush" and ranks is not None and loses_ties is None:
        winnings, rounds, flushes = open_flush_payout(state, strengths)  # V16
        events.extend(flushes)
    else:
        winnings = pay_out(state, strengths, loses_ties)
    events.extend(Payout(seat, chips) for seat, chips in winnings.items())
    seats, left = leave_short_stacks(state.seats, winnings, rules.leaving_stack, rules.max_sit_out)
    events.extend(left)
    departed = state.departed
    if left:  # V19: this hand's leavers by their stack before its boots, above earlier ones
        before = {
            e.seat: state.seats[e.seat].stack + state.seats[e.seat].contributed
            for e in left
            if isinstance(e, SeatLeft)
        }
        departed = _grouped(list(before), before.__getitem__) + departed
    winners = session_over(state, seats)
    if winners is not None:
        events.append(SessionEnded(winners))
    result = HandResult(
        state.hand_number, state.dealer, ending, state.pot, winnings, ranks or {}, rounds
    )
    if rules.button == "winner":
        dealer = winner_button(state.dealer, seats, winnings)  # V21
    else:
        dealer = move_button(state.dealer, seats)  # R5
    taken = sum(e.stack for e in left if isinstance(e, SeatLeft))
    return evolve(
        state,
        phase=between_hands_phase(rules, seats) if winners is None else Phase.SESSION_OVER,
        chips_taken=state.chips_taken + taken,
        dealer=dealer,
        pot=0,
        actor=None,
        seats=seats,
        sideshow=None,
        result=result,
        session_winners=() if winners is None else winners,
        events=state.events + tuple(events),
        placings=() if winners is None else placings(seats, departed),
        departed=departed,
        undealt=(),
        deck_left=0,
    )
