"""Automatic players and the session driver.

An automatic player is a *chooser*: a function ``(view, seat, rng) -> Action | None``
that decides for ``seat`` from :func:`~teenpatti_rules.views.view` of the state alone,
so it cannot cheat, and returns None when that seat has nothing to do.

- :mod:`.rule`: :func:`~.rule.choose`, the automatic player of R44, with its policy table;
- :mod:`.random`: :func:`~.random.random_choice`, uniform among the legal actions;
- :mod:`.session`: :func:`~.session.play_session`, a whole session with one chooser per seat;
- :mod:`.terminal`: a person at a terminal (``teenpatti play``);
- :mod:`.equity`: :func:`~.equity.equity_choose`, the equity player: bets from its odds
  against the players still in and the pot odds (numpy extra; import it from
  ``teenpatti_rules.players.equity``);
- :mod:`.match`: :func:`~.match.play_match`, seeded sessions between kinds of player
  with confidence intervals.
"""

from __future__ import annotations

from .equity import EquityPolicy, equity_choose, equity_player
from .match import play_match
from .random import random_choice
from .rule import HandClass, choose, hand_class
from .session import Chooser, OnStep, play_session

__all__ = [
    "Chooser",
    "EquityPolicy",
    "HandClass",
    "OnStep",
    "choose",
    "equity_choose",
    "equity_player",
    "hand_class",
    "play_match",
    "play_session",
    "random_choice",
]
