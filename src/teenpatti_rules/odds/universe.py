"""The hands of one table's deck with dense comparison keys (:class:`_Universe`),
shared by :mod:`teenpatti_rules.odds`' functions, and the checks of their arguments.

A universe depends only on what ranks hands (the ranking fields of the
:class:`~teenpatti_rules.rules.Rules`: :data:`RANKING_FIELDS`) and the indicator, so
tables that differ in anything else (the boot, the limits, the betting) share one.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Iterable
from typing import Any

import attrs

from ..cards import Card, parse_cards, table_deck
from ..limits import WrongTypeError, short
from ..ranking import categories_many, evaluate, evaluate_many
from ..rules import Rules

__all__ = ["RANKING_FIELDS", "ranking_rules"]

RANKING_FIELDS: tuple[str, ...] = (
    "sequence_order",
    "suit_order",
    "wild_ranks",
    "wild",
    "jokers",
    "wild_ties",
    "ranking",
    "high_235",
    "hand_size",
)
"""The :class:`~teenpatti_rules.rules.Rules` fields that decide how hands rank (V1,
V7–V12, W1–W5); the odds of two tables equal in these fields are equal."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("teenpatti_rules.odds needs numpy: pip install numpy") from None
    return numpy


_DEFAULT = Rules()


def _table(rules: Rules | None) -> Rules:
    """The table's rules (the default table for None); a TypeError for anything else."""
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules or None, not {short(rules)}")
    return _DEFAULT if rules is None else rules


def _needs_indicator(rules: Rules | None) -> bool:
    return _table(rules).has_indicator


def ranking_rules(rules: Rules | None) -> Rules | None:
    """The part of ``rules`` that ranks hands: a :class:`~teenpatti_rules.rules.Rules`
    with the :data:`RANKING_FIELDS` of ``rules`` and every other field at its default
    (None for the default table), so that equal rankings are equal keys.

    :param rules: a table's rules, or None.
    :raises TypeError: if ``rules`` is neither None nor a Rules.

    >>> ranking_rules(Rules(boot=5, ranking="muflis")) == Rules(ranking="muflis")
    True
    """
    table = _table(rules)
    wanted = {name: getattr(table, name) for name in RANKING_FIELDS}
    kept = Rules(**wanted)
    return None if kept == _DEFAULT else kept


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


def _universe(rules: Rules | None, indicator: Card | None) -> _Universe:
    """The universe of a table's hands, shared by every table with the same ranking
    (:func:`ranking_rules`) and indicator (bounded cache of 64).
    """
    return _cached_universe(ranking_rules(rules), indicator)


@functools.lru_cache(maxsize=64)
def _cached_universe(rules: Rules | None, indicator: Card | None) -> _Universe:
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
