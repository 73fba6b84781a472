"""The compiled kernel's random words: SplitMix64's finaliser, the tags of the deck
and the dealer, and the first cards of a hand's deck (numba, inlined into
:mod:`teenpatti_rules.batch.kernel`).

The same numbers as :func:`teenpatti_rules.batch.deal.mix` and ``hand_random``, so the
kernel shuffles each hand's deck (R10; the indicator after the hands, W5; printed
jokers, V8) and draws its first dealer (R6) exactly as the numpy engine does.

The kernel's on-disk cache is keyed on this file too
(:mod:`~teenpatti_rules.batch.kernel_jit`): an edit here recompiles the kernel.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .kernel_jit import inline as _inline

__all__: list[str] = []

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_DECK_TAG = np.uint64(0xD1B54A32D192ED03)
_DEALER_TAG = np.uint64(0x8CB92BA72F3D8DD7)


@_inline
def _mix(x: Any) -> Any:  # pragma: no cover - compiled
    z = x + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


_BUCKET_BITS = 7
"""A key's bucket is its top bits (:func:`_shuffled_deck`)."""

_BUCKETS = 1 << _BUCKET_BITS
"""128 buckets for the deck's 52..54 keys."""

_SHIFT = np.uint64(64 - _BUCKET_BITS)


@_inline
def _deck_scratch(size: int) -> Any:  # pragma: no cover - compiled
    """``(low_keys, low_cards)`` for :func:`_shuffled_deck` of a deck of ``size`` cards:
    ``2 * size`` keys, and ``size`` cards followed by ``_BUCKETS + 1`` counts.
    """
    return np.empty(2 * size, dtype=np.uint64), np.empty(size + _BUCKETS + 1, dtype=np.int64)


@_inline
def _shuffled_deck(
    key: Any, h: Any, size: int, low_keys: Any, low_cards: Any
) -> None:  # pragma: no cover - compiled
    """Hand ``h``'s deck of ``size`` cards at the table of ``key`` into
    ``low_cards[:size]`` (the order of ``size`` hashed keys, as ``deal.shuffle``; R10,
    V8); ``low_keys`` and the rest of ``low_cards`` (as :func:`_deck_scratch` makes
    them) are scratch.

    The keys are uniform 64-bit words, all distinct (``_mix`` is a bijection, and the
    words ``base + c * _M2`` of the cards are distinct: ``_M2`` is odd): a counting
    sort by their top :data:`_BUCKET_BITS` bits puts them nearly in order (a bucket
    holds less than one key on average), and one insertion pass finishes the order,
    moving a key only past the few of its own bucket (few branches to mispredict,
    where keeping the hand's first cards sorted by insertion mispredicted about once
    a card).
    """
    base = _mix(key ^ _mix(h * _GOLDEN + _DECK_TAG))
    counts = low_cards[size : size + _BUCKETS + 1]
    for b in range(_BUCKETS + 1):
        counts[b] = 0
    for c in range(size):
        word = _mix(base + np.uint64(c) * _M2)
        low_keys[c] = word
        counts[(word >> _SHIFT) + np.uint64(1)] += 1
    for b in range(_BUCKETS):  # each bucket's first place
        counts[b + 1] += counts[b]
    keys = low_keys[size : 2 * size]  # in bucket order, then sorted
    for c in range(size):
        word = low_keys[c]
        bucket = word >> _SHIFT
        j = counts[bucket]
        counts[bucket] = j + 1
        keys[j] = word
        low_cards[j] = c
    for j in range(1, size):
        word = keys[j]
        if keys[j - 1] > word:  # (rare: a bucket holding two keys out of order)
            card = low_cards[j]
            k = j
            while k > 0 and keys[k - 1] > word:
                keys[k] = keys[k - 1]
                low_cards[k] = low_cards[k - 1]
                k -= 1
            keys[k] = word
            low_cards[k] = card
