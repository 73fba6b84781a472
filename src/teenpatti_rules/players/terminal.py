"""A person at a terminal as a player: numbered choices read from standard input."""

from __future__ import annotations

import random
import sys

from ..actions import Action
from ..engine import legal_actions
from ..state import Phase, State
from ..text.labels import action_label
from ..text.narrate import describe_hand, describe_table

__all__ = ["Quit", "TerminalPlayer"]

_BETWEEN_HANDS = (Phase.AWAITING_DEAL, Phase.SESSION_OVER)


class Quit(Exception):
    """The person left the table (end of input, or their stack fell below the boot)."""


class TerminalPlayer:
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
        """Ask the person for ``seat``'s action (a chooser, see
        :mod:`teenpatti_rules.players`); None when it is not their turn.
        """
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
            print(f"  {number}) {action_label(state, action)}")
        while True:
            try:
                text = input(f"Your choice (1-{len(mine)}): ")
            except EOFError:
                print()
                raise Quit from None
            if not sys.stdin.isatty():
                print(text)  # echo piped input, so that the transcript reads well
            text = text.strip()
            if text.isdigit() and 1 <= int(text) <= len(mine):
                return mine[int(text) - 1]
            print(f"Please type a number from 1 to {len(mine)}.")
