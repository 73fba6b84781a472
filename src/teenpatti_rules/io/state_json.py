r"""Saving and loading a :class:`~teenpatti_rules.state.State` as JSON.

A server can store a table between requests with :func:`state_to_json` and read it
back with :func:`state_from_json`; the round trip is exact
(``state_from_json(state_to_json(s)) == s``), for full states and for
:func:`~teenpatti_rules.views.view`\ s alike (a view's ``seed`` is ``null`` and its
hidden cards are ``[]``). Hand histories (:mod:`teenpatti_rules.io.history`) use the
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

**The JSON format** (version :data:`~teenpatti_rules.io.codec.STATE_VERSION`) is one
object: ``"version"``,
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
  no card is dealt twice (the undealt cards of V16 and V20 included, and in a full
  state ``deck_left`` counts them); undealt cards only on an open-flush or draw
  table, and ``deck_left`` never past the table's deck (a view too); the indicator
  (W5) none before the first deal, else the card the log turned up;
- the dealer is a seat still in the session (R5);
- phase and actor agree: between hands nobody acts, no sideshow is pending and the
  pot is 0 (R42); ``AWAITING_DEAL`` needs two players in the session and a hand
  left under the hand limit; ``SESSION_OVER`` has its winners (R2, R8), and only
  then; before the first deal there is no result; between later hands the result
  is the last hand's; between hands no undealt cards are kept; ``placings`` (V19)
  are set only when the session is over, list every seat once, start with its
  winners and are the players still in the session by stack, then ``departed``
  (exactly the seats that left, each once);
- in a hand: the actor can still bet; two or more players can still bet (R40); the
  pot is below the pot limit (R37) and equals the chips put in this hand; the
  stake is at least the hand's boot (V18); every player in the session was dealt
  in and posted the boot (or, under a boot schedule, all it had); all-in players
  are in the hand with an empty stack; a ``SIDESHOW`` has its request, asked by a
  seen player of the seen player it asks (its previous player, R21, R30, or its
  next one, V17), whom the actor is; in a full state (with a seed) every dealt
  seat holds its three cards;
- the result's seats exist, its winnings are positive and sum to its pot, and hands
  are shown exactly when the hand did not end by packing; its open-flush rounds
  (V16) are on an open-flush table, three natural cards per existing seat, no
  card twice;
- every seat an event names exists, and every hand rank is the rank of its cards
  under the table's rules;
- what the events say: counts and amounts are ints up to
  :data:`~teenpatti_rules.limits.MAX_CHIPS` (chips at most those at the table); the
  log is of the state's hand; a draw (V20) is of 1 to ``hand_size`` cards at
  ``draw_price`` each, a seat's draws at most ``max_draws`` cards in all, on a draw
  table only; an open flush (V16) on an open-flush table only, three natural cards
  a seat (printed jokers are passed over), none twice nor in a hand or the
  indicator, ranked by R13–R16 with the table's sequence order; a showdown's hands
  share no card; the seed (a full state) is below
  :data:`~teenpatti_rules.limits.MAX_SEED` in magnitude.

A view (``seed`` null) loads as a :class:`~teenpatti_rules.views.View`, with hidden
cards and the viewing seat (``"seat"``: a seat number, or null, the default, for
spectators); the engine cannot compare hidden cards, so a view is for display:
applying actions to a view is not supported.
"""

from __future__ import annotations

import json

from ..engine.invariants import check
from ..engine.trust import vouch
from ..state import State
from .codec import STATE_VERSION, _short, converter
from .documents import bad_document, describe_error, load_document, structure

__all__ = ["STATE_VERSION", "state_from_json", "state_to_json"]


def state_to_json(state: State, *, indent: int | None = None) -> str:
    r"""Write a state (or a view) as a JSON document of format
    :data:`~teenpatti_rules.io.codec.STATE_VERSION`.

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
        of format :data:`~teenpatti_rules.io.codec.STATE_VERSION`: malformed JSON; a
        missing or other version;
        a missing, unknown or wrongly typed field; a value out of its range; or a
        state the engine could not have reached (see this module's docstring). The
        message names each problem and its path, e.g. ``"expected an int, not a
        string '3' @ $.seats[1].stack"``; :attr:`~.HistoryError.path` holds the
        first path. No other exception escapes.
    """
    document = load_document(text, "state", STATE_VERSION)
    body = {key: value for key, value in document.items() if key != "version"}
    from ..views import View

    is_view = body.get("seed", 0) is None  # a view: what one seat may know (R43)
    state: State = structure(body, View if is_view else State, "state")
    try:
        problems = check(state)
        seat = state.seat if isinstance(state, View) else None
        if seat is not None and not 0 <= seat < len(state.seats):
            problems = [*problems, "a view's seat is a seat number or null @ $.seat"]
    except Exception as error:  # a check that trips over a value; never expected
        problems = [f"{describe_error(error, None)} @ $"]
    if problems:
        raise bad_document("state document", problems)
    return vouch(state)
