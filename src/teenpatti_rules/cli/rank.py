"""``teenpatti rank``: name hands and say which wins (R13–R18; ranking variants V1,
V7–V12 with ``--variant NAME``, ``--rule FIELD=VALUE`` and ``--indicator CARD``).
"""

from __future__ import annotations

import argparse

from ..cards import Card, format_cards, parse_cards
from ..ranking import evaluate
from .common import OneLineParser, UsageError, add_variant_options, rules_from_options

__all__ = ["add_options", "run"]

HELP = "name hands in words and say which wins"
"""The line of ``teenpatti --help`` for ``rank``."""

DESCRIPTION = (
    "Name each hand in words and say which wins, "
    'e.g. teenpatti rank "As Kd Qh" "2c 3d 4h", or '
    'teenpatti rank --variant ak47 "Ah Kd 4c" "As 7h 4d".'
)
"""What ``teenpatti rank --help`` says first."""


def _letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"#{index + 1}"


def run(args: argparse.Namespace) -> int:
    """``teenpatti rank``: name each hand (R13–R16 and the table's ranking variants) and
    say which wins, or that they tie (R18).

    :raises UsageError: naming the hand or option, for a bad hand, a card used twice
        (or the indicator in a hand), an unknown variant or field, or a missing or
        unexpected ``--indicator``.
    """
    rules = rules_from_options(args.variant, args.rule)
    indicator: Card | None = None
    if args.indicator is not None:
        if not rules.has_indicator:
            raise UsageError(
                "--indicator is only for a table with wild='joker' or 'hukam' "
                "(e.g. --variant joker)"
            )
        try:
            indicator = Card.parse(args.indicator)
        except ValueError as error:
            raise UsageError(f"--indicator: {error}") from None
    elif rules.has_indicator:
        raise UsageError(f"a wild={rules.wild!r} table needs --indicator CARD (the turned-up card)")
    hands = []
    seen: dict[str, str] = {} if indicator is None else {str(indicator): "the indicator"}
    for index, text in enumerate(args.hands):
        try:
            cards = parse_cards(text)
            for card in cards:
                other = seen.setdefault(str(card), _letter(index))
                if other == "the indicator":
                    raise UsageError(f"card {card} is the indicator and in hand {_letter(index)}")
                if other != _letter(index):
                    raise UsageError(
                        f"card {card} is used twice (hands {other} and {_letter(index)})"
                    )
            rank = evaluate(cards, rules, indicator=indicator)
        except ValueError as error:
            raise UsageError(f"hand {_letter(index)} ({text!r}): {error}") from None
        hands.append((cards, rank))
    if indicator is not None:
        print(f"indicator: {indicator}")
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


def add_options(rank: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti rank`` to its parser."""
    rank.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help='the table\'s hand size of cards (three by default), e.g. "As Kd Qh"',
    )
    add_variant_options(rank, "wild_ranks=AK56")
    rank.add_argument(
        "--indicator",
        default=None,
        metavar="CARD",
        help="the turned-up card of a joker or hukam table (V8 W5), e.g. 7c",
    )
    if isinstance(rank, OneLineParser):
        rank.intermixed = True  # options anywhere: rank "As Kd Qh" --variant classic "Ac 2d 3h"
