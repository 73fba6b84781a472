"""Every Rules field (V1-V21) in every adapter: each plays a few random masked episodes
of a table with that field changed, or refuses it with a ValueError naming the field;
the framework conformance tests on the variant tables (V3, V8, V12, V20); and the
batch engine refuses every field it does not play, naming it (issue 13)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import teenpatti_rules as tp  # noqa: E402
from strategies import FIELD_CASES  # noqa: E402
from teenpatti_rules import encoding as enc  # noqa: E402
from teenpatti_rules.adapters import openspiel as tos  # noqa: E402
from teenpatti_rules.adapters import pettingzoo as tpz  # noqa: E402
from teenpatti_rules.adapters.gymnasium import TeenPattiEnv  # noqa: E402
from teenpatti_rules.presets import PRESETS  # noqa: E402

CASES = list(FIELD_CASES) + [dict(preset.fields) for preset in PRESETS.values()]
IDS = [",".join(f"{k}={v}" for k, v in case.items())[:40] or "default" for case in CASES]


def _rules(case: dict[str, Any]) -> tp.Rules:
    return tp.Rules(**case)


def _refused(error: ValueError, case: dict[str, Any]) -> None:
    assert any(name in str(error) for name in case), f"{error} names none of {list(case)}"


def _pettingzoo(rules: tp.Rules, seed: int) -> None:
    env = tpz.raw_env(num_players=3, rules=rules, session=rules.hand_limit is not None)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    size = enc.observation_size(3, rules)
    for agent in env.agent_iter(max_iter=5000):
        obs, _, terminated, truncated, _ = env.last()
        assert obs["observation"].shape == (size,)
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal), f"{agent} to act has an all-zero mask"
        env.step(int(rng.choice(legal)))


def _gymnasium(rules: tp.Rules, seed: int) -> None:
    env = TeenPattiEnv(num_players=3, rules=rules, opponents="random")
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(5000):
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(info["action_mask"])
        obs, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            return
    raise AssertionError("episode did not end")


def _openspiel(case: dict[str, Any], seed: int) -> None:
    text = ";".join(f"{k}={_text(v)}" for k, v in case.items() if k != "hand_limit")
    game = pyspiel.load_game("python_teen_patti", {"rules": text})
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sum(state.returns()) == 0


def _text(value: object) -> str:
    if isinstance(value, tuple):
        return str([list(pair) for pair in value]).replace(" ", "")
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)


@pytest.mark.soak(traced=("ranking=999_0", "ranking=muflis0", "high_235=True0", "rebuy=True"))
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_adapters_play_or_refuse_every_field(case: dict[str, Any]) -> None:
    rules = _rules(case)
    runs: list[Callable[[int], None]] = [
        partial(_pettingzoo, rules),
        partial(_gymnasium, rules),
        partial(_openspiel, case),
    ]
    for seed in range(3):
        for run in runs:
            try:
                run(seed)
            except ValueError as error:
                _refused(error, case)


def test_openspiel_parameters_name_bad_values() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        tos.game_rules({"variant": "nope"})
    with pytest.raises(ValueError, match="hand_limit"):
        tos.game_rules({"rules": "hand_limit=3"})
    with pytest.raises(ValueError, match="rules"):
        tos.game_rules({"rules": "no_such_field=1"})
    rules = tos.game_rules({"variant": "home", "rules": "draw_price=2"})
    assert (rules.stake_limit, rules.max_blind_bets, rules.draw_price) == (5, 3, 2)


CONFORMANCE = ["default", "no-limit", "joker", "two-jokers", "best-of-five", "draw"]


@pytest.mark.parametrize("variant", CONFORMANCE)
def test_pettingzoo_api_test_on_variants(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(tpz.env(rules=PRESETS[variant].rules()), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("variant", CONFORMANCE)
def test_gymnasium_check_env_on_variants(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(TeenPattiEnv(rules=PRESETS[variant].rules()), skip_render_check=True)


@pytest.mark.soak(traced=("draw",))
@pytest.mark.parametrize("variant", CONFORMANCE)
def test_openspiel_random_sim_on_variants(variant: str) -> None:
    game = pyspiel.load_game("python_teen_patti", {"variant": variant})
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_openspiel_deals_the_indicator_jokers_and_draw_cards() -> None:
    # joker table, 3 seats: 9 hand cards then the indicator (W5): 10 chance nodes.
    game = pyspiel.load_game("python_teen_patti", {"variant": "joker"})
    assert game.max_chance_outcomes() == 52
    state = game.new_initial_state()
    for card in tp.parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c 7h"):
        assert state.is_chance_node()
        state.apply_action(card.index)
    assert not state.is_chance_node()
    assert state.core.indicator == tp.parse_cards("7h")[0]
    # two printed jokers: 54 outcomes (X1, X2 are 52, 53, V8)
    game = pyspiel.load_game("python_teen_patti", {"variant": "two-jokers"})
    assert game.max_chance_outcomes() == 54
    # draw table (max_draws 2), 3 seats: 9 hand cards + 2 per seat for the draws (V20)
    game = pyspiel.load_game("python_teen_patti", {"variant": "draw"})
    assert game.num_distinct_actions() == 16  # 10 + DRAW_0 DRAW_1 DRAW_2 DRAW_01 DRAW_02 DRAW_12
    state = game.new_initial_state()
    count = 0
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
        count += 1
    assert count == 15 and state.core.deck_left == 6
