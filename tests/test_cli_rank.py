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


# --- ranking variants (V8-V12): --variant, --rule, --indicator ------------------------------


def test_rank_variant_ak47_tie(capsys: pytest.CaptureFixture[str]) -> None:
    # V8: A, K, 4 and 7 wild: both hands are three wild cards, a trail of aces (W3)
    code, out, err = run(capsys, "rank", "--variant", "ak47", "Ah Kd 4c", "As 7h 4d")
    assert (code, err) == (0, "")
    assert out == (
        "A: Ah Kd 4c  trail of aces (4c, Kd, Ah wild)\n"
        "B: As 7h 4d  trail of aces (4d, 7h, As wild)\n"
        "tie\n"
    )


def test_rank_variant_joker_with_indicator(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "rank", "--variant", "joker", "--indicator", "7c", "As 7s 7h", "Kc Kd Ks"
    )
    assert code == 0
    assert out == (
        "indicator: 7c\n"
        "A: As 7s 7h  trail of aces (7h, 7s wild)\n"
        "B: Kc Kd Ks  trail of kings\n"
        "A wins\n"
    )


def test_rank_rule_and_hand_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "rank", "--variant", "best-of-four", "Ks Kd 9c 2h", "Kh Kc 9d 3s")[1]
    assert out.endswith("pair of kings, nine kicker\ntie\n")
    out = run(capsys, "rank", "--rule", "ranking=999", "9s 8d Kc", "9h 7c 7d")[1]
    assert out == "A: 9s 8d Kc  980\nB: 9h 7c 7d  977\nA wins\n"
    out = run(capsys, "rank", "--variant", "muflis", "5s 3h 2d", "As Ah Ad")[1]
    assert out.endswith("A wins\n")
    out = run(capsys, "rank", "--variant", "two-card", "5s 7s", "Kd Qh")[1]
    assert out == (
        "A: 5s 7s  pure sequence seven-six-five\nB: Kd Qh  sequence ace-king-queen\nA wins\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "joker", "As Kd Qh"], "needs --indicator CARD"),
        (["--indicator", "7c", "As Kd Qh"], "--indicator is only for a table with wild="),
        (["--variant", "hukam", "--indicator", "7x", "As Kd Qh"], "--indicator: not a card"),
        (["--variant", "joker", "--indicator", "7c", "7c Kd Qh"], "card 7c is the indicator"),
        (["--variant", "nope", "As Kd Qh"], "unknown variant 'nope'"),
        (["--variant", "best-of-four", "As Kd Qh"], "a hand is four cards, not 3"),
        (["--variant", "two-jokers", "X3 Kd Qh"], "card X3 is not in this table's deck"),
    ],
)
def test_rank_variant_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "rank", *args)
    assert code == 2 and out == ""
    assert message in err and err.startswith("teenpatti rank: error:")


@pytest.mark.soak
def test_simulate_and_variants_list_the_ranking_presets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    for name in (
        "ak47",
        "joker",
        "hukam",
        "muflis",
        "999",
        "lowest-joker",
        "highest-joker",
        "two-jokers",
        "best-of-four",
        "best-of-five",
        "two-card",
        "235",
    ):
        assert f"\n{name} " in f"\n{out}"
    code, out, _ = run(capsys, "simulate", "--variant", "joker", "--seed", "3", "--players", "4")
    assert code == 0 and "The indicator is turned up: 7h" in out
