"""A hypothesis stateful machine that drives a table, yours or the library's, with
random legal and illegal actions and checks the rules' invariants after every step.

Subclass :class:`TableMachine` and override its four hooks to drive *your* wrapper
(a game server's table class, a bot's session): the machine keeps the true state
beside it, by :func:`~teenpatti_rules.engine.apply`, and checks that your table
accepts every legal action, refuses every illegal one without changing, agrees with
the true state, and never shows a seat a card it may not see (R43). See the
"Testing your table" guide for a worked example.
"""

from __future__ import annotations

from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from ..actions import Action
from ..engine import apply, legal_actions
from ..engine.invariants import check
from ..errors import IllegalActionError
from ..state import State
from ..views import view
from .checks import assert_chips_conserved, assert_no_leak
from .strategies import illegal_actions_in, legal_actions_in, sessions

__all__ = ["TableMachine"]


class TableMachine(RuleBasedStateMachine):
    """Random legal play poked with illegal actions, checked after every step.

    The four hooks, each with a default that drives the library itself:

    - :meth:`open_table` (a new session's first state): set up your table;
    - :meth:`send` (one action): pass it to your table; raise
      :class:`~teenpatti_rules.errors.IllegalActionError` (or one of
      :attr:`refusals`) when your table refuses it;
    - :meth:`table_state`: your table's state, to compare with the true one
      (None if your table does not expose one);
    - :meth:`shown_to` (a seat, or None for a spectator): what your table shows
      that seat (a view, events, JSON text ...; None to skip the seat).

    Attributes for the checks: :attr:`state` is the true state, :attr:`total` the
    chips at the table (R42), :attr:`played` the actions applied since the start.
    Run it with ``TestMyTable = MyMachine.TestCase``; the number of examples and
    steps come from your hypothesis settings.
    """

    refusals: ClassVar[tuple[type[BaseException], ...]] = (IllegalActionError,)
    """The exceptions by which :meth:`send` refuses an illegal action."""

    #: The true state, by :func:`~teenpatti_rules.engine.apply`.
    state: State
    #: The chips at the table, constant (R42).
    total: int
    #: The actions applied since the start.
    played: list[Action]

    def __init__(self) -> None:
        super().__init__()
        self.played = []
        self._library: State | None = None

    # --- the hooks -------------------------------------------------------------------

    def starts(self) -> st.SearchStrategy[State]:
        """The sessions to play (override for your tables); default
        :func:`~teenpatti_rules.testing.strategies.sessions`.

        :returns: a strategy of new sessions (``new_session`` states).
        """
        return sessions()

    def open_table(self, start: State) -> None:
        """Set up the table under test at ``start``; default: the library's state.

        :param start: a session's first state (its players, rules, stacks, seed).
        """
        self._library = start

    def send(self, action: Action) -> None:
        """Pass ``action`` to the table under test; default: ``apply`` it.

        :param action: a legal or an illegal action.
        :raises IllegalActionError: (or one of :attr:`refusals`) if the table refuses it.
        """
        assert self._library is not None
        self._library = apply(self._library, action)

    def table_state(self) -> State | None:
        """The table's state, or None if it does not expose one; default: the library's.

        :returns: the state the table under test holds now.
        """
        return self._library

    def shown_to(self, seat: int | None) -> object:
        """What the table shows ``seat`` now, or None to skip; default: its view.

        :param seat: a seat number, or None for a spectator.
        :returns: anything :func:`~teenpatti_rules.testing.checks.assert_no_leak` reads.
        """
        return None if self._library is None else view(self._library, seat)

    # --- the steps -------------------------------------------------------------------

    @initialize(data=st.data())
    def open(self, data: st.DataObject) -> None:
        """Draw a session and open the table at it (R1–R5)."""
        self.state = data.draw(self.starts(), label="start")
        self.total = self.state.total_chips
        self.open_table(self.state)

    @precondition(lambda self: bool(legal_actions(self.state)))
    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        """Send an action ``legal_actions`` lists; the table must accept it."""
        action = data.draw(legal_actions_in(self.state), label="legal")
        try:
            self.send(action)
        except self.refusals as error:
            raise AssertionError(f"the table refused the legal action {action}: {error}") from None
        self.state = apply(self.state, action)
        self.played.append(action)

    @rule(data=st.data())
    def send_an_illegal_action(self, data: st.DataObject) -> None:
        """Send an action the rules refuse; the table must refuse it and not change."""
        action = data.draw(illegal_actions_in(self.state), label="illegal")
        before = self.table_state()
        try:
            self.send(action)
        except self.refusals:
            pass
        else:
            raise AssertionError(f"the table accepted the illegal action {action}")
        if before is not None:
            assert self.table_state() == before, f"refusing {action} changed the table"

    # --- the invariants --------------------------------------------------------------

    @invariant()
    def the_engine_state_is_consistent(self) -> None:
        """The true state passes every invariant of the engine (R1–R44)."""
        problems = check(self.state)
        assert not problems, problems

    @invariant()
    def chips_are_conserved(self) -> None:
        """No chip is made or lost (R42)."""
        assert_chips_conserved(self.state, self.total)

    @invariant()
    def the_table_agrees_with_the_rules(self) -> None:
        """The table's state, if it shows one, is the true state."""
        mine = self.table_state()
        if mine is not None:
            assert mine == self.state, "the table's state differs from the rules' state"

    @invariant()
    def no_seat_is_shown_a_hidden_card(self) -> None:
        """What the table shows each seat and a spectator holds no hidden card (R43)."""
        for seat in [None, *range(len(self.state.seats))]:
            shown = self.shown_to(seat)
            if shown is not None:
                assert_no_leak(shown, self.state, seat)

    def teardown(self) -> None:
        """Nothing to close by default; override to close your table."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(played={len(self.played)})"
