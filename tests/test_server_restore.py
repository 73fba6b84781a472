"""Restoring tables from the database: a table stored before its session started opens
it on restart and seats its chairs (S2, S3); a seat row that disagrees with the replayed
session is left out, the session being the truth (S1)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from test_server_app import make_client, new_table, ravi_and_sita, receive, receive_until, sit


def _seated(names: set[str]) -> Any:
    def wanted(message: dict[str, Any]) -> bool:
        if message["type"] != "state":
            return False
        return names <= {seat["name"] for seat in message["view"]["seats"] if seat}

    return wanted


def test_a_table_stored_before_its_session_opens_it_on_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with make_client(path, deal_delay=3600.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        sit(client, table, "Ravi")
        chairs = client.get(f"/api/tables/{table}").json()["chairs"]
    names = {chair["name"] for chair in chairs if chair}
    assert "Ravi" in names and len(names) == 2
    with sqlite3.connect(path) as connection:  # as if stopped before the session started
        connection.execute("UPDATE tp_tables SET start = NULL WHERE id = ?", (table,))
        connection.execute("DELETE FROM tp_actions WHERE table_id = ?", (table,))
    with (
        make_client(path, deal_delay=3600.0, bot_delay=3600.0) as client,
        client.websocket_connect(f"/ws/{table}") as ws,
    ):
        ws.send_json({"type": "watch", "stream": False})
        assert receive(ws)["type"] == "welcome"
        seated = receive_until(ws, _seated(names))
        assert seated["view"]["hand_number"] in (0, 1)
    with sqlite3.connect(path) as connection:
        (start,) = connection.execute(
            "SELECT start FROM tp_tables WHERE id = ?", (table,)
        ).fetchone()
    assert start is not None  # the session opened late was stored


def test_a_seat_row_that_disagrees_with_the_session_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with (
        make_client(path, deal_delay=3600.0, bot_delay=3600.0) as client,
        ravi_and_sita(client, 0, as_ravi=False) as (table, seat, _, ws),
    ):
        receive_until(ws, _seated({"Ravi", "Sita"}))
    with sqlite3.connect(path) as connection:  # the row now names someone else
        connection.execute(
            "UPDATE tp_seats SET name = 'Mallory' WHERE table_id = ? AND seat = ?", (table, seat)
        )
    with make_client(path, deal_delay=3600.0, bot_delay=3600.0) as client:
        chairs = client.get(f"/api/tables/{table}").json()["chairs"]
    assert chairs[seat] is None  # Ravi sits there in the session: Mallory's row left out
    assert "Sita" in {chair["name"] for chair in chairs if chair}


def test_a_lost_bot_row_is_not_refilled_over_the_session(tmp_path: Path) -> None:
    """A bot's seat row lost: the table wants a bot in that free chair, but the session
    still seats the old bot there (S1: the chair is taken), so the library refuses the
    new one; the table keeps the session's bot and stays open."""
    path = tmp_path / "t.db"
    with make_client(path, deal_delay=3600.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        seat, _ = sit(client, table, "Ravi")
        chairs = client.get(f"/api/tables/{table}").json()["chairs"]
    bot = next(i for i, chair in enumerate(chairs) if chair and chair["kind"] != "human")
    bot_name = chairs[bot]["name"]
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM tp_seats WHERE table_id = ? AND seat = ?", (table, bot))
    with make_client(path, deal_delay=3600.0, bot_delay=3600.0) as client:
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "watch", "stream": False})
            assert receive(ws)["type"] == "welcome"
            view = receive_until(ws, lambda m: m["type"] == "state")["view"]
        after = client.get(f"/api/tables/{table}").json()
    assert view["seats"][bot]["name"] == bot_name  # the session's bot sits on
    assert after["chairs"][bot] is None  # no second bot over it
    assert after["chairs"][seat] == {"name": "Ravi", "kind": "human"}
