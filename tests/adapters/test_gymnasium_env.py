"""The Gymnasium adapter passes Gymnasium's env checker and is reproducible."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import teenpatti_rules as tp  # noqa: E402
from teenpatti_rules.adapters.gymnasium import ENV_ID, TeenPattiEnv  # noqa: E402


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"num_players": 7, "learner": 3, "opponents": "random"},
        {"num_players": 4, "session": True, "stacks": [5, 6, 7, 8], "max_turns": 50},
        {"num_players": 3, "bet_sizing": "range", "render_mode": "ansi"},
    ],
)
def test_check_env(kwargs: dict[str, Any]) -> None:
    # made through the registry, so that the environment has a spec: check_env then also
    # makes it in each of its render modes (ansi) and closes it twice; the unwrapped
    # environment, as check_env asks (make adds its own checking wrappers)
    env = gymnasium.make(ENV_ID, **kwargs).unwrapped
    assert isinstance(env, TeenPattiEnv) and env.spec is not None
    check_env(env, skip_render_check=False)


def _episode(env: TeenPattiEnv, seed: int) -> list[object]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[object] = [obs.tobytes()]
    for _ in range(10_000):
        legal = np.flatnonzero(env.action_masks())
        assert np.array_equal(legal, np.flatnonzero(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        out.append((obs.tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            return out
    raise AssertionError("episode did not end")


def test_seeded_resets_are_equal_and_episodes_finish() -> None:
    a = TeenPattiEnv(num_players=5, session=True, stacks=[4, 4, 4, 4, 4])
    b = TeenPattiEnv(num_players=5, session=True, stacks=[4, 4, 4, 4, 4])
    for seed in range(5):
        assert _episode(a, seed) == _episode(b, seed)
    # one-hand episodes: the learner's rewards over a hand are its chip change in boots
    env = TeenPattiEnv(num_players=3, rules=tp.Rules(boot=2))
    for seed in range(20):
        steps = _episode(env, seed)
        reward = sum(step[1] for step in steps[1:])  # type: ignore[index]
        assert env.table is not None
        assert reward == (env.table.seats[0].stack - 200) / 2


def test_illegal_id() -> None:
    env = TeenPattiEnv(num_players=3)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True) and "not legal" in info["illegal"]
    env = TeenPattiEnv(num_players=3, illegal="raise")
    env.reset(seed=0)
    with pytest.raises(tp.IllegalActionError):
        env.step(illegal)


def test_registered_and_policy_mapping() -> None:
    env = gymnasium.make(ENV_ID, num_players=3, opponents={1: tp.choose, 2: "random"})
    obs, _ = env.reset(seed=3)
    assert obs.shape == (117,)
    with pytest.raises(ValueError, match="seat 2"):
        TeenPattiEnv(num_players=3, opponents={1: tp.choose})
