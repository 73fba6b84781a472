"""What every action handler of the reducer shares: the checks that refuse an action
(with a :class:`~.refusals.Refusal`, raised as an
:class:`~teenpatti_rules.errors.IllegalActionError`) and the small state updates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple, NoReturn

from ..events import Event
from ..limits import MAX_CHIPS, short
from ..records import evolve, evolver
from ..state import Phase, Seat, State
from .questions import is_seat
from .refusals import Refusal, error_for, refuse

if TYPE_CHECKING:  # the registry imports the engine's modules: its union for typing only
    from ..actions import Action

__all__ = [
    "BETWEEN_HANDS",
    "Check",
    "Handler",
    "Offer",
    "between_hands",
    "between_hands_refusal",
    "check_amount",
    "check_seat",
    "check_turn",
    "checked",
    "evolve_seat",
    "evolve_state",
    "in_session_refusal",
    "pay_in",
    "payment",
    "reject",
    "require",
    "with_seat",
]


BETWEEN_HANDS: Final = (Phase.AWAITING_DEAL, Phase.WAITING)
"""The phases between hands in which the table is open (not SESSION_OVER)."""


def reject(action: Action, refusal: Refusal) -> NoReturn:
    """Raise the :class:`~teenpatti_rules.errors.IllegalActionError` of ``refusal``
    for ``action``: ``"seat S may not DOING: SENTENCE"`` with the refusal's code and rule.
    """
    raise error_for(action, refusal)


def require(action: Action, refusal: Refusal | None) -> None:
    """Refuse ``action`` when a refusal function gave a refusal."""
    if refusal is not None:
        raise error_for(action, refusal)


def check_seat(state: State, action: Action) -> None:
    """The action names a seat of the table (code ``no_seat``)."""
    if not is_seat(state, action.seat):
        seat = action.seat
        who = seat if type(seat) is int and seat.bit_length() < 200 else short(seat)
        refusal = refuse("no_seat", kind=type(action).__name__, who=who, last=len(state.seats) - 1)
        raise error_for(action, refusal, whole=True)


def between_hands(state: State) -> Refusal:
    """Why no turn action is legal between hands (R2, R6)."""
    if state.phase is Phase.SESSION_OVER:
        return refuse("session_over")
    return refuse("no_hand", "R6")


def between_hands_refusal(state: State, rule: str) -> Refusal | None:
    """None between hands; else why not: the session is over, or a hand is in play
    (refused under ``rule``: S3 for a join, S7 for adding chips).
    """
    if state.phase in BETWEEN_HANDS:
        return None
    if state.phase is Phase.SESSION_OVER:
        return refuse("session_over")
    return refuse("hand_in_play", rule)


def in_session_refusal(state: State, seat: int) -> Refusal | None:
    """None for a player in the session, before the session is over (S4); else why not:
    ``session_over``, or ``not_in_session`` (S4).
    """
    if state.phase is Phase.SESSION_OVER:
        return refuse("session_over")
    if not state.seats[seat].in_session:
        return refuse("not_in_session", "S4")
    return None


def check_turn(state: State, action: Action) -> None:
    """The action is a betting action: the hand is in play and it is the seat's turn (R20, R29)."""
    check_seat(state, action)
    if state.phase is Phase.BETTING:
        if action.seat != state.actor:
            reject(action, refuse("not_your_turn", actor=state.actor))
        return
    if state.phase is Phase.SIDESHOW:
        assert state.sideshow is not None
        reject(action, refuse("sideshow_pending", target=state.sideshow.target))
    reject(action, between_hands(state))


def check_amount(action: Any) -> None:
    """The action's ``amount`` is an exact int of 1 to MAX_CHIPS chips."""
    amount = action.amount
    if type(amount) is not int:  # an int subclass could compare equal to anything
        reject(action, refuse("amount_type", amount=short(amount)))
    if not 1 <= amount <= MAX_CHIPS:
        reject(action, refuse("amount_range", most=MAX_CHIPS, amount=short(amount)))


Check = Callable[[State, Any], None]
"""A check: raises :class:`~teenpatti_rules.errors.IllegalActionError` unless the
action is legal in the state."""


Offer = Callable[[State, int], "Sequence[Action]"]
"""An open-table action kind's offer: ``offer(state, seat)`` is the actions of that
kind that :func:`~teenpatti_rules.engine.legal_actions` lists for ``seat``, a player in
the session, before the session is over (each must pass the kind's check)."""


class Handler(NamedTuple):
    """Everything the engine knows of one action kind: its entry in ``HANDLERS`` of the
    module that defines its record (:data:`.deal.HANDLERS`, :data:`.betting.HANDLERS`,
    :data:`.table.HANDLERS`). The reducer and the listing of
    the open-table actions read it, so a new kind is one module (its record, its
    functions and this one entry) plus its entry in the registry,
    :mod:`teenpatti_rules.actions`.

    :param check: raises :class:`~teenpatti_rules.errors.IllegalActionError` unless the
        action is legal.
    :param act: builds the next state from a legal action.
    :param offer: for an open-table action (S3–S7), what
        :func:`~teenpatti_rules.engine.legal_actions` lists of it for a seat
        (:data:`Offer`); None for a kind listed with the hand's actions
        (:mod:`.listing`) or never listed (a Join needs a name, a Timeout is the
        clock's).
    :param keeps_timeouts: True when the action leaves the seat's count of timeouts in a
        row as it is (S6: a look, a timeout); any other action of its own resets it.
    :param listed: False for a kind that :func:`~teenpatti_rules.engine.legal_actions`
        never lists even when it is legal (a Join needs a name, S3; a Timeout is the
        clock's, S6); the property tests hold every other legal action to be listed.
    """

    check: Check
    act: Callable[[State, Any], State]
    offer: Offer | None = None
    keeps_timeouts: bool = False
    listed: bool = True


def checked(first: Check, question: Callable[..., Refusal | None], *fields: str) -> Check:
    """The check of an action kind, from its refusal question (one source per rule).

    :param first: what comes first: :func:`check_seat` (any time), :func:`check_turn`
        (a betting action on its turn) or a sideshow answer's check.
    :param question: ``question(state, seat, *values) -> Refusal | None``, with the
        values of ``fields`` read from the action.
    :param fields: the action's fields the question reads; an ``amount`` is first
        checked to be an exact int of 1 to MAX_CHIPS chips (:func:`check_amount`).
    :returns: the check: ``first``, the amount, then the question's refusal raised.
    """
    amount = "amount" in fields

    def check(state: State, action: Any) -> None:
        first(state, action)
        if amount:
            check_amount(action)
        refusal = question(state, action.seat, *[getattr(action, name) for name in fields])
        if refusal is not None:
            raise error_for(action, refusal)

    return check


# --- small state updates -------------------------------------------------------------

evolve_state = evolver(State)  # evolve(state, ...) on the hot paths: one step each
evolve_seat = evolver(Seat)


def with_seat(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    """``seats`` with seat number ``index`` replaced by ``seat``."""
    return (*seats[:index], seat, *seats[index + 1 :])


def payment(
    state: State, seat: int, amount: int, event: Event, *, counts_as_blind_bet: bool = False
) -> dict[str, Any]:
    """The :class:`~teenpatti_rules.state.State` fields that change when ``seat`` puts
    ``amount`` chips in the pot, which ``event`` records; it is all-in when that empties
    its stack (R25). A ``Bet`` made blind counts toward the blind-bet limit (R23).
    """
    player = state.seats[seat]
    stack = player.stack - amount
    new_player = evolve_seat(
        player,
        stack=stack,
        contributed=player.contributed + amount,
        all_in=stack == 0,
        blind_bets=player.blind_bets + counts_as_blind_bet,
    )
    return {
        "seats": with_seat(state.seats, seat, new_player),
        "pot": state.pot + amount,
        "events": state.events.appended(event),
    }


def pay_in(state: State, seat: int, amount: int, event: Event, **changes: Any) -> State:
    """``state`` after ``seat`` put ``amount`` chips in the pot (:func:`payment`);
    ``changes`` are further :class:`~teenpatti_rules.state.State` fields.
    """
    return evolve(state, **payment(state, seat, amount, event), **changes)
