"""Seat questions on arrays: whose turn is next, the previous player, one seat's value.

Every function takes ``(n, P)`` arrays (``n`` tables, ``P`` seats) and per-table seat
numbers of shape ``(n,)``; they loop over nothing but array operations, so the same
code runs under any array API (numpy here).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["at_seat", "first_player", "next_player", "one_hot", "previous_player"]

Array = NDArray[Any]


def one_hot(seat: Array, players: int) -> Array:
    """``bool`` ``(n, P)``: True at ``[i, seat[i]]``; all False in rows where ``seat[i] < 0``."""
    return np.arange(players)[None, :] == seat[:, None]


def at_seat(values: Array, seat: Array) -> Array:
    """``values[i, seat[i]]`` for every table ``i``: shape ``(n,)``; ``seat`` must be 0..P-1."""
    return np.take_along_axis(values, seat[:, None], axis=1)[:, 0]


def next_player(bettors: Array, seat: Array) -> Array:
    """The nearest seat to the left of ``seat`` (not ``seat`` itself) that can still bet
    (R19, R31): ``int32`` ``(n,)``, ``-1`` where there is none.

    :param bettors: ``bool`` ``(n, P)``: in the hand and not all-in.
    :param seat: ``(n,)`` seat numbers 0..P-1.
    """
    players = bettors.shape[1]
    distance = (np.arange(players)[None, :] - seat[:, None]) % players
    return _nearest(bettors, distance)


def previous_player(bettors: Array, seat: Array) -> Array:
    """The previous player of ``seat`` (R21): the nearest seat to the right that can
    still bet, in seat order; ``int32`` ``(n,)``, ``-1`` where there is none.
    """
    players = bettors.shape[1]
    distance = (seat[:, None] - np.arange(players)[None, :]) % players
    return _nearest(bettors, distance)


def _nearest(bettors: Array, distance: Array) -> Array:
    players = bettors.shape[1]
    never = players + 1
    candidates = np.where(bettors & (distance > 0), distance, never)
    best = np.argmin(candidates, axis=1)
    found = np.take_along_axis(candidates, best[:, None], axis=1)[:, 0] < never
    return np.where(found, best, -1).astype(np.int32)


def first_player(bettors: Array, dealer: Array) -> Array:
    """The first seat to the dealer's left that can still bet, the dealer last (R19):
    ``int32`` ``(n,)``, ``-1`` where nobody can bet.
    """
    players = bettors.shape[1]
    distance = (np.arange(players)[None, :] - dealer[:, None] - 1) % players + 1
    return _nearest(bettors, distance)
