"""The turn clock is per turn (S6): a look, a sit-out or a sit-in during a turn, by the
player to act or anyone else, leaves its end where it was (none of them changes the turn
number, S9); a new turn starts it again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.testclient import TestClient

from teenpatti_rules.server.app import create_app
from teenpatti_rules.server.hub import Hub
from teenpatti_rules.server.store import open_store
from teenpatti_rules.server.table import TableSettings
from test_server_app import Inbox, dealt, new_table, receive, receive_until, sit

CLOCK = 600.0
"""Seconds per turn: long enough never to run out during the test."""


class FakeTime:
    """A time source that moves on 7 s at every reading (no wall clock)."""

    def __init__(self) -> None:
        self.at = 1_000.0

    def __call__(self) -> float:
        self.at += 7.0
        return self.at


def test_the_clock_keeps_its_end_through_looks_and_sitting_out(tmp_path: Path) -> None:
    hub = Hub(
        open_store(f"sqlite:///{tmp_path / 't.db'}"),
        TableSettings(clock=CLOCK, bot_delay=0.0, deal_delay=0.0),
    )
    hub.open()
    with TestClient(create_app(hub)) as client:
        table_id = new_table(client, players=3, bots=0)
        table = hub.tables[table_id]
        fake = FakeTime()
        table.now = fake
        tokens = dict(sit(client, table_id, name) for name in ("Ravi", "Sita", "Arun"))
        sockets: dict[int, Any] = {}
        try:
            for seat, token in tokens.items():
                ws = client.websocket_connect(f"/ws/{table_id}").__enter__()
                sockets[seat] = ws
                ws.send_json({"type": "hello", "token": token, "stream": False})
                assert receive(ws)["type"] == "welcome"
            inboxes = {seat: Inbox(ws) for seat, ws in sockets.items()}
            first = receive_until(sockets[0], dealt)
            actor, turn = first["view"]["actor"], first["turn"]
            ends = table.clock_ends
            assert ends is not None and table.clock_seat == actor
            assert first["clock"]["seat"] == actor
            other = next(seat for seat in tokens if seat != actor)

            def act(seat: int, kind: str) -> None:
                message = {"type": "act", "turn": turn, "action": {"type": kind}}
                sockets[seat].send_json(message)
                reply = inboxes[seat].reply()
                assert reply["type"] == "ack", reply

            readings = fake.at
            # S5: sitting out and in take effect at the next deal; S9: with a look,
            # none of them changes the turn number; S6: so the clock runs on
            for seat, kind in ((other, "Look"), (other, "SitOut"), (other, "SitIn")):
                act(seat, kind)
                assert table.turn == turn
                assert (table.clock_seat, table.clock_ends) == (actor, ends)
            act(actor, "Look")
            assert (table.clock_seat, table.clock_ends) == (actor, ends)
            assert fake.at > readings  # the table did read its time source on each change
            # the actor's bet (the chaal after its look: twice the stake, R18) ends the
            # turn: the next player's clock starts from now
            stake = first["view"]["stake"]
            sockets[actor].send_json(
                {"type": "act", "turn": turn, "action": {"type": "Bet", "amount": 2 * stake}}
            )
            assert inboxes[actor].reply()["type"] == "ack"
            assert table.turn != turn and table.clock_seat != actor
            assert table.clock_ends is not None and table.clock_ends > ends
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
