"""The app's remaining edges in process: an unknown table's page of JSON, a websocket
handler that fails, the latency record kept bounded, and a table closed under its
listeners (server shutdown)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from teenpatti_rules.server import app as app_module
from teenpatti_rules.server.app import create_app
from teenpatti_rules.server.hub import Hub
from teenpatti_rules.server.store import open_store
from teenpatti_rules.server.table import TableSettings
from test_server_app import choose, new_table, receive, receive_until, sit


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Hub, TestClient]]:
    """A hub (kept, to look inside) and its app's client."""
    settings = TableSettings(clock=0.0, bot_delay=3600.0, deal_delay=3600.0)
    hub = Hub(open_store(f"sqlite:///{tmp_path / 't.db'}"), settings)
    hub.open()
    with TestClient(create_app(hub)) as client:
        yield hub, client


def test_an_unknown_table_is_refused(served: tuple[Hub, TestClient]) -> None:
    _, client = served
    response = client.get("/api/tables/nope")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "no_table"


def test_a_failing_handler_closes_with_1011(
    served: tuple[Hub, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected error in the handler is counted and closes the socket (1011)."""
    hub, client = served

    async def broken(*args: Any) -> None:
        raise RuntimeError("the handler broke")

    monkeypatch.setattr(app_module, "_play", broken)
    before = hub.metrics["errors"]
    with (
        client.websocket_connect("/ws/anything") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        receive(ws)
    assert closed.value.code == 1011
    assert hub.metrics["errors"] == before + 1
    assert client.get("/metrics").json()["errors"] == before + 1


def test_the_latency_record_is_bounded(served: tuple[Hub, TestClient]) -> None:
    """Past 20 000 latencies the oldest 10 000 are dropped at the next ack."""
    hub, client = served
    table = new_table(client, players=3, bots=0)
    seats = dict(
        [sit(client, table, "Ravi"), sit(client, table, "Sita"), sit(client, table, "Arun")]
    )
    hub.latencies[:] = [0.0] * 20_000
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": seats[0], "stream": False})
        assert receive(ws)["type"] == "welcome"
        whole = receive_until(ws, lambda m: m["type"] == "state" and m["view"]["hand_number"])
        actor = whole["view"]["actor"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": seats[actor], "stream": False})
        assert receive(ws)["type"] == "welcome"
        mine = receive_until(ws, lambda m: m["type"] == "state" and m["legal"])
        ws.send_json({"type": "act", "turn": mine["turn"], "action": choose(mine)})
        assert receive_until(ws, lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"
    assert len(hub.latencies) == 10_001


def test_closing_a_table_closes_its_listeners(served: tuple[Hub, TestClient]) -> None:
    """Server shutdown: the table stops its listeners, whose sockets are closed."""
    hub, client = served
    table = new_table(client)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "watch", "stream": False})
        assert receive(ws)["type"] == "welcome"
        receive_until(ws, lambda m: m["type"] in ("state", "waiting"))
        assert len(hub.tables[table].listeners) == 1
        ws.portal.call(_close, hub, table)
        with pytest.raises(WebSocketDisconnect):
            for _ in range(10):
                receive(ws)
        assert not hub.tables[table].listeners


async def _close(hub: Hub, table: str) -> None:
    hub.tables[table].close()
