"""A hand's equity against unknown opponents (:func:`equity`): exact counts for one and
two opponents, a seeded Monte Carlo estimate otherwise.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, Literal

import attrs

from ..cards import Card
from ..rules import Rules
from .universe import _cards, _combinations, _hand, _indicator, _int, _numpy, _Universe

__all__ = ["DEFAULT_SAMPLES", "MAX_SAMPLES", "MIN_SAMPLES", "Equity", "Method", "equity"]

DEFAULT_SAMPLES = 100_000
"""Monte Carlo deals drawn by :func:`equity` when it cannot count exactly and no
``samples`` is given (standard error at most 0.0016)."""
MIN_SAMPLES = 100
"""The fewest Monte Carlo deals :func:`equity` accepts as ``samples``."""
MAX_SAMPLES = 10_000_000
"""The most Monte Carlo deals :func:`equity` accepts as ``samples``."""

_CHUNK = 20_000  # Monte Carlo deals drawn per numpy batch (bounds the memory used)
_SEED_BOUND = 2**63

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
    #: The expected share of the pot at a showdown (ties split it).
    pot_share: float
    method: Method
    samples: int
    #: The standard error of the estimate (0.0 when exact).
    stderr: float
    opponents: int


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
