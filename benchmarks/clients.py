"""Messages for clients (issue 22): run with ``./dev bench`` or ``python benchmarks/clients.py``.

Random play (the policy of ``engine.py``: mostly calls, sometimes raises, packs, looks)
at 3, 5, 7 and 17 seats; every state of a few sessions is sampled. Reports:

- bytes per view: today's ``state_to_json(view)`` (rules and the whole log) against
  ``view_to_json(view, rules=False)`` (the rules sent once), medians;
- bytes per event message: ``events_to_json(*events_for(state, seat, cursor))`` after
  each action, median;
- at 5 seats, in the same run: write and read microseconds per view, today's
  ``state_to_json``/``state_from_json`` against ``view_to_json`` and
  ``view_from_json`` (strict, and trusted);
- events per second through ``events_for`` + ``events_to_json`` for a 5-seat table
  (every seat and the spectators after each action).
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine import make_policy
from timing import best_time

import teenpatti_rules as tp
from teenpatti_rules.stream import Cursor, events_for

SESSIONS = int(os.environ.get("BENCH_SESSIONS", "3"))
STEPS = int(os.environ.get("BENCH_STEPS", "400"))
policy = make_policy(tp)


def play(seats: int, seed: int) -> list[tp.State]:
    """The states of one session (at most :data:`STEPS` actions)."""
    rules = tp.Rules(max_players=max(7, seats))
    state = tp.new_session([f"P{i}" for i in range(seats)], rules, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while state.phase is not tp.Phase.SESSION_OVER and len(states) <= STEPS:
        state = tp.apply(state, policy(rng, tp.legal_actions(state), state.actor))
        states.append(state)
    return states


def sizes(seats: int) -> tuple[float, float, float]:
    """Median bytes: today's view document, the compact view, an event message."""
    today, compact, messages = [], [], []
    for seed in range(SESSIONS):
        states = play(seats, seed)
        cursor = Cursor.of(tp.view(states[0], 0))
        for state in states[1:]:
            seen = tp.view(state, 0)
            today.append(len(tp.state_to_json(seen).encode()))
            compact.append(len(tp.view_to_json(seen, rules=False).encode()))
            events, cursor = events_for(state, 0, cursor)
            messages.append(len(tp.events_to_json(events, cursor).encode()))
    return statistics.median(today), statistics.median(compact), statistics.median(messages)


def per_view_us(function: Callable[[Any], object], items: Sequence[Any], repeat: int = 5) -> float:
    """Mean microseconds of ``function(item)`` over ``items``, best of ``repeat`` passes,
    with the garbage collector paused as :mod:`timeit` does (the sessions held alive by
    the benchmark would otherwise make each collection cost milliseconds)."""
    gc.collect()
    gc.disable()
    try:
        seconds = best_time(lambda: [function(item) for item in items], repeat)
    finally:
        gc.enable()
    return seconds / len(items) * 1e6


def speeds() -> None:
    """Write and read µs per 5-seat view, today's functions and the new ones, one run."""
    states = play(5, 11)[1::3][:60]
    views = [tp.view(state, 0) for state in states]
    rules = views[0].rules
    old_texts = [tp.state_to_json(seen) for seen in views]
    new_texts = [tp.view_to_json(seen, rules=False) for seen in views]
    assert all(
        tp.view_from_json(t, rules=rules) == v for t, v in zip(new_texts, views, strict=True)
    )
    rows = [
        ("write  state_to_json(view)      ", per_view_us(tp.state_to_json, views)),
        (
            "write  view_to_json(rules=False)",
            per_view_us(lambda v: tp.view_to_json(v, rules=False), views),
        ),
        ("read   state_from_json          ", per_view_us(tp.state_from_json, old_texts, 3)),
        (
            "read   view_from_json (strict)  ",
            per_view_us(lambda t: tp.view_from_json(t, rules=rules), new_texts, 3),
        ),
        (
            "read   view_from_json (trusted) ",
            per_view_us(
                lambda t: tp.view_from_json(t, rules=rules, trusted=True),
                new_texts,
            ),
        ),
    ]
    from teenpatti_rules.io.json_text import ENCODE as _ENCODE
    from teenpatti_rules.io.json_text import STDLIB_ENCODE as _STDLIB_ENCODE

    codec = "json" if _ENCODE is _STDLIB_ENCODE else "orjson (the fast extra)"
    print(
        f"5 seats, {len(views)} views of one session, mean µs per view (best of passes; {codec}):"
    )
    for label, value in rows:
        print(f"  {label} {value:8.1f} µs")
    print(f"  write  view_to_json, play order   {play_order_write_us():8.1f} µs")
    write_ratio, read_ratio = rows[0][1] / rows[1][1], rows[2][1] / rows[4][1]
    print(f"  write ratio {write_ratio:.1f}x, trusted read ratio {read_ratio:.1f}x")


def play_order_write_us() -> float:
    """µs per view written as a server writes them: every seat's view of each state of a
    new session once, in play order, from empty caches (each new state brings a few new
    events and seats; the rest were written before)."""
    from teenpatti_rules.io import messages

    states = play(5, 12)
    views = [tp.view(state, seat) for state in states for seat in range(5)]
    messages._FRAGMENTS.clear()
    messages._LOGS.clear()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for seen in views:
            tp.view_to_json(seen, rules=False)
        seconds = time.perf_counter() - start
    finally:
        gc.enable()
    return seconds / len(views) * 1e6


def stream_rate() -> None:
    """Events per second through events_for + events_to_json, 5 seats and spectators."""
    states = play(5, 21)
    viewers: list[int | None] = [None, *range(5)]

    def run() -> int:
        count = 0
        cursors = {seat: Cursor.of(tp.view(states[0], seat)) for seat in viewers}
        for state in states[1:]:
            for seat in viewers:
                events, cursors[seat] = events_for(state, seat, cursors[seat])
                tp.events_to_json(events, cursors[seat])
                count += len(events)
        return count

    count = run()
    gc.collect()
    gc.disable()
    try:
        seconds = best_time(run, 3)
    finally:
        gc.enable()
    messages = (len(states) - 1) * len(viewers)
    print(
        f"events_for + events_to_json, 5 seats and spectators: {count / seconds:,.0f} events/s "
        f"({messages / seconds:,.0f} messages/s, {count / messages:.1f} events a message "
        "with its TableStatus)"
    )


def main() -> None:
    started = time.perf_counter()
    print("median bytes per message (viewer: seat 0; UTF-8)")
    print(
        f"  {'seats':>5}  {'state_to_json(view)':>20}  {'view_to_json':>12}  {'event message':>13}"
    )
    for seats in (3, 5, 7, 17):
        today, compact, message = sizes(seats)
        print(f"  {seats:>5}  {today:>20,.0f}  {compact:>12,.0f}  {message:>13,.0f}")
    speeds()
    stream_rate()
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
