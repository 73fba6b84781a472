"""Wild cards (V8, W1–W6) and the hand sizes 2, 4 and 5 (V12): the table of a table.

:func:`rank_table` gives the :class:`~teenpatti_rules.hands.order.HandTable` that a
table's rules (and, for ``wild="joker"`` / ``"hukam"``, its indicator) rank three
cards with. Without wild cards it is the order's own table. With wild cards it is one
table per *wild set* (the wild cards' indices, the printed jokers, the ``lowest`` /
``highest`` rule, the imagined card of ``hand_size`` 2 and ``wild_ties``), built once,
lazily, from the order's table:

- no wild card: the hand itself;
- one wild card and two natural cards ``x``, ``y``: the best hand ``x``, ``y`` and any
  third card other than ``x`` and ``y`` make (W1, W2) — the maximum of one row of the
  order's table, so at most 1,326 rows are read;
- two wild cards and a card of rank r: a trail of r; three wild cards: a trail of aces
  (W3).

A joker table therefore costs at most 13 tables (the four cards of the indicator's rank
are wild; the indicator itself is in no hand, W5), a hukam table 4.
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

import attrs

from ..cards import Card
from .order import STRIDE, HandOrder, HandTable, hand_table, joined, pair_rows
from .rank import HandCategory, HandRank

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = [
    "IMAGINED",
    "WildSet",
    "by_wild_rank",
    "fixed_rank_table",
    "rank_table",
    "strength_table",
    "wild_set",
    "wild_table",
]

IMAGINED = 52
"""The index the imagined third card of a ``hand_size`` 2 hand takes in its table (V12;
printed jokers are refused with ``hand_size`` 2, so the index is free)."""


@attrs.frozen
class WildSet:
    """Which cards of a table are wild (V8).

    :param cards: indices of the natural cards that are wild (``wild_ranks``, the
        indicator's rank or suit).
    :param jokers: printed jokers in the deck, all wild (indices 52 …).
    :param dynamic: ``"lowest"`` / ``"highest"``: the lowest / highest rank of each
        hand is wild; None otherwise.
    :param imagined: the two-card hand's imagined card (index :data:`IMAGINED`) is
        wild (V12 ``hand_size`` 2).
    :param ties: ``Rules.wild_ties`` (W4).
    """

    cards: frozenset[int] = frozenset()
    jokers: int = 0
    dynamic: str | None = None
    imagined: bool = False
    ties: str = "equal"

    @property
    def deck(self) -> int:
        """How many card indices the table covers."""
        return 52 + self.jokers + self.imagined


def wild_set(rules: Rules, indicator: Card | None = None) -> WildSet | None:
    """The :class:`WildSet` of a table, or None when it has no wild card.

    :param rules: the table's rules.
    :param indicator: the turned-up card (``wild="joker"`` / ``"hukam"``, W5).
    :returns: the wild set; for ``joker`` every card of the indicator's rank, for
        ``hukam`` of its suit (the indicator itself is in no hand).
    """
    cards: frozenset[int] = frozenset()
    if rules.wild_ranks is not None:
        letters = rules.wild_ranks.upper()
        cards = frozenset(i for i in range(52) if Card.from_index(i).rank.char in letters)
    elif rules.wild in ("joker", "hukam") and indicator is not None:
        by_rank = rules.wild == "joker"
        cards = frozenset(
            i
            for i in range(52)
            if (
                Card.from_index(i).rank == indicator.rank
                if by_rank
                else Card.from_index(i).suit == indicator.suit
            )
        )
    dynamic = rules.wild if rules.wild in ("lowest", "highest") else None
    imagined = rules.hand_size == 2
    if not cards and not rules.jokers and dynamic is None and not imagined:
        return None
    return WildSet(cards, rules.jokers, dynamic, imagined, rules.wild_ties)


@functools.lru_cache(maxsize=32)
def _best_completions(order: HandOrder) -> tuple[list[int], list[int], list[HandRank]]:
    """Per order: the strengths of its table as a flat list (-1 for no hand), the best
    strength two natural cards make with any third card (indexed ``a * 52 + b``), and
    the rank of each strength.
    """
    table = hand_table(order)
    flat = [-1 if hand is None else hand.strength for hand in table.ranks]
    best = [-1] * (52 * 52)
    for a, b in itertools.combinations(range(52), 2):
        start = (a * STRIDE + b) * STRIDE
        best[a * 52 + b] = best[b * 52 + a] = max(flat[start : start + 52])
    return flat, best, list(table.by_strength)


@functools.lru_cache(maxsize=64)
def wild_table(order: HandOrder, wilds: WildSet, *, common: bool = False) -> HandTable:
    """The table of ``order`` with the wild cards of ``wilds`` (W1–W4; cached, bounded).

    :param order: the table's :class:`~teenpatti_rules.hands.order.HandOrder`.
    :param wilds: its :class:`WildSet`.
    :param common: False for dense strengths (0 to the number of distinct hands less
        one); True for the order's *common scale*, the same for every wild set of the
        order and ``wild_ties``: one strength per strength of the order (four per
        strength, by wild count, under a ``wild_ties`` other than ``"equal"``), some
        held by no hand of this table. Tables on the common scale compare with each
        other: the ``lowest`` / ``highest`` tables of four or five cards, whose wild
        rank differs from hand to hand (V8, V12), are built so.
    :returns: a :class:`~teenpatti_rules.hands.order.HandTable` whose strengths
        order the completed hands, and, under ``wild_ties`` other than ``"equal"``,
        equal completed hands by their number of wild cards; each hand holding a wild
        card has its own :class:`~teenpatti_rules.ranking.HandRank` naming its wild
        cards (W6).
    """
    flat, best, base = _best_completions(order)
    s = STRIDE
    trail = [-1] * 15  # W3: two wild cards and a card of rank r make a trail of r
    for r in range(2, 15):
        i = (r - 2) * 4
        trail[r] = flat[(i * s + i + 1) * s + i + 2]
    sign = {"equal": 0, "natural_wins": -1, "more_wilds_win": 1}[wilds.ties]
    fixed = wilds.cards
    dynamic = wilds.dynamic
    indices = list(range(52 + wilds.jokers))
    if wilds.imagined:
        indices.append(IMAGINED)
    # each hand's code: strength * 8 + 3 + sign * (number of wild cards), so that the
    # codes sort as (strength, sign * wild cards) do
    rows: list[tuple[int, int, int, int, tuple[int, ...]]] = []
    add = rows.append
    if dynamic is not None and not wilds.jokers and not wilds.imagined:
        # combinations come sorted by index, so their ranks ascend: the lowest rank is
        # the first card's, the highest the last's
        lowest = dynamic == "lowest"
        for i, j, k in itertools.combinations(indices, 3):
            a, b, c = i >> 2, j >> 2, k >> 2
            if a == c:
                add((i, j, k, trail[14] * 8 + 3 + 3 * sign, (i, j, k)))
            elif lowest:
                if a < b:
                    add((i, j, k, best[j * 52 + k] * 8 + 3 + sign, (i,)))
                else:
                    add((i, j, k, trail[c + 2] * 8 + 3 + 2 * sign, (i, j)))
            elif b < c:
                add((i, j, k, best[i * 52 + j] * 8 + 3 + sign, (k,)))
            else:
                add((i, j, k, trail[a + 2] * 8 + 3 + 2 * sign, (j, k)))
    elif dynamic is None and not wilds.imagined:
        is_wild = [i >= 52 or i in fixed for i in range(STRIDE)]
        for i, j, k in itertools.combinations(indices, 3):
            if is_wild[i]:
                if is_wild[j]:
                    if is_wild[k]:
                        add((i, j, k, trail[14] * 8 + 3 + 3 * sign, (i, j, k)))
                    else:
                        add((i, j, k, trail[(k >> 2) + 2] * 8 + 3 + 2 * sign, (i, j)))
                elif is_wild[k]:
                    add((i, j, k, trail[(j >> 2) + 2] * 8 + 3 + 2 * sign, (i, k)))
                else:
                    add((i, j, k, best[j * 52 + k] * 8 + 3 + sign, (i,)))
            elif is_wild[j]:
                if is_wild[k]:
                    add((i, j, k, trail[(i >> 2) + 2] * 8 + 3 + 2 * sign, (j, k)))
                else:
                    add((i, j, k, best[i * 52 + k] * 8 + 3 + sign, (j,)))
            elif is_wild[k]:
                add((i, j, k, best[i * 52 + j] * 8 + 3 + sign, (k,)))
            else:
                add((i, j, k, flat[(i * s + j) * s + k] * 8 + 3, ()))
    else:
        for combo in itertools.combinations(indices, 3):
            if wilds.imagined and combo[2] != IMAGINED:
                # only two-card hands and their imagined card are ever looked up
                continue
            if dynamic is not None:
                ranks = [i // 4 for i in combo]
                pick = min(ranks) if dynamic == "lowest" else max(ranks)
                wild = tuple(i for i in combo if i // 4 == pick)
            else:
                wild = tuple(i for i in combo if i >= 52 or i in fixed)
            w = len(wild)
            if w == 0:
                strength = flat[(combo[0] * s + combo[1]) * s + combo[2]]
            elif w == 1:
                x, y = (i for i in combo if i not in wild)
                strength = best[x * 52 + y]
            elif w == 2:
                (x,) = (i for i in combo if i not in wild)
                strength = trail[x // 4 + 2]
            else:
                strength = trail[14]
            add((*combo, strength * 8 + 3 + sign * w, wild))
    if common:  # every code any wild set of the order can give (W4: 0 to 3 wild cards)
        spread = (0,) if sign == 0 else (-3, -2, -1, 0) if sign < 0 else (0, 1, 2, 3)
        distinct = [s8 * 8 + 3 + d for s8 in range(len(base)) for d in spread]
    else:
        distinct = sorted({row[3] for row in rows})
    dense = {code: level for level, code in enumerate(distinct)}
    by_strength: list[HandRank] = []
    for code in distinct:
        shape = base[code >> 3]
        by_strength.append(
            HandRank(shape.category, len(by_strength), shape.ranks, number=shape.number)
        )
    counts = [0] * len(distinct)
    lines = pair_rows()
    # one shared rank per strength and wild cards: fewer objects to build and to keep
    # in the processor's caches while evaluate reads them
    shared: dict[tuple[int, tuple[int, ...]], HandRank] = {}
    for i, j, k, code, wild in rows:
        level = dense[code]
        counts[level] += 1
        if wild:
            found = shared.get((level, wild))
            if found is None:
                shape = by_strength[level]
                named = tuple(
                    Card.from_index(x) for x in wild if x != IMAGINED or not wilds.imagined
                )
                found = shared[level, wild] = HandRank(
                    HandCategory(shape.category),
                    level,
                    shape.ranks,
                    wild_count=len(wild),
                    wilds=named,
                    number=shape.number,  # 999 with two cards (V10, V12): named by number
                )
            hand = found
        else:
            hand = by_strength[level]
        lines[i * s + j][k] = lines[i * s + k][j] = lines[j * s + k][i] = hand
    return HandTable(joined(lines), tuple(by_strength), tuple(counts), wilds.deck)


def fixed_rank_table(rules: Rules, rank: int) -> HandTable:
    """The table of a ``lowest`` / ``highest`` table's hand of four or five cards
    whose lowest / highest rank is ``rank``: every card of that rank is wild (V8, V12;
    the wild cards are those of the whole hand, not of each three of its cards).

    :param rules: the table's rules (``wild`` ``"lowest"`` or ``"highest"``).
    :param rank: the rank whose cards are wild, 2 to 14.
    :returns: the table of that wild set (at most 13 per variant).
    :rtype: ~teenpatti_rules.hands.order.HandTable
    """
    from . import hand_order

    cards = frozenset(range((rank - 2) * 4, (rank - 2) * 4 + 4))
    return wild_table(hand_order(rules), WildSet(cards, ties=rules.wild_ties), common=True)


def by_wild_rank(rules: Rules | None) -> bool:
    """True when a hand of the table is ranked by the table of its own wild rank
    (:func:`fixed_rank_table`): ``wild="lowest"`` / ``"highest"`` with four or five
    cards (V8, V12).
    """
    return rules is not None and rules.wild in ("lowest", "highest") and rules.hand_size > 3


def strength_table(rules: Rules | None, indicator: Card | None = None) -> HandTable:
    """The table whose :attr:`~teenpatti_rules.hands.order.HandTable.by_strength` names
    every strength :func:`~teenpatti_rules.ranking.evaluate` gives at the table: the
    common scale of :func:`fixed_rank_table` when :func:`by_wild_rank`, else
    :func:`rank_table`'s.

    :param rules: the table's rules, or None for the default table.
    :param indicator: the turned-up card of a ``joker`` / ``hukam`` table (W5).
    :returns: a :class:`~teenpatti_rules.hands.order.HandTable`.
    :rtype: ~teenpatti_rules.hands.order.HandTable
    """
    if rules is not None and by_wild_rank(rules):
        return fixed_rank_table(rules, 14)
    return rank_table(rules, indicator)


def rank_table(rules: Rules | None, indicator: Card | None = None) -> HandTable:
    """The table that ranks three cards at a table with ``rules`` (and ``indicator``).

    :param rules: the table's rules, or None for the default table.
    :param indicator: the turned-up card of a ``joker`` / ``hukam`` table (W5).
    :returns: the order's own table without wild cards, else :func:`wild_table`.
    :rtype: ~teenpatti_rules.hands.order.HandTable
    """
    from . import hand_order

    order = hand_order(rules)
    wilds = None if rules is None else wild_set(rules, indicator)
    if wilds is None:
        return hand_table(order)
    return wild_table(order, wilds)
