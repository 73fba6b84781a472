"""Who sits at a server table: a chair's record, the bots' names, and the rows that
store a chair (S1 a name at the door, S3 a chair taken with its stack, S4 a chair
freed when its player leaves, R44 the rule player as a bot).

:class:`Chair` and :data:`BOT_NAMES` are importable from :mod:`.table` as well (where
they were first).
"""

from __future__ import annotations

from typing import Final

import attrs

__all__ = ["BOT_NAMES", "Chair"]

BOT_NAMES: Final = ("Asha", "Bilal", "Chen", "Divya", "Emeka", "Farah", "Gopal", "Hana")
"""The names the table gives its bots (with `` (bot)``), then ``Bot N``."""

SEAT_ROW: Final = (
    "INSERT INTO tp_seats (table_id, seat, name, kind, token_hash, stack)"
    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET"
    " name = excluded.name, kind = excluded.kind, token_hash = excluded.token_hash,"
    " stack = excluded.stack"
)
"""The statement that writes a chair's row: its player, kind, token hash and stack (S3)."""
FREE_ROW: Final = "DELETE FROM tp_seats WHERE table_id = ? AND seat = ?"
"""The statement that frees a chair's row (its player left the session, S4, R7)."""


@attrs.frozen
class Chair:
    """Who sits in a chair.

    :param name: the player's name (checked at the door, S1).
    :param kind: ``"human"``, ``"rule"`` (the R44 player) or ``"equity"``.
    :param token_hash: SHA-256 (hex) of a person's seat token; None for a bot.
    :param stack: the chips the player brings when it joins: None for the starting
        stack (R4), else one boot to ``max_buy_in`` (S3).
    """

    name: str
    kind: str
    token_hash: str | None = None
    stack: int | None = None
