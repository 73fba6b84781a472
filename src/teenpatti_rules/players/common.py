"""What the automatic players share: the seat check and the dealer's move between hands."""

from __future__ import annotations

from typing import Any

from ..actions import Action, Deal
from ..engine.questions import is_seat
from ..limits import short
from ..state import Phase, State

__all__ = ["check_seat", "deal_or_nothing", "own_choices", "seat_and_rng"]

_UNCHECKED: object = object()


def check_seat(state: State, seat: object, rng: object = _UNCHECKED) -> int:
    """``seat`` if it is a seat number of ``state``'s table; the arguments of a chooser
    checked (``view``, ``seat``, ``rng``).

    :param state: the chooser's ``view``: a :class:`~teenpatti_rules.state.State`.
    :param seat: the seat it plays.
    :param rng: its source of random choices, a :class:`random.Random` (anything
        with ``random`` and ``choice``); left out, it is not checked.
    :raises TypeError: naming the parameter, for a ``view`` that is not a State or an
        ``rng`` that is not a random number generator.
    :raises ValueError: naming the seat range, for a seat that is not a seat number.
    """
    if not isinstance(state, State):
        raise TypeError(
            f"view must be a State (view(state, seat)), not {type(state).__name__} {short(state)}"
        )
    if rng is not _UNCHECKED and not (hasattr(rng, "random") and hasattr(rng, "choice")):
        raise TypeError(
            f"rng must be a random.Random (e.g. random.Random(1)), not {type(rng).__name__} "
            f"{short(rng)}"
        )
    if not is_seat(state, seat):
        raise ValueError(f"seat must be a seat number 0..{len(state.seats) - 1}, not {short(seat)}")
    assert isinstance(seat, int)
    return seat


def seat_and_rng(view: State, seat: object, rng: object) -> tuple[int, Any]:
    """The seat and random source of a chooser called either way:
    ``chooser(view, seat, rng)`` or ``chooser(view, rng)`` with a view that knows its
    seat (:attr:`~teenpatti_rules.views.View.seat`), checked by :func:`check_seat`.

    :returns: ``(seat, rng)``.
    :raises ValueError: for ``chooser(view, rng)`` with a view of no seat (a state,
        or the spectators' view); as :func:`check_seat`.
    :raises TypeError: as :func:`check_seat`.
    """
    if rng is _UNCHECKED:
        own = getattr(view, "seat", None) if getattr(view, "is_view", False) else None
        if own is None:
            raise ValueError(
                "without a seat argument the view must know its seat (view(state, seat)); "
                "pass the seat: chooser(view, seat, rng)"
            )
        seat, rng = own, seat
    return check_seat(view, seat, rng), rng


def own_choices(state: State, seat: int) -> list[Action]:
    """``seat``'s actions of :func:`~teenpatti_rules.engine.legal_actions`, without the
    open-table actions (S4–S7): an automatic player never leaves, sits out or adds
    chips unless its policy says so (none does), and never times out.
    """
    from ..actions import TABLE_ACTION_TYPES
    from ..engine import legal_actions

    return [
        action
        for action in legal_actions(state)
        if action.seat == seat and not isinstance(action, TABLE_ACTION_TYPES)
    ]


def deal_or_nothing(state: State, seat: int) -> Action | None:
    """``Deal(seat)`` between hands when ``seat`` holds the button (R5, R6), else None."""
    if state.phase is Phase.AWAITING_DEAL and seat == state.dealer:
        return Deal(seat)
    return None
