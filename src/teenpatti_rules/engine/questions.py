"""The table's shared questions: whose turn, who can still bet, what a seat may do now.

Each rule-level question is one named function here, used by the reducer
(:mod:`teenpatti_rules.engine.reducer`), by :func:`~teenpatti_rules.engine.legal_actions`,
by the automatic players and by the views, so no rule is ever derived twice.
Each legality question is written once, as a ``*_refusal`` function that returns None
when the action is allowed and otherwise a :class:`~.refusals.Refusal` (a stable code,
the rule id and the values of its sentence). The ``may_*`` predicates (``refusal is
None``) and the ``why_not_*`` sentences are derived from them; the sentence is rendered
only when it is read, and the reducer puts the refusal's code, rule and sentence in its
:class:`~teenpatti_rules.errors.IllegalActionError`.

All functions take a :class:`~teenpatti_rules.state.State` in a hand (phase
BETTING or SIDESHOW) unless they say otherwise, and seats are valid seat numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..sizing import BET_SIZINGS, BetRange
from ..state import Phase, Seat, State
from .drawing import draw_options, draw_refusal, draws_made, may_draw, why_not_draw
from .refusals import Refusal, Refuser, refuse, refused, sentence_of

__all__ = [
    "accept_refusal",
    "all_in_refusal",
    "bet_amounts",
    "bet_range",
    "bet_refusal",
    "bettors",
    "draw_options",
    "draw_refusal",
    "draws_made",
    "first_player",
    "hand_boot",
    "is_out_of_blind_bets",
    "is_seat",
    "listed_amounts",
    "look_refusal",
    "may_accept",
    "may_all_in",
    "may_draw",
    "may_look",
    "may_show",
    "may_sideshow",
    "minimum_bet",
    "next_bettor",
    "next_player",
    "players_in_hand",
    "previous_player",
    "reached_pot_limit",
    "show_cost",
    "show_refusal",
    "sideshow_range",
    "sideshow_refusal",
    "sideshow_target",
    "stake_after_bet",
    "why_not_accept",
    "why_not_all_in",
    "why_not_bet",
    "why_not_draw",
    "why_not_look",
    "why_not_show",
    "why_not_sideshow",
]


def is_seat(state: State, value: object) -> bool:
    """Whether ``value`` is a seat number of ``state``'s table: an int (not a bool) in
    ``0..len(state.seats) - 1``. Any state.
    """
    return type(value) is int and 0 <= value < len(state.seats)


def can_still_bet(seat: Seat) -> bool:
    """Whether a seat is in the hand and not all-in: it has chips to bet (R19, R21, R40)."""
    return seat.in_hand and not seat.all_in


def players_in_hand(state: State) -> list[int]:
    """Seats still in the hand (not packed; all-in players included), ascending."""
    return [i for i, seat in enumerate(state.seats) if seat.in_hand]


def bettors(state: State) -> list[int]:
    """Seats that can still bet: in the hand and not all-in (R40), ascending."""
    return [i for i, seat in enumerate(state.seats) if seat.in_hand and not seat.all_in]


def _nearest_bettor(seats: Sequence[Seat], start: int, step: int, count: int) -> int | None:
    """The first of ``count`` seats from ``start + step`` on, going ``step`` (+1 left,
    -1 right) round the table, that can still bet; None if none can.
    """
    n = len(seats)
    for offset in range(1, count + 1):
        other = (start + step * offset) % n
        if seats[other].in_hand and not seats[other].all_in:
            return other
    return None


def next_player(state: State, seat: int) -> int | None:
    """The nearest seat to the left of ``seat`` that can still bet (R19, R31).

    :returns: that seat, or None if no other seat can bet.
    """
    return _nearest_bettor(state.seats, seat, 1, len(state.seats) - 1)


def next_bettor(seats: Sequence[Seat], seat: int) -> int | None:
    """:func:`next_player` from the seats alone (for a state still being built): the
    nearest seat to the left of seat number ``seat`` in ``seats`` that can still bet
    (R19, R31), or None if no other seat can.
    """
    return _nearest_bettor(seats, seat, 1, len(seats) - 1)


def previous_player(state: State, seat: int) -> int | None:
    """The previous player of ``seat`` (R21): the nearest seat to the right that is
    still in the hand and not all-in. Seat order, not who acted last.

    :returns: that seat, or None if no other seat can bet.
    """
    return _nearest_bettor(state.seats, seat, -1, len(state.seats) - 1)


def sideshow_target(state: State, seat: int) -> int | None:
    """Whom ``seat`` would ask for a sideshow: its previous player (R21, R30), or under
    ``sideshow_target="next"`` its next player (V17: the nearest seat to the left still
    in the hand and not all-in).

    :returns: that seat, or None if no other seat can bet.
    """
    if state.rules.sideshow_target == "next":
        return next_player(state, seat)
    return previous_player(state, seat)


def hand_boot(state: State) -> int:
    """The boot of the current (or last) hand, also its opening stake: ``Rules.boot``, or
    the ``boot_schedule``'s boot for this hand number (R9, R11, V18). Any state.
    """
    return state.rules.boot_of_hand(max(state.hand_number, 1))


def first_player(state: State) -> int | None:
    """The first to act in a hand (R19): the first seat to the dealer's left that can
    still bet, the dealer last.

    :returns: that seat, or None if nobody can bet.
    """
    return _nearest_bettor(state.seats, state.dealer, 1, len(state.seats))


def reached_pot_limit(state: State) -> bool:
    """Whether the pot is at or past the pot limit, when one is set (R12, R37, R38)."""
    limit = state.rules.pot_limit
    return limit is not None and state.pot >= limit


def minimum_bet(state: State, seat: int) -> int:
    """The minimum bet of ``seat`` in chips: the stake if blind, twice the stake if seen (R24)."""
    return state.stake if not state.seats[seat].seen else 2 * state.stake


def stake_after_bet(seen: bool, amount: int) -> int:
    """The stake after a bet of ``amount`` chips: ``amount`` if blind, half of it if seen (R24)."""
    return amount // 2 if seen else amount


def is_out_of_blind_bets(state: State, seat: int) -> bool:
    """Whether ``seat`` is blind and has made ``max_blind_bets`` blind bets (R23, V5)."""
    player = state.seats[seat]
    limit = state.rules.max_blind_bets
    return not player.seen and limit is not None and player.blind_bets >= limit


def bet_range(state: State, seat: int) -> BetRange:
    """Every amount ``seat`` may bet now, as a :class:`~.sizing.BetRange` (R23–R25, V3,
    V4); ignores whose turn it is.

    The table's bet sizing (``Rules.bet_sizing``: :mod:`teenpatti_rules.sizing`)
    gives the amounts from the minimum bet; each must fit the stack (a bet that
    empties it is a full bet, R25) and keep the stake within ``stake_limit`` (V4).
    Empty while blind and out of blind bets (R23).
    """
    player = state.seats[seat]
    low = minimum_bet(state, seat)
    if is_out_of_blind_bets(state, seat):
        return BetRange(low, low - 1)
    rules = state.rules
    amounts = BET_SIZINGS[rules.bet_sizing].amounts(rules, low, player.seen, player.stack)
    most = player.stack
    limit = rules.stake_limit
    if limit is not None:  # the stake after a bet is the amount if blind, half of it if seen
        most = min(most, 2 * limit + 1 if player.seen else limit)
    return amounts.capped(most)


def listed_amounts(state: State, amounts: BetRange) -> tuple[int, ...]:
    """The amounts of ``amounts`` that :func:`~teenpatti_rules.engine.legal_actions`
    lists: all of them, except under ``bet_sizing="no_limit"`` (V3), where only the
    minimum, twice the minimum and the largest are listed (every amount of the range
    is still legal). An empty range lists nothing, whatever the sizing.
    """
    if amounts.high < amounts.low and amounts.also is None:  # empty (``not amounts``)
        return ()
    return BET_SIZINGS[state.rules.bet_sizing].listed(amounts)


def bet_amounts(state: State, seat: int) -> tuple[int, ...]:
    """Every amount of :func:`bet_range`, ascending: only for sizings with few amounts
    (all but no-limit); prefer :func:`bet_range` and ``in``.
    """
    return tuple(bet_range(state, seat))


def show_cost(state: State, seat: int) -> int:
    """What a show costs ``seat``: its minimum bet (R34), times ``show_cost_multiplier`` (V2)."""
    return minimum_bet(state, seat) * state.rules.show_cost_multiplier


def sideshow_range(state: State, seat: int, bets: BetRange | None = None) -> BetRange:
    """Every chaal with which ``seat`` may ask for a sideshow now (R30); empty if none.

    Needs a seen asker, at least three players in the hand and a seen previous
    player (:func:`may_sideshow`); the amount is a legal seen bet that leaves at least
    one chip behind.

    :param bets: ``bet_range(state, seat)`` when the caller has it already.
    """
    if sideshow_refusal(state, seat, refuse=refused) is not None:
        return BetRange(1, 0)
    # Every seen amount is even except a whole-stack bet, which is cut here: so a split
    # sideshow's chaal (V17) is always even.
    bets = bet_range(state, seat) if bets is None else bets
    return bets.capped(state.seats[seat].stack - 1)


# --- legality: one refusal function per question ----------------------------------
#
# Each ``*_refusal`` function is the one source of its rule: None when the action is
# allowed, else a Refusal (code, rule id, values) built by its ``refuse`` argument (a
# Refuser: refuse by default; refused, which builds nothing, when only "may it?" is
# asked). ``may_*`` is ``refusal is None`` (with refused) and ``why_not_*`` the
# refusal's sentence, both derived here.


def look_refusal(state: State, seat: int, *, refuse: Refuser = refuse) -> Refusal | None:
    """None if ``seat`` may look now: a hand is in play and it is in it, blind and not
    all-in (R22, R28). Any phase.

    :param refuse: builds the refusal (:func:`~.refusals.refuse`); :func:`~.refusals.refused`
        when only the yes/no matters (no record is built).
    """
    phase = state.phase
    if phase is not Phase.BETTING and phase is not Phase.SIDESHOW:
        return refuse("no_hand", "R22")
    player = state.seats[seat]
    if not player.in_hand:
        return refuse("not_in_hand")
    if player.seen:
        return refuse("already_seen")
    if player.all_in:
        return refuse("all_in")
    return None


def bet_refusal(
    state: State, seat: int, amount: object, *, refuse: Refuser = refuse
) -> Refusal | None:
    """None if ``seat`` (the actor) may bet ``amount`` chips: an amount of its
    :func:`bet_range` (R23–R25, V3, V4).

    :param refuse: builds the refusal (:func:`~.refusals.refuse`); :func:`~.refusals.refused`
        when only the yes/no matters (no record is built).
    """
    amounts = bet_range(state, seat)
    if amount in amounts:  # an exact int (BetRange refuses bools and int subclasses)
        return None
    if is_out_of_blind_bets(state, seat):
        return refuse("blind_bet_limit", "R23", limit=state.rules.max_blind_bets)
    player = state.seats[seat]
    if not amounts:
        return refuse("stack_short", low=minimum_bet(state, seat), stack=player.stack)
    status = "seen" if player.seen else "blind"
    return refuse("amount", amount=amount, status=status, options=amounts.describe())


def all_in_refusal(state: State, seat: int, *, refuse: Refuser = refuse) -> Refusal | None:
    """None if ``seat`` (the actor) may go all-in: its stack is short of its minimum
    bet and it has blind bets left (R26, R27).

    :param refuse: builds the refusal (:func:`~.refusals.refuse`); :func:`~.refusals.refused`
        when only the yes/no matters (no record is built).
    """
    if is_out_of_blind_bets(state, seat):
        return refuse("blind_bet_limit", "R27")
    low = minimum_bet(state, seat)
    stack = state.seats[seat].stack
    if stack >= low:
        return refuse("stack_covers_bet", stack=stack, low=low)
    return None


def show_refusal(state: State, seat: int, *, refuse: Refuser = refuse) -> Refusal | None:
    """None if ``seat`` (the actor) may ask for a show: exactly two players in the hand,
    not seen against blind, blind bets left, and it can pay the show's cost (R33–R36, V2).

    :param refuse: builds the refusal (:func:`~.refusals.refuse`); :func:`~.refusals.refused`
        when only the yes/no matters (no record is built).
    """
    in_hand = players_in_hand(state)
    if len(in_hand) != 2:
        return refuse("show_players", count=len(in_hand))
    player = state.seats[seat]
    opponent = in_hand[0] if in_hand[1] == seat else in_hand[1]
    if player.seen and not state.seats[opponent].seen:
        return refuse("seen_against_blind", opponent=opponent)
    if is_out_of_blind_bets(state, seat):
        return refuse("blind_bet_limit", "R36")
    cost = show_cost(state, seat)
    if cost > player.stack:
        return refuse("show_cost", cost=cost, stack=player.stack)
    return None


def sideshow_refusal(
    state: State, seat: int, amount: object = None, *, refuse: Refuser = refuse
) -> Refusal | None:
    """None if ``seat`` (the actor) may ask for a sideshow (with a chaal of ``amount``
    chips, if given): it is seen, at least three players are in the hand, the player
    it would ask (:func:`sideshow_target`) is seen, and the chaal is a legal seen bet
    that leaves a chip behind (R30, R33, V17).

    :param refuse: builds the refusal (:func:`~.refusals.refuse`); :func:`~.refusals.refused`
        when only the yes/no matters (no record is built).
    """
    player = state.seats[seat]
    if not player.seen:
        return refuse("sideshow_blind")
    count = len(players_in_hand(state))
    if count < 3:
        return refuse("sideshow_players", count=count)
    target = sideshow_target(state, seat)
    if target is None:
        return refuse("no_bettor")
    if not state.seats[target].seen:
        rule = "V17" if state.rules.sideshow_target == "next" else "R30"
        return refuse("target_blind", rule, target=target)
    if amount is None:
        return None
    refusal = bet_refusal(state, seat, amount, refuse=refuse)
    if refusal is not None:
        return refusal
    assert type(amount) is int
    if amount >= player.stack:
        return refuse("sideshow_empties_stack", amount=amount)
    return None


def accept_refusal(state: State, seat: int, *, refuse: Refuser = refuse) -> Refusal | None:
    """None if ``seat`` (the asked player) may accept the pending sideshow: always,
    except under ``sideshow_split``, where accepting pays half the chaal and needs a
    stack above it (V17).

    :param refuse: builds the refusal (:func:`~.refusals.refuse`); :func:`~.refusals.refused`
        when only the yes/no matters (no record is built).
    """
    request = state.sideshow
    if request is None or not state.rules.sideshow_split:
        return None
    half = request.amount // 2
    stack = state.seats[seat].stack
    if stack <= half:
        return refuse("accept_cost", half=half, stack=stack)
    return None


# --- derived: predicates and sentences -------------------------------------------------


def may_look(state: State, seat: int) -> bool:
    """Whether ``seat`` may look now (:func:`look_refusal` is None; R22, R28)."""
    return look_refusal(state, seat, refuse=refused) is None


def may_all_in(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may go all-in (:func:`all_in_refusal`; R26, R27)."""
    return all_in_refusal(state, seat, refuse=refused) is None


def may_show(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may ask for a show (:func:`show_refusal`; R33–R36)."""
    return show_refusal(state, seat, refuse=refused) is None


def may_sideshow(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may ask for a sideshow at all
    (:func:`sideshow_refusal` without an amount; R30, R33, V17). Which chaals:
    :func:`sideshow_range`.
    """
    return sideshow_refusal(state, seat, refuse=refused) is None


def may_accept(state: State, seat: int) -> bool:
    """Whether ``seat`` (the asked player) may accept the pending sideshow
    (:func:`accept_refusal`; V17).
    """
    return accept_refusal(state, seat, refuse=refused) is None


def why_not_look(state: State, seat: int) -> str | None:
    """None if ``seat`` may look now, else why not in words (:func:`look_refusal`)."""
    return sentence_of(look_refusal(state, seat))


def why_not_bet(state: State, seat: int, amount: object) -> str | None:
    """None if ``seat`` may bet ``amount``, else why not in words (:func:`bet_refusal`)."""
    return sentence_of(bet_refusal(state, seat, amount))


def why_not_all_in(state: State, seat: int) -> str | None:
    """None if ``seat`` may go all-in, else why not in words (:func:`all_in_refusal`)."""
    return sentence_of(all_in_refusal(state, seat))


def why_not_show(state: State, seat: int) -> str | None:
    """None if ``seat`` may ask for a show, else why not in words (:func:`show_refusal`)."""
    return sentence_of(show_refusal(state, seat))


def why_not_sideshow(state: State, seat: int, amount: object = None) -> str | None:
    """None if ``seat`` may ask for a sideshow (with ``amount``), else why not in words
    (:func:`sideshow_refusal`).
    """
    return sentence_of(sideshow_refusal(state, seat, amount))


def why_not_accept(state: State, seat: int) -> str | None:
    """None if ``seat`` may accept the pending sideshow, else why not in words
    (:func:`accept_refusal`).
    """
    return sentence_of(accept_refusal(state, seat))
