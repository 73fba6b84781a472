"""A view says whose it is (View.seat); choose(view, rng) reads it (R43, R44)."""

from __future__ import annotations

import random

import pytest

import teenpatti_rules as tp
from teenpatti_rules.players import random_choice


def _dealt() -> tp.State:
    state = tp.new_session(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
    return tp.apply(state, tp.Deal(0, tp.parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")))


def test_view_knows_its_seat_and_spectators_have_none() -> None:
    state = _dealt()
    assert [tp.view(state, seat).seat for seat in range(3)] == [0, 1, 2]
    assert tp.view(state, None).seat is None
    # Viewing a view for another seat says the new seat.
    assert tp.view(tp.view(state, 1), 2).seat == 2


def test_choose_with_a_view_that_knows_its_seat_equals_the_old_signature() -> None:
    state = _dealt()
    for seat in range(3):
        old = tp.choose(tp.view(state, seat), seat, random.Random(5))
        new = tp.choose(tp.view(state, seat), random.Random(5))
        assert old == new == tp.Look(seat)  # R44: a blind automatic player looks first
        assert random_choice(tp.view(state, seat), random.Random(3)) == random_choice(
            tp.view(state, seat), seat, random.Random(3)
        )


def test_choose_without_a_seat_needs_a_view_of_a_seat() -> None:
    state = _dealt()
    with pytest.raises(ValueError, match="must know its seat"):
        tp.choose(tp.view(state, None), random.Random(1))
    with pytest.raises(ValueError, match="must know its seat"):
        tp.choose(state, random.Random(1))


def test_the_seat_survives_the_state_document() -> None:
    state = _dealt()
    for seat in (None, 0, 2):
        shown = tp.view(state, seat)
        back = tp.state_from_json(tp.state_to_json(shown))
        assert isinstance(back, tp.View)
        assert back == shown and back.seat == seat


def test_a_view_document_with_a_seat_out_of_range_is_refused() -> None:
    text = tp.state_to_json(tp.view(_dealt(), 1)).replace('"seat": 1', '"seat": 3')
    with pytest.raises(tp.HistoryError, match="seat"):
        tp.state_from_json(text)
