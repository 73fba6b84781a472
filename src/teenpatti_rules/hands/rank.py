"""What a hand is worth: :class:`HandCategory` and :class:`HandRank` (R13–R18, V7–V12).

These are values: every hand table builds them and :mod:`teenpatti_rules.ranking`
re-exports them (their public home, API.md); they live here so that the tables of
:mod:`teenpatti_rules.hands` never import the layer above them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

import attrs

from ..cards import Card, Rank

__all__ = ["HandCategory", "HandRank"]


class HandCategory(IntEnum):
    """The six kinds of hand, weakest to strongest (R13)."""

    #: None of the others: three cards of different ranks, not consecutive, not one suit.
    HIGH_CARD = 0
    #: Two cards of one rank and a kicker.
    PAIR = 1
    #: Three cards of one suit, not consecutive.
    COLOR = 2
    #: Three consecutive ranks (R14), not all of one suit.
    SEQUENCE = 3
    #: Three consecutive ranks (R14), all of one suit.
    PURE_SEQUENCE = 4
    #: Three cards of one rank.
    TRAIL = 5

    @property
    def words(self) -> str:
        """The category's name in words (``"pure sequence"``, ``"high card"``)."""
        return self.name.lower().replace("_", " ")


def _tuple(value: Any) -> Any:
    """A list given for ``ranks`` or ``wilds`` stored as a tuple: a rank is immutable."""
    return value if type(value) is tuple else tuple(value)


@attrs.frozen(order=False)
class HandRank:
    """The rank of a hand: its category and its strength.

    Equal strengths are equal hands (suits never break ties, R13, unless a
    ``suit_order`` does, V7); a higher strength is a stronger hand. Hand ranks
    compare with ``<``, ``==`` and hash, by strength alone, exactly as
    :func:`~teenpatti_rules.ranking.compare_hands` compares the hands under the same
    rules. Every strength of one :class:`~teenpatti_rules.rules.Rules` (and
    indicator) is on one scale: 0 (5-3-2 high card by default) to 740 (trail of
    aces) without wild cards; with ``wild="lowest"`` / ``"highest"`` and four or
    five cards (V8, V12) the hands whose wild rank differs compare too (their
    strengths are the order's own, times four under a ``wild_ties`` other than
    ``"equal"``, some of them held by no hand). Ranks made under different rules
    should not be compared with each other.

    :param category: the :class:`HandCategory` (under 999, V10, always high card).
    :param strength: an int, higher is stronger.
    :param ranks: the three ranks in the order they are named: a trail's three
        ranks; a sequence from its high end (``(ACE, TWO, THREE)`` for A-2-3); a
        pair's rank twice, then the kicker; color and high card from the highest.
        With wild cards, the ranks of the completed hand (W1).
    :param wild_count: how many wild cards the hand holds (V8 W4; a wild card standing
        for itself counts; a two-card hand's imagined card counts, V12).
    :param wilds: the hand's wild cards, named in :func:`str` (W6).
    :param number: under 999 (V10), the hand's number, which is its name.

    ``str()`` names the hand in words, e.g. ``"pair of kings, ace kicker"`` or
    ``"trail of nines (4c wild)"``; a 999 hand by its number, ``"761"``.
    """

    category: HandCategory = attrs.field(eq=False)
    #: The hand's strength: higher is stronger, equal is an equal hand (see above).
    strength: int
    ranks: tuple[Rank, Rank, Rank] = attrs.field(eq=False, converter=_tuple)
    #: How many wild cards the hand holds (V8 W4; V12's imagined card counts).
    wild_count: int = attrs.field(default=0, eq=False, kw_only=True)
    wilds: tuple[Card, ...] = attrs.field(default=(), eq=False, kw_only=True, converter=_tuple)
    number: int | None = attrs.field(default=None, eq=False, kw_only=True)

    def __lt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.strength < other.strength

    def __le__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.strength <= other.strength

    def __gt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.strength > other.strength

    def __ge__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.strength >= other.strength

    def __str__(self) -> str:
        if self.number is not None:
            return f"{self.number:03d}"
        r = self.ranks
        cat = self.category
        if cat is HandCategory.TRAIL:
            name = f"trail of {r[0].plural}"
        elif cat is HandCategory.PAIR:
            name = f"pair of {r[0].plural}, {r[2].word} kicker"
        else:
            name = f"{cat.words} {r[0].word}-{r[1].word}-{r[2].word}"
        if self.wilds:
            name += f" ({', '.join(map(str, self.wilds))} wild)"
        return name
