"""Hostile input at the message doors: action, event, view and stream documents, the
stream functions and the name check (S1, S9, R43). Every bad input gets a clear
ValueError or TypeError naming the problem, never a crash deep inside.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import teenpatti_rules as tp
from teenpatti_rules.errors import HistoryError
from teenpatti_rules.events import PlayerJoined
from teenpatti_rules.io.messages import (
    action_from_json,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
    view_from_json,
    view_to_json,
)
from teenpatti_rules.names import check_name
from teenpatti_rules.stream import Cursor, apply_events, events_for


def _dealt() -> tp.State:
    return tp.apply(tp.new_session(["A", "B", "C"], seed=7, dealer=0), tp.Deal(0))


def _message(**events: Any) -> str:
    """A stream message of the first deal, seen by seat 0, with ``events`` extra."""
    state = _dealt()
    found, cursor = events_for(state, 0, Cursor(0, 0))
    document = json.loads(events_to_json(found, cursor))
    document["events"].extend(events.values())
    return json.dumps(document)


# --- the documents: the JSON level -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"version":1,"type":"Bet","seat":2,"amount":' + "9" * 5000 + "}",  # 5,000 digits
        '{"version":1,"type":"Bet","seat":2,"amount":NaN}',
        '{"version":1,"type":"Bet","seat":2,"amount":Infinity}',
        '{"version":1,"type":"Bet","seat":2,"amount":1e400}',
        '{"version":1,"type":"Bet","seat":true,"amount":4}',
        '{"version":1,"type":"Bet","seat":2.0,"amount":4}',
        '{"version":1,"type":"Bet","seat":2,"amount":4,"amount":8}',
        '{"version":true,"type":"Pack","seat":1}',
        '{"version":1,"type":["Bet"],"seat":2}',
        '{"version":1,"type":"__class__","seat":2}',
        '{"version":1,"type":"Pack","seat":-1}',
        '{"version":1,"type":"Pack","seat":' + "9" * 30 + "}",
        "[" * 20_000 + "]" * 20_000,  # a depth bomb under the size limit
        '{"version":1,"type":"' + "x" * 100_000 + '"}',  # past MAX_MESSAGE_CHARS
    ],
)
def test_hostile_action_documents_are_refused_by_name(text: str) -> None:
    with pytest.raises(HistoryError):
        action_from_json(text)


@pytest.mark.parametrize(
    "name", ["A\\u0000b", "A\\u001b[2Jb", "A\\u200bb", "A\\nb", "A\\ud800b", "\\u202eevil"]
)
def test_a_join_document_with_a_name_no_table_seats_is_refused(name: str) -> None:
    # S1: the name check at the door; before, the action was read and only apply refused.
    text = '{"version":1,"type":"Join","seat":1,"name":"' + name + '"}'
    with pytest.raises(HistoryError, match="name") as caught:
        action_from_json(text)
    assert caught.value.path == "$.name"


def test_a_join_document_with_a_plain_name_still_reads() -> None:
    assert action_from_json('{"version":1,"type":"Join","seat":1,"name":"Dev","stack":50}') == (
        tp.Join(1, "Dev", 50)
    )


@pytest.mark.parametrize("seat", [-1, 26, 10**30])
def test_an_event_naming_a_seat_no_table_has_is_refused(seat: int) -> None:
    with pytest.raises(HistoryError, match="seat"):
        event_from_json('{"version":1,"type":"SatIn","seat":' + str(seat) + "}")
    with pytest.raises(HistoryError, match=r"seat.*\$\.events\[5\]"):
        events_from_json(_message(extra={"type": "SatIn", "seat": seat}))


def test_an_event_with_a_control_character_name_is_refused() -> None:
    bad = {"type": "PlayerJoined", "seat": 2, "name": "B\u001b[2J", "stack": 5}
    with pytest.raises(HistoryError, match="control"):
        event_from_json(json.dumps({"version": 1, **bad}))
    with pytest.raises(HistoryError, match="control"):
        events_from_json(_message(extra=bad))
    padded = {"type": "PlayerJoined", "seat": 2, "name": " Dev ", "stack": 5}
    with pytest.raises(HistoryError, match="normalised"):
        event_from_json(json.dumps({"version": 1, **padded}))


def test_a_joined_event_round_trips() -> None:
    event = PlayerJoined(2, "Dev", 50)
    assert event_from_json(event_to_json(event)) == event


def test_a_table_status_with_a_hidden_name_is_refused() -> None:
    document = json.loads(_message())
    status = document["events"][-1]
    assert status["type"] == "TableStatus"
    seat = next(iter(status["seats"]))
    status["seats"][seat]["name"] = "A\u200b"
    with pytest.raises(HistoryError, match="invisible"):
        events_from_json(json.dumps(document))


@pytest.mark.parametrize("field", ["hand_number", "position"])
def test_a_stream_cursor_past_the_limit_is_refused(field: str) -> None:
    # events_for refuses cursors past MAX_CHIPS; the strict reader does too.
    document = json.loads(_message())
    document["cursor"][field] = 10**30
    with pytest.raises(HistoryError, match="cursor"):
        events_from_json(json.dumps(document))


def test_an_event_inside_a_stream_message_carries_no_version() -> None:
    with pytest.raises(HistoryError, match="version"):
        events_from_json(_message(extra={"version": 1, "type": "SatIn", "seat": 0}))


@pytest.mark.parametrize(
    "text",
    [True, 5, None, "[]", "{}", '{"version":1,"type":"View"}', "[" * 100_000, "1" * 5000],
)
def test_trusted_readers_fail_only_with_history_error(text: Any) -> None:
    # trusted=True is for a trusted server's text only: no checks, but no crash either.
    with pytest.raises(HistoryError):
        view_from_json(text, trusted=True)
    with pytest.raises(HistoryError):
        events_from_json(text, trusted=True)


def test_a_view_with_a_card_not_in_the_deck_is_refused() -> None:
    document = json.loads(view_to_json(tp.view(_dealt(), 0)))
    document["seats"][0]["cards"] = ["Zs", "Ks", "Qs"]
    with pytest.raises(HistoryError, match="card"):
        view_from_json(json.dumps(document))


# --- the stream functions ----------------------------------------------------------------


@pytest.mark.parametrize("seat", [True, False, 1.0, -1, 3, 10**30, "1"])
def test_events_for_a_seat_that_is_not_one_is_refused(seat: Any) -> None:
    with pytest.raises(ValueError, match="seat"):
        events_for(_dealt(), seat, Cursor(0, 0))


@pytest.mark.parametrize("since", [b"ab", bytearray(b"ab"), None, "ab", (1,)])
def test_events_for_a_cursor_that_is_not_one_is_a_type_error(since: Any) -> None:
    # bytes were read as the two numbers 97, 98 (a stale cursor) before.
    with pytest.raises(TypeError, match="since must be a Cursor"):
        events_for(_dealt(), 0, since)


def test_apply_events_needs_an_iterable_of_events() -> None:
    seen = tp.view(_dealt(), 0)
    with pytest.raises(TypeError, match="iterable of events"):
        apply_events(seen, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not an event"):
        apply_events(seen, [1])  # type: ignore[list-item]


def test_apply_events_of_a_wider_table_is_refused_and_changes_nothing() -> None:
    seen = tp.view(_dealt(), 0)
    wide = tp.apply(tp.new_session(list("ABCDE"), seed=3, dealer=0), tp.Deal(0))
    events, _ = events_for(wide, 4, Cursor(0, 0))
    with pytest.raises(ValueError, match="not a seat of this table"):
        apply_events(seen, events)
    assert seen == tp.view(_dealt(), 0)


# --- names (S1) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",  # Hangul filler: a name that shows nothing
        "\u115fAsha",  # Hangul choseong filler before a name
        "A\u034fsha",  # combining grapheme joiner
        "\u2800",  # Braille blank
        "Asha\uffa0",  # halfwidth Hangul filler
        "A\u17b4",  # Khmer inherent vowel (invisible)
    ],
)
def test_blank_letters_are_refused_in_names(name: str) -> None:
    with pytest.raises(ValueError, match="invisible"):
        check_name(name)


@pytest.mark.parametrize(
    "name",
    ["A\u200bB", "\u202eevil", "A\u0000", "\ud800", "A\u2028B", "\ufeffA", "A\u00adB"],
)
def test_control_and_format_characters_are_refused_in_names(name: str) -> None:
    with pytest.raises(ValueError, match="invisible"):
        check_name(name)


def test_compatibility_lookalikes_are_different_names() -> None:
    # S1 compares NFC forms: a fullwidth A is another name (documented in names).
    assert check_name("\uff21sha", taken=["Asha"]) == "\uff21sha"
    # ... but a decomposed accent is the same name.
    with pytest.raises(ValueError, match="taken"):
        check_name("Ame\u0301lie", taken=["Am\u00e9lie"])


def test_huge_and_non_str_names_are_refused_cheaply() -> None:
    with pytest.raises(ValueError, match="at most 100"):
        check_name("x" * 10_000_000)
    with pytest.raises(ValueError, match="at most 100"):
        check_name("A" + "\u0301" * 500)
    for value in (None, 5, b"Asha", ["Asha"]):
        with pytest.raises(TypeError):
            check_name(value)
