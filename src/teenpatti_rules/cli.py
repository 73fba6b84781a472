"""The ``teenpatti`` command line.

``teenpatti rank HAND HAND...`` names each hand in words and says which wins.
Errors in the input print one line on stderr and exit with code 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .cards import format_cards, parse_cards
from .ranking import evaluate

__all__ = ["main"]


class _UsageError(Exception):
    """Bad input from the command line: one line on stderr, exit code 2."""


def _letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"#{index + 1}"


def cmd_rank(args: argparse.Namespace) -> int:
    """``teenpatti rank``: name each hand (R13–R16) and say which wins, or that they tie (R18)."""
    hands = []
    seen: dict[str, str] = {}
    for index, text in enumerate(args.hands):
        try:
            cards = parse_cards(text)
            rank = evaluate(cards)
        except ValueError as error:
            raise _UsageError(f"hand {_letter(index)} ({text!r}): {error}") from None
        for card in cards:
            other = seen.setdefault(str(card), _letter(index))
            if other != _letter(index):
                raise _UsageError(f"card {card} is used twice (hands {other} and {_letter(index)})")
        hands.append((cards, rank))
    for index, (cards, rank) in enumerate(hands):
        print(f"{_letter(index)}: {format_cards(cards)}  {rank}")
    if len(hands) > 1:
        best = max(rank for _, rank in hands)
        winners = [_letter(i) for i, (_, rank) in enumerate(hands) if rank == best]
        if len(winners) == len(hands):
            print("tie" if len(hands) == 2 else "all tie")
        elif len(winners) == 1:
            print(f"{winners[0]} wins")
        else:
            print(f"{' and '.join(winners)} tie for the win")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``teenpatti`` with all its subcommands."""
    parser = argparse.ArgumentParser(
        prog="teenpatti", description="Teen Patti rules: rank hands, simulate and play sessions."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rank = commands.add_parser(
        "rank",
        help="name hands in words and say which wins",
        description="Name each hand in words and say which wins, "
        'e.g. teenpatti rank "As Kd Qh" "2c 3d 4h".',
    )
    rank.add_argument("hands", nargs="+", metavar="HAND", help='three cards, e.g. "As Kd Qh"')
    rank.set_defaults(handler=cmd_rank)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``teenpatti`` command line.

    :param argv: the arguments after the program name; None for ``sys.argv[1:]``.
    :returns: the exit code: 0 on success, 2 on bad input (one line on stderr),
        130 when interrupted.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except _UsageError as error:
        print(f"teenpatti {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
