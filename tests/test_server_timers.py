"""The table's timers in process: a human whose clock runs out packs (S6), and a bot
that fails is treated as out of time instead of stalling the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from teenpatti_rules.server import library
from test_server_app import choose, make_client, new_table, receive, receive_until, sit


def _watch(ws: Any) -> None:
    ws.send_json({"type": "watch", "stream": False})
    assert receive(ws)["type"] == "welcome"


def test_players_out_of_time_pack_and_the_last_one_wins(tmp_path: Path) -> None:
    """S6: with a clock of 0.05 s and nobody acting, each seat to act packs when its
    time runs out; the seat left (the dealer, who acts last, R-order left of the
    dealer) wins the pot of boots (R34)."""
    with make_client(tmp_path / "t.db", deal_delay=3600.0, clock=0.05) as client:
        table = new_table(client, players=3, bots=0)
        for name in ("Ravi", "Sita", "Arun"):
            sit(client, table, name)
        with client.websocket_connect(f"/ws/{table}") as ws:
            _watch(ws)
            first = receive_until(ws, lambda m: m["type"] == "state" and m["view"]["hand_number"])
            dealt = first["view"]
            over = receive_until(ws, lambda m: m["type"] == "state" and m["view"].get("result"))
    dealer, pot = dealt["dealer"], dealt["pot"]
    stacks = [seat["stack"] for seat in dealt["seats"]]
    seats = over["view"]["seats"]
    assert over["view"]["result"]["ending"] == "packed"
    assert over["view"]["result"]["winnings"] == {str(dealer): pot}
    for index, seat in enumerate(seats):
        if index == dealer:
            assert seat["stack"] == stacks[index] + pot and "timeouts" not in seat
        else:
            assert seat["stack"] == stacks[index] and seat.get("timeouts") == 1
            assert not seat.get("in_hand", False)


def test_a_failing_bot_packs_instead_of_stalling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot whose chooser raises is acted for as out of time (S6): on its turn it
    packs (R29), its timeout counted; the humans play on."""

    def broken(*args: Any) -> Any:
        raise RuntimeError("the bot broke")

    monkeypatch.setattr(library, "bot_action", broken)
    with make_client(tmp_path / "t.db", deal_delay=0.0, bot_delay=0.0) as client:
        table = new_table(client, players=3, bots=1)
        humans = dict([sit(client, table, "Ravi"), sit(client, table, "Sita")])
        with (
            client.websocket_connect(f"/ws/{table}") as ravi,
            client.websocket_connect(f"/ws/{table}") as sita,
        ):
            sockets = {seat: ws for seat, ws in zip(humans, (ravi, sita), strict=True)}
            for seat, ws in sockets.items():
                ws.send_json({"type": "hello", "token": humans[seat], "stream": False})
                assert receive(ws)["type"] == "welcome"
            bot = next(seat for seat in range(3) if seat not in humans)
            for _ in range(100):
                message = receive_until(ravi, lambda m: m["type"] == "state")
                view = message["view"]
                if view["seats"][bot].get("timeouts"):
                    break
                actor = view["actor"]
                if actor in sockets:
                    ws = sockets[actor]
                    own = message
                    if ws is not ravi:
                        own = receive_until(
                            ws, lambda m, s=message["seq"]: m["type"] == "state" and m["seq"] == s
                        )
                    ws.send_json({"type": "act", "turn": own["turn"], "action": choose(own)})
            else:
                raise AssertionError("the bot never acted")
    assert view["seats"][bot]["timeouts"] == 1
    assert not view["seats"][bot].get("in_hand", False)
    assert view["seats"][bot]["name"].endswith("(bot)")
