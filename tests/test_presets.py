"""Named tables (presets), ``find_variant``, and the CLI's ``--variant``/``--rule``."""

from __future__ import annotations

import attrs
import pytest

from teenpatti_rules import PRESETS, Rules, find_variant
from teenpatti_rules.cli.common import UsageError, rule_value, rules_from_options
from teenpatti_rules.cli.main import main
from teenpatti_rules.presets import Preset, rules_with


def test_default_preset_is_the_default_table() -> None:
    assert find_variant("default") == Rules()


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_builds_its_rules(name: str) -> None:
    preset = PRESETS[name]
    rules = find_variant(name)
    for field, value in preset.fields.items():
        assert getattr(rules, field) == value
    assert preset.summary and preset.source
    assert preset.name == name == name.lower()


def test_names_are_case_and_blank_insensitive_and_overrides_apply() -> None:
    assert find_variant("  CLASSIC ", boot=3) == Rules(sequence_order="classic", boot=3)


def test_unknown_names_and_fields_are_refused_naming_them() -> None:
    with pytest.raises(ValueError, match=r"unknown variant .nope.*default, classic"):
        find_variant("nope")
    with pytest.raises(ValueError, match=r"unknown variant 'xxx.*\.\.\.'"):
        find_variant("x" * 10_000)
    with pytest.raises(TypeError, match="name must be a str"):
        find_variant(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown Rules field 'bootz'"):
        find_variant("default", bootz=2)
    with pytest.raises(ValueError, match=r"Rules\.boot must be at least 1"):
        rules_with(Rules(), {"boot": 0})


def test_preset_fields_are_read_only() -> None:
    preset = Preset("x", "y", "z", {"boot": 2})
    with pytest.raises(TypeError):
        preset.fields["boot"] = 3  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        preset.name = "w"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("boot=3", ("boot", 3)),
        ("pot-limit = none", ("pot_limit", None)),
        ("sequence_order=classic", ("sequence_order", "classic")),
        ("suit_order=shdc", ("suit_order", "shdc")),
        ("max_blind_bets=null", ("max_blind_bets", None)),
        ("raise_cap=[1, [2, 3]]", ("raise_cap", (1, (2, 3)))),
    ],
)
def test_rule_values_read_as_json_or_text(text: str, expected: tuple[str, object]) -> None:
    assert rule_value(text) == expected


@pytest.mark.parametrize("text", ["boot", "=3", "nofield=3", "b" * 2000])
def test_bad_rule_texts_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError):
        rule_value(text)


def test_rules_from_options_layers_variant_rules_and_options() -> None:
    rules = rules_from_options("classic", ["boot=2", "stake_limit=8"], boot=None, hand_limit=5)
    assert rules == Rules(sequence_order="classic", boot=2, stake_limit=8, hand_limit=5)
    with pytest.raises(UsageError, match="--boot must be at least 1"):
        rules_from_options(boot=0)
    with pytest.raises(UsageError, match="unknown variant"):
        rules_from_options("nope")


def test_cli_variants_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--fields"]) == 0
    out = capsys.readouterr().out
    for name in PRESETS:
        assert name in out
    assert "sequence_order=classic" in out


def test_cli_simulate_takes_variant_and_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["simulate", "--variant", "classic", "--rule", "hand_limit=2", "--seed", "3", "--quiet"]
    )
    assert code == 0
    assert "Standings after 2 hands:" in capsys.readouterr().out
    assert main(["simulate", "--rule", "nofield=1", "--quiet"]) == 2
    assert "unknown field 'nofield'" in capsys.readouterr().err


# --- the table variants' presets (V3, V13-V21) -------------------------------------------


def test_table_presets_are_the_tables_people_name() -> None:
    from teenpatti_rules.presets import TOURNAMENT_SCHEDULE

    assert find_variant("no-limit").bet_sizing == "no_limit"
    home = find_variant("home")  # [003]
    assert (home.dealer_boots, home.stake_limit, home.max_blind_bets) == (2, 5, 3)
    assert (home.table_show_after, home.suit_order) == (3, "sdch")
    draw = find_variant("draw")
    assert (draw.draw_price, draw.max_draws) == (1, 2)
    tournament = find_variant("tournament")
    assert tournament.boot_schedule == TOURNAMENT_SCHEDULE
    boots = [tournament.boot_of_hand(hand) for hand in (1, 10, 11, 21, 31, 41, 51, 500)]
    assert boots == [1, 1, 2, 4, 8, 16, 32, 32]  # V18: rising, hand 1 at the boot


@pytest.mark.soak(traced=("open",))
@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_plays_a_whole_session(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # No preset sets starting_boots: 20 boots each (not 100) keeps the sessions short,
    # each still played to its end under the preset's rules (R2).
    short = ["--starting-boots", "20", "--quiet"]
    assert main(["simulate", "--variant", name, "--seed", "4", *short]) == 0
    if PRESETS[name].rules().open_table:  # S2: it waits for a join once a player busts
        first = capsys.readouterr().out
        assert main(["simulate", "--variant", name, "--seed", "4", *short]) == 0
        assert capsys.readouterr().out == first  # the same seed plays the same session
        return
    assert "Winner" in capsys.readouterr().out
    mixed = ["--players", "random,rule,random,rule"]
    assert main(["simulate", "--variant", name, "--seed", "5", *short, *mixed]) == 0
    assert "Winner" in capsys.readouterr().out


@pytest.mark.parametrize(
    "rule",
    [
        "table_show_after=3",
        "max_turns=2",
        "ties=open_flush",
        "sideshow_target=next",
        "sideshow_split=true",
        "sideshow_reveal=private",
        "boot_schedule=[[1, 1], [4, 3]]",
        "draw_price=2",
        "button=winner",
        "dealer_boots=2",
        "bet_sizing=no_limit",
    ],
)
def test_cli_rule_sets_each_table_variant_field(
    rule: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name, value = rule_value(rule)
    assert getattr(rules_from_options("default", [rule]), name) == value
    code = main(["simulate", "--rule", rule, "--rule", "hand_limit=3", "--seed", "1", "--quiet"])
    assert code == 0
    assert "Standings after" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("table_show_after=0", "table_show_after must be at least 1"),
        ("boot_schedule=[[2, 1]]", "boot_schedule must start with"),
        ("ties=coin", "ties must be one of"),
        ("max_draws=0", "max_draws must be at least 1"),
    ],
)
def test_cli_rule_refuses_nonsense_naming_the_field(
    rule: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--rule", "draw_price=1"] if rule.startswith("max_draws") else []
    assert main(["simulate", "--rule", rule, *extra, "--quiet"]) == 2
    assert message in capsys.readouterr().err


def test_every_rules_field_has_a_non_default_table() -> None:
    # The list the adapter and batch tests iterate over (issue 13) changes every field.
    from strategies import FIELD_CASES, WAITING_CASES

    changed = {name for case in (*FIELD_CASES, *WAITING_CASES) for name in case}
    assert changed == {field.name for field in attrs.fields(Rules)}
    default = Rules()
    for case in (*FIELD_CASES, *WAITING_CASES):
        rules = Rules(**case)
        assert any(getattr(rules, name) != getattr(default, name) for name in case)
