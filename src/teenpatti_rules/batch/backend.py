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
from types import ModuleType
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from ..engine.ending import open_flush_rules
from ..hands.order import STRIDE
from ..hands.wild import IMAGINED, rank_table
from ..ranking import evaluate_many
from ..rules import Rules
from .config import TableConfig
from .draws import draw_masks
from .history import NEW_HAND, fold, push, tail_limit
from .state import (
    SEAT_FIELDS,
    BatchState,
    PackedBatchState,
    PackedLayout,
    freeze,
    pack,
    packed_layout,
)
from .strength import indicator_strengths, pair_strengths

__all__ = [
    "BACKENDS",
    "KERNEL_FIELDS",
    "POOL_BYTES",
    "KernelStep",
    "kernel_module",
    "kernel_offsets",
    "kernel_ranks",
    "pick_backend",
    "strength_table",
    "with_rows",
]

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
    "seat_drawn",
)
"""The fields the kernel writes (in a fresh packed buffer), in its argument order
(``seat_drawn`` on a draw table only, V20)."""


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
    With ``hand_size`` 2 (V12), ``(52, 52, 1)``: each ordered two-card hand's strength
    with its imagined card (:func:`~teenpatti_rules.batch.strength.pair_strengths`).
    """
    if rules.hand_size == 2:
        pairs = pair_strengths(rules)[:, :, None]
        pairs.flags.writeable = False
        return pairs
    three_card = rules if rules.hand_size == 3 else attrs.evolve(rules, hand_size=3)
    a, b, c = np.meshgrid(*[np.arange(52, dtype=np.int16)] * 3, indexing="ij")
    distinct = (a != b) & (a != c) & (b != c)  # every ordered hand, built by numpy
    table = np.full((52, 52, 52), -1, dtype=np.int32)
    hands = np.stack([a[distinct], b[distinct], c[distinct]], axis=1)
    table[distinct] = evaluate_many(hands, three_card)
    table.flags.writeable = False
    return table


_NO_INDICATOR = np.zeros(52, dtype=np.int64)
_NO_INDICATOR.setflags(write=False)
_NO_FLUSHES = np.full((1, 1, 1), -1, dtype=np.int32)
_NO_FLUSHES.setflags(write=False)


@functools.lru_cache(maxsize=4)
def kernel_ranks(rules: Rules) -> tuple[Array, Array, int]:
    """What the compiled kernel ranks the hands of ``rules`` by.

    :param rules: rules that :func:`~teenpatti_rules.batch.config.table_config` accepts.
    :returns: ``ranks``, ``bases`` and the imagined card's index. ``ranks`` is ``int32``
        and three-dimensional: a hand of three card indices ``a, b, c`` of a table whose
        indicator is ``x`` (V8 W5) has the strength ``ranks[bases[x] + a, b, c]``, and a
        hand of two (V12) ``ranks[bases[x] + a, b, imagined]``. Without an indicator
        ``bases`` is 52 zeros and ``ranks`` is :func:`strength_table`, or with printed
        jokers (V8) the ``(55, 55, 55)`` table :func:`~teenpatti_rules.ranking.evaluate_many`
        ranks with (cards 52..54 the jokers); at a ``wild="joker"`` / ``"hukam"`` table it
        is the ``K`` (13 or 4) tables of
        :func:`~teenpatti_rules.batch.strength.indicator_strengths` stacked, ``bases[x]``
        the first row of ``x``'s. All read-only: the numpy engine's strengths, read by
        the kernel without Python objects.
    """
    if rules.has_indicator:
        tables, offset = indicator_strengths(rules)
        ranks = tables.reshape(-1, STRIDE, STRIDE).astype(np.int32)
        bases = offset // (STRIDE * STRIDE)
        imagined = IMAGINED
    elif rules.jokers:
        three_card = rules if rules.hand_size == 3 else attrs.evolve(rules, hand_size=3)
        ranks = rank_table(three_card).numpy_strengths().astype(np.int32)
        bases = _NO_INDICATOR
        imagined = IMAGINED
    else:
        ranks, bases, imagined = strength_table(rules), _NO_INDICATOR, 0
    ranks.flags.writeable = False
    bases = np.ascontiguousarray(bases, dtype=np.int64)
    bases.flags.writeable = False
    return ranks, bases, imagined


@functools.lru_cache(maxsize=64)
def kernel_offsets(
    players: int, tables: int, hand_size: int = 3, actions: int = 10, draws: bool = False
) -> Array:
    """``int64`` the byte offsets of :data:`KERNEL_FIELDS` within a table's record of a
    packed buffer of ``tables`` tables of ``players`` seats, and the record's size
    (:func:`~teenpatti_rules.batch.state.packed_layout`; -1 for ``seat_drawn`` on a
    table without draws, V20).
    """
    layout = packed_layout(players, tables, hand_size, actions, draws)
    offsets = layout.offsets(KERNEL_FIELDS)
    offsets.setflags(write=False)
    return offsets


POOL_BYTES = 1 << 15
"""Buffers smaller than this are cut from shared blocks of about this many bytes."""


_Slot = tuple[Array, Array, Array, Array, Array]
"""A step's buffer and column (written by the kernel) and their read-only views (the
buffer, its records, the column)."""


class KernelStep:
    """The compiled step for one environment: its numbers, hand strengths and kernel
    gathered once, so that a step costs one buffer, one column and one call.

    :param config: the table's numbers.
    :param rules: the table's rules (for the hand strengths).
    :param autoreset: deal the next hand where the hand was over.
    :param dealer: a fixed dealer seat, or None for a dealer drawn per hand.
    """

    def __init__(self, config: TableConfig, rules: Rules, *, autoreset: bool, dealer: int | None):
        ranks, bases, imagined = kernel_ranks(rules)
        self.ranks: Array = ranks
        self.bases: Array = bases
        self.numbers: Array = np.array(
            [
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
                config.hand_size,
                config.forced_blinds,
                rules.deck_size,  # V8: 52 and the printed jokers
                int(rules.has_indicator),  # V8 W5
                imagined,
                int(config.open_flush),  # V16
                len(config.draws),  # V20: the DRAW ids, last in the alphabet
                config.draw_price,
                config.max_draws,
                int(config.sideshow_split),  # V17
                *draw_masks(config),  # V20: each DRAW id's discarded positions
            ],
            dtype=np.int64,
        )
        self.flushes: Array = (
            strength_table(open_flush_rules("classic" if config.classic_sequences else "standard"))
            if config.open_flush
            else _NO_FLUSHES
        )
        kernel = kernel_module()
        self.bets: Array = kernel.bet_numbers(config)  # V3's sizing (or R24's)
        self.kernel: Any = kernel.step_packed
        from .kernel_history import materialize  # (numba, as the kernel)

        self.merge: Any = materialize  # the history's compiled fold
        self.players: int = config.players
        self.hand_size: int = config.hand_size
        self.actions: int = config.actions
        self.draws: bool = bool(config.draws)
        self._free: dict[int, list[_Slot]] = {}
        self._plans: dict[int, tuple[PackedLayout, Array, int]] = {}

    def _refill(self, layout: PackedLayout, tables: int) -> _Slot:
        """A fresh slot for ``layout``: the buffer and the ``int8`` history column of
        ``tables`` codes the kernel writes, and the read-only views a state is made of
        (the buffer, its ``(n,)`` records view and the column). Small buffers and columns
        are cut from blocks of about :data:`POOL_BYTES` (one allocation and one flag for
        many steps, the rest kept for the next steps; a block lives while a state over
        one of its buffers, or a history column of it, does).
        """
        count = max(1, POOL_BYTES // layout.size)
        block = np.empty((count, layout.size), dtype=np.uint8)
        columns = np.empty((count, tables), dtype=np.int8)
        frozen_block = freeze(block.view())  # read-only views of the same bytes
        frozen_records = frozen_block.view(layout.record)  # (count, tables)
        frozen_columns = freeze(columns.view())
        slots = [
            (block[k], columns[k], frozen_block[k], frozen_records[k], frozen_columns[k])
            for k in range(count)
        ]
        slot = slots.pop()
        self._free[tables] = slots
        return slot

    def __call__(
        self, state: BatchState, actions: Array, *, fold_history: bool = True
    ) -> tuple[PackedBatchState, int]:
        """Step ``state`` by ``actions`` (``int32``, contiguous, one per table) into a new
        packed state, its history tail folded when long
        (:func:`~teenpatti_rules.batch.history.fold`).

        :param fold_history: False to leave the tail unfolded, its last column the
            step's (the sessions mode rewrites the column of the rows it deals, then
            folds).
        :returns: the new state, marked as made by this object (:meth:`made`), and -1,
            or the first table whose action is not a legal id (the state is then to be
            dropped).
        """
        tables = actions.shape[0]
        plan = self._plans.get(tables)
        if plan is None:
            plan = self._plans[tables] = (
                packed_layout(self.players, tables, self.hand_size, self.actions, self.draws),
                kernel_offsets(self.players, tables, self.hand_size, self.actions, self.draws),
                tail_limit(tables),
            )
        try:  # (list.pop is atomic: threads stepping at once never share a buffer)
            new, column, frozen, record, frozen_column = self._free[tables].pop()
        except (KeyError, IndexError):
            new, column, frozen, record, frozen_column = self._refill(plan[0], tables)
        fields = state.__dict__
        old = fields.get("_packed")
        bad: int = self.kernel(
            self.numbers,
            self.ranks,
            self.bases,
            self.flushes,
            self.bets,
            actions,
            column,
            pack(state) if old is None else old,
            new,
            plan[1],
        )
        # ``new`` and ``column`` are dropped here: the state holds only read-only views.
        tail = push(fields["history_tail"], frozen_column)
        base, base_length = fields["history_base"], fields["history_base_length"]
        after = PackedBatchState.from_buffer(
            frozen, record, base, base_length, tail, maker=self, drawn=self.draws
        )
        if fold_history and tail.size >= plan[2]:
            base, base_length, folded = fold(
                base, base_length, tail, after.history_length, self.merge
            )
            if folded is None:
                after.__dict__.update(
                    history_base=base, history_base_length=base_length, history_tail=None
                )
        return after, bad

    def made(self, state: BatchState) -> bool:
        """Whether ``state`` came out of a call of this object unchanged (then
        it is shaped as this environment's states).
        """
        return type(state) is PackedBatchState and state.__dict__.get("_maker") is self


def with_rows(
    stepped: PackedBatchState, fresh: BatchState, rows: Array, fields: tuple[str, ...]
) -> PackedBatchState:
    """``stepped`` (a kernel step's packed state, its history column not folded yet) with
    the ``fields`` of the hands ``fresh`` dealt written at ``rows``, in a copy of its
    buffer, and their history codes :data:`~teenpatti_rules.batch.history.NEW_HAND`
    (the kernel's sessions: the numpy session code deals each next hand, R6–R10).

    :param stepped: the packed state after the step.
    :param fresh: the dealt hands, one row per entry of ``rows``.
    :param rows: the table numbers dealt.
    :param fields: the field names to write (a field that is None in ``fresh``, as
        ``seat_drawn`` without draws, is skipped).
    :returns: the new packed state.
    """
    own = stepped.__dict__
    buffer = own["_packed"].copy()
    record = buffer.view(own["_record"].dtype)
    for name in fields:
        value = getattr(fresh, name)
        if value is None:  # seat_drawn on a table without draws
            continue
        record[name][rows] = value.T if name.startswith("seat_") else value
    tail = stepped.history_tail
    assert tail is not None  # the step just recorded its column, unfolded
    column = tail.column.copy()
    column[rows] = NEW_HAND
    return PackedBatchState.from_buffer(
        freeze(buffer),
        freeze(record),
        stepped.history_base,
        stepped.history_base_length,
        push(tail.previous, freeze(column)),
    )
