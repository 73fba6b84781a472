"""teenpatti_rules — the rules of Teen Patti as a typed, pure, fast library.

Everything a program needs is importable from the package root:

>>> from teenpatti_rules import Deal, apply, legal_actions, new_session
>>> state = apply(new_session(["A", "B", "C"], seed=42), Deal(0))
>>> state.phase.name, state.pot
('BETTING', 3)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what each name is, for type checkers; at run time see _WHERE
    from .actions import (
        AcceptSideShow,
        Action,
        AddChips,
        AllIn,
        Bet,
        Deal,
        Draw,
        Join,
        Leave,
        Look,
        Pack,
        RefuseSideShow,
        Show,
        SideShow,
        SitIn,
        SitOut,
        Timeout,
        parse_action,
    )
    from .cards import CARDS, Card, Rank, Suit, format_cards, parse_cards, standard_deck
    from .decks import deck_for
    from .engine import apply, is_legal, legal_actions
    from .errors import (
        CardParseError,
        HistoryError,
        IllegalActionError,
        StaleActionError,
        UnreachableStateError,
        WrongTypeError,
    )
    from .events import Event, HandEnding
    from .io.history import HISTORY_VERSION, History, replay, replay_states
    from .io.messages import (
        MESSAGE_VERSION,
        action_from_json,
        action_to_json,
        event_from_json,
        event_to_json,
        events_from_json,
        events_to_json,
        rules_id,
        view_from_json,
        view_to_json,
    )
    from .io.state_json import STATE_VERSION, state_from_json, state_to_json
    from .names import check_name
    from .players import choose, play_session, random_choice
    from .presets import PRESETS, Preset, find_variant
    from .ranking import (
        HandCategory,
        HandRank,
        categories_many,
        compare_hands,
        deal_many,
        evaluate,
        evaluate_many,
        showdown_key,
    )
    from .rules import Rules
    from .state import HandResult, Phase, Seat, SideShowRequest, State, new_session
    from .stream import Cursor, StaleCursorError, apply_events, events_for
    from .text.narrate import (
        describe_event,
        describe_events,
        describe_hand,
        describe_stacks,
        describe_standings,
        describe_table,
    )
    from .views import View, view

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "HISTORY_VERSION",
    "MESSAGE_VERSION",
    "PRESETS",
    "STATE_VERSION",
    "AcceptSideShow",
    "Action",
    "AddChips",
    "AllIn",
    "Bet",
    "Card",
    "CardParseError",
    "Cursor",
    "Deal",
    "Draw",
    "Event",
    "HandCategory",
    "HandEnding",
    "HandRank",
    "HandResult",
    "History",
    "HistoryError",
    "IllegalActionError",
    "Join",
    "Leave",
    "Look",
    "Pack",
    "Phase",
    "Preset",
    "Rank",
    "RefuseSideShow",
    "Rules",
    "Seat",
    "Show",
    "SideShow",
    "SideShowRequest",
    "SitIn",
    "SitOut",
    "StaleActionError",
    "StaleCursorError",
    "State",
    "Suit",
    "Timeout",
    "UnreachableStateError",
    "View",
    "WrongTypeError",
    "__version__",
    "action_from_json",
    "action_to_json",
    "apply",
    "apply_events",
    "categories_many",
    "check_name",
    "choose",
    "compare_hands",
    "deal_many",
    "deck_for",
    "describe_event",
    "describe_events",
    "describe_hand",
    "describe_stacks",
    "describe_standings",
    "describe_table",
    "evaluate",
    "evaluate_many",
    "event_from_json",
    "event_to_json",
    "events_for",
    "events_from_json",
    "events_to_json",
    "find_variant",
    "format_cards",
    "is_legal",
    "legal_actions",
    "new_session",
    "parse_action",
    "parse_cards",
    "play_session",
    "random_choice",
    "replay",
    "replay_states",
    "rules_id",
    "showdown_key",
    "standard_deck",
    "state_from_json",
    "state_to_json",
    "view",
    "view_from_json",
    "view_to_json",
]


_WHERE: dict[str, str] = {
    "AcceptSideShow": ".actions",
    "Action": ".actions",
    "AddChips": ".actions",
    "AllIn": ".actions",
    "Bet": ".actions",
    "Deal": ".actions",
    "Draw": ".actions",
    "Join": ".actions",
    "Leave": ".actions",
    "Look": ".actions",
    "Pack": ".actions",
    "RefuseSideShow": ".actions",
    "Show": ".actions",
    "SideShow": ".actions",
    "SitIn": ".actions",
    "SitOut": ".actions",
    "Timeout": ".actions",
    "parse_action": ".actions",
    "CARDS": ".cards",
    "Card": ".cards",
    "Rank": ".cards",
    "Suit": ".cards",
    "format_cards": ".cards",
    "parse_cards": ".cards",
    "standard_deck": ".cards",
    "deck_for": ".decks",
    "apply": ".engine",
    "is_legal": ".engine",
    "legal_actions": ".engine",
    "CardParseError": ".errors",
    "HistoryError": ".errors",
    "IllegalActionError": ".errors",
    "StaleActionError": ".errors",
    "UnreachableStateError": ".errors",
    "WrongTypeError": ".errors",
    "Event": ".events",
    "HandEnding": ".events",
    "HISTORY_VERSION": ".io.history",
    "History": ".io.history",
    "replay": ".io.history",
    "replay_states": ".io.history",
    "MESSAGE_VERSION": ".io.messages",
    "action_from_json": ".io.messages",
    "action_to_json": ".io.messages",
    "event_from_json": ".io.messages",
    "event_to_json": ".io.messages",
    "events_from_json": ".io.messages",
    "events_to_json": ".io.messages",
    "rules_id": ".io.messages",
    "view_from_json": ".io.messages",
    "view_to_json": ".io.messages",
    "STATE_VERSION": ".io.state_json",
    "state_from_json": ".io.state_json",
    "state_to_json": ".io.state_json",
    "check_name": ".names",
    "choose": ".players",
    "play_session": ".players",
    "random_choice": ".players",
    "PRESETS": ".presets",
    "Preset": ".presets",
    "find_variant": ".presets",
    "HandCategory": ".ranking",
    "HandRank": ".ranking",
    "categories_many": ".ranking",
    "compare_hands": ".ranking",
    "deal_many": ".ranking",
    "evaluate": ".ranking",
    "evaluate_many": ".ranking",
    "showdown_key": ".ranking",
    "Rules": ".rules",
    "HandResult": ".state",
    "Phase": ".state",
    "Seat": ".state",
    "SideShowRequest": ".state",
    "State": ".state",
    "new_session": ".state",
    "Cursor": ".stream",
    "StaleCursorError": ".stream",
    "apply_events": ".stream",
    "events_for": ".stream",
    "describe_event": ".text.narrate",
    "describe_events": ".text.narrate",
    "describe_hand": ".text.narrate",
    "describe_stacks": ".text.narrate",
    "describe_standings": ".text.narrate",
    "describe_table": ".text.narrate",
    "View": ".views",
    "view": ".views",
}
"""Each public name → the module that defines it (relative to this package): the
package root imports a module on the first use of one of its names (PEP 562), so
``import teenpatti_rules`` costs almost nothing and a program pays only for what it
uses."""


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then a plain attribute);
    a submodule (``teenpatti_rules.engine``) is imported as well.

    :param name: the attribute asked for.
    :returns: the object named ``name``.
    :raises AttributeError: if the package has no such name or submodule.
    """
    where = _WHERE.get(name)
    if where is None:
        if name.startswith("_"):
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        try:
            return importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The package's names: every public name (:data:`__all__`) and what is loaded."""
    return sorted(set(globals()) | set(__all__))
