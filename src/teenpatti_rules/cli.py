"""The ``teenpatti`` command line.

- ``teenpatti rank HAND HAND...`` names each hand in words and says which wins.
- ``teenpatti simulate`` lets automatic players (R44) play a whole session and
  prints each hand's history, then the standings and the winners (R8).
- ``teenpatti replay FILE`` prints a history saved by ``simulate --json FILE``.
- ``teenpatti play`` seats a person at seat 0 against automatic players.

Errors in the input print one line on stderr and exit with code 2.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
from collections.abc import Mapping, Sequence

from .actions import (
    AcceptSideShow,
    Action,
    AllIn,
    Bet,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
)
from .bots import Chooser, choose, play_session
from .cards import format_cards, parse_cards
from .engine import legal_actions
from .errors import HistoryError
from .events import SeatLeft
from .history import History, replay_states
from .narrate import (
    chips,
    describe_hand,
    describe_stacks,
    describe_standings,
    describe_table,
)
from .options import players_in_hand, previous_player, show_cost, stake_after_bet
from .ranking import evaluate
from .rules import Rules
from .state import Phase, State, new_session
from .views import view

__all__ = ["NAMES", "hand_report", "main"]

NAMES = ("Asha", "Bilal", "Chen", "Dev", "Esi", "Farid", "Gita")
"""Names of the automatic players, by seat; tables of more seats use ``P0``, ``P1``, ..."""

_BETWEEN_HANDS = (Phase.AWAITING_DEAL, Phase.SESSION_OVER)


class _UsageError(Exception):
    """Bad input from the command line: one line on stderr, exit code 2."""


def _letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"#{index + 1}"


def cmd_rank(args: argparse.Namespace) -> int:
    """``teenpatti rank``: name each hand (R13–R16) and say which wins, or that they tie (R18)."""
    hands = []
    seen: dict[str, str] = {}
    for index, text in enumerate(args.hands):
        try:
            rank = evaluate(text)
            cards = parse_cards(text)
        except ValueError as error:
            raise _UsageError(f"hand {_letter(index)} ({text!r}): {error}") from None
        for card in cards:
            other = seen.setdefault(str(card), _letter(index))
            if other != _letter(index):
                raise _UsageError(f"card {card} is used twice (hands {other} and {_letter(index)})")
        hands.append((cards, rank))
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


def _player_names(count: int, rules: Rules) -> list[str]:
    if not rules.min_players <= count <= rules.max_players:
        raise _UsageError(
            f"a session needs {rules.min_players} to {rules.max_players} players, not {count} (R3)"
        )
    return list(NAMES[:count]) if count <= len(NAMES) else [f"P{i}" for i in range(count)]


_OPTION_OF_FIELD = {
    "Rules.boot": "--boot",
    "Rules.starting_boots": "--starting-boots",
    "Rules.pot_limit": "--pot-limit",
    "Rules.hand_limit": "--hands",
}


def _rules(**fields: int | None) -> Rules:
    """The table's rules from command-line options; errors name the options."""
    try:
        return Rules(**fields)  # type: ignore[arg-type]
    except ValueError as error:
        message = str(error)
        for field, option in _OPTION_OF_FIELD.items():
            message = message.replace(field, option)
        raise _UsageError(message) from None


def _seed(value: int | None, bits: int = 32) -> int:
    """The ``--seed`` given, or a fresh one of ``bits`` random bits."""
    return secrets.randbits(bits) if value is None else value


def hand_report(state: State) -> list[str]:
    """A finished hand as ``simulate`` prints it (and ``replay`` will): the hand's
    history as a spectator saw it (R43), then the stacks.

    :param state: a state between hands (AWAITING_DEAL or SESSION_OVER), real or a view.
    :returns: the lines, without newlines.
    """
    return [*describe_hand(view(state, None), compact=True), describe_stacks(state)]


def _left_after(state: State, left: dict[int, int]) -> None:
    """Record, from a finished hand's log, who left the session after it (R7)."""
    for event in state.events:
        if isinstance(event, SeatLeft):
            left[event.seat] = state.hand_number


class _SessionReport:
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
        if after.phase not in _BETWEEN_HANDS:
            return
        _left_after(after, self.left)
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


def cmd_simulate(args: argparse.Namespace) -> int:
    """``teenpatti simulate``: automatic players (R44) play a whole session (R2).

    Prints a header, each hand's history as a spectator saw it (R43), the stacks
    after each hand, then the standings and the winners (R8). ``--quiet`` prints
    only the standings. Progress goes to stderr every 1000 hands when stderr is a
    terminal or with ``--progress``. ``--json FILE`` writes the session's
    :class:`~teenpatti_rules.history.History` to ``FILE`` (``-`` for stdout, which
    then holds only the JSON).

    :param args: the parsed options of ``simulate``.
    :returns: the exit code, 0.
    :raises _UsageError: for options the rules refuse (R3, ``Rules`` validation), or
        a ``--json`` file that cannot be written.
    """
    rules = _rules(
        boot=args.boot,
        starting_boots=args.starting_boots,
        pot_limit=args.pot_limit,
        hand_limit=args.hands,
    )
    names = _player_names(args.players, rules)
    seed = _seed(args.seed)
    state = new_session(names, rules, seed=seed)
    to_stdout = args.json == "-"
    json_file = None
    if args.json is not None and not to_stdout:
        try:  # before playing, so that a bad path fails at once
            json_file = open(args.json, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as error:
            raise _UsageError(f"cannot write {args.json}: {error.strerror}") from None
    report = _SessionReport(
        state,
        f"Teen Patti: {len(names)} automatic players",
        "simulate",
        quiet=args.quiet or to_stdout,
        progress=args.progress or sys.stderr.isatty(),
    )
    actions: list[Action] = []

    def on_step(action: Action, after: State) -> None:
        actions.append(action)
        report.step(action, after)

    try:
        final = play_session(state, choose, random.Random(seed), on_step=on_step)
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


def cmd_replay(args: argparse.Namespace) -> int:
    """``teenpatti replay FILE``: print the hands of a saved history as ``simulate`` does.

    :param args: the parsed options of ``replay``.
    :returns: the exit code, 0.
    :raises _UsageError: if the file cannot be read, is not a history (the message
        names the field), or holds an illegal action (the message names its index);
        the hands before an illegal action are printed first.
    """
    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise _UsageError(f"cannot read {args.file}: {error.strerror}") from None
    try:
        history = History.from_json(text)
        states = replay_states(history)
        start = next(states)
        title = f"Replay of {args.file}: {len(start.seats)} players"
        report = _SessionReport(start, title, "replay", quiet=args.quiet, progress=False)
        final = start
        for action, final in zip(history.actions, states, strict=True):
            report.step(action, final)
    except HistoryError as error:
        raise _UsageError(f"{args.file}: {error}") from None
    report.finish(final)
    return 0


class _Quit(Exception):
    """The person left the table (end of input, or their stack fell below the boot)."""


def _action_label(state: State, action: Action) -> str:
    """An action of the person at the table, in words (R22-R36)."""
    seat = action.seat
    names = [player.name for player in state.seats]
    seen = state.seats[seat].seen
    match action:
        case Look():
            return "look at your cards"
        case Pack():
            return "pack"
        case Bet(_, amount):
            after = stake_after_bet(seen, amount)
            if after > state.stake:
                return f"raise: bet {chips(amount)} (stake {state.stake} -> {after})"
            return f"chaal: bet {chips(amount)}"
        case AllIn():
            return f"all-in: {chips(state.seats[seat].stack)}"
        case Show():
            other = next(p for p in players_in_hand(state) if p != seat)
            return f"show: pay {chips(show_cost(state, seat))} to see {names[other]}'s hand"
        case SideShow(_, amount):
            target = previous_player(state, seat)
            assert target is not None
            return f"sideshow: bet {chips(amount)} and ask {names[target]} to compare hands"
        case AcceptSideShow():
            assert state.sideshow is not None
            return f"accept {names[state.sideshow.asker]}'s sideshow"
        case RefuseSideShow():
            assert state.sideshow is not None
            return f"refuse {names[state.sideshow.asker]}'s sideshow"
    return str(action)  # pragma: no cover - Deal is never offered to the person


class _Person:
    """The person at seat ``seat``: a chooser that reads numbered choices from stdin.

    It prints the part of the hand's history it has not shown yet (from its own
    view, R43), the table as it sees it, and its legal actions with numbers.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand = 0
        self.shown = 0

    def catch_up(self, state: State) -> None:
        """Print the lines of ``state``'s hand log not printed yet (``state`` is a view)."""
        if state.hand_number != self.hand:
            self.hand, self.shown = state.hand_number, 0
            print()
        lines = describe_hand(state)
        for line in lines[self.shown :]:
            print(line)
        self.shown = len(lines)

    def __call__(self, state: State, seat: int, rng: random.Random) -> Action | None:
        if state.phase in _BETWEEN_HANDS or state.actor != seat:
            return None
        self.catch_up(state)
        print()
        print("\n".join(describe_table(state, seat)))
        mine = [action for action in legal_actions(state) if action.seat == seat]
        if state.phase is Phase.SIDESHOW and state.sideshow is not None:
            asker = state.seats[state.sideshow.asker].name
            print(f"{asker} asks you for a sideshow.")
        for number, action in enumerate(mine, start=1):
            print(f"  {number}) {_action_label(state, action)}")
        while True:
            try:
                text = input(f"Your choice (1-{len(mine)}): ")
            except EOFError:
                print()
                raise _Quit from None
            if not sys.stdin.isatty():
                print(text)  # echo piped input, so that the transcript reads well
            text = text.strip()
            if text.isdigit() and 1 <= int(text) <= len(mine):
                return mine[int(text) - 1]
            print(f"Please type a number from 1 to {len(mine)}.")


def cmd_play(args: argparse.Namespace) -> int:
    """``teenpatti play``: a person at seat 0 against automatic players (R44).

    Shows only the person's view (R43): their cards once they looked, the pot, the
    stake, the stacks, whose turn; lists their legal actions with numbers and reads
    a choice from stdin; prints what the others did. End of input, Ctrl-C, or a
    stack below the boot (R7) ends the game with the standings (exit code 0).

    :param args: the parsed options of ``play``.
    :returns: the exit code, 0.
    :raises _UsageError: for options the rules refuse (R3, ``Rules`` validation) or
        an empty name.
    """
    rules = _rules(boot=args.boot, starting_boots=args.starting_boots)
    _player_names(args.players, rules)
    name = args.name.strip()
    if not name:
        raise _UsageError("--name must not be empty")
    names = [name, *[other for other in NAMES if other != name][: args.players - 1]]
    seed = _seed(args.seed, bits=128)  # hidden from the person until the end (R43)
    state = new_session(names, rules, seed=seed)
    person = _Person(0)
    players: Mapping[int, Chooser] = {0: person, **dict.fromkeys(range(1, len(names)), choose)}
    print(f"Teen Patti: you are {names[0]}, against {', '.join(names[1:])}")
    print("Type the number of your choice; end of input (Ctrl-D) or Ctrl-C leaves.")
    last = [state]
    left: dict[int, int] = {}

    def on_step(action: Action, after: State) -> None:
        last[0] = after
        if after.phase not in _BETWEEN_HANDS:
            return
        _left_after(after, left)
        mine = view(after, 0)
        person.catch_up(mine)
        print(describe_stacks(after))
        if not after.seats[0].in_session:
            print(f"{names[0]}, your stack is below the boot: you leave the table (R7).")
            raise _Quit

    try:
        last[0] = play_session(state, players, random.Random(seed), on_step=on_step)
    except (_Quit, KeyboardInterrupt):
        if last[0].phase not in _BETWEEN_HANDS:
            print(f"You left during hand {last[0].hand_number}; chips in the pot are not counted.")
    print()
    print("\n".join(describe_standings(last[0], left)))
    print(f"The session's seed was {seed} (--seed {seed} deals the same cards again).")
    return 0


def _add_table_options(command: argparse.ArgumentParser) -> None:
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``teenpatti`` with all its subcommands."""
    parser = argparse.ArgumentParser(
        prog="teenpatti", description="Teen Patti rules: rank hands, simulate and play sessions."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rank = commands.add_parser(
        "rank",
        help="name hands in words and say which wins",
        description="Name each hand in words and say which wins, "
        'e.g. teenpatti rank "As Kd Qh" "2c 3d 4h".',
    )
    rank.add_argument("hands", nargs="+", metavar="HAND", help='three cards, e.g. "As Kd Qh"')
    rank.set_defaults(handler=cmd_rank)

    simulate = commands.add_parser(
        "simulate",
        help="automatic players play a whole session",
        description="Automatic players (R44) play a whole session; prints each hand's "
        "history, then the standings and the winners. With the defaults (4 players, "
        "the default table: boot 1, 100 boots each, no limits) a session lasts about a "
        "hundred hands and takes well under a second.",
    )
    _add_table_options(simulate)
    simulate.add_argument(
        "--hands", type=int, default=None, metavar="N", help="hand limit (default: none, R2)"
    )
    simulate.add_argument(
        "--pot-limit", type=int, default=None, metavar="N", help="pot limit (default: none)"
    )
    simulate.add_argument(
        "--json",
        default=None,
        metavar="FILE",
        help="also write the session's history as JSON to FILE ('-' for stdout only); "
        "teenpatti replay FILE prints it again",
    )
    simulate.add_argument(
        "--quiet", action="store_true", help="print only the standings, not the hands"
    )
    simulate.add_argument(
        "--progress",
        action="store_true",
        help="report progress on stderr every 1000 hands (default: only on a terminal)",
    )
    simulate.set_defaults(handler=cmd_simulate)

    replay = commands.add_parser(
        "replay",
        help="print the hands of a saved history",
        description="Replay a history written by 'teenpatti simulate --json FILE' (or by "
        "History.to_json) and print its hands as simulate does.",
    )
    replay.add_argument("file", metavar="FILE", help="a history JSON file")
    replay.add_argument(
        "--quiet", action="store_true", help="print only the standings, not the hands"
    )
    replay.set_defaults(handler=cmd_replay)

    play = commands.add_parser(
        "play",
        help="play against automatic players in the terminal",
        description="Play at seat 0 against automatic players. Type the number of your "
        "choice; end of input (Ctrl-D) or Ctrl-C leaves with the standings.",
    )
    _add_table_options(play)
    play.add_argument("--name", default="Player", help="your name (default Player)")
    play.set_defaults(handler=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``teenpatti`` command line.

    :param argv: the arguments after the program name; None for ``sys.argv[1:]``.
    :returns: the exit code: 0 on success, 2 on bad input (one line on stderr),
        130 when interrupted.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except _UsageError as error:
        print(f"teenpatti {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `teenpatti simulate | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
