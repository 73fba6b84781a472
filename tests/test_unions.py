"""Every member of the closed unions (actions, events) is wired everywhere it must be:
text form, handler, JSON, narration, visibility, seat metadata. A new action or event
class that is forgotten somewhere fails here.
"""

from __future__ import annotations

import copy
import json
from typing import Any, get_args

import attrs
import pytest

import teenpatti_rules as tp
from teenpatti_rules.actions import (
    ACTION_TYPES,
    TABLE_ACTION_TYPES,
    TURN_ACTION_TYPES,
    ActionBase,
)
from teenpatti_rules.engine.kinds import HANDLERS as _HANDLERS
from teenpatti_rules.engine.kinds import handler_of as _handler_of
from teenpatti_rules.events import EVENT_TYPES, SEAT, EventBase, EventFacts, HandEnding, ShownHand
from teenpatti_rules.io.codec import converter
from teenpatti_rules.records import EventLog, evolve
from teenpatti_rules.text.narrate import describe_event
from teenpatti_rules.views import visible_event

NAMES = ["Asha", "Bilal", "Chen"]
HAND = tp.parse_cards("As Ad Ac")


def sample(cls: type[Any]) -> Any:
    """An instance of an attrs class with a plausible value for every field."""
    attrs.resolve_types(cls)
    values: dict[str, Any] = {}
    for field in attrs.fields(cls):
        kind = field.type
        if field.metadata.get(SEAT) == "one" or field.name == "seat":
            values[field.name] = 1
        elif field.metadata.get(SEAT) == "many":
            values[field.name] = (0, 2)
        elif kind is bool:
            values[field.name] = True
        elif kind is int or kind == int | None:
            values[field.name] = 2
        elif kind is HandEnding:
            values[field.name] = HandEnding.SHOWDOWN
        elif field.name == "hands":
            values[field.name] = (ShownHand(0, HAND, tp.evaluate(HAND)),)
        elif field.name in ("cards", "deck"):
            values[field.name] = HAND
        elif kind is tp.Card:
            values[field.name] = HAND[0]
        elif kind is str:  # a joining name with a space (quoted in text), a forced bet's kind
            values[field.name] = "small" if field.name == "kind" else "Dev Kumar"
        else:  # pragma: no cover - a new field type: teach this test about it
            raise AssertionError(f"no sample value for {cls.__name__}.{field.name}: {kind}")
    return cls(**values)


def test_the_unions_are_the_registries() -> None:
    assert get_args(tp.Action) == ACTION_TYPES
    assert get_args(tp.Event) == EVENT_TYPES
    assert set(_HANDLERS) == set(ACTION_TYPES)  # every action has its reducer handler


def test_each_record_lives_beside_its_rules() -> None:
    # The reducer reads a kind's Handler from HANDLERS of the module that defines its
    # record: the record, its refusal question and its handler are one module, and the
    # registry (actions.py) only names the class.
    import sys

    for cls in ACTION_TYPES:
        home = sys.modules[cls.__module__]
        assert home.__name__.startswith("teenpatti_rules.engine.")
        assert home.HANDLERS[cls] is _HANDLERS[cls]


def test_a_record_without_its_handler_fails_at_import_naming_its_module() -> None:
    @attrs.frozen
    class Wave:  # a record whose module (this test) keeps no HANDLERS (not an
        seat: int  # ActionBase: the union test counts the subclasses)

    with pytest.raises(TypeError, match=r"Wave needs its Handler in HANDLERS of test_unions"):
        _handler_of(Wave)


def test_every_member_is_exported_by_its_module() -> None:
    # actions.py and events.py are the public homes of every action and event class.
    from teenpatti_rules import actions, events

    for module, members in ((actions, ACTION_TYPES), (events, EVENT_TYPES)):
        missing = [cls.__name__ for cls in members if cls.__name__ not in module.__all__]
        assert not missing, f"add to {module.__name__}.__all__: {missing}"


def test_the_action_kinds_facts_are_read_from_the_classes() -> None:
    # S9: the stale-turn check and the open-table lists read each class's own flags
    # (ActionBase.turn_action, table_action); the engine's entry says whether the action
    # is offered (Handler.offer) and whether it keeps the S6 count (keeps_timeouts).
    # S9: betting actions, sideshow answers, draws and timeouts are turn actions; a look,
    # a deal and the between-hands table actions are not. Timeout is both (S6, S9).
    turn = {tp.Pack, tp.AllIn, tp.Show, tp.Bet, tp.SideShow, tp.AcceptSideShow}
    assert turn | {tp.RefuseSideShow, tp.Draw, tp.Timeout} <= set(TURN_ACTION_TYPES)
    assert not {tp.Look, tp.Deal, tp.Join, tp.Leave, tp.AddChips} & set(TURN_ACTION_TYPES)
    table = {tp.Join, tp.Leave, tp.SitOut, tp.SitIn, tp.Timeout, tp.AddChips}
    assert table <= set(TABLE_ACTION_TYPES) and not turn & set(TABLE_ACTION_TYPES)
    # S3, S6: Join (it needs a name) and Timeout (the clock's) are never listed; an
    # open-table action is listed through its offer, so one without an offer must say
    # that it is never listed (Handler.listed), and a kind never listed has no offer.
    never = {cls for cls, handler in _HANDLERS.items() if not handler.listed}
    assert {tp.Join, tp.Timeout} <= never
    unoffered = {cls for cls in TABLE_ACTION_TYPES if _HANDLERS[cls].offer is None}
    assert unoffered <= never, f"give these an offer, or listed=False: {unoffered - never}"
    assert not any(_HANDLERS[cls].offer for cls in never)
    # An offered kind is an open-table action, which the automatic players never choose
    # (players/common.py): a kind listed here but not flagged would be chosen forever.
    offered = {cls for cls, handler in _HANDLERS.items() if handler.offer is not None}
    unflagged = offered - set(TABLE_ACTION_TYPES)
    assert not unflagged, f"set table_action = True on: {unflagged}"
    # S6: only a look and a timeout leave the count of timeouts in a row as it is.
    kept = {cls for cls, handler in _HANDLERS.items() if handler.keeps_timeouts}
    assert kept == {tp.Look, tp.Timeout}


def _subclasses(cls: type) -> set[str]:
    """The names of every subclass of ``cls`` (by name: attrs may leave a class's
    pre-slots original behind)."""
    found: set[str] = set()
    direct_subclasses: list[type] = cls.__subclasses__()
    for direct in direct_subclasses:
        found |= {direct.__name__, *_subclasses(direct)}
    return found


def test_every_action_and_event_class_is_in_its_union() -> None:
    # A class written but left out of its union (the one registry line) would be refused,
    # never listed, saved or narrated: each union is every class of its kind.
    from teenpatti_rules.stream import STREAM_EVENT_TYPES

    assert _subclasses(ActionBase) == {cls.__name__ for cls in ACTION_TYPES}
    assert _subclasses(EventBase) == {cls.__name__ for cls in STREAM_EVENT_TYPES}


@pytest.mark.parametrize("cls", ACTION_TYPES, ids=lambda c: c.__name__)
def test_every_action_round_trips_as_text_and_json(cls: type[Any]) -> None:
    assert issubclass(cls, ActionBase) and cls.verb and cls.doing
    action = sample(cls)
    text = str(action)
    assert text.startswith(f"P1 {cls.verb}")
    assert tp.parse_action(text) == action
    assert converter().unstructure(action, tp.Action) == text
    assert converter().structure(text, tp.Action) == action  # type: ignore[arg-type]
    assert copy.deepcopy(action) == action


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=lambda c: c.__name__)
def test_every_event_is_narrated_shown_and_saved(cls: type[Any]) -> None:
    assert issubclass(cls, EventBase)
    event = sample(cls)
    line = describe_event(event, NAMES, 1)
    assert line and "\n" not in line
    state = tp.new_session(NAMES, seed=1)
    for viewer in (None, 0, 1, 2):
        shown = visible_event(state, event, viewer)
        if cls.public:
            assert shown is event
        else:  # hides what the viewer may not see (here: every hand, nothing turned up)
            assert shown is None or shown != event
    text = json.dumps(converter().unstructure(event, tp.Event))
    assert converter().structure(json.loads(text), tp.Event) == event  # type: ignore[arg-type]
    assert json.loads(text)["type"] == cls.__name__


def test_records_evolve_knows_every_field() -> None:
    state = tp.apply(tp.new_session(NAMES, seed=3, dealer=0), tp.Deal(0))
    for record in (state, state.seats[0], tp.Rules()):
        cls = type(record)
        if cls is tp.Rules:
            continue  # Rules is validated; it changes through attrs.evolve
        for field in attrs.fields(cls):
            # a value each field keeps as it is (events go through their converter)
            marker = EventLog(()) if field.name == "events" else object()
            changed = evolve(record, **{field.name: marker})
            assert getattr(changed, field.name) is marker
            others = [f.name for f in attrs.fields(cls) if f.name != field.name]
            assert all(getattr(changed, n) == getattr(record, n) for n in others)


def test_records_are_their_own_copies() -> None:
    state = tp.apply(tp.new_session(NAMES, seed=3, dealer=0), tp.Deal(0))
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    assert copy.deepcopy(state.seats[1]) is state.seats[1]


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=lambda c: c.__name__)
def test_every_event_states_its_facts(cls: type[Any]) -> None:
    # Each event class says for itself what the narration, the encoding and the turn
    # counts read (EventFacts), so no module keeps a list of event classes: a new event
    # must declare its own facts, even when they are all "no".
    assert "facts" in vars(cls), f"{cls.__name__} must set facts = EventFacts(...)"
    facts = cls.facts
    assert isinstance(facts, EventFacts)
    names = {field.name for field in attrs.fields(cls)}
    if facts.paid_in:
        assert "amount" in names
    if facts.actor is not None or facts.action is not None:
        assert facts.actor in names and facts.action in {a.verb for a in ACTION_TYPES}
        assert attrs.fields_dict(cls)[str(facts.actor)].metadata.get(SEAT) == "one"
    if facts.stake is not None:
        assert facts.stake in names
    if facts.turn:
        assert facts.action is not None


def test_the_scenario_runner_and_the_strategies_know_every_action() -> None:
    """A new action needs a scenario key (SCENARIO-EXT) and a place in the random
    actions of the property tests."""
    from hypothesis import strategies as st

    from scenario_runner import ACTION_KEYS, to_action
    from strategies import actions

    extra = {"amount": 2, "name": "Dev", "cards": "As"}
    built = {type(to_action({key: 1, **extra})) for key in ACTION_KEYS}
    assert built == set(ACTION_TYPES)
    options = actions(st.just(1), st.just(2)).original_strategies  # type: ignore[attr-defined]
    drawn = {repr(option).removeprefix("builds(").split(",")[0].rstrip(")") for option in options}
    assert drawn == {cls.__name__ for cls in ACTION_TYPES}
