from __future__ import annotations

import pytest

from teenpatti_rules import Rules


def test_defaults_keep_r1_to_r44() -> None:
    rules = Rules()
    assert (rules.boot, rules.starting_boots, rules.min_players, rules.max_players) == (
        1,
        100,
        3,
        7,
    )
    assert (rules.max_blind_bets, rules.pot_limit, rules.hand_limit) == (4, None, None)
    assert (
        rules.sequence_order,
        rules.show_cost_multiplier,
        rules.bet_sizing,
        rules.stake_limit,
    ) == (
        "standard",
        1,
        "double",
        None,
    )
    assert rules.starting_stack == 100
    assert Rules(boot=5, starting_boots=20).starting_stack == 100


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"boot": 0}, "Rules.boot must be at least 1, not 0"),
        ({"starting_boots": 0}, "Rules.starting_boots must be at least 1"),
        ({"min_players": 1}, "Rules.min_players must be at least 2"),
        (
            {"min_players": 5, "max_players": 4},
            "max_players \\(4\\) must be at least Rules.min_players \\(5\\)",
        ),
        ({"max_players": 18}, "at most 17"),
        ({"max_blind_bets": -1}, "Rules.max_blind_bets must be at least 0"),
        ({"pot_limit": 0}, "Rules.pot_limit must be at least 1"),
        ({"hand_limit": 0}, "Rules.hand_limit must be at least 1"),
        ({"boot": True}, "Rules.boot must be an int, not True"),
        ({"boot": 1.0}, "Rules.boot must be an int, not 1.0"),
        ({"boot": "1"}, "Rules.boot must be an int"),
        ({"pot_limit": False}, "Rules.pot_limit must be an int or None"),
        ({"hand_limit": 2.5}, "Rules.hand_limit must be an int or None"),
        ({"sequence_order": "reverse"}, "Rules.sequence_order must be one of"),
        ({"show_cost_multiplier": 3}, "Rules.show_cost_multiplier must be one of 1, 2"),
        ({"show_cost_multiplier": True}, "Rules.show_cost_multiplier must be one of"),
        ({"bet_sizing": "any"}, "Rules.bet_sizing must be one of"),
        (
            {"stake_limit": 2, "boot": 3},
            "Rules.stake_limit \\(2\\) must be at least the boot \\(3\\)",
        ),
    ],
)
def test_bad_values_raise_value_error_naming_the_field(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)  # type: ignore[arg-type]


def test_variants_and_none() -> None:
    assert Rules(max_blind_bets=None).max_blind_bets is None
    assert Rules(max_blind_bets=0).max_blind_bets == 0
    assert Rules(min_players=2, max_players=10).max_players == 10


def test_rules_are_frozen_and_hashable() -> None:
    import attrs

    rules = Rules(boot=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.boot = 3  # type: ignore[misc]
    assert hash(rules) == hash(Rules(boot=2)) and rules == Rules(boot=2)


def test_keyword_only() -> None:
    with pytest.raises(TypeError):
        Rules(2)  # type: ignore[call-arg]
