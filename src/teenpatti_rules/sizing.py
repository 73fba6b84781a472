"""Bet sizings (R24, V3): which amounts a chaal may be, as a range, never a list.

A bet sizing answers one question: given a player's minimum bet (the stake if blind,
twice the stake if seen, R24) and whether it is seen, which amounts may it bet? The
answer is a :class:`BetRange` — ``low``, ``high`` and ``step``, tested with ``in`` —
so no code has to enumerate thousands of amounts. The shared rule questions
(:func:`teenpatti_rules.engine.questions.bet_range`) then cut the range to the
player's stack (R25) and the stake limit (V4).

Sizings are found by name in :data:`BET_SIZINGS` (the value of ``Rules.bet_sizing``;
:func:`sizing_of` gives a table's); a new betting variant is one :class:`BetSizing`
subclass plus one line there. A sizing also answers what the surfaces ask of it, so
no code branches on its name: the amounts the learning encoding's ids aim at
(:meth:`BetSizing.bins`, :meth:`BetSizing.bin_names`, :meth:`BetSizing.aims`), which
listed bet a player takes as its raise (:meth:`BetSizing.pick_raise`), and whether
``legal_actions`` lists every amount (:attr:`BetSizing.lists_every_amount`: when it
does not, players draw or ask for amounts from the whole range).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

import attrs

from .rules import Rules

__all__ = [
    "BET_SIZINGS",
    "NO_LIMIT_MULTIPLES",
    "BetRange",
    "BetSizing",
    "DoubleSizing",
    "NoLimitSizing",
    "RangeSizing",
    "sizing_of",
]

NO_LIMIT_MULTIPLES: tuple[int, ...] = (3, 4, 6, 8, 12, 16)
"""The amounts, as multiples of the minimum bet, that the learning encoding's appended
ids aim at on a ``bet_sizing="no_limit"`` table (V3): ``BET_X3`` … ``BET_X16``."""


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

    def largest(self) -> int | None:
        """The largest amount (chips), or None when the range is empty."""
        best = None
        if self.high >= self.low:
            best = self.low + (self.high - self.low) // self.step * self.step
        if self.also is not None and (best is None or self.also > best):
            best = self.also
        return best

    def snap(self, aim: int) -> int | None:
        """The largest amount not above ``aim`` chips; None when ``aim`` is above every
        amount or below the smallest.

        >>> BetRange(4, 16, 2).snap(9), BetRange(4, 16, 2).snap(17), BetRange(4, 16, 2).snap(3)
        (8, None, None)
        """
        largest = self.largest()
        if largest is None or aim > largest or aim < self.low:
            return None
        best = None
        if self.high >= self.low:
            best = self.low + (min(aim, self.high) - self.low) // self.step * self.step
        if self.also is not None and self.also <= aim and (best is None or self.also > best):
            best = self.also
        return best

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

    A subclass defines :meth:`amounts`; the other methods have defaults that fit a
    sizing with a few amounts (all listed, the learning ids aiming at the smallest and
    the largest, a player raising with the largest).

    :cvar name: the registry name (the value of ``Rules.bet_sizing``).
    :cvar lists_every_amount: whether :func:`~teenpatti_rules.engine.legal_actions`
        lists every legal amount (:meth:`listed` returns them all). When False (no
        limit), players draw or ask for an amount from
        :func:`~teenpatti_rules.engine.questions.bet_range` instead of picking a
        listed one.
    """

    __slots__ = ()
    name: ClassVar[str]
    #: Whether :func:`~teenpatti_rules.engine.legal_actions` lists every legal amount
    #: (False: players ask :func:`~teenpatti_rules.engine.questions.bet_range`).
    lists_every_amount: ClassVar[bool] = True

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

    def bins(self, bet_bins: int) -> int:
        """How many ids of the learning encoding name amounts of one bet kind (a
        chaal or a sideshow): the first (CHAAL / SIDESHOW), the second (RAISE /
        SIDESHOW_RAISE) and ``bins − 2`` appended ones
        (:mod:`teenpatti_rules.encoding`).

        :param bet_bins: the caller's ``bet_bins`` (already checked, at least 2); a
            sizing with few amounts ignores it.
        :returns: 2 by default.
        """
        return 2

    def bin_names(self, bins: int) -> tuple[str, ...]:
        """The names of the ``bins − 2`` appended ids of one bet kind, in id order
        (``BET_`` or ``SIDESHOW_`` is put before each).

        :param bins: :meth:`bins` of this sizing.
        :returns: ``("BIN_1", …, "BIN_{bins−2}")`` by default (none for 2 bins).
        """
        return tuple(f"BIN_{j}" for j in range(1, bins - 1))

    def aims(self, rules: Rules, amounts: BetRange, bins: int) -> tuple[int, ...]:
        """The amount each id of one bet kind aims at, in priority order: the first
        id, the second, then the appended ones in id order (``bins`` values). The
        encoding snaps each aim down to the legal grid (:meth:`BetRange.snap`) and
        masks an aim above every legal amount or one an earlier id names.

        :param rules: the table's rules.
        :param amounts: the legal amounts now (not empty), cut to the stack (R25) and
            the stake limit (V4); ``amounts.low`` is the minimum bet (R24).
        :param bins: :meth:`bins` of this sizing.
        :returns: by default the minimum and the largest legal amount.
        """
        largest = amounts.largest()
        assert largest is not None
        return (amounts.low, largest)

    def pick_raise(self, listed: Sequence[int], minimum: int) -> int | None:
        """The amount an automatic player bets when it raises, among the amounts
        :func:`~teenpatti_rules.engine.legal_actions` lists now.

        :param listed: the listed bet amounts, ascending (chips).
        :param minimum: the player's minimum bet (R24), in chips.
        :returns: by default the largest listed amount when more than one is listed,
            else None (no raise).
        """
        return listed[-1] if len(listed) > 1 else None


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

    def bins(self, bet_bins: int) -> int:
        """``bet_bins``: the caller chooses how finely the ids cut the range."""
        return bet_bins

    def aims(self, rules: Rules, amounts: BetRange, bins: int) -> tuple[int, ...]:
        """Bin ``j`` (0 ≤ j < bins) aims at ``m + round(j·(raise_cap − 1)·m/(bins − 1))``,
        ``m`` the minimum bet: bin 0 is the first id, bin ``bins − 1`` (``raise_cap·m``)
        the second, the others follow in order.
        """
        low, top = amounts.low, rules.raise_cap
        aims = [low + round(j * (top - 1) * low / (bins - 1)) for j in range(bins)]
        return (aims[0], aims[-1], *aims[1:-1])


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
    lists_every_amount: ClassVar[bool] = False

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

    def bins(self, bet_bins: int) -> int:
        """``2 + len(NO_LIMIT_MULTIPLES) + 1`` whatever ``bet_bins`` says: CHAAL, RAISE,
        one id per multiple and the largest amount (MAX).
        """
        return len(NO_LIMIT_MULTIPLES) + 3

    def bin_names(self, bins: int) -> tuple[str, ...]:
        """``X3`` … ``X16`` (:data:`NO_LIMIT_MULTIPLES`), then ``MAX``."""
        return (*(f"X{multiple}" for multiple in NO_LIMIT_MULTIPLES), "MAX")

    def aims(self, rules: Rules, amounts: BetRange, bins: int) -> tuple[int, ...]:
        """``m``, ``2·m``, ``k·m`` for each k of :data:`NO_LIMIT_MULTIPLES`, then the
        largest legal amount (``m`` the minimum bet).
        """
        low, largest = amounts.low, amounts.largest()
        assert largest is not None
        return (low, 2 * low, *(k * low for k in NO_LIMIT_MULTIPLES), largest)

    def pick_raise(self, listed: Sequence[int], minimum: int) -> int | None:
        """Twice the minimum when listed (V3: a raise doubles the minimum bet)."""
        return 2 * minimum if 2 * minimum in listed else None


BET_SIZINGS: dict[str, BetSizing] = {
    sizing.name: sizing for sizing in (DoubleSizing(), RangeSizing(), NoLimitSizing())
}
"""``Rules.bet_sizing`` value → its :class:`BetSizing`."""


def sizing_of(rules: Rules) -> BetSizing:
    """The :class:`BetSizing` of a table (``BET_SIZINGS[rules.bet_sizing]``, V3).

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :raises TypeError: if ``rules`` is not a :class:`~teenpatti_rules.rules.Rules`.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    return BET_SIZINGS[rules.bet_sizing]
