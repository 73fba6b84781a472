"""Buy-in at the lobby's door (S3): a person taking a seat may bring any stack from one
boot to ``max_buy_in`` (default: the starting stack of R4, ``boot * starting_boots``);
none given brings the starting stack. The library's refusal of the ``Join`` is the
lobby's answer (code and rule, HTTP 400) and nothing changes; a chair taken during a
hand keeps its buy-in until it joins at the hand's end, across a restart too."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.testclient import TestClient

from teenpatti_rules.server.store import SCHEMA_VERSION, open_store
from test_server_app import (
    dealt,
    make_client,
    new_table,
    receive,
    receive_until,
    sit,
    state_at,
)

CLASSIC_STACK = 100
"""The classic table's starting stack (R4): a boot of 1 times 100 starting boots; with
``max_buy_in`` None it is also the largest buy-in (S3)."""


def _sit(client: TestClient, table: str, body: Any) -> Any:
    return client.post(f"/api/tables/{table}/seats", json=body)


def _stacks(client: TestClient, table: str) -> dict[str, int]:
    """The stacks of the players in the session, by name (a spectator's whole view)."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "watch", "stream": False})
        receive(ws)
        view = receive_until(ws, lambda m: m["type"] == "state")["view"]
    return {seat["name"]: seat.get("stack", 0) for seat in view["seats"] if seat.get("name")}


def test_a_player_brings_the_stack_it_asks_for(tmp_path: Path) -> None:
    with make_client(tmp_path / "t.db", deal_delay=3600.0, bot_delay=3600.0) as client:
        # five chairs, five needed to deal (S2): the four stay between hands
        table = new_table(client, players=5, bots=0, rules={"min_players": 5})
        low = _sit(client, table, {"name": "Ravi", "stack": 1})  # one boot (S3)
        high = _sit(client, table, {"name": "Sita", "stack": CLASSIC_STACK})  # the limit
        default = _sit(client, table, {"name": "Arun", "stack": None})
        middle = _sit(client, table, {"name": "Tara", "stack": 37})
        assert [r.status_code for r in (low, high, default, middle)] == [201] * 4
        stacks = _stacks(client, table)
    assert stacks == {"Ravi": 1, "Sita": CLASSIC_STACK, "Arun": CLASSIC_STACK, "Tara": 37}


def test_max_buy_in_raises_the_limit(tmp_path: Path) -> None:
    with make_client(tmp_path / "t.db", deal_delay=3600.0, bot_delay=3600.0) as client:
        rules = {"boot": 2, "max_buy_in": 500, "min_players": 3}
        table = new_table(client, players=3, bots=0, rules=rules)
        assert _sit(client, table, {"name": "Ravi", "stack": 500}).status_code == 201
        over = _sit(client, table, {"name": "Sita", "stack": 501})
        under = _sit(client, table, {"name": "Sita", "stack": 1})  # below the boot of 2
        assert (over.status_code, under.status_code) == (400, 400)
        for refused in (over, under):
            assert refused.json()["error"]["code"] == "buy_in"
            assert refused.json()["error"]["rule"] == "S3"
        assert _stacks(client, table) == {"Ravi": 500}


@pytest.mark.parametrize(
    "stack, code",
    [
        (CLASSIC_STACK + 1, "buy_in"),  # above max_buy_in, the starting stack (S3)
        (0, "buy_in"),  # below one boot
        (-5, "buy_in"),
        (10**30, "buy_in"),
        # a huge int fits the body: the library refuses it
        pytest.param(int("9" * 4000), "buy_in", id="4000-digits"),
        (True, "bad_request"),  # a JSON true is not a number of chips
        (50.0, "bad_request"),
        (1.5, "bad_request"),
        ("50", "bad_request"),
        ([50], "bad_request"),
        ({"chips": 50}, "bad_request"),
    ],
)
def test_a_refused_buy_in_changes_nothing(tmp_path: Path, stack: Any, code: str) -> None:
    with make_client(tmp_path / "t.db", deal_delay=3600.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        before = client.get(f"/api/tables/{table}").json()
        response = _sit(client, table, {"name": "Ravi", "stack": stack})
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["code"] == code and error["rule"] == "S3"
        assert len(response.content) < 1000 and "Traceback" not in response.text
        assert client.get(f"/api/tables/{table}").json() == before  # nothing changed
        assert client.get("/metrics").json()["seats"] == 1  # the bot only
        # the chair is still free: the same name then sits with the starting stack
        assert _sit(client, table, {"name": "Ravi"}).status_code == 201
        assert _stacks(client, table)["Ravi"] == CLASSIC_STACK


def test_other_fields_are_refused(tmp_path: Path) -> None:
    with make_client(tmp_path / "t.db") as client:
        table = new_table(client, players=3, bots=1)
        for body in ({"name": "Ravi", "stack": 5, "seat": 2}, {"stack": 5}):
            response = _sit(client, table, body)
            assert response.status_code == 400 and response.json()["error"]["code"] == (
                "bad_request"
            )


def test_a_buy_in_during_a_hand_is_checked_at_once_and_kept_over_a_restart(
    tmp_path: Path,
) -> None:
    """A chair taken during a hand joins at the hand's end (S3): its stack is checked by
    the library when asked (refused: the chair stays free), stored with the chair, and
    brought when it joins, after a restart too."""
    path = tmp_path / "t.db"
    with make_client(path, bot_delay=3600.0, deal_delay=3600.0) as client:
        table = new_table(client, players=4, bots=2)
        seat_r, token_r = sit(client, table, "Ravi")  # the third player: hand 1 is dealt
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "watch", "stream": False})
            receive_until(ws, dealt)
        refused = _sit(client, table, {"name": "Sita", "stack": CLASSIC_STACK + 1})
        assert refused.status_code == 400
        assert (refused.json()["error"]["code"], refused.json()["error"]["rule"]) == (
            "buy_in",
            "S3",
        )
        assert client.get(f"/api/tables/{table}").json()["chairs"][3] is None  # still free
        response = _sit(client, table, {"name": "Sita", "stack": 42})
        assert response.status_code == 201
        seat_s = response.json()["seat"]
    with (
        make_client(path, bot_delay=0.0, deal_delay=3600.0) as client,
        client.websocket_connect(f"/ws/{table}") as ws,
    ):
        ws.send_json({"type": "hello", "token": token_r, "stream": False})
        receive(ws)
        message = receive_until(ws, lambda m: m["type"] == "state")
        while message["view"]["seats"][seat_s].get("name") != "Sita":
            if message["view"].get("actor") == seat_r and message["legal"]:
                act = {"type": "act", "turn": message["turn"], "action": {"type": "Pack"}}
                ws.send_json(act)
            message = receive_until(ws, state_at(message["seq"] + 1))
        assert message["view"]["hand_number"] == 1  # joined between hands (S3)
        assert message["view"]["seats"][seat_s]["stack"] == 42


_SCHEMA_1 = (
    "CREATE TABLE tp_schema (version INTEGER NOT NULL)",
    "INSERT INTO tp_schema (version) VALUES (1)",
    "CREATE TABLE tp_tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL,"
    " config TEXT NOT NULL, start TEXT)",
    "CREATE TABLE tp_seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT"
    " NULL, kind TEXT NOT NULL, token_hash TEXT, PRIMARY KEY (table_id, seat))",
    "INSERT INTO tp_seats VALUES ('t1', 0, 'Ravi', 'human', 'ab')",
)


def test_a_version_1_database_is_upgraded_in_place(tmp_path: Path) -> None:
    """A database written before buy-ins were stored gains the column; its seats bring
    the starting stack (NULL, R4)."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as connection:
        for statement in _SCHEMA_1:
            connection.execute(statement)
    open_store(f"sqlite:///{path}")
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT version FROM tp_schema").fetchall() == [(SCHEMA_VERSION,)]
        rows = connection.execute("SELECT seat, name, stack FROM tp_seats").fetchall()
    assert SCHEMA_VERSION == 2 and rows == [(0, "Ravi", None)]
    open_store(f"sqlite:///{path}")  # a second start finds version 2: nothing to do
