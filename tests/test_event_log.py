"""The event log of a state (records.EventLog): read-only, shared by the states of a
hand without copying (issue 12: one long hand was quadratic), and exact when two
different actions follow one state."""

from __future__ import annotations

import copy
import pickle

import pytest

import teenpatti_rules as tp
from teenpatti_rules import events as ev
from teenpatti_rules.records import EventLog


def test_a_log_is_a_read_only_sequence_equal_to_its_tuple() -> None:
    log = EventLog(("a", "b", "c"))
    assert log == ("a", "b", "c") and log == EventLog("abc") and log != ("a", "b")
    assert (len(log), log[0], log[-1], log[1:], list(log)) == (3, "a", "c", ("b", "c"), list("abc"))
    assert hash(log) == hash(("a", "b", "c"))
    assert pickle.loads(pickle.dumps(log)) == log
    assert copy.copy(log) is log and copy.deepcopy(log) is log
    with pytest.raises(IndexError):
        log[3]
    with pytest.raises(TypeError):
        log[0] = "x"  # type: ignore[index]
    assert not hasattr(log, "append") and not hasattr(log, "__dict__")


def test_appending_shares_the_list_and_branches_copy() -> None:
    log = EventLog(("a",))
    b = log.appended("b")
    c = b.appended("c")
    assert b._items is c._items  # the longest prefix extends in place: no copy
    other = b.appended("x")  # a second action after the same state: a branch
    assert other._items is not c._items
    assert (list(log), list(b), list(c), list(other)) == (
        ["a"],
        ["a", "b"],
        ["a", "b", "c"],
        ["a", "b", "x"],
    )
    empty = EventLog[str]()
    assert empty.appended("z")._items is not empty._items  # the empty log never shares


def test_two_actions_after_one_state_each_keep_their_own_log() -> None:
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=4, dealer=0), tp.Deal(0))
    before = tuple(state.events)
    actor = state.actor
    assert actor is not None
    packed = tp.apply(state, tp.Pack(actor))
    looked = tp.apply(state, tp.Look(2))
    assert tuple(state.events) == before  # the state itself never changes
    assert packed.events[len(before)] == ev.Packed(actor)
    assert looked.events[len(before)] == ev.Looked(2)
    again = tp.apply(state, tp.Look(2))
    assert again == looked and again.events == looked.events


def test_a_long_hand_shares_one_list_across_its_states() -> None:
    rules = tp.Rules(starting_boots=10_000, max_blind_bets=None)
    state = tp.apply(tp.new_session(["A", "B", "C"], rules, seed=1, dealer=0), tp.Deal(0))
    lists = set()
    for _ in range(300):
        bet = next(a for a in tp.legal_actions(state) if isinstance(a, tp.Bet))
        state = tp.apply(state, bet)
        lists.add(id(state.events._items))
    assert len(lists) == 1  # 300 actions, one shared list: each action O(1), not O(k)
    assert len(state.events) == 1 + 3 + 300  # HandStarted, three boots, the bets
