"""The action alphabet of :mod:`teenpatti_rules.encoding`: ids, their names, masks and
the actions they name (see the package docstring for the table of ids).

The amount ids come from the table's bet sizing
(:class:`~teenpatti_rules.sizing.BetSizing`: how many ids, their names and the
amounts they aim at), so a new sizing needs no change here.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from itertools import combinations
from typing import Any

import numpy as np  # the package checked that numpy is there

from .. import actions
from ..errors import IllegalActionError
from ..limits import MAX_BET_BINS, short
from ..rules import Rules
from ..sizing import BetRange, sizing_of
from ..state import State

__all__ = [
    "DEFAULT_BET_BINS",
    "DRAW_HAND_SIZE",
    "FIXED_ACTIONS",
    "ROSTER_FIELDS",
    "ActionId",
    "action_for_id",
    "action_ids",
    "action_name",
    "check_fixed_roster",
    "draw_subsets",
    "id_for_action",
    "legal_action_mask",
    "num_actions",
]


class ActionId(IntEnum):
    """The ten fixed ids of the action alphabet (stable; see :mod:`teenpatti_rules.encoding`)."""

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

DRAW_HAND_SIZE = 3
"""The hand size of every draw table (V20 draws only with ``hand_size`` 3): the DRAW
ids name subsets of these three positions."""


# --- checks of the arguments ---------------------------------------------------------


def check_rules(rules: object, name: str = "rules") -> Rules:
    """``rules`` if it is a :class:`~teenpatti_rules.rules.Rules`.

    :raises TypeError: naming the parameter ``name`` otherwise.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"{name} must be a Rules, not {type(rules).__name__} {short(rules)}")
    return rules


def check_state(state: object, name: str = "state") -> State:
    """``state`` if it is a :class:`~teenpatti_rules.state.State` (or a view).

    :raises TypeError: naming the parameter ``name`` otherwise.
    """
    if not isinstance(state, State):
        raise TypeError(
            f"{name} must be a State (or view(state, seat)), not {type(state).__name__} "
            f"{short(state)}"
        )
    return state


def check_seat(state: State, seat: object) -> int:
    """``seat`` if it is a seat number of ``state``'s table.

    :raises ValueError: naming the seat range otherwise.
    """
    if type(seat) is not int or not 0 <= seat < len(state.seats):
        raise ValueError(f"seat must be a seat number 0..{len(state.seats) - 1}, not {seat!r}")
    return seat


ROSTER_FIELDS = ("open_table", "rebuy")
"""The :class:`~teenpatti_rules.rules.Rules` fields that let a table's roster change
during a session: ``open_table`` (S2, S3: players join and leave) and ``rebuy`` (S7:
a busted seat buys back in). The encoding refuses a table with either set."""


def check_fixed_roster(rules: Rules) -> None:
    """Refuse a table whose roster can change during a session: an open table
    (``open_table=True``, S2, S3) or one with ``rebuy=True`` (S7). The encoding has one
    block per seat and its alphabet names one seat's betting actions (R19-R36); it
    never names ``Join``, ``Leave``, ``SitOut``, ``SitIn``, ``Timeout`` or ``AddChips``
    (S1-S9). The one home of this check: the RL adapters call it too.

    The fields are read with ``getattr`` so that the check holds on any rules-like
    record, with or without the open-table fields.

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :returns: None when the roster is fixed.
    :raises ValueError: naming the field (``rules.open_table=True`` or
        ``rules.rebuy=True``) and citing S1-S9.

    >>> check_fixed_roster(Rules())
    >>> try:
    ...     check_fixed_roster(Rules(open_table=True))
    ... except ValueError as error:
    ...     print(str(error).split(" (")[0])
    rules.open_table=True: the RL adapters play a fixed roster of seats
    """
    for field in ROSTER_FIELDS:
        if getattr(rules, field, False):
            raise ValueError(
                f"rules.{field}=True: the RL adapters play a fixed roster of seats "
                "(S1-S9 are not offered: the encoding has one block per seat); "
                "use a closed table"
            )


def bins_of(rules: Rules, bet_bins: object) -> int:
    """The number of amount ids per bet kind in force (the table's
    :meth:`~teenpatti_rules.sizing.BetSizing.bins`), after checking ``bet_bins``
    and the roster (:func:`check_fixed_roster`).

    :raises ValueError: if ``bet_bins`` is not an int from 2 to
        :data:`~teenpatti_rules.limits.MAX_BET_BINS`, or for a table whose roster can
        change (S1-S9).
    """
    check_fixed_roster(rules)
    if type(bet_bins) is not int or not 2 <= bet_bins <= MAX_BET_BINS:
        raise ValueError(
            f"bet_bins must be an int from 2 to {MAX_BET_BINS} (limits.MAX_BET_BINS), "
            f"not {short(bet_bins)}"
        )
    return sizing_of(rules).bins(bet_bins)


def _check_id(action_id: object, rules: Rules, bet_bins: int) -> int:
    size = num_actions(rules, bet_bins=bet_bins)
    if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
        raise ValueError(f"action_id must be an int, not {short(action_id)}")
    value = int(action_id)
    if not 0 <= value < size:
        raise ValueError(f"action_id must be in 0..{size - 1} for this table, not {value}")
    return value


# --- sizes and names -----------------------------------------------------------------


def draw_subsets(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The discards of the DRAW ids of a table, as positions of the own cards (V20).

    Position ``p`` is the ``p``-th of the drawer's cards in ascending
    :attr:`~teenpatti_rules.cards.Card.index` (the order of the ``own_cards`` slots of
    the observation), so an id means the same whatever the cards are. Every non-empty
    set of positions ``0..2`` of at most ``max_draws`` cards, fewer cards first, then
    in lexicographic order; empty when ``rules.draw_price`` is None (no draws).

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :returns: e.g. ``((0,), (1,), (2,), (0, 1), (0, 2), (1, 2))`` for ``max_draws=2``.
    :raises TypeError: if ``rules`` is not a :class:`~teenpatti_rules.rules.Rules`.

    >>> draw_subsets(Rules(draw_price=1, max_draws=1))
    ((0,), (1,), (2,))
    >>> draw_subsets(Rules())
    ()
    """
    check_rules(rules)
    if rules.draw_price is None:
        return ()
    most = min(rules.max_draws, DRAW_HAND_SIZE)
    return tuple(
        chosen
        for count in range(1, most + 1)
        for chosen in combinations(range(DRAW_HAND_SIZE), count)
    )


def num_actions(rules: Rules, *, bet_bins: int = DEFAULT_BET_BINS) -> int:
    """The size of the action alphabet of a table.

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules`.
    :param bet_bins: bins per bet kind for ``bet_sizing="range"`` (V3), 2 to
        :data:`~teenpatti_rules.limits.MAX_BET_BINS`; ignored under ``"double"`` and
        ``"no_limit"`` (but still checked).
    :returns: ``10 + 2·(bins − 2)`` with the sizing's bins
        (:meth:`~teenpatti_rules.sizing.BetSizing.bins`): 10 under
        ``"double"``; ``10 + 2·(bet_bins − 2)`` under ``"range"``;
        ``10 + 2·(len(NO_LIMIT_MULTIPLES) + 1)`` = 24 under ``"no_limit"``; plus one
        id per entry of :func:`draw_subsets` on a draw table (V20).
    :raises TypeError: if ``rules`` is not a :class:`~teenpatti_rules.rules.Rules`.
    :raises ValueError: if ``bet_bins`` is not an int from 2 to ``MAX_BET_BINS``.

    >>> num_actions(Rules()), num_actions(Rules(bet_sizing="range"))
    (10, 16)
    >>> num_actions(Rules(bet_sizing="no_limit")), num_actions(Rules(draw_price=1))
    (24, 16)
    """
    check_rules(rules)
    return FIXED_ACTIONS + 2 * (bins_of(rules, bet_bins) - 2) + len(draw_subsets(rules))


def action_name(
    action_id: int, rules: Rules | None = None, *, bet_bins: int = DEFAULT_BET_BINS
) -> str:
    """The name of an id: ``"PACK"`` … ``"REFUSE"``, then the bins (``"BET_BIN_j"``,
    ``"SIDESHOW_BIN_j"`` on a range table; ``"BET_X3"`` … ``"BET_MAX"``,
    ``"SIDESHOW_X3"`` … ``"SIDESHOW_MAX"`` on a no-limit table: the sizing's
    :meth:`~teenpatti_rules.sizing.BetSizing.bin_names`), then the draws
    (``"DRAW_0"``, ``"DRAW_01"``: the positions discarded, V20).

    :param action_id: an id of the alphabet.
    :param rules: the table (for the bins and draws); None for the default table.
    :param bet_bins: as for :func:`num_actions`.
    :raises TypeError: if ``rules`` is neither None nor a Rules.
    :raises ValueError: for an id outside ``0..num_actions − 1`` or a bad ``bet_bins``.

    >>> action_name(23, Rules(bet_sizing="no_limit")), action_name(10, Rules(draw_price=1))
    ('SIDESHOW_MAX', 'DRAW_0')
    """
    rules = Rules() if rules is None else check_rules(rules)
    action_id = _check_id(action_id, rules, bet_bins)
    if action_id < FIXED_ACTIONS:
        return ActionId(action_id).name
    bins = bins_of(rules, bet_bins)
    names = sizing_of(rules).bin_names(bins)
    offset = action_id - FIXED_ACTIONS
    if offset < 2 * len(names):
        kind = "BET" if offset < len(names) else "SIDESHOW"
        return f"{kind}_{names[offset % len(names)]}"
    chosen = draw_subsets(rules)[offset - 2 * len(names)]
    return "DRAW_" + "".join(str(position) for position in chosen)


# --- the ids legal now ---------------------------------------------------------------


def _bin_amounts(amounts: BetRange, rules: Rules, bins: int) -> list[int | None]:
    """The amount each id of one bet kind names, in priority order: the first id (CHAAL
    or SIDESHOW), the second (RAISE or SIDESHOW_RAISE), then the appended bins in id
    order; None for a masked bin. The sizing's aims
    (:meth:`~teenpatti_rules.sizing.BetSizing.aims`), each snapped down to the
    legal grid (``amounts.low`` is the minimum bet: the core only removes amounts from
    the top, for the stack and the stake limit).
    """
    if not amounts:
        return [None] * bins
    aims = sizing_of(rules).aims(rules, amounts, bins)
    if len(aims) != bins:
        raise ValueError(f"the bet sizing {rules.bet_sizing!r} gave {len(aims)} aims for {bins}")
    return [amounts.snap(aim) for aim in aims]


def _legal(state: State) -> tuple[actions.Action, ...]:
    from ..engine import legal_actions

    return legal_actions(state)


_FIXED_IDS: dict[type[Any], int] = {
    actions.Pack: ActionId.PACK,
    actions.Look: ActionId.LOOK,
    actions.Show: ActionId.SHOW,
    actions.AllIn: ActionId.ALL_IN,
    actions.AcceptSideShow: ActionId.ACCEPT,
    actions.RefuseSideShow: ActionId.REFUSE,
}


def _section(action_id: int, bins: int) -> str:
    """Which part of :func:`_table` names ``action_id``: ``"fixed"`` (the ids without an
    amount), ``"bet"`` (CHAAL, RAISE and the bet bins), ``"sideshow"`` (SIDESHOW,
    SIDESHOW_RAISE and the sideshow bins) or ``"draw"`` (V20).
    """
    interior = bins - 2
    if action_id in (ActionId.CHAAL, ActionId.RAISE) or (
        FIXED_ACTIONS <= action_id < FIXED_ACTIONS + interior
    ):
        return "bet"
    if action_id in (ActionId.SIDESHOW, ActionId.SIDESHOW_RAISE) or (
        FIXED_ACTIONS + interior <= action_id < FIXED_ACTIONS + 2 * interior
    ):
        return "sideshow"
    return "fixed" if action_id < FIXED_ACTIONS else "draw"


def _table(
    state: State, seat: int, bins: int, only: int | None = None
) -> dict[int, actions.Action]:
    """Every legal id of ``seat`` and its action, from the core's legal actions and,
    for the amounts, its bet ranges (``bet_range``, ``sideshow_range``: a no-limit
    table lists only a few amounts, V3). The actions are the very objects
    :func:`~teenpatti_rules.engine.legal_actions` listed where it listed them (so
    :func:`~teenpatti_rules.engine.apply` need not check them again).

    :param only: None for the whole table; an id for only the part of the table that
        may name it (:func:`_section`: the other parts are not worked out), as
        :func:`action_for_id` needs.
    """
    if state.actor != seat:
        return {}
    from ..engine.questions import bet_range, sideshow_range

    part = None if only is None else _section(only, bins)
    table: dict[int, actions.Action] = {}
    bets: dict[int, actions.Action] = {}
    sideshows: dict[int, actions.Action] = {}
    draws: dict[actions.Action, actions.Action] = {}
    for action in _legal(state):
        if action.seat != seat:
            continue
        kind = type(action)
        if isinstance(action, actions.Bet):
            bets[action.amount] = action
        elif isinstance(action, actions.SideShow):
            sideshows[action.amount] = action
        elif kind is actions.Draw:
            draws[action] = action
        elif kind in _FIXED_IDS:
            table[_FIXED_IDS[kind]] = action
    if part is not None and part != "fixed":
        table = {}
    rules = state.rules
    interior = bins - 2
    for listed, section, ranges, make, first, last, start in (
        (bets, "bet", bet_range, actions.Bet, ActionId.CHAAL, ActionId.RAISE, 0),
        (
            sideshows,
            "sideshow",
            sideshow_range,
            actions.SideShow,
            ActionId.SIDESHOW,
            ActionId.SIDESHOW_RAISE,
            interior,
        ),
    ):
        if part is not None and part != section:
            continue
        amounts = ranges(state, seat) if listed else BetRange(1, 0)
        named = _bin_amounts(amounts, rules, bins)
        taken: set[int] = set()
        order = [int(first), int(last)] + [FIXED_ACTIONS + start + j for j in range(interior)]
        for action_id, amount in zip(order, named, strict=True):
            if amount is None or amount in taken:
                continue
            taken.add(amount)
            table[action_id] = listed.get(amount) or make(seat, amount)
    if draws and (part is None or part == "draw"):
        own = state.seats[seat].cards
        ranked = sorted(own, key=lambda card: card.index)
        base = FIXED_ACTIONS + 2 * interior
        for k, chosen in enumerate(draw_subsets(rules)):
            if len(ranked) != DRAW_HAND_SIZE:
                break
            if only is not None and base + k != only:
                continue
            picked = {ranked[p] for p in chosen}
            drawn = draws.get(actions.Draw(seat, tuple(card for card in own if card in picked)))
            if drawn is not None:
                table[base + k] = drawn
    return table


def action_ids(state: State, seat: int, *, bet_bins: int = DEFAULT_BET_BINS) -> tuple[int, ...]:
    """The ids ``seat`` may play now, ascending.

    Empty unless ``seat`` is the actor (the player to bet, or the asked player of a
    pending sideshow, R20, R31): environments mask every other seat. Works on a
    full state or a view.

    :param state: a :class:`~teenpatti_rules.state.State` (or a view of it).
    :param seat: a seat number.
    :param bet_bins: bins per bet kind on a ``"range"`` table (V3); ignored otherwise.
    :returns: the ids whose actions are legal (R19-R36), never two ids for one action.
    :raises TypeError: if ``state`` is not a State.
    :raises ValueError: for a bad seat or ``bet_bins``.
    """
    check_seat(check_state(state), seat)
    return tuple(sorted(_table(state, seat, bins_of(state.rules, bet_bins))))


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
    :raises TypeError: if ``state`` is not a State.
    :raises ValueError: for a bad seat or ``bet_bins``.
    """
    bins = bins_of(check_state(state).rules, bet_bins)
    mask = np.zeros(num_actions(state.rules, bet_bins=bet_bins), dtype=dtype)
    for action_id in _table(state, check_seat(state, seat), bins):
        mask[action_id] = 1
    return mask


def action_for_id(
    state: State, seat: int, action_id: int, *, bet_bins: int = DEFAULT_BET_BINS
) -> actions.Action:
    """The core action that ``action_id`` names for ``seat`` now.

    :param state: a :class:`~teenpatti_rules.state.State` (or a view).
    :param seat: the acting seat.
    :param action_id: an id of the alphabet (an int or numpy integer).
    :param bet_bins: as for :func:`action_ids`.
    :returns: the action, legal in ``state`` (pass it to
        :func:`~teenpatti_rules.engine.apply`).
    :raises TypeError: if ``state`` is not a State.
    :raises ValueError: for a bad seat, ``bet_bins`` or an id outside the alphabet.
    :raises IllegalActionError: if the id is not legal for ``seat`` now (not in
        :func:`action_ids`); the message names the id and, for an action without
        an amount, the core's reason.
    """
    check_seat(check_state(state), seat)
    value = _check_id(action_id, state.rules, bet_bins)
    bins = bins_of(state.rules, bet_bins)
    action = _table(state, seat, bins, only=value).get(value)
    if action is not None:
        return action
    table = _table(state, seat, bins)
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


def _apply(state: State, action: actions.Action) -> State:
    from ..engine import apply

    return apply(state, action)


_SIMPLE: dict[int, Callable[[int], actions.Action]] = {v: k for k, v in _FIXED_IDS.items()}
"""Each fixed id without an amount and its action class: ``_FIXED_IDS`` backwards."""


def id_for_action(
    state: State, action: actions.Action, *, bet_bins: int = DEFAULT_BET_BINS
) -> int | None:
    """The id that names ``action`` now, or None if no id does (not the actor's, or an
    amount between bins). The inverse of :func:`action_for_id` on legal ids; a
    ``Draw`` is matched by the set of its discards, in any order (V20).

    :param state: the state in which ``action`` would be played.
    :param action: a core action (an :class:`~teenpatti_rules.actions.Action`, not
        its text: parse text with :func:`~teenpatti_rules.actions.parse_action`).
    :param bet_bins: as for :func:`action_ids`.
    :raises TypeError: if ``state`` is not a State or ``action`` is not an action.
    :raises ValueError: for a bad ``bet_bins``.
    """
    bins = bins_of(check_state(state).rules, bet_bins)
    if not isinstance(action, actions.ActionBase):
        raise TypeError(
            f"action must be an Action (e.g. parse_action(text)), not {type(action).__name__} "
            f"{short(action)}"
        )
    if not 0 <= action.seat < len(state.seats):
        return None
    for action_id, named in _table(state, action.seat, bins).items():
        if named == action:
            return action_id
        if type(action) is actions.Draw and type(named) is actions.Draw:
            assert isinstance(action, actions.Draw) and isinstance(named, actions.Draw)
            if len(action.cards) == len(named.cards) and set(action.cards) == set(named.cards):
                return action_id  # the same discards in another order (V20)
    return None
