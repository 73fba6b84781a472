"""What the environments share: building the table, seeding, checking what callers
pass (episode kinds, bet bins, action ids, automatic players' actions), hand ends and
narration.

Private to :mod:`teenpatti_rules.adapters`; it imports no framework (numpy only, which
every adapter needs).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np

from .. import Rules, State, new_session
from ..actions import TABLE_ACTION_TYPES
from ..encoding.alphabet import check_fixed_roster as check_fixed_roster
from ..limits import MAX_BET_BINS, short

EPISODES = ("hand", "session")
"""The episode kinds of the Gymnasium and PettingZoo environments."""

OPEN_TABLE_ACTIONS = tuple(cls.__name__ for cls in TABLE_ACTION_TYPES)
"""The names of the open-table actions (S3–S7,
:data:`~teenpatti_rules.actions.TABLE_ACTION_TYPES`) that no adapter ever produces: an
episode's roster is its seats, fixed for the whole episode."""


def episode_kind(episode: object, session: object) -> str:
    """The episode kind: ``episode`` (``"hand"`` or ``"session"``); ``session=True`` is
    the older spelling of ``episode="session"`` (None or False leave ``episode`` as is).

    :returns: ``"hand"`` or ``"session"``.
    :raises ValueError: for another ``episode`` or a ``session`` that is not a bool
        or None.
    """
    if not isinstance(episode, str) or episode not in EPISODES:
        raise ValueError(f"episode must be 'hand' or 'session', not {short(episode)}")
    if session is None or session is False:
        return episode
    if session is not True:
        raise ValueError(f"session must be a bool or None, not {short(session)}")
    return "session"


def check_bet_bins(bet_bins: object) -> int:
    """``bet_bins`` checked: an int from 2 to :data:`~teenpatti_rules.limits.MAX_BET_BINS`.

    :raises ValueError: naming ``bet_bins`` otherwise (a bool, a float, 1, 65, ...).
    """
    if type(bet_bins) is not int or not 2 <= bet_bins <= MAX_BET_BINS:
        raise ValueError(
            f"bet_bins must be an int from 2 to {MAX_BET_BINS} (limits.MAX_BET_BINS), "
            f"not {short(bet_bins)}"
        )
    return bet_bins


def action_id(action: object) -> int:
    """An agent's action id as a plain ``int``: an ``int``, a numpy integer scalar, or a
    0-d numpy integer array. Nothing is converted that could change the id.

    :raises TypeError: for a bool, a float (``2.9``, ``inf``), a str (``"3"``), an
        array of another shape or dtype, or anything else.
    """
    if isinstance(action, bool | np.bool_):
        raise TypeError(f"an action id must be an int, not {short(action)}")
    if isinstance(action, np.ndarray):
        if action.ndim != 0 or action.dtype.kind not in "iu":
            raise TypeError(
                "an action id must be an int or a 0-d integer array, not an array of "
                f"shape {action.shape} and dtype {action.dtype}"
            )
        return int(action)
    if type(action) is int or isinstance(action, np.integer):
        return operator.index(action)
    raise TypeError(f"an action id must be an int, not {type(action).__name__} {short(action)}")


def check_policy_action(action: Any, seat: int) -> Any:
    """An automatic player's action, checked to be its own seat's (D2): a policy asked
    for seat ``seat`` must not act for another seat.

    :raises ValueError: naming both seats.
    """
    acting = getattr(action, "seat", None)
    if acting != seat or type(acting) is not int:
        raise ValueError(
            f"the policy of seat {seat} returned an action of seat {short(acting)}: {short(action)}"
        )
    return action


def table_rules(
    num_players: int,
    rules: Rules | None,
    *,
    bet_sizing: str | None = None,
    episode: str = "hand",
) -> Rules:
    """The :class:`Rules` of an environment: ``rules`` (default: ``Rules()``, with
    ``min_players=2`` for two players, V6), ``bet_sizing`` if given (V3), and
    ``hand_limit=1`` for ``episode="hand"`` (one hand per episode).

    :raises ValueError: naming ``num_players`` or ``rules`` when they do not fit (R3),
        or a table whose roster can change (S1-S9: the encoding's
        :func:`~teenpatti_rules.encoding.alphabet.check_fixed_roster`, one home).
    """
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError(f"num_players must be an int, not {num_players!r}")
    if rules is None:
        rules = Rules(min_players=2) if num_players == 2 else Rules()
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules record or None, not {rules!r}")
    if not rules.min_players <= num_players <= rules.max_players:
        raise ValueError(
            f"num_players must be {rules.min_players}..{rules.max_players} for these rules "
            f"(R3, V6), not {num_players}"
        )
    if bet_sizing is not None:
        rules = attrs.evolve(rules, bet_sizing=bet_sizing)
    check_fixed_roster(rules)
    if episode == "hand":
        rules = attrs.evolve(rules, hand_limit=1)
    return rules


def check_stacks(stacks: Sequence[int] | None, num_players: int) -> tuple[int, ...] | None:
    """``stacks`` as a tuple of ``num_players`` ints (checked again by ``new_session``)."""
    if stacks is None:
        return None
    if isinstance(stacks, str) or not isinstance(stacks, Sequence) or len(stacks) != num_players:
        raise ValueError(f"stacks must be {num_players} ints, one per seat, not {stacks!r}")
    return tuple(stacks)


def new_rng(seed: int | None) -> random.Random:
    """The environment's generator: ``random.Random(seed)``; fresh entropy for None."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be an int or None, not {seed!r}")
    return random.Random(seed)


def start(
    rng: random.Random, names: Sequence[str], rules: Rules, stacks: Sequence[int] | None
) -> State:
    """A new session seeded from ``rng`` (its first dealer chosen from that seed, R5),
    not dealt yet.
    """
    return new_session(list(names), rules, seed=rng.getrandbits(63), stacks=stacks)


def narration(state: State) -> list[str]:
    """The current (or last) hand in words, from the event log (R43-safe)."""
    from ..text.narrate import describe_hand

    lines: list[str] = describe_hand(state)
    return lines
