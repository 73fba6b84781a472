"""What the commands share: table options, player names, seeds, usage errors and the
session printer of ``simulate`` and ``replay``.
"""

from __future__ import annotations

import argparse
import secrets
import sys

from ..actions import Action
from ..events import SeatLeft
from ..rules import Rules
from ..state import Phase, State
from ..text.narrate import chips, describe_hand, describe_stacks, describe_standings
from ..views import view

__all__ = ["NAMES", "UsageError", "hand_report"]

NAMES = ("Asha", "Bilal", "Chen", "Dev", "Esi", "Farid", "Gita")
"""Names of the automatic players, by seat; tables of more seats use ``P0``, ``P1``, ..."""

BETWEEN_HANDS = (Phase.AWAITING_DEAL, Phase.SESSION_OVER)


class UsageError(Exception):
    """Bad input from the command line: one line on stderr, exit code 2."""


def player_names(count: int, rules: Rules) -> list[str]:
    if not rules.min_players <= count <= rules.max_players:
        raise UsageError(
            f"a session needs {rules.min_players} to {rules.max_players} players, not {count} (R3)"
        )
    return list(NAMES[:count]) if count <= len(NAMES) else [f"P{i}" for i in range(count)]


OPTION_OF_FIELD = {
    "Rules.boot": "--boot",
    "Rules.starting_boots": "--starting-boots",
    "Rules.pot_limit": "--pot-limit",
    "Rules.hand_limit": "--hands",
}


def rules_from_options(**fields: int | None) -> Rules:
    """The table's rules from command-line options; errors name the options."""
    try:
        return Rules(**fields)  # type: ignore[arg-type]
    except ValueError as error:
        message = str(error)
        for field, option in OPTION_OF_FIELD.items():
            message = message.replace(field, option)
        raise UsageError(message) from None


def seed_or_random(value: int | None, bits: int = 32) -> int:
    """The ``--seed`` given, or a fresh one of ``bits`` random bits."""
    return secrets.randbits(bits) if value is None else value


def hand_report(state: State) -> list[str]:
    """A finished hand as ``simulate`` prints it (and ``replay`` will): the hand's
    history as a spectator saw it (R43), then the stacks.

    :param state: a state between hands (AWAITING_DEAL or SESSION_OVER), real or a view.
    :returns: the lines, without newlines.
    """
    return [*describe_hand(view(state, None), compact=True), describe_stacks(state)]


def left_after(state: State, left: dict[int, int]) -> None:
    """Record, from a finished hand's log, who left the session after it (R7)."""
    for event in state.events:
        if isinstance(event, SeatLeft):
            left[event.seat] = state.hand_number


class SessionReport:
    """Prints a session as ``simulate`` and ``replay`` do: a header, each finished
    hand (as a spectator saw it, R43), then the standings and the winners (R8).
    """

    def __init__(
        self, start: State, title: str, command: str, *, quiet: bool, progress: bool
    ) -> None:
        self.command = command
        self.quiet = quiet
        self.progress = progress
        self.left: dict[int, int] = {}
        if not quiet:
            rules = start.rules
            limits = [
                f"boot {rules.boot}",
                f"{chips(start.seats[0].stack)} each"
                if len({seat.stack for seat in start.seats}) == 1
                else "stacks " + ", ".join(str(seat.stack) for seat in start.seats),
                "no hand limit" if rules.hand_limit is None else f"hand limit {rules.hand_limit}",
                "no pot limit" if rules.pot_limit is None else f"pot limit {rules.pot_limit}",
            ]
            print(f"{title}, {', '.join(limits)}; seed {start.seed}")

    def step(self, action: Action, after: State) -> None:
        """Print the hand that ``action`` finished, if it finished one."""
        if after.phase not in BETWEEN_HANDS:
            return
        left_after(after, self.left)
        if not self.quiet:
            sys.stdout.write("\n" + "\n".join(hand_report(after)) + "\n")
        if self.progress and after.hand_number % 1000 == 0:
            print(f"teenpatti {self.command}: {after.hand_number} hands played", file=sys.stderr)

    def finish(self, final: State) -> None:
        """Print the standings and, once the session is over, its winners."""
        if not self.quiet:
            print()
        if final.phase is Phase.BETTING or final.phase is Phase.SIDESHOW:
            print(
                f"The history ends during hand {final.hand_number}; the {chips(final.pot)} "
                "in the pot are not counted below."
            )
        print("\n".join(describe_standings(final, self.left)))


def add_table_options(command: argparse.ArgumentParser) -> None:
    """The options that set up a table, shared by ``simulate`` and ``play``."""
    command.add_argument("--players", type=int, default=4, metavar="N", help="3 to 7 (default 4)")
    command.add_argument(
        "--seed", type=int, default=None, metavar="N", help="session seed (default: random)"
    )
    command.add_argument("--boot", type=int, default=1, metavar="N", help="boot (default 1)")
    command.add_argument(
        "--starting-boots",
        type=int,
        default=100,
        metavar="N",
        help="each player starts with boot * N chips (default 100)",
    )
