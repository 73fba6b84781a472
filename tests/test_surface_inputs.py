"""Hostile input on the session drivers and the command line: a chooser acts only
for its own seat, session counts and seeds have documented limits, and every
command-line error is one line with exit code 2 (no traceback).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sized
from typing import Any

import pytest

import teenpatti_rules as tp
from teenpatti_rules.cli.main import main
from teenpatti_rules.limits import MAX_SESSIONS
from teenpatti_rules.simulate import SessionConfig, run_sessions


def meddler(view: tp.State, seat: int, rng: random.Random) -> tp.Action | None:
    """A chooser that, asked off its turn right after the deal, packs the actor's hand."""
    if view.phase is tp.Phase.BETTING and view.actor is not None and view.actor != seat:
        return tp.Pack(view.actor)
    return tp.choose(view, seat, rng)


def test_play_session_refuses_an_action_of_another_seat() -> None:
    start = tp.new_session(["A", "B", "C"], tp.Rules(hand_limit=2), seed=1)
    with pytest.raises(tp.IllegalActionError, match=r"returned P\d pack, an action of seat"):
        tp.play_session(start, meddler, random.Random(1))


def test_play_session_refuses_what_is_not_an_action() -> None:
    start = tp.new_session(["A", "B", "C"], tp.Rules(hand_limit=2), seed=1)

    def text_player(view: tp.State, seat: int, rng: random.Random) -> Any:
        return None if view.actor != seat else f"P{seat} pack"

    with pytest.raises(TypeError, match="not an action"):
        tp.play_session(start, text_player, random.Random(1))


def test_run_sessions_refuses_an_action_of_another_seat() -> None:
    config = SessionConfig(
        players=3, rules=tp.Rules(hand_limit=2), policies="test_surface_inputs:meddler"
    )
    with pytest.raises(tp.IllegalActionError, match="an action of seat"):
        run_sessions(config, 2, master_seed=1)


def test_run_sessions_has_a_documented_limit_and_makes_its_work_lazily() -> None:
    config = SessionConfig(players=3, rules=tp.Rules(hand_limit=1))
    with pytest.raises(ValueError, match="MAX_SESSIONS"):
        run_sessions(config, 10**12, master_seed=1)
    with pytest.raises(ValueError, match="MAX_SESSIONS"):
        run_sessions(config, MAX_SESSIONS + 1, master_seed=1)
    with pytest.raises(ValueError, match="MAX_SEED"):
        run_sessions(config, 1, master_seed=10**5000)
    seen: list[bool] = []

    def lazy_map(function: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterable[Any]:
        seen.append(isinstance(tasks, Sized))  # a list would be built up front
        return map(function, tasks)

    results = run_sessions(config, 5, master_seed=1, chunksize=2, map=lazy_map)
    assert [r.index for r in results] == [0, 1, 2, 3, 4] and seen == [False]


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:  # argparse's own errors
        code = int(exit_.code or 0)
    err = capsys.readouterr().err
    return code, err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("simulate", "--hands", "1", "--seed", str(2**200)), "--seed must be below 2**128"),
        (("simulate", "--sessions", "2", "--players", "3", "--policy", "os:getcwd"), "os:getcwd"),
        (("simulate", "--sessions", str(10**12)), "--sessions must be from 1 to"),
        (("simulate", "--hands", "x"), "argument --hands: invalid int value: 'x'"),
        (("simulate", "--players", "3.5"), "argument --players: unknown player kind"),
        (("odds", "As Kd Qh", "--opponents", "many"), "invalid int value"),
        (("rank", "--variant"), "expected one argument"),
        (("nosuchcommand",), "invalid choice"),
    ],
)
def test_every_cli_error_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: str
) -> None:
    code, err = _cli(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("teenpatti"), err
    assert "error: " in err and words in err and "Traceback" not in err


def test_deal_many_at_its_limit_needs_bounded_memory() -> None:
    np = pytest.importorskip("numpy")
    import tracemalloc

    from teenpatti_rules.hands.batch import DEAL_CHUNK, MAX_BATCH_DEALS, deal_many

    # The documented bound: the result (52 bytes a deal at most) stays under 1 GiB ...
    assert MAX_BATCH_DEALS * 52 < 2**30
    # ... and the work space does not grow with the deals: 8 chunks' worth of deals
    # use about one chunk's work space (80 bytes a deal) beside the result.
    deals = 8 * DEAL_CHUNK
    tracemalloc.start()
    try:
        hands = deal_many(deals, 1, hand_size=3, seed=5)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert hands.shape == (deals, 1, 3) and hands.dtype == np.int8
    assert peak < deals * 3 + 200 * DEAL_CHUNK  # unchunked: about 80 bytes x deals
    assert all(len(set(row.tolist())) == 3 for row in hands[:1000, 0])


def test_odds_tables_are_shared_by_tables_that_rank_alike() -> None:
    pytest.importorskip("numpy")
    from teenpatti_rules.odds import _universe, category_odds, equity
    from teenpatti_rules.odds.universe import _cached_universe

    _cached_universe.cache_clear()
    a = _universe(tp.Rules(boot=5, pot_limit=1000, ranking="muflis"), None)
    b = _universe(tp.Rules(boot=1, bet_sizing="range", ranking="muflis"), None)
    assert a is b and _cached_universe.cache_info().currsize == 1
    assert _universe(tp.Rules(boot=7), None) is _universe(None, None)
    assert _universe(tp.Rules(ranking="standard"), None) is not a
    # Equal answers for tables that differ only outside the ranking (R13-R16).
    assert equity("As Kd Qh", 1, tp.Rules(boot=9)) == equity("As Kd Qh", 1)
    assert category_odds(tp.Rules(boot=3)) == category_odds()


def test_category_table_follows_the_table_order(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numpy")
    from teenpatti_rules.odds import category_odds

    # V9: Muflis reverses the whole order, so high card is the best category.
    words = [row.category.words for row in category_odds(tp.Rules(ranking="muflis"))]
    assert words == ["high card", "pair", "color", "sequence", "pure sequence", "trail"]
    assert main(["odds", "--table", "--variant", "muflis"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].split()[:3] == ["high", "card", "16,440"]  # R17's counts, V9's order
    assert out[-1].split()[:2] == ["trail", "52"]
    # V10: every 999 hand is one category; the table is refused in one line.
    code, err = _cli(capsys, "odds", "--table", "--variant", "999")
    assert code == 2 and err.count("\n") == 1 and "one category" in err
