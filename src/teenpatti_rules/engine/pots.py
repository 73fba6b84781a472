"""Paying out a pot: side-pot slices (R41), splits with odd chips (R18), awards (R35, R39, R40).

Pure functions on plain numbers, independent of :class:`~teenpatti_rules.state.State`,
so each rule can be read and tested on its own. Seats are ints; amounts are chips.

>>> slices = pot_slices(contributed=[9, 3, 6, 5, 13], in_hand=[False, True, True, False, True],
...                     all_in=[False, True, True, False, False])
>>> [(s.amount, s.eligible) for s in slices]
[(15, (1, 2, 4)), (11, (2, 4)), (10, (4,))]
>>> split_chips(11, winners=[1, 2], dealer=0, seat_count=3)
{1: 6, 2: 5}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

__all__ = ["PotSlice", "award", "pot_slices", "seats_from_left_of", "split_chips"]


@attrs.frozen
class PotSlice:
    """One slice of the pot (R41): its chips and the seats that may win it.

    :param amount: chips in the slice.
    :param eligible: seats still in the hand that may win it, ascending.
    :param upper: the slice's upper level (the contribution of an all-in player),
        or None for the slice of everything above the highest all-in level.
    """

    amount: int
    eligible: tuple[int, ...]
    upper: int | None


def seats_from_left_of(seat: int, seat_count: int) -> list[int]:
    """All seats in play order starting at the left of ``seat``; ``seat`` itself last.

    :param seat: a seat number in ``0..seat_count-1``.
    :param seat_count: how many seats the table has.
    :returns: ``[seat+1, seat+2, …, seat]`` modulo ``seat_count``.

    >>> seats_from_left_of(3, 5)
    [4, 0, 1, 2, 3]
    """
    return [(seat + i) % seat_count for i in range(1, seat_count + 1)]


def pot_slices(
    contributed: Sequence[int], in_hand: Sequence[bool], all_in: Sequence[bool]
) -> tuple[PotSlice, ...]:
    """Cut the pot into slices by the all-in levels (R41).

    The levels are the distinct contributions of all-in players still in the hand,
    ascending, then "everything above". The slice between two levels holds, from
    every player (packed players included), the part of their contribution between
    the levels. It may be won by the players still in the hand who are not all-in
    or who put in at least the slice's upper level. Empty slices are left out. A
    slice that nobody may win (impossible under the default rules) is added to the
    highest slice below it that has a winner.

    :param contributed: chips each seat put in this hand, indexed by seat.
    :param in_hand: whether each seat is still in the hand (not packed).
    :param all_in: whether each seat is all-in.
    :returns: the slices from the lowest level up; their amounts sum to the pot.
    :raises ValueError: if the three sequences differ in length, or nobody is in
        the hand while chips are in the pot.
    """
    n = len(contributed)
    if len(in_hand) != n or len(all_in) != n:
        raise ValueError("contributed, in_hand and all_in must have one entry per seat")
    levels: list[int | None] = [
        *sorted({contributed[p] for p in range(n) if in_hand[p] and all_in[p]}),
        None,
    ]
    slices: list[PotSlice] = []
    lower = 0
    for upper in levels:
        amount = sum(
            (min(c, upper) if upper is not None else c) - min(c, lower)
            for c in contributed
            if c > lower
        )
        eligible = tuple(
            p
            for p in range(n)
            if in_hand[p] and (not all_in[p] or (upper is not None and contributed[p] >= upper))
        )
        if amount:
            if eligible:
                slices.append(PotSlice(amount, eligible, upper))
            elif slices:
                below = slices.pop()
                slices.append(PotSlice(below.amount + amount, below.eligible, below.upper))
            else:
                raise ValueError("chips are in the pot but nobody is in the hand")
        if upper is not None:
            lower = upper
    return tuple(slices)


def split_chips(
    amount: int, winners: Iterable[int], dealer: int, seat_count: int
) -> dict[int, int]:
    """Split ``amount`` chips equally among ``winners`` (R18).

    Odd chips go one at a time to the winners in seat order starting from the
    dealer's left.

    :param amount: chips to split, at least 0.
    :param winners: the tied seats (at least one).
    :param dealer: the dealer of the hand being paid.
    :param seat_count: how many seats the table has.
    :returns: seat → chips, for every winner.
    :raises ValueError: if there is no winner.

    >>> split_chips(10, winners=[0, 2, 3], dealer=2, seat_count=4)
    {3: 4, 0: 3, 2: 3}
    """
    ordered = sorted(set(winners), key=lambda seat: (seat - dealer - 1) % seat_count)
    if not ordered:
        raise ValueError("a split needs at least one winner")
    share, odd = divmod(amount, len(ordered))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(ordered)}


def award(
    slices: Iterable[PotSlice],
    strengths: Mapping[int, int],
    dealer: int,
    seat_count: int,
    loses_ties: int | None = None,
    break_tie: Callable[[list[int]], list[int]] | None = None,
) -> dict[int, int]:
    """Pay each slice to the best hand among its eligible seats (R35, R40, R41).

    :param slices: from :func:`pot_slices`.
    :param strengths: seat → :attr:`~teenpatti_rules.ranking.HandRank.strength`
        for every seat that may win a slice.
    :param dealer: the dealer of the hand (for odd chips, R18).
    :param seat_count: how many seats the table has.
    :param loses_ties: the seat that asked for a show, which loses a tie (R35), or
        None for an ordinary showdown where ties split (R18).
    :param break_tie: None to split ties (R18); or, for open flushes (V16), a function
        given the seats tied for a slice (in seat order, at least two) that returns the
        seats still tied after it (one winner, or those who split, R18). It is called
        once for each set of tied seats: a later slice the same seats tie for goes to
        the same answer.
    :returns: seat → chips won (gross), only seats that won something, in the
        order they were paid.
    :raises KeyError: if an eligible seat has no strength.
    """
    winnings: dict[int, int] = {}
    settled: dict[frozenset[int], list[int]] = {}
    for piece in slices:
        best = max(strengths[p] for p in piece.eligible)
        winners = [p for p in piece.eligible if strengths[p] == best]
        if loses_ties in winners and len(winners) > 1:
            winners.remove(loses_ties)
        if break_tie is not None and len(winners) > 1:
            key = frozenset(winners)
            if key not in settled:
                settled[key] = break_tie(winners)
            winners = settled[key]
        for seat, chips in split_chips(piece.amount, winners, dealer, seat_count).items():
            if chips:
                winnings[seat] = winnings.get(seat, 0) + chips
    return winnings
