"""The default hand order (R13–R16), with the sequence order of R14 or the classic
one (V1).
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from ..cards import Card, Rank
from .order import HandOrder

__all__ = ["SequenceOrder", "StandardOrder"]

SequenceOrder = Literal["standard", "classic"]
"""``"standard"``: A-K-Q highest, then A-2-3 (R14). ``"classic"``: A-2-3 highest (V1)."""

TRAIL, PURE_SEQUENCE, SEQUENCE, COLOR, PAIR, HIGH_CARD = 5, 4, 3, 2, 1, 0


def sequence_value(high_to_low: tuple[int, int, int], order: str) -> int | None:
    """Position of a sequence in R14's order (higher is stronger), or None.

    ``high_to_low`` are the three ranks sorted descending. Sequences do not wrap
    (R14): K-A-2 is not one. A-2-3 is just below A-K-Q (``"standard"``), or the
    highest of all (``"classic"``, V1).
    """
    a, b, c = high_to_low
    if a - b == 1 and b - c == 1:
        return 2 * a  # 4-3-2 → 8 … A-K-Q → 28
    if (a, b, c) == (14, 3, 2):
        return 27 if order == "standard" else 30
    return None


@attrs.frozen
class StandardOrder(HandOrder):
    """R13–R16: trail > pure sequence > sequence > color > pair > high card; suits
    never matter.

    :param sequence_order: ``"standard"`` (R14) or ``"classic"`` (V1).
    """

    name: ClassVar[str] = "standard"
    sequence_order: SequenceOrder = "standard"

    def key(self, cards: tuple[Card, Card, Card]) -> tuple[int, ...]:
        """A sort key written straight from R13–R16 (see :meth:`HandOrder.key`)."""
        a, b, c = sorted((int(card.rank) for card in cards), reverse=True)
        suited = cards[0].suit is cards[1].suit is cards[2].suit
        if a == c:
            return (TRAIL, a)
        seq = sequence_value((a, b, c), self.sequence_order)
        if seq is not None:
            return (PURE_SEQUENCE if suited else SEQUENCE, seq)
        if suited:
            return (COLOR, a, b, c)
        if a == b or b == c:
            pair, kicker = (a, c) if a == b else (b, a)
            return (PAIR, pair, kicker)
        return (HIGH_CARD, a, b, c)

    def ranks(
        self, key: tuple[int, ...], cards: tuple[Card, Card, Card]
    ) -> tuple[Rank, Rank, Rank]:
        """A pair's rank twice then the kicker; A-2-3 from the ace; else highest first."""
        if key[0] == PAIR:
            return (Rank(key[1]), Rank(key[1]), Rank(key[2]))
        high, middle, low = sorted((card.rank for card in cards), reverse=True)
        if key[0] in (SEQUENCE, PURE_SEQUENCE) and (high, middle) == (Rank.ACE, Rank.THREE):
            return (Rank.ACE, Rank.TWO, Rank.THREE)
        return (high, middle, low)
