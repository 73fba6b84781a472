"""The JSON half of the server's door to the rules library (see
:mod:`teenpatti_rules.server.library`, which re-exports every name here): what the
server writes for its clients, each written once and shared. Actions and the legal
moves as JSON objects (cached per distinct action), a seat's view (R43) and its event
stream (:func:`~teenpatti_rules.stream.events_for`) as the library's JSON message text
(cached per cursor and per event object), the rules, and :func:`dumps` for a whole
message (:mod:`orjson` when installed).

Every cache is bounded (4,096 entries); every function is pure or reads only its
arguments; none blocks.
"""

from __future__ import annotations

import functools
import json
from typing import Any, Final

from .. import engine as _engine
from .. import stream as _stream
from ..actions import Action
from ..io import messages as _messages
from ..io.codec import converter
from ..rules import Rules
from ..state import State
from ..stream import Cursor
from ..views import view

__all__ = [
    "action_to_json",
    "dumps",
    "events_text",
    "legal_json",
    "rules_to_json",
    "view_cursor",
    "view_json",
    "view_text",
]


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a JSON object tagged with its type: ``{"type": "Bet", "seat": 1,
    "amount": 4}``, ``{"type": "Draw", "seat": 0, "cards": ["As"]}`` (the library's
    :func:`~teenpatti_rules.io.messages.action_to_json` without its ``"version"``).

    :param action: any action; a deal's deck is never sent (R6).
    :returns: a JSON-ready dict.
    :raises TypeError: if ``action`` is not an action.
    """
    return dict(_action_document(action))


@functools.lru_cache(maxsize=4096)
def _action_document(action: Action) -> dict[str, Any]:
    """The JSON object of an action, written once per distinct action (actions are
    immutable records: the legal moves of every update repeat the same few).
    """
    document: dict[str, Any] = json.loads(_messages.action_to_json(action))
    document.pop("version", None)
    document.pop("deck", None)
    return document


def legal_json(state: State, seat: int) -> list[dict[str, Any]]:
    """:func:`~teenpatti_rules.server.library.seat_actions` as the JSON objects of
    :func:`action_to_json`, for a message: the objects are shared (written once per
    distinct action), so the caller serialises them and never changes them.

    :param state: the table's state (or the seat's view).
    :param seat: the seat.
    :returns: one JSON object per legal action (R22–R36, S4–S7), in the library's order.
    """
    return [_action_document(action) for action in _engine.legal_actions(state, seat)]


def view_text(state: State, seat: int | None) -> str:
    """What ``seat`` (None: a spectator) may know of the table (R43), as JSON text.

    :param state: the table's state.
    :param seat: a seat, or None.
    :returns: the library's compact
        :func:`~teenpatti_rules.io.messages.view_to_json` of
        :func:`~teenpatti_rules.views.view` without the rules (``rules=False``: only their
        ``rules_id``; the rules are sent once, in the welcome message). Fields equal to
        their default are left out (a seat's ``cards`` when none are shown, ``result``
        when None ...), so a reader fills the defaults.
    """
    return _messages.view_to_json(view(state, seat), rules=False)


def view_json(state: State, seat: int | None) -> dict[str, Any]:
    """:func:`view_text` decoded: the ``"view"`` of a ``state`` message (R43).

    :param state: the table's state.
    :param seat: a seat, or None.
    :returns: the JSON object.
    """
    return json.loads(view_text(state, seat))  # type: ignore[no-any-return]


def view_cursor(state: State, seat: int | None) -> Cursor:
    """Where ``seat``'s event stream continues after a view of ``state`` (the library's
    :meth:`~teenpatti_rules.stream.Cursor.of` of :func:`~teenpatti_rules.views.view`).

    :param state: the table's state.
    :param seat: a seat, or None for spectators.
    :returns: the cursor.
    """
    return Cursor.of(view(state, seat))


def events_text(
    state: State, seat: int | None, since: Cursor
) -> tuple[str, Cursor, tuple[Any, ...]] | None:
    """What ``seat`` may see of the table since ``since`` (R43), as the library's
    :func:`~teenpatti_rules.io.messages.events_to_json` text of
    :func:`~teenpatti_rules.stream.events_for`.

    :param state: the table's state.
    :param seat: a seat, or None for spectators.
    :param since: the listener's cursor.
    :returns: ``(text, cursor after it, the events)``, or None when the cursor is stale
        (:class:`~teenpatti_rules.stream.StaleCursorError`: send a view instead).
    """
    try:
        events, after = _stream.events_for(state, seat, since)
    except _stream.StaleCursorError:
        return None
    found = _STREAM_TEXTS.get(id(events))
    if found is not None and found[0] is events and found[1] == after:
        return found[2], after, events  # a stream shared by several viewers (R43)
    head = _HEADS.get(after)
    if head is None:
        if len(_HEADS) >= 4096:  # bounded
            _HEADS.clear()
        head = _HEADS[after] = _messages.events_to_json((), after)[:-2]  # ...,"events":[
    body = ",".join([_event_text(event) for event in events])
    text = f"{head}{body}]}}"
    if len(_STREAM_TEXTS) >= 256:  # bounded
        _STREAM_TEXTS.clear()
    _STREAM_TEXTS[id(events)] = (events, after, text)
    return text, after, events


_NO_CURSOR: Final = Cursor(0, 0)
_EMPTY: Final = _messages.events_to_json((), _NO_CURSOR)
"""An empty stream message: what one event's message holds around the event."""

_HEADS: dict[Cursor, str] = {}
"""The start of a stream message, up to its events, by the cursor it carries."""

_STREAM_TEXTS: dict[int, tuple[tuple[Any, ...], Cursor, str]] = {}
"""The text of the streams written lately, by the identity of their events tuple: the
library hands every viewer of a stream made only of public events the same tuple, so
its text is written once for all of them."""

_EVENT_TEXTS: dict[int, tuple[object, str]] = {}
"""The JSON text of the events streamed lately, by identity (events are immutable, and
one event, or one state's status, goes to every listener of the table)."""


def _event_text(event: object) -> str:
    """One event of a stream message as the library's
    :func:`~teenpatti_rules.io.messages.events_to_json` writes it, written once per
    event object while it is among the last few thousand.
    """
    found = _EVENT_TEXTS.get(id(event))
    if found is not None and found[0] is event:
        return found[1]
    whole = _messages.events_to_json((event,), _NO_CURSOR)  # type: ignore[arg-type]
    text = whole[len(_EMPTY) - 2 : -2]
    if len(_EVENT_TEXTS) >= 4096:  # bounded
        _EVENT_TEXTS.clear()
    _EVENT_TEXTS[id(event)] = (event, text)
    return text


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """A table's rules as the JSON object of every ``Rules`` field."""
    return converter().unstructure(rules)  # type: ignore[no-any-return]


def dumps(document: object) -> str:
    """JSON text of a message (compact, UTF-8 kept; int keys written as strings):
    :mod:`orjson` when the ``fast`` extra is installed, else :mod:`json`.
    """
    if _orjson is not None:
        return _orjson.dumps(document, option=_orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


try:
    import orjson as _orjson
except ImportError:  # pragma: no cover - depends on the install
    _orjson = None  # type: ignore[assignment]
