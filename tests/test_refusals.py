"""Refusals as data (issue 19): every refusal the engine can give has a stable code and
a rule id, and each one is produced here by a hand-built illegal action (or, for the
few no legal play can reach through ``apply``, by its question, listed with the reason).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import teenpatti_rules as tp
from scenario_runner import build_deck
from teenpatti_rules.engine.ending import hand_rank
from teenpatti_rules.engine.questions import draw_refusal, sideshow_refusal
from teenpatti_rules.engine.refusals import REFUSAL_CODES, REFUSALS, Refusal, refuse

NAMES = ["A", "B", "C"]
Example = Callable[[], tuple[tp.State, object] | tuple[tp.State, object, int]]


def table(rules: tp.Rules | None = None, **kw: object) -> tp.State:
    return tp.new_session(NAMES, rules, seed=1, dealer=0, **kw)  # type: ignore[arg-type]


def dealt(
    rules: tp.Rules | None = None, hands: dict[int, str] | None = None, **kw: object
) -> tp.State:
    """Hand 1 dealt by seat 0, dealer 0: seat 1 acts first (R19)."""
    state = table(rules, **kw)
    hands = hands or {0: "5h 6s Jc", 1: "2c Kd 7h", 2: "3c 4d 9s"}
    deck = build_deck(state, {str(s): h for s, h in hands.items()})
    return tp.apply(state, tp.Deal(0, deck))


def play(state: tp.State, *texts: str) -> tp.State:
    for text in texts:
        state = tp.apply(state, tp.parse_action(text))
    return state


def _two_left(rules: tp.Rules | None = None, **kw: object) -> tp.State:
    """Seat 1 packed: seats 2 and 0 are in the hand, seat 2 to act."""
    return play(dealt(rules, None, **kw), "P1 pack")


def _seat_left() -> tp.State:
    # seat 2 starts with 1 chip: all-in at the boot (R9), loses the showdown, leaves (R7)
    state = dealt(hands={0: "As Ad 2c", 1: "Ks Kd 3c", 2: "2d 3h 5s"}, stacks=[100, 100, 1])
    return play(state, "P1 pack")  # one bettor left: showdown (R40)


def _over() -> tp.State:
    return play(dealt(tp.Rules(hand_limit=1)), "P1 pack", "P2 pack")


def _sideshow_pending() -> tp.State:
    return play(dealt(), "P0 look", "P1 look", "P2 look", "P1 bet 2", "P2 sideshow 2")


DRAW = tp.Rules(draw_price=3, max_draws=1)
CHAIRS = ["A", "B", "C", None]


def chairs(rules: tp.Rules | None = None) -> tp.State:
    """Three players and an empty chair (S1)."""
    return tp.new_session(CHAIRS, rules, seed=1, dealer=0)


def _tournament_after_hand_1() -> tp.State:
    state = chairs(tp.Rules(boot_schedule=((1, 1), (3, 2))))
    return play(tp.apply(state, tp.Deal(0)), "P1 pack", "P2 pack")


REBUY = tp.Rules(rebuy=True, max_buy_in=120)

EXAMPLES: dict[tuple[str, str | None], Example] = {
    ("not_an_action", None): lambda: (table(), "P0 deal"),
    ("view", None): lambda: (tp.view(dealt(), 1), tp.Look(1)),
    ("no_seat", None): lambda: (dealt(), tp.Look(7)),
    ("not_your_turn", "R20"): lambda: (dealt(), tp.Bet(2, 1)),
    ("sideshow_pending", "R29"): lambda: (_sideshow_pending(), tp.Pack(0)),
    ("no_hand", "R6"): lambda: (table(), tp.Pack(0)),
    ("no_hand", "R22"): lambda: (table(), tp.Look(0)),
    ("session_over", "R2"): lambda: (_over(), tp.Deal(0)),
    ("amount_type", None): lambda: (dealt(), tp.Bet(1, 1.0)),  # type: ignore[arg-type]
    ("amount_range", None): lambda: (dealt(), tp.Bet(1, 0)),
    ("hand_in_play", "R6"): lambda: (dealt(), tp.Deal(0)),
    ("left_session", "R6"): lambda: (_seat_left(), tp.Deal(2)),
    ("deck_type", "R10"): lambda: (table(), tp.Deal(0, "As Kd")),
    ("deck_card", "R10"): lambda: (table(), tp.Deal(0, (1, 2))),
    ("deck_repeat", "R10"): lambda: (table(), tp.Deal(0, tp.parse_cards("As As"))),
    ("deck_joker", "V8"): lambda: (table(), tp.Deal(0, tp.parse_cards("X1 As"))),
    ("deck_short", "R10"): lambda: (table(), tp.Deal(0, tp.parse_cards("As Kd"))),
    ("not_in_hand", "R22"): lambda: (play(dealt(), "P1 pack"), tp.Look(1)),
    ("already_seen", "R22"): lambda: (play(dealt(), "P1 look"), tp.Look(1)),
    ("all_in", "R28"): lambda: (dealt(stacks=[100, 100, 1]), tp.Look(2)),
    ("blind_bet_limit", "R23"): lambda: (dealt(tp.Rules(max_blind_bets=0)), tp.Bet(1, 1)),
    ("blind_bet_limit", "R27"): lambda: (dealt(tp.Rules(max_blind_bets=0)), tp.AllIn(1)),
    ("blind_bet_limit", "R36"): lambda: (_two_left(tp.Rules(max_blind_bets=0)), tp.Show(2)),
    ("stack_short", "R25"): lambda: (play(dealt(stacks=[100, 2, 100]), "P1 look"), tp.Bet(1, 2)),
    ("amount", "R24"): lambda: (dealt(), tp.Bet(1, 3)),
    ("stack_covers_bet", "R26"): lambda: (dealt(), tp.AllIn(1)),
    ("show_players", "R34"): lambda: (dealt(), tp.Show(1)),
    ("seen_against_blind", "R36"): lambda: (play(_two_left(), "P2 look"), tp.Show(2)),
    ("show_cost", "R34"): lambda: (
        play(_two_left(stacks=[100, 100, 2]), "P2 look", "P0 look"),
        tp.Show(2),
    ),
    ("sideshow_blind", "R30"): lambda: (dealt(), tp.SideShow(1, 2)),
    ("sideshow_players", "R33"): lambda: (play(_two_left(), "P2 look"), tp.SideShow(2, 2)),
    ("target_blind", "R30"): lambda: (play(dealt(), "P1 look"), tp.SideShow(1, 2)),
    ("target_blind", "V17"): lambda: (
        play(dealt(tp.Rules(sideshow_target="next")), "P1 look", "P0 look"),
        tp.SideShow(1, 2),
    ),
    ("sideshow_empties_stack", "R30"): lambda: (
        play(dealt(stacks=[100, 3, 100]), "P0 look", "P1 look"),
        tp.SideShow(1, 2),
    ),
    ("no_sideshow", "R31"): lambda: (dealt(), tp.AcceptSideShow(1)),
    ("not_asked", "R31"): lambda: (_sideshow_pending(), tp.AcceptSideShow(0)),
    ("accept_cost", "V17"): lambda: (
        play(
            dealt(tp.Rules(sideshow_split=True), stacks=[100, 100, 5]),
            *("P0 look", "P1 look", "P2 look", "P1 bet 2", "P2 bet 2", "P0 sideshow 4"),
        ),
        tp.AcceptSideShow(2),
    ),
    ("no_draws", "V20"): lambda: (play(dealt(), "P1 look"), tp.Draw(1, tp.parse_cards("Kd"))),
    ("draw_blind", "V20"): lambda: (dealt(DRAW), tp.Draw(1, tp.parse_cards("Kd"))),
    ("draws_used", "V20"): lambda: (
        play(dealt(DRAW), "P1 look", "P1 draw Kd", "P2 pack", "P0 look", "P0 bet 2"),
        tp.Draw(1, tp.parse_cards("7h")),
    ),
    ("draw_price", "V20"): lambda: (
        play(dealt(DRAW, stacks=[100, 4, 100]), "P1 look"),
        tp.Draw(1, tp.parse_cards("Kd")),
    ),
    ("draw_cards", "V20"): lambda: (play(dealt(DRAW), "P1 look"), tp.Draw(1, "Kd")),
    ("draw_too_many", "V20"): lambda: (
        play(dealt(DRAW), "P1 look"),
        tp.Draw(1, tp.parse_cards("2c Kd 7h As")),
    ),
    ("draw_distinct", "V20"): lambda: (
        play(dealt(DRAW), "P1 look"),
        tp.Draw(1, tp.parse_cards("Kd Kd")),
    ),
    ("draw_none", "V20"): lambda: (play(dealt(DRAW), "P1 look"), tp.Draw(1, ())),
    ("draw_not_own", "V20"): lambda: (
        play(dealt(DRAW), "P1 look"),
        tp.Draw(1, tp.parse_cards("Jc")),
    ),
    ("draw_count", "V20"): lambda: (
        play(dealt(DRAW), "P1 look"),
        tp.Draw(1, tp.parse_cards("Kd 7h")),
    ),
    ("draw_cost", "V20"): lambda: (
        play(dealt(tp.Rules(draw_price=2), stacks=[100, 5, 100]), "P1 look"),
        tp.Draw(1, tp.parse_cards("Kd 7h")),
    ),
    ("deck_left", "V20"): lambda: (
        play(
            tp.apply(table(DRAW), tp.Deal(0, tp.parse_cards("2c 3c 5h Kd 4d 6s 7h 9s Jc"))),
            "P1 look",
        ),
        tp.Draw(1, tp.parse_cards("Kd")),
    ),
    ("stale_turn", "S9"): lambda: (dealt(), tp.Bet(1, 1), 0),
    ("too_few_players", "S2"): lambda: (
        tp.new_session(["A", "B", None], tp.Rules(open_table=True), seed=1),
        tp.Deal(0),
    ),
    ("hand_in_play", "S3"): lambda: (tp.apply(chairs(), tp.Deal(0)), tp.Join(3, "Dev")),
    ("tournament", "S3"): lambda: (_tournament_after_hand_1(), tp.Join(3, "Dev")),
    ("chair_taken", "S1"): lambda: (chairs(), tp.Join(2, "Dev")),
    ("name", "S1"): lambda: (chairs(), tp.Join(3, " B ")),
    ("buy_in", "S3"): lambda: (chairs(), tp.Join(3, "Dev", 101)),
    ("table_chips", None): lambda: (
        chairs(tp.Rules(max_buy_in=10**15)),
        tp.Join(3, "Dev", 10**15),
    ),
    ("not_in_session", "S4"): lambda: (chairs(), tp.Leave(3)),
    ("already_leaving", "S4"): lambda: (play(dealt(), "P2 leave"), tp.Leave(2)),
    ("already_sitting_out", "S5"): lambda: (play(table(), "P1 sit out"), tp.SitOut(1)),
    ("not_sitting_out", "S5"): lambda: (table(), tp.SitIn(1)),
    ("not_your_turn", "S6"): lambda: (dealt(), tp.Timeout(2)),
    ("no_rebuy", "S7"): lambda: (table(), tp.AddChips(1, 1)),
    ("hand_in_play", "S7"): lambda: (dealt(REBUY), tp.AddChips(1, 1)),
    ("buy_in_limit", "S7"): lambda: (table(REBUY), tp.AddChips(1, 21)),
}
"""(code, rule) → a state and an action that ``apply`` refuses with that code (and the
turn it is applied at, S9)."""

UNREACHABLE: dict[tuple[str, str | None], str] = {
    ("no_bettor", "R30"): "three in the hand and only the asker can bet ends the hand (R40)",
    ("no_seed", None): "only a view has no seed, and apply refuses views first",
    ("hidden_cards", None): "a draw's cards hidden: only in a view",
    ("hands_hidden", None): "comparing hands in a view: apply refuses views first",
    ("illegal", None): "raised outside the engine (the encoding's action ids) without a code",
}
"""Refusals that no action applied to a reachable state produces, with the reason;
their questions are asked directly in :func:`test_unreachable_refusals_by_their_question`."""


def test_every_refusal_is_produced_or_listed() -> None:
    assert set(EXAMPLES) | set(UNREACHABLE) == set(REFUSALS)
    assert not set(EXAMPLES) & set(UNREACHABLE)
    assert tuple(sorted({code for code, _ in REFUSALS})) == REFUSAL_CODES


@pytest.mark.parametrize("key", sorted(EXAMPLES, key=str), ids=lambda key: f"{key[0]}-{key[1]}")
def test_refusal_code_and_rule(key: tuple[str, str | None]) -> None:
    state, action, *turn = EXAMPLES[key]()
    before = state
    with pytest.raises(tp.IllegalActionError) as caught:
        tp.apply(state, action, turn=turn[0] if turn else None)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.rule) == key, str(caught.value)
    assert state is before and tp.legal_actions(state) == tp.legal_actions(before)
    if not turn:
        assert not tp.is_legal(state, action)  # type: ignore[arg-type]
    else:  # S9: the same action at the table's turn applies
        assert isinstance(caught.value, tp.StaleActionError)
        tp.apply(state, action, turn=state.turn)  # type: ignore[arg-type]


def test_unreachable_refusals_by_their_question() -> None:
    state = play(dealt(DRAW), "P1 look")
    seen_by_0 = tp.view(state, 0)
    assert draw_refusal(seen_by_0, 1, tp.parse_cards("Kd")) == refuse("hidden_cards")
    with pytest.raises(tp.IllegalActionError) as caught:
        hand_rank(seen_by_0, 1)
    assert caught.value.code == "hands_hidden"
    assert sideshow_refusal(state, 1) is not None  # blind target: not no_bettor
    assert tp.IllegalActionError("x").code == "illegal"


def test_sentence_is_rendered_from_the_values() -> None:
    refusal = refuse("amount", amount=3, status="blind", options="1 or 2")
    assert refusal == Refusal(
        "amount", "R24", (("amount", 3), ("status", "blind"), ("options", "1 or 2"))
    )
    assert refusal.sentence == "3 chips is not a legal blind bet now; it may bet 1 or 2 (R24)"
    with pytest.raises(KeyError):
        refuse("amount", "R99")


def test_error_message_stays_the_sentence() -> None:
    """API.md: the message stays the sentence for people; code and rule ride along."""
    with pytest.raises(tp.IllegalActionError) as caught:
        tp.apply(dealt(), tp.Bet(2, 1))
    error = caught.value
    assert str(error) == "seat 2 may not bet: it is seat 1's turn"
    assert (error.code, error.rule, error.action) == ("not_your_turn", "R20", tp.Bet(2, 1))


def test_legal_actions_of_one_seat() -> None:
    """``legal_actions(state, seat)``: only that seat's choices; Deal only when asked."""
    state = table()
    assert tp.legal_actions(state, 1) == (tp.Leave(1), tp.SitOut(1))  # S4, S5
    assert tp.legal_actions(state, 1, deal=True) == (tp.Deal(1), tp.Leave(1), tp.SitOut(1))
    state = dealt()
    everything = tp.legal_actions(state)
    turn = tuple(a for a in everything if a.seat == 1)
    assert tp.legal_actions(state, 1) == (*turn, tp.Leave(1), tp.SitOut(1))
    assert tp.legal_actions(state, 2) == (tp.Look(2), tp.Leave(2), tp.SitOut(2))
    assert not any(isinstance(a, tp.Leave | tp.SitOut) for a in everything)  # closed table
    rebuy = play(table(REBUY), "P1 sit out")
    assert tp.legal_actions(rebuy, 1) == (tp.Leave(1), tp.SitIn(1), tp.AddChips(1, 20))
    with pytest.raises(ValueError, match=r"seat must be a seat number 0\.\.2"):
        tp.legal_actions(state, 3)
