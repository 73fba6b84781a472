"""Run a rule scenario (format: ../shared/scenarios/README.md) through the public API only."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import teenpatti_rules as tp

ACTION_KEYS = (
    "deal",
    "look",
    "pack",
    "all_in",
    "show",
    "accept_sideshow",
    "refuse_sideshow",
    "bet",
    "sideshow",
    "draw",
)


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def build_deck(state: tp.State, hands: Mapping[str, str], rest: str = "") -> tuple[tp.Card, ...]:
    """A deck whose R10 deal gives each seat its scripted hand; then the ``rest`` cards in
    order (V16, V20); the remaining cards in standard order."""
    n = len(state.seats)
    order = [(state.dealer + i) % n for i in range(1, n + 1)]
    order = [seat for seat in order if state.seats[seat].in_session]
    wanted = {int(seat): tp.parse_cards(text) for seat, text in hands.items()}
    assert set(wanted) == set(order), f"hands given for {sorted(wanted)}, players in hand {order}"
    k = len(order)
    deck: list[tp.Card | None] = [None] * (3 * k)
    for i, seat in enumerate(order):
        for r in range(3):
            deck[i + r * k] = wanted[seat][r]
    after = tp.parse_cards(rest) if rest else ()
    used = set(deck) | set(after)
    assert len(used) == 3 * k + len(after), "a card is given twice in the scripted hands"
    others = [card for card in tp.standard_deck() if card not in used]
    return tuple(card for card in deck if card is not None) + tuple(after) + tuple(others)


def to_action(step: Mapping[str, Any], state: tp.State | None = None) -> tp.Action:
    keys = [key for key in ACTION_KEYS if key in step]
    assert len(keys) == 1, f"step must have exactly one action key: {step}"
    key = keys[0]
    seat = step[key]
    if key == "deal":
        if "hands" in step and state is not None:
            return tp.Deal(seat, build_deck(state, step["hands"], step.get("rest", "")))
        return tp.Deal(seat)
    if key == "draw":
        return tp.Draw(seat, tp.parse_cards(step["cards"]))
    if key == "bet":
        return tp.Bet(seat, step["amount"])
    if key == "sideshow":
        return tp.SideShow(seat, step["amount"])
    simple: dict[str, Any] = {
        "look": tp.Look,
        "pack": tp.Pack,
        "all_in": tp.AllIn,
        "show": tp.Show,
        "accept_sideshow": tp.AcceptSideShow,
        "refuse_sideshow": tp.RefuseSideShow,
    }
    action: tp.Action = simple[key](seat)
    return action


def check_expect(state: tp.State, expect: Mapping[str, Any], where: str) -> None:
    seats = state.seats
    per_seat = ("in_hand", "in_session", "seen", "all_in", "contributed", "blind_bets")
    for key, want in expect.items():
        got: Any
        if key == "phase":
            got = state.phase.name
        elif key in ("actor", "stake", "pot", "dealer", "hand_number"):
            got = getattr(state, key)
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
        elif key == "cards":  # V20
            got = {seat: tp.format_cards(seats[int(seat)].cards) for seat in want}
            want = {seat: tp.format_cards(tp.parse_cards(text)) for seat, text in want.items()}
        elif key == "views":  # V17, R43
            got, wanted_views = {}, {}
            for viewer, row in want.items():
                seen = tp.view(state, int(viewer))
                got[viewer] = {seat: tp.format_cards(seen.seats[int(seat)].cards) for seat in row}
                wanted_views[viewer] = {
                    seat: tp.format_cards(tp.parse_cards(text)) if text else ""
                    for seat, text in row.items()
                }
            want = wanted_views
        elif key == "indicator":  # V8 W5 (the ranking variants add State.indicator)
            card = getattr(state, "indicator", None)
            got = None if card is None else str(card)
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


def run_scenario(data: Mapping[str, Any]) -> tp.State:
    table = data["table"]
    rules = tp.Rules(**table.get("rules", {}))
    names = [f"P{i}" for i in range(table["players"])]
    state = tp.new_session(
        names,
        rules,
        seed=table.get("seed", 0),
        dealer=table.get("dealer"),
        stacks=table.get("stacks"),
    )
    start_total = state.total_chips
    for number, step in enumerate(data["steps"]):
        where = f"{data['id']} step {number} {json.dumps(step)[:120]}"
        if "expect" in step:
            check_expect(state, step["expect"], where)
            continue
        action = to_action(step, state)
        if step.get("illegal"):
            try:
                tp.apply(state, action)
            except tp.IllegalActionError as error:
                assert str(error), f"{where}: empty error message"
            else:
                raise AssertionError(f"{where}: {action} was accepted but must be illegal")
            continue
        try:
            state = tp.apply(state, action)
        except tp.IllegalActionError as error:
            raise AssertionError(f"{where}: refused: {error}") from None
        assert state.total_chips == start_total, f"{where}: chips not conserved (R42)"
        assert all(seat.stack >= 0 for seat in state.seats), f"{where}: negative stack"
    return state
