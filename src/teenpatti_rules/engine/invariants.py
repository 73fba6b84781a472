"""Invariants: is a state one the engine could have reached? (:func:`check`).

:func:`check` lists every inconsistency of a state as ``"description @ path"``
strings (empty for a reachable state), cheaply, without replaying anything. The
state loader (:func:`~teenpatti_rules.io.state_json.state_from_json`), the history
loader and the property tests all use it, so that
:func:`~teenpatti_rules.engine.apply` and
:func:`~teenpatti_rules.engine.legal_actions` never fail on a state that passes it
except with :class:`~teenpatti_rules.errors.IllegalActionError`. What it checks is
listed in :mod:`teenpatti_rules.io.state_json`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import Card, in_deck
from ..events import (
    HandStarted,
    IndicatorTurned,
)
from ..limits import MAX_CHIPS, MAX_SEED, check_table_chips, player_name, short
from ..rules import Rules
from ..state import Phase, Seat, State, between_hands_phase
from .ending import placings
from .event_invariants import event_content_problems, event_problems, result_problems
from .questions import bettors, hand_boot, sideshow_target

__all__ = ["check"]


def _count_problem(field: str, value: object) -> str | None:
    """Why ``value`` is not a count of chips (or bets, or hands), or None."""
    if type(value) is not int:
        return f"{field} must be an int, not {short(value)}"
    if value < 0:
        return f"{field} must not be negative"
    if value > MAX_CHIPS:
        return f"{field} must be at most {MAX_CHIPS} (limits.MAX_CHIPS), not {short(value)}"
    return None


def _table_problems(state: State) -> Iterator[str]:
    """Seats, cards, amounts and the dealer, in any phase."""
    rules, seats = state.rules, state.seats
    n = len(seats)
    if not rules.min_players <= n <= rules.max_players:
        allowed = f"{rules.min_players} to {rules.max_players}"
        yield f"{n} seats, but the rules allow {allowed} players (R3) @ $.seats"
        return  # the checks below are per seat: never more than MAX_SEATS of them
    first: dict[str, int] = {}
    for i, seat in enumerate(seats):
        path = f"$.seats[{i}]"
        if seat.name is None and not seat.in_session:  # an empty chair (S1)
            yield from _empty_chair_problems(seat, path)
            continue
        try:
            if player_name(seat.name, "a player's name") != seat.name:
                yield f"a player's name is stored normalised (NFC, stripped) @ {path}.name"
        except ValueError as error:
            yield f"{error} @ {path}.name"
        if seat.in_session and first.setdefault(seat.name, i) != i:  # type: ignore[arg-type]
            yield f"player names must be distinct; {short(seat.name)} appears twice @ {path}.name"
        for field in ("stack", "blind_bets", "contributed"):
            problem = _count_problem(field, getattr(seat, field))
            if problem:
                yield f"{problem} @ {path}.{field}"
        size = rules.hand_size
        if len(seat.cards) not in (0, size) or len(set(seat.cards)) != len(seat.cards):
            yield f"a seat holds {size} distinct cards or none @ {path}.cards"
        if any(not in_deck(card, rules.jokers) for card in seat.cards):
            yield f"a printed joker the table does not have (jokers={rules.jokers}) @ {path}.cards"
    try:
        check_table_chips(rules, state.total_chips)
    except (TypeError, ValueError) as error:  # a count of the wrong type is named above
        if isinstance(error, ValueError):
            yield f"{error} @ $.seats"
    hands = [card for seat in seats for card in seat.cards]
    if state.indicator is not None:
        if not rules.has_indicator:
            yield "only a wild='joker' or 'hukam' table turns up an indicator (W5) @ $.indicator"
        elif state.indicator.is_joker or state.indicator in hands:
            yield f"the indicator {state.indicator} is part of no hand (W5) @ $.indicator"
    elif rules.has_indicator and state.hand_number > 0:
        yield "a wild='joker' or 'hukam' table has an indicator once dealt (W5) @ $.indicator"
    if state.indicator is not None and state.hand_number == 0:
        yield "before the first deal no indicator is turned up (W5) @ $.indicator"
    if any(isinstance(e, IndicatorTurned) and e.card != state.indicator for e in state.events):
        yield "the indicator is the card the log says was turned up (W5) @ $.indicator"
    yield from _deck_problems(state, hands)
    yield from _departed_problems(state)
    seed = state.seed
    if seed is not None and (type(seed) is not int or not -MAX_SEED < seed < MAX_SEED):
        yield (
            "the seed is an int of magnitude below 2**128 (limits.MAX_SEED), not "
            f"{short(seed)} @ $.seed"
        )
    yield from _counter_problems(state)
    for field in ("hand_number", "pot", "stake", "deck_left", "turn"):
        problem = _count_problem(field, getattr(state, field))
        if problem:
            yield f"{problem} @ $.{field}"
    if type(state.dealer) is not int or not 0 <= state.dealer < n:
        yield f"the dealer must be a seat 0..{n - 1}, not {state.dealer} @ $.dealer"
    elif (
        not seats[state.dealer].in_session
        and any(seat.in_session for seat in seats)
        and state.phase not in (Phase.BETTING, Phase.SIDESHOW)  # S4: it may leave mid-hand
    ):
        yield f"the dealer, seat {state.dealer}, has left the session (R5) @ $.dealer"


def _empty_chair_problems(seat: Seat, path: str) -> Iterator[str]:
    """S1: an empty chair holds no chips, no cards and no hand."""
    if seat.stack or seat.cards or seat.in_hand or seat.contributed or seat.sitting_out:
        yield f"an empty chair holds no player, chips or cards (S1) @ {path}"


def _counter_problems(state: State) -> Iterator[str]:
    """The open-table counters (S5, S6, S8) are counts."""
    for i, seat in enumerate(state.seats):
        for field in ("timeouts", "missed_boot", "sat_out"):
            problem = _count_problem(field, getattr(seat, field))
            if problem:
                yield f"{problem} @ $.seats[{i}].{field}"
    problems = [
        f"{problem} @ $.{field}"
        for field in ("chips_brought", "chips_taken")
        if (problem := _count_problem(field, getattr(state, field)))
    ]
    yield from problems


def _deck_problems(state: State, hands: list[Card]) -> Iterator[str]:
    """The rest of the deck (V16, V20): no card twice, only on a table that deals from it,
    only the table's printed jokers, and ``deck_left`` within the deck.
    """
    rules = state.rules
    dealt = hands + list(state.undealt) + ([] if state.indicator is None else [state.indicator])
    if len(set(dealt)) != len(dealt):
        twice = next(card for i, card in enumerate(dealt) if card in dealt[:i])
        yield f"card {twice} is dealt twice @ $.seats"
    if state.seed is not None and state.deck_left != len(state.undealt):
        yield f"deck_left counts the undealt cards ({len(state.undealt)}) @ $.deck_left"
    keeps = rules.ties == "open_flush" or rules.draw_price is not None
    if not keeps and (state.undealt or state.deck_left):
        yield (
            "only an open-flush (V16) or draw (V20) table keeps the rest of the deck: "
            "undealt and deck_left are empty @ $.undealt"
        )
    if any(not in_deck(card, rules.jokers) for card in state.undealt):
        yield f"a printed joker the table does not have (jokers={rules.jokers}) @ $.undealt"
    left = state.deck_left
    if type(left) is int and left + len(dealt) - len(state.undealt) > rules.deck_size:
        yield (
            f"deck_left ({short(left)}) and the cards dealt pass the table's deck of "
            f"{rules.deck_size} cards @ $.deck_left"
        )


def _departed_problems(state: State) -> Iterator[str]:
    """V19: ``departed`` places each seat that left the session, once, and no other."""
    n = len(state.seats)
    gone = [seat for place in state.departed for seat in place]
    if any(type(seat) is not int or not 0 <= seat < n for seat in gone):
        yield f"departed names seats 0..{n - 1} only, not {short(gone)} @ $.departed"
    elif sorted(gone) != [
        i for i, seat in enumerate(state.seats) if not seat.in_session and seat.name is not None
    ]:  # an empty chair (S1) never held a player
        yield "departed places every seat that left the session, once, and no other @ $.departed"


def _leaving(rules: Rules) -> str:
    if rules.boot_schedule is None:
        return f"the boot ({rules.boot})"
    return "1 chip (a tournament, V18)"


def _between_hands_problems(state: State) -> Iterator[str]:
    phase, rules = state.phase, state.rules
    in_session = [i for i, seat in enumerate(state.seats) if seat.in_session]
    if state.actor is not None:
        yield f"nobody acts in phase {phase.value!r} @ $.actor"
    if state.sideshow is not None:
        yield f"no sideshow is pending in phase {phase.value!r} @ $.sideshow"
    if state.undealt or state.deck_left:
        yield "between hands no undealt cards are kept @ $.undealt"
    if state.pot != 0:
        yield "the pot is 0 between hands (R42) @ $.pot"
    for i, seat in enumerate(state.seats):
        if seat.leaving:
            yield f"between hands nobody is leaving: they leave at once (S4) @ $.seats[{i}].leaving"
    for i in in_session:
        if state.seats[i].stack < rules.leaving_stack:
            yield (
                f"a player whose stack is below {_leaving(rules)} has left the "
                f"session at the end of the hand (R7) @ $.seats[{i}].stack"
            )
    if state.hand_number == 0:
        if phase is Phase.SESSION_OVER:
            yield "before the first hand the table awaits a deal @ $.phase"
        if state.result is not None:
            yield "before the first hand there is no result @ $.result"
        if state.stake != 0 or any(seat.in_hand for seat in state.seats):
            yield "before the first deal the stake is 0 and nobody is in a hand @ $.stake"
    elif state.result is None or state.result.hand_number != state.hand_number:
        yield f"between hands the result is that of hand {state.hand_number} @ $.result"
    limit = rules.hand_limit
    # R2 ends a closed table when one player remains after a hand or a departure; a
    # player who joins an emptied table waits (S2): only the hand limit is certain.
    over = limit is not None and state.hand_number >= limit
    if phase is not Phase.SESSION_OVER:
        if over:
            yield f"the session is over (R2, R7) but the phase is {phase.value!r} @ $.phase"
        if phase is not between_hands_phase(rules, state.seats):
            yield "the table waits exactly when too few players are playing (S2) @ $.phase"
        if state.session_winners or state.placings:
            yield "the session has winners only when it is over @ $.session_winners"
        return
    if not over and not (rules.open_table is False and len(in_session) <= 1):
        yield "the session is not over: players remain and hands are left (R2) @ $.phase"
    places = state.placings
    placed = [seat for place in places for seat in place]
    players = [i for i, seat in enumerate(state.seats) if seat.name is not None]
    if sorted(placed) != players or (
        places and state.session_winners and places[0] != state.session_winners
    ):
        yield "placings list every seat once, the winners first (V19) @ $.placings"
    elif places != placings(state.seats, state.departed):
        yield (
            "placings are the players still in the session by stack, then departed "
            "(V19) @ $.placings"
        )
    winners = state.session_winners
    if not in_session and not winners:  # the hand limit with nobody left (S4): no winner
        return
    if not winners or list(winners) != sorted(set(winners)):
        yield "a finished session has its winners, ascending (R8) @ $.session_winners"
    elif any(w not in in_session for w in winners):
        yield "every winner is a seat still in the session (R8) @ $.session_winners"


def _in_hand_problems(state: State) -> Iterator[str]:
    rules, seats, phase = state.rules, state.seats, state.phase
    n = len(seats)
    if state.hand_number < 1:
        yield "a hand is in play, so hand_number is at least 1 @ $.hand_number"
    if state.session_winners or state.placings:
        yield "the session has winners only when it is over @ $.session_winners"
    if state.result is not None and state.result.hand_number >= state.hand_number:
        yield (
            f"the result is that of an earlier hand, not of hand {state.result.hand_number} "
            f"while hand {state.hand_number} is in play @ $.result.hand_number"
        )
    boot = hand_boot(state)
    start = state.events[0] if state.events else None
    dealt = set(start.seats) if isinstance(start, HandStarted) else None
    for i, seat in enumerate(seats):
        path = f"$.seats[{i}]"
        if not seat.in_session or (dealt is not None and i not in dealt):  # left, sat out (S5)
            if seat.in_hand or seat.all_in:
                yield f"a seat that left the session is not in a hand @ {path}.in_hand"
            continue
        if seat.contributed < boot and not (rules.boot_schedule and seat.all_in):
            yield f"every player in the session posted the boot (R9) @ {path}.contributed"
        size = state.rules.hand_size
        if state.seed is not None and len(seat.cards) != size:
            words = {2: "two", 3: "three", 4: "four", 5: "five"}[size]
            why = "R10" if size == 3 else "R10, V12"
            yield f"every player in the session was dealt {words} cards ({why}) @ {path}.cards"
        if seat.all_in and (not seat.in_hand or seat.stack != 0):
            yield f"an all-in player is in the hand with an empty stack (R28) @ {path}.all_in"
    if len(bettors(state)) < 2:
        yield "fewer than two players can still bet, so the hand is over (R39, R40) @ $.seats"
    if state.pot != sum(seat.contributed for seat in seats):
        yield "the pot holds exactly the chips put in this hand (R42) @ $.pot"
    if rules.pot_limit is not None and state.pot >= rules.pot_limit:
        yield f"the pot reached the pot limit ({rules.pot_limit}): betting is over (R37) @ $.pot"
    if state.stake < boot:
        yield f"the stake is at least the boot ({boot}) (R11, V18) @ $.stake"
    actor = state.actor
    if type(actor) is not int or not 0 <= actor < n:  # True is no seat number
        yield f"a seat 0..{n - 1} must act in phase {phase.value!r} @ $.actor"
        return
    if not (seats[actor].in_hand and not seats[actor].all_in):
        yield f"the actor, seat {actor}, cannot act: it is not in the hand or is all-in @ $.actor"
    request = state.sideshow
    if phase is Phase.BETTING:
        if request is not None:
            yield "a pending sideshow needs phase 'sideshow' @ $.sideshow"
        return
    if request is None:
        yield "phase 'sideshow' needs the pending request @ $.sideshow"
        return
    asker, target = request.asker, request.target
    if not (0 <= asker < n and 0 <= target < n):
        yield f"the sideshow's seats must be 0..{n - 1} @ $.sideshow"
        return
    for side in (asker, target):
        if not (seats[side].in_hand and seats[side].seen and not seats[side].all_in):
            yield f"seat {side} of the sideshow is not a seen player who can bet (R30) @ $.sideshow"
            return
    if sideshow_target(state, asker) != target:
        yield f"seat {target} is not the player seat {asker} asks (R21, R30, V17) @ $.sideshow"
    if actor != target:
        yield f"the asked player, seat {target}, must be the actor @ $.actor"
    if request.amount < 1:
        yield "the sideshow's chaal is at least one chip @ $.sideshow.amount"


def check(state: State) -> list[str]:
    """Every inconsistency of ``state`` found by the checks listed in this module's
    docstring, as ``"description @ path"`` strings; empty for a reachable state.
    """
    problems = list(_table_problems(state))
    if problems:  # later checks index seats by number
        return problems
    if state.phase in (Phase.AWAITING_DEAL, Phase.SESSION_OVER, Phase.WAITING):
        problems += _between_hands_problems(state)
    else:
        problems += _in_hand_problems(state)
    if state.result is not None:
        problems += result_problems(state, state.result)
    problems += event_problems(state)
    if not problems:  # the contents, once the seats they name exist
        problems += event_content_problems(state)
    problems += _ledger_problems(state)
    return problems


def _ledger_problems(state: State) -> list[str]:
    """R42 as S8 restates it: the stacks of the players in the session plus the pot
    equal the chips brought to the table less the chips taken away; skipped for a state
    built by hand without a ledger (``chips_brought`` 0).
    """
    if not state.chips_brought:
        return []
    held = state.pot + sum(seat.stack for seat in state.seats if seat.in_session)
    if held != state.chips_brought - state.chips_taken:
        return [
            f"the stacks in the session and the pot ({held}) equal the chips brought "
            f"({state.chips_brought}) less the chips taken ({state.chips_taken}) (R42, S8) "
            "@ $.chips_brought"
        ]
    return []
