"""Hand histories and saved states: round trips, replay, strict loading, fuzzing."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import teenpatti_rules as tp
from strategies import actions, random_action, tables
from teenpatti_rules.views import view

# --- helpers -----------------------------------------------------------------------------


def play(
    seed: int, start: tp.State, max_steps: int = 400, *, decks: bool = False, look: float = 0.0
) -> tuple[list[tp.Action], list[tp.State]]:
    """Random legal play from ``start``: the actions and every state (``start`` first).

    With ``decks``, every deal carries an explicit shuffled deck (of random length).
    ``look`` is the chance to look whenever someone may (more looks, more sideshows).
    """
    rng = random.Random(seed)
    state, actions, states = start, [], [start]
    for _ in range(max_steps):
        if state.phase is tp.Phase.SESSION_OVER:
            break
        looks = [a for a in tp.legal_actions(state) if isinstance(a, tp.Look)]
        action = rng.choice(looks) if looks and rng.random() < look else random_action(rng, state)
        if decks and isinstance(action, tp.Deal):
            deck = list(tp.standard_deck())
            rng.shuffle(deck)
            action = tp.Deal(action.seat, tuple(deck[: rng.randint(3 * len(state.seats), 52)]))
        state = tp.apply(state, action)
        actions.append(action)
        states.append(state)
    return actions, states


def session(
    seed: int, rules: tp.Rules, players: int = 4, stacks: list[int] | None = None
) -> tuple[tp.History, list[tp.State]]:
    names = ["Asha", "Bilal", "Chen", "Dara", "Eun", "Femi", "Gita"][:players]
    start = tp.new_session(names, rules, seed=seed, stacks=stacks)
    actions, states = play(seed, start, max_steps=600, look=0.7 * (seed % 2))
    return tp.History.from_state(start).record(*actions), states


RULES = [
    tp.Rules(starting_boots=8),
    tp.Rules(boot=2, starting_boots=6, pot_limit=40, hand_limit=6),
    tp.Rules(starting_boots=10, max_blind_bets=0, hand_limit=8),
    tp.Rules(
        starting_boots=12,
        bet_sizing="range",
        sequence_order="classic",
        show_cost_multiplier=2,
        stake_limit=8,
        hand_limit=10,
    ),
    tp.Rules(starting_boots=5, max_blind_bets=None, min_players=3, max_players=7),
]
SESSIONS = [session(seed, RULES[seed % len(RULES)], 3 + seed % 5) for seed in range(12)]
POOL: list[tp.State] = [state for _, states in SESSIONS for state in states]
POOL.append(tp.new_session(["A", "B", None], tp.Rules(open_table=True), seed=5))  # S2: WAITING
HISTORY_TEXTS = [history.to_json() for history, _ in SESSIONS[:3]]


def sample(phase: tp.Phase, count: int) -> list[tp.State]:
    states = [state for state in POOL if state.phase is phase]
    return states[:: max(1, len(states) // count)]


STATE_DOCS: list[dict[str, Any]] = [
    json.loads(tp.state_to_json(state))
    for state in (
        sample(tp.Phase.BETTING, 14)
        + sample(tp.Phase.SIDESHOW, 8)
        + sample(tp.Phase.AWAITING_DEAL, 8)
        + sample(tp.Phase.SESSION_OVER, 3)
        + [view(state, 1) for state in sample(tp.Phase.BETTING, 3)]
    )
]
HISTORY_DOCS: list[dict[str, Any]] = [json.loads(text) for text in HISTORY_TEXTS]


def raises_history_error(load: Callable[[], object]) -> tp.HistoryError:
    with pytest.raises(tp.HistoryError) as caught:
        load()
    return caught.value


def test_the_pool_covers_every_phase() -> None:
    phases = {state.phase for state in POOL}
    assert phases == set(tp.Phase)
    assert any(state.result is not None and state.result.shown for state in POOL)


# --- round trips -------------------------------------------------------------------------


@pytest.mark.soak
@given(tables(), st.integers(0, 2**32))
def test_a_history_saved_and_loaded_replays_every_state(start: tp.State, seed: int) -> None:
    actions, states = play(seed, start)
    history = tp.History.from_state(start)
    for action in actions:
        history = history.record(action)
    loaded = tp.History.from_json(history.to_json())
    assert loaded == history
    assert list(tp.replay_states(loaded)) == states
    assert tp.replay(loaded) == states[-1]


# Every state of random sessions and its views round trip: over the shared corpus of
# random sessions, tests/test_saved_states_load_back.py.


@pytest.mark.soak
def test_every_pooled_state_and_its_views_round_trip() -> None:
    for state in POOL:
        assert tp.state_from_json(tp.state_to_json(state, indent=2)) == state
        seen = view(state, None)
        assert tp.state_from_json(tp.state_to_json(seen)) == seen


def test_a_hand_made_view_round_trips() -> None:
    import attrs

    state = next(s for s in POOL if s.phase is tp.Phase.SIDESHOW)
    fields = attrs.asdict(state, recurse=False)
    fields.update(seed=None, seats=tuple(attrs.evolve(seat, cards=()) for seat in state.seats))
    hidden = tp.View(**fields)
    assert tp.state_from_json(tp.state_to_json(hidden)) == hidden


def test_explicit_deck_history_round_trips() -> None:
    start = tp.new_session(["A", "B", "C", "D"], tp.Rules(starting_boots=6), seed=5)
    actions, states = play(11, start, decks=True)
    history = tp.History.from_state(start).record(*actions)
    text = history.to_json(indent=2)
    deals = [a for a in json.loads(text)["actions"] if " deal " in a]
    assert deals and all(len(a.split()) >= 2 + 12 for a in deals)
    loaded = tp.History.from_json(text)
    assert loaded == history
    assert [a.deck for a in loaded.actions if isinstance(a, tp.Deal)] == [
        a.deck for a in actions if isinstance(a, tp.Deal)
    ]
    assert list(tp.replay_states(loaded)) == states


CARDS = st.sampled_from(tp.standard_deck())
SEATS = st.integers(0, 12)
AMOUNTS = st.integers(0, 10_000)
ACTIONS = actions(SEATS, AMOUNTS, st.lists(CARDS, min_size=1, max_size=52).map(tuple))


@given(st.lists(ACTIONS, max_size=12))
def test_every_action_kind_round_trips_as_text_and_in_a_history(
    actions: list[tp.Action],
) -> None:
    for action in actions:
        assert tp.parse_action(str(action)) == action
    history = tp.History.start(["A", "B", "C"], seed=1).record(*actions)
    assert tp.History.from_json(history.to_json()) == history


def test_a_deal_with_an_empty_deck_is_refused_when_saved() -> None:
    history = tp.History.start(["A", "B", "C"], seed=1).record(tp.Deal(0, ()))
    error = raises_history_error(history.to_json)
    assert error.index == 0 and "no text form that reads back equal" in str(error)
    bad = tp.History.start(["A", "B", "C"], seed=1).record(tp.Look(1), tp.Bet(1, -2))
    assert raises_history_error(bad.to_json).index == 1


# --- the format ----------------------------------------------------------------------------


def test_history_json_format() -> None:
    history = tp.History.start(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
    history = history.record(
        tp.Deal(0), tp.Look(1), tp.Bet(1, 2), tp.Deal(2, tp.parse_cards("As Kd Qh"))
    )
    document = json.loads(history.to_json())
    assert list(document) == ["version", "players", "seed", "dealer", "stacks", "rules", "actions"]
    assert document == {
        "version": 1,
        "players": ["Asha", "Bilal", "Chen"],
        "seed": 7,
        "dealer": 0,
        "stacks": [100, 100, 100],
        "rules": {
            "boot": 1,
            "starting_boots": 100,
            "min_players": 3,
            "max_players": 7,
            "max_blind_bets": 4,
            "pot_limit": None,
            "hand_limit": None,
            "sequence_order": "standard",
            "show_cost_multiplier": 1,
            "bet_sizing": "double",
            "raise_cap": 2,
            "stake_limit": None,
            "suit_order": None,
            "wild_ranks": None,
            "wild": None,
            "jokers": 0,
            "wild_ties": "equal",
            "ranking": "standard",
            "high_235": False,
            "hand_size": 3,
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
        },
        "actions": ["P0 deal", "P1 look", "P1 bet 2", "P2 deal As Kd Qh"],
    }


def test_state_json_format() -> None:
    state = tp.new_session(["A", "B", "C"], seed=1, dealer=0)
    state = tp.apply(state, tp.Deal(0, tp.parse_cards("Kc Ah 2c Kd Ad 3c Ks 4h 5c")))
    actions: list[tp.Action] = [tp.Look(1), tp.Pack(1), tp.Look(2), tp.Bet(2, 2), tp.Look(0)]
    for action in [*actions, tp.Show(0)]:
        state = tp.apply(state, action)
    document = json.loads(tp.state_to_json(state))
    assert list(document)[:4] == ["version", "rules", "seed", "phase"]
    assert document["phase"] == "awaiting_deal"
    assert document["seats"][2]["cards"] == ["Ah", "Ad", "4h"]
    result = document["result"]
    assert result["ending"] == "show"
    assert result["winnings"] == {"0": 7}
    assert result["shown"]["2"] == {"category": "pair", "ranks": "AA4", "strength": 420}
    assert result["shown"]["0"] == {"category": "color", "ranks": "532", "strength": 430}
    first = document["events"][0]
    assert list(first) == ["type", "hand_number", "dealer", "dealt_by", "seats"]
    assert first["type"] == "HandStarted" and first["seats"] == [1, 2, 0]
    assert any(event["type"] == "Showdown" for event in document["events"])
    assert tp.state_from_json(tp.state_to_json(state)) == state


def test_bytes_and_readable_names_load() -> None:
    history = tp.History.start(["Åsa", "Bilal", "陈"], seed=2)
    text = history.to_json()
    assert "Åsa" in text and "陈" in text
    assert tp.History.from_json(text.encode()) == history


# --- history construction and replay errors ------------------------------------------------


def test_start_resolves_dealer_and_stacks_and_from_state_needs_a_first_state() -> None:
    history = tp.History.start(["A", "B", "C"], tp.Rules(boot=2, starting_boots=5), seed=9)
    start = tp.new_session(["A", "B", "C"], tp.Rules(boot=2, starting_boots=5), seed=9)
    assert history.dealer == start.dealer and history.stacks == (10, 10, 10)
    assert history.initial_state() == start
    assert tp.History.from_state(start) == history
    later = tp.apply(start, tp.Deal(0))
    error = raises_history_error(lambda: tp.History.from_state(later))
    assert "session's first state" in str(error)
    with pytest.raises(ValueError, match="3 to 7 players"):
        tp.History.start(["A", "B"], seed=1)


def test_history_converts_lists_to_tuples() -> None:
    history = tp.History(players=["A", "B", "C"], seed=1, dealer=0, stacks=[5, 5, 5])
    assert history.players == ("A", "B", "C") and history.stacks == (5, 5, 5)
    assert hash(history) == hash(history.record())


def test_an_illegal_action_names_its_index() -> None:
    history = tp.History.start(["A", "B", "C"], seed=1, dealer=0)
    history = history.record(tp.Deal(0), tp.Look(1), tp.Bet(2, 1))
    error = raises_history_error(lambda: tp.replay(history))
    assert error.index == 2 and error.path == "$.actions[2]"
    assert str(error) == (
        "action 2 (P2 bet 1) is illegal: seat 2 may not bet: it is seat 1's turn @ $.actions[2]"
    )
    assert isinstance(error.__cause__, tp.IllegalActionError)
    states = tp.replay_states(history)
    assert [s.hand_number for s in (next(states), next(states), next(states))] == [0, 1, 1]
    with pytest.raises(tp.HistoryError, match=r"action 2 "):
        next(states)


def test_a_bad_explicit_deck_is_refused_on_replay() -> None:
    history = tp.History.start(["A", "B", "C"], seed=1).record(
        tp.Deal(0, tp.parse_cards("As As Kd Qh 2c 3d 4h 5s 6c"))
    )
    loaded = tp.History.from_json(history.to_json())
    error = raises_history_error(lambda: tp.replay(loaded))
    assert error.index == 0 and "card As appears twice in the deck" in str(error)


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"players": ("A", "B")}, "a session needs 3 to 7 players, not 2 (R3) @ $.players"),
        ({"players": ("A", "B", "A")}, "'A' appears twice @ $.players[2]"),
        ({"players": ("A", " ", "C")}, "non-empty str, not ' ' @ $.players[1]"),
        ({"dealer": 3}, "the dealer is a seat 0..2, not 3 @ $.dealer"),
        ({"stacks": (5, 0, 5)}, "at least the boot (1), not 0 @ $.stacks[1]"),
        ({"stacks": (5, 5)}, "one int per player (3), not (5, 5) @ $.stacks"),
        ({"seed": "7"}, "the seed is an int, not '7' @ $.seed"),
        ({"version": 2}, "unsupported history format version 2"),
        ({"rules": None}, "not a Rules record: None @ $.rules"),
        ({"actions": (tp.Look(0), "P0 look")}, "not an action: 'P0 look' @ $.actions[1]"),
    ],
)
def test_a_history_that_cannot_start_names_the_field(
    changes: dict[str, Any], fragment: str
) -> None:
    import attrs

    history = attrs.evolve(tp.History.start(["A", "B", "C"], seed=1, stacks=[5, 5, 5]), **changes)
    error = raises_history_error(lambda: tp.replay(history))
    assert fragment in str(error)
    with pytest.raises(tp.HistoryError):
        tp.replay_states(history)  # at once, before the first state


def test_replay_refuses_what_is_not_a_history() -> None:
    error = raises_history_error(lambda: tp.replay("P0 deal"))  # type: ignore[arg-type]
    assert "replay needs a History" in str(error)


# --- bad documents: exact messages ---------------------------------------------------------


def history_text(**changes: Any) -> str:
    document = {
        "version": 1,
        "players": ["A", "B", "C"],
        "seed": 1,
        "dealer": 0,
        "stacks": [100, 100, 100],
        "rules": {"boot": 1},
        "actions": ["P0 deal", "P1 bet 1"],
    }
    document.update(changes)
    return json.dumps({key: value for key, value in document.items() if value != "DROP"})


@pytest.mark.parametrize(
    ("text", "fragment", "path"),
    [
        ("{", "malformed history JSON: Expecting property name", "$"),
        ("", "malformed history JSON", "$"),
        ('{"version": 1} x', "malformed history JSON: Extra data", "$"),
        ("[1, 2]", "a history document is a JSON object, not a list @ $", "$"),
        ('{"version": NaN}', "NaN is not a JSON number", "$"),
        (history_text(version="DROP"), "needs its format version", "$.version"),
        (history_text(version=2), "unsupported history format version 2", "$.version"),
        (history_text(version=0), "(this library reads version 1) @ $.version", "$.version"),
        (history_text(version="1"), "the format version is an int, not a string '1'", "$.version"),
        (history_text(version=1.0), "the format version is an int, not a number 1.0", "$.version"),
        (history_text(seed="DROP"), "required field missing @ $.seed", "$.seed"),
        (history_text(extra=3), "unknown field(s) 'extra' @ $", "$"),
        (history_text(seed=True), "expected an int, not a boolean True @ $.seed", "$.seed"),
        (history_text(seed=1.5), "expected an int, not a number 1.5 @ $.seed", "$.seed"),
        (history_text(stacks=[1, "2", 3]), "not a string '2' @ $.stacks[1]", "$.stacks[1]"),
        (history_text(players="ABC"), "expected a list, not a string 'ABC' @ $.players", None),
        (history_text(players=[]), "not 0 (R3) @ $.players", "$.players"),
        (history_text(rules=[]), "expected an object (Rules), not a list @ $.rules", None),
        (history_text(rules={"boot": 0}), "Rules.boot must be at least 1, not 0 @ $.rules", None),
        (history_text(rules={"bot": 1}), "unknown field(s) 'bot' @ $.rules", "$.rules"),
        (
            history_text(rules={"sequence_order": "wild"}),
            "expected one of 'standard', 'classic', not a string 'wild' @ $.rules.sequence_order",
            "$.rules.sequence_order",
        ),
        (
            history_text(rules={"pot_limit": "10"}),
            "expected an int, not a string '10' @ $.rules.pot_limit",
            "$.rules.pot_limit",
        ),
        (
            history_text(actions=["P0 deal", "P1 fold"]),
            "unknown action verb 'fold' in 'P1 fold'",
            "$.actions[1]",
        ),
        (
            history_text(actions=["P0 deal", 7]),
            "expected an action such as 'P2 bet 4', not an int 7 @ $.actions[1]",
            "$.actions[1]",
        ),
        (
            history_text(actions=["P0 deal As Xx"]),
            "bad deck in 'P0 deal As Xx'",
            "$.actions[0]",
        ),
    ],
)
def test_bad_history_documents(text: str, fragment: str, path: str | None) -> None:
    error = raises_history_error(lambda: tp.History.from_json(text))
    assert fragment in str(error)
    if path is not None:
        assert error.path == path
    if path and path.startswith("$.actions["):
        assert error.index == int(path[len("$.actions[") : -1])


def test_every_problem_is_listed() -> None:
    text = history_text(seed="x", dealer=None, stacks=[1, 2, "3"], extra=0)
    error = raises_history_error(lambda: tp.History.from_json(text))
    assert len(error.problems) == 4
    assert str(error).startswith("bad history document: ")
    assert {p.rpartition(" @ ")[2] for p in error.problems} == {
        "$.seed",
        "$.dealer",
        "$.stacks[2]",
        "$",
    }


def test_input_that_is_not_text_is_refused() -> None:
    for value in (None, 12, ["{}"], {"version": 1}):
        raises_history_error(lambda: tp.History.from_json(value))  # type: ignore[arg-type]  # noqa: B023
        raises_history_error(lambda: tp.state_from_json(value))  # type: ignore[arg-type]  # noqa: B023
    raises_history_error(lambda: tp.state_from_json(b"\xff\xfe\x00"))
    raises_history_error(lambda: tp.state_from_json("[" * 100_000))


def a_state(phase: tp.Phase, **predicate: Any) -> dict[str, Any]:
    state = next(
        s
        for s in POOL
        if s.phase is phase and all(getattr(s, k) == v for k, v in predicate.items())
    )
    document: dict[str, Any] = json.loads(tp.state_to_json(state))
    return document


def edited(document: dict[str, Any], edit: Callable[[dict[str, Any]], object]) -> str:
    document = copy.deepcopy(document)
    edit(document)
    return json.dumps(document)


def set_path(document: Any, path: str, value: Any) -> None:
    """Set ``value`` at a dotted path such as ``seats.0.stack``."""
    *parents, last = path.split(".")
    for part in parents:
        document = document[int(part)] if isinstance(document, list) else document[part]
    if isinstance(document, list):
        document[int(last)] = value
    else:
        document[last] = value


BETWEEN = a_state(tp.Phase.AWAITING_DEAL, hand_number=2)
BETTING = a_state(tp.Phase.BETTING)
SIDESHOW = a_state(tp.Phase.SIDESHOW)


@pytest.mark.parametrize(
    ("document", "path", "value", "fragment"),
    [
        (BETTING, "seats.1.stack", "3", "expected an int, not a string '3' @ $.seats[1].stack"),
        (BETTING, "seats.0.cards.1", "Xx", "not a card: 'Xx'"),
        (BETTING, "seats.0.cards", "As Kd Qh", "expected a list, not a string"),
        (BETTING, "phase", "dealing", "expected one of 'awaiting_deal', 'betting'"),
        (BETTING, "events.0.type", "Foo", "unknown event type 'Foo' (expected one of: Hand"),
        (BETTING, "events.0", [], "expected an event object, not a list @ $.events[0]"),
        (BETTING, "rules.boot", 0, "Rules.boot must be at least 1, not 0 @ $.rules"),
        (BETTING, "seats.0.stack", -1, "stack must not be negative @ $.seats[0].stack"),
        (BETTING, "actor", None, "must act in phase 'betting' @ $.actor"),
        (BETTING, "actor", 9, "must act in phase 'betting' @ $.actor"),
        (BETTING, "pot", 10_000, "the pot holds exactly the chips put in this hand (R42) @ $.pot"),
        (BETTING, "phase", "awaiting_deal", "nobody acts in phase 'awaiting_deal' @ $.actor"),
        (BETTING, "phase", "sideshow", "phase 'sideshow' needs the pending request @ $.sideshow"),
        (BETTING, "dealer", 7, "the dealer must be a seat 0.."),
        (BETTING, "seats.0.cards", [], "every player in the session was dealt three cards (R10)"),
        (BETTING, "events.0.seats", [0, 9], "a seat of [0, 9] does not exist @ $.events[0].seats"),
        (BETTING, "seats", [], "0 seats, but the rules allow"),
        (SIDESHOW, "sideshow", None, "phase 'sideshow' needs the pending request @ $.sideshow"),
        (SIDESHOW, "sideshow.asker", 11, "the sideshow's seats must be 0.."),
        (SIDESHOW, "sideshow.extra", 1, "unknown field(s) 'extra' @ $.sideshow"),
        (BETWEEN, "result.winnings", {"x": 1}, "a seat number such as '0', not 'x'"),
        (BETWEEN, "result.winnings", {"0": 1}, "the winnings must sum to the pot"),
        (BETWEEN, "result.winnings", [], "expected an object keyed by seat number, not a list"),
        (BETWEEN, "result.hand_number", 1, "between hands the result is that of hand 2 @ $.result"),
        (BETWEEN, "session_winners", [0], "the session has winners only when it is over"),
        (BETWEEN, "phase", "session_over", "the session is not over"),
        (BETWEEN, "hand_number", 0, "before the first hand there is no result @ $.result"),
    ],
)
def test_bad_state_documents(
    document: dict[str, Any], path: str, value: Any, fragment: str
) -> None:
    text = edited(document, lambda d: set_path(d, path, value))
    error = raises_history_error(lambda: tp.state_from_json(text))
    assert fragment in str(error)


def test_bad_hand_ranks_are_refused() -> None:
    document = next(
        json.loads(tp.state_to_json(s)) for s in POOL if s.result is not None and s.result.shown
    )
    seat = next(iter(document["result"]["shown"]))
    good = document["result"]["shown"][seat]
    for rank, fragment in [
        ({**good, "strength": good["strength"] + 1}, "no hand has this category"),
        ({**good, "category": "trail"}, "no hand has this category"),
        ({**good, "ranks": "ZZZ"}, "not a hand rank"),
        ({**good, "extra": 1}, "exactly the fields category, ranks and strength"),
        (3, "expected a hand rank object, not an int 3"),
    ]:
        text = edited(document, lambda d: d["result"]["shown"].__setitem__(seat, rank))  # noqa: B023
        error = raises_history_error(lambda: tp.state_from_json(text))  # noqa: B023
        assert fragment in str(error) and f"@ $.result.shown['{seat}']" in str(error)
    # A real rank, but not of this table's sequence order, or not of the shown cards.
    showdown = next(e for e in document["events"] if e["type"] == "Showdown")
    hand = showdown["hands"][0]
    hand["cards"] = list(reversed(hand["cards"]))
    assert tp.state_from_json(json.dumps(document)) is not None
    other = {"category": "trail", "ranks": "AAA", "strength": 740}
    if hand["rank"] != other:
        hand["rank"] = other
        error = raises_history_error(lambda: tp.state_from_json(json.dumps(document)))
        assert "is not the rank of" in str(error)


def test_state_version_is_checked() -> None:
    text = tp.state_to_json(POOL[0])
    document = json.loads(text)
    document["version"] = 2
    error = raises_history_error(lambda: tp.state_from_json(json.dumps(document)))
    assert "unsupported state format version 2 (this library reads version 1)" in str(error)
    del document["version"]
    error = raises_history_error(lambda: tp.state_from_json(json.dumps(document)))
    assert "needs its format version" in str(error)
    # A history is not a state, and a state is not a history.
    raises_history_error(lambda: tp.state_from_json(HISTORY_TEXTS[0]))
    raises_history_error(lambda: tp.History.from_json(text))


# --- fuzzing ---------------------------------------------------------------------------------

TEXTS = HISTORY_TEXTS + [json.dumps(document) for document in STATE_DOCS[:6]]
JSON_CHARS = st.sampled_from('{}[]",:0123456789-.eE+ tfnulraseP\\') | st.characters()


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """A valid document with characters deleted, replaced, inserted, or cut off."""
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["truncate", "delete", "replace", "insert"]))
        if kind == "truncate":
            text = text[:at]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        else:
            char = draw(JSON_CHARS)
            text = text[:at] + char + text[at + (kind == "replace") :]
    return text


JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.sampled_from([2**70, -(2**70), 10**5]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=4),
    st.sampled_from(
        ["As", "P0 deal", "P1 bet 2", "betting", "sideshow", "session_over", "BetMade", "0", "show"]
    ),
    st.just([]),
    st.just({}),
)


def paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, (*path, index))


def get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


@st.composite
def mutated_documents(draw: st.DrawFn, documents: list[dict[str, Any]]) -> Any:
    """A valid document with values replaced, nudged, swapped, wrapped or dropped."""
    document: Any = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(paths(document))))
        if not path:
            continue
        parent, key = get(document, path[:-1]), path[-1]
        kind = draw(st.sampled_from(["replace", "nudge", "nudge", "drop", "swap", "wrap"]))
        value = parent[key]
        if kind == "replace":
            parent[key] = draw(JSON_VALUES)
        elif kind == "nudge" and type(value) is bool:
            parent[key] = not value
        elif kind == "nudge" and type(value) is int:
            parent[key] = value + draw(st.sampled_from([-2, -1, 1, 2, 5]))
        elif kind == "drop":
            del parent[key]
        elif kind == "swap":
            other = draw(st.sampled_from(list(paths(document))))
            if other and not (other[: len(path)] == path or path[: len(other)] == other):
                other_parent = get(document, other[:-1])
                parent[key], other_parent[other[-1]] = other_parent[other[-1]], value
        elif kind == "wrap":
            parent[key] = [value]
    return document


def exercise(state: tp.State, rng: random.Random) -> None:
    """Play on from a loaded state: every legal action applies; others raise IllegalActionError."""
    n = len(state.seats)
    for _ in range(25):
        actions = tp.legal_actions(state)
        for action in actions:
            tp.apply(state, action)
        for action in (
            tp.Bet(rng.randrange(-1, n + 1), rng.randrange(-1, 60)),
            tp.SideShow(rng.randrange(n), rng.randrange(60)),
            tp.Show(rng.randrange(n)),
            tp.AllIn(rng.randrange(n)),
            tp.AcceptSideShow(rng.randrange(n)),
            tp.Deal(rng.randrange(n), tuple(rng.sample(tp.standard_deck(), 3 * n))),
        ):
            with contextlib.suppress(tp.IllegalActionError):
                tp.apply(state, action)
        if not actions:
            return
        state = tp.apply(state, rng.choice(actions))


def load_any(text: str) -> None:
    """Load ``text`` as a history and as a state; only HistoryError may come out."""
    try:
        history = tp.History.from_json(text)
    except tp.HistoryError:
        pass
    else:
        with contextlib.suppress(tp.HistoryError):
            tp.replay(history)
    try:
        state = tp.state_from_json(text)
    except tp.HistoryError:
        pass
    else:
        assert tp.state_from_json(tp.state_to_json(state)) == state


@given(mutated_texts())
def test_mutated_text_raises_only_history_error(text: str) -> None:
    load_any(text)


@given(mutated_documents(HISTORY_DOCS))
def test_mutated_histories_raise_only_history_error(document: Any) -> None:
    load_any(json.dumps(document))


@given(mutated_documents(STATE_DOCS), st.integers(0, 2**16))
def test_a_mutated_state_that_loads_never_breaks_the_engine(document: Any, seed: int) -> None:
    try:
        state = tp.state_from_json(json.dumps(document))
    except tp.HistoryError:
        return
    assert tp.state_from_json(tp.state_to_json(state)) == state
    if state.seed is not None:  # a view hides cards: it is for display only
        exercise(state, random.Random(seed))


def test_a_valid_document_of_another_version_names_the_version() -> None:
    for version in (0, 2, 99, -1):
        for text, load in (
            (HISTORY_TEXTS[0], tp.History.from_json),
            (json.dumps(STATE_DOCS[0]), tp.state_from_json),
        ):
            document = json.loads(text)
            document["version"] = version
            with pytest.raises(ValueError, match=rf"format version {version} \(this library"):
                load(json.dumps(document))
