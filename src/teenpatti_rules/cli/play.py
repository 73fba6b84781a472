"""``teenpatti play``: a person at seat 0 against automatic players."""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping

from ..actions import Action
from ..players import Chooser, choose, play_session
from ..players.terminal import Quit, TerminalPlayer
from ..state import State, new_session
from ..text.narrate import describe_stacks, describe_standings
from ..views import view
from .common import (
    BETWEEN_HANDS,
    NAMES,
    UsageError,
    add_table_options,
    left_after,
    player_names,
    rules_from_options,
    seed_or_random,
)

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace) -> int:
    """``teenpatti play``: a person at seat 0 against automatic players (R44).

    Shows only the person's view (R43): their cards once they looked, the pot, the
    stake, the stacks, whose turn; lists their legal actions with numbers and reads
    a choice from stdin; prints what the others did. End of input, Ctrl-C, or a
    stack below the boot (R7) ends the game with the standings (exit code 0).

    :param args: the parsed options of ``play``.
    :returns: the exit code, 0.
    :raises UsageError: for options the rules refuse (R3, ``Rules`` validation) or
        an empty name.
    """
    rules = rules_from_options(
        args.variant, args.rule, boot=args.boot, starting_boots=args.starting_boots
    )
    player_names(args.players, rules)
    name = args.name.strip()
    if not name:
        raise UsageError("--name must not be empty")
    names = [name, *[other for other in NAMES if other != name][: args.players - 1]]
    seed = seed_or_random(args.seed, bits=128)  # hidden from the person until the end (R43)
    state = new_session(names, rules, seed=seed)
    person = TerminalPlayer(0)
    players: Mapping[int, Chooser] = {0: person, **dict.fromkeys(range(1, len(names)), choose)}
    print(f"Teen Patti: you are {names[0]}, against {', '.join(names[1:])}")
    print("Type the number of your choice; end of input (Ctrl-D) or Ctrl-C leaves.")
    last = [state]
    left: dict[int, int] = {}

    def on_step(action: Action, after: State) -> None:
        last[0] = after
        if after.phase not in BETWEEN_HANDS:
            return
        left_after(after, left)
        mine = view(after, 0)
        person.catch_up(mine)
        print(describe_stacks(after))
        if not after.seats[0].in_session:
            print(f"{names[0]}, your stack is below the boot: you leave the table (R7).")
            raise Quit

    try:
        last[0] = play_session(state, players, random.Random(seed), on_step=on_step)
    except (Quit, KeyboardInterrupt):
        if last[0].phase not in BETWEEN_HANDS:
            print(f"You left during hand {last[0].hand_number}; chips in the pot are not counted.")
    print()
    print("\n".join(describe_standings(last[0], left)))
    print(f"The session's seed was {seed} (--seed {seed} deals the same cards again).")
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` command to ``teenpatti``'s subcommands."""
    play = subparsers.add_parser(
        "play",
        help="play against automatic players in the terminal",
        description="Play at seat 0 against automatic players. Type the number of your "
        "choice; end of input (Ctrl-D) or Ctrl-C leaves with the standings.",
    )
    add_table_options(play)
    play.add_argument("--name", default="Player", help="your name (default Player)")
    play.set_defaults(handler=run)
