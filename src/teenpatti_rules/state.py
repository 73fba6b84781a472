"""The game state: :class:`State`, :class:`Seat`, and :func:`new_session`.

A :class:`State` is an immutable snapshot of a whole session: the table's
configuration, every seat, the hand in play (or the last hand's result), and the
hand's event log. :func:`teenpatti_rules.engine.apply` returns a new one for each
action; nothing is ever modified in place.

>>> state = new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
>>> state.phase, state.hand_number, state.pot, state.actor
(<Phase.AWAITING_DEAL: 'awaiting_deal'>, 0, 0, None)
>>> [seat.stack for seat in state.seats]
[100, 100, 100]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar

import attrs

from .cards import Card
from .events import Event, HandEnding
from .limits import MAX_SEED, check_table_chips, exact_int, player_names, short
from .ranking import HandRank
from .records import EventLog, FrozenDict, record
from .rules import Rules

__all__ = ["HandResult", "Phase", "Seat", "SideShowRequest", "State", "new_session"]


class Phase(Enum):
    """Where the session is."""

    AWAITING_DEAL = "awaiting_deal"
    """Before a hand: any seat still in the session may deal; the last result stays visible (R6)."""
    BETTING = "betting"
    """A hand is in play and :attr:`State.actor` is to act."""
    SIDESHOW = "sideshow"
    """A sideshow request waits for the asked player's answer (R31)."""
    SESSION_OVER = "session_over"
    """One player remains or the hand limit was reached (R2, R7, R8); nothing is legal."""


def _tuple(value: Any) -> Any:
    """A container field as a plain tuple: a list (or any iterable) given by a caller is
    copied, so that nothing outside the record can change it later (every container
    in a state is immutable, always; the state is checked once and then trusted).
    """
    if type(value) is tuple or isinstance(value, str) or not isinstance(value, Iterable):
        return value  # a tuple, or not a container at all: the checks refuse it
    return tuple(value)


def _places(value: Any) -> Any:
    """``placings`` / ``departed`` as a tuple of tuples (see :func:`_tuple`)."""
    if type(value) is tuple and all(type(place) is tuple for place in value):
        return value
    if isinstance(value, str) or not isinstance(value, Iterable):
        return value  # not a container: the checks refuse it
    return tuple(_tuple(place) for place in value)


@record
@attrs.frozen
class Seat:
    """One seat at the table.

    :param name: the player's display name.
    :param stack: chips in front of the player (not in the pot).
    :param in_session: still in the session (R7).
    :param in_hand: dealt into the current hand and not packed (R29).
    :param seen: has looked at their cards this hand (R22).
    :param all_in: has no chips left to bet this hand (R9, R25, R26, R28).
    :param blind_bets: bets made while blind this hand (R23).
    :param contributed: chips put into the pot this hand (R41).
    :param cards: the three cards dealt in the current or last hand, else ``()``.
        In a :func:`~teenpatti_rules.views.view`, hidden cards are ``()``. Any
        iterable is stored as a tuple (a list given is copied).

    Between hands the per-hand fields keep their end-of-hand values until the
    next deal.
    """

    name: str
    stack: int
    in_session: bool = True
    in_hand: bool = False
    seen: bool = False
    all_in: bool = False
    blind_bets: int = 0
    contributed: int = 0
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_tuple)


@record
@attrs.frozen
class SideShowRequest:
    """A pending sideshow (R30, R31).

    :param asker: the seen seat that asked and paid the chaal.
    :param target: the asker's previous player (R21), who must accept or refuse.
    :param amount: the chaal in chips: what the asker paid, or under
        ``sideshow_split`` (V17) the named chaal ``a``, of which the asker has paid
        ``a / 2``.
    """

    asker: int
    target: int
    amount: int


def _frozen(value: Mapping[int, Any]) -> FrozenDict[int, Any]:
    """A private read-only copy, so that the record never shares a dict with anyone."""
    return value if isinstance(value, FrozenDict) else FrozenDict(value)


def _frozen_rounds(
    rounds: Sequence[Mapping[int, tuple[Card, ...]]],
) -> tuple[FrozenDict[int, tuple[Card, ...]], ...]:
    """Open-flush rounds as a tuple of read-only mappings of tuples (V16)."""
    if type(rounds) is tuple and all(
        isinstance(r, FrozenDict) and all(type(hand) is tuple for hand in r.values())
        for r in rounds
    ):
        return rounds
    return tuple(FrozenDict({seat: tuple(hand) for seat, hand in r.items()}) for r in rounds)


@record
@attrs.frozen
class HandResult:
    """How a finished hand ended and who won what.

    :param hand_number: the hand's number.
    :param dealer: the hand's dealer.
    :param ending: :class:`~teenpatti_rules.events.HandEnding`: everyone else packed
        (R39), a show (R35) or a showdown (R40, R37, R38, R12).
    :param pot: chips in the pot when it was paid out.
    :param winnings: seat → chips won from the pot (gross), only seats that won
        something; the values sum to ``pot``. A read-only
        :class:`~teenpatti_rules.records.FrozenDict`.
    :param shown: seat → :class:`~teenpatti_rules.ranking.HandRank` of every hand
        turned face up; empty when everyone else packed. Read-only, like
        ``winnings``.
    :param open_flush: each open-flush round's face-up cards by seat, in the order
        played (V16); empty when none was played. Public until the next deal.
    """

    hand_number: int
    dealer: int
    ending: HandEnding
    pot: int
    winnings: Mapping[int, int] = attrs.field(converter=_frozen)
    shown: Mapping[int, HandRank] = attrs.field(converter=_frozen)
    open_flush: tuple[Mapping[int, tuple[Card, ...]], ...] = attrs.field(
        default=(), converter=_frozen_rounds
    )


_NO_EVENTS: EventLog[Event] = EventLog()
"""The empty log (appending to it always starts a list of its own)."""


def _event_log(value: Iterable[Event]) -> EventLog[Event]:
    """``State.events`` as an :class:`~teenpatti_rules.records.EventLog` (itself if it
    is one; a tuple or any iterable of events is copied into one).
    """
    return value if isinstance(value, EventLog) else EventLog(value)


@record
@attrs.frozen
class State:
    """A snapshot of a session. Immutable; see :func:`teenpatti_rules.engine.apply`.

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :param seed: the session seed, or None in a :func:`~teenpatti_rules.views.view`
        (R43).
    :param phase: the :class:`Phase`.
    :param hand_number: 0 before the first deal, k during and after hand k.
    :param dealer: during a hand, its dealer; between hands, the dealer of the
        next hand (R5).
    :param pot: chips in the pot; 0 between hands (R42).
    :param stake: the current stake, the blind rate (R11, R24); 0 before the first
        deal; between hands, its end-of-hand value.
    :param actor: the seat that must act: the player whose turn it is in BETTING,
        the asked player in SIDESHOW, None otherwise.
    :param seats: one :class:`Seat` per seat, indexed by seat number.
    :param sideshow: the pending :class:`SideShowRequest`, or None.
    :param result: the last finished hand's :class:`HandResult` (None before the
        first hand ends). It stays while the next hand is played.
    :param session_winners: the winners' seats, ascending; empty until
        SESSION_OVER (R8).
    :param events: the event log of the current hand (between hands: of the last
        hand), oldest first; see :mod:`teenpatti_rules.events`. A read-only sequence
        (:class:`~teenpatti_rules.records.EventLog`, equal to the tuple of its
        events; any iterable given is turned into one) that the next state extends
        without copying, so a hand of k actions costs O(k).
    :param placings: the seats from first place down, each place a tuple of seats
        sharing it; empty until SESSION_OVER (V19).
    :param departed: the places of the players who have left the session so far,
        best first (the later leaver higher; leavers of one hand by their stack at
        the start of that hand), from which :attr:`placings` is built (V19).
    :param undealt: the rest of the hand's deck, in order, kept during a hand only on
        tables that deal from it later (an open flush, V16; draws, V20), else ``()``.
        Never visible in a view (R43).
    :param deck_left: how many cards :attr:`undealt` holds: public (anyone can count
        the cards dealt), so that a view knows whether a draw is possible (V20).
    :param indicator: the card turned up after the deal on a ``wild="joker"`` or
        ``"hukam"`` table (V8 W5), public in every view, kept until the next deal;
        None otherwise.

    Every container of a state is immutable: ``seats``, ``session_winners``,
    ``placings``, ``departed`` and ``undealt`` given as lists (or any iterable) are
    stored as tuples, so that a state checked once cannot change afterwards.
    """

    rules: Rules
    seed: int | None
    phase: Phase
    hand_number: int
    dealer: int
    pot: int
    stake: int
    actor: int | None
    seats: tuple[Seat, ...] = attrs.field(converter=_tuple)
    sideshow: SideShowRequest | None = None
    result: HandResult | None = None
    session_winners: tuple[int, ...] = attrs.field(default=(), converter=_tuple)
    events: EventLog[Event] = attrs.field(factory=lambda: _NO_EVENTS, converter=_event_log)
    placings: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_places)
    departed: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_places)
    undealt: tuple[Card, ...] = attrs.field(default=(), converter=_tuple)
    deck_left: int = 0
    indicator: Card | None = None

    is_view: ClassVar[bool] = False
    """True for a :class:`~teenpatti_rules.views.View` (what one seat may know)."""

    def __str__(self) -> str:
        """The table as text, as a spectator sees it (no hidden cards): the lines of
        :func:`~teenpatti_rules.text.narrate.describe_table`. ``repr`` gives every field.
        """
        from .text.narrate import describe_table  # the text layer, which imports this module
        from .views import view

        try:
            return "\n".join(describe_table(self if self.is_view else view(self, None)))
        except ValueError:  # a state the engine could not reach: no table to describe
            return f"<{type(self).__name__}: hand {self.hand_number}, not a reachable state>"

    @property
    def seat_count(self) -> int:
        """How many seats the table has (players who left keep their seat)."""
        return len(self.seats)

    @property
    def total_chips(self) -> int:
        """Stacks plus pot: constant for a session (R42)."""
        return self.pot + sum(seat.stack for seat in self.seats)


def new_session(
    players: Sequence[str],
    rules: Rules | None = None,
    *,
    seed: int,
    dealer: int | None = None,
    stacks: Sequence[int] | None = None,
) -> State:
    """Start a session: everyone in, no hand dealt yet (phase AWAITING_DEAL).

    :param players: distinct, non-empty display names, one per seat; between
        ``rules.min_players`` and ``rules.max_players`` of them (R3).
    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`; None for the
        defaults.
    :param seed: any int; it makes the session reproducible: the first dealer when
        ``dealer`` is None (R5), and the deck of every
        :class:`~teenpatti_rules.actions.Deal` without a deck.
    :param dealer: the seat that deals the first hand, or None to choose it from
        the seed (R5).
    :param stacks: starting chips per seat, one int each, at least the boot; None
        for ``boot * starting_boots`` each (R4).
    :returns: the session's first :class:`State`.
    :raises ValueError: naming the problem: a wrong number of players (R3),
        names that are not distinct non-empty strings once normalised (NFC,
        stripped: ``"A"`` and ``"A "`` are one name) or hold control characters or
        invalid Unicode, a dealer that is not a seat, stacks of the wrong length,
        below the boot or past :data:`~teenpatti_rules.limits.MAX_CHIPS`, a seed
        past :data:`~teenpatti_rules.limits.MAX_SEED`, or (``bet_sizing="range"``)
        more than :data:`~teenpatti_rules.limits.MAX_RANGE_TABLE_CHIPS` chips at
        the table.
    :raises ~teenpatti_rules.limits.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) for a seed, dealer or stack that is not an int (a bool,
        float, Fraction, Decimal, str ...) or a name that is not a str. Int
        subclasses (``IntEnum``) and numpy integers are converted to ``int``.

    Names are stored normalised (:func:`~teenpatti_rules.limits.player_name`).

    >>> new_session(["A", "B"], seed=1)
    Traceback (most recent call last):
    ...
    ValueError: a session needs 3 to 7 players, not 2 (R3)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules record or None, not {short(rules)}")
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a sequence of names, not {short(players)}")
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(
            f"a session needs {rules.min_players} to {rules.max_players} players, not {n} (R3)"
        )
    names = player_names(players)
    seed = exact_int(seed, "seed", low=-MAX_SEED + 1, high=MAX_SEED - 1)
    if dealer is None:
        from .engine.dealing import first_dealer  # the engine layer, which imports this module

        dealer = first_dealer(seed, n)
    else:
        dealer = exact_int(dealer, "dealer", high=None)
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat number 0..{n - 1}, not {short(dealer)}")
    if stacks is None:
        chips = [rules.starting_stack] * n
    else:
        if isinstance(stacks, str) or not isinstance(stacks, Sequence) or len(stacks) != n:
            raise ValueError(
                f"stacks must be a sequence of {n} ints, one per seat, not {short(stacks)}"
            )
        chips = [exact_int(stack, f"stacks[{seat}]") for seat, stack in enumerate(stacks)]
        for seat, stack in enumerate(chips):
            if stack < rules.boot:
                raise ValueError(f"stack of seat {seat} ({stack}) is below the boot ({rules.boot})")
    check_table_chips(rules, sum(chips))
    from .engine.trust import vouch

    return vouch(
        State(
            rules=rules,
            seed=seed,
            phase=Phase.AWAITING_DEAL,
            hand_number=0,
            dealer=dealer,
            pot=0,
            stake=0,
            actor=None,
            seats=tuple(Seat(name, stack) for name, stack in zip(names, chips, strict=True)),
        )
    )
