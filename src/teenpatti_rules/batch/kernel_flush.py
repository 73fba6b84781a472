"""The compiled kernel's open flush: a showdown's ties played again from the rest of
the deck (V16; pot slices R41, open flushes ranked R13–R16 with V1, dealt from the
dealer's left R10, split when the deck runs out R18; numba, inlined into
:mod:`teenpatti_rules.batch.kernel` through ``kernel_parts._deal``).

It does for table ``i`` what :func:`teenpatti_rules.batch.showdown.open_flush_payout`
does for all tables at once, with the same rules and the same decks.

The kernel's on-disk cache is keyed on this file too
(:mod:`~teenpatti_rules.batch.kernel_jit`): an edit here recompiles the kernel.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .kernel_hash import _deck_scratch, _shuffled_deck
from .kernel_jit import inline as _inline
from .kernel_jit import plain as _once

__all__: list[str] = []

_ABOVE = 2**31 - 1
"""A level above every contribution: the top of the last pot slice (R41)."""


@_inline
def _levels(
    contributed: Any, in_hand: Any, all_in: Any, i: int, players: int, won: Any
) -> Any:  # pragma: no cover - compiled
    """Table ``i``'s pot-slice tops (R41): the all-in players' contributions in
    increasing order, then ``_ABOVE``; ``won`` is zeroed on the way. Returns the
    ``(players + 1,)`` levels and how many all-in levels come before ``_ABOVE``.
    """
    levels = np.empty(players + 1, dtype=np.int64)
    count = 0
    for p in range(players):
        won[p] = 0
        if in_hand[p, i] and all_in[p, i]:
            levels[count] = contributed[p, i]
            count += 1
    levels[:count].sort()
    levels[count] = _ABOVE
    return levels, count


@_once
def _open_flush(
    i: int,
    config: Any,
    flushes: Any,
    contributed: Any,
    in_hand: Any,
    all_in: Any,
    strength: Any,
    players: int,
    dealer: int,
    key: Any,
    h: Any,
    drawn: int,
    won: Any,
) -> None:  # pragma: no cover - compiled
    """Table ``i``'s showdown paid again into ``won`` when two players still in the hand
    have equal strengths (V16, as ``open_flush_payout``); else ``won`` is kept.
    ``drawn``: the cards drawn this hand (V20), dealt before the open flushes.

    Slice by slice (R41, from the lowest, as ``pot_slices``: a slice nobody may win
    goes to the slice below it) the best hand wins; players tied for a slice play open
    flushes from the rest of the hand's deck (its ``config[14]`` cards in the hashed
    order of ``deal.shuffle``, after the hands, the indicator, W5, and the cards
    drawn, V20; printed jokers passed over, V8): three cards each, one at a time from
    the first of them to the dealer's left (R10), ranked by ``flushes`` (R13–R16 with
    the table's sequence order, V1); players still tied play again with the next
    cards. One open flush settles every slice the same players tied for; when the
    rest of the deck cannot give three cards each, the slice splits (R18).
    """
    tie = False
    for p in range(players):
        if in_hand[p, i]:
            for q in range(p + 1, players):
                if in_hand[q, i] and strength[q, i] == strength[p, i]:
                    tie = True
    if not tie:
        return
    size = config[14]
    keys, deck = _deck_scratch(size)
    _shuffled_deck(key, h, size, keys, deck)  # the whole deck (ties are rare)
    rest = np.empty(size, dtype=np.int64)
    left = 0
    for c in range(config[12] * players + (1 if config[15] != 0 else 0) + drawn, size):
        if deck[c] < 52:  # V8: printed jokers passed over
            rest[left] = deck[c]
            left += 1
    levels, count = _levels(contributed, in_hand, all_in, i, players, won)
    # The slices from the lowest (R41): their amounts and eligible seats (bit masks).
    amounts = np.zeros(players + 1, dtype=np.int64)
    eligible = np.zeros(players + 1, dtype=np.int64)
    slices = 0
    lower = 0
    for k in range(count + 1):
        upper = levels[k]
        amount = 0
        mask = 0
        for p in range(players):
            chips = np.int64(contributed[p, i])
            amount += min(chips, upper) - min(chips, lower)
            if in_hand[p, i] and (not all_in[p, i] or chips >= upper):
                mask |= 1 << p
        if amount > 0:
            if mask != 0:
                amounts[slices] = amount
                eligible[slices] = mask
                slices += 1
            elif slices > 0:
                amounts[slices - 1] += amount
        lower = upper
    settled_from = np.zeros(players + 1, dtype=np.int64)
    settled_to = np.zeros(players + 1, dtype=np.int64)
    settled = 0
    seats = np.empty(players, dtype=np.int64)
    ranks = np.empty(players, dtype=np.int64)
    pos = 0
    for k in range(slices):
        best: Any = -1
        for p in range(players):
            if (eligible[k] >> p) & 1:
                best = max(best, np.int64(strength[p, i]))
        winners = 0
        for p in range(players):
            if (eligible[k] >> p) & 1 and strength[p, i] == best:
                winners |= 1 << p
        tied = winners
        found = -1
        for m in range(settled):
            if settled_from[m] == winners:
                found = m
        if found >= 0:
            tied = settled_to[found]
        else:
            while True:
                n_tied = 0
                for r in range(players):  # R10: from the dealer's left
                    seat = (dealer + 1 + r) % players
                    if (tied >> seat) & 1:
                        seats[n_tied] = seat
                        n_tied += 1
                if n_tied <= 1 or left - pos < 3 * n_tied:
                    break  # settled, or V16's split as R18
                top = -1
                for m in range(n_tied):
                    f = flushes[rest[pos + m], rest[pos + m + n_tied], rest[pos + m + 2 * n_tied]]
                    ranks[m] = f
                    top = max(top, f)
                pos += 3 * n_tied
                tied = 0
                for m in range(n_tied):
                    if ranks[m] == top:
                        tied |= 1 << seats[m]
            settled_from[settled] = winners  # (at most one a slice)
            settled_to[settled] = tied
            settled += 1
        n_won = 0
        for p in range(players):
            n_won += (tied >> p) & 1
        share = amounts[k] // n_won
        odd = amounts[k] - share * n_won
        rank = 0
        for r in range(players):  # R18: odd chips from the dealer's left
            seat = (dealer + 1 + r) % players
            if (tied >> seat) & 1:
                won[seat] += share + (1 if rank < odd else 0)
                rank += 1
