"""The numbers the RL guides state, measured (``python benchmarks/rl_guides.py``).

Each section runs the code path of one guide and prints what the guide quotes; a
section whose framework is missing says so and is skipped. CPU only; a few minutes in
all (``--quick`` for a smoke run of a few seconds, not for quoting).

Sections:

- ``seats``: the OpenSpiel game, random against random, the seats' mean returns
  (chips/hand) with the fixed dealer (the default) and with ``dealer_mode="rotate"``
  (rl-openspiel: rotate seats in evaluations).
- ``qlearner``: OpenSpiel's tabular Q-learner in the standard loop (crashes when a
  seat gets no decision in a hand) and in the loop that steps only the seats that
  acted; then the learner against random players with seats rotated.
- ``never_acted``: the RLlib guide's environment with masked random agents: how often
  an agent gets no turn in a hand, and what ``episode_return_mean`` shows when the
  rewards of those agents are dropped (as RLlib does).
- ``gymnasium``: the Gymnasium guide's loop, a masked random learner against the R44
  players, in one-hand episodes and in 50-hand sessions.
- ``maskable_ppo`` (needs sb3-contrib and torch): MaskablePPO trained on one-hand
  episodes, evaluated on one-hand episodes and on 50-hand sessions.
- ``rllib`` (needs ``ray[rllib]`` and torch; ``--rllib``): the RLlib guide's PPO for a
  few iterations, its ``episode_return_mean`` and the accounted one.

Every interval is a 95 % normal interval: mean ± 1.96 · sd / sqrt(count).
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import teenpatti_rules as tp

SEED = 2026


def _have(*modules: str) -> bool:
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            print(f"  skipped: {name} is not installed")
            return False
    return True


def _ci(values: Sequence[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.3f} ± {half:.3f}"


# --- OpenSpiel -------------------------------------------------------------------------


def _random_hand(game: Any, rng: random.Random) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


def seats(hands: int) -> None:
    """rl-openspiel: random against random, per seat, fixed and rotating dealer."""
    print("== seats: OpenSpiel python_teen_patti, 3 players, random vs random")
    if not _have("pyspiel"):
        return
    import pyspiel

    import teenpatti_rules.adapters.openspiel  # noqa: F401

    for mode in ("fixed", "rotate"):
        game = pyspiel.load_game("python_teen_patti", {"players": 3, "dealer_mode": mode})
        rng = random.Random(SEED)
        results = [_random_hand(game, rng) for _ in range(hands)]
        per_seat = [_ci([r[seat] for r in results]) for seat in range(3)]
        print(f"  dealer_mode={mode!r:9} {hands} hands, chips/hand by seat: {per_seat}")


def _q_episode(env: Any, agents: Sequence[Any], only_acted: bool) -> set[int]:
    step = env.reset()
    acted: set[int] = set()
    while not step.last():
        player = step.observations["current_player"]
        output = agents[player].step(step)
        acted.add(player)
        step = env.step([output.action])
    for player, agent in enumerate(agents):
        if player in acted or not only_acted:
            agent.step(step)  # the learners see the hand's end (reward) ...
    return acted  # ... but a seat that never acted has nothing to learn from it


def qlearner(episodes: int, evaluation: int) -> None:
    """rl-openspiel: the tabular Q-learner's loop, naive and stepping only actors."""
    print("== qlearner: OpenSpiel tabular Q-learning, 3 players, pot_limit 12")
    if not _have("pyspiel"):
        return
    import pyspiel
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent, tabular_qlearner

    import teenpatti_rules.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game(
        "python_teen_patti", {"players": 3, "pot_limit": 12, "dealer_mode": "rotate"}
    )
    actions = game.num_distinct_actions()

    def fresh() -> tuple[Any, list[Any]]:
        env = rl_environment.Environment(
            game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=SEED)
        )
        return env, [tabular_qlearner.QLearner(p, actions) for p in range(3)]

    np.random.seed(SEED)
    env, agents = fresh()
    crashed_at = None
    for episode in range(episodes):
        try:
            _q_episode(env, agents, only_acted=False)
        except AssertionError:
            crashed_at = episode
            break
    print(f"  standard loop (every agent steps at the end): AssertionError at episode {crashed_at}")

    np.random.seed(SEED)
    env, agents = fresh()
    idle = 0
    start = time.perf_counter()
    for _ in range(episodes):
        acted = _q_episode(env, agents, only_acted=True)
        idle += len(acted) < 3
    spent = time.perf_counter() - start
    print(
        f"  stepping only the seats that acted: {episodes} episodes, no crash; "
        f"{idle / episodes:.1%} of hands left a seat without a decision ({spent:.0f} s)"
    )
    # evaluation: the greedy learner of seat s against two random players, seats rotated
    gains: list[float] = []
    for hand in range(evaluation):
        seat = hand % 3
        players: list[Any] = [random_agent.RandomAgent(p, actions) for p in range(3)]
        players[seat] = agents[seat]
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([players[player].step(step, is_evaluation=True).action])
        gains.append(step.rewards[seat])
    print(f"  greedy learner vs 2 random, seats rotated: {_ci(gains)} chips/hand")


# --- PettingZoo (the RLlib guide's environment) -----------------------------------------


def never_acted(hands: int) -> None:
    """rl-rllib: agents without a turn, and the return RLlib reports without them."""
    print("== never_acted: PettingZoo env of the RLlib guide (3 players, pot_limit 30)")
    if not _have("pettingzoo"):
        return
    from teenpatti_rules.adapters.pettingzoo import env

    table = env(num_players=3, rules=tp.Rules(starting_boots=10, pot_limit=30), obs_format="rllib")
    rng = np.random.default_rng(SEED)
    idle_hands = 0
    idle_rewards: list[float] = []
    reported: list[float] = []
    for hand in range(hands):
        table.reset(seed=SEED + hand)
        acted: set[str] = set()
        final: dict[str, float] = {}
        for agent in table.agent_iter():
            obs, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                final[agent] = reward
                table.step(None)
                continue
            acted.add(agent)
            table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        idle = [a for a in final if a not in acted]
        idle_hands += bool(idle)
        idle_rewards.extend(final[a] for a in idle)
        reported.append(sum(final[a] for a in acted))
    print(f"  hands with an agent that never acted: {idle_hands / hands:.1%} of {hands}")
    print(
        f"  reward of such an agent: {_ci(idle_rewards)} boots "
        "(it wins when everyone before it packs, or loses a show asked of it)"
    )
    print(f"  episode return summed over agents that acted (what RLlib sees): {_ci(reported)}")


# --- Gymnasium ---------------------------------------------------------------------------


def _play(env: Any, choose: Callable[[Any, Any], int], episodes: int, seed: int) -> list[float]:
    """Boots per hand of each episode (the learner's chip change / boot / hands)."""
    out: list[float] = []
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(choose(obs, env))
            total += reward
            done = terminated or truncated
        out.append(total / max(1, env.table.hand_number))
    return out


def gymnasium(episodes: int, sessions: int) -> None:
    """rl-gymnasium: a masked random learner against the R44 players."""
    print("== gymnasium: masked random learner vs 3 rule players (4 seats)")
    if not _have("gymnasium"):
        return
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    rng = np.random.default_rng(SEED)

    def masked_random(obs: Any, env: Any) -> int:
        return int(rng.choice(np.flatnonzero(env.action_masks())))

    hand = TeenPattiEnv(num_players=4, opponents="rule")
    print(f"  one-hand episodes: {_ci(_play(hand, masked_random, episodes, SEED))} boots/hand")
    session = TeenPattiEnv(
        num_players=4, opponents="rule", episode="session", rules=tp.Rules(hand_limit=50)
    )
    per_hand = _play(session, masked_random, sessions, SEED)
    print(f"  50-hand sessions: {_ci(per_hand)} boots/hand ({sessions} sessions)")


def maskable_ppo(steps: int, episodes: int, sessions: int) -> None:
    """rl-gymnasium: the hand-versus-session trap with MaskablePPO."""
    print(f"== maskable_ppo: MaskablePPO, {steps} steps on one-hand episodes, 3 seats")
    if not _have("sb3_contrib", "torch"):
        return
    sb3_contrib: Any = importlib.import_module("sb3_contrib")
    torch: Any = importlib.import_module("torch")
    from teenpatti_rules.adapters.gymnasium import TeenPattiEnv

    torch.set_num_threads(1)
    train = TeenPattiEnv(num_players=3, opponents="rule")
    model = sb3_contrib.MaskablePPO("MlpPolicy", train, seed=SEED, verbose=0, device="cpu")
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    print(f"  trained in {time.perf_counter() - start:.0f} s")

    def greedy(obs: Any, env: Any) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    hand = TeenPattiEnv(num_players=3, opponents="rule")
    print(f"  one-hand episodes: {_ci(_play(hand, greedy, episodes, 10**6))} boots/hand")
    session = TeenPattiEnv(
        num_players=3, opponents="rule", episode="session", rules=tp.Rules(hand_limit=50)
    )
    per_hand = _play(session, greedy, sessions, 10**6)
    print(f"  50-hand sessions: {_ci(per_hand)} boots/hand ({sessions} sessions)")


# --- RLlib ---------------------------------------------------------------------------------


def rllib(iterations: int) -> None:
    """rl-rllib: the guide's PPO self-play, its reported return and the accounted one."""
    print(f"== rllib: the guide's PPO self-play, {iterations} iterations")
    if not _have("ray.rllib", "torch"):
        return
    ray: Any = importlib.import_module("ray")
    ppo: Any = importlib.import_module("ray.rllib.algorithms.ppo")
    multi: Any = importlib.import_module("ray.rllib.core.rl_module.multi_rl_module")
    single: Any = importlib.import_module("ray.rllib.core.rl_module.rl_module")
    wrappers: Any = importlib.import_module("ray.rllib.env.wrappers.pettingzoo_env")
    masking: Any = importlib.import_module(
        "ray.rllib.examples.rl_modules.classes.action_masking_rlm"
    )
    registry: Any = importlib.import_module("ray.tune.registry")
    from teenpatti_rules.adapters.pettingzoo import env

    def make_env(config: Any) -> Any:
        rules = tp.Rules(starting_boots=10, pot_limit=30)
        return wrappers.PettingZooEnv(env(num_players=3, rules=rules, obs_format="rllib"))

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    registry.register_env("teenpatti", make_env)
    config = (
        ppo.PPOConfig()
        .environment("teenpatti")
        .multi_agent(
            policies={"shared"}, policy_mapping_fn=lambda agent_id, *args, **kwargs: "shared"
        )
        .rl_module(
            rl_module_spec=multi.MultiRLModuleSpec(
                rl_module_specs={
                    "shared": single.RLModuleSpec(module_class=masking.ActionMaskingTorchRLModule)
                }
            )
        )
        # sampling in the driver: on a loaded 2-core machine the guide's one remote
        # env runner was dropped by RLlib's fault tolerance before it sampled a step
        .env_runners(num_env_runners=0)
        .training(train_batch_size_per_learner=2000, minibatch_size=256)
        .debugging(seed=SEED)
    )
    algo = config.build_algo()
    for iteration in range(iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        per_agent = {
            k: round(v, 3) for k, v in runners.get("agent_episode_returns_mean", {}).items()
        }
        mean = runners.get("episode_return_mean", float("nan"))
        print(f"  iteration {iteration}: episode_return_mean {mean:+.3f}, per agent {per_agent}")
    algo.stop()
    ray.shutdown()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the sections named (all by default) and print their numbers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("sections", nargs="*", help="sections to run (default: all but rllib)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: a smoke run")
    parser.add_argument("--rllib", action="store_true", help="run the rllib section too")
    parser.add_argument(
        "--ppo-steps", type=int, default=30_000, help="MaskablePPO training steps (30,000)"
    )
    args = parser.parse_args(argv)
    q = args.quick
    runs: dict[str, Callable[[], None]] = {
        "seats": lambda: seats(200 if q else 6000),
        "qlearner": lambda: qlearner(200 if q else 5000, 300 if q else 6000),
        "never_acted": lambda: never_acted(200 if q else 5000),
        "gymnasium": lambda: gymnasium(100 if q else 3000, 5 if q else 100),
        "maskable_ppo": lambda: maskable_ppo(
            2048 if q else args.ppo_steps, 100 if q else 3000, 5 if q else 100
        ),
        "rllib": lambda: rllib(1 if q else 5),
    }
    chosen = args.sections or [name for name in runs if name != "rllib" or args.rllib]
    unknown = [name for name in chosen if name not in runs]
    if unknown:
        parser.error(f"unknown sections {unknown}; the sections are {list(runs)}")
    print(f"python {sys.version.split()[0]}, teenpatti_rules {tp.__version__}, seed {SEED}")
    for name in chosen:
        start = time.perf_counter()
        runs[name]()
        print(f"  ({name}: {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
