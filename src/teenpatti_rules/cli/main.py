"""The ``teenpatti`` command line: one module per command (``rank``, ``odds``,
``simulate``, ``match``, ``replay``, ``play``, ...), each with its words for ``--help``
(``HELP``, ``DESCRIPTION``, optionally ``EPILOG``), ``add_options`` and ``run``.

- ``teenpatti rank HAND HAND...`` names each hand in words and says which wins.
- ``teenpatti odds HAND --opponents N`` gives a hand's chances against N unknown
  hands and its percentile; ``teenpatti odds --table`` the category table (R17).
- ``teenpatti simulate`` lets automatic players (R44) play a whole session and
  prints each hand's history, then the standings and the winners (R8);
  ``--players equity,rule,rule,random`` seats different kinds of automatic player.
- ``teenpatti match`` plays seeded sessions between kinds of automatic player and
  prints chips won per hand with 95 % confidence intervals.
- ``teenpatti replay FILE`` prints a history saved by ``simulate --json FILE``.
- ``teenpatti play`` seats a person at seat 0 against automatic players.
- ``teenpatti variants`` lists the named tables that ``--variant NAME`` takes.

Errors in the input print one line on stderr and exit with code 2. When the reader of
the output goes away early (``teenpatti simulate | head``), the command stops quietly
with exit code 141, the code a shell shows for a program ended by SIGPIPE (128 + 13), as
``yes | head`` does; ``set -o pipefail`` scripts see it as they see any other tool's.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from . import match, odds, play, rank, replay, schema, serve, simulate, variants
from .common import NAMES, OneLineParser, UsageError, hand_report

__all__ = ["COMMANDS", "NAMES", "build_parser", "hand_report", "main"]

COMMANDS = (rank, odds, simulate, match, replay, play, variants, schema, serve)
"""The command modules, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``teenpatti`` with all its subcommands."""
    parser = OneLineParser(
        prog="teenpatti", description="Teen Patti rules: rank hands, simulate and play sessions."
    )
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"teenpatti_rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        command = commands.add_parser(
            module.__name__.rpartition(".")[2],  # the command is named after its module
            help=module.HELP,
            description=module.DESCRIPTION,
            epilog=getattr(module, "EPILOG", None),
        )
        module.add_options(command)
        command.set_defaults(handler=module.run)
    return parser


_BROKEN_PIPE = 141
"""The exit code when stdout's reader closed early: 128 + SIGPIPE (13), as a shell shows
for a program that SIGPIPE ended (``yes | head``)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``teenpatti`` command line.

    :param argv: the arguments after the program name; None for ``sys.argv[1:]``.
    :returns: the exit code: 0 on success, 2 on bad input (one line on stderr),
        130 when interrupted, 141 (nothing on stderr) when the
        reader of stdout closed it early (``teenpatti simulate | head``).
    :raises SystemExit: from argparse, after ``--help`` and ``--version`` (code 0) or a
        usage error (code 2).
    """
    # the recipe of https://docs.python.org/3/library/signal.html#note-on-sigpipe
    try:
        try:
            return _run(argv)
        finally:  # write the last buffered output here, where a closed pipe is caught
            sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again on exit: point it at devnull so that no
        # "Exception ignored ... BrokenPipeError" follows
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return _BROKEN_PIPE


def _run(argv: Sequence[str] | None) -> int:
    """:func:`main` but for the closed pipe: parse ``argv`` and run its command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except UsageError as error:
        print(f"teenpatti {args.command}: error: {error}", file=sys.stderr)
        return 2
    except ImportError as error:  # an optional dependency: odds and the equity player need numpy
        print(f"teenpatti {args.command}: error: {error}", file=sys.stderr)
        return 2
    except ValueError as error:  # bad input the library refused: its one-line reason
        text = " ".join(str(error).split())
        print(f"teenpatti {args.command}: error: {text}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
