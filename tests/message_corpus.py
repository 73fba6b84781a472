"""Documents from random sessions, and hostile documents, shared by the message and
schema tests: every action, event, view and stream message of a few sessions."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import teenpatti_rules as tp
from strategies import open_table_action, play_session, random_action
from teenpatti_rules.events import Looked
from teenpatti_rules.io.messages import (
    action_to_json,
    event_to_json,
    events_to_json,
    view_to_json,
)
from teenpatti_rules.stream import Cursor, events_for

PRESET_NAMES = ("ak47", "muflis", "joker", "no_limit")


@functools.cache
def sessions() -> tuple[tuple[tp.State, ...], ...]:
    """A few sessions: the default table and some presets (wild cards, draws, ...)."""
    out = []
    tables = [tp.Rules(hand_limit=4)]
    for name in tp.PRESETS:
        fields = dict(tp.PRESETS[name].fields)
        tables.append(tp.Rules(**{**fields, "hand_limit": 2, "starting_boots": 12}))
    for index, rules in enumerate(tables):
        players = max(rules.min_players, 4)
        state = tp.new_session([f"P{i}" for i in range(players)], rules, seed=index)
        out.append(tuple(_played(index, state)))
    return tuple(out)


def _played(seed: int, state: tp.State, steps: int = 600) -> list[tp.State]:
    """Every state of a session played at random; an open table (S2) may wait for
    players, so joins, leaves, sit-outs, timeouts and added chips are drawn there too
    (S3-S7), for at most ``steps`` actions."""
    if not state.rules.open_table:
        return play_session(seed, state)
    rng = random.Random(seed)
    states = [state]
    while state.phase is not tp.Phase.SESSION_OVER and len(states) <= steps:
        state = tp.apply(state, open_table_action(rng, state, chance=0.15))
        states.append(state)
    return states


@functools.cache
def documents() -> dict[str, tuple[str, ...]]:
    """Distinct documents by kind: "action", "event", "view", "state", "history", "events"."""
    found: dict[str, list[str]] = {
        kind: [] for kind in ("action", "event", "view", "state", "history", "events")
    }
    rng = random.Random(0)
    for states in sessions():
        for state in states:
            for action in tp.legal_actions(state)[:6]:
                found["action"].append(action_to_json(action))
            if rng.random() < 0.3:
                found["state"].append(tp.state_to_json(state))
        for seat in (None, *range(len(states[0].seats))):
            cursor = Cursor.of(tp.view(states[0], seat))
            for state in states[1:]:
                events, cursor = events_for(state, seat, cursor)
                found["events"].append(events_to_json(events, cursor))
                found["event"].extend(event_to_json(event) for event in events)
                if rng.random() < 0.2:
                    found["view"].append(
                        view_to_json(tp.view(state, seat), rules=rng.random() < 0.5)
                    )
    for seed in range(3):  # histories: a session recorded action by action
        state = tp.new_session(["A", "B", "C", "D"], tp.Rules(hand_limit=3), seed=seed)
        history = tp.History.from_state(state)
        rng = random.Random(seed)
        while state.phase is not tp.Phase.SESSION_OVER:
            action = random_action(rng, state)
            history, state = history.record(action), tp.apply(state, action)
        found["history"].append(history.to_json())
    open_rules = tp.Rules(**{**dict(tp.PRESETS["open"].fields), "hand_limit": 3})
    for seed in range(2):  # an open table's history: joins, leaves, timeouts (S1-S9)
        state = tp.new_session(["A", None, "C", "D"], open_rules, seed=seed)
        history = tp.History.from_state(state)
        rng = random.Random(seed)
        for _ in range(400):
            if state.phase is tp.Phase.SESSION_OVER:
                break
            action = open_table_action(rng, state, chance=0.15)
            history, state = history.record(action), tp.apply(state, action)
        found["history"].append(history.to_json())
    # Each distinct document once: the same event reaches several viewers' streams and
    # the same action is listed in many states; checking it again proves nothing more.
    return {kind: tuple(dict.fromkeys(texts)) for kind, texts in found.items()}


def _edit(text: str, change: Any) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document)


def hostile() -> dict[str, list[str]]:
    """Documents every loader refuses (and every schema must refuse), by kind."""
    bet = action_to_json(tp.Bet(2, 4))
    looked = event_to_json(Looked(1))
    state = tp.apply(tp.new_session(["A", "B", "C"], seed=7, dealer=0), tp.Deal(0))
    seen = view_to_json(tp.view(state, 1))
    message = events_to_json((Looked(1),), Cursor(1, 5))
    return {
        "events": [
            _edit(message, lambda d: d.update(events={})),
            _edit(message, lambda d: d.update(cursor={"hand_number": -1, "position": 0})),
            _edit(message, lambda d: d.update(cursor={"hand_number": 1})),
            _edit(message, lambda d: d.update(extra=True)),
            _edit(message, lambda d: d.update(type="View")),
            _edit(message, lambda d: d["events"].append({"type": "Nope"})),
            _edit(message, lambda d: d["events"].append({"type": "Looked", "seat": "1"})),
            _edit(message, lambda d: d["events"].append(["Looked", 1])),
            _edit(message, lambda d: d.pop("cursor")),
        ],
        "action": [
            _edit(bet, lambda d: d.update(amount="4")),
            _edit(bet, lambda d: d.update(amount=4.0)),
            _edit(bet, lambda d: d.update(amount=True)),
            _edit(bet, lambda d: d.update(extra=1)),
            _edit(bet, lambda d: d.pop("amount")),
            _edit(bet, lambda d: d.update(type="Fold")),
            _edit(bet, lambda d: d.pop("type")),
            _edit(bet, lambda d: d.update(version=2)),
            _edit(bet, lambda d: d.pop("version")),
            _edit(bet, lambda d: d.update(seat=-1)),
            _edit(bet, lambda d: d.update(seat=None)),
            "[]",
            '"P2 bet 4"',
            '{"version": 1, "type": "Deal", "seat": 0, "deck": ["As", "Zz"]}',
            '{"version": 1, "type": "Draw", "seat": 0, "cards": "As"}',
        ],
        "event": [
            _edit(looked, lambda d: d.update(seat="1")),
            _edit(looked, lambda d: d.update(cards=["As"])),
            _edit(looked, lambda d: d.pop("seat")),
            _edit(looked, lambda d: d.update(type="Peeked")),
            _edit(looked, lambda d: d.update(version=0)),
            '{"version": 1, "type": "CardsSeen", "seat": 1, "cards": ["As", 3]}',
            '{"version": 1, "type": "BetMade", "seat": 1, "amount": 2, "stake": 2, "blind": 1, "all_in": false}',
            "null",
        ],
        "view": [
            _edit(seen, lambda d: d.update(type="State")),
            _edit(seen, lambda d: d.update(pot="3")),
            _edit(seen, lambda d: d.update(phase="dancing")),
            _edit(seen, lambda d: d.update(unknown=[])),
            _edit(seen, lambda d: d.pop("seats")),
            _edit(seen, lambda d: d.update(version=2)),
            _edit(seen, lambda d: d["seats"][0].update(stack=-5.5)),
            _edit(seen, lambda d: d.update(events=[{"type": "Nope"}])),
        ],
    }
