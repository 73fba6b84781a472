"""Actions in words, as a menu shows them to a person ("raise: bet 4 chips (stake 1 -> 2)")."""

from __future__ import annotations

from ..actions import AcceptSideShow, Action, AllIn, Bet, Look, Pack, RefuseSideShow, Show, SideShow
from ..engine.questions import players_in_hand, previous_player, show_cost, stake_after_bet
from ..state import State
from .narrate import chips

__all__ = ["action_label"]


def action_label(state: State, action: Action) -> str:
    """An action of the person at the table, in words (R22–R36).

    :param state: the state (or the person's view) in which the action is offered.
    :param action: one of the person's legal actions.
    :returns: a short label, e.g. ``"chaal: bet 2 chips"``.
    """
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
