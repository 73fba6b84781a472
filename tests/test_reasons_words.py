"""The terminal's reasons for a typed word it does not take (``players.reasons``):
the engine's rule, spoken to the person, when the word names an action the rules
refuse now; otherwise what to type instead. And the options a person might expect
that are not offered, with their rule.
"""

from __future__ import annotations

import attrs

import teenpatti_rules as tp
from teenpatti_rules.players.reasons import missing_options, refusal
from teenpatti_rules.state import Phase


def _dealt() -> tp.State:
    """Three players with 100 boots of 1 chip each (R9: each posts the boot of 1)."""
    return tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))


def _sideshow() -> tp.State:
    state = _dealt()
    while not any(isinstance(a, tp.SideShow) for a in tp.legal_actions(state)):
        look = next(a for a in tp.legal_actions(state) if isinstance(a, tp.Look))
        state = tp.apply(state, look)
    ask = next(a for a in tp.legal_actions(state) if isinstance(a, tp.SideShow))
    state = tp.apply(state, ask)
    assert state.phase is Phase.SIDESHOW
    return state


def test_a_draw_at_a_table_without_draws_is_refused_by_v20() -> None:
    state = _dealt()
    assert state.actor is not None
    text = refusal(state, state.actor, "draw", 5)
    assert text.startswith("Not allowed: ") and "(V20)" in text


def test_an_all_in_while_the_stack_covers_the_bet_is_refused_by_r26() -> None:
    """R26: all-in only for a stack below the minimum bet; 99 chips cover a bet of 1."""
    state = _dealt()
    assert state.actor is not None
    text = refusal(state, state.actor, "all-in", 5)
    assert text.startswith("Not allowed: ")
    assert "(R26)" in text and "99" in text
    assert "your stack" in text  # spoken to the person, not "its stack"


def test_a_word_for_an_action_the_rules_allow_is_just_not_a_menu_choice() -> None:
    """A pack (R20) and a blind player's look (R22) are allowed on one's turn: no rule refuses them."""
    state = _dealt()
    assert state.actor is not None
    for word in ("pack", "look", "fold"):
        text = refusal(state, state.actor, word, 4)
        assert (
            text
            == f"{word!r} is not a choice now: type a number from 1 to 4, or a word (? lists them)."
        )


def test_accepting_or_refusing_a_sideshow_asked_of_you_is_allowed() -> None:
    """R31: the asked player may accept or refuse; neither word is refused by a rule."""
    state = _sideshow()
    assert state.sideshow is not None
    target = state.sideshow.target
    for word in ("accept", "refuse"):
        text = refusal(state, target, word, 2)
        assert text.startswith(f"{word!r} is not a choice now")


def test_a_player_who_cannot_afford_the_minimum_bet_is_told_why() -> None:
    """R24/R25: the minimum blind bet is the stake (1); a stack of 0 cannot pay it."""
    state = _dealt()
    actor = state.actor
    assert actor is not None
    seats = list(state.seats)
    seats[actor] = attrs.evolve(seats[actor], stack=0)
    broke = attrs.evolve(state, seats=tuple(seats))
    notes = missing_options(broke, actor, [tp.Pack(actor)])
    bet_notes = [note for note in notes if note.startswith("No bet: ")]
    assert len(bet_notes) == 1
    assert "(R25)" in bet_notes[0] and "you have" in bet_notes[0]
