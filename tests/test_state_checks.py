"""A state the engine could never produce is refused, however it was made.

- a caller-built state keeps no container of the caller's: lists given for its
  containers are stored as tuples, so a state checked once cannot change (D3);
- the loader checks what the events say: counts, amounts, draws (V20), open flushes
  (V16), the cards of a showdown (D6);
- seeds and stacks are bounded in state and history documents as in ``new_session``
  (D20), and a number too long to read is refused by its length (D24);
- an actor that is not a seat number (``True``) is no actor.

Each case is a value the engine never writes, so the expected refusal follows from
RULES.md and limits.py, not from the code.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest

import teenpatti_rules as tp
from teenpatti_rules.engine.trust import UnreachableStateError
from teenpatti_rules.errors import HistoryError
from teenpatti_rules.io.state_json import state_from_json, state_to_json
from teenpatti_rules.limits import MAX_CHIPS, MAX_NUMBER_DIGITS, MAX_SEED

NAMES = ["P0", "P1", "P2"]


def _dealt(rules: tp.Rules | None = None) -> tp.State:
    state = tp.new_session(NAMES, rules, seed=1, dealer=0)
    return tp.apply(state, tp.Deal(0))


# --------------------------------------------------------------------- D3


def test_a_list_of_seats_given_is_stored_as_a_tuple_the_caller_cannot_change() -> None:
    state = _dealt()
    seats = list(state.seats)
    built = attrs.evolve(state, seats=seats)
    assert tp.legal_actions(built)  # checked once, then trusted
    seats[1] = attrs.evolve(seats[1], stack=-50)  # the caller changes its own list
    assert type(built.seats) is tuple
    assert built.seats[1].stack == state.seats[1].stack
    after = tp.apply(built, tp.Bet(1, 1))
    assert all(seat.stack >= 0 for seat in after.seats)


def test_a_list_of_cards_given_is_stored_as_a_tuple_the_caller_cannot_change() -> None:
    state = _dealt()
    cards = list(state.seats[0].cards)
    seat = attrs.evolve(state.seats[0], cards=cards)
    built = attrs.evolve(state, seats=(seat, *state.seats[1:]))
    assert tp.legal_actions(built)
    cards[0] = state.seats[1].cards[0]  # one card in two hands, had the list been kept
    assert type(built.seats[0].cards) is tuple
    assert built.seats[0].cards == state.seats[0].cards


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("session_winners", [0]),
        ("placings", [[0], [1, 2]]),
        ("departed", [[2]]),
        ("undealt", list(tp.parse_cards("As Kd"))),
    ],
)
def test_every_container_of_a_state_is_a_tuple(field: str, value: list[Any]) -> None:
    changes: dict[str, Any] = {field: value}
    built = attrs.evolve(tp.new_session(NAMES, seed=1), **changes)
    stored = getattr(built, field)
    assert type(stored) is tuple
    assert all(type(item) is tuple for item in stored if isinstance(item, tuple | list))
    value.append(value[0])  # the caller's list changes; the state does not
    assert len(stored) == len(value) - 1


def test_a_hand_rank_keeps_no_list() -> None:
    rank = tp.HandRank(tp.HandCategory.PAIR, 3, [tp.Rank.KING] * 3, wilds=[tp.Card.parse("4c")])
    assert type(rank.ranks) is tuple and type(rank.wilds) is tuple


# --------------------------------------------------------------------- D6


def _document(state: tp.State) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(state_to_json(state))
    return loaded


def _refused(document: dict[str, Any], fragment: str) -> None:
    with pytest.raises(HistoryError) as caught:
        state_from_json(json.dumps(document))
    assert fragment in str(caught.value)


def _drawn_state() -> tp.State:
    # V20: a seen player discards one card for one chip
    state = _dealt(tp.Rules(draw_price=1))
    state = tp.apply(state, tp.Look(1))
    return tp.apply(state, tp.Draw(1, state.seats[1].cards[:1]))


def _event(document: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(event for event in document["events"] if event["type"] == kind)


@pytest.mark.parametrize(
    ("count", "fragment"),
    [(-5, "a draw is of 1 to 3 cards, not -5"), (0, "not 0"), (4, "not 4")],
)
def test_a_draw_of_an_impossible_count_is_refused(count: int, fragment: str) -> None:
    document = _document(_drawn_state())
    _event(document, "Drew")["count"] = count
    _refused(document, fragment)


def test_draws_past_max_draws_in_a_hand_are_refused() -> None:
    document = _document(_drawn_state())  # max_draws 2 (default); one card drawn
    _event(document, "Drew")["count"] = 3
    _event(document, "Drew")["amount"] = 3
    _refused(document, "more than max_draws 2 (V20)")


def test_a_draw_paid_at_another_price_is_refused() -> None:
    document = _document(_drawn_state())  # draw_price 1: one card costs 1 chip
    _event(document, "Drew")["amount"] = 7
    _refused(document, "costs 1 chips (draw_price 1), not 7 (V20)")


def _open_flush_state() -> tp.State:
    # V16: seats 1 and 2 tie with A-K-9 and play an open flush from the rest
    rules = tp.Rules(ties="open_flush", pot_limit=6)
    state = tp.new_session(NAMES, rules, seed=0, dealer=0)
    deck = tp.deck_for(state, {0: "2c 5d 8h", 1: "As Kd 9c", 2: "Ah Ks 9d"})
    rest = tp.parse_cards("Qs Jh Qd 7c Qc 2d")
    others = tuple(c for c in tp.standard_deck() if c not in deck and c not in rest)
    state = tp.apply(state, tp.Deal(0, deck + rest + others))
    for seat in (1, 2, 0):
        state = tp.apply(state, tp.Bet(seat, 1))
    assert state.result is not None and state.result.open_flush
    return state


def test_open_flush_cards_of_a_hand_in_the_log_are_refused() -> None:
    document = _document(_open_flush_state())
    _event(document, "OpenFlush")["hands"][0]["cards"] = ["As", "Kd", "9c"]  # seat 1's hand
    _refused(document, "an open-flush card is dealt twice (V16)")


def test_an_open_flush_rank_that_is_not_its_cards_rank_is_refused() -> None:
    document = _document(_open_flush_state())
    flush = _event(document, "OpenFlush")["hands"]
    flush[0]["rank"], flush[1]["rank"] = flush[1]["rank"], flush[0]["rank"]
    _refused(document, "is not the open-flush rank of these cards (V16)")


def test_a_printed_joker_in_an_open_flush_is_refused() -> None:
    # V16: printed jokers in the rest of the deck are passed over
    state = _open_flush_state()
    document = _document(attrs.evolve(state, rules=attrs.evolve(state.rules, jokers=1)))
    document["result"]["open_flush"][0]["2"] = ["Jh", "7c", "X1"]
    _refused(document, "three natural cards")


@pytest.mark.parametrize("amount", [10**30, MAX_CHIPS + 1, -1])
def test_event_amounts_out_of_range_are_refused(amount: int) -> None:
    document = _document(_open_flush_state())
    _event(document, "Payout")["amount"] = amount
    _refused(document, "amount")


def test_an_event_amount_past_the_chips_at_the_table_is_refused() -> None:
    document = _document(_open_flush_state())  # 300 chips at the table
    _event(document, "BetMade")["amount"] = 301
    _refused(document, "more than the 300 chips at the table")


def test_a_log_of_another_hand_is_refused() -> None:
    document = _document(_open_flush_state())
    _event(document, "HandStarted")["hand_number"] = 7
    _refused(document, "the log is of hand 1, not of hand 7")


def test_a_card_in_two_hands_of_a_showdown_is_refused() -> None:
    document = _document(_open_flush_state())
    hands = _event(document, "Showdown")["hands"]
    hands[1]["cards"], hands[1]["rank"] = hands[0]["cards"], hands[0]["rank"]
    _refused(document, "two hands of one showdown")


# --------------------------------------------------------------------- D20, D24


def test_a_state_document_with_a_seed_past_the_limit_is_refused() -> None:
    document = _document(tp.new_session(NAMES, seed=1))
    document["seed"] = MAX_SEED  # 39 digits: read, then refused by magnitude
    _refused(document, "the seed is an int of magnitude below 2**128 (limits.MAX_SEED)")


def test_a_state_document_with_a_stack_past_the_limit_is_refused() -> None:
    document = _document(tp.new_session(NAMES, seed=1))
    document["seats"][0]["stack"] = 10**20
    _refused(document, "stack must be at most")


def test_a_history_with_a_seed_or_stack_past_the_limit_is_refused() -> None:
    history = tp.History.start(NAMES, seed=1)
    with pytest.raises(HistoryError, match=r"magnitude below 2\*\*128"):
        tp.replay(attrs.evolve(history, seed=MAX_SEED))
    text = history.to_json().replace('"stacks": [100, 100, 100]', f'"stacks": [100, 100, {10**20}]')
    with pytest.raises(HistoryError, match=r"a starting stack is at most 10+ \(limits.MAX_CHIPS\)"):
        tp.History.from_json(text)


@pytest.mark.parametrize("digits", [MAX_NUMBER_DIGITS + 1, 5_000, 100_000])
def test_a_number_too_long_to_read_is_refused_by_its_length(digits: int) -> None:
    text = state_to_json(tp.new_session(NAMES, seed=1)).replace(
        '"seed": 1', f'"seed": {"9" * digits}'
    )
    with pytest.raises(HistoryError) as caught:
        state_from_json(text)
    message = str(caught.value)
    assert f"a number of {digits} digits" in message
    assert "set_int_max_str_digits" not in message
    history = tp.History.start(NAMES, seed=1).to_json()
    with pytest.raises(HistoryError, match=f"a number of {digits} digits"):
        tp.History.from_json(history.replace('"seed": 1', f'"seed": {"9" * digits}'))


def test_run_sessions_refuses_a_master_seed_past_the_limit_in_words() -> None:
    from teenpatti_rules.simulate import SessionConfig, run_sessions

    with pytest.raises(ValueError, match="an int of about 5001 digits") as caught:
        run_sessions(SessionConfig(players=3), 1, master_seed=10**5000)
    assert "set_int_max_str_digits" not in str(caught.value)


# --------------------------------------------------------------------- the actor


def test_an_actor_of_true_is_no_seat() -> None:
    state = _dealt()
    assert state.phase is tp.Phase.BETTING and state.actor == 1
    evolved = attrs.evolve(state, actor=True)
    with pytest.raises(UnreachableStateError, match=r"must act in phase 'betting' @ \$.actor"):
        tp.legal_actions(evolved)
    with pytest.raises(UnreachableStateError):
        tp.legal_actions(pickle.loads(pickle.dumps(evolved)))
