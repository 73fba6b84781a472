"""The web layer: the lobby's HTTP JSON endpoints, the websockets, the static pages.

Routes:

- ``GET /`` the lobby, ``GET /table/{id}`` a table: one page (``static/index.html``)
  that shows the view of its address; ``/static/...`` its files (shipped in the
  package);
- ``GET /api/presets``; ``GET /api/tables``; ``POST /api/tables`` (create);
  ``GET /api/tables/{id}``; ``POST /api/tables/{id}/seats`` (take a seat: returns the
  seat and its token);
- ``GET /healthz``; ``GET /metrics``;
- ``WS /ws/{id}``: the first message says who connects: ``{"type": "hello", "token":
  T}`` for a seat, ``{"type": "watch"}`` for a spectator (see the protocol page of the docs).

Nothing from a client is trusted: messages are size- and rate-limited and their shape
is checked; a client acts only for the seat its token opens; no traceback is ever sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import library
from .hub import MAX_LISTENERS, Hub
from .library import Refusal
from .listener import InlineAck, Listener, ack_fields

__all__ = ["MAX_MESSAGE_BYTES", "RATE_BURST", "RATE_PER_SECOND", "create_app"]

log = logging.getLogger("teenpatti.server")

MAX_MESSAGE_BYTES: Final = 4096
"""The largest message a client may send (a websocket frame or a lobby request body)."""

RATE_PER_SECOND: Final = 10.0
"""Messages per second a connection may send on average."""

RATE_BURST: Final = 30.0
"""Messages a connection may send at once."""

MAX_STRIKES: Final = 50
"""Refused messages (bad shape, over the rate) after which a connection is closed."""

HELLO_SECONDS: Final = 10.0
"""How long a new websocket may take to say who it is."""

STATUS: Final = {
    "no_table": 404,
    "table_full": 409,
    "table_over": 409,
    "too_many_tables": 503,
    "not_saved": 503,
}


def _static() -> str:
    return str(resources.files("teenpatti_rules.server") / "static")


def _refused(refusal: Refusal) -> JSONResponse:
    return JSONResponse({"error": refusal.to_json()}, status_code=STATUS.get(refusal.code, 400))


async def _body(request: Request) -> object:
    raw = await request.body()
    if len(raw) > MAX_MESSAGE_BYTES:
        raise Refusal("too_large", f"a request is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return json.loads(raw) if raw else {}
    except (ValueError, RecursionError):
        raise Refusal("bad_json", "the body is not JSON") from None


class _Bucket:
    """A token bucket: :data:`RATE_PER_SECOND` messages a second, bursts of
    :data:`RATE_BURST`.
    """

    def __init__(self) -> None:
        self.level = RATE_BURST
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(RATE_BURST, self.level + (now - self.at) * RATE_PER_SECOND)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def create_app(hub: Hub, starter: dict[str, Any] | None = None) -> Starlette:
    """The ASGI application serving ``hub``'s tables.

    The hub's tables are restored before the app is built (:meth:`Hub.open`); the
    app's lifespan starts their clocks and bots, and on shutdown stops them and
    commits what is queued.

    :param hub: the tables and their database.
    :param starter: a table to create on start when the hub has none (a lobby
        request, see :meth:`Hub.create`), or None.
    :returns: a Starlette application.
    """

    async def page(request: Request) -> Response:
        return FileResponse(f"{_static()}/index.html")  # the lobby or a table: its script picks

    async def presets(request: Request) -> Response:
        return JSONResponse({"presets": library.preset_list()})

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": [table.summary() for table in hub.tables.values()]})

    async def create_table(request: Request) -> Response:
        try:
            table = await hub.create(await _body(request))
        except Refusal as refusal:
            return _refused(refusal)
        return JSONResponse(table.summary(), status_code=201)

    async def one_table(request: Request) -> Response:
        try:
            return JSONResponse(hub.table(request.path_params["table_id"]).summary())
        except Refusal as refusal:
            return _refused(refusal)

    async def take_seat(request: Request) -> Response:
        try:
            seat, token = await hub.sit(request.path_params["table_id"], await _body(request))
        except Refusal as refusal:
            return _refused(refusal)
        return JSONResponse({"seat": seat, "token": token}, status_code=201)

    async def my_seat(request: Request) -> Response:
        # the lobby asks whether a kept token still opens a chair (S4: a chair given up
        # does not): {"token": ...} -> {"seat": n} or {"seat": null}
        try:
            table = hub.table(request.path_params["table_id"])
            body = await _body(request)
        except Refusal as refusal:
            return _refused(refusal)
        token = body.get("token") if isinstance(body, dict) else None
        return JSONResponse({"seat": hub.authenticate(table, token)})

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "tables": len(hub.tables)})

    async def metrics(request: Request) -> Response:
        return JSONResponse(hub.metrics_document())

    async def play(websocket: WebSocket) -> None:
        await websocket.accept()
        hub.metrics["connections"] += 1
        try:
            await _play(hub, websocket)
        except WebSocketDisconnect:
            pass
        except Exception:  # never a traceback to the client; one line in the log
            hub.metrics["errors"] += 1
            log.exception("websocket handler failed")
            with contextlib.suppress(Exception):
                await websocket.close(code=1011)
        finally:
            hub.metrics["connections"] -= 1

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.resume()
        if starter is not None and not hub.tables:
            await hub.create(starter)
        try:
            yield
        finally:
            hub.close()

    routes = [
        Route("/", page),
        Route("/table/{table_id}", page),
        Route("/api/presets", presets),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", one_table),
        Route("/api/tables/{table_id}/seats", take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/mine", my_seat, methods=["POST"]),
        Route("/healthz", health),
        Route("/metrics", metrics),
        WebSocketRoute("/ws/{table_id}", play),
        Mount("/static", app=StaticFiles(directory=_static()), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


async def _receive(websocket: WebSocket, timeout: float | None = None) -> object:
    """The next message as JSON, or a :class:`Refusal` describing what was wrong.

    :raises WebSocketDisconnect: when the client leaves.
    """
    message = await asyncio.wait_for(websocket.receive(), timeout)
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        return Refusal("bad_message", "send JSON text messages")
    if len(text) > MAX_MESSAGE_BYTES:
        return Refusal("too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return Refusal("bad_json", "the message is not JSON")


async def _play(hub: Hub, websocket: WebSocket) -> None:
    try:
        table = hub.table(websocket.path_params.get("table_id"))
    except Refusal as refusal:
        await websocket.send_text(library.dumps({"type": "error", **refusal.to_json()}))
        await websocket.close(code=4404)
        return
    try:
        hello = await _receive(websocket, HELLO_SECONDS)
    except TimeoutError:
        await websocket.close(code=4408)
        return
    seat: int | None = None
    if isinstance(hello, dict) and hello.get("type") == "hello":
        seat = hub.authenticate(table, hello.get("token"))
        if seat is None:
            await _turn_away(websocket, "bad_token", "this token opens no seat at this table", 4401)
            return
    elif not (isinstance(hello, dict) and hello.get("type") == "watch"):
        hint = 'say {"type": "hello", "token": ...} or {"type": "watch"}'
        await _turn_away(websocket, "bad_hello", hint, 4400)
        return
    if len(table.listeners) >= MAX_LISTENERS:
        busy = f"this table serves at most {MAX_LISTENERS} connections"
        await _turn_away(websocket, "table_busy", busy, 4429)
        return
    narrate = isinstance(hello, dict) and hello.get("narrate") is True
    stream = not (isinstance(hello, dict) and hello.get("stream") is False)
    inline = isinstance(hello, dict) and hello.get("acks") == "inline"
    listener = Listener(seat, narrate, websocket.send_text, websocket.close, stream, inline)
    welcome = {
        "type": "welcome",
        "table": table.id,
        "seat": seat,
        "name": None if seat is None else table.chairs[seat].name,  # type: ignore[union-attr]
        "rules": library.rules_to_json(table.rules),
        "preset": table.config["preset"],
        "table_name": table.config["name"],
    }
    await websocket.send_text(library.dumps(welcome))
    table.add_listener(listener)
    try:
        await _messages(hub, table, listener, websocket, seat)
    finally:
        table.remove_listener(listener)


async def _turn_away(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    """Send an ``error`` message and close the connection with ``close_code``."""
    error = {"type": "error", "code": code, "rule": None, "message": message}
    await websocket.send_text(library.dumps(error))
    await websocket.close(code=close_code)


def _reply(listener: Listener, kind: str, ident: object, **fields: Any) -> None:
    document: dict[str, Any] = {"type": kind, **fields}
    if isinstance(ident, (str, int)) and not isinstance(ident, bool):
        document["id"] = ident if not isinstance(ident, str) else ident[:64]
    listener.post(library.dumps(document))


def _acknowledge(
    listener: Listener, ack: InlineAck | None, ident: object, turn: int, seq: int
) -> None:
    """An ``ack`` message, unless the sender's update carried it (``"acks": "inline"``)."""
    if ack is None or not ack.sent:
        listener.post(library.dumps({"type": "ack", **ack_fields(ident, turn, seq)}))


async def _messages(
    hub: Hub, table: Any, listener: Listener, websocket: WebSocket, seat: int | None
) -> None:
    bucket = _Bucket()
    strikes = 0
    while True:
        message = await _receive(websocket)
        if not bucket.take():
            strikes += 1
            message = Refusal("rate_limited", f"at most {RATE_PER_SECOND:g} messages a second")
        if isinstance(message, Refusal):
            strikes += 1
            hub.metrics["refusals"] += 1
            _reply(listener, "error", None, **message.to_json())
            if strikes > MAX_STRIKES:
                await websocket.close(code=1008)
                return
            continue
        ident = message.get("id") if isinstance(message, dict) else None
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            _reply(listener, "pong", ident)
            continue
        if kind == "sync":
            table.resync(listener)
            continue
        if kind != "act" or not isinstance(message, dict):
            strikes += 1
            _reply(
                listener,
                "error",
                ident,
                code="bad_message",
                rule=None,
                message="expected a message of type act, sync or ping",
            )
            continue
        began = time.perf_counter()
        try:
            if seat is None:
                raise Refusal("spectator", "spectators do not act")
            turn = message.get("turn")
            if type(turn) is not int:
                raise Refusal("bad_message", "'turn' must be the turn number you saw (an int)")
            action = library.action_from_json(message.get("action"), seat)
            ack = InlineAck(listener, ident) if listener.inline_acks else None
            after, seq = await table.act(action, turn, ack)
        except Refusal as refusal:
            hub.metrics["refusals"] += 1
            _reply(listener, "refused", ident, **refusal.to_json())
            continue
        hub.latencies.append(time.perf_counter() - began)
        if len(hub.latencies) > 20_000:
            del hub.latencies[:10_000]
        _acknowledge(listener, ack, ident, after, seq)
