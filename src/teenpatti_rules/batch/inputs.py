"""What a caller hands a :class:`~teenpatti_rules.batch.BatchEnv`, checked before
anything is computed: stacks (R4, R7, V18) and action ids. Hostile input gets a
:class:`TypeError` or :class:`ValueError` naming the problem; sizes and magnitudes are
bounded.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..rules import Rules

__all__ = ["MAX_TABLE_CHIPS", "action_ids", "checked_stacks", "refuse_bools"]

Array = NDArray[Any]

MAX_TABLE_CHIPS = 2**28
"""Chips at one table stay below this, so that int32 bets (up to 4 × the stake) never overflow."""


def refuse_bools(stacks: object) -> None:
    """Refuse a bool among the items of a list or tuple of stacks (or of its rows).

    numpy would read ``True`` as a stack of 1 chip. (Deeper nesting is refused by its
    shape; an array of dtype bool by its dtype.)

    :raises TypeError: naming the bool.
    """
    rows = stacks if isinstance(stacks, list | tuple) else ()
    for row in rows:
        for item in row if isinstance(row, list | tuple) else (row,):
            if isinstance(item, bool | np.bool_):
                raise TypeError(f"stacks must be integers, not the bool {item!r}")


def checked_stacks(stacks: Array, shape: tuple[int, ...], rules: Rules, boot: int) -> Array:
    """``stacks`` as ``int32``, checked in its own dtype before any cast or sum (so that
    neither a wrapping sum nor a narrowing cast can hide a huge stack).

    :param stacks: the caller's stacks as an array.
    :param shape: the shape they must have (``(P,)`` or ``(n, P)``).
    :param rules: the table's rules (R7's leaving stack; V18).
    :param boot: the table's boot, for the message.
    :returns: a new ``int32`` array.
    :raises ValueError: for another shape or a non-integer dtype, a stack below
        ``rules.leaving_stack`` (the boot, R7; 1 chip under V18), or a table's stacks
        totalling :data:`MAX_TABLE_CHIPS` or more.
    """
    if stacks.shape != shape or stacks.dtype.kind not in "iu":
        raise ValueError(
            f"stacks must be integers of shape {shape}, not {stacks.dtype} {stacks.shape}"
        )
    if stacks.size and stacks.min() < rules.leaving_stack:
        raise ValueError(
            f"stacks must each be at least the boot ({boot})"
            if rules.boot_schedule is None
            else "stacks must each be at least 1 chip (a tournament, V18)"
        )
    # Each stack below the table bound first (compared in the input's dtype, no cast):
    # then the int64 sum of at most 17 of them cannot wrap.
    if stacks.size and (
        stacks.max() >= MAX_TABLE_CHIPS
        or stacks.astype(np.int64).sum(axis=-1).max() >= MAX_TABLE_CHIPS
    ):
        raise ValueError(f"stacks must total less than {MAX_TABLE_CHIPS} chips per table")
    return stacks.astype(np.int32)


def action_ids(ids: Array, tables: int, width: int) -> Array:
    """``ids`` as a new contiguous, writable ``int32`` array of ``tables`` ids, an id
    outside ``0..width-1`` turned into -1 or ``width`` (refused by the legality check).

    :raises ValueError: if ``ids`` is not ``tables`` integers.
    """
    if ids.shape != (tables,) or ids.dtype.kind not in "iu":
        raise ValueError(f"actions must be {tables} integers, not {ids.dtype} {ids.shape}")
    return np.asarray(ids, dtype=np.int64).clip(-1, width).astype(np.int32)
