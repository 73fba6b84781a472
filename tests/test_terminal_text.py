"""What the terminal says: hands read best first, the refusal's reason for a refused
input, lines that fit 80 columns, the table's wild cards, ``rank`` options anywhere.
"""

from __future__ import annotations

import pytest

import teenpatti_rules as tp
from teenpatti_rules.cli.main import main
from teenpatti_rules.players.terminal import fit, refusal, to_you
from teenpatti_rules.text.narrate import format_hand, reading_order
from teenpatti_rules.text.wild import describe_wild_cards


@pytest.mark.parametrize(
    ("dealt", "read"),
    [
        ("4c Kd Kh", "Kd Kh 4c"),  # the pair, then the kicker
        ("7h Kd 7s", "7h 7s Kd"),  # a low pair still comes first
        ("2s As 3h", "3h 2s As"),  # A-2-3: the ace plays low (R14)
        ("Qh As Kd", "As Kd Qh"),  # a sequence high to low
        ("9d 9c 9s", "9d 9c 9s"),  # a trail keeps its order
        ("5h 2c 3d", "5h 3d 2c"),  # high card, highest first
        ("X1 4c Ah", "Ah 4c X1"),  # printed jokers last (V8)
        ("As Ad 7c 7h 2s", "As Ad 7c 7h 2s"),  # five cards (V12)
    ],
)
def test_hands_are_read_best_first(dealt: str, read: str) -> None:
    cards = tp.parse_cards(dealt)
    assert format_hand(cards) == read
    assert sorted(reading_order(cards)) == sorted(cards)  # the same cards


def test_the_person_is_spoken_to_in_the_second_person() -> None:
    assert to_you("Tara pays 8 chips and asks Bilal for a show", "Tara") == (
        "You pay 8 chips and ask Bilal for a show"
    )
    assert to_you("Bilal pays 8 chips and asks Tara for a show", "Tara") == (
        "Bilal pays 8 chips and asks you for a show"
    )


def test_lines_are_wrapped_at_spaces_never_inside_a_card() -> None:
    line = "Showdown: " + "; ".join(f"P{k} As Kd Qh (sequence ace-king-queen)" for k in range(4))
    wrapped = fit(line).split("\n")
    assert len(wrapped) > 1 and all(len(part) <= 80 for part in wrapped)
    assert " ".join(part.strip() for part in wrapped) == line  # only spaces were broken
    assert all(part.startswith("    ") for part in wrapped[1:])
    assert fit("short") == "short"


def _turn(seed: int = 3) -> tp.State:
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=seed, dealer=0), tp.Deal(0))
    return state


def test_a_refused_input_gets_the_rules_reason() -> None:
    state = _turn()
    seat = state.actor
    assert seat is not None
    mine = tp.view(state, seat)
    # A show with three players in the hand (R34), a sideshow while blind (R30),
    # a bet off the grid (R24), an answer to no sideshow (R31).
    assert refusal(mine, seat, "show", 4) == (
        "Not allowed: 3 players are still in the hand and a show needs exactly 2 (R34)."
    )
    assert refusal(mine, seat, "sideshow", 4) == (
        "Not allowed: you are blind; only a seen player may ask for a sideshow (R30)."
    )
    assert refusal(mine, seat, "bet 3", 4) == (
        "Not allowed: 3 chips is not a legal blind bet now; you may bet 1 or 2 (R24)."
    )
    assert refusal(mine, seat, "accept", 4) == "Not allowed: no sideshow was asked of you (R31)."
    assert refusal(mine, seat, "fly", 4) == (
        "'fly' is not a choice: type a number from 1 to 4, or a word (? lists them)."
    )
    assert refusal(mine, seat, "9", 4).startswith("There is no choice 9: ")


def test_the_wild_cards_are_named() -> None:
    assert describe_wild_cards(tp.Rules(wild_ranks="ak47")) == (
        "wild cards: every ace, king, four and seven (V8)"
    )
    assert (
        describe_wild_cards(tp.Rules(wild="lowest")) == "wild cards: each hand's lowest rank (V8)"
    )
    assert describe_wild_cards(tp.Rules(jokers=2)) == "wild cards: the printed jokers X1 X2 (V8)"
    assert describe_wild_cards(tp.Rules(wild="hukam"), tp.Card.parse("7c")) == (
        "wild cards: the other clubs, the suit of the indicator 7c (V8 W5)"
    )
    assert describe_wild_cards(tp.Rules()) is None


def test_rank_takes_its_options_anywhere(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "As Kd Qh", "--variant", "classic", "Ac 2d 3h"]) == 0
    between = capsys.readouterr().out
    assert main(["rank", "--variant", "classic", "As Kd Qh", "Ac 2d 3h"]) == 0
    assert capsys.readouterr().out == between
    assert between.splitlines()[:2] == [
        "A: As Kd Qh  sequence ace-king-queen",
        "B: Ac 2d 3h  sequence ace-two-three",
    ]


def test_describe_table_is_text() -> None:
    text = tp.describe_table(tp.new_session(["A", "B", "C"], seed=1, dealer=0), 1)
    assert isinstance(text, str)
    assert text.splitlines() == [
        "Before the first hand",
        "    A   100 chips  (dealer)",
        "  > B   100 chips",
        "    C   100 chips",
    ]


@pytest.mark.parametrize("variant", ["joker", "best-of-five", "no-limit"])
def test_a_whole_transcript_fits_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    import io
    import sys

    script = "\n".join(["look", "?", "fly", "show", "chaal"] * 12) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    args = ["play", "--variant", variant, "--players", "7", "--seed", str(2**127), "--no-pause"]
    assert main([*args, "--name", "Tara"]) == 0
    out = capsys.readouterr().out
    assert f"Table: {variant}" in out and "Not allowed: " in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert all(line.strip() != ")" for line in out.splitlines())
