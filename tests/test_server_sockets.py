"""The table server's websocket edges in process: narrating spectators sharing one
event stream, the turn clock in each update (S6), what a spectator may not do, the
strike limit, a silent hello and a full table (R43, S9)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.websockets import WebSocketDisconnect

from teenpatti_rules.server import app as app_module
from test_server_app import make_client, new_table, receive, receive_until, sit

CLOCK = 30.0


def test_narrating_spectators_share_the_stream_with_the_clock(tmp_path: Path) -> None:
    """Two spectators that asked for events with narration get the same ``events``
    messages, each with log lines and, once a human is to act, the clock of that seat
    (S6: ``seconds`` is the table's clock, ``left_ms`` within it)."""
    with make_client(tmp_path / "t.db", deal_delay=0.0, bot_delay=0.0, clock=CLOCK) as client:
        table = new_table(client, players=3, bots=1)
        tokens = dict([sit(client, table, "Ravi"), sit(client, table, "Sita")])
        with (
            client.websocket_connect(f"/ws/{table}") as first,
            client.websocket_connect(f"/ws/{table}") as second,
        ):
            first.send_json({"type": "watch", "narrate": True})
            assert receive(first)["type"] == "welcome"
            second.send_json({"type": "watch", "narrate": True})
            assert receive(second)["type"] == "welcome"
            # the view (or, if the deal came after it, the deal's events) once a human
            # is to act: nothing changes then until that human acts (the clock is 30 s)
            updates = ("state", "events")
            whole = receive_until(first, lambda m: m["type"] in updates and m["clock"])
            receive_until(second, lambda m: m["type"] in updates and m["seq"] == whole["seq"])
            actor = whole["clock"]["seat"]
            assert actor in tokens  # the clock runs for a human only (S6); the bot is quick
            with client.websocket_connect(f"/ws/{table}") as player:
                player.send_json({"type": "hello", "token": tokens[actor], "stream": False})
                receive(player)
                player.send_json({"type": "act", "turn": whole["turn"], "action": {"type": "Look"}})
                assert (
                    receive_until(player, lambda m: m["type"] in ("ack", "refused"))["type"]
                    == "ack"
                )
            one = receive_until(first, lambda m: m["type"] == "events")
            two = receive_until(second, lambda m: m["type"] == "events")
            assert one["seq"] == two["seq"] == whole["seq"] + 1
            assert one["stream"] == two["stream"] and one["log"] == two["log"]
            assert one["you"] is None and one["legal"] == []  # a spectator acts not
            clock = one["clock"]
            assert clock["seat"] == actor and clock["seconds"] == CLOCK  # a look keeps the turn
            assert 0 <= clock["left_ms"] <= CLOCK * 1000
            assert len(one["log"]) == 1 and one["log"][0]  # the look, narrated (R22)

            first.send_json({"type": "act", "turn": one["turn"], "action": {"type": "Look"}})
            refused = receive_until(first, lambda m: m["type"] in ("refused", "error"))
            assert refused["type"] == "refused" and refused["code"] == "spectator"
            first.send_bytes(b"\x00binary")
            error = receive_until(first, lambda m: m["type"] == "error")
            assert error["code"] == "bad_message"


def test_a_client_past_the_strike_limit_is_closed(tmp_path: Path) -> None:
    """More than MAX_STRIKES refused messages: the server closes with 1008."""
    with make_client(tmp_path / "t.db") as client:
        table = new_table(client)
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "watch", "stream": False})
            for _ in range(app_module.MAX_STRIKES + 1):
                ws.send_text("{not json")
            codes: set[str] = set()
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(app_module.MAX_STRIKES + 20):
                    reply = receive(ws)
                    assert reply["type"] in ("welcome", "state", "error")
                    if reply["type"] == "error":
                        codes.add(reply["code"])
            assert closed.value.code == 1008
            assert "bad_json" in codes and codes <= {"bad_json", "rate_limited"}


def test_a_silent_hello_is_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "HELLO_SECONDS", 0.05)
    with make_client(tmp_path / "t.db") as client:
        table = new_table(client)
        with client.websocket_connect(f"/ws/{table}") as ws:
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
            assert closed.value.code == 4408


def test_a_busy_table_turns_more_listeners_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "MAX_LISTENERS", 1)
    with make_client(tmp_path / "t.db") as client:
        table = new_table(client)
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "watch", "stream": False})
            assert receive(ws)["type"] == "welcome"
            with client.websocket_connect(f"/ws/{table}") as other:
                other.send_json({"type": "watch"})
                reply = receive(other)
                assert reply["type"] == "error" and reply["code"] == "table_busy"
                with pytest.raises(WebSocketDisconnect) as closed:
                    receive(other)
                assert closed.value.code == 4429
