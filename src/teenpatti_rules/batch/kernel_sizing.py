"""V3's bet amounts at one table in the compiled kernel (numba, inlined into
:mod:`teenpatti_rules.batch.kernel`): the scalar form of
:mod:`teenpatti_rules.batch.sizing`, with the same numbers.

The kernel reads a table's sizing from one ``int64`` array, :func:`bet_numbers`:
the sizing code, the cap, the ids per bet kind and the alphabet's size, then each
id's bet kind and column (:func:`~teenpatti_rules.batch.sizing.bet_ids`), the ids of
each kind in aim order and the no-limit multiples. Under ``"range"`` and
``"no_limit"`` each bet or sideshow id bets the amount it aims at, snapped down to
the legal grid (:meth:`~teenpatti_rules.sizing.BetRange.snap`), and is masked when
it names no amount or an id earlier in the sizing's priority order names the same
one; under ``"double"`` the kinds and columns say CHAAL / RAISE and SIDESHOW /
SIDESHOW_RAISE (R24, R30).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..engine.sizing import NO_LIMIT_MULTIPLES
from .config import NO_LIMIT, SIZING_RANGE, TableConfig
from .kernel_jit import inline
from .sizing import bet_ids

__all__ = ["bet_numbers", "named_amount", "sized_mask"]

_CAP = 2**31
"""``raise_cap`` clamped as in :mod:`~teenpatti_rules.batch.sizing` (every aim past
the first is then above any stack, and the products stay within int64)."""

_MAX_AIM = 2**62
"""The no-limit MAX id's aim until snapped (the largest legal amount)."""

_HEAD = 4
"""``bet_numbers``: sizing code, cap, bins, actions; then the tables."""


def bet_numbers(config: TableConfig) -> NDArray[Any]:
    """``int64``: the table's sizing as the kernel reads it (V3; R24 and R30 under
    ``"double"``).

    ``[sizing code, min(raise_cap, 2**31), bins, A]``, then ``kind[A]`` (0 not a bet,
    1 a chaal, 2 a sideshow), ``column[A]`` (the id's place among its kind's ids), the
    ``bins`` chaal ids and the ``bins`` sideshow ids in aim order, and ``bins``
    multiples of the minimum bet (no-limit: 1, 2, ``NO_LIMIT_MULTIPLES``, 0 for MAX;
    unused otherwise).

    :param config: the table's numbers.
    :returns: a read-only array.
    """
    actions, bins = config.actions, config.bins
    chaal_ids, ask_ids = bet_ids(config)
    kind = np.zeros(actions, dtype=np.int64)
    column = np.zeros(actions, dtype=np.int64)
    for code, ids in enumerate((chaal_ids, ask_ids), start=1):
        for place, action_id in enumerate(ids):
            kind[action_id] = code
            column[action_id] = place
    multiples = np.zeros(bins, dtype=np.int64)
    if bins == len(NO_LIMIT_MULTIPLES) + 3:
        multiples[:-1] = (1, 2, *NO_LIMIT_MULTIPLES)
    head = [config.bet_sizing, min(config.raise_cap, _CAP), bins, actions]
    numbers = np.concatenate(
        [np.array(head, dtype=np.int64), kind, column, chaal_ids, ask_ids, multiples]
    ).astype(np.int64)
    numbers.setflags(write=False)
    return numbers


@inline
def _aim(bets: Any, low: Any, k: Any) -> Any:  # pragma: no cover - compiled
    """The amount bin ``k`` of a kind aims at (``RangeSizing.aims`` in integers, half to
    even; the no-limit multiples, ``_MAX_AIM`` for MAX), from the minimum bet ``low``.
    """
    bins = bets[2]
    if bets[0] == SIZING_RANGE:
        value = k * ((bets[1] - 1) * low)
        q = value // (bins - 1)
        twice = 2 * (value - q * (bins - 1))
        if twice > bins - 1 or (twice == bins - 1 and q % 2 == 1):
            q += 1
        return low + q
    if k == bins - 1:
        return np.int64(_MAX_AIM)
    return low * bets[_HEAD + 2 * bets[3] + 2 * bins + k]


@inline
def _snap(aim: Any, low: Any, high: Any, step: Any, also: Any) -> Any:  # pragma: no cover
    """``aim`` snapped down to ``low..high`` by ``step`` (1 or 2) or to ``also`` (-1:
    none); 0 when above every amount (``sizing._snap``).
    """
    grid = high >= low
    down = -step  # ``x & -step`` is ``x // step * step`` for a step of 1 or 2
    top = low + ((high - low) & down) if grid else np.int64(-1)
    largest = max(top, also)
    if aim == _MAX_AIM:
        aim = largest
    best = low + ((min(aim, high) - low) & down) if grid else np.int64(-1)
    if also >= 0 and also <= aim and also > best:
        best = also
    if aim > largest or aim < low:
        return np.int64(0)
    return best


@inline
def _ranges(
    bets: Any, stake_limit: Any, low: Any, seen: Any, stack: Any
) -> Any:  # pragma: no cover - compiled
    """``(high, step, also, ask_high)`` of the actor's bets (``sizing._ranges``): the
    grid's top within the cap, the stack (R25) and V4's stake limit, its step (even
    amounts when seen), an odd whole-stack bet (no-limit) and the sideshow chaals' top
    (below the stack, R30).
    """
    most = stack
    if stake_limit < NO_LIMIT:
        most = min(stack, np.int64(2 * stake_limit + 1) if seen else np.int64(stake_limit))
    step = np.int64(2) if seen else np.int64(1)
    also = np.int64(-1)
    if bets[0] == SIZING_RANGE:
        high = min(bets[1] * low, most)
    else:
        high = most
        if seen and stack % 2 == 1 and stack >= low and stack <= most:
            also = stack
    return high, step, also, min(high, stack - 1)


@inline
def named_amount(
    bets: Any, stake_limit: Any, low: Any, seen: Any, stack: Any, a: Any
) -> Any:  # pragma: no cover - compiled
    """The chips the legal bet or sideshow id ``a`` bets (``sizing.named_amounts``)."""
    high, step, also, ask_high = _ranges(bets, stake_limit, low, seen, stack)
    if bets[_HEAD + a] == 2:
        high = ask_high
        also = np.int64(-1)
    return _snap(_aim(bets, low, bets[_HEAD + bets[3] + a]), low, high, step, also)


@inline
def sized_mask(
    i: Any,
    bets: Any,
    stake_limit: Any,
    low: Any,
    seen: Any,
    stack: Any,
    may_bet: Any,
    may_ask: Any,
    mask: Any,
) -> None:  # pragma: no cover - compiled
    """Table ``i``'s bet and sideshow ids (``legal_mask`` under V3): an id is legal when
    its kind is (``may_bet``; ``may_ask`` too for a sideshow) and it names an amount no
    id before it in the priority order names (``sizing._distinct``).
    """
    bins = bets[2]
    ids = _HEAD + 2 * bets[3]
    if not may_bet:  # no bet id is legal: skip the amounts
        for k in range(2 * bins):
            mask[i, bets[ids + k]] = False
        return
    high, step, also, ask_high = _ranges(bets, stake_limit, low, seen, stack)
    ranged = bets[0] == SIZING_RANGE
    for kind in range(2):
        if kind == 1 and not may_ask:  # no sideshow id is legal (R30)
            for k in range(bins):
                mask[i, bets[ids + bins + k]] = False
            continue
        top = high if kind == 0 else ask_high
        whole = also if kind == 0 else np.int64(-1)
        first = _snap(_aim(bets, low, 0), low, top, step, whole)
        last = _snap(_aim(bets, low, bins - 1), low, top, step, whole)
        previous = first
        running = first
        for k in range(bins):
            if k == 0:
                amount = first
            elif k == bins - 1:
                amount = last
            else:
                amount = _snap(_aim(bets, low, k), low, top, step, whole)
            if ranged:  # priority: bin 0, the last bin, then bins 1 … bins − 2
                taken = (k == bins - 1 and amount == first) or (
                    0 < k < bins - 1 and (amount == previous or amount == last)  # noqa: SIM109
                )
            else:  # priority = aim order
                taken = k > 0 and amount == running
                running = max(running, amount)
            previous = amount
            mask[i, bets[ids + kind * bins + k]] = amount > 0 and not taken
