"""The table's shared questions: whose turn, who can still bet, what a seat may do now.

Each rule-level question is one named function here, used by the reducer
(:mod:`teenpatti_rules.engine.reducer`), by :func:`~teenpatti_rules.engine.legal_actions`,
by the automatic players and by the views, so no rule is ever derived twice.
The functions that start with ``may_`` are the legality tests: plain predicates, cheap
enough for every step. The functions that start with ``why_not_`` return None when an
action is allowed and otherwise the reason in words; the reducer asks them only after a
predicate refused an action, and puts that reason in its
:class:`~teenpatti_rules.errors.IllegalActionError`.

All functions take a :class:`~teenpatti_rules.state.State` in a hand (phase
BETTING or SIDESHOW) unless they say otherwise, and seats are valid seat numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..events import Drew
from ..limits import short
from ..state import Phase, Seat, State
from .sizing import BET_SIZINGS, BetRange

__all__ = [
    "bet_amounts",
    "bet_range",
    "bettors",
    "draw_options",
    "draws_made",
    "first_player",
    "hand_boot",
    "is_out_of_blind_bets",
    "is_seat",
    "listed_amounts",
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
    "sideshow_range",
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

    The table's bet sizing (``Rules.bet_sizing``: :mod:`teenpatti_rules.engine.sizing`)
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
    is still legal).
    """
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
    if not may_sideshow(state, seat):
        return BetRange(1, 0)
    # Every seen amount is even except a whole-stack bet, which is cut here: so a split
    # sideshow's chaal (V17) is always even.
    bets = bet_range(state, seat) if bets is None else bets
    return bets.capped(state.seats[seat].stack - 1)


# --- legality: plain predicates ------------------------------------------------------


def may_look(state: State, seat: int) -> bool:
    """Whether ``seat`` may look now: a hand is in play and it is in it, blind and not
    all-in (R22, R28). Any phase. :func:`why_not_look` says why not.
    """
    phase = state.phase
    if phase is not Phase.BETTING and phase is not Phase.SIDESHOW:
        return False
    player = state.seats[seat]
    return player.in_hand and not player.seen and not player.all_in


def may_all_in(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may go all-in: its stack is short of its minimum bet
    and it has blind bets left (R26, R27). :func:`why_not_all_in` says why not.
    """
    if is_out_of_blind_bets(state, seat):
        return False
    return state.seats[seat].stack < minimum_bet(state, seat)


def may_show(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may ask for a show: exactly two players in the hand,
    not seen against blind, blind bets left, and it can pay the show's cost (R33–R36,
    V2). :func:`why_not_show` says why not.
    """
    in_hand = players_in_hand(state)
    if len(in_hand) != 2:
        return False
    player = state.seats[seat]
    opponent = in_hand[0] if in_hand[1] == seat else in_hand[1]
    if player.seen and not state.seats[opponent].seen:
        return False
    if is_out_of_blind_bets(state, seat):
        return False
    return show_cost(state, seat) <= player.stack


def may_sideshow(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may ask for a sideshow at all: it is seen, at least
    three players are in the hand, and the player it would ask (:func:`sideshow_target`)
    is seen (R30, R33, V17). Which chaals it may pay: :func:`sideshow_range`;
    :func:`why_not_sideshow` says why not.
    """
    if not state.seats[seat].seen:
        return False
    if len(players_in_hand(state)) < 3:
        return False
    target = sideshow_target(state, seat)
    return target is not None and state.seats[target].seen


def may_accept(state: State, seat: int) -> bool:
    """Whether ``seat`` (the asked player) may accept the pending sideshow: always,
    except under ``sideshow_split``, where accepting pays half the chaal and needs a
    stack above it (V17). :func:`why_not_accept` says why not.
    """
    request = state.sideshow
    if request is None or not state.rules.sideshow_split:
        return True
    return state.seats[seat].stack > request.amount // 2


def may_draw(state: State, seat: int) -> bool:
    """Whether ``seat`` (the actor) may draw at all (V20): a draw table, a seen player
    with draws left and a stack above the price of one card. Which cards it may
    discard: :func:`draw_options`; :func:`why_not_draw` says why not.
    """
    rules = state.rules
    price = rules.draw_price
    if price is None:
        return False
    player = state.seats[seat]
    if not player.seen or price >= player.stack:
        return False
    return rules.max_draws - draws_made(state, seat) >= 1


# --- reasons -----------------------------------------------------------------------


def why_not_look(state: State, seat: int) -> str | None:
    """None if ``seat`` may look now (R22, R28), else why not. Any phase."""
    if state.phase is not Phase.BETTING and state.phase is not Phase.SIDESHOW:
        return "no hand is in play"
    player = state.seats[seat]
    if not player.in_hand:
        return "it is not in the hand"
    if player.seen:
        return "it has already looked (once seen, always seen)"
    if player.all_in:
        return "it is all-in and takes no further action (R28)"
    return None


def why_not_bet(state: State, seat: int, amount: object) -> str | None:
    """None if ``seat`` (the actor) may bet ``amount`` chips, else why not (R23–R25, V3, V4)."""
    amounts = bet_range(state, seat)
    if amount in amounts:  # an exact int (BetRange refuses bools and int subclasses)
        return None
    player = state.seats[seat]
    if is_out_of_blind_bets(state, seat):
        return (
            f"it has made its {state.rules.max_blind_bets} blind bets and must look "
            "before betting (R23)"
        )
    if not amounts:
        return (
            f"its minimum bet is {minimum_bet(state, seat)} chips and it has only "
            f"{player.stack} (R25); it may go all-in or pack"
        )
    options = amounts.describe()
    status = "seen" if player.seen else "blind"
    return f"{amount!r} chips is not a legal {status} bet now; it may bet {options} (R24)"


def why_not_all_in(state: State, seat: int) -> str | None:
    """None if ``seat`` (the actor) may go all-in, else why not (R26, R27)."""
    if is_out_of_blind_bets(state, seat):
        return "it has used up its blind bets and must look first (R27)"
    low = minimum_bet(state, seat)
    stack = state.seats[seat].stack
    if stack >= low:
        return f"its stack of {stack} chips covers the minimum bet of {low}, so it must bet (R26)"
    return None


def why_not_show(state: State, seat: int) -> str | None:
    """None if ``seat`` (the actor) may ask for a show, else why not (R33–R36, V2)."""
    in_hand = players_in_hand(state)
    if len(in_hand) != 2:
        return f"{len(in_hand)} players are still in the hand and a show needs exactly 2 (R34)"
    player = state.seats[seat]
    opponent = in_hand[0] if in_hand[1] == seat else in_hand[1]
    if player.seen and not state.seats[opponent].seen:
        return (
            f"it is seen and seat {opponent} is blind; a seen player may not show a blind one (R36)"
        )
    if is_out_of_blind_bets(state, seat):
        return "it has used up its blind bets and must look before a show (R36)"
    cost = show_cost(state, seat)
    if cost > player.stack:
        return f"a show costs {cost} chips and it has only {player.stack} (R34)"
    return None


def why_not_sideshow(state: State, seat: int, amount: object = None) -> str | None:
    """None if ``seat`` (the actor) may ask for a sideshow (with ``amount`` chips, if
    given), else why not (R30, R33).
    """
    player = state.seats[seat]
    if not player.seen:
        return "it is blind; only a seen player may ask for a sideshow (R30)"
    in_hand = players_in_hand(state)
    if len(in_hand) < 3:
        return f"only {len(in_hand)} players are in the hand; with two it is a show (R33)"
    target = sideshow_target(state, seat)
    if target is None:
        return "no other player in the hand can still bet (R30)"
    if not state.seats[target].seen:
        if state.rules.sideshow_target == "next":
            return f"its next player, seat {target}, is blind and may not be asked (R30, V17)"
        return f"its previous player, seat {target}, is blind and may not be asked (R30)"
    if amount is None:
        return None
    reason = why_not_bet(state, seat, amount)
    if reason is not None:
        return reason
    assert type(amount) is int
    if amount >= player.stack:
        return (
            f"a chaal of {amount} would empty its stack; a sideshow must leave a chip behind (R30)"
        )
    return None


def why_not_accept(state: State, seat: int) -> str | None:
    """None if ``seat`` (the asked player) may accept the pending sideshow, else why not:
    under ``sideshow_split`` accepting pays half the chaal and needs a stack above it (V17).
    """
    request = state.sideshow
    if request is None or not state.rules.sideshow_split:
        return None
    half = request.amount // 2
    stack = state.seats[seat].stack
    if stack <= half:
        return (
            f"accepting costs {half} chips (half the chaal) and needs more than its {stack} (V17)"
        )
    return None


def draws_made(state: State, seat: int) -> int:
    """How many cards ``seat`` has drawn this hand (V20), from the hand's log."""
    return sum(e.count for e in state.events if isinstance(e, Drew) and e.seat == seat)


_ANY_CARDS: object = object()
"""The default of :func:`why_not_draw`'s ``cards``: the question is whether the seat
may draw at all (None is a ``Draw`` whose cards are None, refused)."""


def why_not_draw(state: State, seat: int, cards: object = _ANY_CARDS) -> str | None:
    """None if ``seat`` (the actor) may draw (discarding ``cards``, if given), else why
    not (V20): a seen player on a draw table, with draws left, a payment that leaves a
    chip, and enough cards left in the deck. ``cards`` that are not a sequence of
    distinct :class:`~teenpatti_rules.cards.Card` (None, text, a number) are refused.
    """
    rules = state.rules
    price = rules.draw_price
    if price is None:
        return "this table has no draws (Rules.draw_price is None) (V20)"
    player = state.seats[seat]
    if not player.seen:
        return "it is blind; only a seen player may draw (V20)"
    left = rules.max_draws - draws_made(state, seat)
    if left < 1:
        return f"it has drawn its {rules.max_draws} cards this hand (V20)"
    if price >= player.stack:
        return (
            f"a draw costs {price} chips a card and must leave a chip of its {player.stack} (V20)"
        )
    if cards is _ANY_CARDS:
        return None
    if not isinstance(cards, Sequence) or isinstance(cards, str):
        return f"the discarded cards must be a tuple of Card, not {short(cards)}"
    if len(cards) > rules.hand_size:
        return f"it holds {rules.hand_size} cards, so it may not discard {len(cards)} (V20)"
    count = len(cards)
    if not all(isinstance(card, Card) for card in cards) or count != len(set(cards)):
        return "the discarded cards must be distinct Cards"
    if count == 0:
        return "it must discard at least one card (V20)"
    if not set(cards) <= set(player.cards):
        if state.is_view and not player.cards:
            return "its cards are hidden in this state"
        return "it may discard only its own cards (V20)"
    if count > left:
        return (
            f"it may draw {left} more card{'s' if left != 1 else ''} this hand, not {count} (V20)"
        )
    if price * count >= player.stack:
        return (
            f"{count} cards cost {price * count} chips and must leave a chip of its "
            f"{player.stack} (V20)"
        )
    if count > state.deck_left:
        return f"only {state.deck_left} cards are left in the deck (V20)"
    return None


def draw_options(state: State, seat: int) -> list[tuple[Card, ...]]:
    """Every set of cards ``seat`` may discard now (V20), in the order of its cards,
    fewer cards first; empty if it may not draw.
    """
    if not may_draw(state, seat):
        return []
    from itertools import combinations

    own = state.seats[seat].cards
    options: list[tuple[Card, ...]] = []
    for count in range(1, len(own) + 1):
        for chosen in combinations(own, count):
            if why_not_draw(state, seat, chosen) is None:
                options.append(chosen)
    return options
