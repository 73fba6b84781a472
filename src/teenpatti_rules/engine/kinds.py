"""Every action kind's :class:`~.common.Handler`, read from the registry: the entry in
``HANDLERS`` of the module that defines the kind's record, for every member of
:data:`teenpatti_rules.actions.Action`. The reducer and the listing read these tables;
no module names a kind to build them, so a new kind is its own module plus its entry in
the registry.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Final

from ..actions import ACTION_TYPES
from ..state import Phase, State
from .common import Handler, Offer

if TYPE_CHECKING:
    from ..actions import Action

__all__ = ["HANDLERS", "OFFERS", "handler_of", "table_actions"]


def handler_of(kind: type[Any]) -> Handler:
    """The :class:`~.common.Handler` of an action class.

    :param kind: an action class.
    :returns: its entry in ``HANDLERS`` of the module that defines it (the record lives
        beside its rules).
    :raises TypeError: naming the class and its module when that module keeps no entry
        for it (at import, for a member of the union).
    """
    module = sys.modules.get(kind.__module__)
    handler = getattr(module, "HANDLERS", {}).get(kind)
    if not isinstance(handler, Handler):
        raise TypeError(f"{kind.__name__} needs its Handler in HANDLERS of {kind.__module__}")
    return handler


HANDLERS: Final[dict[type[Any], Handler]] = {kind: handler_of(kind) for kind in ACTION_TYPES}
"""Action class → its :class:`~.common.Handler` (check, handler, offer, S6 fact, whether
it is listed); every member of :data:`~teenpatti_rules.actions.Action`, in its order."""

OFFERS: Final[tuple[Offer, ...]] = tuple(
    handler.offer for handler in HANDLERS.values() if handler.offer is not None
)
"""The offers of the open-table kinds (S4, S5, S7), in the order of :data:`HANDLERS`
(read once: :func:`table_actions` runs for every seat of an open table at every step)."""


def table_actions(state: State, seat: int) -> list[Action]:
    """``seat``'s open-table actions that apply now (S4, S5, S7): Leave, SitOut or SitIn,
    and AddChips up to the buy-in limit; none after the session or for a chair without
    a player. The offers of every kind, in the order of
    :data:`~teenpatti_rules.actions.Action`.
    """
    if state.phase is Phase.SESSION_OVER or not state.seats[seat].in_session:
        return []
    actions: list[Action] = []
    for offer in OFFERS:
        actions += offer(state, seat)
    return actions
