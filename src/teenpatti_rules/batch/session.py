"""Sessions at many tables: stacks, the button, leavers and placings carried from hand to
hand (R2, R4–R9, V13, V18, V19, V21), for ``BatchEnv(..., sessions=True)``.

A :class:`SessionBatchState` is a :class:`~teenpatti_rules.batch.state.BatchState` with
fourteen more arrays: the session (9 bytes per seat and 5 per table), the turn number
(S9, 8 bytes per table) and the last hand that ended, from which ``to_state`` rebuilds
the reducer's ``result`` while the next hand is played (``6 + H`` bytes per seat at
``H`` cards a hand, V12, and 4 per table): ``18 P + 17`` bytes per table at three
cards a hand, 143 at 7 seats.
Each row plays the hands of one session as the reducer does after each hand: every
player whose stack is below ``rules.leaving_stack`` leaves (R7: the boot; V18: 0
chips), the session is over when one player is left or at the hand limit (R2, R8),
and the next hand is dealt with the stacks carried over, to the players still in
(R9), by the dealer R5 moves the button to (V21: the winner), with the boot of its
hand number (V18). Who left is kept with the hand they left after and their stack
at its start, from which the placings are built (V19).

The deal stays that of ``P`` seats: the seats that left get cards too, out of play,
and the reducer is handed the cards of the seats in the hand, dealt as R10 deals
them to ``k`` players, followed by the rest of the batch deck
(:func:`~teenpatti_rules.batch.session_replay.reducer_deck`): a row's hand replays
exactly, and so do its V8 indicator, its V16 open flushes and its V20 draws.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..rules import Rules
from .codes import (
    ENDING_SHOW,
)
from .deal import dealers
from .rows import TableNumber, table_index
from .state import BatchState, freeze

__all__ = [
    "LAST_FIELDS",
    "SESSION_FIELDS",
    "SessionBatchState",
    "boots_of_hands",
    "end_hands",
    "group_seats",
    "next_hands",
    "next_turns",
    "placings",
    "session_problem",
    "start_sessions",
]

Array = NDArray[Any]

SESSION_FIELDS = (
    "seat_in_session",
    "seat_left_hand",
    "seat_left_stack",
    "hand_number",
    "session_over",
)
"""The session arrays a :class:`SessionBatchState` adds to a BatchState, which the
step after a hand sets for the next one (:func:`next_hands`)."""

LAST_FIELDS = (
    "seat_last_contributed",
    "seat_last_in_hand",
    "seat_last_all_in",
    "last_cards",
    "last_dealer",
    "last_ending",
    "last_shower",
    "last_drawn",
)
"""The arrays of the last hand that ended, which :func:`end_hands` sets when a hand ends."""

_DTYPES = {
    "seat_in_session": np.bool_,
    "seat_left_hand": np.int32,
    "seat_left_stack": np.int32,
    "hand_number": np.int32,
    "session_over": np.bool_,
    "turn": np.int64,
    "seat_last_contributed": np.int32,
    "seat_last_in_hand": np.bool_,
    "seat_last_all_in": np.bool_,
    "last_cards": np.int8,
    "last_dealer": np.int8,
    "last_ending": np.int8,
    "last_shower": np.int8,
    "last_drawn": np.int8,
}
"""Each added array's dtype."""


@dataclasses.dataclass(frozen=True, eq=False, kw_only=True)
class SessionBatchState(BatchState):
    """A :class:`~teenpatti_rules.batch.state.BatchState` whose rows play sessions.

    ``terminated`` still marks the end of a hand (the step that ends it shows it, with
    its ``rewards``; the next step deals the next hand of the session, as the
    reducer's ``Deal``); ``session_over`` marks the end of the session, the episode.

    :param seat_in_session: ``bool`` seat-major ``(P, n)``: still in the session (R7),
        read as :attr:`in_session` ``(n, P)``. Once a hand is over, the players who
        leave after it are out.
    :param seat_left_hand: ``int32`` ``(P, n)``: the hand number after which the seat
        left the session, 0 while it is in (V19), read as :attr:`left_hand`.
    :param seat_left_stack: ``int32`` ``(P, n)``: a leaver's stack at the start of
        the hand it left after, before the boots (V19's order among the leavers of
        one hand); 0 while it is in.
    :param hand_number: ``int32`` ``(n,)``: the hand's number in its session, 1 for
        the first (V18's schedule picks its boot).
    :param session_over: ``bool`` ``(n,)``: the hand is over and so is the session
        (R2, R8): one player is left, or the hand limit is reached. The next step
        starts a new session.
    :param turn: ``int64`` ``(n,)``: the session's turn number (S9), as the
        reducer's :attr:`~teenpatti_rules.state.State.turn`: 1 once the first hand is
        dealt, one more at every deal and every step that changes the seat to act
        (``current_player``, ``-1`` once the hand is over).

    The last hand of the session that ended (the hand in play's predecessor, or the
    hand itself once it is over; meaningful from hand 2 on), from which
    :func:`~teenpatti_rules.batch.session_replay.to_session_state` rebuilds the
    reducer's ``result`` (its hand number, dealer, ending, pot, winnings, shown hands
    and V16 open flushes) while the next hand is played:

    :param seat_last_contributed: ``int32`` ``(P, n)`` chips each seat put in its pot.
    :param seat_last_in_hand: ``bool`` ``(P, n)`` the seats in it at its end.
    :param seat_last_all_in: ``bool`` ``(P, n)`` the seats all-in at its end.
    :param last_cards: ``int8`` ``(n, P, H)`` the cards at its end (V20: after the
        draws).
    :param last_dealer: ``int8`` ``(n,)`` its dealer.
    :param last_ending: ``int8`` ``(n,)`` its ``ending`` code (``ENDING_NONE``, 0,
        in a session's first hand).
    :param last_shower: ``int8`` ``(n,)`` the seat that asked for its show, which
        loses a tie (R35), else ``-1``.
    :param last_drawn: ``int8`` ``(n,)`` the cards drawn in it (V20): where the rest of
        its deck, from which the open flushes dealt (V16), began.
    """

    seat_in_session: Array
    seat_left_hand: Array
    seat_left_stack: Array
    hand_number: Array
    session_over: Array
    turn: Array
    seat_last_contributed: Array
    seat_last_in_hand: Array
    seat_last_all_in: Array
    last_cards: Array
    last_dealer: Array
    last_ending: Array
    last_shower: Array
    last_drawn: Array

    @property
    def in_session(self) -> Array:
        """``bool`` ``(n, P)`` still in the session (R7)."""
        return self.seat_in_session.T

    @property
    def left_hand(self) -> Array:
        """``int32`` ``(n, P)`` the hand after which each seat left, 0 if still in."""
        return self.seat_left_hand.T

    def placings(self, index: TableNumber) -> tuple[tuple[int, ...], ...]:
        """Table ``index``'s places once its session is over (V19), as
        :attr:`~teenpatti_rules.state.State.placings`; ``()`` before.

        :raises TypeError: if ``index`` is not an int.
        :raises IndexError: if ``index`` is not a table number ``0..n-1``.
        """
        if not bool(self.session_over[table_index(index, self.tables)]):
            return ()
        return placings(self, index)

    def session_winners(self, index: TableNumber) -> tuple[int, ...]:
        """Table ``index``'s winners once its session is over (R8: the first place of
        :meth:`placings`); ``()`` before.

        :raises TypeError: if ``index`` is not an int.
        :raises IndexError: if ``index`` is not a table number ``0..n-1``.
        """
        places = self.placings(index)
        return places[0] if places else ()


def session_problem(state: BatchState, players: int) -> str | None:
    """Why ``state`` is not a session state of ``players`` seats, or None."""
    if not isinstance(state, SessionBatchState):
        return "a sessions=True environment takes the SessionBatchState it made"
    n = state.tables
    for name, dtype in _DTYPES.items():
        array = getattr(state, name)
        if name == "last_cards":
            shape: tuple[int, ...] = state.cards.shape
        else:
            shape = (players, n) if name.startswith("seat_") else (n,)
        if (
            not isinstance(array, np.ndarray)
            or array.shape != shape
            or array.dtype != np.dtype(dtype)
        ):
            return f"{name} must be a {np.dtype(dtype)} array of shape {shape}"
    return None


def boots_of_hands(rules: Rules, hand_number: Array) -> Array:
    """``int32`` each hand's boot (V18's ``boot_schedule``, else ``rules.boot``).

    :param hand_number: integer hand numbers, each at least 1.
    """
    schedule = rules.boot_schedule
    if schedule is None:
        return np.full(hand_number.shape, rules.boot, dtype=np.int32)
    firsts = np.array([first for first, _ in schedule])
    boots = np.array([boot for _, boot in schedule], dtype=np.int32)
    return boots[np.searchsorted(firsts, hand_number, side="right") - 1]


def start_sessions(state: BatchState, rules: Rules) -> SessionBatchState:
    """``state`` (each row the first hand of a session, every seat in, turn 1: S9's
    deal) as a session state, with the hands that the deal already ended (R12) ended
    (:func:`end_hands`).
    """
    players, n = state.seat_stack.shape
    fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(BatchState)}
    for name, dtype in _DTYPES.items():
        shape = (
            state.cards.shape
            if name == "last_cards"
            else ((players, n) if name.startswith("seat_") else (n,))
        )
        fields[name] = freeze(np.zeros(shape, dtype=dtype))
    fields.update(
        seat_in_session=freeze(np.ones((players, n), dtype=bool)),
        hand_number=freeze(np.ones(n, dtype=np.int32)),
        turn=freeze(np.ones(n, dtype=np.int64)),
        last_shower=freeze(np.full(n, -1, dtype=np.int8)),
    )
    return end_hands(SessionBatchState(**fields), rules)


def end_hands(
    state: SessionBatchState, rules: Rules, actor: Array | None = None
) -> SessionBatchState:
    """The end of every hand that is over (``terminated``): the players still in the
    session whose stack is below ``rules.leaving_stack`` leave (R7; V18: only with 0
    chips), noted with the hand and their stack at its start (V19); the session is over
    when at most one player is left, or at ``rules.hand_limit`` (R2, R8); the hand is
    kept as the session's last (``last_*``). Idempotent: a row already ended is
    unchanged.

    :param actor: ``(n,)`` the seat that acted in the step that ended the hands (the
        one that asked for a show, R35), or None at a deal.
    """
    ended = state.terminated
    if not ended.any():
        return state
    rows = np.flatnonzero(ended)  # (only those columns are read and written)
    in_session = state.seat_in_session[:, rows]
    leaves = in_session & (state.seat_stack[:, rows] < rules.leaving_stack)
    staying = in_session & ~leaves
    limit = rules.hand_limit
    at_limit = state.hand_number[rows] >= (limit if limit is not None else 2**31 - 1)
    over = np.zeros_like(ended)
    over[rows] = (staying.sum(axis=0) <= 1) | at_limit
    changes: dict[str, Array] = {"session_over": over}
    ending = state.ending[rows]
    shower = np.full(rows.size, -1) if actor is None else actor[rows]
    drawn = state.seat_drawn
    columns: list[tuple[str, Array]] = [
        ("seat_last_contributed", state.seat_contributed[:, rows]),
        ("seat_last_in_hand", state.seat_in_hand[:, rows]),
        ("seat_last_all_in", state.seat_all_in[:, rows]),
        ("last_dealer", state.dealer[rows]),
        ("last_ending", ending),
        ("last_shower", np.where(ending == ENDING_SHOW, shower, -1)),
        (
            "last_drawn",
            np.zeros(rows.size, dtype=np.int8) if drawn is None else drawn[:, rows].sum(axis=0),
        ),
    ]
    if leaves.any():
        hand = state.hand_number[rows]
        columns += [
            ("seat_in_session", staying),
            ("seat_left_hand", np.where(leaves, hand[None, :], state.seat_left_hand[:, rows])),
            (
                "seat_left_stack",
                np.where(leaves, state.seat_start_stack[:, rows], state.seat_left_stack[:, rows]),
            ),
        ]
    for name, value in columns:
        merged = getattr(state, name).copy()
        merged[..., rows] = value
        changes[name] = merged
    cards = state.last_cards.copy()
    cards[rows] = state.cards[rows]
    changes["last_cards"] = cards
    ended_state = state.with_frozen({name: freeze(value) for name, value in changes.items()})
    assert isinstance(ended_state, SessionBatchState)  # with_frozen keeps the class
    return ended_state


def next_turns(before: SessionBatchState, after: BatchState) -> Array:
    """``int64`` ``(n,)`` the turn numbers after a step from ``before`` (S9): 1 where a
    new session was dealt (its first deal), one more where a hand was dealt or the seat
    to act changed, else the same.
    """
    changed = before.terminated | (after.current_player != before.current_player)
    return np.where(before.session_over, 1, before.turn + changed).astype(np.int64)


def _button(dealer: Array, in_session: Array, winnings: Array, winner: bool) -> Array:
    """``int32`` ``(m,)`` the next hands' dealers: the first seat to the left of the old
    dealer still in the session (R5); under V21 the seat that won the most chips from
    the pot (equal amounts: the first from the old dealer's left, the old dealer last),
    or if it left, the first seat to its left still in (seat-major ``(P, m)`` inputs).
    """
    players, m = in_session.shape
    columns = np.arange(m)
    if winner:
        order = (dealer[None, :] + np.arange(1, players + 1)[:, None]) % players
        won = winnings[order, columns]
        dealer = order[np.argmax(won == won.max(axis=0), axis=0), columns]
        stays = in_session[dealer, columns]
    else:
        stays = np.zeros(m, dtype=bool)
    order = (dealer[None, :] + np.arange(1, players + 1)[:, None]) % players
    moved = order[np.argmax(in_session[order, columns], axis=0), columns]
    return np.where(stays, dealer, moved).astype(np.int32)


def next_hands(
    state: SessionBatchState,
    rules: Rules,
    rows: Array,
    stacks: Array,
    dealer: int | None,
) -> tuple[dict[str, Array], dict[str, Any]]:
    """What the next hands at the (ended) ``rows`` are dealt with: the next hand of the
    session (the stacks carried over, the players still in, R5's or V21's button, the
    next hand number and its boot, V18), or where the session is over a new one
    (``stacks`` for every seat, R4; the dealer ``dealer`` or drawn from the table's key,
    R5; hand 1).

    :returns: the session arrays of those rows (seat-major ``(P, m)`` and ``(m,)``)
        and the keyword arguments of :func:`~teenpatti_rules.batch.deal.new_hands`.
    """
    players = state.players
    carry = ~state.session_over[rows]
    hand = np.where(carry, state.hand_number[rows] + 1, 1).astype(np.int32)
    in_session = np.where(carry, state.seat_in_session[:, rows], True)
    button = _button(
        state.dealer[rows],
        state.seat_in_session[:, rows],
        state.seat_winnings[:, rows],
        rules.button == "winner",
    )
    index = state.hand_index[rows] + 1
    first = (
        dealers(state.table_key[rows], index, players)
        if dealer is None
        else np.full(rows.size, dealer, dtype=np.int32)
    )
    start = np.where(carry, state.seat_stack[:, rows], stacks[:, None]).astype(np.int32)
    arrays = {
        "seat_in_session": in_session,
        "seat_left_hand": np.where(carry, state.seat_left_hand[:, rows], 0).astype(np.int32),
        "seat_left_stack": np.where(carry, state.seat_left_stack[:, rows], 0).astype(np.int32),
        "hand_number": hand,
        "session_over": np.zeros(rows.size, dtype=bool),
    }
    deal = {
        "start_stack": start.T,
        "dealer_seats": np.where(carry, button, first).astype(np.int32),
        "dealt": in_session,
        "boots": boots_of_hands(rules, hand),
    }
    return arrays, deal


def group_seats(seats: list[int], key: dict[int, tuple[int, ...]]) -> list[tuple[int, ...]]:
    """``seats`` as places (V19): biggest key first; seats of equal keys share a place.

    :param seats: seat numbers.
    :param key: each seat's sort key (a tuple of ints, compared as tuples).
    :returns: the places, each a sorted tuple of seats.
    """
    values = sorted({key[seat] for seat in seats}, reverse=True)
    return [tuple(sorted(seat for seat in seats if key[seat] == value)) for value in values]


def placings(state: SessionBatchState, index: TableNumber) -> tuple[tuple[int, ...], ...]:
    """Row ``index``'s places (V19): the players still in by stack (biggest first, equal
    stacks share a place), then those who left, the later leaver higher, leavers of one
    hand by their stack at its start (bigger higher, equal share).
    """
    in_session = state.seat_in_session[:, index]
    stack = state.seat_stack[:, index]
    left = state.seat_left_hand[:, index]
    left_stack = state.seat_left_stack[:, index]
    staying = [int(p) for p in np.flatnonzero(in_session)]
    gone = [int(p) for p in np.flatnonzero(~in_session)]
    return tuple(
        group_seats(staying, {p: (int(stack[p]),) for p in staying})
        + group_seats(gone, {p: (int(left[p]), int(left_stack[p])) for p in gone})
    )
