"""The reducer: :func:`apply` and :func:`legal_actions`.

Two small functions per action kind, each citing the rules it implements: a check
that refuses the action unless it is legal (with the plain predicates of
:mod:`teenpatti_rules.engine.questions`; the reason in words is built only for a
refusal), and a handler that builds the next state; the input state is never changed.
An action that :func:`legal_actions` listed for this very state (the same objects: a
small cache remembers the last few lists) is legal by construction, so :func:`apply`
skips its check. After every betting action, :func:`_after_turn` decides what the rules
say comes next: the last player wins (R39), the pot limit ends the betting (R37), at
most one player can still bet (R40), or the turn passes left.

>>> from teenpatti_rules import Bet, Deal, Look, new_session, parse_cards
>>> state = new_session(["A", "B", "C"], seed=1, dealer=0)
>>> state = apply(state, Deal(0, parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))
>>> state.actor, state.pot, state.stake
(1, 3, 1)
>>> state = apply(state, Look(1))
>>> [str(action) for action in legal_actions(state)]
['P0 look', 'P2 look', 'P1 pack', 'P1 bet 2', 'P1 bet 4']
>>> apply(state, Bet(2, 1))
Traceback (most recent call last):
...
teenpatti_rules.errors.IllegalActionError: seat 2 may not bet: it is seat 1's turn
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Final, NamedTuple

from ..actions import (
    ACTION_TYPES,
    AcceptSideShow,
    Action,
    AllIn,
    Bet,
    Deal,
    Draw,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
)
from ..cards import Card
from ..errors import IllegalActionError
from ..events import (
    BetMade,
    BootPosted,
    Drew,
    Event,
    HandEnding,
    HandStarted,
    IndicatorTurned,
    Looked,
    Packed,
    ShowAsked,
    SideShowAccepted,
    SideShowAsked,
    SideShowHalfPaid,
    SideShowRefused,
    WentAllIn,
)
from ..limits import MAX_CHIPS, short
from ..records import evolve, evolver
from ..state import Phase, Seat, SideShowRequest, State
from .dealing import deal_hands, shuffled_deck
from .ending import finish_hand, showdown, showdown_strength
from .pots import seats_from_left_of
from .questions import (
    bet_range,
    bettors,
    draw_options,
    first_player,
    is_seat,
    listed_amounts,
    may_accept,
    may_all_in,
    may_look,
    may_show,
    may_sideshow,
    next_bettor,
    players_in_hand,
    reached_pot_limit,
    show_cost,
    sideshow_range,
    sideshow_target,
    stake_after_bet,
    why_not_accept,
    why_not_all_in,
    why_not_bet,
    why_not_draw,
    why_not_look,
    why_not_show,
    why_not_sideshow,
)
from .triggers import Turn, ending_event, hand_ending
from .trust import require_reachable, vouch

__all__ = ["LISTED_STATES", "apply", "is_legal", "legal_actions"]

LISTED_STATES: Final = 16
"""At most how many states' :func:`legal_actions` lists are remembered (by identity,
weakly), so that :func:`apply` can accept an action from such a list without checking
it again. When full, the cache is emptied (the newest list is always kept)."""


# --- checks shared by every action ---------------------------------------------------


def _refuse(action: Action, reason: str) -> IllegalActionError:
    return IllegalActionError(f"seat {action.seat} may not {action.doing}: {reason}", action)


def _require(action: Action, reason: str | None) -> None:
    """Refuse ``action`` when a ``why_not_*`` question gave a reason."""
    if reason is not None:
        raise _refuse(action, reason)


def _refused(action: Action, reason: str | None) -> IllegalActionError:
    """The refusal of ``action``, which a predicate found illegal; ``reason`` is what the
    matching ``why_not_*`` question says (never None when the two agree).
    """
    return _refuse(action, reason or "it is not legal now")


def _check_seat(state: State, action: Action) -> None:
    if not is_seat(state, action.seat):
        seat = action.seat
        who = seat if type(seat) is int and seat.bit_length() < 200 else short(seat)
        raise IllegalActionError(
            f"{type(action).__name__} of seat {who} names no seat: "
            f"seats are 0..{len(state.seats) - 1}",
            action,
        )


def _check_turn(state: State, action: Action) -> None:
    """The action is a betting action: the hand is in play and it is the seat's turn (R20, R29)."""
    _check_seat(state, action)
    if state.phase is Phase.BETTING:
        if action.seat != state.actor:
            raise _refuse(action, f"it is seat {state.actor}'s turn")
        return
    if state.phase is Phase.SIDESHOW:
        assert state.sideshow is not None
        raise _refuse(
            action,
            f"a sideshow is pending; only seat {state.sideshow.target} may act, "
            "to accept or refuse it (R29, R31)",
        )
    raise _refuse(action, _between_hands(state))


def _between_hands(state: State) -> str:
    if state.phase is Phase.SESSION_OVER:
        return "the session is over"
    return "no hand is in play (the table waits for a deal)"


def _check_amount(action: Bet | SideShow) -> None:
    amount = action.amount
    if type(amount) is not int:  # an int subclass could compare equal to anything
        raise _refuse(
            action,
            f"the amount must be a whole number of chips, not {short(amount)} "
            "(an int; convert numpy integers with int())",
        )
    if not 1 <= amount <= MAX_CHIPS:
        raise _refuse(action, f"the amount must be 1..{MAX_CHIPS} chips, not {short(amount)}")


# --- small state updates -------------------------------------------------------------

_evolve_state = evolver(State)  # evolve(state, ...) on the hot paths: one step each
_evolve_seat = evolver(Seat)


def _with_seat(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return (*seats[:index], seat, *seats[index + 1 :])


def _payment(
    state: State, seat: int, amount: int, event: Event, *, counts_as_blind_bet: bool = False
) -> dict[str, Any]:
    """The :class:`State` fields that change when ``seat`` puts ``amount`` chips in the
    pot, which ``event`` records; it is all-in when that empties its stack (R25). A
    ``Bet`` made blind counts toward the blind-bet limit (R23).
    """
    player = state.seats[seat]
    stack = player.stack - amount
    new_player = _evolve_seat(
        player,
        stack=stack,
        contributed=player.contributed + amount,
        all_in=stack == 0,
        blind_bets=player.blind_bets + counts_as_blind_bet,
    )
    return {
        "seats": _with_seat(state.seats, seat, new_player),
        "pot": state.pot + amount,
        "events": state.events.appended(event),
    }


def _pay_in(state: State, seat: int, amount: int, event: Event, **changes: Any) -> State:
    """``state`` after ``seat`` put ``amount`` chips in the pot (:func:`_payment`);
    ``changes`` are further :class:`State` fields.
    """
    return evolve(state, **_payment(state, seat, amount, event), **changes)


# --- dealing -------------------------------------------------------------------------


def _check_deck(state: State, action: Deal, players: int) -> tuple[Card, ...]:
    deck = action.deck
    if deck is None:
        if state.seed is None:
            raise _refuse(action, "this state has no seed (it is a view); give an explicit deck")
        return shuffled_deck(state.seed, state.hand_number + 1, state.rules.jokers)
    if not isinstance(deck, Sequence) or isinstance(deck, str):
        raise _refuse(action, f"the deck must be a sequence of Card, not {short(deck)}")
    for position, card in enumerate(deck):
        if not isinstance(card, Card):
            raise _refuse(action, f"deck[{position}] is not a Card: {short(card)}")
    seen: set[Card] = set()
    for card in deck:  # linear: a hostile deck may be long
        if card in seen:
            raise _refuse(action, f"card {card} appears twice in the deck")
        seen.add(card)
    rules = state.rules
    for position, card in enumerate(deck):
        if card.is_joker and card.index - 51 > rules.jokers:
            raise _refuse(
                action,
                f"deck[{position}] is {card}, not in this table's deck (jokers={rules.jokers}, V8)",
            )
    need = rules.hand_size * players + rules.has_indicator
    if len(deck) < need:
        what = ""
        if rules.has_indicator or rules.hand_size != 3:
            tail = " and the indicator, W5" if rules.has_indicator else ", V12"
            what = f" ({rules.hand_size} each{tail})"
        raise _refuse(
            action,
            f"{players} players need a deck of at least {need} cards{what}, not {len(deck)} (R10)",
        )
    return tuple(deck)


def _deal(state: State, action: Deal) -> State:
    """Deal the next hand: everyone posts the boot (the dealer ``dealer_boots`` boots,
    V13; the scheduled boot, V18), ``hand_size`` cards each (V12), then the indicator of
    a joker or hukam table (R6, R9–R12, V8 W5).

    A player who cannot post all it owes posts its whole stack and is all-in (R9, V13,
    V18). Tables that deal more cards later (V16, V20) keep the rest of the deck, the
    cards after the hands and the indicator.
    """
    _check_seat(state, action)
    if state.phase is not Phase.AWAITING_DEAL:
        reason = "the session is over" if state.phase is Phase.SESSION_OVER else "a hand is in play"
        raise _refuse(action, reason)
    if not state.seats[action.seat].in_session:
        raise _refuse(action, "it has left the session (R6)")
    order = [
        seat
        for seat in seats_from_left_of(state.dealer, len(state.seats))
        if state.seats[seat].in_session
    ]
    deck = _check_deck(state, action, len(order))
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


# --- looking (not a turn) ------------------------------------------------------------


def _check_look(state: State, action: Look) -> None:
    """A blind player in the hand and not all-in may look, on or off turn (R22, R28)."""
    _check_seat(state, action)
    if not may_look(state, action.seat):
        raise _refused(action, why_not_look(state, action.seat))


def _look(state: State, action: Look) -> State:
    """The player looks: it is seen from now on (R22)."""
    seat = action.seat
    seats = _with_seat(state.seats, seat, _evolve_seat(state.seats[seat], seen=True))
    return _evolve_state(state, seats=seats, events=state.events.appended(Looked(seat)))


# --- betting actions -----------------------------------------------------------------


def _pack(state: State, action: Pack) -> State:
    """The actor leaves the hand; its chips stay in the pot (R29).

    Its check is :func:`_check_turn`.
    """
    seat = action.seat
    seats = _with_seat(state.seats, seat, _evolve_seat(state.seats[seat], in_hand=False))
    return _after_turn(state, seat, seats=seats, events=state.events.appended(Packed(seat)))


def _check_bet(state: State, action: Bet) -> None:
    """On its turn, the actor may bet an amount of its bet range (R23–R25, V3, V4)."""
    _check_turn(state, action)
    _check_amount(action)
    if action.amount not in bet_range(state, action.seat):
        raise _refused(action, why_not_bet(state, action.seat, action.amount))


def _bet(state: State, action: Bet) -> State:
    """A chaal of the minimum or a raise to twice it; it sets the stake (R23–R25)."""
    seat, amount = action.seat, action.amount
    player = state.seats[seat]
    stake = stake_after_bet(player.seen, amount)
    blind = not player.seen
    event = BetMade(seat, amount, stake, blind, amount == player.stack)
    paid = _payment(state, seat, amount, event, counts_as_blind_bet=blind)
    return _after_turn(state, seat, paid=True, stake=stake, **paid)


def _check_all_in(state: State, action: AllIn) -> None:
    """On its turn, an actor short of its minimum bet may go all-in (R26, R27)."""
    _check_turn(state, action)
    if not may_all_in(state, action.seat):
        raise _refused(action, why_not_all_in(state, action.seat))


def _all_in(state: State, action: AllIn) -> State:
    """The actor, short of the minimum bet, puts its whole stack in; the stake stays (R26, R27)."""
    seat = action.seat
    amount = state.seats[seat].stack
    return _after_turn(
        state, seat, paid=True, **_payment(state, seat, amount, WentAllIn(seat, amount))
    )


def _check_show(state: State, action: Show) -> None:
    """On its turn, with two players left, the actor may ask for a show (R33–R36, V2)."""
    _check_turn(state, action)
    if not may_show(state, action.seat):
        raise _refused(action, why_not_show(state, action.seat))


def _show(state: State, action: Show) -> State:
    """With two players left, the actor pays its minimum bet for a show (R34–R36, R38)."""
    seat = action.seat
    opponent = next(other for other in players_in_hand(state) if other != seat)
    cost = show_cost(state, seat)
    state = _pay_in(state, seat, cost, ShowAsked(seat, opponent, cost))
    if reached_pot_limit(state):
        return showdown(state)  # R38: an ordinary showdown, ties split
    return showdown(state, ending=HandEnding.SHOW, loses_ties=seat)  # R35


def _check_sideshow(state: State, action: SideShow) -> None:
    """On its turn, a seen actor may ask for a sideshow with a chaal of its sideshow
    range (R30, R33, V17).
    """
    _check_turn(state, action)
    _check_amount(action)
    if action.amount not in sideshow_range(state, action.seat):
        raise _refused(action, why_not_sideshow(state, action.seat, action.amount))


def _sideshow(state: State, action: SideShow) -> State:
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
    state = _pay_in(state, seat, paid, event, stake=stake)
    if reached_pot_limit(state):
        return showdown(state)  # R38: the request is cancelled
    return evolve(
        state, phase=Phase.SIDESHOW, actor=target, sideshow=SideShowRequest(seat, target, amount)
    )


def _check_answer(state: State, action: AcceptSideShow | RefuseSideShow) -> None:
    """Only the asked player answers a pending sideshow (R31)."""
    _check_seat(state, action)
    request = state.sideshow
    if state.phase is not Phase.SIDESHOW or request is None:
        raise _refuse(action, "no sideshow is pending")
    if action.seat != request.target:
        raise _refuse(
            action,
            f"the pending sideshow was asked of seat {request.target}, not seat {action.seat}",
        )


def _check_accept(state: State, action: AcceptSideShow) -> None:
    """The asked player may accept, if it can pay its half under ``sideshow_split`` (V17)."""
    _check_answer(state, action)
    if not may_accept(state, action.seat):
        raise _refused(action, why_not_accept(state, action.seat))


def _pending(state: State) -> SideShowRequest:
    request = state.sideshow
    assert request is not None  # checked by _check_answer
    return request


def _accept_sideshow(state: State, action: AcceptSideShow) -> State:
    """Compare the two hands privately; the lower packs, the asker on a tie (R31, R32)."""
    request = _pending(state)
    asker, target = request.asker, request.target
    if state.rules.sideshow_split:  # V17: the asked player pays the other half
        half = request.amount // 2
        state = _pay_in(state, target, half, SideShowHalfPaid(target, half))
        if reached_pot_limit(state):  # R38 by analogy: the sideshow is cancelled
            return showdown(evolve(state, phase=Phase.BETTING, sideshow=None))
    asker_wins = showdown_strength(state, asker) > showdown_strength(state, target)
    loser = target if asker_wins else asker
    seats = _with_seat(state.seats, loser, evolve(state.seats[loser], in_hand=False))
    return _after_turn(
        state,
        asker,
        events=state.events.appended(SideShowAccepted(asker, target, loser)),
        seats=seats,
        phase=Phase.BETTING,
        sideshow=None,
    )


def _refuse_sideshow(state: State, action: RefuseSideShow) -> State:
    """The bet stays; play passes to the asker's left (R31). Under ``sideshow_split`` the
    asker pays the other half of its chaal (V17), which R37 then checks.
    """
    request = _pending(state)
    paid = False
    if state.rules.sideshow_split:
        half = request.amount - request.amount // 2
        state = _pay_in(state, request.asker, half, SideShowHalfPaid(request.asker, half))
        paid = True
    return _after_turn(
        state,
        request.asker,
        paid=paid,
        events=state.events.appended(SideShowRefused(request.asker, request.target)),
        phase=Phase.BETTING,
        sideshow=None,
    )


# --- what comes next -----------------------------------------------------------------


def _after_turn(state: State, seat: int, *, paid: bool = False, **changes: Any) -> State:
    """The state after ``seat``'s turn, which changed the :class:`State` fields
    ``changes``: the first end condition that holds (R39, R37 only after a bet or
    all-in, R40: :mod:`.triggers`) ends the hand; else the turn passes to ``seat``'s
    left (R19, R31).

    One State is built for a turn that does not end the hand: its next actor comes
    from the new seats.
    """
    seats = changes.get("seats", state.seats)
    state = _evolve_state(state, actor=next_bettor(seats, seat), **changes)
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


def _check_draw(state: State, action: Draw) -> None:
    """On its turn, a seen actor may draw, discarding cards it holds (V20)."""
    _check_turn(state, action)
    _require(action, why_not_draw(state, action.seat, action.cards))


def _draw(state: State, action: Draw) -> State:
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
    seats = _with_seat(state.seats, seat, evolve(player, cards=cards))
    state = evolve(
        state, seats=seats, undealt=state.undealt[count:], deck_left=state.deck_left - count
    )
    paid = _payment(state, seat, price * count, Drew(seat, count, price * count))
    return _after_turn(state, seat, paid=True, **paid)


# --- the public API ------------------------------------------------------------------


class _Handler(NamedTuple):
    """An action kind's check (raises :class:`IllegalActionError` unless the action is
    legal) and handler (builds the next state from a legal action).
    """

    check: Callable[[State, Any], None]
    act: Callable[[State, Any], State]


def _checked_by_handler(state: State, action: Action) -> None:
    """The handler checks the action itself: a Deal, whose deck is checked only as it
    is dealt (R6, R10).
    """


_HANDLERS: dict[type[Any], _Handler] = {
    Deal: _Handler(_checked_by_handler, _deal),
    Look: _Handler(_check_look, _look),
    Pack: _Handler(_check_turn, _pack),
    AllIn: _Handler(_check_all_in, _all_in),
    Show: _Handler(_check_show, _show),
    Bet: _Handler(_check_bet, _bet),
    SideShow: _Handler(_check_sideshow, _sideshow),
    AcceptSideShow: _Handler(_check_accept, _accept_sideshow),
    RefuseSideShow: _Handler(_check_answer, _refuse_sideshow),
    Draw: _Handler(_check_draw, _draw),
}
"""Action class → its check and handler; every member of
:data:`~teenpatti_rules.actions.Action`."""
assert set(_HANDLERS) == set(ACTION_TYPES), "every action kind needs a handler"

_LISTED: dict[int, tuple[weakref.ref[State], tuple[Action, ...]]] = {}
"""id(state) → (a weak reference to the state, what :func:`legal_actions` listed for it):
at most :data:`LISTED_STATES` of the latest lists (it keeps no state alive)."""


def _listed(state: State) -> tuple[Action, ...] | None:
    """What :func:`legal_actions` listed for this very state, if it is remembered."""
    entry = _LISTED.get(id(state))
    if entry is None or entry[0]() is not state:
        return None
    return entry[1]


def _remember(state: State, actions: tuple[Action, ...]) -> None:
    if len(_LISTED) >= LISTED_STATES:
        _LISTED.clear()  # cheaper than evicting one by one; the newest list is kept
    _LISTED[id(state)] = (weakref.ref(state), actions)


def _was_listed(state: State, action: Action) -> bool:
    """Whether ``action`` is one of the very objects :func:`legal_actions` listed for
    ``state`` (identity: an equal action built elsewhere, ``Bet(1, True)`` say, is
    checked in full).
    """
    entry = _LISTED.get(id(state))
    if entry is not None and entry[0]() is state:
        for candidate in entry[1]:
            if candidate is action:
                return True
    return False


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself is never changed.

    :param state: a :class:`~teenpatti_rules.state.State`.
    :param action: any :data:`~teenpatti_rules.actions.Action`; ``action.seat`` is
        who acts.
    :returns: the next :class:`~teenpatti_rules.state.State`.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.
    :raises ~teenpatti_rules.engine.trust.UnreachableStateError: (a :class:`ValueError`)
        if ``state`` is not one the engine could reach (built with
        :func:`attrs.evolve`, say): see :mod:`teenpatti_rules.engine.trust`.
    :raises IllegalActionError: (a :class:`ValueError`) if the action is not legal
        now, before anything changes, or ``state`` is a
        :class:`~teenpatti_rules.views.View`; the message names the seat, the action and
        the reason, with the rule id. Also for an object that is not an action, a
        seat that does not exist, or a :class:`~teenpatti_rules.actions.Deal` with
        a bad deck.

    Implements R5–R42 (the rules pages, ``docs/rules/``): one function per action kind.
    """
    if not isinstance(state, State):
        raise TypeError(f"apply needs a State, not {type(state).__name__}")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(f"not an action: {short(action)}", action)
    if state.is_view:
        raise IllegalActionError(
            f"{action} cannot be applied to a view (what one seat may know, with hidden "
            "cards and no seed); apply actions to the full state",
            action,
        )
    if not _was_listed(state, action):  # else it is legal: legal_actions listed it
        require_reachable(state)
        handler.check(state, action)
    return vouch(handler.act(state, action))


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action legal now, from every seat.

    Between hands: :class:`~teenpatti_rules.actions.Deal` (without a deck) for each
    seat still in the session (R6). In a hand: :class:`~teenpatti_rules.actions.Look`
    for every blind player in the hand and not all-in (R22, R28), then the actor's
    turn actions: pack, bets (ascending), all-in, show, sideshows (R23–R36), draws
    (V20: every set of its cards it may discard); or, while a sideshow is pending, the
    asked player's accept (when it can pay its half, V17) and refuse (R31).
    After the session: nothing.

    Under ``bet_sizing="no_limit"`` (V3) the bets and sideshows listed are only the
    minimum, twice the minimum and the largest amount;
    :func:`~teenpatti_rules.engine.questions.bet_range` (and
    :func:`~teenpatti_rules.engine.questions.sideshow_range`) give every amount
    :func:`apply` accepts. A draw names the cards it discards, so in a
    :class:`~teenpatti_rules.views.View` that hides the actor's cards no draw is listed.

    :param state: a :class:`~teenpatti_rules.state.State`.
    :returns: a tuple of actions; every one applies, and every action
        :func:`apply` accepts is in it, except a Deal with an explicit deck and the
        unlisted no-limit amounts (:func:`is_legal` judges any one action).
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.
    :raises ~teenpatti_rules.engine.trust.UnreachableStateError: (a :class:`ValueError`)
        if ``state`` is not one the engine could reach.
    """
    if not isinstance(state, State):
        raise TypeError(f"legal_actions needs a State, not {type(state).__name__}")
    actions = _listed(state)
    if actions is None:
        require_reachable(state)
        actions = _list_actions(state)
        _remember(state, actions)
    return actions


class _SeatActions(NamedTuple):
    """The actions without an amount of every seat of a table, built once per table
    size: actions are immutable, so every list shares them.
    """

    deals: tuple[Deal, ...]
    looks: tuple[Look, ...]
    packs: tuple[Pack, ...]


@cache
def _seat_actions(seat_count: int) -> _SeatActions:
    seats = range(seat_count)
    return _SeatActions(
        tuple(Deal(i) for i in seats), tuple(Look(i) for i in seats), tuple(Pack(i) for i in seats)
    )


def _list_actions(state: State) -> tuple[Action, ...]:
    """:func:`legal_actions` of a reachable state."""
    phase = state.phase
    seats = state.seats
    prebuilt = _seat_actions(len(seats))
    if phase is Phase.AWAITING_DEAL:
        deals = prebuilt.deals
        return tuple(deals[i] for i, seat in enumerate(seats) if seat.in_session)
    if phase is Phase.SESSION_OVER:
        return ()
    looks = prebuilt.looks
    actions: list[Action] = [
        looks[i]
        for i, seat in enumerate(seats)
        if seat.in_hand and not seat.seen and not seat.all_in
    ]
    actor = state.actor
    assert actor is not None
    if phase is Phase.SIDESHOW:
        if may_accept(state, actor):
            actions.append(AcceptSideShow(actor))
        actions.append(RefuseSideShow(actor))
        return tuple(actions)
    actions.append(prebuilt.packs[actor])
    bets = bet_range(state, actor)
    actions += [Bet(actor, amount) for amount in listed_amounts(state, bets)]
    if may_all_in(state, actor):
        actions.append(AllIn(actor))
    if may_show(state, actor):
        actions.append(Show(actor))
    elif may_sideshow(state, actor):  # a show needs two players in the hand, a sideshow three
        sideshows = listed_amounts(state, sideshow_range(state, actor, bets))
        actions += [SideShow(actor, amount) for amount in sideshows]
    if state.rules.draw_price is not None:  # V20
        actions += [Draw(actor, cards) for cards in draw_options(state, actor)]
    return tuple(actions)


def is_legal(state: State, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now: the one test of legality for any
    single action, including every amount of a bet range that :func:`legal_actions`
    does not list one by one (a no-limit table lists a few sizes, V3).

    :param state: a :class:`~teenpatti_rules.state.State` (a
        :class:`~teenpatti_rules.views.View` accepts nothing: apply actions to the full
        state).
    :param action: any object; a non-action is not legal.
    :returns: True if ``apply(state, action)`` returns a state, False if it raises
        :class:`~teenpatti_rules.errors.IllegalActionError`.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.

    Implements the same rules as :func:`apply` (R5–R42, V1–V21), by calling it.
    """
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True
