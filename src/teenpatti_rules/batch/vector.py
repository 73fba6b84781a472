"""A Gymnasium vector-env face for :class:`~teenpatti_rules.batch.BatchEnv`: ``n``
tables stepped together, one shared policy playing every seat (self-play).

Needs gymnasium and numpy (from a clone, ``pip install -e '.[gymnasium]'``).

Each of the ``num_envs`` sub-environments is one table. At every step the agent
acts for the table's *current player* (the seat to act, or the asked player during
a sideshow, R31), seeing that seat's observation in the layout of
:func:`teenpatti_rules.encoding.observation`
(:data:`~teenpatti_rules.encoding.OBSERVATION_LAYOUT`: the same vector the Gymnasium
and PettingZoo adapters give, built here from the arrays; the tests check it equals
the encoding's for every row), and picks one id of the table's alphabet: the 10
fixed ids of :class:`~teenpatti_rules.encoding.ActionId`, or under V3's
``bet_sizing="range"`` / ``"no_limit"`` the encoding's 16 / 24 ids
(:func:`~teenpatti_rules.encoding.num_actions`, each bet id the amount
:func:`~teenpatti_rules.encoding.action_for_id` names), and on a V20 draw table the
DRAW ids after them (:func:`~teenpatti_rules.encoding.draw_subsets`; the observation
then ends with the encoding's ``draws`` block: each seat's cards drawn this hand and
whether its last action was a draw); ``infos["action_mask"]`` holds the legal ids.

- ``reward``: when the step ends a table's hand, the chips the seat that just acted
  won or lost over the hand (R42), else 0. The other seats' results are in
  ``infos["rewards"]`` (``(n, P)``): with one shared policy, credit each seat's
  transitions with its own column.
- ``terminated``: the hand ended (one hand is one episode); ``truncated`` is
  always False. Autoreset is Gymnasium's "next step" mode: the step after a
  hand's end ignores that table's action and deals its next hand, whose first
  observation it returns (``metadata["autoreset_mode"]`` says so).
- The observation of a table whose hand just ended is all zeros (no seat is to act).
- With ``sessions=True`` an episode is a whole session instead
  (:mod:`~teenpatti_rules.batch.session`: stacks, the button and leavers carried from
  hand to hand, R2, R4–R9): ``terminated`` marks the session's end (R8), each hand's
  end still brings its ``reward`` and ``infos["rewards"]``, and
  ``infos["hand_over"]`` ``(n,)`` marks every hand's end, after which the next step
  ignores the table's action and deals the session's next hand (its observation is
  all zeros, as at an episode's end).

>>> import numpy as np
>>> from teenpatti_rules import Rules
>>> envs = BatchVectorEnv(Rules(), players=3, num_envs=4, backend="numpy")
>>> obs, infos = envs.reset(seed=1)
>>> obs.shape, infos["action_mask"].shape
((4, 117), (4, 10))
>>> obs, reward, terminated, truncated, infos = envs.step(np.full(4, 2))  # CHAAL
>>> reward.tolist(), terminated.tolist()
([0.0, 0.0, 0.0, 0.0], [False, False, False, False])
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
except ImportError:  # pragma: no cover - exercised in a venv without Gymnasium
    raise ImportError(
        "teenpatti_rules.batch.vector needs Gymnasium: pip install gymnasium "
        "(from a clone: pip install -e '.[fast,gymnasium]')"
    ) from None

from ..encoding import FIXED_ACTIONS, ActionId, observation_layout, observation_size
from ..errors import WrongTypeError
from ..limits import short
from ..rules import Rules
from .codes import PHASE_BETTING, PHASE_SIDESHOW
from .config import TableConfig
from .deal import indicators, shuffle
from .draws import draw_counts
from .env import MAX_BATCH_TABLES, BatchEnv
from .session import SessionBatchState
from .sizing import bet_ids
from .state import BatchState

__all__ = ["DREW", "BatchVectorEnv", "last_codes", "observations"]

Array = NDArray[Any]

DREW = FIXED_ACTIONS
"""The last-action code of a draw (V20; 10, past the fixed ids of
:class:`~teenpatti_rules.encoding.ActionId`): the encoding's ``last_action`` block is
all zeros for it and the ``draws`` block's flag is 1 (:func:`last_codes`)."""


def observations(env: BatchEnv, state: BatchState, last_action: Array) -> Array:
    """``float32`` ``(n, observation_size(P, rules))``: each table's current player's
    observation in the encoding's layout (zeros where the hand is over).

    :param env: the batch environment (its rules and seats).
    :param state: a state of ``env``.
    :param last_action: ``int8`` ``(n, P)`` each seat's last public action code this
        hand (:func:`last_codes`: a fixed id, :data:`DREW` for a draw, V20; -1 for
        none), as :class:`BatchVectorEnv` tracks it.
    :returns: the observations; on a draw table (V20) the ``draws`` block holds each
        seat's (rotated) cards drawn this hand over ``rules.max_draws`` (clipped to 1)
        and 1 where its last action was a draw.
    """
    n, players = state.tables, state.players
    rules = env.rules
    layout = observation_layout(players, rules)
    out = np.zeros((n, observation_size(players, rules)), dtype=np.float32)
    live = np.flatnonzero(state.current_player >= 0)
    if not live.size:
        return out
    me = state.current_player[live].astype(np.int64)
    order = (me[:, None] + np.arange(players)[None, :]) % players  # observer first
    rows = live[:, None]
    total = np.maximum(1, state.start_stack[live].astype(np.int64).sum(axis=1))[:, None]
    obs = out[live]
    seen_me = state.seen[live, me]
    own = state.cards[live, me].astype(np.int64)  # (m, H)
    hit = np.zeros((live.size, 55), dtype=np.float32)  # 52..54: the printed jokers (V8)
    np.put_along_axis(hit, own, 1.0, axis=1)
    hit *= seen_me[:, None]
    obs[:, 0:52] = hit[:, :52]
    if "own_jokers" in layout:  # V8: slot j - 1 for the printed joker Xj
        jokers = layout["own_jokers"]
        obs[:, jokers] = hit[:, 52 : 52 + rules.jokers]
    if "indicator" in layout:  # V8 W5: public, the card after the hands
        deck = shuffle(state.table_key[live], state.hand_index[live], rules.deck_size)
        turned = indicators(deck, players, rules.hand_size).astype(np.int64)
        obs[np.arange(live.size), layout["indicator"].start + turned] = 1.0
    obs[:, 52] = seen_me
    limit = rules.max_blind_bets
    blind = state.blind_bets[rows, order].astype(np.float64)
    if limit is None:
        blind = blind / (blind + 1)
    elif limit == 0:
        blind = np.ones_like(blind)
    else:
        blind = np.minimum(1.0, blind / limit)
    per_seat = np.stack(
        [
            state.in_hand[rows, order],
            state.seen[rows, order],
            state.all_in[rows, order],
            order == me[:, None],
            order == state.dealer[live][:, None],
            np.minimum(1.0, state.stack[rows, order] / total),
            np.minimum(1.0, state.contributed[rows, order] / total),
            blind,
        ],
        axis=2,
    ).astype(np.float32)  # (m, P, 8)
    start = layout["seats"].start
    obs[:, start : start + 8 * players] = per_seat.reshape(live.size, 8 * players)
    table = layout["table"].start
    tot = total[:, 0]
    obs[:, table] = np.minimum(1.0, state.pot[live] / tot)
    obs[:, table + 1] = np.minimum(1.0, state.stake[live] / tot)
    minimum = state.stake[live].astype(np.int64) << seen_me.astype(np.int64)  # R24
    obs[:, table + 2] = np.minimum(1.0, minimum / tot) * state.in_hand[live, me]
    phase = layout["phase"].start
    obs[:, phase] = state.phase[live] == PHASE_BETTING
    obs[:, phase + 1] = state.phase[live] == PHASE_SIDESHOW
    side = layout["sideshow"].start
    asker = state.asker[live].astype(np.int64)
    asked = np.flatnonzero(asker >= 0)
    obs[asked, side] = 1.0  # the asked player is the current player (R31)
    obs[asked, side + 2 + (asker[asked] - me[asked]) % players] = 1.0
    last = layout["last_action"].start
    acted = last_action[rows, order].astype(np.int64)  # (m, P)
    where = np.nonzero((acted >= 0) & (acted < FIXED_ACTIONS))  # a draw: all zeros
    obs[where[0], last + FIXED_ACTIONS * where[1] + acted[where]] = 1.0
    if "draws" in layout:  # V20: per seat, cards drawn / max_draws, then drew last
        assert state.drawn is not None  # a draw table's state counts them
        drawn = state.drawn[rows, order].astype(np.float64)
        block = layout["draws"].start
        pairs = np.stack([np.minimum(1.0, drawn / rules.max_draws), acted == DREW], axis=2)
        obs[:, block : block + 2 * players] = pairs.reshape(live.size, 2 * players)
    out[live] = obs
    return out


class BatchVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` Teen Patti tables as one Gymnasium vector environment (self-play).

    :param rules: the table's :class:`~teenpatti_rules.rules.Rules` (None: default),
        one that :class:`~teenpatti_rules.batch.BatchEnv` plays.
    :param players: seats per table.
    :param num_envs: tables, 1 to :data:`~teenpatti_rules.batch.env.MAX_BATCH_TABLES`.
    :param stacks: chips per seat at each deal (as for ``BatchEnv``).
    :param backend: ``"auto"``, ``"numba"`` or ``"numpy"`` (as for ``BatchEnv``).
    :param sessions: a bool (keyword only): True for whole sessions as episodes, as
        ``BatchEnv(..., sessions=True)`` plays them (on either backend).
    :raises TypeError: / :raises ValueError: as :class:`~teenpatti_rules.batch.BatchEnv`
        and :meth:`~teenpatti_rules.batch.BatchEnv.init` do (``TypeError`` for a
        ``sessions`` that is not a bool; a
        :class:`~teenpatti_rules.errors.WrongTypeError`, both a ``TypeError`` and a
        ``ValueError``, for a ``num_envs`` that is not an int); ``ValueError`` for a
        ``num_envs`` out of range.

    The action spaces are ``Discrete(A)`` / ``MultiDiscrete`` of ``A`` =
    :attr:`BatchEnv.num_actions <teenpatti_rules.batch.BatchEnv.num_actions>` (10;
    16 or 24 under V3; plus one DRAW id per discard on a V20 draw table, last).
    """

    def __init__(
        self,
        rules: Rules | None = None,
        players: int = 5,
        num_envs: int = 64,
        *,
        stacks: int | list[int] | None = None,
        backend: str = "auto",
        sessions: bool = False,
    ) -> None:
        if not isinstance(sessions, bool):
            raise TypeError(f"sessions must be a bool, not {short(sessions)}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int):
            raise WrongTypeError(f"num_envs must be an int, not {short(num_envs)}")
        self.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}
        self.batch = BatchEnv(
            rules, players, stacks=stacks, autoreset=True, backend=backend, sessions=sessions
        )
        if not 1 <= num_envs <= MAX_BATCH_TABLES:  # before the spaces allocate (n, size)
            raise ValueError(
                f"num_envs must be an int from 1 to {MAX_BATCH_TABLES}, not {short(num_envs)}"
            )
        self.num_envs = num_envs
        size = observation_size(players, self.batch.rules)
        self.single_observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        width = self.batch.num_actions
        self.single_action_space = spaces.Discrete(width)
        self.observation_space = spaces.Box(0.0, 1.0, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, width))
        self._kind = _bet_kinds(self.batch.config)
        self.state: BatchState | None = None
        self._last = np.full((num_envs, players), -1, dtype=np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """Deal a new hand at every table (with ``sessions=True``: a new session's first).

        :param seed: any int (None: a random one); table ``i``'s hands follow from it.
        :param options: unused.
        :returns: ``(observations, infos)``; infos hold ``action_mask`` ``(n, A)``,
            ``current_player`` ``(n,)`` and ``hand_over`` ``(n,)`` (a hand that ended
            at the deal, R12).
        """
        if seed is None:
            seed = int(np.random.default_rng().integers(2**63))
        self.state = self.batch.init(seed=seed, n=self.num_envs)
        self._last[:] = -1
        return observations(self.batch, self.state, self._last), self._infos(self.state)

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Every table's current player plays its id (ignored at tables whose hand
        ended in the last step: they deal their next hand).

        :param actions: ``n`` ids ``0..A-1``, each legal where the hand is in play.
        :returns: ``(observations, rewards, terminated, truncated, infos)``; infos
            hold ``action_mask``, ``current_player``, ``hand_over`` (the hand ended,
            by this step or at a deal; with ``sessions=True`` ``terminated`` is the
            session's end) and ``rewards`` ``(n, P)``.
        :raises RuntimeError: before :meth:`reset`.
        :raises ValueError: as :meth:`~teenpatti_rules.batch.BatchEnv.step`.
        """
        before = self.state
        if before is None:
            raise RuntimeError("call reset() before step()")
        ids = np.asarray(actions)
        after = self.batch.step(before, ids)
        live = np.flatnonzero(~before.terminated)
        actor = before.current_player[live]
        played = ids[live].astype(np.int64)
        self._last[np.flatnonzero(before.terminated)] = -1  # a new hand was dealt
        raised = after.stake[live] > before.stake[live]  # R24
        self._last[live, actor] = last_codes(self._kind, played, raised)
        self.state = after
        ended = np.array(after.terminated)  # by this step, or at a deal (R12)
        if isinstance(after, SessionBatchState):  # the episode is the session (R8)
            ended = np.array(after.session_over)
        reward = np.zeros(self.num_envs, dtype=np.float32)
        reward[live] = after.rewards[live, actor]  # zero unless the hand ended now
        return (
            observations(self.batch, after, self._last),
            reward,
            ended,
            np.zeros(self.num_envs, dtype=bool),
            {**self._infos(after), "rewards": np.array(after.rewards)},
        )

    @staticmethod
    def _infos(state: BatchState) -> dict[str, Any]:
        return {
            "action_mask": np.array(state.legal_action_mask),
            "current_player": np.array(state.current_player),
            "hand_over": np.array(state.terminated),
        }


def _bet_kinds(config: TableConfig) -> Array:
    """``int8`` ``(A,)`` each id's kind: 0 none, 1 a chaal, 2 a sideshow request
    (:func:`~teenpatti_rules.batch.sizing.bet_ids`), 3 a draw (V20,
    :func:`~teenpatti_rules.batch.draws.draw_counts`).
    """
    kind = np.zeros(config.actions, dtype=np.int8)
    for code, ids in enumerate(bet_ids(config), start=1):
        kind[list(ids)] = code
    kind[draw_counts(config) > 0] = 3
    return kind


def last_codes(kind: Array, played: Array, raised: Array) -> Array:
    """``int8`` the public last-action code of each id played (the ``last_action``
    block of :data:`~teenpatti_rules.encoding.OBSERVATION_LAYOUT`): a bet is CHAAL when
    it kept the stake and RAISE when it raised it (R24), whatever its size (every V3
    bin counts as one of the two), a sideshow request likewise SIDESHOW or
    SIDESHOW_RAISE; a DRAW id is :data:`DREW` (V20); any other id is its own code.

    :param kind: ``(A,)`` each id's kind (0 none, 1 a chaal, 2 a sideshow, 3 a draw).
    :param played: ``(m,)`` the ids played.
    :param raised: ``bool`` ``(m,)`` whether the stake rose.
    """
    which = kind[played]
    bet = np.where(raised, ActionId.RAISE, ActionId.CHAAL)
    ask = np.where(raised, ActionId.SIDESHOW_RAISE, ActionId.SIDESHOW)
    other = np.where(which == 3, DREW, played)
    codes: Array = np.where(which == 1, bet, np.where(which == 2, ask, other))
    return codes.astype(np.int8)
