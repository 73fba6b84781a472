"""The table server in process (Starlette TestClient): lobby, a hand over websockets with
two real clients, stale and hostile messages, reconnect, spectators (R43, S9)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")

from starlette.testclient import TestClient

from teenpatti_rules.server import app as app_module
from teenpatti_rules.server.app import MAX_MESSAGE_BYTES, RATE_BURST, create_app
from teenpatti_rules.server.hub import Hub
from teenpatti_rules.server.store import open_store
from teenpatti_rules.server.table import TableSettings


def make_client(path: Path, **settings: Any) -> TestClient:
    values = {"clock": 0.0, "bot_delay": 0.0, "deal_delay": 3600.0, **settings}
    hub = Hub(open_store(f"sqlite:///{path}"), TableSettings(**values))
    hub.open()
    return TestClient(create_app(hub))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path / "t.db", deal_delay=0.0) as test_client:
        yield test_client


RECEIVE_SECONDS = 20.0
"""How long a test waits for one message before it fails (never hangs)."""


async def _within(ws: Any, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await ws._send_rx.receive()  # what TestClient's receive() awaits, bounded


def receive(ws: Any, seconds: float = RECEIVE_SECONDS) -> Any:
    """The next message of a TestClient websocket as JSON; fails (``TimeoutError``)
    after ``seconds`` instead of waiting for ever as ``receive_json`` does."""
    message = ws.portal.call(_within, ws, seconds)
    ws._raise_on_close(message)
    return json.loads(message["text"])


def receive_until(ws: Any, wanted: Any, limit: int = 60) -> dict[str, Any]:
    """Messages until one matches ``wanted`` (a predicate); fails after ``limit``."""
    for _ in range(limit):
        message: dict[str, Any] = receive(ws)
        if wanted(message):
            return message
    raise AssertionError("the awaited message never came")


def dealt(message: dict[str, Any]) -> bool:
    """A whole view of a dealt hand (the chairs' joins, S3, come first)."""
    return message["type"] == "state" and int(message["view"].get("hand_number", 0)) >= 1


def state_at(seq: int) -> Any:
    return lambda m: m["type"] == "state" and m["seq"] >= seq


class Inbox:
    """One player's TestClient websocket, read in order: a wait for one kind of message
    holds back the other kind for the next wait instead of dropping it (a bot may move
    before the reply to a player's own act is sent, and the table sends nothing twice)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.held: list[dict[str, Any]] = []

    def _take(self, wanted: Any, keep: Any, limit: int = 60) -> dict[str, Any]:
        """The first message, held ones first, that ``wanted`` accepts; the ones read
        before it that ``keep`` accepts are held back, the others dropped."""
        queue, self.held = self.held, []
        for _ in range(limit):
            message: dict[str, Any] = queue.pop(0) if queue else receive(self.ws)
            if wanted(message):
                self.held.extend(queue)
                return message
            if keep(message):
                self.held.append(message)
        raise AssertionError("the awaited message never came")

    def state(self, seq: int) -> dict[str, Any]:
        """The first ``state`` at ``seq`` or past it (older ones are stale: dropped)."""
        return self._take(state_at(seq), lambda m: m["type"] != "state")

    def reply(self) -> dict[str, Any]:
        """The next ``ack`` or ``refused`` (the states before it are held back)."""
        return self._take(lambda m: m["type"] in ("ack", "refused"), lambda m: True)


def level(inboxes: dict[int, Inbox], latest: dict[int, dict[str, Any]]) -> None:
    """Bring every socket's latest ``state`` to the newest one's ``seq``:
    a socket that said hello later got a later whole view, and waiting on it for a change
    it has already shown would wait for ever. Every change is sent to every listener, in
    order, so the sockets behind then show exactly that ``seq``."""
    target = max(message["seq"] for message in latest.values())
    for seat, inbox in inboxes.items():
        if latest[seat]["seq"] < target:
            latest[seat] = inbox.state(target)
    assert {message["seq"] for message in latest.values()} == {target}


def new_table(client: TestClient, **request: Any) -> str:
    response = client.post("/api/tables", json={"players": 3, "bots": 1, **request})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def sit(client: TestClient, table: str, name: str) -> tuple[int, str]:
    response = client.post(f"/api/tables/{table}/seats", json={"name": name})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["seat"], body["token"]


@contextlib.contextmanager
def ravi_and_sita(
    client: TestClient, bots: int, *, as_ravi: bool, **hello: Any
) -> Iterator[tuple[str, int, str, Any]]:
    """A table of three chairs, ``bots`` of them bots', where Ravi then Sita take seats,
    and a websocket on it that has said hello (as Ravi with his token, or as a
    spectator; ``stream`` false and ``hello``'s fields added) and read its welcome.

    :returns: (in a ``with``) the table, Ravi's seat, his token and the websocket.
    """
    table = new_table(client, players=3, bots=bots)
    seat, token = sit(client, table, "Ravi")
    sit(client, table, "Sita")
    greeting = {"type": "hello", "token": token} if as_ravi else {"type": "watch"}
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({**greeting, "stream": False, **hello})
        assert receive(ws)["type"] == "welcome"
        yield table, seat, token, ws


def test_lobby_lists_creates_and_seats(client: TestClient) -> None:
    assert client.get("/healthz").json()["ok"] is True
    assert "classic" in [preset["name"] for preset in client.get("/api/presets").json()["presets"]]
    table = new_table(client, name="Friday", bots=1)
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table]
    assert listed[0]["status"] == "waiting"
    # the bot took chair 0; people take the next free chairs
    assert listed[0]["chairs"][0]["kind"] == "rule" and listed[0]["chairs"][1:] == [None, None]
    assert sit(client, table, "Ravi")[0] == 1
    # the same name, once normalised (NFC, stripped), is refused at the door (R3)
    taken = client.post(f"/api/tables/{table}/seats", json={"name": " Ravi "})
    assert taken.status_code == 400 and taken.json()["error"]["code"] == "bad_name"
    seat, token = sit(client, table, "Sita")
    assert seat == 2 and len(token) >= 32
    assert client.get(f"/api/tables/{table}").json()["status"] == "playing"
    full = client.post(f"/api/tables/{table}/seats", json={"name": "Tara"})
    assert full.status_code == 409 and full.json()["error"]["code"] == "table_full"
    metrics = client.get("/metrics").json()
    assert metrics["tables"] == 1 and metrics["seats"] == 3


@pytest.mark.parametrize(
    "request_body, code",
    [
        ({"players": 1}, "bad_request"),
        ({"players": 3, "bots": 4}, "bad_request"),
        ({"players": True}, "bad_request"),
        ({"preset": "nope"}, "bad_rules"),
        ({"rules": {"boot": -1}}, "bad_rules"),
        ({"rules": {"no_such_field": 1}}, "bad_rules"),
        ({"players": 3, "bot_kind": "oracle"}, "bad_request"),
        ({"surprise": 1}, "bad_request"),
        ([], "bad_request"),
    ],
)
def test_bad_tables_are_refused(client: TestClient, request_body: Any, code: str) -> None:
    response = client.post("/api/tables", json=request_body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert "Traceback" not in response.text


def test_lobby_refuses_bad_bodies(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_json"
    huge = client.post("/api/tables", content=b" " * (MAX_MESSAGE_BYTES + 1))
    assert huge.json()["error"]["code"] == "too_large"
    assert client.post("/api/tables/nope/seats", json={"name": "A"}).status_code == 404
    table = new_table(client)
    for body in ({"name": "\x1b[31mred"}, {"name": ""}, {"name": 7}, {"nom": "A"}):
        response = client.post(f"/api/tables/{table}/seats", json=body)
        assert response.status_code == 400, body


def choose(message: dict[str, Any]) -> dict[str, Any]:
    """A simple client: show when allowed, else the smallest bet (the hand then ends by a
    show, R34, or at the pot limit, R12)."""
    legal = message["legal"]
    for kind in ("Show", "AcceptSideShow", "Bet", "AllIn", "Pack"):
        options = [action for action in legal if action["type"] == kind]
        if options:
            return min(options, key=lambda a: a.get("amount", 0))
    raise AssertionError(f"nothing to do in {legal}")


def test_a_full_hand_with_two_clients_and_a_spectator(client: TestClient) -> None:
    table = new_table(client)
    seat_a, token_a = sit(client, table, "Ravi")
    seat_b, token_b = sit(client, table, "Sita")
    tokens = {seat_a: token_a, seat_b: token_b}
    sockets: dict[int, Any] = {}
    with (
        client.websocket_connect(f"/ws/{table}") as ws_a,
        client.websocket_connect(f"/ws/{table}") as ws_b,
        client.websocket_connect(f"/ws/{table}") as watcher,
    ):
        sockets = {seat_a: ws_a, seat_b: ws_b}
        for seat, ws in sockets.items():
            ws.send_json({"type": "hello", "token": tokens[seat], "narrate": True, "stream": False})
            welcome = receive(ws)
            assert welcome["type"] == "welcome" and welcome["seat"] == seat
            assert welcome["rules"]["boot"] == 1
        watcher.send_json({"type": "watch", "stream": False})
        assert receive(watcher)["seat"] is None
        inboxes = {seat: Inbox(ws) for seat, ws in sockets.items()}
        latest = {seat: inbox.state(0) for seat, inbox in inboxes.items()}
        seen_by_spectator: list[dict[str, Any]] = []
        looked = False
        for _ in range(200):
            level(inboxes, latest)  # the players' views at the same change
            message = latest[seat_a]
            view = message["view"]
            if view.get("result") is not None and view["result"]["hand_number"] == 1:
                break
            actor = view.get("actor")
            if actor not in sockets or view["phase"] not in ("betting", "sideshow"):
                # the table (the bot, or the deal) moves next
                for seat, inbox in inboxes.items():
                    latest[seat] = inbox.state(message["seq"] + 1)
                continue
            inbox = inboxes[actor]
            mine = latest[actor]
            if not looked and actor == seat_a:
                inbox.ws.send_json(
                    {"type": "act", "turn": mine["turn"], "action": {"type": "Look"}}
                )
                latest[actor] = inbox.state(mine["seq"] + 1)
                assert inbox.reply()["type"] == "ack"
                own = latest[actor]["view"]["seats"][seat_a].get("cards", [])
                assert len(own) == 3  # after looking, its own cards (R22, R43)
                other = inboxes[seat_b].state(mine["seq"] + 1)
                assert other["view"]["seats"][seat_a].get("cards", []) == []  # never another's
                latest[seat_b] = other
                looked = True
                continue
            action = choose(mine)
            inbox.ws.send_json({"type": "act", "turn": mine["turn"], "action": action, "id": "m1"})
            latest[actor] = inbox.state(mine["seq"] + 1)
            reply = inbox.reply()
            assert reply == {
                "type": "ack",
                "turn": reply["turn"],
                "seq": mine["seq"] + 1,
                "id": "m1",
            }
            for seat, other_inbox in inboxes.items():
                if seat != actor:
                    latest[seat] = other_inbox.state(mine["seq"] + 1)
        else:
            raise AssertionError("the hand never ended")
        result = latest[seat_a]["view"].get("result")
        assert result["hand_number"] == 1 and sum(result["winnings"].values()) == result["pot"]
        assert any("wins" in line or "takes" in line for line in latest[seat_a]["log"])
        watcher.send_json({"type": "sync"})
        while True:
            message = receive(watcher)
            seen_by_spectator.append(message)
            if message["type"] == "state" and message["seq"] >= latest[seat_a]["seq"]:
                break
    shown = {int(seat) for seat in result["shown"]}
    for message in seen_by_spectator:
        if message["type"] != "state":
            continue
        assert message["view"].get("seed") is None and message["legal"] == []
        for seat, seen in enumerate(message["view"]["seats"]):
            if message["view"]["phase"] in ("betting", "sideshow"):
                assert seen.get("cards", []) == [], "a spectator saw a hidden card (R43)"
            elif seen.get("cards", []):
                assert seat in shown


def test_stale_hostile_and_foreign_messages_are_refused(tmp_path: Path) -> None:
    with make_client(tmp_path / "t.db", deal_delay=0.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        seat_a, token_a = sit(client, table, "Ravi")
        sit(client, table, "Sita")
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_a, "stream": False})
            receive(ws)
            state = receive_until(ws, dealt)
            turn = state["turn"]

            def refused(message: Any) -> dict[str, Any]:
                ws.send_text(message if isinstance(message, str) else json.dumps(message))
                reply = receive_until(ws, lambda m: m["type"] in ("refused", "error", "ack"))
                assert reply["type"] in ("refused", "error"), reply
                assert set(reply) >= {"code", "rule", "message"}
                assert "Traceback" not in json.dumps(reply)
                return reply

            stale = {"type": "act", "turn": turn - 1, "action": {"type": "Pack"}}
            assert refused(stale)["code"] == "stale_turn"
            other = 1 - seat_a if seat_a == 1 else 1
            foreign = {"type": "act", "turn": turn, "action": {"type": "Pack", "seat": other}}
            assert refused(foreign)["code"] == "not_your_seat"
            deal = {"type": "act", "turn": turn, "action": {"type": "Deal"}}
            assert refused(deal)["code"] == "table_deals"
            assert refused("not json")["code"] == "bad_json"
            assert refused("x" * (MAX_MESSAGE_BYTES + 1))["code"] == "too_large"
            assert refused({"type": "act", "turn": True, "action": {"type": "Pack"}})["code"] == (
                "bad_message"
            )
            assert (
                refused({"type": "act", "turn": turn, "action": {"type": "Bet", "amount": -3}})[
                    "code"
                ]
                == "bad_action"
            )
            assert (
                refused({"type": "act", "turn": turn, "action": {"type": "Bet", "amount": 10**30}})[
                    "code"
                ]
                == "bad_action"
            )
            assert (
                refused({"type": "act", "turn": turn, "action": ["Pack"]})["code"] == "bad_action"
            )
            assert refused({"type": "dance"})["code"] == "bad_message"
            assert refused("[" * 100_000)["code"] == "too_large"
            # the library decides the rest: a bet of 3 at stake 1 is no legal amount (R24)
            assert (
                refused({"type": "act", "turn": turn, "action": {"type": "Bet", "amount": 3}})[
                    "code"
                ]
                != "ack"
            )
            ws.send_json({"type": "ping", "id": 5})
            assert receive_until(ws, lambda m: m["type"] == "pong") == {"type": "pong", "id": 5}
        # nothing changed: the same turn, no action recorded past the deal
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "watch", "stream": False})
            receive(ws)
            assert receive_until(ws, lambda m: m["type"] == "state")["seq"] == state["seq"]


def test_bad_tokens_and_hellos_are_turned_away(client: TestClient) -> None:
    table = new_table(client)
    sit(client, table, "Ravi")
    hellos: list[Any] = [
        {"type": "hello", "token": "guess"},
        {"type": "hello"},
        {"type": "act"},
        [],
    ]
    for hello in hellos:
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json(hello)
            reply = receive(ws)
            assert reply["type"] == "error" and reply["code"] in ("bad_token", "bad_hello")
    with client.websocket_connect("/ws/nope") as ws:
        assert receive(ws)["code"] == "no_table"


def test_reconnect_resumes_the_seat(tmp_path: Path) -> None:
    with make_client(tmp_path / "t.db", deal_delay=0.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        seat_a, token_a = sit(client, table, "Ravi")
        sit(client, table, "Sita")
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_a, "stream": False})
            receive(ws)
            before = receive_until(ws, dealt)
            ws.send_json({"type": "act", "turn": before["turn"], "action": {"type": "Look"}})
            receive_until(ws, lambda m: m["type"] == "ack")
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_a, "stream": False})
            assert receive(ws)["seat"] == seat_a
            again = receive_until(ws, lambda m: m["type"] == "state")
            assert again["seq"] == before["seq"] + 1
            assert len(again["view"]["seats"][seat_a].get("cards", [])) == 3  # still seen (R22)


def test_restart_restores_the_table_exactly(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with (
        make_client(path, bot_delay=3600.0, deal_delay=0.0) as client,
        ravi_and_sita(client, 1, as_ravi=True, narrate=True) as (table, _, token_a, ws),
    ):
        first = receive_until(ws, dealt)
        ws.send_json({"type": "act", "turn": first["turn"], "action": {"type": "Look"}})
        looked = receive_until(ws, state_at(first["seq"] + 1))
        receive_until(ws, lambda m: m["type"] == "ack")
    with (
        make_client(path, bot_delay=3600.0) as client,
        client.websocket_connect(f"/ws/{table}") as ws,
    ):
        ws.send_json({"type": "hello", "token": token_a, "narrate": True, "stream": False})
        receive(ws)
        again = receive_until(ws, lambda m: m["type"] == "state")
    assert again["seq"] == looked["seq"] and again["turn"] == looked["turn"]
    assert again["view"] == looked["view"]  # the same cards, stacks, pot and turn


def test_a_flood_is_rate_limited(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # no refill during the test: how fast a loaded machine reads the flood cannot matter
    monkeypatch.setattr(app_module, "RATE_PER_SECOND", 0.0)
    table = new_table(client)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "watch", "stream": False})
        for _ in range(45):  # a burst of 30 is allowed (RATE_BURST), then none
            ws.send_json({"type": "ping"})
        replies = [receive_until(ws, lambda m: m["type"] in ("pong", "error")) for _ in range(45)]
    assert [reply["type"] for reply in replies] == ["pong"] * int(RATE_BURST) + ["error"] * (
        45 - int(RATE_BURST)
    )
    assert all(reply["code"] == "rate_limited" for reply in replies[int(RATE_BURST) :])


def test_a_damaged_table_does_not_keep_the_others_closed(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "t.db"
    with make_client(path) as client:
        good = new_table(client, players=3, bots=3)
        bad = new_table(client, players=3, bots=3)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE tp_tables SET start = '{\"version\": 1}' WHERE id = ?", (bad,))
    with make_client(path) as client:
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [good]
        assert client.get("/metrics").json()["broken_tables"] == 1


def test_a_streaming_listener_gets_the_library_event_stream(tmp_path: Path) -> None:
    """A hello (events are the default): one whole view, then ``events`` messages whose
    events (the library's events_for, R43) turn that view into the table's next view."""
    from teenpatti_rules.io.messages import events_from_json, view_from_json
    from teenpatti_rules.presets import find_variant
    from teenpatti_rules.stream import apply_events

    rules = find_variant("classic", open_table=True)  # the server opens tables (S2)
    with make_client(tmp_path / "t.db", deal_delay=0.0, bot_delay=3600.0) as client:
        table = new_table(client, players=3, bots=1)
        seat_a, token_a = sit(client, table, "Ravi")
        sit(client, table, "Sita")
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_a})  # events are the default
            receive(ws)
            first = receive_until(ws, lambda m: m["type"] in ("state", "events"))
            assert first["type"] == "state"  # a whole view first
            seen = view_from_json(json.dumps(first["view"]), rules=rules)
            dealt_seq = first["seq"]
            while seen.hand_number == 0:  # the joins (S3) and the deal come as events
                update = receive_until(ws, lambda m: m["type"] == "events")
                events, _ = events_from_json(json.dumps(update["stream"]))
                seen = apply_events(seen, events)
                dealt_seq = update["seq"]
            assert seen.hand_number == 1 and not seen.seats[seat_a].seen
            ws.send_json({"type": "act", "turn": seen.turn, "action": {"type": "Look"}})
            looked = receive_until(ws, lambda m: m["type"] == "events" and m["seq"] > dealt_seq)
            assert "view" not in looked and looked["legal"]  # no whole view, its actions
            events, cursor = events_from_json(json.dumps(looked["stream"]))
            seen = apply_events(seen, events)
            assert seen.seats[seat_a].seen and len(seen.seats[seat_a].cards) == 3  # R22
            ws.send_json({"type": "sync"})  # a whole view again; the stream continues after it
            synced = receive_until(ws, lambda m: m["type"] == "state")
            assert view_from_json(json.dumps(synced["view"]), rules=rules) == seen
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_a, "stream": False})
            receive(ws)
            fresh = receive_until(ws, lambda m: m["type"] == "state")
        assert seen == view_from_json(json.dumps(fresh["view"]), rules=rules)
        assert cursor.hand_number == 1 and cursor.position == len(seen.events)


def test_players_come_and_go_at_an_open_table(tmp_path: Path) -> None:
    """S1–S5: a person who sits down during a hand joins at its end and is dealt in
    from the next deal; one who leaves frees the chair (told ``left``, its token opens
    nothing), and the next person takes it; the table keeps dealing (S2)."""
    path = tmp_path / "t.db"
    with make_client(path, bot_delay=0.0, deal_delay=3600.0) as client:
        table = new_table(client, players=4, bots=2)
        seat_r, token_r = sit(client, table, "Ravi")  # the third player: hand 1 is dealt
        mine = f"/api/tables/{table}/mine"  # what the lobby asks of a kept token
        assert client.post(mine, json={"token": token_r}).json() == {"seat": seat_r}
        assert client.post(mine, json={"token": "not-a-token"}).json() == {"seat": None}
        assert client.post(mine, json=[1]).json() == {"seat": None}
        assert client.post("/api/tables/nope/mine", json={"token": token_r}).status_code == 404
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_r, "stream": False})
            receive(ws)
            message = receive_until(ws, dealt)
            seat_s, token_s = sit(client, table, "Sita")  # during hand 1
            assert client.get(f"/api/tables/{table}").json()["chairs"][seat_s]["name"] == "Sita"
            while message["view"].get("result") is None:  # Ravi packs; the bots finish
                if message["view"].get("actor") == seat_r and message["legal"]:
                    act = {"type": "act", "turn": message["turn"], "action": {"type": "Pack"}}
                    ws.send_json(act)
                message = receive_until(ws, state_at(message["seq"] + 1))
            # between hands: Sita's Join is applied (S3)
            while message["view"]["seats"][seat_s].get("name") != "Sita":
                message = receive_until(ws, state_at(message["seq"] + 1))
            assert message["view"]["seats"][seat_s].get("stack") == 100  # R4: 100 boots
            ws.send_json({"type": "act", "turn": message["turn"], "action": {"type": "Leave"}})
            assert receive_until(ws, lambda m: m["type"] == "left")["seat"] == seat_r
        assert client.get(f"/api/tables/{table}").json()["chairs"][seat_r] is None
        assert client.post(mine, json={"token": token_r}).json() == {"seat": None}  # S4
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_r})
            assert receive(ws)["code"] == "bad_token"
        seat_t, _ = sit(client, table, "Tara")
        assert seat_t == seat_r  # the chair Ravi left (S1)
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_s, "stream": False})
            receive(ws)
            view = receive_until(ws, lambda m: m["type"] == "state")["view"]
        assert view["seats"][seat_t]["name"] == "Tara" and view["phase"] == "awaiting_deal"
    with make_client(path, bot_delay=3600.0, deal_delay=3600.0) as client:  # restored
        chairs = client.get(f"/api/tables/{table}").json()["chairs"]
        assert [chair and chair["name"] for chair in chairs].count("Tara") == 1
        assert chairs[seat_s]["name"] == "Sita"


def test_a_chair_taken_during_a_hand_survives_a_restart(tmp_path: Path) -> None:
    """A chair taken during a hand is written before the answer; restored, it is still
    taken, and its player joins at the end of the hand (S3)."""
    path = tmp_path / "t.db"
    with make_client(path, bot_delay=3600.0, deal_delay=3600.0) as client:
        table = new_table(client, players=4, bots=2)
        seat_r, token_r = sit(client, table, "Ravi")  # hand 1 is dealt at once
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "watch", "stream": False})
            receive_until(ws, dealt)
        seat_s, _ = sit(client, table, "Sita")
    with make_client(path, bot_delay=0.0, deal_delay=3600.0) as client:
        assert client.get(f"/api/tables/{table}").json()["chairs"][seat_s]["name"] == "Sita"
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token_r, "stream": False})
            receive(ws)
            message = receive_until(ws, lambda m: m["type"] == "state")
            assert message["view"]["seats"][seat_s]["name"] is None  # not in hand 1
            while message["view"]["seats"][seat_s]["name"] != "Sita":
                if message["view"].get("actor") == seat_r and message["legal"]:
                    act = {"type": "act", "turn": message["turn"], "action": {"type": "Pack"}}
                    ws.send_json(act)
                message = receive_until(ws, state_at(message["seq"] + 1))
            assert message["view"]["hand_number"] == 1  # joined between hands (S3)


def test_a_tournament_table_refuses_late_players(tmp_path: Path) -> None:
    """V18, S3: once a tournament table has dealt, a Join is refused: between hands the
    lobby answers with the library's refusal and the chair stays free."""
    with make_client(tmp_path / "t.db", bot_delay=0.0, deal_delay=3600.0) as client:
        rules = {"boot_schedule": [[1, 1], [5, 2]]}
        table = new_table(client, players=4, bots=3, rules=rules)
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "watch", "stream": False})
            message = receive_until(ws, dealt)
            while message["view"].get("result") is None:  # the bots play hand 1
                message = receive_until(ws, state_at(message["seq"] + 1))
        response = client.post(f"/api/tables/{table}/seats", json={"name": "Late"})
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == "tournament"
        assert response.json()["error"]["rule"] == "S3"
        assert client.get(f"/api/tables/{table}").json()["chairs"][3] is None
