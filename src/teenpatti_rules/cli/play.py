"""``teenpatti play``: a person at seat 0 against automatic players."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Mapping

from ..actions import Action
from ..io.history import History
from ..players import Chooser, choose, play_session
from ..players.terminal import Quit, TerminalPlayer, say, to_you
from ..presets import PRESETS
from ..state import Phase, State, new_session
from ..text.narrate import describe_stacks, describe_standings
from ..text.wild import describe_wild_cards
from ..views import view
from .common import (
    BETWEEN_HANDS,
    NAMES,
    UsageError,
    add_table_options,
    left_after,
    player_names,
    seed_or_random,
    table_name,
    table_rules,
)

__all__ = ["add_options", "run"]

HELP = "play against automatic players in the terminal"
"""The line of ``teenpatti --help`` for ``play``."""

DESCRIPTION = (
    "Play at seat 0 against automatic players. Type the number of your "
    "choice or a word (pack, chaal, raise, show, ...; ? for help); quit or end of input "
    "(Ctrl-D) leaves with the standings (exit code 0), Ctrl-C too (exit code 130)."
)
"""What ``teenpatti play --help`` says first."""


def _pause(state: State) -> None:
    """Between hands on a terminal: wait for Enter, so that the result stays on screen."""
    if state.phase is not Phase.AWAITING_DEAL:
        return
    try:
        text = input("Press Enter for the next hand (q to leave): ")
    except EOFError:
        print()
        raise Quit from None
    if text.strip().lower() in ("q", "quit", "exit", "leave"):
        raise Quit


def run(args: argparse.Namespace) -> int:
    """``teenpatti play``: a person at seat 0 against automatic players (R44).

    Shows only the person's view (R43), spoken to them as "you": their cards and
    the name of their hand once they looked, the pot, the stake, the stacks, whose
    turn, and why an option is missing (with the rule); lists their legal actions
    with numbers and reads a number or a word (``pack``, ``chaal``, ``?`` for help)
    from stdin; prints what the others did. On a terminal it waits for Enter
    between hands (``--no-pause`` does not). ``--json FILE`` saves the session's
    history for ``teenpatti replay``.

    Exit codes: 0 when the session ends, at the end of input (Ctrl-D), after
    ``quit``, or when the person's stack falls below the boot (R7); 130 after
    Ctrl-C. Each prints the standings first (Ctrl-C on a new line).

    :param args: the parsed options of ``play``.
    :returns: the exit code, 0 or 130.
    :raises UsageError: for options the rules refuse (R3, ``Rules`` validation), an
        empty name, or a ``--json`` file that cannot be written.
    """
    rules = table_rules(args)
    player_names(args.players, rules)
    name = args.name.strip()
    if not name:
        raise UsageError("--name must not be empty")
    names = [name, *[other for other in NAMES if other != name][: args.players - 1]]
    seed = seed_or_random(args.seed, bits=128)  # hidden from the person until the end (R43)
    try:
        state = new_session(names, rules, seed=seed)
    except ValueError as error:
        raise UsageError(str(error).replace("players[0]", "--name")) from None
    names = [seat.name or f"seat {i}" for i, seat in enumerate(state.seats)]  # S1: empty chairs
    json_file = None
    if args.json is not None:
        try:  # before playing, so that a bad path fails at once
            json_file = open(args.json, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as error:
            raise UsageError(f"cannot write {args.json}: {error.strerror}") from None
    pause = args.pause and sys.stdin.isatty()
    actions: list[Action] = []
    person = TerminalPlayer(0)
    players: Mapping[int, Chooser] = {0: person, **dict.fromkeys(range(1, len(names)), choose)}
    say(f"Teen Patti: you are {names[0]}, against {', '.join(names[1:])}")
    preset = PRESETS.get(args.variant)
    title = table_name(args) or "default"
    summary = f": {preset.summary}" if preset is not None and not args.rule else ""
    say(f"Table: {title}{summary}")
    wild = describe_wild_cards(rules)
    if wild is not None:
        say(wild[0].upper() + wild[1:])
    say("Type the number of your choice or a word (? for help); quit or Ctrl-D leaves.")
    last = [state]
    left: dict[int, int] = {}

    def on_step(action: Action, after: State) -> None:
        last[0] = after
        actions.append(action)
        if after.phase not in BETWEEN_HANDS:
            return
        left_after(after, left)
        mine = view(after, 0)
        person.catch_up(mine)
        say(to_you(describe_stacks(after), names[0]))
        if not after.seats[0].in_session:
            say(f"{names[0]}, your stack is below the boot: you leave the table (R7).")
            raise Quit
        if pause:
            _pause(after)

    code = 0
    try:
        last[0] = play_session(state, players, random.Random(seed), on_step=on_step)
    except (Quit, KeyboardInterrupt) as stop:
        if isinstance(stop, KeyboardInterrupt):
            print()  # after the ^C the terminal echoed
            code = 130
        if last[0].phase not in BETWEEN_HANDS:
            say(f"You left during hand {last[0].hand_number}; chips in the pot are not counted.")
    print()
    say("\n".join(describe_standings(last[0], left)))
    say(f"The session's seed was {seed} (--seed {seed} deals the same cards again).")
    if json_file is not None:
        with json_file:
            json_file.write(History.from_state(state).record(*actions).to_json(indent=1) + "\n")
        say(f"History saved to {args.json} (teenpatti replay prints it).")
    return code


def add_options(play: argparse.ArgumentParser) -> None:
    """Add the options of ``teenpatti play`` to its parser."""
    add_table_options(play)
    play.add_argument("--name", default="Player", help="your name (default Player)")
    play.add_argument(
        "--json",
        default=None,
        metavar="FILE",
        help="save the session's history as JSON to FILE (teenpatti replay FILE prints it)",
    )
    play.add_argument(
        "--no-pause",
        dest="pause",
        action="store_false",
        help="do not wait for Enter between hands (it waits only on a terminal)",
    )
