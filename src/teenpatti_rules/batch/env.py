"""The batch environment: :class:`BatchEnv`, a pgx-shaped functional API over arrays.

>>> from teenpatti_rules import Rules
>>> from teenpatti_rules.batch import ActionId, BatchEnv
>>> env = BatchEnv(Rules(), players=3, stacks=20)
>>> s = env.init(seed=1, n=4)
>>> s.pot.tolist(), s.legal_action_mask.shape
([3, 3, 3, 3], (4, 10))
>>> t = env.step(s, np.full(4, ActionId.CHAAL))
>>> t.pot.tolist(), s.pot.tolist()
([4, 4, 4, 4], [3, 3, 3, 3])
>>> env.to_state(t, 0).pot
4
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..limits import short
from ..rules import Rules
from ..state import State
from .backend import KernelStep, pick_backend, with_rows
from .config import TableConfig, kernel_refusal, table_config
from .convert import to_state
from .deal import new_hands, table_keys
from .history import NEW_HAND, fold, push, tail_limit
from .inputs import action_ids, checked_stacks, refuse_bools
from .rows import TableNumber
from .session import (
    SESSION_FIELDS,
    SessionBatchState,
    end_hands,
    next_hands,
    next_turns,
    session_problem,
    start_sessions,
)
from .session_replay import to_session_state
from .state import BatchState, PackedBatchState, freeze
from .step import advance

__all__ = ["MAX_BATCH_TABLES", "BatchEnv"]

Array = NDArray[Any]

_INT32 = np.dtype(np.int32)

MAX_BATCH_TABLES = 2**18
"""The most tables one :class:`BatchEnv` state holds (262,144): ``n`` of
:meth:`BatchEnv.init` is at most this. A table takes a few hundred bytes (about
0.3 KiB at 5 seats, 1 KiB at 17), so the largest state stays within a few hundred
MiB."""


_RESET_FIELDS = tuple(
    name
    for name in BatchState.__dataclass_fields__
    if not name.startswith("history_") or name == "history_length"
)
"""The fields an autoreset writes (the history's base and tail are handled apart)."""


_FIELD_NAMES = tuple(BatchState.__dataclass_fields__)
"""A BatchState's fields."""

_SESSION_ONLY = tuple(
    name for name in SessionBatchState.__dataclass_fields__ if name not in _FIELD_NAMES
)
"""The fields a SessionBatchState adds (the session, the turn, the last hand)."""


def _fold_history(state: BatchState) -> BatchState:
    """``state`` with its history tail folded into the base when it has grown long."""
    tail = state.history_tail
    if tail is None or tail.size < tail_limit(state.history_base.shape[0]):
        return state  # (``fold`` would not fold: skip reading ``history_length``)
    base, length, tail = fold(
        state.history_base, state.history_base_length, tail, state.history_length
    )
    if tail is state.history_tail:
        return state
    return state.replace(history_base=base, history_base_length=length, history_tail=tail)


class BatchEnv:
    """Many tables of one hand each (or of whole sessions, ``sessions=True``), stepped
    together (the pgx shape).

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules` (None for the
        default table); see :mod:`teenpatti_rules.batch.config` for the options played.
    :param players: seats per table (``P``), within ``rules.min_players..max_players``.
    :param stacks: chips per seat when a hand is dealt: None for
        ``rules.starting_stack`` each (R4), an int for every seat, or a sequence of
        ``P`` ints; each at least the boot (at least 1 chip under a V18
        ``boot_schedule``: a stack at most the boot posts all of it and is all-in, R9).
    :param autoreset: a bool: when True, :meth:`step` deals the next hand at every table
        whose hand was already over (its action is ignored), with the table's stacks
        of :meth:`init` (with ``sessions=True``: the session's next hand, below) and
        the next deck of its seed ("next-step" autoreset: the step that ends a hand
        still shows it, with its ``rewards``).
    :param dealer: a fixed dealer seat for every hand, or None (default) for a
        dealer drawn per table and hand from the seed (R5).
    :param backend: ``"auto"`` (default: the compiled kernel when numba is
        installed, else numpy; numpy for a table whose options the kernel does not
        play, :func:`~teenpatti_rules.batch.config.kernel_refusal`: none today),
        ``"numba"`` or ``"numpy"``
        (:mod:`teenpatti_rules.batch.backend`); both give equal states. With
        ``sessions=True`` the kernel plays the betting and the numpy session code
        deals each next hand and ends the sessions.
    :param sessions: a bool (keyword only; needs ``autoreset=True``). When True each
        row plays a whole session, as the reducer does
        (:mod:`~teenpatti_rules.batch.session`): after a hand, stacks carry over, the
        players below ``rules.leaving_stack`` leave (R7; V18: at 0 chips), the button
        moves (R5, V21), the hand number grows (V18 picks each hand's boot, V13 the
        dealer's), and the session ends with one player left or at the hand limit
        (R2, R8; ``session_over``, with V19's placings); the next step then starts a
        new session with ``stacks`` (the first dealer ``dealer`` or drawn, R5). The
        states are :class:`~teenpatti_rules.batch.session.SessionBatchState`;
        ``terminated`` still marks each hand's end, ``session_over`` the episode's.
    :raises ImportError: for ``backend="numba"`` without numba (naming the ``fast``
        extra).
    :raises TypeError: for a ``rules`` that is not a Rules, a non-int ``players`` or
        ``dealer``, a ``stacks`` that is not None, an int or a sequence of ints (a
        bool is not one), or an
        ``autoreset`` or ``sessions`` that is not a bool.
    :raises ValueError: naming the field or parameter, for options the engine does
        not play, a player count outside the rules, stacks below the boot (below 1
        chip under a ``boot_schedule``) or too big,
        or a dealer that is not a seat, an unknown ``backend`` (or ``"numba"`` on a
        table that :func:`~teenpatti_rules.batch.config.kernel_refusal` names), or
        ``sessions=True`` without ``autoreset=True``.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        players: int = 5,
        *,
        stacks: int | Sequence[int] | None = None,
        autoreset: bool = False,
        dealer: int | None = None,
        backend: str = "auto",
        sessions: bool = False,
    ) -> None:
        if not isinstance(sessions, bool):
            raise TypeError(f"sessions must be a bool, not {short(sessions)}")
        if not isinstance(autoreset, bool):
            raise TypeError(f"autoreset must be a bool, not {short(autoreset)}")
        if sessions and not autoreset:
            raise ValueError(
                "sessions=True needs autoreset=True (the step after a hand deals the "
                "session's next hand)"
            )
        self.sessions: bool = sessions
        picked = pick_backend(backend)
        self._kernel: KernelStep | None = None
        self._made: weakref.WeakSet[BatchState] = weakref.WeakSet()
        self.rules: Rules = Rules() if rules is None else rules
        self.config: TableConfig = table_config(self.rules, players)
        refusal = kernel_refusal(self.rules)  # (None for every table today)
        if refusal is not None and picked == "numba":
            if backend == "numba":
                raise ValueError(
                    f"the compiled kernel does not play {refusal}; use backend='numpy' or 'auto'"
                )
            picked = "numpy"  # "auto": the numpy engine plays them
        self.backend: str = picked
        self.players: int = players
        self.autoreset: bool = autoreset
        if dealer is not None and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players
        ):
            raise ValueError(f"dealer must be None or a seat 0..{players - 1}, not {dealer!r}")
        self.dealer: int | None = dealer
        if stacks is None:
            stacks = self.rules.starting_stack
        if isinstance(stacks, int) and not isinstance(stacks, bool):
            stacks = [stacks] * players
        if isinstance(stacks, str) or not isinstance(stacks, Sequence):
            raise TypeError(f"stacks must be None, an int or a sequence of ints, not {stacks!r}")
        refuse_bools(stacks)
        self.stacks: Array = freeze(
            checked_stacks(np.asarray(stacks), (players,), self.rules, self.config.boot)
        )

    @property
    def num_actions(self) -> int:
        """The size ``A`` of the action alphabet: 10, or under V3 the encoding's
        :func:`~teenpatti_rules.encoding.num_actions` for the table (16 for
        ``bet_sizing="range"``, 24 for ``"no_limit"``).
        """
        return self.config.actions

    def init(self, seed: int, n: int, *, stacks: Array | None = None) -> BatchState:
        """Deal one hand at each of ``n`` tables (R5, R9–R12, R19).

        :param seed: any int; table ``i`` deals from a key derived from ``seed`` and
            ``i``, so a table's hands do not depend on ``n``.
        :param n: the number of tables, 1 to :data:`~teenpatti_rules.batch.env.MAX_BATCH_TABLES`.
        :param stacks: optional integer ``(n, P)`` stacks per table (each at least the
            boot, or 1 chip under a ``boot_schedule``, V18), instead of the
            environment's ``stacks`` (with ``sessions=True``: for each table's first
            session; later sessions start with the environment's ``stacks``, R4).
        :returns: the first :class:`~teenpatti_rules.batch.state.BatchState` (a
            :class:`~teenpatti_rules.batch.session.SessionBatchState` with
            ``sessions=True``: hand 1 of each table's session).
        :raises TypeError: if ``seed`` or ``n`` is not an int, or ``stacks`` holds a bool.
        :raises ValueError: if ``n`` is outside ``1..MAX_BATCH_TABLES`` (before any
            allocation) or ``stacks`` has a bad shape or values.
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {seed!r}")
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"n must be an int, not {n!r}")
        if not 1 <= n <= MAX_BATCH_TABLES:
            raise ValueError(f"n must be 1 to {MAX_BATCH_TABLES} tables, not {n}")
        if stacks is None:
            start = np.broadcast_to(self.stacks, (n, self.players))
        else:
            refuse_bools(stacks)
            shape = (n, self.players)
            start = checked_stacks(np.asarray(stacks), shape, self.rules, self.config.boot)
        first = new_hands(
            self.config,
            self.rules,
            table_keys(seed, n),
            np.zeros(n, dtype=np.int32),
            np.array(start, dtype=np.int32),
            self.dealer,
        )
        if self.sessions:  # V19 and the rest: every seat in, hand 1
            first = start_sessions(first, self.rules)
        return self._remember(first)

    def step(self, state: BatchState, actions: Array | Sequence[int]) -> BatchState:
        """Every table's actor plays its action; a new state (``state`` is unchanged).

        Tables whose hand is over ignore their action: without ``autoreset`` they stay
        as they are (``rewards`` zero); with it, they deal their next hand.

        :param state: a state of this environment.
        :param actions: ``n`` integer action ids (:mod:`teenpatti_rules.batch` names
            them); each must be legal (``legal_action_mask``) where the hand is in play.
        :returns: the next :class:`~teenpatti_rules.batch.state.BatchState`.
        :raises TypeError: if ``state`` is not a BatchState.
        :raises ValueError: if ``state`` is not shaped as this environment's states
            (another environment's, naming the field), if ``actions`` is not ``n``
            integers in ``0..A-1``, or an action is illegal (naming the first such
            table, its action and its mask).
        """
        kernel = self._kernel
        if kernel is None or not kernel.made(state):
            self._check_state(state)
        ids = actions if type(actions) is np.ndarray else np.asarray(actions)
        flags = ids.flags  # (a read-only array would compile the kernel again: copied)
        tables = len(state.history_base_length)
        usable = flags.c_contiguous and flags.writeable
        if ids.dtype != _INT32 or ids.shape != (tables,) or not usable:
            ids = action_ids(ids, tables, self.config.actions)  # (or raises)
        if self.backend == "numba":
            return self._step_kernel(state, ids)
        actions_count = self.config.actions
        if ids.size and (ids.min() < 0 or ids.max() >= actions_count):
            raise ValueError(f"actions must be ids 0..{actions_count - 1}")
        legal = np.take_along_axis(state.legal_action_mask, ids[:, None], axis=1)[:, 0]
        if not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            allowed = np.flatnonzero(state.legal_action_mask[bad]).tolist()
            raise ValueError(
                f"action {int(ids[bad])} is not legal at table {bad} "
                f"(seat {int(state.current_player[bad])} may play {allowed})"
            )
        after = advance(self.config, state, ids, self.rules)
        if self.autoreset:
            after = self._reset_over(state, after)
        if isinstance(after, SessionBatchState) and isinstance(state, SessionBatchState):
            turned = after.with_frozen({"turn": freeze(next_turns(state, after))})  # S9
            assert isinstance(turned, SessionBatchState)  # with_frozen keeps the class
            # R7, R8: the hands that just ended, the shower's seat for R35
            after = end_hands(turned, self.rules, state.current_player)
        return self._remember(_fold_history(after))

    def _step_kernel(self, state: BatchState, ids: Array) -> BatchState:
        """:meth:`step` by the compiled kernel (checks ids and legality in its loop)."""
        kernel = self._kernel
        if kernel is None:  # sessions: the kernel bets, the session code deals
            kernel = self._kernel = KernelStep(
                self.config,
                self.rules,
                autoreset=self.autoreset and not self.sessions,
                dealer=self.dealer,
            )
        sessions = isinstance(state, SessionBatchState)
        after, bad = kernel(state, ids, fold_history=not sessions)
        if bad >= 0:
            width = self.config.actions
            action = int(ids[bad])
            if not 0 <= action < width:
                raise ValueError(f"actions must be ids 0..{width - 1}")
            allowed = np.flatnonzero(state.legal_action_mask[bad]).tolist()
            raise ValueError(
                f"action {action} is not legal at table {bad} "
                f"(seat {int(state.current_player[bad])} may play {allowed})"
            )
        if isinstance(state, SessionBatchState):
            return self._end_session_step(state, after)
        return after

    def _end_session_step(
        self, before: SessionBatchState, stepped: PackedBatchState
    ) -> SessionBatchState:
        """The session's work after the kernel's betting step (played as without
        autoreset: the hands that were over are left as they were), as :meth:`step`
        does it on the numpy path: the next hand dealt where the hand was over (R4, R5,
        R7, R9, V13, V18, V21), the turn numbers (S9) and the end of the hands that just
        ended (R2, R7, R8, V19), then the history folded. The state keeps the kernel's
        packed buffer (the dealt rows written into a copy of it), so that the next
        step hands it to the kernel as it is.

        :param before: the state stepped.
        :param stepped: the kernel's state after the step, its history tail not folded.
        """
        rows = np.flatnonzero(before.terminated)
        session: dict[str, Array] = {}
        if rows.size:
            stepped, session = self._deal_packed(before, stepped, rows)
        fields = {name: getattr(stepped, name) for name in _FIELD_NAMES}
        for name in _SESSION_ONLY:
            fields[name] = session[name] if name in session else getattr(before, name)
        own = stepped.__dict__
        fields.update(_packed=own["_packed"], _record=own["_record"])
        after = object.__new__(SessionBatchState)  # (every field is read-only already)
        after.__dict__.update(fields)
        turned = after.with_frozen({"turn": freeze(next_turns(before, after))})  # S9
        assert isinstance(turned, SessionBatchState)  # with_frozen keeps the class
        # R7, R8: the hands that just ended, the shower's seat for R35
        ended = end_hands(turned, self.rules, before.current_player)
        folded = _fold_history(ended)
        assert isinstance(folded, SessionBatchState)  # (only the history changes)
        self._remember(folded)
        return folded

    def _fresh_hands(
        self, before: BatchState, base: BatchState, rows: Array
    ) -> tuple[dict[str, Array], BatchState]:
        """The hands dealt at ``rows`` (R6–R10): in a session its next hand or a new
        session (:func:`~teenpatti_rules.batch.session.next_hands`, R5, R7, V18), the
        session arrays of every row (``base``'s with ``rows`` replaced); else the next
        hand from the start stacks, and no session arrays.
        """
        session: dict[str, Array] = {}
        if isinstance(before, SessionBatchState):
            arrays, dealt = next_hands(before, self.rules, rows, self.stacks, self.dealer)
            start = dealt.pop("start_stack")
            for name in SESSION_FIELDS:
                merged = getattr(base, name).copy()
                merged[..., rows] = arrays[name]
                session[name] = freeze(merged)
        else:
            start, dealt = before.start_stack[rows], {}
        fresh = new_hands(
            self.config,
            self.rules,
            before.table_key[rows],
            before.hand_index[rows] + 1,
            start,
            self.dealer,
            **dealt,
        )
        return session, fresh

    def _deal_packed(
        self, before: SessionBatchState, stepped: PackedBatchState, rows: Array
    ) -> tuple[PackedBatchState, dict[str, Array]]:
        """:meth:`_reset_over` for the kernel's packed state: the next hands of the
        sessions at ``rows`` (or new sessions, :func:`~teenpatti_rules.batch.session.next_hands`)
        dealt as the numpy path deals them, written into a copy of ``stepped``'s buffer,
        their history codes :data:`~teenpatti_rules.batch.history.NEW_HAND`.

        :returns: the dealt state and the session arrays of every row.
        """
        session, fresh = self._fresh_hands(before, before, rows)
        return with_rows(stepped, fresh, rows, _RESET_FIELDS), session

    def _remember(self, state: BatchState) -> BatchState:
        """Note ``state`` as made here (its shape is then not checked again)."""
        self._made.add(state)
        return state

    def _check_state(self, state: BatchState) -> None:
        """Refuse a state that is not shaped as this environment's (D24)."""
        if state in self._made or (self._kernel is not None and self._kernel.made(state)):
            return  # made by this environment: its arrays are read-only and checked
        if not isinstance(state, BatchState):
            raise TypeError(f"state must be a BatchState, not {type(state).__name__}")
        problem = state.shape_problem(
            self.players, self.config.actions, draws=bool(self.config.draws)
        )
        if problem is None and self.sessions:
            problem = session_problem(state, self.players)
        elif problem is None and isinstance(state, SessionBatchState):
            problem = "a SessionBatchState needs a sessions=True environment"
        if problem is not None:
            raise ValueError(f"state is not a state of this environment: {problem}")

    def _reset_over(self, before: BatchState, after: BatchState) -> BatchState:
        """Deal the next hand at the tables that were over before the step, writing
        their rows into the step's own new arrays (only the arrays the step shared
        with ``before`` are copied), and fold a long history tail.
        """
        rows = np.flatnonzero(before.terminated)
        if not rows.size:
            return after
        changes: dict[str, Any] = {}
        session, fresh = self._fresh_hands(before, after, rows)
        for name in _RESET_FIELDS:
            merged = getattr(after, name)
            if merged is None:  # seat_drawn on a table without draws
                continue
            if merged is getattr(before, name) or merged.base is not None:
                merged = merged.copy()  # shared with ``before``: never written
            else:
                merged.flags.writeable = True  # made by this step: nobody else has it
            if name.startswith("seat_"):
                merged[:, rows] = getattr(fresh, name)
            else:
                merged[rows] = getattr(fresh, name)
            changes[name] = merged
        tail = after.history_tail
        assert tail is not None  # the step just recorded its column
        column = tail.column.copy()
        column[rows] = NEW_HAND
        changes["history_tail"] = push(tail.previous, column)
        return after.replace(**changes).with_frozen(session)

    def to_state(self, state: BatchState, index: TableNumber) -> State:
        """Table ``index`` as a reducer :class:`~teenpatti_rules.state.State`
        (see :func:`teenpatti_rules.batch.convert.to_state`; with ``sessions=True``
        the state of its session, :func:`teenpatti_rules.batch.session_replay.to_session_state`).

        :raises TypeError: if ``state`` is not a BatchState or ``index`` not an int.
        :raises ValueError: if ``state`` is not shaped as this environment's states.
        :raises IndexError: if ``index`` is out of range.
        """
        self._check_state(state)
        if isinstance(state, SessionBatchState):
            return to_session_state(self.rules, state, index)
        return to_state(self.rules, state, index)
