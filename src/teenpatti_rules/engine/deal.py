"""Dealing a hand: the :class:`~teenpatti_rules.actions.Deal` record and its handler
(R6, R9–R12, V8 W5, V12, V13, V18). It checks the action itself: a deck is checked only
as it is dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from ..action_text import ActionBase, cards_tuple
from ..cards import Card, format_cards
from ..dealing import deal_hands, shuffled_deck
from ..events import BootPosted, Event, ForcedBet, HandStarted, IndicatorTurned, MissedBootPosted
from ..limits import short
from ..records import evolve
from ..state import Phase, Seat, State, hand_needs
from .common import Handler, check_seat, payment, reject
from .ending import showdown
from .pots import seats_from_left_of
from .questions import bettors, can_still_bet, first_player, next_bettor, reached_pot_limit
from .refusals import refuse

__all__ = ["HANDLERS", "check_deck", "deal", "forced_blinds"]


# --- the record (re-exported by teenpatti_rules.actions, its public home) -------------


@attrs.frozen
class Deal(ActionBase):
    """Deal the next hand (R6, R9, R10). Any seat still in the session may deal.

    :param seat: the seat that deals (it does not move the button: R5 decides the
        dealer).
    :param deck: None to shuffle from the session seed and the hand number, or an
        explicit deck: a tuple of at least ``3 * players`` distinct
        :class:`~teenpatti_rules.cards.Card`, dealt one at a time from the
        dealer's left (R10). A list is turned into a tuple. A bad deck is refused
        by :func:`~teenpatti_rules.engine.apply` with
        :class:`~teenpatti_rules.errors.IllegalActionError`.
    """

    verb: ClassVar[str] = "deal"
    doing: ClassVar[str] = "deal"
    argument: ClassVar[str] = "cards"

    seat: int
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=cards_tuple)

    def __str__(self) -> str:
        text = f"P{self.seat} deal"
        if self.deck is not None:
            text += " " + format_cards(self.deck)
        return text


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
    indices = [card.index for card in deck]
    if len(set(indices)) != len(indices):  # linear: a hostile deck may be long
        seen: set[int] = set()
        for card in deck:
            if card.index in seen:
                reject(action, refuse("deck_repeat", card=card))
            seen.add(card.index)
    rules = state.rules
    if indices and max(indices) - 51 > rules.jokers:  # a joker this table has not (V8)
        for position, card in enumerate(deck):
            if card.is_joker and card.index - 51 > rules.jokers:
                refusal = refuse("deck_joker", position=position, card=card, jokers=rules.jokers)
                reject(action, refusal)
    need = rules.hand_size * players + rules.has_indicator
    if len(deck) < need:
        what = ""
        if rules.has_indicator or rules.hand_size != 3:
            tail = " and the indicator, W5" if rules.has_indicator else ", V12"
            what = f" ({rules.hand_size} each{tail})"
        reject(action, refuse("deck_short", players=players, need=need, what=what, size=len(deck)))
    return tuple(deck)


def deal(state: State, action: Deal) -> State:
    """Deal the next hand: every playing player posts the boot (the dealer
    ``dealer_boots`` boots, V13; the scheduled boot, V18) and, back from sitting out
    under ``missed_boots="one"``, one missed boot as dead chips (S5); ``hand_size``
    cards each (V12), then the indicator of a joker or hukam table (R6, R9–R12, V8 W5);
    then the forced blind bets (V22).

    A player who cannot post all it owes posts its whole stack and is all-in (R9, V13,
    V18, S5). Tables that deal more cards later (V16, V20) keep the rest of the deck, the
    cards after the hands and the indicator. Players sitting out are dealt nothing and
    each misses this hand's boot (S5); the button passes over them (R5, S5).
    """
    check_seat(state, action)
    if state.phase is not Phase.AWAITING_DEAL:
        if state.phase is Phase.WAITING:
            count = sum(1 for seat in state.seats if seat.playing)
            need = hand_needs(state.rules)
            reject(action, refuse("too_few_players", need=need, count=count))
        over = state.phase is Phase.SESSION_OVER
        reject(action, refuse("session_over") if over else refuse("hand_in_play"))
    if not state.seats[action.seat].in_session:
        reject(action, refuse("left_session"))
    n = len(state.seats)
    dealer = state.dealer
    if not state.seats[dealer].playing:  # S5: the button passes over those sitting out
        dealer = next(s for s in seats_from_left_of(dealer, n) if state.seats[s].playing)
    order = [seat for seat in seats_from_left_of(dealer, n) if state.seats[seat].playing]
    deck = check_deck(state, action, len(order))
    rules = state.rules
    size = rules.hand_size
    hands = deal_hands(deck, order, size)
    # V8 W5: the next card after the hands is turned up, public until the next deal.
    indicator = deck[size * len(order)] if rules.has_indicator else None
    hand_number = state.hand_number + 1
    boot = rules.boot_of_hand(hand_number)
    owed = {seat: boot for seat in order}
    owed[dealer] = boot * rules.dealer_boots  # V13
    posts = {seat: min(owed[seat], state.seats[seat].stack) for seat in order}
    missed = {}  # S5: dead chips of players back from sitting out
    if rules.missed_boots == "one":
        for seat in order:
            left = state.seats[seat].stack - posts[seat]
            owes = state.seats[seat].missed_boot
            if owes and left:
                missed[seat] = min(owes, left)
    seats = tuple(
        _dealt_seat(seat, posts[index] + missed.get(index, 0), hands[index])
        if index in posts
        else _left_out_seat(seat, boot)
        for index, seat in enumerate(state.seats)
    )
    events: tuple[Event, ...] = (
        HandStarted(hand_number, dealer, action.seat, tuple(order)),
        *(
            BootPosted(seat, posts[seat], seats[seat].all_in and seat not in missed)
            for seat in order
        ),
        *(MissedBootPosted(seat, chips, seats[seat].all_in) for seat, chips in missed.items()),
        *(() if indicator is None else (IndicatorTurned(indicator),)),
    )
    dealt = size * len(order) + (indicator is not None)  # the rest follows the indicator
    undealt = deck[dealt:] if rules.ties == "open_flush" or rules.draw_price else ()
    state = evolve(
        state,
        phase=Phase.BETTING,
        hand_number=hand_number,
        turn=state.turn + 1,  # S9: a deal is a new turn
        dealer=dealer,
        pot=sum(posts.values()) + sum(missed.values()),
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
    if rules.forced_blinds is None:
        return evolve(state, actor=first_player(state))  # R19
    return forced_blinds(state)


def _dealt_seat(seat: Seat, posted: int, cards: tuple[Card, ...]) -> Seat:
    """A playing player dealt in, having posted ``posted`` chips (R9, S5); only its
    timeouts in a row carry over (S6).
    """
    return Seat(
        seat.name,
        seat.stack - posted,
        in_hand=True,
        all_in=seat.stack == posted,
        contributed=posted,
        cards=cards,
        timeouts=seat.timeouts,
    )


def _left_out_seat(seat: Seat, boot: int) -> Seat:
    """A seat not dealt in: a player who left or an empty chair, or a player sitting out,
    who misses this hand's boot (S5: the first missed boot's size is what it owes).
    """
    if not seat.in_session:
        return Seat(seat.name, seat.stack, in_session=False)
    return Seat(
        seat.name,
        seat.stack,
        sitting_out=True,
        timeouts=seat.timeouts,
        missed_boot=seat.missed_boot or boot,
        sat_out=seat.sat_out + 1,
    )


_KINDS = {"dealer": ("dealer",), "small_big": ("small", "big")}


def forced_blinds(state: State) -> State:
    """V22: after the boots, forced blind bets as ordinary blind bets (R22–R25; each
    counts toward the blind-bet limit, V5), not turns (V14, V15): ``"dealer"``, the
    dealer bets one stake; ``"small_big"``, the first player to the dealer's left bets
    one stake and the next twice the stake (R24: the stake doubles). Players all-in from
    the boots are skipped; a player whose stack is at most its bet puts it all in and is
    all-in (short of the bet, the stake stays, R26). Betting then starts as R19, or with
    the player after the big blind; R37 and R40 are checked first.
    """
    rules = state.rules
    assert rules.forced_blinds is not None
    seat: int | None = state.dealer
    if rules.forced_blinds == "small_big" or not can_still_bet(state.seats[state.dealer]):
        seat = next_bettor(state.seats, state.dealer)
        if rules.forced_blinds == "dealer":
            seat = None  # the dealer is all-in from the boots: no forced bet
    last = state.dealer
    for kind in _KINDS[rules.forced_blinds]:
        if seat is None:
            break
        owed = state.stake * (2 if kind == "big" else 1)
        player = state.seats[seat]
        amount = min(owed, player.stack)
        stake = amount if amount == owed else state.stake
        event = ForcedBet(seat, kind, amount, stake, amount == player.stack)
        state = evolve(
            state, stake=stake, **payment(state, seat, amount, event, counts_as_blind_bet=True)
        )
        last = seat
        following = next_bettor(state.seats, seat)
        seat = following if following != last else None
    if reached_pot_limit(state) or len(bettors(state)) <= 1:
        return showdown(state)  # R37, R40
    if rules.forced_blinds == "dealer":
        return evolve(state, actor=first_player(state))  # R19
    return evolve(state, actor=next_bettor(state.seats, last))


def _checked_by_handler(state: State, action: Deal) -> None:
    """The handler checks the action itself: a Deal, whose deck is checked only as it
    is dealt (R6, R10).
    """


HANDLERS: Final[dict[type[Any], Handler]] = {
    Deal: Handler(_checked_by_handler, deal),  # R6, R9, R10: its check is in the handler
}
"""The deal's entry of the reducer's table."""
