"""A table's number in a batch (a row), checked once for every per-row reader:
``to_state``, ``placings``, ``session_winners``, ``reducer_deck``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..limits import short

__all__ = ["TableNumber", "table_index"]

TableNumber = int | np.integer[Any]
"""A table's number in a batch (a row): an int, or a numpy integer such as
``np.flatnonzero`` gives."""


def table_index(index: object, tables: int) -> int:
    """``index`` as an int if it is a table number ``0..tables-1``.

    :param index: an int or a numpy integer (a bool is neither).
    :param tables: the batch's number of tables.
    :returns: ``int(index)``.
    :raises TypeError: if ``index`` is not an integer.
    :raises IndexError: if it is outside ``0..tables-1``.
    """
    if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
        raise TypeError(f"index must be an int table number, not {short(index)}")
    if not 0 <= index < tables:
        raise IndexError(f"index must be a table number 0..{tables - 1}, not {index}")
    return int(index)
