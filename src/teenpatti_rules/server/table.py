"""One table of the server: its chairs, its state, its clock, its bots.

Every table is an open table (S1–S9): its session starts with empty chairs when the
table is created, players take chairs with the library's ``Join`` (S3) — at once
between hands, or at the end of the hand in play for a person who sits down during
one — and leave (S4), sit out and in (S5) and add chips (S7) as they ask. The table
deals whenever at least ``min_players`` sit in (S2), so it stays open while people
come and go; it refills the chairs of bots that went broke (R7).

Every change goes through :meth:`Table.act` under the table's lock: the action is
checked by the library, written to the database and committed, and only then does the
table's state change, the sender get its acknowledgement and every listener its
update (:mod:`.listener`). The table itself deals (R6), applies ``Timeout`` when a
player's clock runs out (S6), and plays its bots' turns. Who sits in a chair
(:class:`Chair`, :data:`BOT_NAMES`, re-exported here) is in :mod:`.chairs`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

import attrs

from ..actions import Action
from ..state import State
from . import library
from .chairs import BOT_NAMES, Chair
from .chairs import FREE_ROW as _FREE_ROW
from .chairs import SEAT_ROW as _SEAT_ROW
from .library import Refusal
from .listener import InlineAck, Listener, broadcast, resync
from .store import SeatRow, Store, Write

__all__ = ["BOT_NAMES", "Chair", "Table", "TableSettings"]

log = logging.getLogger("teenpatti.server")


@attrs.frozen
class TableSettings:
    """How the server runs its tables.

    :param clock: seconds a person has to act (S6); 0 for no clock.
    :param bot_delay: seconds before a bot acts.
    :param deal_delay: seconds between the end of a hand and the next deal.
    """

    clock: float = 30.0
    bot_delay: float = 0.5
    deal_delay: float = 3.0


class Table:
    """One table: see the module docstring.

    :param table_id: its id.
    :param config: its lobby settings: ``name``, ``preset``, ``rules`` (the rules' JSON
        fields), ``chairs`` (number of chairs), ``bots``, ``bot_kind``.
    :param rules: the table's validated rules.
    :param store: the database.
    :param settings: the server's clock and delays.
    :param metrics: the server's counters, updated in place.
    """

    def __init__(
        self,
        table_id: str,
        config: dict[str, Any],
        rules: Any,
        store: Store,
        settings: TableSettings,
        metrics: dict[str, float],
    ) -> None:
        self.id = table_id
        self.config = config
        self.rules = rules
        self.store = store
        self.settings = settings
        self.metrics = metrics
        self.chairs: list[Chair | None] = [None] * int(config["chairs"])
        self.pending: set[int] = set()
        """Chairs taken during a hand: their ``Join`` waits for the hand's end (S3)."""
        self.state: State | None = None
        self.start_document: str | None = None
        self.actions: list[str] = []
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.rng = random.Random(secrets.randbits(64))
        self.choosers: dict[int, library.Chooser] = {}
        self._next: asyncio.Task[None] | None = None
        self.clock_seat: int | None = None
        self.clock_ends: float | None = None
        self.clock_turn: int | None = None
        """The turn number (S9) the clock runs for: a change within the turn (a look,
        a sit-out or sit-in, a seat taken) leaves the clock alone (S6)."""
        self.now: Callable[[], float] = time.time
        """The clock's time source in seconds (``time.time``; tests put their own)."""
        self.refill = True
        """Whether a bot's chair that came free gets a new bot (False once the library
        refused one, e.g. a tournament table after its first deal, V18)."""

    # -- what the lobby shows ------------------------------------------------------

    @property
    def turn(self) -> int:
        """The current turn number (S9)."""
        return 0 if self.state is None else library.turn_of(self.state)

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "id": self.id,
            "name": self.config["name"],
            "preset": self.config["preset"],
            "chairs": [
                None if chair is None else {"name": chair.name, "kind": chair.kind}
                for chair in self.chairs
            ],
            "status": self.status(),
            "hand_number": 0 if self.state is None else self.state.hand_number,
            "clock": self.settings.clock,
        }

    def status(self) -> str:
        """``"waiting"`` for players (S2), ``"playing"``, or ``"over"``."""
        phase = "WAITING" if self.state is None else library.phase_name(self.state)
        return {"WAITING": "waiting", "SESSION_OVER": "over"}.get(phase, "playing")

    # -- the session ---------------------------------------------------------------

    def open_session(self) -> str:
        """Start the table's session: every chair empty (S1), a secret seed.

        :returns: the library's history document with no actions, to store.
        """
        chairs = [None] * len(self.chairs)
        history, state = library.start_history(self.rules, chairs, secrets.randbits(120))
        self.start_document = library.history_json(history)
        self.state = state
        return self.start_document

    def restore(
        self,
        seats: tuple[SeatRow, ...],
        start: str | None,
        actions: tuple[str, ...],
    ) -> None:
        """Rebuild the table from the database: the state its recorded actions lead to
        (same cards: the seed is in the start document) and its chairs: a seat row
        whose player is in the session sits there; a row whose chair is free is a
        chair taken during a hand, whose ``Join`` waits for the hand's end (S3).

        :raises HistoryError: if the stored history does not replay.
        """
        state = None
        if start is not None:
            document = json.loads(start)
            document["actions"] = list(actions)
            history = library.history_from_json(json.dumps(document))
            state = history.initial_state()
            for action in history.actions:
                state = library.apply_at_turn(state, action, None)
            self.start_document = start
            self.actions = list(actions)
            self.state = state
        for seat, name, kind, token_hash, stack in seats:
            there = None if state is None else library.occupant(state, seat)
            if there is not None and there != name:
                log.warning(
                    "table %s: seat row %s (%s) left out: %s sits there", self.id, seat, name, there
                )
                continue
            self.chairs[seat] = Chair(name, kind, token_hash, stack)
            if there is None:
                self.pending.add(seat)
            if kind != "human":
                self.choosers[seat] = library.bot_chooser(kind)

    def resume(self) -> None:
        """After a restore: start the clock, the bots or the deal where the table was
        (a table stored before its session started opens it now).
        """
        if self.state is None:
            self._next = asyncio.ensure_future(self._open_late())
        else:
            self._after_change()

    async def _open_late(self) -> None:
        async with self.lock:
            document = self.open_session()
            await self.store.write(
                ("UPDATE tp_tables SET start = ? WHERE id = ?", (document, self.id))
            )
            self._after_change()

    # -- seating -------------------------------------------------------------------

    def free_chair(self) -> int | None:
        """The first chair no one holds (nor has taken during the hand), or None."""
        return next((index for index, chair in enumerate(self.chairs) if chair is None), None)

    async def seat(self, chair: Chair) -> int:
        """Give a player the first free chair (S1): it joins at once between hands, or at
        the end of the hand in play (S3); it is dealt in from the next deal with the
        chair's ``stack`` (None: the starting stack, R4).

        :returns: the seat.
        :raises Refusal: ``"table_full"``, ``"table_over"`` (SESSION_OVER), ``"bad_name"``
            for a name refused at the door or taken at this table (S1), the library's
            refusal of the stack (``"buy_in"``, S3: one boot to ``max_buy_in``; a
            tournament's ``"tournament"`` after its first deal, V18), ``"not_saved"``;
            nothing changes then.
        """
        async with self.lock:
            return await self._seat(chair)

    async def _seat(self, chair: Chair) -> int:
        state = self.state
        seat = self.free_chair()
        if state is None or seat is None:
            raise Refusal("table_full", "every chair at this table is taken", "S1")
        if library.phase_name(state) == "SESSION_OVER":
            raise Refusal("table_over", "this table's session is over", "S3")
        taken = [other.name for other in self.chairs if other is not None]
        try:
            name = library.check_name(chair.name, taken)
        except ValueError as error:
            raise Refusal("bad_name", str(error)[:200], "S1") from None
        chair = attrs.evolve(chair, name=name)
        between = library.between_hands(state)
        if not between:  # its Join waits for the hand's end: ask the library now (S3)
            refused = library.buy_in_refusal(self.rules, len(self.chairs), chair.stack)
            if refused is not None:
                raise refused
        row = (
            _SEAT_ROW,
            (self.id, seat, chair.name, chair.kind, chair.token_hash, chair.stack),
        )
        self.chairs[seat] = chair
        if chair.kind != "human":
            self.choosers[seat] = library.bot_chooser(chair.kind)
        try:
            if between:
                await self._commit(library.join_action(seat, name, chair.stack), None, [row])
            else:
                await self._save([row])
                self.pending.add(seat)
                broadcast(self)
        except Refusal:
            self.chairs[seat] = None
            self.choosers.pop(seat, None)
            raise
        return seat

    def bot_chair(self, kind: str) -> Chair:
        """A new bot of ``kind`` with a name no chair holds."""
        taken = {chair.name for chair in self.chairs if chair is not None}
        names = [f"{name} (bot)" for name in BOT_NAMES]
        names += [f"Bot {index}" for index in range(1, len(self.chairs) + 2)]
        return Chair(next(name for name in names if name not in taken), kind)

    def _free(self, seat: int) -> None:
        """The chair's player has left the session (S4, R7): the chair is free, and the
        connections that played it are told and closed.
        """
        self.chairs[seat] = None
        self.choosers.pop(seat, None)
        for listener in list(self.listeners):
            if listener.seat == seat:
                listener.post(library.dumps({"type": "left", "table": self.id, "seat": seat}))
                self.remove_listener(listener)

    # -- acting --------------------------------------------------------------------

    async def act(
        self, action: Action, turn: int | None, ack: InlineAck | None = None
    ) -> tuple[int, int]:
        """Apply an action (a player's, a bot's, or the table's own), commit it, then
        update the listeners.

        :param action: the action, its seat already the sender's.
        :param turn: the turn number the sender saw; None for the table's own actions.
        :param ack: the sender's acknowledgement, to be carried by its update (its
            ``sent`` then True), or None.
        :returns: the turn number after it, and the number of actions recorded (the
            action's position in the table's history plus one).
        :raises Refusal: if the library refuses it, it is stale, or it cannot be saved.
        """
        task = asyncio.ensure_future(self._locked_act(action, turn, ack))
        return await asyncio.shield(task)  # a departing sender never half-applies

    async def _locked_act(
        self, action: Action, turn: int | None, ack: InlineAck | None
    ) -> tuple[int, int]:
        async with self.lock:
            return await self._commit(action, turn, [], ack)

    async def _save(self, writes: list[Write]) -> None:
        begun = time.perf_counter()
        try:
            await self.store.write(*writes)
        except Exception:
            self.metrics["errors"] += 1
            raise Refusal("not_saved", "the table could not save the action; try again") from None
        self.metrics["db_wait_seconds"] += time.perf_counter() - begun

    async def _commit(
        self, action: Action, turn: int | None, extra: list[Write], ack: InlineAck | None = None
    ) -> tuple[int, int]:
        """Apply, write with ``extra`` in one transaction, then change (lock held); the
        update carries ``ack`` to its sender when given.
        """
        state = self.state
        if state is None:
            raise Refusal("waiting", "the table is opening")
        started = time.thread_time()
        after = library.apply_at_turn(state, action, turn)
        self.metrics["cpu_library"] += time.thread_time() - started
        seq = len(self.actions)
        text = str(action)
        writes: list[Write] = [
            (
                "INSERT INTO tp_actions (table_id, seq, action, at) VALUES (?, ?, ?, ?)",
                (self.id, seq, text, time.time()),
            ),
            *extra,
        ]
        if after.result is not None and after.result is not state.result:
            line = library.dumps({k: after.result.winnings[k] for k in after.result.winnings})
            writes.append(
                (
                    "INSERT INTO tp_hands (table_id, hand_number, last_seq, result)"
                    " VALUES (?, ?, ?, ?)",
                    (self.id, after.result.hand_number, seq, line),
                )
            )
        freed = [
            seat
            for seat, chair in enumerate(self.chairs)
            if chair is not None
            and seat not in self.pending
            and library.occupant(after, seat) is None
        ]
        writes.extend((_FREE_ROW, (self.id, seat)) for seat in freed)
        await self._save(writes)
        self.metrics["actions"] += 1
        self.actions.append(text)
        self.state = after
        for seat in freed:
            self._free(seat)
        self._after_change(ack)
        return self.turn, len(self.actions)

    # -- what happens next ---------------------------------------------------------

    def _wants_bot(self) -> bool:
        bots = sum(1 for chair in self.chairs if chair is not None and chair.kind != "human")
        wanted = int(self.config.get("bots", 0))
        return self.refill and bots < wanted and self.free_chair() is not None

    def _after_change(self, ack: InlineAck | None = None) -> None:
        """Schedule a join, the deal, a bot's move or the clock, then broadcast (with
        the sender's ``ack``, if any).
        """
        state = self.state
        assert state is not None
        if self._next is not None and self._next is not asyncio.current_task():
            self._next.cancel()
        self._next = None
        kept = (self.clock_seat, self.clock_turn, self.clock_ends)
        self.clock_seat = self.clock_ends = self.clock_turn = None
        phase = library.phase_name(state)
        seat = library.waiting_for(state)
        if library.between_hands(state) and (self.pending or self._wants_bot()):
            self._next = asyncio.ensure_future(self._later(0.0, "seat"))
        elif phase == "AWAITING_DEAL":
            delay = self.settings.deal_delay if state.hand_number else 0.0  # the first at once
            self._next = asyncio.ensure_future(self._later(delay, "deal"))
        elif seat is not None and seat in self.choosers:
            self._next = asyncio.ensure_future(self._later(self.settings.bot_delay, "bot"))
        elif seat is not None and self.settings.clock > 0:
            # the clock is per turn (S6, S9): it starts again only for a new turn or actor
            turn, now = library.turn_of(state), self.now()
            ends = kept[2]
            if ends is None or kept[:2] != (seat, turn):
                ends = now + self.settings.clock
            self.clock_seat, self.clock_turn, self.clock_ends = seat, turn, ends
            self._next = asyncio.ensure_future(self._later(max(0.0, ends - now), "clock"))
        broadcast(self, ack)

    async def _seat_waiting(self) -> None:
        """Between hands: join one chair taken during the hand, or seat a bot in a bot's
        chair that came free (S3); the next change schedules the rest.
        """
        async with self.lock:
            state = self.state
            if state is None or not library.between_hands(state):
                return
            if not self.pending:
                if self._wants_bot():
                    bot = self.bot_chair(str(self.config.get("bot_kind", "rule")))
                    try:
                        await self._seat(bot)
                    except Refusal as refusal:
                        if refusal.code == "not_saved":
                            raise
                        log.warning("table %s: no new bot: %s", self.id, refusal.message)
                        self.refill = False
                return
            seat = min(self.pending)
            chair = self.chairs[seat]
            assert chair is not None
            self.pending.discard(seat)
            try:
                await self._commit(library.join_action(seat, chair.name, chair.stack), None, [])
            except Refusal as refusal:
                if refusal.code == "not_saved":
                    self.pending.add(seat)
                    raise
                log.warning("table %s: %s could not join: %s", self.id, chair.name, refusal.message)
                await self._save([(_FREE_ROW, (self.id, seat))])
                self._free(seat)  # its connections are told, as when a player leaves
                self._after_change()

    async def _later(self, delay: float, what: str) -> None:
        turn = self.turn
        await asyncio.sleep(delay)
        state = self.state
        if state is None or self.turn != turn:
            return
        if what == "seat":
            try:
                await self._seat_waiting()
            except Refusal as refusal:  # the database failed: try again later
                log.warning("table %s: seating failed: %s", self.id, refusal.message)
                self._next = asyncio.ensure_future(self._later(1.0, what))
            return
        action: Action | None
        if what == "deal":
            action = library.deal_action(state)
        elif what == "bot":
            seat = library.waiting_for(state)
            chooser = self.choosers.get(seat) if seat is not None else None
            if chooser is None or seat is None:
                return
            try:
                action = library.bot_action(chooser, state, seat, self.rng)
            except Exception:  # a bot that fails must not stall the table
                log.exception("table %s: the bot at seat %s failed", self.id, seat)
                self.metrics["errors"] += 1
                action = None
            if action is None:
                action = library.timeout_action(state)
        else:
            self.metrics["timeouts"] += 1
            action = library.timeout_action(state)
        if action is None:
            return
        try:
            await self.act(action, None)
        except Refusal as refusal:  # e.g. the database failed: try again later
            log.warning("table %s: %s refused: %s", self.id, action, refusal.message)
            if refusal.code == "not_saved":
                self._next = asyncio.ensure_future(self._later(max(delay, 1.0), what))

    # -- listeners -----------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        """Start sending updates to a listener: the whole table at once, then its
        events (or whole views, for a listener that asked for them).
        """
        self.listeners.add(listener)
        listener.task = asyncio.ensure_future(listener.run())
        resync(self, listener)

    def resync(self, listener: Listener) -> None:
        """Send a listener the whole table now (a ``sync``); a streaming listener's
        events continue from there.
        """
        resync(self, listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop sending to a listener."""
        self.listeners.discard(listener)
        listener.stop()

    def close(self) -> None:
        """Stop the table's timers and listeners (server shutdown)."""
        if self._next is not None:
            self._next.cancel()
        for listener in list(self.listeners):
            self.remove_listener(listener)
