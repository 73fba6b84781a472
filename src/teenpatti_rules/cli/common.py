"""What the commands share: table options, player names, seeds, usage errors and the
session printer of ``simulate`` and ``replay``.
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ..actions import Action
from ..events import SeatLeft
from ..limits import MAX_SEED, short
from ..presets import PRESETS, find_variant, read_rule_field
from ..rules import Rules
from ..state import Phase, State
from ..text.narrate import (
    chips,
    describe_events,
    describe_hand,
    describe_stacks,
    describe_standings,
    seat_names,
)
from ..views import view

__all__ = ["NAMES", "UsageError", "add_table_options", "add_variant_options", "hand_report"]

NAMES = ("Asha", "Bilal", "Chen", "Dev", "Esi", "Farid", "Gita")
"""Names of the automatic players, by seat; tables of more seats use ``P0``, ``P1``, ..."""

BETWEEN_HANDS = (Phase.AWAITING_DEAL, Phase.SESSION_OVER)

PROGRESS_EVERY = 1000
"""``simulate --progress`` reports on stderr each time this many more hands are played
(read when a hand ends, so a test may set it lower)."""


class UsageError(Exception):
    """Bad input from the command line: one line on stderr, exit code 2."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (``PROG: error: ...``)
    and exit code 2, without the usage lines argparse prints first; ``--help``
    still shows the usage.
    """

    intermixed = False
    """Whether options may come between the positional arguments (``rank "As Kd Qh"
    --variant classic "Ac 2d 3h"``): :meth:`parse_known_args` then reads the line as
    :meth:`~argparse.ArgumentParser.parse_known_intermixed_args` does."""
    _reading = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[Any, list[str]]:
        """As :class:`argparse.ArgumentParser`'s, intermixed when :attr:`intermixed`."""
        if self.intermixed and not self._reading:
            self._reading = True
            try:
                return self.parse_known_intermixed_args(args, namespace)
            finally:
                self._reading = False
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line on stderr and exit with code 2."""
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {text} (--help lists the options)\n")


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
"""The :class:`~teenpatti_rules.rules.Rules` fields with an option of their own (added by
:func:`add_table_options`): :func:`table_rules` reads each option into its field, and
:func:`rules_from_options` names the option in a refusal of the field."""

MAX_RULE_TEXT = 1000
"""The longest ``--rule FIELD=VALUE`` text read (characters)."""


def rule_value(text: str) -> tuple[str, object]:
    """Read one ``--rule FIELD=VALUE``: any field of :class:`Rules`, generated from its
    fields (no option is wired by hand).

    VALUE is read as :func:`~teenpatti_rules.presets.read_rule_field` reads it.

    :param text: ``"table_show_after=3"``.
    :returns: ``(field, value)``.
    :raises UsageError: without ``=``, for a text over :data:`MAX_RULE_TEXT`
        characters, or an unknown field (naming the fields).
    """
    if len(text) > MAX_RULE_TEXT:
        raise UsageError(f"--rule: at most {MAX_RULE_TEXT} characters, not {len(text)}")
    try:
        return read_rule_field(text)
    except ValueError as error:
        raise UsageError(f"--rule: {error}") from None


def rules_from_options(
    variant: str = "default", rule: Sequence[str] = (), **fields: int | None
) -> Rules:
    """The table's rules from command-line options; errors name the options.

    :param variant: a preset name of :data:`teenpatti_rules.presets.PRESETS`
        (``--variant``).
    :param rule: ``--rule FIELD=VALUE`` texts, applied over the preset, in order.
    :param fields: the table options (``--boot`` ...); None leaves the preset's value.
    :returns: the validated rules.
    :raises UsageError: naming the option, for an unknown variant or field or a value
        the rules refuse.
    """
    given: dict[str, object] = {k: v for k, v in fields.items() if v is not None}
    for text in rule:
        name, value = rule_value(text)
        given[name] = value
    try:
        return find_variant(variant, **given)
    except (TypeError, ValueError) as error:
        message = str(error)
        for field, option in OPTION_OF_FIELD.items():  # Rules.boot, not Rules.boot_schedule
            message = re.sub(re.escape(field) + r"\b", option, message)
        raise UsageError(message) from None


def table_rules(args: argparse.Namespace) -> Rules:
    """The rules of the options :func:`add_table_options` added (``--variant``,
    ``--rule``, ``--boot``, ``--starting-boots``, ``--pot-limit``, ``--hands``).

    :raises UsageError: as :func:`rules_from_options`.
    """
    fields = {
        field.removeprefix("Rules."): getattr(args, option[2:].replace("-", "_"))
        for field, option in OPTION_OF_FIELD.items()
    }
    return rules_from_options(args.variant, args.rule, **fields)


def table_name(args: argparse.Namespace) -> str | None:
    """The named table and the ``--rule`` texts, comma-separated, for a title; None
    for the default table without ``--rule``.
    """
    if args.variant == "default" and not args.rule:
        return None
    return ", ".join([args.variant, *args.rule])


def seed_or_random(value: int | None, bits: int = 32) -> int:
    """The ``--seed`` given, or a fresh one of ``bits`` random bits.

    :raises UsageError: for a seed with ``abs(seed) >=``
        :data:`~teenpatti_rules.limits.MAX_SEED` (2**128).
    """
    if value is None:
        return secrets.randbits(bits)
    if abs(value) >= MAX_SEED:
        raise UsageError(
            f"--seed must be below 2**128 in size (limits.MAX_SEED), not {short(value)}"
        )
    return value


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
        self.shown: tuple[int, int] | None = None  # (hand number, events printed)
        if not quiet:
            rules = start.rules
            seated = [seat for seat in start.seats if seat.in_session]
            limits = [
                f"boot {rules.boot}",
                f"{chips(seated[0].stack)} each"
                if seated
                and len(seated) == len(start.seats)
                and len({seat.stack for seat in seated}) == 1
                else "stacks "
                + ", ".join(
                    str(seat.stack) if seat.in_session else "empty" for seat in start.seats
                ),
                "no hand limit" if rules.hand_limit is None else f"hand limit {rules.hand_limit}",
                "no pot limit" if rules.pot_limit is None else f"pot limit {rules.pot_limit}",
            ]
            print(f"{title}, {', '.join(limits)}; seed {start.seed}")

    def step(self, action: Action, after: State) -> None:
        """Print the hand that ``action`` finished, if it finished one; between hands,
        print what each later action adds to the hand's log (joins, leaves, sit-outs,
        added chips: S3-S7) as it happens, so that each line names the players of
        that moment (a chair may change hands, S3).
        """
        if after.phase not in (*BETWEEN_HANDS, Phase.WAITING):
            return
        left_after(after, self.left)
        hand, count = after.hand_number, len(after.events)
        shown = self.shown
        self.shown = (hand, count)
        if self.quiet:
            pass
        elif (shown is None or shown[0] != hand) and hand > 0:
            sys.stdout.write("\n" + "\n".join(hand_report(after)) + "\n")
        else:
            start = 0 if shown is None or shown[0] != hand else shown[1]
            if count > start:
                lines = describe_events(after.events[start:], seat_names(after))
                sys.stdout.write("\n".join(lines) + "\n")
        if self.progress and after.hand_number % PROGRESS_EVERY == 0:
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


def players_option(text: str) -> int | list[str]:
    """``--players``: a number of players, or one player kind per seat (``simulate``).

    :param text: ``"4"`` or a comma-separated list of kinds such as
        ``"equity,rule,rule,random"`` (see :data:`teenpatti_rules.players.match.PLAYERS`).
    :returns: the number, or the kinds.
    :raises argparse.ArgumentTypeError: for an unknown kind, naming the known ones.
    """
    if text.strip().isdigit():
        return int(text)
    from .match import player_kinds

    try:
        return player_kinds(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_variant_options(
    command: argparse.ArgumentParser, example: str = "table_show_after=3", *, chips: bool = False
) -> None:
    """``--variant NAME`` (a preset of :data:`~teenpatti_rules.presets.PRESETS`) and
    ``--rule FIELD=VALUE`` (any :class:`Rules` field), shared by every command that
    builds a table; :func:`rules_from_options` reads them.

    :param command: the command's parser.
    :param example: a ``FIELD=VALUE`` for the help text.
    :param chips: also ``--boot N`` and ``--starting-boots N`` (R1, R4), for the commands
        that play sessions.
    """
    command.add_argument(
        "--variant",
        default="default",
        metavar="NAME",
        help="a named table: " + ", ".join(PRESETS) + " (teenpatti variants lists them)",
    )
    command.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help=f"set any Rules field over the variant, e.g. --rule {example} "
        "(repeatable; VALUE as JSON or text, none for None)",
    )
    if chips:
        command.add_argument(
            "--boot", type=int, default=None, metavar="N", help="boot (default 1, or the variant's)"
        )
        command.add_argument(
            "--starting-boots",
            type=int,
            default=None,
            metavar="N",
            help="each player starts with boot * N chips (default 100, or the variant's)",
        )


def add_table_options(command: argparse.ArgumentParser, *, kinds: bool = False) -> None:
    """The options that set up a table, shared by ``simulate`` and ``play``; with
    ``kinds``, ``--players`` also takes a list of player kinds (``simulate``).
    """
    if kinds:
        command.add_argument(
            "--players",
            type=players_option,
            default=4,
            metavar="N|KINDS",
            help="3 to 7 automatic players of R44 (default 4), or one kind per seat, "
            "comma-separated: equity, rule, random (e.g. equity,rule,rule,random)",
        )
    else:
        command.add_argument(
            "--players", type=int, default=4, metavar="N", help="3 to 7 (default 4)"
        )
    command.add_argument(
        "--seed", type=int, default=None, metavar="N", help="session seed (default: random)"
    )
    add_variant_options(command, chips=True)
    command.add_argument(
        "--hands", type=int, default=None, metavar="N", help="hand limit (default: none, R2)"
    )
    command.add_argument(
        "--pot-limit", type=int, default=None, metavar="N", help="pot limit (default: none)"
    )
