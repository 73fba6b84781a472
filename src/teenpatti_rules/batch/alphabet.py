"""The action alphabet of the batch engine: ten ids (design note rl-adapters §1).

Temporary home until :mod:`teenpatti_rules.encoding` (the adapters' module) is merged;
then these names are imported from there.
"""

from __future__ import annotations

from ..actions import (
    AcceptSideShow,
    Action,
    AllIn,
    Bet,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
)
from ..options import minimum_bet
from ..state import State

__all__ = [
    "ACCEPT",
    "ACTION_COUNT",
    "ALL_IN",
    "CHAAL",
    "LOOK",
    "PACK",
    "RAISE",
    "REFUSE",
    "SHOW",
    "SIDESHOW",
    "SIDESHOW_RAISE",
    "action_for_id",
]

PACK, LOOK, CHAAL, RAISE, SIDESHOW, SIDESHOW_RAISE, SHOW, ALL_IN, ACCEPT, REFUSE = range(10)
ACTION_COUNT = 10


def action_for_id(state: State, action_id: int) -> Action:
    """The reducer action of ``state``'s actor for ``action_id`` (0..9)."""
    actor = state.actor
    assert actor is not None
    low = minimum_bet(state, actor)
    table: dict[int, Action] = {
        PACK: Pack(actor),
        LOOK: Look(actor),
        CHAAL: Bet(actor, low),
        RAISE: Bet(actor, 2 * low),
        SIDESHOW: SideShow(actor, low),
        SIDESHOW_RAISE: SideShow(actor, 2 * low),
        SHOW: Show(actor),
        ALL_IN: AllIn(actor),
        ACCEPT: AcceptSideShow(actor),
        REFUSE: RefuseSideShow(actor),
    }
    return table[action_id]
