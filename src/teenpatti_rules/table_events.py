"""The events of open tables (S1–S9) and forced blinds (V22): a player joins, leaves,
sits out or in, times out, adds chips; a forced blind bet; a missed boot. Members of
the :data:`~teenpatti_rules.events.Event` union, re-exported by
:mod:`teenpatti_rules.events`.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .event_facts import ONE_SEAT, EventBase, EventFacts

__all__ = [
    "ChipsAdded",
    "ForcedBet",
    "Leaving",
    "MissedBootPosted",
    "PlayerJoined",
    "SatIn",
    "SatOut",
    "TimedOut",
]


@attrs.frozen
class ForcedBet(EventBase):
    """A forced blind bet after the boots (V22): an ordinary blind bet that is not a turn.

    :param seat: who bet.
    :param kind: ``"dealer"``, ``"small"`` or ``"big"``.
    :param amount: chips put in.
    :param stake: the stake after it (a short all-in leaves it, R26).
    :param all_in: whether it emptied the stack.
    """

    facts: ClassVar[EventFacts] = EventFacts(
        paid_in=True, action="bet", actor="seat", stake="stake"
    )

    seat: int = attrs.field(metadata=ONE_SEAT)
    kind: str
    amount: int
    stake: int
    all_in: bool


@attrs.frozen
class MissedBootPosted(EventBase):
    """A player back from sitting out posted a missed boot as dead chips (S5)."""

    facts: ClassVar[EventFacts] = EventFacts(paid_in=True)

    seat: int = attrs.field(metadata=ONE_SEAT)
    amount: int
    all_in: bool


@attrs.frozen
class PlayerJoined(EventBase):
    """A new player took chair ``seat`` with ``stack`` chips (S3)."""

    facts: ClassVar[EventFacts] = EventFacts(action="join", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)
    name: str
    stack: int


@attrs.frozen
class Leaving(EventBase):
    """The player in the hand at ``seat`` left (S4): the engine acts for it, and it
    leaves the session at the end of the hand.
    """

    facts: ClassVar[EventFacts] = EventFacts(action="leave", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)


@attrs.frozen
class SatOut(EventBase):
    """The player sits out from the next deal (S5); ``timed_out`` when its timeouts sat it
    out (S6).
    """

    facts: ClassVar[EventFacts] = EventFacts(action="sit out", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)
    timed_out: bool


@attrs.frozen
class SatIn(EventBase):
    """The player sitting out sits in from the next deal (S5)."""

    facts: ClassVar[EventFacts] = EventFacts(action="sit in", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)


@attrs.frozen
class TimedOut(EventBase):
    """The player's time ran out (S6): it packed, or refused the sideshow asked of it."""

    facts: ClassVar[EventFacts] = EventFacts(action="timeout", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)
    packed: bool


@attrs.frozen
class ChipsAdded(EventBase):
    """The player added ``amount`` chips between hands (S7)."""

    facts: ClassVar[EventFacts] = EventFacts(action="add", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)
    amount: int
