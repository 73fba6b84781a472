"""Hostile input to the adapters (issue 20: D2, D4, D7, D10, D15, D16, D24), each
refused with a clear error and no change of state.
"""

from __future__ import annotations

import subprocess
import sys
import types
from typing import Any

import numpy as np
import pytest

import teenpatti_rules as tp
from teenpatti_rules.limits import MAX_BET_BINS

# --- D16: action ids are ints, never converted ------------------------------------------

BAD_IDS = [2.9, "3", True, float("inf"), np.float64(2.0), np.array([2]), None, np.bool_(True)]


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
def test_pettingzoo_step_refuses_a_non_int_id(bad: Any) -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    env = raw_env(num_players=3)
    env.reset(seed=1)
    before = env.table
    with pytest.raises(TypeError, match="action id must be an int"):
        env.step(bad)
    assert env.table is before  # nothing played


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
def test_gymnasium_step_refuses_a_non_int_id(bad: Any) -> None:
    pytest.importorskip("gymnasium")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    env = TeenPattiEnv(num_players=3)
    env.reset(seed=1)
    before = env.table
    with pytest.raises(TypeError, match="action id must be an int"):
        env.step(bad)
    assert env.table is before


@pytest.mark.parametrize("good", [2, np.int64(2), np.int8(2), np.array(2), np.uint8(2)], ids=repr)
def test_numpy_integers_are_ids(good: Any) -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    env = raw_env(num_players=3)
    env.reset(seed=1)
    assert env.table is not None and env.table.actor is not None
    actor = env.table.actor
    env.step(good)  # CHAAL (id 2, R24): the actor's blind bet of the stake, 1 chip
    assert env.table.seats[actor].contributed == 2  # the boot (R9) + 1


# --- D15: reset, agent names, finished episodes ------------------------------------------


def test_pettingzoo_order_and_names() -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    env = raw_env(num_players=3)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before observe"):
        env.observe("player_0")
    env.reset(seed=3)
    for bad in ("player_9", "player_", 0, None):
        with pytest.raises(ValueError, match=r"agent must be one of player_0\.\.player_2"):
            env.observe(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="agent must be one of"):
        env.action_space("dealer")
    # play the hand out: everyone packs in turn (R29); then every agent steps None
    for _agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else 0)
    assert env.agents == []
    with pytest.raises(AssertionError, match="episode is over"):
        env.step(0)


def test_pettingzoo_checks_hold_under_python_O() -> None:
    pytest.importorskip("pettingzoo")
    code = (
        "from teenpatti_rules.adapters.pettingzoo import raw_env\n"
        "e = raw_env()\n"
        "try:\n    e.step(0)\nexcept AssertionError as error:\n    print('refused:', error)\n"
    )
    out = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.startswith("refused: reset() needs to be called before step")


def test_gymnasium_order() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    env = TeenPattiEnv(num_players=3)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.action_masks()
    env.reset(seed=0)
    terminated = False
    while not terminated:
        _, _, terminated, _, _ = env.step(0 if env.action_masks()[0] else 8)  # PACK
    with pytest.raises(gymnasium.error.ResetNeeded, match="episode is over"):
        env.step(0)


# --- D2: an automatic player acts only for its own seat ------------------------------------


def test_gymnasium_opponent_acting_for_another_seat_is_refused() -> None:
    pytest.importorskip("gymnasium")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    def meddler(view: tp.State, seat: int, rng: object) -> tp.Action:
        return tp.Look(2)  # seat 1's policy makes seat 2 look (R22 allows seat 2 to)

    env = TeenPattiEnv(num_players=3, learner=0, opponents={1: meddler, 2: tp.choose})
    with pytest.raises(ValueError, match="policy of seat 1 returned an action of seat 2"):
        env.reset(seed=0)


# --- D7: bet_bins is bounded --------------------------------------------------------------


@pytest.mark.parametrize("bins", [MAX_BET_BINS + 1, 10**9, 1, True, 5.0])
def test_bet_bins_is_bounded(bins: Any) -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv
    from teenpatti_rules.adapters.pettingzoo import raw_env

    with pytest.raises(ValueError, match=f"bet_bins must be an int from 2 to {MAX_BET_BINS}"):
        raw_env(num_players=3, bet_sizing="range", bet_bins=bins)
    with pytest.raises(ValueError, match=f"bet_bins must be an int from 2 to {MAX_BET_BINS}"):
        TeenPattiEnv(num_players=3, bet_sizing="range", bet_bins=bins)


def test_bet_bins_at_the_limit_work() -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    env = raw_env(num_players=3, bet_sizing="range", bet_bins=MAX_BET_BINS)
    env.reset(seed=0)
    # 10 fixed ids + 2·(K − 2) bins (V3 alphabet)
    assert env.action_space("player_0").n == 10 + 2 * (MAX_BET_BINS - 2)  # type: ignore[attr-defined]


def test_openspiel_bet_bins_is_bounded() -> None:
    pytest.importorskip("pyspiel")
    from teenpatti_rules.adapters import openspiel as tos

    with pytest.raises(ValueError, match=rf"bet_bins must be 2\.\.{MAX_BET_BINS}"):
        tos.TeenPattiGame({"bet_sizing": "range", "bet_bins": 10**9})
    game = tos.TeenPattiGame({"bet_sizing": "range", "bet_bins": MAX_BET_BINS})
    assert game.num_distinct_actions() == 10 + 2 * (MAX_BET_BINS - 2)


# --- D4: OpenSpiel chance outcomes ----------------------------------------------------


def _snapshot(state: Any) -> tuple[object, ...]:
    return (list(state.cards), state.dealer, state.core, state.history())


def test_openspiel_chance_outcomes_are_checked() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_teen_patti", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(tp.Card.parse("As").index)
    before = _snapshot(state)
    with pytest.raises(ValueError, match=r"chance outcome \d+ \(As\) is dealt"):
        state.apply_action(tp.Card.parse("As").index)
    assert _snapshot(state) == before
    with pytest.raises(ValueError, match=r"chance outcome 99 is not a card index 0\.\.51"):
        state.apply_action(99)
    assert _snapshot(state) == before
    with pytest.raises(ValueError, match="chance outcome 99 is not a card index"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 99)
    assert state.current_player() == pyspiel.PlayerId.CHANCE  # still dealing, no crash
    assert len(state.chance_outcomes()) == 51


def test_openspiel_dealer_node_outcomes_are_checked() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_teen_patti", {"players": 3, "dealer_mode": "random"})
    state = game.new_initial_state()
    before = _snapshot(state)
    with pytest.raises(ValueError, match=r"chance outcome 3 is not a seat 0\.\.2"):
        state.apply_action(3)
    with pytest.raises(ValueError, match="not a seat"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 7)
    assert _snapshot(state) == before


# --- D10: the perfect-recall tensor is bounded ---------------------------------------------


def test_openspiel_perfect_recall_tensor_is_bounded() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from teenpatti_rules.adapters import openspiel as tos

    params = {"players": 17, "boot": 100, "starting_boots": 1000}
    game = pyspiel.load_game("python_teen_patti", params)
    # 17 stacks of 100,000 chips: max_game_length = 2·1,700,000 + 2·17
    assert game.max_game_length() == 3_400_034
    (size,) = game.information_state_tensor_shape()
    assert size <= tos.MAX_RECALL_FLOATS
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    tensor = state.information_state_tensor(state.current_player())
    assert len(tensor) == size
    # the small default table keeps its whole history: 66 rows of 3 seats + 10 ids
    small = pyspiel.load_game("python_teen_patti", {"players": 3})
    assert small.information_state_tensor_shape() == [117 + 66 * 13]


# --- D24: parameter types named; no CLI import ----------------------------------------------


@pytest.mark.parametrize(
    ("params", "name"),
    [({"players": "x"}, "players"), ({"boot": 1.5}, "boot"), ({"variant": 3}, "variant")],
)
def test_openspiel_parameter_types_are_named(params: dict[str, Any], name: str) -> None:
    pytest.importorskip("pyspiel")
    from teenpatti_rules.adapters.openspiel import game_rules

    with pytest.raises(ValueError, match=f"parameter {name} must be"):
        game_rules(params)


def test_openspiel_rules_text_is_read_without_the_cli() -> None:
    pytest.importorskip("pyspiel")
    code = (
        "import sys\n"
        "from teenpatti_rules.adapters.openspiel import game_rules\n"
        "r = game_rules({'rules': 'bet_sizing=no_limit;draw_price=2;ranking=999'})\n"
        "print(r.bet_sizing, r.draw_price, r.ranking,"
        " any(m.startswith('teenpatti_rules.cli') for m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["no_limit", "2", "999", "False"]
    from teenpatti_rules.adapters.openspiel import game_rules

    with pytest.raises(ValueError, match="rules: unknown field 'colour'"):
        game_rules({"rules": "colour=red"})
    with pytest.raises(ValueError, match="rules: each item is field=value"):
        game_rules({"rules": "pot_limit"})
    with pytest.raises(ValueError, match="at most 1000 characters"):
        game_rules({"rules": "x" * 1001})


# --- open tables (S1–S9) and missing frameworks --------------------------------------------


def test_a_roster_that_can_change_is_refused() -> None:
    from teenpatti_rules.adapters._table import check_fixed_roster

    for field in ("open_table", "rebuy"):
        with pytest.raises(ValueError, match=f"rules.{field}=True: the RL adapters play a fixed"):
            check_fixed_roster(types.SimpleNamespace(**{field: True}))  # type: ignore[arg-type]
    check_fixed_roster(tp.Rules())  # a closed table (the default) is fine
    if hasattr(tp.Rules(), "open_table"):  # once the open-table fields exist (S2)
        pytest.importorskip("pettingzoo")
        from teenpatti_rules.adapters.pettingzoo import raw_env

        with pytest.raises(ValueError, match="open_table"):
            raw_env(num_players=3, rules=tp.Rules(open_table=True))


@pytest.mark.parametrize(
    ("module", "blocked", "package", "extra"),
    [
        ("gymnasium", "gymnasium", "gymnasium", "gymnasium"),
        ("pettingzoo", "pettingzoo", "pettingzoo gymnasium", "pettingzoo"),
        ("openspiel", "pyspiel", "open_spiel", "openspiel"),
    ],
)
def test_a_missing_framework_names_the_extra(
    module: str, blocked: str, package: str, extra: str
) -> None:
    code = (
        f"import sys\nsys.modules[{blocked!r}] = None\n"
        f"try:\n    import teenpatti_rules.adapters.{module}\n"
        "except ImportError as error:\n    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # the package is not on PyPI: the message names the packages and the clone's extra
    assert f"pip install {package} (from a clone: pip install -e '.[{extra}]'" in out.stdout
