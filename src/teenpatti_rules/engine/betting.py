"""The turn actions: looking (not a turn), pack, bet, all-in, show, sideshow and its
answers, draw (R20–R36, V2, V3, V17, V20), and what comes next after a turn
(:func:`after_turn`: R39, R37, R40, V14, V15, or the turn passes left).

Each action kind has its record (re-exported by :mod:`teenpatti_rules.actions`, the
registry), a check (``check_*``: raises
:class:`~teenpatti_rules.errors.IllegalActionError` unless the action is legal, from the
refusal functions of :mod:`.questions`) and a handler that builds the next state.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import attrs

from ..action_text import ActionBase, cards_tuple
from ..cards import Card, format_cards
from ..events import (
    BetMade,
    Drew,
    HandEnding,
    Looked,
    Packed,
    ShowAsked,
    SideShowAccepted,
    SideShowAsked,
    SideShowHalfPaid,
    SideShowRefused,
    WentAllIn,
)
from ..records import evolve
from ..state import Phase, SideShowRequest, State
from .common import (
    Handler,
    check_seat,
    check_turn,
    checked,
    evolve_seat,
    evolve_state,
    pay_in,
    payment,
    reject,
    with_seat,
)
from .ending import finish_hand, showdown, showdown_strength
from .questions import (
    accept_refusal,
    all_in_refusal,
    bet_refusal,
    draw_refusal,
    look_refusal,
    next_bettor,
    players_in_hand,
    reached_pot_limit,
    show_cost,
    show_refusal,
    sideshow_refusal,
    sideshow_target,
    stake_after_bet,
)
from .refusals import refuse
from .triggers import Turn, ending_event, hand_ending

__all__ = [
    "HANDLERS",
    "accept_sideshow",
    "after_turn",
    "all_in",
    "bet",
    "check_answer",
    "draw",
    "look",
    "pack",
    "refuse_sideshow",
    "show",
    "sideshow",
]


# --- the records (re-exported by teenpatti_rules.actions, their public home) ----------


@attrs.frozen
class Look(ActionBase):
    """Look at one's cards: the player becomes seen (R22). Free; not a turn."""

    verb: ClassVar[str] = "look"
    doing: ClassVar[str] = "look"

    seat: int


@attrs.frozen
class Pack(ActionBase):
    """Leave the hand on one's turn; chips already in the pot stay there (R29)."""

    verb: ClassVar[str] = "pack"
    doing: ClassVar[str] = "pack"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class AllIn(ActionBase):
    """Put one's whole stack in when it is below the minimum bet (R26, R27)."""

    verb: ClassVar[str] = "all-in"
    doing: ClassVar[str] = "go all-in"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Show(ActionBase):
    """Ask for a show with exactly two players left, paying the minimum bet (R34–R36)."""

    verb: ClassVar[str] = "show"
    doing: ClassVar[str] = "show"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Bet(ActionBase):
    """A chaal: bet ``amount`` chips (R24, R25).

    :param seat: who bets.
    :param amount: chips: the minimum bet (stake if blind, twice the stake if
        seen) or, as a raise, twice the minimum.
    """

    verb: ClassVar[str] = "bet"
    doing: ClassVar[str] = "bet"
    turn_action: ClassVar[bool] = True
    argument: ClassVar[str] = "amount"

    seat: int
    amount: int


@attrs.frozen
class SideShow(ActionBase):
    """Pay a seen chaal of ``amount`` chips, then ask the previous player for a sideshow (R30).

    :param seat: who asks (seen, on their turn).
    :param amount: chips: any legal seen bet that leaves at least one chip behind.
    """

    verb: ClassVar[str] = "sideshow"
    doing: ClassVar[str] = "ask for a sideshow"
    turn_action: ClassVar[bool] = True
    argument: ClassVar[str] = "amount"

    seat: int
    amount: int


@attrs.frozen
class AcceptSideShow(ActionBase):
    """The asked player accepts a pending sideshow: the hands are compared privately (R31)."""

    verb: ClassVar[str] = "accept"
    doing: ClassVar[str] = "accept a sideshow"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class RefuseSideShow(ActionBase):
    """The asked player refuses a pending sideshow: the bet stays (R31)."""

    verb: ClassVar[str] = "refuse"
    doing: ClassVar[str] = "refuse a sideshow"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Draw(ActionBase):
    """Discard ``cards`` and draw as many from the rest of the deck, paying
    ``draw_price`` chips per card (V20). A seen player's turn, instead of a betting
    action.

    :param seat: who draws (seen, on its turn).
    :param cards: the discarded cards, some of the seat's own (a list is turned into a
        tuple); each new card takes a discarded card's place.

    >>> from teenpatti_rules import parse_action, parse_cards
    >>> str(Draw(2, parse_cards("4c 7d")))
    'P2 draw 4c 7d'
    >>> parse_action("P2 draw 4c 7d") == Draw(2, parse_cards("4c 7d"))
    True
    """

    verb: ClassVar[str] = "draw"
    doing: ClassVar[str] = "draw"
    turn_action: ClassVar[bool] = True
    argument: ClassVar[str] = "cards"

    seat: int
    cards: tuple[Card, ...] = attrs.field(default=(), converter=cards_tuple)

    def __str__(self) -> str:
        text = f"P{self.seat} draw"
        if self.cards:
            text += " " + format_cards(self.cards)
        return text


def look(state: State, action: Look) -> State:
    """The player looks: it is seen from now on (R22)."""
    seat = action.seat
    seats = with_seat(state.seats, seat, evolve_seat(state.seats[seat], seen=True))
    return evolve_state(state, seats=seats, events=state.events.appended(Looked(seat)))


# --- betting actions -----------------------------------------------------------------


def pack(state: State, action: Pack) -> State:
    """The actor leaves the hand; its chips stay in the pot (R29).

    Its check is :func:`~.common.check_turn`.
    """
    seat = action.seat
    seats = with_seat(state.seats, seat, evolve_seat(state.seats[seat], in_hand=False))
    return after_turn(state, seat, seats=seats, events=state.events.appended(Packed(seat)))


def bet(state: State, action: Bet) -> State:
    """A chaal of the minimum or a raise to twice it; it sets the stake (R23–R25)."""
    seat, amount = action.seat, action.amount
    player = state.seats[seat]
    stake = stake_after_bet(player.seen, amount)
    blind = not player.seen
    event = BetMade(seat, amount, stake, blind, amount == player.stack)
    paid = payment(state, seat, amount, event, counts_as_blind_bet=blind)
    return after_turn(state, seat, paid=True, stake=stake, **paid)


def all_in(state: State, action: AllIn) -> State:
    """The actor, short of the minimum bet, puts its whole stack in; the stake stays (R26, R27)."""
    seat = action.seat
    amount = state.seats[seat].stack
    return after_turn(
        state, seat, paid=True, **payment(state, seat, amount, WentAllIn(seat, amount))
    )


def show(state: State, action: Show) -> State:
    """With two players left, the actor pays its minimum bet for a show (R34–R36, R38)."""
    seat = action.seat
    opponent = next(other for other in players_in_hand(state) if other != seat)
    cost = show_cost(state, seat)
    state = pay_in(state, seat, cost, ShowAsked(seat, opponent, cost))
    if reached_pot_limit(state):
        return showdown(state)  # R38: an ordinary showdown, ties split
    return showdown(state, ending=HandEnding.SHOW, loses_ties=seat)  # R35


def sideshow(state: State, action: SideShow) -> State:
    """A seen actor pays a chaal and asks its previous player (the next one under V17)
    for a sideshow (R30, R38); under ``sideshow_split`` it pays half the chaal now (V17).
    """
    seat, amount = action.seat, action.amount
    target = sideshow_target(state, seat)
    assert target is not None
    stake = stake_after_bet(True, amount)
    split = state.rules.sideshow_split
    paid = amount // 2 if split else amount
    event = SideShowAsked(seat, target, paid, stake, split)
    state = pay_in(state, seat, paid, event, stake=stake)
    if reached_pot_limit(state):
        return showdown(state)  # R38: the request is cancelled
    return evolve(
        state, phase=Phase.SIDESHOW, actor=target, sideshow=SideShowRequest(seat, target, amount)
    )


def check_answer(state: State, action: AcceptSideShow | RefuseSideShow) -> None:
    """Only the asked player answers a pending sideshow (R31)."""
    check_seat(state, action)
    request = state.sideshow
    if state.phase is not Phase.SIDESHOW or request is None:
        reject(action, refuse("no_sideshow"))
    if action.seat != request.target:
        reject(action, refuse("not_asked", target=request.target, seat=action.seat))


def pending(state: State) -> SideShowRequest:
    request = state.sideshow
    assert request is not None  # checked by check_answer
    return request


def accept_sideshow(state: State, action: AcceptSideShow) -> State:
    """Compare the two hands privately; the lower packs, the asker on a tie (R31, R32)."""
    request = pending(state)
    asker, target = request.asker, request.target
    if state.rules.sideshow_split:  # V17: the asked player pays the other half
        half = request.amount // 2
        state = pay_in(state, target, half, SideShowHalfPaid(target, half))
        if reached_pot_limit(state):  # R38 by analogy: the sideshow is cancelled
            return showdown(evolve(state, phase=Phase.BETTING, sideshow=None))
    asker_wins = showdown_strength(state, asker) > showdown_strength(state, target)
    loser = target if asker_wins else asker
    seats = with_seat(state.seats, loser, evolve(state.seats[loser], in_hand=False))
    return after_turn(
        state,
        asker,
        events=state.events.appended(SideShowAccepted(asker, target, loser)),
        seats=seats,
        phase=Phase.BETTING,
        sideshow=None,
    )


def refuse_sideshow(state: State, action: RefuseSideShow) -> State:
    """The bet stays; play passes to the asker's left (R31). Under ``sideshow_split`` the
    asker pays the other half of its chaal (V17), which R37 then checks.
    """
    request = pending(state)
    paid = False
    if state.rules.sideshow_split:
        half = request.amount - request.amount // 2
        state = pay_in(state, request.asker, half, SideShowHalfPaid(request.asker, half))
        paid = True
    return after_turn(
        state,
        request.asker,
        paid=paid,
        events=state.events.appended(SideShowRefused(request.asker, request.target)),
        phase=Phase.BETTING,
        sideshow=None,
    )


# --- what comes next -----------------------------------------------------------------


def after_turn(state: State, seat: int, *, paid: bool = False, **changes: Any) -> State:
    """The state after ``seat``'s turn, which changed the
    :class:`~teenpatti_rules.state.State` fields ``changes``: the first end condition
    that holds (R39, R37 only after a bet or all-in, R40: :mod:`.triggers`) ends the
    hand; else the turn passes to ``seat``'s left (R19, R31).

    One State is built for a turn that does not end the hand: its next actor comes
    from the new seats, and its turn number (S9) is one more when the actor changes, so
    that :func:`~teenpatti_rules.engine.apply` need not build another.
    """
    seats = changes.get("seats", state.seats)
    actor = next_bettor(seats, seat)
    turn = state.turn + (actor != state.actor)  # S9 (apply keeps it to one per action)
    state = evolve_state(state, actor=actor, turn=turn, **changes)
    ending = hand_ending(state, Turn(seat, paid))
    if ending is None:
        return state
    if ending is HandEnding.PACKED:
        return finish_hand(state, ending, {players_in_hand(state)[0]: 0})  # R39
    event = ending_event(state, ending)
    if event is not None:  # V14, V15: say why betting ended
        state = evolve(state, events=state.events.appended(event))
    return showdown(state, ending=ending)


# --- drawing (V20) ---------------------------------------------------------------------


def draw(state: State, action: Draw) -> State:
    """A seen actor discards cards and draws as many from the rest of the deck, paying
    ``draw_price`` a card; each new card takes a discarded card's place (V20). Its turn
    (V15); R37 checks the payment.
    """
    seat = action.seat
    count = len(action.cards)
    price = state.rules.draw_price
    assert price is not None
    player = state.seats[seat]
    fresh = iter(state.undealt[:count])
    discarded = set(action.cards)
    cards = tuple(next(fresh) if card in discarded else card for card in player.cards)
    seats = with_seat(state.seats, seat, evolve(player, cards=cards))
    state = evolve(
        state, seats=seats, undealt=state.undealt[count:], deck_left=state.deck_left - count
    )
    paid = payment(state, seat, price * count, Drew(seat, count, price * count))
    return after_turn(state, seat, paid=True, **paid)


HANDLERS: Final[dict[type[Any], Handler]] = {
    # R22, R28: on or off turn; S6: a look keeps the count of timeouts in a row
    Look: Handler(checked(check_seat, look_refusal), look, keeps_timeouts=True),
    Pack: Handler(check_turn, pack),  # R29
    AllIn: Handler(checked(check_turn, all_in_refusal), all_in),  # R26, R27
    Show: Handler(checked(check_turn, show_refusal), show),  # R33-R36, V2
    Bet: Handler(checked(check_turn, bet_refusal, "amount"), bet),  # R23-R25, V3, V4
    SideShow: Handler(checked(check_turn, sideshow_refusal, "amount"), sideshow),  # R30, V17
    AcceptSideShow: Handler(checked(check_answer, accept_refusal), accept_sideshow),  # R31
    RefuseSideShow: Handler(check_answer, refuse_sideshow),  # R31
    Draw: Handler(checked(check_turn, draw_refusal, "cards"), draw),  # V20
}
"""The hand's actions, each with its check (built from its refusal question of
:mod:`.questions`) and its handler: their entries of the reducer's table."""
