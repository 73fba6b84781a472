"""The table's less travelled paths, in process: a seat asked at a table whose session is
over (S3), an action at a table not yet opened, a player who took a chair during a
tournament's hand and is refused when it ends (V18, S3), and a join or a new bot that
the database did not save, tried again (the store is the truth)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.testclient import TestClient

from teenpatti_rules.actions import Pack
from teenpatti_rules.rules import Rules
from teenpatti_rules.server.app import create_app
from teenpatti_rules.server.hub import Hub
from teenpatti_rules.server.library import Refusal
from teenpatti_rules.server.store import open_store
from teenpatti_rules.server.table import Table, TableSettings
from test_server_app import dealt, new_table, receive, receive_until, sit


@contextmanager
def hub_client(path: Path, **settings: float) -> Iterator[tuple[Hub, TestClient]]:
    """A hub on the database at ``path`` (kept, to look inside) and its app's client."""
    values = {"clock": 0.0, "bot_delay": 0.0, "deal_delay": 3600.0, **settings}
    hub = Hub(open_store(f"sqlite:///{path}"), TableSettings(**values))
    hub.open()
    with TestClient(create_app(hub)) as client:
        yield hub, client


def _watch_until(client: TestClient, table: str, wanted: Any) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "watch", "stream": False})
        receive(ws)
        return receive_until(ws, wanted, limit=200)


def _fails_once(hub: Hub, marks: Any) -> list[str]:
    """Make the hub's next write that ``marks`` (a predicate on a statement's
    parameters) fail once, as a lost disk would; returns the list of failures."""
    write = hub.store.write
    failed: list[str] = []

    async def failing(*writes: Any) -> None:
        if not failed and any(marks(parameters) for _, parameters in writes):
            failed.append("failed")
            raise OSError("the disk is gone")
        await write(*writes)

    hub.store.write = failing  # type: ignore[method-assign]
    return failed


def _hurry(client: TestClient, hub: Hub, table: str) -> None:
    """Let the table's bots act at once from now on (the test held them back until it
    was ready to watch)."""

    async def hurry() -> None:
        hub.tables[table].settings = TableSettings(clock=0.0, bot_delay=0.0, deal_delay=3600.0)
        hub.tables[table].resume()  # the bot's move scheduled again, now without delay

    assert client.portal is not None
    client.portal.call(hurry)


def test_a_seat_at_a_table_whose_session_is_over_is_refused(tmp_path: Path) -> None:
    """With ``hand_limit`` 1 the session is over after one hand (R2, S2): the free chair
    can no longer be taken (S3), and the lobby says so (409, ``table_over``)."""
    with hub_client(tmp_path / "t.db") as (_, client):
        rules = {"min_players": 2, "hand_limit": 1}
        table = new_table(client, players=3, bots=2, rules=rules)
        over = _watch_until(
            client, table, lambda m: m["type"] == "state" and m["view"]["phase"] == "session_over"
        )
        assert over["view"]["hand_number"] == 1
        response = client.post(f"/api/tables/{table}/seats", json={"name": "Late"})
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "table_over"
        assert response.json()["error"]["rule"] == "S3"
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["status"] == "over" and summary["chairs"][2] is None


def test_a_table_not_yet_opened_refuses_actions(tmp_path: Path) -> None:
    """Before its session starts (S1) a table has no state: an action is refused
    (``waiting``) and nothing is written."""
    store = open_store(f"sqlite:///{tmp_path / 't.db'}")
    config = {"name": "T", "preset": "classic", "rules": {}, "chairs": 3}
    table = Table("t1", config, Rules(), store, TableSettings(), {})

    async def act() -> Refusal:
        with pytest.raises(Refusal) as caught:
            await table.act(Pack(0), None)
        return caught.value

    refusal = asyncio.run(act())
    assert refusal.code == "waiting" and table.actions == [] and table.state is None


def test_a_late_player_at_a_tournament_is_refused_at_the_hand_end(tmp_path: Path) -> None:
    """A chair taken during a tournament's first hand waits for its end, where the
    library refuses the ``Join`` (V18, S3): the chair is free again, the player's
    connection is told ``left`` and closed, and its row is gone after a restart."""
    path = tmp_path / "t.db"
    with hub_client(path, bot_delay=3600.0) as (hub, client):
        rules = {"boot_schedule": [[1, 1], [5, 2]]}
        table = new_table(client, players=4, bots=3, rules=rules)  # deals at once (S2)
        _watch_until(client, table, dealt)
        seat, token = sit(client, table, "Late")  # during hand 1: waits for its end
        assert client.get(f"/api/tables/{table}").json()["chairs"][seat]["name"] == "Late"
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token, "stream": False})
            assert receive(ws)["seat"] == seat
            _hurry(client, hub, table)  # the bots play hand 1 to its end now
            left = receive_until(ws, lambda m: m["type"] == "left", limit=200)
        assert left == {"type": "left", "table": table, "seat": seat}
        assert client.get(f"/api/tables/{table}").json()["chairs"][seat] is None
    with sqlite3.connect(path) as connection:
        rows = connection.execute(
            "SELECT seat FROM tp_seats WHERE table_id = ? AND kind = 'human'", (table,)
        ).fetchall()
    assert rows == []


def test_a_join_not_saved_is_tried_again(tmp_path: Path) -> None:
    """A chair taken during a hand joins at its end (S3); when that ``Join`` is not
    saved it is not lost: the table tries again, and the player joins once."""
    with hub_client(tmp_path / "t.db", bot_delay=3600.0) as (hub, client):
        table = new_table(client, players=4, bots=3)  # three bots: hand 1 is dealt
        _watch_until(client, table, dealt)
        failed = _fails_once(hub, lambda parameters: " join Sita" in str(parameters))
        errors = hub.metrics["errors"]
        seat, _ = sit(client, table, "Sita")  # during hand 1
        _hurry(client, hub, table)  # the bots play hand 1 to its end now
        joined = _watch_until(
            client,
            table,
            lambda m: m["type"] == "state" and m["view"]["seats"][seat].get("name") == "Sita",
        )
        assert failed == ["failed"] and hub.metrics["errors"] == errors + 1
        assert joined["view"]["seats"][seat]["stack"] == 100  # R4; not dealt in yet
        assert joined["view"]["hand_number"] == 1  # joined between hands (S3)
        assert [action for action in hub.tables[table].actions if "join" in action].count(
            f"P{seat} join Sita"
        ) == 1


def test_a_new_bot_not_saved_is_tried_again(tmp_path: Path) -> None:
    """A table that wants a bot in a free chair (its ``bots`` setting) seats one between
    hands; when the database does not save it, the table tries again later."""
    path = tmp_path / "t.db"
    with hub_client(path, bot_delay=3600.0) as (_, client):
        table = new_table(client, players=3, bots=1)
        sit(client, table, "Ravi")
        chairs = client.get(f"/api/tables/{table}").json()["chairs"]
    bot = next(i for i, chair in enumerate(chairs) if chair and chair["kind"] != "human")
    with sqlite3.connect(path) as connection:  # stopped before its session started,
        connection.execute("UPDATE tp_tables SET start = NULL WHERE id = ?", (table,))
        connection.execute("DELETE FROM tp_actions WHERE table_id = ?", (table,))
        connection.execute("DELETE FROM tp_seats WHERE table_id = ? AND seat = ?", (table, bot))
    settings = TableSettings(clock=0.0, bot_delay=3600.0, deal_delay=3600.0)
    hub = Hub(open_store(f"sqlite:///{path}"), settings)
    hub.open()
    failed = _fails_once(hub, lambda parameters: "rule" in parameters)  # the bot's row
    with TestClient(create_app(hub)) as client:
        seated = _watch_until(
            client,
            table,
            lambda m: (
                m["type"] == "state"
                and sum(1 for seat in m["view"]["seats"] if seat.get("name")) == 2
            ),
        )
        chairs = client.get(f"/api/tables/{table}").json()["chairs"]
    assert failed == ["failed"]
    assert sorted(chair["kind"] for chair in chairs if chair) == ["human", "rule"]
    names = {seat["name"] for seat in seated["view"]["seats"] if seat.get("name")}
    assert "Ravi" in names and len(names) == 2
