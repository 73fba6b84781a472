"""The checks of the event log and of a hand's result (``engine.event_invariants``)
name what a corrupted log or result says against the table: draws only at a draw
table (V20), open flushes only at an open-flush table with three natural cards (V16),
shown hands of real seats and ``hand_size`` cards whose rank is theirs (R12), and a
result whose dealer, winners and shown hands are seats, each winner paid (R41, R42).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import teenpatti_rules as tp
from teenpatti_rules.engine.event_invariants import (
    event_content_problems,
    event_problems,
    result_problems,
)
from teenpatti_rules.events import Drew, HandEnding, OpenFlush, Showdown, ShownHand
from teenpatti_rules.state import Phase

NAMES = ["P0", "P1", "P2"]


def _dealt(rules: tp.Rules | None = None) -> tp.State:
    return tp.apply(tp.new_session(NAMES, rules, seed=1, dealer=0), tp.Deal(0))


def _packed_out(rules: tp.Rules) -> tp.State:
    """One hand that ends with everyone but one player packing (R39)."""
    state = _dealt(rules)
    while state.phase is Phase.BETTING:
        state = tp.apply(state, next(a for a in tp.legal_actions(state) if isinstance(a, tp.Pack)))
    assert state.result is not None and state.result.ending is HandEnding.PACKED
    return state


def _with_event(state: tp.State, event: Any) -> tp.State:
    return attrs.evolve(state, events=(*state.events, event))


def _problems_of_event(state: tp.State, event: object) -> list[str]:
    return list(event_content_problems(_with_event(state, event)))


def _problems_of_showdown(state: tp.State, hand: ShownHand) -> list[str]:
    return list(event_problems(_with_event(state, Showdown(HandEnding.SHOWDOWN, (hand,)))))


def _shown(seat: int, text: str, rules: tp.Rules | None = None) -> ShownHand:
    cards = tp.parse_cards(text)
    return ShownHand(seat, cards, tp.evaluate(cards, rules))


def test_the_uncorrupted_log_and_result_pass() -> None:
    state = _packed_out(tp.Rules())
    assert list(event_problems(state)) == []
    assert list(event_content_problems(state)) == []
    assert state.result is not None
    assert list(result_problems(state, state.result)) == []


def test_a_draw_at_a_table_without_draw_price_is_refused() -> None:
    problems = _problems_of_event(_dealt(), Drew(1, 1, 0))
    assert any("only a table with a draw_price draws cards (V20)" in p for p in problems)


def test_an_open_flush_at_a_split_table_is_refused() -> None:
    event = OpenFlush((_shown(0, "2c 3c 4c"), _shown(1, "5d 6d 7d")))
    problems = _problems_of_event(_dealt(), event)
    assert any("only a ties='open_flush' table plays open flushes (V16)" in p for p in problems)


@pytest.mark.parametrize("text", ["2c 3c", "2c 3c 4c 5c"])
def test_an_open_flush_hand_of_other_than_three_cards_is_refused(text: str) -> None:
    rules = tp.Rules(ties="open_flush")
    cards = tp.parse_cards(text)
    hand = ShownHand(0, cards, tp.evaluate(tp.parse_cards("2c 3c 4c")))
    problems = _problems_of_event(_dealt(rules), OpenFlush((hand,)))
    assert any("an open-flush hand is three natural cards (V16)" in p for p in problems)


def test_a_shown_hand_of_a_seat_that_does_not_exist_is_refused() -> None:
    problems = _problems_of_showdown(_dealt(), _shown(3, "2c 3c 4c"))
    assert any("seat 3 does not exist (seats are 0..2)" in p for p in problems), problems


@pytest.mark.parametrize("text", ["2c 3c", "2c 3c 4c 5c"])
def test_a_shown_hand_of_the_wrong_size_is_refused(text: str) -> None:
    hand = ShownHand(0, tp.parse_cards(text), tp.evaluate(tp.parse_cards("2c 3c 4c")))
    problems = _problems_of_showdown(_dealt(), hand)
    assert any("a shown hand is 3 distinct cards" in p for p in problems), problems


def test_a_shown_hand_the_table_cannot_rank_is_refused() -> None:
    """V8: a printed joker is no card of a table with ``jokers=0``: no rank is its."""
    cards = tp.parse_cards("X1 2c 3d")
    hand = ShownHand(0, cards, tp.evaluate(tp.parse_cards("Ac 2c 3d")))
    problems = _problems_of_showdown(_dealt(), hand)
    assert any("is not the rank of X1 2c 3d" in p for p in problems), problems


def _result_problems(state: tp.State, **changes: Any) -> list[str]:
    assert state.result is not None
    return list(result_problems(state, attrs.evolve(state.result, **changes)))


def test_a_result_with_a_dealer_that_is_no_seat_is_refused() -> None:
    problems = _result_problems(_packed_out(tp.Rules()), dealer=5)
    assert any("seat 5 does not exist @ $.result.dealer" in p for p in problems)


def test_winnings_of_a_seat_that_does_not_exist_are_refused() -> None:
    state = _packed_out(tp.Rules())
    assert state.result is not None
    problems = _result_problems(state, winnings={7: state.result.pot})
    assert any("seat 7 does not exist @ $.result.winnings['7']" in p for p in problems)


def test_a_winner_of_no_chips_is_refused() -> None:
    state = _packed_out(tp.Rules())
    assert state.result is not None
    (winner,) = state.result.winnings
    other = (winner + 1) % 3
    problems = _result_problems(state, winnings={winner: state.result.pot, other: 0})
    assert any("a seat wins at least one chip, not 0" in p for p in problems), problems


def test_a_packed_hand_shows_no_hand() -> None:
    """R39: a hand won by everyone else packing shows no cards."""
    problems = _result_problems(
        _packed_out(tp.Rules()), shown={0: tp.evaluate(tp.parse_cards("2c 5d 9h"))}
    )
    assert any("hands are shown exactly when" in p for p in problems), problems


def test_a_shown_rank_of_a_seat_that_does_not_exist_is_refused() -> None:
    problems = _result_problems(
        _packed_out(tp.Rules()), shown={4: tp.evaluate(tp.parse_cards("2c 5d 9h"))}
    )
    assert any("seat 4 does not exist @ $.result.shown['4']" in p for p in problems), problems


def test_a_rank_shown_at_a_wild_table_without_its_indicator_is_refused() -> None:
    """W5: a wild='joker' table's hands rank against the indicator turned up."""
    state = attrs.evolve(_packed_out(tp.Rules(wild="joker")), indicator=None)
    problems = _result_problems(state, shown={0: tp.evaluate(tp.parse_cards("2c 5d 9h"))})
    assert any("is shown on a wild='joker' table without an indicator" in p for p in problems)
