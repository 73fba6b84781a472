"""Hand ranking (R13–R18): a table of all 22,100 three-card hands, and lookups into it.

The table is built once, lazily, by code from the text of R13–R16 (never typed in):
every hand gets a sort key, the 741 distinct keys are numbered from 0 (weakest,
5-3-2 high card) to 740 (strongest, a trail of aces), and each ordered triple of
card indices maps to a shared :class:`HandRank`. :func:`evaluate` then looks a hand's
three card indices up (on the default table in nested tuples by the indices in any order,
half the table's size; under other rules it sorts them first, for a copy by sorted
indices, a fifth of its size), and :func:`evaluate_many` is a single numpy lookup for a
whole batch.
:class:`HandRank` and :class:`HandCategory` are defined in
:mod:`teenpatti_rules.hands.rank` and re-exported here, their public home.

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
from collections.abc import Iterable, Sequence

from .cards import Card, format_cards, table_deck  # noqa: F401  (format_cards: the doctests)
from .hands.arguments import check_hand, check_indicator, check_rules
from .hands.batch import categories_many, deal_many, evaluate_many
from .hands.order import NO_PAIRS, STRIDE, PairRanks, SortedRanks
from .hands.rank import HandCategory, HandRank
from .hands.wild import IMAGINED, by_wild_rank, fixed_rank_table, rank_table
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


_NO_TABLE: SortedRanks = []
"""A lookup by sorted card indices that finds no hand (every lookup is an
:class:`IndexError`): where the fast path finds it, it takes the checked path."""
_STANDARD: PairRanks = NO_PAIRS
"""The fast path's lookup of the default table by the cards' private slots, in any
order (R13: a hand is three cards in any order):
:meth:`~teenpatti_rules.hands.order.HandTable.pair_ranks`, where placeholders, a card
given twice and a printed joker find None;
:data:`~teenpatti_rules.hands.order.NO_PAIRS` (None everywhere) until the checked path
first builds the table. About 1.2 MB, built once a process."""
_STANDARD_RANKS: list[HandRank | None] | None = None
"""The default order's flat lookup list, for the checked path; filled with
:data:`_STANDARD`."""


_PLAIN: dict[Rules, SortedRanks] = {}
"""A table's rules → the lookups by sorted card indices of its three-card table without
an indicator. Keyed by value (a :class:`Rules` is frozen and hashable: an equal
:class:`Rules` finds the same entry); the lists themselves are shared by every table with
the same ranking fields (:func:`~teenpatti_rules.hands.wild.rank_table`)."""
_BY_INDICATOR: dict[Rules, list[SortedRanks]] = {}
"""The rules of a joker / hukam table → its lookups by sorted card indices by the
indicator's index (:data:`_NO_TABLE` for an indicator not seen yet)."""
_CACHED_RULES = 64
"""The caches above are emptied when they hold more tables' rules than this. (No lock:
an entry is only ever added whole or dropped with all, so a reader sees a complete
list or none, and then takes the checked path.)"""


def _lookup(rules: Rules | None, indicator: Card | None) -> list[HandRank | None]:
    """The flat lookup list of ``rules`` (and ``indicator``); the table's lookups by
    sorted card indices are remembered for the fast path.
    """
    global _STANDARD, _STANDARD_RANKS
    if rules is None:
        if _STANDARD_RANKS is None:
            standard = rank_table(None)
            # every three distinct cards of the 52 are a hand (R13): each finds its rank
            _STANDARD = standard.pair_ranks()
            _STANDARD_RANKS = standard.ranks
        return _STANDARD_RANKS
    table = rank_table(rules, indicator)
    if rules.hand_size == 3:
        if len(_PLAIN) + len(_BY_INDICATOR) > _CACHED_RULES:
            _PLAIN.clear()
            _BY_INDICATOR.clear()
        if indicator is None:
            _PLAIN[rules] = table.sorted_ranks()
        else:
            lists = _BY_INDICATOR.setdefault(rules, [_NO_TABLE] * 52)
            lists[indicator.index] = table.sorted_ranks()
    return table.ranks


def _ranked(cards: object, rules: object, indicator: object) -> tuple[HandRank, tuple[Card, ...]]:
    """The checked path of :func:`evaluate`: the hand's rank and the cards that make it
    (of four or five cards the first best three, V12).
    """
    table = check_rules(rules)
    turned = check_indicator(table, indicator)
    parsed = check_hand(cards, table, turned)
    if table is not None and by_wild_rank(table):
        # V8 with V12: the lowest / highest rank of the whole hand is wild; every such
        # table is on the one common scale, so hands of different wild ranks compare
        pick = min if table.wild == "lowest" else max
        ranks = fixed_rank_table(table, int(pick(c.rank for c in parsed))).ranks
    else:
        ranks = _lookup(table, turned)
    if len(parsed) == 2:
        x, y = parsed
        hand = ranks[(x.index * STRIDE + y.index) * STRIDE + IMAGINED]
        assert hand is not None
        return hand, parsed
    best: HandRank | None = None
    chosen = parsed
    for x, y, z in itertools.combinations(parsed, 3):
        hand = ranks[(x.index * STRIDE + y.index) * STRIDE + z.index]
        assert hand is not None
        if best is None or hand.strength > best.strength:
            best, chosen = hand, (x, y, z)
    assert best is not None
    return best, chosen


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
    # The fast paths: a tuple of three Cards whose table is built. Everything else
    # (text, lists, other lengths, non-cards, tables not built yet) takes the checked
    # path, which refuses what is wrong. The exceptions caught are the ValueError of
    # unpacking a tuple (exactly a tuple) of another length; on the default table any
    # Exception of the lookup (R13: what has not a card's private slot is not a card);
    # under rules, the IndexError of a lookup by sorted indices (a card given twice, a
    # card past the table's deck, a table not built yet). The default table is looked
    # up by the indices in any order (a hand is a set: its rank does not depend on the
    # order of its cards), where an entry is None for a placeholder, a card given twice,
    # a printed joker or a table not built yet; other tables by the sorted indices,
    # where an entry is None for a card not in the rules' deck. Each refusal returns at
    # once: the jumps stay short (in 3.11 a jump past 255 instructions costs one more on
    # the way).
    if type(cards) is not tuple:
        return _ranked(cards, rules, indicator)[0]
    try:
        a, b, c = cards
    except ValueError:
        return _ranked(cards, rules, indicator)[0]
    if rules is None:
        if indicator is None:
            # No type checks of the cards here (they were about a quarter of its
            # time): the table by the three cards' private slots, which only a Card
            # has (cards.ROW_OFFSET, hands.order.PairRanks). An object that only looks
            # like a card (a public index) lacks it, a hostile __getattr__ may raise
            # anything: each goes to the checked path, which refuses it with its own
            # CardParseError, never a foreign error. An object that makes up its
            # attributes (a MagicMock) reads as a small number, which finds a
            # placeholder (None): refused likewise.
            try:
                hand: HandRank | None = _STANDARD[a._row_index][b._row_index][c._row_index]
            except Exception:  # not a Card: the checked path refuses it
                hand = None
            if hand is not None:
                return hand
        return _ranked(cards, rules, indicator)[0]
    if type(a) is not Card or type(b) is not Card or type(c) is not Card:
        return _ranked(cards, rules, indicator)[0]
    if type(rules) is Rules:  # the caches are keyed by value (R1: Rules is frozen)
        i: int = a.index
        j: int = b.index
        k: int = c.index
        if i > j:
            i, j = j, i
        if j > k:
            j, k = k, j
            if i > j:
                i, j = j, i
        if indicator is None:
            table = _PLAIN.get(rules, _NO_TABLE)
            try:
                hand = table[k][j][i]
            except IndexError:
                hand = None
            if hand is not None:
                return hand
        elif type(indicator) is Card:
            turned: int = indicator.index
            if turned < 52 and turned != i and turned != j and turned != k:
                tables = _BY_INDICATOR.get(rules)
                if tables is not None:
                    try:
                        hand = tables[turned][k][j][i]
                    except IndexError:
                        hand = None
                    if hand is not None:
                        return hand
    return _ranked(cards, rules, indicator)[0]


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
    return _ranked(cards, rules, indicator)[1]


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
    return rank_table(rules, check_indicator(check_rules(rules), indicator)).hands()


def percentile(
    strength: int, rules: Rules | None = None, *, indicator: Card | str | None = None
) -> float:
    """The share of all hands strictly weaker than a hand of ``strength`` under the
    table's order: 0.0 for the weakest hand, just below 1.0 for the strongest.

    :param strength: a :attr:`HandRank.strength` made under the same ``rules``.
    :param rules: ranking variants, as for :func:`evaluate`.
    :param indicator: as for :func:`evaluate`.
    :returns: a float in ``[0, 1)``: among the hands of the table's three-card lookup
        table (for ``hand_size`` 2 the two-card hands; for ``wild="lowest"`` /
        ``"highest"`` with four or five cards, whose strengths are on a scale of
        their own, V8 with V12, among :data:`SAMPLED_HANDS` seeded random hands, as
        :func:`hand_percentile`).
    :raises IndexError: if ``strength`` is not a strength of that order.

    >>> percentile(evaluate("5s 3d 2c").strength)
    0.0
    >>> round(percentile(evaluate("As Ad Ac").strength), 4)
    0.9998
    """
    table = check_rules(rules)
    card = check_indicator(table, indicator)
    if table is not None and by_wild_rank(table):
        strengths = _sampled_strengths(table, card)
        return bisect.bisect_left(strengths, strength) / len(strengths)
    return rank_table(table, card).percentile(strength)


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
    card = check_indicator(check_rules(rules), indicator)
    rank = evaluate(cards, rules, indicator=card)
    if rules is None or rules.hand_size <= 3:
        return rank_table(rules, card).percentile(rank.strength)
    strengths = _sampled_strengths(rules, card)
    return bisect.bisect_left(strengths, rank.strength) / len(strengths)
