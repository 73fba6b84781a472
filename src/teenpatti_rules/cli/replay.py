"""``teenpatti replay``: print the hands of a saved history."""

from __future__ import annotations

import argparse

from ..errors import HistoryError
from ..io.history import History, replay_states
from .common import SessionReport, UsageError

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace) -> int:
    """``teenpatti replay FILE``: print the hands of a saved history as ``simulate`` does.

    :param args: the parsed options of ``replay``.
    :returns: the exit code, 0.
    :raises UsageError: if the file cannot be read, is not a history (the message
        names the field), or holds an illegal action (the message names its index);
        the hands before an illegal action are printed first.
    """
    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
    try:
        history = History.from_json(text)
        states = replay_states(history)
        start = next(states)
        title = f"Replay of {args.file}: {len(start.seats)} players"
        report = SessionReport(start, title, "replay", quiet=args.quiet, progress=False)
        final = start
        for action, final in zip(history.actions, states, strict=True):
            report.step(action, final)
    except HistoryError as error:
        raise UsageError(f"{args.file}: {error}") from None
    report.finish(final)
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` command to ``teenpatti``'s subcommands."""
    replay = subparsers.add_parser(
        "replay",
        help="print the hands of a saved history",
        description="Replay a history written by 'teenpatti simulate --json FILE' (or by "
        "History.to_json) and print its hands as simulate does.",
    )
    replay.add_argument("file", metavar="FILE", help="a history JSON file")
    replay.add_argument(
        "--quiet", action="store_true", help="print only the standings, not the hands"
    )
    replay.set_defaults(handler=run)
