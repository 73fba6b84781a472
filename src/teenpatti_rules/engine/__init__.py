"""The engine: the rules of play over immutable states.

- :mod:`.reducer`: :func:`apply` and :func:`legal_actions`, one handler per action;
- :mod:`.questions`: the shared rule questions (whose turn, minimum bet, why not …);
- :mod:`.sizing`: bet sizings as ranges (R24, V3);
- :mod:`.triggers`: the end-of-turn checks (R39, R37, R40);
- :mod:`.ending`: showdown, payout, leaving, the button, the session's end;
- :mod:`.pots`: side pots and splits (R18, R41);
- :mod:`.dealing`: the seeded shuffle and the deal order (R5, R10);
- :mod:`.invariants`: is a state one the engine could reach?
"""

from __future__ import annotations

from .reducer import apply, is_legal, legal_actions

__all__ = ["apply", "is_legal", "legal_actions"]
