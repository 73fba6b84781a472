"""JSON for one thing at a time: actions, events, views and stream messages."""

from __future__ import annotations

import json
from typing import Any

import pytest

import teenpatti_rules as tp
from message_corpus import documents, hostile, sessions
from teenpatti_rules.io.codec import converter
from teenpatti_rules.io.messages import (
    action_from_json,
    action_to_json,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
    rules_id,
    view_from_json,
    view_to_json,
)
from teenpatti_rules.stream import Cursor, apply_events, events_for


def test_every_action_round_trips_with_its_tag_and_version() -> None:
    for text in documents()["action"]:
        action = action_from_json(text)
        assert action_to_json(action) == text
        document = json.loads(text)
        assert document["version"] == 1 and document["type"] == type(action).__name__


def test_every_event_round_trips() -> None:
    for text in documents()["event"]:
        event = event_from_json(text)
        assert event_to_json(event) == text


def test_views_round_trip_strict_and_trusted_with_and_without_rules() -> None:
    for states in sessions()[:6]:
        for state in states[:: max(1, len(states) // 15)]:
            for seat in (None, *range(len(state.seats))):
                seen = tp.view(state, seat)
                full, bare = view_to_json(seen), view_to_json(seen, rules=False)
                assert "rules" in json.loads(full) and "rules" not in json.loads(bare)
                assert json.loads(bare)["rules_id"] == rules_id(state.rules)
                for text in (full, bare):
                    assert view_from_json(text, rules=state.rules) == seen
                    assert view_from_json(text, rules=state.rules, trusted=True) == seen
                assert view_from_json(full) == seen


def test_stream_messages_round_trip_and_keep_the_view() -> None:
    for states in sessions()[:4]:
        for seat in (None, 0):
            client = tp.view(states[0], seat)
            cursor = Cursor.of(client)
            for state in states[1:]:
                events, cursor = events_for(state, seat, cursor)
                text = events_to_json(events, cursor)
                for trusted in (False, True):
                    assert events_from_json(text, trusted=trusted) == (events, cursor)
                client = apply_events(client, events_from_json(text)[0])
                assert client == tp.view(state, seat)


def test_rules_id_is_stable() -> None:
    # sha256 of the canonical JSON: the same in every run for equal rules.
    assert rules_id(tp.Rules()) == rules_id(tp.Rules())
    assert rules_id(tp.Rules()).startswith("sha256:") and len(rules_id(tp.Rules())) == 71
    assert rules_id(tp.Rules(boot=2)) != rules_id(tp.Rules())


def test_rules_left_out_must_be_given_and_match() -> None:
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=7, dealer=0), tp.Deal(0))
    bare = view_to_json(tp.view(state, 0), rules=False)
    with pytest.raises(tp.HistoryError, match="leaves its rules out"):
        view_from_json(bare)
    with pytest.raises(tp.HistoryError, match="written for rules"):
        view_from_json(bare, rules=tp.Rules(boot=2))


@pytest.mark.parametrize("kind", ["action", "event", "view", "events"])
def test_hostile_documents_are_refused(kind: str) -> None:
    read: Any = {
        "action": action_from_json,
        "event": event_from_json,
        "view": view_from_json,
        "events": events_from_json,
    }[kind]
    for text in hostile()[kind]:
        with pytest.raises(tp.HistoryError):
            read(text)


def test_sizes_are_bounded() -> None:
    from teenpatti_rules.limits import MAX_MESSAGE_CHARS

    with pytest.raises(tp.HistoryError, match="at most"):
        action_from_json(" " * (MAX_MESSAGE_CHARS + 1))
    with pytest.raises(tp.HistoryError, match="at most"):
        event_from_json(b"[" * (MAX_MESSAGE_CHARS + 1))


def test_converter_surprises_are_gone() -> None:
    # Issue 22: unstructuring a view wrote no version; an event alone lost its tag.
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=7, dealer=0), tp.Deal(0))
    seen = tp.view(state, 2)
    assert tp.state_from_json(json.dumps(converter().unstructure(seen))) == seen
    event = state.events[0]
    assert converter().unstructure(event)["type"] == "HandStarted"
    assert converter().structure(converter().unstructure(event), type(event)) == event


@pytest.mark.parametrize(
    "text", ["", "[]", "{}", '{"version": 1, "type": "View"}', "\u0000", "1e999"]
)
def test_the_trusted_path_fails_with_a_clear_error_only(text: str) -> None:
    with pytest.raises(tp.HistoryError):
        view_from_json(text, rules=tp.Rules(), trusted=True)
    with pytest.raises(tp.HistoryError, match="unreadable"):
        events_from_json(text, trusted=True)


def test_the_fast_writer_writes_what_the_standard_library_writes() -> None:
    # With the fast extra (orjson) the text is the same as json's, byte for byte.
    from teenpatti_rules.io.json_text import ENCODE as _ENCODE
    from teenpatti_rules.io.json_text import STDLIB_ENCODE as _STDLIB_ENCODE

    for kind in ("view", "events", "event"):
        for text in documents()[kind][:300]:
            document = json.loads(text)
            assert _ENCODE(document) == _STDLIB_ENCODE(document) == text


def test_a_view_written_while_the_log_grows_is_the_view() -> None:
    # The text of a hand's log is kept and extended (io.messages._log_text): the views
    # of successive states, and of a branch, read back equal.
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=5, dealer=0), tp.Deal(0))
    branch = state
    for _ in range(6):
        actions = [a for a in tp.legal_actions(state) if a.seat == state.actor]
        state = tp.apply(state, actions[-1])
        for seat in (None, 0):
            seen = tp.view(state, seat)
            assert view_from_json(view_to_json(seen)) == seen
    other = tp.apply(branch, tp.Pack(branch.actor))  # type: ignore[arg-type]
    assert view_from_json(view_to_json(tp.view(other, 1))) == tp.view(other, 1)
