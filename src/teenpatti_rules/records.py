"""What every frozen record of the library shares: fast copies with changes, no-op
copies, and an immutable mapping.

- :func:`evolve` is :func:`attrs.evolve` for the library's records, several times as
  fast (the reducer builds a state per action): its code is generated from each
  class's fields, so a new field can never be forgotten, and it skips ``__init__``
  (kept values are stored as they are; a record whose fields live in a plain storage
  base, :class:`~teenpatti_rules.state.State` and
  :class:`~teenpatti_rules.state.Seat`, is filled with plain stores).
- :func:`record` marks a class as an immutable record: :func:`copy.copy` and
  :func:`copy.deepcopy` return the record itself (an OpenSpiel state clone
  deep-copies; nothing in a record can change, so sharing is safe).
- :class:`FrozenDict` is the mapping held by records (``HandResult.winnings``, …):
  read-only, hashable, picklable.
- :class:`EventLog` is the event log held by a state (``State.events``): a read-only
  sequence that the next state extends without copying it, so a hand of k actions
  costs O(k), not O(k²); it takes no lock (safe from several threads: see
  :meth:`EventLog.appended`).
"""

from __future__ import annotations

import itertools
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

import attrs

__all__ = ["FrozenDict", "evolve", "evolver", "record"]

#: A type variable: a record class, or any type.
T = TypeVar("T")
#: A type variable: the keys of a :class:`FrozenDict`.
K = TypeVar("K")
#: A type variable: the values of a :class:`FrozenDict`, the events of an :class:`EventLog`.
V = TypeVar("V")

_KEEP: Any = object()
_EVOLVERS: dict[type[Any], Callable[..., Any]] = {}


def _fast_init(cls: type[Any]) -> bool:
    """Whether a copy of ``cls`` may skip ``__init__``: a slotted attrs class whose
    ``__init__`` only stores its fields (plain converters allowed: no validators, no
    ``__attrs_pre_init__`` or ``__attrs_post_init__``, no cached hash).
    """
    if "__slots__" not in cls.__dict__ or "_attrs_cached_hash" in cls.__slots__:
        return False
    if hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__"):
        return False
    for field in attrs.fields(cls):
        if not field.init or field.validator is not None or field.alias != field.name:
            return False
        if field.converter is not None and isinstance(field.converter, attrs.Converter):
            return False
    return True


def _storage(cls: type[Any]) -> type[Any] | None:
    """The plain base class whose slots hold ``cls``'s fields, if it has one: a class
    without a ``__setattr__`` of its own, whose layout ``cls`` keeps (``cls`` adds no
    slot). An instance of it is filled with plain attribute stores (``new.x = v``,
    which Python runs at the cost of a slot write), then becomes a ``cls`` by
    ``__class__`` assignment, allowed between a class and a subclass that adds no
    slot. Else None.
    """
    base = cls.__base__
    if base is None or base is object or cls.__dict__.get("__slots__") != ():
        return None
    if base.__basicsize__ != cls.__basicsize__:
        return None
    if any("__setattr__" in vars(klass) for klass in base.__mro__[:-1]):  # object's only
        return None
    for field in attrs.fields(cls):
        if type(getattr(base, field.name, None)) is not types.MemberDescriptorType:
            return None
    return base


def _make_evolver(cls: type[Any]) -> Callable[..., Any]:
    """The generated :func:`evolve` of ``cls``: a function of the record and keyword
    changes (every field is a keyword-only parameter, by default kept).

    When :func:`_fast_init` allows, the copy is built without ``__init__``, the kept
    values as they are (they were converted when first stored) and each changed value
    through its field's converter, if any: exactly what ``__init__`` would store, at a
    fraction of the cost (the reducer builds one state and a seat or two per action).
    The values are stored in an instance of the class's plain storage base
    (:func:`_storage`, see :class:`~teenpatti_rules.state.State`) that then becomes a
    ``cls``; without one, through the slot descriptors (a call each, about ten times
    a plain store).
    """
    fields = attrs.fields(cls)
    names = [field.name for field in fields]
    params = ", ".join(f"{name}=_KEEP" for name in names)
    storage = _storage(cls)
    namespace: dict[str, Any] = {"_KEEP": _KEEP, "cls": cls, "_new": object.__new__}
    if not _fast_init(cls):
        values = ", ".join(f"s.{name} if {name} is _KEEP else {name}" for name in names)
        body = f"    return cls({values})\n"
    else:
        namespace["_target"] = cls if storage is None else storage
        lines = ["    new = _new(_target)"]
        for field in fields:
            name = field.name
            value = name
            if field.converter is not None:
                namespace[f"_convert_{name}"] = field.converter
                value = f"_convert_{name}({name})"
            kept = f"s.{name} if {name} is _KEEP else {value}"
            if storage is not None:
                lines.append(f"    new.{name} = {kept}")
            else:
                namespace[f"_set_{name}"] = getattr(cls, name).__set__  # the slot's descriptor
                lines.append(f"    _set_{name}(new, {kept})")
        if storage is not None:
            lines.append("    new.__class__ = cls")
        body = "\n".join([*lines, "    return new"]) + "\n"
    exec(f"def evolve(s, *, {params}):\n{body}", namespace)
    evolver: Callable[..., Any] = namespace["evolve"]
    return evolver


def _same(self: T, memo: object = None) -> T:
    return self


def record(cls: type[T]) -> type[T]:
    """Class decorator for a frozen attrs class: :func:`evolve` support and no-op copies.

    :param cls: a frozen (and slotted) attrs class whose fields are all ``init``
        arguments, in order.
    :returns: ``cls``, with ``__copy__`` and ``__deepcopy__`` returning ``self``.
    """
    _EVOLVERS[cls] = _make_evolver(cls)
    cls.__copy__ = _same  # type: ignore[attr-defined]
    cls.__deepcopy__ = _same  # type: ignore[attr-defined]
    return cls


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the record ``inst`` with the given fields changed (like
    :func:`attrs.evolve`, for classes decorated with :func:`record`).

    :raises TypeError: for a field the class does not have.
    :raises KeyError: if ``type(inst)`` is not a :func:`record` class.
    """
    result: T = _EVOLVERS[type(inst)](inst, **changes)
    return result


def evolver(cls: type[T]) -> Callable[..., T]:
    """The :func:`evolve` of one record class, for the reducer's hot paths:
    ``evolver(State)(state, pot=0)`` is ``evolve(state, pot=0)`` without the lookup
    by class and one copy of the keyword arguments fewer (about 0.4 µs a call).

    :param cls: a :func:`record` class.
    :returns: a function ``(inst, **changes) -> inst's copy with the changes``.
    :raises KeyError: if ``cls`` is not a :func:`record` class.
    """
    function: Callable[..., T] = _EVOLVERS[cls]
    return function


class FrozenDict(Mapping[K, V]):
    """A read-only dict: a mapping that cannot change, hashable, picklable.

    Equal to any mapping with the same items (a plain ``dict`` included).

    >>> winnings = FrozenDict({0: 5})
    >>> winnings[0], winnings == {0: 5}, dict(winnings)
    (5, True, {0: 5})
    >>> winnings[1] = 3
    Traceback (most recent call last):
    ...
    TypeError: 'FrozenDict' object does not support item assignment
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(items) if items is not None else {}
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenDict):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return repr(self._data)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (self._data,))

    def __copy__(self) -> FrozenDict[K, V]:
        return self

    def __deepcopy__(self, memo: object) -> FrozenDict[K, V]:
        return self


class EventLog(Sequence[V]):
    """A read-only sequence of events (the log of ``State.events``) that a later state
    extends without copying.

    The states of one hand share one list: each log sees its own first ``len(log)``
    items, which never change. :meth:`appended` adds to the shared list when this log
    is its longest prefix (the usual case: each state is followed by one next state)
    and copies otherwise (two different actions applied to the same state), so every
    log keeps exactly its own items. Equal to any sequence with the same items (a
    tuple included), hashable, picklable; slices are tuples.

    >>> log = EventLog(("a", "b"))
    >>> longer = log.appended("c")
    >>> list(log), list(longer), longer[-1], longer[:2], log == ("a", "b")
    (['a', 'b'], ['a', 'b', 'c'], 'c', ('a', 'b'), True)
    """

    __slots__ = ("_hash", "_items", "_n")

    def __init__(self, items: Iterable[V] = ()) -> None:
        self._items: list[V] = list(items)
        self._n = len(self._items)
        self._hash: int | None = None

    @classmethod
    def _prefix(cls, items: list[V], n: int) -> EventLog[V]:
        log: EventLog[V] = cls.__new__(cls)
        log._items, log._n, log._hash = items, n, None
        return log

    def appended(self, *events: V) -> EventLog[V]:
        """A new log: this one's events, then ``events`` (this log is unchanged).

        Lock-free and safe from several threads: the shared list only grows, and a log
        reads only its own first ``len(log)`` items, which never change. When this log
        is the longest prefix, the events are added to the shared list in one
        ``list.extend`` (atomic), then checked to be the ones at this log's end (by
        identity): if another thread's events got there first, this log copies its
        prefix instead (a branch), so every log keeps exactly its own items.
        """
        items, n = self._items, self._n
        if n and len(items) == n:  # the longest prefix: try to share the list
            items.extend(events)
            for i, event in enumerate(events, n):  # a loop: cheaper than all() on each step
                if items[i] is not event:
                    break  # another thread's events got there first
            else:
                return EventLog._prefix(items, n + len(events))
        # a branch, the empty log, or a lost race: a list of its own
        return EventLog._prefix([*itertools.islice(items, n), *events], n + len(events))

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> V: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[V, ...]: ...

    def __getitem__(self, index: int | slice) -> V | tuple[V, ...]:
        if isinstance(index, slice):
            return tuple(self._items[: self._n][index])
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("event log index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[V]:
        return itertools.islice(self._items, self._n)

    def __add__(self, other: Iterable[V]) -> EventLog[V]:
        return self.appended(*other)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._n == other._n and (
                self._items is other._items or self._items[: self._n] == other._items[: other._n]
            )
        if isinstance(other, tuple | list):
            return self._n == len(other) and self._items[: self._n] == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(self))
        return self._hash

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventLog, (tuple(self),))

    def __copy__(self) -> EventLog[V]:
        return self

    def __deepcopy__(self, memo: object) -> EventLog[V]:
        return self
