"""The legal-action mask of the actor at every table (R20–R36, V2, V4, V5).

One boolean per id of the action alphabet, for ``current_player`` only (the
sequential convention: looks by other blind players, R22, are not offered).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..encoding import FIXED_ACTIONS
from .codes import PHASE_BETTING, PHASE_SIDESHOW
from .config import SIZING_DOUBLE, TableConfig
from .draws import draw_columns
from .seats import at_index, at_seat, one_hot, seat_index, seating
from .sizing import bet_ids, id_amounts

__all__ = ["legal_mask"]

Array = NDArray[Any]


def legal_mask(
    config: TableConfig,
    phase: Array,
    current: Array,
    stake: Array,
    stack: Array,
    in_hand: Array,
    seen: Array,
    all_in: Array,
    blind_bets: Array,
    drawn: Array | None = None,
    *,
    known: tuple[Array, Array, Array] | None = None,
) -> Array:
    """``bool`` ``(n, A)`` (``A`` = ``config.actions``): the ids the actor may play
    now; all True where the hand is over.

    - PACK: the actor's turn (R29). LOOK: the actor is blind (R22; the turn stays).
    - CHAAL / RAISE: the minimum bet (the stake if blind, twice it if seen) or twice
      that, if it fits the stack (R24, R25), the blind-bet limit allows it (R23, V5)
      and the stake after it stays within ``stake_limit`` (V4).
    - ALL_IN: the stack is below the minimum bet, and the actor is not blind and out
      of blind bets (R26, R27).
    - SHOW: exactly two players in the hand, not seen against blind, not out of blind
      bets, and the cost (the minimum bet times ``show_cost_multiplier``) fits (R33–R36, V2).
    - SIDESHOW / SIDESHOW_RAISE: a seen actor, three or more in the hand, a seen previous
      player (R21), the chaal legal and leaving a chip behind (R30).
    - ACCEPT / REFUSE: a sideshow is pending; the actor is the asked player (R31);
      under ``sideshow_split`` accepting pays half the chaal (the stake), so it needs a
      stack above it (V17).
    - Under V3's ``"range"`` and ``"no_limit"`` sizings, the bet and sideshow ids
      (CHAAL, RAISE, SIDESHOW, SIDESHOW_RAISE and the appended ones) are legal when
      they name an amount (:func:`~teenpatti_rules.batch.sizing.id_amounts`) and the
      conditions above on betting and asking hold.
    - DRAW ids (V20, the last ``len(config.draws)`` ids): a seen actor on its turn
      whose cards drawn this hand plus the id's count stay within ``max_draws``,
      whose stack stays above the price of the cards, and whose deck has that many
      cards left (:func:`~teenpatti_rules.engine.questions.draw_refusal`).

    :param config: the table's numbers.
    :param phase: ``(n,)`` phase codes (see :mod:`teenpatti_rules.batch.state`).
    :param current: ``(n,)`` the seat to act (``-1`` or any seat where the hand is over).
    :param stake: ``(n,)`` the stake.
    :param stack: seat-major ``(P, n)``; ``in_hand``, ``seen``, ``all_in``: ``bool``
        ``(P, n)``; ``blind_bets``: ``(P, n)``.
    :param drawn: seat-major ``(P, n)`` cards drawn this hand (V20), or None for none.
    :param known: ``(count, bettors, bettor_code)`` when the caller has them: how many
        seats are in the hand, ``in_hand & ~all_in`` and its code
        (:meth:`~teenpatti_rules.batch.seats.Seating.code`); else computed here.
    """
    players = config.players
    actor = np.maximum(current, 0)
    betting = phase == PHASE_BETTING
    sideshow = phase == PHASE_SIDESHOW
    over = ~(betting | sideshow)
    actor_seat = one_hot(actor, players)
    actor_at = seat_index(actor, actor.shape[0])
    seen_a = at_index(seen, actor_at)
    stack_a = at_index(stack, actor_at)
    out_of_blind = ~seen_a & (at_index(blind_bets, actor_at) >= config.max_blind_bets)
    low = stake << seen_a  # R24: the stake if blind, twice it if seen
    high = 2 * low
    # The stake after the bet (R24: the amount if blind, half of it if seen) is the
    # stake after the minimum bet, twice it after the raise.
    may_bet = betting & ~out_of_blind
    chaal = may_bet & (low <= stack_a) & (stake <= config.stake_limit)
    raise_ = may_bet & (high <= stack_a) & (2 * stake <= config.stake_limit)
    all_in_ok = may_bet & (stack_a < low)
    seats = seating(players)
    if known is None:
        bettors = in_hand & ~all_in
        known = (seats.count(in_hand, seats.code(in_hand)), bettors, seats.code(bettors))
    count, bettors, bettor_code = known
    blind_opponent = (in_hand & ~seen & ~actor_seat).any(axis=0)
    show = (
        may_bet
        & (count == 2)
        & ~(seen_a & blind_opponent)
        & (low * config.show_cost_multiplier <= stack_a)
    )
    ask = seats.next_player if config.ask_next else seats.previous_player  # R30, V17
    target = ask(bettors, bettor_code, actor)
    target_seen = at_seat(seen, np.maximum(target, 0)) & (target >= 0)
    may_ask = betting & seen_a & (count >= 3) & target_seen
    columns = (  # in id order (ActionId)
        betting,  # PACK
        betting & ~seen_a,  # LOOK
        chaal,  # CHAAL
        raise_,  # RAISE
        may_ask & chaal & (low < stack_a),  # SIDESHOW
        may_ask & raise_ & (high < stack_a),  # SIDESHOW_RAISE
        show,  # SHOW
        all_in_ok,  # ALL_IN
        sideshow & (stack_a > stake) if config.sideshow_split else sideshow,  # ACCEPT (V17)
        sideshow,  # REFUSE
    )
    mask = np.stack(columns, axis=1)
    if config.bet_sizing != SIZING_DOUBLE:  # V3: the ids of the table's alphabet
        amounts = id_amounts(config, low, seen_a, stack_a, config.actions) > 0
        chaal_ids, ask_ids = bet_ids(config)
        wide = np.zeros((mask.shape[0], config.actions), dtype=bool)
        wide[:, :FIXED_ACTIONS] = mask
        wide[:, list(chaal_ids)] = amounts[:, list(chaal_ids)] & may_bet[:, None]
        wide[:, list(ask_ids)] = amounts[:, list(ask_ids)] & (may_ask & may_bet)[:, None]
        mask = wide
    if config.draws:  # V20: the DRAW ids, last in the alphabet
        mask = draw_columns(config, mask, betting & seen_a, stack_a, actor, drawn)
    result: Array = mask | over[:, None]
    return result
