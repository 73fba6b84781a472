"""The server's one door to the rules library: every call into ``teenpatti_rules`` that
the table server makes goes through this module (and its JSON half,
:mod:`teenpatti_rules.server.library_json`, whose names it re-exports), and nothing
else in :mod:`teenpatti_rules.server` imports the engine, the views or the codecs.

It calls what the library has for table servers: ``State.turn`` and
``apply(state, action, turn=)`` raising ``StaleActionError`` (S9),
``IllegalActionError.code`` and ``.rule``, ``legal_actions(state, seat)``,
``names.check_name`` (S1), ``Timeout`` (S6), the JSON messages of
:mod:`teenpatti_rules.io.messages` and the per-seat event stream of
:mod:`teenpatti_rules.stream` (R43) with its narration (``describe_events``), and open
tables: a session of empty chairs (S1) that players ``Join`` (S3), ``Leave`` (S4), sit
out and in (S5), time out of (S6) and add chips to (S7).

Every function is pure or reads only its arguments; none blocks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .. import engine as _engine
from .. import names as _names
from .. import stream as _stream
from ..actions import ACTION_TYPES, Action, Deal, Join, Timeout
from ..errors import HistoryError, IllegalActionError
from ..io import messages as _messages
from ..io.history import History, replay
from ..presets import PRESETS, find_variant
from ..rules import Rules
from ..state import Phase, State, new_session
from ..stream import Cursor
from ..text.narrate import describe_events
from ..views import view
from .library_json import (
    action_to_json,
    dumps,
    events_text,
    legal_json,
    rules_to_json,
    view_cursor,
    view_json,
    view_text,
)

__all__ = [
    "ACTION_NAMES",
    "Chooser",
    "Cursor",
    "Refusal",
    "action_from_json",
    "action_to_json",
    "apply_at_turn",
    "bot_chooser",
    "buy_in_refusal",
    "check_name",
    "deal_action",
    "events_text",
    "is_deal",
    "join_action",
    "legal_json",
    "narration",
    "narration_since",
    "occupant",
    "phase_name",
    "preset_list",
    "rules_from_request",
    "rules_to_json",
    "seat_actions",
    "start_history",
    "timeout_action",
    "turn_of",
    "view_cursor",
    "view_json",
    "view_text",
]

Chooser = Callable[[State, int, random.Random], Action | None]
"""An automatic player: ``(view, seat, rng) -> Action | None`` (R44)."""

ACTION_NAMES: Final[Mapping[str, type[Action]]] = {cls.__name__: cls for cls in ACTION_TYPES}
"""Action classes by their JSON ``"type"`` tag (the class name)."""


class Refusal(Exception):
    """An action the table refuses, in the form a client is sent.

    :param code: a stable machine-readable reason: the server's own (``"not_your_seat"``,
        ``"bad_action"``, ``"table_deals"``, ``"bad_name"`` ...) or the library's
        ``IllegalActionError.code`` (``"stale_turn"``, ``"not_your_turn"`` ...).
    :param message: the reason in words, for people.
    :param rule: the rule id it applies (``"R30"``) when known, else None.
    """

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        """The refusal as the fields of a ``refused`` message: code, rule, message."""
        return {"code": self.code, "rule": self.rule, "message": self.message}


def turn_of(state: State) -> int:
    """The state's turn number, :attr:`~teenpatti_rules.state.State.turn` (S9).

    :param state: the table's state.
    :returns: the turn number (0 in a new session).
    """
    return state.turn


def _refusal(error: IllegalActionError) -> Refusal:
    """The library's refusal as the client is sent it: its
    ``IllegalActionError.code``, ``.rule`` and message.
    """
    return Refusal(error.code, str(error), error.rule)


def apply_at_turn(state: State, action: Action, turn: int | None) -> State:
    """Apply a player's action, refusing it when it was chosen at another turn (S9).

    :param state: the table's state.
    :param action: the action, its seat already checked to be the sender's.
    :param turn: the turn number the client saw, or None for no check (the table's
        own actions: deals and timeouts, which the server issues at the current turn).
    :returns: the next state (the library's :func:`~teenpatti_rules.engine.apply`).
    :raises Refusal: ``"stale_turn"`` (rule S9) for a turn action at another turn (the
        library's :class:`~teenpatti_rules.errors.StaleActionError`); else the
        library's refusal (R1–R44, S1–S9) with its code and rule.
    """
    try:
        return _engine.apply(state, action, turn=turn)
    except IllegalActionError as error:  # StaleActionError included: code "stale_turn"
        raise _refusal(error) from None


def seat_actions(state: State, seat: int) -> list[Action]:
    """The actions ``seat`` may choose now, deals left out (the table deals, R6).

    :param state: the table's state (or the seat's view).
    :param seat: the seat.
    :returns: the library's :func:`~teenpatti_rules.engine.legal_actions` of that seat
        (turn actions R22–R36, and the seat's own S4–S7 choices), in its order.
    """
    return list(_engine.legal_actions(state, seat))


def action_from_json(document: object, seat: int) -> Action:
    """Read a client's action (the shape of :func:`action_to_json`; ``seat`` and
    ``"version"`` may be left out) for the authenticated ``seat``, with the library's
    strict :func:`~teenpatti_rules.io.messages.action_from_json`.

    :param document: the decoded JSON value.
    :param seat: the sender's seat.
    :returns: the action.
    :raises Refusal: ``"bad_action"`` for anything but a well-formed action;
        ``"not_your_seat"`` when it names another seat; ``"table_deals"`` for a deal
        (R6); ``"table_clock"`` for a timeout (the table's clock applies it, S6);
        ``"table_seats"`` for a join (the lobby seats players, S3).
    """
    if not isinstance(document, dict):
        raise Refusal("bad_action", "an action is a JSON object with a 'type'")
    kind = document.get("type")
    cls = ACTION_NAMES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        names = ", ".join(ACTION_NAMES)
        raise Refusal("bad_action", f"unknown action type; expected one of: {names}")
    if cls is Deal:
        raise Refusal("table_deals", "the table deals, never a player", "R6")
    if cls is Timeout:
        raise Refusal("table_clock", "the table's clock applies a timeout, never a player", "S6")
    if cls is Join:
        raise Refusal("table_seats", "take a chair in the lobby: the table seats you", "S3")
    given = document.get("seat", seat)
    if type(given) is not int or given != seat:
        raise Refusal("not_your_seat", f"you play seat {seat}")
    key = _action_key(document, seat)
    found = None if key is None else _ACTIONS_READ.get(key)
    if found is not None:
        return found
    full = {"version": _messages.MESSAGE_VERSION, **document, "seat": seat}
    try:
        action = _messages.action_from_json(json.dumps(full))
    except (ValueError, TypeError) as error:  # HistoryError is a ValueError
        raise Refusal("bad_action", str(error)[:200]) from None
    if key is not None:
        if len(_ACTIONS_READ) >= 4096:  # bounded
            _ACTIONS_READ.clear()
        _ACTIONS_READ[key] = action
    return action


_ACTIONS_READ: dict[tuple[Any, ...], Action] = {}
"""Actions already read, by their document (players send the same few again and again);
only documents the strict reader accepted are here."""


def _action_key(document: dict[str, Any], seat: int) -> tuple[Any, ...] | None:
    """A key that tells two action documents apart exactly (each value's type too: a
    ``true`` is not a ``1``), or None for a document with other than str, int, bool or
    None values (it is read every time).
    """
    items: list[tuple[str, type[Any], Any]] = []
    for name, value in document.items():
        if not (value is None or type(value) in (str, int, bool)):
            return None
        items.append((name, type(value), value))
    items.sort(key=lambda item: item[0])
    return (seat, *items)


def narration(state: State, seat: int | None) -> list[str]:
    """The current hand's events that ``seat`` may see, in words, one line each.

    :param state: the table's state.
    :param seat: a seat, or None for spectators.
    :returns: the lines, oldest first (the library's ``describe_events`` of the
        view's log, R43).
    """
    seen = view(state, seat)
    names = [seat_.name for seat_ in state.seats]
    return describe_events(seen.events, names, pot_limit=state.rules.pot_limit)


def narration_since(state: State, events: Sequence[Any], stake: int, pot: int) -> list[str]:
    """The lines of a stream's new events only (one per log event; the stream's
    :class:`~teenpatti_rules.stream.CardsSeen` and ``TableStatus`` are not narrated).

    :param state: the table's state (for the names and the pot limit).
    :param events: the events of :func:`events_text`, in order.
    :param stake: the stake before them, in chips (the listener's last one; a
        ``HandStarted`` starts again at 0).
    :param pot: the pot before them, in chips.
    :returns: the lines, oldest first.
    """
    logged = [event for event in events if not isinstance(event, _STREAM_ONLY)]
    names = [seat_.name for seat_ in state.seats]
    return describe_events(logged, names, pot_limit=state.rules.pot_limit, stake=stake, pot=pot)


_STREAM_ONLY: Final = (_stream.CardsSeen, _stream.TableStatus)


def check_name(name: object, others: Sequence[str]) -> str:
    """A player's name checked at the door (S1): the library's
    :func:`teenpatti_rules.names.check_name` (normalised, within limits, distinct from
    the names already seated).

    :param name: the name as sent (untrusted).
    :param others: the names already seated.
    :returns: the normalised name.
    :raises ValueError: naming the problem (a ``TypeError`` too for a non-str).
    """
    return _names.check_name(name, others)


def rules_from_request(preset: object, fields: object) -> Rules:
    """The rules of a new table: a preset (``"classic"`` when None) with ``Rules``
    fields over it, validated by the library.

    :param preset: a preset name or None.
    :param fields: a JSON object of ``Rules`` fields, or None.
    :returns: the rules.
    :raises ValueError: naming the bad preset or field.
    """
    name = "classic" if preset is None else preset
    if not isinstance(name, str) or name not in PRESETS:
        raise ValueError(f"unknown preset; expected one of: {', '.join(PRESETS)}")
    if fields is None:
        fields = {}
    if not isinstance(fields, dict) or not all(isinstance(key, str) for key in fields):
        raise ValueError("'rules' must be a JSON object of Rules fields")
    try:
        return find_variant(name, **fields)
    except TypeError as error:
        raise ValueError(str(error)) from None


def preset_list() -> list[dict[str, Any]]:
    """Every preset: its name and its description, for the lobby."""
    return [{"name": name, "summary": preset.summary} for name, preset in PRESETS.items()]


def start_history(
    rules: Rules, names: Sequence[str | None], seed: int, dealer: int | None = None
) -> tuple[History, State]:
    """A session's history (no actions yet) and its first state.

    :param rules: the table's rules.
    :param names: one per chair: a name, or None for an empty chair (S1); the server
        opens every table with empty chairs that players then :func:`join_action`.
    :param seed: the secret session seed.
    :param dealer: the first dealer, or None for the seed's choice (R5).
    :returns: ``(history, state)``.
    :raises ValueError: naming the problem (R3, R4).
    """
    state = new_session(list(names), rules, seed=seed, dealer=dealer)
    history = History.start(list(names), rules, seed=seed, dealer=state.dealer)
    return history, state


def history_json(history: History) -> str:
    """The history as the library's JSON document."""
    return history.to_json()


def history_from_json(text: str) -> History:
    """Read a stored history (the library's JSON document).

    :raises HistoryError: if it does not load.
    """
    return History.from_json(text)


def replay_history(history: History) -> State:
    """The state a history leads to (every action re-applied).

    :raises HistoryError: if an action does not apply.
    """
    return replay(history)


def deal_action(state: State) -> Deal:
    """The table's deal of the next hand, from the secret seed (R5, R6)."""
    return Deal(state.dealer)


def join_action(seat: int, name: str, stack: int | None = None) -> Join:
    """A player taking chair ``seat`` (S3).

    :param seat: an empty chair, or one whose player has left (S1).
    :param name: the name checked at the door (:func:`check_name`).
    :param stack: the chips it brings: None for the starting stack (R4), else one boot
        to ``max_buy_in`` (S3; the library refuses another amount when it is applied).
    :returns: the library's :class:`~teenpatti_rules.actions.Join`.
    """
    return Join(seat, name, stack)


def buy_in_refusal(rules: Rules, chairs: int, stack: int | None) -> Refusal | None:
    """The library's own refusal of a buy-in, asked before the ``Join`` can be applied
    (a chair taken during a hand joins at the hand's end, S3): a ``Join`` with ``stack``
    is applied to a new session of ``chairs`` empty chairs with these ``rules``, and
    what the library says of it is returned.

    :param rules: the table's rules.
    :param chairs: the table's number of chairs (S1).
    :param stack: the chips the player brings, or None for the starting stack (R4).
    :returns: None when the library accepts the stack; else its refusal: ``"buy_in"``
        (rule S3) for a stack outside one boot to ``max_buy_in``, ``"amount_type"``
        for a stack that is not an int, ``"table_chips"`` beyond the engine's limits.
    """
    if stack is None:
        return None
    empty = new_session([None] * chairs, rules, seed=0)
    try:
        _engine.apply(empty, Join(0, "buy-in", stack))
    except IllegalActionError as error:
        return _refusal(error)
    return None


def occupant(state: State, seat: int) -> str | None:
    """The name of the player in the session at chair ``seat``, or None when the chair
    is free: empty, or its player has left (S1, S4, R7).
    """
    found = state.seats[seat]
    return found.name if found.in_session else None


def between_hands(state: State) -> bool:
    """Whether players may join now (S3): no hand in play and the session not over."""
    return state.phase in (Phase.WAITING, Phase.AWAITING_DEAL)


def is_deal(action: Action) -> bool:
    """Whether an action is a deal."""
    return isinstance(action, Deal)


def timeout_action(state: State) -> Action | None:
    """What the table does for the seat whose time ran out, or None.

    :param state: the table's state.
    :returns: the library's :class:`~teenpatti_rules.actions.Timeout` of the actor (S6:
        it packs on its turn, and refuses a sideshow asked of it) while a player must
        act or answer; None when no one must act.
    """
    if state.actor is None or state.phase not in (Phase.BETTING, Phase.SIDESHOW):
        return None
    return Timeout(state.actor)


def waiting_for(state: State) -> int | None:
    """The seat the clock runs for: the player to act or to answer a sideshow."""
    if state.phase in (Phase.BETTING, Phase.SIDESHOW):
        return state.actor
    return None


def phase_name(state: State) -> str:
    """The phase's name (``"BETTING"``, ``"AWAITING_DEAL"``, ``"SESSION_OVER"`` ...)."""
    return state.phase.name


def bot_chooser(kind: str) -> Chooser:
    """An automatic player: ``"rule"`` (R44) or ``"equity"`` (numpy extra).

    :raises ValueError: for another kind.
    """
    if kind == "rule":
        from ..players.rule import choose

        return choose
    if kind == "equity":
        from ..players.equity import equity_player

        return equity_player()
    raise ValueError("a bot is 'rule' or 'equity'")


def bot_action(chooser: Chooser, state: State, seat: int, rng: random.Random) -> Action | None:
    """The bot's choice for ``seat`` from its view, deals left out (the table deals)."""
    action = chooser(view(state, seat), seat, rng)
    if action is None or isinstance(action, Deal):
        return None
    return action


__all__ += [
    "HistoryError",
    "between_hands",
    "bot_action",
    "dumps",
    "history_from_json",
    "history_json",
    "replay_history",
    "waiting_for",
]
