"""The OpenSpiel game python_teen_patti passes OpenSpiel's random simulation test."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402

import teenpatti_rules as tp  # noqa: E402
from teenpatti_rules.adapters import openspiel as tos  # noqa: E402
from teenpatti_rules.adapters._spiel_config import chance_cards  # noqa: E402


@pytest.mark.soak
@pytest.mark.parametrize(
    "params",
    [
        {},
        {"players": 2, "starting_boots": 5},
        {"players": 4, "boot": 2, "starting_boots": 6, "pot_limit": 30, "max_blind_bets": -1},
        {"players": 3, "bet_sizing": "range", "bet_bins": 4, "stake_limit": 4, "dealer": 2},
    ],
)
def test_random_sim(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_teen_patti", params)
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)


def test_game_info_and_chance_deal() -> None:
    game = pyspiel.load_game("python_teen_patti", {"players": 3})
    # 3 seats of 10 chips: total 30; at most 2*30 + 2*3 decisions
    assert game.max_game_length() == 66
    assert (game.min_utility(), game.max_utility()) == (-10.0, 20.0)
    assert game.num_distinct_actions() == 10 and game.max_chance_outcomes() == 52
    state = game.new_initial_state()
    # R10 with dealer 0: card i goes to seat 1, 2, 0, 1, 2, 0, ...
    deck = tp.parse_cards("As Kd Qh 2c 3d 4h 9s 9d 9c")
    for card in deck:
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 52 - len(state.history())
        state.apply_action(card.index)
    assert state.current_player() == 1  # R19: the dealer's left acts first
    seats = state.core.seats
    assert [tp.format_cards(seats[s].cards) for s in (1, 2, 0)] == [
        "As 2c 9s",
        "Kd 3d 9d",
        "Qh 4h 9c",
    ]
    assert state.legal_actions() == [0, 1, 2, 3]
    assert state.information_state_string(1) == "p1 cards:- " + " ".join(
        repr(e) for e in state.core.events
    )


def test_clone_pickle_and_serialize_round_trip() -> None:
    game = pyspiel.load_game("python_teen_patti", {"players": 3, "pot_limit": 20})
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = game.new_initial_state()
    for index in range(9):
        state.apply_action(index * 5)
    state.apply_action(1)  # LOOK
    clone = state.clone()
    clone.apply_action(0)  # PACK in the clone only
    assert state.history() != clone.history()
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
    assert again.core == state.core


def _run(seed: int) -> list[Any]:
    game = pyspiel.load_game("python_teen_patti", {"players": 3, "pot_limit": 24})
    env = rl_environment.Environment(
        game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed)
    )
    out: list[Any] = []
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        action = legal[len(out) % len(legal)]
        out.append((player, tuple(step.observations["info_state"][player]), action))
        step = env.step([action])
    out.append(tuple(step.rewards))
    return out


def test_rl_environment_with_seeded_chance_is_deterministic() -> None:
    assert _run(7) == _run(7)
    assert _run(7) != _run(8)


def test_bad_parameters() -> None:
    with pytest.raises(ValueError, match="dealer"):
        tos.TeenPattiGame({"players": 3, "dealer": 3})
    with pytest.raises(ValueError, match="boot"):
        tos.TeenPattiGame({"boot": 0})


def test_chance_cards_count_the_hands_the_indicator_and_the_draws() -> None:
    # R13, V12: three (or hand_size) cards a player; W5: one indicator; V20: the
    # replacements a draw takes from the rest of the deck, dealt by the chance nodes
    # ahead: min(max_draws, 3) a player (chance_cards' own documented budget)
    assert chance_cards(tp.Rules(), 4) == 12
    assert chance_cards(tp.Rules(hand_size=4), 3) == 12
    assert chance_cards(tp.Rules(wild="joker"), 4) == 13
    assert chance_cards(tp.Rules(draw_price=1, max_draws=2), 3) == 9 + 2 * 3
    assert chance_cards(tp.Rules(draw_price=1, max_draws=5, wild="joker"), 4) == 12 + 1 + 3 * 4
