"""The table server's database: SQLite (default) or PostgreSQL, written by one thread.

Every accepted action is a row (its text form, ``"P1 bet 4"``), committed before the
server acknowledges it. Writes go through a queue to one writer thread that commits
whatever has gathered in one transaction (group commit) and then resolves each
writer's future on the event loop (one wake-up of the loop for the whole batch): no
table waits for another table's disk, and the event loop never blocks on the
database.

Schema (version :data:`SCHEMA_VERSION`, created on first start):

- ``tp_schema(version)``: one row;
- ``tp_tables(id, created, config, start)``: a table's lobby settings (JSON), and once
  its session has started the library's history document with no actions (the
  players, the secret seed, the first dealer, the stacks, the rules);
- ``tp_seats(table_id, seat, name, kind, token_hash, stack)``: who sits where; a
  person's seat token is kept only as its SHA-256; ``stack`` is the chips a player
  who took the chair during a hand brings when it joins at the hand's end (S3), NULL
  for the starting stack (R4);
- ``tp_actions(table_id, seq, action, at)``: every accepted action in order;
- ``tp_hands(table_id, hand_number, last_seq, result)``: each finished hand: replaying
  the table's actions up to ``last_seq`` gives the state at its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

__all__ = ["SCHEMA_VERSION", "SeatRow", "Store", "StoredTable", "open_store"]

SCHEMA_VERSION: Final = 2
"""The version of the schema this server writes and reads (version 1, without
``tp_seats.stack``, is upgraded in place on start)."""

MAX_BATCH: Final = 512
"""The most queued writes committed in one transaction."""

_SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS tp_schema (version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tp_tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION"
    " NOT NULL, config TEXT NOT NULL, start TEXT)",
    "CREATE TABLE IF NOT EXISTS tp_seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL,"
    " name TEXT NOT NULL, kind TEXT NOT NULL, token_hash TEXT, stack BIGINT,"
    " PRIMARY KEY (table_id, seat))",
    "CREATE TABLE IF NOT EXISTS tp_actions (table_id TEXT NOT NULL, seq INTEGER NOT NULL,"
    " action TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, seq))",
    "CREATE TABLE IF NOT EXISTS tp_hands (table_id TEXT NOT NULL, hand_number INTEGER NOT"
    " NULL, last_seq INTEGER NOT NULL, result TEXT NOT NULL, PRIMARY KEY (table_id,"
    " hand_number))",
)

Write = tuple[str, tuple[Any, ...]]

_Done = tuple["asyncio.Future[None]", BaseException | None]
"""A writer's future and what its batch raised (None: committed)."""

SeatRow = tuple[int, str, str, str | None, int | None]
"""A ``tp_seats`` row: ``(seat, name, kind, token_hash, stack)``."""


@attrs.frozen
class StoredTable:
    """One table as read back on start.

    :param id: the table's id.
    :param config: its lobby settings (a JSON object).
    :param start: the history document without actions, or None while it waits.
    :param seats: ``(seat, name, kind, token_hash, stack)`` rows, by seat.
    :param actions: every recorded action's text form, in order.
    """

    id: str
    config: dict[str, Any]
    start: str | None
    seats: tuple[SeatRow, ...]
    actions: tuple[str, ...]


class Store:
    """A database behind one writer thread.

    :param connect: a function that opens a DB-API connection (called in the
        writer thread, and once in the caller's for :meth:`load`).
    :param paramstyle: ``"qmark"`` (SQLite) or ``"format"`` (psycopg).
    :param url: the database URL, for messages (without a password).
    """

    def __init__(self, connect: Callable[[], Any], paramstyle: str, url: str) -> None:
        self._connect = connect
        self._format = paramstyle == "format"
        self.url = url
        self._queue: queue.Queue[
            tuple[list[Write], asyncio.AbstractEventLoop, asyncio.Future[None]] | None
        ] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.commits = 0
        self.writes = 0
        self.cpu_seconds = 0.0
        self.wall_seconds = 0.0

    def _sql(self, text: str) -> str:
        return text.replace("?", "%s") if self._format else text

    def create_schema(self) -> None:
        """Create the tables on first start, or check the version of an existing one
        (a version 1 database gains ``tp_seats.stack`` and becomes version 2).

        :raises RuntimeError: if the database holds another schema version.
        """
        connection = self._connect()
        try:
            cursor = connection.cursor()
            for statement in _SCHEMA:
                cursor.execute(statement)
            cursor.execute("SELECT version FROM tp_schema")
            rows = cursor.fetchall()
            if not rows:
                insert = "INSERT INTO tp_schema (version) VALUES (?)"
                cursor.execute(self._sql(insert), (SCHEMA_VERSION,))
            elif rows[0][0] == 1:  # version 1: no buy-in of a chair taken during a hand
                cursor.execute("ALTER TABLE tp_seats ADD COLUMN stack BIGINT")
                cursor.execute(self._sql("UPDATE tp_schema SET version = ?"), (SCHEMA_VERSION,))
            elif rows[0][0] != SCHEMA_VERSION:
                raise RuntimeError(
                    f"the database {self.url} has schema version {rows[0][0]}; "
                    f"this server reads version {SCHEMA_VERSION}"
                )
            connection.commit()
        finally:
            connection.close()

    def load(self) -> list[StoredTable]:
        """Every table with its seats and actions, oldest table first."""
        connection = self._connect()
        try:
            cursor = connection.cursor()
            cursor.execute("SELECT id, config, start FROM tp_tables ORDER BY created, id")
            tables = cursor.fetchall()
            cursor.execute("SELECT table_id, seat, name, kind, token_hash, stack FROM tp_seats")
            seats: dict[str, list[SeatRow]] = {}
            for table_id, seat, name, kind, token_hash, stack in cursor.fetchall():
                seats.setdefault(table_id, []).append((seat, name, kind, token_hash, stack))
            cursor.execute("SELECT table_id, action FROM tp_actions ORDER BY table_id, seq")
            actions: dict[str, list[str]] = {}
            for table_id, action in cursor.fetchall():
                actions.setdefault(table_id, []).append(action)
            return [
                StoredTable(
                    table_id,
                    json.loads(config),
                    start,
                    tuple(sorted(seats.get(table_id, []))),
                    tuple(actions.get(table_id, [])),
                )
                for table_id, config, start in tables
            ]
        finally:
            connection.close()

    def hand_rows(self, table_id: str) -> list[tuple[int, int, str]]:
        """The finished hands of a table: ``(hand_number, last_seq, result)`` rows."""
        connection = self._connect()
        try:
            cursor = connection.cursor()
            cursor.execute(
                self._sql(
                    "SELECT hand_number, last_seq, result FROM tp_hands WHERE table_id = ?"
                    " ORDER BY hand_number"
                ),
                (table_id,),
            )
            return [tuple(row) for row in cursor.fetchall()]
        finally:
            connection.close()

    # -- writing -------------------------------------------------------------------

    def start(self) -> None:
        """Start the writer thread."""
        self._thread = threading.Thread(target=self._run, name="teenpatti-db", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Commit what is queued and stop the writer thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=30)
            self._thread = None

    async def write(self, *writes: Write) -> None:
        """Queue statements and wait until they are committed.

        :param writes: ``(sql, parameters)`` pairs, ``?`` placeholders.
        :raises Exception: whatever the database raised for this batch.
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((list(writes), loop, future))
        await future

    @staticmethod
    def _resolve_all(done: list[_Done]) -> None:
        """Resolve the futures of one committed batch (on their event loop)."""
        for future, error in done:
            Store._resolve(future, error)

    @staticmethod
    def _resolve(future: asyncio.Future[None], error: BaseException | None) -> None:
        if future.done():
            return
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)

    def _run(self) -> None:
        connection = self._connect()
        stopping = False
        while not stopping:
            item = self._queue.get()
            batch = []
            if item is None:
                stopping = True
            else:
                batch.append(item)
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            if batch:
                self._commit(connection, batch)
        connection.close()

    def _commit(
        self,
        connection: Any,
        batch: Sequence[tuple[list[Write], asyncio.AbstractEventLoop, asyncio.Future[None]]],
    ) -> None:
        cpu, wall = time.thread_time(), time.perf_counter()
        results: list[BaseException | None] = []
        try:
            cursor = connection.cursor()
            for writes, _, _ in batch:
                for sql, parameters in writes:
                    cursor.execute(self._sql(sql), parameters)
            connection.commit()
            results = [None] * len(batch)
        except Exception:
            connection.rollback()
            results = [self._alone(connection, writes) for writes, _, _ in batch]
        self.commits += 1
        self.writes += len(batch)
        self.cpu_seconds += time.thread_time() - cpu
        self.wall_seconds += time.perf_counter() - wall
        waiting: dict[asyncio.AbstractEventLoop, list[_Done]] = {}
        for (_, loop, future), error in zip(batch, results, strict=True):
            waiting.setdefault(loop, []).append((future, error))
        for loop, done in waiting.items():  # one wake-up of each loop for the whole batch
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                loop.call_soon_threadsafe(self._resolve_all, done)

    def _alone(self, connection: Any, writes: list[Write]) -> BaseException | None:
        try:
            cursor = connection.cursor()
            for sql, parameters in writes:
                cursor.execute(self._sql(sql), parameters)
            connection.commit()
        except Exception as error:
            connection.rollback()
            return error
        return None


def _sqlite(path: str) -> Callable[[], Any]:
    def connect() -> sqlite3.Connection:
        connection = sqlite3.connect(path, check_same_thread=False, timeout=30)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        return connection

    return connect


def _postgres(url: str) -> Callable[[], Any]:
    try:
        import psycopg
    except ImportError as error:  # pragma: no cover - depends on the install
        raise ImportError(
            "PostgreSQL needs the 'postgres' extra: "
            "pip install '/path/to/teenpatti_rules[postgres]'"
        ) from error

    def connect() -> Any:
        return psycopg.connect(url)

    return connect


def open_store(url: str) -> Store:
    """A store for a database URL, its schema created or checked.

    :param url: ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``,
        ``sqlite://:memory:`` is refused (nothing would survive), or
        ``postgresql://user@host:port/dbname``.
    :returns: the :class:`Store` (its writer thread not yet started).
    :raises ValueError: for another URL.
    :raises ImportError: for PostgreSQL without the ``postgres`` extra.
    """
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///") :]
        if not path or path == ":memory:":
            raise ValueError("--db sqlite:///FILE needs a file name")
        store = Store(_sqlite(path), "qmark", url)
    elif url.startswith(("postgresql://", "postgres://")):
        shown = url.split("@")[-1]
        store = Store(_postgres(url), "format", "postgresql://…@" + shown)
    else:
        raise ValueError("--db takes sqlite:///FILE or postgresql://USER@HOST:PORT/DB")
    store.create_schema()
    return store
