"""The per-hand event log: what happened, in order, as frozen records.

:attr:`teenpatti_rules.state.State.events` holds the events of the current hand
(between hands: of the last hand). UIs animate from it; histories print from it.
No event carries what R43 hides from the table: an event names seats, amounts and
stakes, and only hands that were turned face up (:class:`Showdown`). A sideshow's
events name who packed, never a card or a hand (R32). So every event is public,
and :func:`teenpatti_rules.views.view` passes the log through unchanged.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeAlias

import attrs

from .cards import Card
from .ranking import HandRank

__all__ = [
    "BetMade",
    "BootPosted",
    "Event",
    "HandEnding",
    "HandStarted",
    "Looked",
    "Packed",
    "Payout",
    "SeatLeft",
    "SessionEnded",
    "ShowAsked",
    "Showdown",
    "ShownHand",
    "SideShowAccepted",
    "SideShowAsked",
    "SideShowRefused",
    "WentAllIn",
]


class HandEnding(Enum):
    """How a hand ended."""

    PACKED = "packed"
    """All players but one packed; that player takes the pot, cards stay down (R39)."""
    SHOW = "show"
    """A show between the last two players; the asker loses a tie (R34, R35)."""
    SHOWDOWN = "showdown"
    """Every hand still in was turned up; ties split (R12, R37, R38, R40)."""


@attrs.frozen
class HandStarted:
    """A hand was dealt (R6, R10).

    :param hand_number: 1 for the session's first hand.
    :param dealer: the dealer of this hand (R5).
    :param dealt_by: the seat that pressed "deal" (R6).
    :param seats: the seats dealt in, in deal order (dealer's left first).
    """

    hand_number: int
    dealer: int
    dealt_by: int
    seats: tuple[int, ...]


@attrs.frozen
class BootPosted:
    """A seat posted the boot (R9); ``all_in`` when that emptied its stack."""

    seat: int
    amount: int
    all_in: bool


@attrs.frozen
class Looked:
    """A blind seat looked at its cards and is now seen (R22). The cards are not in the event."""

    seat: int


@attrs.frozen
class BetMade:
    """A chaal (R24, R25).

    :param seat: who bet.
    :param amount: chips put in.
    :param stake: the stake after the bet.
    :param blind: whether the bet was made blind.
    :param all_in: whether the bet emptied the stack (a full bet).
    """

    seat: int
    amount: int
    stake: int
    blind: bool
    all_in: bool


@attrs.frozen
class WentAllIn:
    """A seat went all-in for ``amount`` chips, its whole stack; the stake did not change (R26)."""

    seat: int
    amount: int


@attrs.frozen
class Packed:
    """A seat packed (R29)."""

    seat: int


@attrs.frozen
class SideShowAsked:
    """A seen seat paid a chaal and asked its previous player for a sideshow (R30).

    :param asker: who asked and paid.
    :param target: the previous player, who must answer.
    :param amount: chips the asker put in.
    :param stake: the stake after that chaal.
    """

    asker: int
    target: int
    amount: int
    stake: int


@attrs.frozen
class SideShowAccepted:
    """The sideshow was accepted; ``packed`` is the seat whose hand lost (R31, R32)."""

    asker: int
    target: int
    packed: int


@attrs.frozen
class SideShowRefused:
    """The sideshow was refused; the asker's bet stays (R31)."""

    asker: int
    target: int


@attrs.frozen
class ShowAsked:
    """A seat paid ``amount`` chips and asked ``opponent`` for a show (R34)."""

    seat: int
    opponent: int
    amount: int


@attrs.frozen
class ShownHand:
    """A hand turned face up: the seat, its three cards and their rank."""

    seat: int
    cards: tuple[Card, ...]
    rank: HandRank


@attrs.frozen
class Showdown:
    """Hands were turned face up (R35, R40, R37, R38, R12).

    :param ending: :attr:`HandEnding.SHOW` for a show, else
        :attr:`HandEnding.SHOWDOWN`.
    :param hands: every hand turned up, by seat.
    """

    ending: HandEnding
    hands: tuple[ShownHand, ...]


@attrs.frozen
class Payout:
    """``seat`` won ``amount`` chips from the pot (gross) (R39, R41)."""

    seat: int
    amount: int


@attrs.frozen
class SeatLeft:
    """After the hand, ``seat`` held ``stack`` chips, below the boot, and left the session (R7)."""

    seat: int
    stack: int


@attrs.frozen
class SessionEnded:
    """The session is over; ``winners`` are its winners (R2, R8)."""

    winners: tuple[int, ...]


Event: TypeAlias = (
    HandStarted
    | BootPosted
    | Looked
    | BetMade
    | WentAllIn
    | Packed
    | SideShowAsked
    | SideShowAccepted
    | SideShowRefused
    | ShowAsked
    | Showdown
    | Payout
    | SeatLeft
    | SessionEnded
)
"""Any event of the log."""
