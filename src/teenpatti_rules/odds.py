"""Odds: a hand's equity against opponents, its percentile, and the R17 category table.

Needs numpy (``pip install numpy``; from a clone of the repository,
``pip install '.[numpy]'`` installs the library with it).

- :func:`equity` — how often a hand wins, ties and loses against ``opponents``
  unknown hands dealt from the cards it cannot see (the hand itself, ``dead`` cards
  and the indicator removed): exact for one opponent (every opponent hand is
  counted) and for two (an exact count by inclusion–exclusion over shared cards),
  else a seeded Monte Carlo estimate with its standard error. The result says which.
- :func:`percentile` — the share of all hands of the deck that are strictly weaker
  (the R44 rating of a hand, as a number).
- :func:`category_odds` — the R17 table: how many of all hands fall in each category,
  with exact probabilities.

Everything is written through :func:`~teenpatti_rules.ranking.evaluate_many` (and
:func:`~teenpatti_rules.ranking.evaluate` for two-card hands) with the table's
:class:`~teenpatti_rules.rules.Rules`, so it follows the table's ranking variants:
the sequence order (V1), a suit order that breaks exact ties (V7), wild cards with
their ``indicator`` (V8, W1–W5), Muflis (V9), 999 (V10), 2-3-5 high (V11) and hand
sizes 2 to 5 (V12; except ``wild="lowest"``/``"highest"`` with 4 or 5 cards, whose
wild rank depends on the whole hand: refused with a ``ValueError``). Hands are
compared as a table compares them at a showdown (R13–R18): a higher hand wins, equal
hands tie.

>>> e = equity("As Ad Ac", 1)
>>> e.win, e.tie, e.lose, e.method
(1.0, 0.0, 0.0, 'exact')
>>> round(percentile("As Ad Ac"), 5)  # all but the 4 equal hands: 22096 / 22100
0.99982
>>> [(row.category.words, row.count) for row in category_odds()][:2]
[('trail', 52), ('pure sequence', 48)]
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, Literal

import attrs

from .cards import Card, parse_cards, table_deck
from .limits import WrongTypeError, short
from .ranking import HandCategory, categories_many, evaluate, evaluate_many
from .rules import Rules

__all__ = [
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "MIN_SAMPLES",
    "CategoryOdds",
    "Equity",
    "category_odds",
    "equity",
    "percentile",
]

DEFAULT_SAMPLES = 100_000
"""Monte Carlo deals drawn by :func:`equity` when it cannot count exactly and no
``samples`` is given (standard error at most 0.0016)."""
MIN_SAMPLES = 100
"""The fewest Monte Carlo deals :func:`equity` accepts as ``samples``."""
MAX_SAMPLES = 10_000_000
"""The most Monte Carlo deals :func:`equity` accepts as ``samples``."""

_CHUNK = 20_000  # Monte Carlo deals drawn per numpy batch (bounds the memory used)
_SEED_BOUND = 2**63


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("teenpatti_rules.odds needs numpy: pip install numpy") from None
    return numpy


Method = Literal["exact", "monte_carlo"]


@attrs.frozen
class Equity:
    """How a hand fares against ``opponents`` unknown hands (the result of :func:`equity`).

    ``win + tie + lose == 1`` (up to float rounding).

    :param win: the probability that the hand is strictly better than every
        opponent's hand (it takes the whole pot at a showdown).
    :param tie: the probability that no opponent is better and at least one is equal:
        the pot is split (R18) — two-way or several-way, both count here.
    :param lose: the probability that some opponent is strictly better.
    :param pot_share: the expected share of the pot at a showdown: ``win`` plus, for
        each tie, one over the number of tied hands (``win + tie / 2`` against one
        opponent).
    :param method: ``"exact"`` (every possible deal counted) or ``"monte_carlo"``
        (``samples`` random deals).
    :param samples: the number of deals behind the numbers: for ``"exact"``, the
        equally likely deals of the opponents' cards that were counted (ordered
        pairs of hands for two opponents); for ``"monte_carlo"``, the random deals
        drawn.
    :param stderr: the standard error of the estimate, the largest of those of
        ``win``, ``tie`` and ``lose`` (``sqrt(p * (1 - p) / samples)``); 0.0 when exact.
    :param opponents: the number of opponents.
    """

    win: float
    tie: float
    lose: float
    pot_share: float
    method: Method
    samples: int
    stderr: float
    opponents: int


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


# --- the universe of hands under one ranking ------------------------------------------


_DEFAULT = Rules()


def _table(rules: Rules | None) -> Rules:
    """The table's rules (the default table for None); a TypeError for anything else."""
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules or None, not {short(rules)}")
    return _DEFAULT if rules is None else rules


def _needs_indicator(rules: Rules | None) -> bool:
    return _table(rules).has_indicator


class _Universe:
    """All hands of one table's deck, each with a dense comparison key.

    ``key`` of a hand is an int, higher for a stronger hand, equal for equal hands,
    exactly as the table compares hands at a showdown: the
    :attr:`~teenpatti_rules.ranking.HandRank.strength` (which orders V7 suit ties and
    V8 W4 wild ties too), renumbered densely from 0.
    """

    def __init__(self, rules: Rules | None, indicator: Card | None) -> None:
        np = _numpy()
        self.rules = rules
        self.indicator = indicator
        table = _table(rules)
        if table.wild in ("lowest", "highest") and table.hand_size > 3:
            raise ValueError(
                f"odds cannot rank hands of {table.hand_size} cards under "
                f"Rules.wild={table.wild!r}: the wild rank depends on the whole hand, not "
                "on its best three (V8 with V12)"
            )
        self.deck = table_deck(table.jokers)  # positions are card indices
        self.position = {card: i for i, card in enumerate(self.deck)}
        self.size = table.hand_size
        base = min(self.size, 3)  # hands of 4 or 5 cards are their best three (V12)
        d = len(self.deck)
        combos = np.array(list(itertools.combinations(range(d), base)), dtype=np.int16)
        raw, categories = self._raw_keys(combos)
        distinct, dense = np.unique(raw, return_inverse=True)
        self.category_of_key = np.zeros(len(distinct), dtype=np.int8)
        self.category_of_key[dense] = categories
        table = np.full((d,) * base, -1, dtype=np.int32)
        for order in itertools.permutations(range(base)):
            table[tuple(combos[:, i] for i in order)] = dense
        self.table = table
        self.base = base
        self._all_keys: Any = None

    def _raw_keys(self, combos: Any) -> tuple[Any, Any]:
        """Showdown keys (not dense) and categories of the ``base``-card hands ``combos``;
        a hand holding the indicator (never dealt, W5) gets key -1 and is never looked up.
        """
        np = _numpy()
        if self.indicator is not None:
            turned = self.position[self.indicator]
            holds = (combos == turned).any(axis=1)
            if holds.any():
                raw = np.full(len(combos), -1, dtype=np.int64)
                cats = np.zeros(len(combos), dtype=np.int8)
                raw[~holds], cats[~holds] = self._raw_keys_of(combos[~holds])
                return raw, cats
        return self._raw_keys_of(combos)

    def _raw_keys_of(self, combos: Any) -> tuple[Any, Any]:
        """Strengths and categories of hands: with V7 and V8 W4 a strength already
        orders hands exactly as a showdown does, so it is the comparison key.
        """
        np = _numpy()
        rules, indicator = self.rules, self.indicator
        if combos.shape[1] == 3:
            if rules is not None and rules.hand_size != 3:
                rules = attrs.evolve(rules, hand_size=3)  # V12: the best three are ranked
            strengths = evaluate_many(combos, rules, indicator=indicator)
            categories = categories_many(strengths, rules, indicator=indicator)
            return strengths.astype(np.int64), categories.astype(np.int8)
        keys: list[int] = []  # two-card hands (V12): few, each ranked with its imagined card
        cats: list[int] = []
        for row in combos.tolist():
            hand = evaluate(tuple(self.deck[j] for j in row), rules, indicator=indicator)
            keys.append(hand.strength)
            cats.append(int(hand.category))
        return np.array(keys, dtype=np.int64), np.array(cats, dtype=np.int8)

    def keys(self, hands: Any) -> Any:
        """Dense keys of hands given as deck positions, an int array of shape (..., size)."""
        np = _numpy()
        if self.size <= 3:
            return self.table[tuple(hands[..., i] for i in range(self.size))]
        best = None
        for sub in itertools.combinations(range(self.size), 3):
            k = self.table[hands[..., sub[0]], hands[..., sub[1]], hands[..., sub[2]]]
            best = k if best is None else np.maximum(best, k)
        return best

    def all_keys(self) -> Any:
        """The sorted keys of every hand of the deck (without the indicator)."""
        if self._all_keys is None:
            np = _numpy()
            positions = [i for i, card in enumerate(self.deck) if card != self.indicator]
            combos = np.array(positions, dtype=np.int16)[_combinations(len(positions), self.size)]
            self._all_keys = np.sort(self.keys(combos))
        return self._all_keys


@functools.lru_cache(maxsize=64)
def _universe(rules: Rules | None, indicator: Card | None) -> _Universe:
    return _Universe(rules, indicator)


@functools.lru_cache(maxsize=32)
def _combinations(n: int, k: int) -> Any:
    """Every ``k``-subset of ``range(n)``, ascending, as an int16 array of shape (C(n, k), k)."""
    np = _numpy()
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), k)),
        dtype=np.int16,
        count=math.comb(n, k) * k,
    )
    result = flat.reshape(-1, k)
    result.flags.writeable = False
    return result


# --- argument checks ------------------------------------------------------------------


def _cards(value: object, name: str, universe: _Universe) -> tuple[Card, ...]:
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
    elif isinstance(value, Iterable):
        cards = tuple(value)
        for card in cards:
            if not isinstance(card, Card):
                raise TypeError(f"{name} must hold Cards (or be text), not {card!r}")
    else:
        raise TypeError(
            f"{name} must be cards: text such as 'As Kd Qh' or a sequence of Card, "
            f"not {type(value).__name__}"
        )
    for i, card in enumerate(cards):
        if card in cards[:i]:
            raise ValueError(f"{name} holds {card} twice")
        if card not in universe.position:
            raise ValueError(f"{name} holds {card}, which is not in this table's deck")
    return cards


def _indicator(rules: Rules | None, indicator: object) -> Card | None:
    if indicator is not None and not isinstance(indicator, Card):
        if isinstance(indicator, str):
            try:
                indicator = Card.parse(indicator)
            except ValueError as error:
                raise ValueError(f"indicator: {error}") from None
        else:
            raise TypeError(f"indicator must be a Card or None, not {short(indicator)}")
    if indicator is not None and indicator.is_joker:
        raise ValueError(f"indicator must be one of the 52 cards, not {indicator} (W5)")
    if _needs_indicator(rules) and indicator is None:
        raise ValueError(
            "indicator is required: this table's wild cards follow the turned-up card (V8 W5)"
        )
    if not _needs_indicator(rules) and indicator is not None:
        raise ValueError(
            "indicator must be None: only a wild='joker' or 'hukam' table has one (V8 W5)"
        )
    assert indicator is None or isinstance(indicator, Card)
    return indicator


def _hand(
    hand: object, rules: Rules | None, indicator: Card | None
) -> tuple[_Universe, tuple[Card, ...]]:
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules or None, not {rules!r}")
    universe = _universe(rules, indicator)
    cards = _cards(hand, "hand", universe)
    if len(cards) != universe.size:
        raise ValueError(f"hand must be {universe.size} cards on this table, not {len(cards)}")
    if indicator is not None and indicator in cards:
        raise ValueError(f"hand holds the indicator {indicator}, which is part of no hand (W5)")
    return universe, cards


def _int(value: object, name: str, low: int, high: int | None = None) -> int:
    """``value`` as a plain int in ``low..high``; an int subclass or numpy integer is
    converted (:func:`operator.index`), a huge int is described, not printed.
    """
    if type(value) is not int:
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise WrongTypeError(f"{name} must be an int, not {short(value)}")
        value = operator.index(value)  # type: ignore[arg-type]
    assert type(value) is int
    if value < low or (high is not None and value > high):
        bound = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {bound}, not {short(value)}")
    return value


# --- equity ---------------------------------------------------------------------------


def equity(
    hand: Sequence[Card] | str,
    opponents: int,
    rules: Rules | None = None,
    *,
    dead: Sequence[Card] | str = (),
    indicator: Card | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> Equity:
    """How often ``hand`` wins, ties and loses at a showdown against ``opponents`` hands.

    The opponents' hands are dealt at random from the cards that are neither in
    ``hand``, nor in ``dead``, nor the ``indicator``; every deal is equally likely.
    Hands compare as at a showdown (R13–R18, and the table's ranking variants).

    - One opponent: exact — every possible opponent hand is counted (18,424 of them
      from 49 unseen cards).
    - Two opponents (hands of up to 3 cards): exact — the ordered pairs of disjoint
      opponent hands are counted by inclusion–exclusion over the cards they share.
    - Otherwise, or whenever ``samples`` is given: a Monte Carlo estimate from
      ``samples`` random deals (default :data:`DEFAULT_SAMPLES`), seeded by ``seed``,
      over the strength table that :func:`~teenpatti_rules.ranking.evaluate_many`
      reads.

    :param hand: the hand, ``hand_size`` distinct cards (3 by default): text such as
        ``"As Kd Qh"`` or a sequence of :class:`~teenpatti_rules.cards.Card`.
    :param opponents: how many opponents, 1 up to as many as the unseen cards can
        deal a hand to (16 on the default table with no dead cards).
    :param rules: the table's ranking variants; None for R13–R16.
    :param dead: cards known not to be in any opponent's hand (packed or seen
        elsewhere), text or cards; none may be in ``hand``.
    :param indicator: the turned-up card of a ``wild="joker"``/``"hukam"`` table
        (V8 W5): required there, refused elsewhere. Part of no hand.
    :param samples: None (exact when possible), or the number of Monte Carlo deals,
        :data:`MIN_SAMPLES` to :data:`MAX_SAMPLES`; giving it always samples.
    :param seed: the Monte Carlo seed, an int from 0 to 2**63 - 1; None means 0, so
        equal calls give equal estimates. Ignored when the answer is exact.
    :returns: an :class:`Equity`.
    :raises TypeError: naming the parameter, for a non-int ``opponents``,
        ``samples`` or ``seed`` (bools included), or cards that are not cards.
    :raises ValueError: naming the parameter, for a hand of the wrong size, a card
        repeated in ``hand`` or ``dead`` or in both, a card not in the table's deck,
        ``opponents`` out of range, ``samples`` out of range, a negative or too large
        ``seed``, or an indicator missing, refused or inside the hand or dead cards.
    :raises ImportError: if numpy is not installed.

    >>> e = equity("2c 3d 5h", 1)  # the worst hand (R16): it wins nothing
    >>> e.win, round(e.tie * e.samples), e.method, e.samples  # ties 26 other 5-3-2s
    (0.0, 26, 'exact', 18424)
    >>> mc = equity("Kh Kd 7c", 4, samples=20_000, seed=1)
    >>> mc.method, mc.samples, 0.5 < mc.win < 0.7, mc.stderr < 0.004
    ('monte_carlo', 20000, True, True)
    """
    np = _numpy()
    indicator = _indicator(rules, indicator)
    universe, cards = _hand(hand, rules, indicator)
    dead_cards = _cards(dead, "dead", universe)
    for card in dead_cards:
        if card in cards:
            raise ValueError(f"dead holds {card}, which is in hand")
        if card == indicator:
            raise ValueError(f"dead holds the indicator {card}; it is already known")
    known = {universe.position[card] for card in (*cards, *dead_cards)}
    if indicator is not None:
        known.add(universe.position[indicator])
    unseen = np.array([i for i in range(len(universe.deck)) if i not in known], dtype=np.int16)
    size = universe.size
    most = len(unseen) // size
    opponents = _int(opponents, "opponents", 1, max(most, 1))
    if opponents > most:
        raise ValueError(f"opponents must be at most {most}: only {len(unseen)} cards are unseen")
    if samples is not None:
        samples = _int(samples, "samples", MIN_SAMPLES, MAX_SAMPLES)
    if seed is not None:
        seed = _int(seed, "seed", 0, _SEED_BOUND - 1)
    mine = int(universe.keys(np.array([universe.position[c] for c in cards]))[()])
    if samples is None and opponents == 1:
        return _exact_one(universe, unseen, mine)
    if samples is None and opponents == 2 and size <= 3:
        return _exact_two(universe, unseen, mine)
    return _monte_carlo(universe, unseen, mine, opponents, samples or DEFAULT_SAMPLES, seed or 0)


def _exact_one(universe: _Universe, unseen: Any, mine: int) -> Equity:
    np = _numpy()
    keys = universe.keys(unseen[_combinations(len(unseen), universe.size)])
    n = len(keys)
    win = int(np.count_nonzero(keys < mine))
    tie = int(np.count_nonzero(keys == mine))
    lose = n - win - tie
    return Equity(
        win=win / n,
        tie=tie / n,
        lose=lose / n,
        pot_share=(win + tie / 2) / n,
        method="exact",
        samples=n,
        stderr=0.0,
        opponents=1,
    )


def _disjoint_pairs(hands: Any, u: int) -> int:
    """Ordered pairs ``(A, B)`` of hands among ``hands`` (rows of ascending positions
    below ``u``) that share no card: ``sum over card sets S of (-1)^|S| * n_S**2``, where
    ``n_S`` counts the hands holding S (inclusion–exclusion).
    """
    np = _numpy()
    n, size = hands.shape
    total: int = int(n) * int(n) + (-1) ** size * int(
        n
    )  # S empty, and S a whole hand (n_S is 0 or 1)
    for s in range(1, size):
        codes = []
        for sub in itertools.combinations(range(size), s):
            code = np.zeros(n, dtype=np.int64)
            for column in sub:
                code = code * u + hands[:, column]
            codes.append(code)
        counts = np.bincount(np.concatenate(codes)).astype(np.int64)
        total += (-1) ** s * int((counts * counts).sum())
    return total


def _exact_two(universe: _Universe, unseen: Any, mine: int) -> Equity:
    u = len(unseen)
    local = _combinations(u, universe.size)
    keys = universe.keys(unseen[local])
    deals = _disjoint_pairs(local, u)
    below = _disjoint_pairs(local[keys < mine], u)
    at_most = _disjoint_pairs(local[keys <= mine], u)
    both_equal = _disjoint_pairs(local[keys == mine], u)
    tie = at_most - below
    return Equity(
        win=below / deals,
        tie=tie / deals,
        lose=(deals - at_most) / deals,
        pot_share=(below + (tie - both_equal) / 2 + both_equal / 3) / deals,
        method="exact",
        samples=deals,
        stderr=0.0,
        opponents=2,
    )


def _monte_carlo(
    universe: _Universe, unseen: Any, mine: int, opponents: int, samples: int, seed: int
) -> Equity:
    np = _numpy()
    rng = np.random.default_rng(seed)
    size = universe.size
    dealt = opponents * size
    wins = ties = 0
    share = 0.0
    left = samples
    while left:
        batch = min(left, _CHUNK)
        left -= batch
        decks = rng.permuted(np.broadcast_to(unseen, (batch, len(unseen))), axis=1)
        hands = decks[:, :dealt].reshape(batch, opponents, size)
        keys = universe.keys(hands)
        best = keys.max(axis=1)
        won = best < mine
        tied = best == mine
        equal = np.count_nonzero(keys == mine, axis=1)
        wins += int(np.count_nonzero(won))
        ties += int(np.count_nonzero(tied))
        share += float(np.count_nonzero(won)) + float((1.0 / (1 + equal[tied])).sum())
    loses = samples - wins - ties
    errors = [math.sqrt(p * (1 - p) / samples) for p in (x / samples for x in (wins, ties, loses))]
    return Equity(
        win=wins / samples,
        tie=ties / samples,
        lose=loses / samples,
        pot_share=share / samples,
        method="monte_carlo",
        samples=samples,
        stderr=max(errors),
        opponents=opponents,
    )


# --- percentile and the category table -------------------------------------------------


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
    :returns: one :class:`CategoryOdds` per category, strongest category first
        (trail … high card), zero counts included.
    :raises ValueError: for an indicator missing or refused.
    :raises ImportError: if numpy is not installed.

    >>> [row.count for row in category_odds()]
    [52, 48, 720, 1096, 3744, 16440]
    >>> category_odds()[0].fraction
    Fraction(1, 425)
    """
    np = _numpy()
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules or None, not {rules!r}")
    indicator = _indicator(rules, indicator)
    universe = _universe(rules, indicator)
    keys = universe.all_keys()
    counts = np.bincount(universe.category_of_key[keys], minlength=len(HandCategory))
    total = len(keys)
    return tuple(
        CategoryOdds(
            category=category,
            count=int(counts[category]),
            total=total,
            probability=int(counts[category]) / total,
            fraction=Fraction(int(counts[category]), total),
        )
        for category in sorted(HandCategory, reverse=True)
    )
