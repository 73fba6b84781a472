"""Trust by construction, and no hidden globals in the core (issue 19).

A state the engine built is acted on without a check; any other state (an
:func:`attrs.evolve` copy, an unpickled state, one built with the constructor) is
checked once by :func:`~teenpatti_rules.engine.invariants.check` and refused with
:class:`~teenpatti_rules.errors.UnreachableStateError` when the engine could not have
reached it. The tests count the calls of the check (never the time). Playing a
session touches no module-level container of the core: every cache is keyed by value.
"""

from __future__ import annotations

import copy
import functools
import pickle
import random
import sys
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import teenpatti_rules as tp
from teenpatti_rules.engine import trust
from teenpatti_rules.records import evolve

NAMES = ["A", "B", "C", "D"]


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[tp.State]:
    """The states :func:`~teenpatti_rules.engine.invariants.check` is called on, in order."""
    seen: list[tp.State] = []
    real = trust.check  # type: ignore[attr-defined]  # the name trust calls

    def counting(state: tp.State) -> list[str]:
        seen.append(state)
        return real(state)

    monkeypatch.setattr(trust, "check", counting)
    return seen


def _midhand() -> tp.State:
    """A hand in play (R6): dealt, one look (R22), one blind bet (R23)."""
    state = tp.new_session(NAMES, seed=5, dealer=0)
    state = tp.apply(state, tp.Deal(0))
    state = tp.apply(state, tp.Look(2))
    return tp.apply(state, tp.Bet(1, 1))


def _rebuilt(state: tp.State) -> tp.State:
    """An equal state built field by field with the constructor."""
    return tp.State(**{field.name: getattr(state, field.name) for field in attrs.fields(tp.State)})


OTHER_WAYS: dict[str, Callable[[tp.State], tp.State]] = {
    "attrs.evolve": attrs.evolve,
    "records.evolve": evolve,
    "pickle": lambda state: pickle.loads(pickle.dumps(state)),
    "constructor": _rebuilt,
}
"""Ways to get an equal state that the engine did not build."""


def _played(seed: int, steps: int, rules: tp.Rules | None = None) -> Iterator[tp.State]:
    """The states of a session of random legal play (at most ``steps`` actions)."""
    rng = random.Random(seed)
    state = tp.new_session(NAMES, rules, seed=seed)
    yield state
    for _ in range(steps):
        actions = tp.legal_actions(state)
        if not actions:
            return
        state = tp.apply(state, rng.choice(actions))
        yield state


def test_the_engine_never_checks_its_own_states(checks: list[tp.State]) -> None:
    for state in _played(seed=1, steps=300):
        tp.view(state, 0)
        tp.legal_actions(state)
        tp.is_legal(state, tp.Pack(0))
    assert checks == []


@pytest.mark.parametrize("way", sorted(OTHER_WAYS))
def test_an_equal_state_built_another_way_is_checked_once(way: str, checks: list[tp.State]) -> None:
    state = _midhand()
    other = OTHER_WAYS[way](state)
    assert other == state and other is not state
    assert not trust.is_known(other)
    bet = tp.Bet(2, 2)  # R24: the seen player's chaal is twice the stake of 1
    assert tp.apply(other, bet) == tp.apply(state, bet)
    assert checks == [other]
    tp.apply(other, bet)
    tp.legal_actions(other)
    tp.view(other, 1)
    assert checks == [other]  # checked once, then known


@pytest.mark.parametrize("way", sorted(OTHER_WAYS))
def test_a_corrupt_state_built_another_way_is_refused(way: str, checks: list[tp.State]) -> None:
    state = _midhand()
    corrupt = OTHER_WAYS[way](attrs.evolve(state, stake=-4))
    with pytest.raises(tp.UnreachableStateError, match="stake"):
        tp.apply(corrupt, tp.Pack(2))
    with pytest.raises(tp.UnreachableStateError, match="stake"):
        tp.legal_actions(corrupt)
    with pytest.raises(tp.UnreachableStateError, match="stake"):
        tp.view(corrupt, 0)
    assert checks == [corrupt] * 3  # refused each time: never marked


def test_a_listed_action_does_not_vouch_for_a_copy_of_its_state() -> None:
    state = _midhand()
    listed = tp.legal_actions(state)
    forged = attrs.evolve(state, pot=state.pot + 10)  # chips from nowhere (R42)
    with pytest.raises(tp.UnreachableStateError):
        tp.apply(forged, listed[-1])


def test_copies_are_the_state_itself() -> None:
    state = _midhand()
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state


def test_the_marks_are_not_fields() -> None:
    """The engine's notes take no part in equality, hashing, ``repr`` or documents."""
    state = _midhand()
    tp.legal_actions(state)
    twin = attrs.evolve(state)
    assert trust.is_known(state) and not trust.is_known(twin)
    assert twin == state and hash(twin) == hash(state) and repr(twin) == repr(state)
    assert tp.state_to_json(twin) == tp.state_to_json(state)
    assert pickle.dumps(twin) == pickle.dumps(state)
    assert "_reachable" not in {field.name for field in attrs.fields(tp.State)}
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state._reachable = False


def test_a_state_read_from_json_is_checked_there_and_then_known(checks: list[tp.State]) -> None:
    """``state_from_json`` runs the check itself (its documented behaviour), and marks
    what passes: the engine does not check it again.
    """
    loaded = tp.state_from_json(tp.state_to_json(_midhand()))
    assert trust.is_known(loaded)
    tp.legal_actions(loaded)
    assert checks == []


def test_no_state_is_kept_alive() -> None:
    state = _midhand()
    tp.legal_actions(state)
    tp.view(state, 0)
    ref = weakref.ref(state)
    del state
    assert ref() is None


# --- no module-level cache touched by the engine ---------------------------------------

_OUTSIDE_CORE = (".server", ".batch", ".odds")
_WRITE_MEMOS = {
    ("teenpatti_rules.io.messages", "_FRAGMENTS"),
    ("teenpatti_rules.io.messages", "_LOGS"),
}
"""view_to_json's memo of the JSON text of records it wrote (by identity, holding each
record so that its id is never reused while kept; bounded; docs/limits.rst "Caches"):
it only saves writing the same record twice and never changes a result."""


def _snapshot(value: Any) -> Any:
    """What a container holds (keys and the identity of values), or a cache's size."""
    if isinstance(value, dict):
        return [(key, id(item)) for key, item in value.items()]
    if isinstance(value, list | bytearray):
        return [id(item) for item in value]
    if isinstance(value, set):
        return frozenset(value)
    if isinstance(value, weakref.WeakValueDictionary | weakref.WeakKeyDictionary):
        return len(value)
    if isinstance(value, functools._lru_cache_wrapper):
        return value.cache_info().currsize
    return None


def _core_globals() -> dict[tuple[str, str], tuple[int, Any]]:
    """Every module-level name of the core: the identity of its value and, for a
    container or a cache, what it holds.
    """
    found: dict[tuple[str, str], tuple[int, Any]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("teenpatti_rules") or any(
            name.startswith(f"teenpatti_rules{part}") for part in _OUTSIDE_CORE
        ):
            continue
        for key, value in list(vars(module).items()):
            if (name, key) not in _WRITE_MEMOS:
                found[(name, key)] = (id(value), _snapshot(value))
    return found


def _session(rules: tp.Rules, seed: int) -> None:
    """Random play with views, JSON and the seat lists: what a game loop calls."""
    for state in _played(seed=seed, steps=400, rules=rules):
        tp.legal_actions(state, 1)
        tp.is_legal(state, tp.Pack(1))
        tp.view_to_json(tp.view(state, 0))
        pickle.loads(pickle.dumps(state)).pot  # noqa: B018 (a state from elsewhere)
        tp.legal_actions(attrs.evolve(state))


@pytest.mark.parametrize(
    "fields", [{}, {"ranking": "muflis"}, {"wild": "joker"}, {"draw_price": 1}], ids=str
)
def test_playing_touches_no_module_level_container(fields: dict[str, Any]) -> None:
    """The same session played again with an equal but new :class:`~teenpatti_rules.rules.Rules`
    (and new states) finds every cache entry it needs by value: nothing at module level
    changes, so the engine's cost cannot depend on what else is alive.
    """
    _session(tp.Rules(**fields), seed=11)  # fills what is built once per table
    before = _core_globals()
    _session(tp.Rules(**fields), seed=11)
    assert _core_globals() == before
