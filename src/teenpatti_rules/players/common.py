"""What the automatic players share: the seat check and the dealer's move between hands."""

from __future__ import annotations

from ..actions import Action, Deal
from ..engine.questions import is_seat
from ..state import Phase, State

__all__ = ["check_seat", "deal_or_nothing"]


def check_seat(state: State, seat: object) -> int:
    """``seat`` if it is a seat number of ``state``'s table.

    :raises ValueError: naming the seat range, otherwise.
    """
    if not is_seat(state, seat):
        raise ValueError(f"seat must be a seat number 0..{len(state.seats) - 1}, not {seat!r}")
    assert isinstance(seat, int)
    return seat


def deal_or_nothing(state: State, seat: int) -> Action | None:
    """``Deal(seat)`` between hands when ``seat`` holds the button (R5, R6), else None."""
    if state.phase is Phase.AWAITING_DEAL and seat == state.dealer:
        return Deal(seat)
    return None
