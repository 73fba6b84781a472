"""Many sessions at once, reproducibly, in process or across processes and machines.

:func:`run_sessions` plays ``n`` sessions of one :class:`SessionConfig` with automatic
players and returns one :class:`SessionSummary` per session, **in index order**. It
has one code path for every executor: it cuts the work into chunks and hands them to
a ``map`` function, so the same master seed gives the same results

- in process: ``map=map`` (the default);
- with local processes: ``map=ProcessPoolExecutor(k).map`` (``spawn`` too);
- on a Ray cluster: ``map=ray.util.multiprocessing.Pool().map``.

No random generator is shared: session ``i`` gets the seed
:func:`session_seed` ``(master_seed, i)``, a SHA-256 counter hash, which makes both
its decks (R10, through :func:`~teenpatti_rules.state.new_session`) and its players'
choices (``random.Random(seed)``). Players are named by import path
(``"teenpatti_rules:choose"``), so that a config pickles to any worker.

>>> config = SessionConfig(players=3, rules=Rules(hand_limit=5))
>>> results = run_sessions(config, 4, master_seed=1)
>>> [r.index for r in results], all(r.hands <= 5 for r in results)
([0, 1, 2, 3], True)
>>> digest(results) == digest(run_sessions(config, 4, master_seed=1, chunksize=3))
True

Scripts that use process pools must guard their entry point
(``if __name__ == "__main__":``); under ``spawn`` each worker imports the script.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from . import Action, Rules, State, new_session, play_session
from .limits import MAX_SEED, MAX_SESSIONS, short

__all__ = [
    "SessionConfig",
    "SessionSummary",
    "Totals",
    "digest",
    "load_policy",
    "run_sessions",
    "session_seed",
    "summary_table",
    "totals",
]

MapFunction = Callable[[Callable[[Any], Any], Iterable[Any]], Iterable[Any]]
"""``map(function, iterable)`` returning the results in order: the builtin ``map``,
``Executor.map``, Ray's ``Pool.map``."""


def _stacks(value: Sequence[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


def _policy_names(value: str | Sequence[str]) -> tuple[str, ...]:
    names = (value,) if isinstance(value, str) else tuple(value)
    for name in names:
        if not isinstance(name, str) or (":" not in name and "." not in name):
            raise ValueError(
                f"a policy is named by its import path, e.g. 'teenpatti_rules:choose', not {name!r}"
            )
    return names


@attrs.frozen(kw_only=True)
class SessionConfig:
    """What every session of a run plays. Picklable (workers receive it).

    :param players: seats at the table, within ``rules.min_players..max_players`` (R3).
    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`; set
        ``hand_limit`` to bound a session's length (R2).
    :param stacks: starting chips per seat, or None for ``rules.starting_stack`` (R4).
    :param policies: the automatic player(s) by import path, ``"module:attribute"``:
        one for every seat, or one per seat. Each is a chooser
        ``(view, seat, rng) -> Action | None`` as
        :func:`teenpatti_rules.choose <.rule.choose>` (R44) and
        :func:`teenpatti_rules.random_choice <.random.random_choice>`.
    :raises ValueError: naming the bad field (the table itself is checked by
        :func:`~teenpatti_rules.state.new_session` when a session starts).
    """

    players: int = 4
    rules: Rules = attrs.field(factory=Rules)
    stacks: tuple[int, ...] | None = attrs.field(default=None, converter=_stacks)
    policies: tuple[str, ...] = attrs.field(
        default=("teenpatti_rules:choose",), converter=_policy_names
    )

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or not (
            self.rules.min_players <= self.players <= self.rules.max_players
        ):
            raise ValueError(
                f"players must be an int in {self.rules.min_players}..{self.rules.max_players} "
                f"(R3), not {self.players!r}"
            )
        if len(self.policies) not in (1, self.players):
            raise ValueError(
                f"policies must name 1 or {self.players} players, not {len(self.policies)}"
            )

    def names(self) -> list[str]:
        """The players' display names: ``P0``, ``P1`` and so on."""
        return [f"P{seat}" for seat in range(self.players)]


@attrs.frozen
class SessionSummary:
    """How one session went. Integers and strings only, so that results compare and
    digest exactly whatever the executor.

    :param index: the session's index in the run.
    :param seed: its seed (:func:`session_seed`).
    :param hands: hands played (R2).
    :param winners: the session winners' seats (R8).
    :param stacks: every seat's final stack, in chips.
    :param net: every seat's final minus starting stack, in chips (sums to 0, R42).
    :param history: the session's :class:`~teenpatti_rules.io.history.History` as JSON
        when asked for (``histories=True``), else None.
    """

    index: int
    seed: int
    hands: int
    winners: tuple[int, ...]
    stacks: tuple[int, ...]
    net: tuple[int, ...]
    history: str | None = None


def session_seed(master_seed: int, index: int) -> int:
    """The seed of session ``index`` of a run: the first 63 bits of
    SHA-256(``"teenpatti_rules:session:<master_seed>:<index>"``).

    >>> session_seed(1, 0) == session_seed(1, 0) != session_seed(1, 1)
    True
    """
    text = f"teenpatti_rules:session:{master_seed}:{index}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


_POLICIES: dict[str, Callable[..., Action | None]] = {}
MAX_POLICIES = 64
"""The most choosers :func:`load_policy` keeps imported (a bounded cache)."""


def load_policy(name: str) -> Callable[..., Action | None]:
    """The chooser named ``"module:attribute"`` (or ``"module.attribute"``), imported once.

    :raises ValueError: if the module or the attribute does not exist or is not callable.
    """
    cached = _POLICIES.get(name)
    if cached is not None:
        return cached
    if len(_POLICIES) >= MAX_POLICIES:  # bounded: forget the oldest
        _POLICIES.pop(next(iter(_POLICIES)), None)
    module_name, _, attribute = name.rpartition(":") if ":" in name else name.rpartition(".")
    try:
        found: Callable[..., Action | None] = getattr(
            importlib.import_module(module_name), attribute
        )
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load the policy {name!r}: {error}") from None
    if not callable(found):
        raise ValueError(f"the policy {name!r} is not callable")
    _POLICIES[name] = found
    return found


def _play(config: SessionConfig, index: int, seed: int, histories: bool) -> SessionSummary:
    start = new_session(config.names(), config.rules, seed=seed, stacks=config.stacks)
    policies = [load_policy(name) for name in config.policies]
    players = policies[0] if len(policies) == 1 else dict(enumerate(policies))
    actions: list[Action] = []

    def record(action: Action, after: State) -> None:
        actions.append(action)

    final = play_session(start, players, random.Random(seed), on_step=record if histories else None)
    history = None
    if histories:
        from .io.history import History

        history = History.from_state(start).record(*actions).to_json()
    stacks = tuple(seat.stack for seat in final.seats)
    return SessionSummary(
        index=index,
        seed=seed,
        hands=final.hand_number,
        winners=tuple(final.session_winners),
        stacks=stacks,
        net=tuple(end - begin.stack for end, begin in zip(stacks, start.seats, strict=True)),
        history=history,
    )


def _play_chunk(task: tuple[SessionConfig, int, int, int, bool]) -> list[SessionSummary]:
    """One worker task: sessions ``first..stop-1`` of a run (a top-level function, so
    that it pickles under ``spawn`` and to Ray).
    """
    config, master_seed, first, stop, histories = task
    return [
        _play(config, index, session_seed(master_seed, index), histories)
        for index in range(first, stop)
    ]


def run_sessions(
    config: SessionConfig,
    n: int,
    *,
    master_seed: int,
    map: MapFunction = map,
    chunksize: int = 16,
    histories: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[SessionSummary]:
    """Play ``n`` sessions of ``config``; the results in index order.

    :param config: the table and the players (:class:`SessionConfig`).
    :param n: how many sessions, 0 to :data:`~teenpatti_rules.limits.MAX_SESSIONS`.
    :param master_seed: an int with ``abs(master_seed) <``
        :data:`~teenpatti_rules.limits.MAX_SEED`; session ``i`` plays with :func:`session_seed`
        ``(master_seed, i)``, whatever the executor and the chunk size.
    :param map: how to run the chunks: anything with the builtin ``map``'s signature
        that returns results in order (``Executor.map``, Ray's ``Pool.map``).
    :param chunksize: sessions per task, 1 to ``MAX_SESSIONS`` (aim for ≥ 10 ms of
        work each). The tasks are made lazily, one chunk at a time.
    :param histories: also keep each session's history as JSON (costs memory).
    :param progress: called with the number of sessions finished so far, after each
        chunk arrives (a map that returns a list reports once, at the end).
    :returns: ``n`` :class:`SessionSummary`, by index.
    :raises ValueError: for a bad ``n``, ``master_seed`` or ``chunksize``, or a policy
        that cannot be loaded.
    :raises IllegalActionError: if a policy returns an illegal action, or an action of
        another seat than its own (checked before it is applied,
        :func:`~.session.play_session`).
    :raises TypeError: if a policy is not a chooser ``(view, seat, rng)`` or returns
        something that is not an action.
    """
    for name, value, low, high in (
        ("n", n, 0, MAX_SESSIONS),
        ("chunksize", chunksize, 1, MAX_SESSIONS),
    ):
        if type(value) is not int or not low <= value <= high:
            raise ValueError(
                f"{name} must be an int from {low} to {high} (limits.MAX_SESSIONS), "
                f"not {short(value)}"
            )
    if type(master_seed) is not int or abs(master_seed) >= MAX_SEED:
        raise ValueError(
            f"master_seed must be an int with abs(master_seed) < 2**128 (limits.MAX_SEED), "
            f"not {short(master_seed)}"
        )
    if not isinstance(config, SessionConfig):
        raise ValueError(f"config must be a SessionConfig, not {short(config)}")
    for name in config.policies:
        load_policy(name)  # fail here, not in a worker
    tasks = (  # made lazily, as map asks for them (D8)
        (config, master_seed, first, min(first + chunksize, n), histories)
        for first in range(0, n, chunksize)
    )
    results: list[SessionSummary] = []
    for chunk in map(_play_chunk, tasks):
        results.extend(chunk)
        if progress is not None:
            progress(len(results))
    if [r.index for r in results] != list(range(n)):
        raise ValueError("map returned the chunks out of order; pass an order-keeping map")
    return results


def digest(results: Iterable[SessionSummary]) -> str:
    """A SHA-256 hex digest of results (every field, in order): equal runs give equal
    digests.
    """
    h = hashlib.sha256()
    for r in results:
        h.update(json.dumps(attrs.astuple(r), separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()


@attrs.frozen
class Totals:
    """Aggregates of a run (see :func:`totals`).

    :param sessions: sessions played.
    :param wins: per seat, sessions it won (a shared win counts for each winner, R8).
    :param mean_hands: mean hands per session.
    :param chips_per_hand: per seat, the mean over sessions of its net chips divided
        by the session's hands.
    :param ci95: per seat, the half-width of a normal 95% confidence interval of
        ``chips_per_hand`` (1.96 standard errors; 0 with fewer than 2 sessions).
    """

    sessions: int
    wins: tuple[int, ...]
    mean_hands: float
    chips_per_hand: tuple[float, ...]
    ci95: tuple[float, ...]


def totals(results: Sequence[SessionSummary]) -> Totals:
    """Wins by seat, mean hands per session, chips won per hand with a 95% interval.

    :param results: summaries of one configuration (equal seat counts), at least one.
    :raises ValueError: if ``results`` is empty.
    """
    if not results:
        raise ValueError("results must hold at least one session")
    seats = len(results[0].stacks)
    count = len(results)
    wins = [0] * seats
    for r in results:
        for seat in r.winners:
            wins[seat] += 1
    per_hand = [[r.net[seat] / max(1, r.hands) for r in results] for seat in range(seats)]
    means = [sum(values) / count for values in per_hand]
    ci = []
    for values, mean in zip(per_hand, means, strict=True):
        if count < 2:
            ci.append(0.0)
            continue
        variance = sum((v - mean) ** 2 for v in values) / (count - 1)
        ci.append(1.96 * math.sqrt(variance / count))
    return Totals(
        sessions=count,
        wins=tuple(wins),
        mean_hands=sum(r.hands for r in results) / count,
        chips_per_hand=tuple(means),
        ci95=tuple(ci),
    )


def summary_table(result: Totals, names: Sequence[str] | None = None) -> list[str]:
    r"""The plain-text summary table of :func:`totals`, one line per row.

    :param result: the aggregates.
    :param names: a display name per seat, or None for ``P0``, ``P1`` and so on.
    :returns: lines without newlines: a header, one line per seat (wins, win share,
        chips per hand ± the 95% half-width), then the mean hands per session.

    >>> lines = summary_table(Totals(2, (1, 1), 3.0, (0.5, -0.5), (0.25, 0.25)))
    >>> print("\n".join(lines))
    seat  wins  share  chips/hand (95% CI)
    P0       1  50.0%  +0.500 ± 0.250
    P1       1  50.0%  -0.500 ± 0.250
    2 sessions, 3.0 hands per session on average
    """
    seats = len(result.wins)
    labels = list(names) if names is not None else [f"P{seat}" for seat in range(seats)]
    width = max(4, *(len(label) for label in labels))
    lines = [f"{'seat':<{width}}  wins  share  chips/hand (95% CI)"]
    for seat in range(seats):
        share = 100.0 * result.wins[seat] / max(1, result.sessions)
        lines.append(
            f"{labels[seat]:<{width}}  {result.wins[seat]:>4}  {share:>4.1f}%  "
            f"{result.chips_per_hand[seat]:+.3f} ± {result.ci95[seat]:.3f}"
        )
    lines.append(
        f"{result.sessions} sessions, {result.mean_hands:.1f} hands per session on average"
    )
    return lines
