"""R18 and R41 on their own, with numbers worked out by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from teenpatti_rules.engine.pots import PotSlice, award, pot_slices, seats_from_left_of, split_chips


def test_one_pot_when_nobody_is_all_in() -> None:
    # R41: blind and seen bets of any size, one pot, every player still in may win it.
    slices = pot_slices([5, 9, 2, 14], [True, True, False, True], [False, False, False, False])
    assert slices == (PotSlice(30, (0, 1, 3), None),)


def test_two_levels_with_folded_chips() -> None:
    # c = 9, 3, 6, 5, 13; seat 0 and 3 packed; seats 1 (c=3) and 2 (c=6) all-in.
    # 0-3: 3 from each of 5 seats = 15, for {1, 2, 4}
    # 3-6: 3 (s0) + 3 (s2) + 2 (s3) + 3 (s4) = 11, for {2, 4}
    # above 6: 3 (s0) + 7 (s4) = 10, for {4}
    slices = pot_slices(
        [9, 3, 6, 5, 13], [False, True, True, False, True], [False, True, True, False, False]
    )
    assert slices == (PotSlice(15, (1, 2, 4), 3), PotSlice(11, (2, 4), 6), PotSlice(10, (4,), None))


def test_equal_all_in_levels_make_one_slice() -> None:
    # Two all-in players with the same contribution share one level.
    slices = pot_slices([4, 4, 10], [True, True, True], [True, True, False])
    assert slices == (PotSlice(12, (0, 1, 2), 4), PotSlice(6, (2,), None))


def test_everyone_all_in_leaves_no_empty_top_slice() -> None:
    slices = pot_slices([5, 5, 5], [True, True, True], [True, True, True])
    assert slices == (PotSlice(15, (0, 1, 2), 5),)


def test_unwinnable_slice_goes_to_the_slice_below() -> None:
    # Impossible under the rules (a packed seat put in more than every player left),
    # guarded as R41 allows: the top 4 chips join the slice below.
    slices = pot_slices([3, 6, 10], [True, True, False], [True, True, False])
    assert slices == (PotSlice(9, (0, 1), 3), PotSlice(3 + 3 + 4, (1,), 6))


def test_slices_reject_mismatched_lengths() -> None:
    with pytest.raises(ValueError, match="one entry per seat"):
        pot_slices([1, 2], [True], [False, False])


def test_seats_from_left() -> None:
    assert seats_from_left_of(0, 3) == [1, 2, 0]
    assert seats_from_left_of(2, 3) == [0, 1, 2]


def test_split_odd_chips_from_the_dealers_left() -> None:
    # R18: 11 between seats 1 and 2, dealer 0: seat 1 is first to the dealer's left.
    assert split_chips(11, [1, 2], dealer=0, seat_count=3) == {1: 6, 2: 5}
    # dealer 1: seat 2 first, then 0
    assert split_chips(11, [0, 2], dealer=1, seat_count=3) == {2: 6, 0: 5}
    # 3-way split of 8, dealer 3 of 5 seats: order 4, 0, 1 -> 3, 3, 2
    assert split_chips(8, [0, 1, 4], dealer=3, seat_count=5) == {4: 3, 0: 3, 1: 2}
    # the dealer itself comes last
    assert split_chips(3, [0, 2], dealer=2, seat_count=3) == {0: 2, 2: 1}
    with pytest.raises(ValueError, match="winner"):
        split_chips(3, [], dealer=0, seat_count=3)


def test_award_by_slice_and_ties() -> None:
    slices = pot_slices(
        [9, 3, 6, 5, 13], [False, True, True, False, True], [False, True, True, False, False]
    )
    # seat 1 best, then 2, then 4
    assert award(slices, {1: 700, 2: 400, 4: 100}, dealer=0, seat_count=5) == {1: 15, 2: 11, 4: 10}
    # seat 4 best: it takes everything it may win: all three slices
    assert award(slices, {1: 7, 2: 4, 4: 100}, dealer=0, seat_count=5) == {4: 36}
    # seats 2 and 4 tie above seat 1: slice 1 (15) to seat 2 and 4 split 8/7 (seat 2 first from dealer 0),
    # slice 2 (11) split 6/5, slice 3 to seat 4
    assert award(slices, {1: 1, 2: 50, 4: 50}, dealer=0, seat_count=5) == {2: 8 + 6, 4: 7 + 5 + 10}


def test_award_show_asker_loses_ties() -> None:
    slices = pot_slices([3, 5], [True, True], [False, False])
    assert award(slices, {0: 9, 1: 9}, dealer=0, seat_count=2, loses_ties=1) == {0: 8}
    assert award(slices, {0: 9, 1: 9}, dealer=0, seat_count=2) == {1: 4, 0: 4}
    # An asker who emptied its stack for the show (all-in at 5) and loses the tie.
    slices = pot_slices([7, 5], [True, True], [False, True])
    assert award(slices, {0: 9, 1: 9}, dealer=0, seat_count=2, loses_ties=1) == {0: 12}
    # ... and wins: only up to its level (R34, R41).
    assert award(slices, {0: 1, 1: 9}, dealer=0, seat_count=2, loses_ties=1) == {1: 10, 0: 2}


def test_award_breaks_ties_once_per_tied_set() -> None:
    """V16 through ``break_tie``: seat 0 is all-in at 5, seats 1 and 2 put in 10 each, so
    the pot is a slice of 15 (seats 0, 1, 2) and one of 10 (seats 1, 2) (R41)."""
    slices = pot_slices([5, 10, 10], [True, True, True], [True, False, False])
    calls: list[list[int]] = []

    def breaker(answer: list[int] | None) -> Callable[[list[int]], list[int]]:
        """A tie-break that records its calls and answers ``answer`` (None: still tied)."""

        def break_tie(tied: list[int]) -> list[int]:
            calls.append(tied)
            return tied if answer is None else answer

        return break_tie

    # Seats 1 and 2 tie for both slices: one tie-break settles both.
    assert award(slices, {0: 1, 1: 9, 2: 9}, 0, 3, break_tie=breaker([2])) == {2: 25}
    assert calls == [[1, 2]]
    # Still tied after it: R18 splits each slice, the odd chip to seat 1 (first from
    # dealer 0's left): 15 -> 8/7, 10 -> 5/5.
    calls.clear()
    assert award(slices, {0: 1, 1: 9, 2: 9}, 0, 3, break_tie=breaker(None)) == {1: 13, 2: 12}
    assert calls == [[1, 2]]
    # All three tie for the first slice, seats 1 and 2 for the second: two tie-breaks.
    calls.clear()
    assert award(slices, {0: 9, 1: 9, 2: 9}, 0, 3, break_tie=breaker([1])) == {1: 25}
    assert calls == [[0, 1, 2], [1, 2]]


@given(
    st.lists(
        st.tuples(st.integers(0, 50), st.booleans(), st.booleans()), min_size=2, max_size=8
    ).filter(lambda seats: any(in_hand and not all_in for _, in_hand, all_in in seats)),
    st.data(),
)
def test_slices_sum_to_the_pot_and_awards_pay_it_all(
    seats: list[tuple[int, bool, bool]], data: st.DataObject
) -> None:
    contributed = [c for c, _, _ in seats]
    in_hand = [i for _, i, _ in seats]
    all_in = [a for _, _, a in seats]
    slices = pot_slices(contributed, in_hand, all_in)
    assert sum(s.amount for s in slices) == sum(contributed)
    for piece in slices:
        assert piece.amount > 0 and piece.eligible
        assert all(in_hand[p] for p in piece.eligible)
    strengths = {p: data.draw(st.integers(0, 3)) for p in range(len(seats)) if in_hand[p]}
    won = award(
        slices, strengths, dealer=data.draw(st.integers(0, len(seats) - 1)), seat_count=len(seats)
    )
    assert sum(won.values()) == sum(contributed)
    assert all(chips > 0 for chips in won.values())
    # An all-in player wins at most what it put in from each other player (R41).
    n_players = len(seats)
    for p, chips in won.items():
        if all_in[p]:
            assert chips <= sum(min(c, contributed[p]) for c in contributed[:n_players])
