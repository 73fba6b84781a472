"""The names and meanings of ../shared/API.md, checked one by one."""

from __future__ import annotations

import importlib
from enum import Enum, IntEnum

import attrs
import pytest

import teenpatti_rules as tp

CONTRACT = {
    "cards": ["Rank", "Suit", "Card", "parse_cards", "standard_deck"],
    "ranking": ["HandCategory", "HandRank", "evaluate", "compare_hands"],
    "rules": ["Rules"],
    "state": ["Phase", "new_session", "State", "Seat"],
    "actions": [
        "Deal",
        "Look",
        "Pack",
        "AllIn",
        "Show",
        "Bet",
        "SideShow",
        "AcceptSideShow",
        "RefuseSideShow",
        "Draw",
        "Action",
    ],
    "engine": ["apply", "legal_actions"],
    "views": ["view"],
}


@pytest.mark.parametrize(("module", "names"), CONTRACT.items())
def test_names_live_in_their_module_and_at_the_root(module: str, names: list[str]) -> None:
    loaded = importlib.import_module(f"teenpatti_rules.{module}")
    for name in names:
        assert getattr(loaded, name) is getattr(tp, name), name
        assert name in tp.__all__


def test_card_types() -> None:
    assert issubclass(tp.Rank, IntEnum)
    assert [int(tp.Rank.TWO), int(tp.Rank.TEN), int(tp.Rank.ACE)] == [2, 10, 14]
    assert issubclass(tp.Suit, Enum) and sorted(s.value for s in tp.Suit) == ["c", "d", "h", "s"]
    assert str(tp.Card.parse("As")) == "As" and str(tp.Card.parse("10d")) == "Td"
    assert attrs.has(tp.Card) and len(tp.standard_deck()) == 52


def test_ranking_types() -> None:
    assert issubclass(tp.HandCategory, IntEnum)
    order = ["HIGH_CARD", "PAIR", "COLOR", "SEQUENCE", "PURE_SEQUENCE", "TRAIL"]
    assert sorted(tp.HandCategory, key=int) == [tp.HandCategory[name] for name in order]
    rank = tp.evaluate("Kh Ks Ad")
    assert rank.category is tp.HandCategory.PAIR and isinstance(rank.strength, int)
    assert str(rank) == "pair of kings, ace kicker" and hash(rank) == hash(tp.evaluate("Kd Kc As"))


def test_rules_fields_and_defaults() -> None:
    rules = tp.Rules()
    assert (rules.boot, rules.starting_boots, rules.min_players, rules.max_players) == (
        1,
        100,
        3,
        7,
    )
    assert (rules.max_blind_bets, rules.pot_limit, rules.hand_limit) == (4, None, None)


def test_state_and_seat_fields() -> None:
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=1), tp.Deal(0))
    for field in (
        "rules",
        "phase",
        "hand_number",
        "dealer",
        "pot",
        "stake",
        "actor",
        "seats",
        "sideshow",
        "result",
        "session_winners",
        "placings",  # V19
    ):
        assert hasattr(state, field), field
    for field in (
        "name",
        "stack",
        "in_session",
        "in_hand",
        "seen",
        "all_in",
        "blind_bets",
        "contributed",
        "cards",
    ):
        assert hasattr(state.seats[0], field), field
    assert {phase.name for phase in tp.Phase} == {
        "AWAITING_DEAL",
        "BETTING",
        "SIDESHOW",
        "SESSION_OVER",
        "WAITING",  # S2
    }
    assert attrs.has(tp.State) and attrs.has(tp.Seat)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.pot = 0  # type: ignore[misc]


def test_illegal_action_error_is_a_value_error() -> None:
    assert issubclass(tp.IllegalActionError, ValueError)


def test_table_variant_fields_of_api_md() -> None:
    """API.md "Variants": the table-variant fields of Rules, their types and defaults."""
    rules = tp.Rules()
    defaults = {
        "bet_sizing": "double",
        "raise_cap": 2,
        "dealer_boots": 1,
        "table_show_after": None,
        "max_turns": None,
        "ties": "split",
        "sideshow_target": "previous",
        "sideshow_split": False,
        "sideshow_reveal": "none",
        "boot_schedule": None,
        "draw_price": None,
        "max_draws": 2,
        "button": "left",
    }
    assert {name: getattr(rules, name) for name in defaults} == defaults
    assert tp.Rules(bet_sizing="no_limit").bet_sizing == "no_limit"
    state = tp.new_session(["A", "B", "C"], tp.Rules(hand_limit=1), seed=1, dealer=0)
    assert state.placings == ()
    state = tp.apply(tp.apply(tp.apply(state, tp.Deal(0)), tp.Pack(1)), tp.Pack(2))
    assert state.placings == ((0,), (1, 2))
    assert state.result is not None and state.result.open_flush == ()
    assert tp.Draw(1, tp.parse_cards("As")).cards == tp.parse_cards("As")
