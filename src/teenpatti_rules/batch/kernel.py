"""The compiled batch step: one loop over the tables, each table in scalar code (numba).

Needs numba (``pip install numba``; from a clone, ``pip install -e '.[fast]'``);
imported only when a :class:`~teenpatti_rules.batch.BatchEnv` picks the ``"numba"``
backend, never by ``import teenpatti_rules``. The functions are compiled on their first call and the
machine code is cached on disk (``cache=True``, in ``__pycache__`` beside this file),
so later processes load it instead of compiling.

:func:`step_tables` does for each table what :func:`teenpatti_rules.batch.step.advance`,
:func:`~teenpatti_rules.batch.mask.legal_mask`,
:func:`~teenpatti_rules.batch.showdown.payout` and (with autoreset)
:func:`~teenpatti_rules.batch.deal.new_hands` do for all tables at once, with the same
rules (R9–R41, V2, V4, V5) and the same decks: the differential tests check every
field of every table after every step against the numpy engine and the reducer.
It writes into the arrays it is given (the caller's fresh copies), never elsewhere.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

__all__ = ["random_legal_actions", "step_packed", "step_tables"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_DECK_TAG = np.uint64(0xD1B54A32D192ED03)
_DEALER_TAG = np.uint64(0x8CB92BA72F3D8DD7)
_ABOVE = 2**31 - 1

_jit = numba.njit(cache=True, nogil=True, error_model="numpy")
_inline = numba.njit(cache=True, nogil=True, error_model="numpy", inline="always")
"""The helpers are inlined into the loop: a call between compiled functions counts
references to every array it passes, which cost more than the helpers' work."""


@_inline
def _mix(x: Any) -> Any:  # pragma: no cover - compiled
    z = x + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@_inline
def _nearest(members: Any, i: int, seat: int, players: int, step: int) -> int:  # pragma: no cover
    """The nearest member from ``seat`` going ``step`` (+1 left, -1 right), not itself."""
    for k in range(1, players):
        p = (seat + step * k) % players
        if members[p, i]:
            return p
    return -1


@_inline
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
    levels = np.empty(players + 1, dtype=np.int64)
    c = 0
    for p in range(players):
        won[p] = 0
        if in_hand[p, i] and all_in[p, i]:
            levels[c] = contributed[p, i]
            c += 1
    levels[:c].sort()
    levels[c] = _ABOVE
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
) -> None:  # pragma: no cover - compiled
    """Table ``i``'s legal ids (R20–R36, V2, V4, V5), as ``legal_mask``."""
    if phase[i] == 2:
        for a in range(10):
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
    mask[i, 8] = not betting
    mask[i, 9] = not betting


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


@_inline
def _deal(
    i: int,
    players: int,
    boot: int,
    dealer_boots: int,
    ask_step: int,
    pot_limit: int,
    max_blind: int,
    stake_limit: int,
    show_mult: int,
    fixed_dealer: int,
    forced: int,
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
    mask: Any,
    bettors: Any,
    won: Any,
    low_keys: Any,
    low_cards: Any,
) -> None:  # pragma: no cover - compiled
    """Deal table ``i``'s hand ``hand_index[i]`` into its row, as ``new_hands``
    (R5, R9–R12, R19, V12, V13, V22). ``s`` holds the seat arrays: stack, contributed, in_hand,
    seen, all_in, blind_bets, strength, start_stack, rewards, winnings.
    """
    stack, contributed, in_hand, seen, all_in, blind_bets, strength, start, rewards, wins = s[:10]
    turns, stake_bets = s[10], s[11]
    key = np.uint64(table_key[i])
    h = np.uint64(hand_index[i])
    # The deck is the order of 52 hashed keys (as ``deal.shuffle``); the hands need
    # only its first 3P cards: keep the 3P smallest keys, sorted, by insertion.
    base = _mix(key ^ _mix(h * _GOLDEN + _DECK_TAG))
    hand = cards.shape[2]  # V12: 2 to 5 cards a seat
    dealt = hand * players
    filled = 0
    for c in range(52):
        word = _mix(base + np.uint64(c) * _M2)
        if filled == dealt:
            if word >= low_keys[dealt - 1]:
                continue
            j = dealt - 1
        else:
            j = filled
            filled += 1
        while j > 0 and low_keys[j - 1] > word:
            low_keys[j] = low_keys[j - 1]
            low_cards[j] = low_cards[j - 1]
            j -= 1
        low_keys[j] = word
        low_cards[j] = c
    d: Any = fixed_dealer
    if fixed_dealer < 0:
        d = np.int64(_mix(key ^ _mix(h * _GOLDEN + _DEALER_TAG)) % np.uint64(players))
    dealer[i] = d
    able = 0
    total = 0
    for p in range(players):
        place = (p - d - 1) % players
        for r in range(hand):
            cards[i, p, r] = low_cards[place + players * r]
        if hand == 2:  # the imagined card's best (``ranks`` is then (52, 52, 1))
            strength[p, i] = ranks[cards[i, p, 0], cards[i, p, 1], 0]
        else:  # the best three (V12: the left-over cards never break ties)
            best = -1
            for x in range(hand - 2):
                for y in range(x + 1, hand - 1):
                    for z in range(y + 1, hand):
                        best = max(best, ranks[cards[i, p, x], cards[i, p, y], cards[i, p, z]])
            strength[p, i] = best
        post: Any = boot
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
    if ended:
        _payout(contributed, in_hand, all_in, strength, i, players, d, -1, won)
        for p in range(players):
            wins[p, i] = won[p]
            stack[p, i] += won[p]
            rewards[p, i] = stack[p, i] - start[p, i]
        pot[i] = 0
        current[i] = -1
        phase[i] = 2
        ending[i] = 3
        terminated[i] = True
    else:
        current[i] = first
        phase[i] = 0
        ending[i] = 0
        terminated[i] = False
    _mask(
        i, players, max_blind, stake_limit, show_mult, ask_step, phase, current, stake,
        stack, in_hand, seen, all_in, blind_bets, bettors, mask,
    )  # fmt: skip


@_jit
def step_tables(
    config: Any,
    ranks: Any,
    actions: Any,
    column: Any,
    s: Any,
    pot: Any,
    stake: Any,
    dealer: Any,
    current: Any,
    phase: Any,
    asker: Any,
    ending: Any,
    terminated: Any,
    table_key: Any,
    hand_index: Any,
    history_length: Any,
    cards: Any,
    mask: Any,
) -> int:  # pragma: no cover - compiled
    """Step every table in place (R20–R41), dealing over tables again when
    ``config[7]`` (autoreset) is set; ``column`` gets each table's history code.

    ``config`` (``int64``) holds players, boot, pot limit, blind-bet limit, stake limit, show
    cost multiplier, fixed dealer (-1: drawn), autoreset, the dealer's boots (V13),
    the table-show and turn limits (V14, V15), the sideshow's direction (-1: the
    previous player, +1: the next, V17), the hand size (V12) and the forced blinds
    (V22: 0 none, 1 the dealer's, 2 small and big). Returns -1, or the
    first table whose action its mask does not allow (nothing is then meaningful in
    the arrays: the caller drops them).
    """
    players, boot, pot_limit, max_blind = config[0], config[1], config[2], config[3]
    stake_limit, show_mult, fixed_dealer, reset = config[4], config[5], config[6], config[7]
    dealer_boots, table_show_after, max_turns = config[8], config[9], config[10]
    ask_step = config[11]
    forced = config[13]
    stack, contributed, in_hand, seen, all_in, blind_bets, strength, start, rewards, wins = s[:10]
    turns, stake_bets = s[10], s[11]
    n = pot.shape[0]
    bettors = np.empty((players, n), dtype=np.bool_)
    won = np.zeros(players, dtype=np.int64)
    low_keys = np.empty(config[12] * players, dtype=np.uint64)
    low_cards = np.empty(config[12] * players, dtype=np.int64)
    for i in range(n):
        a = actions[i]
        if a < 0 or a > 9:
            return i
        if terminated[i]:
            for p in range(players):
                rewards[p, i] = 0
            column[i] = -1
            if reset:
                hand_index[i] += 1
                column[i] = -2
                _deal(
                    i, players, boot, dealer_boots, ask_step, pot_limit, max_blind, stake_limit,
                    show_mult,
                    fixed_dealer, forced, ranks, table_key, hand_index, dealer, cards, s,
                    pot, stake, current, phase, asker, ending, terminated,
                    history_length, mask, bettors, won, low_keys, low_cards,
                )  # fmt: skip
            continue
        if not mask[i, a]:
            return i
        column[i] = a
        history_length[i] += 1
        actor = current[i]
        seen_a = seen[actor, i]
        low = np.int64(stake[i]) * (2 if seen_a else 1)
        is_bet = a == 2 or a == 3
        is_ask = a == 4 or a == 5
        chaal = is_bet or is_ask
        amount = np.int64(0)
        if chaal:
            amount = low * (2 if (a == 3 or a == 5) else 1)
        elif a == 6:
            amount = low * show_mult
        elif a == 7:
            amount = np.int64(stack[actor, i])
        stack[actor, i] -= amount
        contributed[actor, i] += amount
        pot[i] += amount
        if stack[actor, i] == 0:
            all_in[actor, i] = True
        if is_bet and not seen_a:
            blind_bets[actor, i] += 1
        if a == 0 or is_bet or a == 7 or a == 6 or is_ask:  # V15
            turns[actor, i] += 1
        if chaal:
            new_stake = amount // 2 if seen_a else amount
            if new_stake != stake[i]:  # V14: a new stake resets every count
                for p in range(players):
                    stake_bets[p, i] = 0
            else:
                stake_bets[actor, i] += 1
            stake[i] = new_stake
        if a == 1:
            seen[actor, i] = True
        old_asker = asker[i]
        ask_seat = max(old_asker, 0)
        if a == 0:
            in_hand[actor, i] = False
        elif a == 8:
            if strength[ask_seat, i] > strength[actor, i]:
                in_hand[actor, i] = False
            else:
                in_hand[ask_seat, i] = False
        count = 0
        able = 0
        for p in range(players):
            bettors[p, i] = in_hand[p, i] and not all_in[p, i]
            count += in_hand[p, i]
            able += bettors[p, i]
        at_limit = pot[i] >= pot_limit
        is_answer = a == 8 or a == 9
        turn = a == 0 or is_bet or a == 7 or is_answer
        last_one = turn and count == 1  # R39
        showdown = (turn and not last_one and (((is_bet or a == 7) and at_limit) or able <= 1)) or (
            (a == 6 or is_ask) and at_limit
        )  # R37, R40, R38
        show = a == 6 and not at_limit  # R35
        table_show = False
        turn_limit = False
        if turn and not last_one and not showdown:  # V14, then V15
            table_show = True
            turn_limit = True
            for p in range(players):
                if bettors[p, i]:
                    table_show = table_show and stake_bets[p, i] >= table_show_after
                    turn_limit = turn_limit and turns[p, i] >= max_turns
            turn_limit = turn_limit and not table_show
        ends = last_one or showdown or show or table_show or turn_limit
        pending = is_ask and not at_limit  # R30
        if ends:
            current[i] = -1
            phase[i] = 2
            asker[i] = -1
            terminated[i] = True
            ending[i] = 1 if last_one else (2 if show else (3 if showdown else 0))
            if table_show:
                ending[i] = 4
            elif turn_limit:
                ending[i] = 5
            if last_one:
                for p in range(players):
                    won[p] = pot[i] if in_hand[p, i] else 0
            else:
                _payout(
                    contributed, in_hand, all_in, strength, i, players, dealer[i],
                    actor if show else -1, won,
                )  # fmt: skip
            for p in range(players):
                stack[p, i] += won[p]
                wins[p, i] += won[p]
                rewards[p, i] = stack[p, i] - start[p, i]
            pot[i] = 0
        else:
            if pending:
                current[i] = _nearest(bettors, i, actor, players, ask_step)
                phase[i] = 1
                asker[i] = actor
            elif turn:
                left_of = ask_seat if is_answer else actor
                current[i] = _nearest(bettors, i, left_of, players, 1)
                if is_answer:
                    phase[i] = 0
                    asker[i] = -1
        _mask(
            i, players, max_blind, stake_limit, show_mult, ask_step, phase, current, stake,
            stack, in_hand, seen, all_in, blind_bets, bettors, mask,
        )  # fmt: skip
    return -1


@_inline
def _seats(words: Any, offset: int, itemsize: int, players: int, n: int) -> Any:  # pragma: no cover
    """The ``(P, n)`` view of a seat field at byte ``offset`` of each table's record."""
    size = words.itemsize
    return np.lib.stride_tricks.as_strided(
        words[offset // size :], shape=(players, n), strides=(size, itemsize)
    )


@_inline
def _tables(words: Any, offset: int, itemsize: int, n: int) -> Any:  # pragma: no cover
    """The ``(n,)`` view of a table field at byte ``offset`` of each table's record."""
    return np.lib.stride_tricks.as_strided(
        words[offset // words.itemsize :], shape=(n,), strides=(itemsize,)
    )


@_jit
def step_packed(
    config: Any, ranks: Any, actions: Any, column: Any, old: Any, new: Any, offsets: Any
) -> int:  # pragma: no cover - compiled
    """:func:`step_tables` over packed states: ``new`` (a ``uint8`` buffer of
    ``old``'s size) gets a copy of ``old`` and then the step.

    The buffers hold one record of ``offsets[-1]`` bytes per table
    (:func:`teenpatti_rules.batch.state.packed_layout`); ``offsets`` (``int64``) are
    the byte offsets within it of the fields in the order of
    :data:`teenpatti_rules.batch.backend.KERNEL_FIELDS`. Returns as ``step_tables``.
    """
    words, into = old.view(np.uint64), new.view(np.uint64)  # (numba copies bytes one by one)
    for k in range(words.shape[0]):
        into[k] = words[k]
    players = config[0]
    n = actions.shape[0]
    o = offsets
    size = o[25]
    w32 = new.view(np.int32)
    wb = new.view(np.bool_)
    w8 = new.view(np.int8)
    s = (
        _seats(w32, o[0], size, players, n),
        _seats(w32, o[1], size, players, n),
        _seats(wb, o[2], size, players, n),
        _seats(wb, o[3], size, players, n),
        _seats(wb, o[4], size, players, n),
        _seats(w32, o[5], size, players, n),
        _seats(w32, o[6], size, players, n),
        _seats(w32, o[7], size, players, n),
        _seats(w32, o[8], size, players, n),
        _seats(w32, o[9], size, players, n),
        _seats(w32, o[10], size, players, n),
        _seats(w32, o[11], size, players, n),
    )
    hand = config[12]
    cards = np.lib.stride_tricks.as_strided(
        w8[o[23] :], shape=(n, players, hand), strides=(size, hand, 1)
    )
    mask = np.lib.stride_tricks.as_strided(wb[o[24] :], shape=(n, 10), strides=(size, 1))
    return step_tables(
        config,
        ranks,
        actions,
        column,
        s,
        _tables(w32, o[12], size, n),
        _tables(w32, o[13], size, n),
        _tables(w32, o[14], size, n),
        _tables(w32, o[15], size, n),
        _tables(w8, o[16], size, n),
        _tables(w32, o[17], size, n),
        _tables(w8, o[18], size, n),
        _tables(wb, o[19], size, n),
        _tables(new.view(np.uint64), o[20], size, n),
        _tables(w32, o[21], size, n),
        _tables(w32, o[22], size, n),
        cards,
        mask,
    )


@_jit
def random_legal_actions(mask: Any, seed: int, step: int, pack_weight: float) -> Any:
    """One legal id per table drawn in the kernel (for benchmarks and tests), from a
    mask of any width ``A`` (10, or more under V3): each legal id scored by a hash of
    ``(seed, step, table, id)``, PACK's score scaled by
    ``pack_weight``; the highest score is played.
    """
    n, width = mask.shape[0], mask.shape[1]
    out = np.empty(n, dtype=np.int32)
    base = _mix(np.uint64(seed) ^ _mix(np.uint64(step)))
    for i in range(n):
        best = -1.0
        choice = 0
        for a in range(width):
            if mask[i, a]:
                word = _mix(base + np.uint64(i * width + a) * _M1)
                score = (word >> np.uint64(11)) * (1.0 / 9007199254740992.0)
                if a == 0:
                    score *= pack_weight
                if score > best:
                    best = score
                    choice = a
        out[i] = choice
    return out
