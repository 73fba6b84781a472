"""What a table sends: its listeners (websockets, or a test's stand-ins) and the
messages they get after every change.

A listener gets one whole ``state`` message (the seat's view, R43) when it connects or
asks for a ``sync``, then by default ``events`` messages: the library's per-seat event
stream since the listener's cursor (:func:`~teenpatti_rules.stream.events_for`), the
seat's legal actions, the turn (S9) and the clock (S6), and, when it asked for the
narration, the lines of the new events only. A listener that says ``"stream": false``
gets a whole ``state`` message at every change instead. A listener that says ``"acks":
"inline"`` gets the acknowledgement of its own accepted action as the ``ack`` field of
the ``events`` message that action caused (one websocket frame fewer per action)
instead of an ``ack`` message of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..state import State
from . import library

if TYPE_CHECKING:
    from .table import Table

__all__ = [
    "OUTBOX",
    "InlineAck",
    "Listener",
    "ack_fields",
    "broadcast",
    "events_message",
    "resync",
    "state_message",
]

OUTBOX: Final = 64
"""The most messages queued for one listener; a listener that falls further behind is
dropped (it reconnects and gets the current view)."""


class Listener:
    """A websocket (or a test's stand-in) that receives a table's updates.

    :param seat: the seat it plays, or None for a spectator.
    :param narrate: whether updates carry narration lines (the whole hand's in a
        ``state`` message, the new events' in an ``events`` message).
    :param send: a coroutine function sending one text message.
    :param close: a coroutine function closing the connection.
    :param stream: True (the default) for ``events`` messages (the library's per-seat
        event stream, from :attr:`cursor`) after the first ``state`` message; False for
        a whole view at every change.
    :param inline_acks: True when the listener asked for its acknowledgements inside
        its ``events`` update (:class:`InlineAck`).
    """

    def __init__(
        self,
        seat: int | None,
        narrate: bool,
        send: Callable[[str], Any],
        close: Callable[[], Any],
        stream: bool = True,
        inline_acks: bool = False,
    ) -> None:
        self.seat = seat
        self.inline_acks = inline_acks
        self.narrate = narrate
        self.stream = stream
        self.cursor: library.Cursor | None = None
        self.stake = 0
        self.pot = 0
        self._send = send
        self._close = close
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.task: asyncio.Task[None] | None = None
        self.bytes_sent = 0

    def post(self, text: str) -> None:
        """Queue a message; a listener too far behind is closed."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.stop()

    def stop(self) -> None:
        """Close the listener after what is queued."""
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)
        if self.outbox.full() and self.task is not None:
            self.task.cancel()

    async def run(self) -> None:
        """Send queued messages until stopped."""
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    break
                self.bytes_sent += len(text)
                await self._send(text)
        except Exception:  # the peer is gone: its handler sees the disconnect
            pass
        finally:
            with contextlib.suppress(Exception):
                await self._close()


def ack_fields(ident: object, turn: int, seq: int) -> dict[str, Any]:
    """The fields of an acknowledgement: ``id`` (the client's, when a str, cut to 64
    characters, or an int), ``turn`` (the turn number after the action, S9) and
    ``seq`` (the action's position in the table's history plus one).
    """
    fields: dict[str, Any] = {}
    if isinstance(ident, (str, int)) and not isinstance(ident, bool):
        fields["id"] = ident if not isinstance(ident, str) else ident[:64]
    return {**fields, "turn": turn, "seq": seq}


class InlineAck:
    """The acknowledgement of a listener's action, to be carried by the ``events``
    update the action causes (the listener said ``"acks": "inline"``).

    :param listener: the sender.
    :param ident: the ``id`` of its ``act`` message (any JSON value; see
        :func:`ack_fields`).

    :attr:`sent` is True once an update carried it; when none could (the sender's
    update was a whole view, or it was no longer listening), the sender is sent an
    ``ack`` message as usual.
    """

    def __init__(self, listener: Listener, ident: object) -> None:
        self.listener = listener
        self.ident = ident
        self.sent = False


def _head(table: Table, kind: str, state: State, seat: int | None) -> dict[str, Any]:
    clock = None
    if table.clock_seat is not None:
        left = max(0, int(((table.clock_ends or 0) - time.time()) * 1000))
        clock = {"seat": table.clock_seat, "seconds": table.settings.clock, "left_ms": left}
    return {
        "type": kind,
        "table": table.id,
        "you": seat,
        "turn": table.turn,
        "seq": len(table.actions),
        "legal": [] if seat is None else library.legal_json(state, seat),
        "clock": clock,
    }


def state_message(table: Table, seat: int | None, narrate: bool) -> str:
    """The whole update for one seat (or spectators): ``state`` (the seat's view, R43,
    with the whole hand's narration when asked), or ``waiting`` before the session.
    """
    metrics = table.metrics
    started = time.thread_time()
    state = table.state
    seen = ""
    if state is None:
        document: dict[str, Any] = {"type": "waiting", **table.summary()}
    else:
        document = _head(table, "state", state, seat)
        if narrate:
            document["log"] = library.narration(state, seat)
        seen = library.view_text(state, seat)
    middle = time.thread_time()
    text = library.dumps(document)
    if state is not None:  # the library's view text, spliced in as written
        text = f'{text[:-1]},"view":{seen}}}'
    metrics["cpu_library"] += middle - started
    metrics["cpu_json"] += time.thread_time() - middle
    metrics["messages"] += 1
    metrics["bytes"] += len(text)
    return text


def _start_stream(table: Table, listener: Listener) -> None:
    state = table.state
    if state is not None:
        listener.cursor = library.view_cursor(state, listener.seat)
        listener.stake, listener.pot = state.stake, state.pot


def resync(table: Table, listener: Listener) -> None:
    """Send a listener the whole table now (a ``state`` message); a streaming
    listener's events continue from there.
    """
    if listener.stream:
        _start_stream(table, listener)
    listener.post(state_message(table, listener.seat, listener.narrate))


def _events_part(table: Table, listener: Listener) -> tuple[dict[str, Any], str] | None:
    """The library's part of a streaming listener's ``events`` update: the message's
    fields but the stream, and the stream's JSON text (R43); the listener's cursor, stake
    and pot move past them. None when its cursor is stale (nothing moves).
    """
    state = table.state
    assert state is not None and listener.cursor is not None
    found = library.events_text(state, listener.seat, listener.cursor)
    if found is None:
        return None
    text, listener.cursor, events = found
    document = _head(table, "events", state, listener.seat)
    if listener.narrate:
        document["log"] = library.narration_since(state, events, listener.stake, listener.pot)
    listener.stake, listener.pot = state.stake, state.pot
    return document, text


def _events_text(table: Table, document: dict[str, Any], stream: str) -> str:
    """The ``events`` message of :func:`_events_part`'s fields and stream text."""
    body = library.dumps(document)
    message = f'{body[:-1]},"stream":{stream}}}'
    metrics = table.metrics
    metrics["messages"] += 1
    metrics["bytes"] += len(message)
    return message


def events_message(table: Table, listener: Listener) -> str:
    """The ``events`` update of a streaming listener since its cursor: the library's
    event stream (R43) with the turn, the seat's legal actions, the clock and the new
    events' narration; a whole ``state`` message instead when its cursor is stale.
    """
    metrics = table.metrics
    started = time.thread_time()
    part = _events_part(table, listener)
    if part is None:
        _start_stream(table, listener)
        return state_message(table, listener.seat, listener.narrate)
    middle = time.thread_time()
    message = _events_text(table, *part)
    metrics["cpu_library"] += middle - started
    metrics["cpu_json"] += time.thread_time() - middle
    return message


def broadcast(table: Table, ack: InlineAck | None = None) -> None:
    """Send every listener of ``table`` its update: its events since its cursor (one
    message per distinct seat and cursor), or a whole view to those that asked for it.

    The streams are made first (the library's CPU), then written (JSON), each part
    timed once for the whole table rather than once per listener.

    :param table: the table, its state changed.
    :param ack: the acknowledgement of the action that changed it, to be carried by
        its sender's ``events`` update (``ack`` field), or None.
    """
    state = table.state
    metrics = table.metrics
    parts: dict[tuple[Any, ...], tuple[dict[str, Any], str, library.Cursor | None]] = {}
    streamed: list[tuple[Listener, tuple[Any, ...]]] = []
    others: list[Listener] = []  # a whole view: new, stale or not streaming
    started = time.thread_time()
    for listener in list(table.listeners):
        if not listener.stream or state is None or listener.cursor is None:
            others.append(listener)
            continue
        key = (listener.seat, listener.narrate, listener.cursor, listener.stake, listener.pot)
        if key in parts:
            listener.cursor = parts[key][2]
            listener.stake, listener.pot = state.stake, state.pot
        else:
            part = _events_part(table, listener)
            if part is None:
                others.append(listener)
                continue
            parts[key] = (*part, listener.cursor)
        streamed.append((listener, key))
    middle = time.thread_time()
    sender = None if ack is None else ack.listener
    texts: dict[tuple[Any, ...], str] = {}
    for listener, key in streamed:
        document, text, _ = parts[key]
        if listener is sender and ack is not None:
            fields = ack_fields(ack.ident, table.turn, len(table.actions))
            listener.post(_events_text(table, {**document, "ack": fields}, text))
            ack.sent = True
            continue
        if key not in texts:
            texts[key] = _events_text(table, document, text)
        listener.post(texts[key])
    metrics["cpu_library"] += middle - started
    metrics["cpu_json"] += time.thread_time() - middle
    whole: dict[tuple[int | None, bool], str] = {}
    for listener in others:
        if listener.stream and state is not None:
            resync(table, listener)  # a new listener, or a stale cursor: a view
            continue
        shape = (listener.seat, listener.narrate)
        if shape not in whole:
            whole[shape] = state_message(table, *shape)
        listener.post(whole[shape])
