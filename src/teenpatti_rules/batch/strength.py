"""What the hands at many tables are compared by (R13–R18, V1, V7, V8 and the hand orders).

This is the hand's strength from :func:`~teenpatti_rules.ranking.evaluate_many`, so
every three-card ranking variant that it ranks is played; with a ``suit_order`` (V7)
the strength already orders hands equal by R13–R16 by the suit of their top card, as
:func:`~teenpatti_rules.ranking.showdown_key`. Printed jokers (V8) are card indices
52..54 of the same lookup. At a ``wild="joker"`` / ``"hukam"`` table each table's
hands are ranked under its own indicator (V8 W5) by the table that
:func:`~teenpatti_rules.ranking.evaluate` uses for it (W1–W4: the strengths order
equal hands by their wild cards under ``wild_ties``); strengths of tables with
different indicators are never compared.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from ..cards import Card
from ..hands.order import STRIDE
from ..hands.wild import IMAGINED, rank_table
from ..ranking import evaluate, evaluate_many
from ..rules import Rules

__all__ = ["hand_strengths", "indicator_strengths", "pair_strengths"]

Array = NDArray[Any]


@functools.lru_cache(maxsize=16)
def pair_strengths(rules: Rules) -> Array:
    """``int32`` ``(52, 52)``: the strength of every ordered two-card hand with its
    imagined card (V12 ``hand_size`` 2, :func:`~teenpatti_rules.ranking.evaluate`);
    ``-1`` where the card repeats. Read-only.
    """
    cards = [Card.from_index(index) for index in range(52)]
    table = np.full((52, 52), -1, dtype=np.int32)
    for x, y in itertools.permutations(range(52), 2):
        table[x, y] = evaluate((cards[x], cards[y]), rules).strength
    table.flags.writeable = False
    return table


@functools.lru_cache(maxsize=4)
def indicator_strengths(rules: Rules) -> tuple[Array, Array]:
    """The lookups of a ``wild="joker"`` / ``"hukam"`` table (V8 W5), one per wild set:
    a joker table's wild cards are the indicator's rank, a hukam table's its suit.

    :param rules: rules with :attr:`~teenpatti_rules.rules.Rules.has_indicator`.
    :returns: ``int16`` ``(K * STRIDE**3,)`` the ``K`` (13 or 4) flattened tables of
        :func:`~teenpatti_rules.hands.wild.rank_table` (the table
        :func:`~teenpatti_rules.ranking.evaluate` ranks with: three cards ``a, b, c``
        at ``(a * STRIDE + b) * STRIDE + c``, a ``hand_size`` 2 hand with its
        imagined card, V12; ``-1`` for no hand), and ``int64`` ``(52,)`` each
        indicator's offset into them. Both read-only.
    """
    by_rank = rules.wild == "joker"
    cube = STRIDE**3
    groups: dict[object, int] = {}  # the indicator's rank (joker) or suit (hukam)
    offset = np.empty(52, dtype=np.int64)
    parts: list[Array] = []
    for index in range(52):
        card = Card.from_index(index)
        group = card.rank if by_rank else card.suit
        if group not in groups:
            groups[group] = len(parts) * cube
            parts.append(rank_table(rules, card).numpy_strengths().reshape(-1))
        offset[index] = groups[group]
    tables = np.concatenate(parts)
    tables.flags.writeable = False
    offset.flags.writeable = False
    return tables, offset


@functools.lru_cache(maxsize=16)
def _three_card_strengths(rules: Rules) -> Array:
    """``int16`` ``(STRIDE,) * 3``: the strengths :func:`~teenpatti_rules.ranking.evaluate_many`
    looks three-card hands up in (without its checks of the input), for ``rules``
    without an indicator.
    """
    table: Array = rank_table(rules).numpy_strengths()
    return table


def hand_strengths(cards: Array, rules: Rules, indicator: Array | None = None) -> Array:
    """``int32`` seat-major ``(P, n)``: what each seat's hand is compared by, higher wins.

    Three cards: their strength. Four or five: the best strength of their three-card
    hands (V12: the left-over cards never break ties). Two: the strength with the
    imagined card (:func:`pair_strengths`). At a ``wild="joker"`` / ``"hukam"``
    table, under each table's ``indicator`` (V8 W5, :func:`indicator_strengths`).

    :param cards: integer ``(n, P, H)`` distinct card indices per table, ``H`` the
        rules' ``hand_size``; 52..54 for the printed jokers (V8).
    :param rules: the table's rules.
    :param indicator: integer ``(n,)`` each table's indicator (W5), needed when
        ``rules.has_indicator``; else ignored.
    """
    rows, players, size = cards.shape
    if rules.has_indicator:
        assert indicator is not None
        tables, offset = indicator_strengths(rules)
        base = offset[indicator.astype(np.int64)][:, None]  # (n, 1)
        wide = cards.astype(np.int64)
        if size == 2:  # V12: the imagined card, as ``evaluate``
            flat = tables[base + (wide[..., 0] * STRIDE + wide[..., 1]) * STRIDE + IMAGINED]
        else:
            flat = np.max(
                [
                    tables[base + (wide[..., a] * STRIDE + wide[..., b]) * STRIDE + wide[..., c]]
                    for a, b, c in itertools.combinations(range(size), 3)
                ],
                axis=0,
            )
        return np.ascontiguousarray(flat.reshape(rows, players).T, dtype=np.int32)
    if size == 2:
        flat = pair_strengths(rules)[cards[..., 0], cards[..., 1]]
    elif size == 3:  # one lookup: the batch's cards are distinct by construction
        flat = _three_card_strengths(rules)[cards[..., 0], cards[..., 1], cards[..., 2]]
    else:
        # (Not for hand_size 2: its W4 wild_ties may need the imagined card, V12.)
        three_card = rules if size == 3 else attrs.evolve(rules, hand_size=3)
        flat = np.max(
            [
                evaluate_many(cards[..., list(three)], three_card)
                for three in itertools.combinations(range(size), 3)
            ],
            axis=0,
        )
    return np.ascontiguousarray(flat.reshape(rows, players).T, dtype=np.int32)
