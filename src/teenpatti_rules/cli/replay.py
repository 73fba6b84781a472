"""``teenpatti replay``: print the hands of a saved history."""

from __future__ import annotations

import argparse
import sys

from ..errors import HistoryError
from ..io.history import History, replay_states
from ..limits import MAX_DOCUMENT_CHARS
from ..state import Phase
from ..text.narrate import describe_hand
from ..views import view
from .common import SessionReport, UsageError

__all__ = ["add_options", "run"]

HELP = "print the hands of a saved history"
"""The line of ``teenpatti --help`` for ``replay``."""

DESCRIPTION = (
    "Replay a history written by 'teenpatti simulate --json FILE' (or by "
    "History.to_json) and print its hands as simulate does."
)
"""What ``teenpatti replay --help`` says first."""


def _read(name: str) -> bytes:
    """The bytes of the file ``name``, or of standard input for ``-``."""
    if name == "-":
        return sys.stdin.buffer.read(MAX_DOCUMENT_CHARS + 1)
    try:
        with open(name, "rb") as file:
            return file.read(MAX_DOCUMENT_CHARS + 1)  # a longer file is refused as too long
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None


def run(args: argparse.Namespace) -> int:
    """``teenpatti replay FILE``: print the hands of a saved history as ``simulate`` does.

    ``FILE`` may be ``-`` for standard input (``teenpatti simulate --json - |
    teenpatti replay -``). The file is JSON in UTF-8 (a byte order mark is
    accepted; UTF-16 and UTF-32 are recognised too). A history that stops during a
    hand prints that hand as far as it goes, then says so.

    :param args: the parsed options of ``replay``.
    :returns: the exit code, 0.
    :raises UsageError: (one line, exit code 2) if the file cannot be read, is not
        JSON text (bytes that are not UTF-8 included), is not a history (the message
        names the field), or holds an illegal action (the message names its index);
        the hands before an illegal action are printed first.
    """
    text = _read(args.file)
    try:
        history = History.from_json(text)
        states = replay_states(history)
        start = next(states)
        source = "standard input" if args.file == "-" else args.file
        seated = sum(seat.in_session for seat in start.seats)
        title = f"Replay of {source}: {seated} players"
        if seated != len(start.seats):  # an open table with empty chairs (S1)
            title += f" in {len(start.seats)} chairs"
        report = SessionReport(start, title, "replay", quiet=args.quiet, progress=False)
        final = start
        for action, final in zip(history.actions, states, strict=True):
            report.step(action, final)
    except HistoryError as error:
        raise UsageError(f"{args.file}: {error}") from None
    if not args.quiet and final.phase in (Phase.BETTING, Phase.SIDESHOW):
        print()
        print("\n".join(describe_hand(view(final, None), compact=True)))
        print(f"(the history stops here, during hand {final.hand_number})")
    report.finish(final)
    return 0


def add_options(replay: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti replay`` to its parser."""
    replay.add_argument("file", metavar="FILE", help="a history JSON file, or - for standard input")
    replay.add_argument(
        "--quiet", action="store_true", help="print only the standings, not the hands"
    )
