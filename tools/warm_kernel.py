"""Compile the batch kernel's entry points into numba's on-disk cache.

The step, the compiled history fold and the random policy on a contiguous and a packed
mask: what the tests of ``tests/batch/`` and a first ``BatchEnv(backend="numba")`` would
otherwise compile (about 35 s of one core, cold). Run by ``./dev check`` in the
background beside mypy and pyright, which use one core each, and by
``tests/conftest.py`` before the first batch test (then it only loads the cache).
Exits 0 at once where numba is not installed.
"""

from __future__ import annotations

import importlib.util


def main() -> None:
    """Play 300 steps of a 3-player table at 2 tables on the compiled kernel."""
    if importlib.util.find_spec("numba") is None:
        return
    import numpy as np

    import teenpatti_rules as tp
    from teenpatti_rules.batch import BatchEnv
    from teenpatti_rules.batch.kernel import random_legal_actions

    env = BatchEnv(tp.Rules(), 3, autoreset=True, backend="numba")
    state = env.init(seed=1, n=2)
    random_legal_actions(np.ones((2, 10), dtype=bool), 1, 0, 0.3)
    for step in range(300):  # past the tail's limit: the compiled history fold too
        state = env.step(state, random_legal_actions(state.legal_action_mask, 1, step, 0.3))


if __name__ == "__main__":
    main()
