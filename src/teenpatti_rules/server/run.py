"""Start the server: open the database, restore the tables, serve with uvicorn."""

from __future__ import annotations

import logging
import socket
from typing import Final

from . import require_extra

__all__ = ["build", "export", "serve"]

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


def _shown_url(db: str) -> str:
    """A database URL as the start line prints it: no user or password.

    >>> _shown_url("postgresql://tp:secret@127.0.0.1:5432/tp"), _shown_url("sqlite:///t.db")
    ('postgresql://…@127.0.0.1:5432/tp', 'sqlite:///t.db')
    """
    scheme, sep, rest = db.partition("://")
    if sep and "@" in rest:
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return db


def serve(db: str, host: str = "127.0.0.1", port: int = 8000, **options: object) -> None:
    """Serve until interrupted (SIGINT/SIGTERM stop it cleanly). Once it listens it
    writes one line to stderr: ``teenpatti serve: listening on http://HOST:PORT
    (database URL)`` (the URL without a password; the port bound when ``port`` is 0).

    :param db: the database URL; ``host``/``port``: where to listen; ``options``: as
        :func:`build`.
    """
    require_extra()
    import sys

    import uvicorn

    class _Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.should_exit:  # could not bind: uvicorn said why
                return
            bound = [s.getsockname() for server in self.servers for s in server.sockets or ()]
            where = f"{host}:{bound[0][1] if bound else port}"
            if ":" in host:
                where = f"[{host}]:{bound[0][1] if bound else port}"
            line = f"teenpatti serve: listening on http://{where} (database {_shown_url(db)})"
            print(line, file=sys.stderr, flush=True)

    app = build(db, **options)  # type: ignore[arg-type]
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    config = uvicorn.Config(
        app,  # type: ignore[arg-type]
        host=host,
        port=port,
        ws="websockets",
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=False,
        log_level="warning",
        log_config=None,  # the logging set up above; uvicorn's own would bind stderr now
        lifespan="on",
    )
    _Server(config).run()
