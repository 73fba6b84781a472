"""Joining an open table (S1, S3): the :class:`~teenpatti_rules.actions.Join` record
(re-exported by :mod:`teenpatti_rules.actions`, the registry), its refusal question, its
check and its handler: its one entry of :data:`HANDLERS`. Never listed by
:func:`~teenpatti_rules.engine.legal_actions`: a join needs a name.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import attrs

from ..action_text import ActionBase, name_text
from ..events import PlayerJoined
from ..limits import check_table_chips, short
from ..records import evolve
from ..state import Seat, State, _joining_name, between_hands_phase
from .common import Handler, between_hands_refusal, check_seat, require, with_seat
from .refusals import Refusal, refuse

__all__ = ["HANDLERS", "check_join", "join", "join_refusal"]


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


HANDLERS: Final[dict[type[Any], Handler]] = {
    Join: Handler(check_join, join, listed=False),  # S1, S3: never listed (it needs a name)
}
"""The join's entry of the reducer's table."""
