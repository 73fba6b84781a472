"""One shared corpus of random sessions that the per-state properties run over.

Several tests check a property of every state of random sessions (a saved state loads
back equal, a view loads back equal, ...). Each drawing and playing its own sessions
checked the same property three times over different sessions; they now run over this
corpus, built once per test process: as many sessions as the hypothesis profile's
``max_examples`` (25 under ``ci`` and ``dev``, 1000 under ``deep``: ``tests/conftest.py``),
each a table drawn by the :func:`strategies.tables` strategy (3-7 players, unequal
stacks, random variants, R1-R5, V1-V22) with a seed, played by ``random_action`` to its
end (R2) or for :func:`max_steps` actions (twice the profile's ``stateful_step_count``:
100 under ``ci``, 200 under ``deep``). Under ``ci`` the draws are derandomized, so the
corpus is the same on every run; a failure names the session by its index, table and
seed.
"""

from __future__ import annotations

import functools
import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import teenpatti_rules as tp
from strategies import random_action, tables


@attrs.frozen
class RandomSession:
    """One session of the corpus: where it started, the seed of its random actions
    (:func:`played` plays it again) and every state, ``start`` first."""

    index: int
    start: tp.State
    seed: int
    states: tuple[tp.State, ...]

    def name(self) -> str:
        """A short label for failure messages: index, players, seed and rules."""
        return f"session {self.index} ({len(self.start.seats)} players, seed {self.seed}, {self.start.rules!r})"


def max_steps() -> int:
    """The most actions of a corpus session: twice the loaded hypothesis profile's
    ``stateful_step_count`` (100 under ``ci`` and ``dev``, 200 under ``deep``)."""
    return 2 * settings().stateful_step_count


def played(seed: int, start: tp.State) -> tuple[tp.State, ...]:
    """Every state of ``start`` played by ``random_action`` (seeded by ``seed``) until
    the session is over (R2), no action is left, or after :func:`max_steps` actions."""
    rng = random.Random(seed)
    state, states = start, [start]
    for _ in range(max_steps()):
        if state.phase is tp.Phase.SESSION_OVER or not tp.legal_actions(state):
            break
        state = tp.apply(state, random_action(rng, state))
        states.append(state)
    return tuple(states)


@functools.cache
def random_sessions() -> tuple[RandomSession, ...]:
    """The corpus: ``max_examples`` (of the loaded profile) random sessions, each
    played by :func:`played`. Built once per process (each pytest-xdist worker builds its own).
    """
    drawn: list[tuple[tp.State, int]] = []

    @given(tables(), st.integers(0, 2**32))
    def draw(start: tp.State, seed: int) -> None:
        drawn.append((start, seed))

    draw()
    return tuple(
        RandomSession(index, start, seed, played(seed, start))
        for index, (start, seed) in enumerate(drawn)
    )
