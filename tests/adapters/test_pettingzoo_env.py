"""The PettingZoo adapter passes PettingZoo's own conformance tests."""

from __future__ import annotations

import pickle
import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test

import teenpatti_rules as tp
from teenpatti_rules.adapters import make
from teenpatti_rules.adapters import pettingzoo as tpz


@pytest.mark.parametrize(
    "kwargs",
    [
        {"num_players": 3},
        {"num_players": 7},
        {"num_players": 2, "rules": tp.Rules(min_players=2)},  # V6
        {"num_players": 4, "session": True, "stacks": [6, 8, 10, 12]},
        {"num_players": 3, "bet_sizing": "range", "obs_format": "rllib"},
        {"num_players": 3, "obs_format": "info", "max_turns": 3},
    ],
)
def test_api(kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. the all-zero mask of a finished agent
        api_test(tpz.env(**kwargs), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("n", [3, 7])
def test_seed(n: int) -> None:
    seed_test(lambda: tpz.env(num_players=n), num_cycles=500)


def test_render() -> None:
    render_test(tpz.env)
    e = tpz.env(render_mode="ansi")
    e.reset(seed=1)
    assert e.render().startswith("Hand 1: dealer ")


def _trajectory(e: object, steps: int) -> list[object]:
    out: list[object] = []
    for agent in e.agent_iter(steps):  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        out.append((agent, obs["observation"].tobytes(), reward, terminated, truncated))
        # deterministic: the highest legal id
        action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][-1])
        e.step(action)  # type: ignore[attr-defined]
    return out


def test_pickle_round_trip_continues_identically() -> None:
    e = tpz.env(num_players=4, session=True, stacks=[5, 5, 5, 5])
    e.reset(seed=11)
    _trajectory(e, 7)
    copy = pickle.loads(pickle.dumps(e))
    assert _trajectory(copy, 300) == _trajectory(e, 300)


def test_one_hand_episode_rewards_sum_to_zero() -> None:
    # A hand ends with one winner or a split pot; rewards are chip changes / boot (R41, R42).
    e = tpz.raw_env(num_players=3, rules=tp.Rules(boot=2))
    e.reset(seed=3)
    totals: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] = reward
        e.step(None if terminated or truncated else 0 if obs["action_mask"][0] else 8)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert e.table is not None and e.table.phase is tp.Phase.SESSION_OVER
    # everyone packs in turn: the last player in wins the 6 chips of boots (R39);
    # each of the two who packed lost its boot of 2 chips = 1 boot.
    assert sorted(totals.values()) == [-1.0, -1.0, 2.0]


def test_illegal_id_raises_in_raw_env_and_terminates_in_env() -> None:
    raw = tpz.raw_env(num_players=3)
    raw.reset(seed=1)
    with pytest.raises(tp.IllegalActionError, match="SHOW"):
        raw.step(6)  # three players in the hand: no show (R34)
    e = tpz.env(num_players=3)
    e.reset(seed=1)
    agent = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(6)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_make_knows_the_ids() -> None:
    e = make("teenpatti/teenpatti_range-v0", num_players=3)
    e.reset(seed=0)
    assert e.action_space("player_0").n == 16
    e = make("teenpatti/teenpatti_no_limit-v0", num_players=3)
    e.reset(seed=0)
    assert e.action_space("player_0").n == 24  # 10 + 7 bet bins + 7 sideshow bins (V3)
    with pytest.raises(ValueError, match="env_id"):
        make("teenpatti-v9")
