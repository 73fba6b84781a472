"""Actions: what a seat may do, as frozen records. ``seat`` is always who acts.

Every action has a compact text form that round-trips through :func:`parse_action`:

>>> str(Bet(2, 4)), str(SideShow(0, 8)), str(Look(1)), str(AcceptSideShow(3))
('P2 bet 4', 'P0 sideshow 8', 'P1 look', 'P3 accept')
>>> parse_action("P2 bet 4") == Bet(2, 4)
True
>>> deal = Deal(1, parse_cards("As Kd Qh 2c 3d 4h 5s 6c 7d"))
>>> str(deal)
'P1 deal As Kd Qh 2c 3d 4h 5s 6c 7d'
>>> parse_action(str(deal)) == deal
True

Whether an action is legal depends on the state: see
:func:`teenpatti_rules.engine.legal_actions` and :func:`teenpatti_rules.engine.apply`.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeAlias, get_args

import attrs

from .action_text import name_text, read_action
from .cards import Card, format_cards, parse_cards  # noqa: F401  (the doctests use parse_cards)

__all__ = [
    "ACTION_TYPES",
    "MAX_ACTION_TEXT",
    "TABLE_ACTION_TYPES",
    "TURN_ACTION_TYPES",
    "AcceptSideShow",
    "Action",
    "ActionBase",
    "AddChips",
    "AllIn",
    "Bet",
    "Deal",
    "Draw",
    "Join",
    "Leave",
    "Look",
    "Pack",
    "RefuseSideShow",
    "Show",
    "SideShow",
    "SitIn",
    "SitOut",
    "Timeout",
    "parse_action",
]


MAX_SEAT_DIGITS = 6
"""The longest seat number the text form reads (seats are far fewer; a longer number is
refused at once, before any conversion)."""

MAX_AMOUNT_DIGITS = 18
"""The most digits of an amount the text form reads (a chip count below 10**18)."""

MAX_ACTION_TEXT = 5_000
"""The longest action text :func:`parse_action` reads, in characters (a deal of 54 cards
is under 200; a ``join`` of the longest name that
:func:`~teenpatti_rules.names.check_name` takes, 400 characters as given, each written
as a 12-character JSON escape, under 4,900), so that every join of a valid name reads
back (S1)."""


class ActionBase:
    """What every action class shares: its text form and its words in messages.

    :cvar verb: the verb of the text form (``"bet"`` in ``"P2 bet 4"``).
    :cvar doing: the words for it in a refusal (``"seat 2 may not go all-in: ..."``).
    :cvar argument: ``""`` (no argument), ``"amount"`` (a whole number of chips, the
        field ``amount``), ``"cards"`` (cards as text, the field named by the class) or
        ``"name"`` (a name, bare or a JSON string, then an optional number of chips);
        :func:`parse_action` reads the text by it.
    :cvar turn_action: True for a turn action (S9): a betting action, a sideshow answer,
        a draw or a timeout; only these are refused as stale at an old turn
        (:data:`TURN_ACTION_TYPES` is read from it).
    :cvar table_action: True for an open-table action (S3–S7: joining, leaving, sitting
        out and in, the clock, adding chips; :data:`TABLE_ACTION_TYPES` is read from it).
    """

    __slots__ = ()
    #: The verb of the text form (``"bet"`` in ``"P2 bet 4"``).
    verb: ClassVar[str]
    doing: ClassVar[str]
    argument: ClassVar[str] = ""
    turn_action: ClassVar[bool] = False
    table_action: ClassVar[bool] = False
    seat: int

    def __str__(self) -> str:
        if self.argument == "amount":
            return f"P{self.seat} {self.verb} {self.amount}"  # type: ignore[attr-defined]
        return f"P{self.seat} {self.verb}"


def _deck(value: Any) -> Any:
    """Turn a list of cards into a tuple; anything else is kept for ``apply`` to refuse."""
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class Deal(ActionBase):
    """Deal the next hand (R6, R9, R10). Any seat still in the session may deal.

    :param seat: the seat that deals (it does not move the button: R5 decides the
        dealer).
    :param deck: None to shuffle from the session seed and the hand number, or an
        explicit deck: a tuple of at least ``3 * players`` distinct
        :class:`~teenpatti_rules.cards.Card`, dealt one at a time from the
        dealer's left (R10). A list is turned into a tuple. A bad deck is refused
        by :func:`~teenpatti_rules.engine.apply` with
        :class:`~teenpatti_rules.errors.IllegalActionError`.
    """

    verb: ClassVar[str] = "deal"
    doing: ClassVar[str] = "deal"
    argument: ClassVar[str] = "cards"

    seat: int
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)

    def __str__(self) -> str:
        text = f"P{self.seat} deal"
        if self.deck is not None:
            text += " " + format_cards(self.deck)
        return text


@attrs.frozen
class Look(ActionBase):
    """Look at one's cards: the player becomes seen (R22). Free; not a turn."""

    verb: ClassVar[str] = "look"
    doing: ClassVar[str] = "look"

    seat: int


@attrs.frozen
class Pack(ActionBase):
    """Leave the hand on one's turn; chips already in the pot stay there (R29)."""

    verb: ClassVar[str] = "pack"
    doing: ClassVar[str] = "pack"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class AllIn(ActionBase):
    """Put one's whole stack in when it is below the minimum bet (R26, R27)."""

    verb: ClassVar[str] = "all-in"
    doing: ClassVar[str] = "go all-in"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Show(ActionBase):
    """Ask for a show with exactly two players left, paying the minimum bet (R34–R36)."""

    verb: ClassVar[str] = "show"
    doing: ClassVar[str] = "show"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Bet(ActionBase):
    """A chaal: bet ``amount`` chips (R24, R25).

    :param seat: who bets.
    :param amount: chips: the minimum bet (stake if blind, twice the stake if
        seen) or, as a raise, twice the minimum.
    """

    verb: ClassVar[str] = "bet"
    doing: ClassVar[str] = "bet"
    turn_action: ClassVar[bool] = True
    argument: ClassVar[str] = "amount"

    seat: int
    amount: int


@attrs.frozen
class SideShow(ActionBase):
    """Pay a seen chaal of ``amount`` chips, then ask the previous player for a sideshow (R30).

    :param seat: who asks (seen, on their turn).
    :param amount: chips: any legal seen bet that leaves at least one chip behind.
    """

    verb: ClassVar[str] = "sideshow"
    doing: ClassVar[str] = "ask for a sideshow"
    turn_action: ClassVar[bool] = True
    argument: ClassVar[str] = "amount"

    seat: int
    amount: int


@attrs.frozen
class AcceptSideShow(ActionBase):
    """The asked player accepts a pending sideshow: the hands are compared privately (R31)."""

    verb: ClassVar[str] = "accept"
    doing: ClassVar[str] = "accept a sideshow"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class RefuseSideShow(ActionBase):
    """The asked player refuses a pending sideshow: the bet stays (R31)."""

    verb: ClassVar[str] = "refuse"
    doing: ClassVar[str] = "refuse a sideshow"
    turn_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Draw(ActionBase):
    """Discard ``cards`` and draw as many from the rest of the deck, paying
    ``draw_price`` chips per card (V20). A seen player's turn, instead of a betting
    action.

    :param seat: who draws (seen, on its turn).
    :param cards: the discarded cards, some of the seat's own (a list is turned into a
        tuple); each new card takes a discarded card's place.

    >>> str(Draw(2, parse_cards("4c 7d")))
    'P2 draw 4c 7d'
    >>> parse_action("P2 draw 4c 7d") == Draw(2, parse_cards("4c 7d"))
    True
    """

    verb: ClassVar[str] = "draw"
    doing: ClassVar[str] = "draw"
    turn_action: ClassVar[bool] = True
    argument: ClassVar[str] = "cards"

    seat: int
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_deck)

    def __str__(self) -> str:
        text = f"P{self.seat} draw"
        if self.cards:
            text += " " + format_cards(self.cards)
        return text


@attrs.frozen
class Join(ActionBase):
    """A new player takes a free chair between hands (S1, S3).

    :param seat: the chair: empty, or one whose player has left.
    :param name: the player's display name, normalised (NFC, stripped) when it joins;
        distinct from every player in the session (S1).
    :param stack: the chips it brings: None for the starting stack (R4), else one boot
        to ``max_buy_in`` (S3).

    >>> str(Join(1, "Dev", 50)), str(Join(2, "Agent 007"))
    ('P1 join Dev 50', 'P2 join "Agent 007"')
    >>> parse_action('P2 join "Agent 007"') == Join(2, "Agent 007")
    True
    """

    verb: ClassVar[str] = "join"
    doing: ClassVar[str] = "join"
    table_action: ClassVar[bool] = True
    argument: ClassVar[str] = "name"

    seat: int
    name: str
    stack: int | None = None

    def __str__(self) -> str:
        text = f"P{self.seat} join {name_text(self.name)}"
        return text if self.stack is None else f"{text} {self.stack}"


@attrs.frozen
class Leave(ActionBase):
    """The player leaves the session (S4): at once between hands or when not in the
    hand, keeping its stack; in a hand the engine acts for it (it packs on its turn and
    refuses a sideshow asked of it) and it leaves at the end of the hand.
    """

    verb: ClassVar[str] = "leave"
    doing: ClassVar[str] = "leave"
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class SitOut(ActionBase):
    """The player sits out from the next deal: no cards, no boot (S5)."""

    verb: ClassVar[str] = "sit out"
    doing: ClassVar[str] = "sit out"
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class SitIn(ActionBase):
    """A player sitting out comes back, dealt in from the next deal (S5)."""

    verb: ClassVar[str] = "sit in"
    doing: ClassVar[str] = "sit in"
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class Timeout(ActionBase):
    """The table's clock ran out for the player who must act (S6): on its turn it packs,
    asked for a sideshow it refuses. Applied by the table, not by the player.
    """

    verb: ClassVar[str] = "timeout"
    doing: ClassVar[str] = "time out"
    turn_action: ClassVar[bool] = True
    table_action: ClassVar[bool] = True

    seat: int


@attrs.frozen
class AddChips(ActionBase):
    """Add chips between hands, up to a stack of ``max_buy_in`` (S7, ``rebuy=True``).

    :param seat: who adds them.
    :param amount: chips added, at least 1.
    """

    verb: ClassVar[str] = "add"
    doing: ClassVar[str] = "add chips"
    table_action: ClassVar[bool] = True
    argument: ClassVar[str] = "amount"

    seat: int
    amount: int


Action: TypeAlias = (
    Deal
    | Look
    | Pack
    | AllIn
    | Show
    | Bet
    | SideShow
    | AcceptSideShow
    | RefuseSideShow
    | Draw
    | Join
    | Leave
    | SitOut
    | SitIn
    | Timeout
    | AddChips
)
"""Any action."""

ACTION_TYPES: tuple[type[Action], ...] = get_args(Action)
"""Every action class, in the order of :data:`Action`, for ``isinstance`` checks."""

TURN_ACTION_TYPES: tuple[type[Action], ...] = tuple(cls for cls in ACTION_TYPES if cls.turn_action)
"""The turn actions (S9): betting actions, sideshow answers, draws and timeouts; only
these are refused as stale when applied at an old turn. Read from each class's
``turn_action``."""

TABLE_ACTION_TYPES: tuple[type[Action], ...] = tuple(
    cls for cls in ACTION_TYPES if cls.table_action
)
"""The open-table actions (S3–S7), read from each class's
``table_action``."""

_BY_VERB: dict[str, type[Action]] = {cls.verb: cls for cls in ACTION_TYPES}


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    :param text: ``"P<seat> <verb>[ <argument>]"``: verbs ``look``, ``pack``,
        ``all-in``, ``show``, ``accept``, ``refuse``; ``bet <chips>`` and
        ``sideshow <chips>``; ``deal`` optionally followed by the deck's cards;
        ``draw`` followed by the discarded cards (V20); ``join <name> [<chips>]``
        (the name bare, or as a JSON string when it is not a plain word), ``leave``,
        ``sit out``, ``sit in``, ``timeout``, ``add <chips>`` (S3–S7). ASCII
        only, at most :data:`MAX_ACTION_TEXT` characters; words are separated by
        white space; the verb is case-insensitive. Read in linear time.
    :returns: the action.
    :raises TypeError: if ``text`` is not a str.
    :raises ValueError: naming the text (shortened) and what is wrong with it.

    >>> parse_action("P0 all-in")
    AllIn(seat=0)
    >>> parse_action("P0 fold")
    Traceback (most recent call last):
    ...
    ValueError: unknown action verb 'fold' in 'P0 fold' (expected one of: deal, look, pack, ...)
    """
    action: Action = read_action(
        text,
        _BY_VERB,
        max_text=MAX_ACTION_TEXT,
        seat_digits=MAX_SEAT_DIGITS,
        amount_digits=MAX_AMOUNT_DIGITS,
    )
    return action
