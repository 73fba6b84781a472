"""Paying out pots on arrays: side-pot slices (R41), the best hand per slice, ties and
odd chips (R18, R35), for many tables at once.

The loops run over the ``P + 1`` possible slices and never over tables, so the same
code runs under any array API.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["payout"]

Array = NDArray[Any]

_ABOVE = np.int32(2**31 - 1)
"""A level above every contribution: the slice of "everything above" (R41)."""


def payout(
    contributed: Array,
    in_hand: Array,
    all_in: Array,
    strength: Array,
    dealer: Array,
    loses_ties: Array,
) -> Array:
    """Chips each seat wins from the pot: ``int32`` ``(P, m)``, each table summing to its pot.

    The levels are the distinct contributions of all-in players still in the hand,
    then "everything above"; each slice holds every player's part of their
    contribution between two levels and goes to the best hand among the players
    still in who are not all-in or put in at least its upper level (R41). A slice
    nobody may win (impossible under R1–R44) is added to the highest slice below it
    that has a winner, as :func:`teenpatti_rules.engine.pots.pot_slices` does. Equal best
    hands split; odd chips go one at a time to the tied players in seat order from the
    dealer's left (R18); the seat in ``loses_ties`` loses a tie (R35). With one
    player left in the hand it takes every slice (R39).

    All per-seat arrays are seat-major, shape ``(P, m)``.

    :param contributed: chips each seat put in (packed seats included).
    :param in_hand: ``bool``: still in the hand.
    :param all_in: ``bool``.
    :param strength: hand strengths, higher wins (used only for seats in the hand).
    :param dealer: ``(m,)`` the dealer's seat (odd chips, R18).
    :param loses_ties: ``(m,)`` the seat that asked for a show, or ``-1`` (ties split).
    :returns: ``int32`` ``(P, m)`` gross winnings.
    """
    players, rows = contributed.shape
    chips = contributed.astype(np.int32)  # a table holds fewer than 2**28 chips
    seat = np.arange(players, dtype=np.int32)[:, None]
    levels = np.sort(np.where(in_hand & all_in, chips, _ABOVE), axis=0)
    uppers = np.concatenate([levels, np.full((1, rows), _ABOVE)], axis=0)
    # Slices above the most all-in levels of any table are empty: skip them (numpy
    # only; a traced version would run all P + 1).
    top = int((in_hand & all_in).sum(axis=0).max()) if rows else 0
    uppers[top] = _ABOVE
    order = (seat - dealer[None, :] - 1) % players  # R18: the dealer's left first
    earlier = order[None, :, :] < order[:, None, :]  # [p, q, row]: q is paid before p
    asker = seat == loses_ties[None, :]
    winnings = np.zeros((players, rows), dtype=np.int32)
    carry = np.zeros(rows, dtype=np.int32)
    for k in range(top, -1, -1):  # from the top slice down, carrying orphans down
        upper = uppers[k]
        lower = uppers[k - 1] if k else np.zeros(rows, dtype=np.int32)
        own = (np.minimum(chips, upper) - np.minimum(chips, lower)).sum(axis=0)
        amount = own + carry
        eligible = in_hand & (~all_in | (chips >= upper))
        has_winner = eligible.any(axis=0) & (own > 0)  # empty slices do not exist
        best = np.where(eligible, strength, -1).max(axis=0)
        winners = eligible & (strength == best)
        count = winners.sum(axis=0)
        drop = asker & winners & (count > 1)  # R35: the asker loses a tie
        winners = winners & ~drop
        count = np.maximum(winners.sum(axis=0), 1)
        share, odd = np.divmod(amount, count)
        paid = winners & has_winner
        winnings += paid * share
        if odd.any():  # numpy only: odd chips (R18) need the order of the winners
            rank = (winners[None, :, :] & earlier).sum(axis=1)
            winnings += paid & (rank < odd)
        carry = np.where(has_winner, 0, amount)
    return winnings
