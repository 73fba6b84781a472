"""The server's tables: creating them, seating players, restoring them on start.

:class:`Hub` owns the database (:class:`~.store.Store`) and every
:class:`~.table.Table`; the web layer (:mod:`.app`) only parses requests and calls it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from typing import Any, Final

from . import library
from .library import Refusal
from .store import Store
from .table import Chair, Table, TableSettings

__all__ = ["MAX_LISTENERS", "MAX_TABLES", "Hub", "token_hash"]

log = logging.getLogger("teenpatti.server")

MAX_TABLES: Final = 500
"""The most tables one server holds."""

MAX_LISTENERS: Final = 200
"""The most websockets (seats and spectators) one table serves at once."""

MAX_CHAIRS: Final = 17
"""The most chairs at a table (the library's ``max_players`` may be lower)."""

_SIT_FIELDS: Final = frozenset({"name", "stack"})
"""The fields of a request to take a seat."""

BOT_KINDS: Final = ("rule", "equity")
"""The automatic players a table can seat: the R44 player and the equity player."""


def token_hash(token: str) -> str:
    """SHA-256 of a seat token, in hex: the database never holds the token itself."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Hub:
    """Every table of one server.

    :param store: the database (schema created, writer thread started by
        :meth:`open`).
    :param settings: the clock and delays of every table.
    """

    def __init__(self, store: Store, settings: TableSettings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.broken: list[str] = []
        self.metrics: dict[str, float] = {
            "actions": 0,
            "errors": 0,
            "refusals": 0,
            "timeouts": 0,
            "messages": 0,
            "bytes": 0,
            "cpu_library": 0.0,
            "cpu_json": 0.0,
            "db_wait_seconds": 0.0,
            "connections": 0,
        }
        self.latencies: list[float] = []
        self.started = time.time()

    def open(self) -> None:
        """Start the writer thread and restore every stored table exactly (mid-hand
        too: the same seed, so the same cards, and the same turn).

        A table whose stored history does not replay is left out (logged, and listed
        in :attr:`broken` and the metrics); the others open.
        """
        self.store.start()
        for stored in self.store.load():
            config = stored.config
            try:
                rules = library.rules_from_request(config["preset"], config["rules"])
                table = Table(stored.id, config, rules, self.store, self.settings, self.metrics)
                table.restore(stored.seats, stored.start, stored.actions)
            except Exception:  # one damaged table must not keep the others closed
                log.exception("table %s could not be restored: left out", stored.id)
                self.broken.append(stored.id)
                continue
            self.tables[stored.id] = table

    def resume(self) -> None:
        """Start every restored table's clock, bots and deals (needs a running loop)."""
        for table in self.tables.values():
            table.resume()

    def close(self) -> None:
        """Stop every table and commit what is queued."""
        for table in self.tables.values():
            table.close()
        self.store.stop()

    async def create(self, request: object) -> Table:
        """Create a table from a lobby request.

        :param request: a JSON object: ``name`` (str), ``preset`` (a preset's name),
            ``rules`` (``Rules`` fields over the preset; ``open_table`` is True unless
            given, S2), ``players`` (chairs, 2 to :data:`MAX_CHAIRS`), ``bots`` (how
            many chairs bots take, and keep: a bot that goes broke is replaced between
            hands), ``bot_kind`` (``"rule"`` or ``"equity"``).
        :returns: the new table, its session open (S1): its bots joined; it deals as
            soon as ``min_players`` sit in (S2).
        :raises Refusal: ``"bad_request"`` naming the problem, ``"too_many_tables"``.
        """
        if not isinstance(request, dict):
            raise Refusal("bad_request", "send a JSON object")
        if len(self.tables) >= MAX_TABLES:
            raise Refusal("too_many_tables", f"this server holds at most {MAX_TABLES} tables")
        known = {"name", "preset", "rules", "players", "bots", "bot_kind"}
        unknown = sorted(str(key)[:20] for key in request if key not in known)
        if unknown:
            raise Refusal("bad_request", f"unknown field(s): {', '.join(unknown)}")
        fields = request.get("rules")
        if isinstance(fields, dict):
            fields = {"open_table": True, **fields}
        elif fields is None:
            fields = {"open_table": True}
        try:
            rules = library.rules_from_request(request.get("preset"), fields)
        except ValueError as error:
            raise Refusal("bad_rules", str(error)[:300]) from None
        players = request.get("players", 3)
        bots = request.get("bots", 0)
        kind = request.get("bot_kind", "rule")
        if type(players) is not int or not 2 <= players <= MAX_CHAIRS:
            raise Refusal("bad_request", f"'players' is a whole number from 2 to {MAX_CHAIRS}")
        if not rules.min_players <= players <= rules.max_players:
            raise Refusal(
                "bad_request",
                f"these rules seat {rules.min_players} to {rules.max_players} players (R3)",
            )
        if type(bots) is not int or not 0 <= bots <= players:
            raise Refusal("bad_request", "'bots' is a whole number from 0 to 'players'")
        if kind not in BOT_KINDS:
            raise Refusal("bad_request", "'bot_kind' is 'rule' or 'equity'")
        name = request.get("name", "")
        if not isinstance(name, str) or len(name) > 60:
            raise Refusal("bad_request", "'name' is a text of at most 60 characters")
        table_id = secrets.token_hex(6)
        config = {
            "name": name.strip() or f"Table {table_id[:4]}",
            "preset": request.get("preset") or "classic",
            "rules": fields,
            "chairs": players,
            "bots": bots,
            "bot_kind": kind,
        }
        table = Table(table_id, config, rules, self.store, self.settings, self.metrics)
        start = table.open_session()
        await self.store.write(
            (
                "INSERT INTO tp_tables (id, created, config, start) VALUES (?, ?, ?, ?)",
                (table_id, time.time(), json.dumps(config), start),
            )
        )
        self.tables[table_id] = table
        for _ in range(bots):
            await table.seat(table.bot_chair(kind))
        return table

    def table(self, table_id: object) -> Table:
        """A table by id.

        :raises Refusal: ``"no_table"``.
        """
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise Refusal("no_table", "there is no such table")
        return table

    async def sit(self, table_id: object, request: object) -> tuple[int, str]:
        """Give a person a seat.

        :param table_id: the table.
        :param request: ``{"name": "Asha"}``, or ``{"name": "Asha", "stack": 50}`` to
            bring 50 chips (one boot to ``max_buy_in``, S3); a ``stack`` of null or
            none brings the starting stack (R4).
        :returns: ``(seat, token)``: the token authenticates the seat's websocket; the
            server keeps only its hash.
        :raises Refusal: ``"no_table"``, ``"bad_request"`` (another shape, a ``stack``
            that is not a whole number), ``"table_full"``, ``"table_over"``,
            ``"bad_name"`` (S1), the library's refusal of the ``Join`` (``"buy_in"``,
            rule S3, for a stack out of range; ``"tournament"``, V18), ``"not_saved"``.
        """
        table = self.table(table_id)
        if not isinstance(request, dict) or not {"name"} <= set(request) <= _SIT_FIELDS:
            raise Refusal("bad_request", 'send {"name": "your name"} and maybe "stack": chips')
        stack = request.get("stack")
        if stack is not None and type(stack) is not int:
            raise Refusal(
                "bad_request",
                "'stack' is the chips you bring: a whole number, or null for the starting"
                " stack (S3)",
                "S3",
            )
        token = secrets.token_urlsafe(24)
        seat = await table.seat(Chair(request["name"], "human", token_hash(token), stack))
        return seat, token

    def authenticate(self, table: Table, token: object) -> int | None:
        """The seat a token opens at a table, or None (constant-time comparison)."""
        if not isinstance(token, str) or len(token) > 200:
            return None
        given = token_hash(token)
        found = None
        for seat, chair in enumerate(table.chairs):
            known = None if chair is None else chair.token_hash
            if known is not None and hmac.compare_digest(given, known):
                found = seat
        return found

    def metrics_document(self) -> dict[str, Any]:
        """Counters and latencies for the metrics endpoint."""
        latencies = sorted(self.latencies[-5000:])

        def percentile(share: float) -> float | None:
            if not latencies:
                return None
            return round(latencies[min(len(latencies) - 1, int(share * len(latencies)))], 6)

        return {
            "tables": len(self.tables),
            "seats": sum(
                1 for table in self.tables.values() for chair in table.chairs if chair is not None
            ),
            "listeners": sum(len(table.listeners) for table in self.tables.values()),
            "broken_tables": len(self.broken),
            **{key: round(value, 6) for key, value in self.metrics.items()},
            "latency_p50_seconds": percentile(0.5),
            "latency_p99_seconds": percentile(0.99),
            "db_commits": self.store.commits,
            "db_writes": self.store.writes,
            "cpu_db": round(self.store.cpu_seconds, 6),
            "db_commit_wall_seconds": round(self.store.wall_seconds, 6),
            "cpu_process": round(time.process_time(), 6),
            "uptime_seconds": round(time.time() - self.started, 3),
        }
