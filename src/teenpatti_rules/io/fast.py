"""The fast path of the JSON forms: writers and trusted readers generated from the records.

For every record class (an attrs class: :class:`~teenpatti_rules.state.Seat`, each
event and action, :class:`~teenpatti_rules.views.View` ...) this module generates, from
its fields and their types (never from a hand-written list), two plain functions:

- a *writer*: the record as JSON-ready values, exactly the form of the library's
  converter (:func:`~teenpatti_rules.io.codec.converter`), except that fields equal to
  their default are left out (the strict readers fill them in again);
- a *trusted reader*: the record again from those values, without any check. It is
  for documents from a trusted server only: the strict readers
  (:mod:`teenpatti_rules.io.messages`) check everything.

A member of the :data:`~teenpatti_rules.events.Event` or
:data:`~teenpatti_rules.actions.Action` union is written with its class name first,
``{"type": "BetMade", ...}``: the unions' members are read from the unions, so a new
member gets the same treatment without a change here.
"""

from __future__ import annotations

import functools
import operator
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Final, Literal, get_args, get_origin

import attrs

from ..cards import Card
from ..ranking import HandRank
from ..records import EventLog

__all__ = ["TAG", "reader", "tagged_members", "writer"]

TAG: Final = "type"
"""The key of a tagged JSON form: the record's class name."""

_CARD_BY_TEXT: Final = {str(card): card for card in (Card.from_index(i) for i in range(55))}

Unstructure = Callable[[Any], Any]
Structure = Callable[..., Any]
Convert = Callable[[Any], Any]


def tagged_members(union: Any) -> tuple[type[Any], ...]:
    """The record classes of a union type (``Event``, ``Action``), in its order."""
    return tuple(get_args(union))


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (typing.Union, __import__("types").UnionType)


def _optional_inner(tp: Any) -> Any | None:
    """``X`` for ``X | None``; None for anything else."""
    if _is_union(tp):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(get_args(tp)) == 2:
            return args[0]
    return None


def _identity(value: Any) -> Any:
    return value


def _is_tagged_union(tp: Any) -> bool:
    return _is_union(tp) and all(attrs.has(a) for a in get_args(tp))


def _write_rank(rank: HandRank) -> dict[str, Any]:
    from .codec import _unstructure_hand_rank

    return _unstructure_hand_rank(rank)


def _read_rank(value: Any) -> HandRank:
    """A hand rank from a trusted document (the strict one: ``codec._structure_hand_rank``)."""
    from .codec import _CATEGORY_BY_NAME, _RANK_BY_CHAR

    wilds = value.get("wilds")
    return HandRank(
        _CATEGORY_BY_NAME[value["category"]],
        value["strength"],
        tuple(_RANK_BY_CHAR[c] for c in value["ranks"]),
        wild_count=value.get("wild_count", 0),
        wilds=tuple(_CARD_BY_TEXT[c] for c in wilds.split()) if wilds else (),
        number=value.get("number"),
    )


def _sequence(tp: Any) -> Any:
    """For a sequence type (a tuple, an :class:`~teenpatti_rules.records.EventLog`):
    the list of the types of a fixed-length tuple's places, or the type of every item
    of any other; None for a type that is not a sequence.
    """
    origin = get_origin(tp)
    if origin not in (tuple, EventLog) and tp is not EventLog:
        return None
    args = get_args(tp)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return list(args)
    return args[0] if args else Any


def _or_none(convert: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``convert`` for an optional value (writer or reader alike): None stays None."""
    if convert is _identity:
        return _identity
    return lambda value: None if value is None else convert(value)


@attrs.frozen
class _Way:
    """Writing or reading: what each does with each kind of type. Which kind a type
    is, and how the kinds nest, is :func:`_converter`'s, for both ways at once.
    """

    card: Convert
    rank: Convert
    enum: Callable[[type[Enum]], Convert]
    union: Callable[[tuple[type[Any], ...]], Convert]
    places: Callable[[list[Convert]], Convert]
    items: Callable[[Convert], Convert]
    mapping: Callable[[Convert], Convert]
    record: Callable[[Any], Convert]


def _converter(tp: Any, way: _Way) -> Convert:
    """The writer or the trusted reader (``way``) of one value of type ``tp``.

    :raises TypeError: for a type without a JSON form.
    """
    if tp in (int, bool, str, type(None), Any) or get_origin(tp) is Literal:
        return _identity
    if tp is Card:
        return way.card
    if tp is HandRank:
        return way.rank
    if isinstance(tp, type) and issubclass(tp, Enum):
        return way.enum(tp)
    inner = _optional_inner(tp)
    if inner is not None:
        return _or_none(_converter(inner, way))
    if _is_tagged_union(tp):
        return way.union(get_args(tp))
    sequence = _sequence(tp)
    if isinstance(sequence, list):  # a tuple of fixed length: one converter per place
        return way.places([_converter(a, way) for a in sequence])
    if sequence is not None:
        return way.items(_converter(sequence, way))
    if get_origin(tp) in (Mapping, dict):
        return way.mapping(_converter(get_args(tp)[1], way))
    if attrs.has(tp):
        return way.record(tp)
    raise TypeError(f"no JSON form for {tp!r}")


def _write_union(members: tuple[type[Any], ...]) -> Convert:
    writers = {cls: writer(cls, tagged=True) for cls in members}
    return lambda value: writers[type(value)](value)


def _read_union(members: tuple[type[Any], ...]) -> Convert:
    readers = {cls.__name__: reader(cls) for cls in members}
    return lambda value: readers[value[TAG]](value)


def _write_places(writes: list[Convert]) -> Convert:
    return lambda value: [w(v) for w, v in zip(writes, value, strict=True)]


def _read_places(reads: list[Convert]) -> Convert:
    return lambda value: tuple(r(v) for r, v in zip(reads, value, strict=True))


def _write_items(write: Convert) -> Convert:
    if write is _identity:
        return list
    if write is str:
        return lambda value: [str(v) for v in value]
    return lambda value: [write(v) for v in value]


def _read_items(read: Convert) -> Convert:
    if read is _identity:
        return tuple
    return lambda value: tuple(map(read, value))


def _write_mapping(write: Convert) -> Convert:
    return lambda value: {str(k): write(v) for k, v in value.items()}


def _read_mapping(read: Convert) -> Convert:
    return lambda value: {int(k): read(v) for k, v in value.items()}


def fields_of(cls: type[Any]) -> list[tuple[attrs.Attribute[Any], Any]]:
    """``(field, resolved type)`` of every ``init`` field of the record class ``cls``."""
    hints = typing.get_type_hints(cls)
    return [(field, hints[field.name]) for field in attrs.fields(cls) if field.init]


def _default(field: attrs.Attribute[Any]) -> Any:
    """The field's default value (a factory called once), or ``attrs.NOTHING``."""
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()
    return default


def writer(cls: Any, tagged: bool = False, skip: frozenset[str] = frozenset()) -> Unstructure:
    """The generated writer of the record class ``cls`` (see the module docstring).

    :param cls: an attrs class.
    :param tagged: True to write ``"type": cls.__name__`` first.
    :param skip: names of fields not to write.
    :returns: a function from a ``cls`` instance to a dict of JSON-ready values.
    """
    return _writer(cls, tagged, skip)


@functools.cache
def _writer(cls: Any, tagged: bool, skip: frozenset[str]) -> Unstructure:
    namespace: dict[str, Any] = {}
    lines = ["def write(o):", f"    d = {{{TAG!r}: {cls.__name__!r}}}" if tagged else "    d = {}"]
    for field, tp in fields_of(cls):
        name = field.name
        if name in skip:
            continue
        write = _converter(tp, _WRITE)
        expr = f"o.{name}" if write is _identity else f"w_{name}(o.{name})"
        namespace[f"w_{name}"] = write
        default = _default(field)
        if default is attrs.NOTHING:
            lines.append(f"    d[{name!r}] = {expr}")
            continue
        namespace[f"default_{name}"] = default
        if default is None:
            test = f"o.{name} is not None"
        elif default is False or default == () or (type(default) is int and default == 0):
            test = f"o.{name}"
        else:
            test = f"o.{name} != default_{name}"
        lines.append(f"    if {test}:\n        d[{name!r}] = {expr}")
    lines.append("    return d")
    exec("\n".join(lines), namespace)
    function: Unstructure = namespace["write"]
    return function


def reader(cls: Any, skip: tuple[str, ...] = ()) -> Structure:
    """The generated trusted reader of the record class ``cls``: no checks (see the
    module docstring); a ``"type"`` key is ignored.

    :param cls: an attrs class.
    :param skip: names of fields not read from the document: the reader takes them as
        further positional arguments, in this order (``read(d, rules)``).
    :returns: a function from a dict of JSON values to a ``cls`` instance.
    """
    return _reader(cls, skip)


@functools.cache
def _reader(cls: Any, skip: tuple[str, ...]) -> Structure:
    namespace: dict[str, Any] = {"cls": cls}
    arguments = []
    for field, tp in fields_of(cls):
        name = field.name
        if name in skip:
            arguments.append(f"{name}={name}")
            continue
        read = _converter(tp, _READ)
        namespace[f"r_{name}"] = read
        get = f"d[{name!r}]" if read is _identity else f"r_{name}(d[{name!r}])"
        default = _default(field)
        namespace[f"default_{name}"] = default
        if default is attrs.NOTHING:
            arguments.append(f"{name}={get}")
        elif read is _identity:
            arguments.append(f"{name}=d.get({name!r}, default_{name})")
        else:
            arguments.append(f"{name}=({get} if {name!r} in d else default_{name})")
    params = "".join(f", {name}" for name in skip)
    code = f"def read(d{params}):\n    return cls(" + ", ".join(arguments) + ")"
    exec(code, namespace)
    function: Structure = namespace["read"]
    return function


_WRITE: Final = _Way(
    card=str,
    rank=_write_rank,
    enum=lambda tp: operator.attrgetter("value"),
    union=_write_union,
    places=_write_places,
    items=_write_items,
    mapping=_write_mapping,
    record=writer,
)
"""The writers: JSON-ready values, as the library's converter writes them."""

_READ: Final = _Way(
    card=_CARD_BY_TEXT.__getitem__,
    rank=_read_rank,
    enum=lambda tp: tp,
    union=_read_union,
    places=_read_places,
    items=_read_items,
    mapping=_read_mapping,
    record=reader,
)
"""The trusted readers: the values again from their JSON forms, unchecked."""
