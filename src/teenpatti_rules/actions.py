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

import re
from typing import Any, TypeAlias

import attrs

from .cards import Card, format_cards, parse_cards
from .errors import CardParseError

__all__ = [
    "ACTION_TYPES",
    "AcceptSideShow",
    "Action",
    "AllIn",
    "Bet",
    "Deal",
    "Look",
    "Pack",
    "RefuseSideShow",
    "Show",
    "SideShow",
    "parse_action",
]


def _deck(value: Any) -> Any:
    """Turn a list of cards into a tuple; anything else is kept for ``apply`` to refuse."""
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class Deal:
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

    seat: int
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_deck)

    def __str__(self) -> str:
        text = f"P{self.seat} deal"
        if self.deck is not None:
            text += " " + format_cards(self.deck)
        return text


@attrs.frozen
class Look:
    """Look at one's cards: the player becomes seen (R22). Free; not a turn."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat} look"


@attrs.frozen
class Pack:
    """Leave the hand on one's turn; chips already in the pot stay there (R29)."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat} pack"


@attrs.frozen
class AllIn:
    """Put one's whole stack in when it is below the minimum bet (R26, R27)."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat} all-in"


@attrs.frozen
class Show:
    """Ask for a show with exactly two players left, paying the minimum bet (R34–R36)."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat} show"


@attrs.frozen
class Bet:
    """A chaal: bet ``amount`` chips (R24, R25).

    :param seat: who bets.
    :param amount: chips: the minimum bet (stake if blind, twice the stake if
        seen) or, as a raise, twice the minimum.
    """

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"P{self.seat} bet {self.amount}"


@attrs.frozen
class SideShow:
    """Pay a seen chaal of ``amount`` chips, then ask the previous player for a sideshow (R30).

    :param seat: who asks (seen, on their turn).
    :param amount: chips: any legal seen bet that leaves at least one chip behind.
    """

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"P{self.seat} sideshow {self.amount}"


@attrs.frozen
class AcceptSideShow:
    """The asked player accepts a pending sideshow: the hands are compared privately (R31)."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat} accept"


@attrs.frozen
class RefuseSideShow:
    """The asked player refuses a pending sideshow: the bet stays (R31)."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat} refuse"


Action: TypeAlias = (
    Deal | Look | Pack | AllIn | Show | Bet | SideShow | AcceptSideShow | RefuseSideShow
)
"""Any action."""

ACTION_TYPES: tuple[type[Any], ...] = (
    Deal,
    Look,
    Pack,
    AllIn,
    Show,
    Bet,
    SideShow,
    AcceptSideShow,
    RefuseSideShow,
)
"""Every action class, for ``isinstance`` checks."""

_SIMPLE: dict[str, type[Any]] = {
    "look": Look,
    "pack": Pack,
    "all-in": AllIn,
    "show": Show,
    "accept": AcceptSideShow,
    "refuse": RefuseSideShow,
}
_AMOUNT: dict[str, type[Any]] = {"bet": Bet, "sideshow": SideShow}
_TEXT = re.compile(r"\s*P(\d+)\s+([a-z-]+)(?:\s+(.*?))?\s*", re.IGNORECASE)


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    :param text: ``"P<seat> <verb>[ <argument>]"``: verbs ``look``, ``pack``,
        ``all-in``, ``show``, ``accept``, ``refuse``; ``bet <chips>`` and
        ``sideshow <chips>``; ``deal`` optionally followed by the deck's cards.
    :returns: the action.
    :raises ValueError: naming the text and what is wrong with it.

    >>> parse_action("P0 all-in")
    AllIn(seat=0)
    >>> parse_action("P0 fold")
    Traceback (most recent call last):
    ...
    ValueError: unknown action verb 'fold' in 'P0 fold' (expected one of: look, pack, ...)
    """
    if not isinstance(text, str):
        raise ValueError(f"an action's text must be a str, not {text!r}")
    match = _TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"not an action: {text!r} (expected e.g. 'P2 bet 4')")
    seat, verb, argument = int(match[1]), match[2].lower(), match[3]
    if verb in _SIMPLE:
        if argument:
            raise ValueError(f"action {verb!r} takes no argument, in {text!r}")
        action: Action = _SIMPLE[verb](seat)
        return action
    if verb in _AMOUNT:
        if argument is None or not argument.isdigit():
            raise ValueError(f"action {verb!r} needs a whole number of chips, in {text!r}")
        action = _AMOUNT[verb](seat, int(argument))
        return action
    if verb == "deal":
        if not argument:
            return Deal(seat)
        try:
            return Deal(seat, parse_cards(argument))
        except CardParseError as error:
            raise ValueError(f"bad deck in {text!r}: {error}") from None
    verbs = ", ".join([*_SIMPLE, *_AMOUNT, "deal"])
    raise ValueError(f"unknown action verb {verb!r} in {text!r} (expected one of: {verbs})")
