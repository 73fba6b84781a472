"""``teenpatti simulate``: golden histories, options, errors.

The golden files in tests/data/ are the exact output for a fixed seed. To
regenerate them after a deliberate change of the output, run

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_cli_simulate.py

and check the new history by eye against RULES.md before committing it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import teenpatti_rules as tp
from teenpatti_rules.cli import common, main
from teenpatti_rules.cli.common import PROGRESS_EVERY

DATA = Path(__file__).parent / "data"

GOLDEN = {
    "simulate-seed-8.txt": ["--players", "4", "--starting-boots", "10", "--seed", "8"],
    "simulate-seed-36-pot-limit.txt": [
        *("--players", "5", "--hands", "6", "--boot", "2"),
        *("--starting-boots", "10", "--pot-limit", "40", "--seed", "36"),
    ],
}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_history(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, *GOLDEN[name])
    assert (code, err) == (0, "")
    path = DATA / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(out)
    assert out == path.read_text(), f"{name} changed; see this file's docstring to regenerate"


def test_golden_history_is_complete() -> None:
    """The golden session of seed 8 is played to its end: one player remains (R2, R8)."""
    text = (DATA / "simulate-seed-8.txt").read_text()
    hands = re.findall(r"^Hand (\d+): dealer", text, flags=re.MULTILINE)
    assert [int(n) for n in hands] == list(range(1, len(hands) + 1))
    assert len(re.findall(r"leaves the session", text)) == 3
    last = text.rstrip("\n").splitlines()
    assert last[-1].startswith("Winner: ")
    assert re.search(r"^  1\. \w+ +40 chips$", text, flags=re.MULTILINE)  # 4 x 10 chips (R42)


def test_hand_limit_and_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--hands", "3", "--seed", "5", "--players", "3")
    assert code == 0
    assert re.findall(r"^Hand (\d+):", out, flags=re.MULTILINE) == ["1", "2", "3"]
    assert "Standings after 3 hands:" in out
    assert out.count("Session over: ") == 1
    code, quiet, _ = run(capsys, "--hands", "3", "--seed", "5", "--players", "3", "--quiet")
    assert code == 0 and quiet.startswith(
        "Seed 5 (play this session again with --seed 5)\nStandings after 3 hands:"
    )
    assert out.endswith(quiet.split("\n", 1)[1])  # the same session, only the standings


def test_the_seed_is_reported_and_reproduces_the_session(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "--hands", "2")
    assert code == 0
    match = re.search(r"; seed (\d+)$", out.splitlines()[0])
    assert match
    assert run(capsys, "--hands", "2", "--seed", match[1])[1] == out


def test_defaults_play_a_whole_session(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--seed", "1")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("Teen Patti: 4 automatic players, boot 1, 100 chips each,")
    assert "Winner: " in out and "Session over: winner" in out  # one player remains (R2)


def test_progress_goes_to_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every PROGRESS_EVERY hands (1000, as --help says); set to 10 here, so that 25
    # hands report twice. Deep stacks and a low pot limit: nobody busts in 25 hands.
    assert PROGRESS_EVERY == 1000
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "every 1000 hands" in " ".join(capsys.readouterr().out.split())
    monkeypatch.setattr(common, "PROGRESS_EVERY", 10)
    long = ["--quiet", "--players", "3", "--starting-boots", "1000", "--pot-limit", "20"]
    code, out, err = run(capsys, *long, "--hands", "25", "--seed", "2", "--progress")
    assert code == 0 and "Standings after 25 hands:" in out
    assert err == "teenpatti simulate: 10 hands played\nteenpatti simulate: 20 hands played\n"
    code, out, err = run(capsys, *long, "--hands", "25", "--seed", "2")
    assert code == 0 and err == ""  # stderr is not a terminal here


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--json", "/nonexistent-dir/out.json"],
            "cannot write /nonexistent-dir/out.json: No such file or directory",
        ),
        (["--players", "2"], "a session needs 3 to 7 players, not 2 (R3)"),
        (["--players", "8"], "a session needs 3 to 7 players, not 8 (R3)"),
        (["--boot", "0"], "--boot must be at least 1, not 0"),
        (["--hands", "0"], "--hands must be at least 1, not 0"),
        (["--pot-limit", "0"], "--pot-limit must be at least 1, not 0"),
        (["--starting-boots", "0"], "--starting-boots must be at least 1, not 0"),
    ],
)
def test_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err == f"teenpatti simulate: error: {message}\n"


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "teenpatti_rules", "simulate", "--seed", "3", "--hands", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "Standings after 2 hands:" in done.stdout


@pytest.mark.soak
@pytest.mark.parametrize("name", list(tp.PRESETS))
def test_every_preset_plays_quietly(capsys: pytest.CaptureFixture[str], name: str) -> None:
    # Every preset plays `teenpatti simulate --variant NAME --quiet` (the open and
    # forced-blinds tables of S1-S9 and V22 included).
    code = main(["simulate", "--variant", name, "--quiet", "--seed", "3", "--hands", "6"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert out.startswith("Seed 3 ") and "Standings after" in out
