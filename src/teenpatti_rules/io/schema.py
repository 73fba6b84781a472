"""JSON Schemas of the library's documents, generated from the records (never by hand).

:func:`schema` returns the JSON Schema (draft 2020-12) of one document kind, so that
clients in other languages can check what they send and receive:

- ``"action"``, ``"event"``, ``"view"``, ``"events"`` (a stream message): the
  documents of :mod:`teenpatti_rules.io.messages`;
- ``"state"``: :func:`~teenpatti_rules.io.state_json.state_to_json` (a state or a
  view); ``"history"``: :meth:`~teenpatti_rules.io.history.History.to_json`.

Each schema is built from the fields and types of the records (:mod:`attrs` classes)
and the members of the :data:`~teenpatti_rules.actions.Action` and
:data:`~teenpatti_rules.events.Event` unions, so a new field, action or event is in it
without a change here. The package ships them in ``teenpatti_rules/schemas/`` (a test
checks that the shipped files equal a fresh generation; :func:`write_schemas`
rewrites them); ``teenpatti schema KIND`` prints one.

Every document the library writes validates against its schema; a schema refuses
what the strict readers refuse for its form (wrong JSON types, unknown or missing
fields, unknown tags, other versions), but not what only the reader's consistency
checks find (a state the engine could not reach).

>>> sorted(schema("action")["$defs"])[:3]
['AcceptSideShow', 'AcceptSideShowDocument', 'AddChips']
>>> schema("view")["properties"]["type"]
{'const': 'View'}
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import Any, Final, Literal, get_args, get_origin

import attrs

from ..actions import ACTION_TYPES, MAX_ACTION_TEXT, MAX_AMOUNT_DIGITS, MAX_SEAT_DIGITS
from ..cards import Card
from ..limits import MAX_LIST_ITEMS
from ..ranking import HandCategory, HandRank
from ..records import EventLog
from .codec import STATE_VERSION
from .fast import TAG, _default, _is_union, _optional_inner, fields_of

__all__ = ["SCHEMA_KINDS", "generate", "schema", "write_schemas"]

SCHEMA_KINDS: Final = ("action", "event", "view", "events", "state", "history")
"""The document kinds that have a schema."""

_DIRECTORY: Final = Path(__file__).resolve().parent.parent / "schemas"
_CARD: Final = {"type": "string", "pattern": "^(?:[2-9TJQKA][cdhs]|X[1-3])$"}
_SEAT_KEY: Final = "^(?:0|[1-9][0-9]{0,5})$"


class _Builder:
    """One schema under construction: its ``$defs`` and how each type is written."""

    def __init__(self) -> None:
        from ..stream import STREAM_EVENT_TYPES

        self.defs: dict[str, Any] = {}
        self.tagged: frozenset[type[Any]] = frozenset((*ACTION_TYPES, *STREAM_EVENT_TYPES))

    def ref(self, cls: type[Any]) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # reserved: recursive references end here
            self.defs[name] = self.record(cls)
        return {"$ref": f"#/$defs/{name}"}

    def record(self, cls: type[Any], *, skip: frozenset[str] = frozenset()) -> dict[str, Any]:
        """An object with the record's fields (those with a default optional)."""
        properties: dict[str, Any] = {}
        required: list[str] = []
        if cls in self.tagged:
            properties[TAG] = {"const": cls.__name__}
            required.append(TAG)
        action = cls in ACTION_TYPES
        for field, tp in fields_of(cls):
            if field.name in skip:
                continue
            value = self.value(tp)
            if action and value.get("type") == "integer":
                digits = MAX_SEAT_DIGITS if field.name == "seat" else MAX_AMOUNT_DIGITS
                value = {**value, "minimum": 0, "maximum": 10**digits - 1}
            properties[field.name] = value
            if _default(field) is attrs.NOTHING:
                required.append(field.name)
        shape: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            shape["required"] = required
        shape["additionalProperties"] = False
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        if doc:
            shape = {"description": " ".join(doc.split()), **shape}
        return shape

    def value(self, tp: Any) -> dict[str, Any]:
        """The schema of one value of type ``tp``, as the converter writes it."""
        simple = {int: "integer", bool: "boolean", str: "string", type(None): "null"}
        if tp in simple:
            return {"type": simple[tp]}
        if tp is Any:
            return {}
        if get_origin(tp) is Literal:
            return {"enum": list(get_args(tp))}
        if tp is Card:
            return dict(_CARD)
        if tp is HandRank:
            return self.hand_rank()
        if isinstance(tp, type) and issubclass(tp, Enum):
            return {"enum": [member.value for member in tp]}
        inner = _optional_inner(tp)
        if inner is not None:
            return {"anyOf": [self.value(inner), {"type": "null"}]}
        if _is_union(tp):
            members = get_args(tp)
            if all(cls in ACTION_TYPES for cls in members):  # inside a history: the text form
                return {"type": "string", "minLength": 1, "maxLength": MAX_ACTION_TEXT}
            return {"oneOf": [self.value(member) for member in members]}
        origin = get_origin(tp)
        if origin in (tuple, EventLog) or tp is EventLog:
            args = get_args(tp)
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return {
                    "type": "array",
                    "prefixItems": [self.value(a) for a in args],
                    "minItems": len(args),
                    "maxItems": len(args),
                }
            return {"type": "array", "items": self.value(args[0]), "maxItems": MAX_LIST_ITEMS}
        if origin in (Mapping, dict):
            return {
                "type": "object",
                "propertyNames": {"pattern": _SEAT_KEY},
                "additionalProperties": self.value(get_args(tp)[1]),
            }
        if attrs.has(tp):
            return self.ref(tp)
        raise TypeError(f"no schema for {tp!r}")

    def hand_rank(self) -> dict[str, Any]:
        if "HandRank" not in self.defs:
            self.defs["HandRank"] = {
                "description": "A hand rank: category, the three named ranks, strength.",
                "type": "object",
                "properties": {
                    "category": {"enum": [c.name.lower() for c in HandCategory]},
                    "ranks": {"type": "string", "pattern": "^[2-9TJQKA]{3}$"},
                    "strength": {"type": "integer"},
                    "wild_count": {"type": "integer", "minimum": 0, "maximum": 3},
                    "wilds": {"type": "string", "maxLength": 20},
                    "number": {"type": "integer"},
                },
                "required": ["category", "ranks", "strength"],
                "additionalProperties": False,
            }
        return {"$ref": "#/$defs/HandRank"}


def _versioned(shape: dict[str, Any], version: int) -> dict[str, Any]:
    """``shape`` (an object schema) with a required ``"version"``, first."""
    properties = {"version": {"const": version}, **shape["properties"]}
    return {
        **shape,
        "properties": properties,
        "required": ["version", *shape.get("required", [])],
    }


def generate(kind: str) -> dict[str, Any]:
    """A fresh JSON Schema of the document kind ``kind`` (see :data:`SCHEMA_KINDS`).

    :param kind: one of :data:`SCHEMA_KINDS`.
    :returns: the schema, a dict ready for :func:`json.dumps`.
    :raises ValueError: for another kind.
    """
    from ..state import State
    from ..stream import STREAM_EVENT_TYPES
    from ..views import View
    from .history import HISTORY_VERSION, History
    from .messages import MESSAGE_VERSION

    builder = _Builder()
    top: dict[str, Any]
    if kind in ("action", "event"):
        members = ACTION_TYPES if kind == "action" else STREAM_EVENT_TYPES
        variants = []
        for cls in members:
            builder.ref(cls)
            name = f"{cls.__name__}Document"
            builder.defs[name] = _versioned(builder.record(cls), MESSAGE_VERSION)
            variants.append({"$ref": f"#/$defs/{name}"})
        top = {"oneOf": variants}
    elif kind == "view":
        shape = builder.record(View, skip=frozenset({"rules"}))
        shape["properties"] = {
            TAG: {"const": "View"},
            "rules_id": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
            "rules": builder.value(typing.get_type_hints(View)["rules"]),
            **shape["properties"],
        }
        shape["required"] = [TAG, "rules_id", *shape["required"]]
        top = _versioned(shape, MESSAGE_VERSION)
    elif kind == "events":
        events = {"oneOf": [builder.ref(cls) for cls in STREAM_EVENT_TYPES]}
        cursor = {"hand_number": {"type": "integer", "minimum": 0}}
        cursor["position"] = {"type": "integer", "minimum": 0}
        top = _versioned(
            {
                "type": "object",
                "properties": {
                    TAG: {"const": "Events"},
                    "cursor": {
                        "type": "object",
                        "properties": cursor,
                        "required": ["hand_number", "position"],
                        "additionalProperties": False,
                    },
                    "events": {"type": "array", "items": events, "maxItems": MAX_LIST_ITEMS},
                },
                "required": [TAG, "cursor", "events"],
                "additionalProperties": False,
            },
            MESSAGE_VERSION,
        )
    elif kind == "state":
        builder.defs["StateDocument"] = _versioned(builder.record(State), STATE_VERSION)
        builder.defs["ViewDocument"] = _versioned(builder.record(View), STATE_VERSION)
        top = {"anyOf": [{"$ref": "#/$defs/StateDocument"}, {"$ref": "#/$defs/ViewDocument"}]}
    elif kind == "history":
        top = _versioned(builder.record(History), HISTORY_VERSION)
    else:
        raise ValueError(f"no schema kind {kind!r} (expected one of: {', '.join(SCHEMA_KINDS)})")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://teenpatti-rules.invalid/schemas/{kind}.json",
        "title": f"teenpatti_rules {kind} document",
        **top,
        "$defs": dict(sorted(builder.defs.items())),
    }


def _text(shape: dict[str, Any]) -> str:
    return json.dumps(shape, indent=1, ensure_ascii=False) + "\n"


@functools.cache
def _shipped(kind: str) -> str | None:
    path = _DIRECTORY / f"{kind}.json"
    return path.read_text(encoding="utf-8") if path.is_file() else None


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of the document kind ``kind``: the shipped file, or (if the
    package was installed without it) a fresh generation.

    :param kind: ``"action"``, ``"event"``, ``"view"``, ``"events"``, ``"state"`` or
        ``"history"``.
    :returns: a new dict each call (the caller may change it).
    :raises ValueError: for another kind.
    """
    if kind not in SCHEMA_KINDS:
        raise ValueError(f"no schema kind {kind!r} (expected one of: {', '.join(SCHEMA_KINDS)})")
    text = _shipped(kind)
    loaded: dict[str, Any] = json.loads(text) if text is not None else generate(kind)
    return loaded


def write_schemas(directory: Path | None = None) -> list[Path]:
    """Write every kind's schema, freshly generated, as ``KIND.json`` in ``directory``.

    :param directory: where to write; None for the package's ``schemas`` folder.
    :returns: the files written.
    """
    folder = _DIRECTORY if directory is None else Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in SCHEMA_KINDS:
        path = folder / f"{kind}.json"
        path.write_text(_text(generate(kind)), encoding="utf-8")
        written.append(path)
    _shipped.cache_clear()
    return written


def shipped_text(kind: str) -> str | None:
    """The shipped schema file of ``kind`` as text, or None (for the freshness test)."""
    return _shipped(kind)


def fresh_text(kind: str) -> str:
    """A fresh generation of ``kind`` as the text :func:`write_schemas` writes."""
    return _text(generate(kind))
