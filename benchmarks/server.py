"""Load benchmark of ``teenpatti serve`` (issue 24; not a timed test).

Starts a real server (SQLite in a temporary directory, no clock), opens 20 tables of 5
chairs, seats 5 websocket clients at each (100 connections, all in this process) that
act as soon as they may (a chaal mostly, sometimes a raise, a look, a show or a pack),
and runs for ``BENCH_SECONDS`` (default 20). Prints, from the server's own counters:
actions per second of server CPU, the p50/p99 latency of an action (client send to
acknowledgement, wall clock), bytes sent per action, and the share of server CPU in
the library (apply, view, legal moves), JSON writing, the database writer thread, and
the rest (the web stack: uvicorn, websockets, Starlette, asyncio).

Run: ``./dev python benchmarks/server.py`` (``TABLES=…``, ``SEATS=…`` to change the load;
``STREAM=0`` for clients that take whole views instead of the event stream;
``ACKS=inline`` for clients whose acknowledgements come inside their ``events``
update, one websocket frame fewer per action).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``python -m teenpatti_rules serve`` on a free local port."""

    def __init__(self, db: str, log: Path, *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [
            sys.executable,
            "-m",
            "teenpatti_rules",
            "serve",
            "--db",
            db,
            "--port",
            str(self.port),
            *options,
        ]
        with log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)

    def start(self) -> None:
        for _ in range(300):
            try:
                self.get("/healthz")
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server never answered")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: object) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))
TABLES = int(os.environ.get("TABLES", "20"))
SEATS = int(os.environ.get("SEATS", "5"))
STREAM = os.environ.get("STREAM", "1") == "1"  # the event stream (default); 0: whole views
ACKS = os.environ.get("ACKS", "message")  # "inline": the ack inside the events update


ROSTER = ("Leave", "SitOut", "SitIn", "AddChips")


def pick(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    # play only: a seat's own Leave/SitOut/SitIn/AddChips (S4-S7) are listed too
    turn = [a for a in legal if a["type"] not in ("Look", *ROSTER)]
    if not turn:
        return None
    looks = [a for a in legal if a["type"] == "Look"]
    if looks and rng.random() < 0.3:
        return looks[0]
    r = rng.random()
    bets = sorted((a for a in turn if a["type"] == "Bet"), key=lambda a: a["amount"])
    shows = [a for a in turn if a["type"] in ("Show", "AcceptSideShow")]
    if shows and r < 0.3:
        return shows[0]
    if bets and r < 0.85:
        return bets[0]
    if bets and r < 0.92:
        return bets[-1]
    return rng.choice(turn)


async def client(url: str, token: str, stop: asyncio.Event, stats: dict[str, Any]) -> None:
    import websockets

    rng = random.Random(token)
    async with websockets.connect(url, max_size=2**22, compression=None) as ws:
        hello = {"type": "hello", "token": token, "stream": STREAM, "acks": ACKS}
        await ws.send(json.dumps(hello))
        sent_at: dict[int, float] = {}
        ident = 0
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            stats["bytes"] += len(text)
            message = json.loads(text)
            if message["type"] == "ack":
                stats["latency"].append(time.perf_counter() - sent_at.pop(message["id"]))
            elif message["type"] in ("state", "events"):
                ack = message.get("ack")
                if ack is not None:
                    stats["latency"].append(time.perf_counter() - sent_at.pop(ack["id"]))
                action = pick(rng, message["legal"])
                if action is not None:
                    ident += 1
                    sent_at[ident] = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {"type": "act", "turn": message["turn"], "action": action, "id": ident}
                        )
                    )


async def run(server: Server) -> None:
    tokens: list[tuple[str, str]] = []
    for index in range(TABLES):
        table = server.post(
            "/api/tables",
            {"name": f"B{index}", "players": SEATS, "rules": {"starting_boots": 1000}},
        )["id"]
        for seat in range(SEATS):
            token = server.post(f"/api/tables/{table}/seats", {"name": f"P{seat}"})["token"]
            tokens.append((table, token))
    stats: dict[str, Any] = {"bytes": 0, "latency": []}
    stop = asyncio.Event()
    base = server.url.replace("http://", "ws://")
    tasks = [asyncio.create_task(client(f"{base}/ws/{t}", k, stop, stats)) for t, k in tokens]
    await asyncio.sleep(2.0)  # everyone connected and dealt
    before = server.get("/metrics")
    bytes_before = stats["bytes"]
    latencies_before = len(stats["latency"])
    await asyncio.sleep(SECONDS)
    after = server.get("/metrics")
    received = stats["bytes"] - bytes_before
    latencies = sorted(stats["latency"][latencies_before:])
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)

    def delta(key: str) -> float:
        return float(after[key]) - float(before[key])

    actions = delta("actions")
    cpu = delta("cpu_process")
    shares = {
        "library": delta("cpu_library"),
        "json": delta("cpu_json"),
        "database": delta("cpu_db"),
    }
    shares["web stack and the rest"] = cpu - sum(shares.values())
    print(f"{TABLES} tables x {SEATS} seats, {SECONDS:g} s measured, acks: {ACKS}")
    print(f"actions: {actions:.0f} ({actions / SECONDS:.0f}/s wall); server CPU {cpu:.2f} s")
    print(f"actions per server CPU-second: {actions / cpu:,.0f}")
    if latencies:
        p50 = latencies[len(latencies) // 2] * 1000
        p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000
        print(f"latency (send → ack, wall): p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(f"bytes received by clients per action: {received / max(actions, 1):,.0f}")
    print(
        f"db commits: {delta('db_commits'):.0f} for {delta('db_writes'):.0f} writes; "
        f"{1000 * delta('db_commit_wall_seconds') / max(delta('db_commits'), 1):.1f} ms a "
        f"commit; an action waits {1000 * delta('db_wait_seconds') / max(actions, 1):.1f} ms "
        "for its commit"
    )
    for name, seconds in shares.items():
        print(f"  {name:<24} {100 * seconds / cpu:5.1f} % of server CPU")


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        server = Server(
            f"sqlite:///{home}/bench.db",
            Path(home) / "server.log",
            "--clock",
            "0",
            "--deal-delay",
            "0",
        )
        server.start()
        try:
            asyncio.run(run(server))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
