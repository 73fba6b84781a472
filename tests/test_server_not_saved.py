"""A table whose database fails refuses the action (``not_saved``) and changes nothing:
the same action is taken once the database is back (the store is the truth)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.testclient import TestClient

from teenpatti_rules.server.hub import Hub
from test_server_app import choose, new_table, receive, receive_until, sit
from test_server_app_edges import served  # noqa: F401 - the fixture


def test_an_action_not_saved_is_refused_and_changes_nothing(
    served: tuple[Hub, TestClient],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub, client = served
    table = new_table(client, players=3, bots=0)
    tokens = dict([sit(client, table, n) for n in ("Ravi", "Sita", "Arun")])
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "watch", "stream": False})
        receive(ws)
        actor = receive_until(ws, lambda m: m["type"] == "state" and m["view"]["hand_number"])
    seat = actor["view"]["actor"]
    write = hub.store.write

    async def failing(*writes: Any) -> None:
        raise OSError("the disk is gone")

    errors = hub.metrics["errors"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": tokens[seat], "stream": False})
        receive(ws)
        mine = receive_until(ws, lambda m: m["type"] == "state" and m["legal"])
        action = choose(mine)
        monkeypatch.setattr(hub.store, "write", failing)
        ws.send_json({"type": "act", "turn": mine["turn"], "action": action})
        refused = receive_until(ws, lambda m: m["type"] in ("ack", "refused"))
        assert refused["type"] == "refused" and refused["code"] == "not_saved"
        assert hub.metrics["errors"] == errors + 1
        assert len(hub.tables[table].actions) == mine["seq"]  # nothing applied
        monkeypatch.setattr(hub.store, "write", write)
        ws.send_json({"type": "act", "turn": mine["turn"], "action": action})
        acked = receive_until(ws, lambda m: m["type"] in ("ack", "refused"))
        assert acked["type"] == "ack" and acked["seq"] == mine["seq"] + 1


def test_a_deal_not_saved_is_tried_again(
    served: tuple[Hub, TestClient],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table's own action (the deal) refused as not saved is tried again later,
    not lost: the hand is dealt once the database takes it."""
    hub, client = served
    write = hub.store.write
    failed: list[str] = []

    async def deal_fails_once(*writes: Any) -> None:
        dealing = any(
            isinstance(value, str) and value.endswith(" deal")  # a Deal's record, "P0 deal"
            for _, parameters in writes
            for value in parameters
        )
        if dealing and not failed:
            failed.append("deal")
            raise OSError("the disk is gone")
        await write(*writes)

    monkeypatch.setattr(hub.store, "write", deal_fails_once)
    errors = hub.metrics["errors"]
    table = new_table(client, players=3, bots=0)
    for name in ("Ravi", "Sita", "Arun"):
        sit(client, table, name)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "watch", "stream": False})
        receive(ws)
        dealt = receive_until(ws, lambda m: m["type"] == "state" and m["view"]["hand_number"])
    assert failed == ["deal"]
    assert hub.metrics["errors"] == errors + 1
    assert dealt["view"]["hand_number"] == 1
