"""What the hands at many tables are compared by (R13–R18, V1, V7 and the hand orders).

This is the hand's strength from :func:`~teenpatti_rules.ranking.evaluate_many`, so
every three-card ranking variant that it ranks is played; with a ``suit_order`` (V7)
the strength already orders hands equal by R13–R16 by the suit of their top card, as
:func:`~teenpatti_rules.ranking.showdown_key`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..ranking import evaluate_many
from ..rules import Rules

__all__ = ["hand_strengths"]

Array = NDArray[Any]


def hand_strengths(cards: Array, rules: Rules) -> Array:
    """``int32`` seat-major ``(P, n)``: what each seat's hand is compared by, higher wins.

    :param cards: integer ``(n, P, 3)`` distinct card indices per table.
    :param rules: the table's rules.
    """
    rows, players, _ = cards.shape
    flat = evaluate_many(cards.reshape(rows * players, 3), rules)
    return np.ascontiguousarray(flat.reshape(rows, players).T, dtype=np.int32)
