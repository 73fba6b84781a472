"""Bet sizings (R24, V3): which amounts a chaal may be, as a range, never a list.

A bet sizing answers one question: given a player's minimum bet (the stake if blind,
twice the stake if seen, R24) and whether it is seen, which amounts may it bet? The
answer is a :class:`BetRange` — ``low``, ``high`` and ``step``, tested with ``in`` —
so no code has to enumerate thousands of amounts. The shared rule questions
(:func:`teenpatti_rules.engine.questions.bet_range`) then cut the range to the
player's stack (R25) and the stake limit (V4).

Sizings are found by name in :data:`BET_SIZINGS` (the value of ``Rules.bet_sizing``);
a new betting variant is one :class:`BetSizing` subclass plus one line there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

import attrs

if TYPE_CHECKING:
    from ..rules import Rules

__all__ = [
    "BET_SIZINGS",
    "BetRange",
    "BetSizing",
    "DoubleSizing",
    "NoLimitSizing",
    "RangeSizing",
]


@attrs.frozen
class BetRange:
    """The amounts ``low, low + step, …`` up to ``high`` (chips), plus ``also`` when set.

    Empty when ``high < low`` and ``also`` is None. ``amount in r`` is an O(1) test
    (an ``int``, not a ``bool``); iteration is ascending.

    :param low: the smallest amount, in chips.
    :param high: the largest amount of the grid, in chips.
    :param step: the grid's step, at least 1.
    :param also: one more legal amount off the grid (e.g. a whole-stack bet), or None.
    """

    low: int
    high: int
    step: int = 1
    also: int | None = None

    def __contains__(self, amount: object) -> bool:
        if type(amount) is not int:
            return False
        if amount == self.also:
            return True
        return self.low <= amount <= self.high and (amount - self.low) % self.step == 0

    def __iter__(self) -> Iterator[int]:
        grid = range(self.low, self.high + 1, self.step)
        also = self.also
        if also is None or also in grid:
            return iter(grid)
        return _with_also(grid, also)

    def __len__(self) -> int:
        grid = range(self.low, self.high + 1, self.step)
        return len(grid) + (self.also is not None and self.also not in grid)

    def __bool__(self) -> bool:
        return self.high >= self.low or self.also is not None

    def capped(self, most: int) -> BetRange:
        """The same range without amounts above ``most`` chips."""
        also = self.also if self.also is not None and self.also <= most else None
        if self.high <= most and also == self.also:
            return self
        high = min(self.high, most)
        return BetRange(self.low, high, self.step, also)

    def describe(self) -> str:
        """The amounts in words: ``"2 or 4"``, ``"2 to 8"``, ``"even amounts 4 to 16"``."""
        amounts = list(self) if len(self) <= 4 else None
        if amounts is not None:
            return " or ".join(str(a) for a in amounts)
        kind = "even amounts " if self.step == 2 else ""
        top = self.low + (self.high - self.low) // self.step * self.step
        text = f"{kind}{self.low} to {top}"
        return text if self.also is None else f"{text}, or {self.also}"


def _with_also(grid: range, also: int) -> Iterator[int]:
    """The amounts of ``grid`` with ``also`` in its place, ascending (lazily: a no-limit
    grid can be long).
    """
    yield from (amount for amount in grid if amount < also)
    yield also
    yield from (amount for amount in grid if amount > also)


class BetSizing:
    """A bet sizing: which amounts a chaal may be (R24, V3).

    :cvar name: the registry name (the value of ``Rules.bet_sizing``).
    """

    __slots__ = ()
    name: ClassVar[str]

    def amounts(self, rules: Rules, minimum: int, seen: bool, stack: int) -> BetRange:
        """The amounts a player may bet, before the stack (R25) and stake limit (V4) cut it.

        :param rules: the table's rules.
        :param minimum: the player's minimum bet in chips (R24), at least 1.
        :param seen: whether the player has looked.
        :param stack: the player's stack in chips (for sizings that depend on it).
        """
        raise NotImplementedError

    def listed(self, amounts: BetRange) -> tuple[int, ...]:
        """The amounts of ``amounts`` (already cut to the stack and stake limit) that
        :func:`~teenpatti_rules.engine.legal_actions` lists: every one, for sizings
        with few amounts. A sizing with many (no-limit) lists a few and says which.
        """
        return tuple(iter(amounts))  # iter: tuple() would ask len() first


class DoubleSizing(BetSizing):
    """R24 (the default): the minimum or twice the minimum (a raise)."""

    __slots__ = ()
    name: ClassVar[str] = "double"

    def amounts(self, rules: Rules, minimum: int, seen: bool, stack: int) -> BetRange:
        """``minimum`` or ``2 * minimum``."""
        return BetRange(minimum, 2 * minimum, minimum)


class RangeSizing(BetSizing):
    """V3 ``"range"``: any whole amount from the minimum to ``raise_cap`` times it, seen
    amounts even (so the stake, half a seen bet, stays whole).
    """

    __slots__ = ()
    name: ClassVar[str] = "range"

    def amounts(self, rules: Rules, minimum: int, seen: bool, stack: int) -> BetRange:
        """``minimum`` … ``raise_cap * minimum``, step 2 when seen (the minimum is even)."""
        return BetRange(minimum, rules.raise_cap * minimum, 2 if seen else 1)


class NoLimitSizing(BetSizing):
    """V3 ``"no_limit"``: any whole amount from the minimum up to the whole stack; seen
    amounts even, except a bet of the whole stack, which may be odd (the stake is then
    half of it, rounded down).

    ``legal_actions`` never enumerates these amounts: it lists only the minimum,
    twice the minimum and the largest amount (see :meth:`listed`);
    :func:`~teenpatti_rules.engine.questions.bet_range` answers which amounts are
    legal, and ``apply`` accepts every one of them.

    >>> r = NoLimitSizing().amounts(None, 4, True, 101)  # type: ignore[arg-type]
    >>> 100 in r, 101 in r, 99 in r, 5 in r, len(r)
    (True, True, False, False, 50)
    """

    __slots__ = ()
    name: ClassVar[str] = "no_limit"

    def amounts(self, rules: Rules, minimum: int, seen: bool, stack: int) -> BetRange:
        """``minimum`` … ``stack``, step 2 when seen, plus the whole stack when seen."""
        if not seen:
            return BetRange(minimum, stack)
        whole = stack if stack % 2 and stack >= minimum else None
        return BetRange(minimum, stack, 2, whole)

    def listed(self, amounts: BetRange) -> tuple[int, ...]:
        """The smallest amount, twice it and the largest (each when legal), ascending."""
        wanted = {amounts.low, 2 * amounts.low}
        if amounts.high >= amounts.low:
            step = amounts.step
            wanted.add(amounts.low + (amounts.high - amounts.low) // step * step)
        if amounts.also is not None:
            wanted.add(amounts.also)
        return tuple(sorted(amount for amount in wanted if amount in amounts))


BET_SIZINGS: dict[str, BetSizing] = {
    sizing.name: sizing for sizing in (DoubleSizing(), RangeSizing(), NoLimitSizing())
}
"""``Rules.bet_sizing`` value → its :class:`BetSizing`."""
