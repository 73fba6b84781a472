"""What a hand order is: a frozen object that ranks every hand, and its lookup table.

A *hand order* (:class:`HandOrder`) is one way of ranking three-card hands: the
default order of R13–R16, the classic sequence order (V1), and the variants' orders.
An order owns only its sort key (:meth:`HandOrder.key`) and how a hand is named;
everything else — the table of all 22,100 hands, the dense strengths, each
strength's percentile, the numpy table of :func:`~teenpatti_rules.ranking.evaluate_many`
— follows from the key, here, once, lazily, in a bounded cache.

Orders are found by name in :data:`teenpatti_rules.hands.ORDERS`; a new ranking
variant is one module with one :class:`HandOrder` subclass plus one line there.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs

from ..cards import CARDS, ROW_OFFSET, Card, Rank
from .rank import HandCategory, HandRank

__all__ = ["NO_PAIRS", "STRIDE", "HandOrder", "HandTable", "hand_table", "joined", "pair_rows"]

Hand3 = tuple[Card, Card, Card]

STRIDE = 55
"""The lookup tables index three cards ``a, b, c`` at ``(a * STRIDE + b) * STRIDE + c``
(:attr:`~teenpatti_rules.cards.Card.index`; 55 leaves room for the printed jokers
``X1``–``X3``, 52..54, V8)."""

SortedRanks = list[list[list[HandRank | None]]]
"""A three-card table by sorted card indices (:meth:`HandTable.sorted_ranks`): for
indices ``i < j < k``, ``table[k][j][i]`` (an :class:`IndexError` for equal indices or
an index past the table's deck)."""

PairRanks = tuple[tuple[tuple[HandRank | None, ...], ...], ...]
"""A three-card table by card indices in any order (:meth:`HandTable.pair_ranks`), read
by the cards' private slots (index plus :data:`~teenpatti_rules.cards.ROW_OFFSET`): for
indices ``a, b, c`` below :data:`STRIDE`, ``table[55 + a][55 + b][55 + c]`` (None for
equal indices or an index past the table's deck). The first 55 entries at each level
are placeholders that find None: never an :class:`IndexError` for indices below 110."""

NO_PAIRS: PairRanks = (((None,) * (ROW_OFFSET + STRIDE),) * (ROW_OFFSET + STRIDE),) * (
    ROW_OFFSET + STRIDE
)
"""A lookup by card indices in any order (as :meth:`HandTable.pair_ranks`) that finds no
hand: None everywhere (three tuples of 110 entries, each shared by every row of the one
above, about 3 kB)."""


@attrs.frozen
class HandOrder:
    """A ranking of three-card hands; subclasses are frozen and hashable (their fields
    are the options they depend on, e.g. the sequence order).

    Subclasses define :meth:`key` (a sort key: a greater key is a stronger hand, equal
    keys are equal hands) and may override :meth:`category` and :meth:`ranks`.

    :cvar name: the registry name (the value of ``Rules.ranking``).
    :cvar low: True for an order that reverses the usual one (lowball, as Muflis).
    """

    name: ClassVar[str] = ""
    low: ClassVar[bool] = False

    def key(self, cards: Hand3) -> tuple[int, ...]:
        """The sort key of ``cards`` (three distinct cards): greater is stronger.

        The key's first item is the :class:`~teenpatti_rules.ranking.HandCategory`
        value of the hand, unless :meth:`category` is overridden.
        """
        raise NotImplementedError

    def category(self, key: tuple[int, ...]) -> int:
        """The :class:`~teenpatti_rules.ranking.HandCategory` value of a hand with ``key``."""
        return key[0]

    def ranks(self, key: tuple[int, ...], cards: Hand3) -> tuple[Rank, Rank, Rank]:
        """The three ranks in the order the hand is named (highest first by default)."""
        high, middle, low = sorted((card.rank for card in cards), reverse=True)
        return (high, middle, low)

    def number(self, key: tuple[int, ...]) -> int | None:
        """The hand's name as a number (999, V10), or None for a hand named in words."""
        return None

    def suit_blind(self) -> bool:
        """True when :meth:`key`, :meth:`category`, :meth:`ranks` and :meth:`number`
        read of the suits only whether the three cards are of one suit: the table is
        then built from one hand of each shape (three ranks, one suit or not) instead
        of all 22,100 hands. False (every hand keyed) unless a subclass says so.
        """
        return False

    def table(self) -> HandTable:
        """The :class:`HandTable` of this order (built on first use, then cached; bounded)."""
        return hand_table(self)


@attrs.frozen(eq=False)
class HandTable:
    """Every three-card hand ranked under one :class:`HandOrder`.

    :param ranks: a flat list of ``STRIDE ** 3`` entries (``STRIDE``: the card-index stride):
        entry ``(a * STRIDE + b) * STRIDE + c`` is the :class:`~teenpatti_rules.ranking.HandRank`
        of the cards with indices ``a``, ``b``, ``c`` (any order), or None when two
        indices are equal or a card is not in the table's deck.
    :param by_strength: a :class:`~teenpatti_rules.ranking.HandRank` of each
        strength, weakest first; strengths are dense, 0 to ``len(by_strength) - 1``.
    :param counts: how many hands of the table have each strength (the 22,100 hands
        of 52 cards; with printed jokers, of the larger deck; for ``hand_size`` 2 the
        1,326 two-card hands).
    :param deck: how many card indices the table covers (52, or 52 + jokers, or 53
        with the imagined card of ``hand_size`` 2).
    """

    ranks: list[HandRank | None]
    #: A :class:`~teenpatti_rules.ranking.HandRank` of each strength, weakest first.
    by_strength: tuple[HandRank, ...]
    counts: tuple[int, ...]
    deck: int = 52
    _numpy: list[Any] = attrs.field(factory=list, repr=False)
    _below: list[tuple[int, ...]] = attrs.field(factory=list, repr=False)
    _sorted: list[SortedRanks] = attrs.field(factory=list, repr=False)
    _pairs: list[PairRanks] = attrs.field(factory=list, repr=False)

    def weaker(self, strength: int) -> int:
        """How many of the table's hands are strictly weaker than a hand of ``strength``."""
        if not self._below:
            self._below.append(tuple(itertools.accumulate(self.counts, initial=0)))
        return self._below[0][strength]

    def percentile(self, strength: int) -> float:
        """The share of the table's hands strictly weaker than a hand of ``strength``,
        0.0 for the weakest to just below 1.0 for the strongest.
        """
        return self.weaker(strength) / self.weaker(len(self.counts))

    def numpy_strengths(self) -> Any:
        """The strengths as an ``int16`` numpy array of shape ``(STRIDE,) * 3``; -1 where
        two indices are equal or a card is not in the table's deck. Needs numpy.
        """
        if not self._numpy:
            import numpy as np

            flat = [-1 if hand is None else hand.strength for hand in self.ranks]
            self._numpy.append(np.array(flat, dtype=np.int16).reshape(STRIDE, STRIDE, STRIDE))
        return self._numpy[0]

    def sorted_ranks(self) -> SortedRanks:
        """``ranks`` by sorted card indices: for ``i < j < k < deck``, ``[k][j][i]`` is the
        entry of ``i, j, k`` in ``ranks``. Row ``k`` holds ``k`` lists and list ``[k][j]``
        holds ``j`` entries, so two equal indices or an index past the deck raise
        :class:`IndexError` instead of finding an entry. 22,100 entries for 52 cards
        (26,235 with three printed jokers, V8), under a seventh of ``ranks``, so that the
        lookups of :func:`~teenpatti_rules.ranking.evaluate` stay in the processor's
        cache. Built on first use.
        """
        if not self._sorted:
            flat = self.ranks
            s = STRIDE
            self._sorted.append(
                [
                    [[flat[(i * s + j) * s + k] for i in range(j)] for j in range(k)]
                    for k in range(self.deck)
                ]
            )
        return self._sorted[0]

    def pair_ranks(self) -> PairRanks:
        """``ranks`` as nested tuples, by card indices in any order, behind 55
        placeholders at each level (``cards.ROW_OFFSET``): for indices ``a``, ``b``, ``c`` below
        :data:`~teenpatti_rules.hands.order.STRIDE`, ``[55 + a][55 + b][55 + c]`` is the
        entry of ``a, b, c`` in ``ranks`` (None when two indices are equal or a card is
        not in the table's deck), so that the lookup of
        :func:`~teenpatti_rules.ranking.evaluate` by the cards' private slots needs
        neither a sort of the indices, nor a guard against an :class:`IndexError`, nor a
        type check (what is not a card finds a placeholder or has no slot). Tuple
        ``[55 + a][55 + b]`` is the same tuple as ``[55 + b][55 + a]`` (a hand does not
        depend on the order of its cards), and every placeholder, every ``[a][a]`` and
        every ``[a][b]`` of a card past the deck is a shared tuple of None: 1,326 tuples
        of 110 entries for 52 cards (1,485 with three printed jokers, V8) and 55 rows of
        110, about 1.2 MB. Tuples, not lists: an entry sits in the tuple itself (no
        second pointer to follow), and nobody can change it. Built on first use.
        """
        if not self._pairs:
            flat = self.ranks
            s = STRIDE
            head = (None,) * ROW_OFFSET
            none = NO_PAIRS[0][0]
            rows = [[none] * (ROW_OFFSET + s) for _ in range(s)]
            for a, b in itertools.combinations(range(self.deck), 2):
                start = (a * s + b) * s
                row = head + tuple(flat[start : start + s])
                rows[a][ROW_OFFSET + b] = rows[b][ROW_OFFSET + a] = row
            self._pairs.append(NO_PAIRS[:ROW_OFFSET] + tuple(map(tuple, rows)))
        return self._pairs[0]

    def hands(self) -> Iterator[tuple[Hand3, HandRank]]:
        """Every hand of the 52 cards with its rank, in :func:`itertools.combinations`
        order of the deck.
        """
        ranks = self.ranks
        for combo in itertools.combinations(CARDS, 3):
            i, j, k = (card.index for card in combo)
            hand = ranks[(i * STRIDE + j) * STRIDE + k]
            assert hand is not None
            yield combo, hand


TABLE_CACHE_SIZE = 16
"""How many hand tables stay built at once (each about 1.2 MB, and 0.3 MB more once its
:meth:`HandTable.sorted_ranks` is built, 1.2 MB more once its
:meth:`HandTable.pair_ranks` is: only the default table's is); older ones are rebuilt
when needed again."""


@functools.lru_cache(maxsize=TABLE_CACHE_SIZE)
def hand_table(order: HandOrder) -> HandTable:
    """Rank all 22,100 hands under ``order`` (cached: at most :data:`~.order.TABLE_CACHE_SIZE`).

    :param order: a :class:`HandOrder`.
    :returns: its :class:`HandTable`.
    """
    if order.suit_blind():
        return _table_by_shape(order)
    combos = list(itertools.combinations(CARDS, 3))
    keyed = list(
        zip(map(order.key, combos), combos, itertools.combinations(range(52), 3), strict=True)
    )
    distinct = sorted({key for key, _, _ in keyed})
    strength_of = {key: i for i, key in enumerate(distinct)}
    by_strength: list[HandRank | None] = [None] * len(distinct)
    counts = [0] * len(distinct)
    rows = pair_rows()
    s = STRIDE
    for key, combo, (i, j, k) in keyed:
        strength = strength_of[key]
        counts[strength] += 1
        hand = by_strength[strength]
        if hand is None:
            hand = by_strength[strength] = HandRank(
                HandCategory(order.category(key)),
                strength,
                order.ranks(key, combo),
                number=order.number(key),
            )
        rows[i * s + j][k] = rows[i * s + k][j] = rows[j * s + k][i] = hand
    complete = tuple(hand for hand in by_strength if hand is not None)
    return HandTable(joined(rows), complete, tuple(counts))


def pair_rows() -> list[list[HandRank | None]]:
    """Empty rows of :data:`STRIDE` entries, one per pair of card indices ``a < b`` at
    ``a * STRIDE + b``: a table's builder puts the hand of ``a``, ``b``, ``c`` (indices
    ascending) at ``[a, b][c]``, ``[a, c][b]`` and ``[b, c][a]``; :func:`joined` makes
    the flat table.
    """
    return [[None] * STRIDE for _ in range(STRIDE * STRIDE)]


def joined(rows: list[list[HandRank | None]]) -> list[HandRank | None]:
    """The flat lookup list of :func:`pair_rows`' rows: row ``(a, b)`` is also row
    ``(b, a)`` (the hand does not depend on the order of its cards).
    """
    s = STRIDE
    table: list[HandRank | None] = [None] * (s * s * s)
    for a, b in itertools.combinations(range(s), 2):
        row = rows[a * s + b]
        start = (a * s + b) * s
        table[start : start + s] = row
        start = (b * s + a) * s
        table[start : start + s] = row
    return table


def _table_by_shape(order: HandOrder) -> HandTable:
    """:func:`hand_table` of a :meth:`~HandOrder.suit_blind` order: each of the 455
    rank triples and 286 one-suit triples keyed once (not each of the 22,100 hands),
    then whole rows of the table copied from per-rank-pair rows.
    """
    # shapes: (low, middle, high) rank offsets 0..12 and whether all one suit
    shapes: list[tuple[int, int, int, bool]] = []
    for low, middle, high in itertools.combinations_with_replacement(range(13), 3):
        shapes.append((low, middle, high, False))
        if low < middle < high:
            shapes.append((low, middle, high, True))
    keys = []
    counts_of: list[int] = []
    for low, middle, high, suited in shapes:
        if suited:  # one suit: clubs
            cards = (CARDS[low * 4], CARDS[middle * 4], CARDS[high * 4])
            counts_of.append(4)
        else:  # three suits: clubs, diamonds, hearts
            cards = (CARDS[low * 4], CARDS[middle * 4 + 1], CARDS[high * 4 + 2])
            # hands of these ranks: 4 suits for each distinct rank, C(4, m) for a rank
            # held m times; less the one-suit ones
            held = (low, middle, high)
            count = 1
            for rank in set(held):
                count *= (4, 6, 4)[held.count(rank) - 1]
            counts_of.append(count - 4 if low < middle < high else count)
        keys.append(order.key(cards))
    distinct = sorted(set(keys))
    strength_of = {key: i for i, key in enumerate(distinct)}
    by_strength: list[HandRank | None] = [None] * len(distinct)
    counts = [0] * len(distinct)
    hand_of: dict[tuple[int, int, int, bool], HandRank] = {}
    for shape, key, count in zip(shapes, keys, counts_of, strict=True):
        strength = strength_of[key]
        counts[strength] += count
        hand = by_strength[strength]
        if hand is None:
            low, middle, high, suited = shape
            second, third = (0, 0) if suited else (1, 2)
            cards = (CARDS[low * 4], CARDS[middle * 4 + second], CARDS[high * 4 + third])
            hand = by_strength[strength] = HandRank(
                HandCategory(order.category(key)),
                strength,
                order.ranks(key, cards),
                number=order.number(key),
            )
        hand_of[shape] = hand
    # rows: the hands of two cards of ranks a <= b with each third card, by its index
    mixed: dict[tuple[int, int], list[HandRank | None]] = {}
    suited_row: dict[tuple[int, int], list[HandRank | None]] = {}
    for a, b in itertools.combinations_with_replacement(range(13), 2):
        row: list[HandRank | None] = []
        for c in range(13):
            low, middle, high = sorted((a, b, c))
            row += [hand_of[low, middle, high, False]] * 4
        mixed[a, b] = row
        if a < b:
            one_suit: list[HandRank | None] = []
            for c in range(13):
                low, middle, high = sorted((a, b, c))
                one_suit.append(None if c in (a, b) else hand_of[low, middle, high, True])
            suited_row[a, b] = one_suit
    table: list[HandRank | None] = [None] * (STRIDE * STRIDE * STRIDE)
    s = STRIDE
    for i, j in itertools.combinations(range(52), 2):
        a, b = i >> 2, j >> 2
        row = mixed[a, b].copy()
        suit = i & 3
        if suit == j & 3:
            row[suit::4] = suited_row[a, b]
        row[i] = row[j] = None
        start = (i * s + j) * s
        table[start : start + 52] = row
        start = (j * s + i) * s
        table[start : start + 52] = row
    complete = tuple(hand for hand in by_strength if hand is not None)
    return HandTable(table, complete, tuple(counts))
