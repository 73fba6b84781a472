r"""Saving and loading a :class:`~teenpatti_rules.state.State` as JSON.

A server can store a table between requests with :func:`state_to_json` and read it
back with :func:`state_from_json`; the round trip is exact
(``state_from_json(state_to_json(s)) == s``), for full states and for
:func:`~teenpatti_rules.views.view`\ s alike (a view's ``seed`` is ``null`` and its
hidden cards are ``[]``). Hand histories (:mod:`teenpatti_rules.history`) use the
same converter.

>>> from teenpatti_rules import Deal, apply, new_session
>>> state = apply(new_session(["A", "B", "C"], seed=7, dealer=0), Deal(0))
>>> text = state_to_json(state)
>>> text[:46]
'{"version": 1, "rules": {"boot": 1, "starting_'
>>> state_from_json(text) == state
True
>>> state_from_json('{"version": 2}')
Traceback (most recent call last):
...
teenpatti_rules.errors.HistoryError: unsupported state format version 2 (this library reads ...

**The JSON format** (version :data:`STATE_VERSION`) is one object: ``"version"``,
then every field of :class:`~teenpatti_rules.state.State` by its Python name, in
declaration order, with

- records (:class:`~teenpatti_rules.rules.Rules`,
  :class:`~teenpatti_rules.state.Seat`, …) as objects of all their fields;
- a card as its text, ``"As"``; a tuple as a list;
- enums by value: ``"phase": "betting"``, ``"ending": "show"``;
- a :class:`~teenpatti_rules.ranking.HandRank` as
  ``{"category": "pair", "ranks": "AA4", "strength": 420}`` (category in lower case,
  the three named ranks as rank letters, the strength under the table's
  ``sequence_order``);
- ``winnings`` and ``shown`` (seat → …) as objects keyed by the seat number in
  decimal text, ``{"0": 12}``;
- each event as an object with its class name first, ``{"type": "BetMade", "seat":
  2, …}``.

**Loading is strict.** Every field must be present (those with defaults may be
left out) and of its exact JSON type (an int is not a float or a bool, a list is
not a string); unknown fields are refused. Then :func:`state_from_json` checks that
the state is one the engine could have reached, cheaply (no replay), so that
:func:`~teenpatti_rules.engine.apply` and
:func:`~teenpatti_rules.engine.legal_actions` never fail on it except with
:class:`~teenpatti_rules.errors.IllegalActionError`:

- the seat count is allowed by the rules (R3); names are non-empty and distinct;
  no count or amount is negative; a seat holds three distinct cards or none, and
  no card is dealt twice;
- the dealer is a seat still in the session (R5);
- phase and actor agree: between hands nobody acts, no sideshow is pending and the
  pot is 0 (R42); ``AWAITING_DEAL`` needs two players in the session and a hand
  left under the hand limit; ``SESSION_OVER`` has its winners (R2, R8), and only
  then; before the first deal there is no result; between later hands the result
  is the last hand's;
- in a hand: the actor can still bet; two or more players can still bet (R40); the
  pot is below the pot limit (R37) and equals the chips put in this hand; the
  stake is at least the boot; every player in the session was dealt in and posted
  the boot; all-in players are in the hand with an empty stack; a ``SIDESHOW``
  has its request, asked by a seen player of its seen previous player (R21, R30),
  whom the actor is; in a full state (with a seed) every dealt seat holds its
  three cards;
- the result's seats exist, its winnings are positive and sum to its pot, and hands
  are shown exactly when the hand did not end by packing;
- every seat an event names exists, and every hand rank is the rank of its cards
  under the table's rules.

A view (``seed`` null) loads with hidden cards; the engine cannot compare hidden
cards, so a view is for display: applying actions to a view is not supported.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, get_args, get_origin

import attrs

from .actions import Action, parse_action
from .cards import Card, Rank
from .errors import HistoryError
from .events import Event, HandEnding, Showdown, ShownHand
from .options import bettors, previous_player
from .ranking import HandCategory, HandRank, evaluate, hand_ranks
from .rules import Rules, SequenceOrder
from .state import HandResult, Phase, State

if TYPE_CHECKING:  # cattrs is imported on first use, to keep ``import teenpatti_rules`` fast
    import cattrs

__all__ = ["STATE_VERSION", "converter", "state_from_json", "state_to_json"]

STATE_VERSION: Final = 1
"""The version of the state format that :func:`state_to_json` writes and
:func:`state_from_json` reads. A document of any other version is refused."""


# --- strict hooks ----------------------------------------------------------------------


class _Invalid(ValueError):
    """A JSON value that does not fit its field; the message says why."""


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters, for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _json_kind(value: object) -> str:
    """The JSON name of a loaded value's type, for error messages."""
    if value is None:
        return "null"
    names = {bool: "a boolean", int: "an int", float: "a number", str: "a string"}
    kind = names.get(type(value))
    if kind is not None:
        return f"{kind} {_short(value)}"
    return "a list" if isinstance(value, list) else "an object" if isinstance(value, dict) else ""


def _exactly(kind: type[Any], name: str) -> Callable[[Any, Any], Any]:
    """A hook that passes values of exactly ``kind`` through (no bool for int, no coercion)."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise _Invalid(f"expected {name}, not {_json_kind(value)}")
        return value

    return structure


def _enum_hooks(
    converter: cattrs.Converter,
    cls: type[Any],
    by_text: Mapping[str, Any],
    text: Callable[[Any], str],
) -> None:
    """Register an enum written as ``text(member)`` and read back by ``by_text``."""
    choices = ", ".join(repr(t) for t in by_text)

    def structure(value: Any, _: Any) -> Any:
        if type(value) is str and value in by_text:
            return by_text[value]
        raise _Invalid(f"expected one of {choices}, not {_json_kind(value)}")

    converter.register_structure_hook(cls, structure)
    converter.register_unstructure_hook(cls, text)


def _structure_card(value: Any, _: Any) -> Card:
    if type(value) is not str or len(value) > 4:
        raise _Invalid(f"expected a card such as 'As', not {_json_kind(value)}")
    return Card.parse(value)  # CardParseError (a ValueError) names the bad text


_RANK_BY_CHAR: Final = {rank.char: rank for rank in Rank}
_CATEGORY_BY_NAME: Final = {category.name.lower(): category for category in HandCategory}
_RANK_FIELDS: Final = ("category", "ranks", "strength")


_ORDERS: Final[tuple[SequenceOrder, ...]] = ("standard", "classic")


@functools.cache
def _ranks_by_strength(order: SequenceOrder) -> dict[int, HandRank]:
    """Map strength → the shared :class:`HandRank` of that strength, under a sequence order."""
    return {rank.strength: rank for _, rank in hand_ranks(Rules(sequence_order=order))}


def _unstructure_hand_rank(rank: HandRank) -> dict[str, Any]:
    return {
        "category": rank.category.name.lower(),
        "ranks": "".join(r.char for r in rank.ranks),
        "strength": rank.strength,
    }


def _structure_hand_rank(value: Any, _: Any) -> HandRank:
    """Read a hand rank; it must be one of the 741 ranks of either sequence order."""
    if not isinstance(value, dict):
        raise _Invalid(f"expected a hand rank object, not {_json_kind(value)}")
    if set(value) != set(_RANK_FIELDS):
        raise _Invalid(
            "a hand rank has exactly the fields category, ranks and strength, not "
            + ", ".join(sorted(map(str, value)))
        )
    category = _CATEGORY_BY_NAME.get(value["category"]) if type(value["category"]) is str else None
    text, strength = value["ranks"], value["strength"]
    ranks = tuple(_RANK_BY_CHAR.get(c) for c in text) if type(text) is str else ()
    if category is None or len(ranks) != 3 or None in ranks or type(strength) is not int:
        raise _Invalid(f"not a hand rank: {_short(value, 80)}")
    for order in _ORDERS:
        known = _ranks_by_strength(order).get(strength)
        if known is not None and known.category is category and known.ranks == ranks:
            return known
    raise _Invalid(f"no hand has this category, ranks and strength: {_short(value, 80)}")


_SEAT_KEY: Final = re.compile(r"0|[1-9][0-9]{0,5}")


def _is_seat_mapping(cls: Any) -> bool:
    """``Mapping[int, X]`` (or ``dict[int, X]``): seat → something."""
    return get_origin(cls) in (Mapping, dict) and get_args(cls)[:1] == (int,)


def _seat_mapping_unstructure(cls: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    hook = converter.get_unstructure_hook(get_args(cls)[1])

    def unstructure(mapping: Mapping[int, Any]) -> dict[str, Any]:
        return {str(seat): hook(value) for seat, value in mapping.items()}

    return unstructure


def _seat_mapping_structure(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    from cattrs.errors import IterableValidationError, IterableValidationNote

    item = get_args(cls)[1]
    hook = converter.get_structure_hook(item)

    def structure(value: Any, _: Any) -> dict[int, Any]:
        if not isinstance(value, dict):
            raise _Invalid(f"expected an object keyed by seat number, not {_json_kind(value)}")
        result: dict[int, Any] = {}
        errors: list[Exception] = []
        for key, element in value.items():
            try:
                if not _SEAT_KEY.fullmatch(key):
                    raise _Invalid(f"a key must be a seat number such as '0', not {_short(key)}")
                result[int(key)] = hook(element, item)
            except Exception as error:
                note = IterableValidationNote(f"Structuring {cls} @ key {key!r}", key, item)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
        if errors:
            raise IterableValidationError(f"While structuring {cls!r}", errors, cls)
        return result

    return structure


def _is_homogeneous_tuple(cls: Any) -> bool:
    """``tuple[X, ...]``."""
    args = get_args(cls)
    return get_origin(cls) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_structure(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    from cattrs.errors import IterableValidationError, IterableValidationNote

    item = get_args(cls)[0]
    hook = converter.get_structure_hook(item)

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _Invalid(f"expected a list, not {_json_kind(value)}")
        result: list[Any] = []
        errors: list[Exception] = []
        for index, element in enumerate(value):
            try:
                result.append(hook(element, item))
            except Exception as error:
                note = IterableValidationNote(f"Structuring {cls} @ index {index}", index, item)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
        if errors:
            raise IterableValidationError(f"While structuring {cls!r}", errors, cls)
        return tuple(result)

    return structure


def _is_literal(cls: Any) -> bool:
    return get_origin(cls) is Literal


def _literal_structure(cls: Any) -> Callable[[Any, Any], Any]:
    choices = get_args(cls)
    text = ", ".join(repr(c) for c in choices)

    def structure(value: Any, _: Any) -> Any:
        if any(type(value) is type(c) and value == c for c in choices):
            return value
        raise _Invalid(f"expected one of {text}, not {_json_kind(value)}")

    return structure


def _attrs_structure(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """Wrap cattrs' generated structure function with a check that the value is an object."""
    from cattrs.gen import make_dict_structure_fn

    inner = make_dict_structure_fn(cls, converter)
    name = cls.__name__

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise _Invalid(f"expected an object ({name}), not {_json_kind(value)}")
        return inner(value, cls)

    return structure


def _configure_events(converter: cattrs.Converter) -> None:
    """Events: a tagged union, ``{"type": "BetMade", ...}`` (the class name first)."""
    from cattrs.strategies import configure_tagged_union

    configure_tagged_union(Event, converter, tag_name="type")
    tagged_structure = converter.get_structure_hook(Event)
    tagged_unstructure = converter.get_unstructure_hook(Event)
    tags = [cls.__name__ for cls in get_args(Event)]

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise _Invalid(f"expected an event object, not {_json_kind(value)}")
        if "type" not in value:
            raise _Invalid("an event needs its 'type', e.g. 'BetMade'")
        if value["type"] not in tags or type(value["type"]) is not str:
            raise _Invalid(
                f"unknown event type {_short(value['type'])} (expected one of: {', '.join(tags)})"
            )
        return tagged_structure(value, Event)

    def unstructure(event: Any) -> dict[str, Any]:
        fields = tagged_unstructure(event)
        return {"type": fields.pop("type"), **fields}

    converter.register_structure_hook(Event, structure)
    converter.register_unstructure_hook(Event, unstructure)


def _structure_action(value: Any, _: Any) -> Action:
    if type(value) is not str:
        raise _Invalid(f"expected an action such as 'P2 bet 4', not {_json_kind(value)}")
    return parse_action(value)  # a ValueError naming the text and the problem


def _unstructure_action(action: Any) -> str:
    return str(action)


@functools.cache
def converter() -> cattrs.Converter:
    """The library's cattrs converter (built once, on first use).

    It un/structures every record of the library to and from JSON-ready values as
    described in this module's docstring; strict (see there), with detailed
    validation so that :func:`cattrs.transform_error` can name the path of every
    problem. Actions are their text form (``"P2 bet 4"``). Callers that store
    states or histories as JSON values inside a larger document (a database row,
    a message) can use it directly: ``converter().unstructure(state)``; the
    structure side raises cattrs' ``BaseValidationError`` (not
    :class:`~teenpatti_rules.errors.HistoryError`) and performs no consistency
    checks. Do not register further hooks on it.

    :returns: a :class:`cattrs.preconf.json.JsonConverter`.
    """
    from cattrs.preconf.json import make_converter

    result = make_converter(
        forbid_extra_keys=True,
        detailed_validation=True,
        unstruct_collection_overrides={Sequence: list},
    )
    for kind, name in ((int, "an int"), (str, "a string"), (bool, "a boolean")):
        result.register_structure_hook(kind, _exactly(kind, name))
    _enum_hooks(result, Phase, {p.value: p for p in Phase}, lambda p: str(p.value))
    _enum_hooks(result, HandEnding, {e.value: e for e in HandEnding}, lambda e: str(e.value))
    result.register_structure_hook(Card, _structure_card)
    result.register_unstructure_hook(Card, str)
    result.register_structure_hook(HandRank, _structure_hand_rank)
    result.register_unstructure_hook(HandRank, _unstructure_hand_rank)
    result.register_structure_hook_factory(_is_literal, _literal_structure)
    result.register_structure_hook_factory(attrs.has, _attrs_structure)
    result.register_structure_hook_factory(_is_homogeneous_tuple, _tuple_structure)
    result.register_structure_hook_factory(_is_seat_mapping, _seat_mapping_structure)
    result.register_unstructure_hook_factory(_is_seat_mapping, _seat_mapping_unstructure)
    result.register_structure_hook(Action, _structure_action)
    result.register_unstructure_hook(Action, _unstructure_action)
    _configure_events(result)
    return result


# --- reading documents -----------------------------------------------------------------


def _describe(error: BaseException, _type: Any) -> str:
    """One problem in words, for :func:`cattrs.transform_error`."""
    from cattrs.errors import ForbiddenExtraKeysError

    if isinstance(error, KeyError):
        return "required field missing"
    if isinstance(error, ForbiddenExtraKeysError):
        return "unknown field(s) " + ", ".join(sorted(map(repr, error.extra_fields)))
    if isinstance(error, ValueError) and str(error):
        return str(error)
    return f"{type(error).__name__}: {error}"


_ACTION_PATH: Final = re.compile(r"\$\.actions\[(\d+)\]")


def _bad_document(what: str, problems: Sequence[str]) -> HistoryError:
    """A :class:`HistoryError` for ``problems`` (``"description @ path"`` each, at least one)."""
    shown = "; ".join(problems[:4])
    if len(problems) > 4:
        shown += f" (and {len(problems) - 4} more)"
    path = problems[0].rpartition(" @ ")[2] if " @ " in problems[0] else None
    match = _ACTION_PATH.match(path or "")
    return HistoryError(
        f"bad {what}: {shown}",
        path=path,
        index=int(match[1]) if match else None,
        problems=tuple(problems),
    )


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _load_document(text: str | bytes, what: str, version: int) -> dict[str, Any]:
    """Parse JSON ``text`` into an object whose ``"version"`` is ``version``.

    :param text: the JSON document (str, or bytes in UTF-8/16/32).
    :param what: ``"history"`` or ``"state"``, for messages.
    :param version: the only format version accepted.
    :returns: the parsed object (a dict).
    :raises HistoryError: for text that is not JSON, not an object, or has a missing
        or other version.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise HistoryError(f"a {what} document is JSON text (str or bytes), not {_short(text)}")
    try:
        document = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise HistoryError(f"malformed {what} JSON: nested too deeply", path="$") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, huge ints, NaN
        raise HistoryError(f"malformed {what} JSON: {error}", path="$") from None
    if not isinstance(document, dict):
        raise HistoryError(
            f"a {what} document is a JSON object, not {_json_kind(document)} @ $",
            path="$",
        )
    if "version" not in document:
        raise HistoryError(
            f"a {what} document needs its format version (e.g. 'version': {version}) @ $.version",
            path="$.version",
        )
    found = document["version"]
    if type(found) is not int:
        raise HistoryError(
            f"the format version is an int, not {_json_kind(found)} @ $.version",
            path="$.version",
        )
    if found != version:
        raise HistoryError(
            f"unsupported {what} format version {_short(found)} "
            f"(this library reads version {version}) @ $.version",
            path="$.version",
        )
    return document


def _structure(document: Mapping[str, Any], cls: type[Any], what: str) -> Any:
    """``converter().structure(document, cls)``, with every failure as a :class:`HistoryError`.

    :raises HistoryError: naming each problem and its path (``$.seats[2].stack``).
    """
    from cattrs.errors import BaseValidationError
    from cattrs.v import transform_error

    try:
        return converter().structure(document, cls)
    except BaseValidationError as error:
        problems = transform_error(error, format_exception=_describe)
    except Exception as error:  # a hook outside detailed validation; never expected
        problems = [f"{_describe(error, None)} @ $"]
    raise _bad_document(f"{what} document", problems or [f"invalid {what} @ $"])


# --- consistency of a loaded state -----------------------------------------------------

_SEAT_FIELDS: Final = frozenset(
    {"seat", "dealer", "dealt_by", "asker", "target", "packed", "opponent"}
)
_SEATS_FIELDS: Final = frozenset({"seats", "winners"})


def _rank_problem(rank: HandRank, rules: Rules, cards: tuple[Card, ...] = ()) -> str | None:
    """Why ``rank`` is not a rank of the table (of ``cards``, when given), or None."""
    known = _ranks_by_strength(rules.sequence_order).get(rank.strength)
    if known != rank or known.category is not rank.category:
        return f"{rank} is not a hand rank under sequence_order {rules.sequence_order!r}"
    if cards and (len(set(cards)) != 3 or evaluate(cards, rules) != rank):
        return f"{rank} is not the rank of {' '.join(map(str, cards))}"
    return None


def _event_problems(state: State) -> Iterator[str]:
    n = len(state.seats)
    for index, event in enumerate(state.events):
        path = f"$.events[{index}]"
        for field in attrs.fields(type(event)):
            value = getattr(event, field.name)
            if field.name in _SEAT_FIELDS and not 0 <= value < n:
                yield f"seat {value} does not exist (seats are 0..{n - 1}) @ {path}.{field.name}"
            elif field.name in _SEATS_FIELDS and any(not 0 <= s < n for s in value):
                yield f"a seat of {list(value)} does not exist @ {path}.{field.name}"
            elif field.name in ("amount", "stack", "stake", "hand_number") and value < 0:
                yield f"{field.name} must not be negative, not {value} @ {path}.{field.name}"
        if isinstance(event, Showdown):
            for k, hand in enumerate(event.hands):
                yield from _shown_hand_problems(hand, state, f"{path}.hands[{k}]")


def _shown_hand_problems(hand: ShownHand, state: State, path: str) -> Iterator[str]:
    n = len(state.seats)
    if not 0 <= hand.seat < n:
        yield f"seat {hand.seat} does not exist (seats are 0..{n - 1}) @ {path}.seat"
    if len(hand.cards) not in (0, 3) or len(set(hand.cards)) != len(hand.cards):
        yield f"a shown hand is three distinct cards @ {path}.cards"
        return
    problem = _rank_problem(hand.rank, state.rules, hand.cards)
    if problem:
        yield f"{problem} @ {path}.rank"


def _result_problems(state: State, result: HandResult) -> Iterator[str]:
    n = len(state.seats)
    path = "$.result"
    if not 1 <= result.hand_number <= state.hand_number:
        yield f"hand {result.hand_number} has not been played @ {path}.hand_number"
    if not 0 <= result.dealer < n:
        yield f"seat {result.dealer} does not exist @ {path}.dealer"
    for seat, chips in result.winnings.items():
        if not 0 <= seat < n:
            yield f"seat {seat} does not exist @ {path}.winnings['{seat}']"
        if chips < 1:
            yield f"a seat wins at least one chip, not {chips} @ {path}.winnings['{seat}']"
    if sum(result.winnings.values()) != result.pot or not result.winnings:
        yield f"the winnings must sum to the pot of {result.pot} chips (R42) @ {path}.winnings"
    if (result.ending is HandEnding.PACKED) == bool(result.shown):
        yield (
            "hands are shown exactly when the hand did not end with everyone else "
            f"packing (R39) @ {path}.shown"
        )
    for seat, rank in result.shown.items():
        if not 0 <= seat < n:
            yield f"seat {seat} does not exist @ {path}.shown['{seat}']"
        problem = _rank_problem(rank, state.rules)
        if problem:
            yield f"{problem} @ {path}.shown['{seat}']"


def _table_problems(state: State) -> Iterator[str]:
    """Seats, cards, amounts and the dealer, in any phase."""
    rules, seats = state.rules, state.seats
    n = len(seats)
    if not rules.min_players <= n <= rules.max_players:
        allowed = f"{rules.min_players} to {rules.max_players}"
        yield f"{n} seats, but the rules allow {allowed} players (R3) @ $.seats"
    names = [seat.name for seat in seats]
    for i, seat in enumerate(seats):
        path = f"$.seats[{i}]"
        if not seat.name.strip():
            yield f"a player's name must not be empty @ {path}.name"
        elif names.index(seat.name) != i:
            yield f"player names must be distinct; {seat.name!r} appears twice @ {path}.name"
        for field in ("stack", "blind_bets", "contributed"):
            if getattr(seat, field) < 0:
                yield f"{field} must not be negative @ {path}.{field}"
        if len(seat.cards) not in (0, 3) or len(set(seat.cards)) != len(seat.cards):
            yield f"a seat holds three distinct cards or none @ {path}.cards"
    dealt = [card for seat in seats for card in seat.cards]
    if len(set(dealt)) != len(dealt):
        twice = next(card for i, card in enumerate(dealt) if card in dealt[:i])
        yield f"card {twice} is dealt twice @ $.seats"
    for field in ("hand_number", "pot", "stake"):
        if getattr(state, field) < 0:
            yield f"{field} must not be negative @ $.{field}"
    if not 0 <= state.dealer < n:
        yield f"the dealer must be a seat 0..{n - 1}, not {state.dealer} @ $.dealer"
    elif not seats[state.dealer].in_session:
        yield f"the dealer, seat {state.dealer}, has left the session (R5) @ $.dealer"


def _between_hands_problems(state: State) -> Iterator[str]:
    phase, rules = state.phase, state.rules
    in_session = [i for i, seat in enumerate(state.seats) if seat.in_session]
    if state.actor is not None:
        yield f"nobody acts in phase {phase.value!r} @ $.actor"
    if state.sideshow is not None:
        yield f"no sideshow is pending in phase {phase.value!r} @ $.sideshow"
    if state.pot != 0:
        yield "the pot is 0 between hands (R42) @ $.pot"
    if state.hand_number == 0:
        if phase is not Phase.AWAITING_DEAL:
            yield "before the first hand the table awaits a deal @ $.phase"
        if state.result is not None:
            yield "before the first hand there is no result @ $.result"
        if state.stake != 0 or any(seat.in_hand for seat in state.seats):
            yield "before the first deal the stake is 0 and nobody is in a hand @ $.stake"
    elif state.result is None or state.result.hand_number != state.hand_number:
        yield f"between hands the result is that of hand {state.hand_number} @ $.result"
    limit = rules.hand_limit
    over = len(in_session) <= 1 or (limit is not None and state.hand_number >= limit)
    if phase is Phase.AWAITING_DEAL:
        if over:
            yield "the session is over (R2, R7) but the phase is 'awaiting_deal' @ $.phase"
        if state.session_winners:
            yield "the session has winners only when it is over @ $.session_winners"
        return
    if not over:
        yield "the session is not over: players remain and hands are left (R2) @ $.phase"
    winners = state.session_winners
    if not winners or list(winners) != sorted(set(winners)):
        yield "a finished session has its winners, ascending (R8) @ $.session_winners"
    elif any(w not in in_session for w in winners):
        yield "every winner is a seat still in the session (R8) @ $.session_winners"


def _in_hand_problems(state: State) -> Iterator[str]:
    rules, seats, phase = state.rules, state.seats, state.phase
    n = len(seats)
    if state.hand_number < 1:
        yield "a hand is in play, so hand_number is at least 1 @ $.hand_number"
    if state.session_winners:
        yield "the session has winners only when it is over @ $.session_winners"
    for i, seat in enumerate(seats):
        path = f"$.seats[{i}]"
        if not seat.in_session:
            if seat.in_hand or seat.all_in:
                yield f"a seat that left the session is not in a hand @ {path}.in_hand"
            continue
        if seat.contributed < rules.boot:
            yield f"every player in the session posted the boot (R9) @ {path}.contributed"
        if state.seed is not None and len(seat.cards) != 3:
            yield f"every player in the session was dealt three cards (R10) @ {path}.cards"
        if seat.all_in and (not seat.in_hand or seat.stack != 0):
            yield f"an all-in player is in the hand with an empty stack (R28) @ {path}.all_in"
    if len(bettors(state)) < 2:
        yield "fewer than two players can still bet, so the hand is over (R39, R40) @ $.seats"
    if state.pot != sum(seat.contributed for seat in seats):
        yield "the pot holds exactly the chips put in this hand (R42) @ $.pot"
    if rules.pot_limit is not None and state.pot >= rules.pot_limit:
        yield f"the pot reached the pot limit ({rules.pot_limit}): betting is over (R37) @ $.pot"
    if state.stake < rules.boot:
        yield f"the stake is at least the boot ({rules.boot}) (R11) @ $.stake"
    actor = state.actor
    if actor is None or not 0 <= actor < n:
        yield f"a seat 0..{n - 1} must act in phase {phase.value!r} @ $.actor"
        return
    if not (seats[actor].in_hand and not seats[actor].all_in):
        yield f"the actor, seat {actor}, cannot act: it is not in the hand or is all-in @ $.actor"
    request = state.sideshow
    if phase is Phase.BETTING:
        if request is not None:
            yield "a pending sideshow needs phase 'sideshow' @ $.sideshow"
        return
    if request is None:
        yield "phase 'sideshow' needs the pending request @ $.sideshow"
        return
    asker, target = request.asker, request.target
    if not (0 <= asker < n and 0 <= target < n):
        yield f"the sideshow's seats must be 0..{n - 1} @ $.sideshow"
        return
    for side in (asker, target):
        if not (seats[side].in_hand and seats[side].seen and not seats[side].all_in):
            yield f"seat {side} of the sideshow is not a seen player who can bet (R30) @ $.sideshow"
            return
    if previous_player(state, asker) != target:
        yield f"seat {target} is not the previous player of seat {asker} (R21, R30) @ $.sideshow"
    if actor != target:
        yield f"the asked player, seat {target}, must be the actor @ $.actor"
    if request.amount < 1:
        yield "the sideshow's chaal is at least one chip @ $.sideshow.amount"


def _state_problems(state: State) -> list[str]:
    """Every inconsistency of ``state`` found by the checks listed in this module's
    docstring, as ``"description @ path"`` strings; empty for a reachable state.
    """
    problems = list(_table_problems(state))
    if problems:  # later checks index seats by number
        return problems
    if state.phase in (Phase.AWAITING_DEAL, Phase.SESSION_OVER):
        problems += _between_hands_problems(state)
    else:
        problems += _in_hand_problems(state)
    if state.result is not None:
        problems += _result_problems(state, state.result)
    problems += _event_problems(state)
    return problems


# --- the public functions --------------------------------------------------------------


def state_to_json(state: State, *, indent: int | None = None) -> str:
    r"""Write a state (or a view) as a JSON document of format :data:`STATE_VERSION`.

    :param state: a :class:`~teenpatti_rules.state.State`, as returned by the engine
        or by :func:`~teenpatti_rules.views.view`.
    :param indent: None (default) for one line, or the number of spaces to indent
        nested values by.
    :returns: JSON text (names are written as they are, not ``\u``-escaped); see
        this module's docstring for the format.
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.
    """
    if not isinstance(state, State):
        raise TypeError(f"state_to_json needs a State, not {_short(state)}")
    body = converter().unstructure(state)
    return json.dumps({"version": STATE_VERSION, **body}, indent=indent, ensure_ascii=False)


def state_from_json(text: str | bytes) -> State:
    """Read a state written by :func:`state_to_json`.

    :param text: the JSON document (str, or UTF-8 bytes).
    :returns: a :class:`~teenpatti_rules.state.State` equal to the one written.
    :raises HistoryError: (a :class:`ValueError`) for anything but a valid document
        of format :data:`STATE_VERSION`: malformed JSON; a missing or other version;
        a missing, unknown or wrongly typed field; a value out of its range; or a
        state the engine could not have reached (see this module's docstring). The
        message names each problem and its path, e.g. ``"expected an int, not a
        string '3' @ $.seats[1].stack"``; :attr:`~HistoryError.path` holds the
        first path. No other exception escapes.
    """
    document = _load_document(text, "state", STATE_VERSION)
    body = {key: value for key, value in document.items() if key != "version"}
    state: State = _structure(body, State, "state")
    try:
        problems = _state_problems(state)
    except Exception as error:  # a check that trips over a value; never expected
        problems = [f"{_describe(error, None)} @ $"]
    if problems:
        raise _bad_document("state document", problems)
    return state
