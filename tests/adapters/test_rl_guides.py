"""Each RL guide's code path runs for a few hundred steps without a crash (issue 25):
the loops below are the guides' (docs/guides/rl-*.rst), kept in step with them.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import teenpatti_rules as tp


@pytest.mark.soak
@pytest.mark.parametrize("episode", ["hand", "session"])
def test_gymnasium_guide_loop(episode: str) -> None:
    pytest.importorskip("gymnasium")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    env = TeenPattiEnv(
        num_players=4, opponents="rule", episode=episode, rules=tp.Rules(hand_limit=50)
    )
    rng = np.random.default_rng(0)
    steps = episodes = 0
    while steps < 300:
        env.reset(seed=episodes)
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(env.action_masks()))
            _, _, terminated, truncated, _ = env.step(action)
            steps += 1
            done = terminated or truncated
        episodes += 1
        assert env.table is not None
        if episode == "hand":
            assert env.table.hand_number == 1  # Rules(hand_limit=1) for one-hand episodes
    assert episodes >= 2


def test_pettingzoo_guide_loop_credits_agents_that_never_acted() -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import env

    table = env(num_players=3, rules=tp.Rules(starting_boots=10, pot_limit=30), obs_format="rllib")
    rng = np.random.default_rng(1)
    steps = hands = idle_hands = 0
    while steps < 400:
        table.reset(seed=hands)
        acted: set[str] = set()
        final: dict[str, float] = {}
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                final[agent] = reward
                table.step(None)
                continue
            acted.add(agent)
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        hands += 1
        # every agent gets its reward at the end, acted or not; the hand is zero-sum (R42)
        assert set(final) == set(table.possible_agents)
        assert sum(final.values()) == pytest.approx(0.0)
        idle = set(final) - acted
        if idle:
            idle_hands += 1
            # an agent without a turn still won or lost chips: everyone before it
            # packed (it wins, R39) or the one left asked it for a show (R34)
            core = table.unwrapped.table
            for agent in idle:
                seat = table.possible_agents.index(agent)
                assert final[agent] == core.seats[seat].stack - 10 != 0
    assert idle_hands > 0  # the case the RLlib guide warns about did occur


def test_rllib_guide_env_wrapper() -> None:
    wrappers = pytest.importorskip("ray.rllib.env.wrappers.pettingzoo_env")
    from teenpatti_rules.adapters.pettingzoo import env

    rules = tp.Rules(starting_boots=10, pot_limit=30)
    wrapped = wrappers.PettingZooEnv(env(num_players=3, rules=rules, obs_format="rllib"))
    rng = np.random.default_rng(2)
    obs, _ = wrapped.reset(seed=0)
    for _ in range(300):
        (agent,) = obs
        action = int(rng.choice(np.flatnonzero(obs[agent]["action_mask"])))
        obs, rewards, terminated, truncated, _ = wrapped.step({agent: action})
        if terminated["__all__"] or truncated["__all__"]:
            assert sum(rewards.values()) == pytest.approx(0.0)  # every agent, zero-sum
            obs, _ = wrapped.reset()


@pytest.mark.soak
def test_openspiel_q_learner_guide_loop_steps_only_agents_that_acted() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game(
        "python_teen_patti", {"players": 3, "pot_limit": 12, "dealer_mode": "rotate"}
    )
    env = rl_environment.Environment(
        game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=7)
    )
    np.random.seed(7)  # the learners' exploration uses numpy's global generator
    agents = [
        tabular_qlearner.QLearner(player_id=p, num_actions=game.num_distinct_actions())
        for p in range(3)
    ]
    idle = 0
    for _ in range(300):
        step = env.reset()
        acted: set[int] = set()
        while not step.last():
            player = step.observations["current_player"]
            output = agents[player].step(step)
            acted.add(player)
            step = env.step([output.action])
        for player in acted:  # a seat that never acted has nothing to learn from the hand
            agents[player].step(step)
        idle += len(acted) < 3
        assert sum(step.rewards) == 0  # chips, zero-sum (R42)
    assert idle > 0  # hands in which the standard loop would have crashed did occur


def test_openspiel_evaluation_with_rotating_dealer() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_teen_patti", {"players": 3, "dealer_mode": "rotate"})
    rng = random.Random(3)
    dealers: list[int] = []
    for _ in range(30):
        state = game.new_initial_state()
        dealers.append(state.dealer)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0
    assert dealers == [0, 1, 2] * 10  # every seat deals equally often (R5)


def test_maskable_ppo_guide_path() -> None:
    sb3_contrib: Any = pytest.importorskip("sb3_contrib")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    env = TeenPattiEnv(num_players=3, opponents="rule")
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0)
    model.learn(total_timesteps=128)
    session = TeenPattiEnv(
        num_players=3, opponents="rule", episode="session", rules=tp.Rules(hand_limit=5)
    )
    obs, _ = session.reset(seed=0)
    done = False
    while not done:
        action, _ = model.predict(obs, action_masks=session.action_masks(), deterministic=True)
        obs, _, terminated, truncated, _ = session.step(int(action))
        done = terminated or truncated
