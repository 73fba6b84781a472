"""The amounts of the bet ids on ``bet_sizing="range"`` and ``"no_limit"`` tables (V3).

The ids are the learning encoding's fixed alphabet for the table
(:mod:`teenpatti_rules.encoding`: CHAAL and RAISE, SIDESHOW and SIDESHOW_RAISE, then
``bins − 2`` appended ids per bet kind: ``BET_BIN_j`` / ``SIDESHOW_BIN_j`` with the
encoding's default :data:`~teenpatti_rules.encoding.DEFAULT_BET_BINS` bins on a range
table, ``BET_X3`` … ``BET_MAX`` / ``SIDESHOW_X3`` … ``SIDESHOW_MAX`` on a no-limit
table, :data:`~teenpatti_rules.engine.sizing.NO_LIMIT_MULTIPLES`). Each id aims at an
amount (:meth:`~teenpatti_rules.engine.sizing.BetSizing.aims`), snapped down to the
legal grid (:meth:`~teenpatti_rules.engine.sizing.BetRange.snap`); an id is masked
when its aim is above every legal amount or an earlier id (in the sizing's priority
order) names the same amount. This module computes the same numbers as arrays, so a
batch row replays exactly with :func:`~teenpatti_rules.encoding.action_for_id`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..encoding import FIXED_ACTIONS, ActionId
from ..engine.sizing import NO_LIMIT_MULTIPLES
from .config import NO_LIMIT, SIZING_DOUBLE, SIZING_RANGE, TableConfig

__all__ = ["bet_ids", "id_amounts"]

Array = NDArray[Any]

_CAP = 2**31
"""``raise_cap`` is clamped to this in the arithmetic: every aim past the first is
then above any stack (below 2**28 chips), masked whatever the true cap, and
``j·(cap − 1)·m`` stays within int64."""


_MAX_AIM = 2**62
"""Stands for the no-limit MAX id's aim (the largest legal amount) until it is known."""


def bet_ids(config: TableConfig) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ids of the two bet kinds in the sizing's priority order (V3): the chaal's
    (CHAAL, RAISE, then the appended ids) and the sideshow's (SIDESHOW,
    SIDESHOW_RAISE, then theirs), as :mod:`teenpatti_rules.encoding` numbers them.
    """
    interior = config.bins - 2
    chaal = (
        int(ActionId.CHAAL),
        int(ActionId.RAISE),
        *range(FIXED_ACTIONS, FIXED_ACTIONS + interior),
    )
    ask = (
        int(ActionId.SIDESHOW),
        int(ActionId.SIDESHOW_RAISE),
        *range(FIXED_ACTIONS + interior, FIXED_ACTIONS + 2 * interior),
    )
    return chaal, ask


def _aims(config: TableConfig, low: Array) -> Array:
    """``int64`` ``(n, bins)``: the amount each id of one kind aims at, in priority
    order (:meth:`~teenpatti_rules.engine.sizing.BetSizing.aims`); the last no-limit
    aim (MAX, the largest legal amount) is :data:`_MAX_AIM`, replaced when snapped.
    """
    bins = config.bins
    if config.bet_sizing == SIZING_RANGE:
        # RangeSizing.aims: m + round(j·(cap − 1)·m / (bins − 1)), Python's round
        # (half to even), done in integers.
        cap = min(config.raise_cap, _CAP)
        j = np.arange(bins, dtype=np.int64)
        value = j[None, :] * ((cap - 1) * low[:, None])
        q, r = np.divmod(value, bins - 1)
        twice = 2 * r
        q = q + ((twice > bins - 1) | ((twice == bins - 1) & (q % 2 == 1)))
        aims = low[:, None] + q
        order = [0, bins - 1, *range(1, bins - 1)]
        ordered: Array = aims[:, order]
        return ordered
    multiples = np.array((1, 2, *NO_LIMIT_MULTIPLES), dtype=np.int64)
    top = np.full((low.shape[0], 1), _MAX_AIM, dtype=np.int64)
    return np.concatenate((low[:, None] * multiples[None, :], top), axis=1)


def _snap(aims: Array, low: Array, high: Array, step: Array, also: Array) -> Array:
    """``int64`` ``(n, bins)``: each aim snapped down to the range ``low..high`` by
    ``step`` plus ``also`` (``-1`` for none), 0 where it is above every amount
    (:meth:`~teenpatti_rules.engine.sizing.BetRange.snap`); then 0 where an earlier
    column names the same amount.
    """
    grid = high >= low
    top = np.where(grid, low + (high - low) // step * step, -1)
    largest = np.maximum(top, also)[:, None]  # -1 when the range is empty
    aims = np.where(aims == _MAX_AIM, largest, aims)  # the no-limit MAX id
    clipped = np.minimum(aims, high[:, None])
    best = np.where(
        grid[:, None], low[:, None] + (clipped - low[:, None]) // step[:, None] * step[:, None], -1
    )
    with_also = (also[:, None] >= 0) & (also[:, None] <= aims) & (also[:, None] > best)
    best = np.where(with_also, also[:, None], best)
    amounts = np.where((aims > largest) | (aims < low[:, None]), 0, best)
    bins = aims.shape[1]
    same = amounts[:, :, None] == amounts[:, None, :]
    earlier = np.tril(np.ones((bins, bins), dtype=bool), -1)
    taken = (same & earlier[None, :, :]).any(axis=2)
    result: Array = np.where(taken, 0, amounts)
    return result


def id_amounts(config: TableConfig, low: Array, seen: Array, stack: Array, actions: int) -> Array:
    """``int64`` ``(n, actions)``: the chips each bet or sideshow id of the actor names
    now, 0 for an id that names no amount (and for every other id). Legality beyond
    the amounts (whose turn, R23's blind-bet limit, R30's sideshow conditions) is
    the caller's.

    - the legal bets (:func:`~teenpatti_rules.engine.questions.bet_range`): the
      sizing's amounts from the minimum bet ``low`` (R24; ``raise_cap`` times it
      under ``"range"``, the whole stack under ``"no_limit"``, even amounts when seen,
      plus an odd whole-stack bet), at most the stack (R25) and at most the amount
      whose stake stays within ``stake_limit`` (V4);
    - the legal sideshow chaals (R30): those amounts below the stack.

    :param config: the table's numbers (a ``"range"`` or ``"no_limit"`` sizing).
    :param low: ``(n,)`` the actor's minimum bet (R24).
    :param seen: ``bool`` ``(n,)`` whether the actor has looked.
    :param stack: ``(n,)`` the actor's stack.
    :param actions: the alphabet's size ``A``.
    :returns: the amounts, in id order.
    """
    assert config.bet_sizing != SIZING_DOUBLE
    low = low.astype(np.int64)
    stack = stack.astype(np.int64)
    n = low.shape[0]
    limit = config.stake_limit
    cut = np.where(seen, 2 * limit + 1, limit)  # the stake stays within V4's limit
    most = stack if limit >= NO_LIMIT else np.minimum(stack, cut)
    step = np.where(seen, 2, 1).astype(np.int64)
    none = np.full(n, -1, dtype=np.int64)
    if config.bet_sizing == SIZING_RANGE:
        high = np.minimum(min(config.raise_cap, _CAP) * low, most)
        also = none
    else:
        high = np.minimum(stack, most)
        whole = seen & (stack % 2 == 1) & (stack >= low) & (stack <= most)
        also = np.where(whole, stack, -1)
    aims = _aims(config, low)
    bets = _snap(aims, low, high, step, also)
    asks = _snap(aims, low, np.minimum(high, stack - 1), step, none)
    chaal_ids, ask_ids = bet_ids(config)
    amounts = np.zeros((n, actions), dtype=np.int64)
    amounts[:, list(chaal_ids)] = bets
    amounts[:, list(ask_ids)] = asks
    return amounts
