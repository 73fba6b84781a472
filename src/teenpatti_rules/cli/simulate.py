"""``teenpatti simulate``: automatic players (R44) play a whole session."""

from __future__ import annotations

import argparse
import random
import sys

from ..actions import Action
from ..io.history import History
from ..players import Chooser, choose, play_session
from ..players.match import PLAYERS
from ..state import State, new_session
from . import sessions
from .common import (
    PROGRESS_EVERY,
    SessionReport,
    UsageError,
    add_table_options,
    player_names,
    seed_or_random,
    table_name,
    table_rules,
)

__all__ = ["add_options", "run"]

HELP = "automatic players play a whole session"
"""The line of ``teenpatti --help`` for ``simulate``."""

DESCRIPTION = (
    "Automatic players (R44) play a whole session; prints each hand's "
    "history, then the standings and the winners. With the defaults (4 players, "
    "the default table: boot 1, 100 boots each, no limits) a session lasts a few "
    "hundred hands (about 150 to 300) and takes about a second."
)
"""What ``teenpatti simulate --help`` says first."""


def run(args: argparse.Namespace) -> int:
    """``teenpatti simulate``: automatic players (R44) play a whole session (R2).

    ``--players`` is a number of R44 players, or one kind of automatic player per
    seat (``equity,rule,rule,random``; :data:`~teenpatti_rules.players.match.PLAYERS`).

    Prints a header, each hand's history as a spectator saw it (R43), the stacks
    after each hand, then the standings and the winners (R8). ``--quiet`` prints
    only the seed and the standings. Progress goes to stderr every 1000 hands
    (``cli.common.PROGRESS_EVERY``) when stderr is a terminal or with
    ``--progress``. ``--json FILE`` writes the session's
    :class:`~teenpatti_rules.io.history.History` to ``FILE`` (``-`` for stdout, which
    then holds only the JSON).

    :param args: the parsed options of ``simulate``.
    :returns: the exit code, 0.
    :raises UsageError: for options the rules refuse (R3, ``Rules`` validation), or
        a ``--json`` file that cannot be written.

    With ``--sessions N`` it plays N sessions instead and prints a summary table
    (:mod:`teenpatti_rules.cli.sessions`).
    """
    if args.sessions is not None:
        return sessions.run(args)
    rules = table_rules(args)
    players: int | list[str] = args.players
    kinds = players if isinstance(players, list) else None
    names = player_names(len(players) if isinstance(players, list) else players, rules)
    choosers: Chooser | dict[int, Chooser] = choose
    title = f"Teen Patti: {len(names)} automatic players"
    if kinds is not None:
        choosers = {seat: PLAYERS[kind] for seat, kind in enumerate(kinds)}
        title += f" ({', '.join(kinds)})"
    table = table_name(args)
    if table is not None:
        title += f", table {table}"
    seed = seed_or_random(args.seed)
    state = new_session(names, rules, seed=seed)
    to_stdout = args.json == "-"
    json_file = None
    if args.json is not None and not to_stdout:
        try:  # before playing, so that a bad path fails at once
            json_file = open(args.json, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as error:
            raise UsageError(f"cannot write {args.json}: {error.strerror}") from None
    if args.quiet and not to_stdout:  # the seed, so that the session can be played again
        print(f"Seed {seed} (play this session again with --seed {seed})")
    report = SessionReport(
        state,
        title,
        "simulate",
        quiet=args.quiet or to_stdout,
        progress=args.progress or sys.stderr.isatty(),
    )
    actions: list[Action] = []

    def on_step(action: Action, after: State) -> None:
        actions.append(action)
        report.step(action, after)

    try:
        final = play_session(state, choosers, random.Random(seed), on_step=on_step)
        if args.json is not None:
            text = History.from_state(state).record(*actions).to_json(indent=2) + "\n"
            if json_file is None:
                sys.stdout.write(text)
                return 0
            json_file.write(text)
    finally:
        if json_file is not None:
            json_file.close()
    report.finish(final)
    return 0


def add_options(simulate: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti simulate`` to its parser."""
    add_table_options(simulate, kinds=True)
    simulate.add_argument(
        "--json",
        default=None,
        metavar="FILE",
        help="also write the session's history as JSON to FILE ('-' for stdout only); "
        "teenpatti replay FILE prints it again",
    )
    simulate.add_argument(
        "--quiet", action="store_true", help="print only the seed and the standings"
    )
    simulate.add_argument(
        "--progress",
        action="store_true",
        help=f"report progress on stderr every {PROGRESS_EVERY} hands "
        "(default: only on a terminal)",
    )
    sessions.add_options(simulate)
