"""The compiled kernel (numba) against the numpy engine: every field of every table
equal after every step (the history and the decks as read), over random tables
(R1-R44, V1, V2, V3 range and no-limit sizings, V4, V5, V7, V8 wild ranks,
lowest/highest, joker/hukam indicators (W5) and printed jokers, W4, V12-V17 (split
sideshows too), V20 draws, V22) with autoreset on and off; the same refusals;
nothing imported at ``import teenpatti_rules``.

The kernel is compiled once per machine and cached on disk (``cache=True``): the
first test session pays the compile (about 20-40 s on a loaded 2-core machine), the
later ones load it.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from batch_helpers import assert_same_state, random_actions
from hypothesis import given, settings
from test_batch_differential import batch_tables

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.config import kernel_refusal

numba_only = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="numba is not installed (the fast extra)"
)


def _pair(table: dict[str, Any]) -> tuple[BatchEnv, BatchEnv]:
    kwargs = {"autoreset": table["autoreset"], "dealer": table["dealer"]}
    return (
        BatchEnv(table["rules"], table["players"], backend="numpy", **kwargs),
        BatchEnv(table["rules"], table["players"], backend="numba", **kwargs),
    )


def _assert_equal(a: Any, b: Any, where: str) -> None:
    assert_same_state(a, b, where)


@numba_only
@given(table=batch_tables())
def test_the_kernel_equals_numpy_field_by_field(table: dict[str, Any]) -> None:
    # Every table the engine plays, V17's split sideshows and V20's draws included.
    assert kernel_refusal(table["rules"]) is None
    _play_both(table, steps=settings().stateful_step_count)


def _play_hands(
    rules: tp.Rules, players: int, *, seed: int, big: int, pack_weight: float, tables: int
) -> None:
    """:func:`_play_both` over many hands (autoreset, the dealer drawn) for twice the
    profile's ``stateful_step_count`` steps (100 under ci), stacks up to ``big`` boots."""
    table = {
        "rules": rules,
        "players": players,
        "seed": seed,
        "big": big,
        "dealer": None,
        "pack_weight": pack_weight,
        "autoreset": True,
    }
    _play_both(table, steps=2 * settings().stateful_step_count, tables=tables)


def _play_both(table: dict[str, Any], steps: int, tables: int = 16) -> None:
    """Step the numpy engine and the kernel with the same random legal ids, every field
    of every table equal after every step, the kernel's input never written."""
    slow, fast = _pair(table)
    assert (slow.backend, fast.backend) == ("numpy", "numba")
    rng = np.random.default_rng(table["seed"])
    rules, players = table["rules"], table["players"]
    low = rules.leaving_stack  # V18: from 1 chip on a tournament table
    stacks = rng.integers(low, rules.boot * table["big"] + 1, size=(tables, players))
    a = slow.init(seed=table["seed"], n=tables, stacks=stacks)
    b = fast.init(seed=table["seed"], n=tables, stacks=stacks)
    _assert_equal(a, b, "init")
    for step in range(steps):
        actions = random_actions(rng, a.legal_action_mask, table["pack_weight"])
        kept = _raw(b)
        a, b_next = slow.step(a, actions), fast.step(b, actions)
        _assert_equal(a, b_next, f"step {step}")
        for name, array in _raw(b).items():  # the kernel never writes its input
            assert np.array_equal(kept[name], array), name
        b = b_next


@numba_only
@pytest.mark.parametrize(
    "options",
    [
        {"bet_sizing": "range", "raise_cap": 2},
        {"bet_sizing": "range", "raise_cap": 4, "stake_limit": 6},
        {"bet_sizing": "range", "raise_cap": 7, "max_blind_bets": None},
        {"bet_sizing": "range", "raise_cap": 10**9, "pot_limit": None},
        {"bet_sizing": "no_limit"},
        {"bet_sizing": "no_limit", "stake_limit": 9, "show_cost_multiplier": 2},
        {"bet_sizing": "no_limit", "max_blind_bets": None, "pot_limit": None},
        {"bet_sizing": "no_limit", "forced_blinds": "small_big", "sideshow_target": "next"},
    ],
)
@pytest.mark.parametrize("big", [5, 60])
def test_the_kernel_plays_v3_as_numpy(options: dict[str, Any], big: int) -> None:
    """V3 on the kernel: the encoding's alphabet (16 ids on a range table, 24 on a
    no-limit one), each bet id the amount it names, every field equal to the numpy
    engine's after every step: caps from R24's double to beyond any stack, V4's stake
    limit cutting the grid, odd whole-stack bets when seen, short and deep stacks."""
    rules = tp.Rules(boot=2, **options)
    width = 16 if rules.bet_sizing == "range" else 24
    assert BatchEnv(rules, 4, backend="numba").num_actions == width
    _play_hands(rules, 4, seed=99, big=big, pack_weight=0.05, tables=24)


@pytest.mark.soak(traced=("options6-6",))
@numba_only
@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"wild": "joker"}, 4),  # the joker preset
        ({"wild": "hukam"}, 6),  # the hukam preset
        ({"jokers": 2}, 5),  # the two-jokers preset: 54 cards
        ({"jokers": 3, "hand_size": 4, "wild_ties": "natural_wins"}, 7),  # 55 cards, 28 dealt
        ({"jokers": 1, "sequence_order": "classic", "wild_ties": "more_wilds_win"}, 3),
        ({"wild": "joker", "hand_size": 5, "wild_ties": "natural_wins"}, 5),  # 26 cards
        ({"wild": "hukam", "hand_size": 2, "wild_ties": "more_wilds_win"}, 6),  # imagined card
        ({"wild": "joker", "high_235": True, "dealer_boots": 2, "pot_limit": 40}, 3),
        ({"wild": "hukam", "bet_sizing": "no_limit", "forced_blinds": "small_big"}, 4),
    ],
)
def test_the_kernel_plays_v8_indicators_and_jokers_as_numpy(
    options: dict[str, Any], players: int
) -> None:
    """V8 on the kernel: each table's indicator is its deck card after the hands (W5),
    the deck has 52 + ``jokers`` cards, each hand is ranked under its own table's
    indicator (W1-W4); every field equals the numpy engine's after every step, over
    many hands (autoreset) and both V12 extremes (a deck of 26 dealt cards and the
    indicator; two cards and the imagined one)."""
    rules = tp.Rules(boot=1, **options)
    assert kernel_refusal(rules) is None
    assert BatchEnv(rules, players).backend == "numba"  # auto prefers the kernel
    _play_hands(rules, players, seed=23, big=12, pack_weight=0.2, tables=32)


@pytest.mark.soak(traced=("options1-7-3",))
@numba_only
@pytest.mark.parametrize(
    ("options", "players", "big"),
    [
        ({}, 3, 3),  # short stacks: side pots (R41) and R12's showdowns at the deal
        ({"hand_size": 2, "wild_ties": "natural_wins"}, 7, 3),  # many ties (V12)
        ({"hand_size": 2, "sequence_order": "classic"}, 6, 40),  # V1 ranks the flushes
        ({"wild": "hukam", "pot_limit": 12}, 5, 12),  # after the indicator (W5)
        ({"jokers": 3, "hand_size": 4, "wild_ties": "natural_wins"}, 7, 4),  # jokers passed
        ({"ranking": "muflis", "show_cost_multiplier": 2}, 4, 12),  # flushes rank by R13-R16
        ({"wild_ranks": "AK47", "forced_blinds": "small_big"}, 5, 3),
    ],
)
def test_the_kernel_plays_v16_open_flushes_as_numpy(
    options: dict[str, Any], players: int, big: int
) -> None:
    """V16 on the kernel: a showdown (R12, R37, R38, R40, V14, V15; not a show, R35)
    that leaves players tied for a slice plays open flushes from the rest of the hand's
    deck, slice by slice from the lowest (R41), one flush for every slice the same
    players tied for, the slice split as R18 when the deck runs out; every field equals
    the numpy engine's after every step."""
    rules = tp.Rules(boot=1, ties="open_flush", **options)
    assert kernel_refusal(rules) is None
    assert BatchEnv(rules, players).backend == "numba"  # auto prefers the kernel
    _play_hands(rules, players, seed=16, big=big, pack_weight=0.1, tables=64)


@pytest.mark.soak
@numba_only
@pytest.mark.parametrize(
    ("options", "players", "big"),
    [
        ({"draw_price": 1, "max_draws": 3}, 4, 20),  # the draw preset's numbers
        ({"draw_price": 2, "max_draws": 2, "pot_limit": 30}, 5, 12),  # R37 after a draw
        ({"draw_price": 1, "max_draws": 5, "max_players": 17}, 17, 40),  # the deck runs out
        ({"draw_price": 1, "max_draws": 4, "jokers": 2, "ties": "open_flush"}, 7, 40),
        ({"draw_price": 1, "wild": "hukam", "max_turns": 3, "table_show_after": 2}, 6, 40),
        ({"draw_price": 3, "bet_sizing": "no_limit", "sideshow_split": True}, 4, 40),
        ({"sideshow_split": True}, 5, 20),
        ({"sideshow_split": True, "pot_limit": 30, "boot": 2}, 5, 12),  # R38 cancels it
        ({"sideshow_split": True, "sideshow_target": "next", "bet_sizing": "range"}, 6, 4),
    ],
)
def test_the_kernel_plays_v20_draws_and_v17_split_sideshows_as_numpy(
    options: dict[str, Any], players: int, big: int
) -> None:
    """V20 and V17's split on the kernel: a draw pays ``draw_price`` a card, its new
    cards come from the rest of the deck (after the hands, the indicator, W5, and the
    cards drawn before) into the discarded places, the hand is ranked again, and open
    flushes (V16) deal after the cards drawn; a split sideshow's asker pays half its
    chaal, the asked player or the asker the other half. Every field (``seat_drawn``
    too) equals the numpy engine's after every step."""
    rules = tp.Rules(**{"boot": 1, **options})
    assert kernel_refusal(rules) is None
    assert BatchEnv(rules, players).backend == "numba"  # auto prefers the kernel
    table = {
        "rules": rules,
        "players": players,
        "seed": 20,
        "big": big,
        "dealer": None,
        "pack_weight": 0.05,
        "autoreset": True,
    }
    _play_both(table, steps=100, tables=32)


@numba_only
def test_an_option_the_kernel_refuses_goes_to_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hook ``kernel_refusal`` (None for every table today): an option it names
    makes ``backend="auto"`` pick numpy and ``backend="numba"`` refuse, naming it."""
    from teenpatti_rules.batch import env as env_module

    monkeypatch.setattr(env_module, "kernel_refusal", lambda rules: "Rules.x=1 (V0)")
    assert BatchEnv(tp.Rules(), players=3).backend == "numpy"
    with pytest.raises(ValueError, match=r"kernel does not play Rules\.x=1 \(V0\)"):
        BatchEnv(tp.Rules(), players=3, backend="numba")


@numba_only
def test_auto_picks_the_kernel_for_v3() -> None:
    """``backend="auto"`` steps V3's range and no-limit tables with the kernel."""
    for sizing in ("range", "no_limit"):
        assert BatchEnv(tp.Rules(bet_sizing=sizing), players=3).backend == "numba"


@numba_only
def test_the_kernel_refuses_v3_ids_as_numpy_does() -> None:
    """On a no-limit table (24 ids) an id past the alphabet and a sideshow amount id of
    a blind player (R30) are refused by both backends with the same message."""
    for backend in ("numpy", "numba"):
        env = BatchEnv(tp.Rules(bet_sizing="no_limit"), players=3, stacks=20, backend=backend)
        s = env.init(seed=1, n=2)
        with pytest.raises(ValueError, match=r"ids 0\.\.23"):
            env.step(s, np.array([24, 2]))
        with pytest.raises(ValueError, match=r"action 23 is not legal at table 0 \(seat"):
            env.step(s, np.array([23, 2]))  # SIDESHOW_MAX


def _raw(state: Any) -> dict[str, np.ndarray]:
    return {
        f.name: np.array(getattr(state, f.name))
        for f in dataclasses.fields(state)
        if f.name != "history_tail"
    }


@numba_only
def test_the_kernel_refuses_as_numpy_does() -> None:
    for backend in ("numpy", "numba"):
        env = BatchEnv(tp.Rules(), players=3, backend=backend)
        s = env.init(seed=1, n=3)
        with pytest.raises(ValueError, match=r"action 6 is not legal at table 0 \(seat"):
            env.step(s, np.array([6, 2, 2]))
        with pytest.raises(ValueError, match=r"ids 0\.\.9"):
            env.step(s, np.array([12, 2, 2]))
        with pytest.raises(ValueError, match=r"ids 0\.\.9"):
            env.step(s, np.array([-1, 2, 2]))
        with pytest.raises(ValueError, match="actions must be 3 integers"):
            env.step(s, np.array([2.0, 2, 2]))
        with pytest.raises(ValueError, match="not a state of this environment"):
            BatchEnv(tp.Rules(), players=4, backend=backend).step(s, np.zeros(3, dtype=int))


def test_backend_choice_is_checked() -> None:
    with pytest.raises(ValueError, match="backend must be one of auto, numba, numpy"):
        BatchEnv(tp.Rules(), players=3, backend="jax")
    assert BatchEnv(tp.Rules(), players=3, backend="numpy").backend == "numpy"


def test_numba_missing_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(ImportError, match=r"pip install numba .*\[fast\]"):
        BatchEnv(tp.Rules(), players=3, backend="numba")
    assert BatchEnv(tp.Rules(), players=3).backend == "numpy"  # auto falls back


def test_importing_the_library_compiles_nothing() -> None:
    """No numba import (so no JIT) at ``import teenpatti_rules`` nor at ``import
    teenpatti_rules.batch``: numba loads only when an environment steps with it."""
    code = (
        "import sys, teenpatti_rules, teenpatti_rules.batch\n"
        "assert 'numba' not in sys.modules, 'numba imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@numba_only
def test_the_kernel_side_random_policy_plays_legal_ids() -> None:
    """The benchmark's policy: always a legal id; the same arguments, the same ids;
    PACK (weight 0.01) is rarely chosen where other ids are legal."""
    from teenpatti_rules.batch.kernel import random_legal_actions

    env = BatchEnv(tp.Rules(), players=4, backend="numpy")
    mask = np.array(env.init(seed=2, n=2000).legal_action_mask)
    ids = random_legal_actions(mask, 5, 0, 0.01)
    assert mask[np.arange(2000), ids].all()
    assert np.array_equal(ids, random_legal_actions(mask, 5, 0, 0.01))
    assert (ids == 0).mean() < 0.02  # four legal ids each (R22-R24): PACK 0.01 / 3.01
    # A weighted choice: with PACK weighted 1, each of the four legal ids about 1/4.
    even = random_legal_actions(mask, 5, 0, 1.0)
    for legal_id in np.flatnonzero(mask[0]):
        assert 0.2 < (even == legal_id).mean() < 0.3
    # Weighted 3 (as the benchmark's 0.3 against 1, scaled): PACK 3 / 6 of the draws.
    assert 0.45 < (random_legal_actions(mask, 5, 1, 3.0) == 0).mean() < 0.55


@numba_only
def test_a_kernel_state_pickles_and_steps_on() -> None:
    """A state stepped by the kernel (one packed buffer) survives pickling field by
    field, and the unpickled copy steps on as the original does (R1-R44)."""
    import pickle

    env = BatchEnv(tp.Rules(), players=4, autoreset=True, backend="numba")
    rng = np.random.default_rng(3)
    state = env.init(seed=5, n=8)
    for _ in range(5):
        state = env.step(state, random_actions(rng, state.legal_action_mask))
    copy = pickle.loads(pickle.dumps(state))
    _assert_equal(state, copy, "pickled")
    actions = random_actions(rng, state.legal_action_mask)
    _assert_equal(env.step(state, actions), env.step(copy, actions), "stepped")


@numba_only
def test_one_compiled_kernel_whatever_the_caller_passes() -> None:
    """Read-only or other-typed actions, and pickled or copied states (whose arrays
    pickle gives back writable), step on the one compiled kernel: none of them
    compiles it again (a compile is half a minute of CPU), and a restored state's
    arrays are read-only as every state's are."""
    import copy
    import pickle

    from teenpatti_rules.batch.backend import kernel_module

    env = BatchEnv(tp.Rules(), players=3, autoreset=True, backend="numba")
    state = env.step(env.init(seed=2, n=4), np.full(4, 2, dtype=np.int32))  # CHAAL
    compiled = len(kernel_module().step_packed.signatures)
    read_only = np.full(4, 2, dtype=np.int32)
    read_only.flags.writeable = False
    for actions in (read_only, np.full(4, 2, dtype=np.int64), [2, 2, 2, 2], np.full(8, 2)[::2]):
        env.step(state, actions)
    for restored in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert not restored.pot.flags.writeable and not restored.seat_stack.flags.writeable
        env.step(restored, np.full(4, 2, dtype=np.int32))
    assert len(kernel_module().step_packed.signatures) == compiled
