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


@_inline
def _deck_prefix(
    key: Any, h: Any, size: int, need: int, low_keys: Any, low_cards: Any
) -> None:  # pragma: no cover - compiled
    """The first ``need`` cards of hand ``h``'s deck of ``size`` cards at the table of
    ``key`` into ``low_cards`` (the order of ``size`` hashed keys, as ``deal.shuffle``;
    R10, V8): the ``need`` smallest keys kept sorted by insertion in ``low_keys``.
    """
    base = _mix(key ^ _mix(h * _GOLDEN + _DECK_TAG))
    filled = 0
    for c in range(size):
        word = _mix(base + np.uint64(c) * _M2)
        if filled == need:
            if word >= low_keys[need - 1]:
                continue
            j = need - 1
        else:
            j = filled
            filled += 1
        while j > 0 and low_keys[j - 1] > word:
            low_keys[j] = low_keys[j - 1]
            low_cards[j] = low_cards[j - 1]
            j -= 1
        low_keys[j] = word
        low_cards[j] = c
