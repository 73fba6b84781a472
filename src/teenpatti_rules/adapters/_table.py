"""What the environments share: building the table, seeding, hand ends and narration.

Private to :mod:`teenpatti_rules.adapters`; it imports no framework.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from .. import Deal, Rules, State, apply, new_session


def table_rules(
    num_players: int,
    rules: Rules | None,
    *,
    bet_sizing: str | None = None,
    session: bool = False,
) -> Rules:
    """The :class:`Rules` of an environment: ``rules`` (default: ``Rules()``, with
    ``min_players=2`` for two players, V6), ``bet_sizing`` if given (V3), and
    ``hand_limit=1`` unless ``session`` (one hand per episode).

    :raises ValueError: naming ``num_players`` or ``rules`` when they do not fit (R3).
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
    if not session:
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


def deal_until_play(state: State) -> State:
    """Deal (from the session seed, ``Deal(dealer)``) while the table waits for a deal."""
    from .. import Phase

    while state.phase is Phase.AWAITING_DEAL:
        state = apply(state, Deal(state.dealer))
    return state


def narration(state: State) -> list[str]:
    """The current (or last) hand in words, from the event log (R43-safe)."""
    from ..text.narrate import describe_hand

    lines: list[str] = describe_hand(state)
    return lines


def short_summary(state: State) -> dict[str, Any]:
    """A small picklable summary for ``infos``: hand number, phase, pot, stake."""
    return {
        "hand_number": state.hand_number,
        "phase": state.phase.name,
        "pot": state.pot,
        "stake": state.stake,
    }
