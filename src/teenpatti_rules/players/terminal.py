"""A person at a terminal as a player: numbered choices read from standard input."""

from __future__ import annotations

import random
import sys

from ..actions import Action, Bet, Draw
from ..cards import parse_cards
from ..engine import legal_actions
from ..engine.questions import bet_range
from ..errors import CardParseError
from ..state import Phase, State
from ..text.labels import action_label
from ..text.narrate import chips, describe_hand, describe_table

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
        legal = [action for action in legal_actions(state) if action.seat == seat]
        if state.phase is Phase.SIDESHOW and state.sideshow is not None:
            asker = state.seats[state.sideshow.asker].name
            print(f"{asker} asks you for a sideshow.")
        draws = [action for action in legal if isinstance(action, Draw)]
        mine: list[Action | str] = [a for a in legal if not isinstance(a, Draw)]
        labels = [action_label(state, a) for a in mine if not isinstance(a, str)]
        amounts = bet_range(state, seat) if state.phase is Phase.BETTING else None
        if state.rules.bet_sizing == "no_limit" and amounts:  # V3: any amount, asked for
            mine.append("amount")
            labels.append(f"bet another amount ({amounts.describe()} chips)")
        if draws:  # V20: one entry, then the cards are asked for
            mine.append("draw")
            price = state.rules.draw_price
            labels.append(
                f"draw: discard some of your cards and pay {chips(price or 0)} a card for new ones"
            )
        for number, label in enumerate(labels, start=1):
            print(f"  {number}) {label}")
        while True:
            text = self._read(f"Your choice (1-{len(mine)}): ")
            if text.isdigit() and 1 <= int(text) <= len(mine):
                choice = mine[int(text) - 1]
                if choice == "amount":
                    assert amounts is not None
                    return self._amount(seat, amounts)
                if choice == "draw":
                    return self._draw(seat, draws)
                assert not isinstance(choice, str)
                return choice
            print(f"Please type a number from 1 to {len(mine)}.")

    @staticmethod
    def _read(prompt: str) -> str:
        try:
            text = input(prompt)
        except EOFError:
            print()
            raise Quit from None
        if not sys.stdin.isatty():
            print(text)  # echo piped input, so that the transcript reads well
        return text.strip()

    def _amount(self, seat: int, amounts: object) -> Action:
        """Ask for a no-limit bet's amount until it is one of ``amounts`` (V3)."""
        while True:
            text = self._read("Amount in chips: ")
            if text.isdigit() and int(text) in amounts:  # type: ignore[operator]
                return Bet(seat, int(text))
            print(f"Please type a legal amount ({amounts.describe()}).")  # type: ignore[attr-defined]

    def _draw(self, seat: int, draws: list[Draw]) -> Action:
        """Ask which cards to discard until they are a legal draw (V20)."""
        allowed = {frozenset(draw.cards): draw for draw in draws}
        most = max(len(draw.cards) for draw in draws)
        while True:
            text = self._read(f"Cards to discard (1 to {most}, e.g. {draws[0].cards[0]}): ")
            try:
                chosen = frozenset(parse_cards(text)) if text else frozenset()
            except CardParseError:
                chosen = frozenset()
            if chosen in allowed:
                return allowed[chosen]
            print(f"Please type 1 to {most} of your own cards, separated by spaces.")
