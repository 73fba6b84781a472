"""The compiled kernel's pieces for one table: seat order, side pots, the legal mask,
forced bets and the deal (its open flush, V16, is in
:mod:`~teenpatti_rules.batch.kernel_flush`; its random words in
:mod:`~teenpatti_rules.batch.kernel_hash`; numba, inlined into :mod:`teenpatti_rules.batch.kernel`).

Each function does for table ``i`` what its numpy counterpart does for all tables at
once (named in its docstring), with the same rules and the same decks. They are
compiled only inside the kernel's jitted functions (``inline="always"``): a call between
compiled functions counts references to every array it passes, which costs more than
their work.

The kernel's on-disk cache is keyed on this file too
(:mod:`~teenpatti_rules.batch.kernel_jit`): an edit here recompiles the kernel.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .kernel_draws import _draw_mask
from .kernel_flush import _levels
from .kernel_hash import _DEALER_TAG, _GOLDEN, _mix, _shuffled_deck
from .kernel_jit import inline as _inline
from .kernel_jit import plain as _once
from .kernel_sizing import sized_mask

__all__: list[str] = []


@_inline
def _nearest(members: Any, i: int, seat: int, players: int, step: int) -> int:  # pragma: no cover
    """The nearest member from ``seat`` (``0 <= seat < players``) going ``step`` (+1
    left, -1 right), not itself (R19, R30): the seats wrap around by a compare, not a
    modulo (an integer division, the dearest instruction of the table's step).
    """
    p = seat
    for _ in range(1, players):
        p += step
        if p >= players:
            p -= players
        elif p < 0:
            p += players
        if members[p, i]:
            return p
    return -1


@_once
def _payout(
    contributed: Any,
    in_hand: Any,
    all_in: Any,
    strength: Any,
    i: int,
    players: int,
    dealer: int,
    loses_ties: int,
    won: Any,
) -> None:  # pragma: no cover - compiled
    """Table ``i``'s side-pot slices into ``won`` (R18, R35, R41), as ``payout``."""
    levels, c = _levels(contributed, in_hand, all_in, i, players, won)
    carry = 0
    for k in range(c, -1, -1):
        upper = levels[k]
        lower = levels[k - 1] if k > 0 else 0
        own = 0
        best = -1
        for p in range(players):
            chips = contributed[p, i]
            own += min(chips, upper) - min(chips, lower)
            if in_hand[p, i] and (not all_in[p, i] or chips >= upper):
                best = max(best, strength[p, i])
        amount = own + carry
        if best < 0 or own <= 0:
            carry = amount
            continue
        count = 0
        for p in range(players):
            chips = contributed[p, i]
            if in_hand[p, i] and (not all_in[p, i] or chips >= upper) and strength[p, i] == best:
                count += 1
        drop = -1
        if count > 1 and loses_ties >= 0:
            q = loses_ties
            eligible = in_hand[q, i] and (not all_in[q, i] or contributed[q, i] >= upper)
            if eligible and strength[q, i] == best:
                drop = q
                count -= 1
        share = amount // count
        odd = amount - share * count
        rank = 0
        for k2 in range(players):  # R18: from the dealer's left
            p = (dealer + 1 + k2) % players
            if p == drop or not in_hand[p, i] or strength[p, i] != best:
                continue
            if all_in[p, i] and contributed[p, i] < upper:
                continue
            won[p] += share + (1 if rank < odd else 0)
            rank += 1
        carry = 0


@_inline
def _mask(
    i: int,
    players: int,
    max_blind: int,
    stake_limit: int,
    show_mult: int,
    ask_step: int,
    phase: Any,
    current: Any,
    stake: Any,
    stack: Any,
    in_hand: Any,
    seen: Any,
    all_in: Any,
    blind_bets: Any,
    bettors: Any,
    mask: Any,
    bets: Any,
    config: Any,
    drawn: Any,
) -> None:  # pragma: no cover - compiled
    """Table ``i``'s legal ids (R20–R36, V2, V3, V4, V5, V17, V20), as ``legal_mask``;
    ``bets`` the sizing (:func:`~teenpatti_rules.batch.kernel_sizing.bet_numbers`),
    ``config`` the table's numbers (``config[21]``: V17's split sideshow, whose ACCEPT
    pays half the chaal; V20's draws, :mod:`~teenpatti_rules.batch.kernel_draws`),
    ``drawn`` the cards drawn this hand per seat.
    """
    if phase[i] == 2:
        for a in range(bets[3]):
            mask[i, a] = True
        return
    betting = phase[i] == 0
    actor = max(current[i], 0)
    seen_a = seen[actor, i]
    stack_a = np.int64(stack[actor, i])
    low = np.int64(stake[i]) * (2 if seen_a else 1)
    high = 2 * low
    after_low = low // 2 if seen_a else low
    after_high = high // 2 if seen_a else high
    may_bet = betting and not (not seen_a and blind_bets[actor, i] >= max_blind)
    chaal = may_bet and low <= stack_a and after_low <= stake_limit
    raise_ = may_bet and high <= stack_a and after_high <= stake_limit
    count = 0
    blind_opponent = False
    for p in range(players):
        if in_hand[p, i]:
            count += 1
            if not seen[p, i] and p != actor:
                blind_opponent = True
    target = _nearest(bettors, i, actor, players, ask_step)  # R30, V17
    target_seen = target >= 0 and seen[target, i]
    may_ask = betting and seen_a and count >= 3 and target_seen
    mask[i, 0] = betting
    mask[i, 1] = betting and not seen_a
    mask[i, 2] = chaal
    mask[i, 3] = raise_
    mask[i, 4] = may_ask and chaal and low < stack_a
    mask[i, 5] = may_ask and raise_ and high < stack_a
    mask[i, 6] = (
        may_bet and count == 2 and not (seen_a and blind_opponent) and low * show_mult <= stack_a
    )
    mask[i, 7] = may_bet and stack_a < low
    mask[i, 8] = not betting and (config[21] == 0 or stack_a > stake[i])  # V17 split
    mask[i, 9] = not betting
    if bets[0] != 0:  # V3: the bet and sideshow ids of the table's alphabet
        sized_mask(i, bets, stake_limit, low, seen_a, stack_a, may_bet, may_ask, mask)
    if config[18] > 0:  # V20: the DRAW ids, last in the alphabet
        first = bets[3] - config[18]
        _draw_mask(i, config, players, betting and seen_a, stack_a, actor, drawn, mask, first)


@_inline
def _force(
    i: int,
    seat: int,
    owed: int,
    stack: Any,
    contributed: Any,
    all_in: Any,
    blind_bets: Any,
    bettors: Any,
    pot: Any,
) -> Any:  # pragma: no cover - compiled
    """Seat ``seat`` of table ``i`` makes a forced blind bet of ``owed`` chips, or its
    whole stack if less (V22, R22–R26); returns the chips paid.
    """
    amount = min(np.int64(owed), np.int64(stack[seat, i]))
    stack[seat, i] -= amount
    contributed[seat, i] += amount
    pot[i] += amount
    blind_bets[seat, i] += 1
    if stack[seat, i] == 0:
        all_in[seat, i] = True
        bettors[seat, i] = False
    return amount


@_once
def _deal(
    i: int,
    config: Any,
    ranks: Any,
    table_key: Any,
    hand_index: Any,
    dealer: Any,
    cards: Any,
    s: Any,
    pot: Any,
    stake: Any,
    current: Any,
    phase: Any,
    asker: Any,
    ending: Any,
    terminated: Any,
    history_length: Any,
    bettors: Any,
    low_keys: Any,
    low_cards: Any,
    bases: Any,
) -> bool:  # pragma: no cover - compiled
    """Deal table ``i``'s hand ``hand_index[i]`` into its row, as ``new_hands``
    (R5, R9–R12, R19, V8, V12, V13, V22). ``config`` holds the table's numbers, as for
    ``step_tables``; ``s`` the seat arrays: stack, contributed, in_hand, seen, all_in,
    blind_bets, strength, start_stack, rewards, winnings, turns, stake_bets, drawn
    (V20; written only on a draw table).

    The deck has ``config[14]`` cards (52 and V8's printed jokers, 52..54); on a
    ``wild="joker"`` / ``"hukam"`` table (``config[15]``) the card after the hands is
    the indicator (W5) and the hands are ranked by its table: the rows of ``ranks``
    from ``bases[indicator]`` on (:func:`~teenpatti_rules.batch.backend.kernel_ranks`).
    Returns whether the hand ends at the deal (R12, R40: a showdown, the row marked
    over); the caller then pays it out, as a showdown in play, and masks the row.
    """
    players, boot, pot_limit = config[0], config[1], config[2]
    fixed_dealer, dealer_boots, forced = config[6], config[8], config[13]
    stack, contributed, in_hand, seen, all_in, blind_bets, strength, start, rewards, wins = s[:10]
    turns, stake_bets, drawn = s[10], s[11], s[12]
    key = np.uint64(table_key[i])
    h = np.uint64(hand_index[i])
    # The deck is the order of 52 + jokers hashed keys (as ``deal.shuffle``, V8); the
    # hands take its first HP cards, and the indicator the next one (W5).
    hand = cards.shape[2]  # V12: 2 to 5 cards a seat
    dealt = hand * players
    indicated = config[15] != 0
    _shuffled_deck(key, h, config[14], low_keys, low_cards)
    d: Any = fixed_dealer
    if fixed_dealer < 0:
        d = np.int64(_mix(key ^ _mix(h * _GOLDEN + _DEALER_TAG)) % np.uint64(players))
    dealer[i] = d
    able = 0
    total = 0
    row = bases[low_cards[dealt]] if indicated else 0  # W5: the indicator's table
    for p in range(players):
        place = (p - d - 1) % players
        for r in range(hand):
            cards[i, p, r] = low_cards[place + players * r]
        if hand == 2:  # the imagined card (index ``config[16]`` of ``ranks``' last axis)
            strength[p, i] = ranks[row + cards[i, p, 0], cards[i, p, 1], config[16]]
        else:  # the best three (V12: the left-over cards never break ties)
            best = -1
            for x in range(hand - 2):
                for y in range(x + 1, hand - 1):
                    for z in range(y + 1, hand):
                        best = max(
                            best, ranks[row + cards[i, p, x], cards[i, p, y], cards[i, p, z]]
                        )
            strength[p, i] = best
        post: Any = min(np.int64(start[p, i]), boot)  # R9, V18: a short stack posts all
        if p == d and dealer_boots > 1:  # V13: the dealer posts more, at most its stack
            post = min(np.int64(start[p, i]), boot * dealer_boots)
        stack[p, i] = start[p, i] - post
        contributed[p, i] = post
        total += post
        in_hand[p, i] = True
        seen[p, i] = False
        all_in[p, i] = stack[p, i] == 0
        bettors[p, i] = not all_in[p, i]
        blind_bets[p, i] = 0
        wins[p, i] = 0
        rewards[p, i] = 0
        turns[p, i] = 0
        stake_bets[p, i] = 0
        if config[18] > 0:  # V20: nothing drawn yet
            drawn[p, i] = 0
        if bettors[p, i]:
            able += 1
    pot[i] = total
    stake[i] = boot
    asker[i] = -1
    history_length[i] = 0
    ended = pot[i] >= pot_limit or able <= 1  # R12
    first = _nearest(bettors, i, d, players, 1)  # R19: the dealer's left first
    if first < 0:
        first = d
    if not ended and forced > 0:  # V22: forced blind bets, then R37 and R40
        last = d
        if forced == 1:  # "dealer"
            if bettors[d, i]:
                _force(i, d, boot, stack, contributed, all_in, blind_bets, bettors, pot)
        else:  # "small_big"
            small = _nearest(bettors, i, d, players, 1)
            if small >= 0:
                _force(i, small, boot, stack, contributed, all_in, blind_bets, bettors, pot)
                last = small
                big = _nearest(bettors, i, small, players, 1)
                if big >= 0:
                    owed = 2 * boot
                    paid = _force(
                        i, big, owed, stack, contributed, all_in, blind_bets, bettors, pot
                    )
                    if paid == owed:
                        stake[i] = owed  # R24: the stake doubles
                    last = big
        able = 0
        for p in range(players):
            able += bettors[p, i]
        ended = pot[i] >= pot_limit or able <= 1
        first = _nearest(bettors, i, d if forced == 1 else last, players, 1)
    if ended:  # R12's showdown: the caller pays it out (and masks the row)
        current[i] = -1
        phase[i] = 2
        ending[i] = 3
        terminated[i] = True
    else:
        current[i] = first
        phase[i] = 0
        ending[i] = 0
        terminated[i] = False
    return ended
