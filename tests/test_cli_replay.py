"""`teenpatti simulate --json FILE` and `teenpatti replay FILE`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import teenpatti_rules as tp
from teenpatti_rules.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


SESSION = ["--seed", "5", "--players", "3", "--hands", "4"]


def test_json_history_replays_to_the_same_session(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "session.json"
    code, printed, _ = run(capsys, "simulate", *SESSION, "--json", str(path))
    assert code == 0
    history = tp.History.from_json(path.read_text())
    assert history.seed == 5 and history.players == ("Asha", "Bilal", "Chen")
    assert history.rules == tp.Rules(hand_limit=4)
    final = tp.replay(history)
    assert final.phase is tp.Phase.SESSION_OVER and final.hand_number == 4
    # The printed standings are the replayed stacks.
    for seat in final.seats:
        assert f"{seat.name}" in printed and f"{seat.stack} chips" in printed

    code, replayed, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    # Everything but the header line is the same as what simulate printed.
    assert replayed.splitlines()[1:] == printed.splitlines()[1:]
    assert replayed.splitlines()[0].startswith(f"Replay of {path}: 3 players, boot 1")


def test_json_to_stdout_is_only_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", *SESSION, "--json", "-")
    assert code == 0
    document = json.loads(out)
    assert document["version"] == 1 and document["seed"] == 5
    assert tp.replay(tp.History.from_json(out)).hand_number == 4


def test_replay_quiet_prints_the_standings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "h.json"
    run(capsys, "simulate", *SESSION, "--json", str(path))
    code, out, _ = run(capsys, "replay", "--quiet", str(path))
    assert code == 0 and out.startswith("Standings after 4 hands:")


def test_replay_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.json"
    code, out, err = run(capsys, "replay", str(missing))
    assert (code, out) == (2, "")
    assert err == f"teenpatti replay: error: cannot read {missing}: No such file or directory\n"

    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 2}')
    code, out, err = run(capsys, "replay", str(bad))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "version 2" in err

    # A history whose action 1 is illegal: seat 1 may not deal twice.
    history = tp.History.start(["A", "B", "C"], seed=1, dealer=0).record(tp.Deal(0), tp.Deal(1))
    illegal = tmp_path / "illegal.json"
    illegal.write_text(history.to_json())
    code, out, err = run(capsys, "replay", str(illegal))
    assert code == 2 and err.count("\n") == 1
    assert "action 1 (P1 deal) is illegal: seat 1 may not deal: a hand is in play" in err


def test_replay_of_a_history_that_stops_mid_hand_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # dealer 0: seat 1 chaals 1 blind; the history stops with seat 2 to act.
    history = tp.History.start(["A", "B", "C"], seed=1, dealer=0).record(tp.Deal(0), tp.Bet(1, 1))
    path = tmp_path / "partial.json"
    path.write_text(history.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "The history ends during hand 1; the 4 chips in the pot are not counted below." in out


def test_replay_of_an_open_table_names_each_chairs_player_of_the_moment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # S1, S3, S4: a chair changes hands between hands; the finished hand is printed once,
    # with the names of its players, and each later join or leave as it happens.
    rules = tp.Rules(**dict(tp.PRESETS["open"].fields))
    state = tp.new_session(["Asha", None, "Chen", "Dev"], rules, seed=3)
    history = tp.History.from_state(state)
    dealer = next(a for a in tp.legal_actions(state) if isinstance(a, tp.Deal)).seat
    played: list[tp.Action] = [tp.Deal(dealer)]
    state = tp.apply(state, played[0])
    while state.phase is tp.Phase.BETTING:  # everyone packs but the last (R29)
        assert state.actor is not None
        played.append(tp.Pack(state.actor))
        state = tp.apply(state, played[-1])
    played += [tp.Leave(0), tp.Join(1, "Bilal", None), tp.Join(0, "Esha", None)]
    history = history.record(*played)
    path = tmp_path / "open.json"
    path.write_text(history.to_json())
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"Replay of {path}: 3 players in 4 chairs, boot 1")
    assert "stacks 100, empty, 100, 100" in lines[0]
    assert sum(line.startswith("Hand 1:") for line in lines) == 1
    hand = lines[lines.index("") + 1]
    assert "Bilal" not in hand and "Esha" not in hand and "Asha" in hand
    # R11: three boots of 1; R29: two packs; the last player wins the pot of 3.
    assert lines[lines.index("") + 1 :][4:9] == [
        "Dev wins 3 chips",
        "Stacks: Asha 99, Chen 99, Dev 102",
        "Asha leaves the session with 99 chips",  # S4: between hands, at once
        "Bilal joins at seat 1 with 100 chips",  # S3: the default stack, 100 boots
        "Esha joins at seat 0 with 100 chips",  # S1: the chair Asha left
    ]
