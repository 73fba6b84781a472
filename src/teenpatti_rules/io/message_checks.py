"""Checks of the strict message readers (:mod:`teenpatti_rules.io.messages`) past the
document's shape: the seats an event names and the players' names it carries (S1).
"""

from __future__ import annotations

from typing import Any

from ..errors import HistoryError
from ..events import PlayerJoined
from ..names import normalise_name
from ..rules import MAX_SEATS_ANY
from ..stream import TableStatus, _named_seats
from .codec import _short

__all__ = ["check_event", "check_name"]


def check_name(name: object, where: str, what: str, *, normalised: bool) -> None:
    """Refuse a name :func:`~teenpatti_rules.names.normalise_name` refuses (S1: control
    or invisible characters, too long, empty) and, if ``normalised``, one not in its
    normal form (a server writes names as it seated them).

    :param name: the name read (untrusted).
    :param where: its JSON path (``"$.name"``), for the message.
    :param what: the kind of document (``"action"``, ``"event"``), for the message.
    :param normalised: True to require the normalised form too (events), False to
        accept a name the engine will normalise when the player joins (actions).
    :raises HistoryError: naming the problem and ``where``.
    """
    try:
        text = normalise_name(name, "a player's name")
    except ValueError as error:
        raise HistoryError(f"bad {what} document: {error} @ {where}", path=where) from None
    if normalised and text != name:
        raise HistoryError(
            f"bad {what} document: a player's name is written normalised (NFC, stripped), "
            f"not {_short(name)} @ {where}",
            path=where,
        )


def check_event(event: Any, where: str) -> None:
    """Refuse an event that names a seat no table has (outside 0..25: 26 seats are
    the most any table has) or a player's name that no table
    seats (S1): what :func:`~teenpatti_rules.stream.apply_events` and a client showing
    names would otherwise meet.

    :param event: an event of a stream, as read.
    :param where: its JSON path, for the message.
    :raises HistoryError: naming the seat or the name and ``where``.
    """
    seats = list(_named_seats(event) or ())
    names: list[tuple[object, str]] = []
    if isinstance(event, PlayerJoined):
        names.append((event.name, f"{where}.name"))
    elif isinstance(event, TableStatus):
        seats.extend(event.seats)
        for index, seat in event.seats.items():
            if seat.name is not None:
                names.append((seat.name, f"{where}.seats.{index}.name"))
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < MAX_SEATS_ANY:
            raise HistoryError(
                f"bad event document: an event names seat {_short(seat)}; seats are "
                f"0..{MAX_SEATS_ANY - 1} @ {where}",
                path=where,
            )
    for name, at in names:
        check_name(name, at, "event", normalised=True)
