"""Draws on arrays (V20): which DRAW ids are legal, and the cards a draw deals.

A draw table's alphabet ends with one DRAW id per set of card positions a seat may
discard (:func:`~teenpatti_rules.encoding.draw_subsets`: position ``p`` is the
``p``-th of the drawer's cards in ascending card index, so an id means the same
whatever the cards are). The replacements come from the rest of the table's deck in
order — the deck the reducer is handed for the row
(:attr:`~teenpatti_rules.batch.state.BatchState.deck`), after the hands and the cards
drawn before — and each new card takes a discarded card's place in the seat's cards,
the first new card the first discarded place in the order of the seat's cards, as
:func:`teenpatti_rules.engine.betting.draw` deals them; so a batch row replays
exactly with the reducer.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..rules import Rules
from .config import TableConfig
from .seats import at_seat

__all__ = ["draw_cards", "draw_columns", "draw_counts", "draw_masks", "undealt_start"]

Array = NDArray[Any]


def undealt_start(config: TableConfig, drawn: Array) -> Array:
    """Where the rest of each table's deck starts: the deck position of its next
    undealt card (V20). The hands take the first ``P·H`` cards (R10, V12), the
    indicator the next one on a ``wild="joker"`` / ``"hukam"`` table (V8 W5); each card
    drawn takes the next one.

    :param config: the table's numbers.
    :param drawn: seat-major ``(P, n)`` cards drawn per seat this hand
        (``BatchState.seat_drawn``; :attr:`~teenpatti_rules.batch.state.BatchState.drawn`
        reads it table-major).
    :returns: ``int64`` ``(n,)`` deck positions.
    """
    dealt = config.players * config.hand_size + int(config.indicator)
    result: Array = dealt + drawn.sum(axis=0, dtype=np.int64)
    return result


@functools.lru_cache(maxsize=16)
def draw_counts(config: TableConfig) -> Array:
    """``int32`` ``(A,)``: the cards each id draws (V20): the size of its discard for
    the DRAW ids, 0 for every other id. Read-only.
    """
    counts = np.zeros(config.actions, dtype=np.int32)
    base = config.actions - len(config.draws)
    for k, chosen in enumerate(config.draws):
        counts[base + k] = len(chosen)
    counts.flags.writeable = False
    return counts


def draw_masks(config: TableConfig) -> tuple[int, ...]:
    """The discards of the DRAW ids in id order as bit masks (V20): bit ``p`` set when
    the id discards the ``p``-th of the drawer's cards in ascending card index (the
    compiled kernel's form of ``config.draws``); empty without draws.
    """
    return tuple(sum(1 << p for p in chosen) for chosen in config.draws)


@functools.lru_cache(maxsize=16)
def _positions(config: TableConfig) -> Array:
    """``bool`` ``(len(draws), 3)``: the positions (ascending card index) each DRAW id
    discards.
    """
    table = np.zeros((max(1, len(config.draws)), config.hand_size), dtype=bool)
    for k, chosen in enumerate(config.draws):
        table[k, list(chosen)] = True
    table.flags.writeable = False
    return table


def draw_columns(
    config: TableConfig,
    mask: Array,
    may: Array,
    stack_a: Array,
    actor: Array,
    drawn: Array | None,
) -> Array:
    """``mask`` widened to ``config.actions`` ids with the DRAW ids' columns (V20), as
    :func:`~teenpatti_rules.engine.questions.draw_refusal` allows a draw: where ``may``
    (a seen actor on its turn, R22), the cards drawn this hand plus the id's count are
    at most ``max_draws``, the price of those cards is below the actor's stack (a chip
    is left) and the rest of the deck holds that many cards.

    :param config: the table's numbers (a draw table).
    :param mask: ``bool`` ``(n, A')`` the other ids' columns, ``A' ≤ A``.
    :param may: ``bool`` ``(n,)`` the actor is seen and betting is its turn.
    :param stack_a: ``(n,)`` the actor's stack.
    :param actor: ``(n,)`` the actor's seat (0..P-1).
    :param drawn: seat-major ``(P, n)`` cards drawn this hand, or None for none yet.
    :returns: ``bool`` ``(n, A)``.
    """
    rows = mask.shape[0]
    wide = np.zeros((rows, config.actions), dtype=bool)
    wide[:, : mask.shape[1]] = mask
    if drawn is None:  # the deal: nothing drawn yet
        left: Array | int = config.max_draws
        dealt = config.players * config.hand_size + int(config.indicator)
        deck_left: Array | int = config.deck_size - dealt
    else:
        left = config.max_draws - at_seat(drawn, actor).astype(np.int64)
        deck_left = config.deck_size - undealt_start(config, drawn)
    stack = stack_a.astype(np.int64)
    counts = range(1, config.hand_size + 1)
    by_count = np.stack(  # (n, H + 1): whether a draw of that many cards is legal
        [np.zeros(rows, dtype=bool)]
        + [
            may & (count <= left) & (count * config.draw_price < stack) & (count <= deck_left)
            for count in counts
        ],
        axis=1,
    )
    base = config.actions - len(config.draws)
    wide[:, base:] = by_count[:, draw_counts(config)[base:]]
    return wide


def draw_cards(
    config: TableConfig,
    rules: Rules,
    keys: Array,
    hand_index: Array,
    own: Array,
    ids: Array,
    start: Array,
) -> tuple[Array, Array]:
    """The drawers' cards after their draws and the new hands' strengths (V20), for
    the ``m`` tables that draw.

    :param config: the table's numbers (a draw table).
    :param rules: the table's rules (for the strengths).
    :param keys: ``uint64`` ``(m,)`` the tables' keys; ``hand_index``: ``(m,)`` their
        hand counters (the deck, :func:`~teenpatti_rules.batch.deal.shuffle`).
    :param own: ``int8`` ``(m, 3)`` each drawer's cards, in its seat's order.
    :param ids: ``(m,)`` the DRAW ids played (legal: the deck holds the cards).
    :param start: ``(m,)`` the deck position of each table's next undealt card
        (:func:`undealt_start`).
    :returns: ``int8`` ``(m, 3)`` the new cards, each new card in a discarded card's
        place, in order; ``int32`` ``(m,)`` their strengths
        (:func:`~teenpatti_rules.batch.strength.hand_strengths`).
    """
    from .deal import shuffle  # (deal imports the mask, which imports this module)
    from .strength import hand_strengths

    deck = shuffle(keys, hand_index, config.deck_size)  # V8: printed jokers are drawn too
    indicator = deck[:, config.players * config.hand_size] if config.indicator else None
    base = config.actions - len(config.draws)
    picked = _positions(config)[ids - base]  # (m, 3) by ascending card index
    order = np.argsort(own, axis=1)  # own[i, order[i, p]] is the p-th lowest card
    discard = np.zeros(own.shape, dtype=bool)
    np.put_along_axis(discard, order, picked, axis=1)  # by place in the seat's cards
    rank = np.cumsum(discard, axis=1) - 1  # the k-th discarded place gets the k-th card
    at = np.where(discard, start[:, None] + rank, 0)
    cards = np.where(discard, np.take_along_axis(deck, at, axis=1), own).astype(np.int8)
    strength: Array = hand_strengths(cards[:, None, :], rules, indicator)[0]  # W5
    return cards, strength
