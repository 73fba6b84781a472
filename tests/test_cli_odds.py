"""Tests of `teenpatti odds`, `teenpatti match` and `teenpatti simulate --players KINDS`."""

from __future__ import annotations

import pytest

from teenpatti_rules.cli import match as cli_match
from teenpatti_rules.cli.main import main as run


def test_odds_of_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "As Ad Ac", "--opponents", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "As Ad Ac: trail of aces"
    assert out[1] == "beats 99.98 % of all hands"  # 22,096 / 22,100
    assert out[2].startswith("against 2 opponents (exact")
    assert out[3] == "  win 100.00 %, tie 0.00 %, lose 0.00 %; pot share 100.00 %"


def test_odds_monte_carlo_and_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(
            [
                "odds",
                "Ah 2d 3c",
                "--opponents",
                "4",
                "--variant",
                "classic",
                "--samples",
                "2000",
                "--seed",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ah 2d 3c: sequence ace-two-three (classic)"
    assert "Monte Carlo, 2,000 deals, standard error" in out[2]


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "--table"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "22,100 hands"
    counts = [line.split()[-3] for line in out[2:]]
    assert counts == ["52", "48", "720", "1,096", "3,744", "16,440"]  # R17


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["odds"], "give a HAND"),
        (["odds", "As Kd Qh", "--table"], "not both"),
        (["odds", "As Kd"], "hand must be 3 cards"),
        (["odds", "As Kd Qh", "--opponents", "17"], "opponents must be"),
        (["odds", "As Kd Qh", "--variant", "nope"], "unknown variant 'nope'"),
        (["odds", "As Kd Qh", "--dead", "As"], "dead holds As"),
        (["odds", "As Kd Qh", "--indicator", "2c"], "indicator must be None"),
        (["match", "--players", "equity,smart,rule"], "unknown player kind 'smart'"),
        (["match", "--players", "equity,rule"], "3 to 7 players"),
        (["match", "--hands", "0"], "--hands must be at least 1"),
    ],
)
def test_bad_input_exits_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"teenpatti {argv[0]}: error: ") and words in err


def test_odds_under_ranking_variants(capsys: pytest.CaptureFixture[str]) -> None:
    # V9 Muflis: 5-3-2 of mixed suits is the best class of hands (60 of them, issue 10)
    assert run(["odds", "5s 3d 2c", "--variant", "muflis"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("(muflis)")
    assert out[1] == "beats 99.73 % of all hands"  # all but the 59 other 5-3-2s: 22,040 / 22,100
    # V8 joker with 7c turned up: 20,825 hands; trails 409 of them (issue 10 counts)
    assert run(["odds", "--table", "--variant", "joker", "--indicator", "7c"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "20,825 hands (joker)"
    assert out[2].split()[-3] == "409"
    assert run(["odds", "As Kd", "--variant", "default", "--rule", "hand_size=2"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("(default, hand_size=2)")


def test_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["match", "--players", "equity,rule,random", "--sessions", "3", "--hands", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "equity, rule, random; boot 1, hand limit 4"
    assert out[1].startswith("3 sessions, ")
    assert [line.split()[0] for line in out[3:]] == ["equity", "rule", "random"]


def test_player_kinds() -> None:
    assert cli_match.player_kinds("equity, rule,random") == ["equity", "rule", "random"]
    with pytest.raises(ValueError, match="the kinds are equity, rule, random"):
        cli_match.player_kinds("equity,bot")


def test_simulate_seats_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "equity,rule,rule,random", "--hands", "3", "--seed", "1"]
    assert run(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Teen Patti: 4 automatic players (equity, rule, rule, random),")
    assert run(["simulate", "--players", "3", "--hands", "2", "--seed", "1", "--quiet"]) == 0


def test_simulate_refuses_unknown_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(["simulate", "--players", "equity,bot,rule"])
    assert exit_info.value.code == 2
    assert "unknown player kind 'bot'" in capsys.readouterr().err
