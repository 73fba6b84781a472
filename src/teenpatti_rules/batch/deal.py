"""Dealing many tables at once: per-table seeds, shuffles, boots and cards (R5, R9–R12).

Chance is a counter-based hash (SplitMix64) of the table's key and the hand's index,
so every table's decks are reproducible from ``(seed, table index, hand index)``
alone, independent of the other tables and of the number of tables; sorting 52
hashed keys (and one more per printed joker, V8) gives each hand's deck; on a
``wild="joker"`` / ``"hukam"`` table the card after the hands is the indicator (W5).
(These decks are not the reducer's :func:`~teenpatti_rules.dealing.shuffled_deck`:
the batch deck is handed to the reducer explicitly, as in ``Deal(dealer, deck)``, so
the reducer replays any row exactly, :func:`~teenpatti_rules.batch.convert.to_state`.)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..rules import Rules
from .codes import ENDING_NONE, ENDING_SHOWDOWN, PHASE_BETTING, PHASE_OVER
from .config import TableConfig
from .mask import legal_mask
from .seats import seating
from .showdown import open_flush_payout, payout
from .state import BatchState, freeze
from .strength import hand_strengths

__all__ = [
    "deal_cards",
    "dealers",
    "hand_random",
    "indicators",
    "mix",
    "new_hands",
    "shuffle",
    "table_keys",
]

Array = NDArray[Any]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_DECK_TAG = np.uint64(0xD1B54A32D192ED03)
_DEALER_TAG = np.uint64(0x8CB92BA72F3D8DD7)
_CARDS = np.arange(55, dtype=np.uint64)
"""The card indices of the largest deck: 52 natural cards and the printed jokers
``X1``..``X3`` (52..54, V8)."""


def mix(x: Array) -> Array:
    """SplitMix64's finaliser on ``uint64`` arrays (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        z = x + _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        return z ^ (z >> np.uint64(31))


def table_keys(seed: int, tables: int) -> Array:
    """``uint64`` ``(tables,)``: the key of table ``i`` for the master ``seed`` (any int)."""
    master = mix(np.array([seed % 2**64], dtype=np.uint64))
    return mix(master ^ mix(np.arange(tables, dtype=np.uint64)))


def hand_random(keys: Array, hand_index: Array, tag: np.uint64) -> Array:
    """``uint64`` ``(n,)``: one random word per table for hand ``hand_index`` and ``tag``."""
    with np.errstate(over="ignore"):
        return mix(keys ^ mix(hand_index.astype(np.uint64) * _GOLDEN + tag))


def shuffle(keys: Array, hand_index: Array, size: int = 52) -> Array:
    """``int8`` ``(n, size)``: each table's deck for its hand, as card indices (R10).

    :param size: cards in the deck, 52 to 55: the table's
        :attr:`~teenpatti_rules.rules.Rules.deck_size`, 52 and its printed jokers
        (V8, indices 52..54). Card ``c`` gets the same hashed key whatever ``size``,
        so a deck without jokers is the jokers' deck with the jokers taken out.
    :raises ValueError: for a ``size`` outside 52..55.
    """
    if not 52 <= size <= 55:
        raise ValueError(f"a deck has 52 to 55 cards (V8: up to 3 printed jokers), not {size}")
    base = hand_random(keys, hand_index, _DECK_TAG)
    with np.errstate(over="ignore"):
        sort_keys = mix(base[:, None] + _CARDS[None, :size] * _M2)
    return np.argsort(sort_keys, axis=1).astype(np.int8)


def indicators(deck: Array, players: int, hand_size: int = 3) -> Array:
    """``int8`` ``(n,)``: each table's indicator, the next card of its deck after the
    deal (V8 W5: ``deck[hand_size * players]``), for a ``wild="joker"`` or ``"hukam"``
    table.

    :param deck: integer ``(n, D)`` decks (:func:`shuffle`).
    :param players: seats per table; ``hand_size``: cards per seat (V12).
    """
    return np.ascontiguousarray(deck[:, hand_size * players], dtype=np.int8)


def dealers(keys: Array, hand_index: Array, players: int) -> Array:
    """``int32`` ``(n,)``: each table's dealer for its hand, uniform over the seats (R5)."""
    word = hand_random(keys, hand_index, _DEALER_TAG)
    return (word % np.uint64(players)).astype(np.int32)


def deal_cards(deck: Array, dealer: Array, players: int, hand_size: int = 3) -> Array:
    """``int8`` ``(n, P, H)``: seat ``(dealer + 1 + i) % P`` gets ``deck[i]``,
    ``deck[i + P]``, ``deck[i + 2P]``, … (R10: one card at a time from the dealer's
    left, dealer last, ``H = hand_size`` rounds, V12).
    """
    place = (np.arange(players)[None, :] - dealer[:, None] - 1) % players  # (n, P)
    positions = place[:, :, None] + players * np.arange(hand_size)[None, None, :]  # (n, P, H)
    rows, width = deck.shape
    # One take of flat indices (row i's cards start at i * width): numpy's
    # take_along_axis builds the same gather from index arrays, several calls more.
    flat = positions + (np.arange(rows) * width)[:, None, None]
    dealt: Array = np.ascontiguousarray(deck).reshape(-1).take(flat)
    return dealt


def _forced_bets(
    config: TableConfig,
    live: Array,
    dealer: Array,
    stack: Array,
    contributed: Array,
    all_in: Array,
    blind_bets: Array,
    stake: Array,
    in_hand: Array,
) -> Array:
    """V22's forced blind bets at the ``live`` tables, written into the seat-major
    ``stack``, ``contributed``, ``all_in``, ``blind_bets`` and the ``stake``: each an
    ordinary blind bet (R22–R25, counted for V5, not a turn for V14 or V15) of a seat
    that can still bet; a stack at most the bet goes all in (short of it, the stake
    stays, R26). ``forced_blinds == 1`` ("dealer"): the dealer bets one stake;
    ``2`` ("small_big"): the first seat left of the dealer one stake, the next one
    twice it (the stake doubles). Only seats ``in_hand`` bet (the seats dealt in).

    :returns: ``int32`` ``(n,)`` the first to act after them (R19 for "dealer"; the
        seat after the last forced bet for "small_big"); meaningful where betting
        goes on.
    """
    players = config.players
    seats = seating(players)
    columns = np.arange(dealer.shape[0])

    def bet(payer: Array, owed: Array) -> Array:
        at = np.maximum(payer, 0)
        paying = payer >= 0
        amount = np.minimum(owed, stack[at, columns]) * paying
        stack[at, columns] -= amount
        contributed[at, columns] += amount
        blind_bets[at, columns] += paying
        all_in[at, columns] |= paying & (stack[at, columns] == 0)
        return amount

    if config.forced_blinds == 1:
        bet(np.where(live & ~all_in[dealer, columns], dealer, -1), stake)
        can = in_hand & ~all_in
        return seats.first_player(can, seats.code(can), dealer)
    can = in_hand & ~all_in
    small = np.where(live, seats.next_player(can, seats.code(can), dealer), -1)
    bet(small, stake)
    can = in_hand & ~all_in
    following = seats.next_player(can, seats.code(can), np.maximum(small, 0))
    big = np.where((small >= 0) & (following >= 0), following, -1)
    owed = 2 * stake
    paid = bet(big, owed)
    stake[:] = np.where((big >= 0) & (paid == owed), owed, stake)  # R24: the stake doubles
    last = np.where(big >= 0, big, np.where(small >= 0, small, dealer))
    can = in_hand & ~all_in
    return seats.next_player(can, seats.code(can), last)


def new_hands(
    config: TableConfig,
    rules: Rules,
    keys: Array,
    hand_index: Array,
    start_stack: Array,
    dealer: int | None,
    *,
    dealer_seats: Array | None = None,
    dealt: Array | None = None,
    boots: Array | None = None,
) -> BatchState:
    """Deal one hand at each table: the boots, the cards, the first actor (R5, R9–R12, R19).

    Every seat posts the boot, the dealer ``dealer_boots`` boots (V13), or its whole
    stack if less (a stack below the boot only under a ``boot_schedule``, V18); a seat
    left with no chips is all-in (R9).
    If the boots bring the pot to the pot limit, or at most one seat can still bet,
    the hand goes straight to a showdown (R12), so the table starts terminated. Else
    the forced blind bets of V22 follow, if any, and the same two checks (R37, R40).

    :param config: the table's numbers.
    :param rules: the table's rules (for the hand strengths).
    :param keys: ``uint64`` ``(n,)`` table keys; ``hand_index``: ``(n,)`` hand counters.
    :param start_stack: integer ``(n, P)`` stacks before the boots (each at least the
        boot, or at least 1 chip under a ``boot_schedule``, V18).
    :param dealer: a fixed dealer seat, or None for a dealer drawn per table and hand.
    :param dealer_seats: ``int32`` ``(n,)`` each table's dealer, instead of ``dealer``
        (a session's button, R5, V21).
    :param dealt: ``bool`` seat-major ``(P, n)`` the seats still in the session, the
        only ones that post and are in the hand (R7, R9); None for every seat. The
        others get cards too (the deal stays that of ``P`` seats), out of play.
    :param boots: ``int32`` ``(n,)`` each table's boot (a V18 schedule's), instead
        of ``config.boot``.
    :returns: the new :class:`~teenpatti_rules.batch.state.BatchState`.
    """
    players = config.players
    rows = keys.shape[0]
    deck = shuffle(keys, hand_index, rules.deck_size)  # V8: and the printed jokers
    if dealer_seats is not None:
        dealer_seat = np.asarray(dealer_seats, dtype=np.int32)
    elif dealer is None:
        dealer_seat = dealers(keys, hand_index, players)
    else:
        dealer_seat = np.full(rows, dealer, dtype=np.int32)
    cards = deal_cards(deck, dealer_seat, players, config.hand_size)
    indicator = indicators(deck, players, config.hand_size) if rules.has_indicator else None
    strength = hand_strengths(cards, rules, indicator)  # V8 W5: under the table's indicator
    # Seat-major (P, n) arrays from here on.
    start = np.ascontiguousarray(start_stack.T, dtype=np.int32)
    boot = np.full(rows, config.boot, dtype=np.int32) if boots is None else boots
    contributed = np.minimum(start, boot[None, :])  # R9, V18: a short stack posts all of it
    if dealt is not None:  # R7: only the seats still in the session post
        contributed *= dealt
    if config.dealer_boots > 1:  # V13: the dealer posts more, at most its stack
        columns = np.arange(rows)
        dealer_start = start[dealer_seat, columns]
        contributed[dealer_seat, columns] = np.minimum(dealer_start, boot * config.dealer_boots)
    stack = start - contributed
    in_hand = np.ones((players, rows), dtype=bool) if dealt is None else dealt.copy()
    seen = np.zeros((players, rows), dtype=bool)
    all_in = (stack == 0) & in_hand
    blind_bets = np.zeros((players, rows), dtype=np.int32)
    pot = contributed.sum(axis=0, dtype=np.int32)
    stake = boot.astype(np.int32)
    bettors = in_hand & ~all_in
    seats = seating(players)
    bettor_code = seats.code(bettors)
    straight = (pot >= config.pot_limit) | (seats.count(bettors, bettor_code) <= 1)  # R12
    first = seats.first_player(bettors, bettor_code, dealer_seat)  # R19
    if config.forced_blinds:  # V22, where R12 did not end the hand
        first = _forced_bets(
            config, ~straight, dealer_seat, stack, contributed, all_in, blind_bets, stake, in_hand
        )
        pot = contributed.sum(axis=0, dtype=np.int32)
        bettors = in_hand & ~all_in
        bettor_code = seats.code(bettors)
        straight |= (pot >= config.pot_limit) | (seats.count(bettors, bettor_code) <= 1)
    winnings = np.zeros((players, rows), dtype=np.int32)
    if straight.any():  # numpy only: pay out just the tables that R12 ends
        ended = np.flatnonzero(straight)
        winnings[:, ended] = payout(
            contributed[:, ended],
            in_hand[:, ended],
            all_in[:, ended],
            strength[:, ended],
            dealer_seat[ended],
            np.full(ended.size, -1),
        )
        if config.open_flush:  # V16: R12's showdown too
            winnings[:, ended] = open_flush_payout(
                config,
                winnings[:, ended],
                contributed[:, ended],
                in_hand[:, ended],
                all_in[:, ended],
                strength[:, ended],
                dealer_seat[ended],
                keys[ended],
                hand_index[ended],
            )
    stack = stack + winnings
    pot = np.where(straight, 0, pot).astype(np.int32)
    actor = np.where(straight, -1, first).astype(np.int32)
    phase = np.where(straight, PHASE_OVER, PHASE_BETTING).astype(np.int8)
    mask = legal_mask(config, phase, actor, stake, stack, in_hand, seen, all_in, blind_bets)
    arrays: dict[str, Any] = {
        "seat_stack": stack,
        "seat_contributed": contributed,
        "seat_in_hand": in_hand,
        "seat_seen": seen,
        "seat_all_in": all_in,
        "seat_blind_bets": blind_bets,
        "seat_strength": strength,
        "seat_start_stack": start,
        "seat_rewards": ((stack - start) * straight).astype(np.int32),
        "seat_winnings": winnings,
        "seat_turns": np.zeros((players, rows), dtype=np.int32),
        "seat_stake_bets": np.zeros((players, rows), dtype=np.int32),
        "pot": pot,
        "stake": stake,
        "dealer": dealer_seat,
        "current_player": actor,
        "phase": phase,
        "asker": np.full(rows, -1, dtype=np.int32),
        "ending": np.where(straight, ENDING_SHOWDOWN, ENDING_NONE).astype(np.int8),
        "terminated": straight,
        "table_key": keys,
        "hand_index": hand_index.astype(np.int32),
        "history_length": np.zeros(rows, dtype=np.int32),
        "cards": cards,
        "legal_action_mask": mask,
        "history_base": np.zeros((rows, 1), dtype=np.int8),
        "history_base_length": np.zeros(rows, dtype=np.int32),
    }
    if config.draws:  # V20: nothing drawn yet
        arrays["seat_drawn"] = np.zeros((players, rows), dtype=np.int32)
    frozen: dict[str, Any] = {name: freeze(array) for name, array in arrays.items()}
    return BatchState(**frozen)
