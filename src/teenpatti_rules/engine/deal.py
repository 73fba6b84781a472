"""Dealing a hand: the :class:`~teenpatti_rules.actions.Deal` handler (R6, R9–R12,
V8 W5, V12, V13, V18). It checks the action itself: a deck is checked only as it is
dealt.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Deal
from ..cards import Card
from ..events import BootPosted, Event, HandStarted, IndicatorTurned
from ..limits import short
from ..records import evolve
from ..state import Phase, Seat, State
from .common import check_seat, reject
from .dealing import deal_hands, shuffled_deck
from .ending import showdown
from .pots import seats_from_left_of
from .questions import bettors, first_player, reached_pot_limit
from .refusals import refuse

__all__ = ["check_deck", "deal"]


def check_deck(state: State, action: Deal, players: int) -> tuple[Card, ...]:
    """The deck ``action`` deals to ``players`` players: the seeded shuffle when it
    carries none (R6), else its own deck, refused unless it is a sequence of distinct
    cards of this table, long enough (R10, V8, W5, V12).
    """
    deck = action.deck
    if deck is None:
        if state.seed is None:
            reject(action, refuse("no_seed"))
        return shuffled_deck(state.seed, state.hand_number + 1, state.rules.jokers)
    if not isinstance(deck, Sequence) or isinstance(deck, str):
        reject(action, refuse("deck_type", deck=short(deck)))
    for position, card in enumerate(deck):
        if not isinstance(card, Card):
            reject(action, refuse("deck_card", position=position, card=short(card)))
    seen: set[Card] = set()
    for card in deck:  # linear: a hostile deck may be long
        if card in seen:
            reject(action, refuse("deck_repeat", card=card))
        seen.add(card)
    rules = state.rules
    for position, card in enumerate(deck):
        if card.is_joker and card.index - 51 > rules.jokers:
            reject(action, refuse("deck_joker", position=position, card=card, jokers=rules.jokers))
    need = rules.hand_size * players + rules.has_indicator
    if len(deck) < need:
        what = ""
        if rules.has_indicator or rules.hand_size != 3:
            tail = " and the indicator, W5" if rules.has_indicator else ", V12"
            what = f" ({rules.hand_size} each{tail})"
        reject(action, refuse("deck_short", players=players, need=need, what=what, size=len(deck)))
    return tuple(deck)


def deal(state: State, action: Deal) -> State:
    """Deal the next hand: everyone posts the boot (the dealer ``dealer_boots`` boots,
    V13; the scheduled boot, V18), ``hand_size`` cards each (V12), then the indicator of
    a joker or hukam table (R6, R9–R12, V8 W5).

    A player who cannot post all it owes posts its whole stack and is all-in (R9, V13,
    V18). Tables that deal more cards later (V16, V20) keep the rest of the deck, the
    cards after the hands and the indicator.
    """
    check_seat(state, action)
    if state.phase is not Phase.AWAITING_DEAL:
        over = state.phase is Phase.SESSION_OVER
        reject(action, refuse("session_over") if over else refuse("hand_in_play"))
    if not state.seats[action.seat].in_session:
        reject(action, refuse("left_session"))
    order = [
        seat
        for seat in seats_from_left_of(state.dealer, len(state.seats))
        if state.seats[seat].in_session
    ]
    deck = check_deck(state, action, len(order))
    rules = state.rules
    size = rules.hand_size
    hands = deal_hands(deck, order, size)
    # V8 W5: the next card after the hands is turned up, public until the next deal.
    indicator = deck[size * len(order)] if rules.has_indicator else None
    hand_number = state.hand_number + 1
    boot = rules.boot_of_hand(hand_number)
    owed = {seat: boot for seat in order}
    owed[state.dealer] = boot * rules.dealer_boots  # V13
    posts = {seat: min(owed[seat], state.seats[seat].stack) for seat in order}
    seats = tuple(
        Seat(
            seat.name,
            seat.stack - posts[index],
            in_hand=True,
            all_in=seat.stack == posts[index],
            contributed=posts[index],
            cards=hands[index],
        )
        if seat.in_session
        else Seat(seat.name, seat.stack, in_session=False)
        for index, seat in enumerate(state.seats)
    )
    events: tuple[Event, ...] = (
        HandStarted(hand_number, state.dealer, action.seat, tuple(order)),
        *(BootPosted(seat, posts[seat], seats[seat].all_in) for seat in order),
        *(() if indicator is None else (IndicatorTurned(indicator),)),
    )
    dealt = size * len(order) + (indicator is not None)  # the rest follows the indicator
    undealt = deck[dealt:] if rules.ties == "open_flush" or rules.draw_price else ()
    state = evolve(
        state,
        phase=Phase.BETTING,
        hand_number=hand_number,
        pot=sum(posts.values()),
        stake=boot,
        seats=seats,
        sideshow=None,
        events=events,
        undealt=undealt,
        deck_left=len(undealt),
        indicator=indicator,
    )
    if reached_pot_limit(state) or len(bettors(state)) <= 1:
        return showdown(state)  # R12
    return evolve(state, actor=first_player(state))  # R19
