"""``teenpatti play`` in a real 80x24 terminal (tmux): the other hand of a private
sideshow is shown (V17), a refused input gets the rule's reason, and no line is
wrapped by the terminal (so never inside a word or a card's name).

Needs tmux (``apt-get install -y tmux``); skipped, saying so, without it.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from teenpatti_rules.cli import main

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (apt-get install -y tmux): no 80x24 terminal"
)

SCRIPT = ["show", "look"] + ["sideshow", "chaal"] * 30
"""What the person types, one line per prompt: a show with three in the hand (refused,
R34), a look, then a sideshow whenever the rules allow one (else refused) and a chaal."""

OPTIONS = ["--players", "3", "--no-pause", "--name", "Tara", "--variant", "joker"]
OPTIONS += ["--rule", "sideshow_reveal=private"]
PROMPT = "? for help): "
REVEAL = "privately (V17): "


def _play_piped(seed: int) -> str:
    """The transcript of the script with piped input (the same answers to the same prompts)."""
    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO("\n".join(SCRIPT) + "\n")
    try:
        with contextlib.redirect_stdout(out):
            main(["play", "--seed", str(seed), *OPTIONS])
    finally:
        sys.stdin = old
    return out.getvalue()


def _seed_with_a_private_sideshow() -> int:
    """The first seed whose session, played by the script, has the person's sideshow
    accepted and a show refused (so the test does not depend on the automatic players'
    exact choices)."""
    for seed in range(300):
        lines = _play_piped(seed).splitlines()
        reveal = next((k for k, line in enumerate(lines) if REVEAL in line), None)
        refused = next((k for k, line in enumerate(lines) if line.startswith("Not allowed")), None)
        if reveal is not None and refused is not None and refused < reveal:
            return seed
    raise AssertionError("no seed in 300 gives the person an accepted private sideshow")


class Terminal:
    """A tmux server of its own with one 80x24 window."""

    def __init__(self, tmp_path: Path) -> None:
        self.socket = f"teenpatti-test-{os.getpid()}"
        config = tmp_path / "tmux.conf"
        config.write_text("set -g history-limit 50000\nset -g remain-on-exit on\n")
        self.base = [str(TMUX), "-L", self.socket, "-f", str(config)]

    def tmux(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, check=True)
        return done.stdout

    def start(self, command: list[str]) -> None:
        self.tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", shlex.join(command))

    def history(self, joined: bool = True) -> list[str]:
        args = ["capture-pane", "-p", "-t", "play", "-S", "-", "-E", "-"]
        text = self.tmux(*args, *(["-J"] if joined else []))
        # tmux's own "Pane is dead (...)" line (remain-on-exit) is not the program's
        # output, and may appear between two captures
        lines = text.rstrip("\n").split("\n")
        return [line for line in lines if not line.startswith("Pane is dead (")]

    def dead(self) -> bool:
        return self.tmux("display-message", "-p", "-t", "play", "#{pane_dead}").strip() == "1"

    def wait_for(self, check: object, what: str) -> list[str]:
        deadline = time.monotonic() + 60  # a guard against a hang, not a timing assertion
        while True:
            lines = self.history()
            if check(lines) or self.dead():  # type: ignore[operator]
                return lines
            if time.monotonic() > deadline:
                raise AssertionError(f"waited in vain for {what}:\n" + "\n".join(lines[-24:]))
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, check=False)


def _prompts(lines: list[str]) -> int:
    return sum(1 for line in lines if PROMPT in line)


def test_play_in_an_80x24_terminal(tmp_path: Path) -> None:
    seed = _seed_with_a_private_sideshow()
    terminal = Terminal(tmp_path)
    try:
        terminal.start(
            [sys.executable, "-m", "teenpatti_rules", "play", "--seed", str(seed), *OPTIONS]
        )
        answered = 0
        revealed = False
        while not terminal.dead():
            lines = terminal.wait_for(lambda ls, n=answered: _prompts(ls) > n, "the next prompt")
            if terminal.dead():
                break
            revealed = revealed or any(REVEAL in line for line in lines)
            text = "quit" if revealed or answered >= len(SCRIPT) else SCRIPT[answered]
            terminal.tmux("send-keys", "-t", "play", "-l", text)
            terminal.tmux("send-keys", "-t", "play", "Enter")
            answered += 1
            if text == "quit":
                terminal.wait_for(lambda ls: any("seed was" in line for line in ls), "the end")
                break
        joined = terminal.history()
        physical = terminal.history(joined=False)
    finally:
        terminal.close()
    text = "\n".join(joined)
    # V17 private: the person sees the other hand of its accepted sideshow.
    reveal = [line for line in joined if REVEAL in line]
    assert len(reveal) == 1 and reveal[0].startswith("You see "), text
    # A refused input prints the rule's reason, not a generic message.
    refused = [line for line in joined if line.startswith("Not allowed: ")]
    assert any("(R34)" in line for line in refused), text
    # Every line fits 80 columns: the terminal wrapped nothing, so no word, card name
    # or ")" was split; the program wrapped long lines itself, at spaces.
    assert joined == physical
    assert all(len(line) <= 80 for line in joined)
    assert all(line.strip() != ")" for line in joined)
    assert "The session's seed was" in text
    # The joker table's header is longer than 80 columns: wrapped at a space.
    assert any(line.startswith("    ") and "wild)" in line for line in joined), text
