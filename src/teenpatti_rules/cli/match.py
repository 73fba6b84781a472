"""``teenpatti match``: seeded sessions between kinds of automatic player, with a results table.

``teenpatti match --players equity,rule,equity,rule --sessions 500 --hands 20`` seats
the kinds in that order (the seating turns by one place each session, so every kind
plays every seat), plays the sessions with seeds ``--seed``, ``--seed + 1``, … and
prints, for each kind, its chips won per hand with a 95 % confidence interval and the
sessions it won (:func:`~teenpatti_rules.players.match.play_match`). The kinds are
``equity`` (the equity player), ``rule`` (the R44 player) and ``random``.

The command module has the two functions of every command: :func:`add_options` and
:func:`run`; :func:`player_kinds` reads a ``--players`` list (shared with
``teenpatti simulate``).
"""

from __future__ import annotations

import argparse

from .common import UsageError, add_variant_options, rules_from_options

__all__ = ["add_options", "player_kinds", "run"]

HELP = "seeded sessions between kinds of automatic player, with a results table"
"""The line of ``teenpatti --help`` for ``match``."""

DESCRIPTION = (
    "Play seeded sessions between kinds of automatic player (equity, rule, "
    "random) and print each kind's chips won per hand with a 95 % confidence interval."
)
"""What ``teenpatti match --help`` says first."""


def player_kinds(text: str) -> list[str]:
    """A comma-separated list of player kinds, e.g. ``"equity,rule,rule,random"``.

    :param text: the option's value.
    :returns: the kinds, one per seat.
    :raises ValueError: naming an unknown kind and the known ones.
    """
    from ..players.match import PLAYERS

    kinds = [part.strip() for part in text.split(",")]
    for kind in kinds:
        if kind not in PLAYERS:
            raise ValueError(f"unknown player kind {kind!r}; the kinds are {', '.join(PLAYERS)}")
    return kinds


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti match`` to its parser."""
    parser.add_argument(
        "--players",
        default="equity,rule,equity,rule",
        metavar="KINDS",
        help="one kind per seat, comma-separated (default equity,rule,equity,rule)",
    )
    parser.add_argument(
        "--sessions", type=int, default=200, metavar="N", help="sessions (default 200)"
    )
    parser.add_argument(
        "--hands", type=int, default=20, metavar="N", help="hand limit per session (default 20)"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="N", help="first seed (default 0)")
    add_variant_options(parser, "table_show_after=3", chips=True)


def run(args: argparse.Namespace) -> int:
    """Run ``teenpatti match`` with parsed arguments; print the results table.

    :param args: the options of :func:`add_options`.
    :returns: 0.
    :raises UsageError: for bad input (an unknown kind, a table size or option the
        rules refuse, fewer than one session): ``teenpatti`` prints it as one line on
        stderr and exits with code 2.
    """
    from ..players.match import format_match, play_match

    rules = rules_from_options(
        args.variant,
        args.rule,
        boot=args.boot,
        starting_boots=args.starting_boots,
        hand_limit=args.hands,
    )
    try:
        kinds = player_kinds(args.players)
        result = play_match(kinds, args.sessions, rules, seed=args.seed)
    except (ValueError, TypeError) as error:
        raise UsageError(str(error)) from None
    table = "" if args.variant == "default" else f", table {args.variant}"
    print(f"{', '.join(kinds)}; boot {rules.boot}, hand limit {rules.hand_limit}{table}")
    print("\n".join(format_match(result)))
    return 0
