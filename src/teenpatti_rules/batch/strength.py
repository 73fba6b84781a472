"""What the hands at many tables are compared by (R13–R18, V1, V7 and the hand orders).

This is the hand's strength from :func:`~teenpatti_rules.ranking.evaluate_many`, so
every three-card ranking variant that it ranks is played; with a ``suit_order`` (V7)
the strength already orders hands equal by R13–R16 by the suit of their top card, as
:func:`~teenpatti_rules.ranking.showdown_key`.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from ..cards import Card
from ..ranking import evaluate, evaluate_many
from ..rules import Rules

__all__ = ["hand_strengths", "pair_strengths"]

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


def hand_strengths(cards: Array, rules: Rules) -> Array:
    """``int32`` seat-major ``(P, n)``: what each seat's hand is compared by, higher wins.

    Three cards: their strength. Four or five: the best strength of their three-card
    hands (V12: the left-over cards never break ties). Two: the strength with the
    imagined card (:func:`pair_strengths`).

    :param cards: integer ``(n, P, H)`` distinct card indices per table, ``H`` the
        rules' ``hand_size``.
    :param rules: the table's rules.
    """
    rows, players, size = cards.shape
    three_card = rules if size == 3 else attrs.evolve(rules, hand_size=3)
    if size == 2:
        flat = pair_strengths(rules)[cards[..., 0], cards[..., 1]]
    else:
        flat = np.max(
            [
                evaluate_many(cards[..., list(three)], three_card)
                for three in itertools.combinations(range(size), 3)
            ],
            axis=0,
        )
    return np.ascontiguousarray(flat.reshape(rows, players).T, dtype=np.int32)
