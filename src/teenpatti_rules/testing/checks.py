"""Checks an embedder asserts about what their code shows and keeps: no hidden card
leaks to a seat (R43), chips are conserved (R42), a replay gives the same states.

These need no hypothesis: call them from any test.

>>> from teenpatti_rules import Deal, apply, new_session, view
>>> state = apply(new_session(["A", "B", "C"], seed=1, dealer=0), Deal(0))
>>> assert_no_leak(view(state, 1), state, 1)
>>> assert_no_leak({"cards": [str(card) for card in state.seats[2].cards]}, state, 1)
Traceback (most recent call last):
...
AssertionError: seat 1 is shown ... which it may not see (R43): ...
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence

import attrs

from ..actions import Action
from ..cards import Card, table_deck
from ..engine import apply
from ..io.history import History, replay
from ..state import HandResult, Phase, State
from ..views import may_see_cards

__all__ = [
    "assert_chips_conserved",
    "assert_no_leak",
    "assert_replay_equal",
    "hidden_cards",
]

_MAX_DEPTH = 64
"""How deep :func:`assert_no_leak` walks nested containers (a guard against cycles)."""


def hidden_cards(state: State, seat: int | None) -> frozenset[Card]:
    """The cards ``seat`` may not know in ``state`` (R43): the hands it may not see
    (its own before it looks, R22; the others' unless a show turned them up, R35–R40,
    or a private sideshow showed them, V17) and the cards not dealt yet.

    :param state: the true state (not a view: a view has no hidden cards left).
    :param seat: a seat number, or None for a spectator.
    :returns: the set of cards that must not reach ``seat``.
    :raises ValueError: if ``state`` is a view.
    """
    if state.is_view:
        raise ValueError("hidden_cards needs the true state, not a view")
    hidden: set[Card] = set(state.undealt)
    for number, other in enumerate(state.seats):
        if not may_see_cards(state, seat, number):
            hidden.update(other.cards)
    if state.indicator is not None:
        hidden.discard(state.indicator)  # W5: turned up for everyone
    return frozenset(hidden)


def assert_no_leak(view_or_events: object, state: State, seat: int | None) -> None:
    """Assert that what a seat is shown holds no card it may not know (R43).

    ``view_or_events`` is whatever your code sends to ``seat``: a
    :class:`~teenpatti_rules.views.View`, events, any nesting of attrs records,
    tuples, lists, sets and mappings, or text (JSON or not): every
    :class:`~teenpatti_rules.cards.Card` found in it, and every card's name (``"As"``)
    found as a word of a string, is compared with :func:`hidden_cards`. The result
    of the last hand (a :class:`~teenpatti_rules.state.HandResult` of an earlier hand
    number, R35–R40) is skipped: its cards have been dealt anew since.

    :param view_or_events: what ``seat`` is shown.
    :param state: the true state it was made from.
    :param seat: a seat number, or None for a spectator.
    :raises AssertionError: naming the leaked cards and where they were found.
    :raises ValueError: if ``state`` is a view.
    """
    hidden = hidden_cards(state, seat)
    if not hidden:
        return
    names = {str(card): card for card in hidden}
    leaks: list[str] = []
    _walk(view_or_events, "shown", hidden, names, leaks, 0, state.hand_number)
    if leaks:
        who = "a spectator" if seat is None else f"seat {seat}"
        raise AssertionError(
            f"{who} is shown {len(leaks)} card(s) which it may not see (R43): "
            + "; ".join(leaks[:5])
        )


def _walk(
    value: object,
    path: str,
    hidden: frozenset[Card],
    names: Mapping[str, Card],
    leaks: list[str],
    depth: int,
    hand: int,
) -> None:
    """Collect in ``leaks`` every hidden card found in ``value`` (at ``path``)."""
    if depth > _MAX_DEPTH:
        raise AssertionError(f"assert_no_leak: more than {_MAX_DEPTH} levels of nesting at {path}")
    if isinstance(value, Card):
        if value in hidden:
            leaks.append(f"{value} at {path}")
    elif isinstance(value, str | bytes | bytearray):
        # text: its JSON values if it is JSON, else its words
        text = value.decode("utf-8", "replace") if isinstance(value, bytes | bytearray) else value
        if text[:1] in "[{" and len(text) > 1:
            try:
                document = json.loads(text)
            except ValueError:
                document = None
            if document is not None:
                _walk(document, f"{path} (JSON)", hidden, names, leaks, depth + 1, hand)
                return
        for word in text.replace(",", " ").replace('"', " ").split():
            card = names.get(word.strip("()[]{}.:;'"))
            if card is not None:
                leaks.append(f"{card} in the text at {path}")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _walk(key, f"{path} key", hidden, names, leaks, depth + 1, hand)
            _walk(item, f"{path}[{key!r}]", hidden, names, leaks, depth + 1, hand)
    elif isinstance(value, HandResult) and value.hand_number != hand:
        return  # the last hand's turned-up cards: its cards are dealt anew since
    elif attrs.has(type(value)) and not isinstance(value, State | HandResult):
        try:
            found = _record_cards(value)  # a frozen record: its cards remembered by value
        except TypeError:  # not hashable
            found = tuple(_cards_in_fields(value))
        leaks.extend(f"{card} at {path}{where}" for where, card in found if card in hidden)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            item = getattr(value, field.name)
            _walk(item, f"{path}.{field.name}", hidden, names, leaks, depth + 1, hand)
    elif isinstance(value, Iterable) and not isinstance(value, int | float):
        for index, item in enumerate(value):
            _walk(item, f"{path}[{index}]", hidden, names, leaks, depth + 1, hand)


def _cards_in_fields(record: object) -> list[tuple[str, Card]]:
    """Every card object in a record's fields, with where it is (no text is read)."""
    everything = frozenset(table_deck(3))
    found: list[str] = []
    for field in attrs.fields(type(record)):  # type: ignore[arg-type]
        item = getattr(record, field.name)
        _walk(item, f".{field.name}", everything, {}, found, 1, -1)
    pairs = (entry.rsplit(" at ", 1) for entry in found)
    return [(where, Card.parse(card)) for card, where in pairs]


@functools.lru_cache(maxsize=65_536)
def _record_cards(record: object) -> tuple[tuple[str, Card], ...]:
    """:func:`_cards_in_fields` of a hashable record, remembered (equal records hold
    equal cards).
    """
    return tuple(_cards_in_fields(record))


def assert_chips_conserved(states: State | Sequence[State], total: int | None = None) -> None:
    """Assert that no chip is made or lost (R42): stacks plus pot stay ``total`` — on a
    state that keeps the chip ledger of S8 (``chips_brought`` above 0, every session
    :func:`~teenpatti_rules.state.new_session` starts), the stacks in the session plus
    the pot equal the chips brought less those taken away (R42 as S8 restates it) —, no
    stack is negative, the pot is what the seats paid in during a hand (R11, R23) and
    empty between hands (R18).

    :param states: one state or the states of a session in order.
    :param total: the chips at the table; None for the first state's.
    :raises AssertionError: naming the state (its index) and the broken count.
    :raises ValueError: if ``states`` is empty.
    """
    played = [states] if isinstance(states, State) else list(states)
    if not played:
        raise ValueError("assert_chips_conserved needs at least one state")
    expected = played[0].total_chips if total is None else total
    between = (Phase.AWAITING_DEAL, Phase.WAITING, Phase.SESSION_OVER)
    for index, state in enumerate(played):
        where = f"state {index} (hand {state.hand_number}, {state.phase.value})"
        if state.chips_brought:
            held = state.pot + sum(seat.stack for seat in state.seats if seat.in_session)
            owed = state.chips_brought - state.chips_taken
            if held != owed:
                raise AssertionError(f"{where}: {held} chips in the session, not {owed} (S8)")
        elif state.total_chips != expected:
            raise AssertionError(f"{where}: {state.total_chips} chips, not {expected} (R42)")
        negative = [n for n, seat in enumerate(state.seats) if seat.stack < 0]
        if negative:
            raise AssertionError(f"{where}: negative stack at seats {negative}")
        paid = sum(seat.contributed for seat in state.seats)
        if state.phase in between and state.pot != 0:
            raise AssertionError(f"{where}: {state.pot} chips in the pot between hands")
        if state.phase not in between and state.pot != paid:
            raise AssertionError(f"{where}: pot {state.pot} but the seats paid in {paid}")


def assert_replay_equal(start: State, played: Sequence[Action], final: State) -> None:
    """Assert that ``played`` replays from ``start`` to ``final``, both by
    :func:`~teenpatti_rules.engine.apply` and through a saved
    :class:`~teenpatti_rules.io.history.History` (its JSON text read back): the game
    is a pure function of the session's seed and the actions (R5, R10).

    :param start: a session's first state, as ``new_session`` returned it (with a seed).
    :param played: the actions applied since, in order.
    :param final: the state they led to (yours: a wrapper's, a saved one).
    :raises AssertionError: naming the first action after which a replay differs, or
        that the saved history does not give ``final``.
    :raises ~teenpatti_rules.errors.HistoryError: if ``start`` is not a session's first
        state.
    :raises ~teenpatti_rules.errors.IllegalActionError: if an action is illegal where
        it is replayed.
    """
    state = start
    for index, action in enumerate(played):
        state = apply(state, action)
        if index == len(played) - 1 and state != final:
            raise AssertionError(f"replaying {len(played)} actions ends elsewhere: after {action}")
    if not played and start != final:
        raise AssertionError("no actions, but the final state is not the start")
    saved = History.from_state(start).record(*played).to_json()
    again = replay(History.from_json(saved))
    if again != final:
        raise AssertionError("the saved history (JSON) replays to a different state")
