"""The server's short path for text frames (``run.websocket_protocol``): the same
bytes as the ``websockets`` library's own frames (RFC 6455), and on a live connection
every message arrives, in order, whatever its size."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the server extra is not installed")

from websockets.frames import Frame, Opcode

from teenpatti_rules.server import run

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SIZES = (0, 1, 125, 126, 127, 65535, 65536, 70000)
"""Payload sizes around the header's three length forms (7, 7+16, 7+64 bits)."""


@pytest.mark.parametrize("size", SIZES)
def test_a_text_frame_is_the_websockets_librarys_frame(size: int) -> None:
    text = "x" * size
    expected = Frame(Opcode.TEXT, text.encode(), fin=True).serialize(mask=False, extensions=[])
    assert run.text_frame(text) == expected


def test_a_text_frame_counts_bytes_not_characters() -> None:
    text = "₹" * 50  # three bytes each in UTF-8: 150 bytes, the 16-bit length form
    frame = run.text_frame(text)
    assert frame[:4] == bytes((0x81, 126, 0, 150)) and frame[4:].decode() == text


def test_messages_arrive_in_order_through_the_short_path(monkeypatch: Any) -> None:
    """A live uvicorn connection with the server's protocol: every message the app
    sends (sizes of all three header forms) arrives whole and in order, and those sent
    once the connection is open went through the short path."""
    import uvicorn
    import websockets
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    messages = [f"{index}:" + "y" * size for index, size in enumerate(SIZES * 2)]
    framed: list[str] = []
    real = run.text_frame

    def counting(text: str) -> bytes:
        framed.append(text)
        return real(text)

    monkeypatch.setattr(run, "text_frame", counting)

    async def talk(websocket: WebSocket) -> None:
        await websocket.accept()
        for message in messages:
            await websocket.send_text(message)
        await websocket.receive_text()  # the client has read everything

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    config = uvicorn.Config(
        Starlette(routes=[WebSocketRoute("/", talk)]),
        host="127.0.0.1",
        port=port,
        ws=run.websocket_protocol(),  # type: ignore[arg-type]
        ws_per_message_deflate=False,
        log_level="warning",
        lifespan="off",
    )
    server = uvicorn.Server(config)

    async def scenario() -> list[str]:
        serving = asyncio.ensure_future(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        try:
            async with websockets.connect(
                f"ws://127.0.0.1:{port}/", max_size=2**20, compression=None
            ) as client:
                got = [str(await asyncio.wait_for(client.recv(), 10)) for _ in messages]
                await client.send("done")
            return got
        finally:
            server.should_exit = True
            await asyncio.wait_for(serving, 10)

    assert asyncio.run(scenario()) == messages
    # once the connection is wholly open (the first message may come before: uvicorn's
    # own path) every message takes the short path
    assert len(framed) >= len(messages) - 1
    assert framed == messages[len(messages) - len(framed) :]
