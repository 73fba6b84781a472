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
    AllIn,
    Bet,
    Deal,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
    parse_action,
)
from .cards import CARDS, Card, Rank, Suit, format_cards, parse_cards, standard_deck
from .engine import apply, legal_actions
from .errors import CardParseError, IllegalActionError
from .events import Event, HandEnding
from .ranking import HandCategory, HandRank, compare_hands, evaluate, evaluate_many
from .rules import Rules
from .state import HandResult, Phase, Seat, SideShowRequest, State, new_session

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "AcceptSideShow",
    "Action",
    "AllIn",
    "Bet",
    "Card",
    "CardParseError",
    "Deal",
    "Event",
    "HandCategory",
    "HandEnding",
    "HandRank",
    "HandResult",
    "IllegalActionError",
    "Look",
    "Pack",
    "Phase",
    "Rank",
    "RefuseSideShow",
    "Rules",
    "Seat",
    "Show",
    "SideShow",
    "SideShowRequest",
    "State",
    "Suit",
    "__version__",
    "apply",
    "compare_hands",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "legal_actions",
    "new_session",
    "parse_action",
    "parse_cards",
    "standard_deck",
]
