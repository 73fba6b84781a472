"""A Gymnasium environment: one learning seat against automatic players
(``pip install -e '.[gymnasium]'``).

Importing this module registers it in Gymnasium as ``teenpatti/TeenPatti-v0``, so
``gymnasium.make("teenpatti_rules.adapters.gymnasium:teenpatti/TeenPatti-v0")`` works
without importing it first.

- **Actions**: ``Discrete(A)``, the ids of :mod:`teenpatti_rules.encoding`;
  :meth:`TeenPattiEnv.action_masks` gives the legal ids as a bool vector (the
  convention of sb3-contrib's ``MaskablePPO``), and ``info["action_mask"]`` as int8.
- **Observations**: ``Box(0, 1, (observation_size(n, rules),), float32)`` (``60 + 19·n``
  on the default table), the learner's
  :func:`~teenpatti_rules.encoding.observation` (R43).
- **Opponents**: every other seat is played by a *policy*, any callable
  ``policy(view, seat, rng) -> Action | None`` such as
  :func:`teenpatti_rules.choose <.rule.choose>` (the R44 automatic player, the
  default) or :func:`teenpatti_rules.random_choice <.random.random_choice>`; or the
  names ``"rule"`` / ``"random"``; or a mapping seat → policy. Right after each deal
  every opponent is asked once and may look off its turn (R22), as in
  :func:`teenpatti_rules.play_session <.session.play_session>`.
- **Episodes** (``episode=``): ``"hand"`` (the default) is one hand with every
  seat at its starting stack, reward ``(stack_end − stack_start)/boot`` for the
  learner when it ends. :meth:`TeenPattiEnv.reset` deals until the learner is to act:
  a hand that ends before that (everyone else packed first, or R12) is played out
  and discarded. ``"session"`` (``session=True`` is the older spelling) is a whole
  session: stacks carry over from hand to hand, seats below the boot leave (R7) and
  the table ends on its own (R2, R8, ``hand_limit``); the reward of each step is the
  learner's chip change over the hands finished since the previous step (boots); it
  ends when the learner leaves (R7) or at SESSION_OVER (R8). A policy learned on
  one-hand episodes never sees a short stack: evaluate it on sessions.
- **Fixed roster**: the seats are the table; an open table (``open_table``, S2) or
  ``rebuy`` (S7) is refused, and the env never produces ``Join``, ``Leave``,
  ``SitOut``, ``SitIn``, ``Timeout`` or ``AddChips`` (S3–S7).
- **Action ids** are ints (a numpy integer or 0-d integer array too); a bool, float
  or str raises :class:`TypeError`, an id outside the alphabet :class:`ValueError`.
- **Order**: :meth:`~TeenPattiEnv.step` before :meth:`~TeenPattiEnv.reset`, or after
  the episode ended, raises ``gymnasium.error.ResetNeeded``.
- **Illegal ids**: ``illegal="terminate"`` (default, so that ``check_env``'s random
  actions are fine) ends the episode with reward −1 and ``info["illegal"]`` holding
  the reason; ``illegal="raise"`` raises
  :class:`~teenpatti_rules.errors.IllegalActionError`.
- **Seeding**: ``reset(seed=s)`` seeds Gymnasium's ``np_random``; the session seed
  and the opponents' generator are drawn from it, so equal seeds give equal episodes.

Works with Gymnasium 1.0 to 1.4 (it uses only ``Env``, ``spaces`` and ``register``).

>>> from teenpatti_rules.adapters.gymnasium import TeenPattiEnv
>>> env = TeenPattiEnv(num_players=3)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].shape
((117,), (10,))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from . import missing

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
except ImportError:  # pragma: no cover - exercised in a venv without Gymnasium
    raise missing("gymnasium", "Gymnasium", "gymnasium", "gymnasium") from None
import numpy as np

from .. import (
    Action,
    Deal,
    IllegalActionError,
    Phase,
    Rules,
    State,
    apply,
    choose,
    random_choice,
    view,
)
from ..encoding import (
    DEFAULT_BET_BINS,
    action_for_id,
    legal_action_mask,
    num_actions,
    observation,
    observation_size,
)
from ._table import (
    action_id,
    check_bet_bins,
    check_policy_action,
    check_stacks,
    episode_kind,
    narration,
    start,
    table_rules,
)

__all__ = ["ENV_ID", "Policy", "TeenPattiEnv"]

ENV_ID = "teenpatti/TeenPatti-v0"
"""The Gymnasium id this module registers."""

Policy = Callable[[State, int, random.Random], "Action | None"]
"""An automatic player: ``policy(view, seat, rng)`` returns an action of ``seat`` or None."""

_NAMED: dict[str, Policy] = {"rule": choose, "random": random_choice}


def _policies(opponents: Any, learner: int, n: int) -> dict[int, Policy]:
    if isinstance(opponents, str):
        if opponents not in _NAMED:
            raise ValueError(f"opponents must be 'rule', 'random' or a policy, not {opponents!r}")
        opponents = _NAMED[opponents]
    if isinstance(opponents, Mapping):
        table = {}
        for seat in range(n):
            if seat == learner:
                continue
            if seat not in opponents:
                raise ValueError(f"opponents has no policy for seat {seat}")
            table[seat] = _policies(opponents[seat], learner, n)[seat]
        return table
    if not callable(opponents):
        raise ValueError(
            f"opponents must be a policy callable, a name or a mapping, not {opponents!r}"
        )
    policy = cast(Policy, opponents)
    return {seat: policy for seat in range(n) if seat != learner}


class TeenPattiEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learning seat against automatic players (see the module docstring).

    :param num_players: seats at the table (R3; two need ``Rules(min_players=2)``,
        which is the default then, V6).
    :param learner: the learner's seat, ``0..num_players − 1``.
    :param opponents: a policy, ``"rule"`` (default, :func:`~.rule.choose`),
        ``"random"``, or a mapping seat → policy for every other seat.
    :param rules: the table (default ``Rules()``); ``hand_limit=1`` for one-hand
        episodes. An open table or ``rebuy`` is refused (S1–S9).
    :param bet_sizing: overrides ``rules.bet_sizing`` (V3), or None.
    :param bet_bins: bins per bet kind on a ``"range"`` table, 2 to
        :data:`~teenpatti_rules.limits.MAX_BET_BINS`.
    :param stacks: starting chips per seat, or None for ``rules.starting_stack`` (R4).
    :param episode: ``"hand"`` (default) or ``"session"`` (see the module docstring).
    :param session: True is the same as ``episode="session"`` (kept for older code).
    :param max_turns: truncate after this many learner steps, or None.
    :param illegal: ``"terminate"`` (reward −1) or ``"raise"``.
    :param render_mode: None or ``"ansi"`` (the hand's narration as a string).
    :raises ValueError: naming the bad parameter.

    The attribute ``table`` holds the episode's full core
    :class:`~teenpatti_rules.state.State` (None before :meth:`reset`), hidden cards
    included: for analysis and tests; agents see only their views (R43).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        num_players: int = 3,
        learner: int = 0,
        opponents: Any = "rule",
        rules: Rules | None = None,
        *,
        bet_sizing: str | None = None,
        bet_bins: int = DEFAULT_BET_BINS,
        stacks: Sequence[int] | None = None,
        episode: str = "hand",
        session: bool | None = None,
        max_turns: int | None = None,
        illegal: str = "terminate",
        render_mode: str | None = None,
    ) -> None:
        self.episode = episode_kind(episode, session)
        self.rules = table_rules(num_players, rules, bet_sizing=bet_sizing, episode=self.episode)
        if type(learner) is not int or not 0 <= learner < num_players:
            raise ValueError(f"learner must be a seat 0..{num_players - 1}, not {learner!r}")
        self.learner = learner
        self.policies = _policies(opponents, learner, num_players)
        self.num_players = num_players
        self.session = self.episode == "session"
        self.stacks = check_stacks(stacks, num_players)
        self.bet_bins = check_bet_bins(bet_bins)
        if max_turns is not None and (type(max_turns) is not int or max_turns < 1):
            raise ValueError(f"max_turns must be a positive int or None, not {max_turns!r}")
        self.max_turns = max_turns
        if illegal not in ("terminate", "raise"):
            raise ValueError(f"illegal must be 'terminate' or 'raise', not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0.0, 1.0, (observation_size(num_players, self.rules),), np.float32
        )
        self.action_space = spaces.Discrete(num_actions(self.rules, bet_bins=bet_bins))
        self.names = [f"player_{seat}" for seat in range(num_players)]
        self.table: State | None = None
        self._bots = random.Random(0)
        self._turns = 0
        self._mark = 0

    # --- helpers ---------------------------------------------------------------------

    def _state(self) -> State:
        if self.table is None:
            raise ResetNeeded("call reset() before step(), action_masks() or render()")
        return self.table

    def _obs(self) -> np.ndarray:
        state = self._state()
        return observation(view(state, self.learner), self.learner)

    def action_masks(self) -> np.ndarray:
        """The learner's legal ids as a bool vector (all False when it is not to act)."""
        return legal_action_mask(self._state(), self.learner, bet_bins=self.bet_bins, dtype=bool)

    def _info(self, **extra: Any) -> dict[str, Any]:
        state = self._state()
        return {
            "action_mask": legal_action_mask(state, self.learner, bet_bins=self.bet_bins),
            "hand_number": state.hand_number,
            **extra,
        }

    def _deal(self, state: State) -> State:
        """Deal (R5, R6) and let every opponent look off turn if it wants (R22)."""
        state = apply(state, Deal(state.dealer))
        dealt: tuple[int, ...] = getattr(state.events[0], "seats", ())  # HandStarted
        for seat in dealt:
            if state.phase is not Phase.BETTING and state.phase is not Phase.SIDESHOW:
                break
            if seat == self.learner or seat == state.actor:
                continue
            action = self.policies[seat](view(state, seat), seat, self._bots)
            if action is not None:
                state = apply(state, check_policy_action(action, seat))
        return state

    def _advance(self) -> float:
        """Play opponents (and deals, in a session) until the learner is to act or the
        episode ends. :returns: the learner's chip change over the hands finished, in boots.
        """
        state = self._state()
        reward = 0.0
        boot = self.rules.boot
        while True:
            if state.phase is Phase.AWAITING_DEAL or state.phase is Phase.SESSION_OVER:
                reward += (state.seats[self.learner].stack - self._mark) / boot
                self._mark = state.seats[self.learner].stack
                if state.phase is Phase.SESSION_OVER or not state.seats[self.learner].in_session:
                    break
                state = self._deal(state)
                continue
            actor = state.actor
            if actor is None or actor == self.learner:  # None: no phase leaves it so
                break
            action = self.policies[actor](view(state, actor), actor, self._bots)
            if action is None:
                raise ValueError(f"the policy of seat {actor} chose nothing on its turn")
            state = apply(state, check_policy_action(action, actor))
        self.table = state
        return reward

    def _over(self) -> bool:
        state = self._state()
        return state.phase is Phase.SESSION_OVER or not state.seats[self.learner].in_session

    # --- the Gymnasium API -----------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new episode, dealt and played until the learner is to act.

        :param seed: seeds ``np_random`` (Gymnasium's convention), from which the
            session seed and the opponents' generator are drawn.
        :param options: unused.
        :returns: ``(observation, info)``; ``info["action_mask"]`` is int8.
        """
        super().reset(seed=seed)
        self._turns = 0
        self._pending = 0.0
        for _ in range(1000):
            draw = int(self.np_random.integers(0, 2**62))
            self._bots = random.Random(draw)
            self.table = start(self._bots, self.names, self.rules, self.stacks)
            self._mark = self.table.seats[self.learner].stack
            self._pending = self._advance()
            if not self._over():
                break
        else:  # pragma: no cover - needs stacks that end every hand at the deal
            raise ValueError(
                "no hand of this table gives the learner a turn (see stacks, pot_limit)"
            )
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner plays id ``action``; then the opponents play until its next turn.

        :param action: an id: an int, a numpy integer or a 0-d integer array.
        :returns: ``(observation, reward, terminated, truncated, info)``; the reward
            is in boots (see the module docstring).
        :raises IllegalActionError: for an illegal id when ``illegal="raise"``.
        :raises TypeError: for an action that is not an int (a bool, float, str, ...).
        :raises ValueError: for an id outside the alphabet, or an automatic player's
            action for another seat than its own.
        :raises gymnasium.error.ResetNeeded: before :meth:`reset` or after the
            episode ended.
        """
        state = self._state()
        if self._over():
            raise ResetNeeded("the episode is over: call reset() before step()")
        identifier = action_id(action)
        try:
            move = action_for_id(state, self.learner, identifier, bet_bins=self.bet_bins)
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            return self._obs(), -1.0, True, False, self._info(illegal=str(error))
        self.table = apply(state, move)
        self._turns += 1
        reward = self._advance() + self._pending
        self._pending = 0.0
        terminated = self._over()
        truncated = not terminated and self.max_turns is not None and self._turns >= self.max_turns
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The current hand in words (spectators' view, R43) for ``render_mode="ansi"``."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return "\n".join(narration(view(self.table, None)))


def _register() -> None:
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:TeenPattiEnv")


_register()
