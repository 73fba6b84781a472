"""What a Rules record stores and refuses (RULES.md, Variants; V7, V8, V10, V12, V18, V20).

- refused because the option could never take effect: ``wild_ties`` other than
  ``"equal"`` without wild cards, 999 with the classic order or 2-3-5, a draw table
  with ``hand_size`` other than 3, a rank letter twice in ``wild_ranks``; and V7 with
  two cards (the imagined card is a wild card);
- rank letters are stored upper-case, so equal tables are equal records;
- ``max_draws`` is any int of at least 1;
- text fields hold plain ``str`` (D21), ``boot_of_hand`` checks its argument (D17),
  and a huge number is named in words, not with Python's digit-limit message.
"""

from __future__ import annotations

import pickle
import re
from typing import Any

import pytest

import teenpatti_rules as tp
from teenpatti_rules.io.state_json import state_from_json, state_to_json


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"wild_ties": "natural_wins"}, "needs wild cards"),
        ({"wild_ties": "more_wilds_win", "hand_size": 4}, "needs wild cards"),
        ({"ranking": "999", "sequence_order": "classic"}, "never take effect"),
        ({"ranking": "999", "high_235": True}, "never take effect"),
        ({"draw_price": 1, "hand_size": 4}, "could never take effect (V20)"),
        ({"wild_ranks": "AKA"}, "gives the rank letter 'A' twice"),
        ({"wild_ranks": "kK"}, "gives the rank letter 'K' twice"),
        ({"suit_order": "shdc", "hand_size": 2}, "Rules.hand_size=2"),
    ],
)
def test_options_that_could_never_take_effect_are_refused(
    fields: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(fragment)):
        tp.Rules(**fields)


def test_two_cards_allow_wild_ties_their_imagined_card_is_wild() -> None:
    # V12: a two-card table has one wild card, the imagined one (W4 applies)
    assert tp.Rules(hand_size=2, wild_ties="natural_wins").wild_ties == "natural_wins"


def test_rank_letters_are_stored_upper_case() -> None:
    lower = tp.Rules(wild_ranks="ak47")
    assert lower.wild_ranks == "AK47"
    assert lower == tp.Rules(wild_ranks="AK47")
    assert hash(lower) == hash(tp.Rules(wild_ranks="AK47"))
    assert str(tp.evaluate("9s 9h 4c", lower)) == "trail of nines (4c wild)"


@pytest.mark.parametrize("draws", [1, 3, 4, 7, 1000])
def test_max_draws_is_any_int_of_at_least_one(draws: int) -> None:
    assert tp.Rules(draw_price=1, max_draws=draws).max_draws == draws


def test_a_player_draws_again_among_cards_it_drew_past_three() -> None:
    # V20: max_draws counts every card drawn in the hand; with 5 a seat may draw
    # three, then two more, then no more
    rules = tp.Rules(draw_price=1, max_draws=5)
    state = tp.apply(tp.new_session(["A", "B", "C"], rules, seed=2, dealer=0), tp.Deal(0))
    state = tp.apply(state, tp.Look(1))
    state = tp.apply(state, tp.Draw(1, state.seats[1].cards))
    for seat in (2, 0):
        state = tp.apply(state, tp.Bet(seat, 1))
    state = tp.apply(state, tp.Draw(1, state.seats[1].cards[:2]))
    for seat in (2, 0):
        state = tp.apply(state, tp.Bet(seat, 1))
    assert not any(isinstance(a, tp.Draw) for a in tp.legal_actions(state))
    assert state_from_json(state_to_json(state)) == state


class _Sly(str):
    """A str that equals everything: a record must not keep it."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


@pytest.mark.parametrize("field", ["bet_sizing", "ranking", "wild", "suit_order", "wild_ranks"])
def test_text_fields_hold_plain_str(field: str) -> None:
    value = {
        "bet_sizing": "range",
        "ranking": "muflis",
        "wild": "joker",
        "suit_order": "shdc",
        "wild_ranks": "AK",
    }[field]
    fields: dict[str, Any] = {field: _Sly(value)}
    rules = tp.Rules(**fields)
    stored = getattr(rules, field)
    assert type(stored) is str and stored == value
    assert pickle.loads(pickle.dumps(rules)) == rules
    state = tp.new_session(["A", "B", "C"], rules, seed=1)
    assert state_from_json(state_to_json(state)) == state


@pytest.mark.parametrize(
    ("number", "error", "fragment"),
    [
        (0, ValueError, "hand_number must be at least 1, not 0"),
        (-3, ValueError, "at least 1"),
        ("3", TypeError, "hand_number must be an int, not str '3'"),
        (2.5, TypeError, "hand_number must be an int, not float 2.5"),
        (True, TypeError, "not bool True"),
        (None, TypeError, "must be an int"),
    ],
)
def test_boot_of_hand_refuses_what_is_not_a_hand_number(
    number: object, error: type[Exception], fragment: str
) -> None:
    schedule = tp.Rules(boot_schedule=((1, 1), (11, 2)))
    for rules in (schedule, tp.Rules()):
        with pytest.raises(error, match=re.escape(fragment)):
            rules.boot_of_hand(number)  # type: ignore[arg-type]


def test_boot_of_hand_reads_the_schedule() -> None:
    # V18: hands 1-10 boot 1, 11-20 boot 2, 21 on boot 5
    rules = tp.Rules(boot_schedule=((1, 1), (11, 2), (21, 5)))
    assert [rules.boot_of_hand(h) for h in (1, 10, 11, 20, 21, 10**6)] == [1, 1, 2, 2, 5, 5]


@pytest.mark.parametrize("field", ["boot", "starting_boots", "max_blind_bets", "max_draws"])
def test_a_huge_negative_number_is_named_in_words(field: str) -> None:
    with pytest.raises(ValueError, match="an int of about 5001 digits") as caught:
        fields: dict[str, Any] = {field: -(10**5000)}
        tp.Rules(**fields)
    assert "set_int_max_str_digits" not in str(caught.value)
