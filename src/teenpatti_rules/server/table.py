"""One table of the server: its chairs, its state, its clock, its bots, its listeners.

A table waits in the lobby until its chairs are filled (people who took a seat, and
the bots seated when it was created); then its session starts and the table deals.
Every change goes through :meth:`Table.act` under the table's lock: the action is
checked by the library, written to the database and committed, and only then does the
table's state change, the sender get its acknowledgement and every listener its
update. The table itself deals (R6), acts for a player whose time ran out, and plays
its bots' turns.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import Any, Final

import attrs

from ..actions import Action
from ..state import State
from . import library
from .library import Refusal
from .store import Store

__all__ = ["Chair", "Listener", "Table", "TableSettings"]

log = logging.getLogger("teenpatti.server")

OUTBOX: Final = 64
"""The most messages queued for one listener; a listener that falls further behind is
dropped (it reconnects and gets the current view)."""


@attrs.frozen
class Chair:
    """Who sits in a chair.

    :param name: the player's name (checked at the door).
    :param kind: ``"human"``, ``"rule"`` (the R44 player) or ``"equity"``.
    :param token_hash: SHA-256 (hex) of a person's seat token; None for a bot.
    """

    name: str
    kind: str
    token_hash: str | None = None


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


class Listener:
    """A websocket (or a test's stand-in) that receives a table's updates.

    :param seat: the seat it plays, or None for a spectator.
    :param narrate: whether updates carry the hand's narration lines.
    :param send: a coroutine function sending one text message.
    :param close: a coroutine function closing the connection.
    :param stream: True for ``events`` messages (the library's per-seat event stream,
        from :attr:`cursor`) after the first ``state`` message, instead of a whole view
        at every change.
    """

    def __init__(
        self,
        seat: int | None,
        narrate: bool,
        send: Callable[[str], Any],
        close: Callable[[], Any],
        stream: bool = False,
    ) -> None:
        self.seat = seat
        self.narrate = narrate
        self.stream = stream
        self.cursor: library.Cursor | None = None
        self._send = send
        self._close = close
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.task: asyncio.Task[None] | None = None
        self.bytes_sent = 0

    def post(self, text: str) -> None:
        """Queue a message; a listener too far behind is closed."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.stop()

    def stop(self) -> None:
        """Close the listener after what is queued."""
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)
        if self.outbox.full() and self.task is not None:
            self.task.cancel()

    async def run(self) -> None:
        """Send queued messages until stopped."""
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    break
                self.bytes_sent += len(text)
                await self._send(text)
        except Exception:  # the peer is gone: its handler sees the disconnect
            pass
        finally:
            with contextlib.suppress(Exception):
                await self._close()


class Table:
    """One table: see the module docstring.

    :param table_id: its id.
    :param config: its lobby settings: ``name``, ``preset``, ``rules`` (the rules' JSON
        fields), ``chairs`` (number of players), ``bots``, ``bot_kind``.
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
        """``"waiting"`` for players, ``"playing"``, or ``"over"``."""
        if self.state is None:
            return "waiting"
        return "over" if library.phase_name(self.state) == "SESSION_OVER" else "playing"

    # -- seating -------------------------------------------------------------------

    def free_chair(self) -> int | None:
        """The first empty chair, or None."""
        return next((index for index, chair in enumerate(self.chairs) if chair is None), None)

    async def seat(self, chair: Chair) -> int:
        """Seat a player in the first free chair; start the session when the last chair
        fills.

        :returns: the seat.
        :raises Refusal: ``"table_full"``, or ``"bad_name"`` for a name refused at the
            door or taken at this table.
        """
        async with self.lock:
            seat = self.free_chair()
            if seat is None or self.state is not None:
                raise Refusal("table_full", "every chair at this table is taken")
            taken = [other.name for other in self.chairs if other is not None]
            try:
                name = library.check_name(chair.name, taken)
            except ValueError as error:
                raise Refusal("bad_name", str(error)[:200]) from None
            chair = attrs.evolve(chair, name=name)
            await self.store.write(
                (
                    "INSERT INTO tp_seats (table_id, seat, name, kind, token_hash)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (self.id, seat, chair.name, chair.kind, chair.token_hash),
                )
            )
            self.chairs[seat] = chair
            if chair.kind != "human":
                self.choosers[seat] = library.bot_chooser(chair.kind)
            if self.free_chair() is None:
                await self._start()
            else:
                self._broadcast()
            return seat

    async def _start(self) -> None:
        names = [chair.name for chair in self.chairs if chair is not None]
        history, state = library.start_history(self.rules, names, secrets.randbits(120))
        document = library.history_json(history)
        await self.store.write(("UPDATE tp_tables SET start = ? WHERE id = ?", (document, self.id)))
        self.start_document = document
        self.state = state
        self._after_change()

    def restore(
        self,
        seats: tuple[tuple[int, str, str, str | None], ...],
        start: str | None,
        actions: tuple[str, ...],
    ) -> None:
        """Rebuild the table from the database: the same chairs, and the state its
        recorded actions lead to (same cards: the seed is in the start document).

        :raises HistoryError: if the stored history does not replay.
        """
        for seat, name, kind, token_hash in seats:
            self.chairs[seat] = Chair(name, kind, token_hash)
            if kind != "human":
                self.choosers[seat] = library.bot_chooser(kind)
        if start is None:
            return
        document = json.loads(start)
        document["actions"] = list(actions)
        history = library.history_from_json(json.dumps(document))
        state = history.initial_state()
        for action in history.actions:
            state = library.apply_at_turn(state, action, None)
        self.start_document = start
        self.actions = list(actions)
        self.state = state

    def resume(self) -> None:
        """After a restore: start the clock, the bots or the deal where the table was."""
        if self.state is not None:
            self._after_change()

    # -- acting --------------------------------------------------------------------

    async def act(self, action: Action, turn: int | None) -> tuple[int, int]:
        """Apply an action (a player's, a bot's, or the table's own), commit it, then
        update the listeners.

        :param action: the action, its seat already the sender's.
        :param turn: the turn number the sender saw; None for the table's own actions.
        :returns: the turn number after it, and the number of actions recorded (the
            action's position in the table's history plus one).
        :raises Refusal: if the library refuses it, it is stale, or it cannot be saved.
        """
        task = asyncio.ensure_future(self._act(action, turn))
        return await asyncio.shield(task)  # a departing sender never half-applies

    async def _act(self, action: Action, turn: int | None) -> tuple[int, int]:
        async with self.lock:
            state = self.state
            if state is None:
                raise Refusal("waiting", "the table waits for players")
            started = time.thread_time()
            after = library.apply_at_turn(state, action, turn)
            self.metrics["cpu_library"] += time.thread_time() - started
            seq = len(self.actions)
            text = str(action)
            writes: list[tuple[str, tuple[Any, ...]]] = [
                (
                    "INSERT INTO tp_actions (table_id, seq, action, at) VALUES (?, ?, ?, ?)",
                    (self.id, seq, text, time.time()),
                )
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
            begun = time.perf_counter()
            try:
                await self.store.write(*writes)
            except Exception:
                self.metrics["errors"] += 1
                raise Refusal(
                    "not_saved", "the table could not save the action; try again"
                ) from None
            self.metrics["db_wait_seconds"] += time.perf_counter() - begun
            self.metrics["actions"] += 1
            self.actions.append(text)
            self.state = after
            self._after_change()
            return self.turn, len(self.actions)

    # -- what happens next ---------------------------------------------------------

    def _after_change(self) -> None:
        """Broadcast, then schedule the deal, a bot's move or the clock."""
        state = self.state
        assert state is not None
        if self._next is not None and self._next is not asyncio.current_task():
            self._next.cancel()
        self._next = None
        self.clock_seat = self.clock_ends = None
        phase = library.phase_name(state)
        seat = library.waiting_for(state)
        if phase == "AWAITING_DEAL":
            delay = self.settings.deal_delay if state.hand_number else 0.0  # the first at once
            self._next = asyncio.ensure_future(self._later(delay, "deal"))
        elif seat is not None and seat in self.choosers:
            self._next = asyncio.ensure_future(self._later(self.settings.bot_delay, "bot"))
        elif seat is not None and self.settings.clock > 0:
            self.clock_seat = seat
            self.clock_ends = time.time() + self.settings.clock
            self._next = asyncio.ensure_future(self._later(self.settings.clock, "clock"))
        self._broadcast()

    async def _later(self, delay: float, what: str) -> None:
        turn = self.turn
        await asyncio.sleep(delay)
        state = self.state
        if state is None or self.turn != turn:
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

    def _head(self, kind: str, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "type": kind,
            "table": self.id,
            "you": seat,
            "turn": self.turn,
            "seq": len(self.actions),
            "legal": []
            if seat is None
            else [library.action_to_json(a) for a in library.seat_actions(state, seat)],
            "clock": None
            if self.clock_seat is None
            else {
                "seat": self.clock_seat,
                "seconds": self.settings.clock,
                "left_ms": max(0, int(((self.clock_ends or 0) - time.time()) * 1000)),
            },
        }

    def message(self, seat: int | None, narrate: bool) -> str:
        """The update for one seat (or spectators): ``waiting`` or ``state``."""
        started = time.thread_time()
        state = self.state
        seen = ""
        if state is None:
            document: dict[str, Any] = {"type": "waiting", **self.summary()}
        else:
            document = self._head("state", state, seat)
            if narrate:
                document["log"] = library.narration(state, seat)
            seen = library.view_text(state, seat)
        middle = time.thread_time()
        text = library.dumps(document)
        if state is not None:  # the library's view text, spliced in as written
            text = f'{text[:-1]},"view":{seen}}}'
        done = time.thread_time()
        self.metrics["cpu_library"] += middle - started
        self.metrics["cpu_json"] += done - middle
        self.metrics["messages"] += 1
        self.metrics["bytes"] += len(text)
        return text

    def _broadcast(self) -> None:
        cache: dict[tuple[int | None, bool], str] = {}
        for listener in list(self.listeners):
            if listener.stream and self.state is not None:
                if listener.cursor is not None:
                    listener.post(self._events_message(listener))
                    continue
                listener.cursor = library.view_cursor(self.state, listener.seat)
            key = (listener.seat, listener.narrate)
            if key not in cache:
                cache[key] = self.message(*key)
            listener.post(cache[key])

    def _events_message(self, listener: Listener) -> str:
        """The ``events`` update of a streaming listener since its cursor: the library's
        event stream (R43) with the turn, the seat's legal actions and the clock; a
        whole ``state`` message instead when its cursor is stale.
        """
        state = self.state
        assert state is not None and listener.cursor is not None
        started = time.thread_time()
        found = library.events_text(state, listener.seat, listener.cursor)
        if found is None:
            listener.cursor = library.view_cursor(state, listener.seat)
            return self.message(listener.seat, listener.narrate)
        text, listener.cursor = found
        document = self._head("events", state, listener.seat)
        middle = time.thread_time()
        body = library.dumps(document)
        self.metrics["cpu_library"] += middle - started
        self.metrics["cpu_json"] += time.thread_time() - middle
        self.metrics["messages"] += 1
        message = f'{body[:-1]},"stream":{text}}}'
        self.metrics["bytes"] += len(message)
        return message

    def add_listener(self, listener: Listener) -> None:
        """Start sending updates to a listener: the current one at once (a whole view;
        a streaming listener continues from its cursor after it).
        """
        self.listeners.add(listener)
        listener.task = asyncio.ensure_future(listener.run())
        self.resync(listener)

    def resync(self, listener: Listener) -> None:
        """Send a listener the whole table now (a ``sync``); a streaming listener's
        events continue from there.
        """
        if listener.stream and self.state is not None:
            listener.cursor = library.view_cursor(self.state, listener.seat)
        listener.post(self.message(listener.seat, listener.narrate))

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
