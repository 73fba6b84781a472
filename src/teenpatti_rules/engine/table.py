"""Open tables (S1–S9): joining, leaving, sitting out and in, the clock, adding chips.

Each action kind has its record (re-exported by :mod:`teenpatti_rules.actions`, the
registry), a refusal function (None when the action is legal, else a
:class:`~.refusals.Refusal`), a check built from it, a handler that builds the next
state and, when it is listed, its offer (what :func:`.kinds.table_actions` lists of it): its
one entry of :data:`HANDLERS`. :func:`act_for_leavers` is the engine acting for a
player who left during the hand (S4): it packs on its turn and refuses a sideshow asked
of it, so the actor is never a seat that cannot answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from ..action_text import ActionBase, name_text
from ..events import ChipsAdded, Leaving, PlayerJoined, SatIn, SatOut, SeatLeft, TimedOut
from ..limits import MAX_CHIPS, check_table_chips, short
from ..records import evolve
from ..state import Phase, Seat, State, _joining_name, between_hands_phase
from . import betting
from .betting import Pack, RefuseSideShow
from .common import (
    BETWEEN_HANDS,
    Handler,
    between_hands,
    between_hands_refusal,
    check_seat,
    checked,
    in_session_refusal,
    require,
    with_seat,
)
from .ending import move_button, placings, session_over
from .refusals import Refusal, refuse

if TYPE_CHECKING:
    from ..actions import Action

__all__ = [
    "HANDLERS",
    "act_for_leavers",
    "add_chips",
    "add_chips_refusal",
    "check_join",
    "join",
    "join_refusal",
    "leave",
    "leave_refusal",
    "sit_in",
    "sit_in_refusal",
    "sit_out",
    "sit_out_refusal",
    "timeout",
    "timeout_refusal",
]


# --- the records (re-exported by teenpatti_rules.actions, their public home) ----------


@attrs.frozen
class Join(ActionBase):
    """A new player takes a free chair between hands (S1, S3).

    :param seat: the chair: empty, or one whose player has left.
    :param name: the player's display name, normalised (NFC, stripped) when it joins;
        distinct from every player in the session (S1).
    :param stack: the chips it brings: None for the starting stack (R4), else one boot
        to ``max_buy_in`` (S3).

    >>> from teenpatti_rules import parse_action
    >>> str(Join(1, "Dev", 50)), str(Join(2, "Agent 007"))
    ('P1 join Dev 50', 'P2 join "Agent 007"')
    >>> parse_action('P2 join "Agent 007"') == Join(2, "Agent 007")
    True
    """

    verb: ClassVar[str] = "join"
    doing: ClassVar[str] = "join"
    table_action: ClassVar[bool] = True
    argument: ClassVar[str] = "name"

    seat: int
    name: str
    stack: int | None = None

    def __str__(self) -> str:
        text = f"P{self.seat} join {name_text(self.name)}"
        return text if self.stack is None else f"{text} {self.stack}"


@attrs.frozen
class Leave(ActionBase):
    """The player leaves the session (S4): at once between hands or when not in the
    hand, keeping its stack; in a hand the engine acts for it (it packs on its turn and
    refuses a sideshow asked of it) and it leaves at the end of the hand.
    """

    verb: ClassVar[str] = "leave"
    doing: ClassVar[str] = "leave"
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class SitOut(ActionBase):
    """The player sits out from the next deal: no cards, no boot (S5)."""

    verb: ClassVar[str] = "sit out"
    doing: ClassVar[str] = "sit out"
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class SitIn(ActionBase):
    """A player sitting out comes back, dealt in from the next deal (S5)."""

    verb: ClassVar[str] = "sit in"
    doing: ClassVar[str] = "sit in"
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Timeout(ActionBase):
    """The table's clock ran out for the player who must act (S6): on its turn it packs,
    asked for a sideshow it refuses. Applied by the table, not by the player.
    """

    verb: ClassVar[str] = "timeout"
    doing: ClassVar[str] = "time out"
    turn_action: ClassVar[bool] = True
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class AddChips(ActionBase):
    """Add chips between hands, up to a stack of ``max_buy_in`` (S7, ``rebuy=True``).

    :param seat: who adds them.
    :param amount: chips added, at least 1.
    """

    verb: ClassVar[str] = "add"
    doing: ClassVar[str] = "add chips"
    table_action: ClassVar[bool] = True
    argument: ClassVar[str] = "amount"

    seat: int
    amount: int


# --- S3 join ---------------------------------------------------------------------------


def join_refusal(state: State, seat: int, name: object, stack: object) -> Refusal | None:
    """None if a new player named ``name`` may take chair ``seat`` with ``stack`` chips
    (None: the starting stack) now (S1, S3): between hands, a free chair, not a
    tournament after its first deal, a name not in the session, a stack of one boot to
    the buy-in limit.
    """
    refusal = between_hands_refusal(state, "S3")
    if refusal is not None:
        return refusal
    rules = state.rules
    if rules.boot_schedule is not None and state.hand_number >= 1:
        return refuse("tournament", "S3")
    chair = state.seats[seat]
    if chair.in_session:
        return refuse("chair_taken", "S1", name=chair.name)
    try:
        _joining_name(state.seats, name)
    except ValueError as error:
        return refuse("name", "S1", reason=str(error))
    if stack is None:
        return None
    if type(stack) is not int:
        return refuse("amount_type", amount=short(stack))
    high = rules.buy_in_limit
    if not rules.boot <= stack <= high:
        return refuse("buy_in", "S3", low=rules.boot, high=high, stack=short(stack))
    return None


def check_join(state: State, action: Join) -> None:
    """S1, S3: :func:`join_refusal`."""
    check_seat(state, action)
    require(action, join_refusal(state, action.seat, action.name, action.stack))
    stack = state.rules.starting_stack if action.stack is None else action.stack
    total = sum(seat.stack for seat in state.seats if seat.in_session) + stack
    try:
        check_table_chips(state.rules, total)
    except ValueError as error:
        require(action, refuse("table_chips", reason=str(error)))


def join(state: State, action: Join) -> State:
    """A new player takes the chair with its stack, dealt in from the next deal (S3). A
    player who left that chair is no longer placed (S8, V19). At an empty table the
    button comes to it (R5).
    """
    seat = action.seat
    name = _joining_name(state.seats, action.name)
    stack = state.rules.starting_stack if action.stack is None else action.stack
    seats = with_seat(state.seats, seat, Seat(name, stack))
    departed = tuple(
        place
        for place in (tuple(s for s in place if s != seat) for place in state.departed)
        if place
    )
    dealer = state.dealer if state.seats[state.dealer].in_session else seat
    return evolve(
        state,
        seats=seats,
        departed=departed,
        dealer=dealer,
        phase=between_hands_phase(state.rules, seats),
        chips_brought=state.chips_brought + stack,
        events=state.events.appended(PlayerJoined(seat, name, stack)),
    )


# --- S4 leave --------------------------------------------------------------------------


def leave_refusal(state: State, seat: int) -> Refusal | None:
    """None if ``seat``'s player may leave now (S4): a player in the session that has not
    already left during this hand.
    """
    refusal = in_session_refusal(state, seat)
    if refusal is None and state.seats[seat].leaving:
        return refuse("already_leaving", "S4")
    return refusal


def depart(state: State, seat: int) -> State:
    """``seat``'s player leaves the session at once with its stack (S4, S8): it is the
    latest leaver (V19); the button passes on if it was the next dealer (R5); on a
    closed table with one player left after a hand, the session is over (R2).
    """
    player = state.seats[seat]
    seats = with_seat(
        state.seats, seat, evolve(player, in_session=False, sitting_out=False, leaving=False)
    )
    changes: dict[str, object] = {
        "seats": seats,
        "departed": ((seat,), *state.departed),
        "chips_taken": state.chips_taken + player.stack,
        "events": state.events.appended(SeatLeft(seat, player.stack)),
    }
    if state.phase in BETWEEN_HANDS:
        remaining = sum(1 for s in seats if s.in_session)
        if seat == state.dealer and remaining:
            changes["dealer"] = move_button(seat, seats)
        if not state.rules.open_table and state.hand_number >= 1 and remaining == 1:
            state = evolve(state, **changes)
            winners = session_over(state, seats)
            assert winners is not None
            return evolve(
                state,
                phase=Phase.SESSION_OVER,
                session_winners=winners,
                placings=placings(seats, state.departed),
            )
        changes["phase"] = between_hands_phase(state.rules, seats)
    return evolve(state, **changes)


def leave(state: State, action: Leave) -> State:
    """S4: between hands, or not in the hand, the player leaves at once with its stack;
    in the hand it is marked as leaving: the engine packs for it on its turn and refuses
    a sideshow asked of it (at once if it must act now), an all-in player stays in for
    the showdown, and it leaves at the end of the hand with what it then holds.
    """
    seat = action.seat
    player = state.seats[seat]
    if not player.in_hand or state.phase not in (Phase.BETTING, Phase.SIDESHOW):
        return depart(state, seat)
    seats = with_seat(state.seats, seat, evolve(player, leaving=True))
    state = evolve(state, seats=seats, events=state.events.appended(Leaving(seat)))
    return act_for_leavers(state)


def act_for_leavers(state: State) -> State:
    """While the player who must act has left (S4), act for it: pack on its turn (R29),
    refuse a sideshow asked of it (R31).
    """
    while state.actor is not None and state.seats[state.actor].leaving:
        actor = state.actor
        if state.phase is Phase.SIDESHOW:
            state = betting.refuse_sideshow(state, RefuseSideShow(actor))
        else:
            state = betting.pack(state, Pack(actor))
    return state


# --- S5 sitting out and in ---------------------------------------------------------------


def sit_out_refusal(state: State, seat: int) -> Refusal | None:
    """None if ``seat``'s player may sit out (S5): a playing player in the session."""
    refusal = in_session_refusal(state, seat)
    if refusal is None and state.seats[seat].sitting_out:
        return refuse("already_sitting_out", "S5")
    return refusal


def _sat(state: State, seat: int, out: bool, *, timed_out: bool = False) -> State:
    """``seat`` sits out (``out``) or in from the next deal; between hands the table may
    start or stop waiting (S2, S5).
    """
    player = state.seats[seat]
    seats = with_seat(state.seats, seat, evolve(player, sitting_out=out, timeouts=0))
    event = SatOut(seat, timed_out) if out else SatIn(seat)
    changes: dict[str, object] = {"seats": seats, "events": state.events.appended(event)}
    if state.phase in BETWEEN_HANDS:
        changes["phase"] = between_hands_phase(state.rules, seats)
    return evolve(state, **changes)


def sit_out(state: State, action: SitOut) -> State:
    """The player sits out from the next deal; it plays the current hand to its end (S5)."""
    return _sat(state, action.seat, True)


def sit_in_refusal(state: State, seat: int) -> Refusal | None:
    """None if ``seat``'s player may sit in (S5): it is in the session, sitting out."""
    refusal = in_session_refusal(state, seat)
    if refusal is None and not state.seats[seat].sitting_out:
        return refuse("not_sitting_out", "S5")
    return refusal


def sit_in(state: State, action: SitIn) -> State:
    """The player sits in: dealt in from the next deal (S5)."""
    return _sat(state, action.seat, False)


# --- S6 the clock ----------------------------------------------------------------------


def timeout_refusal(state: State, seat: int) -> Refusal | None:
    """None if ``seat`` is the player who must act now, whose time may run out (S6)."""
    if state.phase in BETWEEN_HANDS or state.phase is Phase.SESSION_OVER:
        return between_hands(state)  # R6: no hand, or the session is over
    if seat != state.actor:
        return refuse("not_your_turn", "S6", actor=state.actor)
    return None


def timeout(state: State, action: Timeout) -> State:
    """The actor's time ran out (S6): on its turn it packs (R29); asked for a sideshow
    it refuses (R31). After ``timeouts_to_sit_out`` in a row it is sat out (S5).
    """
    seat = action.seat
    asked = state.phase is Phase.SIDESHOW
    state = evolve(state, events=state.events.appended(TimedOut(seat, not asked)))
    if asked:
        state = betting.refuse_sideshow(state, RefuseSideShow(seat))
    else:
        state = betting.pack(state, Pack(seat))
    player = state.seats[seat]
    count = player.timeouts + 1
    limit = state.rules.timeouts_to_sit_out
    over = state.phase is Phase.SESSION_OVER
    if (
        limit is not None
        and count >= limit
        and not player.sitting_out
        and player.in_session
        and not over
    ):
        state = _sat(state, seat, True, timed_out=True)
        player = state.seats[seat]
        count = 0
    seats = with_seat(state.seats, seat, evolve(player, timeouts=count))
    return evolve(state, seats=seats)


# --- S7 adding chips ---------------------------------------------------------------------


def add_chips_refusal(state: State, seat: int, amount: object) -> Refusal | None:
    """None if ``seat``'s player may add ``amount`` chips now (S7): a rebuy table,
    between hands, a player in the session, a stack after it of at most the buy-in limit.
    """
    rules = state.rules
    if not rules.rebuy:
        return refuse("no_rebuy", "S7")
    refusal = between_hands_refusal(state, "S7")
    if refusal is not None:
        return refusal
    refusal = in_session_refusal(state, seat)
    if refusal is not None:
        return refusal
    if type(amount) is not int:
        return refuse("amount_type", amount=short(amount))
    if not 1 <= amount <= MAX_CHIPS:
        return refuse("amount_range", most=MAX_CHIPS, amount=short(amount))
    stack = state.seats[seat].stack
    if stack + amount > rules.buy_in_limit:
        return refuse(
            "buy_in_limit", "S7", amount=amount, total=stack + amount, limit=rules.buy_in_limit
        )
    return None


def add_chips(state: State, action: AddChips) -> State:
    """The player adds chips to its stack; they are brought to the table (S7, S8)."""
    seat, amount = action.seat, action.amount
    player = state.seats[seat]
    seats = with_seat(state.seats, seat, evolve(player, stack=player.stack + amount))
    return evolve(
        state,
        seats=seats,
        chips_brought=state.chips_brought + amount,
        events=state.events.appended(ChipsAdded(seat, amount)),
    )


# --- what is listed (S4, S5, S7) ---------------------------------------------------------


def _offer_leave(state: State, seat: int) -> tuple[Action, ...]:
    """A player that has not already left during this hand may leave (S4)."""
    return () if state.seats[seat].leaving else (Leave(seat),)


def _offer_sit_out(state: State, seat: int) -> tuple[Action, ...]:
    """A playing player may sit out (S5)."""
    return () if state.seats[seat].sitting_out else (SitOut(seat),)


def _offer_sit_in(state: State, seat: int) -> tuple[Action, ...]:
    """A player sitting out may sit in (S5)."""
    return (SitIn(seat),) if state.seats[seat].sitting_out else ()


def _offer_add_chips(state: State, seat: int) -> tuple[Action, ...]:
    """On a rebuy table between hands, chips up to the buy-in limit (S7): one action, the
    most it may add (every amount from 1 is legal too).
    """
    rules = state.rules
    if not rules.rebuy or state.phase not in BETWEEN_HANDS:
        return ()
    room = rules.buy_in_limit - state.seats[seat].stack
    return (AddChips(seat, room),) if room >= 1 else ()


HANDLERS: Final[dict[type[Any], Handler]] = {
    Join: Handler(check_join, join, listed=False),  # S1, S3: never listed (it needs a name)
    Leave: Handler(checked(check_seat, leave_refusal), leave, _offer_leave),  # S4
    SitOut: Handler(checked(check_seat, sit_out_refusal), sit_out, _offer_sit_out),  # S5
    SitIn: Handler(checked(check_seat, sit_in_refusal), sit_in, _offer_sit_in),  # S5
    # S6: never listed (the clock's); a timeout keeps the count of timeouts in a row
    Timeout: Handler(
        checked(check_seat, timeout_refusal), timeout, keeps_timeouts=True, listed=False
    ),
    AddChips: Handler(
        checked(check_seat, add_chips_refusal, "amount"), add_chips, _offer_add_chips
    ),  # S7
}
"""The open-table actions, each with its check (built from its refusal question), its
handler and, when listed, its offer: their entries of the reducer's table."""
