"""The share of hands a hand beats (:func:`percentile`) and the category table of R17
(:func:`category_odds`), for any table's ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..cards import Card
from ..ranking import HandCategory
from ..rules import Rules
from .universe import _hand, _indicator, _numpy, _universe

__all__ = ["CategoryOdds", "category_odds", "percentile"]


@attrs.frozen
class CategoryOdds:
    """One row of the category table (:func:`category_odds`, R17).

    :param category: the :class:`~teenpatti_rules.ranking.HandCategory`.
    :param count: how many of all hands of the deck are in it.
    :param total: how many hands there are in all (22,100 on the default table).
    :param probability: ``count / total``, the chance that a random hand is one.
    :param fraction: the same, exact, as a :class:`~fractions.Fraction`.
    """

    category: HandCategory
    count: int
    total: int
    probability: float
    fraction: Fraction


def percentile(
    hand: Sequence[Card] | str, rules: Rules | None = None, *, indicator: Card | None = None
) -> float:
    """The share of all hands that ``hand`` beats: hands strictly weaker / all hands.

    "All hands" are every ``hand_size``-card hand of the table's deck (22,100 on the
    default table), the indicator left out; the cards of ``hand`` are not removed.
    Hands equal to ``hand`` count as not beaten, so the best hand, A-A-A (with
    three more hands equal to it, its other suits), has 22,096 / 22,100 and every
    hand equal to the worst, 5-3-2 not all one suit (R16), has 0.

    :param hand: a hand as for :func:`equity`.
    :param rules: the table's ranking variants; None for R13–R16.
    :param indicator: as for :func:`equity`.
    :returns: a float from 0 to 1 (below 1: a hand never beats the hands equal to it).
    :raises TypeError: for cards that are not cards.
    :raises ValueError: naming the parameter, for a hand of the wrong size, a repeated
        card, or an indicator missing, refused or in the hand.
    :raises ImportError: if numpy is not installed.

    >>> percentile("2c 3d 5h")
    0.0
    >>> round(percentile("Ah Kd Jc") * 22100)  # every high card but the 4*4*4-4 A-K-J
    16380
    """
    np = _numpy()
    indicator = _indicator(rules, indicator)
    universe, cards = _hand(hand, rules, indicator)
    mine = int(universe.keys(np.array([universe.position[c] for c in cards]))[()])
    keys = universe.all_keys()
    return int(np.searchsorted(keys, mine, side="left")) / len(keys)


def category_odds(
    rules: Rules | None = None, *, indicator: Card | None = None
) -> tuple[CategoryOdds, ...]:
    """The category table of R17: how many hands of the deck fall in each category.

    Counts every ``hand_size``-card hand of the table's deck (without the indicator),
    each by the category of the hand it makes under the table's ranking (a hand of
    4 or 5 cards by its best three, V12; wild cards by what they make, W1).

    :param rules: the table's ranking variants; None for R13–R16 (the counts of R17:
        trail 52, pure sequence 48, sequence 720, color 1,096, pair 3,744, high card
        16,440 of 22,100).
    :param indicator: as for :func:`equity`.
    :returns: one :class:`CategoryOdds` per category, zero counts included, in the
        table's order: the category of the strongest hand first (trail … high card
        by R17; high card … trail under Muflis, V9, whose order is reversed), the
        categories no hand makes last, in the usual order. Under 999 (V10) every hand
        is a high card (suits, pairs and sequences mean nothing).
    :raises ValueError: for an indicator missing or refused.
    :raises ImportError: if numpy is not installed.

    >>> [row.count for row in category_odds()]
    [52, 48, 720, 1096, 3744, 16440]
    >>> category_odds()[0].fraction
    Fraction(1, 425)
    >>> [row.category.words for row in category_odds(Rules(ranking="muflis"))][:2]
    ['high card', 'pair']
    """
    np = _numpy()
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules or None, not {rules!r}")
    indicator = _indicator(rules, indicator)
    universe = _universe(rules, indicator)
    keys = universe.all_keys()
    counts = np.bincount(universe.category_of_key[keys], minlength=len(HandCategory))
    total = len(keys)
    best: dict[HandCategory, int] = {}  # the strongest key of each category made
    for key in range(len(universe.category_of_key)):
        best[HandCategory(int(universe.category_of_key[key]))] = key
    order = sorted(best, key=lambda c: -best[c])
    order += [c for c in sorted(HandCategory, reverse=True) if c not in best]
    return tuple(
        CategoryOdds(
            category=category,
            count=int(counts[category]),
            total=total,
            probability=int(counts[category]) / total,
            fraction=Fraction(int(counts[category]), total),
        )
        for category in order
    )
