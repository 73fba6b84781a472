"""Hand histories: record a session, save it as JSON, load it and replay it.

A :class:`History` holds a session's inputs — the table's
:class:`~teenpatti_rules.rules.Rules`, the players, the seed, the first dealer, the
starting stacks — and every action in order. The engine is deterministic, so
that is the whole session: :func:`replay` rebuilds its final state and
:func:`replay_states` every state on the way. Servers persist tables with it,
researchers share games, bug reports carry exact reproductions.

>>> from teenpatti_rules import Bet, Deal, Look, apply
>>> history = History.start(["Asha", "Bilal", "Chen"], seed=7, dealer=0)
>>> state = history.initial_state()
>>> for action in [Deal(0), Look(1), Bet(1, 2)]:
...     state = apply(state, action)  # refuses an illegal action before it is recorded
...     history = history.record(action)
>>> replay(history) == state
True
>>> History.from_json(history.to_json()) == history
True

**The JSON format** (version :data:`HISTORY_VERSION`) is one object with the
fields of :class:`History` in order; the rules are an object of every
:class:`~teenpatti_rules.rules.Rules` field, and each action is its text form
(see :mod:`teenpatti_rules.actions`; :func:`~teenpatti_rules.actions.parse_action`
reads it back): ``"P1 bet 2"``, ``"P0 sideshow 8"``, ``"P2 accept"``, and
``"P0 deal"`` for a deal from the seed or ``"P0 deal As Kd Qh 2c …"`` with an
explicit deck. ``history.to_json(indent=2)`` gives::

    {
      "version": 1,
      "players": ["Asha", "Bilal", "Chen"],
      "seed": 7,
      "dealer": 0,
      "stacks": [100, 100, 100],
      "rules": {"boot": 1, "starting_boots": 100, ..., "stake_limit": null},
      "actions": ["P0 deal", "P1 look", "P1 bet 2"]
    }

(``indent`` puts every list item on its own line; shortened here.) A deal without
a deck is shuffled from the seed by :func:`~teenpatti_rules.dealing.shuffled_deck`,
so such a history replays identically under the same format version; record
explicit decks (``Deal(seat, deck)``) for histories that must not depend on the
shuffle at all.

:meth:`History.from_json` checks the document's types and that the session can
start (the same checks as :func:`~teenpatti_rules.state.new_session`), but does not
replay the actions: :func:`replay` does, and names the first action that is not
legal. To walk a history action by action, e.g. to print it::

    states = replay_states(history)
    state = next(states)                       # the state before any action
    for action, state in zip(history.actions, states):
        ...                                    # ``state`` is the state after ``action``
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from ..actions import ACTION_TYPES, Action, parse_action
from ..engine import apply
from ..errors import HistoryError
from ..limits import MAX_CHIPS, MAX_HISTORY_ACTIONS, MAX_SEED, check_table_chips, player_name, short
from ..rules import Rules
from ..state import State, new_session
from .codec import _short, converter
from .documents import bad_document as _bad_document
from .documents import load_document as _load_document
from .documents import structure as _structure

__all__ = ["HISTORY_VERSION", "History", "replay", "replay_states"]

HISTORY_VERSION: Final = 1
"""The version of the history format that :meth:`History.to_json` writes and
:meth:`History.from_json` reads. A document of any other version is refused."""


def _as_tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    """Turn an iterable into a tuple; a string is kept as it is, for the checks to refuse."""
    if isinstance(value, tuple | str) or not isinstance(value, Iterable):
        return value  # type: ignore[return-value]
    return tuple(value)


@attrs.frozen(kw_only=True)
class History:
    """A session's inputs and its actions, in order: enough to replay it exactly.

    Immutable: :meth:`record` returns a new history. Build one with
    :meth:`start` (or field by field, keywords only); :func:`replay` checks it.

    :param version: the format version, :data:`HISTORY_VERSION`.
    :param players: the display names, one per seat (as for
        :func:`~teenpatti_rules.state.new_session`), None for an empty chair (S1); a
        list becomes a tuple. Players who join later are in ``actions`` (S3): one
        history covers a table's life.
    :param seed: the session seed (any int): the first dealer and the deck of every
        deal without a deck come from it.
    :param dealer: the seat that deals the first hand (R5).
    :param stacks: the starting chips of each seat (R4), one int per player, None for
        an empty chair.
    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`; default the
        default table.
    :param actions: the actions applied, oldest first: any
        :data:`~teenpatti_rules.actions.Action`, deals with their explicit decks.
    """

    version: int = HISTORY_VERSION
    players: tuple[str | None, ...] = attrs.field(converter=_as_tuple)
    seed: int
    dealer: int
    stacks: tuple[int | None, ...] = attrs.field(converter=_as_tuple)
    rules: Rules = attrs.field(factory=Rules)
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_as_tuple)

    @classmethod
    def start(
        cls,
        players: Sequence[str | None],
        rules: Rules | None = None,
        *,
        seed: int,
        dealer: int | None = None,
        stacks: Sequence[int | None] | None = None,
    ) -> History:
        """The empty history of a new session; arguments as for
        :func:`~teenpatti_rules.state.new_session`.

        The first dealer and the stacks are recorded as resolved: the seed's
        dealer when ``dealer`` is None, ``boot * starting_boots`` chips each when
        ``stacks`` is None.

        :param players: distinct non-empty names, one per seat (R3).
        :param rules: the table's rules, or None for the default table.
        :param seed: the session seed (int).
        :param dealer: the first hand's dealer seat, or None to draw it from the seed.
        :param stacks: starting chips per seat (ints, at least the boot), or None.
        :returns: a :class:`History` with no actions; its :meth:`initial_state` is
            ``new_session(players, rules, seed=seed, dealer=dealer, stacks=stacks)``.
        :raises ValueError: as :func:`~teenpatti_rules.state.new_session`, for
            arguments that cannot start a session.

        >>> History.start(["A", "B", "C"], seed=1, dealer=2).stacks
        (100, 100, 100)
        """
        state = new_session(players, rules, seed=seed, dealer=dealer, stacks=stacks)
        return cls(
            players=tuple(seat.name for seat in state.seats),
            seed=seed,
            dealer=state.dealer,
            stacks=tuple(seat.stack if seat.in_session else None for seat in state.seats),
            rules=state.rules,
        )

    @classmethod
    def from_state(cls, state: State) -> History:
        """The empty history of the session that ``state`` begins.

        For a caller that started the session with
        :func:`~teenpatti_rules.state.new_session` and wants to record it from
        there.

        :param state: a session's first :class:`~teenpatti_rules.state.State`, as
            :func:`~teenpatti_rules.state.new_session` returned it (no hand dealt
            yet, with its seed).
        :returns: a :class:`History` with no actions whose :meth:`initial_state`
            equals ``state``.
        :raises HistoryError: (a :class:`ValueError`) for any other state: a
            history can only start at the start of a session (a state later in a
            session cannot be rebuilt from a seed and stacks alone; save it with
            :func:`~teenpatti_rules.io.state_json.state_to_json` instead).

        >>> from teenpatti_rules import new_session
        >>> History.from_state(new_session(["A", "B", "C"], seed=3, dealer=1)).dealer
        1
        """
        if not isinstance(state, State) or state.seed is None:
            raise HistoryError(f"from_state needs a State with its seed, not {_short(state)}")
        history = cls(
            players=tuple(seat.name for seat in state.seats),
            seed=state.seed,
            dealer=state.dealer,
            stacks=tuple(seat.stack if seat.in_session else None for seat in state.seats),
            rules=state.rules,
        )
        try:
            fresh = history.initial_state() == state
        except HistoryError:
            fresh = False
        if not fresh:
            raise HistoryError(
                "a history starts at a session's first state, as new_session returns it; "
                f"this state is not one (hand {state.hand_number}, phase {state.phase.value!r})"
            )
        return history

    def record(self, *actions: Action) -> History:
        """Return this history with ``actions`` appended; nothing is checked (see :func:`replay`).

        Record an action after :func:`~teenpatti_rules.engine.apply` accepted it,
        so that the history never holds an illegal action. Each call copies the
        action tuple; to record thousands of actions at once, pass them together.

        :param actions: the actions to append, oldest first.
        :returns: a new :class:`History`.
        """
        return attrs.evolve(self, actions=self.actions + actions)

    def initial_state(self) -> State:
        """The session's state before any action.

        :returns: ``new_session(players, rules, seed=seed, dealer=dealer,
            stacks=stacks)``.
        :raises HistoryError: (a :class:`ValueError`) if the fields cannot start a
            session (see :func:`replay`).
        """
        problems = _start_problems(self)
        if problems:
            raise _bad_document("history", problems)
        try:
            return new_session(
                self.players, self.rules, seed=self.seed, dealer=self.dealer, stacks=self.stacks
            )
        except Exception as error:  # the checks above mirror new_session's; never expected
            raise HistoryError(f"the session cannot start: {error} @ $", path="$") from error

    def to_json(self, *, indent: int | None = None) -> str:
        """Write the history as a JSON document of format :data:`HISTORY_VERSION`.

        :param indent: None (default) for one line, or the number of spaces to
            indent nested values by (every action then gets its own line).
        :returns: JSON text (see the module docstring for the format).
        :raises HistoryError: (a :class:`ValueError`) for a document that
            :meth:`from_json` would refuse: fields that cannot start a session
            (as :func:`replay` says), more than
            :data:`~teenpatti_rules.limits.MAX_HISTORY_ACTIONS` actions, or an
            action that is not an action or has no text form that reads back
            equal (e.g. a ``Deal`` with an empty deck or a non-card in its deck,
            a negative seat or amount: actions that are never legal);
            :attr:`~.HistoryError.index` names it.
        :raises TypeError: if another field holds a value that JSON cannot write.
        """
        problems = _start_problems(self)
        if problems:
            raise _bad_document("history", problems)
        for index, action in enumerate(self.actions):
            _check_text_form(index, action)
        document = converter().unstructure(self)
        return json.dumps(document, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> History:
        """Read a history written by :meth:`to_json`.

        :param text: the JSON document (str, or UTF-8 bytes).
        :returns: the :class:`History`; the actions are read but not replayed.
        :raises HistoryError: (a :class:`ValueError`) for anything but a valid
            document of format :data:`HISTORY_VERSION`: malformed JSON; a missing
            or other version; a missing, unknown or wrongly typed field; an action
            whose text does not parse (:attr:`~.HistoryError.index` is its index);
            fields that cannot start a session (too few players, a dealer that is
            no seat, stacks below the boot, ...). The message names each problem
            and its path, e.g. ``"unknown action verb 'fold' in 'P0 fold' (...) @
            $.actions[3]"``. No other exception escapes.

        >>> text = History.start(["A", "B", "C"], seed=1).to_json()
        >>> History.from_json(text.replace("[]", '["P0 deal", "P1 fold"]'))
        Traceback (most recent call last):
        ...
        teenpatti_rules.errors.HistoryError: bad history document: unknown action ... @ $.actions[1]
        """
        document = _load_document(text, "history", HISTORY_VERSION)
        history: History = _structure(document, cls, "history")
        problems = _start_problems(history)
        if problems:
            raise _bad_document("history document", problems)
        return history


def _check_text_form(index: int, action: object) -> None:
    """Refuse an action whose text form would not read back as the same action."""
    try:
        ok = isinstance(action, ACTION_TYPES) and parse_action(str(action)) == action
    except ValueError:
        ok = False
    if not ok:
        raise HistoryError(
            f"action {index}, {_short(action)}, has no text form that reads back equal "
            f"(it is never legal) @ $.actions[{index}]",
            path=f"$.actions[{index}]",
            index=index,
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _start_problems(history: History) -> list[str]:
    """Why ``history``'s fields cannot start a session (as ``new_session`` would say),
    as ``"description @ path"`` strings; empty when they can.
    """
    problems: list[str] = []
    if not isinstance(history, History):
        return [f"not a History: {_short(history)} @ $"]
    if history.version != HISTORY_VERSION:
        problems.append(
            f"unsupported history format version {_short(history.version)} "
            f"(this library reads version {HISTORY_VERSION}) @ $.version"
        )
    rules = history.rules
    if not isinstance(rules, Rules):
        return [*problems, f"not a Rules record: {_short(rules)} @ $.rules"]
    players = history.players
    if not isinstance(players, tuple):
        return [*problems, f"players is a list of names, not {_short(players)} @ $.players"]
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        problems.append(
            f"a session needs {rules.min_players} to {rules.max_players} players, "
            f"not {n} (R3) @ $.players"
        )
        return problems  # the checks below are per player: never more than MAX_SEATS
    first: dict[str, int] = {}
    for i, name in enumerate(players):
        if name is None:  # an empty chair (S1)
            continue
        try:
            text = player_name(name, "a player's name")
        except ValueError as error:
            problems.append(f"{error} @ $.players[{i}]")
            continue
        if first.setdefault(text, i) != i:
            problems.append(
                f"player names must be distinct once normalised (NFC, stripped); "
                f"{short(text)} appears twice @ $.players[{i}]"
            )
    if not _is_int(history.seed):
        problems.append(f"the seed is an int, not {_short(history.seed)} @ $.seed")
    elif not -MAX_SEED < history.seed < MAX_SEED:
        problems.append(
            "the seed is an int of magnitude below 2**128 (limits.MAX_SEED), not "
            f"{_short(history.seed)} @ $.seed"
        )
    if not _is_int(history.dealer) or not 0 <= history.dealer < n:
        problems.append(f"the dealer is a seat 0..{n - 1}, not {_short(history.dealer)} @ $.dealer")
    stacks = history.stacks
    if not isinstance(stacks, tuple) or len(stacks) != n:
        problems.append(f"stacks holds one int per player ({n}), not {_short(stacks)} @ $.stacks")
    else:
        for i, stack in enumerate(stacks):
            if players[i] is None:
                if stack is not None:
                    problems.append(f"an empty chair has no stack (S1) @ $.stacks[{i}]")
                continue
            if not isinstance(stack, int) or not _is_int(stack) or stack < rules.boot:
                problems.append(
                    f"a starting stack is an int of at least the boot ({rules.boot}), "
                    f"not {_short(stack)} @ $.stacks[{i}]"
                )
            elif stack > MAX_CHIPS:
                problems.append(
                    f"a starting stack is at most {MAX_CHIPS} (limits.MAX_CHIPS), "
                    f"not {_short(stack)} @ $.stacks[{i}]"
                )
        if not problems:
            try:
                check_table_chips(rules, sum(stack or 0 for stack in stacks))
            except ValueError as error:
                problems.append(f"{error} @ $.stacks")
    if not isinstance(history.actions, tuple):
        problems.append(f"actions is a list of actions, not {_short(history.actions)} @ $.actions")
    elif len(history.actions) > MAX_HISTORY_ACTIONS:
        problems.append(
            f"a history holds at most {MAX_HISTORY_ACTIONS} actions, not "
            f"{len(history.actions)} @ $.actions"
        )
    else:
        for i, action in enumerate(history.actions):
            if not isinstance(action, ACTION_TYPES):
                problems.append(f"not an action: {_short(action)} @ $.actions[{i}]")
    return problems


def _replayed(history: History, state: State) -> Iterator[State]:
    yield state
    for index, action in enumerate(history.actions):
        try:
            state = apply(state, action)
        except Exception as error:  # IllegalActionError; anything else is an engine bug
            what = "is illegal" if isinstance(error, ValueError) else "failed"
            detail = str(error) if isinstance(error, ValueError) else repr(error)
            raise HistoryError(
                f"action {index} ({action}) {what}: {detail} @ $.actions[{index}]",
                path=f"$.actions[{index}]",
                index=index,
            ) from error
        yield state


def replay_states(history: History) -> Iterator[State]:
    """Every state of the session, lazily: the initial state, then the state after
    each action.

    The start is checked at once; each action when it is reached, so a printer
    sees the states before a bad action, then the error. Use :func:`replay` for
    all or nothing.

    :param history: a :class:`History`.
    :returns: an iterator of ``len(history.actions) + 1``
        :class:`~teenpatti_rules.state.State`; the last equals ``replay(history)``.
    :raises HistoryError: (a :class:`ValueError`) at once if ``history`` cannot
        start a session (see :func:`replay`); while iterating, for the first action
        that is not legal, with :attr:`~.HistoryError.index` its index.

    >>> from teenpatti_rules import Deal
    >>> states = list(replay_states(History.start(["A", "B", "C"], seed=1).record(Deal(0))))
    >>> [state.hand_number for state in states]
    [0, 1]
    """
    if not isinstance(history, History):
        raise HistoryError(f"replay needs a History, not {_short(history)} @ $", path="$")
    return _replayed(history, history.initial_state())


def replay(history: History) -> State:
    """Rebuild a session: :func:`~teenpatti_rules.state.new_session` from the
    history's fields, then :func:`~teenpatti_rules.engine.apply` each action.

    Replaying a history recorded from play gives a state equal (``==``) to the one
    played.

    :param history: a :class:`History` (e.g. from :meth:`History.from_json`).
    :returns: the :class:`~teenpatti_rules.state.State` after the last action.
    :raises HistoryError: (a :class:`ValueError`) if ``history`` is not a
        :class:`History`, has another version, cannot start a session (a problem
        :func:`~teenpatti_rules.state.new_session` would refuse: the message names
        the field, e.g. ``@ $.stacks[2]``), or holds an action that is not legal
        when it is reached: the message names its index and text and the engine's
        reason, e.g. ``"action 7 (P2 bet 4) is illegal: seat 2 may not bet: it is
        seat 4's turn @ $.actions[7]"``, and :attr:`~.HistoryError.index` is 7.
        Nothing is returned then. No other exception escapes.
    """
    last: State | None = None
    for state in replay_states(history):
        last = state
    assert last is not None
    return last
