"""V20 draws at one table in the compiled kernel (numba, inlined into
:mod:`teenpatti_rules.batch.kernel`): the scalar form of
:mod:`teenpatti_rules.batch.draws`, with the same cards.

The kernel reads a draw table's numbers from its ``config`` array
(:class:`~teenpatti_rules.batch.backend.KernelStep`): ``config[18]`` DRAW ids, the
last of the alphabet; ``config[19]`` the price of a card; ``config[20]`` the cards a
seat may draw in a hand; from ``config[22]`` on, each DRAW id's discard as a bit mask
of positions in the drawer's cards by ascending card index
(:func:`~teenpatti_rules.batch.draws.draw_masks`). A table's cards drawn this hand, per
seat, are the ``drawn`` seat array (``BatchState.seat_drawn``).

The kernel's on-disk cache is keyed on this file too
(:mod:`~teenpatti_rules.batch.kernel_jit`): an edit here recompiles the kernel.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .kernel_hash import _shuffled_deck
from .kernel_jit import inline as _inline

__all__: list[str] = []

_MASKS = 22
"""Where the DRAW ids' discard masks start in ``config``."""


@_inline
def _bits(word: Any) -> Any:  # pragma: no cover - compiled
    """The number of bits set in ``word`` (a discard mask: at most 3 positions)."""
    count = 0
    for p in range(8):
        count += (word >> p) & 1
    return count


@_inline
def _undealt(i: int, config: Any, drawn: Any, players: int) -> Any:  # pragma: no cover
    """Table ``i``'s next undealt deck position: after the hands (R10, V12), the
    indicator (V8 W5) and the cards drawn this hand (V20), as ``undealt_start``.
    """
    start = np.int64(config[12] * players + (1 if config[15] != 0 else 0))
    for p in range(players):
        start += drawn[p, i]
    return start


@_inline
def _draw_mask(
    i: int,
    config: Any,
    players: int,
    may: Any,
    stack_a: Any,
    actor: int,
    drawn: Any,
    mask: Any,
    first: Any,
) -> None:  # pragma: no cover - compiled
    """Table ``i``'s DRAW ids ``first`` on, as ``draw_columns`` (V20,
    ``draw_refusal``): legal where ``may`` (a seen actor on its turn, R22), the cards
    drawn this hand plus the id's count are at most ``max_draws``, the cards' price is
    below the actor's stack (a chip is left) and the rest of the deck holds them.
    """
    left = config[20] - np.int64(drawn[actor, i])
    deck_left = config[14] - _undealt(i, config, drawn, players)
    for k in range(config[18]):
        count = _bits(config[_MASKS + k])
        mask[i, first + k] = (
            may and count <= left and count * config[19] < stack_a and (count <= deck_left)
        )


@_inline
def _draw(
    i: int,
    config: Any,
    ranks: Any,
    bases: Any,
    key: Any,
    h: Any,
    cards: Any,
    strength: Any,
    drawn: Any,
    actor: int,
    players: int,
    chosen: Any,
    low_keys: Any,
    low_cards: Any,
) -> None:  # pragma: no cover - compiled
    """The actor of table ``i`` discards the positions of the mask ``chosen`` (by
    ascending card index) and gets the next cards of the rest of the hand's deck, each
    in a discarded card's place in the order of its cards; its strength is its new
    hand's (under the table's indicator, W5) and its count of cards drawn grows (V20),
    as ``draw_cards``.
    """
    hand = cards.shape[2]
    start = _undealt(i, config, drawn, players)
    count = _bits(chosen)
    _shuffled_deck(key, h, config[14], low_keys, low_cards)  # V8: jokers too
    places = 0  # the discarded places, in the order of the seat's cards
    for r in range(hand):
        below = 0
        for q in range(hand):
            below += cards[i, actor, q] < cards[i, actor, r]
        if (chosen >> below) & 1:
            places |= 1 << r
    k = 0
    for r in range(hand):
        if (places >> r) & 1:
            cards[i, actor, r] = low_cards[start + k]
            k += 1
    drawn[actor, i] += count
    row = bases[low_cards[config[12] * players]] if config[15] != 0 else 0  # W5
    strength[actor, i] = ranks[row + cards[i, actor, 0], cards[i, actor, 1], cards[i, actor, 2]]
