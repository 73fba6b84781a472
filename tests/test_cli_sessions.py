"""``teenpatti simulate --sessions N --workers K``: a summary table, the same for any K."""

from __future__ import annotations

import pytest

import teenpatti_rules as tp
from teenpatti_rules.cli import main
from teenpatti_rules.simulate import SessionConfig, run_sessions, totals

ARGS = ["simulate", "--sessions", "8", "--players", "3", "--starting-boots", "5", "--seed", "4"]


def test_summary_table_matches_run_sessions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ARGS) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "Teen Patti: 8 sessions of 3 players (master seed 4, 1 worker)"
    assert lines[1].split() == ["seat", "wins", "share", "chips/hand", "(95%", "CI)"]
    config = SessionConfig(players=3, rules=tp.Rules(starting_boots=5))
    expected = totals(run_sessions(config, 8, master_seed=4))
    wins = [int(line.split()[1]) for line in lines[2:5]]
    assert tuple(wins) == expected.wins
    assert lines[-1] == f"8 sessions, {expected.mean_hands:.1f} hands per session on average"
    assert err == ""  # no bar off a terminal


def test_two_workers_print_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(ARGS)
    one = capsys.readouterr().out.splitlines()
    main([*ARGS, "--workers", "2", "--chunksize", "3"])
    two = capsys.readouterr().out.splitlines()
    assert one[1:] == two[1:]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--sessions", "0"], "--sessions must be from 1 to"),
        (["--sessions", "2", "--workers", "0"], "--workers must be at least 1"),
        (["--sessions", "2", "--policy", "nowhere:nothing"], "cannot load the policy"),
        (["--sessions", "2", "--players", "9"], "3 to 7 players"),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], extra: list[str], message: str) -> None:
    assert main(["simulate", *extra]) == 2
    assert message in capsys.readouterr().err


def test_progress_bar_with_and_without_rich(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("rich")
    assert main([*ARGS, "--progress"]) == 0
    with_bar = capsys.readouterr().out
    monkeypatch.setitem(__import__("sys").modules, "rich.progress", None)  # as if not installed
    assert main([*ARGS, "--progress"]) == 0
    out, err = capsys.readouterr()
    assert out == with_bar and err == ""


def test_chunksize_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--chunksize", "0"]) == 2
    assert "--chunksize must be at least 1" in capsys.readouterr().err
