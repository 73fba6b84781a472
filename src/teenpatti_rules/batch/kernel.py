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
rules (R9–R41, V2, V3, V4, V5 and the other variants of
:mod:`~teenpatti_rules.batch.config`) and the same decks: the differential tests check
every field of every table after every step against the numpy engine and the reducer.
It writes into the arrays it is given (the caller's fresh copies), never elsewhere.
The per-table pieces it inlines are in :mod:`teenpatti_rules.batch.kernel_parts`,
:mod:`teenpatti_rules.batch.kernel_flush` (V16's open flush),
:mod:`teenpatti_rules.batch.kernel_hash` (the random words of the deck and the dealer),
:mod:`teenpatti_rules.batch.kernel_sizing` (V3's amounts) and
:mod:`teenpatti_rules.batch.kernel_draws` (V20's draws); the on-disk cache is keyed
on all of these files (:mod:`teenpatti_rules.batch.kernel_jit`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np

from .kernel_draws import _MASKS, _bits, _draw
from .kernel_flush import _open_flush
from .kernel_hash import _M1, _deck_scratch, _mix
from .kernel_jit import inline as _inline
from .kernel_jit import jit as _jit
from .kernel_jit import plain as _plain
from .kernel_parts import _deal, _mask, _nearest, _payout
from .kernel_sizing import bet_numbers, named_amount

__all__ = ["bet_numbers", "random_legal_actions", "step_packed", "step_tables"]


@_jit
def step_tables(
    config: Any,
    ranks: Any,
    bases: Any,
    flushes: Any,
    bets: Any,
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
    (V22: 0 none, 1 the dealer's, 2 small and big), the deck's size (52 and V8's
    printed jokers), whether the table turns up an indicator (V8 W5) and the imagined
    card's index in ``ranks`` (V12 ``hand_size`` 2) and whether ties play open flushes
    (V16), then V20's numbers (the DRAW ids, the price of a card, the cards a seat may
    draw; :mod:`~teenpatti_rules.batch.kernel_draws`), whether sideshows are split
    (V17) and each DRAW id's discard; ``s`` the seat arrays (``SEAT_FIELDS`` and
    ``seat_drawn``, V20, a stand-in never written on a table without draws); ``ranks``
    and ``bases`` the hand strengths
    (:func:`~teenpatti_rules.batch.backend.kernel_ranks`), ``flushes`` the open flushes'
    (:func:`~teenpatti_rules.batch.backend.strength_table` of R13–R16 with the table's
    sequence order); ``bets`` the bet sizing (V3,
    :func:`~teenpatti_rules.batch.kernel_sizing.bet_numbers`: ``A`` ids). Returns -1, or
    the first table whose action its mask does not allow (nothing is then meaningful in
    the arrays: the caller drops them).
    """
    players, pot_limit, max_blind = config[0], config[2], config[3]
    stake_limit, show_mult, reset = config[4], config[5], config[7]
    table_show_after, max_turns, ask_step = config[9], config[10], config[11]
    open_flush = config[17] != 0
    draws, split = config[18] > 0, config[21] != 0  # V20, V17
    stack, contributed, in_hand, seen, all_in, blind_bets, strength, start, rewards, wins = s[:10]
    turns, stake_bets, drawn = s[10], s[11], s[12]
    n = pot.shape[0]
    bettors = np.empty((players, n), dtype=np.bool_)
    won = np.zeros(players, dtype=np.int64)
    low_keys, low_cards = _deck_scratch(config[14])  # a deck's scratch (_shuffled_deck)
    width = bets[3]
    first_draw = width - config[18]  # V20: the DRAW ids, last in the alphabet
    sized = bets[0] != 0
    for i in range(n):
        a = actions[i]
        if a < 0 or a >= width:
            return i
        last_one = False  # R39: the last player in takes the pot
        loser = -1  # R35: the seat that loses ties (a show's asker)
        flush = open_flush  # V16 (shows keep R35)
        if terminated[i]:
            for p in range(players):
                rewards[p, i] = 0
            column[i] = -1
            if not reset:
                continue
            hand_index[i] += 1
            column[i] = -2
            settle = _deal(
                i, config, ranks, table_key, hand_index, dealer, cards, s, pot, stake,
                current, phase, asker, ending, terminated, history_length, bettors,
                low_keys, low_cards, bases,
            )  # fmt: skip
        else:
            if not mask[i, a]:
                return i
            column[i] = a
            history_length[i] += 1
            actor = current[i]
            seen_a = seen[actor, i]
            low = np.int64(stake[i]) * (2 if seen_a else 1)
            kind = bets[4 + a]  # 1 a chaal id, 2 a sideshow id (R24, R30, V3)
            is_bet = kind == 1
            is_ask = kind == 2
            chaal = is_bet or is_ask
            is_draw = a >= first_draw
            chosen = config[_MASKS + a - first_draw] if is_draw else 0
            amount = np.int64(0)
            if chaal and sized:  # V3: the amount the id names
                amount = named_amount(bets, stake_limit, low, seen_a, np.int64(stack[actor, i]), a)
            elif chaal:  # the minimum or twice it (R24)
                amount = low * (2 if (a == 3 or a == 5) else 1)
            elif a == 6:
                amount = low * show_mult
            elif a == 7:
                amount = np.int64(stack[actor, i])
            elif is_draw:  # V20: the price of each card (a chip is left)
                amount = _bits(chosen) * config[19]
            old_asker = asker[i]
            ask_seat = max(old_asker, 0)
            paid = amount
            asker_paid = np.int64(0)
            if split:  # V17: the asker pays half its chaal, the other half the asked
                if is_ask:  # player on accepting, the asker on a refusal
                    paid = amount >> 1
                elif a == 8:
                    paid = np.int64(stake[i])  # (the request set the stake to that half)
                elif a == 9:
                    asker_paid = np.int64(stake[i])
                    stack[ask_seat, i] -= asker_paid
                    contributed[ask_seat, i] += asker_paid
                    pot[i] += asker_paid
            stack[actor, i] -= paid
            contributed[actor, i] += paid
            pot[i] += paid
            if stack[actor, i] == 0:
                all_in[actor, i] = True
            if is_bet and not seen_a:
                blind_bets[actor, i] += 1
            if a == 0 or is_bet or a == 7 or a == 6 or is_ask or is_draw:  # V15
                turns[actor, i] += 1
            if is_draw:  # V20: the new cards, their strength, the count drawn
                _draw(
                    i, config, ranks, bases, np.uint64(table_key[i]), np.uint64(hand_index[i]),
                    cards, strength, drawn, actor, players, chosen, low_keys, low_cards,
                )  # fmt: skip
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
            at_limit = pot[i] >= pot_limit
            if a == 0:
                in_hand[actor, i] = False
            elif a == 8 and not (split and at_limit):  # V17: the limit cancels it (R38)
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
            is_answer = a == 8 or a == 9
            turn = a == 0 or is_bet or a == 7 or is_answer or is_draw
            last_one = turn and count == 1  # R39
            paying = is_bet or a == 7 or is_draw or asker_paid > 0  # R37 (V20, V17 too)
            showdown = (turn and not last_one and ((paying and at_limit) or able <= 1)) or (
                (a == 6 or is_ask or (split and a == 8)) and at_limit
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
            settle = ends
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
                if show:
                    loser = actor
                    flush = False
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
        if settle:  # the hand ended: pay it out (R18, R35, R39, R41, V16)
            if last_one:
                for p in range(players):
                    won[p] = pot[i] if in_hand[p, i] else 0
            else:
                _payout(
                    contributed, in_hand, all_in, strength, i, players, dealer[i], loser, won
                )  # fmt: skip
                if flush:  # V16: tied showdowns play open flushes (R12's too)
                    skip = 0
                    if draws:  # V20: the open flushes come after the cards drawn
                        for p in range(players):
                            skip += drawn[p, i]
                    _open_flush(
                        i, config, flushes, contributed, in_hand, all_in, strength, players,
                        dealer[i], np.uint64(table_key[i]), np.uint64(hand_index[i]), skip, won,
                    )  # fmt: skip
            for p in range(players):
                stack[p, i] += won[p]
                wins[p, i] += won[p]
                rewards[p, i] = stack[p, i] - start[p, i]
            pot[i] = 0
        _mask(
            i, players, max_blind, stake_limit, show_mult, ask_step, phase, current, stake,
            stack, in_hand, seen, all_in, blind_bets, bettors, mask, bets, config, drawn,
        )  # fmt: skip
    return -1


@_inline
def _seats(words: Any, offset: int, itemsize: int, players: int, n: int) -> Any:  # pragma: no cover
    """The ``(P, n)`` view of a seat field at byte ``offset`` of each table's record."""
    size = words.itemsize
    return np.lib.stride_tricks.as_strided(
        words[offset // size :], shape=(players, n), strides=(size, itemsize)
    )


_step_tables_linked: Callable[..., int] = _plain(cast(Any, step_tables).py_func)
""":func:`step_tables` compiled again without the disk cache, for :func:`step_packed` to
call: a cached function that links a callee loaded from the cache cannot itself be
saved (numba: "no compiled object yet"), which happens when two processes compile the
kernel at once and one of them finds ``step_tables`` already saved by the other."""


@_inline
def _tables(words: Any, offset: int, itemsize: int, n: int) -> Any:  # pragma: no cover
    """The ``(n,)`` view of a table field at byte ``offset`` of each table's record."""
    return np.lib.stride_tricks.as_strided(
        words[offset // words.itemsize :], shape=(n,), strides=(itemsize,)
    )


@_jit
def step_packed(
    config: Any,
    ranks: Any,
    bases: Any,
    flushes: Any,
    bets: Any,
    actions: Any,
    column: Any,
    old: Any,
    new: Any,
    offsets: Any,
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
    size = o[26]
    w32 = new.view(np.int32)
    wb = new.view(np.bool_)
    w8 = new.view(np.int8)

    def ints(k: int) -> Any:  # the int32 seat field ``KERNEL_FIELDS[k]`` (inlined)
        return _seats(w32, o[k], size, players, n)

    def flags(k: int) -> Any:  # the bool seat field ``KERNEL_FIELDS[k]`` (inlined)
        return _seats(wb, o[k], size, players, n)

    # The seat fields in the order of ``SEAT_FIELDS``, written out: numba builds a tuple
    # of arrays of two dtypes only from its items, not in a loop.
    # ``seat_drawn`` (V20) only on a draw table: else a view of the stacks, never written.
    s = (
        ints(0), ints(1), flags(2), flags(3), flags(4), ints(5), ints(6), ints(7), ints(8),
        ints(9), ints(10), ints(11), ints(25) if o[25] >= 0 else ints(0),
    )  # fmt: skip
    hand = config[12]
    cards = np.lib.stride_tricks.as_strided(
        w8[o[23] :], shape=(n, players, hand), strides=(size, hand, 1)
    )
    mask = np.lib.stride_tricks.as_strided(wb[o[24] :], shape=(n, bets[3]), strides=(size, 1))
    return _step_tables_linked(
        config,
        ranks,
        bases,
        flushes,
        bets,
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
    mask of any width ``A`` (10, or more under V3): a weighted choice among the legal
    ids, PACK weighted ``pack_weight`` and every other id 1 (the benchmark reducer's
    ``random.choices`` policy), by one hash of ``(seed, step, table)`` per table. A row
    with no legal id gets 0.
    """
    n, width = mask.shape[0], mask.shape[1]
    out = np.empty(n, dtype=np.int32)
    base = _mix(np.uint64(seed) ^ _mix(np.uint64(step)))
    for i in range(n):
        total = 0.0
        for a in range(width):
            if mask[i, a]:
                total += pack_weight if a == 0 else 1.0
        word = _mix(base + np.uint64(i) * _M1)
        point = (word >> np.uint64(11)) * (1.0 / 9007199254740992.0) * total  # [0, total)
        choice = 0
        reached = 0.0
        for a in range(width):
            if mask[i, a]:
                choice = a
                reached += pack_weight if a == 0 else 1.0
                if point < reached:
                    break
        out[i] = choice
    return out
