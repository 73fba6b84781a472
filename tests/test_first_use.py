"""Issue 12, first use: the command line and the root API a new user meets first."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import teenpatti_rules as tp
from teenpatti_rules.cli import main

NAMES = ["Asha", "Bilal", "Chen"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str], hands: int = 3) -> Path:
    path = tmp_path / "session.json"
    assert (
        run(capsys, "simulate", "--seed", "5", "--hands", str(hands), "--json", str(path))[0] == 0
    )
    return path


# --- replay ---------------------------------------------------------------


def test_replay_of_a_file_that_is_not_utf8_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"version": 1, "players": ["Andr\xe9"]}'.encode("latin-1"))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "can't decode byte 0xe9" in err


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = saved(tmp_path, capsys).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    code, out, err = run(capsys, "replay", "-")
    assert code == 0 and err == ""
    assert (
        out.startswith("Replay of standard input: 4 players") and "Standings after 3 hands" in out
    )


def test_replay_accepts_a_utf8_byte_order_mark(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = saved(tmp_path, capsys)
    with_bom = tmp_path / "bom.json"
    with_bom.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, out, _ = run(capsys, "replay", str(with_bom), "--quiet")
    assert code == 0 and "Standings after 3 hands" in out


def test_replay_of_a_truncated_history_prints_its_partial_last_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    history = tp.History.start(NAMES, seed=1, dealer=0)
    deck = tp.deck_for(history.initial_state(), {0: "As Ah Ad", 1: "2c 3d 5h", 2: "Kh Qh Jh"})
    # R19: seat 1, on the dealer's left, acts first; a blind chaal of the stake (R24)
    history = history.record(tp.Deal(0, deck), tp.Bet(1, 1), tp.Look(2))
    path = tmp_path / "cut.json"
    path.write_text(history.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "Bilal chaals 1 chip blind" in out and "Chen looks at their cards" in out
    assert "(the history stops here, during hand 1)" in out
    assert "the 4 chips in the pot are not counted" in out  # boots 3 + 1 chaal (R9, R24)


# --- simulate --quiet says its seed ---------------------------------------


def test_simulate_quiet_prints_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--quiet", "--hands", "2", "--seed", "77")
    assert code == 0 and out.splitlines()[0].startswith("Seed 77 (")
    code, out, _ = run(capsys, "simulate", "--quiet", "--hands", "2")
    seed = int(out.split()[1])
    again = run(capsys, "simulate", "--quiet", "--hands", "2", "--seed", str(seed))[1]
    assert again == out


# --- --version, helpful errors, deck_for ---------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"teenpatti_rules {tp.__version__}"


def test_deck_for_deals_the_chosen_hands_in_r10_order() -> None:
    state = tp.new_session(NAMES, seed=1, dealer=1)
    deck = tp.deck_for(state, {0: "As Ks Qs", 1: "2c 2d 9h", 2: "Jh Td 4c"})
    # R10: one card at a time from the dealer's left: seat 2, seat 0, seat 1
    assert tp.format_cards(deck) == "Jh As 2c Td Ks 2d 4c Qs 9h"
    dealt = tp.apply(state, tp.Deal(1, deck))
    assert [tp.format_cards(seat.cards) for seat in dealt.seats] == [
        "As Ks Qs",
        "2c 2d 9h",
        "Jh Td 4c",
    ]


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ({0: "As Ks Qs", 1: "2c 2d 9h"}, "no cards for seat 2"),
        ({0: "As Ks Qs", 1: "2c 2d 9h", 2: "Jh Td 4c", 3: "5c 6c 7c"}, "not in the session"),
        ({0: "As Ks", 1: "2c 2d 9h", 2: "Jh Td 4c"}, r"hands\[0\] is three cards, not 2"),
        ({0: "As Ks Qs", 1: "As 2d 9h", 2: "Jh Td 4c"}, "card As is given twice"),
    ],
)
def test_deck_for_names_the_problem(hands: dict[int, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tp.deck_for(tp.new_session(NAMES, seed=1), hands)


def test_deck_for_refuses_wrong_types() -> None:
    with pytest.raises(TypeError, match="state must be a State"):
        tp.deck_for(None, {})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hands must be a mapping"):
        tp.deck_for(tp.new_session(NAMES, seed=1), ["As Ks Qs"])  # type: ignore[arg-type]


# --- str(state) is the table in one line, without cards --------------------


def test_str_of_a_state_is_one_line_without_cards() -> None:
    state = tp.new_session(NAMES, seed=1, dealer=0)
    assert str(state) == "Before the first hand"
    deck = tp.deck_for(state, {0: "As Ah Ad", 1: "2c 3d 5h", 2: "Kh Qh Jh"})
    state = tp.apply(tp.apply(state, tp.Deal(0, deck)), tp.Look(1))
    # R9: three boots of 1 chip; R19: Bilal, left of the dealer Asha, acts first
    assert str(state) == "Hand 1: pot 3 chips, stake 1; Bilal to act"
    assert str(tp.view(state, 1)) == str(state)  # a view prints the same line (R43)
    assert tp.describe_table(tp.view(state, None)).split("\n")[0] == str(state)
    assert "Rules(" in repr(state)
    for seat in (1, 2):  # R39: Bilal and Chen pack, the hand is over
        state = tp.apply(state, tp.Pack(seat))
    assert str(state) == "After hand 1"


def test_narration_is_exported_at_the_root() -> None:
    for name in ("describe_table", "describe_hand", "describe_event", "describe_events"):
        assert name in tp.__all__ and callable(getattr(tp, name))


# --- the README's library snippet runs as printed ---------------------------------


def test_the_readme_snippet_runs() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    code = readme.split("```python\n", 1)[1].split("```", 1)[0]
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("sequence")


def test_play_session_with_an_int_rng_says_what_to_pass() -> None:
    with pytest.raises(TypeError, match=r"random\.Random\(1\)"):
        tp.play_session(tp.new_session(NAMES, seed=1), tp.choose, 1)  # type: ignore[arg-type]
    assert (
        tp.play_session(
            tp.new_session(NAMES, tp.Rules(hand_limit=1), seed=1), tp.choose, random.Random(1)
        ).phase
        is tp.Phase.SESSION_OVER
    )


def test_history_from_json_given_a_path_says_to_read_it(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text(json.dumps({"version": 1}))
    with pytest.raises(tp.HistoryError, match="read_text"):
        tp.History.from_json(str(path))


# --- the batch API -------------------------------------------------------


def test_deal_many_deals_distinct_cards_and_evaluate_many_ranks_them_all() -> None:
    np = pytest.importorskip("numpy")
    hands = tp.deal_many(5_000, 4, seed=7)
    assert hands.shape == (5_000, 4, 3) and hands.dtype == np.int8
    flat = np.sort(hands.reshape(5_000, 12), axis=1)
    assert flat.min() >= 0 and flat.max() <= 51
    assert (flat[:, 1:] != flat[:, :-1]).all()  # no card twice within a deal
    assert (tp.deal_many(10, 4, seed=7) == tp.deal_many(10, 4, seed=7)).all()
    strengths = tp.evaluate_many(hands)
    assert strengths.shape == (5_000, 4)
    deal, player = 123, 2
    cards = [tp.CARDS[int(i)] for i in hands[deal, player]]
    assert strengths[deal, player] == tp.evaluate(cards).strength
    # every card is about equally likely: 5,000 * 12 / 52 = 1153.8 draws each
    counts = np.bincount(hands.ravel(), minlength=52)
    assert counts.min() > 1000 and counts.max() < 1310


def test_categories_many_matches_r17_counts() -> None:
    np = pytest.importorskip("numpy")
    from itertools import combinations

    every = np.array(list(combinations(range(52), 3)))
    counts = np.bincount(tp.categories_many(tp.evaluate_many(every)), minlength=6)
    # R17: high card 16,440, pair 3,744, color 1,096, sequence 720, pure sequence 48, trail 52
    assert counts.tolist() == [16440, 3744, 1096, 720, 48, 52]
    with pytest.raises(ValueError, match="outside"):
        tp.categories_many(np.array([100_000]))


@pytest.mark.parametrize(
    ("args", "message"),
    [((10, 18), "at most 52"), ((-1, 3), "deals must be at least 0"), ((10, 0), "players")],
)
def test_deal_many_refuses_impossible_counts(args: tuple[int, int], message: str) -> None:
    pytest.importorskip("numpy")
    with pytest.raises(ValueError, match=message):
        tp.deal_many(*args)


# --- teenpatti play -------------------------------------------------------


class Terminal(io.StringIO):
    """Typed input that claims to be a terminal (so that play pauses between hands)."""

    def isatty(self) -> bool:
        return True


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    *args: str,
    terminal: bool = False,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", (Terminal if terminal else io.StringIO)(text))
    code = main(["play", "--seed", "5", "--players", "3", "--name", "Me", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_play_speaks_to_you_names_your_hand_and_takes_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(monkeypatch, capsys, "?\nlook\nchaal\nquit\n")
    assert code == 0
    assert "Type the number of a choice, or a word:" in out  # ? prints the help
    assert "You look at your cards" in out and "Me looks" not in out
    assert "Boots: Bilal, you and Asha post 1 chip each" in out  # one line, not three
    hand = next(line for line in out.splitlines() if line.startswith("Your hand: "))
    cards = hand.removeprefix("Your hand: ").split(",")[0]
    assert hand.endswith(str(tp.evaluate(cards)))
    assert "You chaal 2 chips seen" in out  # a seen chaal is twice the stake (R24)


def test_play_says_why_the_blind_bets_vanished(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(monkeypatch, capsys, "chaal\n" * 6 + "quit\n", "--starting-boots", "200")
    assert code == 0
    # R23: at most 4 blind bets; then only look and pack are offered
    assert "No blind bet: you made the 4 blind bets allowed (R23); look to bet on." in out
    assert "No show: you have used up your blind bets and must look before a show (R36)." in out


def test_play_pauses_between_hands_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(monkeypatch, capsys, "pack\nq\n", terminal=True)
    assert code == 0
    assert out.count("Press Enter for the next hand (q to leave): ") == 1
    assert "Hand 2:" not in out  # q at the pause leaves before the next deal
    code, out, _ = play(monkeypatch, capsys, "pack\n", "--no-pause", terminal=True)
    assert "Press Enter" not in out and "Hand 2:" in out


def test_play_ctrl_c_leaves_on_a_new_line_with_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(prompt: str = "") -> str:
        print(prompt, end="")
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    code, out, _ = play(monkeypatch, capsys, "")
    assert code == 130
    assert "Your choice (1-5, ? for help): \nYou left during hand 1" in out


def test_play_hands_pot_limit_and_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "played.json"
    code, out, _ = play(
        monkeypatch, capsys, "pack\n" * 5, "--hands", "2", "--pot-limit", "40", "--json", str(path)
    )
    assert code == 0 and "Standings after 2 hands:" in out and "Session over" in out
    history = tp.History.from_json(path.read_text())
    assert history.rules.hand_limit == 2 and history.rules.pot_limit == 40
    assert tp.replay(history).phase is tp.Phase.SESSION_OVER


def test_to_you_turns_narration_to_the_second_person() -> None:
    from teenpatti_rules.players.terminal import to_you

    assert (
        to_you("Me raises: 4 chips seen, stake 1 -> 2", "Me")
        == "You raise: 4 chips seen, stake 1 -> 2"
    )
    assert (
        to_you("Asha accepts the sideshow; Me packs", "Me") == "Asha accepts the sideshow; you pack"
    )
    assert to_you("Meena packs", "Me") == "Meena packs"  # whole words only


# --- installing numpy -----------------------------------------------------


def test_a_missing_numpy_says_pip_install_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    with pytest.raises(ImportError, match="pip install numpy"):
        tp.evaluate_many([[0, 1, 2]])  # type: ignore[arg-type]
    with pytest.raises(ImportError, match="pip install numpy"):
        tp.deal_many(1, 3)


def test_no_text_installs_the_package_from_an_index() -> None:
    root = Path(__file__).parents[1]
    texts = [root / "README.md", *root.glob("docs/**/*.rst"), *root.glob("src/**/*.py")]
    wrong = [
        str(path.relative_to(root))
        for path in texts
        if "pip install 'teenpatti_rules[" in path.read_text(encoding="utf-8")
    ]
    assert wrong == []  # the package is not on PyPI: install from a clone


def test_the_cli_says_a_missing_numpy_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from teenpatti_rules.cli.main import main

    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    for name in [m for m in sys.modules if m.startswith("teenpatti_rules.odds")]:
        monkeypatch.delitem(sys.modules, name)
    assert main(["odds", "As Kd Qh"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("teenpatti odds: error: ") and "pip install numpy" in err
    assert err.count("\n") == 1  # one line, no traceback
