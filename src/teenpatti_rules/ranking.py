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

import bisect
import functools
import itertools
import threading
from collections.abc import Collection, Iterable, Sequence
from enum import IntEnum

import attrs

from .cards import Card, Rank, format_cards, parse_cards, table_deck
from .errors import CardParseError
from .hands.batch import categories_many, deal_many, evaluate_many
from .hands.order import STRIDE
from .hands.wild import IMAGINED, fixed_rank_table, rank_table
from .limits import WrongTypeError, short
from .rules import Rules

__all__ = [
    "HandCategory",
    "HandRank",
    "best_three",
    "categories_many",
    "compare_hands",
    "deal_many",
    "evaluate",
    "evaluate_many",
    "hand_percentile",
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
    """The rank of a hand: its category and its strength.

    Equal strengths are equal hands (suits never break ties, R13, unless a
    ``suit_order`` does, V7); a higher strength is a stronger hand. Hand ranks
    compare with ``<``, ``==`` and hash, by strength alone, exactly as
    :func:`compare_hands` compares the hands under the same rules. Strengths are
    dense under one :class:`~teenpatti_rules.rules.Rules` (and indicator): 0 (5-3-2
    high card by default) to 740 (trail of aces); ranks made under different rules
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
    strength: int
    ranks: tuple[Rank, Rank, Rank] = attrs.field(eq=False)
    wild_count: int = attrs.field(default=0, eq=False, kw_only=True)
    wilds: tuple[Card, ...] = attrs.field(default=(), eq=False, kw_only=True)
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


_STANDARD: list[HandRank | None] = []  # the default order's table; filled on first use


_PLAIN: dict[int, list[HandRank | None] | None] = {}
"""``id(rules)`` → the lookup list of the rules' three-card table without an indicator
(None for a table that needs one or has another hand size); filled by
:func:`_fill_caches`. Keyed by identity because hashing a :class:`Rules` on every
lookup costs a third of :func:`evaluate`'s time; an equal but distinct :class:`Rules`
gets its own entry. Safe because :data:`_HELD` keeps the rules of every entry alive,
so no other object can take their id while the entry exists."""
_BY_INDICATOR: dict[int, list[list[HandRank | None] | None]] = {}
"""``id(rules)`` of a joker / hukam table → its lookup lists by the indicator's index."""
_HELD: dict[int, Rules] = {}
"""``id(rules)`` → the rules, for every key of :data:`_PLAIN` and :data:`_BY_INDICATOR`
(added before them, removed after them, under :data:`_LOCK`)."""
_LOCK = threading.Lock()
"""Orders the changes to the caches above (the fast path reads them without it)."""
_CACHED_RULES = 64
"""The caches above are emptied when they hold more tables' rules than this."""


def _fill_caches(rules: Rules, indicator: Card | None) -> list[HandRank | None]:
    """The lookup list of ``rules`` (and ``indicator``), remembered for the fast path."""
    ranks = rank_table(rules, indicator).ranks
    key = id(rules)
    with _LOCK:
        if len(_HELD) > _CACHED_RULES:
            _PLAIN.clear()
            _BY_INDICATOR.clear()
            _HELD.clear()  # last: while an entry exists, its rules are held
        _HELD[key] = rules
        if rules.hand_size == 3 and indicator is not None:
            tables: list[list[HandRank | None] | None] = list(_BY_INDICATOR.get(key, [None] * 52))
            tables[indicator.index] = ranks
            _BY_INDICATOR[key] = tables
        _PLAIN[key] = ranks if rules.hand_size == 3 and indicator is None else None
    return ranks


def _check_rules(rules: object, name: str = "rules") -> None:
    """Refuse a ``rules`` argument that is neither None nor a :class:`Rules`."""
    if rules is not None and not isinstance(rules, Rules):
        raise WrongTypeError(
            f"{name} must be a Rules record or None, not {type(rules).__name__} {short(rules)}"
        )


def _indicator(rules: Rules | None, indicator: object) -> Card | None:
    """Check the ``indicator=`` argument against the table (W5)."""
    needs = rules is not None and rules.has_indicator
    if indicator is None:
        if needs:
            assert rules is not None
            raise CardParseError(
                f"a wild={rules.wild!r} table ranks hands by its indicator: "
                "pass indicator= (the turned-up card, W5)",
                indicator,
            )
        return None
    if not needs:
        raise CardParseError(
            f"indicator= is only for a table with wild='joker' or 'hukam' (W5), "
            f"not {short(indicator)}",
            indicator,
        )
    card = Card.parse(indicator) if isinstance(indicator, str) else indicator
    if not isinstance(card, Card) or card.is_joker:
        raise CardParseError(
            f"the indicator must be one of the 52 cards, not {short(indicator)}", card
        )
    return card


def _as_cards(cards: object, rules: Rules | None, indicator: Card | None) -> tuple[Card, ...]:
    """Check and normalise the argument of :func:`evaluate` (the slow path)."""
    size = 3 if rules is None else rules.hand_size
    words = {2: "two", 3: "three", 4: "four", 5: "five"}[size]
    if not isinstance(cards, str | Collection):
        raise WrongTypeError(
            f"cards must be {words} cards, as text ('As Kd Qh') or a tuple or list of Card, "
            f"not {type(cards).__name__} {short(cards)} (a generator: pass tuple(cards))",
        )
    if not isinstance(cards, str) and len(cards) > 55:  # more than any deck: refuse unread
        raise CardParseError(f"a hand is {words} cards, not {len(cards)}", cards)
    parsed = parse_cards(cards)
    shown = short(cards) if isinstance(cards, str) else short(format_cards(parsed))
    if len(parsed) != size:
        raise CardParseError(f"a hand is {words} cards, not {len(parsed)}: {shown}", cards)
    if len(set(parsed)) != size:
        twice = next(card for i, card in enumerate(parsed) if card in parsed[:i])
        raise CardParseError(f"card {twice} appears twice in hand {shown}", cards)
    jokers = 0 if rules is None else rules.jokers
    for card in parsed:
        if card.is_joker and card.index - 51 > jokers:
            raise CardParseError(
                f"card {card} is not in this table's deck (jokers={jokers}, V8): {shown}", cards
            )
    if indicator is not None and indicator in parsed:
        raise CardParseError(f"the indicator {indicator} is part of no hand (W5): {shown}", cards)
    return parsed


def evaluate(
    cards: Sequence[Card] | str, rules: Rules | None = None, *, indicator: Card | str | None = None
) -> HandRank:
    """Rank a hand (R13–R16, and the ranking variants V1, V7–V12 of ``rules``).

    :param cards: ``rules.hand_size`` (three by default) distinct
        :class:`~teenpatti_rules.cards.Card` in any order (a tuple is fastest), or
        text for :func:`~teenpatti_rules.cards.parse_cards` such as ``"As Kd Qh"``.
        Four or five cards are ranked by their best three; two cards with the best
        imagined third card (V12).
    :param rules: selects ranking variants; None or the default
        :class:`~teenpatti_rules.rules.Rules` ranks by R13–R16.
    :param indicator: the turned-up card of a ``wild="joker"`` or ``"hukam"`` table
        (a card or its text; W5): required there, refused elsewhere.
    :returns: the :class:`HandRank` of that hand (of its best three cards).
    :raises ValueError: (:class:`~teenpatti_rules.errors.CardParseError`) naming the
        problem, for anything but ``hand_size`` distinct valid cards of the table's
        deck: a wrong number of cards, a card given twice, a malformed card, an object
        that is not a card, a printed joker the table does not have, the indicator in
        the hand, a missing or unexpected ``indicator``.
    :raises ~teenpatti_rules.errors.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) for ``cards`` that are neither text nor a collection
        (a generator, a number) or ``rules`` that are neither None nor a Rules.

    >>> evaluate("Ah 2h 3h").category
    <HandCategory.PURE_SEQUENCE: 4>
    >>> evaluate("Ah Ah 3h")
    Traceback (most recent call last):
    ...
    teenpatti_rules.errors.CardParseError: card Ah appears twice in hand 'Ah Ah 3h'
    >>> str(evaluate("9s 9h 4c", Rules(wild_ranks="AK47")))
    'trail of nines (4c wild)'
    """
    try:
        # The fast path: three Cards. Anything else (text, wrong length, duplicates,
        # non-cards, the table not built yet) fails here and takes the checked path.
        if type(cards) is not tuple and not isinstance(cards, Collection):
            raise TypeError  # a generator would be used up here: the checked path refuses it
        a, b, c = cards  # type: ignore[str-unpack]
        if not type(a) is type(b) is type(c) is Card:
            raise TypeError  # objects that only look like cards take the checked path
        i: int
        j: int
        k: int
        i, j, k = a.index, b.index, c.index  # pyright: ignore[reportAssignmentType]
        if indicator is None:
            # rules is None: the default table; else the rules' own (KeyError if not
            # built yet, TypeError for None: a table that needs an indicator)
            table = _STANDARD if rules is None else _PLAIN[id(rules)]
            hand = table[(i * 55 + j) * 55 + k]  # type: ignore[index]  # pyright: ignore[reportOptionalSubscript]
            if hand is not None:
                return hand
        else:
            if type(indicator) is not Card:
                raise TypeError  # text, or an object that only looks like a card
            turned: int = indicator.index
            hand = _BY_INDICATOR[id(rules)][turned][(i * 55 + j) * 55 + k]  # type: ignore[index]
            if hand is not None and turned != i and turned != j and turned != k:
                return hand
    except (AttributeError, TypeError, ValueError, IndexError, KeyError):
        pass
    _check_rules(rules)
    card = _indicator(rules, indicator)
    parsed = _as_cards(cards, rules, card)
    if rules is None:
        if not _STANDARD:
            _STANDARD[:] = rank_table(None).ranks
        ranks = _STANDARD
    elif rules.wild in ("lowest", "highest") and len(parsed) > 3:
        # V8 with V12: the lowest / highest rank of the whole hand is wild
        pick = min if rules.wild == "lowest" else max
        ranks = fixed_rank_table(rules, int(pick(c.rank for c in parsed))).ranks
    else:
        ranks = _fill_caches(rules, card)
    if len(parsed) == 2:
        x, y = parsed
        hand = ranks[(x.index * STRIDE + y.index) * STRIDE + IMAGINED]
        assert hand is not None
        return hand
    best: HandRank | None = None
    for x, y, z in itertools.combinations(parsed, 3):
        hand = ranks[(x.index * STRIDE + y.index) * STRIDE + z.index]
        assert hand is not None
        if best is None or hand.strength > best.strength:
            best = hand
    assert best is not None
    return best


def best_three(
    cards: Sequence[Card] | str, rules: Rules | None = None, *, indicator: Card | str | None = None
) -> tuple[Card, ...]:
    """The cards that make a hand's rank: of four or five cards the best three (the
    first such in the order given), else the cards themselves (V12).

    :param cards: as for :func:`evaluate`.
    :param rules: as for :func:`evaluate`.
    :param indicator: as for :func:`evaluate`.
    :returns: a tuple of cards from ``cards``.
    :raises ValueError: as :func:`evaluate`.

    >>> format_cards(best_three("As Ad 7c 7h 2s", Rules(hand_size=5)))
    'As Ad 7c'
    """
    rank = evaluate(cards, rules, indicator=indicator)
    parsed = parse_cards(cards)
    if len(parsed) <= 3 or rules is None:
        return parsed
    for combo in itertools.combinations(parsed, 3):
        if evaluate(combo, attrs.evolve(rules, hand_size=3), indicator=indicator) == rank:
            return combo
    raise AssertionError("no three cards make the hand's rank")  # pragma: no cover


def compare_hands(
    a: Sequence[Card] | str | HandRank,
    b: Sequence[Card] | str | HandRank,
    rules: Rules | None = None,
    *,
    indicator: Card | str | None = None,
) -> int:
    """Compare two hands (R13–R16 and the ranking variants of ``rules``).

    :param a: a hand as for :func:`evaluate`, or its :class:`HandRank`.
    :param b: the other hand, likewise.
    :param rules: ranking variants, as for :func:`evaluate`; with a ``suit_order``
        (V7), hands equal by R13–R16 are ordered by the suit of their top card.
    :param indicator: the turned-up card of a ``joker`` / ``hukam`` table (W5).
    :returns: 1 if ``a`` is stronger, -1 if weaker, 0 if the hands are equal.
    :raises ValueError: as :func:`evaluate`, for a hand that is not valid. (The two
        hands may share cards: each is judged on its own.)
    :raises ~teenpatti_rules.errors.WrongTypeError: (a :class:`TypeError` and a
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
    >>> compare_hands("7s 7h As", "Ah Ad Ac", Rules(wild="joker"), indicator="7c")
    0
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
    x = a.strength if isinstance(a, HandRank) else evaluate(a, rules, indicator=indicator).strength
    y = b.strength if isinstance(b, HandRank) else evaluate(b, rules, indicator=indicator).strength
    return (x > y) - (x < y)


def showdown_key(
    cards: Sequence[Card] | str, rules: Rules | None = None, *, indicator: Card | str | None = None
) -> int:
    """The number a table compares hands by: higher wins, equal ties (R13–R18, V7–V12).

    This is :attr:`HandRank.strength` of :func:`evaluate` (with a ``suit_order``,
    V7, the strength already orders hands equal by R13–R16 by the suit of their top
    card: the first card in the hand's name, for a pair the higher-suited card of
    the pair).

    :param cards: a hand as for :func:`evaluate`.
    :param rules: the table's rules, or None for the default table.
    :param indicator: as for :func:`evaluate`.
    :returns: an int; only keys under the same ``rules`` compare.
    :raises ValueError: as :func:`evaluate`.

    >>> showdown_key("Kh Kd 3c") == evaluate("Kh Kd 3c").strength
    True
    >>> shdc = Rules(suit_order="shdc")
    >>> showdown_key("Kh Kd 3c", shdc) > showdown_key("Ks Kc 3d", shdc)
    False
    """
    return evaluate(cards, rules, indicator=indicator).strength


def hand_ranks(
    rules: Rules | None = None, *, indicator: Card | str | None = None
) -> Iterable[tuple[tuple[Card, Card, Card], HandRank]]:
    """Every one of the 22,100 three-card hands of the 52 cards with its rank, in
    :func:`itertools.combinations` order (hands holding the indicator included).

    :param rules: ranking variants, as for :func:`evaluate` (three-card ranks: for
        ``hand_size`` 4 or 5 the ranks the best three are taken from).
    :param indicator: as for :func:`evaluate`.
    :returns: an iterator of ``(cards, hand_rank)`` pairs, cards ascending by index.
    :raises ValueError: for a missing or unexpected ``indicator``; for ``hand_size`` 2.
    """
    if rules is not None and rules.hand_size == 2:
        raise ValueError("hand_ranks lists three-card hands, not Rules.hand_size=2")
    return rank_table(rules, _indicator(rules, indicator)).hands()


def percentile(
    strength: int, rules: Rules | None = None, *, indicator: Card | str | None = None
) -> float:
    """The share of all hands strictly weaker than a hand of ``strength`` under the
    table's order: 0.0 for the weakest hand, just below 1.0 for the strongest.

    :param strength: a :attr:`HandRank.strength` made under the same ``rules``.
    :param rules: ranking variants, as for :func:`evaluate`.
    :param indicator: as for :func:`evaluate`.
    :returns: a float in ``[0, 1)``: among the hands of the table's three-card lookup
        table (for ``hand_size`` 2 the two-card hands).
    :raises IndexError: if ``strength`` is not a strength of that order.

    >>> percentile(evaluate("5s 3d 2c").strength)
    0.0
    >>> round(percentile(evaluate("As Ad Ac").strength), 4)
    0.9998
    """
    return rank_table(rules, _indicator(rules, indicator)).percentile(strength)


SAMPLED_HANDS = 4_000
"""How many seeded random hands estimate the order of 4- and 5-card hands (V12) for
:func:`hand_percentile`."""


@functools.lru_cache(maxsize=64)
def _sampled_strengths(rules: Rules, indicator: Card | None) -> list[int]:
    """Sorted strengths of :data:`SAMPLED_HANDS` seeded random hands of the table."""
    import random

    rng = random.Random(f"teenpatti_rules:percentile:{rules.hand_size}")
    deck = [card for card in table_deck(rules.jokers) if card != indicator]
    return sorted(
        evaluate(tuple(rng.sample(deck, rules.hand_size)), rules, indicator=indicator).strength
        for _ in range(SAMPLED_HANDS)
    )


def hand_percentile(
    cards: Sequence[Card] | str, rules: Rules | None = None, *, indicator: Card | str | None = None
) -> float:
    """The share of the table's hands strictly weaker than ``cards`` under the table's
    order (R44 rates hands by it, so that it plays every ranking variant sensibly).

    For ``hand_size`` 2 or 3 it is :func:`percentile` (exact, over the table's
    two- or three-card hands); for 4 or 5 cards (V12) it is estimated from
    :data:`SAMPLED_HANDS` seeded random hands of that size (the same every time).

    :param cards: a hand as for :func:`evaluate`.
    :param rules: the table's rules, or None for the default table.
    :param indicator: as for :func:`evaluate`.
    :returns: a float in ``[0, 1)``.
    :raises ValueError: as :func:`evaluate`.

    >>> hand_percentile("5s 3d 2c"), hand_percentile("5s 3d 2c", Rules(ranking="muflis")) > 0.99
    (0.0, True)
    """
    card = _indicator(rules, indicator)
    rank = evaluate(cards, rules, indicator=card)
    if rules is None or rules.hand_size <= 3:
        return rank_table(rules, card).percentile(rank.strength)
    strengths = _sampled_strengths(rules, card)
    return bisect.bisect_left(strengths, rank.strength) / len(strengths)
