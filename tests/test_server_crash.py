"""Crash test: a real ``teenpatti serve`` with bots and websocket players on several
tables, killed with SIGKILL mid-hand, then restarted. Every acknowledged action is in
the database, every table continues exactly (same cards, same turn), and each table's
history replays to its state. Against SQLite, and against a throwaway PostgreSQL
cluster when Debian's ``postgresql`` is installed."""

from __future__ import annotations

import glob
import json
import os
import shutil
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
sync_client = pytest.importorskip("websockets.sync.client", reason="the server extra")

from server_process import Server, free_port  # noqa: E402
from teenpatti_rules import History, replay  # noqa: E402
from teenpatti_rules.server import library  # noqa: E402

TABLES = 4
"""Tables in the test: three bots and one websocket player each."""


class Player(threading.Thread):
    """A websocket player: acts whenever it may, records every view and every ack."""

    def __init__(self, url: str, table: str, token: str) -> None:
        super().__init__(daemon=True)
        self.url, self.table, self.token = url, table, token
        self.views: dict[int, dict[str, Any]] = {}
        self.acked: list[tuple[int, str]] = []  # (seq, the action's text form)
        self.pending: dict[int, str] = {}
        self.seat: int | None = None
        self.stop = threading.Event()
        self.left = False  # went broke (R7) or left: the open table freed its chair (S4)

    def run(self) -> None:
        ws_url = self.url.replace("http://", "ws://") + f"/ws/{self.table}"
        next_id = 0
        try:
            with sync_client.connect(ws_url, open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.token, "stream": False}))
                while not self.stop.is_set():
                    try:
                        message = json.loads(ws.recv(timeout=1))
                    except TimeoutError:  # a slow moment (a loaded machine): wait on
                        continue
                    if message["type"] == "welcome":
                        self.seat = message["seat"]
                    elif message["type"] == "left":
                        self.left = True
                    elif message["type"] == "ack":
                        self.acked.append((message["seq"], self.pending.pop(message["id"])))
                    elif message["type"] == "state":
                        self.views[message["seq"]] = message["view"]
                        action = pick(message["legal"])
                        if action is not None:
                            next_id += 1
                            assert self.seat is not None
                            self.pending[next_id] = str(library.action_from_json(action, self.seat))
                            ws.send(
                                json.dumps(
                                    {
                                        "type": "act",
                                        "turn": message["turn"],
                                        "action": action,
                                        "id": next_id,
                                    }
                                )
                            )
        except Exception:  # the server was killed: the connection ends
            pass


def pick(legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    for kind in ("Look", "Show", "AcceptSideShow", "Bet", "AllIn", "Pack"):
        options = [action for action in legal if action["type"] == kind]
        if options:
            return min(options, key=lambda a: a.get("amount", 0))
    return None


def stored(db: str) -> dict[str, tuple[str, list[str]]]:
    """Each table's start document and its recorded actions, read from the database."""
    if db.startswith("sqlite:///"):
        connection: Any = sqlite3.connect(db[len("sqlite:///") :])
    else:
        import psycopg

        connection = psycopg.connect(db)
    try:
        cursor = connection.cursor()
        cursor.execute("SELECT id, start FROM tp_tables")
        starts = dict(cursor.fetchall())
        cursor.execute("SELECT table_id, action FROM tp_actions ORDER BY table_id, seq")
        actions: dict[str, list[str]] = {}
        for table_id, action in cursor.fetchall():
            actions.setdefault(table_id, []).append(action)
    finally:
        connection.close()
    return {table: (start, actions.get(table, [])) for table, start in starts.items()}


def history_of(start: str, actions: list[str]) -> History:
    document = json.loads(start)
    document["actions"] = actions
    return History.from_json(json.dumps(document))


def crash_and_restart(db: str, tmp_path: Path) -> None:
    options = ("--clock", "0", "--bot-delay", "0.005", "--deal-delay", "0.01")
    server = Server(db, tmp_path / "server.log", *options).start()
    players: list[Player] = []
    try:
        for index in range(TABLES):
            # deep stacks (R4): the websocket player must not go broke (R7) and lose its
            # chair on this open table (S4) before it has eight acknowledged actions
            request = {
                "name": f"T{index}",
                "players": 4,
                "bots": 3,
                "rules": {"starting_boots": 10_000},
            }
            table = server.post("/api/tables", request)["id"]
            token = server.post(f"/api/tables/{table}/seats", {"name": "Ravi"})["token"]
            player = Player(server.url, table, token)
            player.start()
            players.append(player)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not all(p.left or len(p.acked) >= 8 for p in players):
            time.sleep(0.05)
        server.kill()  # SIGKILL: no shutdown, nothing flushed
    finally:
        server.kill()
        for player in players:
            player.stop.set()
            player.join(timeout=15)
    seated = [p for p in players if not p.left]
    assert seated, "every player went broke"
    assert min(len(p.acked) for p in seated) >= 8, "the players never got going"

    tables = stored(db)
    mid_hand = 0
    for player in players:
        start, actions = tables[player.table]
        # every acknowledged action is there, at its place
        for seq, text in player.acked:
            assert actions[seq - 1] == text
        # every state a player was sent was committed first, and replays to what it saw
        assert max(player.views) <= len(actions)
        history = history_of(start, actions)
        final = replay(history)
        for seq in sorted(player.views)[-3:]:
            then = replay(history_of(start, actions[:seq]))
            assert library.view_json(then, player.seat) == player.views[seq]
        mid_hand += final.phase.name in ("BETTING", "SIDESHOW")
    assert mid_hand >= 1, "no table was killed mid-hand"
    acknowledged = sum(len(p.acked) for p in players)
    found = sum(1 for p in players for seq, text in p.acked if tables[p.table][1][seq - 1] == text)
    print(
        f"crash {db.split(':')[0]}: {acknowledged} acknowledged, {found} found, "
        f"{sum(len(tables[p.table][1]) for p in players)} recorded, {mid_hand} mid-hand"
    )

    # restart: each table continues exactly where the database says it was
    again = Server(
        db, tmp_path / "server2.log", "--clock", "0", "--bot-delay", "3600", "--deal-delay", "3600"
    )
    again.start()
    try:
        for player in seated:  # a player who left has no chair, and its token opens none
            start, actions = tables[player.table]
            final = replay(history_of(start, actions))
            summary = again.get(f"/api/tables/{player.table}")
            assert summary["hand_number"] == final.hand_number
            ws_url = again.url.replace("http://", "ws://") + f"/ws/{player.table}"
            with sync_client.connect(ws_url, open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "token": player.token, "stream": False}))
                json.loads(ws.recv(timeout=10))
                message = json.loads(ws.recv(timeout=10))
            assert message["seq"] >= len(actions)
            if message["seq"] > len(actions):  # the table acted at once (a new bot's Join, S3)
                later = stored(db)[player.table][1]
                assert later[: len(actions)] == actions
                final = replay(history_of(start, later[: message["seq"]]))
            # the same cards, stacks, pot and actor as the replayed history
            assert message["view"] == library.view_json(final, player.seat)
    finally:
        again.stop()
    # a clean stop after the restart lost nothing either
    assert all(len(stored(db)[p.table][1]) >= len(tables[p.table][1]) for p in players)


def test_sigkill_loses_nothing_sqlite(tmp_path: Path) -> None:
    crash_and_restart(f"sqlite:///{tmp_path / 'crash.db'}", tmp_path)


def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@pytest.fixture
def postgres(tmp_path: Path) -> Iterator[str]:
    pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL is absent: apt-get install postgresql (.ci/run does)")
    home = tmp_path / "pg"
    home.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own user
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL")
        try:
            shutil.chown(home, "postgres")
        except (LookupError, PermissionError) as error:
            pytest.skip(f"no 'postgres' user to run the cluster: {error}")
        os.chmod(tmp_path, 0o755)
        for parent in tmp_path.parents:  # the cluster's user must reach its directory
            if str(parent).startswith(("/tmp", str(Path.home()))):
                os.chmod(parent, os.stat(parent).st_mode | 0o005)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = home / "data"

    def run(*command: str) -> None:
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            pytest.skip(f"could not start a throwaway PostgreSQL: {done.stderr[-500:]}")

    run(initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
    run(
        pg_ctl,
        "-D",
        str(data),
        "-l",
        str(home / "log"),
        "-w",
        "-o",
        f"-p {port} -k {home} -c listen_addresses=127.0.0.1",
        "start",
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )


def test_sigkill_loses_nothing_postgresql(postgres: str, tmp_path: Path) -> None:
    crash_and_restart(postgres, tmp_path)
