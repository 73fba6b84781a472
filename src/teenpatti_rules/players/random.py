"""The random player: uniform among the legal actions of its turn, for tests and
benchmarks.
"""

from __future__ import annotations

import random
from typing import Any, overload

from ..actions import Action, Bet
from ..engine.questions import bet_range
from ..sizing import sizing_of
from ..state import Phase, State
from .common import _UNCHECKED, deal_or_nothing, own_choices, seat_and_rng

__all__ = ["random_choice"]


@overload
def random_choice(view: State, seat: random.Random, /) -> Action | None: ...


@overload
def random_choice(view: State, seat: int, rng: random.Random) -> Action | None: ...


def random_choice(view: State, seat: int | random.Random, rng: Any = _UNCHECKED) -> Action | None:
    """A uniformly random legal player, for tests and benchmarks.

    :param view: ``view(state, seat)`` (any state works; only legal actions are read).
    :param seat: the seat it plays, a seat number; or leave it out, ``random_choice(view,
        rng)``, with a :class:`~teenpatti_rules.views.View` that knows its seat.
    :param rng: the source of its choices.
    :returns: when ``seat`` is to act (its turn, or a sideshow asked of it), one of
        its legal actions chosen uniformly (``Look`` included, R22; when the table's
        sizing lists only some amounts, as ``bet_sizing="no_limit"`` does, V3, a
        chosen bet's amount is then drawn uniformly from every amount of
        ``bet_range``); between hands
        ``Deal(seat)`` when it holds the button (R5, R6); otherwise None (it never
        acts off its turn, so it may stay blind).
    :raises ValueError: if ``seat`` is not a seat number, or is left out with a view
        of no seat.
    :raises TypeError: if ``view`` is not a State or ``rng`` is not a
        :class:`random.Random` (None is refused: pass ``random.Random(seed)``).
    """
    seat, rng = seat_and_rng(view, seat, rng)
    if view.phase in (Phase.AWAITING_DEAL, Phase.WAITING) or view.phase is Phase.SESSION_OVER:
        return deal_or_nothing(view, seat)
    if view.actor != seat:
        return None
    action: Action = rng.choice(own_choices(view, seat))
    if isinstance(action, Bet) and not sizing_of(view.rules).lists_every_amount:
        amounts = bet_range(view, seat)
        grid = range(amounts.low, amounts.high + 1, amounts.step)
        k = rng.randrange(len(amounts))
        amount = grid[k] if k < len(grid) else amounts.also
        assert amount is not None
        action = Bet(seat, amount)
    return action
