"""Hand ranking (R13–R18): a table of all 22,100 three-card hands, and lookups into it.

The table is built once, lazily, by code from the text of R13–R16 (never typed in):
every hand gets a sort key, the 741 distinct keys are numbered from 0 (weakest,
5-3-2 high card) to 740 (strongest, a trail of aces), and each ordered triple of
card indices maps to a shared :class:`HandRank`. :func:`evaluate` is then a single
list lookup, and :func:`evaluate_many` a single numpy lookup for a whole batch.

>>> str(evaluate("As Kd Qh"))
'sequence ace-king-queen'
>>> evaluate("Kc Kd As") > evaluate("Qc Qd Qs")
False
>>> compare_hands("2h 3h 4d", "Ah 2d 3c")
-1
>>> str(evaluate("Kh Ks Ad"))
'pair of kings, ace kicker'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from enum import IntEnum

import attrs

from .cards import Card, Rank, format_cards, parse_cards
from .errors import CardParseError
from .hands import hand_order
from .hands.batch import categories_many, deal_many, evaluate_many
from .limits import WrongTypeError, short
from .rules import Rules

__all__ = [
    "HandCategory",
    "HandRank",
    "categories_many",
    "compare_hands",
    "deal_many",
    "evaluate",
    "evaluate_many",
    "hand_ranks",
    "percentile",
    "showdown_key",
]


class HandCategory(IntEnum):
    """The six kinds of hand, weakest to strongest (R13)."""

    HIGH_CARD = 0
    PAIR = 1
    COLOR = 2
    SEQUENCE = 3
    PURE_SEQUENCE = 4
    TRAIL = 5

    @property
    def words(self) -> str:
        """The category's name in words (``"pure sequence"``, ``"high card"``)."""
        return self.name.lower().replace("_", " ")


@attrs.frozen(order=False)
class HandRank:
    """The rank of a three-card hand: its category and its strength.

    Equal strengths are equal hands (suits never break ties, R13); a higher
    strength is a stronger hand. Hand ranks compare with ``<``, ``==`` and hash.
    Strengths are dense under one :class:`~teenpatti_rules.rules.Rules`
    ``sequence_order``: 0 (5-3-2 high card) to 740 (trail of aces); ranks made under
    different sequence orders should not be compared with each other.

    :param category: the :class:`HandCategory`.
    :param strength: an int, higher is stronger.
    :param ranks: the three ranks in the order they are named: a trail's three
        ranks; a sequence from its high end (``(ACE, TWO, THREE)`` for A-2-3); a
        pair's rank twice, then the kicker; color and high card from the highest.

    ``str()`` names the hand in words, e.g. ``"pair of kings, ace kicker"``.
    """

    category: HandCategory = attrs.field(eq=False)
    strength: int
    ranks: tuple[Rank, Rank, Rank]

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
        r = self.ranks
        cat = self.category
        if cat is HandCategory.TRAIL:
            return f"trail of {r[0].plural}"
        if cat is HandCategory.PAIR:
            return f"pair of {r[0].plural}, {r[2].word} kicker"
        return f"{cat.words} {r[0].word}-{r[1].word}-{r[2].word}"


_STANDARD: list[HandRank | None] = []  # the default order's table; filled on first use


def _table(rules: Rules | None) -> list[HandRank | None]:
    """The lookup list of the table's hand order (:mod:`teenpatti_rules.hands`)."""
    ranks = hand_order(rules).table().ranks
    if rules is None and not _STANDARD:
        _STANDARD[:] = ranks
    return ranks


# --- lookups ---------------------------------------------------------------------------


def _check_rules(rules: object, name: str = "rules") -> None:
    """Refuse a ``rules`` argument that is neither None nor a :class:`Rules`."""
    if rules is not None and not isinstance(rules, Rules):
        raise WrongTypeError(
            f"{name} must be a Rules record or None, not {type(rules).__name__} {short(rules)}"
        )


def _as_three_cards(cards: object) -> tuple[Card, Card, Card]:
    """Check and normalise the argument of :func:`evaluate` (the slow path)."""
    if not isinstance(cards, str | Collection):
        raise WrongTypeError(
            f"cards must be three cards, as text ('As Kd Qh') or a tuple or list of Card, "
            f"not {type(cards).__name__} {short(cards)} (a generator: pass tuple(cards))",
        )
    parsed = parse_cards(cards)
    shown = short(cards) if isinstance(cards, str) else short(format_cards(parsed))
    if len(parsed) != 3:
        raise CardParseError(f"a hand is three cards, not {len(parsed)}: {shown}", cards)
    if len(set(parsed)) != 3:
        twice = next(card for i, card in enumerate(parsed) if card in parsed[:i])
        raise CardParseError(f"card {twice} appears twice in hand {shown}", cards)
    return parsed[0], parsed[1], parsed[2]


def evaluate(cards: Sequence[Card] | str, rules: Rules | None = None) -> HandRank:
    """Rank a three-card hand (R13–R16).

    :param cards: three distinct :class:`~teenpatti_rules.cards.Card` in any order
        (a tuple is fastest), or text for :func:`~teenpatti_rules.cards.parse_cards`
        such as ``"As Kd Qh"``.
    :param rules: selects ranking variants (``sequence_order``, V1); None or the
        default :class:`~teenpatti_rules.rules.Rules` ranks by R13–R16.
    :returns: the shared :class:`HandRank` of that hand.
    :raises ValueError: (:class:`~teenpatti_rules.errors.CardParseError`) naming the
        problem, for anything but three distinct valid cards: a wrong number of
        cards, a card given twice, a malformed card or an object that is not a card.
    :raises ~teenpatti_rules.limits.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) for ``cards`` that are neither text nor a collection
        (a generator, a number) or ``rules`` that are neither None nor a Rules.

    >>> evaluate("Ah 2h 3h").category
    <HandCategory.PURE_SEQUENCE: 4>
    >>> evaluate("Ah Ah 3h")
    Traceback (most recent call last):
    ...
    teenpatti_rules.errors.CardParseError: card Ah appears twice in hand 'Ah Ah 3h'
    """
    try:
        # The fast path: three Cards. Anything else (text, wrong length, duplicates,
        # non-cards, the table not built yet) fails here and takes the checked path.
        if type(cards) is not tuple and not isinstance(cards, Collection):
            raise TypeError  # a generator would be used up here: the checked path refuses it
        a, b, c = cards  # type: ignore[str-unpack]
        table = _STANDARD if rules is None else hand_order(rules).table().ranks
        hand = table[(a.index * 52 + b.index) * 52 + c.index]  # type: ignore[operator]
        if hand is not None and type(a) is type(b) is type(c) is Card:
            return hand
    except (AttributeError, TypeError, ValueError, IndexError):
        pass
    _check_rules(rules)
    x, y, z = _as_three_cards(cards)
    hand = _table(rules)[(x.index * 52 + y.index) * 52 + z.index]
    assert hand is not None
    return hand


def compare_hands(
    a: Sequence[Card] | str | HandRank,
    b: Sequence[Card] | str | HandRank,
    rules: Rules | None = None,
) -> int:
    """Compare two hands (R13–R16; suits never break ties unless ``rules`` says so, V7).

    :param a: a hand as for :func:`evaluate`, or its :class:`HandRank`.
    :param b: the other hand, likewise.
    :param rules: ranking variants, as for :func:`evaluate`; with a ``suit_order``
        (V7), hands given as cards that are equal by R13–R16 are ordered by
        :func:`showdown_key`. (A :class:`HandRank` has no suits: it compares by
        strength only.)
    :returns: 1 if ``a`` is stronger, -1 if weaker, 0 if the hands are equal.
    :raises ValueError: as :func:`evaluate`, for a hand that is not three distinct
        valid cards. (The two hands may share cards: each is judged on its own.)
    :raises ~teenpatti_rules.limits.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) for ``rules`` that are neither None nor a Rules, e.g. a
        third hand: ``compare_hands`` compares two hands (to order more, sort them
        by :func:`showdown_key`).

    >>> compare_hands("As Ks Qs", "Ah 2h 3h")
    1
    >>> compare_hands("As Ks Qs", "Ah 2h 3h", Rules(sequence_order="classic"))
    -1
    >>> shdc = Rules(suit_order="shdc")  # V7: spades > hearts > diamonds > clubs
    >>> compare_hands("Kh 9c 4d", "Ks 9d 4h"), compare_hands("Kh 9c 4d", "Ks 9d 4h", shdc)
    (0, -1)
    """
    if rules is not None and not isinstance(rules, Rules):
        hint = ""
        if isinstance(rules, str | Sequence):
            hint = (
                "; compare_hands compares two hands: to order more, sort them with "
                "key=lambda hand: showdown_key(hand, rules)"
            )
        raise WrongTypeError(
            f"rules must be a Rules record or None, not {type(rules).__name__} {short(rules)}{hint}"
        )
    if (
        rules is not None
        and rules.suit_order is not None
        and not (isinstance(a, HandRank) or isinstance(b, HandRank))
    ):
        x, y = showdown_key(a, rules), showdown_key(b, rules)
    else:
        x = a.strength if isinstance(a, HandRank) else evaluate(a, rules).strength
        y = b.strength if isinstance(b, HandRank) else evaluate(b, rules).strength
    return (x > y) - (x < y)


def showdown_key(cards: Sequence[Card] | str, rules: Rules | None = None) -> int:
    """The number a table compares hands by: higher wins, equal ties (R13–R18, V7).

    Without a ``suit_order`` this is :attr:`HandRank.strength`. With one (V7) it is
    ``strength * 4`` plus the place (3 for the highest suit … 0) of the suit of the
    hand's top card: the first card in the hand's name, and for a pair the
    higher-suited card of the pair.

    :param cards: a hand as for :func:`evaluate`.
    :param rules: the table's rules, or None for the default table.
    :returns: an int; only keys under the same ``rules`` compare.
    :raises ValueError: as :func:`evaluate` (also for a wrong type of ``cards`` or
        ``rules``).

    >>> showdown_key("Kh Kd 3c") == evaluate("Kh Kd 3c").strength
    True
    >>> shdc = Rules(suit_order="shdc")
    >>> showdown_key("Kh Kd 3c", shdc) > showdown_key("Ks Kc 3d", shdc)
    False
    """
    hand = evaluate(cards, rules)
    if rules is None or rules.suit_order is None:
        return hand.strength
    top = hand.ranks[0]
    order = rules.suit_order
    parsed = parse_cards(cards)  # text, or Card and card text mixed
    best = max(3 - order.index(card.suit.value) for card in parsed if card.rank == top)
    return hand.strength * 4 + best


def hand_ranks(rules: Rules | None = None) -> Iterable[tuple[tuple[Card, Card, Card], HandRank]]:
    """Every one of the 22,100 hands with its rank, in :func:`itertools.combinations` order.

    :param rules: ranking variants, as for :func:`evaluate`.
    :returns: an iterator of ``(cards, hand_rank)`` pairs, cards ascending by index.
    """
    return hand_order(rules).table().hands()


def percentile(strength: int, rules: Rules | None = None) -> float:
    """The share of all hands strictly weaker than a hand of ``strength`` under the
    table's order: 0.0 for the weakest hand, just below 1.0 for the strongest.

    :param strength: a :attr:`HandRank.strength` made under the same ``rules``.
    :param rules: ranking variants, as for :func:`evaluate`.
    :returns: a float in ``[0, 1)``.
    :raises IndexError: if ``strength`` is not a strength of that order.

    >>> percentile(evaluate("5s 3d 2c").strength)
    0.0
    >>> round(percentile(evaluate("As Ad Ac").strength), 4)
    0.9998
    """
    return hand_order(rules).table().percentile(strength)
