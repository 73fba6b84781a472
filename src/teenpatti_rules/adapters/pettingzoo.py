"""A PettingZoo AEC environment of Teen Patti (``pip install -e '.[pettingzoo]'``).

Agents are ``"player_0"`` … ``"player_{n-1}"``, one per seat. The agent to act is the
core's :attr:`~teenpatti_rules.state.State.actor`: the player to bet, or the asked
player of a pending sideshow (R20, R31). Its action is an id of the alphabet of
:mod:`teenpatti_rules.encoding` (:class:`~gymnasium.spaces.Discrete` of 10 ids on
the default table); ``LOOK`` keeps the turn with the actor (R22).

- **Observations** (``obs_format="pettingzoo"``, the default, as PettingZoo's classic
  environments): ``{"observation": float32[S], "action_mask": int8[A]}`` (``S`` =
  ``observation_size(n, rules)``, ``60 + 19·n`` on the default table),
  the vector of :func:`~teenpatti_rules.encoding.observation` from the agent's view
  (R43); the mask is all zeros for an agent not to act. ``obs_format="rllib"`` names
  the vector ``"observations"`` (RLlib's action-masking models); ``"info"`` gives the
  bare vector and puts the mask in ``infos[agent]["action_mask"]``.
- **Episodes** (``episode=``): ``"hand"`` (the default) is one hand (the session has
  ``hand_limit=1`` and the given stacks, R2). Every agent gets
  ``(stack_end − stack_start) / boot`` when the hand ends; rewards sum to 0.
  ``"session"`` (``session=True`` is the older spelling) is a whole session: stacks
  carry over, rewards after every hand, an agent whose stack fell below the boot is
  terminated when it leaves (R7), and everyone at the table's own end (SESSION_OVER:
  R2, R8, ``hand_limit``).
- **Agents that never act**: in a hand an agent may get no turn at all (the others
  pack before its turn comes). It still gets its reward (it lost its boot) through
  :meth:`~pettingzoo.AECEnv.last` when the episode ends; a framework that only
  credits agents that acted (RLlib) must be told, see the RLlib guide.
- **Fixed roster**: the agents are the seats; an open table (``open_table``, S2) or
  ``rebuy`` (S7) is refused, and the env never produces ``Join``, ``Leave``,
  ``SitOut``, ``SitIn``, ``Timeout`` or ``AddChips`` (S3–S7).
- **Checks**: an action id must be an int (a numpy integer or 0-d integer array
  too): a bool, float or str raises :class:`TypeError`. An unknown agent name raises
  :class:`ValueError`. ``step``/``observe`` before ``reset``, and ``step`` once every
  agent is done, raise :class:`AssertionError` with PettingZoo's own messages (raised
  explicitly, so they hold under ``python -O``), as its ``OrderEnforcingWrapper`` does.
- **Dealing**: :meth:`raw_env.reset` draws the session seed from its generator
  (``random.Random(seed)``) and deals with ``Deal(dealer)`` (R5, R6, R10).
- **Truncation**: ``max_turns`` agent steps per episode (``max_cycles`` is accepted
  as an alias, as PettingZoo's loaders pass it); None for no cap (a hand always ends).
- **Illegal ids**: :class:`raw_env` raises
  :class:`~teenpatti_rules.errors.IllegalActionError` with the core's reason;
  :func:`env` wraps it in PettingZoo's ``TerminateIllegalWrapper(illegal_reward=-1)``.
- **render**: the narration of the hand (spectators' view); ``"human"`` prints the
  new lines, ``"ansi"`` returns the whole hand as one string.

>>> from teenpatti_rules.adapters.pettingzoo import env
>>> e = env(num_players=3)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].tolist()
((117,), [1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from . import missing

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError:  # pragma: no cover - exercised in a venv without PettingZoo
    raise missing(
        "pettingzoo", "PettingZoo and Gymnasium", "pettingzoo gymnasium", "pettingzoo"
    ) from None

from .. import Deal, Phase, Rules, State, apply, encoding, view
from ._table import (
    action_id,
    check_bet_bins,
    check_stacks,
    episode_kind,
    narration,
    new_rng,
    start,
    table_rules,
)

__all__ = ["env", "raw_env"]

_FORMATS = ("pettingzoo", "rllib", "info")


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers, as classic environments do.

    :param kwargs: as for :class:`raw_env`.
    :returns: ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(
        TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=-1)))``: an illegal
        id ends the episode with reward −1 for its agent instead of raising.
    """
    environment: Any = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv[str, Any, Any]):
    """Teen Patti as a PettingZoo AEC environment (no wrappers; see :func:`env`).

    :param num_players: seats at the table, 2 to 17 as ``rules`` allow (R3, V6);
        two players get ``Rules(min_players=2)`` when ``rules`` is None.
    :param rules: the table's :class:`~teenpatti_rules.rules.Rules` (default
        ``Rules()``); ``hand_limit`` is set to 1 for one-hand episodes. An open
        table or ``rebuy`` is refused (S1–S9).
    :param bet_sizing: overrides ``rules.bet_sizing`` (``"range"`` adds amount bins,
        V3), or None.
    :param bet_bins: bins per bet kind on a ``"range"`` table (see
        :mod:`teenpatti_rules.encoding`), 2 to
        :data:`~teenpatti_rules.limits.MAX_BET_BINS`.
    :param stacks: starting chips per seat (each at least the boot), or None for
        ``rules.starting_stack`` each (R4).
    :param episode: ``"hand"`` (default) or ``"session"`` (see the module docstring).
    :param session: True is the same as ``episode="session"`` (kept for older code).
    :param max_turns: truncate after this many agent steps, or None.
    :param max_cycles: an alias of ``max_turns`` (PettingZoo loaders pass it).
    :param obs_format: ``"pettingzoo"``, ``"rllib"`` or ``"info"`` (see the module).
    :param render_mode: None, ``"human"`` or ``"ansi"``.
    :raises ValueError: naming the bad parameter.

    The attribute ``table`` holds the episode's full core
    :class:`~teenpatti_rules.state.State` (None before :meth:`reset`), hidden cards
    included: for analysis and tests; agents see only their views (R43).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads a class attribute
        "render_modes": ["human", "ansi"],
        "name": "teenpatti_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        num_players: int = 3,
        rules: Rules | None = None,
        *,
        bet_sizing: str | None = None,
        bet_bins: int = encoding.DEFAULT_BET_BINS,
        stacks: Sequence[int] | None = None,
        episode: str = "hand",
        session: bool | None = None,
        max_turns: int | None = None,
        max_cycles: int | None = None,
        obs_format: str = "pettingzoo",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.episode = episode_kind(episode, session)
        self.rules = table_rules(num_players, rules, bet_sizing=bet_sizing, episode=self.episode)
        self.num_players = num_players
        self.session = self.episode == "session"
        self.stacks = check_stacks(stacks, num_players)
        self.bet_bins = check_bet_bins(bet_bins)
        size = encoding.num_actions(self.rules, bet_bins=bet_bins)
        if max_turns is None:
            max_turns = max_cycles
        if max_turns is not None and (
            isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1
        ):
            raise ValueError(f"max_turns must be a positive int or None, not {max_turns!r}")
        self.max_turns = max_turns
        if obs_format not in _FORMATS:
            raise ValueError(f"obs_format must be one of {_FORMATS}, not {obs_format!r}")
        self.obs_format = obs_format
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        #: The agents' names, ``"player_0"`` ... in seat order.
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        vector = spaces.Box(
            0.0, 1.0, (encoding.observation_size(num_players, self.rules),), np.float32
        )
        mask = spaces.Box(0, 1, (size,), np.int8)
        space: spaces.Space[Any]
        if obs_format == "pettingzoo":
            space = spaces.Dict({"observation": vector, "action_mask": mask})
        elif obs_format == "rllib":
            space = spaces.Dict({"observations": vector, "action_mask": mask})
        else:
            space = vector
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = new_rng(None)
        self.table: State | None = None
        self._rendered = 0
        self._turns = 0
        self._hand_start: list[int] = []

    # --- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call).

        :raises ValueError: for a name that is not one of :attr:`possible_agents`.
        """
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_actions)`` for every agent.

        :raises ValueError: for a name that is not one of :attr:`possible_agents`.
        """
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    # --- episode ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a new session seeded from the generator, dealt (R5, R6).

        :param seed: reseeds the generator (``random.Random(seed)``) when given;
            None continues the generator's stream.
        :param options: unused.
        """
        if seed is not None or self.table is None:
            self._rng = new_rng(seed)
        self.table = start(self._rng, self.possible_agents, self.rules, self.stacks)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._turns = 0
        self._rendered = 0
        self._hand_start = [seat.stack for seat in self.table.seats]
        self._settle()

    def _seat(self, agent: object) -> int:
        seat = self.agent_name_mapping.get(agent) if isinstance(agent, str) else None
        if seat is None:
            last = self.possible_agents[-1]
            raise ValueError(f"agent must be one of player_0..{last}, not {agent!r:.60}")
        return seat

    def observe(self, agent: str) -> Any:
        """The observation of ``agent`` from its view (R43); see the module docstring.

        :raises ValueError: for a name that is not one of :attr:`possible_agents`.
        :raises AssertionError: before :meth:`reset` (PettingZoo's convention; raised
            explicitly, so it holds under ``python -O``).
        """
        seat = self._seat(agent)
        if self.table is None:
            raise AssertionError("reset() needs to be called before observe.")
        vector = encoding.observation(view(self.table, seat), seat)
        mask = encoding.legal_action_mask(self.table, seat, bet_bins=self.bet_bins)
        if self.obs_format == "pettingzoo":
            return {"observation": vector, "action_mask": mask}
        if self.obs_format == "rllib":
            return {"observations": vector, "action_mask": mask}
        return vector

    def step(self, action: Any) -> None:
        """Play ``action`` (an id) for ``agent_selection``; ``None`` for a finished agent.

        :param action: an int id (a numpy integer or 0-d integer array too), or None.
        :raises IllegalActionError: if the id is not legal now (the core's reason).
        :raises TypeError: for an action that is not an int (a bool, float, str, ...).
        :raises ValueError: for an id outside the alphabet.
        :raises AssertionError: before :meth:`reset`, or once every agent is done
            (PettingZoo's convention and messages; raised explicitly, so they hold
            under ``python -O``).
        """
        if self.table is None:
            raise AssertionError("reset() needs to be called before step.")
        agent = self.agent_selection
        if agent not in self.agents:
            raise AssertionError(
                "every agent is done: the episode is over; reset() needs to be called before step."
            )
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        identifier = action_id(action)
        move = encoding.action_for_id(self.table, seat, identifier, bet_bins=self.bet_bins)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.table = apply(self.table, move)
        self._turns += 1
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """After a deal or an action: pay rewards at hand ends, deal the next hand in a
        session, terminate agents that left (R7) or everyone at SESSION_OVER (R8),
        truncate at ``max_turns``, and select the next agent.
        """
        state = self.table
        assert state is not None
        boot = self.rules.boot
        while state.phase is Phase.AWAITING_DEAL or (
            state.phase is Phase.SESSION_OVER and self._hand_start
        ):
            for agent in self.agents:
                seat = self._seat(agent)
                self.rewards[agent] += (state.seats[seat].stack - self._hand_start[seat]) / boot
            if state.phase is Phase.SESSION_OVER:
                self._hand_start = []
                break
            for agent in self.agents:
                if not state.seats[self._seat(agent)].in_session:
                    self.terminations[agent] = True
            self._hand_start = [seat.stack for seat in state.seats]
            state = apply(state, Deal(state.dealer))  # R5, R6
        self.table = state
        if state.phase is Phase.SESSION_OVER:
            for agent in self.agents:
                self.terminations[agent] = True
        elif self.max_turns is not None and self._turns >= self.max_turns:
            for agent in self.agents:
                self.truncations[agent] = True
        for agent in self.agents:
            self.infos[agent] = self._info(agent)
        self._accumulate_rewards()
        if state.actor is not None:
            self.agent_selection = self.possible_agents[state.actor]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
        self._deads_step_first()

    def _info(self, agent: str) -> dict[str, Any]:
        if self.obs_format != "info":
            return {}
        assert self.table is not None
        return {
            "action_mask": encoding.legal_action_mask(
                self.table, self._seat(agent), bet_bins=self.bet_bins
            )
        }

    # --- rendering -------------------------------------------------------------------

    def render(self) -> str | None:
        """The hand in words (spectators' view, R43): ``"ansi"`` returns it, ``"human"``
        prints the lines not printed yet; None when ``render_mode`` is None.
        """
        if self.render_mode is None or self.table is None:
            return None
        lines = narration(view(self.table, None))
        if self.render_mode == "ansi":
            return "\n".join(lines)
        if len(lines) < self._rendered:
            self._rendered = 0
        for line in lines[self._rendered :]:
            print(line)
        self._rendered = len(lines)
        return None

    def close(self) -> None:
        """Nothing to release."""
