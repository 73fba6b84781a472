"""Start the server: open the database, restore the tables, serve with uvicorn."""

from __future__ import annotations

import logging
import struct
from typing import Any, Final

from . import require_extra

__all__ = ["build", "export", "serve", "text_frame", "websocket_protocol"]

MAX_FRAME_BYTES: Final = 64 * 1024
"""The largest websocket frame uvicorn accepts (the app then refuses anything over
:data:`~teenpatti_rules.server.app.MAX_MESSAGE_BYTES`)."""


def build(
    db: str,
    *,
    clock: float = 30.0,
    bots: int = 0,
    bot_delay: float = 0.5,
    deal_delay: float = 3.0,
    bot_kind: str = "rule",
) -> object:
    """The ASGI app for a database, its tables restored.

    :param db: ``sqlite:///FILE`` or ``postgresql://...``.
    :param clock: seconds a person has to act (0: no clock).
    :param bots: on a database without tables, open one table with this many bots and
        one free chair (0: none).
    :param bot_delay: seconds before a bot acts; ``deal_delay``: between hands.
    :param bot_kind: ``"rule"`` (R44) or ``"equity"`` for the starter table's bots.
    :returns: the Starlette app.
    :raises ValueError: for a bad URL or numbers; ImportError for a missing extra.
    """
    require_extra()
    from .app import create_app
    from .hub import Hub
    from .store import open_store
    from .table import TableSettings

    if not all(0 <= value <= 3600 for value in (clock, bot_delay, deal_delay)):
        raise ValueError("--clock, --bot-delay and --deal-delay are 0 to 3600 seconds")
    hub = Hub(open_store(db), TableSettings(clock, bot_delay, deal_delay))
    hub.open()
    starter = None
    if bots and not hub.tables:
        starter = {"name": "Table 1", "players": bots + 1, "bots": bots, "bot_kind": bot_kind}
    return create_app(hub, starter)


def export(db: str, table_id: str, hand: int | None = None) -> str:
    """A table's history as the library's history document: every recorded action, or
    those up to the end of finished hand ``hand``; ``teenpatti replay`` prints it and
    :func:`~teenpatti_rules.io.history.replay` rebuilds its state.

    :param db: the database URL.
    :param table_id: the table.
    :param hand: a finished hand's number, or None for the whole history so far.
    :returns: the JSON document. It holds the session seed: give it out only once the
        session is over.
    :raises ValueError: for an unknown table, a table that has not started, or a hand
        that has not finished.
    """
    import json

    from .store import open_store

    store = open_store(db)
    found = [table for table in store.load() if table.id == table_id]
    if not found or found[0].start is None:
        raise ValueError(f"no started table {table_id!r} in {store.url}")
    actions = list(found[0].actions)
    if hand is not None:
        ends = {number: last for number, last, _ in store.hand_rows(table_id)}
        if hand not in ends:
            raise ValueError(f"hand {hand} of table {table_id!r} has not finished")
        actions = actions[: ends[hand] + 1]
    document = json.loads(found[0].start)
    document["actions"] = actions
    return json.dumps(document, ensure_ascii=False)


def text_frame(text: str) -> bytes:
    """One unfragmented, unmasked websocket text frame (RFC 6455 section 5.2: FIN and
    opcode 1, then the payload's length in 7, 7+16 or 7+64 bits), as a server sends it
    without extensions.

    :param text: the message.
    :returns: the frame's bytes: its header and ``text`` in UTF-8.
    """
    data = text.encode()
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 65536:
        return struct.pack("!BBH", 0x81, 126, size) + data
    return struct.pack("!BBQ", 0x81, 127, size) + data


def websocket_protocol() -> object:
    """The ``websockets`` protocol of uvicorn, with a short path for the server's text
    messages: when the connection is open and has no extension (no
    permessage-deflate), no fragmented message under way and a live reader, a
    ``websocket.send`` of text writes :func:`text_frame` to the transport at once and
    waits only for its flow control, instead of going through the ``websockets``
    library's general ``send`` (the same bytes on the wire, in the same order; about
    20 Python calls fewer a frame). Anything else (and a uvicorn or ``websockets``
    whose protocol lacks what the short path reads) takes uvicorn's own path.

    :returns: the protocol class for ``uvicorn.Config(ws=...)``, or ``"websockets"``
        when uvicorn's protocol cannot be imported.
    """
    try:
        from uvicorn.protocols.utils import ClientDisconnected
        from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol
        from websockets.exceptions import ConnectionClosed
        from websockets.protocol import State
    except ImportError:  # pragma: no cover - depends on the installed versions
        return "websockets"

    class ShortTextProtocol(WebSocketProtocol):
        """uvicorn's protocol with :func:`text_frame`'s short path (see above)."""

        def _short_path(self) -> bool:
            reader = getattr(self, "transfer_data_task", None)
            return (
                getattr(self, "initial_response", 0) is None
                and getattr(self, "state", None) is State.OPEN
                and not getattr(self, "extensions", True)
                and getattr(self, "_fragmented_message_waiter", 0) is None
                and self.handshake_completed_event.is_set()
                and not self.closed_event.is_set()
                and reader is not None
                and not reader.done()
            )

        async def asgi_send(self, message: Any) -> None:
            text = message.get("text") if message["type"] == "websocket.send" else None
            if text is None or message.get("bytes") is not None or not self._short_path():
                await super().asgi_send(message)
                return
            self.transport.write(text_frame(text))
            try:
                await self.drain()
            except ConnectionClosed as closed:
                raise ClientDisconnected from closed

    return ShortTextProtocol


def serve(db: str, host: str = "127.0.0.1", port: int = 8000, **options: object) -> None:
    """Serve until interrupted (SIGINT/SIGTERM stop it cleanly).

    :param db: the database URL; ``host``/``port``: where to listen; ``options``: as
        :func:`build`.
    """
    require_extra()
    import uvicorn

    app = build(db, **options)  # type: ignore[arg-type]
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    config = uvicorn.Config(
        app,  # type: ignore[arg-type]
        host=host,
        port=port,
        ws=websocket_protocol(),  # type: ignore[arg-type]
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=False,
        log_level="warning",
        log_config=None,  # the logging set up above; uvicorn's own would bind stderr now
        lifespan="on",
    )
    uvicorn.Server(config).run()
