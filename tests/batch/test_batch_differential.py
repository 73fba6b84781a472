"""Differential test: every table of the batch engine equals the reducer after every step.

Random tables (3-7 players, random stacks per table, pot limits, blind-bet limits,
V1, V2, V4, V5, V7) and random legal ids: after each step every row's phase, actor, pot,
stake, seats (stack, in_hand, seen, all_in, blind_bets, contributed, cards), the
actor's mask and the result are those of the reducer (R1-R44), which is driven with
the same actions; ``to_state`` rebuilds the reducer's state exactly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from batch_helpers import assert_row_equals, random_actions, reducer_action, reducer_start
from hypothesis import given, settings
from hypothesis import strategies as st

import teenpatti_rules as tp
from teenpatti_rules.batch import BatchEnv

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
            },
        )
    )
    rules = tp.Rules(
        boot=boot,
        max_blind_bets=draw(st.none() | st.integers(0, 4)),  # R23, V5
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


def run(table: dict[str, Any], steps: int, tables: int = TABLES) -> int:
    """Play ``steps`` steps at ``tables`` tables, checking every row every step;
    returns how many hands ended."""
    rules, players = table["rules"], table["players"]
    rng = np.random.default_rng(table["seed"])
    stacks = rng.integers(rules.boot, rules.boot * table["big"] + 1, size=(tables, players))
    env = BatchEnv(rules, players, autoreset=table["autoreset"], dealer=table["dealer"])
    batch = env.init(seed=table["seed"], n=tables, stacks=stacks)
    states = [reducer_start(rules, batch, i) for i in range(tables)]
    hands = 0
    for i in range(tables):
        assert_row_equals(batch, i, states[i])
    for _ in range(steps):
        if not env.autoreset and batch.terminated.all():
            break
        actions = random_actions(rng, batch.legal_action_mask, table["pack_weight"])
        before = batch
        batch = env.step(batch, actions)
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
                assert env.to_state(batch, i) == states[i]
    row = int(rng.integers(tables))
    assert env.to_state(batch, row) == states[row]
    return hands


@given(batch_tables())
def test_every_row_equals_the_reducer(table: dict[str, Any]) -> None:
    run(table, steps=60)


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
    assert run(table, steps=400, tables=TABLES * scale) >= 200 * scale
