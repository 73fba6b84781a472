"""One action at every table at once: the transition of the batch engine (R20–R41).

:func:`advance` is written in array style: every table takes the same path through
the code and the action's effect is selected with masks, so the same function could
be traced by JAX. The numpy-only shortcut (paying out only the tables whose
hand ended) branches on a whole-batch aggregate, never on one table's values.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..encoding import ActionId
from ..rules import Rules
from .codes import (
    ENDING_PACKED,
    ENDING_SHOW,
    ENDING_SHOWDOWN,
    ENDING_TABLE_SHOW,
    ENDING_TURN_LIMIT,
    PHASE_BETTING,
    PHASE_OVER,
    PHASE_SIDESHOW,
)
from .config import NO_LIMIT, SIZING_DOUBLE, TableConfig
from .draws import draw_cards, draw_counts, undealt_start
from .history import push
from .mask import legal_mask
from .seats import at_index, at_seat, one_hot, seat_index, seating
from .showdown import open_flush_payout, payout
from .sizing import bet_ids, named_amounts
from .state import BatchState, freeze

__all__ = ["advance"]

Array = NDArray[Any]

# The action ids as plain ints: numpy compares an array with an int at once, while an
# IntEnum member costs it a search of the enum class's attributes (four times as long).
_PACK, _LOOK, _CHAAL, _RAISE = (
    int(ActionId.PACK),
    int(ActionId.LOOK),
    int(ActionId.CHAAL),
    int(ActionId.RAISE),
)
_SIDESHOW, _SIDESHOW_RAISE = int(ActionId.SIDESHOW), int(ActionId.SIDESHOW_RAISE)
_SHOW, _ALL_IN = int(ActionId.SHOW), int(ActionId.ALL_IN)
_ACCEPT, _REFUSE = int(ActionId.ACCEPT), int(ActionId.REFUSE)


def _every_bettor_reached(no_bettor: Array, counts: Array, limit: int) -> Array:
    """Per table (``(n,)``): every seat that may still bet has ``counts`` at ``limit`` or
    more (V14, V15). A limit of ``NO_LIMIT`` is never reached: its comparison is left
    out, so only a table with no bettor at all answers True.
    """
    done = no_bettor if limit == NO_LIMIT else no_bettor | (counts >= limit)
    return np.asarray(done.all(axis=0))


def advance(
    config: TableConfig, state: BatchState, actions: Array, rules: Rules | None = None
) -> BatchState:
    """The state after each table's actor plays ``actions[i]``; ``state`` is unchanged.

    Tables whose hand is already over ignore their action and keep their arrays,
    with ``rewards`` set to zero. The actions must be legal (the caller checks).

    - LOOK: the actor is seen; the turn stays (R22).
    - PACK: the actor leaves the hand (R29).
    - CHAAL / RAISE: the actor bets the minimum or twice it; the stake becomes the
      amount if blind, half of it if seen (R24); a blind bet counts (R23); a bet that
      empties the stack makes the actor all-in (R25).
    - Under V3's ``"range"`` and ``"no_limit"`` sizings every bet and sideshow id
      bets the amount it names (:func:`~teenpatti_rules.batch.sizing.named_amounts`).
    - ALL_IN: the actor's whole stack goes in; the stake stays (R26).
    - SHOW: the actor pays the show cost (R34, V2); the better hand wins, the asker
      losing a tie (R35); if the payment reaches the pot limit, an ordinary showdown
      instead (R38).
    - SIDESHOW / SIDESHOW_RAISE: the actor pays the chaal, which sets the stake, and
      asks its previous player (R30); reaching the pot limit cancels the request
      and ends in a showdown (R38).
    - ACCEPT: the lower hand packs, the asker on a tie (R31). REFUSE: nothing more.
    - DRAW ids (V20): the actor pays ``draw_price`` a card and the discarded cards'
      places get the next cards of the rest of the deck, in order
      (:func:`~teenpatti_rules.batch.draws.draw_cards`); the stake stays; a turn for
      V15 and R37, not a bet for V14.
    - After a pack, bet, all-in or answer: one player left wins the pot (R39); a
      bet or all-in that brings the pot to the limit ends in a showdown (R37); at most
      one player able to bet ends in a showdown (R40); else the turn passes left of
      the actor (of the asker, after an answer) (R19, R31). Then V14 (every bettor
      made ``table_show_after`` bets at the stake) and V15 (every bettor took
      ``max_turns`` betting actions) end in a showdown.
    - A hand that ends is paid out by side-pot slices with ties split and odd
      chips from the dealer's left (R18, R41).

    :param config: the table's numbers.
    :param state: the batch state.
    :param actions: integer ``(n,)`` action ids, legal where the hand is in play.
    :param rules: the table's rules: needed on a draw table (V20), for the strengths
        of the new hands.
    :returns: the new :class:`~teenpatti_rules.batch.state.BatchState`.
    """
    players = config.players
    live = ~state.terminated
    act = np.where(live, actions, -1)
    actor = np.maximum(state.current_player, 0)
    actor_seat = one_hot(actor, players) & live  # (P, n)
    actor_at = seat_index(actor, actor.shape[0])
    seen_a = at_index(state.seat_seen, actor_at)
    stack_a = at_index(state.seat_stack, actor_at)
    low = state.stake << seen_a  # R24: the stake if blind, twice it if seen

    is_pack = act == _PACK
    is_look = act == _LOOK
    if config.bet_sizing == SIZING_DOUBLE:
        is_bet = (act == _CHAAL) | (act == _RAISE)
        is_ask = (act == _SIDESHOW) | (act == _SIDESHOW_RAISE)
        named = None
    else:  # V3: the amount each id names (the encoding's alphabet)
        chaal_ids, ask_ids = bet_ids(config)
        is_bet = np.isin(act, chaal_ids)
        is_ask = np.isin(act, ask_ids)
        named = named_amounts(config, low, seen_a, stack_a, act)
    is_show = act == _SHOW
    is_all_in = act == _ALL_IN
    is_accept = act == _ACCEPT
    is_answer = is_accept | (act == _REFUSE)
    doubled = (act == _RAISE) | (act == _SIDESHOW_RAISE)
    chaal = is_bet | is_ask
    # V20: the cards each table's actor draws (0 for every other action).
    drew = draw_counts(config)[np.maximum(act, 0)] * live if config.draws else None
    is_draw: Array | bool = False if drew is None else drew > 0

    # What the actor pays, and the stake after it (R23–R26, R30, R34).
    bet = (low << doubled) if named is None else named
    amount = bet * chaal + (low * config.show_cost_multiplier) * is_show + stack_a * is_all_in
    if drew is not None:
        amount = amount + drew * config.draw_price  # V20: leaves a chip (legal ids)
    stake = np.where(chaal, amount >> seen_a, state.stake)
    paid_by_asker = None
    if config.sideshow_split:  # V17: each pays half the chaal (it is even)
        half = state.stake  # the pending chaal's half: its request set the stake to it
        amount = np.where(is_ask, amount >> 1, amount) + half * is_accept
        paid_by_asker = half * (act == _REFUSE)  # refused: the asker's other half
    amount = amount.astype(np.int32, copy=False)
    paid = actor_seat * amount
    if paid_by_asker is not None:
        paid = paid + (one_hot(np.maximum(state.asker, 0), players) & live) * paid_by_asker
        amount = amount + paid_by_asker
    stack = state.seat_stack - paid
    contributed = state.seat_contributed + paid
    pot = state.pot + amount
    at_limit = pot >= config.pot_limit
    all_in = state.seat_all_in | (actor_seat & (stack == 0))
    blind_bets = state.seat_blind_bets + (actor_seat & (is_bet & ~seen_a))
    seen = state.seat_seen | (actor_seat & is_look)
    # V15: betting actions taken; V14: bets at the stake, all reset when it changes.
    turns = state.seat_turns + (
        actor_seat & (is_pack | is_bet | is_all_in | is_show | is_ask | is_draw)
    )
    changed = chaal & (stake != state.stake)
    stake_bets = np.where(changed, 0, state.seat_stake_bets + (actor_seat & chaal & ~changed))

    # V20: the drawers' new cards and strengths.
    cards, strength, drawn = state.cards, state.seat_strength, state.seat_drawn
    if drew is not None:
        assert drawn is not None and rules is not None
        if isinstance(is_draw, np.ndarray) and is_draw.any():  # numpy: only those tables
            rows = np.flatnonzero(is_draw)
            seats_drawing = actor[rows]
            new_cards, new_strength = draw_cards(
                config,
                rules,
                state.table_key[rows],
                state.hand_index[rows],
                cards[rows, seats_drawing],
                act[rows],
                undealt_start(config, drawn.take(rows, axis=1)),
            )
            cards = cards.copy()
            cards[rows, seats_drawing] = new_cards
            strength = strength.copy()
            strength[seats_drawing, rows] = new_strength
        drawn = (drawn + actor_seat * drew).astype(np.int32, copy=False)

    # Who leaves the hand: the packer (R29), the loser of an accepted sideshow (R31).
    asker = np.maximum(state.asker, 0)
    asker_wins = at_seat(strength, asker) > at_index(strength, actor_at)
    loser = np.where(asker_wins, actor, asker)
    # V17 split: the asked player's half reaching the pot limit cancels the comparison.
    compared = is_accept
    if config.sideshow_split:
        compared = is_accept & ~at_limit
    leaves = (actor_seat & is_pack) | (one_hot(loser, players) & compared)
    in_hand = state.seat_in_hand & ~leaves

    # What comes next (R37–R40, then the turn).
    seats = seating(players)
    bettors = in_hand & ~all_in
    bettor_code = seats.code(bettors)
    count = seats.count(in_hand, seats.code(in_hand))
    turn = is_pack | is_bet | is_all_in | is_answer | is_draw
    last_one = turn & (count == 1)  # R39
    few_bettors = seats.count(bettors, bettor_code) <= 1
    paying = is_bet | is_all_in | is_draw  # R37 (V20: a draw's payment too)
    if paid_by_asker is not None:
        paying = paying | (paid_by_asker > 0)  # V17: a refused split sideshow's half
    showdown = (turn & ~last_one & ((paying & at_limit) | few_bettors)) | (
        (is_show | is_ask) & at_limit
    )  # R37, R40, R38
    if config.sideshow_split:
        showdown = showdown | (is_accept & at_limit)  # V17: the sideshow cancelled, R38
    show = is_show & ~at_limit  # R35
    more = turn & ~last_one & ~showdown  # then V14, then V15
    no_bettor = ~bettors
    table_show = more & _every_bettor_reached(no_bettor, stake_bets, config.table_show_after)
    turn_limit = more & ~table_show & _every_bettor_reached(no_bettor, turns, config.max_turns)
    ends = last_one | showdown | show | table_show | turn_limit
    pending = is_ask & ~at_limit  # R30
    left_of = np.where(is_answer, asker, actor)
    current = np.where(
        pending,
        (seats.next_player if config.ask_next else seats.previous_player)(  # R30, V17
            bettors, bettor_code, actor
        ),
        np.where(turn, seats.next_player(bettors, bettor_code, left_of), state.current_player),
    )
    current = np.where(ends, -1, current).astype(np.int32, copy=False)
    phase = np.where(pending, PHASE_SIDESHOW, np.where(is_answer, PHASE_BETTING, state.phase))
    phase = np.where(ends, PHASE_OVER, phase).astype(np.int8, copy=False)
    new_asker = np.where(pending, actor, np.where(is_answer | ends, -1, state.asker))
    ending = (
        state.ending
        + ENDING_PACKED * last_one
        + ENDING_SHOW * show
        + ENDING_SHOWDOWN * showdown
        + ENDING_TABLE_SHOW * table_show
        + ENDING_TURN_LIMIT * turn_limit
    ).astype(np.int8, copy=False)

    # Paying out the tables whose hand ended (R18, R35, R39, R41): the last player
    # takes the whole pot; shows and showdowns go by slices (numpy: only those tables).
    won = in_hand * (pot * last_one)
    contested = show | showdown | table_show | turn_limit
    if contested.any():
        rows = np.flatnonzero(contested)
        won[:, rows] = payout(
            contributed.take(rows, axis=1),
            in_hand.take(rows, axis=1),
            all_in.take(rows, axis=1),
            strength.take(rows, axis=1),
            state.dealer[rows],
            np.where(show[rows], actor[rows], -1),
        )
        if config.open_flush:  # V16: tied showdowns play open flushes (shows keep R35)
            flush = rows[~show[rows]]
            won[:, flush] = open_flush_payout(
                config,
                won[:, flush],
                contributed.take(flush, axis=1),
                in_hand.take(flush, axis=1),
                all_in.take(flush, axis=1),
                strength.take(flush, axis=1),
                state.dealer[flush],
                state.table_key[flush],
                state.hand_index[flush],
                None if drawn is None else drawn.take(flush, axis=1),
            )
    stack = stack + won
    pot = pot * ~ends
    rewards = (stack - state.seat_start_stack) * ends

    mask = legal_mask(
        config,
        phase,
        current,
        stake,
        stack,
        in_hand,
        seen,
        all_in,
        blind_bets,
        drawn,
        known=(count, bettors, bettor_code),
    )
    column = freeze(act.astype(np.int8, copy=False))  # NO_ACTION (-1) where the hand was over
    length = (state.history_length + live).astype(np.int32, copy=False)
    extra: dict[str, Any] = {}
    if drew is not None:  # V20
        extra.update(seat_drawn=drawn, seat_strength=strength, cards=cards)
    return state.replace(
        **extra,
        seat_stack=stack.astype(np.int32, copy=False),
        seat_contributed=contributed,
        seat_in_hand=in_hand,
        seat_seen=seen,
        seat_all_in=all_in,
        seat_blind_bets=blind_bets.astype(np.int32, copy=False),
        seat_rewards=rewards.astype(np.int32, copy=False),
        seat_winnings=(state.seat_winnings + won).astype(np.int32, copy=False),
        seat_turns=turns.astype(np.int32, copy=False),
        seat_stake_bets=stake_bets.astype(np.int32, copy=False),
        pot=pot.astype(np.int32, copy=False),
        stake=stake.astype(np.int32, copy=False),
        current_player=current,
        phase=phase,
        asker=new_asker.astype(np.int32, copy=False),
        ending=ending,
        terminated=state.terminated | ends,
        history_length=length,
        legal_action_mask=mask,
        history_tail=push(state.history_tail, column),
    )
