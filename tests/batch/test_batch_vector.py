"""The Gymnasium vector-env face of the batch engine (issue 25): spaces, the
observation equal to the encoding's for every table at every step (R43), rewards of
the seat that ended its hand (R42), next-step autoreset, and Gymnasium's own vector
wrappers running on it."""

from __future__ import annotations

import numpy as np
import pytest
from batch_helpers import random_actions

import teenpatti_rules as tp
from teenpatti_rules.encoding import observation

gymnasium = pytest.importorskip("gymnasium")

from teenpatti_rules.batch.vector import BatchVectorEnv  # noqa: E402


@pytest.mark.parametrize(
    "rules",
    [
        tp.Rules(),
        tp.Rules(max_blind_bets=None, pot_limit=60, show_cost_multiplier=2),
        tp.Rules(max_blind_bets=0, wild_ranks="AK47"),
        tp.Rules(wild="joker"),  # V8 W5: the indicator block
        tp.Rules(jokers=2, max_blind_bets=0),  # V8: own printed jokers (seen at once)
        tp.Rules(wild="hukam", hand_size=4),
    ],
)
@pytest.mark.parametrize("backend", ["numpy", "auto"])
def test_observations_are_the_encodings(rules: tp.Rules, backend: str) -> None:
    players = 4
    envs = BatchVectorEnv(rules, players=players, num_envs=6, stacks=15, backend=backend)
    obs, infos = envs.reset(seed=3)
    rng = np.random.default_rng(4)
    ended = 0
    for step in range(120):
        state = envs.state
        assert state is not None
        assert envs.observation_space.contains(obs)
        for i in range(envs.num_envs):
            seat = int(state.current_player[i])
            if seat < 0:
                assert not obs[i].any()
                continue
            reducer = envs.batch.to_state(state, i)
            want = observation(tp.view(reducer, seat), seat)
            assert np.array_equal(obs[i], want), f"step {step} table {i}"
        actions = random_actions(rng, infos["action_mask"])
        before = state
        obs, reward, terminated, truncated, infos = envs.step(actions)
        assert not truncated.any()
        for i in range(envs.num_envs):
            if before.terminated[i]:
                assert reward[i] == 0  # the action was ignored: a new hand was dealt
                continue
            seat = int(before.current_player[i])
            assert reward[i] == infos["rewards"][i, seat]
            if terminated[i]:
                ended += 1
                assert infos["rewards"][i].sum() == 0  # R42
    assert ended >= 10


def test_gymnasiums_vector_wrappers_run_on_it() -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    envs = RecordEpisodeStatistics(BatchVectorEnv(tp.Rules(), players=3, num_envs=8))
    _, infos = envs.reset(seed=1)
    rng = np.random.default_rng(2)
    episodes = 0
    returns: list[float] = []
    for _ in range(200):
        _, _, terminated, _, infos = envs.step(random_actions(rng, infos["action_mask"]))
        episodes += int(terminated.sum())
        if terminated.any():  # the wrapper reports each finished episode
            returns.extend(infos["episode"]["r"][terminated].tolist())
    assert episodes > 20 and len(returns) == episodes
    assert envs.single_action_space == gymnasium.spaces.Discrete(10)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP


def test_bad_use_is_refused() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        BatchVectorEnv(tp.Rules(), players=3, num_envs=0)
    with pytest.raises(ValueError, match="num_envs must be an int from 1 to 262144"):
        BatchVectorEnv(tp.Rules(), players=3, num_envs=10**9)  # before any allocation
    envs = BatchVectorEnv(tp.Rules(), players=3, num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        envs.step(np.zeros(2, dtype=int))
    envs.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        envs.step(np.array([9, 9]))  # ACCEPT with no sideshow pending


@pytest.mark.parametrize("sizing", ["range", "no_limit"])
def test_v3_sizings_are_refused_naming_the_field(sizing: str) -> None:
    """The vector env writes the double sizing's last actions only: V3 tables go to
    BatchEnv, which plays them (numpy backend)."""
    with pytest.raises(ValueError, match=r"Rules\.bet_sizing="):
        BatchVectorEnv(tp.Rules(bet_sizing=sizing), players=3, num_envs=2)
