"""What every event class says about itself (:class:`EventFacts`), the base of every
event class (:class:`EventBase`) and the metadata that marks a field holding seats:
so that no module keeps its own list of event classes. Re-exported by
:mod:`teenpatti_rules.events`, where the events are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final

import attrs

__all__ = ["MANY_SEATS", "ONE_SEAT", "SEAT", "EventBase", "EventFacts"]


SEAT: Final = "seat"
"""Key of :func:`attrs.field` metadata: ``"one"`` for a field that holds a seat number,
``"many"`` for a tuple of seat numbers (checked by the invariants, shown by narration)."""


ONE_SEAT: Final = {SEAT: "one"}
"""Metadata of a field that holds one seat number: ``attrs.field(metadata=ONE_SEAT)``."""

MANY_SEATS: Final = {SEAT: "many"}
"""Metadata of a field that holds a tuple of seat numbers."""


@attrs.frozen
class EventFacts:
    """What an event class says about itself, so that no module keeps its own list of
    event classes (the narration's chips paid in, the encoding's last action, the
    turn counts of V15). Every event class sets its own :attr:`EventBase.facts`
    (``tests/test_unions.py`` checks it).

    :param paid_in: the event's ``amount`` field is chips put in the pot (a boot,
        a bet, a draw's price, ...).
    :param turn: the event records a betting action a seat took on its turn (V15):
        a bet, an all-in, a pack, a show, a sideshow request, a draw.
    :param action: the verb (:attr:`~teenpatti_rules.actions.ActionBase.verb`) of the
        action whose effect the event records, or None.
    :param actor: the name of the field holding the seat that took that action
        (``"seat"``, ``"asker"``, ``"target"``), or None.
    :param stake: the name of the field holding the stake after the event (R11, R24),
        or None when the event does not set the stake.
    """

    paid_in: bool = False
    turn: bool = False
    action: str | None = None
    actor: str | None = None
    stake: str | None = None


class EventBase:
    """What every event class shares: whether views may show it as it is, and its
    :class:`EventFacts`.
    """

    __slots__ = ()
    #: True when the event never carries a card or a hand rank (seats, chips and stakes
    #: only), so every view shows it unchanged. An event with something to hide sets it
    #: False and overrides ``visible_part``.
    public: ClassVar[bool] = True
    #: What the event class says about itself (:class:`EventFacts`); the default says
    #: nothing (no chips, no turn, no action).
    facts: ClassVar[EventFacts] = EventFacts()

    def visible_part(self, may_see: Callable[[int], bool]) -> EventBase | None:
        """The part of this event a viewer may see, or None to leave it out (R43).

        :param may_see: ``may_see(seat)`` tells whether the viewer may see that seat's
            cards.
        :returns: ``self`` for a public event; otherwise a copy without what the viewer
            may not see, or None. The default for a non-public event is None (fail
            closed).
        """
        return self if self.public else None
