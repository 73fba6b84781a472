"""The compiled fold of a batch's action history (numba): the kernel's steps fold their
tail of columns into a new base in one pass over the codes, not a few dozen numpy
calls over ``(T, n)`` arrays.

:func:`materialize` returns what :func:`teenpatti_rules.batch.history.materialize`
returns, value for value (the action ids of each table's hand, R20–R41, after the
last :data:`~teenpatti_rules.batch.history.NEW_HAND` of its column);
:class:`~teenpatti_rules.batch.backend.KernelStep` hands it to
:func:`~teenpatti_rules.batch.history.fold`. Imported only with the kernel (numba).

The kernel's on-disk cache is keyed on this file too
(:mod:`~teenpatti_rules.batch.kernel_jit`): an edit here recompiles it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from .history import NEW_HAND, HistoryTail, tail_codes
from .kernel_jit import jit as _jit

__all__ = ["materialize"]

Array = NDArray[Any]


@_jit
def merge_codes(base: Any, base_length: Any, codes: Any) -> Any:  # pragma: no cover
    """The histories of ``base`` (``int8`` ``(n, Lb)``, row ``i`` holding
    ``base_length[i]`` ids) after the columns of ``codes`` (``int8`` ``(T, n)``): a
    column's action id (``>= 0``) is appended to its table's hand, ``NEW_HAND``
    starts the hand over, any other code is skipped. Returns ``(history, length)``,
    ``int8`` ``(n, L)`` zero past each length and ``int32`` ``(n,)``, ``L`` the
    longest length (at least 1).
    """
    steps, n = codes.shape[0], codes.shape[1]
    reset_at = np.full(n, -1, dtype=np.int64)  # each table's last NEW_HAND column
    played = np.zeros(n, dtype=np.int64)  # its ids after that column
    for t in range(steps):
        for i in range(n):
            code = codes[t, i]
            if code == NEW_HAND:
                reset_at[i] = t
                played[i] = 0
            elif code >= 0:
                played[i] += 1
    length = np.empty(n, dtype=np.int32)
    position = np.empty(n, dtype=np.int64)
    width: Any = 1
    for i in range(n):
        prefix = 0 if reset_at[i] >= 0 else np.int64(base_length[i])
        position[i] = prefix
        length[i] = prefix + played[i]
        width = max(width, np.int64(length[i]))
    history = np.zeros((n, width), dtype=np.int8)
    keep = min(base.shape[1], width)
    for i in range(n):
        for j in range(min(position[i], keep)):  # the hand's ids kept from the base
            history[i, j] = base[i, j]
    for t in range(steps):
        for i in range(n):
            code = codes[t, i]
            if code >= 0 and t > reset_at[i]:
                history[i, position[i]] = code
                position[i] += 1
    return history, length


def materialize(base: Array, base_length: Array, tail: HistoryTail | None) -> tuple[Array, Array]:
    """The histories as one ``int8`` ``(n, L)`` array and their ``int32`` lengths, as
    :func:`teenpatti_rules.batch.history.materialize` (its arguments and values),
    compiled.

    :param base: ``int8`` ``(n, Lb)`` histories; row ``i`` holds ``base_length[i]`` ids.
    :param base_length: ``int32`` ``(n,)``.
    :param tail: the columns recorded since, or None.
    :returns: ``(history, length)``; ``L`` is the longest history (at least 1).
    """
    history, length = merge_codes(
        _read_only(np.ascontiguousarray(base, dtype=np.int8)),
        _read_only(np.ascontiguousarray(base_length, dtype=np.int32)),
        tail_codes(tail, base.shape[0]),
    )
    return history, length


def _read_only(array: Array) -> Array:
    """A read-only view of ``array``: numba compiles a function once per argument
    type, and whether an array is writable is part of its type; the engine's states
    hold read-only arrays, so a caller's writable ones would compile the fold a second
    time (seconds) for the same work.
    """
    view = array.view()
    view.flags.writeable = False
    return view
