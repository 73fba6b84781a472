"""``teenpatti odds``: a hand's odds against opponents, or the category table (R17).

- ``teenpatti odds "As Kd Qh" --opponents 3`` names the hand, gives its percentile
  (the share of all hands it beats) and its chances to win, tie and lose at a showdown
  against that many unknown hands (:func:`~teenpatti_rules.odds.equity`).
- ``teenpatti odds --table`` prints the category table of R17 with exact counts and
  probabilities (:func:`~teenpatti_rules.odds.category_odds`).

``--variant NAME`` selects a named table (:data:`teenpatti_rules.presets.PRESETS`) and
``--rule FIELD=VALUE`` changes any field; their ranking fields (V7-V12) decide the
odds, with ``--indicator CARD`` on joker and hukam tables (W5). The command module
has the two functions of every command: :func:`add_options` and :func:`run`.
"""

from __future__ import annotations

import argparse

from ..cards import Card
from ..ranking import evaluate
from .common import UsageError, add_variant_options, rules_from_options, table_name

__all__ = ["add_options", "run"]

HELP = "a hand's chances against opponents, or the category table"
"""The line of ``teenpatti --help`` for ``odds``."""

DESCRIPTION = (
    "A hand's chances at a showdown against unknown hands, e.g. teenpatti "
    'odds "As Kd Qh" --opponents 3; or the category table (R17) with --table.'
)
"""What ``teenpatti odds --help`` says first."""

EPILOG = (
    "--variant takes any named table of teenpatti variants; its ranking fields "
    "(V7-V12) decide the odds."
)
"""What ``teenpatti odds --help`` says last."""


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti odds`` to its parser."""
    parser.add_argument("hand", nargs="?", metavar="HAND", help='the hand, e.g. "As Kd Qh"')
    parser.add_argument(
        "--opponents", type=int, default=1, metavar="N", help="unknown hands to beat (default 1)"
    )
    parser.add_argument("--table", action="store_true", help="print the category table (R17)")
    add_variant_options(parser, "hand_size=4")
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


def _percent(p: float) -> str:
    if 0 < p < 0.00005:
        return "<0.01 %"
    if 0.99995 < p < 1:
        return ">99.99 %"
    return f"{100 * p:.2f} %"


def run(args: argparse.Namespace) -> int:
    """Run ``teenpatti odds`` with parsed arguments; print the answer on stdout.

    :param args: the options of :func:`add_options`.
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

    rules = rules_from_options(args.variant, args.rule)
    indicator = None if args.indicator is None else Card.parse(args.indicator)
    table = table_name(args)
    title = "" if table is None else f" ({table})"
    if args.table:
        if args.hand is not None:
            raise UsageError("give a HAND or --table, not both")
        rows = category_odds(rules, indicator=indicator)
        total = rows[0].total
        if sum(1 for row in rows if row.count) < 2:  # V10: 999 ranks by number alone
            raise UsageError(
                f"every hand of this table{title} is in one category (as under 999, V10, "
                "where a hand is its number): no category table; ask for a HAND's odds"
            )
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
