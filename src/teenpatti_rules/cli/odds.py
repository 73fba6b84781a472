"""``teenpatti odds``: a hand's odds against opponents, or the category table (R17).

- ``teenpatti odds "As Kd Qh" --opponents 3`` names the hand, gives its percentile
  (the share of all hands it beats) and its chances to win, tie and lose at a showdown
  against that many unknown hands (:func:`~teenpatti_rules.odds.equity`).
- ``teenpatti odds --table`` prints the category table of R17 with exact counts and
  probabilities (:func:`~teenpatti_rules.odds.category_odds`).

``--variant NAME`` selects a ranking variant (:data:`VARIANTS`); variants that this
version of the library does not have yet are refused with a message. The command
module has the two functions of every command: :func:`add_parser` and :func:`run`.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..ranking import evaluate
from ..rules import Rules
from .common import UsageError

__all__ = ["VARIANTS", "add_parser", "rules_for_variant", "run"]

VARIANTS: Mapping[str, tuple[str, Mapping[str, Any]]] = {
    "standard": ("the default table, R13-R16", {}),
    "classic": ("A-2-3 the highest sequence (V1)", {"sequence_order": "classic"}),
    "suits": (
        "suits break exact ties, spades > hearts > diamonds > clubs (V7)",
        {"suit_order": "shdc"},
    ),
    "ak47": ("aces, kings, fours and sevens wild (V8)", {"wild_ranks": "AK47"}),
    "joker": ("the indicator's rank is wild; needs --indicator (V8)", {"wild": "joker"}),
    "hukam": ("the indicator's suit is wild; needs --indicator (V8)", {"wild": "hukam"}),
    "lowest": ("each hand's lowest rank is wild (V8)", {"wild": "lowest"}),
    "highest": ("each hand's highest rank is wild (V8)", {"wild": "highest"}),
    "jokers": ("two printed jokers X1, X2 are wild (V8)", {"jokers": 2}),
    "muflis": ("lowball: the order reversed (V9)", {"ranking": "muflis"}),
    "999": ("digits, the highest number wins (V10)", {"ranking": "999"}),
    "235": ("2-3-5 the highest sequence (V11)", {"high_235": True}),
    "2-card": ("two cards and one imagined card (V12)", {"hand_size": 2}),
    "4-card": ("the best three of four cards (V12)", {"hand_size": 4}),
    "5-card": ("the best three of five cards (V12)", {"hand_size": 5}),
}
"""The ranking variants ``--variant`` knows: name → (description, ``Rules`` fields)."""


def rules_for_variant(name: str) -> Rules:
    """The :class:`~teenpatti_rules.rules.Rules` of a ``--variant`` name.

    :param name: a key of :data:`VARIANTS`.
    :returns: the rules of that table (the default table for ``"standard"``).
    :raises ValueError: for an unknown name (listing the known ones), or a variant
        this version of the library does not have (naming the missing field).
    """
    if name not in VARIANTS:
        raise ValueError(f"unknown variant {name!r}; the variants are {', '.join(VARIANTS)}")
    fields = VARIANTS[name][1]
    try:
        return Rules(**fields)
    except TypeError:
        missing = ", ".join(f"Rules.{field}" for field in fields)
        raise ValueError(
            f"variant {name!r} needs {missing}, which this version of teenpatti_rules "
            "does not have yet"
        ) from None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``odds`` command to ``subparsers`` (from ``add_subparsers``).

    :param subparsers: the ``argparse`` subparsers action of ``teenpatti``.
    :returns: the command's parser (its handler is :func:`run`).
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "odds",
        help="a hand's chances against opponents, or the category table",
        description="A hand's chances at a showdown against unknown hands, e.g. teenpatti "
        'odds "As Kd Qh" --opponents 3; or the category table (R17) with --table.',
        epilog="variants: " + "; ".join(f"{k}: {d}" for k, (d, _) in VARIANTS.items()),
    )
    parser.add_argument("hand", nargs="?", metavar="HAND", help='the hand, e.g. "As Kd Qh"')
    parser.add_argument(
        "--opponents", type=int, default=1, metavar="N", help="unknown hands to beat (default 1)"
    )
    parser.add_argument("--table", action="store_true", help="print the category table (R17)")
    parser.add_argument(
        "--variant", default="standard", metavar="NAME", help="a ranking variant (see below)"
    )
    parser.add_argument(
        "--indicator", default=None, metavar="CARD", help="the turned-up card (joker, hukam)"
    )
    parser.add_argument(
        "--dead", default="", metavar="CARDS", help='cards no opponent holds, e.g. "2c 7d"'
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        metavar="N",
        help="Monte Carlo deals (default: exact for 1 or 2 opponents, else 100,000)",
    )
    parser.add_argument("--seed", type=int, default=None, metavar="N", help="Monte Carlo seed")
    parser.set_defaults(handler=run)
    return parser


def _percent(p: float) -> str:
    if 0 < p < 0.00005:
        return "<0.01 %"
    if 0.99995 < p < 1:
        return ">99.99 %"
    return f"{100 * p:.2f} %"


def run(args: argparse.Namespace) -> int:
    """Run ``teenpatti odds`` with parsed arguments; print the answer on stdout.

    :param args: the options of :func:`add_parser`.
    :returns: 0.
    :raises UsageError: for bad input (an unknown or unavailable variant, a bad hand,
        too many opponents, a bad indicator, neither or both of HAND and ``--table``):
        ``teenpatti`` prints it as one line on stderr and exits with code 2.
    """
    try:
        lines = _lines(args)
    except (ValueError, TypeError) as error:
        raise UsageError(str(error)) from None
    print("\n".join(lines))
    return 0


def _lines(args: argparse.Namespace) -> list[str]:
    from ..odds import category_odds, equity, percentile

    rules = rules_for_variant(args.variant)
    indicator = None if args.indicator is None else Card.parse(args.indicator)
    title = "" if args.variant == "standard" else f" ({args.variant})"
    if args.table:
        if args.hand is not None:
            raise UsageError("give a HAND or --table, not both")
        rows = category_odds(rules, indicator=indicator)
        total = rows[0].total
        lines = [f"{total:,} hands{title}", f"{'category':<15} {'hands':>9} {'probability':>12}"]
        for row in rows:
            lines.append(
                f"{row.category.words:<15} {row.count:>9,} {100 * row.probability:>10.3f} %"
            )
        return lines
    if args.hand is None:
        raise UsageError('give a HAND (e.g. "As Kd Qh") or --table')
    result = equity(
        args.hand,
        args.opponents,
        rules,
        dead=args.dead,
        indicator=indicator,
        samples=args.samples,
        seed=args.seed,
    )
    if indicator is None:
        hand = evaluate(args.hand, rules)
    else:
        hand = evaluate(args.hand, rules, indicator=indicator)
    share = percentile(args.hand, rules, indicator=indicator)
    who = "1 opponent" if args.opponents == 1 else f"{args.opponents} opponents"
    if result.method == "exact":
        how = f"exact, {result.samples:,} deals"
    else:
        how = f"Monte Carlo, {result.samples:,} deals, standard error {_percent(result.stderr)}"
    return [
        f"{args.hand}: {hand}{title}",
        f"beats {_percent(share)} of all hands",
        f"against {who} ({how}):",
        f"  win {_percent(result.win)}, tie {_percent(result.tie)}, "
        f"lose {_percent(result.lose)}; pot share {_percent(result.pot_share)}",
    ]
