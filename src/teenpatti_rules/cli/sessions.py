"""``teenpatti simulate --sessions N [--workers K]``: many sessions and a summary table.

A hook of ``teenpatti simulate`` (see ``teenpatti_rules.cli.simulate``): with
``--sessions`` it plays that many sessions through
:func:`teenpatti_rules.simulate.run_sessions` instead of printing one, then prints
the summary table (wins by seat, chips won per hand with a 95% confidence interval,
mean hands per session). ``--seed`` is the master seed, so a run is reproducible
whatever ``--workers`` is. With the ``rich`` extra installed and stderr a terminal
(or ``--progress``), a progress bar runs on stderr; otherwise there is none.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..limits import MAX_SESSIONS, short
from ..simulate import SessionConfig, run_sessions, summary_table, totals
from .common import UsageError, player_names, seed_or_random, table_rules

__all__ = ["add_options", "run"]


def add_options(command: argparse.ArgumentParser) -> None:
    """Add ``--sessions``, ``--workers``, ``--chunksize`` and ``--policy`` to ``simulate``."""
    group = command.add_argument_group("many sessions")
    group.add_argument(
        "--sessions",
        type=int,
        default=None,
        metavar="N",
        help="play N sessions and print a summary table instead of one session's hands",
    )
    group.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="K",
        help="with --sessions: K worker processes (default 1: in this process)",
    )
    group.add_argument(
        "--chunksize",
        type=int,
        default=16,
        metavar="N",
        help="with --sessions: sessions per worker task (default 16)",
    )
    group.add_argument(
        "--policy",
        default="teenpatti_rules:choose",
        metavar="PATH",
        help="with --sessions: every seat's player by import path "
        "(default teenpatti_rules:choose, the R44 player)",
    )


def _progress_bar(total: int, wanted: bool) -> tuple[Callable[[int], None] | None, Any]:
    """A ``rich`` progress bar on stderr when wanted and rich is installed, else None."""
    if not wanted:
        return None, None
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:
        return None, None
    bar = Progress(console=Console(file=sys.stderr), transient=True)
    task = bar.add_task("sessions", total=total)

    def update(done: int) -> None:
        bar.update(task, completed=done)

    return update, bar


def run(args: argparse.Namespace) -> int:
    """Play ``args.sessions`` sessions and print the summary table.

    :param args: the parsed options of ``simulate`` (table options, ``--seed`` as the
        master seed, ``--sessions``, ``--workers``, ``--chunksize``, ``--policy``).
    :returns: the exit code, 0.
    :raises ~teenpatti_rules.cli.common.UsageError: for a bad count, a table the rules
        refuse (R3), or a policy that cannot be loaded.
    """
    if not 1 <= args.sessions <= MAX_SESSIONS:
        raise UsageError(
            f"--sessions must be from 1 to {MAX_SESSIONS} (limits.MAX_SESSIONS), "
            f"not {short(args.sessions)}"
        )
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.chunksize < 1:
        raise UsageError(f"--chunksize must be at least 1, not {args.chunksize}")
    rules = table_rules(args)
    names = player_names(args.players, rules)
    seed = seed_or_random(args.seed)
    try:
        config = SessionConfig(players=args.players, rules=rules, policies=args.policy)
    except ValueError as error:
        raise UsageError(str(error)) from None
    progress, bar = _progress_bar(args.sessions, args.progress or sys.stderr.isatty())
    print(
        f"Teen Patti: {args.sessions} sessions of {args.players} players "
        f"(master seed {seed}, {args.workers} worker{'s' if args.workers > 1 else ''})"
    )
    try:
        if bar is not None:
            bar.start()
        if args.workers == 1:
            results = run_sessions(
                config, args.sessions, master_seed=seed, chunksize=args.chunksize, progress=progress
            )
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
                results = run_sessions(
                    config,
                    args.sessions,
                    master_seed=seed,
                    map=pool.map,
                    chunksize=args.chunksize,
                    progress=progress,
                )
    except ValueError as error:
        raise UsageError(str(error)) from None
    except TypeError as error:  # a --policy that is not a chooser (view, seat, rng)
        raise UsageError(
            f"the policy {args.policy!r} is not a player (view, seat, rng) -> Action: {error}"
        ) from None
    finally:
        if bar is not None:
            bar.stop()
    for line in summary_table(totals(results), names):
        print(line)
    return 0
