"""Run a rule scenario (format: ../shared/scenarios/README.md) through the public API only.

Besides the README's format (with its "Variants" additions: ``deal.indicator``,
``deal.rest``, ``expect.indicator``, ``expect.cards``, ``expect.views``, any variant
field in ``table.rules``, ``hand_size`` cards per seat), a ``deal`` step may give
``"deck"``: the whole explicit deck as text, dealt as it is (R10; to script a deck
that is too short, W5).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

import teenpatti_rules as tp
from teenpatti_rules.actions import ACTION_TYPES

_KEY_OF_VERB = {"add": "add_chips", "accept": "accept_sideshow", "refuse": "refuse_sideshow"}
"""The scenario format's keys that are not the action's verb (spaces and dashes as ``_``)."""

ACTION_CLASSES: dict[str, type[Any]] = {
    _KEY_OF_VERB.get(cls.verb, cls.verb.replace(" ", "_").replace("-", "_")): cls
    for cls in ACTION_TYPES
}
"""Scenario key -> action class, read from every member of the Action union: a new
action needs no entry here (its key is its verb)."""

ACTION_KEYS = tuple(ACTION_CLASSES)


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def build_deck(
    state: tp.State,
    hands: Mapping[str, str],
    indicator: str | None = None,
    rest: str | None = None,
) -> tuple[tp.Card, ...]:
    """A deck whose R10 deal (``hand_size`` rounds, V12) gives each seat its scripted
    hand, then the indicator (V8 W5) and the ``rest`` cards if given; then the other
    cards in standard order, then the table's printed jokers X1… (README "Variants").
    """
    n = len(state.seats)
    size = state.rules.hand_size
    dealer = state.dealer
    if not state.seats[dealer].playing:  # S5: the button passes over those sitting out
        dealer = next(
            s for s in ((dealer + i) % n for i in range(1, n + 1)) if state.seats[s].playing
        )
    order = [(dealer + i) % n for i in range(1, n + 1)]
    order = [seat for seat in order if state.seats[seat].playing]
    wanted = {int(seat): tp.parse_cards(text) for seat, text in hands.items()}
    assert set(wanted) == set(order), f"hands given for {sorted(wanted)}, players in hand {order}"
    assert all(len(cards) == size for cards in wanted.values()), f"each hand is {size} cards"
    k = len(order)
    deck: list[tp.Card | None] = [None] * (size * k)
    for i, seat in enumerate(order):
        for r in range(size):
            deck[i + r * k] = wanted[seat][r]
    head = [card for card in deck if card is not None]
    if indicator is not None:
        head.append(tp.Card.parse(indicator))
    if rest:
        head.extend(tp.parse_cards(rest))
    assert len(set(head)) == len(head), "a card is given twice in the scripted deal"
    used = set(head)
    jokers = tuple(tp.Card.parse(f"X{i}") for i in range(1, state.rules.jokers + 1))
    tail = [card for card in (*tp.standard_deck(), *jokers) if card not in used]
    return tuple(head) + tuple(tail)


def _cards_text(cards: tuple[tp.Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def to_action(step: Mapping[str, Any], state: tp.State | None = None) -> tp.Action:
    keys = [key for key in ACTION_KEYS if key in step]
    assert len(keys) == 1, f"step must have exactly one action key: {step}"
    key = keys[0]
    seat = step[key]
    if key == "deal":
        if "deck" in step:  # local extension: an explicit deck as text (R10, W5)
            return tp.Deal(seat, tp.parse_cards(step["deck"]))
        if "hands" in step and state is not None:
            deck = build_deck(state, step["hands"], step.get("indicator"), step.get("rest"))
            return tp.Deal(seat, deck)
        return tp.Deal(seat)
    cls = ACTION_CLASSES[key]
    values: dict[str, Any] = {}
    for field in attrs.fields(cls)[1:]:  # after the seat: the action's own fields
        if field.name in step:
            value = step[field.name]
            if field.name in ("cards", "deck") and isinstance(value, str):
                value = tp.parse_cards(value)
            values[field.name] = value
    action: tp.Action = cls(seat, **values)
    return action


def check_expect(state: tp.State, expect: Mapping[str, Any], where: str) -> None:
    seats = state.seats
    per_seat = ("in_hand", "in_session", "seen", "all_in", "contributed", "blind_bets")
    for key, want in expect.items():
        got: Any
        if key == "phase":
            got = state.phase.name
        elif key in (
            "actor",
            "stake",
            "pot",
            "dealer",
            "hand_number",
            "turn",
            "chips_brought",
            "chips_taken",
        ):
            got = getattr(state, key)
        elif key == "names":  # S1
            got = [seat.name if seat.in_session else None for seat in seats]
        elif key == "sitting_out":  # S5
            got = [seat.sitting_out for seat in seats]
        elif key == "stacks":
            got = [seat.stack for seat in seats]
        elif key in per_seat:
            got = [getattr(seat, key) for seat in seats]
        elif key == "winnings":
            assert state.result is not None, f"{where}: no hand result"
            got = {str(seat): chips for seat, chips in state.result.winnings.items() if chips}
        elif key == "shown":
            assert state.result is not None, f"{where}: no hand result"
            got = sorted(state.result.shown)
            want = sorted(want)
        elif key == "session_winners":
            got = list(state.session_winners)
        elif key == "placings":  # V19
            got = [list(place) for place in state.placings]
        elif key == "open_flush":  # V16
            assert state.result is not None, f"{where}: no hand result"
            got = [
                {str(seat): tp.format_cards(cards) for seat, cards in round_.items()}
                for round_ in state.result.open_flush
            ]
            want = [
                {seat: tp.format_cards(tp.parse_cards(text)) for seat, text in round_.items()}
                for round_ in want
            ]
        elif key == "indicator":  # V8 W5
            got = None if state.indicator is None else str(state.indicator)
        elif key == "cards":
            got = {seat: _cards_text(seats[int(seat)].cards) for seat in want}
        elif key == "views":  # R43, V17: what each viewer sees of each seat
            got = {
                viewer: {
                    seat: _cards_text(tp.view(state, int(viewer)).seats[int(seat)].cards)
                    for seat in shown
                }
                for viewer, shown in want.items()
            }
            want = {
                viewer: {seat: _cards_text(tp.parse_cards(text)) for seat, text in shown.items()}
                for viewer, shown in want.items()
            }
            for viewer in got:  # the indicator is public in every view (W5)
                assert tp.view(state, int(viewer)).indicator == state.indicator, where
        elif key == "sideshow":
            got = (
                None
                if state.sideshow is None
                else {
                    "asker": state.sideshow.asker,
                    "target": state.sideshow.target,
                }
            )
        elif key in ("legal", "legal_includes", "legal_excludes"):
            legal = set(tp.legal_actions(state))
            wanted = {to_action(item) for item in want}
            if key == "legal":
                assert legal == wanted, (
                    f"{where}: legal actions differ\n  missing: {sorted(map(str, wanted - legal))}"
                    f"\n  extra:   {sorted(map(str, legal - wanted))}"
                )
            # "must / must not be legal": tp.is_legal judges each action (a no-limit
            # table's legal_actions lists a few sizes of its range, V3); a listed action
            # must be legal and an unlisted one of a listed kind is checked by apply.
            elif key == "legal_includes":
                refused = [str(a) for a in wanted if not tp.is_legal(state, a)]
                assert not refused, f"{where}: not legal: {sorted(refused)}"
            else:
                accepted = [str(a) for a in wanted if tp.is_legal(state, a)]
                assert not accepted, f"{where}: legal: {sorted(accepted)}"
                assert not (wanted & legal), f"{where}: listed: {sorted(map(str, wanted & legal))}"
            continue
        else:
            raise AssertionError(f"{where}: unknown expect key {key!r}")
        assert got == want, f"{where}: {key} is {got!r}, expected {want!r}"


def _rule_value(value: Any) -> Any:
    """JSON lists become tuples (``boot_schedule`` pairs, README "Variants")."""
    if isinstance(value, list):
        return tuple(_rule_value(item) for item in value)
    return value


def _ledger(state: tp.State) -> int:
    """S8: the stacks of the players in the session plus the pot."""
    return state.pot + sum(seat.stack for seat in state.seats if seat.in_session)


def run_scenario(data: Mapping[str, Any]) -> tp.State:
    table = data["table"]
    rules = tp.Rules(**{key: _rule_value(value) for key, value in table.get("rules", {}).items()})
    players = table["players"]
    names = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    state = tp.new_session(
        names,
        rules,
        seed=table.get("seed", 0),
        dealer=table.get("dealer"),
        stacks=table.get("stacks"),
    )
    for number, step in enumerate(data["steps"]):
        where = f"{data['id']} step {number} {json.dumps(step)[:120]}"
        if "expect" in step:
            check_expect(state, step["expect"], where)
            continue
        action = to_action(step, state)
        turn = step.get("turn")
        if step.get("illegal") or step.get("stale"):
            try:
                tp.apply(state, action, turn=turn)
            except tp.IllegalActionError as error:
                assert str(error), f"{where}: empty error message"
                if step.get("stale"):
                    assert isinstance(error, tp.StaleActionError), f"{where}: not stale: {error}"
                assert error.code and (error.rule is None or error.rule[0] in "RSVW"), where
            else:
                raise AssertionError(f"{where}: {action} was accepted but must be illegal")
            continue
        try:
            after = tp.apply(state, action, turn=turn)
        except tp.IllegalActionError as error:
            raise AssertionError(f"{where}: refused: {error}") from None
        assert after.turn - state.turn in (0, 1), f"{where}: the turn moved by more than 1 (S9)"
        state = after
        assert _ledger(state) == state.chips_brought - state.chips_taken, (
            f"{where}: chips not conserved (R42 as S8 restates it)"
        )
        assert all(seat.stack >= 0 for seat in state.seats), f"{where}: negative stack"
    return state
