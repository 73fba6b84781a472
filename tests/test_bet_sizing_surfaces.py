"""Bet sizings are objects (V3): the encoding and every player ask the table's
:class:`~teenpatti_rules.engine.sizing.BetSizing`, never its name, so a new sizing
class plays everywhere without an edit. Also the encoding's argument checks (limits
of ``bet_bins``, wrong argument types).
"""

from __future__ import annotations

import builtins
import random
from collections.abc import Iterator, Sequence
from typing import ClassVar

import pytest

np = pytest.importorskip("numpy")

import teenpatti_rules as tp  # noqa: E402
from teenpatti_rules import encoding as enc  # noqa: E402
from teenpatti_rules.encoding import ActionId  # noqa: E402
from teenpatti_rules.engine.sizing import BET_SIZINGS, BetRange, BetSizing  # noqa: E402
from teenpatti_rules.limits import MAX_BET_BINS  # noqa: E402
from teenpatti_rules.players.random import random_choice  # noqa: E402
from teenpatti_rules.players.terminal import TerminalPlayer  # noqa: E402


class TripleSizing(BetSizing):
    """A made-up sizing for the test: the minimum or three times it, nothing else."""

    __slots__ = ()
    name: ClassVar[str] = "triple_test"

    def amounts(self, rules: tp.Rules, minimum: int, seen: bool, stack: int) -> BetRange:
        return BetRange(minimum, 3 * minimum, 2 * minimum)


class AnyAmountSizing(BetSizing):
    """A made-up sizing that lists only the minimum but allows 1..4 times it."""

    __slots__ = ()
    name: ClassVar[str] = "any_test"
    lists_every_amount: ClassVar[bool] = False

    def amounts(self, rules: tp.Rules, minimum: int, seen: bool, stack: int) -> BetRange:
        return BetRange(minimum, 4 * minimum, 2 if seen else 1)

    def listed(self, amounts: BetRange) -> tuple[int, ...]:
        return (amounts.low,)

    def pick_raise(self, listed: Sequence[int], minimum: int) -> int | None:
        return None


@pytest.fixture
def new_sizings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(BET_SIZINGS, TripleSizing.name, TripleSizing())
    monkeypatch.setitem(BET_SIZINGS, AnyAmountSizing.name, AnyAmountSizing())
    yield


def _dealt(sizing: str) -> tp.State:
    rules = tp.Rules(bet_sizing=sizing)
    state = tp.new_session(["A", "B", "C"], rules, seed=3, dealer=0)
    return tp.apply(state, tp.Deal(0))


def test_a_new_sizing_plays_in_the_encoding_without_edits(new_sizings: None) -> None:
    state = _dealt("triple_test")
    assert state.actor == 1 and state.stake == 1  # blind, the boot's stake (R11, R24)
    # The alphabet: the default ten ids; CHAAL the minimum (1), RAISE the largest (3).
    assert enc.num_actions(state.rules) == 10
    assert enc.action_ids(state, 1) == (ActionId.PACK, ActionId.LOOK, 2, 3)
    assert enc.action_for_id(state, 1, ActionId.CHAAL) == tp.Bet(1, 1)
    assert enc.action_for_id(state, 1, ActionId.RAISE) == tp.Bet(1, 3)
    assert enc.id_for_action(state, tp.Bet(1, 3)) == ActionId.RAISE
    after = tp.apply(state, tp.Bet(1, 3))  # the stake goes 1 -> 3: a raise (R24)
    obs = enc.observation(tp.view(after, 2), 2)
    block = enc.observation_layout(3, after.rules)["last_action"]
    # seat 1 is the observer's (seat 2's) left neighbour... rotated: seat 1 is k = 2
    assert obs[block.start + 10 * 2 + ActionId.RAISE] == 1.0
    assert obs[block.start + 10 * 2 + ActionId.CHAAL] == 0.0


def test_a_new_sizing_plays_with_every_automatic_player(new_sizings: None) -> None:
    rules = tp.Rules(bet_sizing="triple_test", hand_limit=6)
    for chooser in (tp.choose, random_choice):
        start = tp.new_session(["A", "B", "C"], rules, seed=11)
        end = tp.play_session(start, chooser, random.Random(4))
        assert end.phase is tp.Phase.SESSION_OVER and end.total_chips == 300  # R42
    # The rule player raises with the sizing's pick (the largest listed: 3 x minimum).
    assert BET_SIZINGS["triple_test"].pick_raise([1, 3], 1) == 3


def test_a_sizing_that_lists_few_amounts_gets_amounts_asked_for(
    new_sizings: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _dealt("any_test")
    listed = [a for a in tp.legal_actions(state) if isinstance(a, tp.Bet)]
    assert listed == [tp.Bet(1, 1)]  # the sizing lists only the minimum
    # The random player draws from every legal amount (1..4 blind), not only the listed.
    seen = set()
    for seed in range(200):
        action = random_choice(tp.view(state, 1), 1, random.Random(seed))
        if isinstance(action, tp.Bet):
            seen.add(action.amount)
    assert seen == {1, 2, 3, 4}
    # The terminal offers "bet another amount" and takes 4.
    answers = iter(["4", "4"])  # entry 4, then the amount
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    action = TerminalPlayer(1)(tp.view(state, 1), 1, random.Random(0))
    assert action == tp.Bet(1, 4)
    assert "4) bet another amount (1 or 2 or 3 or 4 chips)" in capsys.readouterr().out
    # The encoding: RAISE aims at the largest amount by default.
    assert enc.action_for_id(state, 1, ActionId.RAISE) == tp.Bet(1, 4)


def test_bet_bins_has_a_documented_limit() -> None:
    rules = tp.Rules(bet_sizing="range")
    assert enc.num_actions(rules, bet_bins=MAX_BET_BINS) == 10 + 2 * (MAX_BET_BINS - 2)
    for bad in (MAX_BET_BINS + 1, 10**9, 1, True, 5.0):
        with pytest.raises(ValueError, match="bet_bins must be an int from 2 to 1000"):
            enc.num_actions(rules, bet_bins=bad)  # type: ignore[arg-type]
    state = _dealt("range")
    with pytest.raises(ValueError, match="MAX_BET_BINS"):
        enc.legal_action_mask(state, 1, bet_bins=10**9)


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda s: enc.num_actions(None), "rules"),  # type: ignore[arg-type]
        (lambda s: enc.draw_subsets("classic"), "rules"),  # type: ignore[arg-type]
        (lambda s: enc.action_name(3, "range"), "rules"),  # type: ignore[arg-type]
        (lambda s: enc.observation_size(3, {"wild": "joker"}), "rules"),  # type: ignore[arg-type]
        (lambda s: enc.action_ids(None, 1), "state"),  # type: ignore[arg-type]
        (lambda s: enc.legal_action_mask("state", 1), "state"),  # type: ignore[arg-type]
        (lambda s: enc.action_for_id(42, 1, 0), "state"),  # type: ignore[arg-type]
        (lambda s: enc.id_for_action(None, tp.Pack(1)), "state"),  # type: ignore[arg-type]
        (lambda s: enc.id_for_action(s, "P1 pack"), "action"),  # type: ignore[arg-type]
        (lambda s: enc.id_for_action(s, None), "action"),  # type: ignore[arg-type]
        (lambda s: enc.observation(None, 1), "view"),  # type: ignore[arg-type]
    ],
)
def test_wrong_arguments_are_type_errors_naming_the_parameter(call: object, parameter: str) -> None:
    state = _dealt("double")
    with pytest.raises(TypeError, match=f"^{parameter} must be"):
        call(state)  # type: ignore[operator]
