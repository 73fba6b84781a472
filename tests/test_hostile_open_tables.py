"""Hostile input on open tables (S1–S9): the open-table actions, stale turns, their
text forms, saved states with open-table fields, and the schema kinds. Every bad input
gets a clear error (IllegalActionError for a rule's refusal), and nothing changes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import teenpatti_rules as tp
from teenpatti_rules.actions import parse_action
from teenpatti_rules.errors import HistoryError
from teenpatti_rules.io.schema import schema

OPEN = tp.Rules(open_table=True, rebuy=True)


def _table() -> tp.State:
    """Four chairs, chair 2 empty, awaiting the first deal (S1, S2)."""
    return tp.new_session(["A", "B", None, "C"], seed=3, dealer=0, rules=OPEN)


def _refused(state: tp.State, action: Any, **kwargs: Any) -> tp.IllegalActionError:
    before = tp.state_to_json(state)
    with pytest.raises(tp.IllegalActionError) as caught:
        tp.apply(state, action, **kwargs)
    assert tp.state_to_json(state) == before  # nothing changed
    return caught.value


# --- stale turns (S9) --------------------------------------------------------------------


@pytest.mark.parametrize("turn", [True, False, 1.0, "1", [1], float("nan")])
def test_a_turn_that_is_not_an_int_is_a_type_error(turn: Any) -> None:
    # Before: True and 1.0 equal 1, so a stale check passed them as turn 1 and applied.
    dealt = tp.apply(_table(), tp.Deal(0))
    assert dealt.turn == 1 and dealt.actor is not None
    with pytest.raises(TypeError, match="turn must be an int"):
        tp.apply(dealt, tp.Pack(dealt.actor), turn=turn)
    with pytest.raises(TypeError, match="turn must be an int"):
        tp.apply(dealt, tp.Look(dealt.actor), turn=turn)  # not a turn action: still a bug


def test_turn_none_is_the_same_as_no_turn_and_an_old_turn_is_stale() -> None:
    dealt = tp.apply(_table(), tp.Deal(0))
    actor = dealt.actor
    assert actor is not None
    assert tp.apply(dealt, tp.Pack(actor), turn=None) == tp.apply(dealt, tp.Pack(actor))
    assert tp.apply(dealt, tp.Pack(actor), turn=1) == tp.apply(dealt, tp.Pack(actor))
    for stale in (0, -1, 10**30):
        error = _refused(dealt, tp.Pack(actor), turn=stale)
        assert isinstance(error, tp.StaleActionError)


# --- the open-table actions ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["A\x00b", "A\u200bb", "A\nb", "A\ud800b", "\u202eevil", "\u3164", "", " ", "x" * 10_000],
)
def test_a_join_with_a_bad_name_is_refused(name: str) -> None:
    assert "name" in str(_refused(_table(), tp.Join(2, name)))


@pytest.mark.parametrize("name", ["B", "B ", "\u00c1sha"])
def test_a_join_with_a_taken_name_is_refused(name: str) -> None:
    table = tp.new_session(["B", "\u00c1sha", None, "C"], seed=3, dealer=0, rules=OPEN)
    # "A\u0301sha" in NFC is "\u00c1sha": one name (S1)
    assert "taken" in str(_refused(table, tp.Join(2, name)))
    assert "taken" in str(_refused(table, tp.Join(2, "A\u0301sha")))


@pytest.mark.parametrize("stack", [0, -1, 101, 10**30, 2**63, True, 1.5, "50"])
def test_a_join_with_a_bad_stack_is_refused(stack: Any) -> None:
    # S3: one boot (1) to max_buy_in (100 boots here).
    _refused(_table(), tp.Join(2, "Dev", stack))


@pytest.mark.parametrize("seat", [0, 99, -1, True, 2.0, 2**63, "2"])
def test_a_join_into_a_taken_or_missing_chair_is_refused(seat: Any) -> None:
    _refused(_table(), tp.Join(seat, "Dev"))


@pytest.mark.parametrize("kind", [tp.Leave, tp.SitOut, tp.SitIn, tp.Timeout])
@pytest.mark.parametrize("seat", [2, 99, -1, True, "1"])
def test_actions_from_empty_or_missing_chairs_are_refused(kind: Any, seat: Any) -> None:
    _refused(_table(), kind(seat))


@pytest.mark.parametrize("amount", [0, -1, 10**30, 2**63, True, 1.5, "5", None])
def test_adding_a_bad_amount_is_refused(amount: Any) -> None:
    _refused(_table(), tp.AddChips(0, amount))


def test_adding_from_an_empty_chair_is_refused() -> None:
    assert "not in the session" in str(_refused(_table(), tp.AddChips(2, 5)))


# --- text forms ---------------------------------------------------------------------------


def test_the_new_text_forms_read() -> None:
    assert parse_action("P1 join Dev") == tp.Join(1, "Dev")
    assert parse_action('P1 join "Agent 007" 50') == tp.Join(1, "Agent 007", 50)
    assert parse_action("P0 sit out") == tp.SitOut(0)
    assert parse_action("P0 sit in") == tp.SitIn(0)
    assert parse_action("P0 add 1000000000") == tp.AddChips(0, 10**9)


@pytest.mark.parametrize("space", ["\t", "\n", "\x0b", "\x0c", "\r", " \t "])
def test_a_join_is_read_in_words_separated_by_any_white_space(space: str) -> None:
    # as every other action text: "P0 bet\t4" is a bet of 4, so "Dev\t50" is a name
    # and a stack (S3), not one name holding a tab
    assert parse_action(f"P1 join Dev{space}50") == tp.Join(1, "Dev", 50)
    assert parse_action(f'P1 join "Agent 007"{space}50') == tp.Join(1, "Agent 007", 50)


@pytest.mark.parametrize(
    "text",
    [
        "P0 add 1e9",
        "P0 add -5",
        "P0 add 1_000",
        "P0 add \u0663",
        "P+1 leave",
        'P1 join "Dev"50',  # the stack is a word of its own
        'P1 join "Dev"x',
        "P1 join Dev 50 60",
    ],
)
def test_bad_text_forms_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


@pytest.mark.parametrize(
    "text", ["P1 join", "P1 join  ", "P1 join\t", 'P1 join ""', 'P1 join "" 5']
)
def test_a_join_without_a_name_is_refused_by_name(text: str) -> None:
    with pytest.raises(ValueError, match="action 'join' needs a name"):
        parse_action(text)


@pytest.mark.parametrize("unit", ['"', "a ", "\\", "P1 join "])
def test_very_long_lines_are_refused_by_their_length(unit: str) -> None:
    # Linear time: the length is checked first (at most 5,000 characters).
    with pytest.raises(ValueError, match="at most 5000"):
        parse_action("P1 join " + unit * 1_000_000)


# --- schema kinds --------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["nope", "", "State", " state", None, 5, "x" * 1_000_000])
def test_a_bad_schema_kind_is_refused(kind: Any) -> None:
    with pytest.raises(ValueError, match="no schema kind"):
        schema(kind)


# --- saved states ---------------------------------------------------------------------------


def _document() -> dict[str, Any]:
    state = tp.apply(tp.apply(_table(), tp.Join(2, "Dev", 50)), tp.SitOut(3))
    document: dict[str, Any] = json.loads(tp.state_to_json(state))
    return document


def test_a_state_with_an_empty_chair_round_trips() -> None:
    # Before: any saved state with an empty chair (S1) was refused ("name ... None").
    for state in (_table(), tp.apply(_table(), tp.Deal(0))):
        assert tp.state_from_json(tp.state_to_json(state)) == state


@pytest.mark.parametrize(
    ("field", "value"),
    [("chips_brought", 351), ("chips_brought", -1), ("chips_taken", 7), ("chips_taken", -1)],
)
def test_a_ledger_that_does_not_add_up_is_refused(field: str, value: int) -> None:
    # S8: stacks 100 + 100 + 50 + 100 = 350 brought, none taken.
    document = _document()
    assert (document["chips_brought"], document["chips_taken"]) == (350, 0)
    document[field] = value
    with pytest.raises(HistoryError, match=r"chips|S8"):
        tp.state_from_json(json.dumps(document))


@pytest.mark.parametrize("field", ["timeouts", "missed_boot", "sat_out"])
@pytest.mark.parametrize("value", [-1, 10**30])
def test_open_table_counters_out_of_range_are_refused(field: str, value: int) -> None:
    document = _document()
    document["seats"][3][field] = value
    with pytest.raises(HistoryError, match=rf"seats\[3\]\.{field}"):
        tp.state_from_json(json.dumps(document))


def test_a_player_leaving_between_hands_is_refused() -> None:
    # S4: between hands a player leaves at once; nobody is left "leaving".
    document = _document()
    document["seats"][3]["leaving"] = True
    with pytest.raises(HistoryError, match="leaving"):
        tp.state_from_json(json.dumps(document))


def test_an_empty_chair_with_chips_or_flags_is_refused() -> None:
    for field, value in (("stack", 50), ("sitting_out", True), ("in_session", True)):
        document = json.loads(tp.state_to_json(_table()))
        document["seats"][2][field] = value
        with pytest.raises(HistoryError, match=r"seats\[2\]"):
            tp.state_from_json(json.dumps(document))


@pytest.mark.parametrize("turn", [True, -1, 1.5, "0", 10**30, None])
def test_a_bad_turn_number_is_refused(turn: Any) -> None:
    document = _document()
    document["turn"] = turn
    with pytest.raises(HistoryError, match="turn"):
        tp.state_from_json(json.dumps(document))
