"""Differential test: every table of the batch engine equals the reducer after every step.

Random tables (3-7 players, random stacks per table, pot limits, blind-bet limits,
V1, V2, V3 range and no-limit sizings, V4, V5, V7, the hand orders, V8 wild ranks, lowest/highest wild cards,
joker / hukam indicators (W5) and printed jokers with every W4 tie rule,
V16 open flush, V12 hand sizes 2, 4 and 5, V13 dealer boots, V14 table shows, V15
turn limits, V17 sideshow target and reveal, V17 split sideshows and V20 draws, V18
boot schedules with stacks from 1 chip, V21, V22 forced blinds) and random legal ids,
on both backends in lockstep (the compiled kernel when numba is installed): after each
step every row's phase, actor, pot, stake, seats (stack, in_hand, seen, all_in,
blind_bets, contributed, cards), the actor's mask and the result are those of the
reducer (R1-R44), which is driven with the same actions, and the kernel's state
equals the numpy engine's field by field (the reducer, the slow side, is played once
for both); ``to_state`` rebuilds the reducer's state exactly.
"""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest
from batch_helpers import (
    assert_row_equals,
    assert_same_state,
    random_actions,
    reducer_action,
    reducer_start,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv
from teenpatti_rules.batch.config import kernel_refusal
from teenpatti_rules.presets import PRESETS

NUMBA = importlib.util.find_spec("numba") is not None

TABLES = 8


@st.composite
def batch_tables(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(3, 7))
    boot = draw(st.integers(1, 3))
    options: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "sequence_order": st.sampled_from(["standard", "classic"]),  # V1
                "show_cost_multiplier": st.sampled_from([1, 2]),  # V2
                "stake_limit": st.integers(boot, boot * 8),  # V4
                "suit_order": st.permutations("shdc").map("".join),  # V7
                "ranking": st.sampled_from(["standard", "muflis", "999"]),
                "wild_ranks": st.sampled_from(["AK47", "2", "JQ23"]),  # V8
                "wild": st.sampled_from(["lowest", "highest", "joker", "hukam"]),  # V8, W5
                "jokers": st.integers(1, 3),  # V8 printed jokers
                "ties": st.just("open_flush"),  # V16
                "wild_ties": st.sampled_from(["natural_wins", "more_wilds_win"]),  # W4
                "dealer_boots": st.integers(2, 4),  # V13
                "button": st.just("winner"),  # V21 (no effect within one hand)
                "table_show_after": st.integers(1, 3),  # V14
                "max_turns": st.integers(1, 4),  # V15
                "sideshow_target": st.just("next"),  # V17
                "sideshow_reveal": st.just("private"),  # V17 (views only)
                "sideshow_split": st.just(True),  # V17
                "hand_size": st.sampled_from([2, 4, 5]),  # V12
                "forced_blinds": st.sampled_from(["dealer", "small_big"]),  # V22
                "bet_sizing": st.sampled_from(["range", "no_limit"]),  # V3
                "raise_cap": st.integers(2, 9),  # V3 (range)
                "draw_price": st.integers(1, 3),  # V20
                "max_draws": st.integers(1, 5),  # V20
                "boot_schedule": st.just(((1, boot), (2, boot + 1))),  # V18
            },
        )
    )
    # Keep combinations the Rules accept (RULES.md V7-V12 refuses some).
    if "wild_ranks" in options:  # V8: one field sets the wild cards
        options.pop("wild", None)
    if "wild_ranks" in options or "wild" in options:
        options.pop("jokers", None)
    if options.get("hand_size", 3) != 3 and options.get("wild") in ("lowest", "highest"):
        del options["wild"]  # the batch engine refuses V8's lowest/highest wild rank
        # with V12 (the whole hand's)
    if options.get("hand_size", 3) == 2:
        options.pop("jokers", None)  # V8: printed jokers are refused with hand_size 2
    wilds = {"wild_ranks", "wild", "jokers"} & options.keys()
    if not wilds and options.get("hand_size", 3) != 2:
        options.pop("wild_ties", None)
    if "suit_order" in options and (options.get("ranking", "standard") != "standard" or wilds):
        del options["suit_order"]
    if wilds:  # V8 is refused with V9 and V10
        options.pop("ranking", None)
    if options.get("bet_sizing") != "range":
        options.pop("raise_cap", None)
    if options.get("hand_size", 3) != 3:  # V20: draws only with three cards
        options.pop("draw_price", None)
    if "draw_price" not in options:
        options.pop("max_draws", None)
    try:
        tp.Rules(**options)
    except ValueError:
        options = {}
    max_blind_bets = draw(st.none() | st.integers(0, 4))  # R23, V5
    if max_blind_bets == 0:
        options.pop("forced_blinds", None)  # V22 needs a blind bet
    rules = tp.Rules(
        boot=boot,
        max_blind_bets=max_blind_bets,
        pot_limit=draw(st.none() | st.integers(boot * players, 120)),  # R12, R37, R38
        **options,
    )
    big = draw(st.sampled_from([4, 12, 40]))
    return {
        "rules": rules,
        "players": players,
        "seed": draw(st.integers(0, 2**40)),
        "big": big,
        "dealer": draw(st.none() | st.integers(0, players - 1)),
        "pack_weight": draw(st.sampled_from([0.05, 0.3, 1.0])),
        "autoreset": draw(st.booleans()),
    }


BACKENDS = [
    "numpy",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(not NUMBA, reason="numba is not installed (the fast extra)"),
    ),
]


LOCKSTEP = ("numpy", "numba") if NUMBA else ("numpy",)
"""The backends :func:`run` plays side by side by default: numpy, and the compiled
kernel when numba is installed."""


def run(
    table: dict[str, Any], steps: int, tables: int = TABLES, backends: tuple[str, ...] = LOCKSTEP
) -> int:
    """Play ``steps`` steps at ``tables`` tables on each of ``backends`` in lockstep (the
    same ids every step), checking every row every step; returns how many hands ended.

    The first backend's rows are checked against the reducer field by field, and every
    other backend's state equals the first's, array by array
    (:func:`batch_helpers.assert_same_state`), after every step: each backend's rows
    equal the reducer's, which is played once for all of them (the reducer is the slow
    side). ``to_state`` of every backend rebuilds the reducer's state where a hand ends."""
    rules, players = table["rules"], table["players"]
    assert kernel_refusal(rules) is None
    rng = np.random.default_rng(table["seed"])
    # V18: a tournament table takes stacks from 1 chip (at most the boot: all-in, R9).
    stacks = rng.integers(
        rules.leaving_stack, rules.boot * table["big"] + 1, size=(tables, players)
    )
    envs = [
        BatchEnv(
            rules, players, autoreset=table["autoreset"], dealer=table["dealer"], backend=backend
        )
        for backend in backends
    ]
    assert [env.backend for env in envs] == list(backends)
    env = envs[0]
    batches = [each.init(seed=table["seed"], n=tables, stacks=stacks) for each in envs]
    batch = batches[0]
    for other, name in zip(batches[1:], backends[1:], strict=True):
        assert_same_state(other, batch, f"{name} at the deal")
    states = [reducer_start(rules, batch, i) for i in range(tables)]
    hands = 0
    for i in range(tables):
        assert_row_equals(batch, i, states[i])
    for step in range(steps):
        if not env.autoreset and batch.terminated.all():
            break
        actions = random_actions(rng, batch.legal_action_mask, table["pack_weight"])
        before = batch
        batches = [each.step(b, actions) for each, b in zip(envs, batches, strict=True)]
        batch = batches[0]
        for other, name in zip(batches[1:], backends[1:], strict=True):
            assert_same_state(other, batch, f"{name} after step {step}")
        for i in range(tables):
            if before.terminated[i]:
                if env.autoreset:
                    assert int(batch.hand_index[i]) == int(before.hand_index[i]) + 1
                    states[i] = reducer_start(rules, batch, i)
                else:
                    assert not batch.rewards[i].any()
            else:
                states[i] = tp.apply(states[i], reducer_action(states[i], int(actions[i])))
            ended_now = not before.terminated[i] or env.autoreset
            assert_row_equals(batch, i, states[i], ended_now=ended_now)
            if batch.terminated[i] and not before.terminated[i]:
                hands += 1
                for each, b in zip(envs, batches, strict=True):
                    assert each.to_state(b, i) == states[i], each.backend
    row = int(rng.integers(tables))
    for each, b in zip(envs, batches, strict=True):
        assert each.to_state(b, row) == states[row], each.backend
    return hands


@pytest.mark.soak
@given(table=batch_tables())
def test_every_row_equals_the_reducer(table: dict[str, Any]) -> None:
    """Steps per example: the profile's ``stateful_step_count`` (50 under ci, 100 under
    deep), each checking all TABLES rows."""
    run(table, steps=settings().stateful_step_count)


@pytest.mark.soak
@pytest.mark.parametrize("name", ["default", *sorted(PRESETS)])
def test_every_playable_preset_equals_the_reducer(name: str) -> None:
    """Every preset the batch engine plays, against the reducer step by step; the
    others are refused naming a field (see test_batch_variants)."""
    rules = tp.Rules() if name == "default" else tp.Rules(**dict(PRESETS[name].fields))
    for backend in LOCKSTEP:
        try:
            BatchEnv(rules, 4, backend=backend)
        except ValueError as error:
            assert "Rules." in str(error)
            pytest.skip(f"not played by the batch engine: {error}")
    table = {
        "rules": rules,
        "players": 4,
        "seed": 7,
        "big": 12,
        "dealer": None,
        "pack_weight": 0.3,
        "autoreset": True,
    }
    run(table, steps=settings().stateful_step_count)


@pytest.mark.parametrize("forced", ["dealer", "small_big"])
def test_forced_blinds_with_short_stacks_equal_the_reducer(forced: str) -> None:
    """V22 with stacks of 1 to 3 boots: forced bets that empty a stack (all-in short of
    the bet, the stake staying, R26), skipped all-in seats, and hands that R40 ends
    before anyone acts; every row equals the reducer's after every step."""
    table = {
        "rules": tp.Rules(forced_blinds=forced, dealer_boots=2),
        "players": 4,
        "seed": 11,
        "big": 3,
        "dealer": None,
        "pack_weight": 0.3,
        "autoreset": True,
    }
    run(table, steps=settings().stateful_step_count)


@pytest.mark.soak
@pytest.mark.parametrize(
    "options",
    [
        # V8 W5: draws come after the indicator, strengths under it (found by the
        # random tables: a draw at a joker table took the indicator as a replacement)
        {"wild": "joker"},
        {"wild": "hukam"},
        {"jokers": 2},  # V8: a 54-card deck, the printed jokers drawn too
        {"ties": "open_flush", "wild_ranks": "AK47", "max_turns": 3},  # V16 after draws
    ],
)
def test_draws_with_indicators_jokers_and_open_flushes_equal_the_reducer(
    options: dict[str, Any],
) -> None:
    """V20 draws on V8 indicator and printed-joker tables and with V16's open flush
    (seven seats, three turns each: many tied showdowns): the cards drawn follow the
    hands and the indicator in the table's whole deck, a drawn hand is ranked under
    the indicator (W5), and an open flush deals from the deck after the cards drawn,
    as the reducer does; every row equals the reducer's after every step."""
    table = {
        "rules": tp.Rules(draw_price=1, max_draws=3, max_blind_bets=0, **options),
        "players": 7,
        "seed": 5,
        "big": 40,
        "dealer": None,
        "pack_weight": 0.02,
        "autoreset": True,
    }
    assert run(table, steps=settings().stateful_step_count, tables=16) > 0


@pytest.mark.soak
@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"dealer_boots": 2},  # V13: a short dealer posts all of it
        {"forced_blinds": "small_big"},  # V22 after short boots
        {"bet_sizing": "no_limit"},  # V3
    ],
)
def test_tournament_short_stacks_equal_the_reducer(fields: dict[str, Any]) -> None:
    """V18 with stacks of 1 chip to 3 boots: stacks at most the boot post all of it and
    are all-in at the deal (R9), hands that R12 ends at the deal, short all-ins (R26),
    R40 showdowns and R41 slices; every row equals the reducer's after every step."""
    table = {
        "rules": tp.Rules(boot=3, boot_schedule=((1, 3), (11, 6)), **fields),
        "players": 5,
        "seed": 23,
        "big": 3,
        "dealer": None,
        "pack_weight": 0.3,
        "autoreset": True,
    }
    run(table, steps=60)


@pytest.mark.soak
@given(st.just(0))
def test_thousands_of_hands(_: int) -> None:
    """Hands under the default table with small stacks, on autoreset, all checked:
    about 200 in the CI profile, 20 times more in the deep ("thorough") profile."""
    table = {
        "rules": tp.Rules(),
        "players": 5,
        "seed": 2026,
        "big": 12,
        "dealer": None,
        "pack_weight": 0.3,
        "autoreset": True,
    }
    scale = max(1, settings().max_examples // 50)
    assert run(table, steps=400, tables=TABLES * scale, backends=("numpy",)) >= 200 * scale
