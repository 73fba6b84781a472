"""The OpenSpiel game ``python_teen_patti`` (``pip install -e '.[openspiel]'``).

Importing this module registers the game, so that
``pyspiel.load_game("python_teen_patti", {"players": 3, "pot_limit": 30})`` works.

- **One hand per game.** The dealer is seat ``dealer`` (a parameter, default 0) with
  ``dealer_mode="fixed"`` (the default). ``dealer_mode="random"`` adds a first
  chance node whose outcomes ``0..n−1`` (probability ``1/n`` each) choose the dealer;
  ``"rotate"`` deals the game's ``k``-th ``new_initial_state()`` from seat
  ``(dealer + k) mod n`` (a counter in the game object, not in the parameters: a
  loaded or unpickled game starts again at ``dealer``). The dealer matters: R19's
  first player is the dealer's left, so with a fixed dealer the seats are not
  symmetric (random against random, seat 0 dealing, the seats' mean returns differ);
  rotate seats, or use ``"random"``/``"rotate"``, when you evaluate.
  The deal is ``h·n`` chance nodes in R10's order (``h`` = ``hand_size``, 3 by
  default, V12): chance node ``i`` deals the card with ``Card.index`` equal to its
  outcome to the ``(i mod n)``-th player left of the dealer (uniform over the cards
  not dealt yet, so ``max_chance_outcomes`` is 52, or ``52 + jokers`` with printed
  jokers, V8, whose indices are 52…54). A joker or hukam table (V8 W5) adds one
  chance node for the indicator; a draw table (V20) adds ``min(max_draws, 3)·n``
  more for the rest of the deck, in order, from which draws are dealt. Once every
  card is drawn the game applies one core ``Deal(dealer, deck)`` with that explicit
  deck; nothing else is random.
- **Players** are the seats ``0..n−1``; the player to move is the core's
  :attr:`~teenpatti_rules.state.State.actor`. Actions are the ids of
  :mod:`teenpatti_rules.encoding` (10 on a ``"double"`` table, 24 on a
  ``"no_limit"`` one, plus the DRAW ids on a draw table; ``LOOK`` keeps the turn).
- **Returns** are raw chips: ``stack_end − stack_start`` per seat; zero-sum;
  ``min_utility = −stack``, ``max_utility = (n−1)·stack`` (equal stacks).
- **Length**: every betting action but a pack (and every draw, V20) puts at least
  one chip in the pot and each player packs and looks at most once, so a hand has at most
  ``max_game_length = 2·total + 2·n`` decisions (``total`` = chips at the table).
- **Observer** (:class:`TeenPattiObserver`): the tensor is
  :func:`~teenpatti_rules.encoding.observation` of the player's view (R43), named by
  :func:`~teenpatti_rules.encoding.observation_layout`; with perfect recall it adds
  ``history``: one row per decision so far, the acting seat one-hot then the id
  one-hot (``max_game_length`` rows, but the whole tensor holds at most
  :data:`MAX_RECALL_FLOATS` values: on a larger game the history has fewer rows, and
  a hand longer than that raises :class:`ValueError` from the tensor; its string
  still works). The strings name the
  player, its cards when it may see them, and the public event log of its view.
- **Checks**: a chance outcome that is not a card left in the deck (a card dealt
  already, 99) or not a seat (the dealer node) raises :class:`ValueError` and
  changes nothing; so does ``action_to_string`` of such an outcome.
- **Fixed roster**: the players are the seats; an open table (``open_table``, S2) or
  ``rebuy`` (S7) is refused, and the game never produces ``Join``, ``Leave``,
  ``SitOut``, ``SitIn``, ``Timeout`` or ``AddChips`` (S3–S7).

Game parameters (``pyspiel.load_game("python_teen_patti", {...})``):

====================  ==========  ====================================================
parameter             default     meaning
====================  ==========  ====================================================
players               3           seats, 2 to 17 (two set ``min_players=2``, V6)
boot                  1           chips (R9, R11)
starting_boots        10          each stack is ``boot · starting_boots`` (R4)
max_blind_bets        4           R23; −1 for no limit (V5)
pot_limit             0           R37; 0 for none
stake_limit           0           V4; 0 for none
bet_sizing            "double"    or ``"range"`` (V3)
bet_bins              5           bins per bet kind on a ``"range"`` table, 2..1000
show_cost_multiplier  1           V2 (1 or 2)
sequence_order        "standard"  or ``"classic"`` (V1)
dealer                0           the hand's dealer (R5), or the first one
dealer_mode           "fixed"     ``"random"`` (a chance node) or ``"rotate"``
variant               "default"   a table of ``presets.PRESETS`` (e.g. ``"no-limit"``,
                                  ``"joker"``, ``"draw"``); its fields win over the
                                  parameters above
rules                 ""          more :class:`~teenpatti_rules.rules.Rules` fields,
                                  applied last: ``"field=value;field=value"``, each
                                  as ``teenpatti --rule`` reads it
                                  (``"bet_sizing=no_limit;draw_price=2"``)
====================  ==========  ====================================================

Every field of :class:`~teenpatti_rules.rules.Rules` is played (through ``variant``
and ``rules``) except ``hand_limit``, which is always 1 (one hand per game); the
fields that act only between hands (``button``, V21; the later boots of a
``boot_schedule``, V18) have nothing to change in one hand.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import missing

try:
    import pyspiel
except ImportError:  # pragma: no cover - exercised in a venv without OpenSpiel
    raise missing("openspiel", "OpenSpiel", "open_spiel", "openspiel") from None

from .. import Deal, Phase, State, apply, encoding, view
from ._spiel_config import DEFAULTS as _DEFAULTS
from ._spiel_config import MAX_PLAYERS as _MAX_PLAYERS
from ._spiel_config import MAX_RECALL_FLOATS, game_rules
from ._spiel_config import Config as _Config
from ._spiel_config import config as _config

__all__ = [
    "MAX_RECALL_FLOATS",
    "TeenPattiGame",
    "TeenPattiObserver",
    "TeenPattiState",
    "game_rules",
]

_GAME_TYPE = pyspiel.GameType(
    short_name="python_teen_patti",
    long_name="Python Teen Patti (teenpatti_rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class TeenPattiGame(pyspiel.Game):
    """``python_teen_patti``: one hand of Teen Patti (see the module docstring).

    :param params: game parameters, or None for the defaults.
    :raises ValueError: for a bad parameter.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config = _config(tuple(sorted((params or {}).items())))
        n = config.num_seats
        stack = config.rules.starting_stack
        info = pyspiel.GameInfo(
            num_distinct_actions=config.distinct_actions,
            max_chance_outcomes=len(config.deck),
            num_players=n,
            min_utility=float(-stack),
            max_utility=float((n - 1) * stack),
            utility_sum=0.0,
            max_game_length=config.max_decisions,
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.__dict__["_rotation"] = 0

    @property
    def config(self) -> _Config:
        """The meaning of this game's parameters (a pickled game keeps only those)."""
        cached: _Config | None = self.__dict__.get("_config")
        if cached is None:
            cached = _config(tuple(sorted(self.get_parameters().items())))
            self.__dict__["_config"] = cached
        return cached

    def new_initial_state(self) -> TeenPattiState:
        """The state before the first chance node. With ``dealer_mode="rotate"`` each
        call moves the dealer one seat to the left (R5): ``dealer``, ``dealer + 1``, ...
        """
        config = self.config
        if config.dealer_mode == "random":
            return TeenPattiState(self, None)
        if config.dealer_mode == "fixed":
            return TeenPattiState(self, config.dealer)
        turn = int(self.__dict__.get("_rotation", 0))
        self.__dict__["_rotation"] = turn + 1
        return TeenPattiState(self, (config.dealer + turn) % config.num_seats)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TeenPattiObserver:
        """An observer (default: imperfect recall, the player's private info)."""
        return TeenPattiObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Shared:
    """Holds an immutable value; ``deepcopy`` (OpenSpiel's ``clone()``) shares it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class TeenPattiState(pyspiel.State):
    """A state of ``python_teen_patti``: the dealer (chosen by a chance node with
    ``dealer_mode="random"``), the cards drawn so far, then the core state.

    :param game: the game.
    :param dealer: the first dealer's seat, or None for a dealer chance node first.
    """

    def __init__(self, game: TeenPattiGame, dealer: int | None = 0) -> None:
        super().__init__(game)
        self._shared_config = _Shared(game.config)
        self.dealer = dealer
        self._core = _Shared(self._config.starts[dealer or 0])
        self.cards: list[int] = []
        self.decisions: list[tuple[int, int]] = []

    @property
    def _config(self) -> _Config:
        config: _Config = self._shared_config.value
        return config

    @property
    def core(self) -> State:
        """The core :class:`~teenpatti_rules.state.State` (before the deal: the new session)."""
        core: State = self._core.value
        return core

    @core.setter
    def core(self, value: State) -> None:
        self._core = _Shared(value)

    # --- the pyspiel API -------------------------------------------------------------

    def current_player(self) -> int:
        """The actor (R20, R31), CHANCE while dealing, TERMINAL when the hand is over."""
        if self.core.phase is Phase.SESSION_OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dealer is None or len(self.cards) < self._config.chance_cards:
            return int(pyspiel.PlayerId.CHANCE)
        actor = self.core.actor
        assert actor is not None
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        return list(encoding.action_ids(self.core, player, bet_bins=self._config.bet_bins))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seats, each with probability ``1/n``, at the dealer node
        (``dealer_mode="random"``); then the cards not dealt yet, each with
        probability ``1/(deck − dealt)``.
        """
        if self.dealer is None:
            n = self._config.num_seats
            return [(seat, 1.0 / n) for seat in range(n)]
        dealt = set(self.cards)
        outcomes = [card.index for card in self._config.deck if card.index not in dealt]
        p = 1.0 / len(outcomes)
        return [(index, p) for index in outcomes]

    def _check_outcome(self, action: object) -> int:
        """A chance outcome checked against :meth:`chance_outcomes` (D4).

        :raises ValueError: for an outcome that is not offered now.
        """
        if type(action) is not int:
            raise ValueError(f"a chance outcome must be an int, not {action!r:.60}")
        if self.dealer is None:
            if not 0 <= action < self._config.num_seats:
                last = self._config.num_seats - 1
                raise ValueError(f"chance outcome {action} is not a seat 0..{last} (the dealer)")
            return action
        if not 0 <= action < len(self._config.deck):
            raise ValueError(
                f"chance outcome {action} is not a card index 0..{len(self._config.deck) - 1}"
            )
        if action in self.cards:
            raise ValueError(f"chance outcome {action} ({self._config.deck[action]}) is dealt")
        return action

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            outcome = self._check_outcome(action)
            if self.dealer is None:
                self.dealer = outcome
                self.core = self._config.starts[outcome]  # R5
                return
            self.cards.append(outcome)
            if len(self.cards) == self._config.chance_cards:
                deck = tuple(self._config.deck[index] for index in self.cards)
                self.core = apply(self.core, Deal(self.dealer, deck))  # R10
            return
        seat = self.core.actor
        assert seat is not None
        move = encoding.action_for_id(self.core, seat, int(action), bet_bins=self._config.bet_bins)
        self.core = apply(self.core, move)
        self.decisions.append((seat, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            n = self._config.num_seats
            if self.dealer is None:
                if not 0 <= action < n:
                    raise ValueError(f"chance outcome {action} is not a seat 0..{n - 1}")
                return f"Dealer:{action}"
            if not 0 <= action < len(self._config.deck):
                last = len(self._config.deck) - 1
                raise ValueError(f"chance outcome {action} is not a card index 0..{last}")
            return f"Deal:{self._config.deck[action]}"
        return encoding.action_name(action, self._config.rules, bet_bins=self._config.bet_bins)

    def is_terminal(self) -> bool:
        """Whether the hand is over (the one-hand session ended, R8)."""
        return self.core.phase is Phase.SESSION_OVER

    def returns(self) -> list[float]:
        """Chips won or lost per seat (0 until the end)."""
        if not self.is_terminal():
            return [0.0] * self._config.num_seats
        start = self._config.start.seats
        return [
            float(now.stack - before.stack)
            for now, before in zip(self.core.seats, start, strict=True)
        ]

    def __str__(self) -> str:
        """The cards dealt and the decisions, for debugging."""
        cards = " ".join(str(self._config.deck[i]) for i in self.cards)
        moves = " ".join(
            f"{seat}:{encoding.action_name(a, self._config.rules, bet_bins=self._config.bet_bins)}"
            for seat, a in self.decisions
        )
        text = f"[{cards}] {moves}".strip()
        if self._config.dealer_mode == "fixed":
            return text
        return f"dealer:{'?' if self.dealer is None else self.dealer} {text}"


class TeenPattiObserver:
    """Observer for ``python_teen_patti`` (OpenSpiel's PyObserver interface).

    ``tensor`` / ``dict`` hold :func:`~teenpatti_rules.encoding.observation` (named
    by :func:`~teenpatti_rules.encoding.observation_layout`), plus ``history`` with
    perfect recall. Private information is the player's own cards when its view shows
    them (R43); a public-only observer leaves them out.
    """

    def __init__(
        self, game: TeenPattiGame, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        config = game.config
        self._config = config
        n = config.num_seats
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = encoding.observation_size(n, config.rules)
        width = n + config.distinct_actions
        rows = config.max_decisions if self.perfect_recall else 0
        rows = min(rows, max(0, (MAX_RECALL_FLOATS - size) // width))  # D10
        self._rows_written = 0
        self.tensor = np.zeros(size + rows * width, np.float32)
        self.dict: dict[str, np.ndarray] = {
            name: self.tensor[part]
            for name, part in encoding.observation_layout(n, config.rules).items()
        }
        if self.perfect_recall:
            self.dict["history"] = self.tensor[size:].reshape(rows, width)

    def set_from(self, state: TeenPattiState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` knows of ``state``.

        :raises ValueError: with perfect recall, for a hand with more decisions than
            the history has rows (only on a game whose ``max_game_length`` rows would
            pass :data:`MAX_RECALL_FLOATS`, D10; its string still works).
        """
        if self.perfect_recall and len(state.decisions) > len(self.dict["history"]):
            raise ValueError(
                f"this hand has {len(state.decisions)} decisions, more than the "
                f"{len(self.dict['history'])} rows of the perfect-recall tensor "
                f"(MAX_RECALL_FLOATS = {MAX_RECALL_FLOATS}): use the information-state "
                f"string, or fewer players or starting_boots"
            )
        n = self._config.num_seats
        size = encoding.observation_size(n, self._config.rules)
        self.tensor[:size] = encoding.observation(view(state.core, player), player)
        if not self.private:
            self.tensor[:53] = 0.0
            if "own_jokers" in self.dict:
                self.dict["own_jokers"].fill(0.0)
        if self.perfect_recall:
            history = self.dict["history"]
            history[: self._rows_written].fill(0.0)  # only the rows written last time
            for row, (seat, action) in enumerate(state.decisions):
                history[row, seat] = 1.0
                history[row, n + action] = 1.0
            self._rows_written = len(state.decisions)

    def string_from(self, state: TeenPattiState, player: int) -> str:
        """``p<seat>`` then its visible cards, then the public log of its view (R43)."""
        seen = view(state.core, player)
        pieces = [f"p{player}"]
        if self.private:
            cards = seen.seats[player].cards
            pieces.append("cards:" + ("".join(str(card) for card in cards) or "-"))
        if self.perfect_recall:
            pieces.extend(repr(event) for event in seen.events)
        else:
            pieces.append(
                f"pot:{seen.pot} stake:{seen.stake} actor:{seen.actor} "
                + " ".join(
                    f"{s.stack}/{s.contributed}/{'i' if s.in_hand else 'o'}{'s' if s.seen else 'b'}"
                    for s in seen.seats
                )
            )
            if seen.sideshow is not None:
                pieces.append(f"sideshow:{seen.sideshow.asker}>{seen.sideshow.target}")
            if seen.events:
                pieces.append(repr(seen.events[-1]))
        return " ".join(pieces)


pyspiel.register_game(_GAME_TYPE, TeenPattiGame)
