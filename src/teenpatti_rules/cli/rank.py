"""``teenpatti rank``: name hands and say which wins (R13–R18)."""

from __future__ import annotations

import argparse

from ..cards import format_cards, parse_cards
from ..ranking import evaluate
from .common import UsageError

__all__ = ["add_parser", "run"]


def _letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"#{index + 1}"


def run(args: argparse.Namespace) -> int:
    """``teenpatti rank``: name each hand (R13–R16) and say which wins, or that they tie (R18)."""
    hands = []
    seen: dict[str, str] = {}
    for index, text in enumerate(args.hands):
        try:
            rank = evaluate(text)
            cards = parse_cards(text)
        except ValueError as error:
            raise UsageError(f"hand {_letter(index)} ({text!r}): {error}") from None
        for card in cards:
            other = seen.setdefault(str(card), _letter(index))
            if other != _letter(index):
                raise UsageError(f"card {card} is used twice (hands {other} and {_letter(index)})")
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


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rank`` command to ``teenpatti``'s subcommands."""
    rank = subparsers.add_parser(
        "rank",
        help="name hands in words and say which wins",
        description="Name each hand in words and say which wins, "
        'e.g. teenpatti rank "As Kd Qh" "2c 3d 4h".',
    )
    rank.add_argument("hands", nargs="+", metavar="HAND", help='three cards, e.g. "As Kd Qh"')
    rank.set_defaults(handler=run)
