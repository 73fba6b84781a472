"""Acknowledgements inside the update (``"acks": "inline"`` in the hello): an accepted
action's ``ack`` fields come in the ``events`` message the action caused, one
websocket frame fewer per action; a client that did not ask gets its ``ack`` message as
before, a whole-view listener too, and a refusal is a ``refused`` message as always."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from test_server_app import make_client, new_table, receive, receive_until, sit


def _dealt_update(message: dict[str, Any]) -> bool:
    """An update of a dealt hand (a whole view or the events that brought it)."""
    if message["type"] == "state":
        return int(message["view"].get("hand_number", 0)) >= 1
    return message["type"] == "events" and any(
        event["type"] == "HandStarted" for event in message["stream"]["events"]
    )


def test_an_inline_ack_comes_in_the_senders_update(tmp_path: Path) -> None:
    with make_client(tmp_path / "t.db", deal_delay=0.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        _, token_r = sit(client, table, "Ravi")
        _, token_s = sit(client, table, "Sita")  # the third player: hand 1 is dealt (S2)
        with (
            client.websocket_connect(f"/ws/{table}") as ravi,
            client.websocket_connect(f"/ws/{table}") as sita,
        ):
            ravi.send_json({"type": "hello", "token": token_r, "acks": "inline"})
            sita.send_json({"type": "hello", "token": token_s})  # an old client
            assert receive(ravi)["type"] == receive(sita)["type"] == "welcome"
            dealt = receive_until(ravi, _dealt_update)
            receive_until(sita, _dealt_update)
            # looking is legal at any time in the hand and keeps the turn (R22, S9)
            look = {"type": "act", "turn": dealt["turn"], "action": {"type": "Look"}, "id": 7}
            ravi.send_json(look)
            update = receive_until(ravi, lambda m: m["type"] in ("events", "ack"))
            assert update["type"] == "events" and update["seq"] == dealt["seq"] + 1
            assert update["ack"] == {"id": 7, "turn": dealt["turn"], "seq": dealt["seq"] + 1}
            ravi.send_json({"type": "ping"})
            assert receive(ravi) == {"type": "pong"}  # no ack message came in between
            other = receive_until(sita, lambda m: m["type"] == "events")
            assert "ack" not in other  # Ravi's ack is Ravi's only
            # the old client: its events, then its ack message, as before
            sita.send_json({**look, "id": "s" * 100})
            mine = receive_until(sita, lambda m: m["type"] == "events")
            assert "ack" not in mine and mine["seq"] == dealt["seq"] + 2
            ack = receive(sita)
            assert ack == {"type": "ack", "id": "s" * 64, "turn": dealt["turn"], "seq": mine["seq"]}
            # a refusal is a message of its own: Ravi has looked already (R22)
            ravi.send_json({**look, "id": True})
            refused = receive_until(ravi, lambda m: m["type"] == "refused")
            assert "id" not in refused  # a bool is not an id
            sit_out = {"type": "act", "turn": dealt["turn"], "action": {"type": "SitOut"}}
            ravi.send_json({**sit_out, "id": True})  # S5: at any time, from the next deal
            update = receive_until(ravi, lambda m: m["type"] in ("events", "ack"))
            assert update["ack"] == {"turn": dealt["turn"], "seq": dealt["seq"] + 3}


def test_a_whole_view_listener_gets_its_ack_as_a_message(tmp_path: Path) -> None:
    """With ``"stream": false`` the update is a whole ``state``: the ack comes after it
    as its own message, inline asked or not."""
    with make_client(tmp_path / "t.db", deal_delay=0.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        _, token = sit(client, table, "Ravi")
        sit(client, table, "Sita")
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token, "stream": False, "acks": "inline"})
            receive(ws)
            dealt = receive_until(ws, _dealt_update)
            ws.send_json({"type": "act", "turn": dealt["turn"], "action": {"type": "Look"}})
            state = receive_until(ws, lambda m: m["type"] in ("state", "ack"))
            assert state["type"] == "state" and "ack" not in state
            ack = receive(ws)
            assert ack == {"type": "ack", "turn": dealt["turn"], "seq": dealt["seq"] + 1}
