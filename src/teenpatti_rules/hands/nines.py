"""999 (V10, ``ranking="999"``): each hand is a three-digit number.

An ace counts 1, two to nine their pips, ten and the court cards 0; the hand's value
is its three digits in descending order read as a number (7-6-A is 761, 9-K-4 is
940, A-A-A is 111). The higher number wins; suits, pairs and sequences mean nothing.
Every hand's category is :attr:`~teenpatti_rules.ranking.HandCategory.HIGH_CARD`;
its name is its number.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..cards import Card, Rank
from .order import HandOrder

__all__ = ["NinesOrder", "digit"]


def digit(rank: Rank) -> int:
    """A card's digit under 999 (V10): ace 1, two to nine their pips, ten to king 0."""
    if rank == Rank.ACE:
        return 1
    return int(rank) if rank <= 9 else 0


@attrs.frozen
class NinesOrder(HandOrder):
    """The 999 order (V10): the key is the hand's number."""

    name: ClassVar[str] = "999"

    def suit_blind(self) -> bool:
        """True: 999 reads no suit at all (V10)."""
        return True

    def key(self, cards: tuple[Card, Card, Card]) -> tuple[int, ...]:
        """``(number,)``: the three digits in descending order read as a number."""
        a, b, c = sorted((digit(card.rank) for card in cards), reverse=True)
        return (a * 100 + b * 10 + c,)

    def category(self, key: tuple[int, ...]) -> int:
        """Always high card (0): pairs and sequences mean nothing under 999."""
        return 0

    def ranks(
        self, key: tuple[int, ...], cards: tuple[Card, Card, Card]
    ) -> tuple[Rank, Rank, Rank]:
        """The ranks by digit, highest digit first (9-K-4 for 940)."""
        high, middle, low = sorted(
            (card.rank for card in cards), key=lambda r: (digit(r), r), reverse=True
        )
        return (high, middle, low)

    def number(self, key: tuple[int, ...]) -> int | None:
        """The hand's number: its name (V10)."""
        return key[0]
