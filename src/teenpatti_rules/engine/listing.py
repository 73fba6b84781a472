"""Listing the legal actions: :func:`legal_actions`, and :func:`was_listed`, which lets
:func:`~teenpatti_rules.engine.apply` accept a listed action (the very object) without
checking it again.

The list is kept on the state itself, in a private slot that is not a field (see
:class:`~teenpatti_rules.state.State`): it is a fact about that immutable value,
computed on the first call and never stale; a state built any other way
(:func:`attrs.evolve`, unpickling) starts without it. No module-level cache.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .. import actions as act
from ..limits import short
from ..state import Phase, State
from .kinds import table_actions
from .questions import (
    accept_refusal,
    all_in_refusal,
    bet_range,
    draw_options,
    is_seat,
    listed_amounts,
    show_refusal,
    sideshow_range,
    sideshow_refusal,
)
from .refusals import refused
from .trust import require_reachable

__all__ = ["legal_actions", "was_listed"]

_note = object.__setattr__
"""Sets a private slot of a frozen record (its ``__setattr__`` refuses every name)."""


def was_listed(state: State, action: act.Action) -> bool:
    """Whether ``action`` is one of the very objects :func:`legal_actions` listed for
    ``state`` (identity: an equal action built elsewhere, ``Bet(1, True)`` say, is
    checked in full; either way :func:`~teenpatti_rules.engine.apply` gives the same
    answer, only the cost differs).

    :param state: a :class:`~teenpatti_rules.state.State`.
    :param action: any object.
    :returns: True if the engine listed this object for this state.
    """
    try:
        listed = state._listed
    except AttributeError:  # a state the engine did not build
        return False
    if listed is None:  # built by the engine, never listed
        return False
    for candidate in listed:  # noqa: SIM110 (a loop: faster than any() on every step)
        if candidate is action:
            return True
    return False


def legal_actions(
    state: State, seat: int | None = None, *, deal: bool = False
) -> tuple[act.Action, ...]:
    """Every action legal now, from every seat (or from one seat).

    Between hands: :class:`~teenpatti_rules.actions.Deal` (without a deck) for each
    seat still in the session (R6). In a hand: :class:`~teenpatti_rules.actions.Look`
    for every blind player in the hand and not all-in (R22, R28), then the actor's
    turn actions: pack, bets (ascending), all-in, show, sideshows (R23–R36), draws
    (V20: every set of its cards it may discard); or, while a sideshow is pending, the
    asked player's accept (when it can pay its half, V17) and refuse (R31).
    After the session: nothing. While the table waits for players (S2): no Deal.

    The open-table actions (S4, S5, S7) are one seat's choices:
    :class:`~teenpatti_rules.actions.Leave`, :class:`~teenpatti_rules.actions.SitOut` or
    :class:`~teenpatti_rules.actions.SitIn`, and (``rebuy=True``, between hands)
    :class:`~teenpatti_rules.actions.AddChips` up to the buy-in limit (other amounts
    are legal too, like the unlisted no-limit bets). They are listed for ``seat``, and
    without a seat only on an open table (``open_table=True``), so that a closed table's
    list is what it always was. Two actions are never listed:
    :class:`~teenpatti_rules.actions.Join` needs a name, and
    :class:`~teenpatti_rules.actions.Timeout` is applied by the table's clock, not
    chosen (S3, S6); :func:`~teenpatti_rules.engine.is_legal` answers for them.

    Under ``bet_sizing="no_limit"`` (V3) the bets and sideshows listed are only the
    minimum, twice the minimum and the largest amount;
    :func:`~teenpatti_rules.engine.questions.bet_range` (and
    :func:`~teenpatti_rules.engine.questions.sideshow_range`) give every amount
    :func:`~teenpatti_rules.engine.apply` accepts. A draw names the cards it discards, so in a
    :class:`~teenpatti_rules.views.View` that hides the actor's cards no draw is listed.

    :param state: a :class:`~teenpatti_rules.state.State`.
    :param seat: None for every seat's actions (as above); a seat number for only that
        seat's choices (a client asking "what may I do?"), in the same order, and
        without :class:`~teenpatti_rules.actions.Deal` unless ``deal`` is True.
    :param deal: with ``seat``, whether its ``Deal`` is listed when legal (R6);
        ignored without ``seat``.
    :returns: a tuple of actions; every one applies, and every action
        :func:`~teenpatti_rules.engine.apply` accepts is in it, except a Deal with an
        explicit deck, the unlisted no-limit and add-chips amounts, Join and Timeout, and
        on a closed table the open-table actions unless ``seat`` is given
        (:func:`~teenpatti_rules.engine.is_legal` judges any one action).
    :raises TypeError: if ``state`` is not a :class:`~teenpatti_rules.state.State`.
    :raises ValueError: if ``seat`` is neither None nor a seat number of the table.
    :raises ~teenpatti_rules.errors.UnreachableStateError: (a :class:`ValueError`)
        if ``state`` is not one the engine could reach.
    """
    if not isinstance(state, State):
        raise TypeError(f"legal_actions needs a State, not {type(state).__name__}")
    try:
        actions = state._listed  # None until listed: the engine built it (trust.vouch)
    except AttributeError:  # a state the engine did not build: checked once
        require_reachable(state)
        actions = None
    if actions is None:  # the first call for this object
        actions = _list_turn_actions(state)
        if state.rules.open_table:
            actions = (*actions, *_every_table_action(state))
        _note(state, "_listed", actions)
    if seat is None:
        return actions
    if not is_seat(state, seat):
        raise ValueError(f"seat must be a seat number 0..{len(state.seats) - 1}, not {short(seat)}")
    mine = [
        action
        for action in actions
        if action.seat == seat and (deal or type(action) is not act.Deal)
    ]
    if not state.rules.open_table:  # listed for the seat only (above: open tables)
        mine += table_actions(state, seat)
    return tuple(mine)


class _SeatActions(NamedTuple):
    """The actions without an amount of every seat of a table, built once per table
    size: actions are immutable, so every list shares them.
    """

    deals: tuple[act.Deal, ...]
    looks: tuple[act.Look, ...]
    packs: tuple[act.Pack, ...]


@cache
def _seat_actions(seat_count: int) -> _SeatActions:
    seats = range(seat_count)
    return _SeatActions(
        tuple(act.Deal(i) for i in seats),
        tuple(act.Look(i) for i in seats),
        tuple(act.Pack(i) for i in seats),
    )


def _every_table_action(state: State) -> list[act.Action]:
    """Every seat's :func:`~.kinds.table_actions`, seat by seat (S4, S5, S7)."""
    return [action for seat in range(len(state.seats)) for action in table_actions(state, seat)]


def _list_turn_actions(state: State) -> tuple[act.Action, ...]:
    """The deals, looks and turn actions of :func:`legal_actions`."""
    phase = state.phase
    seats = state.seats
    prebuilt = _seat_actions(len(seats))
    if phase is Phase.AWAITING_DEAL:
        deals = prebuilt.deals
        return tuple(deals[i] for i, seat in enumerate(seats) if seat.in_session)
    if phase is Phase.SESSION_OVER or phase is Phase.WAITING:
        return ()
    looks = prebuilt.looks
    actions: list[act.Action] = [
        looks[i]
        for i, seat in enumerate(seats)
        if seat.in_hand and not seat.seen and not seat.all_in
    ]
    actor = state.actor
    assert actor is not None
    if phase is Phase.SIDESHOW:
        if accept_refusal(state, actor, refuse=refused) is None:
            actions.append(act.AcceptSideShow(actor))
        actions.append(act.RefuseSideShow(actor))
        return tuple(actions)
    actions.append(prebuilt.packs[actor])
    bets = bet_range(state, actor)
    actions += [act.Bet(actor, amount) for amount in listed_amounts(state, bets)]
    if all_in_refusal(state, actor, refuse=refused) is None:  # "may": no refusal built
        actions.append(act.AllIn(actor))
    if show_refusal(state, actor, refuse=refused) is None:
        actions.append(act.Show(actor))
    elif sideshow_refusal(state, actor, refuse=refused) is None:  # R30, R33: not with two
        sideshows = listed_amounts(state, sideshow_range(state, actor, bets))
        actions += [act.SideShow(actor, amount) for amount in sideshows]
    if state.rules.draw_price is not None:  # V20
        actions += [act.Draw(actor, cards) for cards in draw_options(state, actor)]
    return tuple(actions)
