"""The library's cattrs converter: every record of the library to and from JSON values.

The format is described in :mod:`teenpatti_rules.io.state_json`; histories
(:mod:`teenpatti_rules.io.history`) use the same converter. Structuring is strict:
exact JSON types, no unknown fields, every problem named with its path.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, get_args, get_origin

import attrs

from ..actions import Action, parse_action
from ..cards import Card, Rank, parse_cards
from ..events import Event, HandEnding
from ..limits import MAX_LIST_ITEMS, MAX_PROBLEMS
from ..ranking import HandCategory, HandRank
from ..records import EventLog
from ..state import Phase

if TYPE_CHECKING:  # cattrs is imported on first use, to keep ``import teenpatti_rules`` fast
    import cattrs

__all__ = ["STATE_VERSION", "converter"]

STATE_VERSION: Final = 1
"""The version of the state format that :func:`~teenpatti_rules.io.state_json.state_to_json`
writes and :func:`~teenpatti_rules.io.state_json.state_from_json` reads. A document of
any other version is refused."""


# --- strict hooks ---------------------------------------------------------------------


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
_RANK_EXTRAS: Final = ("wild_count", "wilds", "number")
"""Written only when set: the wild cards of a hand (V8 W4, W6), a 999 number (V10)."""


def _unstructure_hand_rank(rank: HandRank) -> dict[str, Any]:
    body: dict[str, Any] = {
        "category": rank.category.name.lower(),
        "ranks": "".join(r.char for r in rank.ranks),
        "strength": rank.strength,
    }
    if rank.wild_count:
        body["wild_count"] = rank.wild_count
    if rank.wilds:
        body["wilds"] = " ".join(map(str, rank.wilds))
    if rank.number is not None:
        body["number"] = rank.number
    return body


def _structure_hand_rank(value: Any, _: Any) -> HandRank:
    """Read a hand rank as a record; whether it is a rank of the table's hand order is
    checked with the whole state (:mod:`teenpatti_rules.engine.invariants`), which knows
    the table's rules.
    """
    if not isinstance(value, dict):
        raise _Invalid(f"expected a hand rank object, not {_json_kind(value)}")
    if not set(_RANK_FIELDS) <= set(value) <= set(_RANK_FIELDS + _RANK_EXTRAS):
        raise _Invalid(
            "a hand rank has exactly the fields category, ranks and strength (and, when "
            "set, wild_count, wilds, number), not " + ", ".join(sorted(map(str, value)))
        )
    wild_count = value.get("wild_count", 0)
    wilds_text = value.get("wilds", "")
    number = value.get("number")
    if (
        type(wild_count) is not int
        or not 0 <= wild_count <= 3
        or type(wilds_text) is not str
        or not (number is None or type(number) is int)
    ):
        raise _Invalid(f"not a hand rank: {_short(value, 80)}")
    try:
        wilds = parse_cards(wilds_text)
    except ValueError:
        raise _Invalid(f"not a hand rank: {_short(value, 80)}") from None
    category = _CATEGORY_BY_NAME.get(value["category"]) if type(value["category"]) is str else None
    text, strength = value["ranks"], value["strength"]
    ranks = tuple(_RANK_BY_CHAR.get(c) for c in text) if type(text) is str else ()
    if category is None or len(ranks) != 3 or None in ranks or type(strength) is not int:
        raise _Invalid(f"not a hand rank: {_short(value, 80)}")
    return HandRank(
        category,
        strength,
        ranks,
        wild_count=wild_count,
        wilds=wilds,
        number=number,
    )


_SEAT_KEY: Final = re.compile(r"0|[1-9][0-9]{0,5}")


def _is_seat_mapping(cls: Any) -> bool:
    """``Mapping[int, X]`` (or ``dict[int, X]``): seat → something."""
    return get_origin(cls) in (Mapping, dict) and get_args(cls)[:1] == (int,)


def _seat_mapping_unstructure(cls: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    hook = converter.get_unstructure_hook(get_args(cls)[1])

    def unstructure(mapping: Mapping[int, Any]) -> dict[str, Any]:
        return {str(seat): hook(value) for seat, value in mapping.items()}

    return unstructure


def _structure_each(
    cls: Any,
    item: Any,
    elements: Iterable[tuple[str, Any, Any]],
    convert: Callable[[Any, Any], Any],
) -> list[Any]:
    """``convert(key, element)`` for each ``(where, key, element)``, collecting every
    failure with a cattrs note of where it happened (``"index"`` or ``"key"``), so that
    :func:`cattrs.transform_error` names each path.

    :raises cattrs.errors.IterableValidationError: holding every failure.
    """
    from cattrs.errors import IterableValidationError, IterableValidationNote

    results: list[Any] = []
    errors: list[Exception] = []
    for where, key, element in elements:
        try:
            results.append(convert(key, element))
        except Exception as error:
            note = IterableValidationNote(f"Structuring {cls} @ {where} {key!r}", key, item)
            error.__notes__ = [*getattr(error, "__notes__", []), note]
            errors.append(error)
            if len(errors) >= MAX_PROBLEMS:  # enough to report; stop early (linear, bounded)
                break
    if errors:
        raise IterableValidationError(f"While structuring {cls!r}", errors, cls)  # pyright: ignore[reportCallIssue]
    return results


def _seat_mapping_structure(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    item = get_args(cls)[1]
    hook = converter.get_structure_hook(item)

    def entry(key: str, element: Any) -> tuple[int, Any]:
        if not _SEAT_KEY.fullmatch(key):
            raise _Invalid(f"a key must be a seat number such as '0', not {_short(key)}")
        return int(key), hook(element, item)

    def structure(value: Any, _: Any) -> dict[int, Any]:
        if not isinstance(value, dict):
            raise _Invalid(f"expected an object keyed by seat number, not {_json_kind(value)}")
        pairs = (("key", key, element) for key, element in value.items())
        return dict(_structure_each(cls, item, pairs, entry))

    return structure


def _is_homogeneous_tuple(cls: Any) -> bool:
    """``tuple[X, ...]``, or an ``EventLog[X]`` (read as a tuple; the State turns it
    into its log).
    """
    args = get_args(cls)
    if get_origin(cls) is EventLog:
        return True
    return get_origin(cls) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_event_log(cls: Any) -> bool:
    """``EventLog`` or ``EventLog[X]`` (``State.events``)."""
    return bool(cls is EventLog or get_origin(cls) is EventLog)


def _tuple_structure(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    item = get_args(cls)[0]
    hook = converter.get_structure_hook(item)

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _Invalid(f"expected a list, not {_json_kind(value)}")
        if len(value) > MAX_LIST_ITEMS:
            raise _Invalid(f"a list holds at most {MAX_LIST_ITEMS} items, not {len(value)}")
        elements = (("index", index, element) for index, element in enumerate(value))
        return tuple(_structure_each(cls, item, elements, lambda _, e: hook(e, item)))

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


def _configure_alone(converter: cattrs.Converter) -> None:
    """Make records that stand alone keep what their document needs (no surprises).

    - a state or view unstructured alone carries ``"version"`` (:data:`STATE_VERSION`),
      so that ``state_from_json(json.dumps(converter().unstructure(view)))`` reads it;
      structuring a state or view accepts that key (and refuses another version);
    - an event unstructured alone carries its ``"type"`` tag, as in a log; structuring
      one event class accepts its own tag (and refuses another).
    """
    from cattrs.gen import make_dict_unstructure_fn

    from ..state import State
    from ..views import View

    for cls in (State, View):  # made from the class itself: a View is a State
        inner = make_dict_unstructure_fn(cls, converter)
        inner_structure = _attrs_structure(cls, converter)

        def unstructure(value: Any, _inner: Any = inner) -> dict[str, Any]:
            return {"version": STATE_VERSION, **_inner(value)}

        def structure(value: Any, cls: Any, _inner: Any = inner_structure) -> Any:
            if isinstance(value, dict) and "version" in value:
                if type(value["version"]) is not int or value["version"] != STATE_VERSION:
                    raise _Invalid(
                        f"unsupported state format version {_short(value['version'])} "
                        f"(this library reads version {STATE_VERSION})"
                    )
                value = {key: item for key, item in value.items() if key != "version"}
            return _inner(value, cls)

        converter.register_unstructure_hook(cls, unstructure)
        converter.register_structure_hook(cls, structure)
    for member in get_args(Event):
        inner = converter.get_unstructure_hook(member)
        inner_structure = _attrs_structure(member, converter)
        tag = member.__name__

        def unstructure_event(value: Any, _inner: Any = inner, _tag: str = tag) -> dict[str, Any]:
            return {"type": _tag, **_inner(value)}

        def structure_event(value: Any, cls: Any, _inner: Any = inner_structure) -> Any:
            if isinstance(value, dict) and "type" in value:
                if value["type"] != cls.__name__:
                    raise _Invalid(
                        f"expected an event of type {cls.__name__!r}, not {_short(value['type'])}"
                    )
                value = {key: item for key, item in value.items() if key != "type"}
            return _inner(value, cls)

        converter.register_unstructure_hook(member, unstructure_event)
        converter.register_structure_hook(member, structure_event)


def _structure_action(value: Any, _: Any) -> Action:
    if type(value) is not str:
        raise _Invalid(f"expected an action such as 'P2 bet 4', not {_json_kind(value)}")
    return parse_action(value)  # a ValueError naming the text and the problem


def _unstructure_action(action: Any) -> str:
    return str(action)


_OPEN_TABLE_FIELDS: Final = {
    "Rules": (
        "open_table",
        "max_buy_in",
        "rebuy",
        "missed_boots",
        "max_sit_out",
        "timeouts_to_sit_out",
        "forced_blinds",
    ),
    "Seat": ("sitting_out", "leaving", "timeouts", "missed_boot", "sat_out"),
}
"""The fields of the open tables (S1–S9, V22) that a document holds only when they
differ from their defaults, so that the document of a table that uses none of it is
what it always was (and an older document loads with the defaults)."""


def _omit_defaults(result: cattrs.Converter, cls: type, names: tuple[str, ...]) -> None:
    """Unstructure ``cls`` as usual, leaving out the fields ``names`` at their defaults."""
    from cattrs.gen import make_dict_unstructure_fn

    base: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, result)
    fields = attrs.fields_dict(cls)
    defaults = {name: fields[name].default for name in names}

    def unstructure(value: Any) -> dict[str, Any]:
        document: dict[str, Any] = base(value)
        for name, default in defaults.items():
            if getattr(value, name) == default:
                del document[name]
        return document

    result.register_unstructure_hook(cls, unstructure)


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
    checks. A state or view unstructured alone carries its ``"version"`` and an event
    its ``"type"`` tag, as in their documents. Do not register further hooks on it.

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
    result.register_unstructure_hook_func(
        _is_event_log, lambda log: [result.unstructure(event, Event) for event in log]
    )
    result.register_structure_hook_factory(_is_seat_mapping, _seat_mapping_structure)
    result.register_unstructure_hook_factory(_is_seat_mapping, _seat_mapping_unstructure)
    result.register_structure_hook(Action, _structure_action)
    result.register_unstructure_hook(Action, _unstructure_action)
    _configure_events(result)
    from ..rules import Rules
    from ..state import Seat

    # before the states' own hooks, which are generated from the hooks of their fields
    _omit_defaults(result, Rules, _OPEN_TABLE_FIELDS["Rules"])
    _omit_defaults(result, Seat, _OPEN_TABLE_FIELDS["Seat"])
    _configure_alone(result)
    return result
