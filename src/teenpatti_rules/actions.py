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

from .cards import Card, format_cards, parse_cards
from .errors import CardParseError

__all__ = [
    "ACTION_TYPES",
    "MAX_ACTION_TEXT",
    "AcceptSideShow",
    "Action",
    "ActionBase",
    "AllIn",
    "Bet",
    "Deal",
    "Draw",
    "Look",
    "Pack",
    "RefuseSideShow",
    "Show",
    "SideShow",
    "parse_action",
]


MAX_SEAT_DIGITS = 6
"""The longest seat number the text form reads (seats are far fewer; a longer number is
refused at once, before any conversion)."""

MAX_AMOUNT_DIGITS = 18
"""The most digits of an amount the text form reads (a chip count below 10**18)."""

MAX_ACTION_TEXT = 1_000
"""The longest action text :func:`parse_action` reads, in characters (a deal of 54 cards
is under 200)."""


class ActionBase:
    """What every action class shares: its text form and its words in messages.

    :cvar verb: the verb of the text form (``"bet"`` in ``"P2 bet 4"``).
    :cvar doing: the words for it in a refusal (``"seat 2 may not go all-in: ..."``).
    :cvar argument: ``""`` (no argument), ``"amount"`` (a whole number of chips, the
        field ``amount``) or ``"cards"`` (cards as text, the field named by the class).
    """

    __slots__ = ()
    verb: ClassVar[str]
    doing: ClassVar[str]
    argument: ClassVar[str] = ""
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

    seat: int


@attrs.frozen
class AllIn(ActionBase):
    """Put one's whole stack in when it is below the minimum bet (R26, R27)."""

    verb: ClassVar[str] = "all-in"
    doing: ClassVar[str] = "go all-in"

    seat: int


@attrs.frozen
class Show(ActionBase):
    """Ask for a show with exactly two players left, paying the minimum bet (R34–R36)."""

    verb: ClassVar[str] = "show"
    doing: ClassVar[str] = "show"

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
    argument: ClassVar[str] = "amount"

    seat: int
    amount: int


@attrs.frozen
class AcceptSideShow(ActionBase):
    """The asked player accepts a pending sideshow: the hands are compared privately (R31)."""

    verb: ClassVar[str] = "accept"
    doing: ClassVar[str] = "accept a sideshow"

    seat: int


@attrs.frozen
class RefuseSideShow(ActionBase):
    """The asked player refuses a pending sideshow: the bet stays (R31)."""

    verb: ClassVar[str] = "refuse"
    doing: ClassVar[str] = "refuse a sideshow"

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
    argument: ClassVar[str] = "cards"

    seat: int
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_deck)

    def __str__(self) -> str:
        text = f"P{self.seat} draw"
        if self.cards:
            text += " " + format_cards(self.cards)
        return text


Action: TypeAlias = (
    Deal | Look | Pack | AllIn | Show | Bet | SideShow | AcceptSideShow | RefuseSideShow | Draw
)
"""Any action."""

ACTION_TYPES: tuple[type[Action], ...] = get_args(Action)
"""Every action class, in the order of :data:`Action`, for ``isinstance`` checks."""

_BY_VERB: dict[str, type[Action]] = {cls.verb: cls for cls in ACTION_TYPES}


def _whole_number(token: str, limit: int) -> int | None:
    """``token`` as an int if it is 1 to ``limit`` ASCII digits, else None."""
    if 0 < len(token) <= limit and token.isascii() and token.isdigit():
        return int(token)
    return None


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    :param text: ``"P<seat> <verb>[ <argument>]"``: verbs ``look``, ``pack``,
        ``all-in``, ``show``, ``accept``, ``refuse``; ``bet <chips>`` and
        ``sideshow <chips>``; ``deal`` optionally followed by the deck's cards;
        ``draw`` followed by the discarded cards (V20). ASCII
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
    if not isinstance(text, str):
        raise TypeError(f"an action's text must be a str, not {type(text).__name__}")
    shown = repr(text) if len(text) <= 60 else repr(text[:57] + "...")
    if len(text) > MAX_ACTION_TEXT:
        raise ValueError(f"an action's text is at most {MAX_ACTION_TEXT} characters: {shown}")
    if not text.isascii():
        raise ValueError(f"an action's text is ASCII only: {shown}")
    words = text.split(None, 2)
    seat = _whole_number(words[0][1:], MAX_SEAT_DIGITS) if words and words[0][:1] in "Pp" else None
    if len(words) < 2 or seat is None:
        raise ValueError(f"not an action: {shown} (expected e.g. 'P2 bet 4')")
    verb = words[1].lower()
    argument = words[2].strip() if len(words) == 3 else ""
    kind: Any = _BY_VERB.get(verb)
    if kind is None:
        verbs = ", ".join(_BY_VERB)
        raise ValueError(
            f"unknown action verb {words[1][:20]!r} in {shown} (expected one of: {verbs})"
        )
    if kind.argument == "amount":
        amount = _whole_number(argument, MAX_AMOUNT_DIGITS)
        if amount is None:
            raise ValueError(f"action {verb!r} needs a whole number of chips, in {shown}")
        return kind(seat, amount)  # type: ignore[no-any-return]
    if kind.argument == "cards":
        if not argument:
            return kind(seat)  # type: ignore[no-any-return]
        try:
            return kind(seat, parse_cards(argument))  # type: ignore[no-any-return]
        except CardParseError as error:
            what = "deck" if kind is Deal else "cards"
            raise ValueError(f"bad {what} in {shown}: {error}") from None
    if argument:
        raise ValueError(f"action {verb!r} takes no argument, in {shown}")
    return kind(seat)  # type: ignore[no-any-return]
