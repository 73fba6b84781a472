from __future__ import annotations

import subprocess
import sys

import pytest

from teenpatti_rules.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_rank_two_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", "As Kd Qh", "2c 3d 4h")
    assert code == 0 and err == ""
    assert out == (
        "A: As Kd Qh  sequence ace-king-queen\nB: 2c 3d 4h  sequence four-three-two\nA wins\n"
    )


def test_rank_b_wins_and_tie(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rank", "Ks Ad 2h", "3c 3d 4h")[1].endswith("B wins\n")
    code, out, _ = run(capsys, "rank", "Jh 8s 4c", "Jc 8d 4h")
    assert code == 0 and out.endswith("\ntie\n")
    assert "high card jack-eight-four" in out


def test_rank_one_and_three_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rank", "As Ad Ah")
    assert (code, out) == (0, "A: As Ad Ah  trail of aces\n")
    out = run(capsys, "rank", "2c 3c 4c", "Kd Kh 9s", "2d 3d 4d")[1]
    assert out.endswith("A and C tie for the win\n")


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["As Kd Qx", "2c 3d 4h"], "hand A ('As Kd Qx'): not a card: 'Qx'"),
        (["As Kd Qh", "2c 3d"], "hand B ('2c 3d'): a hand is three cards, not 2"),
        (["As As Qh"], "card As appears twice"),
        (["As Kd Qh", "As 3d 4h"], "card As is used twice (hands A and B)"),
    ],
)
def test_rank_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], hands: list[str], message: str
) -> None:
    code, out, err = run(capsys, "rank", *hands)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("teenpatti rank: error:")


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "teenpatti_rules", "rank", "As Kd Qh", "Ah 2d 3c"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.endswith("A wins\n")
    done = subprocess.run(
        [sys.executable, "-m", "teenpatti_rules", "rank", "As Kd"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_no_command_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2


def test_rank_hints_at_missing_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rank", "AsKdQh")
    assert code == 2 and "separate cards with spaces" in err
