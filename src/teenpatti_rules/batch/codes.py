"""The codes of the batch state's ``phase`` and ``ending`` arrays (one ``int8`` per
table): betting, a sideshow waiting for its answer (R31) or over; and how a hand ended:
everyone else packed (R39), a show (R35), a showdown (R12, R37, R38, R40), a table
show (V14) or the turn limit (V15).

They are importable from :mod:`teenpatti_rules.batch.state` (where they were first)
and :mod:`teenpatti_rules.batch` as well.
"""

from __future__ import annotations

__all__ = [
    "ENDING_NONE",
    "ENDING_PACKED",
    "ENDING_SHOW",
    "ENDING_SHOWDOWN",
    "ENDING_TABLE_SHOW",
    "ENDING_TURN_LIMIT",
    "PHASE_BETTING",
    "PHASE_OVER",
    "PHASE_SIDESHOW",
]

PHASE_BETTING = 0
"""``phase`` value: the hand is in play and ``current_player`` is to act."""
PHASE_SIDESHOW = 1
"""``phase`` value: a sideshow request waits for the asked player's answer (R31)."""
PHASE_OVER = 2
"""``phase`` value: the hand is over (``terminated``)."""

ENDING_NONE = 0
"""``ending`` value: the hand is not over."""
ENDING_PACKED = 1
"""``ending`` value: everyone else packed (R39)."""
ENDING_SHOW = 2
"""``ending`` value: a show between the last two players (R35)."""
ENDING_SHOWDOWN = 3
"""``ending`` value: a showdown of every hand still in (R12, R37, R38, R40)."""
ENDING_TABLE_SHOW = 4
"""``ending`` value: a table show, an ordinary showdown (V14)."""
ENDING_TURN_LIMIT = 5
"""``ending`` value: every bettor took its turns, an ordinary showdown (V15)."""
