"""teenpatti_rules — the rules of Teen Patti as a typed, pure, fast library.

Everything a program needs is importable from the package root:

>>> from teenpatti_rules import Deal, apply, legal_actions, new_session
>>> state = apply(new_session(["A", "B", "C"], seed=42), Deal(0))
>>> state.phase.name, state.pot
('BETTING', 3)
"""

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
