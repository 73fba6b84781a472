"""Actions in words, as a menu shows them to a person ("raise: bet 4 chips (stake 1 -> 2)")."""

from __future__ import annotations

from .. import actions
from ..cards import format_cards
from ..engine.questions import players_in_hand, show_cost, sideshow_target, stake_after_bet
from ..state import State
from .narrate import chips

__all__ = ["action_label"]


def action_label(state: State, action: actions.Action) -> str:
    """An action of the person at the table, in words (R22–R36).

    :param state: the state (or the person's view) in which the action is offered.
    :param action: one of the person's legal actions.
    :returns: a short label, e.g. ``"chaal: bet 2 chips"``.
    """
    seat = action.seat
    names = [player.name for player in state.seats]
    seen = state.seats[seat].seen
    match action:
        case actions.Look():
            return "look at your cards"
        case actions.Pack():
            return "pack"
        case actions.Bet(_, amount):
            after = stake_after_bet(seen, amount)
            if after > state.stake:
                return f"raise: bet {chips(amount)} (stake {state.stake} -> {after})"
            return f"chaal: bet {chips(amount)}"
        case actions.AllIn():
            return f"all-in: {chips(state.seats[seat].stack)}"
        case actions.Show():
            other = next(p for p in players_in_hand(state) if p != seat)
            return f"show: pay {chips(show_cost(state, seat))} to see {names[other]}'s hand"
        case actions.SideShow(_, amount):
            target = sideshow_target(state, seat)
            assert target is not None
            if state.rules.sideshow_split:
                return (
                    f"split sideshow: chaal {chips(amount)}, pay half ({chips(amount // 2)}) "
                    f"and ask {names[target]} to compare hands"
                )
            return f"sideshow: bet {chips(amount)} and ask {names[target]} to compare hands"
        case actions.Draw(_, cards):
            price = (state.rules.draw_price or 0) * len(cards)
            return f"draw: discard {format_cards(cards)} and pay {chips(price)} for new cards"
        case actions.AcceptSideShow():
            assert state.sideshow is not None
            if state.rules.sideshow_split:
                half = chips(state.sideshow.amount // 2)
                return f"accept {names[state.sideshow.asker]}'s sideshow, paying {half}"
            return f"accept {names[state.sideshow.asker]}'s sideshow"
        case actions.RefuseSideShow():
            assert state.sideshow is not None
            return f"refuse {names[state.sideshow.asker]}'s sideshow"
        case actions.Leave():
            return "leave the table (you pack now, or when your turn comes)"
        case actions.SitOut():
            return "sit out from the next hand"
        case actions.SitIn():
            return "sit in from the next hand"
        case actions.AddChips(_, amount):
            return f"add {chips(amount)}"
        # never offered: a join needs a name; a timeout is the table's
        case actions.Join() | actions.Timeout():
            return str(action)
    return str(action)  # pragma: no cover - Deal is never offered to the person
