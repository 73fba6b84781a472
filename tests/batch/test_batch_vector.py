"""The Gymnasium vector-env face of the batch engine (issue 25): spaces, the
observation equal to the encoding's for every table at every step (R43), rewards of
the seat that ended its hand (R42), next-step autoreset, and Gymnasium's own vector
wrappers running on it."""

from __future__ import annotations

import numpy as np
import pytest
from batch_helpers import (
    assert_same_state,
    draw_discards,
    first_draw_id,
    random_actions,
    reducer_action,
    reducer_start,
)

import teenpatti_rules as tp
from teenpatti_rules.encoding import ActionId as tp_ids
from teenpatti_rules.encoding import observation, observation_layout
from teenpatti_rules.presets import PRESETS

gymnasium = pytest.importorskip("gymnasium")

from teenpatti_rules.batch.session import SessionBatchState  # noqa: E402
from teenpatti_rules.batch.vector import BatchVectorEnv  # noqa: E402


@pytest.mark.soak(traced=("rules11", "rules7", "rules1"))
@pytest.mark.parametrize(
    "rules",
    [
        tp.Rules(),
        tp.Rules(max_blind_bets=None, pot_limit=60, show_cost_multiplier=2),
        tp.Rules(max_blind_bets=0, wild_ranks="AK47"),
        tp.Rules(sideshow_split=True, pot_limit=80),  # V17 (numpy backend)
        tp.Rules(bet_sizing="range", raise_cap=4),  # V3: 16 ids
        tp.Rules(bet_sizing="no_limit", max_blind_bets=None, stake_limit=12),  # V3: 24 ids
        tp.Rules(wild="joker"),  # V8 W5: the indicator block
        tp.Rules(jokers=2, max_blind_bets=0),  # V8: own printed jokers (seen at once)
        tp.Rules(wild="hukam", hand_size=4),
        PRESETS["draw"].rules(),  # V20: DRAW ids and the draws block (numpy backend)
        tp.Rules(  # V20 with V3, V8, V13, V15 and V17: a random mix, DRAW_012 too
            draw_price=2,
            max_draws=3,
            bet_sizing="range",
            raise_cap=3,
            wild_ranks="JQ23",
            max_turns=4,
            sideshow_target="next",
            max_blind_bets=1,
            dealer_boots=2,  # V13: the opening stake stays one boot (R11)
        ),
        tp.Rules(draw_price=1, wild="joker"),  # V20 with V8 W5: draws after the indicator
        tp.Rules(draw_price=1, jokers=2),  # V20 with V8 printed jokers
    ],
)
def test_observations_are_the_encodings(rules: tp.Rules) -> None:
    """Every table's observation at every step is the encoding's of the reducer's view
    of its actor (R43), on the numpy backend and on ``"auto"`` (the kernel when numba
    is installed) in lockstep: the same ids every step give both the same
    observations, masks, rewards and states (the reducer's view, the slow side, is
    worked out once for both). The reducer's state of each row is driven with the same
    actions from the row's deal (``reducer_start``), and ``to_state`` rebuilds it where
    a hand ends."""
    players = 4
    pair = [
        BatchVectorEnv(rules, players=players, num_envs=6, stacks=15, backend=backend)
        for backend in ("numpy", "auto")
    ]
    envs = pair[0]
    width = {"double": 10, "range": 16, "no_limit": 24}[rules.bet_sizing]  # num_actions
    if rules.draw_price is not None:  # V20: the DRAW ids come last
        width += len(draw_discards(rules))
    for each in pair:
        assert each.single_action_space == gymnasium.spaces.Discrete(width)
        assert each.action_space == gymnasium.spaces.MultiDiscrete([width] * 6)
    (obs, infos), (obs_auto, infos_auto) = (each.reset(seed=3) for each in pair)
    assert infos["action_mask"].shape == (6, width)
    rng = np.random.default_rng(4)
    ended = drew = 0
    first = envs.state
    assert first is not None
    # the reducer's state of each row, driven with the same actions (batch_helpers)
    reducers = [reducer_start(rules, first, i) for i in range(envs.num_envs)]
    for step in range(120):
        state = envs.state
        assert state is not None and pair[1].state is not None
        assert_same_state(pair[1].state, state, f"auto at step {step}")
        assert np.array_equal(obs_auto, obs), f"auto at step {step}"
        assert np.array_equal(infos_auto["action_mask"], infos["action_mask"])
        assert envs.observation_space.contains(obs)
        for i in range(envs.num_envs):
            seat = int(state.current_player[i])
            if seat < 0:
                assert not obs[i].any()
                continue
            assert reducers[i].actor == seat, f"step {step} table {i}"
            want = observation(tp.view(reducers[i], seat), seat)
            assert np.array_equal(obs[i], want), f"step {step} table {i}"
        actions = random_actions(rng, infos["action_mask"])
        if rules.draw_price is not None:
            drew += int((actions[state.current_player >= 0] >= first_draw_id(rules)).sum())
        before = state
        obs, reward, terminated, truncated, infos = envs.step(actions)
        obs_auto, reward_auto, terminated_auto, truncated_auto, infos_auto = pair[1].step(actions)
        assert np.array_equal(reward_auto, reward) and np.array_equal(
            infos_auto["rewards"], infos["rewards"]
        )
        assert np.array_equal(terminated_auto, terminated)
        assert np.array_equal(truncated_auto, truncated)
        assert not truncated.any()
        after = envs.state
        assert after is not None
        for i in range(envs.num_envs):
            if before.terminated[i]:
                assert reward[i] == 0  # the action was ignored: a new hand was dealt
                reducers[i] = reducer_start(rules, after, i)
                continue
            reducers[i] = tp.apply(reducers[i], reducer_action(reducers[i], int(actions[i])))
            seat = int(before.current_player[i])
            assert reward[i] == infos["rewards"][i, seat]
            if terminated[i]:
                ended += 1
                assert infos["rewards"][i].sum() == 0  # R42
                assert envs.batch.to_state(after, i) == reducers[i], f"step {step} table {i}"
    assert ended >= 10
    assert rules.draw_price is None or drew >= 10  # the draws block was exercised


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


def test_sessions_are_episodes() -> None:
    """With ``sessions=True`` an episode is a session (R2, R8): ``terminated`` only where
    the session ended; every hand's end still pays its rewards (R42) and shows in
    ``infos["hand_over"]``; over a session each seat's rewards add up to its stack
    change, stacks carried from hand to hand (R4, R9); the observations stay the
    encoding's of the reducer's session state (R43)."""
    stacks = 6
    envs = BatchVectorEnv(
        tp.Rules(), players=4, num_envs=8, stacks=stacks, sessions=True, backend="numpy"
    )
    obs, infos = envs.reset(seed=5)
    rng = np.random.default_rng(6)
    won = np.zeros((8, 4), dtype=np.int64)  # this session's rewards so far, per seat
    hands = sessions = 0
    for _ in range(300):
        state = envs.state
        assert isinstance(state, SessionBatchState)
        assert np.array_equal(infos["hand_over"], state.terminated)
        for i in range(0, 8, 3):
            seat = int(state.current_player[i])
            if seat >= 0:
                want = observation(tp.view(envs.batch.to_state(state, i), seat), seat)
                assert np.array_equal(obs[i], want)
        before = state
        obs, reward, terminated, _, infos = envs.step(random_actions(rng, infos["action_mask"]))
        after = envs.state
        assert isinstance(after, SessionBatchState)
        live = np.flatnonzero(~before.terminated)  # the seat that acted gets its reward
        assert np.array_equal(reward[live], infos["rewards"][live, before.current_player[live]])
        won[before.session_over] = 0  # this step dealt a new session (R4)
        won += infos["rewards"]
        assert np.array_equal(terminated, after.session_over)
        hands += int(infos["hand_over"].sum())
        for row in np.flatnonzero(terminated):
            sessions += 1
            assert (won[row] == after.stack[row] - stacks).all()  # chips carried over
            assert won[row].sum() == 0  # R42
    assert hands > sessions > 3


def test_sessions_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="sessions must be a bool"):
        BatchVectorEnv(tp.Rules(), players=3, num_envs=2, sessions=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [2.0, "2", None, True, np.int64(2), [1] * 100_000])
def test_num_envs_must_be_an_int(value: object) -> None:
    # a TypeError (also a ValueError, as before) quoting the value shortened
    with pytest.raises(TypeError, match="num_envs must be an int") as caught:
        BatchVectorEnv(tp.Rules(), players=3, num_envs=value)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    assert len(str(caught.value)) < 200


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


def test_v3_bets_of_every_size_read_as_chaal_or_raise() -> None:
    """On a no-limit table (V3) the last-action block reads a bet that kept the stake
    as CHAAL and one that raised it as RAISE, whatever its size (R24, the encoding's
    layout): the blind BET_X3 (id 10, three times the 1-chip stake) is a RAISE, the
    next blind CHAAL of 3 chips a CHAAL."""
    rules = tp.Rules(bet_sizing="no_limit", boot=1)
    envs = BatchVectorEnv(rules, players=3, num_envs=1, stacks=50)
    block = observation_layout(3, rules)["last_action"].start
    obs, infos = envs.reset(seed=5)
    assert envs.state is not None
    first = int(envs.state.current_player[0])
    assert infos["action_mask"][0, 10]  # BET_X3: 3 chips, blind (R24)
    obs, *_ = envs.step(np.array([10]))
    assert envs.state is not None and int(envs.state.stake[0]) == 3
    second = int(envs.state.current_player[0])
    seen_by_second = obs[0, block : block + 30].reshape(3, 10)
    assert seen_by_second[(first - second) % 3].tolist() == [
        float(i == tp_ids.RAISE) for i in range(10)
    ]
    obs, *_ = envs.step(np.array([2]))  # CHAAL: 3 chips blind, the stake stays
    third = int(envs.state.current_player[0])
    seen_by_third = obs[0, block : block + 30].reshape(3, 10)
    assert seen_by_third[(second - third) % 3].tolist() == [
        float(i == tp_ids.CHAAL) for i in range(10)
    ]
