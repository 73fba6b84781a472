"""Seat questions on arrays: whose turn is next, the previous player, one seat's value.

The seats of a table that share a property (in the hand, able to bet) are packed into
one small integer per table (bit ``p`` for seat ``p``); "the nearest such seat to the
left of seat ``s``" is then one lookup in a ``(P, 2**P)`` table built once per table
size (R19, R21, R31). Tables of more than 8 seats (V6) use the same questions
answered with ``(n, P)`` distance arrays instead. Everything is array operations
(shifts and gathers), so the same code runs under any array API.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["Seating", "at_index", "at_seat", "one_hot", "seat_index", "seating"]

Array = NDArray[Any]

_TABLE_SEATS = 8
"""Up to this many seats the questions are table lookups."""


@functools.cache
def _seat_column(players: int) -> Array:
    column = np.arange(players, dtype=np.int32)[:, None]
    column.flags.writeable = False
    return column


@functools.lru_cache(maxsize=16)
def _columns(tables: int) -> Array:
    """``0..tables-1`` as a read-only ``int32`` array (made once per batch size)."""
    column = np.arange(tables, dtype=np.int32)
    column.flags.writeable = False
    return column


def one_hot(seat: Array, players: int) -> Array:
    """``bool`` ``(P, n)``: True at ``[seat[i], i]``; no True where ``seat[i] < 0``.

    ``seat`` should be ``int32`` (mixing integer widths costs a slow cast).
    """
    hot: Array = _seat_column(players) == seat
    return hot


def at_seat(values: Array, seat: Array) -> Array:
    """``values[seat[i], i]`` of seat-major ``(P, n)`` values, shape ``(n,)``.

    ``seat`` must be 0..P-1. One ``take`` of flat indices: much faster than numpy's
    two-array fancy indexing.
    """
    return at_index(values, seat_index(seat, values.shape[1]))


def seat_index(seat: Array, tables: int) -> Array:
    """The flat indices of ``[seat[i], i]`` in seat-major ``(P, tables)`` arrays, for
    :func:`at_index` (made once, read at several arrays).

    :param seat: ``(tables,)`` seats, each 0..P-1.
    :param tables: the number of tables ``n``.
    :returns: ``int32`` ``(tables,)``.
    """
    flat: Array = seat.astype(np.int32, copy=False) * np.int32(tables) + _columns(tables)
    return flat


def at_index(values: Array, index: Array) -> Array:
    """``values[seat[i], i]`` of seat-major ``(P, n)`` values, shape ``(n,)``, for
    ``index = seat_index(seat, n)``.
    """
    taken: Array = np.ascontiguousarray(values).reshape(-1).take(index)
    return taken


class Seating:
    """The seat questions of a table of ``players`` seats.

    Sets of seats are seat-major ``bool`` ``(P, n)`` arrays with their ``(n,)`` integer
    codes from :meth:`code` (bit ``p`` set for seat ``p``); seats are ``(n,)`` integers
    0..P-1; answers are ``int32`` seats, ``-1`` where no seat qualifies.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.small = players <= _TABLE_SEATS
        size = 2**players if self.small else 1
        nearest = np.full((3, players, size), -1, dtype=np.int32)
        count = np.zeros(size, dtype=np.int32)
        if self.small:
            for code in range(size):
                members = [p for p in range(players) if code >> p & 1]
                count[code] = len(members)
                for seat in range(players):
                    left = [(seat + k) % players for k in range(1, players)]
                    right = [(seat - k) % players for k in range(1, players)]
                    first = [*left, seat]  # the dealer's left first, the dealer last
                    for kind, order in enumerate((left, right, first)):
                        nearest[kind, seat, code] = next((p for p in order if p in members), -1)
        self._nearest = nearest
        self._count = count
        self._bits = (np.uint8(1) << np.arange(min(players, _TABLE_SEATS), dtype=np.uint8))[:, None]

    def code(self, members: Array) -> Array:
        """``(n,)`` the set of seats where ``members`` (``bool`` ``(P, n)``) is True
        (0 for tables of more than 8 seats, which do not use codes).
        """
        if not self.small:
            return np.zeros(members.shape[1], dtype=np.uint8)
        # One multiply and one sum (distinct powers of two add as they OR), not a
        # shift and an OR per seat.
        result: Array = (members.view(np.uint8) * self._bits).sum(axis=0, dtype=np.uint8)
        return result

    def count(self, members: Array, code: Array) -> Array:
        """``int32`` ``(n,)`` how many seats are in the set (``members`` and its ``code``)."""
        if self.small:
            counted: Array = self._count[code]
        else:
            counted = members.sum(axis=0).astype(np.int32)
        return counted

    def _ask(self, kind: int, members: Array, code: Array, seat: Array) -> Array:
        if self.small:
            found: Array = self._nearest[kind, seat, code]
            return found
        players = self.players
        place = np.arange(players)[:, None]
        if kind == 0:
            distance = (place - seat[None, :]) % players
        elif kind == 1:
            distance = (seat[None, :] - place) % players
        else:
            distance = (place - seat[None, :] - 1) % players + 1
        never = players + 1
        candidates = np.where(members & (distance > 0), distance, never)
        best = np.argmin(candidates, axis=0)
        return np.where(candidates.min(axis=0) < never, best, -1).astype(np.int32)

    def next_player(self, members: Array, code: Array, seat: Array) -> Array:
        """The nearest member to the left of ``seat``, not ``seat`` itself (R19, R31)."""
        return self._ask(0, members, code, seat)

    def previous_player(self, members: Array, code: Array, seat: Array) -> Array:
        """The nearest member to the right of ``seat``, not ``seat`` itself (R21)."""
        return self._ask(1, members, code, seat)

    def first_player(self, members: Array, code: Array, dealer: Array) -> Array:
        """The first member from the dealer's left, the dealer last (R19)."""
        return self._ask(2, members, code, dealer)


@functools.cache
def seating(players: int) -> Seating:
    """The (cached) :class:`Seating` of a table of ``players`` seats."""
    return Seating(players)
