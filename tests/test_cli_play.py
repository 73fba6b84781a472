"""``teenpatti play`` driven by piped input."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from teenpatti_rules.cli import main

CARD = re.compile(r"\b(?:[2-9TJQKA]|10)[cdhs]\b")


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    *args: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_looking_then_packing_plays_hand_after_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # "1" is "look at your cards" while blind (R22), then "pack" once seen (R29).
    code, out, err = play(monkeypatch, capsys, "1\n" * 6, "--seed", "5", "--players", "3")
    assert (code, err) == (0, "")
    # The seed would give away every deck: it is told only at the end (R43).
    assert out.startswith("Teen Patti: you are Player, against Asha, Bilal\n")
    assert out.rstrip().endswith("The session's seed was 5 (--seed 5 deals the same cards again).")
    assert "Hand 3: " in out and out.count("You pack") >= 2
    assert "  1) look at your cards" in out
    assert re.search(r"^Bilal wins \d+ chips?$|^Asha wins \d+ chips?$", out, flags=re.MULTILINE)
    assert "Standings during hand " in out and out.rstrip().splitlines()[-4].startswith("  1. ")


def test_only_the_persons_view_is_shown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(monkeypatch, capsys, "1\n2\n" * 10, "--seed", "9", "--players", "4")
    assert code == 0
    for line in out.splitlines():
        if CARD.search(line):
            # Cards appear only in the person's own table line (after looking, R43)
            # and in hands turned up by a show or showdown (R35, R40).
            assert line.startswith(("  > Player ", "Your hand: ", "Show: ", "Showdown")), line


def test_bad_input_asks_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(monkeypatch, capsys, "x\n0\n99\n\n1\n", "--seed", "5", "--players", "3")
    assert code == 0
    assert out.count("type a number from 1 to 5, or a word (? lists them).") == 4
    assert "'x' is not a choice: type a number" in out
    assert "There is no choice 0: " in out and "There is no choice 99: " in out
    assert "Please type a number from 1 to 5" in out  # the empty line
    assert "You look at your cards" in out


def test_end_of_input_leaves_cleanly_with_the_standings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = play(monkeypatch, capsys, "", "--seed", "5", "--players", "3")
    assert (code, err) == (0, "")
    assert "You left during hand 1; chips in the pot are not counted." in out
    lines = out.rstrip().splitlines()
    assert lines[-5:] == [
        "Standings during hand 1 (the 3 chips in the pot not counted):",
        "  1. Player    99 chips",  # 100 minus the boot (R9)
        "  2. Asha      99 chips",
        "  3. Bilal     99 chips",
        "The session's seed was 5 (--seed 5 deals the same cards again).",
    ]


def test_ctrl_c_leaves_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    code, out, _ = play(monkeypatch, capsys, "", "--seed", "5", "--players", "3")
    assert code == 130 and "Standings during hand 1 (the 3 chips in the pot not counted):" in out


def test_a_person_who_goes_broke_leaves_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # One boot each: everyone is all-in from the boot, so every hand is a showdown
    # at the deal (R9, R12) and nobody is asked anything.
    for seed in range(20):
        code, out, _ = play(
            monkeypatch, capsys, "", "--seed", str(seed), "--players", "3", "--starting-boots", "1"
        )
        assert code == 0
        assert "Showdown: " in out
        if "You leave the session with 0 chips" in out:
            assert "your stack is below the boot: you leave the table (R7)" in out
            return
    raise AssertionError("the person never lost in 20 seeds")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "8"], "a session needs 3 to 7 players, not 8 (R3)"),
        (["--name", " "], "--name must not be empty"),
        (["--boot", "0"], "--boot must be at least 1, not 0"),
    ],
)
def test_errors_exit_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    code, out, err = play(monkeypatch, capsys, "", *args)
    assert code == 2 and out == ""
    assert err == f"teenpatti play: error: {message}\n"


def test_piped_into_the_console_script() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "teenpatti_rules", "play", "--seed", "5", "--players", "3"],
        input="1\n1\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert "Your choice (1-5, ? for help): 1\n" in done.stdout  # piped input is echoed
    assert "You pack" in done.stdout and "Standings during hand " in done.stdout


def test_draw_and_no_limit_amount_prompts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """V20: the draw entry asks for the cards; V3: a no-limit amount is asked for."""
    import random as _random

    import teenpatti_rules as tp
    from teenpatti_rules.players.terminal import TerminalPlayer

    rules = tp.Rules(draw_price=1, bet_sizing="no_limit")
    state = tp.new_session(["A", "B", "C"], rules, seed=1, dealer=0)
    state = tp.apply(state, tp.Deal(0, tp.parse_cards("2c 3d 4h Kd 9s 8c 7h 6d Js As Ah Ac")))
    state = tp.apply(state, tp.Look(1))  # seat 1 holds 2c Kd 7h
    player = TerminalPlayer(1)
    legal = [a for a in tp.legal_actions(state) if a.seat == 1 and not isinstance(a, tp.Draw)]
    amount_entry, draw_entry = len(legal) + 1, len(legal) + 2
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{draw_entry}\nzz\nQs\nKd\n"))
    action = player(tp.view(state, 1), 1, _random.Random(0))
    assert action == tp.Draw(1, tp.parse_cards("Kd"))
    out = capsys.readouterr().out
    assert "draw: discard some of your cards and pay 1 chip a card" in out
    assert out.count("Please type 1 to 2 of your own cards") == 2
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{amount_entry}\n7\n100\n36\n"))
    assert player(tp.view(state, 1), 1, _random.Random(0)) == tp.Bet(1, 36)
    out = capsys.readouterr().out
    assert "bet another amount (even amounts 2 to 98, or 99 chips)" in out
    assert out.count("Please type a legal amount") == 2
    monkeypatch.setattr(sys, "stdin", io.StringIO("bet 9\nbet 10\n"))  # V3: any even amount
    assert player(tp.view(state, 1), 1, _random.Random(0)) == tp.Bet(1, 10)
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw\nKd\n"))  # the word also asks
    assert player(tp.view(state, 1), 1, _random.Random(0)) == tp.Draw(1, tp.parse_cards("Kd"))
