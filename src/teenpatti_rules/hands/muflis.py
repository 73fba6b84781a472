"""Muflis (V9, ``ranking="muflis"``): the table's whole order reversed (lowball).

The weakest hand by R13–R16 (with V1 or V11 if set) is the best: high card beats
pair beats color beats sequence beats pure sequence beats trail, and within each
category the order flips (5-3-2 not all one suit is the best hand, A-A-A the worst).
The ace stays high and A-K-Q and A-2-3 stay sequences; names are the usual ones.
"""

from __future__ import annotations

import functools
from typing import ClassVar

import attrs

from ..cards import Card, Rank
from .order import HandOrder
from .standard import SequenceOrder, StandardOrder

__all__ = ["MuflisOrder"]


@functools.lru_cache(maxsize=8)
def _standard_order(sequence_order: SequenceOrder, high_235: bool) -> StandardOrder:
    return StandardOrder(sequence_order, high_235)


@attrs.frozen
class MuflisOrder(HandOrder):
    """R13–R16 reversed (V9).

    :param sequence_order: ``"standard"`` (R14) or ``"classic"`` (V1) — the order
        that is reversed.
    :param high_235: 2-3-5 is the highest sequence of the order that is reversed
        (V11), so under Muflis the lowest.
    """

    name: ClassVar[str] = "muflis"
    low: ClassVar[bool] = True
    sequence_order: SequenceOrder = "standard"
    high_235: bool = False

    @property
    def _standard(self) -> StandardOrder:
        return _standard_order(self.sequence_order, self.high_235)

    def suit_blind(self) -> bool:
        """True: the reversed order reads suits as R13–R16 do (no ``suit_order``)."""
        return True

    def key(self, cards: tuple[Card, Card, Card]) -> tuple[int, ...]:
        """The standard key with every item negated: greater is lower by R13–R16."""
        return tuple(-item for item in self._standard.key(cards))

    def category(self, key: tuple[int, ...]) -> int:
        """The usual category of the hand (V9 keeps the names)."""
        return -key[0]

    def ranks(
        self, key: tuple[int, ...], cards: tuple[Card, Card, Card]
    ) -> tuple[Rank, Rank, Rank]:
        """The ranks as the usual order names them."""
        return self._standard.ranks(tuple(-item for item in key), cards)
