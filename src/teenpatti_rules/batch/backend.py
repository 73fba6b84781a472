"""Which engine steps a :class:`~teenpatti_rules.batch.BatchEnv`: the compiled kernel
(numba, the ``fast`` extra) or the numpy arrays, and the glue that calls the kernel.

``backend="auto"`` picks ``"numba"`` when numba can be imported and ``"numpy"``
otherwise; ``"numba"`` without numba raises an :class:`ImportError` naming the extra.
Both play the same tables with the same decks and give equal states field by field
(the differential tests check it), so the choice changes only the speed.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
from types import ModuleType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..ranking import evaluate_many
from ..rules import Rules
from .config import TableConfig
from .history import push
from .state import SEAT_FIELDS, BatchState

__all__ = ["BACKENDS", "kernel_module", "kernel_step", "pick_backend", "strength_table"]

Array = NDArray[Any]

BACKENDS = ("auto", "numba", "numpy")
"""The values of ``BatchEnv(..., backend=)``."""

KERNEL_FIELDS = (
    *(f"seat_{name}" for name in SEAT_FIELDS),
    "pot",
    "stake",
    "dealer",
    "current_player",
    "phase",
    "asker",
    "ending",
    "terminated",
    "table_key",
    "hand_index",
    "history_length",
    "cards",
    "legal_action_mask",
)
"""The fields the kernel writes (into copies), in its argument order."""


def pick_backend(backend: str) -> str:
    """``"numba"`` or ``"numpy"`` for the ``backend`` asked.

    :param backend: one of :data:`BACKENDS`.
    :raises ValueError: for another value.
    :raises ImportError: for ``"numba"`` when numba is not installed, naming the
        ``fast`` extra.
    """
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if backend == "numpy":
        return "numpy"
    available = importlib.util.find_spec("numba") is not None
    if backend == "numba" and not available:
        raise ImportError(
            "BatchEnv(backend='numba') needs numba: pip install numba "
            "(from a clone, pip install -e '.[fast]')"
        )
    return "numba" if available else "numpy"


def kernel_module() -> ModuleType:
    """The compiled kernel's module (imports numba on the first call)."""
    from . import kernel

    return kernel


@functools.lru_cache(maxsize=16)
def strength_table(rules: Rules) -> Array:
    """``int32`` ``(52, 52, 52)``: the strength of every ordered hand of three distinct
    cards (R13–R17 and the ranking variants, from
    :func:`~teenpatti_rules.ranking.evaluate_many`); ``-1`` where a card repeats.
    """
    hands = np.array(list(itertools.permutations(range(52), 3)), dtype=np.int16)
    table = np.full((52, 52, 52), -1, dtype=np.int32)
    table[hands[:, 0], hands[:, 1], hands[:, 2]] = evaluate_many(hands, rules)
    table.flags.writeable = False
    return table


def kernel_step(
    config: TableConfig,
    rules: Rules,
    state: BatchState,
    actions: Array,
    *,
    autoreset: bool,
    dealer: int | None,
) -> tuple[dict[str, Any], int]:
    """Run the kernel over copies of ``state``'s arrays.

    :returns: the new arrays by field name, read-only (with ``history_tail``), and
        -1, or the first table whose action is not a legal id (the arrays are then to
        be dropped).
    """
    out = {name: getattr(state, name).copy() for name in KERNEL_FIELDS}
    column = np.empty(state.tables, dtype=np.int8)
    numbers = (
        config.players,
        config.boot,
        config.pot_limit,
        config.max_blind_bets,
        config.stake_limit,
        config.show_cost_multiplier,
        -1 if dealer is None else dealer,
        int(autoreset),
        config.dealer_boots,
        config.table_show_after,
        config.max_turns,
        1 if config.ask_next else -1,
    )
    seats = tuple(out[f"seat_{name}"] for name in SEAT_FIELDS)
    rest = [out[name] for name in KERNEL_FIELDS[len(SEAT_FIELDS) :]]
    bad = int(
        kernel_module().step_tables(numbers, strength_table(rules), actions, column, seats, *rest)
    )
    for array in out.values():
        array.setflags(write=False)
    column.setflags(write=False)
    out["history_tail"] = push(state.history_tail, column)
    return out, bad
