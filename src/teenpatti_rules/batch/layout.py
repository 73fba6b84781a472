"""How a packed batch state lays out its fields in one buffer, table by table.

A :class:`~teenpatti_rules.batch.state.PackedBatchState` reads every field but the
history's from one read-only ``uint8`` buffer (:func:`~teenpatti_rules.batch.state.pack`);
:func:`packed_layout` says where each field lies in a table's record, and the compiled
kernel (:mod:`teenpatti_rules.batch.kernel`) steps the tables in that buffer. The names
are re-exported by :mod:`teenpatti_rules.batch.state`, where they are documented.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["PACKED_FIELDS", "SEAT_MAJOR_FIELDS", "PackedLayout", "packed_layout"]

Array = NDArray[Any]

_PACKED_ORDER: tuple[tuple[str, Any], ...] = (
    ("table_key", np.uint64),
    *((f"seat_{name}", np.int32) for name in (
        "stack", "contributed", "blind_bets", "strength", "start_stack", "rewards",
        "winnings", "turns", "stake_bets", "drawn",
    )),
    *((name, np.int32) for name in (
        "pot", "stake", "dealer", "current_player", "asker", "hand_index", "history_length",
    )),
    *((f"seat_{name}", np.bool_) for name in ("in_hand", "seen", "all_in")),
    ("phase", np.int8),
    ("ending", np.int8),
    ("terminated", np.bool_),
    ("cards", np.int8),
    ("legal_action_mask", np.bool_),
)  # fmt: skip
"""The fields a packed state holds in its one buffer, widest items first (so that
every field starts aligned to its item size within a table's record); ``seat_drawn``
only on a draw table (V20)."""

PACKED_FIELDS = frozenset(name for name, _ in _PACKED_ORDER)
"""The fields a :class:`~teenpatti_rules.batch.state.PackedBatchState` reads from its
buffer: every field but the history's base and tail."""
SEAT_MAJOR_FIELDS = frozenset(name for name in PACKED_FIELDS if name.startswith("seat_"))
"""The packed fields a state reads transposed, as ``(P, n)``."""


@dataclasses.dataclass(frozen=True)
class PackedLayout:
    """How a packed buffer holds ``n`` tables of ``P`` seats: table by table, each
    table's fields in one record of ``itemsize`` bytes (a step at one table then reads
    and writes a few adjacent cache lines, not one line per field and seat).

    :param size: the buffer's length in bytes (``n * itemsize``).
    :param itemsize: one table's record in bytes (a multiple of 8).
    :param places: by field name, ``(byte offset within the record, dtype, the field's
        shape at one table)``.
    :param record: the structured dtype of one table's record: the buffer viewed as
        ``(n,)`` records reads a field as a (strided) array in one indexing.
    """

    size: int
    itemsize: int
    places: dict[str, tuple[int, Any, tuple[int, ...]]]
    record: Any

    def offsets(self, names: tuple[str, ...]) -> Array:
        """``int64`` the byte offsets within a record of ``names``, in that order (-1
        for a name the layout does not hold: ``seat_drawn`` without draws, V20), and
        the record's size last.
        """
        return np.array(
            [*(self.places.get(name, (-1,))[0] for name in names), self.itemsize], dtype=np.int64
        )


@functools.lru_cache(maxsize=64)
def packed_layout(
    players: int, tables: int, hand_size: int = 3, actions: int = 10, draws: bool = False
) -> PackedLayout:
    """The :class:`PackedLayout` of ``tables`` tables of ``players`` seats dealt
    ``hand_size`` cards each (V12), with a legal-action mask of ``actions`` ids (10,
    or the encoding's 16 or 24 under V3, more with V20's DRAW ids); ``draws``: the
    record holds ``seat_drawn`` (V20).
    """
    places: dict[str, tuple[int, Any, tuple[int, ...]]] = {}
    offset = 0
    for name, dtype in _PACKED_ORDER:
        if name == "seat_drawn" and not draws:
            continue
        if name.startswith("seat_"):
            shape: tuple[int, ...] = (players,)
        elif name == "cards":
            shape = (players, hand_size)
        elif name == "legal_action_mask":
            shape = (actions,)
        else:
            shape = ()
        places[name] = (offset, np.dtype(dtype), shape)
        offset += int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
    itemsize = -(-offset // 8) * 8
    record = np.dtype(
        {
            "names": list(places),
            "formats": [(dtype, shape) if shape else dtype for _, dtype, shape in places.values()],
            "offsets": [place[0] for place in places.values()],
            "itemsize": itemsize,
        }
    )
    return PackedLayout(itemsize * tables, itemsize, places, record)
