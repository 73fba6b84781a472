"""The random player: uniform among the legal actions of its turn, for tests and
benchmarks.
"""

from __future__ import annotations

import random

from ..actions import Action, Bet
from ..engine.questions import bet_range
from ..state import Phase, State
from .common import check_seat, deal_or_nothing, own_choices

__all__ = ["random_choice"]


def random_choice(view: State, seat: int, rng: random.Random) -> Action | None:
    """A uniformly random legal player, for tests and benchmarks.

    :param view: ``view(state, seat)`` (any state works; only legal actions are read).
    :param seat: the seat it plays, a seat number.
    :param rng: the source of its choices.
    :returns: when ``seat`` is to act (its turn, or a sideshow asked of it), one of
        its legal actions chosen uniformly (``Look`` included, R22; under
        ``bet_sizing="no_limit"``, V3, a chosen bet's amount is then drawn uniformly
        from every amount of ``bet_range``, not only the few listed); between hands
        ``Deal(seat)`` when it holds the button (R5, R6); otherwise None (it never
        acts off its turn, so it may stay blind).
    :raises ValueError: if ``seat`` is not a seat number.
    :raises TypeError: if ``view`` is not a State or ``rng`` is not a
        :class:`random.Random` (None is refused: pass ``random.Random(seed)``).
    """
    seat = check_seat(view, seat, rng)
    if view.phase in (Phase.AWAITING_DEAL, Phase.WAITING) or view.phase is Phase.SESSION_OVER:
        return deal_or_nothing(view, seat)
    if view.actor != seat:
        return None
    action = rng.choice(own_choices(view, seat))
    if isinstance(action, Bet) and view.rules.bet_sizing == "no_limit":
        amounts = bet_range(view, seat)
        grid = range(amounts.low, amounts.high + 1, amounts.step)
        k = rng.randrange(len(amounts))
        amount = grid[k] if k < len(grid) else amounts.also
        assert amount is not None
        action = Bet(seat, amount)
    return action
