"""Hand orders and their lookup tables: the machinery behind :mod:`teenpatti_rules.ranking`.

- :mod:`.order`: :class:`HandOrder` (what an order must define) and
  :class:`HandTable` (all 22,100 hands ranked, built once per order, cached);
- :mod:`.standard`: the default order R13–R16, the classic sequence order (V1), 2-3-5
  high (V11) and the suit order (V7);
- :mod:`.muflis`: Muflis (V9); :mod:`.nines`: 999 (V10);
- :mod:`.wild`: wild cards (V8) and the imagined card of two-card hands (V12);
- :mod:`.batch`: :func:`~.batch.evaluate_many`, the numpy form.

:data:`ORDERS` maps each value of ``Rules.ranking`` to the class of its order; a new
ranking variant is one module here plus one line in :data:`ORDERS`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from .muflis import MuflisOrder
from .nines import NinesOrder
from .order import HandOrder, HandTable, hand_table
from .standard import StandardOrder

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["ORDERS", "HandOrder", "HandTable", "hand_order", "hand_table"]


def _standard(rules: Rules) -> HandOrder:
    return StandardOrder(rules.sequence_order, rules.high_235, rules.suit_order)


def _muflis(rules: Rules) -> HandOrder:
    return MuflisOrder(rules.sequence_order, rules.high_235)


def _nines(rules: Rules) -> HandOrder:
    return NinesOrder()


ORDERS: dict[str, Callable[[Rules], HandOrder]] = {
    "standard": _standard,
    "muflis": _muflis,  # V9
    "999": _nines,  # V10
}
"""``Rules.ranking`` value → a function building that order from the table's rules."""


@functools.lru_cache(maxsize=64)
def hand_order(rules: Rules | None) -> HandOrder:
    """The :class:`HandOrder` of a table (cached, bounded).

    :param rules: a :class:`~teenpatti_rules.rules.Rules`, or None for the default.
    :returns: the order its ranking fields select (``ranking``, ``sequence_order``,
        ``high_235``, ``suit_order``); wild cards and hand sizes are
        :func:`teenpatti_rules.hands.wild.rank_table`'s.
    """
    if rules is None:
        return StandardOrder()
    return ORDERS[rules.ranking](rules)
