"""Why an option is missing or a typed input is refused, spoken to the person at the
terminal (``teenpatti play``): the engine's reasons (R19–R36, V3, V17, V20), in the
second person.
"""

from __future__ import annotations

from ..actions import (
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
from ..engine.questions import (
    is_out_of_blind_bets,
    minimum_bet,
    players_in_hand,
    why_not_accept,
    why_not_all_in,
    why_not_bet,
    why_not_draw,
    why_not_look,
    why_not_show,
    why_not_sideshow,
)
from ..state import Phase, State

__all__ = ["WORDS", "missing_options", "refusal"]

WORDS: dict[str, type[Action] | str] = {
    "look": Look,
    "see": Look,
    "pack": Pack,
    "fold": Pack,
    "chaal": "low",
    "call": "low",
    "bet": "low",
    "raise": "high",
    "show": Show,
    "sideshow": SideShow,
    "side": SideShow,
    "accept": AcceptSideShow,
    "yes": AcceptSideShow,
    "refuse": RefuseSideShow,
    "no": RefuseSideShow,
    "all-in": AllIn,
    "allin": AllIn,
}
"""The words a person may type for an action (or ``"low"``/``"high"`` for the smallest
and the largest bet)."""


def _you(reason: str) -> str:
    """An engine reason ("it has made its 4 blind bets ...") spoken to the person."""
    for third, second in (
        ("it is ", "you are "),
        ("it has ", "you have "),
        ("it may ", "you may "),
        ("it must ", "you must "),
        ("its ", "your "),
    ):
        reason = reason.replace(third, second)
    return reason


def refusal(state: State, seat: int, text: str, choices: int) -> str:
    """Why a typed ``text`` is not taken, in one sentence: the rule's reason when the
    text names an action the rules refuse now (the engine's reason, spoken to the
    person), else what to type instead.

    :param state: the person's view, on their turn.
    :param seat: the person's seat.
    :param text: what the person typed.
    :param choices: how many numbered choices the menu has.
    """
    words = text.strip().lower().split()
    hint = f"type a number from 1 to {choices}, or a word (? lists them)"
    if not words:
        return f"Please {hint}."
    if words[0].isdigit():
        return f"There is no choice {words[0][:8]}: {hint}."
    kind = WORDS.get(words[0])
    if kind is None and words[0] != "draw":
        return f"{text.strip()[:20]!r} is not a choice: {hint}."
    reason = _why_not(state, seat, kind, words)
    if reason:
        return f"Not allowed: {_you(reason)}."
    return f"{text.strip()[:30]!r} is not a choice now: {hint}."


def _why_not(
    state: State, seat: int, kind: type[Action] | str | None, words: list[str]
) -> str | None:
    """The engine's reason (R19–R36, V3, V17, V20) why the action a word names is not
    legal for ``seat`` now, or None.
    """
    amount: int | None = None
    if len(words) == 2 and words[1].isdigit() and len(words[1]) < 19:
        amount = int(words[1])
    asked = state.phase is Phase.SIDESHOW
    if kind in (AcceptSideShow, RefuseSideShow):
        if not asked:
            return "no sideshow was asked of you (R31)"
        return why_not_accept(state, seat) if kind is AcceptSideShow else None
    if asked:
        return "a sideshow was asked of you: accept or refuse it first (R31)"
    if kind is None:  # draw (V20)
        return why_not_draw(state, seat)
    if kind in ("low", "high"):
        low = minimum_bet(state, seat)
        wanted = amount if amount is not None else (low if kind == "low" else 2 * low)
        return why_not_bet(state, seat, wanted)
    if kind is Look:
        return why_not_look(state, seat)
    if kind is Show:
        return why_not_show(state, seat)
    if kind is SideShow:
        return why_not_sideshow(state, seat, amount)
    if kind is AllIn:
        return why_not_all_in(state, seat)
    return None


def missing_options(state: State, seat: int, mine: list[Action]) -> list[str]:
    """Why options the person might expect are not offered now, with the rule.

    :param state: the person's view, on their turn.
    :param seat: the person's seat.
    :param mine: the person's legal actions.
    :returns: one line per missing option worth explaining (a bet, a show, a sideshow).
    """
    if state.phase is not Phase.BETTING:
        return []
    notes: list[str] = []
    kinds = {type(action) for action in mine}
    player = state.seats[seat]
    if Bet not in kinds:
        if is_out_of_blind_bets(state, seat):
            notes.append(
                f"No blind bet: you made the {state.rules.max_blind_bets} blind bets "
                "allowed (R23); look to bet on."
            )
        else:
            reason = why_not_bet(state, seat, minimum_bet(state, seat))
            if reason:
                notes.append(f"No bet: {_you(reason)}.")
    in_hand = players_in_hand(state)
    if len(in_hand) == 2 and Show not in kinds:
        reason = why_not_show(state, seat)
        if reason:
            notes.append(f"No show: {_you(reason)}.")
    if player.seen and len(in_hand) >= 3 and SideShow not in kinds:
        reason = why_not_sideshow(state, seat) or (
            "a sideshow's chaal must leave you at least one chip (R30)"
        )
        notes.append(f"No sideshow: {_you(reason)}.")
    return notes
