"""The action history of a batch: a compact base plus one column per step (no O(L) copy).

A step records one ``int8`` column of ``n`` codes, the table's action id (0..9), or
:data:`NO_ACTION` where the hand was already over, or :data:`NEW_HAND` where an
autoreset dealt the next hand. States keep a read-only *base* (the histories
as they were some steps ago, ``(n, Lb)`` with their lengths) and the *tail*, the
tuple of columns recorded since; a step appends one column (the old state keeps
its shorter tuple, the columns are shared, nothing is copied). When the tail
grows as long as the longest history in play (at least :func:`tail_limit`), the step
folds it into a new base holding only the current hands: the cost per step stays
constant on average and the memory follows the longest hand in play, never the
steps played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "MIN_TAIL",
    "NEW_HAND",
    "NO_ACTION",
    "SMALL_TAIL_BYTES",
    "HistoryTail",
    "fold",
    "materialize",
    "push",
    "row_history",
    "tail_codes",
    "tail_limit",
]

Array = NDArray[Any]

NO_ACTION = -1
"""Column code: the table's hand was over; nothing was played."""
NEW_HAND = -2
"""Column code: the table dealt its next hand (autoreset); its history starts empty."""
MIN_TAIL = 32
"""The tail is folded into the base once it holds :func:`tail_limit` columns, at least
this many (or the longest history's length, if more)."""
SMALL_TAIL_BYTES = 4096
"""A batch of few tables keeps up to this many bytes of columns (at most 256 columns)
before folding: a fold costs a few dozen numpy calls whatever the batch size."""


def tail_limit(tables: int) -> int:
    """How many columns the tail of ``tables`` tables holds before it may be folded:
    :data:`MIN_TAIL`, or up to 256 for a batch of few tables (within
    :data:`SMALL_TAIL_BYTES` of columns).
    """
    return max(MIN_TAIL, min(256, SMALL_TAIL_BYTES // max(tables, 1)))


@dataclasses.dataclass(frozen=True, eq=False)
class HistoryTail:
    """The columns recorded since the base was folded: ``column`` the newest, linked
    to the older ones by ``previous`` (None after the oldest).

    :param column: ``int8`` ``(n,)`` one step's codes (read-only).
    :param previous: the older columns, or None.
    :param size: how many columns in the chain, this one included.
    """

    column: Array
    previous: HistoryTail | None
    size: int

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Restore a pickled or copied link with its column read-only again."""
        column = fields["column"]
        if isinstance(column, np.ndarray):
            column.flags.writeable = False
        self.__dict__.update(fields)

    def columns(self) -> list[Array]:
        """The columns, oldest first."""
        out: list[Array] = []
        link: HistoryTail | None = self
        while link is not None:
            out.append(link.column)
            link = link.previous
        out.reverse()
        return out


def push(tail: HistoryTail | None, column: Array) -> HistoryTail:
    """``tail`` with ``column`` recorded after it (``O(1)``; ``tail`` is unchanged)."""
    link = object.__new__(HistoryTail)  # (a frozen dataclass's __init__ is slow)
    fields = link.__dict__
    fields["column"] = column
    fields["previous"] = tail
    fields["size"] = 1 if tail is None else tail.size + 1
    return link


def _columns(tail: HistoryTail | None) -> list[Array]:
    return [] if tail is None else tail.columns()


def tail_codes(tail: HistoryTail | None, rows: int) -> Array:
    """The tail's columns as one ``int8`` ``(T, n)`` array, oldest first (``T`` = 0 for
    no tail). One concatenate, not ``np.stack``: a small batch folds 256 columns at
    once, and ``np.stack`` costs about a microsecond a column.
    """
    columns = _columns(tail)
    if not columns:
        return np.zeros((0, rows), dtype=np.int8)
    return np.concatenate(columns).reshape(len(columns), rows)


def materialize(base: Array, base_length: Array, tail: HistoryTail | None) -> tuple[Array, Array]:
    """The histories as one ``int8`` ``(n, L)`` array and their ``int32`` lengths.

    :param base: ``int8`` ``(n, Lb)`` histories; row ``i`` holds ``base_length[i]`` ids.
    :param base_length: ``int32`` ``(n,)``.
    :param tail: the columns recorded since, or None.
    :returns: ``(history, length)``; ``L`` is the longest history (at least 1).
    """
    rows = base.shape[0]
    codes = tail_codes(tail, rows)  # (T, n)
    steps = np.arange(codes.shape[0])[:, None]
    reset_at = np.where(codes == NEW_HAND, steps, -1).max(axis=0, initial=-1)  # (n,)
    prefix = np.where(reset_at >= 0, 0, base_length).astype(np.int64)  # kept from the base
    played = (codes >= 0) & (steps > reset_at[None, :])  # this hand's ids in the tail
    length = (prefix + played.sum(axis=0)).astype(np.int32)
    width = max(1, int(length.max()) if rows else 1)
    history = np.zeros((rows, width), dtype=np.int8)
    keep = min(base.shape[1], width)
    history[:, :keep] = base[:, :keep] * (np.arange(keep)[None, :] < prefix[:, None])
    position = prefix[None, :] + np.cumsum(played, axis=0) - 1
    at, table = np.nonzero(played)
    history[table, position[at, table]] = codes[at, table]
    return history, length


def row_history(base: Array, base_length: Array, tail: HistoryTail | None, index: int) -> list[int]:
    """The action ids of table ``index``'s hand, in order (``O(Lb + tail size)``)."""
    ids = [int(x) for x in base[index, : int(base_length[index])]]
    for column in _columns(tail):
        code = int(column[index])
        if code == NEW_HAND:
            ids = []
        elif code >= 0:
            ids.append(code)
    return ids


def fold(
    base: Array,
    base_length: Array,
    tail: HistoryTail | None,
    length: Array,
    merge: Callable[[Array, Array, HistoryTail | None], tuple[Array, Array]] | None = None,
) -> tuple[Array, Array, HistoryTail | None]:
    """``(base, base_length, tail)`` with a long tail folded into a new base.

    The tail is folded once it holds ``max(tail_limit(n), L)`` columns, ``L`` the
    longest history now (``length.max()``, read only past that many columns): the fold
    costs ``O(n (L + tail))``, so ``O(n)`` a step on average, and the new base is
    ``L`` wide, whatever the hands before were. Otherwise the arguments come back
    unchanged. Every returned array is read-only.

    :param length: ``(n,)`` the histories' lengths now.
    :param merge: the function that folds, :func:`materialize` (None) or one that
        returns the same values (the kernel's compiled
        :func:`~teenpatti_rules.batch.kernel_history.materialize`).
    """
    if tail is None or tail.size < tail_limit(base.shape[0]):
        return base, base_length, tail
    if tail.size < int(length.max()):
        return base, base_length, tail
    history, lengths = (materialize if merge is None else merge)(base, base_length, tail)
    history.flags.writeable = False
    lengths.flags.writeable = False
    return history, lengths, None
