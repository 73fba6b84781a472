"""The per-hand event log: what happened, in order, as frozen records.

:attr:`teenpatti_rules.state.State.events` holds the events of the current hand
(between hands: of the last hand). UIs animate from it; histories print from it.
No event carries what R43 hides from the table: an event names seats, amounts and
stakes, and only hands that were turned face up (:class:`Showdown`). A sideshow's
events name who packed, never a card or a hand (R32). Each event class says
whether it is public (:attr:`EventBase.public`); :func:`teenpatti_rules.views.view`
asks each event for the part a viewer may see (:meth:`EventBase.visible_part`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import ClassVar, TypeAlias, get_args

import attrs

from .cards import Card
from .event_facts import MANY_SEATS, ONE_SEAT, SEAT, EventBase, EventFacts
from .ranking import HandRank

__all__ = [
    "EVENT_TYPES",
    "SEAT",
    "BetMade",
    "BootPosted",
    "ChipsAdded",
    "Drew",
    "Event",
    "EventBase",
    "EventFacts",
    "ForcedBet",
    "HandEnding",
    "HandStarted",
    "IndicatorTurned",
    "Leaving",
    "Looked",
    "MissedBootPosted",
    "OpenFlush",
    "Packed",
    "Payout",
    "PlayerJoined",
    "SatIn",
    "SatOut",
    "SeatLeft",
    "SessionEnded",
    "ShowAsked",
    "Showdown",
    "ShownHand",
    "SideShowAccepted",
    "SideShowAsked",
    "SideShowHalfPaid",
    "SideShowRefused",
    "TableShow",
    "TimedOut",
    "TurnLimitReached",
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
    TABLE_SHOW = "table_show"
    """A table show: N bets each without a change of the stake; an ordinary showdown (V14)."""
    TURN_LIMIT = "turn_limit"
    """Every player who could still bet took its N turns; an ordinary showdown (V15)."""


@attrs.frozen
class HandStarted(EventBase):
    """A hand was dealt (R6, R10).

    :param hand_number: 1 for the session's first hand.
    :param dealer: the dealer of this hand (R5).
    :param dealt_by: the seat that pressed "deal" (R6).
    :param seats: the seats dealt in, in deal order (dealer's left first).
    """

    facts: ClassVar[EventFacts] = EventFacts(action="deal", actor="dealt_by")

    hand_number: int
    dealer: int = attrs.field(metadata=ONE_SEAT)
    dealt_by: int = attrs.field(metadata=ONE_SEAT)
    seats: tuple[int, ...] = attrs.field(metadata=MANY_SEATS)


@attrs.frozen
class IndicatorTurned(EventBase):
    """The indicator was turned face up after the deal, public to everyone (V8 W5).

    :param card: the indicator.
    """

    facts: ClassVar[EventFacts] = EventFacts()

    card: Card


@attrs.frozen
class BootPosted(EventBase):
    """A seat posted the boot (R9); ``all_in`` when that emptied its stack. It does not
    set the stake: the opening stake is the hand's boot (R11), even when the dealer
    posts more (V13) or a short stack posts less (R9).
    """

    facts: ClassVar[EventFacts] = EventFacts(paid_in=True)

    seat: int = attrs.field(metadata=ONE_SEAT)
    amount: int
    all_in: bool


@attrs.frozen
class Looked(EventBase):
    """A blind seat looked at its cards and is now seen (R22). The cards are not in the event."""

    facts: ClassVar[EventFacts] = EventFacts(action="look", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)


@attrs.frozen
class BetMade(EventBase):
    """A chaal (R24, R25).

    :param seat: who bet.
    :param amount: chips put in.
    :param stake: the stake after the bet.
    :param blind: whether the bet was made blind.
    :param all_in: whether the bet emptied the stack (a full bet).
    """

    facts: ClassVar[EventFacts] = EventFacts(
        paid_in=True, turn=True, action="bet", actor="seat", stake="stake"
    )

    seat: int = attrs.field(metadata=ONE_SEAT)
    amount: int
    stake: int
    blind: bool
    all_in: bool


@attrs.frozen
class WentAllIn(EventBase):
    """A seat went all-in for ``amount`` chips, its whole stack; the stake did not change (R26)."""

    facts: ClassVar[EventFacts] = EventFacts(paid_in=True, turn=True, action="all-in", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)
    amount: int


@attrs.frozen
class Packed(EventBase):
    """A seat packed (R29)."""

    facts: ClassVar[EventFacts] = EventFacts(turn=True, action="pack", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)


@attrs.frozen
class SideShowAsked(EventBase):
    """A seen seat paid a chaal and asked its previous player for a sideshow (R30).

    :param asker: who asked and paid.
    :param target: the previous player, who must answer.
    :param amount: chips the asker put in.
    :param stake: the stake after that chaal.
    :param split: True under ``sideshow_split`` (V17): ``amount`` is the asker's half
        of the chaal, and the chaal (twice ``amount``) set the stake.
    """

    facts: ClassVar[EventFacts] = EventFacts(
        paid_in=True, turn=True, action="sideshow", actor="asker", stake="stake"
    )

    asker: int = attrs.field(metadata=ONE_SEAT)
    target: int = attrs.field(metadata=ONE_SEAT)
    amount: int
    stake: int
    split: bool = False


@attrs.frozen
class SideShowHalfPaid(EventBase):
    """The second half of a split sideshow's chaal was paid (V17): by the asked player on
    accepting, or by the asker when it was refused.

    :param seat: who paid.
    :param amount: chips put in.
    """

    facts: ClassVar[EventFacts] = EventFacts(paid_in=True)

    seat: int = attrs.field(metadata=ONE_SEAT)
    amount: int


@attrs.frozen
class SideShowAccepted(EventBase):
    """The sideshow was accepted; ``packed`` is the seat whose hand lost (R31, R32)."""

    facts: ClassVar[EventFacts] = EventFacts(action="accept", actor="target")

    asker: int = attrs.field(metadata=ONE_SEAT)
    target: int = attrs.field(metadata=ONE_SEAT)
    packed: int = attrs.field(metadata=ONE_SEAT)


@attrs.frozen
class SideShowRefused(EventBase):
    """The sideshow was refused; the asker's bet stays (R31)."""

    facts: ClassVar[EventFacts] = EventFacts(action="refuse", actor="target")

    asker: int = attrs.field(metadata=ONE_SEAT)
    target: int = attrs.field(metadata=ONE_SEAT)


@attrs.frozen
class Drew(EventBase):
    """A seen seat discarded ``count`` cards and drew as many, paying ``amount`` chips
    (V20). The cards are not in the event: discards are never shown.
    """

    facts: ClassVar[EventFacts] = EventFacts(paid_in=True, turn=True, action="draw", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)
    count: int
    amount: int


@attrs.frozen
class TableShow(EventBase):
    """Betting ended in a table show (V14): every player who could still bet made
    ``rounds`` bets at the stake ``stake`` without changing it.
    """

    facts: ClassVar[EventFacts] = EventFacts()

    rounds: int
    stake: int


@attrs.frozen
class TurnLimitReached(EventBase):
    """Betting ended at the turn limit (V15): every player who could still bet took
    ``turns`` betting actions.
    """

    facts: ClassVar[EventFacts] = EventFacts()

    turns: int


@attrs.frozen
class ShowAsked(EventBase):
    """A seat paid ``amount`` chips and asked ``opponent`` for a show (R34)."""

    facts: ClassVar[EventFacts] = EventFacts(paid_in=True, turn=True, action="show", actor="seat")

    seat: int = attrs.field(metadata=ONE_SEAT)
    opponent: int = attrs.field(metadata=ONE_SEAT)
    amount: int


@attrs.frozen
class ShownHand:
    """A hand turned face up: the seat, its three cards and their rank."""

    seat: int = attrs.field(metadata=ONE_SEAT)
    cards: tuple[Card, ...]
    rank: HandRank


@attrs.frozen
class Showdown(EventBase):
    """Hands were turned face up (R35, R40, R37, R38, R12).

    :param ending: :attr:`HandEnding.SHOW` for a show, else
        :attr:`HandEnding.SHOWDOWN`.
    :param hands: every hand turned up, by seat.
    """

    facts: ClassVar[EventFacts] = EventFacts()

    ending: HandEnding
    hands: tuple[ShownHand, ...]

    public: ClassVar[bool] = False

    def visible_part(self, may_see: Callable[[int], bool]) -> Showdown:
        """The showdown with only the hands the viewer may see (all of them, under the
        engine's rules: a showdown event holds only turned-up hands).
        """
        hands = tuple(hand for hand in self.hands if may_see(hand.seat))
        return self if len(hands) == len(self.hands) else Showdown(self.ending, hands)


@attrs.frozen
class OpenFlush(EventBase):
    """One round of an open flush (V16): the tied seats were dealt three cards face up
    from the rest of the deck. Face-up cards are public until the next deal.

    :param hands: each tied seat's open-flush cards and their rank (R13–R16), in deal
        order.
    """

    facts: ClassVar[EventFacts] = EventFacts()

    hands: tuple[ShownHand, ...]


@attrs.frozen
class Payout(EventBase):
    """``seat`` won ``amount`` chips from the pot (gross) (R39, R41)."""

    facts: ClassVar[EventFacts] = EventFacts()

    seat: int = attrs.field(metadata=ONE_SEAT)
    amount: int


@attrs.frozen
class SeatLeft(EventBase):
    """``seat`` left the session with ``stack`` chips: after the hand, below the boot
    (R7); or because it left (S4) or sat out too long (S5).
    """

    facts: ClassVar[EventFacts] = EventFacts()

    seat: int = attrs.field(metadata=ONE_SEAT)
    stack: int


@attrs.frozen
class SessionEnded(EventBase):
    """The session is over; ``winners`` are its winners (R2, R8)."""

    facts: ClassVar[EventFacts] = EventFacts()

    winners: tuple[int, ...] = attrs.field(metadata=MANY_SEATS)


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


Event: TypeAlias = (
    HandStarted
    | BootPosted
    | IndicatorTurned
    | Looked
    | BetMade
    | WentAllIn
    | Packed
    | SideShowAsked
    | SideShowAccepted
    | SideShowRefused
    | SideShowHalfPaid
    | Drew
    | ShowAsked
    | TableShow
    | TurnLimitReached
    | Showdown
    | OpenFlush
    | Payout
    | SeatLeft
    | SessionEnded
    | ForcedBet
    | MissedBootPosted
    | PlayerJoined
    | Leaving
    | SatOut
    | SatIn
    | TimedOut
    | ChipsAdded
)
"""Any event of the log."""

EVENT_TYPES: tuple[type[Event], ...] = get_args(Event)
"""Every event class, in the order of :data:`Event`."""
