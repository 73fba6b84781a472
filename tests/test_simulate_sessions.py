"""run_sessions gives identical results in process, across processes and on Ray."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

import teenpatti_rules as tp
from teenpatti_rules.simulate import (
    SessionConfig,
    digest,
    run_sessions,
    session_seed,
    summary_table,
    totals,
)

CONFIG = SessionConfig(
    players=4,
    rules=tp.Rules(hand_limit=12, starting_boots=20),
    policies=("teenpatti_rules:choose", "teenpatti_rules:random_choice") * 2,
)
N = 24


@pytest.fixture(scope="module")
def expected() -> str:
    return digest(run_sessions(CONFIG, N, master_seed=2026))


@pytest.mark.soak
def test_in_process_is_reproducible_and_chunk_free(expected: str) -> None:
    results = run_sessions(CONFIG, N, master_seed=2026, chunksize=5)
    assert digest(results) == expected
    assert [r.index for r in results] == list(range(N))
    assert [r.seed for r in results] == [session_seed(2026, i) for i in range(N)]
    assert digest(run_sessions(CONFIG, N, master_seed=2027)) != expected
    for r in results:
        assert sum(r.net) == 0  # chips are conserved (R42)
        assert 1 <= r.hands <= 12  # hand limit (R2)
        assert r.winners and all(r.stacks[w] == max(r.stacks) for w in r.winners)  # R8


def test_histories_replay_to_the_summary() -> None:
    results = run_sessions(CONFIG, 3, master_seed=5, histories=True)
    for r in results:
        assert r.history is not None
        final = tp.replay(tp.History.from_json(r.history))
        assert tuple(seat.stack for seat in final.seats) == r.stacks


@pytest.mark.parametrize("workers", [1, 2])
def test_process_pool_spawn(workers: int, expected: str) -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        assert (
            digest(run_sessions(CONFIG, N, master_seed=2026, map=pool.map, chunksize=4)) == expected
        )


@pytest.mark.soak
@pytest.mark.ray
def test_ray_pool(expected: str) -> None:
    ray = pytest.importorskip("ray")
    from ray.util.multiprocessing import Pool

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        with Pool() as pool:
            results = run_sessions(CONFIG, N, master_seed=2026, map=pool.map, chunksize=4)
        assert digest(results) == expected
    finally:
        ray.shutdown()


def test_totals_and_table() -> None:
    # two sessions worked by hand: seat 0 wins the first (+6 over 3 hands), seat 1
    # the second (+4 over 2 hands)
    from teenpatti_rules.simulate import SessionSummary

    results = [
        SessionSummary(0, 1, 3, (0,), (16, 4, 10), (6, -6, 0)),
        SessionSummary(1, 2, 2, (1,), (8, 14, 8), (-2, 4, -2)),
    ]
    t = totals(results)
    assert t.wins == (1, 1, 0)
    assert t.mean_hands == 2.5
    assert t.chips_per_hand == pytest.approx((0.5, 0.0, -0.5))
    # seat 0: values 2 and -1, mean 0.5, sample sd 2.1213, se 1.5, half-width 2.94
    assert t.ci95[0] == pytest.approx(1.96 * 1.5)
    lines = summary_table(t)
    assert lines[1].startswith("P0       1  50.0%  +0.500")
    assert lines[-1] == "2 sessions, 2.5 hands per session on average"


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="import path"):
        SessionConfig(policies="choose")
    with pytest.raises(ValueError, match="cannot load"):
        run_sessions(SessionConfig(policies="teenpatti_rules:nothing"), 1, master_seed=0)
    with pytest.raises(ValueError, match="players"):
        SessionConfig(players=9)
    with pytest.raises(ValueError, match="chunksize"):
        run_sessions(CONFIG, 1, master_seed=0, chunksize=0)
