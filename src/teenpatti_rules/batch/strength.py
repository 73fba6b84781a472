"""What the hands at many tables are compared by (R13–R18, V1, V7 and the hand orders).

Without a ``suit_order`` this is the hand's strength from
:func:`~teenpatti_rules.ranking.evaluate_many`, so every three-card ranking variant
that it ranks is played. With a ``suit_order`` (V7) it is
:func:`~teenpatti_rules.ranking.showdown_key` (the strength times 4 plus the place of
the top card's suit), read from a table of all 22,100 hands built once per ranking.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from ..cards import CARDS, Suit
from ..ranking import evaluate, evaluate_many
from ..rules import Rules

__all__ = ["hand_strengths"]

Array = NDArray[Any]


@functools.cache
def _plain_tables(rules: Rules) -> tuple[Array, Array]:
    """``int32`` ``(52, 52, 52)`` strength and top rank of every ordered three distinct
    cards under ``rules`` (without a suit order); -1 where a card repeats.
    """
    strength = np.full((52, 52, 52), -1, dtype=np.int32)
    top = np.full((52, 52, 52), -1, dtype=np.int32)
    for combo in itertools.combinations(CARDS, 3):
        hand = evaluate(combo, rules)
        for a, b, c in itertools.permutations(card.index for card in combo):
            strength[a, b, c] = hand.strength
            top[a, b, c] = int(hand.ranks[0])
    return strength, top


@functools.cache
def _key_table(rules: Rules) -> Array:
    """``int32`` ``(52, 52, 52)``: the V7 showdown key of every ordered three distinct
    cards: strength × 4 + the place (3 for the highest suit) of the best suit among the
    cards of the hand's top rank, as :func:`~teenpatti_rules.ranking.showdown_key`.
    """
    assert rules.suit_order is not None
    strength, top = _plain_tables(attrs.evolve(rules, suit_order=None))
    index = np.arange(52)
    rank = index // 4 + 2  # Card.index = (rank - 2) * 4 + suit number
    place = np.array([3 - rules.suit_order.index(suit.value) for suit in Suit])[index % 4]
    best = np.full((52, 52, 52), -1, dtype=np.int32)
    grids = np.meshgrid(index, index, index, indexing="ij")
    for grid in grids:
        best = np.maximum(best, np.where(rank[grid] == top, place[grid], -1))
    table: Array = np.where(strength >= 0, strength * 4 + best, -1).astype(np.int32)
    table.flags.writeable = False
    return table


_BETTING_FIELDS = (
    "boot",
    "starting_boots",
    "min_players",
    "max_players",
    "max_blind_bets",
    "pot_limit",
    "hand_limit",
    "show_cost_multiplier",
    "stake_limit",
)


def _ranking_only(rules: Rules) -> Rules:
    """``rules`` with the betting options at their defaults: one key table per ranking."""
    default = Rules()
    return attrs.evolve(rules, **{name: getattr(default, name) for name in _BETTING_FIELDS})


def hand_strengths(cards: Array, rules: Rules) -> Array:
    """``int32`` seat-major ``(P, n)``: what each seat's hand is compared by, higher wins.

    :param cards: integer ``(n, P, 3)`` distinct card indices per table.
    :param rules: the table's rules.
    """
    rows, players, _ = cards.shape
    if rules.suit_order is None:
        flat = evaluate_many(cards.reshape(rows * players, 3), rules)
    else:
        table = _key_table(_ranking_only(rules))
        flat = table[cards[:, :, 0], cards[:, :, 1], cards[:, :, 2]]
    return np.ascontiguousarray(flat.reshape(rows, players).T, dtype=np.int32)
