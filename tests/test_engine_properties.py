"""Invariants of the reducer over random sessions (hypothesis)."""

from __future__ import annotations

import copy
import functools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

import teenpatti_rules as tp
from strategies import actions, open_tables, play_session, random_action, table_action, tables
from teenpatti_rules.engine.kinds import HANDLERS as _HANDLERS
from teenpatti_rules.engine.questions import bet_range, sideshow_range
from teenpatti_rules.testing import TableMachine

BETWEEN_HANDS = (tp.Phase.AWAITING_DEAL, tp.Phase.SESSION_OVER, tp.Phase.WAITING)
UNLISTED = tuple(kind for kind, handler in _HANDLERS.items() if not handler.listed)
"""Accepted but never listed: a join needs a name, a timeout is the table's (S3, S6);
read from each kind's Handler (``listed``)."""


def every_listed(state: tp.State) -> set[tp.Action]:
    """What legal_actions lists, for every seat and for each seat (the open-table
    actions of a closed table are listed per seat only)."""
    listed = set(tp.legal_actions(state))
    for seat in range(len(state.seats)):
        listed |= set(tp.legal_actions(state, seat, deal=True))
    return listed


def ledger(state: tp.State) -> int:
    """R42 as S8 restates it: stacks in the session plus the pot."""
    return state.pot + sum(seat.stack for seat in state.seats if seat.in_session)


@functools.cache
def any_action(seats: int) -> st.SearchStrategy[tp.Action]:
    """Actions of every kind from seats -1..n, with amounts around the usual sizes; one
    strategy per table size (built and validated once, not at every step)."""
    return actions(st.integers(-1, seats), st.integers(-1, 40))


def _unlisted_no_limit_amount(state: tp.State, action: tp.Action) -> bool:
    """Whether ``action`` is a no-limit bet or sideshow that ``bet_range`` /
    ``sideshow_range`` allow but ``legal_actions`` does not list (V3)."""
    if state.rules.bet_sizing != "no_limit" or state.phase is not tp.Phase.BETTING:
        return False
    if action.seat != state.actor or not isinstance(action, tp.Bet | tp.SideShow):
        return False
    if isinstance(action, tp.Bet):
        return action.amount in bet_range(state, action.seat)
    return action.amount in sideshow_range(state, action.seat)


class Session(TableMachine):
    """The testing kit's machine on the library itself (random legal actions, poked
    with random illegal ones, R42, R43 and the engine's invariants after every step),
    with the engine's own further checks."""

    history: tp.History

    def starts(self) -> st.SearchStrategy[tp.State]:
        """Closed tables of every variant, and open tables with every new option."""
        return st.one_of(tables(), open_tables())

    def open_table(self, start: tp.State) -> None:
        super().open_table(start)
        self.history = tp.History.from_state(start)

    def send(self, action: tp.Action) -> None:
        super().send(action)
        self.history = self.history.record(action)

    @rule(seed=st.integers(0, 2**16))
    def play_an_open_table_action(self, seed: int) -> None:
        """S3–S7: a join, leave, sit-out, sit-in, timeout or added chips, when legal."""
        action = table_action(random.Random(seed), self.state)
        if action is not None:
            self.send(action)
            self.state = tp.apply(self.state, action)
            self.played.append(action)

    def teardown(self) -> None:
        """One History covers the table's life: at the end of every run (whatever its
        length, shrunk runs included) it replays to the live state (S8, S9). Checked once
        per run, not after every step: each replay plays the whole history again."""
        super().teardown()
        if hasattr(self, "history"):
            assert tp.replay(tp.History.from_json(self.history.to_json())) == self.state

    @rule(data=st.data())
    def illegal_actions_raise_and_change_nothing(self, data: st.DataObject) -> None:
        action = data.draw(any_action(len(self.state.seats)))
        legal = every_listed(self.state)
        before = copy.deepcopy(self.state)
        if (
            action in legal
            or _unlisted_no_limit_amount(self.state, action)
            or (isinstance(action, (*UNLISTED, tp.AddChips)) and tp.is_legal(self.state, action))
        ):
            tp.apply(self.state, action)  # V3: no-limit lists only a few of its amounts
            return
        try:
            tp.apply(self.state, action)
        except tp.IllegalActionError as error:
            message = str(error)
            assert message and (f"seat {action.seat}" in message or repr(action) in message)
        else:
            raise AssertionError(f"{action} was accepted but is not in legal_actions")
        assert self.state == before

    @invariant()
    def the_pot_is_empty_between_hands_and_placings_end_a_session(self) -> None:
        state = self.state
        assert ledger(state) == state.chips_brought - state.chips_taken  # R42 as S8
        assert all(seat.stack >= 0 for seat in state.seats)
        assert (
            state.pot == sum(seat.contributed for seat in state.seats)
            or state.phase in BETWEEN_HANDS
        )
        if state.phase in BETWEEN_HANDS:
            assert state.pot == 0
        if state.phase is tp.Phase.SESSION_OVER and state.session_winners:  # V19
            assert state.placings[0] == state.session_winners

    @rule(data=st.data())
    def bet_any_no_limit_amount(self, data: st.DataObject) -> None:
        """V3: every amount of bet_range applies, listed or not."""
        state = self.state
        if state.phase is not tp.Phase.BETTING or state.rules.bet_sizing != "no_limit":
            return
        assert state.actor is not None
        amounts = bet_range(state, state.actor)
        if amounts:
            amount = data.draw(st.sampled_from(list(amounts)))
            bet = tp.Bet(state.actor, amount)
            self.send(bet)
            self.state = tp.apply(state, bet)
            self.played.append(bet)

    @invariant()
    def actor_is_none_exactly_between_hands(self) -> None:
        state = self.state
        assert (state.actor is None) == (state.phase in BETWEEN_HANDS)
        if state.actor is not None:
            seat = state.seats[state.actor]
            assert seat.in_hand and not seat.all_in
        assert (state.sideshow is not None) == (state.phase is tp.Phase.SIDESHOW)
        over = state.phase is tp.Phase.SESSION_OVER
        assert over == bool(state.session_winners) or (over and not state.placings[:1])

    @invariant()
    def every_legal_action_applies(self) -> None:
        for action in every_listed(self.state):
            after = tp.apply(self.state, action)
            assert ledger(after) == after.chips_brought - after.chips_taken


TestSession = Session.TestCase  # sized by the hypothesis profile (tests/conftest.py)


@pytest.mark.soak
@given(tables(), st.integers(0, 2**32))
def test_every_session_ends(start: tp.State, seed: int) -> None:
    states = play_session(seed, start)
    final = states[-1]
    assert final.phase is tp.Phase.SESSION_OVER
    assert tp.legal_actions(final) == ()
    remaining = [i for i, seat in enumerate(final.seats) if seat.in_session]
    limit = start.rules.hand_limit
    assert len(remaining) == 1 or (limit is not None and final.hand_number == limit)
    best = max(final.seats[i].stack for i in remaining)
    assert final.session_winners == tuple(
        i for i in remaining if final.seats[i].stack == best
    )  # R8


@given(tables(), st.integers(0, 2**32))
def test_same_seed_and_actions_give_equal_states(start: tp.State, seed: int) -> None:
    rng = random.Random(seed)
    a = b = start
    for _ in range(200):
        if a.phase is tp.Phase.SESSION_OVER:
            break
        action = random_action(rng, a)
        a, b = tp.apply(a, action), tp.apply(b, action)
        assert a == b and hash(a) == hash(b)
    # Replaying the same seed from scratch gives the same decks and states.
    again = tp.new_session(
        [s.name for s in start.seats],
        start.rules,
        seed=start.seed or 0,
        dealer=start.dealer,
        stacks=[s.stack for s in start.seats],
    )
    assert again == start


@pytest.mark.soak
@given(tables(hand_limit=True), st.integers(0, 2**32))
def test_event_log_accounts_for_every_chip(start: tp.State, seed: int) -> None:
    from teenpatti_rules.events import (
        BetMade,
        BootPosted,
        Drew,
        Payout,
        ShowAsked,
        SideShowAsked,
        SideShowHalfPaid,
        WentAllIn,
    )

    paid = (BootPosted, BetMade, WentAllIn, ShowAsked, SideShowAsked, SideShowHalfPaid, Drew)

    for state in play_session(seed, start):
        if state.phase in BETWEEN_HANDS and state.result is not None:
            paid_in = sum(e.amount for e in state.events if isinstance(e, paid))
            paid_out = sum(e.amount for e in state.events if isinstance(e, Payout))
            assert paid_in == paid_out == state.result.pot == sum(state.result.winnings.values())
