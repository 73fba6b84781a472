"""Numbers for learning agents: a fixed action alphabet, masks and observation vectors.

Needs numpy (``pip install numpy``; from a clone, ``pip install '.[numpy]'``).

**The action alphabet.** An agent picks an integer id; :func:`action_for_id` turns it
into the core action of the seat that is to act. The first ten ids never change:

==  ==================  ==============================================================
id  name                core action
==  ==================  ==============================================================
0   PACK                ``Pack(seat)`` (R29)
1   LOOK                ``Look(seat)``: a blind actor looks; the turn stays (R22, R28)
2   CHAAL               ``Bet(seat, m)``, ``m`` the minimum bet (R23-R25, V4)
3   RAISE               ``Bet(seat, 2·m)`` (R24, R25, V4)
4   SIDESHOW            ``SideShow(seat, m)`` (R30)
5   SIDESHOW_RAISE      ``SideShow(seat, 2·m)`` (R30)
6   SHOW                ``Show(seat)`` (R34-R36)
7   ALL_IN              ``AllIn(seat)`` (R26, R27)
8   ACCEPT              ``AcceptSideShow(seat)`` (R31)
9   REFUSE              ``RefuseSideShow(seat)`` (R31)
==  ==================  ==============================================================

``m`` is the seat's minimum bet: the stake when blind, twice the stake when seen
(R24). Whether an id is legal is the core's decision alone: :func:`action_ids` keeps
the ids whose action is among :func:`~teenpatti_rules.engine.legal_actions` of the
state, so this module re-implements no rule. :class:`~teenpatti_rules.actions.Deal`
is not in the alphabet (environments deal themselves) and neither are off-turn looks
(R22): only the actor's own ``Look`` is offered.

**Amount bins** (``bet_sizing="range"``, V3). A range table allows every whole amount
from ``m`` to ``raise_cap·m`` (``raise_cap`` = 2 by default; even amounts when seen),
so the number of amounts grows with the stake. With ``bet_bins=K`` (default
:data:`DEFAULT_BET_BINS` = 5, at least 2) the alphabet grows by ``2·(K−2)`` ids after
the fixed ten: ``BET_BIN_1 … BET_BIN_{K−2}`` then ``SIDESHOW_BIN_1 …
SIDESHOW_BIN_{K−2}``. Bin ``j`` (0 ≤ j ≤ K−1) aims at
``m + round(j·(raise_cap − 1)·m/(K−1))`` chips, snapped down to the legal grid (the
largest legal amount not above the aim); bin 0 is CHAAL / SIDESHOW and bin K−1 is
RAISE / SIDESHOW_RAISE (so on a range table RAISE is ``raise_cap·m``), and the fixed
ids keep their meaning. A bin whose aim is above every legal amount (the stack or
``stake_limit`` stops it) is masked, and so is an interior bin that snaps to an
amount an earlier id already names (no two masked ids name one action). When
``K−1 ≥ (raise_cap−1)·m/step`` (step 1 blind, 2 seen) the bins enumerate every legal
amount exactly. Under ``bet_sizing="double"`` there are no bins: ten ids (plus the
DRAW ids on a draw table).

**No limit** (``bet_sizing="no_limit"``, V3). Every whole amount from ``m`` up to
the whole stack is legal, far too many for ids, so the alphabet keeps the fixed ten
(CHAAL = ``m``, RAISE = ``2·m``) and appends, whatever ``bet_bins`` says, 14 ids:
``BET_X3 BET_X4 BET_X6 BET_X8 BET_X12 BET_X16 BET_MAX`` then ``SIDESHOW_X3`` …
``SIDESHOW_MAX`` (24 ids in all). ``BET_Xk`` aims at ``k·m`` chips
(:data:`NO_LIMIT_MULTIPLES`) snapped down to the legal grid (even amounts when seen);
it is masked when ``k·m`` is above every legal amount (the stack or ``stake_limit``
stops it). ``BET_MAX`` is the largest legal amount: the whole stack (an odd one too,
when seen), or the most the stake limit allows. The amounts come from
:func:`~teenpatti_rules.engine.questions.bet_range` and
:func:`~teenpatti_rules.engine.questions.sideshow_range` (``legal_actions`` lists only
a few no-limit amounts); an id that names an amount an earlier id already names
(CHAAL, RAISE, then the bins in id order, MAX last) is masked.

**Draws** (``draw_price`` set, V20). After the bins come one ``DRAW_…`` id per set
of card positions a player may discard: every non-empty subset of the positions
``0, 1, 2`` with at most ``max_draws`` cards, fewer first (``DRAW_0 DRAW_1 DRAW_2
DRAW_01 DRAW_02 DRAW_12``, and ``DRAW_012`` when ``max_draws`` ≥ 3; see
:func:`draw_subsets`). Position ``p`` is the ``p``-th of the drawer's own cards in
ascending ``Card.index`` — the order of the observation's ``own_cards`` slots — so an
id means the same thing whatever the cards are, and the agent sees which card each
position holds. A DRAW id is legal exactly when the core lists that ``Draw`` (a seen
actor with draws left, a payment that leaves a chip, enough cards left in the deck).

**The observation** (:func:`observation`) is a float32 vector of
``60 + 19·n`` values in [0, 1] for an ``n``-seat table, built only from
``view(state, seat)`` (R43), with the observer's seat first in every per-seat block
(seats rotated), plus appended blocks on the tables that need them: the public
indicator (``wild="joker"``/``"hukam"``, W5), the own printed jokers (``jokers``, V8)
and the draws (V20). Any ``hand_size`` (V12) fits the 52 own-card slots.
:func:`observation_layout` gives its named slices; :data:`OBSERVATION_LAYOUT` is the
same for every table as functions of ``n``.

>>> import teenpatti_rules as tp
>>> state = tp.apply(tp.new_session(["A", "B", "C"], seed=3, dealer=0), tp.Deal(0))
>>> [ActionId(i).name for i in action_ids(state, state.actor)]
['PACK', 'LOOK', 'CHAAL', 'RAISE']
>>> action_for_id(state, 1, ActionId.RAISE)
Bet(seat=1, amount=2)
>>> observation(tp.view(state, 1), 1).shape
(117,)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import IntEnum
from typing import Any

try:
    import numpy as np
except ImportError:  # pragma: no cover - exercised in a venv without numpy
    raise ImportError("teenpatti_rules.encoding needs numpy: pip install numpy") from None

from .actions import (
    AcceptSideShow,
    Action,
    AllIn,
    Bet,
    Draw,
    Look,
    Pack,
    RefuseSideShow,
    Show,
    SideShow,
)
from .cards import Card
from .engine.sizing import BetRange
from .errors import IllegalActionError
from .events import (
    BetMade,
    BootPosted,
    Drew,
    Looked,
    Packed,
    ShowAsked,
    SideShowAccepted,
    SideShowAsked,
    SideShowRefused,
    WentAllIn,
)
from .rules import Rules
from .state import Phase, State

__all__ = [
    "DEFAULT_BET_BINS",
    "DRAW_HAND_SIZE",
    "FIXED_ACTIONS",
    "NO_LIMIT_MULTIPLES",
    "OBSERVATION_LAYOUT",
    "PER_SEAT_FEATURES",
    "ActionId",
    "action_for_id",
    "action_ids",
    "action_name",
    "draw_subsets",
    "id_for_action",
    "legal_action_mask",
    "num_actions",
    "observation",
    "observation_layout",
    "observation_size",
]


class ActionId(IntEnum):
    """The ten fixed ids of the action alphabet (stable; see the module docstring)."""

    PACK = 0
    LOOK = 1
    CHAAL = 2
    RAISE = 3
    SIDESHOW = 4
    SIDESHOW_RAISE = 5
    SHOW = 6
    ALL_IN = 7
    ACCEPT = 8
    REFUSE = 9


FIXED_ACTIONS = len(ActionId)
"""How many fixed ids there are: 10. Ids from here on are amount bins (V3)."""

DEFAULT_BET_BINS = 5
"""Bins per bet kind on a ``bet_sizing="range"`` table (V3), CHAAL and RAISE included."""

NO_LIMIT_MULTIPLES: tuple[int, ...] = (3, 4, 6, 8, 12, 16)
"""The appended bins of a ``bet_sizing="no_limit"`` table (V3), as multiples of the
minimum bet: ``BET_X3`` … ``BET_X16`` and ``SIDESHOW_X3`` … ``SIDESHOW_X16``."""

DRAW_HAND_SIZE = 3
"""The hand size of every draw table (V20 draws only with ``hand_size`` 3): the DRAW
ids name subsets of these three positions."""

PER_SEAT_FEATURES: tuple[str, ...] = (
    "in_hand",
    "seen",
    "all_in",
    "is_actor",
    "is_dealer",
    "stack",
    "contributed",
    "blind_bets",
)
"""The eight values of each seat in the ``seats`` block, in order."""


# --- the alphabet --------------------------------------------------------------------


def _bins(rules: Rules, bet_bins: int) -> int:
    """The number of bins per bet kind in force: ``bet_bins`` under "range", 2 + the
    no-limit multiples + 1 (the largest amount) under "no_limit", else 2 (CHAAL/RAISE).
    """
    if isinstance(bet_bins, bool) or not isinstance(bet_bins, int) or bet_bins < 2:
        raise ValueError(f"bet_bins must be an int of at least 2, not {bet_bins!r}")
    if rules.bet_sizing == "range":
        return bet_bins
    if rules.bet_sizing == "no_limit":
        return len(NO_LIMIT_MULTIPLES) + 3
    return 2


def draw_subsets(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The discards of the DRAW ids of a table, as positions of the own cards (V20).

    Position ``p`` is the ``p``-th of the drawer's cards in ascending
    :attr:`~teenpatti_rules.cards.Card.index` (the order of the ``own_cards`` slots of
    the observation), so an id means the same whatever the cards are. Every non-empty
    set of positions ``0..2`` of at most ``max_draws`` cards, fewer cards first, then
    in lexicographic order; empty when ``rules.draw_price`` is None (no draws).

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :returns: e.g. ``((0,), (1,), (2,), (0, 1), (0, 2), (1, 2))`` for ``max_draws=2``.

    >>> draw_subsets(Rules(draw_price=1, max_draws=1))
    ((0,), (1,), (2,))
    >>> draw_subsets(Rules())
    ()
    """
    if rules.draw_price is None:
        return ()
    from itertools import combinations

    most = min(rules.max_draws, DRAW_HAND_SIZE)
    return tuple(
        chosen
        for count in range(1, most + 1)
        for chosen in combinations(range(DRAW_HAND_SIZE), count)
    )


def num_actions(rules: Rules, *, bet_bins: int = DEFAULT_BET_BINS) -> int:
    """The size of the action alphabet of a table.

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :param bet_bins: bins per bet kind for ``bet_sizing="range"`` (V3), at least 2;
        ignored under ``"double"`` and ``"no_limit"``.
    :returns: 10 under ``"double"``; ``10 + 2·(bet_bins − 2)`` under ``"range"``;
        ``10 + 2·(len(NO_LIMIT_MULTIPLES) + 1)`` = 24 under ``"no_limit"``; plus one
        id per entry of :func:`draw_subsets` on a draw table (V20).
    :raises ValueError: if ``bet_bins`` is not an int of at least 2.

    >>> num_actions(Rules()), num_actions(Rules(bet_sizing="range"))
    (10, 16)
    >>> num_actions(Rules(bet_sizing="no_limit")), num_actions(Rules(draw_price=1))
    (24, 16)
    """
    return FIXED_ACTIONS + 2 * (_bins(rules, bet_bins) - 2) + len(draw_subsets(rules))


def _bin_names(rules: Rules, bins: int) -> list[str]:
    """The names of the interior bins of one bet kind, in id order."""
    if rules.bet_sizing == "no_limit":
        return [f"X{multiple}" for multiple in NO_LIMIT_MULTIPLES] + ["MAX"]
    return [f"BIN_{j}" for j in range(1, bins - 1)]


def action_name(
    action_id: int, rules: Rules | None = None, *, bet_bins: int = DEFAULT_BET_BINS
) -> str:
    """The name of an id: ``"PACK"`` … ``"REFUSE"``, then the bins (``"BET_BIN_j"``,
    ``"SIDESHOW_BIN_j"`` on a range table; ``"BET_X3"`` … ``"BET_MAX"``,
    ``"SIDESHOW_X3"`` … ``"SIDESHOW_MAX"`` on a no-limit table), then the draws
    (``"DRAW_0"``, ``"DRAW_01"``: the positions discarded, V20).

    :param action_id: an id of the alphabet.
    :param rules: the table (for the bins and draws); None for the default table.
    :param bet_bins: as for :func:`num_actions`.
    :raises ValueError: for an id outside ``0..num_actions − 1``.

    >>> action_name(23, Rules(bet_sizing="no_limit")), action_name(10, Rules(draw_price=1))
    ('SIDESHOW_MAX', 'DRAW_0')
    """
    rules = Rules() if rules is None else rules
    _check_id(action_id, rules, bet_bins)
    if action_id < FIXED_ACTIONS:
        return ActionId(action_id).name
    names = _bin_names(rules, _bins(rules, bet_bins))
    offset = action_id - FIXED_ACTIONS
    if offset < 2 * len(names):
        kind = "BET" if offset < len(names) else "SIDESHOW"
        return f"{kind}_{names[offset % len(names)]}"
    chosen = draw_subsets(rules)[offset - 2 * len(names)]
    return "DRAW_" + "".join(str(position) for position in chosen)


def _check_id(action_id: object, rules: Rules, bet_bins: int) -> int:
    size = num_actions(rules, bet_bins=bet_bins)
    if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
        raise ValueError(f"action_id must be an int, not {action_id!r}")
    value = int(action_id)
    if not 0 <= value < size:
        raise ValueError(f"action_id must be in 0..{size - 1} for this table, not {value}")
    return value


def _check_seat(state: State, seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < len(state.seats):
        raise ValueError(f"seat must be a seat number 0..{len(state.seats) - 1}, not {seat!r}")
    return seat


def _largest(amounts: BetRange) -> int | None:
    """The largest amount of ``amounts``, or None if it is empty."""
    best = None
    if amounts.high >= amounts.low:
        best = amounts.low + (amounts.high - amounts.low) // amounts.step * amounts.step
    if amounts.also is not None and (best is None or amounts.also > best):
        best = amounts.also
    return best


def _snap(amounts: BetRange, aim: int) -> int | None:
    """The largest amount of ``amounts`` not above ``aim``; None when ``aim`` is above
    every amount (the bin is masked) or below the smallest.
    """
    largest = _largest(amounts)
    if largest is None or aim > largest or aim < amounts.low:
        return None
    best = None
    if amounts.high >= amounts.low:
        best = amounts.low + (min(aim, amounts.high) - amounts.low) // amounts.step * amounts.step
    if amounts.also is not None and amounts.also <= aim and (best is None or amounts.also > best):
        best = amounts.also
    return best


def _bin_amounts(amounts: BetRange, rules: Rules, bins: int) -> list[int | None]:
    """The amount each id of one bet kind names, in priority order: the first id (CHAAL
    or SIDESHOW), the second (RAISE or SIDESHOW_RAISE), then the appended bins in id
    order; None for a masked bin.

    ``m = amounts.low``, the minimum bet (the core only removes amounts from the top,
    for the stack and the stake limit). Under "range", bin j (0 ≤ j < bins) aims at
    ``m + round(j·(raise_cap − 1)·m/(bins − 1))``; bin 0 is the first id, bin
    ``bins − 1`` the second. Under "no_limit" the aims are ``m``, ``2·m``, then
    ``k·m`` for each k of :data:`NO_LIMIT_MULTIPLES`, then the largest amount (MAX).
    Under "double", ``m`` and ``2·m``. Each aim is snapped down to the legal grid.
    """
    if not amounts:
        return [None] * bins
    low = amounts.low
    if rules.bet_sizing == "range":
        top = rules.raise_cap
        aims = [low + round(j * (top - 1) * low / (bins - 1)) for j in range(bins)]
        aims = [aims[0], aims[-1], *aims[1:-1]]
    elif rules.bet_sizing == "no_limit":
        aims = [low, 2 * low, *(k * low for k in NO_LIMIT_MULTIPLES)]
        largest = _largest(amounts)
        assert largest is not None
        return [_snap(amounts, aim) for aim in aims] + [largest]
    else:
        aims = [low, 2 * low]
    return [_snap(amounts, aim) for aim in aims]


def _table(state: State, seat: int, bins: int) -> dict[int, Action]:
    """Every legal id of ``seat`` and its action, from the core's legal actions and,
    for the amounts, its bet ranges (``bet_range``, ``sideshow_range``: a no-limit
    table lists only a few amounts, V3).
    """
    if state.actor != seat:
        return {}
    from .engine.questions import bet_range, sideshow_range

    table: dict[int, Action] = {}
    bets = sideshows = False
    draws: list[Draw] = []
    for action in _legal(state):
        if action.seat != seat:
            continue
        kind = type(action)
        if kind is Bet:
            bets = True
        elif kind is SideShow:
            sideshows = True
        elif kind is Draw:
            assert isinstance(action, Draw)
            draws.append(action)
        elif kind in _FIXED_IDS:
            table[_FIXED_IDS[kind]] = action
    rules = state.rules
    interior = bins - 2
    empty = BetRange(1, 0)
    for amounts, make, first, last, start in (
        (bet_range(state, seat) if bets else empty, Bet, ActionId.CHAAL, ActionId.RAISE, 0),
        (
            sideshow_range(state, seat) if sideshows else empty,
            SideShow,
            ActionId.SIDESHOW,
            ActionId.SIDESHOW_RAISE,
            interior,
        ),
    ):
        named = _bin_amounts(amounts, rules, bins)
        taken: set[int] = set()
        order = [int(first), int(last)] + [FIXED_ACTIONS + start + j for j in range(interior)]
        for action_id, amount in zip(order, named, strict=True):
            if amount is None or amount in taken:
                continue
            taken.add(amount)
            table[action_id] = make(seat, amount)
    if draws:
        own = state.seats[seat].cards
        ranked = sorted(own, key=lambda card: card.index)
        legal = set(draws)
        base = FIXED_ACTIONS + 2 * interior
        for k, chosen in enumerate(draw_subsets(rules)):
            if len(ranked) != DRAW_HAND_SIZE:
                break
            picked = {ranked[p] for p in chosen}
            action = Draw(seat, tuple(card for card in own if card in picked))
            if action in legal:
                table[base + k] = action
    return table


def _legal(state: State) -> tuple[Action, ...]:
    from . import legal_actions

    return legal_actions(state)


_FIXED_IDS: dict[type[Any], int] = {
    Pack: ActionId.PACK,
    Look: ActionId.LOOK,
    Show: ActionId.SHOW,
    AllIn: ActionId.ALL_IN,
    AcceptSideShow: ActionId.ACCEPT,
    RefuseSideShow: ActionId.REFUSE,
}


def action_ids(state: State, seat: int, *, bet_bins: int = DEFAULT_BET_BINS) -> tuple[int, ...]:
    """The ids ``seat`` may play now, ascending.

    Empty unless ``seat`` is the actor (the player to bet, or the asked player of a
    pending sideshow, R20, R31): environments mask every other seat. Works on a
    full state or a view.

    :param state: a :class:`~teenpatti_rules.state.State` (or a view of it).
    :param seat: a seat number.
    :param bet_bins: bins per bet kind on a ``"range"`` table (V3); ignored otherwise.
    :returns: the ids whose actions are legal (R19-R36), never two ids for one action.
    :raises ValueError: for a bad seat or ``bet_bins``.
    """
    _check_seat(state, seat)
    return tuple(sorted(_table(state, seat, _bins(state.rules, bet_bins))))


def legal_action_mask(
    state: State, seat: int, *, bet_bins: int = DEFAULT_BET_BINS, dtype: Any = np.int8
) -> np.ndarray:
    """:func:`action_ids` as a 0/1 vector of length :func:`num_actions`.

    :param state: a :class:`~teenpatti_rules.state.State` (or a view).
    :param seat: a seat number; all zeros unless it is the actor.
    :param bet_bins: as for :func:`action_ids`.
    :param dtype: the numpy dtype, int8 by default (PettingZoo, Gymnasium); ``bool``
        for ``action_masks()`` users.
    :returns: an array of shape ``(num_actions(state.rules),)``.
    :raises ValueError: for a bad seat or ``bet_bins``.
    """
    bins = _bins(state.rules, bet_bins)
    mask = np.zeros(num_actions(state.rules, bet_bins=bet_bins), dtype=dtype)
    for action_id in _table(state, _check_seat(state, seat), bins):
        mask[action_id] = 1
    return mask


def action_for_id(
    state: State, seat: int, action_id: int, *, bet_bins: int = DEFAULT_BET_BINS
) -> Action:
    """The core action that ``action_id`` names for ``seat`` now.

    :param state: a :class:`~teenpatti_rules.state.State` (or a view).
    :param seat: the acting seat.
    :param action_id: an id of the alphabet (an int or numpy integer).
    :param bet_bins: as for :func:`action_ids`.
    :returns: the action, legal in ``state`` (pass it to
        :func:`~teenpatti_rules.engine.apply`).
    :raises ValueError: for a bad seat, ``bet_bins`` or an id outside the alphabet.
    :raises IllegalActionError: if the id is not legal for ``seat`` now (not in
        :func:`action_ids`); the message names the id and, for an action without
        an amount, the core's reason.
    """
    _check_seat(state, seat)
    value = _check_id(action_id, state.rules, bet_bins)
    table = _table(state, seat, _bins(state.rules, bet_bins))
    action = table.get(value)
    if action is not None:
        return action
    name = action_name(value, state.rules, bet_bins=bet_bins)
    legal = ", ".join(action_name(i, state.rules, bet_bins=bet_bins) for i in sorted(table))
    reason = f"legal ids now: {legal}" if legal else f"seat {seat} is not to act"
    simple = _SIMPLE.get(value)
    if simple is not None:
        try:
            _apply(state, simple(seat))
        except IllegalActionError as error:
            reason = f"{error}; {reason}"
    raise IllegalActionError(f"id {value} ({name}) is not legal for seat {seat} now: {reason}")


def _apply(state: State, action: Action) -> State:
    from . import apply

    return apply(state, action)


_SIMPLE: dict[int, Callable[[int], Action]] = {
    ActionId.PACK: Pack,
    ActionId.LOOK: Look,
    ActionId.SHOW: Show,
    ActionId.ALL_IN: AllIn,
    ActionId.ACCEPT: AcceptSideShow,
    ActionId.REFUSE: RefuseSideShow,
}


def id_for_action(state: State, action: Action, *, bet_bins: int = DEFAULT_BET_BINS) -> int | None:
    """The id that names ``action`` now, or None if no id does (not the actor's, or an
    amount between bins). The inverse of :func:`action_for_id` on legal ids; a
    ``Draw`` is matched by the set of its discards, in any order (V20).

    :param state: the state in which ``action`` would be played.
    :param action: a core action.
    :param bet_bins: as for :func:`action_ids`.
    """
    if not 0 <= action.seat < len(state.seats):
        return None
    for action_id, named in _table(state, action.seat, _bins(state.rules, bet_bins)).items():
        if named == action:
            return action_id
        if type(action) is Draw and type(named) is Draw:
            assert isinstance(action, Draw) and isinstance(named, Draw)
            if len(action.cards) == len(named.cards) and set(action.cards) == set(named.cards):
                return action_id  # the same discards in another order (V20)
    return None


# --- the observation -----------------------------------------------------------------

OBSERVATION_LAYOUT: Mapping[str, tuple[str, str]] = {
    "own_cards": ("0", "52"),
    "own_seen": ("52", "53"),
    "seats": ("53", "53 + 8n"),
    "table": ("53 + 8n", "56 + 8n"),
    "phase": ("56 + 8n", "58 + 8n"),
    "sideshow": ("58 + 8n", "60 + 9n"),
    "last_action": ("60 + 9n", "60 + 19n"),
    "indicator": ("E", "E + 52"),
    "own_jokers": ("E", "E + jokers"),
    "draws": ("E", "E + 2n"),
}
"""The named blocks of :func:`observation` as ``(start, stop)`` formulas in ``n``, the
number of seats; :func:`observation_layout` gives the slices for one table.

The first seven blocks are in every observation. The last three are appended only on
the tables that have them, in this order, each starting at ``E``, the end of the
blocks before it (``E = 60 + 19n`` for the first one present); so the default
table's vector is unchanged.

============  =========  ===============================================================
block         size       content (every value in [0, 1]; ``T`` = the table's total chips)
============  =========  ===============================================================
own_cards     52         one-hot of the own natural cards by ``Card.index`` when the view
                         shows them (seen, or turned up at a show/showdown); else zeros
                         (R43). Every ``hand_size`` (V12: 2 to 5 ones) uses this block
own_seen      1          1 if the observer is seen (R22)
seats         8·n        per seat, the observer first then to its left (seat order):
                         in_hand, seen, all_in, is_actor, is_dealer, stack/T,
                         contributed/T, blind_bets/max_blind_bets (1 when the limit is
                         0; ``b/(b+1)`` with no limit, V5)
table         3          pot/T, stake/T, observer's minimum bet/T (clipped to 1)
phase         2          BETTING, SIDESHOW (both 0 between hands / session over)
sideshow      2 + n      observer is asked, observer asked, asker one-hot (rotated)
last_action   10·n       per seat (rotated), one-hot of the fixed id of its last public
                         action this hand, from the event log: LOOK, CHAAL (a bet that
                         kept the stake), RAISE (a bet that raised it, of any size: the
                         bins of V3 all count as RAISE), SIDESHOW / SIDESHOW_RAISE
                         likewise, SHOW, ALL_IN, PACK, ACCEPT, REFUSE; all zeros after a
                         draw (V20, see ``draws``)
indicator     52         only with ``wild="joker"`` or ``"hukam"`` (V8): one-hot of the
                         indicator by ``Card.index`` once dealt (public, W5)
own_jokers    jokers     only with ``jokers`` ≥ 1 (V8): slot ``j − 1`` is 1 when the view
                         shows the observer holding the printed joker ``Xj``
draws         2·n        only on a draw table (``draw_price`` set, V20): per seat
                         (rotated), cards drawn this hand / ``max_draws``, then 1 if its
                         last action this hand was a draw
============  =========  ===============================================================
"""


def _extra_blocks(n: int, rules: Rules | None) -> list[tuple[str, int]]:
    """The appended blocks of a table and their sizes (see :data:`OBSERVATION_LAYOUT`)."""
    if rules is None:
        return []
    blocks: list[tuple[str, int]] = []
    if rules.wild in ("joker", "hukam"):
        blocks.append(("indicator", 52))
    if rules.jokers:
        blocks.append(("own_jokers", rules.jokers))
    if rules.draw_price is not None:
        blocks.append(("draws", 2 * n))
    return blocks


def observation_size(seats: int, rules: Rules | None = None) -> int:
    """The length of :func:`observation` for a table of ``seats`` seats.

    :param seats: the number of seats, at least 2.
    :param rules: the table's :class:`~teenpatti_rules.rules.Rules` (for the appended
        blocks of :data:`OBSERVATION_LAYOUT`); None for a table without them.
    :returns: ``60 + 19·seats``, plus 52 with an indicator (V8 W5), ``jokers`` with
        printed jokers (V8) and ``2·seats`` on a draw table (V20).
    :raises ValueError: if ``seats`` is not an int of at least 2.

    >>> observation_size(3), observation_size(3, Rules(wild="joker", draw_price=1))
    (117, 175)
    """
    stops: list[int] = [part.stop for part in observation_layout(seats, rules).values()]
    return max(stops)


def observation_layout(seats: int, rules: Rules | None = None) -> dict[str, slice]:
    """:data:`OBSERVATION_LAYOUT` for ``seats`` seats and the table ``rules``:
    block name → slice.

    :param seats: the number of seats, at least 2.
    :param rules: the table (for the appended blocks); None for the first seven only.
    :raises ValueError: if ``seats`` is not an int of at least 2.

    >>> observation_layout(3)["last_action"]
    slice(87, 117, None)
    >>> observation_layout(3, Rules(wild="hukam"))["indicator"]
    slice(117, 169, None)
    """
    if type(seats) is not int or seats < 2:
        raise ValueError(f"seats must be an int of at least 2, not {seats!r}")
    n = seats
    layout = {
        "own_cards": slice(0, 52),
        "own_seen": slice(52, 53),
        "seats": slice(53, 53 + 8 * n),
        "table": slice(53 + 8 * n, 56 + 8 * n),
        "phase": slice(56 + 8 * n, 58 + 8 * n),
        "sideshow": slice(58 + 8 * n, 60 + 9 * n),
        "last_action": slice(60 + 9 * n, 60 + 19 * n),
    }
    end = 60 + 19 * n
    for name, size in _extra_blocks(n, rules):
        layout[name] = slice(end, end + size)
        end += size
    return layout


def _minimum_bet(state: State, seat: int) -> int:
    from .engine.questions import minimum_bet

    return minimum_bet(state, seat)


def _last_actions(state: State) -> dict[int, int]:
    """Seat → the fixed id of its last public action in the current hand's log."""
    last: dict[int, int] = {}
    stake = 0
    for event in state.events:
        kind = type(event)
        if kind is BootPosted:
            assert isinstance(event, BootPosted)
            stake = max(stake, event.amount)
        elif kind is Looked:
            assert isinstance(event, Looked)
            last[event.seat] = ActionId.LOOK
        elif kind is BetMade:
            assert isinstance(event, BetMade)
            last[event.seat] = ActionId.RAISE if event.stake > stake else ActionId.CHAAL
            stake = max(stake, event.stake)
        elif kind is SideShowAsked:
            assert isinstance(event, SideShowAsked)
            raised = event.stake > stake
            last[event.asker] = ActionId.SIDESHOW_RAISE if raised else ActionId.SIDESHOW
            stake = max(stake, event.stake)
        elif kind is WentAllIn:
            assert isinstance(event, WentAllIn)
            last[event.seat] = ActionId.ALL_IN
        elif kind is Packed:
            assert isinstance(event, Packed)
            last[event.seat] = ActionId.PACK
        elif kind is SideShowAccepted:
            assert isinstance(event, SideShowAccepted)
            last[event.target] = ActionId.ACCEPT
        elif kind is SideShowRefused:
            assert isinstance(event, SideShowRefused)
            last[event.target] = ActionId.REFUSE
        elif kind is ShowAsked:
            assert isinstance(event, ShowAsked)
            last[event.seat] = ActionId.SHOW
        elif kind is Drew:
            assert isinstance(event, Drew)
            last[event.seat] = _DREW
    return last


_DREW = -1
"""Marks a draw (V20) as a seat's last action in :func:`_last_actions`."""


def observation(view: State, seat: int) -> np.ndarray:
    """The observation vector of ``seat``, built from its view (R43).

    :param view: ``view(state, seat)``, a :class:`~teenpatti_rules.views.View`. A
        full :class:`~teenpatti_rules.state.State` is refused; the function views
        its argument once more for ``seat`` anyway, so nothing hidden from ``seat``
        can reach the vector even from another seat's view.
    :param seat: the observing seat; it comes first in every per-seat block.
    :returns: float32 array of shape ``(observation_size(n, view.rules),)`` (``n`` seats), every
        value finite and in [0, 1]; blocks as in :data:`OBSERVATION_LAYOUT`.
    :raises ValueError: if ``view`` is not a :class:`~teenpatti_rules.views.View` (a
        full state), or ``seat`` is not a seat number.
    """
    from .views import View
    from .views import view as make_view

    if not isinstance(view, View):
        raise ValueError(
            "observation() takes view(state, seat), not the full state: the full state "
            "holds hidden cards and the seed (R43)"
        )
    _check_seat(view, seat)
    state = make_view(view, seat)
    n = len(state.seats)
    rules = state.rules
    layout = observation_layout(n, rules)
    out = np.zeros(observation_size(n, rules), dtype=np.float32)
    total = max(1, state.total_chips)
    me = state.seats[seat]
    cards: tuple[Card, ...] = me.cards
    for card in cards:
        if not card.is_joker:  # the 52 slots hold natural cards only (V8 printed jokers)
            out[card.index] = 1.0
    out[52] = float(me.seen)
    in_hand = state.phase is Phase.BETTING or state.phase is Phase.SIDESHOW
    limit = state.rules.max_blind_bets
    base = layout["seats"].start
    for k in range(n):
        other = (seat + k) % n
        player = state.seats[other]
        if limit is None:
            blind = player.blind_bets / (player.blind_bets + 1)
        elif limit == 0:
            blind = 1.0
        else:
            blind = min(1.0, player.blind_bets / limit)
        row = base + 8 * k
        out[row : row + 8] = (
            float(player.in_hand),
            float(player.seen),
            float(player.all_in),
            float(state.actor == other),
            float(state.dealer == other),
            min(1.0, player.stack / total),
            min(1.0, player.contributed / total),
            blind,
        )
    table = layout["table"].start
    out[table] = min(1.0, state.pot / total)
    out[table + 1] = min(1.0, state.stake / total)
    if in_hand and me.in_hand:
        out[table + 2] = min(1.0, _minimum_bet(state, seat) / total)
    phase = layout["phase"].start
    out[phase] = float(state.phase is Phase.BETTING)
    out[phase + 1] = float(state.phase is Phase.SIDESHOW)
    request = state.sideshow
    side = layout["sideshow"].start
    if request is not None:
        out[side] = float(request.target == seat)
        out[side + 1] = float(request.asker == seat)
        out[side + 2 + (request.asker - seat) % n] = 1.0
    last = layout["last_action"].start
    actions = _last_actions(state) if state.hand_number > 0 else {}
    for other, action_id in actions.items():
        if action_id != _DREW:
            out[last + 10 * ((other - seat) % n) + action_id] = 1.0
    if "indicator" in layout and state.indicator is not None:
        out[layout["indicator"].start + state.indicator.index] = 1.0
    if "own_jokers" in layout:
        for card in cards:
            if card.is_joker:  # X1..X3 have the indices 52..54 (V8)
                out[layout["own_jokers"].start + card.index - 52] = 1.0
    if "draws" in layout:
        block = layout["draws"].start
        drawn = dict.fromkeys(range(n), 0)
        if state.hand_number > 0:
            for event in state.events:
                if isinstance(event, Drew):
                    drawn[event.seat] += event.count
        for k in range(n):
            other = (seat + k) % n
            out[block + 2 * k] = min(1.0, drawn[other] / rules.max_draws)
            out[block + 2 * k + 1] = float(actions.get(other) == _DREW)
    return out
