"""The words the terminal offers for the actions of an open table (S3–S7) and for an
all-in (R28): each label names what the action does, with its amount in chips.
"""

from __future__ import annotations

import attrs

import teenpatti_rules as tp
from teenpatti_rules.text.labels import action_label

RULES = tp.Rules(
    open_table=True,
    rebuy=True,
    max_buy_in=400,
    starting_boots=20,
    min_players=3,
    max_players=6,
)


def _open_table() -> tp.State:
    """Three players and three empty chairs (S1), before the first deal."""
    return tp.new_session(["Asha", None, "Bilal", "Chen", None, None], RULES, seed=11)


def _offered(state: tp.State, seat: int) -> dict[type, tp.Action]:
    return {type(a): a for a in tp.legal_actions(state) if getattr(a, "seat", None) == seat}


def test_between_hands_a_player_may_leave_sit_out_or_add_chips() -> None:
    """S4, S5, S7: between hands each player may leave, sit out, or add chips."""
    state = _open_table()
    offered = _offered(state, 0)
    assert action_label(state, offered[tp.Leave]) == (
        "leave the table (you pack now, or when your turn comes)"
    )
    assert action_label(state, offered[tp.SitOut]) == "sit out from the next hand"
    add = tp.AddChips(0, 7)
    assert action_label(state, add) == "add 7 chips"
    assert action_label(state, tp.AddChips(0, 1)) == "add 1 chip"


def test_a_player_sitting_out_may_sit_in() -> None:
    """S5: a player who sat out is offered to sit in again."""
    state = tp.apply(_open_table(), tp.SitOut(0))
    offered = _offered(state, 0)
    assert tp.SitIn in offered
    assert action_label(state, offered[tp.SitIn]) == "sit in from the next hand"


def test_join_and_timeout_are_labelled_by_their_own_words() -> None:
    """A join (S3) needs a name and a timeout (S6) is the table's: never in the menu,
    so their label is the action's own text."""
    state = _open_table()
    join = tp.Join(1, "Dev", 50)
    assert action_label(state, join) == str(join)
    assert "Dev" in action_label(state, join)
    timeout = tp.Timeout(0)
    assert action_label(state, timeout) == str(timeout)


def test_an_all_in_names_the_whole_stack() -> None:
    """R28: an all-in bets the player's whole stack."""
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))
    actor = state.actor
    assert actor is not None
    seats = list(state.seats)
    for stack, words in ((1, "1 chip"), (37, "37 chips")):
        seats[actor] = attrs.evolve(seats[actor], stack=stack)
        short = attrs.evolve(state, seats=tuple(seats))
        assert action_label(short, tp.AllIn(actor)) == f"all-in: {words}"
