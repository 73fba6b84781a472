"""The command line when the reader of its output goes away early
(``teenpatti simulate | head``): exit code 141 (128 + SIGPIPE, as ``yes | head``) and
nothing on stderr, no traceback and no "Exception ignored ... BrokenPipeError" from the
interpreter's last flush. The command runs in a real subprocess with a real pipe.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

BROKEN_PIPE = 141  # 128 + SIGPIPE (13): what a shell shows for `yes | head`


def _environment(*, unbuffered: bool) -> dict[str, str]:
    """This process's environment with stdout buffered (a pipe's default) or not."""
    env = dict(os.environ)
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_reader_closing_after_one_line_stops_the_command_quietly(unbuffered: bool) -> None:
    # 7 players, 2,000 hands at most, 1,000 boots each: far more output (about 280 kB for
    # this seed) than a pipe (64 kB) and the two sides' buffers hold, so the command is
    # still writing when the reader closes, whatever the timing
    argv = ["simulate", "--players", "7", "--starting-boots", "1000", "--hands", "2000"]
    process = subprocess.Popen(
        [sys.executable, "-m", "teenpatti_rules", *argv, "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_environment(unbuffered=unbuffered),
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away, as `head -1` does
    err = process.stderr.read()
    process.stderr.close()
    code = process.wait(timeout=120)
    assert first.startswith(b"Teen Patti: 7 automatic players")
    assert err == b""
    assert code == BROKEN_PIPE


@pytest.mark.parametrize(
    "argv",
    [
        ["variants"],  # all its output waits in the buffer until the last flush
        ["rank", "As Ks Qs", "2c 3d 5h"],
        ["--help"],  # printed by argparse, which then exits with SystemExit
    ],
)
def test_pipe_closed_before_the_first_write_stops_the_command_quietly(
    argv: list[str],
) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: the first write to the pipe fails
    try:
        result = subprocess.run(
            [sys.executable, "-m", "teenpatti_rules", *argv],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=_environment(unbuffered=False),
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert result.stderr == b""
    assert result.returncode == BROKEN_PIPE
