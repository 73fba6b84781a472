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

This module is the registry of the action kinds, and their public home: each record
lives beside its rules in the engine (:mod:`teenpatti_rules.engine.deal`,
:mod:`~teenpatti_rules.engine.betting`,
:mod:`~teenpatti_rules.engine.table`), with its refusal question, its handler and its
``HANDLERS`` entry, and is named here once: its import, its member of :data:`Action`
and its name in ``__all__`` (``docs/architecture.rst``, "How to add …").
"""

from __future__ import annotations

from typing import TypeAlias, get_args

from .action_text import ActionBase, read_action
from .cards import parse_cards  # noqa: F401  (the doctests use parse_cards)
from .engine.betting import (
    AcceptSideShow,
    AllIn,
    Bet,
    Draw,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
)
from .engine.deal import Deal
from .engine.table import AddChips, Join, Leave, SitIn, SitOut, Timeout

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
