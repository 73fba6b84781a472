r"""JSON for one thing at a time: actions, events, views and event streams (messages).

Every action, event and view has a JSON form tagged with its type, with one function
to write it and one to read it alone; a document that stands alone carries the format
version (:data:`MESSAGE_VERSION`):

- an action: ``{"version": 1, "type": "Bet", "seat": 2, "amount": 4}``
  (:func:`action_to_json`, :func:`action_from_json`);
- an event: ``{"version": 1, "type": "BetMade", "seat": 2, ...}``, the stream's own
  events (:class:`~teenpatti_rules.stream.CardsSeen`,
  :class:`~teenpatti_rules.stream.TableStatus`) included (:func:`event_to_json`,
  :func:`event_from_json`);
- a view: ``{"version": 1, "type": "View", "rules_id": "sha256:...", "rules": {...},
  "seed": null, ...}``, the fields of the state document with the viewing seat
  (:func:`view_to_json`, :func:`view_from_json`). The rules can be left out (sent
  once): :func:`rules_id` names them, and the reader is given them again;
- a stream message: ``{"version": 1, "type": "Events", "cursor": {...}, "events":
  [...]}`` (:func:`events_to_json`, :func:`events_from_json`).

Inside a document, records are objects of their fields as in the state format
(:mod:`teenpatti_rules.io.state_json`): cards as text, enums by value, hand ranks as
objects, events tagged; fields equal to their default may be left out (the writers
leave them out). The state and history documents keep their own format.

**Reading is strict**, like the state loader: JSON text only, a key given twice in one
object refused, unknown or missing fields refused, exact JSON types, sizes bounded
(:data:`~teenpatti_rules.limits.MAX_MESSAGE_CHARS` for an action or event,
:data:`~teenpatti_rules.limits.MAX_DOCUMENT_CHARS` for a view or stream message), an
action whose text form would not read back refused, and a view checked like a state
(:func:`~teenpatti_rules.engine.invariants.check`). Every problem is a
:class:`~teenpatti_rules.errors.HistoryError` (a :class:`ValueError`) naming it and its
path. A client that trusts its server reads views and stream messages with
``trusted=True``: no checks, a fast path. With the ``fast`` extra
(``pip install orjson``; from a clone ``pip install -e '.[fast]'``) writing and trusted reading
use it: the same text, a few times faster; the strict readers always use :mod:`json`.

>>> from teenpatti_rules import Bet, Deal, apply, new_session, view
>>> action_to_json(Bet(2, 4))
'{"version":1,"type":"Bet","seat":2,"amount":4}'
>>> action_from_json('{"version": 1, "type": "Bet", "seat": 2, "amount": 4}')
Bet(seat=2, amount=4)
>>> action_from_json('{"version": 1, "type": "Bet", "seat": 2, "amount": 4, "amount": 8}')
Traceback (most recent call last):
...
teenpatti_rules.errors.HistoryError: malformed action JSON: duplicate key 'amount' in an object
>>> state = apply(new_session(["A", "B", "C"], seed=7, dealer=0), Deal(0))
>>> mine = view(state, 1)
>>> text = view_to_json(mine, rules=False)
>>> view_from_json(text, rules=state.rules) == mine
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any, Final

from ..actions import ACTION_TYPES, Action, Join, parse_action
from ..errors import HistoryError
from ..limits import MAX_CHIPS, MAX_DOCUMENT_CHARS, MAX_MESSAGE_CHARS
from ..records import EventLog
from ..rules import Rules
from ..state import HandResult, Seat
from ..stream import STREAM_EVENT_TYPES, Cursor, StreamEvent
from ..views import View
from .codec import _json_kind, _short, converter
from .documents import bad_document, describe_error, load_document, structure
from .fast import TAG, reader, writer
from .json_text import ENCODE as _ENCODE
from .json_text import TRUSTED_DECODE as _TRUSTED_DECODE
from .message_checks import check_event, check_name

__all__ = [
    "MESSAGE_VERSION",
    "action_from_json",
    "action_to_json",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "events_to_json",
    "rules_id",
    "view_from_json",
    "view_to_json",
]

MESSAGE_VERSION: Final = 1
"""The format version of action, event, view and stream documents."""


_ACTIONS: Final = {cls.__name__: cls for cls in ACTION_TYPES}
_EVENTS: Final = {cls.__name__: cls for cls in STREAM_EVENT_TYPES}
_EVENT_WRITERS: Final[dict[type[Any], Callable[[Any], Any]]] = {}
_EVENT_READERS: Final[dict[str, Callable[[Any], Any]]] = {}
_RULES_IDS: dict[Rules, tuple[str, dict[str, Any]]] = {}
"""A table's rules → their :func:`rules_id` and JSON body. Keyed by value (a
:class:`Rules` is frozen and hashable, its hash cached): an equal :class:`Rules` finds
the same entry. Emptied when it holds 256 tables' rules."""
_VIEW_SPLICED: Final = frozenset({"rules", "seats", "result", "events"})
_FRAGMENTS: dict[int, tuple[Any, str]] = {}
_MAX_FRAGMENTS: Final = 1 << 14
_LOGS: dict[int, tuple[list[Any], int, str]] = {}
_MAX_LOGS: Final = 1 << 10
"""The most records whose JSON :func:`view_to_json` keeps (a few MB at most)."""


_SEAT_WRITER: Final = writer(Seat)
_RESULT_WRITER: Final = writer(HandResult)


def _rules_entry(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The :func:`rules_id` of ``rules`` and their JSON body (shared: do not change it).

    :raises TypeError: if ``rules`` is not a :class:`Rules`.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules record, not {_short(rules)}")
    entry = _RULES_IDS.get(rules)
    if entry is None:
        body = converter().unstructure(rules)
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest = "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
        if len(_RULES_IDS) >= 256:
            _RULES_IDS.clear()
        entry = _RULES_IDS[rules] = (digest, body)
    return entry


def rules_id(rules: Rules) -> str:
    """A stable id of a table's rules: ``"sha256:"`` and the SHA-256 of their canonical
    JSON (every field, keys sorted, no spaces). Equal rules have equal ids, in every run.

    :param rules: a :class:`~teenpatti_rules.rules.Rules`.
    :returns: ``"sha256:<64 hex digits>"``.
    :raises TypeError: if ``rules`` is not a Rules.

    >>> rules_id(Rules()) == rules_id(Rules(boot=1)) != rules_id(Rules(boot=2))
    True
    """
    return _rules_entry(rules)[0]


def _event_writer(cls: type[Any]) -> Callable[[Any], Any]:
    write = _EVENT_WRITERS.get(cls)
    if write is None:
        if cls not in STREAM_EVENT_TYPES:
            raise TypeError(f"not an event: {cls.__name__}")
        write = _EVENT_WRITERS[cls] = writer(cls, tagged=True)
    return write


def _load(text: str | bytes, what: str, limit: int) -> dict[str, Any]:
    """Parse a document of kind ``what`` (its size, JSON, duplicate keys, version)."""
    if isinstance(text, str | bytes | bytearray) and len(text) > limit:
        raise HistoryError(f"a {what} document is at most {limit} characters, not {len(text)}")
    return load_document(text, what, MESSAGE_VERSION)


def _tag(document: dict[str, Any], choices: dict[str, Any], what: str) -> Any:
    if TAG not in document:
        raise HistoryError(f"a {what} document needs its 'type' @ $.type", path="$.type")
    tag = document[TAG]
    if type(tag) is not str or tag not in choices:
        raise HistoryError(
            f"unknown {what} type {_short(tag)} (expected one of: {', '.join(choices)}) @ $.type",
            path="$.type",
        )
    return choices[tag]


def _body(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key not in ("version", TAG)}


def action_to_json(action: Action) -> str:
    """An action as a JSON document: ``{"version": 1, "type": "Bet", "seat": 2, "amount": 4}``.

    :param action: any :data:`~teenpatti_rules.actions.Action`.
    :returns: JSON text (one line, no spaces).
    :raises TypeError: if ``action`` is not an action.
    """
    if type(action) not in ACTION_TYPES:
        raise TypeError(f"not an action: {_short(action)}")
    return _ENCODE({"version": MESSAGE_VERSION, **writer(type(action), tagged=True)(action)})


def action_from_json(text: str | bytes) -> Action:
    """Read an action document written by :func:`action_to_json` (strict).

    :param text: JSON text (str or UTF-8 bytes), at most
        :data:`~teenpatti_rules.limits.MAX_MESSAGE_CHARS` characters.
    :returns: the action.
    :raises HistoryError: (a :class:`ValueError`) naming the problem and its path:
        malformed JSON, a key twice, another version, an unknown type or field, a
        wrongly typed value, or an action out of the text form's bounds (a negative
        seat, an amount past 18 digits; :func:`~teenpatti_rules.actions.parse_action`
        must read its text back), or a :class:`~teenpatti_rules.actions.Join` whose name
        :func:`~teenpatti_rules.names.check_name` would refuse (control or invisible
        characters, S1).
    """
    document = _load(text, "action", MAX_MESSAGE_CHARS)
    cls = _tag(document, _ACTIONS, "action")
    action: Action = structure(_body(document), cls, "action")
    try:
        same = parse_action(str(action)) == action
    except ValueError as error:
        raise HistoryError(f"bad action document: {error} @ $", path="$") from None
    if not same:
        raise HistoryError(f"bad action document: {_short(action)} @ $", path="$")
    if isinstance(action, Join):
        check_name(action.name, "$.name", "action", normalised=False)
    return action


def event_to_json(event: StreamEvent) -> str:
    """An event as a JSON document: ``{"version": 1, "type": "BetMade", ...}``.

    :param event: any :data:`~teenpatti_rules.events.Event`, or an event of a stream
        (:class:`~teenpatti_rules.stream.CardsSeen`,
        :class:`~teenpatti_rules.stream.TableStatus`).
    :returns: JSON text.
    :raises TypeError: if ``event`` is not one.
    """
    return _ENCODE({"version": MESSAGE_VERSION, **_event_writer(type(event))(event)})


def event_from_json(text: str | bytes) -> StreamEvent:
    """Read an event document written by :func:`event_to_json` (strict).

    :param text: JSON text, at most :data:`~teenpatti_rules.limits.MAX_MESSAGE_CHARS`
        characters.
    :returns: the event.
    :raises HistoryError: naming the problem and its path (see :func:`action_from_json`),
        also for a seat number past any table's
        (26 seats, the most any table has) or a player's name that is not
        a checked, normalised name (:func:`~teenpatti_rules.names.normalise_name`, S1).
    """
    document = _load(text, "event", MAX_MESSAGE_CHARS)
    cls = _tag(document, _EVENTS, "event")
    event: StreamEvent = structure(_body(document), cls, "event")
    check_event(event, "$")
    return event


def view_to_json(seen: View, *, rules: bool = True) -> str:
    """A view as a JSON document (the fast path: generated from the records).

    :param seen: a :class:`~teenpatti_rules.views.View` (from
        :func:`~teenpatti_rules.views.view`).
    :param rules: False to leave the rules out: the document then holds only their
        :func:`rules_id`, and the reader passes the rules again.
    :returns: JSON text: ``"version"``, ``"type": "View"``, ``"rules_id"``, the
        ``"rules"`` (unless left out), then the view's fields; fields equal to their
        default are left out. The log is the current hand's (between hands, the last
        hand's), as in the view.
    :raises TypeError: if ``seen`` is not a View.
    """
    if not isinstance(seen, View):
        raise TypeError(f"view_to_json needs a View (view(state, seat)), not {_short(seen)}")
    digest, body = _rules_entry(seen.rules)
    head: dict[str, Any] = {"version": MESSAGE_VERSION, TAG: "View", "rules_id": digest}
    if rules:
        head["rules"] = body
    head.update(writer(View, skip=_VIEW_SPLICED)(seen))
    seat_text = _fragments(seen.seats, _SEAT_WRITER)
    event_text = _log_text(seen.events)
    result = (
        "" if seen.result is None else f',"result":{_fragments((seen.result,), _RESULT_WRITER)}'
    )
    return f'{_ENCODE(head)[:-1]},"seats":[{seat_text}]{result},"events":[{event_text}]}}'


def _event_fragment_writer(event: Any) -> Any:
    return _event_writer(type(event))(event)


def _log_text(log: Iterable[Any]) -> str:
    """The JSON of a log's events, joined by commas. The logs of one hand share one list
    (:class:`~teenpatti_rules.records.EventLog`), whose first items never change: the
    text of the longest prefix seen so far is kept per list and extended.
    """
    if not isinstance(log, EventLog):
        return _fragments(log, _event_fragment_writer)
    items, n = log._items, len(log)
    entry = _LOGS.get(id(items))
    if entry is not None and entry[0] is items and entry[1] <= n:
        extra = _fragments(items[entry[1] : n], _event_fragment_writer)
        text = f"{entry[2]},{extra}" if entry[2] and extra else entry[2] or extra
    else:
        text = _fragments(log, _event_fragment_writer)
    if entry is None or entry[0] is not items or entry[1] < n:
        if len(_LOGS) >= _MAX_LOGS:
            _LOGS.clear()
        _LOGS[id(items)] = (items, n, text)
    return text


def _fragments(records: Iterable[Any], write: Callable[[Any], Any]) -> str:
    """The JSON of each record, joined by commas; each record's text is kept (by
    identity, at most :data:`_MAX_FRAGMENTS` of them): a hand's events and unchanged
    seats are shared by the states that follow, so each is encoded once.
    """
    cache = _FRAGMENTS
    parts = []
    for record in records:
        entry = cache.get(id(record))
        if entry is None or entry[0] is not record:
            if len(cache) >= _MAX_FRAGMENTS:
                cache.clear()
            entry = cache[id(record)] = (record, _ENCODE(write(record)))
        parts.append(entry[1])
    return ",".join(parts)


def view_from_json(text: str | bytes, *, rules: Rules | None = None, trusted: bool = False) -> View:
    """Read a view document written by :func:`view_to_json`.

    :param text: JSON text, at most :data:`~teenpatti_rules.limits.MAX_DOCUMENT_CHARS`.
    :param rules: the table's rules, needed when the document left them out (their
        :func:`rules_id` must be the document's); ignored when it holds them.
    :param trusted: True for a document from a trusted server: no checks at all (a
        fast path; the view is then used as the engine's own). False (default): strict.
        Never pass True for text from a player, a browser or any other untrusted
        source: a trusted view may then hold anything (cards it should not show,
        stacks no table reached, names with control characters) and nothing refuses it.
    :returns: the :class:`~teenpatti_rules.views.View`.
    :raises HistoryError: (strict) naming each problem and its path: malformed JSON,
        a key twice, another version or type, a missing, unknown or wrongly typed
        field, rules missing or of another id, a viewing seat that is not a seat, or
        a view the engine could not have reached (as
        :func:`~teenpatti_rules.io.state_json.state_from_json`);
        (trusted) when the document cannot be read at all.
    :raises TypeError: if ``rules`` is neither None nor a Rules.
    """
    from ..engine.invariants import check
    from ..engine.trust import vouch

    if trusted:
        try:
            document = _TRUSTED_DECODE(text)
            if document["version"] != MESSAGE_VERSION or document[TAG] != "View":
                raise ValueError("not a view document of this version")
            table = _view_rules(document, rules)
            result: View = reader(View, ("rules",))(document, table)
        except HistoryError:
            raise
        except Exception as error:
            raise HistoryError(f"unreadable view document: {describe_error(error, None)}") from None
        return vouch(result)
    document = _load(text, "view", MAX_DOCUMENT_CHARS)
    if document.get(TAG) != "View":
        raise HistoryError(
            f"a view document has 'type': 'View', not {_json_kind(document.get(TAG))} @ $.type",
            path="$.type",
        )
    table = _view_rules(document, rules)
    body = {key: value for key, value in _body(document).items() if key != "rules_id"}
    body["rules"] = _rules_entry(table)[1]
    seen: View = structure(body, View, "view")
    try:
        problems = list(check(seen))
        if seen.seat is not None and not 0 <= seen.seat < len(seen.seats):
            problems.append("a view's seat is a seat number or null @ $.seat")
        if seen.seed is not None or seen.undealt:
            problems.append("a view holds no seed and no undealt cards (R43) @ $")
    except Exception as error:  # a check that trips over a value; never expected
        problems = [f"{describe_error(error, None)} @ $"]
    if problems:
        raise bad_document("view document", problems)
    return vouch(seen)


def _view_rules(document: dict[str, Any], rules: Rules | None) -> Rules:
    """The rules of a view document: its own, or ``rules`` checked against its id."""
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules record or None, not {_short(rules)}")
    if "rules" in document:
        table: Rules = structure(document["rules"], Rules, "view")
        if "rules_id" in document and document["rules_id"] != rules_id(table):
            raise HistoryError("the view's rules_id is not the id of its rules @ $.rules_id")
        return table
    if rules is None:
        raise HistoryError(
            "the view document leaves its rules out: pass them (view_from_json(text, "
            "rules=...)) @ $.rules",
            path="$.rules",
        )
    if document.get("rules_id") != rules_id(rules):
        raise HistoryError(
            f"the view was written for rules {_short(document.get('rules_id'))}, not these "
            f"({rules_id(rules)}) @ $.rules_id",
            path="$.rules_id",
        )
    return rules


def events_to_json(events: Iterable[StreamEvent], cursor: Cursor) -> str:
    """A stream message: ``{"version": 1, "type": "Events", "cursor": {...}, "events": [...]}``.

    :param events: the events of :func:`~teenpatti_rules.stream.events_for`.
    :param cursor: the cursor it returned.
    :returns: JSON text.
    :raises TypeError: for an event that is not one.
    """
    return _ENCODE(
        {
            "version": MESSAGE_VERSION,
            TAG: "Events",
            "cursor": {"hand_number": cursor.hand_number, "position": cursor.position},
            "events": [_event_writer(type(event))(event) for event in events],
        }
    )


def events_from_json(
    text: str | bytes, *, trusted: bool = False
) -> tuple[tuple[StreamEvent, ...], Cursor]:
    """Read a stream message written by :func:`events_to_json`.

    :param text: JSON text, at most :data:`~teenpatti_rules.limits.MAX_DOCUMENT_CHARS`.
    :param trusted: True for a message from a trusted server: no checks (fast). Never
        for text from an untrusted source (see :func:`view_from_json`).
    :returns: ``(events, cursor)``, for :func:`~teenpatti_rules.stream.apply_events`.
    :raises HistoryError: naming the problem and its path (strict), or when the
        message cannot be read at all (trusted).
    """
    if trusted:
        try:
            document = _TRUSTED_DECODE(text)
            if document["version"] != MESSAGE_VERSION or document[TAG] != "Events":
                raise ValueError("not a stream message of this version")
            if not _EVENT_READERS:
                _EVENT_READERS.update((name, reader(cls)) for name, cls in _EVENTS.items())
            events = tuple(_EVENT_READERS[item[TAG]](item) for item in document["events"])
            place = document["cursor"]
            return events, Cursor(place["hand_number"], place["position"])
        except Exception as error:
            raise HistoryError(
                f"unreadable stream message: {describe_error(error, None)}"
            ) from None
    document = _load(text, "stream message", MAX_DOCUMENT_CHARS)
    if document.get(TAG) != "Events":
        raise HistoryError("a stream message has 'type': 'Events' @ $.type", path="$.type")
    body = _body(document)
    if set(body) != {"cursor", "events"}:
        raise HistoryError("a stream message holds exactly 'cursor' and 'events' @ $", path="$")
    cursor: Cursor = structure(body["cursor"], Cursor, "stream message")
    items = body["events"]
    if not isinstance(items, list):
        raise HistoryError("'events' is a list @ $.events", path="$.events")
    found: list[StreamEvent] = []
    for index, item in enumerate(items):
        where = f"$.events[{index}]"
        if not isinstance(item, dict):
            raise HistoryError(f"an event is an object @ {where}", path=where)
        cls = _tag(item, _EVENTS, "event")
        if "version" in item:
            raise HistoryError(
                f"an event inside a stream message has no 'version' @ {where}.version",
                path=f"{where}.version",
            )
        try:
            event = structure(_body(item), cls, "event")
            check_event(event, "$")
        except HistoryError as error:
            raise HistoryError(f"{error} (in {where})", path=where) from None
        found.append(event)
    if not (0 <= cursor.hand_number <= MAX_CHIPS and 0 <= cursor.position <= MAX_CHIPS):
        raise HistoryError(
            f"a cursor holds numbers 0..{MAX_CHIPS} (as events_for) @ $.cursor", path="$.cursor"
        )
    return tuple(found), cursor
