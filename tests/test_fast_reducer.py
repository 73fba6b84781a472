"""The fast reducer (issue 14): plain predicates agree with the reasons, and an action
that ``legal_actions`` listed (the very object) is applied without a second check, to
the same result as an equal action checked in full; anything else is still checked.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import attrs
import pytest
from hypothesis import given

import teenpatti_rules as tp
from session_corpus import RandomSession
from strategies import tables
from teenpatti_rules.engine import listing
from teenpatti_rules.engine.questions import (
    may_accept,
    may_all_in,
    may_draw,
    may_look,
    may_show,
    may_sideshow,
    why_not_accept,
    why_not_all_in,
    why_not_draw,
    why_not_look,
    why_not_show,
    why_not_sideshow,
)
from teenpatti_rules.engine.trust import UnreachableStateError

NAMES = ["A", "B", "C", "D", "E"]


def _fresh(action: tp.Action) -> tp.Action:
    """An equal action that is not the listed object."""
    fresh = attrs.evolve(action)
    assert fresh is not action
    return fresh


def _predicates_agree(state: tp.State) -> None:
    for seat in range(len(state.seats)):
        assert may_look(state, seat) == (why_not_look(state, seat) is None), seat
    if state.phase is tp.Phase.BETTING:
        actor = state.actor
        assert actor is not None
        assert may_all_in(state, actor) == (why_not_all_in(state, actor) is None)
        assert may_show(state, actor) == (why_not_show(state, actor) is None)
        assert may_sideshow(state, actor) == (why_not_sideshow(state, actor) is None)
        assert may_draw(state, actor) == (why_not_draw(state, actor) is None)
    if state.phase is tp.Phase.SIDESHOW:
        actor = state.actor
        assert actor is not None
        assert may_accept(state, actor) == (why_not_accept(state, actor) is None)


def test_predicates_agree_with_the_reasons_and_listed_actions_pass_the_full_check(
    random_sessions: tuple[RandomSession, ...],
) -> None:
    """R22–R36, V2–V5, V17, V20: ``may_x`` is True exactly when ``why_not_x`` gives no
    reason; every listed action applied as an equal fresh object (checked in full)
    gives the same state as the listed object (not checked again). Over every state of
    the shared random sessions (``tests/session_corpus.py``).
    """
    for state in (state for session in random_sessions for state in session.states):
        _predicates_agree(state)
        for action in tp.legal_actions(state):
            listed = tp.apply(state, action)
            checked = tp.apply(state, _fresh(action))
            assert listed == checked, action


def _midhand() -> tp.State:
    state = tp.apply(tp.new_session(NAMES, seed=1, dealer=0), tp.Deal(0))
    for action in (tp.Bet(1, 1), tp.Look(2), tp.Bet(2, 2)):
        state = tp.apply(state, action)
    return state  # seat 3 to act, blind; the stake is 1


def test_legal_actions_are_remembered_for_the_same_state() -> None:
    state = _midhand()
    first = tp.legal_actions(state)
    assert tp.legal_actions(state) is first
    # an equal state built anew is another object: listed again, equal
    twin = tp.apply(tp.apply(tp.new_session(NAMES, seed=1, dealer=0), tp.Deal(0)), tp.Bet(1, 1))
    twin = tp.apply(tp.apply(twin, tp.Look(2)), tp.Bet(2, 2))
    assert tp.legal_actions(twin) == first and tp.legal_actions(twin) is not first


def test_an_equal_action_with_a_bool_amount_is_still_refused() -> None:
    """R24: ``Bet(3, True)`` equals ``Bet(3, 1)`` (attrs compares fields) but is not an
    amount of chips: only the listed object skips the check.
    """
    state = _midhand()
    assert tp.Bet(3, 1) in tp.legal_actions(state)
    with pytest.raises(tp.IllegalActionError, match="whole number of chips"):
        tp.apply(state, tp.Bet(3, True))


def test_a_listed_action_applied_to_another_state_is_checked() -> None:
    """R22: seat 4's listed look, applied after it has looked, is refused."""
    state = _midhand()
    look = next(a for a in tp.legal_actions(state) if a == tp.Look(4))
    after = tp.apply(state, look)
    tp.legal_actions(after)
    with pytest.raises(tp.IllegalActionError, match="already looked"):
        tp.apply(after, look)
    bet = next(a for a in tp.legal_actions(state) if isinstance(a, tp.Bet))
    with pytest.raises(tp.IllegalActionError, match="turn"):
        tp.apply(tp.apply(state, bet), bet)  # R20: the turn has passed


def test_a_state_built_from_a_listed_one_is_checked_once_not_trusted() -> None:
    state = _midhand()
    listed = tp.legal_actions(state)
    forged = attrs.evolve(state, stake=-4)
    with pytest.raises(UnreachableStateError):
        tp.legal_actions(forged)
    with pytest.raises(UnreachableStateError):
        tp.apply(forged, listed[-1])


def test_a_view_accepts_no_listed_action() -> None:
    seen = tp.view(_midhand(), 3)
    action = tp.legal_actions(seen)[-1]
    with pytest.raises(tp.IllegalActionError, match="view"):
        tp.apply(seen, action)


def test_the_listed_actions_live_with_their_state_only() -> None:
    """The list is held by the state it was made for: it keeps no state alive, and a
    state with the same value but another object (an evolved copy) starts without it.
    """
    state = _midhand()
    listed = tp.legal_actions(state)
    assert tp.legal_actions(state) is listed  # the same object: kept on the state
    assert listing.was_listed(state, listed[-1])
    twin = attrs.evolve(state)
    assert twin == state
    assert not listing.was_listed(twin, listed[-1])  # another object: checked in full
    assert tp.apply(twin, listed[-1]) == tp.apply(state, listed[-1])
    ref = weakref.ref(state)
    del state, twin
    gc.collect()
    assert ref() is None


def test_refusals_still_name_the_reason() -> None:
    """The reasons come from the why_not_* questions, asked only on a refusal (R24, R26, R34)."""
    state = _midhand()
    with pytest.raises(tp.IllegalActionError, match=r"3 chips is not a legal blind bet now"):
        tp.apply(state, tp.Bet(3, 3))
    with pytest.raises(tp.IllegalActionError, match="covers the minimum bet"):
        tp.apply(state, tp.AllIn(3))
    with pytest.raises(tp.IllegalActionError, match="a show needs exactly 2"):
        tp.apply(state, tp.Show(3))
    with pytest.raises(tp.IllegalActionError, match="only a seen player may ask"):
        tp.apply(state, tp.SideShow(3, 2))


@pytest.mark.parametrize("kind", [tp.State, tp.Seat])
def test_records_evolve_fills_the_storage_slots_of_every_field(kind: type) -> None:
    """State and Seat keep their fields in a plain storage base (records.evolve copies
    them with plain stores): a field added without its slot there would silently take
    the slow path."""
    from teenpatti_rules.records import _storage

    storage = _storage(kind)
    assert storage is not None
    assert set(storage.__slots__) - {"__weakref__"} == {field.name for field in attrs.fields(kind)}


@given(tables())
def test_records_evolve_builds_what_the_constructor_builds(state: tp.State) -> None:
    """records.evolve (the engine's copies) gives an object of the exact class, equal to
    attrs.evolve's, with the changed containers converted as the constructor does and
    none of the engine's marks (S9 turn, R42 pot: any field will do)."""
    from teenpatti_rules.records import evolve

    tp.legal_actions(state)
    changes: dict[str, Any] = {"pot": 7, "turn": 3, "session_winners": [0], "seats": [*state.seats]}
    copy = evolve(state, **changes)
    assert type(copy) is tp.State
    assert copy == attrs.evolve(state, **changes)
    assert copy.session_winners == (0,) and type(copy.seats) is tuple
    assert not hasattr(copy, "_listed") and not hasattr(copy, "_reachable")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.pot = 1  # type: ignore[misc]
    seat = evolve(state.seats[0], stack=5, cards=[])
    assert type(seat) is tp.Seat and seat == attrs.evolve(state.seats[0], stack=5, cards=())
    assert seat.cards == () and type(seat.cards) is tuple
