"""What a streaming listener is sent (R43): the library's events since its cursor, or a
whole view when its cursor is stale; ``broadcast`` gives a stale listener a view."""

from __future__ import annotations

import collections
import json
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")

from teenpatti_rules import Join, apply
from teenpatti_rules.io.messages import events_to_json
from teenpatti_rules.presets import find_variant
from teenpatti_rules.server import library
from teenpatti_rules.server.listener import Listener, broadcast, events_message
from teenpatti_rules.stream import Cursor


async def _nothing(*args: Any) -> None:
    return None


def _table() -> tuple[Any, Cursor]:
    """A stand-in table (the fields the messages read) just dealt, and the spectators'
    cursor before the deal."""
    rules = find_variant("classic", open_table=True)
    _, state = library.start_history(rules, [None, None, None], 11)
    for chair, name in enumerate(("Asha", "Bilal", "Chen")):
        state = apply(state, Join(chair, name))
    before = library.view_cursor(state, None)
    state = apply(state, library.deal_action(state))
    table = SimpleNamespace(
        id="t1",
        state=state,
        turn=library.turn_of(state),
        actions=["a"] * 4,
        clock_seat=None,
        clock_ends=None,
        settings=SimpleNamespace(clock=0.0),
        metrics=collections.defaultdict(float),
        listeners=set(),
    )
    return table, before


def _stale(table: Any) -> Cursor:
    """A cursor past the end of the hand in play's log (StaleCursorError)."""
    end = library.view_cursor(table.state, None)
    return Cursor(end.hand_number, end.position + 5)


def _listener(table: Any, cursor: Cursor, narrate: bool = True) -> Listener:
    listener = Listener(None, narrate, _nothing, _nothing)
    listener.cursor = cursor
    table.listeners.add(listener)
    return listener


def test_events_since_the_cursor_are_the_library_stream() -> None:
    table, before = _table()
    listener = _listener(table, before)
    message = json.loads(events_message(table, listener))
    assert message["type"] == "events" and message["you"] is None and message["seq"] == 4
    found = library.events_text(table.state, None, before)
    after = listener.cursor
    assert found is not None and after is not None
    events = found[2]
    assert json.dumps(message["stream"], separators=(",", ":")) == events_to_json(events, after)
    assert message["log"] and message["log"][0].startswith("Hand 1")  # the deal narrated
    assert listener.cursor == library.view_cursor(table.state, None)  # moved to the end


def test_a_stale_cursor_gets_a_whole_view() -> None:
    table, _ = _table()
    listener = _listener(table, _stale(table))
    message = json.loads(events_message(table, listener))
    assert message["type"] == "state" and message["view"]["hand_number"] == 1
    assert listener.cursor == library.view_cursor(table.state, None)  # restarted there


def test_broadcast_sends_a_stale_listener_a_view_and_the_others_events() -> None:
    table, before = _table()
    fresh = _listener(table, before, narrate=False)
    same = _listener(table, before, narrate=False)  # the same stream: made once
    stale = _listener(table, _stale(table), narrate=False)
    broadcast(table)
    sent = {id(x): json.loads(x.outbox.get_nowait() or "null") for x in (fresh, same, stale)}
    assert sent[id(fresh)]["type"] == sent[id(same)]["type"] == "events"
    assert sent[id(fresh)]["stream"] == sent[id(same)]["stream"]
    assert sent[id(stale)]["type"] == "state"
    end = library.view_cursor(table.state, None)
    assert fresh.cursor == same.cursor == stale.cursor == end


def test_before_the_session_a_listener_gets_the_waiting_summary() -> None:
    """S2: a table whose session has not started sends ``waiting`` with its summary."""
    from teenpatti_rules.server.listener import state_message

    summary = {"id": "t2", "status": "waiting", "hand_number": 0}
    table = SimpleNamespace(
        state=None, summary=lambda: summary, metrics=collections.defaultdict(float)
    )
    message = json.loads(state_message(table, None, True))  # type: ignore[arg-type]
    assert message == {"type": "waiting", **summary}
    assert table.metrics["messages"] == 1
