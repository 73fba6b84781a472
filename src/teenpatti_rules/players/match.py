"""Matches between kinds of automatic player: many seeded sessions, results with 95 % CIs.

A *match* seats the given player kinds at one table (``kinds[i]`` at seat ``i``) and
plays ``sessions`` sessions to their end with
:func:`~.session.play_session`. Session ``j`` turns the seating by ``j``
places (the kind at seat ``i`` moves to seat ``(i + j) % n``), so every kind plays
every seat equally often, and is seeded with ``seed + j`` (the deck, the first dealer
and the players' random generator), so a match is reproducible.

Its measure is **chips won per hand**: for each session and kind, the chips its seats
ended with less the chips they started with (R4), divided by the hands played and
by the number of seats of that kind; then the mean over sessions with a 95 %
confidence interval (mean ± 1.96 standard errors of the session values).

>>> from teenpatti_rules import Rules
>>> result = play_match(["rule", "random", "rule"], 4, Rules(hand_limit=5), seed=1)
>>> [row.kind for row in result.rows], result.sessions
(['rule', 'random'], 4)
>>> round(sum(row.mean * row.seats for row in result.rows), 9)  # chips are conserved (R42)
0.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence

import attrs

from ..actions import Action
from ..rules import Rules
from ..state import State, new_session
from .equity import equity_choose
from .random import random_choice
from .rule import choose
from .session import play_session

__all__ = ["PLAYERS", "MatchResult", "MatchRow", "play_match"]

Chooser = Callable[[State, int, random.Random], Action | None]

PLAYERS: Mapping[str, Chooser] = {
    "equity": equity_choose,
    "rule": choose,
    "random": random_choice,
}
"""The player kinds by name: ``"equity"`` (:func:`~teenpatti_rules.players.equity.equity_choose`),
``"rule"`` (the R44 player, :func:`~.rule.choose`) and ``"random"``
(:func:`~.random.random_choice`)."""


@attrs.frozen
class MatchRow:
    """One kind's results in a match.

    :param kind: the player kind's name.
    :param seats: how many seats it holds at each table.
    :param mean: its chips won per hand per seat, averaged over the sessions.
    :param low: the lower end of the 95 % confidence interval of ``mean``.
    :param high: the upper end.
    :param session_wins: sessions in which one of its seats was among the winners (R8).
    """

    kind: str
    seats: int
    mean: float
    low: float
    high: float
    session_wins: int


@attrs.frozen
class MatchResult:
    """The result of :func:`play_match`.

    :param rows: one :class:`MatchRow` per kind, in the order the kinds first appear.
    :param sessions: sessions played.
    :param hands: hands played in all.
    """

    rows: tuple[MatchRow, ...]
    sessions: int
    hands: int


def play_match(
    kinds: Sequence[str],
    sessions: int,
    rules: Rules | None = None,
    *,
    seed: int = 0,
    players: Mapping[str, Chooser] | None = None,
) -> MatchResult:
    """Play ``sessions`` seeded sessions between player kinds and measure chips per hand.

    :param kinds: one player kind per seat (names of ``players``), e.g.
        ``["equity", "rule", "equity", "rule"]``; its length is the table's size.
    :param sessions: how many sessions, at least 1.
    :param rules: the table; None for the default. A ``hand_limit`` keeps sessions
        short (without one a session lasts until one player has every chip, R2).
    :param seed: session ``j`` is seeded with ``seed + j``.
    :param players: the kinds by name; None for :data:`PLAYERS`.
    :returns: a :class:`MatchResult`.
    :raises ValueError: for an unknown kind (naming it and the known ones), a table
        size ``rules`` refuses (R3), or ``sessions`` below 1.
    :raises TypeError: for a non-int ``sessions`` or ``seed``.
    """
    table = PLAYERS if players is None else players
    if isinstance(sessions, bool) or not isinstance(sessions, int):
        raise TypeError(f"sessions must be an int, not {sessions!r}")
    if sessions < 1:
        raise ValueError(f"sessions must be at least 1, not {sessions}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {seed!r}")
    kinds = list(kinds)
    for kind in kinds:
        if kind not in table:
            raise ValueError(f"unknown player kind {kind!r}; the kinds are {', '.join(table)}")
    rules = Rules() if rules is None else rules
    n = len(kinds)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(
            f"kinds must name {rules.min_players} to {rules.max_players} players, not {n} (R3)"
        )
    order = list(dict.fromkeys(kinds))
    counts = {kind: kinds.count(kind) for kind in order}
    values: dict[str, list[float]] = {kind: [] for kind in order}
    wins = dict.fromkeys(order, 0)
    hands = 0
    names = [f"P{i}" for i in range(n)]
    for j in range(sessions):
        seating = [kinds[(i - j) % n] for i in range(n)]
        start = new_session(names, rules, seed=seed + j)
        end = play_session(start, {i: table[seating[i]] for i in range(n)}, random.Random(seed + j))
        hands += end.hand_number
        net = dict.fromkeys(order, 0)
        for i, kind in enumerate(seating):
            net[kind] += end.seats[i].stack - start.seats[i].stack
        for kind in order:
            values[kind].append(net[kind] / max(end.hand_number, 1) / counts[kind])
        for kind in {seating[i] for i in end.session_winners}:
            wins[kind] += 1
    rows = []
    for kind in order:
        mean, half = _mean_ci(values[kind])
        rows.append(MatchRow(kind, counts[kind], mean, mean - half, mean + half, wins[kind]))
    return MatchResult(tuple(rows), sessions, hands)


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def format_match(result: MatchResult) -> list[str]:
    """The lines of a results table: kind, seats, chips won per hand with its 95 % CI, wins.

    :param result: a :class:`MatchResult`.
    :returns: the lines, without newlines.
    """
    lines = [
        f"{result.sessions} sessions, {result.hands} hands",
        f"{'player':<8} {'seats':>5} {'chips/hand':>11} {'95% CI':>21} {'sessions won':>13}",
    ]
    for row in result.rows:
        ci = f"[{row.low:+.3f}, {row.high:+.3f}]"
        lines.append(
            f"{row.kind:<8} {row.seats:>5} {row.mean:>+11.3f} {ci:>21} {row.session_wins:>13}"
        )
    return lines
