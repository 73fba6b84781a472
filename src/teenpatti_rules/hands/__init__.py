"""Hand orders and their lookup tables: the machinery behind :mod:`teenpatti_rules.ranking`.

- :mod:`.order`: :class:`HandOrder` (what an order must define) and
  :class:`HandTable` (all 22,100 hands ranked, built once per order, cached);
- :mod:`.standard`: the default order R13–R16 and the classic sequence order (V1);
- :mod:`.batch`: :func:`evaluate_many`, the numpy form.

:data:`ORDERS` maps each value of ``Rules.ranking`` to the class of its order; a new
ranking variant is one module here plus one line in :data:`ORDERS`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from .order import HandOrder, HandTable, hand_table
from .standard import StandardOrder

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = ["ORDERS", "HandOrder", "HandTable", "hand_order", "hand_table"]


def _standard(rules: Rules) -> HandOrder:
    return StandardOrder(rules.sequence_order)


ORDERS: dict[str, Callable[[Rules], HandOrder]] = {
    "standard": _standard,
}
"""``Rules.ranking`` value → a function building that order from the table's rules."""


@functools.lru_cache(maxsize=64)
def hand_order(rules: Rules | None) -> HandOrder:
    """The :class:`HandOrder` of a table (cached, bounded).

    :param rules: a :class:`~teenpatti_rules.rules.Rules`, or None for the default.
    :returns: the order its ranking fields select (``ranking``, ``sequence_order``).
    """
    if rules is None:
        return StandardOrder()
    return ORDERS[rules.ranking](rules)
