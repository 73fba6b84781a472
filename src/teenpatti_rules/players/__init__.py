"""Automatic players and the session driver.

An automatic player is a *chooser*: a function ``(view, seat, rng) -> Action | None``
that decides for ``seat`` from :func:`~teenpatti_rules.views.view` of the state alone,
so it cannot cheat, and returns None when that seat has nothing to do.

- :mod:`.rule`: :func:`choose`, the automatic player of R44, with its policy table;
- :mod:`.random`: :func:`random_choice`, uniform among the legal actions;
- :mod:`.session`: :func:`play_session`, a whole session with one chooser per seat;
- :mod:`.terminal`: a person at a terminal (``teenpatti play``).
"""

from __future__ import annotations

from .random import random_choice
from .rule import HandClass, choose, hand_class
from .session import Chooser, OnStep, play_session

__all__ = [
    "Chooser",
    "HandClass",
    "OnStep",
    "choose",
    "hand_class",
    "play_session",
    "random_choice",
]
