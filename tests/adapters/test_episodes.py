"""Episode kinds (issue 25): ``episode="hand" | "session"`` in the Gymnasium and
PettingZoo environments and the OpenSpiel game's first dealer, each through the
framework's own conformance test, and what a session episode carries over (R2, R4,
R7, R8).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import teenpatti_rules as tp

EPISODES = ["hand", "session"]


@pytest.mark.parametrize("episode", EPISODES)
@pytest.mark.parametrize("n", [2, 3, 7])
def test_pettingzoo_api_test_for_every_episode(episode: str, n: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from teenpatti_rules.adapters.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the all-zero mask of a finished agent
        api_test(
            env(num_players=n, episode=episode, stacks=[4] * n),
            num_cycles=300,
            verbose_progress=False,
        )


@pytest.mark.parametrize("episode", EPISODES)
def test_gymnasium_check_env_for_every_episode(episode: str) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no spec" for the render-mode check
        check_env(TeenPattiEnv(num_players=4, episode=episode, stacks=[5, 6, 7, 8]))


@pytest.mark.soak(traced=("params0",))
@pytest.mark.parametrize(
    "params",
    [
        {"dealer_mode": "random"},
        {"dealer_mode": "rotate", "players": 4, "dealer": 1},
        {"dealer_mode": "random", "players": 2, "starting_boots": 5},
    ],
)
def test_openspiel_random_sim_for_every_dealer_mode(params: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_teen_patti", params)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_openspiel_rotating_dealer() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_teen_patti", {"players": 3, "dealer_mode": "rotate"})
    states = [game.new_initial_state() for _ in range(4)]
    assert [s.dealer for s in states] == [0, 1, 2, 0]  # one seat to the left each time (R5)
    state = states[1]
    for card in tp.parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c"):
        state.apply_action(card.index)
    # dealer 1: R10 deals to seats 2, 0, 1, ...; R19: seat 2 (the dealer's left) acts first
    assert state.current_player() == 2
    assert tp.format_cards(state.core.seats[2].cards) == "As 2c 9s"
    # a serialized state keeps its dealer (the game's counter is not part of it)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.dealer == 1 and again.core == state.core


def test_openspiel_random_dealer_is_a_chance_node() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_teen_patti", {"players": 4, "dealer_mode": "random"})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "Dealer:3"
    state.apply_action(3)
    assert state.dealer == 3 and state.core.dealer == 3
    assert len(state.chance_outcomes()) == 52  # then the 12 cards (R6)
    for index in range(12):
        state.apply_action(index)
    assert state.current_player() == 0  # the left of dealer 3 (R19)


def test_openspiel_default_dealer_is_unchanged() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_teen_patti", {"players": 3})
    assert {game.new_initial_state().dealer for _ in range(5)} == {0}


def test_pettingzoo_session_carries_stacks_and_ends_on_its_own() -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    env = raw_env(num_players=3, episode="session", stacks=[3, 3, 3])
    env.reset(seed=5)
    hands = 0
    totals = dict.fromkeys(env.possible_agents, 0.0)
    done: list[str] = []
    for agent in env.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            done.append(agent)
            env.step(None)
            continue
        assert env.table is not None
        hands = max(hands, env.table.hand_number)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[-1]))  # the highest legal id: raises and shows (fast ends)
    assert env.table is not None and env.table.phase is tp.Phase.SESSION_OVER
    assert hands > 1  # stacks carried over more than one hand
    # R42: chips are conserved, so the rewards (chip changes / boot) sum to zero; the
    # session ended on its own (R2: one player left), the others left busted (R7)
    assert sum(totals.values()) == pytest.approx(0.0)
    final = [seat.stack for seat in env.table.seats]
    assert sorted(final) == [0, 0, 9]
    assert [totals[a] for a in env.possible_agents] == [s - 3 for s in final]
    assert sorted(done) == sorted(env.possible_agents)


def test_gymnasium_session_reward_is_the_whole_session() -> None:
    pytest.importorskip("gymnasium")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    env = TeenPattiEnv(num_players=3, episode="session", stacks=[4, 4, 4], opponents="random")
    for seed in range(5):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = 0.0
        terminated = truncated = False
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _, reward, terminated, truncated, _ = env.step(action)
            total += reward
        assert env.table is not None
        # the learner's rewards add up to its chip change over the session, in boots
        assert total == env.table.seats[0].stack - 4
        assert not env.table.seats[0].in_session or env.table.phase is tp.Phase.SESSION_OVER


@pytest.mark.parametrize("bad", ["hands", "", None, 1])
def test_episode_must_be_named(bad: object) -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv
    from teenpatti_rules.adapters.pettingzoo import raw_env

    with pytest.raises(ValueError, match="episode must be 'hand' or 'session'"):
        raw_env(episode=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="episode must be 'hand' or 'session'"):
        TeenPattiEnv(episode=bad)  # type: ignore[arg-type]


def test_session_true_is_the_older_spelling() -> None:
    pytest.importorskip("pettingzoo")
    from teenpatti_rules.adapters.pettingzoo import raw_env

    assert raw_env(session=True).episode == "session"
    assert raw_env(session=True).rules.hand_limit is None
    assert raw_env().rules.hand_limit == 1  # one hand (R2 with hand_limit=1)
    with pytest.raises(ValueError, match="session must be a bool"):
        raw_env(session="yes")  # type: ignore[arg-type]
