"""The default hand order (R13–R16), with the sequence order of R14 or the classic
one (V1).
"""

from __future__ import annotations

import functools
from typing import ClassVar, Literal

import attrs

from ..cards import Card, Rank
from .order import HandOrder

__all__ = ["SequenceOrder", "StandardOrder"]

SequenceOrder = Literal["standard", "classic"]
"""``"standard"``: A-K-Q highest, then A-2-3 (R14). ``"classic"``: A-2-3 highest (V1)."""

TRAIL, PURE_SEQUENCE, SEQUENCE, COLOR, PAIR, HIGH_CARD = 5, 4, 3, 2, 1, 0


def sequence_value(
    high_to_low: tuple[int, int, int], order: str, high_235: bool = False
) -> int | None:
    """Position of a sequence in R14's order (higher is stronger), or None.

    ``high_to_low`` are the three ranks sorted descending. Sequences do not wrap
    (R14): K-A-2 is not one. A-2-3 is just below A-K-Q (``"standard"``), or the
    highest of all (``"classic"``, V1). With ``high_235`` (V11) 5-3-2 is a sequence
    above every other.
    """
    a, b, c = high_to_low
    if a - b == 1 and b - c == 1:
        return 2 * a  # 4-3-2 → 8 … A-K-Q → 28
    if (a, b, c) == (14, 3, 2):
        return 27 if order == "standard" else 30
    if high_235 and (a, b, c) == (5, 3, 2):
        return 31
    return None


@functools.lru_cache(maxsize=24)
def _places(suit_order: str) -> tuple[int, int, int, int]:
    """The place of each suit (by suit number: clubs, diamonds, hearts, spades) in a
    V7 ``suit_order``: 3 for its first suit, 0 for its last.
    """
    c, d, h, s = (3 - suit_order.index(letter) for letter in "cdhs")
    return (c, d, h, s)


@attrs.frozen
class StandardOrder(HandOrder):
    """R13–R16: trail > pure sequence > sequence > color > pair > high card; suits
    never matter.

    :param sequence_order: ``"standard"`` (R14) or ``"classic"`` (V1).
    :param high_235: 2-3-5 is the highest sequence (V11).
    :param suit_order: None, or the four suit letters highest first (V7): the key
        then ends with the place of the suit of the hand's top card, so that hands
        equal by R13–R16 are ordered as :func:`~teenpatti_rules.ranking.compare_hands`
        orders them.
    """

    name: ClassVar[str] = "standard"
    sequence_order: SequenceOrder = "standard"
    high_235: bool = False
    suit_order: str | None = None

    def suit_blind(self) -> bool:
        """True without a ``suit_order``: R13–R16 read of the suits only whether the
        three cards are of one suit (see
        :meth:`~teenpatti_rules.hands.order.HandOrder.suit_blind`).
        """
        return self.suit_order is None

    def key(self, cards: tuple[Card, Card, Card]) -> tuple[int, ...]:
        """A sort key written straight from R13–R16 (see
        :meth:`~teenpatti_rules.hands.order.HandOrder.key`).
        """
        key = self._key(cards)
        order = self.suit_order
        if order is None:
            return key
        # the top card's rank as :meth:`ranks` names it first: a pair's rank, else the
        # highest (A-2-3 is named from the ace); its highest-placed suit
        places = _places(order)
        x, y, z = cards
        top = key[1] if key[0] == PAIR else max(x.rank, y.rank, z.rank)
        place = -1
        for card in cards:
            if card.rank == top and places[card.index & 3] > place:
                place = places[card.index & 3]
        return (*key, place)

    def _key(self, cards: tuple[Card, Card, Card]) -> tuple[int, ...]:
        x, y, z = cards
        a, b, c = sorted((int(x.rank), int(y.rank), int(z.rank)), reverse=True)
        suited = cards[0].suit is cards[1].suit is cards[2].suit
        if a == c:
            return (TRAIL, a)
        seq = sequence_value((a, b, c), self.sequence_order, self.high_235)
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
