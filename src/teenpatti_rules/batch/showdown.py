"""Paying out pots on arrays: side-pot slices (R41), the best hand per slice, ties and
odd chips (R18, R35), for many tables at once; open flushes for ties (V16).

The loops run over the ``P + 1`` possible slices and never over tables, so the same
code runs under any array API.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..engine.ending import open_flush_rules
from ..engine.pots import award, pot_slices
from ..ranking import evaluate_many
from ..rules import Rules
from .config import TableConfig

__all__ = ["open_flush_payout", "payout"]

Array = NDArray[Any]

_ABOVE = np.int32(2**31 - 1)
"""A level above every contribution: the slice of "everything above" (R41)."""


def payout(
    contributed: Array,
    in_hand: Array,
    all_in: Array,
    strength: Array,
    dealer: Array,
    loses_ties: Array,
) -> Array:
    """Chips each seat wins from the pot: ``int32`` ``(P, m)``, each table summing to its pot.

    The levels are the distinct contributions of all-in players still in the hand,
    then "everything above"; each slice holds every player's part of their
    contribution between two levels and goes to the best hand among the players
    still in who are not all-in or put in at least its upper level (R41). A slice
    nobody may win (impossible under R1–R44) is added to the highest slice below it
    that has a winner, as :func:`teenpatti_rules.engine.pots.pot_slices` does. Equal best
    hands split; odd chips go one at a time to the tied players in seat order from the
    dealer's left (R18); the seat in ``loses_ties`` loses a tie (R35). With one
    player left in the hand it takes every slice (R39).

    All per-seat arrays are seat-major, shape ``(P, m)``.

    :param contributed: chips each seat put in (packed seats included).
    :param in_hand: ``bool``: still in the hand.
    :param all_in: ``bool``.
    :param strength: hand strengths, higher wins (used only for seats in the hand).
    :param dealer: ``(m,)`` the dealer's seat (odd chips, R18).
    :param loses_ties: ``(m,)`` the seat that asked for a show, or ``-1`` (ties split).
    :returns: ``int32`` ``(P, m)`` gross winnings.
    """
    players, rows = contributed.shape
    chips = contributed.astype(np.int32, copy=False)  # a table holds fewer than 2**28 chips
    seat = np.arange(players, dtype=np.int32)[:, None]
    capped = in_hand & all_in
    # Slices above the most all-in levels of any table are empty: skip them (numpy
    # only; a traced version would run all P + 1).
    top = int(capped.sum(axis=0).max()) if rows else 0
    if top:
        levels = np.sort(np.where(capped, chips, _ABOVE), axis=0)
        uppers = np.concatenate([levels, np.full((1, rows), _ABOVE)], axis=0)
        uppers[top] = _ABOVE
    else:  # no all-in player in any hand: one slice, everything (numpy only)
        uppers = np.full((1, rows), _ABOVE)
    earlier = None  # [p, q, row]: q is paid before p (R18), made when odd chips occur
    asker = seat == loses_ties[None, :]
    winnings = np.zeros((players, rows), dtype=np.int32)
    carry = np.zeros(rows, dtype=np.int32)
    for k in range(top, -1, -1):  # from the top slice down, carrying orphans down
        upper = uppers[k]
        lower = uppers[k - 1] if k else np.zeros(rows, dtype=np.int32)
        own = (np.minimum(chips, upper) - np.minimum(chips, lower)).sum(axis=0)
        amount = own + carry
        eligible = in_hand & (~all_in | (chips >= upper))
        has_winner = eligible.any(axis=0) & (own > 0)  # empty slices do not exist
        best = np.where(eligible, strength, -1).max(axis=0)
        winners = eligible & (strength == best)
        count = winners.sum(axis=0)
        drop = asker & winners & (count > 1)  # R35: the asker loses a tie
        winners = winners & ~drop
        count = np.maximum(winners.sum(axis=0), 1)
        share, odd = np.divmod(amount, count)
        paid = winners & has_winner
        winnings += paid * share
        if odd.any():  # numpy only: odd chips (R18) need the order of the winners
            if earlier is None:
                order = (seat - dealer[None, :] - 1) % players  # R18: the dealer's left first
                earlier = order[None, :, :] < order[:, None, :]
            rank = (winners[None, :, :] & earlier).sum(axis=1)
            winnings += paid & (rank < odd)
        carry = np.where(has_winner, 0, amount)
    return winnings


def open_flush_payout(
    config: TableConfig,
    winnings: Array,
    contributed: Array,
    in_hand: Array,
    all_in: Array,
    strength: Array,
    dealer: Array,
    keys: Array,
    hand_index: Array,
    drawn: Array | None = None,
) -> Array:
    """The winnings of showdowns at a ``ties="open_flush"`` table (V16): ``int32``
    ``(P, m)``, as :func:`payout` paid them (``winnings``) where no two players still
    in the hand have equal strengths, else paid again as
    :func:`~teenpatti_rules.engine.ending.open_flush_payout` pays them.

    Slice by slice (R41) the best hand wins; players tied for a slice play open
    flushes from the rest of the hand's deck (after the hands and the indicator, W5;
    printed jokers passed over, V8): three cards each, one at a time from the first
    of them to the dealer's left (R10), ranked by R13–R16 with the table's sequence
    order (V1) only; players still tied play again with the next cards. One open
    flush settles every slice the same players tied for; when the rest of the deck
    cannot give three cards each, the slice splits (R18). Ties are rare, so the
    tied tables are settled one by one (numpy only) and the others keep
    ``winnings``. Not for shows, whose ties the asker loses (R35).

    :param config: the table's numbers (``open_flush`` set).
    :param winnings: ``int32`` ``(P, m)`` the :func:`payout` of these tables with
        ``loses_ties`` ``-1``.
    :param contributed: seat-major ``(P, m)`` chips put in, as for :func:`payout`.
    :param in_hand: ``bool`` ``(P, m)``: still in the hand.
    :param all_in: ``bool`` ``(P, m)``.
    :param strength: ``(P, m)`` hand strengths, higher wins.
    :param dealer: ``(m,)`` each table's dealer (R10, R18).
    :param keys: ``uint64`` ``(m,)`` the tables' keys.
    :param hand_index: ``(m,)`` their hand counters (with ``keys``, the decks:
        :func:`~teenpatti_rules.batch.deal.shuffle`).
    :param drawn: seat-major ``(P, m)`` cards drawn this hand (V20: the rest of the
        deck starts after them), or None for none.
    :returns: ``int32`` ``(P, m)`` gross winnings (``winnings`` itself when no table
        has a tie).
    """
    from .deal import shuffle

    players, rows = contributed.shape
    if not rows:
        return winnings
    # Two equal strengths among the players still in: a slice may be tied.
    ranked = np.sort(np.where(in_hand, strength, -1 - np.arange(players)[:, None]), axis=0)
    tied = np.flatnonzero(((ranked[1:] == ranked[:-1]) & (ranked[1:] >= 0)).any(axis=0))
    if not tied.size:
        return winnings
    out = np.array(winnings, dtype=np.int32)
    decks = shuffle(keys[tied], hand_index[tied], config.deck_size)
    start = config.hand_size * players + int(config.indicator)
    flush_rules = open_flush_rules("classic" if config.classic_sequences else "standard")
    for j, row in enumerate(tied.tolist()):
        after = start + (0 if drawn is None else int(drawn[:, row].sum()))  # V20
        rest = [int(card) for card in decks[j, after:] if card < 52]  # V8: no jokers
        out[:, row] = _open_flush_row(
            contributed[:, row].tolist(),
            in_hand[:, row].tolist(),
            all_in[:, row].tolist(),
            strength[:, row].tolist(),
            int(dealer[row]),
            rest,
            flush_rules,
        )
    return out


def _open_flush_row(
    contributed: list[int],
    in_hand: list[bool],
    all_in: list[bool],
    strength: list[int],
    dealer: int,
    rest: list[int],
    flush_rules: Rules,
) -> list[int]:
    """One table's winnings by seat under V16 (``rest``: its undealt natural cards, in
    order, consumed).
    """
    players = len(contributed)
    won = award(
        pot_slices(contributed, in_hand, all_in),
        dict(enumerate(strength)),
        dealer,
        players,
        break_tie=lambda tied: _play_open_flush(tied, rest, dealer, players, flush_rules),
    )
    return [won.get(seat, 0) for seat in range(players)]


def _play_open_flush(
    tied: list[int], rest: list[int], dealer: int, players: int, flush_rules: Rules
) -> list[int]:
    """Open-flush rounds among ``tied`` from ``rest`` (consumed) until one is best or the
    rest cannot give three cards each (V16): the seats still tied.
    """
    while len(tied) > 1:
        order = sorted(tied, key=lambda seat: (seat - dealer - 1) % players)
        k = len(order)
        if len(rest) < 3 * k:
            break  # V16: the slice is split as R18
        hands = np.array([[rest[i], rest[i + k], rest[i + 2 * k]] for i in range(k)])
        del rest[: 3 * k]
        ranks = evaluate_many(hands, flush_rules).tolist()
        best = max(ranks)
        tied = [seat for seat, rank in zip(order, ranks, strict=True) if rank == best]
    return tied
