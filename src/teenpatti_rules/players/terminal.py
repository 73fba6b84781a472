"""A person at a terminal as a player: choices read from standard input.

The person types the number of a choice or a word (``look``, ``pack``, ``chaal``,
``raise``, ``bet N``, ``show``, ``sideshow``, ``accept``, ``refuse``, ``all-in``), ``?``
for help, or ``quit``. The game speaks to the person as "you" (``You look at your
cards``), names their hand once they have looked, and says why an option they might
expect is missing, with the rule (``No blind bet: you have made the 4 blind bets
allowed (R23)``).
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Sequence

from ..actions import (
    Action,
    Bet,
    Draw,
    Leave,
    SideShow,
    SitIn,
    SitOut,
)
from ..cards import parse_cards
from ..engine import is_legal, legal_actions
from ..engine.questions import (
    bet_range,
)
from ..errors import CardParseError
from ..events import BootPosted, SideShowAccepted
from ..ranking import evaluate
from ..sizing import sizing_of
from ..state import Phase, State
from ..text.labels import action_label
from ..text.narrate import chips, describe_hand, describe_table, format_hand
from ..text.screen import WIDTH, fit, say
from ..text.wild import describe_wild_cards
from .reasons import WORDS, missing_options, refusal

__all__ = [
    "HELP",
    "WIDTH",
    "Quit",
    "TerminalPlayer",
    "fit",
    "missing_options",
    "pick",
    "refusal",
    "say",
    "to_you",
]

_BETWEEN_HANDS = (Phase.AWAITING_DEAL, Phase.SESSION_OVER, Phase.WAITING)
_TABLE_WORDS: dict[str, type[Leave | SitOut | SitIn]] = {
    "leave": Leave,
    "sit out": SitOut,
    "sit in": SitIn,
}
"""Words for the open-table actions (S4, S5), typed on the person's turn."""

HELP = """\
Type the number of a choice, or a word:
  look      look at your cards: free (R22); then your bets cost twice the stake (R24)
  pack      leave the hand; your chips stay in the pot (R29)
  chaal     the smallest bet; raise: the largest; bet N: a bet of N chips
  show      with two players left, pay to compare hands (R34)
  sideshow  seen, ask the previous player to compare hands privately (R30)
  accept / refuse   answer a sideshow asked of you (R31)
  all-in    put in your whole stack when it is below the minimum bet (R26)
  draw      at a draw table: discard cards and pay for new ones (V20)
  ?         this help;  quit  leave the table"""
"""The help that ``?`` prints."""

_VERBS = {
    "raises": "raise",
    "chaals": "chaal",
    "posts": "post",
    "looks": "look",
    "goes": "go",
    "packs": "pack",
    "accepts": "accept",
    "refuses": "refuse",
    "pays": "pay",
    "asks": "ask",
    "wins": "win",
    "leaves": "leave",
}


class Quit(Exception):
    """The person left the table (end of input, ``quit``, or their stack fell below the boot)."""


def to_you(line: str, name: str) -> str:
    """A line of narration spoken to the player called ``name``: "You look at your cards".

    :param line: a line of :mod:`teenpatti_rules.text.narrate`.
    :param name: the person's name at the table.
    :returns: the line with ``name`` as "you" (and the verb after it in the second
        person), capitalised at the start of the line.

    >>> to_you("Me looks at their cards", "Me")
    'You look at your cards'
    >>> to_you("Asha pays 2 chips and asks Me for a show", "Me")
    'Asha pays 2 chips and asks you for a show'
    >>> to_you("Me chaals 2 chips seen, stake stays 1, and asks Chen for a sideshow", "Me")
    'You chaal 2 chips seen, stake stays 1, and ask Chen for a sideshow'
    >>> to_you("Me pays 8 chips and asks Bilal for a show", "Me")
    'You pay 8 chips and ask Bilal for a show'
    """
    if not name:
        return line
    pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)( (\w+))?")

    def replace(match: re.Match[str]) -> str:
        verb = match.group(2)
        if verb in _VERBS:
            return f"you {_VERBS[verb]}"
        return "you" + (match.group(1) or "")

    text = pattern.sub(replace, line).replace("you look at their cards", "you look at your cards")
    if text.startswith("you "):  # "you chaal 2 chips ..., and asks Chen for a sideshow"
        for verb, base in _VERBS.items():
            text = text.replace(f" and {verb} ", f" and {base} ")
        text = "Y" + text[1:]
    return text


def pick(text: str, mine: Sequence[Action]) -> Action | str | None:
    """The action a typed ``text`` names among ``mine``; ``"help"`` or ``"quit"``; or None.

    :param text: what the person typed: a number, a word of :data:`HELP`, ``bet N``.
    :param mine: the person's legal actions, in menu order.
    """
    words = text.strip().lower().split()
    if not words:
        return None
    if words[0].isdigit():
        number = int(words[0]) if len(words[0]) < 6 else 0
        return mine[number - 1] if len(words) == 1 and 1 <= number <= len(mine) else None
    if words[0] in ("?", "h", "help"):
        return "help"
    if words[0] in ("q", "quit", "exit", "leave"):
        return "quit"
    kind = WORDS.get(words[0])
    if kind is None:
        return None
    if len(words) == 2 and words[1].isdigit() and len(words[1]) < 19:
        amount = int(words[1])
        wanted = Bet if kind in ("low", "high") else kind
        return next(
            (
                a
                for a in mine
                if isinstance(a, Bet | SideShow) and type(a) is wanted and a.amount == amount
            ),
            None,
        )
    if len(words) != 1:
        return None
    if kind in ("low", "high"):
        bets = [action for action in mine if isinstance(action, Bet)]
        if not bets:
            return None
        return bets[0] if kind == "low" else bets[-1]
    return next((action for action in mine if type(action) is kind), None)


class TerminalPlayer:
    """The person at seat ``seat``: a chooser that reads choices from stdin.

    It prints the part of the hand's history it has not shown yet (from its own
    view, R43, spoken to the person as "you"), the table as it sees it, the
    person's hand once they have looked, why options are missing, and the legal
    actions with numbers.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand = 0
        self.shown = 0
        self.revealed: set[int] = set()  # events of this hand whose private reveal was shown

    def _lines(self, state: State) -> list[str]:
        """The hand's log, one line per event, with the boots on one line."""
        lines = describe_hand(state)
        boots = sum(1 for event in state.events if isinstance(event, BootPosted))
        if boots > 1 and len(lines) > boots:
            compact = describe_hand(state, compact=True)
            lines = [lines[0], compact[1], *lines[1 + boots :]]
        return lines

    def catch_up(self, state: State) -> None:
        """Print the lines of ``state``'s hand log not printed yet (``state`` is a view);
        after an accepted sideshow the person took part in on a
        ``sideshow_reveal="private"`` table, the other hand, which the view shows (V17).
        """
        if state.hand_number != self.hand:
            self.hand, self.shown = state.hand_number, 0
            self.revealed = set()
            print()
        lines = self._lines(state)
        name = state.seats[self.seat].name or ""
        boots = sum(1 for event in state.events if isinstance(event, BootPosted))
        squeezed = boots - 1 if boots > 1 and len(lines) < len(state.events) else 0
        for index, line in enumerate(lines[self.shown :], start=self.shown):
            say(to_you(line, name))
            event = index + squeezed if index > 1 else index  # the boots share line 1
            if event < len(state.events):
                self._reveal(state, event)
        self.shown = len(lines)

    def _reveal(self, state: State, index: int) -> None:
        """If event ``index`` is an accepted sideshow of the person's on a
        ``sideshow_reveal="private"`` table, say the other player's hand (V17), once.
        """
        event = state.events[index]
        if state.rules.sideshow_reveal != "private" or index in self.revealed:
            return
        if not isinstance(event, SideShowAccepted) or self.seat not in (event.asker, event.target):
            return
        other = event.target if event.asker == self.seat else event.asker
        cards = state.seats[other].cards
        if cards:  # the view shows them (V17)
            self.revealed.add(index)
            rank = evaluate(cards, state.rules, indicator=state.indicator)
            who = state.seats[other].name
            say(f"You see {who}'s hand privately (V17): {format_hand(cards)}, {rank}")

    def __call__(self, state: State, seat: int, rng: random.Random) -> Action | None:
        """Ask the person for ``seat``'s action (a chooser, see
        :mod:`teenpatti_rules.players`); None when it is not their turn.

        :raises Quit: at the end of input or when the person types ``quit``.
        """
        if state.phase in _BETWEEN_HANDS or state.actor != seat:
            return None
        self.catch_up(state)
        print()
        table = describe_table(state, seat).split("\n")
        say("\n".join([to_you(table[0], state.seats[seat].name or ""), *table[1:]]))
        wild = describe_wild_cards(state.rules)
        if wild is not None and state.indicator is None:  # the header names an indicator
            say(wild[0].upper() + wild[1:])
        me = state.seats[seat]
        if me.seen and me.cards:
            rank = evaluate(me.cards, state.rules, indicator=state.indicator)
            say(f"Your hand: {format_hand(me.cards)}, {rank}")
        legal = [action for action in legal_actions(state) if action.seat == seat]
        if state.phase is Phase.SIDESHOW and state.sideshow is not None:
            asker = state.seats[state.sideshow.asker].name
            say(f"{asker} asks you for a sideshow.")
        for note in missing_options(state, seat, legal):
            say(note)
        draws = [action for action in legal if isinstance(action, Draw)]
        mine = [action for action in legal if not isinstance(action, Draw)]
        extras: list[tuple[str, str]] = []  # entries that ask a further question
        amounts = bet_range(state, seat) if state.phase is Phase.BETTING else None
        if amounts and not sizing_of(state.rules).lists_every_amount:  # V3: asked for
            extras.append(("amount", f"bet another amount ({amounts.describe()} chips)"))
        if draws:  # V20: one entry, then the cards are asked for
            price = chips(state.rules.draw_price or 0)
            extras.append(
                ("draw", f"draw: discard some of your cards and pay {price} a card for new ones")
            )
        labels = [action_label(state, action) for action in mine] + [label for _, label in extras]
        for number, label in enumerate(labels, start=1):
            say(f"  {number}) {label}")
        while True:
            text = self._read(f"Your choice (1-{len(labels)}, ? for help): ")
            words = text.lower().split()
            extra = None
            if text.isdigit() and len(mine) < int(text) <= len(labels):
                extra = extras[int(text) - len(mine) - 1][0]
            elif words[:1] == ["draw"] and draws:
                extra = "draw"
            if extra == "amount":
                assert amounts is not None
                return self._amount(seat, amounts)
            if extra == "draw":
                return self._draw(seat, draws)
            chosen = pick(text, mine)
            if chosen is None and " ".join(words) in _TABLE_WORDS:  # S4, S5
                wanted: Action = _TABLE_WORDS[" ".join(words)](seat)
                if is_legal(state, wanted):
                    return wanted
            if (
                chosen is None
                and amounts is not None
                and len(words) == 2
                and words[0] == "bet"
                and words[1].isdigit()
                and len(words[1]) < 19
                and int(words[1]) in amounts
            ):
                return Bet(seat, int(words[1]))  # V3: any amount of the range
            if chosen == "help":
                say(HELP)
            elif chosen == "quit":
                raise Quit
            elif isinstance(chosen, str) or chosen is None:
                say(refusal(state, seat, text, len(labels)))
            else:
                return chosen

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
            say(f"Please type a legal amount ({amounts.describe()}).")  # type: ignore[attr-defined]

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
            say(f"Please type 1 to {most} of your own cards, separated by spaces.")
