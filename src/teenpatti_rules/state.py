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

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import ClassVar

import attrs

from .cards import Card
from .events import Event, HandEnding
from .limits import MAX_SEED, check_table_chips, exact_int, short
from .names import check_name, check_names
from .ranking import HandRank
from .records import EventLog, record
from .rules import Rules
from .state_storage import (
    _NO_EVENTS,
    _event_log,
    _frozen,
    _frozen_rounds,
    _places,
    _SeatSlots,
    _StateSlots,
    _tuple,
)

__all__ = [
    "HandResult",
    "Phase",
    "Seat",
    "SideShowRequest",
    "State",
    "between_hands_phase",
    "hand_needs",
    "new_session",
]


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
    WAITING = "waiting"
    """Between hands, too few playing players for a hand (S2): ``Deal`` is not legal
    until enough players join or sit in; joining, leaving, sitting in or out and adding
    chips are."""


@record
@attrs.frozen
class Seat(_SeatSlots):
    """One seat at the table.

    :param name: the player's display name; None for an empty chair (S1).
    :param stack: chips in front of the player (not in the pot). A player who left
        keeps its last stack here (taken away, S8) until someone takes the chair.
    :param in_session: still in the session (R7, S4); False for an empty chair.
    :param in_hand: dealt into the current hand and not packed (R29).
    :param seen: has looked at their cards this hand (R22).
    :param all_in: has no chips left to bet this hand (R9, R25, R26, R28).
    :param blind_bets: bets made while blind this hand (R23).
    :param contributed: chips put into the pot this hand (R41).
    :param cards: the three cards dealt in the current or last hand, else ``()``.
        In a :func:`~teenpatti_rules.views.view`, hidden cards are ``()``. Any
        iterable is stored as a tuple (a list given is copied).
    :param sitting_out: the player sits out (S5): from the next deal it is dealt no
        cards and posts no boot, until it sits in.
    :param leaving: the player left during the hand it is in (S4): the engine acts for
        it, and it leaves the session at the end of the hand.
    :param timeouts: its timeouts in a row (S6); any action of its own but a look
        sets it back to 0.
    :param missed_boot: the size of the first boot it missed while sitting out, 0 if
        none (S5): what it owes with ``missed_boots="one"``.
    :param sat_out: hands dealt in a row while it sat out (S5, ``max_sit_out``).

    Between hands the per-hand fields keep their end-of-hand values until the
    next deal.
    """

    name: str | None
    stack: int
    in_session: bool = True
    in_hand: bool = False
    seen: bool = False
    all_in: bool = False
    blind_bets: int = 0
    contributed: int = 0
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_tuple)
    sitting_out: bool = False
    leaving: bool = False
    timeouts: int = 0
    missed_boot: int = 0
    sat_out: int = 0

    @property
    def playing(self) -> bool:
        """In the session and not sitting out: dealt into the next hand (S1, S5)."""
        return self.in_session and not self.sitting_out


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
    #: Each open-flush round's face-up cards by seat, in order (V16).
    open_flush: tuple[Mapping[int, tuple[Card, ...]], ...] = attrs.field(
        default=(), converter=_frozen_rounds
    )


@record
@attrs.frozen
class State(_StateSlots):
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
    :param turn: the turn number (S9): 0 in a new session, one more each time the
        player who must act changes, at every deal and at every end of hand (at most
        one more per action).
    :param chips_brought: chips brought to the table: the starting stacks, joins and
        added chips (S8); 0 for a state built by hand, which keeps no ledger.
    :param chips_taken: chips taken away by players who left (S8): the stacks they
        left with. Stacks of players in the session plus the pot equal
        ``chips_brought - chips_taken``.

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
    #: The seat that must act: the player whose turn it is in BETTING, the asked
    #: player in SIDESHOW, None otherwise.
    actor: int | None
    seats: tuple[Seat, ...] = attrs.field(converter=_tuple)
    sideshow: SideShowRequest | None = None
    result: HandResult | None = None
    #: The winners' seats, ascending; empty until SESSION_OVER (R8).
    session_winners: tuple[int, ...] = attrs.field(default=(), converter=_tuple)
    #: The current hand's event log (between hands: the last hand's), oldest first.
    events: EventLog[Event] = attrs.field(factory=lambda: _NO_EVENTS, converter=_event_log)
    #: The seats from first place down, a tuple of seats per place; empty until
    #: SESSION_OVER (V19).
    placings: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_places)
    departed: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_places)
    #: The rest of the hand's deck, kept only on tables that deal from it later
    #: (V16, V20), else ``()``; never in a view (R43).
    undealt: tuple[Card, ...] = attrs.field(default=(), converter=_tuple)
    deck_left: int = 0
    indicator: Card | None = None
    #: The turn number (S9): one more each time the player who must act changes.
    turn: int = 0
    #: Chips brought to the table: starting stacks, joins and added chips (S8).
    chips_brought: int = 0
    #: Chips taken away by players who left: the stacks they left with (S8).
    chips_taken: int = 0

    is_view: ClassVar[bool] = False
    """True for a :class:`~teenpatti_rules.views.View` (what one seat may know)."""

    def __str__(self) -> str:
        """The table in one line, as everyone at it may know it (no cards): before the
        first hand; the hand in play with its pot, stake and whose turn it is; after
        a hand; or after the session. :func:`~teenpatti_rules.text.narrate.describe_table`
        starts with this line (adding a seat's minimum bet and the indicator, W5) and adds
        a line per seat (stack, status and the cards a view holds). ``repr`` gives every
        field.

        >>> state = new_session(["Asha", "Bilal", "Chen"], seed=1)
        >>> str(state)
        'Before the first hand'
        """
        number = self.hand_number
        if self.phase is Phase.SESSION_OVER:
            return f"Session over after hand {number}"
        if number == 0:
            return "Before the first hand"
        if self.phase is not Phase.BETTING and self.phase is not Phase.SIDESHOW:
            return f"After hand {number}"
        pot = "1 chip" if self.pot == 1 else f"{self.pot} chips"
        turn = "" if self.actor is None else f"; {self.seats[self.actor].name} to act"
        return f"Hand {number}: pot {pot}, stake {self.stake}{turn}"

    @property
    def seat_count(self) -> int:
        """How many seats the table has (players who left keep their seat)."""
        return len(self.seats)

    @property
    def total_chips(self) -> int:
        """Stacks plus pot: constant for a session (R42)."""
        return self.pot + sum(seat.stack for seat in self.seats)


def hand_needs(rules: Rules) -> int:
    """How many playing players a hand needs (S2): ``min_players`` on an open table,
    else two.
    """
    return rules.min_players if rules.open_table else 2


def between_hands_phase(rules: Rules, seats: Sequence[Seat]) -> Phase:
    """AWAITING_DEAL when enough players are playing for a hand, else WAITING (S2)."""
    playing = sum(1 for seat in seats if seat.in_session and not seat.sitting_out)
    return Phase.AWAITING_DEAL if playing >= hand_needs(rules) else Phase.WAITING


def _joining_name(seats: Sequence[Seat], value: object) -> str:
    """The name a player joins with (S1, S3): :func:`~teenpatti_rules.names.check_name`
    against every player in the session (the one check at the door).

    :raises ValueError: (or :class:`~teenpatti_rules.errors.WrongTypeError`) naming the
        problem.
    """
    return check_name(value, taken=[seat.name for seat in seats if seat.in_session])


def new_session(
    players: Sequence[str | None],
    rules: Rules | None = None,
    *,
    seed: int,
    dealer: int | None = None,
    stacks: Sequence[int | None] | None = None,
) -> State:
    """Start a session: everyone in, no hand dealt yet (phase AWAITING_DEAL, or WAITING
    when too few chairs are filled for a hand, S2).

    :param players: one entry per chair: a distinct, non-empty display name, or None
        for an empty chair (S1); between ``rules.min_players`` and
        ``rules.max_players`` chairs (R3 counts chairs).
    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`; None for the
        defaults.
    :param seed: any int; it makes the session reproducible: the first dealer when
        ``dealer`` is None (R5), and the deck of every
        :class:`~teenpatti_rules.actions.Deal` without a deck.
    :param dealer: the seat that deals the first hand, or None to choose it from
        the seed (R5; an empty chair chosen passes the button to the next player to
        its left).
    :param stacks: starting chips per seat, one int each, at least the boot (R7; at
        least 1 under a ``boot_schedule``, where a player stays in with any chips and
        a stack at most the hand's boot posts all of it, V18) (None for an empty
        chair); None for ``boot * starting_boots`` each (R4).
    :returns: the session's first :class:`State`.
    :raises ValueError: naming the problem: a wrong number of chairs (R3),
        names that are not distinct non-empty strings once normalised (NFC,
        stripped: ``"A"`` and ``"A "`` are one name, S1) or hold control characters,
        invisible format characters (category Cf) or invalid Unicode, a dealer that
        is not a seat, stacks of the wrong length, below the boot (below 1 chip under
        a ``boot_schedule``), past
        :data:`~teenpatti_rules.limits.MAX_CHIPS` or given for an empty chair, a seed
        past :data:`~teenpatti_rules.limits.MAX_SEED`, or (``bet_sizing="range"``)
        more than :data:`~teenpatti_rules.limits.MAX_RANGE_TABLE_CHIPS` chips at
        the table.
    :raises ~teenpatti_rules.errors.WrongTypeError: (a :class:`TypeError` and a
        :class:`ValueError`) for a seed, dealer or stack that is not an int (a bool,
        float, Fraction, Decimal, str ...) or a name that is not a str. Int
        subclasses (``IntEnum``) and numpy integers are converted to ``int``.

    Names are checked and stored normalised by :func:`~teenpatti_rules.names.check_names`
    (the rules of :func:`~teenpatti_rules.names.check_name`, S1).

    >>> new_session(["A", "B"], seed=1)
    Traceback (most recent call last):
    ...
    ValueError: a session needs 3 to 7 players, not 2 (R3)
    >>> new_session(["A", None, "C"], seed=1).phase  # one chair empty: two can play (S2)
    <Phase.AWAITING_DEAL: 'awaiting_deal'>
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
    taken = [seat for seat in range(n) if players[seat] is not None]
    named = iter(check_names([players[seat] for seat in taken]))
    names = [next(named) if players[seat] is not None else None for seat in range(n)]
    seed = exact_int(seed, "seed", low=-MAX_SEED + 1, high=MAX_SEED - 1)
    if dealer is None:
        from .dealing import first_dealer

        dealer = first_dealer(seed, n)
        if names[dealer] is None and taken:  # S1: the button passes over empty chairs
            dealer = next(s for s in [*range(dealer + 1, n), *range(dealer)] if names[s])
    else:
        dealer = exact_int(dealer, "dealer", high=None)
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat number 0..{n - 1}, not {short(dealer)}")
    chips: list[int] = []
    if stacks is None:
        chips = [rules.starting_stack if name is not None else 0 for name in names]
    else:
        if isinstance(stacks, str) or not isinstance(stacks, Sequence) or len(stacks) != n:
            raise ValueError(
                f"stacks must be a sequence of {n} ints, one per seat, not {short(stacks)}"
            )
        for seat, stack in enumerate(stacks):
            if names[seat] is None:
                if stack is not None:
                    raise ValueError(f"stack of seat {seat} must be None: the chair is empty (S1)")
                chips.append(0)
                continue
            chips.append(exact_int(stack, f"stacks[{seat}]"))
            if chips[seat] < rules.leaving_stack:  # R7; V18: any chips under a schedule
                least = (
                    f"the boot ({rules.boot})"
                    if rules.boot_schedule is None
                    else "1 chip (a tournament, V18)"
                )
                raise ValueError(f"stack of seat {seat} ({chips[seat]}) is below {least}")
    check_table_chips(rules, sum(chips))
    seats = tuple(
        Seat(name, stack, in_session=name is not None)
        for name, stack in zip(names, chips, strict=True)
    )
    state = State(
        rules=rules,
        seed=seed,
        phase=between_hands_phase(rules, seats),
        hand_number=0,
        dealer=dealer,
        pot=0,
        stake=0,
        actor=None,
        seats=seats,
        chips_brought=sum(chips),
    )
    object.__setattr__(state, "_reachable", True)  # built here: known by construction
    return state
