"""The amounts of the bet ids on ``bet_sizing="range"`` and ``"no_limit"`` tables (V3).

The ids are the learning encoding's fixed alphabet for the table
(:mod:`teenpatti_rules.encoding`: CHAAL and RAISE, SIDESHOW and SIDESHOW_RAISE, then
``bins − 2`` appended ids per bet kind: ``BET_BIN_j`` / ``SIDESHOW_BIN_j`` with the
encoding's default ``DEFAULT_BET_BINS`` bins on a range
table, ``BET_X3`` … ``BET_MAX`` / ``SIDESHOW_X3`` … ``SIDESHOW_MAX`` on a no-limit
table, ``NO_LIMIT_MULTIPLES``). Each id aims at an
amount (:meth:`~teenpatti_rules.sizing.BetSizing.aims`), snapped down to the
legal grid (:meth:`~teenpatti_rules.sizing.BetRange.snap`); an id is masked
when its aim is above every legal amount or an earlier id (in the sizing's priority
order) names the same amount. This module computes the same numbers as arrays, so a
batch row replays exactly with :func:`~teenpatti_rules.encoding.action_for_id`.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..encoding import FIXED_ACTIONS, ActionId
from ..engine.sizing import NO_LIMIT_MULTIPLES
from .config import NO_LIMIT, SIZING_DOUBLE, SIZING_RANGE, TableConfig

__all__ = ["bet_ids", "id_amounts", "named_amounts"]

Array = NDArray[Any]

_CAP = 2**31
"""``raise_cap`` is clamped to this in the arithmetic: every aim past the first is
then above any stack (below 2**28 chips), masked whatever the true cap, and
``j·(cap − 1)·m`` stays within int64."""


_MAX_AIM = 2**62
"""Stands for the no-limit MAX id's aim (the largest legal amount) until it is known."""


def bet_ids(config: TableConfig) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ids of the two bet kinds in the order of their aims, smallest first (V3):
    the chaal's and the sideshow's, as :mod:`teenpatti_rules.encoding` numbers them.
    Under ``"no_limit"`` that is also the sizing's priority order (CHAAL, RAISE,
    ``X3`` … ``X16``, MAX); under ``"range"`` the first id aims at bin 0, the appended
    ids at bins 1 … ``bins − 2`` and the second id (RAISE) at the last bin.
    """
    interior = config.bins - 2
    chaal_extra = tuple(range(FIXED_ACTIONS, FIXED_ACTIONS + interior))
    ask_extra = tuple(range(FIXED_ACTIONS + interior, FIXED_ACTIONS + 2 * interior))
    chaal, raise_ = int(ActionId.CHAAL), int(ActionId.RAISE)
    ask, ask_raise = int(ActionId.SIDESHOW), int(ActionId.SIDESHOW_RAISE)
    if config.bet_sizing == SIZING_RANGE:
        return (chaal, *chaal_extra, raise_), (ask, *ask_extra, ask_raise)
    return (chaal, raise_, *chaal_extra), (ask, ask_raise, *ask_extra)


def _aims(config: TableConfig, low: Array) -> Array:
    """``int64`` ``(n, bins)``: the amount each id of one kind aims at, in the order
    of :func:`~teenpatti_rules.batch.sizing.bet_ids`
    (:meth:`~teenpatti_rules.sizing.BetSizing.aims`); the last no-limit aim (MAX, the
    largest legal amount) is ``_MAX_AIM``, replaced when
    snapped.
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
        aims: Array = low[:, None] + q
        return aims
    multiples = np.array((1, 2, *NO_LIMIT_MULTIPLES, 0), dtype=np.int64)
    aims = low[:, None] * multiples[None, :]
    aims[:, -1] = _MAX_AIM
    return aims


def _snap(aims: Array, low: Array, high: Array, step: Array, also: Array) -> Array:
    """``int64`` ``(n, k)``: each aim snapped down to the range ``low..high`` by
    ``step`` plus ``also`` (``-1`` for none), 0 where it is above every amount
    (:meth:`~teenpatti_rules.sizing.BetRange.snap`; ``_MAX_AIM`` is the
    largest amount). ``low``, ``high``, ``step``, ``also``: ``(n, 1)``.
    """
    grid = high >= low
    top = np.where(grid, low + (high - low) // step * step, -1)
    largest = np.maximum(top, also)  # -1 when the range is empty
    aims = np.where(aims == _MAX_AIM, largest, aims)  # the no-limit MAX id
    best = np.where(grid, low + (np.minimum(aims, high) - low) // step * step, -1)
    best = np.where((also >= 0) & (also <= aims) & (also > best), also, best)
    result: Array = np.where((aims > largest) | (aims < low), 0, best)
    return result


def _distinct(config: TableConfig, amounts: Array) -> Array:
    """``amounts`` (``(n, bins)``, in :func:`~teenpatti_rules.batch.sizing.bet_ids`
    order: nondecreasing where not 0) with 0 where an id earlier in the sizing's priority order
    names the same amount.
    """
    if config.bet_sizing != SIZING_RANGE:  # priority order = aim order
        before = np.maximum.accumulate(amounts, axis=1)[:, :-1]
        taken = np.zeros(amounts.shape, dtype=bool)
        taken[:, 1:] = amounts[:, 1:] == before
    else:  # priority: bin 0, the last bin, then bins 1 … bins − 2
        last = amounts[:, -1:]
        taken = np.zeros(amounts.shape, dtype=bool)
        taken[:, 1:-1] = (amounts[:, 1:-1] == amounts[:, :-2]) | (amounts[:, 1:-1] == last)
        taken[:, -1] = amounts[:, -1] == amounts[:, 0]
    result: Array = np.where(taken, 0, amounts)
    return result


def _ranges(
    config: TableConfig, low: Array, seen: Array, stack: Array
) -> tuple[Array, Array, Array, Array]:
    """``int64`` ``(n,)`` each: the bets' grid top ``high``, its ``step``, the odd
    whole-stack bet ``also`` (-1 for none) and the sideshow chaals' top.
    """
    limit = config.stake_limit
    cut = np.where(seen, 2 * limit + 1, limit)  # the stake stays within V4's limit
    most = stack if limit >= NO_LIMIT else np.minimum(stack, cut)
    step = np.where(seen, 2, 1).astype(np.int64)
    if config.bet_sizing == SIZING_RANGE:
        high = np.minimum(min(config.raise_cap, _CAP) * low, most)
        also = np.full(low.shape[0], -1, dtype=np.int64)
    else:
        high = most
        whole = seen & (stack % 2 == 1) & (stack >= low) & (stack <= most)
        also = np.where(whole, stack, -1)
    return high, step, also, np.minimum(high, stack - 1)


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
    high, step, also, ask_high = _ranges(config, low, seen, stack)
    aims = _aims(config, low)
    low1, step1 = low[:, None], step[:, None]
    bets = _distinct(config, _snap(aims, low1, high[:, None], step1, also[:, None]))
    none = np.full((low.shape[0], 1), -1, dtype=np.int64)
    asks = _distinct(config, _snap(aims, low1, ask_high[:, None], step1, none))
    chaal_ids, ask_ids = bet_ids(config)
    amounts = np.zeros((low.shape[0], actions), dtype=np.int64)
    amounts[:, list(chaal_ids)] = bets
    amounts[:, list(ask_ids)] = asks
    return amounts


def named_amounts(
    config: TableConfig, low: Array, seen: Array, stack: Array, actions: Array
) -> Array:
    """``int64`` ``(n,)``: the chips the bet or sideshow id ``actions[i]`` names at
    table ``i`` (as :func:`~teenpatti_rules.batch.sizing.id_amounts`, for legal ids
    only: no check that an earlier id names the same amount); 0 for any other id (``-1``: no
    action).

    :param config: the table's numbers (a ``"range"`` or ``"no_limit"`` sizing).
    :param low: ``(n,)`` the actor's minimum bet (R24).
    :param seen: ``bool`` ``(n,)`` whether the actor has looked.
    :param stack: ``(n,)`` the actor's stack.
    :param actions: ``(n,)`` the ids played.
    """
    assert config.bet_sizing != SIZING_DOUBLE
    kind, column = _columns(config)
    act = np.maximum(actions, 0)
    which = kind[act]
    low = low.astype(np.int64)
    stack = stack.astype(np.int64)
    high, step, also, ask_high = _ranges(config, low, seen, stack)
    asking = which == 2
    high = np.where(asking, ask_high, high)
    also = np.where(asking, -1, also)
    aims = np.take_along_axis(_aims(config, low), column[act][:, None], axis=1)
    amounts = _snap(aims, low[:, None], high[:, None], step[:, None], also[:, None])[:, 0]
    result: Array = np.where(which > 0, amounts, 0)
    return result


@functools.lru_cache(maxsize=16)
def _columns(config: TableConfig) -> tuple[Array, Array]:
    """``(kind, column)``, ``int64`` ``(A,)``: each id's bet kind (0 none, 1 a chaal,
    2 a sideshow) and its column among :func:`~teenpatti_rules.batch.sizing.bet_ids`.
    """
    kind = np.zeros(config.actions, dtype=np.int64)
    column = np.zeros(config.actions, dtype=np.int64)
    for code, ids in enumerate(bet_ids(config), start=1):
        for place, action_id in enumerate(ids):
            kind[action_id] = code
            column[action_id] = place
    return kind, column
