"""Hand histories in words (narrate.py): one line per event, nothing R43 hides."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import teenpatti_rules as tp
from scenario_runner import build_deck
from strategies import play_session, tables
from teenpatti_rules.events import (
    BetMade,
    HandEnding,
    SessionEnded,
    Showdown,
    ShownHand,
)
from teenpatti_rules.text.narrate import (
    chips,
    describe_event,
    describe_events,
    describe_hand,
    describe_standings,
    describe_table,
    join_names,
)

NAMES = ["Asha", "Bilal", "Chen"]


def deal(state: tp.State, hands: dict[int, str], by: int | None = None) -> tp.State:
    deck = build_deck(state, {str(seat): text for seat, text in hands.items()})
    return tp.apply(state, tp.Deal(state.dealer if by is None else by, deck))


def play(state: tp.State, *actions: tp.Action) -> tp.State:
    for action in actions:
        state = tp.apply(state, action)
    return state


def test_a_hand_with_raises_sideshows_and_a_show() -> None:
    state = tp.new_session(NAMES, seed=1, dealer=0)
    state = deal(state, {0: "Kc Kd 4h", 1: "Jc Jd 3s", 2: "Qs Qh 9c"})
    state = play(
        state,
        tp.Look(1),
        tp.Bet(1, 4),  # seen raise: twice the seen minimum of 2; stake 1 -> 2 (R24)
        tp.Look(2),
        tp.SideShow(2, 4),  # seen chaal of 4 (2 x stake 2): stake stays 2 (R30)
        tp.RefuseSideShow(1),  # the bet stays; play passes to the asker's left, seat 0 (R31)
        tp.Bet(0, 2),  # blind chaal of the stake, 2
        tp.Bet(1, 8),  # seen raise: stake 2 -> 4; seat 0 is blind, so no sideshow
        tp.SideShow(2, 8),  # seen chaal of 8: stake stays 4
        tp.AcceptSideShow(1),  # queens beat jacks: Bilal packs (R31)
        tp.Show(0),  # blind may show a seen player (R36); costs the stake, 4 (R34)
    )
    assert describe_hand(state) == [
        "Hand 1: dealer Asha; Bilal, Chen and Asha are in the hand",
        "Bilal posts the boot of 1 chip",
        "Chen posts the boot of 1 chip",
        "Asha posts the boot of 1 chip",
        "Bilal looks at their cards",
        "Bilal raises: 4 chips seen, stake 1 -> 2",
        "Chen looks at their cards",
        "Chen chaals 4 chips seen, stake stays 2, and asks Bilal for a sideshow",
        "Bilal refuses the sideshow",
        "Asha chaals 2 chips blind, stake stays 2",
        "Bilal raises: 8 chips seen, stake 2 -> 4",
        "Chen chaals 8 chips seen, stake stays 4, and asks Bilal for a sideshow",
        "Bilal accepts the sideshow; Bilal packs",
        "Asha pays 4 chips and asks Chen for a show",
        "Show: Asha Kc Kd 4h (pair of kings, four kicker); Chen Qs Qh 9c (pair of queens, nine kicker)",
        # 3 boots + 4 + 4 + 2 + 8 + 8 + 4 = 33; kings beat queens (R15, R35).
        "Asha wins 33 chips",
    ]


def test_a_hand_with_all_ins_side_pots_and_the_session_end() -> None:
    rules = tp.Rules(hand_limit=1)
    state = tp.new_session(NAMES, rules, seed=1, dealer=0, stacks=[1, 5, 100])
    state = deal(state, {0: "As Ad Ac", 1: "2c 3d 5h", 2: "Kh Qd 9s"}, by=2)
    state = play(
        state,
        tp.Bet(1, 2),  # blind raise: stake 1 -> 2 (R24)
        tp.Bet(2, 4),  # blind raise: stake 2 -> 4
        tp.AllIn(1),  # 2 chips left, below the blind minimum of 4 (R26)
    )  # only Chen can still bet: showdown (R40)
    assert describe_hand(state) == [
        "Hand 1: dealer Asha, dealt by Chen; Bilal, Chen and Asha are in the hand",
        "Bilal posts the boot of 1 chip",
        "Chen posts the boot of 1 chip",
        "Asha posts the boot of 1 chip and is all-in",  # stack = boot (R9)
        "Bilal raises: 2 chips blind, stake 1 -> 2",
        "Chen raises: 4 chips blind, stake 2 -> 4",
        "Bilal goes all-in for 2 chips, stake stays 4",
        "Showdown: Asha As Ad Ac (trail of aces); Bilal 5h 3d 2c (high card five-three-two); "
        "Chen Kh Qd 9s (high card king-queen-nine)",
        # R41: slice up to 1 chip = 3 chips, Asha's trail wins it; slice 1..5 = 4 + 4
        # from Bilal and Chen, Chen's king-high beats Bilal's five-high.
        "Asha wins 3 chips",
        "Chen wins 8 chips",
        "Bilal leaves the session with 0 chips",  # R7
        "Session over: winner Chen",  # hand limit 1: biggest stack, 95 + 8 (R8)
    ]
    assert describe_standings(state, {1: 1}) == [
        "Standings after 1 hand:",
        "  1. Chen    103 chips",
        "  2. Asha      3 chips",
        "  3. Bilal     0 chips  left after hand 1",
        "Winner: Chen",
    ]


def test_single_events() -> None:
    assert describe_event(BetMade(2, 6, 3, False, True), NAMES, 3) == (
        "Chen chaals 6 chips seen, stake stays 3, and is all-in"
    )
    assert describe_event(BetMade(0, 6, 6, True, False), NAMES, 3) == (
        "Asha raises: 6 chips blind, stake 3 -> 6"
    )
    assert describe_event(SessionEnded((0, 2)), NAMES, 0) == "Session over: winners Asha and Chen"
    hand = ShownHand(1, tp.parse_cards("2c 3c 4c"), tp.evaluate("2c 3c 4c"))
    assert describe_event(Showdown(HandEnding.SHOWDOWN, (hand,)), NAMES, 0) == (
        "Showdown: Bilal 4c 3c 2c (pure sequence four-three-two)"
    )
    with pytest.raises(TypeError, match="not an event"):
        describe_event("Asha packs", NAMES, 0)  # type: ignore[arg-type]


def test_words() -> None:
    assert [chips(n) for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]
    assert join_names([]) == "nobody"
    assert join_names(["A"]) == "A"
    assert join_names(["A", "B"]) == "A and B"


CARD = re.compile(r"\b(?:[2-9TJQKA]|10)[cdhs]\b")


@given(tables(), st.integers(0, 2**32))
def test_one_line_per_event_and_cards_only_when_turned_up(start: tp.State, seed: int) -> None:
    names = [seat.name for seat in start.seats]
    for state in play_session(seed, start):
        lines = describe_events(state.events, names)
        assert len(lines) == len(state.events) and all(lines)
        for event, line in zip(state.events, lines, strict=True):
            if not isinstance(event, Showdown | tp.events.IndicatorTurned):  # W5: public
                assert not CARD.search(line), line  # R32, R43: no card in words
        # Printing a hand as it goes gives the same lines as printing it at the end.
        assert describe_events(state.events[: len(lines) // 2], names) == lines[: len(lines) // 2]


def test_the_table_as_one_seat_sees_it() -> None:
    state = tp.new_session(NAMES, seed=1, dealer=0)
    state = deal(state, {0: "Kc Kd 4h", 1: "Jc Jd 3s", 2: "Qs Qh 9c"})
    state = play(state, tp.Look(1), tp.Pack(1), tp.Look(0))
    text = describe_table(tp.view(state, 0), 0)
    assert isinstance(text, str) and text.splitlines() == [
        "Hand 1: pot 3 chips, stake 1; Chen to act; your minimum bet is 2 chips",  # seen (R24)
        "  > Asha     99 chips  (dealer, seen)  Kc Kd 4h",
        "    Bilal    99 chips  (packed)",
        "    Chen     99 chips  (blind)",
    ]
    assert describe_table(tp.view(state, 2), 2).splitlines()[0] == (
        "Hand 1: pot 3 chips, stake 1; Chen to act; your minimum bet is 1 chip"
    )
    assert "Jc" not in describe_table(tp.view(state, 0), 0)  # Bilal's hand


def test_a_show_cancelled_by_the_pot_limit_says_so() -> None:
    rules = tp.Rules(pot_limit=10)
    state = tp.new_session(NAMES, rules, seed=1, dealer=0)
    state = deal(state, {0: "Kc Qd 7h", 1: "Kd Qc 7s", 2: "9s 5d 2c"})
    state = play(
        state,
        tp.Look(0),
        tp.Look(1),
        tp.Bet(1, 4),  # seen raise, stake 1 -> 2; pot 7
        tp.Pack(2),
        tp.Show(0),  # costs 4 (seen: 2 x stake 2); pot 11 >= 10: a showdown (R38)
    )
    assert describe_hand(state)[-4:] == [
        "Asha pays 4 chips and asks Bilal for a show",
        "Showdown (the pot reached the pot limit of 10): Asha Kc Qd 7h (high card "
        "king-queen-seven); Bilal Kd Qc 7s (high card king-queen-seven)",
        # R38: the asker-loses-ties rule does not apply; the tie splits 11 chips,
        # the odd chip to the first tied player from the dealer's left (R18).
        "Bilal wins 6 chips",
        "Asha wins 5 chips",
    ]


def test_compact_hand_merges_boots_and_runs_of_looks() -> None:
    # dealer 0: order 1, 2, 0; seat 1 holds exactly the boot and is all-in (R9).
    state = tp.new_session(["Asha", "Bilal", "Chen"], seed=0, dealer=0, stacks=[5, 1, 5])
    state = tp.apply(state, tp.Deal(0))
    state = tp.apply(state, tp.Look(2))
    assert describe_hand(state, compact=True) == [
        "Hand 1: dealer Asha; Bilal, Chen and Asha are in the hand",
        "Boots: Bilal, Chen and Asha post 1 chip each; Bilal is all-in",
        "Chen looks at their cards",
    ]
    state = tp.apply(tp.apply(state, tp.Look(0)), tp.Bet(2, 2))
    assert describe_hand(state, compact=True)[2:] == [
        "Chen and Asha look at their cards",
        "Chen chaals 2 chips seen, stake stays 1",
    ]
    # The full form keeps one line per event.
    assert len(describe_hand(state)) == len(state.events) == 7


def test_standings_count_only_finished_hands() -> None:
    from teenpatti_rules.text.narrate import describe_standings

    state = tp.new_session(["Asha", "Bilal", "Chen"], seed=1)
    state = tp.apply(state, tp.Deal(state.dealer))  # hand 1 in play: 3 boots in the pot (R9)
    assert describe_standings(state)[0] == (
        "Standings during hand 1 (the 3 chips in the pot not counted):"
    )
