"""The server's store (batched writes, a failing write alone refused, a waiter gone,
PostgreSQL URLs) and its JSON seams (stale cursors, bounded caches, plain ``json``)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

from teenpatti_rules import Join, apply
from teenpatti_rules.io.messages import events_to_json
from teenpatti_rules.presets import find_variant
from teenpatti_rules.server import library, library_json
from teenpatti_rules.server.store import open_store
from teenpatti_rules.stream import Cursor

INSERT = "INSERT INTO tp_hands (table_id, hand_number, last_seq, result) VALUES (?, ?, ?, ?)"


def test_queued_writes_commit_together_and_a_bad_one_fails_alone(tmp_path: Path) -> None:
    """Three writes queued before the writer starts go in one batch; the duplicate
    hand fails alone and the two others are kept; a write whose waiter was cancelled
    is still committed."""
    store = open_store(f"sqlite:///{tmp_path / 's.db'}")

    async def writes() -> list[Any]:
        tasks = [
            asyncio.ensure_future(store.write((INSERT, ("t", 1, 5, "{}")))),
            asyncio.ensure_future(store.write((INSERT, ("t", 1, 6, "{}")))),  # same hand
            asyncio.ensure_future(store.write((INSERT, ("t", 2, 9, "{}")))),
        ]
        gone = asyncio.ensure_future(store.write((INSERT, ("t", 3, 12, "{}"))))
        await asyncio.sleep(0)  # each has queued its writes
        gone.cancel()
        store.start()
        results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
        await asyncio.wait_for(store.write((INSERT, ("t", 4, 20, "{}"))), 30)
        return results

    try:
        results = asyncio.run(writes())
    finally:
        store.stop()
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception) and "UNIQUE" in str(results[1])
    assert [row[:2] for row in store.hand_rows("t")] == [(1, 5), (2, 9), (3, 12), (4, 20)]


def test_a_postgres_url_is_connected_with_psycopg() -> None:
    """A PostgreSQL URL opens through psycopg: nothing listens here, so it fails."""
    psycopg = pytest.importorskip("psycopg")
    with pytest.raises(psycopg.OperationalError):
        open_store("postgresql://nobody@127.0.0.1:1/none?connect_timeout=5")


def _dealt(seat_names: tuple[str, ...] = ("Asha", "Bilal", "Chen")) -> Any:
    rules = find_variant("classic", open_table=True)
    _, state = library.start_history(rules, [None] * len(seat_names), 11)
    for chair, name in enumerate(seat_names):
        state = apply(state, Join(chair, name))
    before = library.view_cursor(state, None)
    return before, apply(state, library.deal_action(state))


def test_a_cursor_past_the_log_is_stale() -> None:
    """A cursor past the end of the log cannot be continued: None (send a view)."""
    cursor, state = _dealt()
    end = library.events_text(state, None, cursor)
    assert end is not None
    after = end[1]
    assert library.events_text(state, None, Cursor(after.hand_number, after.position + 5)) is None


def test_cached_event_texts_are_the_library_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked twice (two listeners), and with both caches full, the text is the library's
    events_to_json exactly (R43), and each cache holds at most 4096 entries."""
    cursor, state = _dealt()
    first = library.events_text(state, None, cursor)
    again = library.events_text(state, None, cursor)  # the same event objects: cached
    assert first is not None and again is not None
    assert first[0] == again[0] == events_to_json(first[2], first[1])
    monkeypatch.setattr(library_json, "_HEADS", {Cursor(99, n): "x" for n in range(4096)})
    monkeypatch.setattr(library_json, "_EVENT_TEXTS", {-n: (None, "x") for n in range(4096)})
    monkeypatch.setattr(library_json, "_STREAM_TEXTS", {})  # not the shared stream's text
    full = library.events_text(state, 0, cursor)
    assert full is not None
    assert full[0] == events_to_json(full[2], full[1])
    assert len(library_json._HEADS) <= 4096 and len(library_json._EVENT_TEXTS) <= 4096
    assert Cursor(99, 0) not in library_json._HEADS  # cleared, not grown


def test_dumps_without_orjson_is_compact_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library_json, "_orjson", None)
    text = library_json.dumps({"name": "Sité", "seats": [1, 2], 3: None})
    assert text == '{"name":"Sité","seats":[1,2],"3":null}'
    assert json.loads(text) == {"name": "Sité", "seats": [1, 2], "3": None}
