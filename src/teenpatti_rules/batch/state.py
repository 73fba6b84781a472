"""The batch state: one hand per table, every field an array with the table index first.

:class:`BatchState` is an immutable record of read-only numpy arrays. The engine
never writes into an array it was given; a new state shares the arrays that did not
change with the old one (they are read-only, so sharing is safe).

Shapes use ``n`` for the number of tables, ``P`` for the seats per table, ``A`` for
the action alphabet (10 ids) and ``L`` for the capacity of the action history.
Chips are whole chips (``int32``: the chips at one table must stay below 2**31).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numpy.typing import NDArray

from . import codes
from .codes import *  # noqa: F403 (the codes were first defined here: still importable)
from .history import HistoryTail, materialize, row_history
from .layout import PACKED_FIELDS, SEAT_MAJOR_FIELDS, PackedLayout, packed_layout

__all__ = [
    "PACKED_FIELDS",
    "SEAT_FIELDS",
    "BatchState",
    "PackedBatchState",
    "PackedLayout",
    "freeze",
    "pack",
    "packed_layout",
]
__all__ += codes.__all__

Array = NDArray[Any]


def freeze(array: Array) -> Array:
    """Mark ``array`` read-only and return it (the engine's arrays are never written)."""
    array.setflags(write=False)
    return array


_EXTRA_AXES = {"cards": 2, "legal_action_mask": 1, "history_base": 1}
_BOOL_FIELDS = frozenset(
    {"seat_in_hand", "seat_seen", "seat_all_in", "terminated", "legal_action_mask"}
)

SEAT_FIELDS = (
    "stack",
    "contributed",
    "in_hand",
    "seen",
    "all_in",
    "blind_bets",
    "strength",
    "start_stack",
    "rewards",
    "winnings",
    "turns",
    "stake_bets",
)
"""The per-seat arrays: stored seat-major as ``seat_<name>`` of shape ``(P, n)``, read
as ``<name>`` of shape ``(n, P)`` (a transposed view)."""


@dataclasses.dataclass(frozen=True, eq=False)
class BatchState:
    """``n`` tables, each playing one hand of ``P`` seats.

    Per seat, read as shape ``(n, P)`` and indexed ``[table, seat]`` (properties;
    each is a read-only transposed view of the seat-major field ``seat_<name>`` of
    shape ``(P, n)``, the layout the engine computes in, because sums over the few
    seats of a table are fastest along the first axis):

    - ``stack``: ``int32`` chips in front of each seat (not in the pot).
    - ``contributed``: ``int32`` chips each seat put in the pot this hand (R41).
    - ``in_hand``: ``bool``: dealt in and not packed (R29).
    - ``seen``: ``bool``: has looked at its cards (R22).
    - ``all_in``: ``bool``: has no chips left to bet (R9, R25, R26, R28).
    - ``blind_bets``: ``int32`` bets made while blind (R23).
    - ``strength``: ``int32`` what each hand is compared by: the
      :attr:`~teenpatti_rules.ranking.HandRank.strength` of its cards (R13–R17) from
      :func:`~teenpatti_rules.ranking.evaluate_many`, or with a ``suit_order`` (V7) its
      :func:`~teenpatti_rules.ranking.showdown_key`; higher wins, equal ties.
    - ``start_stack``: ``int32`` stacks when the hand was dealt (before the boots);
      an autoreset deals the next hand with these stacks again (not in a session).
    - ``rewards``: ``int32`` chips won (+) or lost (−) per seat over the hand that
      ended in the last step (final stack − ``start_stack``); zeros on every other
      step. A hand's rewards sum to 0 (R42).
    - ``winnings``: ``int32`` chips each seat won from the pot (gross) in the hand
      that ended last (R18, R35, R39, R41); zeros while the hand is in play.
    - ``turns``: ``int32`` betting actions taken this hand: bets, all-ins, packs,
      shows and sideshow requests, not answers (V15).
    - ``stake_bets``: ``int32`` bets (a sideshow request's chaal included) made since
      the stake last changed; a bet that changes it sets every count to 0 (V14).

    Per table, shape ``(n,)``:

    :param pot: ``int32`` chips in the pot (0 once the hand is paid out).
    :param stake: ``int32`` the current stake, the blind rate (R11, R24).
    :param dealer: ``int32`` the dealer's seat (R5, R10, R19).
    :param current_player: ``int32`` the seat to act: the player whose turn it is,
        or the asked player while a sideshow is pending; ``-1`` once terminated.
    :param phase: ``int8``: :data:`PHASE_BETTING <teenpatti_rules.batch.codes.PHASE_BETTING>`,
        :data:`PHASE_SIDESHOW <teenpatti_rules.batch.codes.PHASE_SIDESHOW>` or
        :data:`PHASE_OVER <teenpatti_rules.batch.codes.PHASE_OVER>`.
    :param asker: ``int32`` the seat that asked the pending sideshow, else ``-1`` (R30).
    :param ending: ``int8`` how the hand ended: ``ENDING_NONE`` (0) while in play,
        ``ENDING_PACKED`` (1), ``ENDING_SHOW`` (2), ``ENDING_SHOWDOWN`` (3),
        ``ENDING_TABLE_SHOW`` (4, V14) or ``ENDING_TURN_LIMIT`` (5, V15), the constants
        of :mod:`~teenpatti_rules.batch.codes` (importable from here too).
    :param terminated: ``bool``: the hand is over.
    :param table_key: ``uint64`` the table's random key, derived from the seed of
        :meth:`~teenpatti_rules.batch.BatchEnv.init` and the table index.
    :param hand_index: ``int32`` how many hands this table dealt before this one
        (0 for the first); with ``table_key`` it picks the deck and the dealer.
    :param history_length: ``int32`` how many actions of this hand are in ``history``.

    Other shapes:

    :param cards: ``int8`` ``(n, P, H)`` each seat's ``H`` cards (``hand_size``, V12) as
        :attr:`~teenpatti_rules.cards.Card.index` (0..51; 52..54 for the printed jokers,
        V8), in the order dealt (R10).
    :param legal_action_mask: ``bool`` ``(n, A)``: the ids ``current_player`` may
        play now; every id is True on a terminated table (the pgx convention).
    :param history_base: ``int8`` ``(n, Lb)`` the histories as they were when the
        tail was last folded, the first ``history_base_length[i]`` of row ``i``.
    :param history_base_length: ``int32`` ``(n,)``.
    :param history_tail: the ``int8`` ``(n,)`` columns recorded since (one per
        step, a :class:`~teenpatti_rules.batch.history.HistoryTail` or None; see
        :mod:`teenpatti_rules.batch.history`). Read the history with the
        :attr:`history` property or :meth:`row_history`.
    :param seat_drawn: on a draw table (V20) only, ``int32`` seat-major ``(P, n)``
        cards each seat drew this hand (read as :attr:`drawn`, ``(n, P)``); their
        sum per table is how far the hand has dealt into the rest of its
        :attr:`deck`. None on every other table (not one of the per-seat fields of
        :data:`~teenpatti_rules.batch.state.SEAT_FIELDS`, which the compiled kernel writes).
    """

    seat_stack: Array
    seat_contributed: Array
    seat_in_hand: Array
    seat_seen: Array
    seat_all_in: Array
    seat_blind_bets: Array
    seat_strength: Array
    seat_start_stack: Array
    seat_rewards: Array
    seat_winnings: Array
    seat_turns: Array
    seat_stake_bets: Array
    pot: Array
    stake: Array
    dealer: Array
    current_player: Array
    phase: Array
    asker: Array
    ending: Array
    terminated: Array
    table_key: Array
    hand_index: Array
    history_length: Array
    cards: Array
    legal_action_mask: Array
    history_base: Array
    history_base_length: Array
    history_tail: HistoryTail | None = None
    seat_drawn: Array | None = None

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """A pickled or copied state, its arrays read-only again (not recompiling)."""
        for value in fields.values():
            if isinstance(value, np.ndarray):
                value.flags.writeable = False
        self.__dict__.update(fields)

    @property
    def deck(self) -> Array:
        """``int8`` ``(n, 52)`` each hand's shuffled deck, card indices, computed on
        each read from ``table_key`` and ``hand_index``
        (:func:`~teenpatti_rules.batch.deal.shuffle`; not stored): seat
        ``(dealer + 1 + i) % P`` got ``deck[i]``, ``deck[i + P]``, ``deck[i + 2P]`` (R10).
        A table with printed jokers (V8) deals from a longer deck: read it with
        :meth:`decks`.
        """
        return self.decks()

    def decks(self, size: int = 52) -> Array:
        """``int8`` ``(n, size)`` each hand's deck of ``size`` cards
        (:attr:`~teenpatti_rules.rules.Rules.deck_size`: 52 and the printed jokers,
        V8), as :attr:`deck`; at a ``wild="joker"`` / ``"hukam"`` table the indicator
        is ``decks(size)[:, hand_size * P]`` (W5).

        :raises ValueError: for a ``size`` outside 52..55.
        """
        from .deal import shuffle

        return freeze(shuffle(self.table_key, self.hand_index, size))

    def row_deck(self, index: int, size: int = 52) -> Array:
        """Table ``index``'s deck of ``size`` cards (a row of :meth:`decks`, computed
        for that row only).

        :raises ValueError: for a ``size`` outside 52..55.
        """
        from .deal import shuffle

        rows = slice(index, index + 1)
        return freeze(shuffle(self.table_key[rows], self.hand_index[rows], size)[0])

    @property
    def history(self) -> Array:
        """``int8`` ``(n, L)`` the action ids played this hand, the first
        ``history_length[i]`` of row ``i`` (built from the base and the tail on each
        read: ``O(n L)``; :meth:`row_history` reads one table).
        """
        history, _ = materialize(self.history_base, self.history_base_length, self.history_tail)
        return freeze(history)

    def row_history(self, index: int) -> list[int]:
        """The action ids played in table ``index``'s hand, in order."""
        return row_history(self.history_base, self.history_base_length, self.history_tail, index)

    @property
    def stack(self) -> Array:
        """``int32`` ``(n, P)`` chips in front of each seat."""
        return self.seat_stack.T

    @property
    def contributed(self) -> Array:
        """``int32`` ``(n, P)`` chips each seat put in the pot this hand (R41)."""
        return self.seat_contributed.T

    @property
    def in_hand(self) -> Array:
        """``bool`` ``(n, P)`` dealt in and not packed (R29)."""
        return self.seat_in_hand.T

    @property
    def seen(self) -> Array:
        """``bool`` ``(n, P)`` has looked (R22)."""
        return self.seat_seen.T

    @property
    def all_in(self) -> Array:
        """``bool`` ``(n, P)`` all-in (R25, R26, R28)."""
        return self.seat_all_in.T

    @property
    def blind_bets(self) -> Array:
        """``int32`` ``(n, P)`` bets made while blind (R23)."""
        return self.seat_blind_bets.T

    @property
    def strength(self) -> Array:
        """``int32`` ``(n, P)`` hand strengths, higher wins (R13–R17)."""
        return self.seat_strength.T

    @property
    def start_stack(self) -> Array:
        """``int32`` ``(n, P)`` stacks when the hand was dealt."""
        return self.seat_start_stack.T

    @property
    def rewards(self) -> Array:
        """``int32`` ``(n, P)`` net chips of the hand that ended in the last step."""
        return self.seat_rewards.T

    @property
    def turns(self) -> Array:
        """``int32`` ``(n, P)`` betting actions taken this hand (V15)."""
        return self.seat_turns.T

    @property
    def stake_bets(self) -> Array:
        """``int32`` ``(n, P)`` bets made since the stake last changed (V14)."""
        return self.seat_stake_bets.T

    @property
    def drawn(self) -> Array | None:
        """``int32`` ``(n, P)`` cards each seat drew this hand (V20); None on a table
        without draws.
        """
        drawn = self.seat_drawn
        return None if drawn is None else drawn.T

    @property
    def winnings(self) -> Array:
        """``int32`` ``(n, P)`` gross chips won from the pot in the hand that ended last."""
        return self.seat_winnings.T

    @property
    def tables(self) -> int:
        """How many tables (``n``)."""
        return int(self.pot.shape[0])

    @property
    def players(self) -> int:
        """Seats per table (``P``)."""
        return int(self.seat_stack.shape[0])

    @property
    def nbytes(self) -> int:
        """Bytes held by the state's arrays (shared arrays counted once)."""
        seen_ids: set[int] = set()
        total = 0
        arrays: list[Array] = []
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, HistoryTail):
                arrays.extend(value.columns())
            elif value is not None:
                arrays.append(value)
        for array in arrays:
            if id(array) not in seen_ids:
                seen_ids.add(id(array))
                total += int(array.nbytes)
        return total

    def shape_problem(self, players: int, actions: int = 10, *, draws: bool = False) -> str | None:
        """Why this state cannot be a state of ``players`` seats, or None if it can:
        every field an array of its documented dtype kind and shape for ``n`` tables
        (the ``n`` of ``pot``) and ``players`` seats.

        :param players: the environment's seats per table (``P``).
        :param actions: the size ``A`` of its action alphabet (10, more under V3 and V20).
        :param draws: whether the table has draws (V20): ``seat_drawn`` is then an
            array, else None.
        :returns: a sentence naming the first wrong field, or None.
        """
        if not isinstance(self.pot, np.ndarray) or self.pot.ndim != 1:
            return "pot must be a 1-d array"
        n = self.pot.shape[0]
        for field in dataclasses.fields(BatchState):
            array = getattr(self, field.name)
            if field.name == "seat_drawn" and (array is None) is draws:
                return "seat_drawn must be an array on a draw table (V20), None on any other"
            if array is None and field.name == "seat_drawn":
                continue
            if field.name == "history_tail":
                if array is not None and (
                    not isinstance(array, HistoryTail)
                    or not isinstance(array.column, np.ndarray)
                    or array.column.shape != (n,)
                    or array.column.dtype != np.int8
                ):
                    return f"history_tail must be None or a HistoryTail of int8 ({n},) columns"
                continue
            if not isinstance(array, np.ndarray):
                return f"{field.name} is not a numpy array"
            head = (players, n) if field.name.startswith("seat_") else (n,)
            extra = _EXTRA_AXES.get(field.name, 0)
            if array.shape[: len(head)] != head or array.ndim != len(head) + extra:
                return (
                    f"{field.name} has shape {array.shape}, not {head} (+{extra} axes) "
                    f"for {n} tables of {players} seats"
                )
            kind = "b" if field.name in _BOOL_FIELDS else "iu"
            if array.dtype.kind not in kind:
                return f"{field.name} has dtype {array.dtype}"
        if self.cards.shape[1] != players or self.legal_action_mask.shape[1] != actions:
            return f"cards or legal_action_mask do not fit {players} seats and {actions} ids"
        return None

    def replace(self, **changes: Any) -> BatchState:
        """A copy with the given fields replaced (each array frozen read-only first).

        :raises TypeError: for a name that is not a field.
        """
        for name, value in changes.items():
            if name not in _FIELD_NAMES:
                raise TypeError(f"BatchState has no field {name!r}")
            if isinstance(value, HistoryTail):
                value.column.setflags(write=False)
            elif value is not None:
                value.setflags(write=False)
        return self.with_frozen(changes)

    def with_frozen(self, changes: dict[str, Any]) -> BatchState:
        """A copy with the given fields replaced, for the engine's own fresh values
        that are already read-only and of the right fields (nothing is checked).

        A frozen dataclass's ``replace()`` runs ``__init__`` over every field: a step
        replaces most of them, so copying the instance dict is several times faster.
        """
        source = self.__dict__
        if "_packed" in source and not PACKED_FIELDS.isdisjoint(changes):
            # A buffer field changes: the copy no longer keeps the buffer (a packed
            # state's copy is a plain state of every field; a subclass holding every
            # field, as the sessions' states on the kernel, keeps its class).
            if type(self) is PackedBatchState:
                source = {name: getattr(self, name) for name in _FIELD_NAMES}
                copy = object.__new__(BatchState)
            else:
                source = {k: v for k, v in source.items() if k not in ("_packed", "_record")}
                copy = object.__new__(type(self))
        else:
            copy = object.__new__(type(self))
        fields = copy.__dict__
        fields.update(source)
        fields.pop("_maker", None)  # a changed state is no longer as its maker made it
        fields.update(changes)
        return copy


_FIELD_NAMES = frozenset(field.name for field in dataclasses.fields(BatchState))


def pack(state: BatchState) -> Array:
    """``state``'s fields (all but the history's) in one read-only ``uint8`` buffer laid
    out by :func:`packed_layout` (the buffer itself for a :class:`PackedBatchState`).
    """
    packed: Array | None = state.__dict__.get("_packed")
    if packed is not None:
        return packed
    hand, actions = int(state.cards.shape[2]), int(state.legal_action_mask.shape[1])
    drawn = state.seat_drawn is not None  # V20
    layout = packed_layout(state.players, state.tables, hand, actions, drawn)
    buffer = np.zeros(layout.size, dtype=np.uint8)
    records = buffer.view(layout.record)
    for name in layout.places:
        value = getattr(state, name)
        records[name] = value.T if name.startswith("seat_") else value
    return freeze(buffer)


class PackedBatchState(BatchState):
    """A :class:`BatchState` whose fields (all but the history's) are views of one
    read-only buffer (:func:`pack`), each made on its first read: the compiled kernel
    writes a step into one fresh buffer instead of two dozen arrays.

    Read it as any BatchState; :meth:`~BatchState.replace` of one of the buffer's
    fields gives a plain BatchState.
    """

    @classmethod
    def from_buffer(
        cls,
        packed: Array,
        record: Array,
        history_base: Array,
        history_base_length: Array,
        history_tail: HistoryTail | None,
        maker: object | None = None,
        drawn: bool | None = None,
    ) -> PackedBatchState:
        """A state over ``packed`` (a read-only ``uint8`` buffer) and ``record`` (the same
        bytes as a read-only ``(n,)`` array of the layout's ``record`` dtype) with the
        history; nothing is checked or copied (the engine's fast path).

        :param maker: the object that made the state, if any (a
            :class:`~teenpatti_rules.batch.backend.KernelStep` marks its own states, and
            trusts them unchecked; a changed or copied state loses the mark).
        :param drawn: whether the layout has ``seat_drawn`` (V20), if the caller knows
            (None: read from the layout).
        """
        state = object.__new__(cls)
        fields = state.__dict__
        fields["_packed"] = packed
        fields["_record"] = record
        fields["history_base"] = history_base
        fields["history_base_length"] = history_base_length
        fields["history_tail"] = history_tail
        if maker is not None:
            fields["_maker"] = maker
        if drawn is None:
            drawn = record.dtype.fields is not None and "seat_drawn" in record.dtype.fields
        if drawn:
            fields["seat_drawn"] = record["seat_drawn"].T  # V20 (a field's default is None)
        return state

    @property
    def tables(self) -> int:
        """How many tables (``n``)."""
        return int(self.history_base_length.shape[0])

    def __getstate__(self) -> dict[str, Any]:
        """The fields for pickling and copying, without the mark of the environment
        that made the state (a copy is checked as any state).
        """
        fields = dict(self.__dict__)
        fields.pop("_maker", None)
        return fields

    def __getattr__(self, name: str) -> Array:
        fields = self.__dict__
        record = fields.get("_record")
        if record is None or name not in PACKED_FIELDS:
            raise AttributeError(name)
        view: Array = record[name]
        if name in SEAT_MAJOR_FIELDS:
            view = view.T  # (P, n), as the engine's seat-major fields
        fields[name] = view
        return view
